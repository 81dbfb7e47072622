/**
 * The station services (issue 7): ONE object that the `airlock` command line now, and the IPC
 * handlers and the loopback bridge later (issue 8), all call. It ties the store (store.ts), the
 * vault (vault/), the node client (node-client.ts) and the file formats (shared/files/snapshot.ts,
 * shared/files/handoff.ts) into the signer's flow: keys, accounts, snapshots, build, sign, status,
 * export, import with merge, reissue, broadcast, list, settings and the audit log.
 *
 * Invariants this file guards:
 * - Plain data in, JSON-safe views out: no bigint, Uint8Array or protobuf message in any result,
 *   and never key bytes (the vault only ever hands back addresses and signatures).
 * - Every field is checked BEFORE anything is stored: a bad field is a coded error naming it and
 *   nothing is written (a batch is validated row by row, then stored in one SQLite transaction).
 * - A signature is committed in the store (store.addSignature, fsynced) before success is reported.
 * - A file never silently overwrites what the store knows: an imported transaction adds signatures
 *   that check against the permission the store holds; a snapshot older than a stored account
 *   leaves the account alone and says so.
 * - Every state-changing call appends to the hash-chained audit log (the store does it with the
 *   write, in one SQLite transaction).
 *
 * Never imports `electron`.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { create, fromBinary, toBinary, type Message } from '@bufbuild/protobuf';
import { AccountSchema, PermissionSchema, type Account, type Permission } from '../shared/gen/protocol/core_pb.ts';
import { AccountPermissionUpdateContractSchema, AssetIssueContractSchema, type AccountPermissionUpdateContract, type AssetIssueContract } from '../shared/gen/protocol/contract_pb.ts';
import { addressToBase58, parseAddress, type Address } from '../shared/chain/address.ts';
import { accountPermissionsFromAccount, resolvePermission, type AccountPermissions } from '../shared/approval/authorization.ts';
import { approvalView, permissionView, transactionView, type ApprovalView, type PermissionKeyView, type PermissionView, type TokenInfo, type TransactionView as SharedTransactionView } from '../shared/views/view.ts';
import { checkSignable, checkSigner } from '../shared/approval/sign-check.ts';
import { addressTextInput, int64Input, kindOf, noteInput, rejectField, tokenIdInput } from '../shared/chain/input.ts';
import { batchContract, MAX_CSV_BYTES, readBatchRow, readBatchSheet, refuseRepeat } from '../shared/files/batch-csv.ts';
import { parseDuration } from '../shared/base/duration.ts';
import { checkPermissionId } from '../shared/chain/permission-id.ts';
import { bytesToHex, equalBytes, hexToBytes, hexToFixedBytes, wipe } from '../shared/base/bytes.ts';
import type { SupportedContractName } from '../shared/chain/contract-types.ts';
import { AirlockError, excerpt, fail, shownArg, shownFileName } from '../shared/base/errors.ts';
import { exportHandoff, parseHandoff, stringifyHandoff, type HandoffImport, type HandoffPermission } from '../shared/files/handoff.ts';
import { jsonSafe, parseJson } from '../shared/base/json.ts';
import { DIALECTS, isDialect, type Dialect } from '../shared/chain/dialect.ts';
import { networkPreset } from '../shared/chain/networks.ts';
import { messageFromNodeJson } from '../shared/chain/node-json.ts';
import { validatePermissionUpdate } from '../shared/contracts/permission/rules.ts';
import { checkPermissionUpdate, enforceLockout, type PermissionCheckView } from '../shared/approval/permission-check.ts';
import { lockoutCheck } from '../shared/approval/lockout.ts';
import {
  accountPermissionsFromJson,
  formatDuration,
  parseSnapshot,
  permissionsToJson,
  planFromSnapshot,
  stringifySnapshot,
  type ChainSnapshot,
  type PermissionsJson,
  type SnapshotAccount,
  type SnapshotBlock,
  type SnapshotSource,
  type SnapshotToken,
} from '../shared/files/snapshot.ts';
import { buildParticipate, buildTransferAsset, validateAssetIssue } from '../shared/contracts/token.ts';
import { buildTransfer } from '../shared/contracts/transfer.ts';
import { contractToNodeJson, createTransaction, decodeRaw, MAX_SIGNATURES, type SignedTransaction } from '../shared/chain/transaction.ts';
import { recoverSigner } from '../shared/chain/verify.ts';
import { API_KEY_HEADER, isLoopbackUrl, MAX_API_KEY_LENGTH, NodeClient, comparePermissions, DEFAULT_NODE_URL, type PermissionComparison, type SignWeightView } from './node/node-client.ts';
import { openStore, txKey, type Source, type Store, type TokenInput, type TokenRecord, type TransactionRecord, type TransactionSummary, type TxStatus } from './store/store.ts';
import { importProofFile, listProvedKeys, makeProofChallenge, MAX_PERMISSION_JSON_BYTES, signProofChallenge, type ProofChallengeView, type ProofDeps, type ProofSignView, type ProvedKeyView } from './proofs/proofs.ts';
import { fileCarriesToken, getTokenSale, putTokenSale, saleOfSnapshotToken, tokenView, type TokenSale, type TokenView } from './tokens/token-details.ts';
import { openVault } from './vault/open-vault.ts';
import { moveAuditSeal } from './vault/audit-seal.ts';
import { KeystoreVault as KeystoreVaultCtor } from './vault/keystore-vault.ts';
import { PASSPHRASE_MAX_BYTES, PASSPHRASE_MIN_BYTES, type PassphrasePurpose, type PassphraseSource } from './vault/passphrase.ts';
import { HeldPassphrase } from './vault/held-passphrase.ts';
import { KEYSTORE_FILE, type ScryptParams } from './vault/keystore-file.ts';
import type { Vault, VaultKind } from './vault/vault.ts';
import { addressesIn, bookEntries, bookEntryView, bookLabelInput, LabelIndex, type BookEntryView } from './address-book/address-book.ts';
import { escapeText } from '../shared/base/escape.ts';

/** Default life of a new transaction: long enough to pass a USB stick around one working day. */
export const DEFAULT_EXPIRES_IN_MS = 12 * 60 * 60 * 1000;
/** A transaction with less than this left may be re-issued before it expires. */
export const REISSUE_WINDOW_MS = 60 * 60 * 1000;
/** Largest file the station reads as a handoff or snapshot (the formats' own limits are lower). */
export const MAX_INPUT_FILE_BYTES = 16 * 1024 * 1024;

/** Settings the station reads, by key. */
export const SETTING_NODE = 'node';
export const SETTING_EXPIRATION = 'expiration';
export const SETTING_VAULT = 'vault';
/** The node's JSON dialect (shared/chain/dialect.ts): `spec` (default, the local node) or `java-tron`. */
export const SETTING_DIALECT = 'dialect';
/**
 * The dialect of each node URL the station has talked to (issue 11): probed once when a URL is new,
 * then used for every call to it; `settings set dialect` overrides it for the current node.
 */
export const SETTING_NODE_DIALECTS = 'node-dialects';
/** The origin (scheme://host:port) the stored API key belongs to: it is sent to that node only. */
export const SETTING_API_KEY_ORIGIN = 'api-key-origin';

export interface SettingsView {
  node: string;
  dialect: Dialect;
  expiration: string;
  expiresInMs: number;
  vault: VaultKind;
  /** Whether an API key is stored for this node; the key itself is never in a view. */
  apiKey: boolean;
}

/** The vault's status for the UI: `locked` when the keystore waits for its passphrase (`vaultUnlock`). */
export interface VaultStatusView {
  kind: VaultKind;
  available: boolean;
  message: string | null;
  locked: boolean;
}

export interface StationOptions {
  dataDir: string;
  /** Overrides the `node` setting for this session (`--node URL`). */
  nodeUrl?: string;
  /** Overrides the node's dialect for this session (`--dialect`, or a `--network` preset's). */
  dialect?: Dialect;
  /** Where one-line notices go (the dialect probe's suggestion); the CLI writes them on stderr. */
  notice?: (line: string) => void;
  /** ms since the epoch; default Date.now. */
  clock?: () => number;
  /** Overrides the `vault` setting (default keychain). */
  vault?: VaultKind;
  /** Asked by the keystore vault only, and only when it must decrypt or create its file. */
  passphrase?: PassphraseSource;
  /** scrypt cost for a new keystore (tests lower it). */
  scrypt?: ScryptParams;
  nodeTimeoutMs?: number;
}

// ---------------------------------------------------------------------------------------------
// Views (JSON-safe)

export interface KeyView {
  address: string;
  hex: string;
  label: string;
  vault: VaultKind;
  createdAt: number;
}

export interface SourceView {
  /** `node` with URL and block, or `file` with its name. */
  kind: 'node' | 'file';
  node?: string;
  block?: number;
  file?: string;
  /** In words: `node http://… at block 12` or `file snap.json`. */
  text: string;
}

export interface PermissionEntryView extends Omit<PermissionView, 'keys'> {
  /** Which slot: owner, executive or active. */
  slot: 'owner' | 'executive' | 'active';
  /** Each key with its label (the key's own, then the address book's; address-book.ts). */
  keys: (PermissionKeyView & { label: string | null })[];
}

export interface AccountView {
  address: string;
  hex: string;
  /** The account's label (a key's own, then the address book's); null when none. */
  label: string | null;
  balance: string;
  tokens: { id: string; balance: string }[];
  permissions: PermissionEntryView[];
  source: SourceView;
  fetchedAt: number;
  ageMs: number;
  age: string;
}

/** One stored account in accountsList. */
export type AccountEntryView = Pick<AccountView, 'address' | 'label' | 'source' | 'fetchedAt' | 'ageMs' | 'age'>;

export interface ApprovalNumbers {
  /** null when the station does not know the permission (a plain transaction file, no account). */
  weight: string;
  threshold: string | null;
  missing: string | null;
  signers: { address: string; weight: string }[];
  /** Keys of the permission that have not signed yet; `local` when this station holds the key. */
  couldSign: { address: string; weight: string; local: boolean }[];
  /** True when the keys that have not signed together carry at least the missing weight. */
  canComplete: boolean;
}

export interface TransactionView extends ApprovalNumbers {
  txId: string;
  kind: string;
  account: string;
  permissionId: number;
  /** Stored status, with `expired` derived at read when the time has passed. */
  status: TxStatus;
  expiration: number;
  expiresInMs: number;
  timeLeft: string;
  note: string;
  nodeAnswer: string | null;
  signatureCount: number;
  createdAt: number;
  /** The node's JSON of the contract (Base58 addresses), decoded from the stored bytes. */
  contract: Record<string, unknown>;
  /** The shared transaction view (shared/views/view.ts): what the signer reads, decoded from the bytes. */
  details: SharedTransactionView;
  /**
   * The shared approval view (shared/views/view.ts approvalView) against the permission stored with the
   * transaction, the one the signers count against; null when the station does not know it.
   */
  approval: ApprovalView | null;
}

export interface ListEntryView {
  txId: string;
  kind: string;
  account: string;
  status: TxStatus;
  weight: string;
  threshold: string | null;
  signatureCount: number;
  expiration: number;
  expiresInMs: number;
  timeLeft: string;
  note: string;
}

