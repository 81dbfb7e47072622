/**
 * The chain snapshot file (docs/decisions.md §7; format in docs/handoff.md): what an online station exports so
 * an offline one can build transactions. `{"format": "airlock.snapshot", "version": 1, ...}` with
 * the recent block (TaPoS is derived from it, shared/chain/tapos.ts), accounts (their permissions in the
 * node's JSON, balances, where and when each was read), tokens, the node's fees, and when it was
 * exported.
 *
 * Invariants:
 * - Import is strict: unknown members (`__proto__` too), a foreign format, an unknown version,
 *   oversized input or more items than the limits are errors naming the field; every permission is
 *   read through the node-JSON reader without leniency, so what is kept is what was exported.
 * - A transaction built from a snapshot cannot outlive what the node accepts (`planFromSnapshot`):
 *   its expiration is at most MAX_EXPIRATION_MS after the snapshot block's timestamp (the node
 *   refuses an expiration more than 24 h past its head, and the head is never older than the
 *   snapshot block), and the reference block must still be among the node's RECENT_BLOCKS when the
 *   transaction expires. Otherwise it refuses, saying how long is left or to export a fresh snapshot.
 * - Everything here is JSON-safe: no bigint, no bytes.
 * - The optional `transactions` section (docs/decisions.md §18) lists what the exporting station saw become of
 *   its transactions on chain (txID, block, result, fee). It is read as strictly as the rest, and
 *   an importer holds it as a claim (station/core/chain-report.ts), never as its own observation.
 * - The optional `contracts` section (docs/decisions.md §17) lists the exporting station's smart contracts: the
 *   name it gave each and its TRC-20 symbol, name and decimals with where they came from (a node and
 *   block, or a file). Read as strictly (plain text, at most MAX_SNAPSHOT_CONTRACTS, decimals up to
 *   MAX_TRC20_DECIMALS, no address twice); an importer holds them as claims unless a pinned
 *   exporter signed the file, and never lets them replace what it observed (station/accounts/snapshots.ts).
 */
import { PermissionSchema, type Permission } from '../gen/protocol/core_pb.ts';
import type { AssetIssueContract } from '../gen/protocol/contract_pb.ts';
import { addressToBase58, parseAddress, type Address } from '../chain/address.ts';
import type { AccountPermissions } from '../approval/authorization.ts';
import { tryUtf8 } from '../base/bytes.ts';
import { escapeJsonText } from '../base/escape.ts';
import { fail, excerpt } from '../base/errors.ts';
import {
  boundedList,
  checkEnvelope,
  EXPORTER_MEMBER,
  int64Field,
  parseBoundedJson,
  plainText,
  safeInteger,
  strictObject,
  type EnvelopeKind,
} from './envelope.ts';
import { isTokenIdText } from '../chain/ids.ts';
import { badArgument, isRecord } from '../chain/input.ts';
import { jsonSafe, stringifyJson } from '../base/json.ts';
import { messageFromNodeJson, messageToNodeJson } from '../chain/node-json.ts';
import { BLOCK_INTERVAL_MS, RECENT_BLOCKS, taposOf, type Tapos } from '../chain/tapos.ts';
import {
  MAX_ACTIVE_PERMISSIONS,
  MAX_PERMISSION_NAME_BYTES,
  MAX_EXPIRATION_MS,
  MAX_SNAPSHOT_ACCOUNTS,
  MAX_SNAPSHOT_TOKENS,
  MAX_SNAPSHOT_URL_LENGTH,
  MAX_SNAPSHOT_TOKEN_BALANCES,
  MAX_SNAPSHOT_FEES,
  MAX_PRECISION,
  MAX_SNAPSHOT_TRANSACTIONS,
  MAX_SNAPSHOT_CONTRACTS,
  MAX_CONTRACT_NAME_LENGTH,
  MAX_TRC20_DECIMALS,
  CLOCK_BEHIND_WARN_MS,
} from '../base/limits.ts';
import { checkExpirationWithinWindow } from '../chain/transaction.ts';
import { readExecutives, readFateProof, type SnapshotExecutives, type SnapshotFateProof } from './fate-proof-file.ts';
import { namesNativeCoin } from '../contracts/token.ts';
import { formatDuration } from '../base/duration.ts';
import { readSnapshotCosts, type SnapshotCosts } from './snapshot-costs.ts';
import { readGlances, type SnapshotGlance } from './snapshot-glance.ts';

export const SNAPSHOT: EnvelopeKind = { format: 'airlock.snapshot', version: 1, maxBytes: 8 * 1024 * 1024 };

/** The block the snapshot was taken at; TaPoS is derived from number and id. */
export interface SnapshotBlock {
  number: number;
  /** 64 hex digits. */
  id: string;
  /** ms since the epoch. */
  timestamp: number;
}

/** Where a permission or account record came from. */
export type SnapshotSource = { node: string; block: number } | { file: string };

/** An account's permissions in the node's getaccount JSON (hex, visible false, int64 JSON-safe). */
export interface PermissionsJson {
  owner_permission?: Record<string, unknown>;
  executive_permission?: Record<string, unknown>;
  active_permission: Record<string, unknown>[];
}

export interface SnapshotAccount {
  /** Base58. */
  address: string;
  /** false when the node had no such account (its permissions are then the defaults). */
  exists: boolean;
  permissions: PermissionsJson;
  /** sun, decimal. */
  balance: string;
  /** Token balances (assetV2), id → decimal amount, sorted by id. */
  tokens: { id: string; balance: string }[];
  source: SnapshotSource;
  /** When it was read, ms since the epoch. */
  at: number;
}

export interface SnapshotToken {
  id: string;
  name: string;
  abbreviation: string;
  precision: number;
  /** The issuer, Base58. */
  owner: string;
  total_supply: string;
  /** Sale price: `num` token units for `coin_num` sun. */
  coin_num: number;
  num: number;
  start_time: number;
  end_time: number;
  description: string;
  url: string;
}

/** A smart contract of the exporting station's list (docs/decisions.md §17), with its TRC-20 facts when it has any. */
export interface SnapshotContract {
  /** Base58. */
  address: string;
  /** The exporting station's name for it ('' for none). */
  name: string;
  symbol: string | null;
  token_name: string | null;
  decimals: number | null;
  /** Where the TRC-20 facts came from: a node at a block (observed by the exporter), or a file (a claim). */
  source: SnapshotSource;
  /** When they were read or stored, ms since the epoch. */
  at: number;
}

/** A transaction the exporting station saw in a block (docs/decisions.md §18): what an offline station learns from it. */
export interface SnapshotTransaction {
  /** 64 lowercase hex digits. */
  txid: string;
  block: number;
  /** SUCCESS, or the node's code for one that failed in its block. */
  result: string;
  /** Fee paid, sun, decimal. */
  fee: string;
  /** docs/decisions.md §24: the block header and Merkle branch proving it (shared/files/fate-proof-file.ts). */
  proof?: SnapshotFateProof;
}

export interface ChainSnapshot {
  format: 'airlock.snapshot';
  version: 1;
  /** The node the snapshot was read from. */
  node: string;
  block: SnapshotBlock;
  accounts: SnapshotAccount[];
  tokens: SnapshotToken[];
  /** The node's fee parameters (getchainparameters names, sun), when it reports them. */
  fees?: Record<string, number | string>;
  /** docs/decisions.md §18: transactions the exporting station saw in a block; absent when it saw none. */
  transactions?: SnapshotTransaction[];
  /** docs/decisions.md §24: the executives (with block keys) the proofs are checked against. */
  executives?: SnapshotExecutives;
  /** docs/decisions.md §17: the exporting station's list of contracts; absent when it lists none. */
  contracts?: SnapshotContract[];
  /** docs/decisions.md §25: chain parameters and account resources for the cost offline (snapshot-costs.ts). */
  costs?: SnapshotCosts;
  /** docs/decisions.md §25: each account at a glance (shared/files/snapshot-glance.ts); absent when none was read. */
  glances?: SnapshotGlance[];
  exported_at: number;
}

// ---------------------------------------------------------------------------------------------
// Conversions between messages and the file's JSON

/** Permissions as the node's JSON, JSON-safe. */
export function permissionsToJson(p: Pick<AccountPermissions, 'owner' | 'executive' | 'actives'>): PermissionsJson {
  const out: PermissionsJson = { active_permission: p.actives.map((a) => permissionJson(a)) };
  if (p.owner) out.owner_permission = permissionJson(p.owner);
  if (p.executive) out.executive_permission = permissionJson(p.executive);
  return out;
}