export interface BuildView {
  txId: string;
  transaction: TransactionView;
  /** Where TaPoS and the times came from, in words (node head or snapshot, and how old). */
  basis: string;
  warnings: string[];
}

export interface SignView {
  txId: string;
  signed: string[];
  status: TxStatus;
  transaction: TransactionView;
}

export interface ImportFileView {
  file: string;
  txId: string;
  kind: 'handoff' | 'transaction';
  /** New signatures this file added. */
  added: string[];
  /** Signatures the store already had. */
  known: string[];
  newTransaction: boolean;
  warnings: string[];
}

/** The dry run before broadcast (issue 8 `preflight`): what broadcast checks, without broadcasting. */
export interface PreflightView {
  txId: string;
  /** The node's permissions now against the copy the signers counted against. */
  comparison: PermissionComparison;
  /** The node's getsignweight for the signatures collected. */
  signWeight: SignWeightView;
  /** Both in words. */
  text: string;
}

export interface BroadcastView {
  txId: string;
  accepted: boolean;
  status: TxStatus;
  text: string;
  comparison: PermissionComparison;
  signWeight: SignWeightView;
}

export interface SnapshotImportView {
  file: string;
  block: { number: number; id: string; timestamp: number };
  age: string;
  accounts: { address: string; stored: boolean; reason?: string }[];
  tokens: string[];
}

export interface BatchRowInput {
  to: string;
  amount: string;
  token: string;
  note: string;
}

// ---------------------------------------------------------------------------------------------
// Small readers: every argument is checked here, naming its field

function textArg(value: unknown, field: string, max = 2_000): string {
  if (typeof value !== 'string') rejectField(field, `must be text, got ${kindOf(value)}`);
  if (value.length > max) rejectField(field, `longer than ${max} characters`);
  return value;
}

/** An address typed or carried as text (shared/chain/input.ts addressTextInput: a pasted private key is named as such). */
const addressArg = addressTextInput;

/** An amount in smallest units: shared/chain/input.ts int64Input, at least 1. */
function amountArg(value: unknown, field: string): bigint {
  return int64Input(value, field, { min: 1n });
}

function tokenIdArg(value: unknown, field: string): string {
  return tokenIdInput(value, field);
}

function txIdArg(value: unknown, field = 'txid'): Uint8Array {
  if (typeof value !== 'string' || !/^[0-9a-fA-F]{64}$/.test(value)) fail('INVALID_INPUT', `${field}: expected a txID (64 hex digits)`, { field });
  return hexToBytes(value);
}

function permissionIdArg(value: unknown, field = 'permission-id'): number {
  if (value === undefined) return 0;
  const n = typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0 || n > 2 ** 31 - 1) fail('INVALID_INPUT', `${field}: expected a whole number (0 owner, 2 and up active)`, { field });
  return checkPermissionId(n, field);
}

function readBoundedFile(path: unknown, field: string, max: number): { name: string; text: string } {
  const p = textArg(path, field, 4096);
  let size: number;
  try {
    const st = statSync(p);
    if (!st.isFile()) fail('INVALID_INPUT', `${field}: not a regular file: ${shownArg(p)}`, { field });
    size = st.size;
  } catch (e) {
    if (e instanceof AirlockError) throw e;
    fail('NOT_FOUND', `${field}: no such file: ${shownArg(p)}`, { field });
  }
  if (size > max) fail('INVALID_INPUT', `${field}: ${shownArg(p)} is ${size} bytes, more than the ${max} this file may have`, { field, size, limit: max });
  const bytes = readFileSync(p);
  // The name is shown in messages and stored as a source: a handoff file's own name stays readable,
  // anything that may hold a key is described instead (shownFileName).
  const name = shownFileName(basename(p));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    fail('BAD_JSON', `${field}: ${name} is not UTF-8 text`, { field });
  }
  return { name, text };
}

// ---------------------------------------------------------------------------------------------
// Conversions between the store's records and the file formats' JSON

/** The store records `{kind, url, blockNumber}`; the files `{node, block}`. One mapping both ways. */
export function sourceToFile(source: Source): SnapshotSource {
  return source.kind === 'node' ? { node: source.url, block: source.blockNumber ?? 0 } : { file: source.file };
}
export function sourceFromFile(source: SnapshotSource): Source {
  return 'node' in source ? { kind: 'node', url: source.node, blockNumber: source.block } : { kind: 'file', file: source.file };
}
function sourceView(source: Source): SourceView {
  if (source.kind === 'node') {
    return { kind: 'node', node: source.url, ...(source.blockNumber !== undefined && { block: source.blockNumber }), text: `node ${source.url}${source.blockNumber !== undefined ? ` at block ${source.blockNumber}` : ''}` };
  }
  return { kind: 'file', file: source.file, text: `file ${source.file}` };
}

/** A SnapshotAccount as the protocol.Account message the store keeps. */
function accountMessage(a: SnapshotAccount): Account {
  const p = accountPermissionsFromJson(a.address, a.permissions);
  return create(AccountSchema, {
    address: p.address,
    balance: BigInt(a.balance),
    ...(p.owner && { ownerPermission: p.owner }),
    ...(p.executive && { executivePermission: p.executive }),
    activePermission: p.actives,
    assetV2: Object.fromEntries(a.tokens.map((t) => [t.id, BigInt(t.balance)])),
  });
}

function snapshotAccountOf(bytes: Uint8Array, source: Source, at: number): SnapshotAccount {
  const account = fromBinary(AccountSchema, bytes);
  return {
    address: addressToBase58(account.address),
    exists: true,
    permissions: permissionsToJson(accountPermissionsFromAccount(account)),
    balance: account.balance.toString(),
    tokens: Object.entries(account.assetV2).map(([id, b]) => ({ id, balance: b.toString() })),
    source: sourceToFile(source),
    at,
  };
}

/** The account permissions holding just `permission` in the slot its id names. */
function permissionsWith(owner: Address, permissionId: number, permission: Permission): AccountPermissions {
  return permissionId === 0 ? { address: owner, owner: permission, actives: [] } : { address: owner, actives: [permission] };
}

/** `base` with the permission of `permissionId` replaced by `permission` (what the signers saw). */
function replacePermission(base: PermissionsJson, permissionId: number, permission: Permission): PermissionsJson {
  const one = permissionsToJson({ actives: permissionId === 0 ? [] : [permission], ...(permissionId === 0 && { owner: permission }) });
  if (permissionId === 0) return { ...base, owner_permission: one.owner_permission! };
  const actives = base.active_permission.filter((p) => Number(p.id ?? 0) !== permissionId);
  return { ...base, active_permission: [...actives, one.active_permission[0]!].sort((a, b) => Number(a.id ?? 0) - Number(b.id ?? 0)) };
}

function contractCall(decoded: ReturnType<typeof decodeRaw>): { type: SupportedContractName; value: Message; permissionId: number } {
  return { type: decoded.contractType, value: decoded.contract, permissionId: decoded.permissionId };
}

function timeLeft(ms: number): string {
  return ms <= 0 ? `expired ${formatDuration(-ms)} ago` : `${formatDuration(ms)} left`;
}

// ---------------------------------------------------------------------------------------------
// The services

interface Approval {
  numbers: ApprovalNumbers;
  enough: boolean;
  view: ApprovalView | null;
}

export class Station {
  readonly dataDir: string;
  readonly store: Store;
  private readonly clock: () => number;
  private readonly options: StationOptions;
  private vaultInstance: Vault | null = null;
  private readonly permissionCache = new Map<string, Permission>();

  constructor(options: StationOptions) {
    this.options = options;
    this.dataDir = options.dataDir;
    this.clock = options.clock ?? Date.now;
    // The audit log is keyed by the vault's seal (issue 16), asked for at the first write.
    this.store = openStore({ dataDir: options.dataDir }, { clock: this.clock, seal: () => this.vault().auditSeal() });
  }

  close(): void {
    this.heldPassphrase.clear();
    this.vaultInstance?.lock();
    this.store.close();
  }

  now(): number {
    return this.clock();
  }

  // ---- settings --------------------------------------------------------------------------

  nodeUrl(): string {
    if (this.options.nodeUrl !== undefined) return this.options.nodeUrl;
    const s = this.store.getSetting(SETTING_NODE);
    return typeof s === 'string' ? s : DEFAULT_NODE_URL;
  }

  /**
   * Runs `call` against the node; when nothing answers, the error says to start the station's
   * node (`npm start`) or pass --node, naming the URL tried. A node URL the station has not seen is
   * probed for its dialect first (`learnDialect`).
   */
  private async online<T>(call: (node: NodeClient) => Promise<T>): Promise<T> {
    try {
      return await call(await this.nodeReady());
    } catch (e) {
      if (e instanceof AirlockError && (e.code === 'NODE_UNREACHABLE' || e.code === 'NODE_TIMEOUT')) {
        fail(e.code, `nothing answers at ${this.nodeUrl()}: start the station's local node (npm start) or pass --node URL`, { ...e.details, field: 'node' });
      }
      throw e;
    }
  }

  /** The node client in the dialect the station holds for the node (set for this session, stored, or probed now). */
  async nodeReady(): Promise<NodeClient> {
    if (this.options.dialect === undefined && this.nodeDialects()[this.nodeUrl()] === undefined && this.nodeUrl() !== DEFAULT_NODE_URL) await this.learnDialect();
    return this.node();
  }

  node(): NodeClient {
    return this.clientFor(this.nodeUrl(), this.dialect());
  }

  private clientFor(url: string, dialect: Dialect): NodeClient {
    return new NodeClient({
      baseUrl: url, clock: this.clock, dialect, apiKey: () => this.apiKeyFor(url),
      ...(this.options.nodeTimeoutMs !== undefined && { timeoutMs: this.options.nodeTimeoutMs }),
    });
  }

  /** The stored API key, only for the node whose origin it was set for (never sent elsewhere). */
  private async apiKeyFor(url: string): Promise<string | undefined> {
    const origin = this.store.getSetting(SETTING_API_KEY_ORIGIN);
    if (typeof origin !== 'string' || origin !== new URL(url).origin) return undefined;
    const bytes = await this.vault().readApiKey();
    if (bytes === null) return undefined;
    try {
      return new TextDecoder().decode(bytes);
    } finally {
      wipe(bytes);
    }
  }

  /**
   * Keeps a hosted node's API key in the vault (always wiping `secret`), for the current node's
   * origin only. The result says where it will be sent, never what it is.
   */
  async setApiKey(secret: Uint8Array): Promise<{ set: true; origin: string; text: string }> {
    try {
      if (!(secret instanceof Uint8Array)) fail('INVALID_INPUT', 'api-key: expected the key as bytes', { field: 'api-key' });
      if (secret.length > MAX_API_KEY_LENGTH || !secret.every((b) => b >= 0x21 && b <= 0x7e)) {
        fail('INVALID_INPUT', `api-key: an API key is 1 to ${MAX_API_KEY_LENGTH} printable ASCII characters without spaces; nothing was stored`, { field: 'api-key' });
      }
      if ((secret.length === 64 || secret.length === 66) && /^(0x)?[0-9a-fA-F]{64}$/.test(new TextDecoder().decode(secret))) {
        fail('INVALID_INPUT', 'api-key: this has the form of a private key (64 hex digits), not of an API key (hosted nodes issue UUIDs); nothing was stored. If it was a private key, move its funds: it was typed outside the vault', { field: 'api-key' });
      }
    } catch (e) {
      wipe(secret);
      throw e;
    }
    const url = this.nodeUrl();
    const origin = new URL(url).origin;
    if (!url.startsWith('https:') && !isLoopbackUrl(url)) {
      wipe(secret);
      fail('INVALID_INPUT', `api-key: an API key is sent only over https:// (or to a node on this machine); ${origin} would carry it in the clear, so nothing was stored`, { field: 'api-key', node: origin });
    }
    await this.vault().setApiKey(secret);
    this.store.setSetting(SETTING_API_KEY_ORIGIN, origin);
    return { set: true, origin, text: `The API key is in the ${this.vaultKind()}; it is sent to ${origin} only, as ${API_KEY_HEADER}.` };
  }

  async clearApiKey(): Promise<{ removed: boolean; text: string }> {
    const removed = await this.vault().deleteApiKey();
    this.store.setSetting(SETTING_API_KEY_ORIGIN, null);
    return { removed, text: removed ? 'The API key was removed from the vault.' : 'There was no API key; nothing changed.' };
  }

  /** `settings()` and whether an API key is stored for the current node (never the key). */
  async settingsView(): Promise<SettingsView> {
    const origin = this.store.getSetting(SETTING_API_KEY_ORIGIN);
    const apiKey = typeof origin === 'string' && origin === new URL(this.nodeUrl()).origin && (await this.vault().hasApiKey());
    return { ...this.settings(), apiKey };
  }

  /** The session's dialect, else the one stored for the node URL, else the `dialect` setting, else `spec`. */
  dialect(): Dialect {
    if (this.options.dialect !== undefined) return this.options.dialect;
    const known = this.nodeDialects()[this.nodeUrl()];
    if (isDialect(known)) return known;
    const s = this.store.getSetting(SETTING_DIALECT);
    return isDialect(s) ? s : 'spec';
  }

  private nodeDialects(): Record<string, Dialect> {
    const s = this.store.getSetting(SETTING_NODE_DIALECTS);
    const out: Record<string, Dialect> = Object.create(null) as Record<string, Dialect>;
    if (typeof s === 'object' && s !== null && !Array.isArray(s)) for (const [url, d] of Object.entries(s)) if (isDialect(d)) out[url] = d;
    return out;
  }

  private rememberDialect(url: string, dialect: Dialect): void {
    // Bounded: a station that has seen many URLs keeps the latest 100.
    const entries = Object.entries(this.nodeDialects()).filter(([u]) => u !== url).slice(-99);
    this.store.setSetting(SETTING_NODE_DIALECTS, Object.fromEntries([...entries, [url, dialect]]));
  }

  /**
   * Probes the current node once (node-client.ts probeDialect), stores the suggestion for its URL and
   * says so in one line through `notice`. With no suggestion, the current dialect is stored, so the
   * probe is not repeated, and the line says to set it by hand.
   */
  async learnDialect(url = this.nodeUrl()): Promise<{ dialect: Dialect; suggested: boolean; text: string }> {
    const probe = await this.clientFor(url, 'spec').probeDialect();
    const known = this.nodeDialects()[url];
    const stored = this.store.getSetting(SETTING_DIALECT);
    const fallback: Dialect = this.options.dialect ?? known ?? (isDialect(stored) ? stored : 'spec');
    const dialect = probe.dialect ?? fallback;
    this.rememberDialect(url, dialect);
    const text = probe.dialect
      ? `${probe.text} The station will use the ${dialect} dialect for it; change it with airlock settings set dialect ${DIALECTS.find((d) => d !== dialect)}.`
      : `${probe.text} The station will use ${dialect} for it until you do (airlock settings set dialect spec|java-tron).`;
    this.options.notice?.(text);
    return { dialect, suggested: probe.dialect !== null, text };
  }

  defaultExpiresInMs(): number {
    const s = this.store.getSetting(SETTING_EXPIRATION);
    return typeof s === 'number' ? s : DEFAULT_EXPIRES_IN_MS;
  }

  settings(): { node: string; dialect: Dialect; expiration: string; expiresInMs: number; vault: VaultKind } {
    const ms = this.defaultExpiresInMs();
    return { node: this.nodeUrl(), dialect: this.dialect(), expiration: formatDuration(ms), expiresInMs: ms, vault: this.vaultKind() };
  }

  /**
   * `node` (a URL), `network` (a preset of shared/chain/networks.ts: its URL and dialect), `dialect` (spec
   * or java-tron, for the current node), `expiration` (a duration up to 24h) or `vault` (keychain or
   * keystore). A new node URL is probed for its dialect once (`learnDialect`); when nothing answers
   * the URL is kept and the result's `probe` says so.
   */
  async setSetting(key: unknown, value: unknown): Promise<ReturnType<Station['settings']> & { probe?: string }> {
    const k = textArg(key, 'key', 64);
    if (k === SETTING_NODE) {
      const url = textArg(value, 'value', 2048);
      new NodeClient({ baseUrl: url }); // checks it the way every request will
      this.store.setSetting(SETTING_NODE, url);
      try {
        return { ...this.settings(), probe: (await this.learnDialect(url)).text };
      } catch (e) {
        if (!(e instanceof AirlockError)) throw e;
        const text = `Could not ask ${url} for its dialect (${e.code}); it stays ${this.dialect()} until the node answers or you set it (airlock settings set dialect spec|java-tron).`;
        this.options.notice?.(text);
        return { ...this.settings(), probe: text };
      }
    } else if (k === 'network') {
      const preset = networkPreset(textArg(value, 'value', 64));
      this.store.setSetting(SETTING_NODE, preset.url);
      this.rememberDialect(preset.url, preset.dialect);
    } else if (k === SETTING_EXPIRATION) {
      this.store.setSetting(SETTING_EXPIRATION, parseDuration(value, 'value'));
    } else if (k === SETTING_DIALECT) {
      if (!isDialect(value)) fail('INVALID_INPUT', `value: expected ${DIALECTS.join(' or ')}`, { field: 'value' });
      this.store.setSetting(SETTING_DIALECT, value);
      this.rememberDialect(this.nodeUrl(), value);
    } else if (k === SETTING_VAULT) {
      if (value !== 'keychain' && value !== 'keystore') fail('INVALID_INPUT', 'value: expected keychain or keystore', { field: 'value' });
      if (value !== this.vaultKind()) {
        // Keys are never moved between vaults: switching with keys stored would leave them behind.
        const held = this.store.listKeys().length;
        if (held > 0) {
          fail('CONFLICT', `vault: this station holds ${held} key(s) in the ${this.vaultKind() === 'keychain' ? 'OS keychain' : 'keystore file'}; a station keeps one vault, so choose it before the first key (or use a new data directory)`, { field: 'value' });
        }
        // The audit key and anchor go with the station to its new vault (issue 16). A vault that
        // cannot be used holds none only if nothing was ever written, so then there is none to move.
        const old = this.vault();
        const next = this.openVaultWith((purpose) => this.passphraseFor(purpose), value);
        try {
          moveAuditSeal(old.auditSeal(), next.auditSeal());
        } catch (e) {
          if (this.store.listAudit({ limit: 1 }).length > 0) throw e;
        }
        // The vault opened for the old choice goes; the setting's own entry is keyed by the new one.
        old.lock();
        this.vaultInstance = next;
        try {
          this.store.setSetting(SETTING_VAULT, value);
        } catch (e) {
          this.vaultInstance = old;
          throw e;
        }
      }
    } else fail('INVALID_INPUT', `key: unknown setting ${excerpt(k)} (node, network, dialect, expiration or vault)`, { field: 'key' });
    return this.settings();
  }

  auditVerify(): { ok: boolean; entries: number; firstBad?: number; reason?: string; text: string } {
    const v = this.store.verifyAudit();
    if (v.ok) return { ok: true, entries: v.entries, text: `The audit log is intact: ${v.entries} entries, each carrying the MAC of the one before under this station's audit key, and the count and last entry agree with the anchor kept in the vault.` };
    return { ok: false, entries: v.entries, firstBad: v.firstBad, reason: v.reason, text: `The audit log was altered: ${v.reason}.` };
  }

  // ---- keys -------------------------------------------------------------------------------

  vaultKind(): VaultKind {
    if (this.options.vault) return this.options.vault;
    const s = this.store.getSetting(SETTING_VAULT);
    return s === 'keystore' ? 'keystore' : 'keychain';
  }

  private vault(): Vault {
    if (!this.vaultInstance) {
      this.vaultInstance = this.openVaultWith((purpose) => this.passphraseFor(purpose));
    }
    return this.vaultInstance;
  }

  private openVaultWith(passphrase: PassphraseSource, kind: VaultKind = this.vaultKind()): Vault {
    return kind === 'keystore' && this.options.scrypt
      ? openVaultWithScrypt(this.dataDir, passphrase, this.options.scrypt)
      : openVault(kind, { dataDir: this.dataDir, passphrase });
  }

  private keyView(address: Uint8Array): KeyView {
    const k = this.store.getKey(address)!;
    return { address: addressToBase58(k.address), hex: bytesToHex(k.address), label: k.label, vault: k.vault, createdAt: k.createdAt };
  }

  async keysNew(args: { label?: string } = {}): Promise<KeyView> {
    const label = args.label === undefined ? '' : textArg(args.label, 'label', 200);
    const { address } = await this.vault().generate();
    const bytes = parseAddress(address);
    this.store.addKey({ address: bytes, label, vault: this.vaultKind() });
    return this.keyView(bytes);
  }

  /** Keeps `secret` in the vault (which wipes it) and records the address. */
  async keysImport(args: { secret: Uint8Array; label?: string }): Promise<KeyView & { created: boolean }> {
    let label: string;
    try {
      label = args.label === undefined ? '' : textArg(args.label, 'label', 200);
    } catch (e) {
      args.secret.fill(0);
      throw e;
    }
    const { address, created } = await this.vault().importKey(args.secret);
    const bytes = parseAddress(address);
    const known = this.store.getKey(bytes) !== undefined;
    if (!known) this.store.addKey({ address: bytes, label, vault: this.vaultKind() });
    return { ...this.keyView(bytes), created: created || !known };
  }

  keysList(): KeyView[] {
    return this.store.listKeys().map((k) => this.keyView(k.address));
  }

  keysLabel(args: { address: string; label: string }): KeyView {
    const a = addressArg(args.address, 'address');
    this.store.labelKey(a, textArg(args.label, 'label', 200));
    return this.keyView(a);
  }

  async keysDelete(args: { address: string }): Promise<{ address: string; deleted: boolean }> {
    const a = addressArg(args.address, 'address');
    if (!this.store.getKey(a)) fail('NOT_FOUND', `address: this station holds no key for ${addressToBase58(a)}`, { field: 'address' });
    const deleted = await this.vault().delete(addressToBase58(a));
    this.store.deleteKey(a);
    return { address: addressToBase58(a), deleted };
  }

  // ---- accounts -----------------------------------------------------------------------------

  private putSnapshotAccount(a: SnapshotAccount, source: Source): void {
    this.store.putAccount({ address: parseAddress(a.address), account: toBinary(AccountSchema, accountMessage(a)), source, fetchedAt: a.at });
  }