function permissionJson(p: Permission): Record<string, unknown> {
  return jsonSafe(messageToNodeJson(PermissionSchema, p)) as Record<string, unknown>;
}

/** The account permissions the shared signature checks take, read strictly from the file's JSON. */
export function accountPermissionsFromJson(address: string, json: PermissionsJson, path = 'permissions'): AccountPermissions {
  const p = strictObject(json, path, ['active_permission'], ['owner_permission', 'executive_permission']);
  const read = (v: unknown, at: string): Permission => {
    const p = messageFromNodeJson<Permission>(PermissionSchema, v, { path: at });
    // The node caps a name at 32 bytes (spec: permission_name); a file's longer one is no real account's (docs/decisions.md §16).
    if (new TextEncoder().encode(p.permissionName).length > MAX_PERMISSION_NAME_BYTES) {
      fail('BAD_JSON', `${at}.permission_name: longer than ${MAX_PERMISSION_NAME_BYTES} bytes, the node's limit for a permission's name`, {
        field: `${at}.permission_name`,
        maxBytes: MAX_PERMISSION_NAME_BYTES,
      });
    }
    return p;
  };
  const actives = boundedList(p.active_permission, `${path}.active_permission`, MAX_ACTIVE_PERMISSIONS).map((a, i) =>
    read(a, `${path}.active_permission[${i}]`),
  );
  const out: AccountPermissions = { address: parseAddress(address, 'address'), actives };
  if (p.owner_permission !== undefined) out.owner = read(p.owner_permission, `${path}.owner_permission`);
  if (p.executive_permission !== undefined) out.executive = read(p.executive_permission, `${path}.executive_permission`);
  return out;
}

/** A token's metadata from its AssetIssueContract (as getassetissuebyid returns it). */
export function tokenFromAssetIssue(c: AssetIssueContract): SnapshotToken {
  const text = (bytes: Uint8Array, field: string): string => {
    const t = tryUtf8(bytes);
    if (t === undefined) fail('NODE_REPLY', `token ${c.id}: ${field} is not UTF-8 text`, { field });
    return t;
  };
  return {
    id: c.id,
    name: text(c.name, 'name'),
    abbreviation: text(c.abbr, 'abbr'),
    precision: c.precision,
    owner: addressToBase58(c.ownerAddress),
    total_supply: c.totalSupply.toString(),
    coin_num: c.coinNum,
    num: c.num,
    start_time: Number(c.startTime),
    end_time: Number(c.endTime),
    description: text(c.description, 'description'),
    url: text(c.url, 'url'),
  };
}

// ---------------------------------------------------------------------------------------------
// Export

export interface SnapshotParts {
  node: string;
  block: SnapshotBlock;
  accounts: SnapshotAccount[];
  tokens?: SnapshotToken[];
  fees?: Record<string, number | string>;
  /** ms since the epoch. */
  exportedAt: number;
}

/** Assembles a snapshot and proves it reads back (so no station exports a file another refuses). */
export function exportSnapshot(parts: SnapshotParts): ChainSnapshot {
  const snapshot: ChainSnapshot = {
    format: 'airlock.snapshot',
    version: 1,
    node: parts.node,
    block: parts.block,
    accounts: [...parts.accounts].sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0)),
    tokens: [...(parts.tokens ?? [])].sort((a, b) => a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    ...(parts.fees ? { fees: parts.fees } : {}),
    exported_at: parts.exportedAt,
  };
  return readSnapshot(JSON.parse(stringifyJson(snapshot)));
}

export function stringifySnapshot(snapshot: ChainSnapshot): string {
  return `${stringifyJson(snapshot, 2)}\n`;
}

// ---------------------------------------------------------------------------------------------
// Import

/** Reads a snapshot file's text: size, format, version, then every member strictly. */
export function parseSnapshot(text: string): ChainSnapshot {
  return readSnapshot(parseBoundedJson(text, 'snapshot', SNAPSHOT.maxBytes));
}