  async accountFetch(args: { address: string }): Promise<AccountView> {
    const a = addressArg(args.address, 'address');
    const account = await this.online((node) => node.account(addressToBase58(a)));
    this.putSnapshotAccount(account, sourceFromFile(account.source));
    return this.accountShow({ address: account.address });
  }

  accountShow(args: { address: string }): AccountView {
    const a = addressArg(args.address, 'address');
    const r = this.store.getAccount(a);
    if (!r) fail('NOT_FOUND', `address: no account ${addressToBase58(a)} on this station; run airlock account fetch ${addressToBase58(a)} (online) or import a snapshot`, { field: 'address' });
    const account = fromBinary(AccountSchema, r.account);
    const p = accountPermissionsFromAccount(account);
    const labels = this.labels();
    const entry = (slot: PermissionEntryView['slot'], permission: Permission): PermissionEntryView => {
      const view = permissionView(permission);
      return { slot, ...view, keys: view.keys.map((k) => ({ ...k, label: labels.labelOf(hexToBytes(k.address.hex)) })) };
    };
    const permissions: PermissionEntryView[] = [
      ...(p.owner ? [entry('owner', p.owner)] : []),
      ...(p.executive ? [entry('executive', p.executive)] : []),
      ...p.actives.map((x) => entry('active', x)),
    ];
    const ageMs = this.now() - r.fetchedAt;
    return {
      address: addressToBase58(a),
      hex: bytesToHex(a),
      label: labels.labelOf(a),
      balance: account.balance.toString(),
      tokens: Object.entries(account.assetV2).map(([id, b]) => ({ id, balance: b.toString() })),
      permissions,
      source: sourceView(r.source),
      fetchedAt: r.fetchedAt,
      ageMs,
      age: formatDuration(ageMs),
    };
  }

  /** The stored accounts, newest read first: address, label, where each came from and its age. */
  accountsList(): AccountEntryView[] {
    const now = this.now();
    const labels = this.labels();
    return this.store
      .listAccounts()
      .sort((a, b) => b.fetchedAt - a.fetchedAt)
      .map((r) => ({ address: addressToBase58(r.address), label: labels.labelOf(r.address), source: sourceView(r.source), fetchedAt: r.fetchedAt, ageMs: now - r.fetchedAt, age: formatDuration(now - r.fetchedAt) }));
  }

  // ---- snapshots ----------------------------------------------------------------------------

  async snapshotExport(args: { file: string; accounts: string[] }): Promise<{ file: string; block: SnapshotBlock; accounts: string[]; tokens: string[] }> {
    const file = textArg(args.file, 'file', 4096);
    if (!Array.isArray(args.accounts) || args.accounts.length === 0) fail('INVALID_INPUT', 'account: name at least one account (--account ADDR)', { field: 'account' });
    if (args.accounts.length > 1000) fail('INVALID_INPUT', 'account: at most 1000 accounts', { field: 'account' });
    const accounts = args.accounts.map((x, i) => addressToBase58(addressArg(x, `account[${i}]`)));
    const tokens = this.store.listTokens().map((t) => t.id);
    const snapshot = await this.online((node) => node.snapshot(accounts, tokens));
    writeFileSync(file, stringifySnapshot(snapshot));
    return { file, block: snapshot.block, accounts: snapshot.accounts.map((a) => a.address), tokens: snapshot.tokens.map((t) => t.id) };
  }

  snapshotImport(args: { file: string }): SnapshotImportView {
    const { name, text } = readBoundedFile(args.file, 'file', MAX_INPUT_FILE_BYTES);
    const snapshot = parseSnapshot(text);
    const source: Source = { kind: 'file', file: name };
    const accounts: SnapshotImportView['accounts'] = [];
    this.store.atomic(() => {
      this.store.putChainSnapshot({ blockNumber: snapshot.block.number, blockId: hexToFixedBytes(snapshot.block.id, 32, 'block.id'), blockTimestamp: snapshot.block.timestamp, source });
      for (const a of snapshot.accounts) {
        const known = this.store.getAccount(parseAddress(a.address));
        if (known && known.fetchedAt > a.at) {
          accounts.push({ address: a.address, stored: false, reason: `this station's copy (${sourceView(known.source).text}) is newer; kept it` });
          continue;
        }
        this.putSnapshotAccount(a, source);
        accounts.push({ address: a.address, stored: true });
      }
      for (const t of snapshot.tokens) this.putTokenWithSale(t, saleOfSnapshotToken(t), source);
    });
    return {
      file: name,
      block: snapshot.block,
      age: formatDuration(this.now() - snapshot.block.timestamp),
      accounts,
      tokens: snapshot.tokens.map((t) => t.id),
    };
  }

  // ---- building -----------------------------------------------------------------------------

  /**
   * TaPoS and times: from the node's head when it answers, else from the newest imported chain
   * snapshot (offline). Either way the expiration is checked against what the node accepts.
   */
  private async plan(expiresInMs: number, owner: Address): Promise<Plan> {
    const now = this.now();
    let block: SnapshotBlock | undefined;
    let fetched: SnapshotAccount | undefined;
    let offlineReason = '';
    try {
      const node = await this.nodeReady();
      block = await node.latestBlock();
      fetched = await node.account(addressToBase58(owner), block);
    } catch (e) {
      if (!(e instanceof AirlockError) || (e.code !== 'NODE_UNREACHABLE' && e.code !== 'NODE_TIMEOUT')) throw e;
      offlineReason = e.message;
      block = undefined;
    }
    let basis: string;
    if (block) {
      basis = `online: the head block ${block.number} of ${this.nodeUrl()}`;
    } else {
      const snap = this.store.latestChainSnapshot();
      if (!snap) {
        fail('NODE_UNREACHABLE', `nothing answers at ${this.nodeUrl()} and this station has no chain snapshot to build from offline: start the station's local node (npm start) or pass --node URL, or import a snapshot (airlock snapshot import FILE) made by an online station (airlock snapshot export)`, { field: 'node', reason: offlineReason });
      }
      block = { number: snap.blockNumber, id: bytesToHex(snap.blockId), timestamp: snap.blockTimestamp };
      basis = `offline: the chain snapshot from ${sourceView(snap.source).text}, block ${block.number}, ${formatDuration(now - block.timestamp)} old`;
    }
    const synthetic: ChainSnapshot = { format: 'airlock.snapshot', version: 1, node: this.nodeUrl(), block, accounts: [], tokens: [], exported_at: now };
    return { tapos: planFromSnapshot(synthetic, { now, expiresInMs }), basis, ...(fetched && { fetched }) };
  }

  /** The permission `permissionId` of `owner`: from the account just fetched, else the stored one. */
  private permissionOf(owner: Address, permissionId: number, fetched: SnapshotAccount | undefined): Permission {
    let p: AccountPermissions;
    let where: string;
    if (fetched) {
      p = accountPermissionsFromJson(fetched.address, fetched.permissions);
      where = `${this.nodeUrl()} now`;
    } else {
      const r = this.store.getAccount(owner);
      if (!r) fail('NOT_FOUND', `from: this station knows no account ${addressToBase58(owner)}; fetch it (airlock account fetch) or import a snapshot that has it`, { field: 'from' });
      p = accountPermissionsFromAccount(fromBinary(AccountSchema, r.account));
      where = sourceView(r.source).text;
    }
    const permission = permissionId === 0 ? (p.owner ?? undefined) : p.actives.find((x) => x.id === permissionId);
    if (!permission) fail('PERMISSION', `permission-id: account ${addressToBase58(owner)} has no permission ${permissionId} (as of ${where})`, { field: 'permission-id' });
    return permission;
  }

  private async buildCall(call: { type: SupportedContractName; value: Message }, owner: Address, options: BuildOptions): Promise<BuildView> {
    const permissionId = permissionIdArg(options.permissionId);
    const expiresInMs = options.expiresIn === undefined ? this.defaultExpiresInMs() : parseDuration(options.expiresIn);
    const note = options.note === undefined ? '' : noteInput(options.note, 'note');
    const { tapos, basis, fetched } = await this.plan(expiresInMs, owner);
    const permission = this.permissionOf(owner, permissionId, fetched);
    const tx = createTransaction({ ...call, permissionId }, { refBlockBytes: tapos.refBlockBytes, refBlockHash: tapos.refBlockHash, expiration: tapos.expiration, timestamp: tapos.timestamp });
    // Everything is checked: the account as read now and the transaction are stored together.
    this.store.atomic(() => {
      if (fetched) this.putSnapshotAccount(fetched, sourceFromFile(fetched.source));
      this.store.insertTransaction({
        txId: tx.txId, raw: tx.rawBytes, kind: call.type, account: owner, permissionId, expiration: tapos.expiration, note,
        permission: toBinary(PermissionSchema, permission),
      });
    });
    const view = this.view(tx.txId);
    return { txId: bytesToHex(tx.txId), transaction: view, basis, warnings: [...tapos.warnings, ...this.lookalikeWarnings(view.details)] };
  }

  async buildTransfer(args: { from: string; to: string; amount: string } & BuildOptions): Promise<BuildView> {
    const from = addressArg(args.from, 'from');
    const c = buildTransfer({ owner: from, to: addressArg(args.to, 'to'), amount: amountArg(args.amount, 'amount') });
    return this.buildCall({ type: 'TransferContract', value: c }, from, args);
  }

  async buildTransferAsset(args: { from: string; to: string; token: string; amount: string } & BuildOptions): Promise<BuildView> {
    const from = addressArg(args.from, 'from');
    const c = buildTransferAsset({ owner: from, to: addressArg(args.to, 'to'), tokenId: tokenIdArg(args.token, 'token'), amount: amountArg(args.amount, 'amount') });
    await this.rememberToken(args.token);
    return this.buildCall({ type: 'TransferAssetContract', value: c }, from, args);
  }

  async buildParticipate(args: { from: string; to: string; token: string; amount: string } & BuildOptions): Promise<BuildView> {
    const from = addressArg(args.from, 'from');
    const c = buildParticipate({ owner: from, issuer: addressArg(args.to, 'to'), tokenId: tokenIdArg(args.token, 'token'), amount: amountArg(args.amount, 'amount') });
    await this.rememberToken(args.token);
    return this.buildCall({ type: 'ParticipateAssetIssueContract', value: c }, from, args);
  }

  /** The node's AssetIssueContract JSON (hex addresses, or Base58 with `"visible": true`). */
  async buildAssetIssue(args: { json: unknown } & BuildOptions): Promise<BuildView> {
    const c = contractFromJson<AssetIssueContract>(AssetIssueContractSchema, args.json, 'asset-issue');
    validateAssetIssue(c);
    return this.buildCall({ type: 'AssetIssueContract', value: c }, c.ownerAddress, args);
  }