/** Validates an already parsed snapshot and returns a clean copy. */
export function readSnapshot(value: unknown): ChainSnapshot {
  const v = strictObject(
    checkEnvelope(value, SNAPSHOT, 'snapshot'),
    'snapshot',
    ['format', 'version', 'node', 'block', 'accounts', 'tokens', 'exported_at'],
    // The exporter's signature is checked by exporter-signature.ts before a station believes any of this.
    ['fees', 'transactions', 'executives', 'contracts', 'costs', 'glances', EXPORTER_MEMBER],
  );
  const snapshot: ChainSnapshot = {
    format: 'airlock.snapshot',
    version: 1,
    node: nodeUrl(v.node, 'snapshot.node'),
    block: readBlock(v.block, 'snapshot.block'),
    accounts: boundedList(v.accounts, 'snapshot.accounts', MAX_SNAPSHOT_ACCOUNTS).map((a, i) => readAccount(a, `snapshot.accounts[${i}]`)),
    tokens: boundedList(v.tokens, 'snapshot.tokens', MAX_SNAPSHOT_TOKENS).map((t, i) => readToken(t, `snapshot.tokens[${i}]`)),
    exported_at: safeInteger(v.exported_at, 'snapshot.exported_at', 0),
  };
  if (v.fees !== undefined) snapshot.fees = readFees(v.fees, 'snapshot.fees');
  if (v.transactions !== undefined) snapshot.transactions = readTransactions(v.transactions, 'snapshot.transactions');
  if (v.executives !== undefined) snapshot.executives = readExecutives(v.executives, 'snapshot.executives');
  if (v.contracts !== undefined) snapshot.contracts = readContracts(v.contracts, 'snapshot.contracts');
  if (v.costs !== undefined) snapshot.costs = readSnapshotCosts(v.costs, 'snapshot.costs');
  if (snapshot.costs && snapshot.costs.block > snapshot.block.number)
    fail('BAD_JSON', `snapshot.costs.block: block ${snapshot.costs.block} is past the snapshot's block ${snapshot.block.number}`, {
      field: 'snapshot.costs.block',
    });
  if (v.glances !== undefined) snapshot.glances = readGlances(v.glances, 'snapshot.glances');
  const seen = new Set<string>();
  snapshot.accounts.forEach((a, i) => {
    if (seen.has(a.address)) fail('BAD_JSON', `snapshot.accounts[${i}].address: ${a.address} appears twice`, { field: `snapshot.accounts[${i}].address` });
    seen.add(a.address);
  });
  const ids = new Set<string>();
  snapshot.tokens.forEach((t, i) => {
    if (ids.has(t.id)) fail('BAD_JSON', `snapshot.tokens[${i}].id: token ${t.id} appears twice`, { field: `snapshot.tokens[${i}].id` });
    ids.add(t.id);
  });
  return snapshot;
}

function nodeUrl(v: unknown, path: string): string {
  const text = plainText(v, path, MAX_SNAPSHOT_URL_LENGTH);
  if (!/^https?:\/\/[^\s]+$/.test(text)) fail('BAD_JSON', `${path}: expected an http:// or https:// URL`, { field: path });
  return text;
}

export function readBlock(v: unknown, path: string): SnapshotBlock {
  const b = strictObject(v, path, ['number', 'id', 'timestamp']);
  const number = safeInteger(b.number, `${path}.number`, 0);
  const id = b.id;
  if (typeof id !== 'string' || !/^[0-9a-fA-F]{64}$/.test(id)) fail('BAD_JSON', `${path}.id: expected 64 hex digits`, { field: `${path}.id` });
  // A block id begins with the block's own number (PROTOCOL.md §7): a mismatch is a hand-edited file.
  if (BigInt(`0x${id.slice(0, 16)}`) !== BigInt(number)) {
    fail('BAD_JSON', `${path}.id: does not begin with block number ${number}; the block's fields do not belong together`, { field: `${path}.id` });
  }
  return { number, id: id.toLowerCase(), timestamp: safeInteger(b.timestamp, `${path}.timestamp`, 0) };
}

export function readSource(v: unknown, path: string): SnapshotSource {
  if (isRecord(v) && v.file !== undefined) {
    const s = strictObject(v, path, ['file']);
    return { file: plainText(s.file, `${path}.file`, 1_024) };
  }
  const s = strictObject(v, path, ['node', 'block']);
  return { node: nodeUrl(s.node, `${path}.node`), block: safeInteger(s.block, `${path}.block`, 0) };
}

function readAccount(v: unknown, path: string): SnapshotAccount {
  const a = strictObject(v, path, ['address', 'exists', 'permissions', 'balance', 'tokens', 'source', 'at']);
  const address = readAddressText(a.address, `${path}.address`);
  const permissions = readPermissionsJson(address, a.permissions, `${path}.permissions`);
  if (typeof a.exists !== 'boolean') fail('BAD_JSON', `${path}.exists: expected true or false`, { field: `${path}.exists` });
  const tokens = boundedList(a.tokens, `${path}.tokens`, MAX_SNAPSHOT_TOKEN_BALANCES).map((t, i) => {
    const at = `${path}.tokens[${i}]`;
    const o = strictObject(t, at, ['id', 'balance']);
    return { id: tokenId(o.id, `${at}.id`), balance: int64Field(o.balance, `${at}.balance`) };
  });
  return {
    address,
    exists: a.exists,
    permissions,
    balance: int64Field(a.balance, `${path}.balance`),
    tokens,
    source: readSource(a.source, `${path}.source`),
    at: safeInteger(a.at, `${path}.at`, 0),
  };
}

/** Reads permissions strictly and returns them re-written canonically (what was read is what is kept). */
export function readPermissionsJson(address: string, v: unknown, path: string): PermissionsJson {
  return permissionsToJson(accountPermissionsFromJson(address, v as PermissionsJson, path));
}

export function readAddressText(v: unknown, path: string): string {
  if (typeof v !== 'string') fail('BAD_JSON', `${path}: expected an address`, { field: path });
  return addressToBase58(parseAddress(v, path));
}

function tokenId(v: unknown, path: string): string {
  if (typeof v !== 'string' || !isTokenIdText(v)) fail('BAD_JSON', `${path}: expected a token id (digits)`, { field: path });
  return v;
}

/** A token's abbreviation from a file: never one that names the native coin (docs/decisions.md §16). */
function abbreviationText(v: unknown, path: string): string {
  const text = plainText(v, path, 64);
  if (namesNativeCoin(text))
    fail('BAD_JSON', `${path}: ${excerpt(text)} names the native coin; a token's abbreviation may not, or its amounts would read as the coin`, { field: path });
  return text;
}

export function readToken(v: unknown, path: string): SnapshotToken {
  const t = strictObject(v, path, [
    'id',
    'name',
    'abbreviation',
    'precision',
    'owner',
    'total_supply',
    'coin_num',
    'num',
    'start_time',
    'end_time',
    'description',
    'url',
  ]);
  return {
    id: tokenId(t.id, `${path}.id`),
    name: plainText(t.name, `${path}.name`, 64),
    abbreviation: abbreviationText(t.abbreviation, `${path}.abbreviation`),
    precision: safeInteger(t.precision, `${path}.precision`, 0, MAX_PRECISION),
    owner: readAddressText(t.owner, `${path}.owner`),
    total_supply: int64Field(t.total_supply, `${path}.total_supply`),
    coin_num: safeInteger(t.coin_num, `${path}.coin_num`, 0, 2 ** 31 - 1),
    num: safeInteger(t.num, `${path}.num`, 0, 2 ** 31 - 1),
    start_time: safeInteger(t.start_time, `${path}.start_time`, 0),
    end_time: safeInteger(t.end_time, `${path}.end_time`, 0),
    description: plainText(t.description, `${path}.description`, 400),
    url: plainText(t.url, `${path}.url`, 512),
  };
}

/** The optional transactions section: each entry strict, no txID twice. */
function readTransactions(v: unknown, path: string): SnapshotTransaction[] {
  const seen = new Set<string>();
  return boundedList(v, path, MAX_SNAPSHOT_TRANSACTIONS).map((x, i) => {
    const at = `${path}[${i}]`;
    const t = strictObject(x, at, ['txid', 'block', 'result', 'fee'], ['proof']);
    if (typeof t.txid !== 'string' || !/^[0-9a-fA-F]{64}$/.test(t.txid)) fail('BAD_JSON', `${at}.txid: expected 64 hex digits`, { field: `${at}.txid` });
    const txid = t.txid.toLowerCase();
    if (seen.has(txid)) fail('BAD_JSON', `${at}.txid: this transaction appears twice`, { field: `${at}.txid` });
    seen.add(txid);
    if (typeof t.result !== 'string' || !/^[A-Z][A-Z_]{0,63}$/.test(t.result))
      fail('BAD_JSON', `${at}.result: expected a result code such as SUCCESS or REVERT`, { field: `${at}.result` });
    const out: SnapshotTransaction = { txid, block: safeInteger(t.block, `${at}.block`, 0), result: t.result, fee: int64Field(t.fee, `${at}.fee`) };
    if (t.proof !== undefined) out.proof = readFateProof(t.proof, `${at}.proof`);
    return out;
  });
}