  /**
   * The node's AccountPermissionUpdateContract JSON. The lockout guard (shared/approval/lockout.ts) runs
   * before anything is built: an update after which nobody listed can reach the owner threshold is
   * refused, and one that leaves the owner reachable only by keys this station has never seen sign
   * is refused unless `acceptRisk` is `owner-unseen-keys` (CLI `--accept-risk owner-unseen-keys`).
   */
  async buildPermissionUpdate(args: { json: unknown; acceptRisk?: string } & BuildOptions): Promise<BuildView> {
    const c = contractFromJson<AccountPermissionUpdateContract>(AccountPermissionUpdateContractSchema, args.json, 'permission-update');
    validatePermissionUpdate(c, { isExecutive: c.executive !== undefined });
    const { local, seen } = this.signersKnown();
    enforceLockout(lockoutCheck(c, { knownSigners: seen, localKeys: local }), args.acceptRisk);
    const { acceptRisk, ...options } = args;
    const built = await this.buildCall({ type: 'AccountPermissionUpdateContract', value: c }, c.ownerAddress, options);
    if (acceptRisk !== undefined) {
      this.store.appendAudit({ action: 'lockout.accept-risk', subject: built.txId, details: { risk: acceptRisk } });
    }
    return built;
  }

  /** Token metadata for the handoff file, when a node answers; offline the snapshot's copy serves. */
  private async rememberToken(id: string): Promise<void> {
    if (this.store.getToken(id)) return;
    try {
      const { token, sale } = await (await this.nodeReady()).tokenDetails(id);
      this.putTokenWithSale(token, sale, { kind: 'node', url: this.nodeUrl() });
    } catch (e) {
      if (e instanceof AirlockError && (e.code === 'NODE_UNREACHABLE' || e.code === 'NODE_TIMEOUT')) return;
      throw e;
    }
  }

  /**
   * Many transfers from a CSV with header `to,amount,token,note`: an empty token is the native
   * coin (amount in sun), else a token id and the amount in its smallest unit. Every row is checked
   * before anything is stored; then all are stored in one SQLite transaction (and with `sign`,
   * signed first by every local key of the permission, and stored with their signatures).
   * `firstRow` is the number of the CSV's first data row in the whole file when the CSV is a chunk
   * of it (the renderer sends 200 rows at a time), so messages and `rows` name rows of the file.
   */
  async buildBatch(args: { csv: string; from: string; sign?: boolean; firstRow?: number; progress?: (done: number, total: number, phase: string) => void } & BuildOptions): Promise<{ count: number; txIds: string[]; rows: number[]; statuses: TxStatus[]; signed: number; basis: string; warnings: string[] }> {
    const from = addressArg(args.from, 'from');
    const permissionId = permissionIdArg(args.permissionId);
    const expiresInMs = args.expiresIn === undefined ? this.defaultExpiresInMs() : parseDuration(args.expiresIn);
    const batchNote = args.note === undefined ? '' : noteInput(args.note, 'note');
    const { name, text } = readBoundedFile(args.csv, 'csv', MAX_CSV_BYTES);
    // The same reader as the renderer's preview (shared/files/batch-csv.ts): what it flags is what is refused here.
    const sheet = readBatchSheet(text, { name, ...(args.firstRow !== undefined && { firstRow: args.firstRow }) });
    const seen = new Map<string, number>();
    const calls = sheet.rows.map((r) => {
      const row = readBatchRow(r.cells, r.row);
      refuseRepeat(seen, row);
      return { call: batchContract(from, row), note: row.note || batchNote, row: r.row };
    });
    const { tapos, basis, fetched } = await this.plan(expiresInMs, from);
    const permission = this.permissionOf(from, permissionId, fetched);
    const permissionBytes = toBinary(PermissionSchema, permission);
    const built = calls.map(({ call, note }) => ({
      tx: createTransaction({ ...call, permissionId }, { refBlockBytes: tapos.refBlockBytes, refBlockHash: tapos.refBlockHash, expiration: tapos.expiration, timestamp: tapos.timestamp }),
      kind: call.type,
      note,
    }));
    const signers = args.sign ? this.localSigners(permission) : [];
    const signatures: Uint8Array[][] = built.map(() => []);
    if (signers.length > 0) {
      const vault = this.vault();
      const digests = built.map((b) => b.tx.txId);
      for (const s of signers) {
        const made = await vault.signMany(addressToBase58(s), digests);
        made.forEach((sig, i) => signatures[i]!.push(sig));
      }
      args.progress?.(built.length, built.length, 'signed');
    }
    const threshold = permission.threshold;
    const weightOf = signers.reduce((w, s) => w + (permission.keys.find((k) => equalBytes(k.address, s))?.weight ?? 0n), 0n);
    const statuses = built.map((_, i): TxStatus => (signatures[i]!.length === 0 ? 'draft' : weightOf >= threshold ? 'ready' : 'collecting'));
    this.store.atomic(() => {
      if (fetched) this.putSnapshotAccount(fetched, sourceFromFile(fetched.source));
      built.forEach(({ tx, kind, note }, i) => {
        const status = statuses[i]!;
        this.store.insertTransaction({ txId: tx.txId, raw: tx.rawBytes, kind, account: from, permissionId, expiration: tapos.expiration, note, permission: permissionBytes, status });
        signers.forEach((s, j) => this.store.addSignature({ txId: tx.txId, signer: s, signature: signatures[i]![j]!, origin: { kind: 'local key' } }));
      });
    });
    args.progress?.(built.length, built.length, 'stored');
    return { count: built.length, txIds: built.map((b) => bytesToHex(b.tx.txId)), rows: calls.map((c) => c.row), statuses, signed: signers.length > 0 ? built.length : 0, basis, warnings: tapos.warnings };
  }

  // ---- approvals, status, list --------------------------------------------------------------

  private permissionFromBytes(bytes: Uint8Array): Permission {
    const key = txKey(bytes);
    let p = this.permissionCache.get(key);
    if (!p) {
      p = fromBinary(PermissionSchema, bytes);
      if (this.permissionCache.size > 1000) this.permissionCache.clear();
      this.permissionCache.set(key, p);
    }
    return p;
  }

  /** Keys of `permission` this station holds, in key order. */
  private localSigners(permission: Permission): Address[] {
    const local = new Set(this.store.listKeys().map((k) => bytesToHex(k.address)));
    return permission.keys.filter((k) => local.has(bytesToHex(k.address))).map((k) => k.address);
  }

  private signed(record: TransactionRecord): SignedTransaction {
    return { rawBytes: record.raw, signatures: this.store.listSignatures(record.txId).map((s) => s.signature) };
  }

  private approval(record: TransactionRecord): Approval {
    const sigs = this.store.listSignatures(record.txId);
    if (record.permission === null) {
      return { numbers: { weight: '0', threshold: null, missing: null, signers: sigs.map((s) => ({ address: addressToBase58(s.signer), weight: '?' })), couldSign: [], canComplete: false }, enough: false, view: null };
    }
    const permission = this.permissionFromBytes(record.permission);
    const a = approvalView({ rawBytes: record.raw, signatures: sigs.map((x) => x.signature) }, permissionsWith(record.account, record.permissionId, permission));
    const local = new Set(this.store.listKeys().map((k) => bytesToHex(k.address)));
    const b58 = (v: { hex: string; base58: string | null }): string => v.base58 ?? v.hex;
    return {
      numbers: {
        weight: a.weight,
        threshold: a.threshold,
        missing: a.missing,
        signers: a.signers.map((x) => ({ address: b58(x.address), weight: x.weight })),
        couldSign: a.canStillSign.map((x) => ({ address: b58(x.address), weight: x.weight, local: local.has(x.address.hex.toLowerCase()) })),
        canComplete: a.canComplete,
      },
      enough: a.enough,
      view: a,
    };
  }

  /** The stored metadata of the token a contract names, for the shared view's amounts (the status and the queue). */
  tokenInfos(decoded: ReturnType<typeof decodeRaw>): Record<string, TokenInfo> {
    const name = (decoded.contract as { assetName?: Uint8Array }).assetName;
    const id = name ? new TextDecoder().decode(name) : '';
    const t = /^[1-9][0-9]{0,18}$/.test(id) ? this.store.getToken(id) : undefined;
    return t ? { [id]: { precision: t.precision, name: t.name, abbr: t.abbreviation } } : {};
  }

  private shownStatus(status: TxStatus, expiration: number, now: number): TxStatus {
    return (status === 'draft' || status === 'collecting' || status === 'ready') && now >= expiration ? 'expired' : status;
  }

  private record(txId: string | Uint8Array, field = 'txid'): TransactionRecord {
    const id = typeof txId === 'string' ? txIdArg(txId, field) : txId;
    const r = this.store.getTransaction(id);
    // The txID is not quoted whole: 64 hex digits may be a private key pasted by mistake.
    if (!r) fail('NOT_FOUND', `${field}: this station has no transaction ${excerpt(bytesToHex(id))}`, { field });
    return r;
  }

  private view(txId: Uint8Array): TransactionView {
    const r = this.record(txId);
    const now = this.now();
    const decoded = decodeRaw(r.raw);
    const { numbers, view: approval } = this.approval(r);
    return {
      txId: bytesToHex(r.txId),
      kind: r.kind,
      account: addressToBase58(r.account),
      permissionId: r.permissionId,
      status: this.shownStatus(r.status, r.expiration, now),
      expiration: r.expiration,
      expiresInMs: r.expiration - now,
      timeLeft: timeLeft(r.expiration - now),
      note: r.note,
      nodeAnswer: r.nodeAnswer,
      signatureCount: r.signatureCount,
      createdAt: r.createdAt,
      contract: jsonSafe(contractToNodeJson(decoded, true)) as Record<string, unknown>,
      details: transactionView({ rawBytes: r.raw, signatures: this.store.listSignatures(r.txId).map((x) => x.signature) }, { now, tokens: this.tokenInfos(decoded) }),
      approval,
      ...numbers,
    };
  }

  /** Status: approvers, weight of threshold, missing weight, who could complete it, time left. */
  async status(args: { txId: string }): Promise<TransactionView & { text: string }> {
    const r = this.record(args.txId);
    if (r.status === 'broadcast') await this.checkConfirmed(r);
    const v = this.view(r.txId);
    return { ...v, text: statusText(v) };
  }

  /** A broadcast transaction the node reports in a block becomes confirmed; offline, nothing changes. */
  private async checkConfirmed(r: TransactionRecord): Promise<void> {
    try {
      const info = await (await this.nodeReady()).post('/wallet/gettransactioninfobyid', { value: bytesToHex(r.txId) });
      if (typeof info.blockNumber === 'number' || typeof info.blockNumber === 'bigint') {
        this.store.setStatus(r.txId, 'confirmed', { nodeAnswer: `in block ${String(info.blockNumber)}` });
      }
    } catch (e) {
      if (!(e instanceof AirlockError) || !e.code.startsWith('NODE_')) throw e;
    }
  }

  list(args: { status?: TxStatus; limit?: number } = {}): ListEntryView[] {
    const now = this.now();
    const rows = this.store.listTransactions({ weights: true, ...(args.limit !== undefined && { limit: args.limit }) });
    const out: ListEntryView[] = [];
    const names = new Map<string, string>(); // Base58 costs a double sha256: once per account
    for (const r of rows) {
      const status = this.shownStatus(r.status, r.expiration, now);
      if (args.status !== undefined && status !== args.status) continue;
      const accountKey = txKey(r.account);
      let account = names.get(accountKey);
      if (account === undefined) names.set(accountKey, (account = addressToBase58(r.account)));
      out.push(listEntry(r, account, status, r.weight ?? '0', r.threshold ?? null, now));
    }
    return out;
  }