/** The optional contracts section: each entry strict, its texts plain, no address twice. */
function readContracts(v: unknown, path: string): SnapshotContract[] {
  const seen = new Set<string>();
  const text = (x: unknown, at: string): string | null => (x === null ? null : plainText(x, at, MAX_CONTRACT_NAME_LENGTH));
  return boundedList(v, path, MAX_SNAPSHOT_CONTRACTS).map((x, i) => {
    const at = `${path}[${i}]`;
    const c = strictObject(x, at, ['address', 'name', 'symbol', 'token_name', 'decimals', 'source', 'at']);
    const address = readAddressText(c.address, `${at}.address`);
    if (seen.has(address)) fail('BAD_JSON', `${at}.address: contract ${address} appears twice`, { field: `${at}.address` });
    seen.add(address);
    return {
      address,
      name: plainText(c.name, `${at}.name`, MAX_CONTRACT_NAME_LENGTH),
      symbol: text(c.symbol, `${at}.symbol`),
      token_name: text(c.token_name, `${at}.token_name`),
      decimals: c.decimals === null ? null : safeInteger(c.decimals, `${at}.decimals`, 0, MAX_TRC20_DECIMALS),
      source: readSource(c.source, `${at}.source`),
      at: safeInteger(c.at, `${at}.at`, 0),
    };
  });
}

function readFees(v: unknown, path: string): Record<string, number | string> {
  if (!isRecord(v)) fail('BAD_JSON', `${path}: expected an object`, { field: path });
  const keys = Object.keys(v);
  if (keys.length > MAX_SNAPSHOT_FEES) fail('BAD_JSON', `${path}: more than ${MAX_SNAPSHOT_FEES} entries`, { field: path });
  const out = Object.create(null) as Record<string, number | string>;
  for (const key of keys) {
    if (!/^get[A-Za-z]{1,60}$/.test(key)) fail('BAD_JSON', `${path}: ${excerpt(key)} is not a chain parameter name`, { field: path });
    out[key] = jsonSafe(BigInt(int64Field(v[key], `${path}.${key}`))) as number | string;
  }
  return { ...out };
}

// ---------------------------------------------------------------------------------------------
// Age, and building from a snapshot

export function snapshotAccount(snapshot: ChainSnapshot, address: Address | string): SnapshotAccount | undefined {
  const b58 = typeof address === 'string' ? addressToBase58(parseAddress(address, 'address')) : addressToBase58(address);
  return snapshot.accounts.find((a) => a.address === b58);
}

export interface SnapshotAge {
  /** ms since the snapshot block (negative if the clock is behind it). */
  blockAgeMs: number;
  /** ms since the export. */
  exportedAgeMs: number;
  text: string;
  /** The latest expiration a transaction built from it may carry (ms since the epoch). */
  latestExpiration: number;
}

/** How old the snapshot is and how long a transaction built from it can live. */
export function snapshotAge(snapshot: ChainSnapshot, now: number, blockIntervalMs = BLOCK_INTERVAL_MS): SnapshotAge {
  const blockAgeMs = now - snapshot.block.timestamp;
  return {
    blockAgeMs,
    exportedAgeMs: now - snapshot.exported_at,
    text:
      blockAgeMs < 0
        ? `block ${snapshot.block.number} is ${formatDuration(blockAgeMs)} ahead of this clock`
        : `block ${snapshot.block.number}, ${formatDuration(blockAgeMs)} old`,
    latestExpiration: latestExpiration(snapshot.block, blockIntervalMs),
  };
}

/**
 * The last moment a transaction referencing `block` can be accepted: the node's 24 h expiration
 * limit from the block's time (the head is never older), and the time the block leaves the recent
 * blocks at `blockIntervalMs` per block, whichever is earlier.
 */
export function latestExpiration(block: SnapshotBlock, blockIntervalMs = BLOCK_INTERVAL_MS): number {
  return Math.min(block.timestamp + MAX_EXPIRATION_MS, block.timestamp + (RECENT_BLOCKS - 1) * blockIntervalMs);
}

export interface SnapshotPlan extends Tapos {
  expiration: number;
  timestamp: number;
  /** Things a person should know, e.g. little time left. */
  warnings: string[];
}

/**
 * The TaPoS and time fields for a transaction built offline from `snapshot`, expiring `expiresInMs`
 * from `now`. Refuses (EXPIRED) when the snapshot cannot give a transaction that long a life, with
 * how long it can still give, or, when it can give none, the advice to export a fresh snapshot.
 */
export function planFromSnapshot(snapshot: ChainSnapshot, options: { now: number; expiresInMs: number; blockIntervalMs?: number }): SnapshotPlan {
  const { now, expiresInMs } = options;
  if (!Number.isSafeInteger(expiresInMs) || expiresInMs <= 0) badArgument('planFromSnapshot: expiresInMs must be a positive whole number of ms', 'expiresInMs');
  if (!Number.isSafeInteger(now) || now < 0) badArgument('planFromSnapshot: now must be a time in ms', 'now');
  checkExpirationWithinWindow(now + expiresInMs, now);
  const latest = latestExpiration(snapshot.block, options.blockIntervalMs);
  const age = formatDuration(now - snapshot.block.timestamp);
  if (now >= latest) {
    fail(
      'EXPIRED',
      `the snapshot's block ${snapshot.block.number} is ${age} old: the node would refuse any transaction built from it. Export a fresh snapshot on an online station (airlock snapshot export).`,
      {
        field: 'snapshot.block',
        latestExpiration: latest,
      },
    );
  }
  const expiration = now + expiresInMs;
  if (expiration > latest) {
    fail(
      'EXPIRED',
      `an expiration ${formatDuration(expiresInMs)} from now is past what the node accepts from this snapshot (block ${snapshot.block.number}, ${age} old): at most ${formatDuration(latest - now)} is left. Ask for a shorter expiration or export a fresh snapshot.`,
      { field: 'expiration', latestExpiration: latest },
    );
  }
  const warnings: string[] = [];
  if (snapshot.block.timestamp - now > CLOCK_BEHIND_WARN_MS)
    warnings.push(`this clock is ${formatDuration(now - snapshot.block.timestamp)} behind the snapshot's block; check the time`);
  if (latest - now < 60 * 60 * 1000) warnings.push(`the snapshot is ${age} old: transactions built from it can live only ${formatDuration(latest - now)} more`);
  return { ...taposOf(snapshot.block), expiration, timestamp: now, warnings };
}

// ---------------------------------------------------------------------------------------------
// Comparing permissions (before broadcast: what the signers saw against what the node has now)

export interface PermissionChanges {
  changed: boolean;
  /** One line per change, e.g. `active_permission id 2: threshold 2 → 3`. */
  changes: string[];
}

/** What differs between two permission sets of one account, in words. */
export function diffPermissions(before: PermissionsJson, after: PermissionsJson): PermissionChanges {
  const changes: string[] = [];
  const one = (name: string, a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): void => {
    if (a === undefined && b === undefined) return;
    if (a === undefined) return void changes.push(`${name}: added`);
    if (b === undefined) return void changes.push(`${name}: removed`);
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      // JSON of the chain's values, a permission name among them: its bidi and invisible characters as JSON escapes.
      const json = (v: unknown): string | undefined => {
        const t = stringifyJson(v);
        return t === undefined ? undefined : escapeJsonText(t);
      };
      const x = json(a[key]);
      const y = json(b[key]);
      if (x !== y) changes.push(`${name}: ${key} ${x ?? '(unset)'} → ${y ?? '(unset)'}`);
    }
  };
  one('owner_permission', before.owner_permission, after.owner_permission);
  one('executive_permission', before.executive_permission, after.executive_permission);
  const ids = new Set([...before.active_permission, ...after.active_permission].map((p) => Number(p.id ?? 0)));
  for (const id of [...ids].sort((x, y) => x - y)) {
    one(
      `active_permission id ${id}`,
      before.active_permission.find((p) => Number(p.id ?? 0) === id),
      after.active_permission.find((p) => Number(p.id ?? 0) === id),
    );
  }
  return { changed: changes.length > 0, changes };
}