  private refreshStatus(r: TransactionRecord): TxStatus {
    if (r.status !== 'draft' && r.status !== 'collecting' && r.status !== 'ready') return r.status;
    const sigs = this.store.listSignatures(r.txId).length;
    const next: TxStatus = sigs === 0 ? 'draft' : this.approval(r).enough ? 'ready' : 'collecting';
    if (next !== r.status) this.store.setStatus(r.txId, next);
    return next;
  }

  // ---- signing ------------------------------------------------------------------------------

  /** Signs with `key`, or by default every local key of the permission that has not signed. */
  async sign(args: { txId: string; key?: string }): Promise<SignView> {
    const r = this.record(args.txId);
    const now = this.now();
    if (now >= r.expiration) fail('EXPIRED', `txid: transaction ${bytesToHex(r.txId)} expired ${formatDuration(now - r.expiration)} ago; make a new one with airlock reissue ${bytesToHex(r.txId)}`, { field: 'txid' });
    if (r.status !== 'draft' && r.status !== 'collecting' && r.status !== 'ready') fail('CONFLICT', `txid: the transaction is ${r.status}; there is nothing to sign`, { field: 'txid' });
    if (r.permission === null) fail('PERMISSION', `txid: this station does not know the permission ${r.permissionId} of ${addressToBase58(r.account)}; fetch the account (airlock account fetch) or import a handoff file that carries it`, { field: 'txid' });
    // The shared pre-sign checks (shared/approval/sign-check.ts), as tx sign and the node run them.
    const check = checkSignable(this.signed(r), { now, permission: this.permissionFromBytes(r.permission) });
    const { numbers } = this.approval(r);
    let targets: Address[];
    if (args.key !== undefined) {
      const k = addressArg(args.key, 'key');
      if (!this.store.getKey(k)) fail('NOT_FOUND', `key: this station holds no key for ${addressToBase58(k)}`, { field: 'key' });
      checkSigner(check, k);
      targets = [k];
    } else {
      targets = numbers.couldSign.filter((s) => s.local).map((s) => parseAddress(s.address));
      if (targets.length === 0) {
        fail('PERMISSION', `txid: no key on this station can add a signature (keys of the permission that have not signed: ${numbers.couldSign.map((s) => s.address).join(', ') || 'none'})`, { field: 'txid' });
      }
      for (const t of targets) checkSigner(check, t);
    }
    if (numbers.signers.length + targets.length > MAX_SIGNATURES) fail('PERMISSION', `txid: a transaction carries at most ${MAX_SIGNATURES} signatures`, { field: 'txid' });
    const vault = this.vault();
    const signed: string[] = [];
    for (const t of targets) {
      const b58 = addressToBase58(t);
      const signature = await vault.sign(b58, r.txId);
      if (!equalBytes(recoverSigner(signature, r.txId), t)) fail('INTERNAL', `the vault's signature for ${b58} does not recover to it`, { field: 'key' });
      this.store.addSignature({ txId: r.txId, signer: t, signature, origin: { kind: 'local key' } });
      signed.push(b58);
    }
    const status = this.refreshStatus(this.record(r.txId));
    return { txId: bytesToHex(r.txId), signed, status, transaction: this.view(r.txId) };
  }

  // ---- handoff files ------------------------------------------------------------------------

  private handoffPermission(r: TransactionRecord): HandoffPermission {
    if (r.permission === null) fail('PERMISSION', `txid: this station does not know the permission the signers count against; fetch the account ${addressToBase58(r.account)} first`, { field: 'txid' });
    const permission = this.permissionFromBytes(r.permission);
    const stored = this.store.getAccount(r.account);
    const base = stored ? snapshotAccountOf(stored.account, stored.source, stored.fetchedAt) : undefined;
    const permissions = replacePermission(base?.permissions ?? { active_permission: [] }, r.permissionId, permission);
    return { address: addressToBase58(r.account), permissions, source: base?.source ?? { file: 'unknown' }, at: base?.at ?? r.createdAt };
  }

  exportHandoff(args: { txId: string; file: string }): { file: string; txId: string; signatures: number } {
    const file = textArg(args.file, 'file', 4096);
    const r = this.record(args.txId);
    const tx = this.signed(r);
    const decoded = decodeRaw(r.raw);
    const tokens: SnapshotToken[] = [];
    const tokenId = (decoded.contract as { assetName?: Uint8Array }).assetName;
    if (tokenId && /^[0-9]+$/.test(new TextDecoder().decode(tokenId))) {
      const t = this.store.getToken(new TextDecoder().decode(tokenId));
      const file = t && tokenFile(t, getTokenSale(this.store, t.id));
      if (file && fileCarriesToken(file)) tokens.push(file);
    }
    const handoff = exportHandoff({ tx, permission: this.handoffPermission(r), tokens, note: r.note, now: this.now() });
    writeFileSync(file, stringifyHandoff(handoff));
    this.store.appendAudit({ action: 'handoff.export', subject: bytesToHex(r.txId), details: { file: basename(file), signatures: tx.signatures.length } });
    return { file, txId: bytesToHex(r.txId), signatures: tx.signatures.length };
  }

  /**
   * Imports handoff files or plain transaction JSON, several at once; copies of one transaction
   * signed in parallel merge. A transaction the store knows keeps its record and permission: a
   * file only adds signatures, each counted against the permission the store holds.
   */
  importFiles(args: { files: string[] }): ImportFileView[] {
    if (!Array.isArray(args.files) || args.files.length === 0) fail('INVALID_INPUT', 'file: name at least one file', { field: 'file' });
    if (args.files.length > 100) fail('INVALID_INPUT', 'file: at most 100 files at once', { field: 'file' });
    const now = this.now();
    // Read and check every file before storing anything from any of them.
    const imports = args.files.map((path, i) => {
      const { name, text } = readBoundedFile(path, `file[${i}]`, MAX_INPUT_FILE_BYTES);
      let parsed: unknown;
      try {
        parsed = parseJson(text, name);
      } catch (e) {
        if (e instanceof AirlockError) fail(e.code, `${name}: ${e.message}`, { ...e.details, file: name });
        throw e;
      }
      const permission = this.storedPermissionFor(parsed);
      try {
        return { name, imp: parseHandoff(text, { now, ...(permission && { permission }) }) };
      } catch (e) {
        if (e instanceof AirlockError) fail(e.code, `${name}: ${e.message}`, { ...e.details, file: name });
        throw e;
      }
    });
    const views: ImportFileView[] = [];
    for (const { name, imp } of imports) views.push(this.importOne(name, imp));
    return views;
  }

  /** For plain transaction JSON: the permission the store knows for its owner, to count signers. */
  private storedPermissionFor(parsed: unknown): HandoffPermission | undefined {
    if (typeof parsed !== 'object' || parsed === null || 'format' in parsed) return undefined;
    try {
      const hex = (parsed as { raw_data_hex?: unknown }).raw_data_hex;
      if (typeof hex !== 'string') return undefined;
      const decoded = decodeRaw(hexToBytes(hex));
      const stored = this.store.getAccount(decoded.ownerAddress);
      if (!stored) return undefined;
      const a = snapshotAccountOf(stored.account, stored.source, stored.fetchedAt);
      return { address: a.address, permissions: a.permissions, source: a.source, at: a.at };
    } catch {
      return undefined;
    }
  }

  private importOne(name: string, imp: HandoffImport): ImportFileView {
    const txId = hexToBytes(imp.txID);
    const rawBytes = hexToBytes(imp.transaction.raw_data_hex);
    const decoded = decodeRaw(rawBytes);
    const warnings: string[] = [];
    const known = this.store.getTransaction(txId);
    let permissionBytes: Uint8Array | null = known ? known.permission : null;
    if (!known && imp.permission) {
      const ap = accountPermissionsFromJson(imp.permission.address, imp.permission.permissions);
      const p = imp.permissionId === 0 ? ap.owner : ap.actives.find((x) => x.id === imp.permissionId);
      if (p) permissionBytes = toBinary(PermissionSchema, p);
    }
    // Signatures not already stored must count under the permission the store holds (or will).
    const storedSigners = known ? this.store.listSignatures(txId).map((s) => bytesToHex(s.signer)) : [];
    const fresh = imp.signers.filter((s) => !storedSigners.includes(s.hex.toLowerCase()));
    if (permissionBytes !== null) {
      const permission = this.permissionFromBytes(permissionBytes);
      for (const s of fresh) {
        if (!permission.keys.some((k) => bytesToHex(k.address) === s.hex.toLowerCase())) {
          fail('PERMISSION', `${name}: signer ${s.address} is not a key of permission ${imp.permissionId} as this station knows it; nothing was imported from this file`, { field: 'signature', file: name });
        }
      }
      if (known && imp.permission) {
        const fileP = accountPermissionsFromJson(imp.permission.address, imp.permission.permissions);
        const fp = imp.permissionId === 0 ? fileP.owner : fileP.actives.find((x) => x.id === imp.permissionId);
        if (fp && !equalBytes(toBinary(PermissionSchema, fp), permissionBytes)) warnings.push('the file carries another version of the permission than this station holds; the station kept its own');
      }
    } else if (fresh.length > 0) {
      warnings.push('this station does not know the permission, so the signatures were checked only for belonging to this transaction');
    }
    if (storedSigners.length + fresh.length > MAX_SIGNATURES) fail('PERMISSION', `${name}: together with the stored signatures this makes more than ${MAX_SIGNATURES}`, { field: 'signature', file: name });
    this.store.atomic(() => {
      if (!known) {
        this.store.insertTransaction({
          txId, raw: rawBytes, kind: decoded.contractType, account: decoded.ownerAddress, permissionId: decoded.permissionId,
          expiration: imp.expiration, note: imp.note.slice(0, 2_000), permission: permissionBytes,
        });
        if (imp.permission && !this.store.getAccount(decoded.ownerAddress)) {
          const a: SnapshotAccount = { address: imp.permission.address, exists: true, permissions: imp.permission.permissions, balance: '0', tokens: [], source: imp.permission.source, at: imp.permission.at };
          this.putSnapshotAccount(a, { kind: 'file', file: name });
        }
        for (const t of imp.tokens) if (!this.store.getToken(t.id)) this.putTokenWithSale(t, saleOfSnapshotToken(t), { kind: 'file', file: name });
      }
      for (const s of fresh) {
        this.store.addSignature({ txId, signer: hexToBytes(s.hex), signature: hexToBytes(s.signature), origin: { kind: known || storedSigners.length > 0 ? 'merge' : 'file', file: name } });
      }
      this.refreshStatus(this.store.getTransaction(txId)!);
    });
    return {
      file: name,
      txId: imp.txID,
      kind: imp.kind,
      added: fresh.map((s) => s.address),
      known: imp.signers.filter((s) => storedSigners.includes(s.hex.toLowerCase())).map((s) => s.address),
      newTransaction: !known,
      warnings,
    };
  }

  // ---- reissue and broadcast ----------------------------------------------------------------

  /** A NEW transaction with the same contract and fresh TaPoS and times; signatures do not carry over. */
  async reissue(args: { txId: string; expiresIn?: string }): Promise<BuildView & { old: string; text: string }> {
    const r = this.record(args.txId);
    const now = this.now();
    const left = r.expiration - now;
    if (left > REISSUE_WINDOW_MS) fail('CONFLICT', `txid: the transaction has ${formatDuration(left)} left; reissue is for one that has expired or has less than ${formatDuration(REISSUE_WINDOW_MS)} left`, { field: 'txid' });
    if (r.status === 'broadcast' || r.status === 'confirmed') fail('CONFLICT', `txid: the transaction is ${r.status}; re-issuing it could pay twice`, { field: 'txid' });
    const decoded = decodeRaw(r.raw);
    const built = await this.buildCall(contractCall(decoded), r.account, { permissionId: r.permissionId, note: r.note, ...(args.expiresIn !== undefined && { expiresIn: args.expiresIn }) });
    if (left <= 0 && r.status !== 'expired' && r.status !== 'failed') this.store.setStatus(r.txId, 'expired');
    this.store.appendAudit({ action: 'transaction.reissue', subject: built.txId, details: { old: bytesToHex(r.txId) } });
    const n = r.signatureCount;
    return {
      ...built,
      old: bytesToHex(r.txId),
      text: `New transaction ${built.txId} replaces ${bytesToHex(r.txId)}. Earlier signatures do not carry over: ${n === 0 ? 'it had none' : `the ${n} signature${n === 1 ? '' : 's'} on the old one must be made again`} on the new one.`,
    };
  }

  /**
   * The dry run before broadcast, the same step broadcast runs first: the node's permissions now
   * against the copy the signers counted against, and getsignweight. Reads the node; stores nothing.
   */
  async preflight(args: { txId: string }): Promise<PreflightView> {
    const r = this.record(args.txId);
    const { comparison, signWeight } = await this.dryRun(r);
    const verdict = `The node's dry run: ${signWeight.code}${signWeight.message ? ` (${signWeight.message})` : ''}, weight ${signWeight.weight} of ${signWeight.threshold ?? '?'}, ${signWeight.enough ? 'enough' : 'not enough'} to broadcast.`;
    return { txId: bytesToHex(r.txId), comparison, signWeight, text: `${comparison.text} ${verdict}` };
  }

  /** What preflight and broadcast both run first; refuses what could never be broadcast. */
  private async dryRun(r: TransactionRecord): Promise<{ tx: SignedTransaction; comparison: PermissionComparison; signWeight: SignWeightView }> {
    const now = this.now();
    const id = bytesToHex(r.txId);
    if (now >= r.expiration) fail('EXPIRED', `txid: transaction ${id} expired ${formatDuration(now - r.expiration)} ago; make a new one with airlock reissue ${id}`, { field: 'txid' });
    if (r.status === 'broadcast' || r.status === 'confirmed') fail('CONFLICT', `txid: the transaction is ${r.status} already`, { field: 'txid' });
    const tx = this.signed(r);
    if (tx.signatures.length === 0) fail('PERMISSION', `txid: transaction ${id} has no signature yet; sign it first (airlock sign ${id})`, { field: 'txid' });
    const nowAccount = await this.online((node) => node.account(addressToBase58(r.account)));
    const node = await this.nodeReady();
    const seen = r.permission === null ? nowAccount.permissions : replacePermission(nowAccount.permissions, r.permissionId, this.permissionFromBytes(r.permission));
    const stored = this.store.getAccount(r.account);
    const snapshot: HandoffPermission = { address: nowAccount.address, permissions: seen, source: stored ? sourceToFile(stored.source) : { file: 'unknown' }, at: stored?.fetchedAt ?? r.createdAt };
    return { tx, comparison: comparePermissions(snapshot, nowAccount, tx), signWeight: await node.signWeight(tx) };
  }

  async broadcast(args: { txId: string }): Promise<BroadcastView> {
    const r = this.record(args.txId);
    const { tx, comparison, signWeight } = await this.dryRun(r);
    if (!signWeight.enough) {
      fail('PERMISSION', `the node's dry run says the signatures are not enough: ${signWeight.code}${signWeight.message ? ` (${signWeight.message})` : ''}, weight ${signWeight.weight} of ${signWeight.threshold ?? '?'}. ${comparison.text} Nothing was broadcast.`, { field: 'txid', signWeight, comparison });
    }
    const answer = await (await this.nodeReady()).broadcast(tx);
    const status: TxStatus = answer.accepted ? 'broadcast' : 'failed';
    this.store.setStatus(r.txId, status, { nodeAnswer: answer.text });
    return { txId: bytesToHex(r.txId), accepted: answer.accepted, status, text: `${comparison.changed ? `${comparison.text} ` : ''}${answer.text}`, comparison, signWeight };
  }

  // ---- vault passphrase (the keystore unlocked from the UI)

  /** The passphrase typed in the desktop app (`vaultUnlock`), held in main until `vaultLock` or close. */
  private readonly heldPassphrase = new HeldPassphrase();

  /** The held passphrase, else the options' source (the CLI's prompt or file), else VAULT_LOCKED. */
  private async passphraseFor(purpose: PassphrasePurpose): Promise<Uint8Array> {
    const held = this.heldPassphrase.copy(purpose);
    if (held !== null) return held;
    if (this.options.passphrase) return this.options.passphrase(purpose);
    fail('VAULT_LOCKED', 'the keystore is locked: enter its passphrase on the Keys screen (in a terminal: --passphrase-file F or --passphrase-fd N)', { field: 'passphrase' });
  }

  /** Locked: a keystore station with no passphrase held and no source to ask, so signing and key changes would fail. */
  vaultLocked(): boolean {
    return this.vaultKind() === 'keystore' && !this.heldPassphrase.held && this.options.passphrase === undefined;
  }

  /** The vault's status (never throws), with whether the keystore waits for its passphrase. */
  async vaultStatus(): Promise<VaultStatusView> {
    const s = await this.vault().status();
    const locked = this.vaultLocked();
    const message = !locked
      ? s.message ?? null
      : existsSync(join(this.dataDir, KEYSTORE_FILE))
        ? 'The keystore is locked: enter its passphrase to sign or to change keys.'
        : `There is no keystore yet: choose its passphrase (at least ${PASSPHRASE_MIN_BYTES} bytes); the first key creates the keystore with it.`;
    return { kind: s.kind, available: s.available, message, locked };
  }

  /**
   * Holds `passphrase` (owned from now on; always wiped, at once when refused) as the keystore's
   * passphrase for this session, after proving it against the keystore file: a wrong one is the
   * vault's KEYSTORE_PASSPHRASE and changes nothing (a passphrase held before stays held). With no
   * keystore yet it becomes the new keystore's passphrase, so it must be long enough for one.
   */
  async vaultUnlock(passphrase: Uint8Array): Promise<VaultStatusView> {
    let pending: Uint8Array | null = passphrase;
    try {
      if (!(passphrase instanceof Uint8Array)) fail('INVALID_INPUT', 'passphrase: expected bytes', { field: 'passphrase' });
      if (this.vaultKind() !== 'keystore') fail('INVALID_INPUT', 'passphrase: this station keeps its keys in the system keychain, which takes no passphrase here', { field: 'passphrase' });
      if (passphrase.length === 0) fail('INVALID_INPUT', 'passphrase: the passphrase is empty', { field: 'passphrase' });
      if (passphrase.length > PASSPHRASE_MAX_BYTES) fail('INVALID_INPUT', `passphrase: a passphrase is at most ${PASSPHRASE_MAX_BYTES} bytes`, { field: 'passphrase' });
      // A vault of its own asks the candidate while it is checked, then the held passphrase.
      const vault = this.openVaultWith(async (purpose) => (pending !== null ? Uint8Array.from(pending) : this.passphraseFor(purpose)));
      const existing = vault instanceof KeystoreVaultCtor && (await vault.checkPassphrase());
      if (!existing && passphrase.length < PASSPHRASE_MIN_BYTES) {
        fail('INVALID_INPUT', `passphrase: a new keystore's passphrase must be at least ${PASSPHRASE_MIN_BYTES} bytes`, { field: 'passphrase' });
      }
      this.heldPassphrase.hold(passphrase);
      pending = null;
      this.vaultInstance?.lock();
      this.vaultInstance = vault;
    } finally {
      if (pending !== null) wipe(pending);
    }
    return this.vaultStatus();
  }

  /** Wipes the held passphrase and the keystore's derived key: the next use needs `vaultUnlock` again. */
  vaultLock(): Promise<VaultStatusView> {
    this.heldPassphrase.clear();
    this.vaultInstance?.lock();
    return this.vaultStatus();
  }

  // ---- tokens

  /** Stores a token's row and, when known, its sale, in one store transaction. */
  private putTokenWithSale(t: SnapshotToken, sale: TokenSale | null, source: Source): void {
    this.store.atomic(() => {
      this.store.putToken(tokenInput(t, source));
      if (sale) putTokenSale(this.store, t.id, sale);
    });
  }

  /**
   * A token by id (issue 10): from the store, or read from the node (getassetissuebyid) and stored
   * when the store does not have it or `fetch` asks. A stored token is shown offline as it was read,
   * with its source and age; an unknown one needs the node (NODE_UNREACHABLE says so) or a snapshot.
   */
  async tokenShow(args: { id: string; fetch?: boolean }): Promise<TokenView> {
    const id = tokenIdArg(args.id, 'id');
    if (args.fetch !== undefined && typeof args.fetch !== 'boolean') rejectField('fetch', `must be true or false, got ${kindOf(args.fetch)}`);
    if (args.fetch === true || !this.store.getToken(id)) {
      const { token, sale } = await this.online(async (node) => {
        try {
          return await node.tokenDetails(id);
        } catch (e) {
          if (e instanceof AirlockError && e.code === 'NOT_FOUND') fail('NOT_FOUND', `id: token ${id} does not exist on the node at ${this.nodeUrl()}`, { field: 'id' });
          throw e;
        }
      });
      this.putTokenWithSale(token, sale, { kind: 'node', url: this.nodeUrl() });
    }
    return this.storedTokenView(this.store.getToken(id)!);
  }

  /** Every token this station has stored, by id. */
  tokenList(): { tokens: TokenView[] } {
    return { tokens: this.store.listTokens().map((t) => this.storedTokenView(t)) };
  }

  private storedTokenView(t: TokenRecord): TokenView {
    return tokenView(t, getTokenSale(this.store, t.id), addressToBase58(t.owner), sourceView(t.source).text, this.now());
  }

  // ---- address book
  // The book and label resolution live in address-book.ts; these are the services' thin entries.

  /** Every label of the book, sorted by label. */
  bookList(): { entries: BookEntryView[] } {
    return { entries: bookEntries(this.store) };
  }

  /** Adds or replaces the label of `address` (audited by the store as `label.set`). */
  bookSet(args: { address: string; label: string }): BookEntryView {
    const a = addressArg(args.address, 'address');
    const label = bookLabelInput(args.label, 'label');
    return bookEntryView(this.store.setLabel(a, label));
  }

  /** Removes the label of `address` (audited as `label.delete`); NOT_FOUND when it has none. */
  bookDelete(args: { address: string }): { address: string; deleted: boolean } {
    const a = addressArg(args.address, 'address');
    if (!this.store.deleteLabel(a)) fail('NOT_FOUND', `address: the address book has no label for ${addressToBase58(a)}`, { field: 'address' });
    return { address: addressToBase58(a), deleted: true };
  }

  /** Every label this station knows, read once: for views that show many addresses. */
  labels(): LabelIndex {
    return new LabelIndex(this.store);
  }

  /** One sentence per address `view` names that imitates a known one (shared/views/lookalike.ts), for a build's warnings. */
  lookalikeWarnings(view: unknown): string[] {
    const labels = this.labels();
    return addressesIn(view).flatMap((address) => {
      const l = labels.lookalike(address);
      if (l === null) return [];
      const name = l.label === null ? '' : ` ("${escapeText(l.label)}")`;
      return [`look-alike address: ${address} is not in the address book but starts and ends like ${l.imitates}${name}; check every character`];
    });
  }

  /** The label of one address: the key's own, then the book's; null when none. */
  labelOf(address: Uint8Array | string): string | null {
    return this.labels().labelOf(address);
  }

  // ---- proofs of possession
  // Logic in proofs.ts (issue 10); these parse the addresses and pass the station's parts.

  private proofDeps(): ProofDeps {
    return { store: this.store, vault: () => this.vault(), now: () => this.now() };
  }

  /** A challenge file for `key` of the proposed permissions (the node's AccountPermissionUpdateContract JSON text); stored as pending. */
  proofChallenge(args: { account: string; key: string; permissionJson: string; lifetimeMs?: number }): ProofChallengeView {
    return makeProofChallenge(this.proofDeps(), {
      account: addressArg(args.account, 'account'), key: addressArg(args.key, 'key'), permissionJson: textArg(args.permissionJson, 'permissionJson', MAX_PERMISSION_JSON_BYTES),
      ...(args.lifetimeMs !== undefined && { lifetimeMs: args.lifetimeMs }),
    });
  }

  /** The proof file answering a challenge file, signed in the vault by the key it names (held here). */
  proofSign(args: { text: string }): Promise<ProofSignView> {
    return signProofChallenge(this.proofDeps(), textArg(args.text, 'text', MAX_INPUT_FILE_BYTES));
  }

  /** Verifies a proof file against the pending challenge it answers, and stores it; refused with one sentence otherwise. */
  proofImport(args: { fileName: string; text: string }): ProvedKeyView {
    return importProofFile(this.proofDeps(), { fileName: args.fileName, text: textArg(args.text, 'text', MAX_INPUT_FILE_BYTES) });
  }

  /** Keys proved to this station, with the permission hash each proved and when. */
  proofList(args: { account?: string } = {}): ProvedKeyView[] {
    return listProvedKeys(this.proofDeps(), args.account === undefined ? undefined : addressArg(args.account, 'account'));
  }

  // ---- permission analysis (lockout guard, known signers)

  /**
   * Keys this station has seen sign: its own keys, every key with a verified proof of possession
   * (its signature recovered over the digest of a challenge made here, which named the key first),
   * and the signers of stored transactions that PROVE a key is held (`provedBySignature`).
   */
  private signersKnown(): { local: Address[]; seen: Address[]; signed: Address[]; proved: Address[] } {
    const local = this.store.listKeys().map((k) => k.address);
    const signed = this.provedBySignature();
    const proved = this.store.listProofs().map((p) => p.key);
    return { local, seen: [...signed, ...proved], signed, proved };
  }

  /**
   * The signers of stored signatures that prove their key is held. Random (r, s, v) recovers to
   * SOME key, so a signature proves possession only of a key that was named before it was made:
   * here, a key of the permission its transaction is counted against, as this station observed
   * that permission from the node (the stored account of the transaction's owner, fetched by this
   * station: source kind 'node'). A permission a file claims (a handoff, a snapshot, a plain
   * transaction of an unknown account) proves nothing, as the attacker writes it around the key his
   * random bytes recover to. The permission stored with a transaction does not record where it came
   * from, so the station's observed account is the only one trusted; a signature whose permission
   * the node has since changed stops counting, which errs towards "needs override". Each counted
   * signature is recovered again over its txID (the store checked txID = sha256(raw)).
   */
  private provedBySignature(): Address[] {
    const out = new Map<string, Address>();
    const observed = new Map<string, AccountPermissions | null>();
    for (const s of this.store.listSignedKeys()) {
      const hex = bytesToHex(s.signer);
      if (out.has(hex)) continue;
      const accountHex = bytesToHex(s.account);
      let permissions = observed.get(accountHex);
      if (permissions === undefined) {
        const stored = this.store.getAccount(s.account);
        permissions = stored && stored.source.kind === 'node' ? accountPermissionsFromAccount(fromBinary(AccountSchema, stored.account)) : null;
        observed.set(accountHex, permissions);
      }
      if (permissions === null) continue;
      let permission: Permission;
      try {
        permission = resolvePermission(permissions, s.account, s.permissionId, 'broadcast');
      } catch {
        continue; // the observed account has no such permission (any more)
      }
      if (!permission.keys.some((k) => equalBytes(k.address, s.signer))) continue;
      if (!this.recoversTo(s.signature, s.txId, s.signer)) continue;
      out.set(hex, s.signer);
    }
    return [...out.values()];
  }

  /** Recovered signatures, remembered: the same bytes always recover to the same key. */
  private readonly recovered = new Map<string, boolean>();

  private recoversTo(signature: Uint8Array, txId: Uint8Array, signer: Address): boolean {
    const key = `${bytesToHex(txId)}${bytesToHex(signature)}${bytesToHex(signer)}`;
    let ok = this.recovered.get(key);
    if (ok === undefined) {
      try {
        ok = equalBytes(recoverSigner(signature, txId), signer);
      } catch {
        ok = false;
      }
      if (this.recovered.size > 10_000) this.recovered.clear();
      this.recovered.set(key, ok);
    }
    return ok;
  }

  /** The addresses the lockout guard counts as seen, with why: `local` (held here), `signed` and/or `proved`. */
  knownSigners(): { address: string; local: boolean; signed: boolean; proved: boolean }[] {
    const { local, signed, proved } = this.signersKnown();
    const byHex = new Map<string, { address: string; local: boolean; signed: boolean; proved: boolean }>();
    const entry = (a: Address) => {
      const hex = bytesToHex(a);
      let e = byHex.get(hex);
      if (!e) byHex.set(hex, (e = { address: addressToBase58(a), local: false, signed: false, proved: false }));
      return e;
    };
    for (const a of local) entry(a).local = true;
    for (const a of signed) entry(a).signed = true;
    for (const a of proved) entry(a).proved = true;
    return [...byHex.values()].sort((x, y) => (x.address < y.address ? -1 : x.address > y.address ? 1 : 0));
  }

  /**
   * A proposed permission update checked without building it: the node's rules, the diff against
   * the stored account, the fee under the signing permission (`permissionId`, default the owner),
   * and the lockout verdict. The account must be stored (fetched or from a snapshot).
   */
  permissionCheck(args: { json: unknown; permissionId?: string | number }): PermissionCheckView {
    const c = contractFromJson<AccountPermissionUpdateContract>(AccountPermissionUpdateContractSchema, args.json, 'permission-update');
    const owner = c.ownerAddress;
    if (owner.length !== 21) fail('BAD_ADDRESS', 'permission-update.owner_address: not an address', { field: 'owner_address' });
    const r = this.store.getAccount(owner);
    if (!r) fail('NOT_FOUND', `owner_address: no account ${addressToBase58(owner)} on this station; run airlock account fetch ${addressToBase58(owner)} (online) or import a snapshot`, { field: 'owner_address' });
    const account = fromBinary(AccountSchema, r.account);
    const current = accountPermissionsFromAccount(account);
    const signing = this.permissionOf(owner, permissionIdArg(args.permissionId), undefined);
    const { local, seen } = this.signersKnown();
    return checkPermissionUpdate(c, {
      account: owner,
      current,
      isExecutive: account.isExecutive || current.executive !== undefined,
      signing,
      knownSigners: seen,
      localKeys: local,
    });
  }
}

interface Plan {
  tapos: ReturnType<typeof planFromSnapshot>;
  basis: string;
  /** The owner's account as the node has it now (online only); stored with the transaction. */
  fetched?: SnapshotAccount;
}

export interface BuildOptions {
  permissionId?: string | number;
  expiresIn?: string;
  note?: string;
}

function contractFromJson<T extends Message>(schema: Parameters<typeof messageFromNodeJson>[0], json: unknown, field: string): T {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) fail('BAD_JSON', `${field}: expected the node's ${schema.name} JSON object`, { field });
  const { visible, ...rest } = json as Record<string, unknown>;
  if (visible !== undefined && typeof visible !== 'boolean') fail('BAD_JSON', `${field}.visible: expected true or false`, { field: `${field}.visible` });
  return messageFromNodeJson<T>(schema, rest, { visible: visible === true, path: field });
}

function tokenInput(t: SnapshotToken, source: Source): TokenInput {
  return {
    id: t.id, name: t.name, abbreviation: t.abbreviation, precision: t.precision, owner: parseAddress(t.owner), totalSupply: t.total_supply,
    description: t.description.slice(0, 2_000), url: t.url.slice(0, 2_048), source,
  };
}

/** A stored token as the handoff file carries it; the sale is 0s when the station does not know it. */
function tokenFile(t: TokenRecord, sale: TokenSale | null): SnapshotToken {
  return {
    id: t.id, name: t.name, abbreviation: t.abbreviation, precision: t.precision, owner: addressToBase58(t.owner), total_supply: t.totalSupply,
    coin_num: sale?.coinNum ?? 0, num: sale?.num ?? 0, start_time: sale?.startTime ?? 0, end_time: sale?.endTime ?? 0, description: t.description, url: t.url,
  };
}

function listEntry(r: TransactionSummary, account: string, status: TxStatus, weight: string, threshold: string | null, now: number): ListEntryView {
  return {
    txId: txKey(r.txId), kind: r.kind, account, status, weight, threshold,
    signatureCount: r.signatureCount, expiration: r.expiration, expiresInMs: r.expiration - now, timeLeft: timeLeft(r.expiration - now), note: r.note,
  };
}

function statusText(v: TransactionView): string {
  const lines = [`${v.kind} ${v.txId}: ${v.status}, ${v.timeLeft}`];
  if (v.threshold === null) lines.push(`${v.signatureCount} signature(s); the permission is not known here, so the weight is not known`);
  else lines.push(`weight ${v.weight} of ${v.threshold}${v.missing !== '0' ? `, ${v.missing} missing` : ', enough'}`);
  return lines.join('\n');
}

function openVaultWithScrypt(dataDir: string, passphrase: PassphraseSource, scrypt: ScryptParams): Vault {
  // Only tests and benchmarks lower the keystore's cost; the station itself uses the default.
  return new KeystoreVaultCtor({ dataDir, passphrase, scrypt });
}

/** Opens one station: its store in `dataDir`, its vault, and the node client it talks through. */
export function openStation(options: StationOptions): Station {
  if (typeof options !== 'object' || options === null) fail('INVALID_INPUT', 'openStation: expected options', { field: 'options' });
  textArg(options.dataDir, 'data-dir', 4096);
  if (options.nodeUrl !== undefined) new NodeClient({ baseUrl: options.nodeUrl });
  return new Station(options);
}
