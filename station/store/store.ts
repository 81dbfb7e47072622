/**
 * The station's store (issue 7, "Store"): one SQLite file per station data directory holding key
 * metadata (never a secret), accounts with the permission snapshot each came with, chain snapshots
 * for TaPoS, tokens, transactions with their signatures, address-book labels, proofs of possession
 * (challenges made here and the proofs that answered them), settings, and an
 * append-only audit log whose entries are chained by sha256.
 *
 * Invariants this file guards:
 * - Durability: WAL with synchronous=FULL, so a write reported as done (above all a signature) is
 *   on disk before the call returns and survives a crash or power loss.
 * - Every write is one SQLite transaction together with its audit entry: both land or neither.
 * - Input is checked at the edge, before any SQL runs: a bad field is a coded error naming the
 *   method and the field, and nothing is written. Messages name fields and limits, never quote
 *   values (a pasted private key must not end up in a log).
 * - Text is stored verbatim (control and bidi characters included) and never interpreted; text
 *   that UTF-8 cannot carry (a lone surrogate) is refused rather than silently altered.
 * - Values leave the store as plain data: numbers, strings, Uint8Array, no bigint, no Buffer.
 *
 * Depends only on better-sqlite3, node:fs/path and shared/; it never imports `electron`.
 */
import { mkdirSync, openSync, closeSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sha256 } from '@noble/hashes/sha2.js';
import { AccountSchema, PermissionSchema } from '../../shared/gen/protocol/core_pb.ts';
import { fromBinary } from '@bufbuild/protobuf';
import { ADDRESS_LENGTH, ADDRESS_PREFIX } from '../../shared/chain/address.ts';
import { bytesToHex, equalBytes, hexToBytes, utf8ToBytes } from '../../shared/base/bytes.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { INT64_MAX } from '../../shared/base/int64.ts';
import { SIGNATURE_LENGTH } from '../../shared/chain/verify.ts';
import { MAX_PRECISION } from '../../shared/contracts/token.ts';
import { MAX_TRANSACTION_BYTES, txIdOf } from '../../shared/chain/transaction.ts';
import { applyMigrations, refuseNewer } from './migrations.ts';

/** The key `listApprovalFacts` files a transaction under: its txID in lowercase hex. */
export function txKey(txId: Uint8Array): string {
  return Buffer.from(txId.buffer, txId.byteOffset, txId.byteLength).toString('hex');
}

/** The file a station keeps inside its data directory. */
export const STORE_FILE_NAME = 'station.sqlite';

/** Limits on stored text, in UTF-16 code units (what `.length` counts). */
export const MAX_LABEL_LENGTH = 200;
export const MAX_NOTE_LENGTH = 2_000;
export const MAX_NODE_ANSWER_LENGTH = 65_536;
export const MAX_FILE_NAME_LENGTH = 1_024;
export const MAX_URL_LENGTH = 2_048;
export const MAX_SETTING_KEY_LENGTH = 200;
/** A setting value or audit details, as JSON text. */
export const MAX_JSON_LENGTH = 65_536;
export const MAX_JSON_DEPTH = 32;
/** Largest listing one call returns. */
export const MAX_LIST_LIMIT = 100_000;

export type Clock = () => number;
export type Vault = 'keychain' | 'keystore';
export const VAULTS: readonly Vault[] = ['keychain', 'keystore'];

export const TX_STATUSES = ['draft', 'collecting', 'ready', 'broadcast', 'confirmed', 'failed', 'expired'] as const;
export type TxStatus = (typeof TX_STATUSES)[number];
/** Statuses a transaction never leaves: it is on chain, or it can no longer be (re-issue instead). */
export const FINAL_STATUSES: readonly TxStatus[] = ['confirmed', 'expired'];

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Where data came from: a node (URL, and the block it was read at when known) or a file. */
export type Source =
  | { kind: 'node'; url: string; blockNumber?: number; blockId?: Uint8Array }
  | { kind: 'file'; file: string };

/** Where a signature came from: made here with a local key, read from a handoff file, or merged. */
export type SignatureOrigin = { kind: 'local key' } | { kind: 'file'; file: string } | { kind: 'merge'; file: string };

export interface KeyInput {
  address: Uint8Array;
  label?: string;
  vault: Vault;
}
export interface KeyRecord {
  address: Uint8Array;
  label: string;
  vault: Vault;
  createdAt: number;
}

export interface AccountInput {
  address: Uint8Array;
  /** The node's Account message (protocol.Account) as bytes, permissions included. */
  account: Uint8Array;
  source: Source;
  /** When the source read it (ms since the epoch); the age shown to people. */
  fetchedAt: number;
}
export interface AccountRecord extends AccountInput {
  storedAt: number;
}

export interface ChainSnapshotInput {
  blockNumber: number;
  /** 32-byte block id. */
  blockId: Uint8Array;
  /** The block's timestamp, ms since the epoch. */
  blockTimestamp: number;
  source: Source;
}
export interface ChainSnapshotRecord extends ChainSnapshotInput {
  id: number;
  importedAt: number;
}

export interface TokenInput {
  /** The token id in decimal, as the node prints it ("1000001"). */
  id: string;
  name: string;
  abbreviation: string;
  precision: number;
  owner: Uint8Array;
  /** Decimal text: an int64 does not fit a JSON number. */
  totalSupply: string;
  description: string;
  url: string;
  source: Source;
}
export interface TokenRecord extends TokenInput {
  storedAt: number;
}

export interface TransactionInput {
  txId: Uint8Array;
  /** The raw_data bytes; `txId` must be their sha256. */
  raw: Uint8Array;
  /** The contract type name (TransferContract, …). */
  kind: string;
  /** The account whose permission must approve it (the contract's owner). */
  account: Uint8Array;
  permissionId: number;
  /** raw_data.expiration, ms since the epoch. */
  expiration: number;
  status?: TxStatus;
  note?: string;
  /** The Permission message (protocol.Permission) the signers saw, as bytes; null when unknown. */
  permission?: Uint8Array | null;
}
export interface TransactionSummary {
  txId: Uint8Array;
  kind: string;
  account: Uint8Array;
  permissionId: number;
  expiration: number;
  status: TxStatus;
  nodeAnswer: string | null;
  note: string;
  createdAt: number;
  updatedAt: number;
  signatureCount: number;
  /** Only with `weights: true`. */
  weight?: string | null;
  threshold?: string | null;
}
export interface TransactionRecord extends TransactionSummary {
  raw: Uint8Array;
  permission: Uint8Array | null;
}
export interface ListTransactionsQuery {
  status?: TxStatus | readonly TxStatus[];
  account?: Uint8Array;
  limit?: number;
  offset?: number;
  /**
   * Also sum each row's signer weights under its stored permission (`weight`, `threshold`, decimal
   * text; null without a permission) in the same query. No signature is recovered: each was checked
   * against the permission when it was stored.
   */
  weights?: boolean;
}

export interface SignatureInput {
  txId: Uint8Array;
  signer: Uint8Array;
  /** 65 bytes r‖s‖v. The caller has checked it recovers to `signer` over `txId`. */
  signature: Uint8Array;
  origin: SignatureOrigin;
}
export interface SignatureRecord extends SignatureInput {
  signedAt: number;
}
/** A stored signature with what its transaction is counted against (`Store.listSignedKeys`). */
export interface SignedKeyRecord {
  txId: Uint8Array;
  signer: Uint8Array;
  signature: Uint8Array;
  account: Uint8Array;
  permissionId: number;
}
export interface AddSignatureResult {
  /** false: this signer had already signed this transaction; `signature` is the stored one. */
  added: boolean;
  signature: SignatureRecord;
}

export interface LabelRecord {
  address: Uint8Array;
  label: string;
  updatedAt: number;
}

/** A challenge for a key to prove it is held (issue 10, shared/files/proof.ts), as made by this station. */
export interface KeyProofInput {
  nonce: Uint8Array;
  account: Uint8Array;
  permissionHash: Uint8Array;
  key: Uint8Array;
  createdAt: number;
  expiresAt: number;
}

/** A challenge and, once a proof answered it, the proof: `signature` and `verifiedAt` are set together. */
export interface KeyProofRecord extends KeyProofInput {
  signature: Uint8Array | null;
  verifiedAt: number | null;
  fileName: string | null;
}

export interface AuditInput {
  /** A short verb: `key.add`, `signature.add`, `broadcast`… ([a-z0-9._-], at most 64). */
  action: string;
  /** What it is about (a txID or an address in hex), or ''. */
  subject?: string;
  details?: { [key: string]: JsonValue };
}
export interface AuditEntry {
  seq: number;
  at: number;
  action: string;
  subject: string;
  details: { [key: string]: JsonValue };
  prevHash: Uint8Array;
  hash: Uint8Array;
}
export type AuditVerification =
  | { ok: true; entries: number }
  | { ok: false; entries: number; firstBad: number; reason: string };

export type StoreLocation = { dataDir: string } | { file: string };
export interface StoreOptions {
  /** ms since the epoch; injected so tests and replays control time. Default Date.now. */
  clock?: Clock;
}

const ZERO_HASH = new Uint8Array(32);
const ACTION_RE = /^[a-z][a-z0-9._-]{0,63}$/;
const KIND_RE = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
const DECIMAL_ID_RE = /^[1-9][0-9]{0,18}$/;
const DECIMAL_RE = /^(0|[1-9][0-9]{0,18})$/;
// With the u flag a paired surrogate is one code point, so this matches only lone ones.
const LONE_SURROGATE_RE = /[\uD800-\uDFFF]/u;

// ---------------------------------------------------------------------------------------------
// Edge checks. Each names the method and the field; none quotes the value.

function bad(fn: string, field: string, problem: string): never {
  fail('INVALID_INPUT', `${fn}: ${field} ${problem}`, { field });
}

function checkRecord(value: unknown, fn: string, field: string, allowed: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) bad(fn, field, 'must be an object');
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) bad(fn, field, `has an unknown member (allowed: ${allowed.join(', ')})`);
  }
  return value as Record<string, unknown>;
}

function checkBytes(value: unknown, fn: string, field: string, length?: number, max?: number): Uint8Array {
  if (!(value instanceof Uint8Array)) bad(fn, field, 'must be bytes (Uint8Array)');
  if (length !== undefined && value.length !== length) bad(fn, field, `must be ${length} bytes, got ${value.length}`);
  if (max !== undefined && value.length > max) bad(fn, field, `is ${value.length} bytes, at most ${max}`);
  if (value.length === 0) bad(fn, field, 'is empty');
  return value;
}

function checkAddressField(value: unknown, fn: string, field: string): Uint8Array {
  if (!(value instanceof Uint8Array)) bad(fn, field, 'must be address bytes (Uint8Array)');
  if (value.length !== ADDRESS_LENGTH || value[0] !== ADDRESS_PREFIX) {
    fail('BAD_ADDRESS', `${fn}: ${field} must be ${ADDRESS_LENGTH} bytes starting with 0x41`, { field });
  }
  return value;
}

function checkText(value: unknown, fn: string, field: string, max: number, allowEmpty = true): string {
  if (typeof value !== 'string') bad(fn, field, 'must be text');
  if (!allowEmpty && value.length === 0) bad(fn, field, 'is empty');
  if (value.length > max) bad(fn, field, `is ${value.length} characters, at most ${max}`);
  if (LONE_SURROGATE_RE.test(value)) bad(fn, field, 'holds a lone UTF-16 surrogate, which UTF-8 cannot store');
  return value;
}

function checkInteger(value: unknown, fn: string, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) bad(fn, field, 'must be a whole number');
  if (value < min || value > max) bad(fn, field, `must be between ${min} and ${max}`);
  return value;
}

function checkOneOf<T extends string>(value: unknown, fn: string, field: string, options: readonly T[]): T {
  if (typeof value !== 'string' || !(options as readonly string[]).includes(value)) {
    bad(fn, field, `must be one of ${options.join(', ')}`);
  }
  return value as T;
}

function checkUrl(value: unknown, fn: string, field: string): string {
  const text = checkText(value, fn, field, MAX_URL_LENGTH, false);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    bad(fn, field, 'is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') bad(fn, field, 'must be an http or https URL');
  return text;
}

function checkSource(value: unknown, fn: string, field: string): Source {
  const kind = checkRecord(value, fn, field, ['kind', 'url', 'blockNumber', 'blockId', 'file']).kind;
  if (kind === 'node') {
    const v = checkRecord(value, fn, field, ['kind', 'url', 'blockNumber', 'blockId']);
    const out: Source = { kind: 'node', url: checkUrl(v.url, fn, `${field}.url`) };
    if (v.blockNumber !== undefined) out.blockNumber = checkInteger(v.blockNumber, fn, `${field}.blockNumber`, 0, Number.MAX_SAFE_INTEGER);
    if (v.blockId !== undefined) out.blockId = checkBytes(v.blockId, fn, `${field}.blockId`, 32);
    return out;
  }
  if (kind === 'file') {
    const v = checkRecord(value, fn, field, ['kind', 'file']);
    return { kind: 'file', file: checkText(v.file, fn, `${field}.file`, MAX_FILE_NAME_LENGTH, false) };
  }
  bad(fn, `${field}.kind`, "must be 'node' or 'file'");
}

function checkOrigin(value: unknown, fn: string, field: string): SignatureOrigin {
  const kind = checkRecord(value, fn, field, ['kind', 'file']).kind;
  if (kind === 'local key') {
    checkRecord(value, fn, field, ['kind']);
    return { kind };
  }
  if (kind === 'file' || kind === 'merge') {
    const v = checkRecord(value, fn, field, ['kind', 'file']);
    return { kind, file: checkText(v.file, fn, `${field}.file`, MAX_FILE_NAME_LENGTH, false) };
  }
  bad(fn, `${field}.kind`, "must be 'local key', 'file' or 'merge'");
}

/** A key short and plain enough to name in a message; anything else (hex a key could hide in) is named by position. */
function readableKey(key: string): boolean {
  return /^[A-Za-z_$][\w$]{0,39}$/.test(key) && !/[0-9a-fA-F]{16}/.test(key);
}

/** Checks `value` is plain JSON that round-trips exactly, and returns its text. */
function checkJson(value: unknown, fn: string, field: string): string {
  const walk = (v: unknown, path: string, depth: number): void => {
    if (depth > MAX_JSON_DEPTH) bad(fn, path, `nests deeper than ${MAX_JSON_DEPTH} levels`);
    if (v === null || typeof v === 'boolean') return;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) bad(fn, path, 'must be a finite number');
      if (Number.isInteger(v) && !Number.isSafeInteger(v)) bad(fn, path, 'is an integer beyond 2^53; store it as decimal text');
      return;
    }
    if (typeof v === 'string') {
      if (LONE_SURROGATE_RE.test(v)) bad(fn, path, 'holds a lone UTF-16 surrogate');
      return;
    }
    if (typeof v === 'bigint') bad(fn, path, 'is a bigint; store it as decimal text');
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${path}[${i}]`, depth + 1));
      return;
    }
    if (typeof v === 'object') {
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) bad(fn, path, 'must be plain JSON (no Date, bytes or class instances)');
      Object.entries(v).forEach(([k, item], i) => {
        const keyPath = `${path}${readableKey(k) ? `.${k}` : `{key #${i}}`}`;
        if (LONE_SURROGATE_RE.test(k)) bad(fn, keyPath, 'is a key with a lone UTF-16 surrogate');
        walk(item, keyPath, depth + 1);
      });
      return;
    }
    bad(fn, path, `must be JSON (got ${typeof v})`);
  };
  walk(value, field, 0);
  const text = JSON.stringify(value);
  if (text.length > MAX_JSON_LENGTH) bad(fn, field, `is ${text.length} characters as JSON, at most ${MAX_JSON_LENGTH}`);
  return text;
}

function checkJsonObject(value: unknown, fn: string, field: string): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) bad(fn, field, 'must be an object');
  return checkJson(value, fn, field);
}

function checkListBounds(value: unknown, fn: string, field: string): number {
  return checkInteger(value, fn, field, 0, MAX_LIST_LIMIT);
}

// ---------------------------------------------------------------------------------------------
// Rows.

/** better-sqlite3 hands out Buffers; the station speaks Uint8Array (equal views, no copy). */
function u8(b: Uint8Array): Uint8Array {
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/** A source as plain JSON (the block id in hex), as stored and as written into audit details. */
function sourceToJson(source: Source): { [key: string]: JsonValue } {
  if (source.kind === 'file') return { kind: 'file', file: source.file };
  return {
    kind: 'node',
    url: source.url,
    ...(source.blockNumber !== undefined && { blockNumber: source.blockNumber }),
    ...(source.blockId !== undefined && { blockId: bytesToHex(source.blockId) }),
  };
}

function sourceToText(source: Source): string {
  return JSON.stringify(sourceToJson(source));
}

function sourceFromText(text: string): Source {
  const v = JSON.parse(text) as { kind: string; url: string; file: string; blockNumber?: number; blockId?: string };
  if (v.kind === 'file') return { kind: 'file', file: v.file };
  const out: Source = { kind: 'node', url: v.url };
  if (v.blockNumber !== undefined) out.blockNumber = v.blockNumber;
  if (v.blockId !== undefined) out.blockId = hexToBytes(v.blockId);
  return out;
}

interface KeyRow { address: Uint8Array; label: string; vault: Vault; created_at: number }
interface AccountRow { address: Uint8Array; account: Uint8Array; source: string; fetched_at: number; stored_at: number }
interface SnapshotRow { id: number; block_number: number; block_id: Uint8Array; block_timestamp: number; source: string; imported_at: number }
interface TokenRow {
  id: string; name: string; abbreviation: string; precision: number; owner: Uint8Array; total_supply: string;
  description: string; url: string; source: string; stored_at: number;
}
interface TxSummaryRow {
  txid: Uint8Array; kind: string; account: Uint8Array; permission_id: number; expiration: number; status: TxStatus;
  node_answer: string | null; note: string; created_at: number; updated_at: number; signature_count: number;
}
interface TxRow extends TxSummaryRow { raw: Uint8Array; permission: Uint8Array | null }
interface SignatureRow { txid: Uint8Array; signer: Uint8Array; signature: Uint8Array; signed_at: number; origin: 'local key' | 'file' | 'merge'; origin_file: string | null }
interface SignedKeyRow { txid: Uint8Array; signer: Uint8Array; signature: Uint8Array; account: Uint8Array; permission_id: number }
interface LabelRow { address: Uint8Array; label: string; updated_at: number }
interface KeyProofRow {
  nonce: Uint8Array; account: Uint8Array; permission_hash: Uint8Array; key: Uint8Array; created_at: number; expires_at: number;
  signature: Uint8Array | null; verified_at: number | null; file_name: string | null;
}
interface AuditRow { seq: number; at: number; action: string; subject: string; details: string; prev_hash: Uint8Array; hash: Uint8Array }

const keyFromRow = (r: KeyRow): KeyRecord => ({ address: u8(r.address), label: r.label, vault: r.vault, createdAt: r.created_at });

const summaryFromRow = (r: TxSummaryRow): TransactionSummary => ({
  txId: u8(r.txid),
  kind: r.kind,
  account: u8(r.account),
  permissionId: r.permission_id,
  expiration: r.expiration,
  status: r.status,
  nodeAnswer: r.node_answer,
  note: r.note,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  signatureCount: r.signature_count,
});

const signatureFromRow = (r: SignatureRow): SignatureRecord => ({
  txId: u8(r.txid),
  signer: u8(r.signer),
  signature: u8(r.signature),
  origin: r.origin === 'local key' ? { kind: 'local key' } : { kind: r.origin, file: r.origin_file ?? '' },
  signedAt: r.signed_at,
});

const auditFromRow = (r: AuditRow): AuditEntry => ({
  seq: r.seq,
  at: r.at,
  action: r.action,
  subject: r.subject,
  details: JSON.parse(r.details) as { [key: string]: JsonValue },
  prevHash: u8(r.prev_hash),
  hash: u8(r.hash),
});

/** The hash an audit entry carries: sha256 over its fields as stored and the previous hash. */
export function auditHash(seq: number, at: number, action: string, subject: string, details: string, prevHash: Uint8Array): Uint8Array {
  return sha256(utf8ToBytes(JSON.stringify([seq, at, action, subject, details, bytesToHex(prevHash)])));
}

const TX_SUMMARY_COLUMNS = `t.txid, t.kind, t.account, t.permission_id, t.expiration, t.status, t.node_answer, t.note,
  t.created_at, t.updated_at, t.signature_count`;

/**
 * A listing reads txID and account as SQLite's hex() text: better-sqlite3 makes a Buffer per blob,
 * which costs more than the rest of the row, while text plus the decode below is cheap. The text
 * comes from hex() of our own columns, so it is always uppercase pairs.
 */
const TX_LIST_COLUMNS = `hex(t.txid) AS txid, t.kind, hex(t.account) AS account, t.permission_id, t.expiration, t.status,
  t.node_answer, t.note, t.created_at, t.updated_at, t.signature_count`;

const HEX_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) HEX_VALUE['0123456789ABCDEF'.charCodeAt(i)] = i;

function fromSqlHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) {
    out[i] = (HEX_VALUE[hex.charCodeAt(2 * i)]! << 4) | HEX_VALUE[hex.charCodeAt(2 * i + 1)]!;
  }
  return out;
}

interface TxListRow extends Omit<TxSummaryRow, 'txid' | 'account'> { txid: string; account: string }

// ---------------------------------------------------------------------------------------------

export class Store {
  /** Absolute or relative path of the SQLite file. */
  readonly file: string;
  private readonly db: Database.Database;
  private readonly clock: Clock;
  private readonly listStatements = new Map<string, Database.Statement>();
  private readonly stmts;

  /** Use `openStore`. */
  constructor(file: string, clock: Clock) {
    this.file = file;
    this.clock = clock;
    this.db = new Database(file);
    try {
      refuseNewer(this.db);
      // synchronous=FULL in WAL mode syncs the log at every commit: a reported write survives power loss.
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = FULL');
      this.db.pragma('foreign_keys = ON');
      this.db.pragma('busy_timeout = 5000');
      applyMigrations(this.db);
    } catch (e) {
      this.db.close();
      throw e;
    }
    const db = this.db;
    this.stmts = {
      insertKey: db.prepare('INSERT INTO keys (address, label, vault, created_at) VALUES (?, ?, ?, ?)'),
      getKey: db.prepare<[Uint8Array], KeyRow>('SELECT * FROM keys WHERE address = ?'),
      listKeys: db.prepare<[], KeyRow>('SELECT * FROM keys ORDER BY created_at, address'),
      labelKey: db.prepare('UPDATE keys SET label = ? WHERE address = ?'),
      deleteKey: db.prepare('DELETE FROM keys WHERE address = ?'),
      putAccount: db.prepare(
        `INSERT INTO accounts (address, account, source, fetched_at, stored_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (address) DO UPDATE SET account = excluded.account, source = excluded.source,
           fetched_at = excluded.fetched_at, stored_at = excluded.stored_at`,
      ),
      getAccount: db.prepare<[Uint8Array], AccountRow>('SELECT * FROM accounts WHERE address = ?'),
      listAccounts: db.prepare<[], AccountRow>('SELECT * FROM accounts ORDER BY address'),
      findSnapshot: db.prepare<[number, Uint8Array], SnapshotRow>('SELECT * FROM chain_snapshots WHERE block_number = ? AND block_id = ?'),
      insertSnapshot: db.prepare(
        'INSERT INTO chain_snapshots (block_number, block_id, block_timestamp, source, imported_at) VALUES (?, ?, ?, ?, ?)',
      ),
      latestSnapshot: db.prepare<[], SnapshotRow>('SELECT * FROM chain_snapshots ORDER BY block_number DESC, imported_at DESC LIMIT 1'),
      putToken: db.prepare(
        `INSERT INTO tokens (id, name, abbreviation, precision, owner, total_supply, description, url, source, stored_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, abbreviation = excluded.abbreviation,
           precision = excluded.precision, owner = excluded.owner, total_supply = excluded.total_supply,
           description = excluded.description, url = excluded.url, source = excluded.source, stored_at = excluded.stored_at`,
      ),
      getToken: db.prepare<[string], TokenRow>('SELECT * FROM tokens WHERE id = ?'),
      listTokens: db.prepare<[], TokenRow>('SELECT * FROM tokens ORDER BY length(id), id'),
      insertTx: db.prepare(
        `INSERT INTO transactions (txid, raw, kind, account, permission_id, expiration, status, node_answer, note, permission,
           created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)`,
      ),
      getTx: db.prepare<[Uint8Array], TxRow>(`SELECT ${TX_SUMMARY_COLUMNS}, t.raw, t.permission FROM transactions t WHERE t.txid = ?`),
      txStatus: db.prepare<[Uint8Array], { status: TxStatus }>('SELECT status FROM transactions WHERE txid = ?'),
      setStatus: db.prepare('UPDATE transactions SET status = ?, node_answer = coalesce(?, node_answer), updated_at = ? WHERE txid = ?'),
      setNote: db.prepare('UPDATE transactions SET note = ?, updated_at = ? WHERE txid = ?'),
      getSignature: db.prepare<[Uint8Array, Uint8Array], SignatureRow>('SELECT * FROM signatures WHERE txid = ? AND signer = ?'),
      insertSignature: db.prepare(
        'INSERT INTO signatures (txid, signer, signature, signed_at, origin, origin_file) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      listSignatures: db.prepare<[Uint8Array], SignatureRow>('SELECT * FROM signatures WHERE txid = ? ORDER BY signed_at, signer'),
      listSignedKeys: db.prepare<[], SignedKeyRow>(
        `SELECT s.txid, s.signer, s.signature, t.account, t.permission_id
         FROM signatures s JOIN transactions t ON t.txid = s.txid ORDER BY t.account, t.permission_id, s.signer`,
      ),
      setLabel: db.prepare(
        `INSERT INTO address_book (address, label, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (address) DO UPDATE SET label = excluded.label, updated_at = excluded.updated_at`,
      ),
      getLabel: db.prepare<[Uint8Array], LabelRow>('SELECT * FROM address_book WHERE address = ?'),
      listLabels: db.prepare<[], LabelRow>('SELECT * FROM address_book ORDER BY label, address'),
      deleteLabel: db.prepare('DELETE FROM address_book WHERE address = ?'),
      getSetting: db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?'),
      setSetting: db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
      listSettings: db.prepare<[], { key: string; value: string }>('SELECT key, value FROM settings ORDER BY key'),
      insertProof: db.prepare('INSERT INTO key_proofs (nonce, account, permission_hash, key, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)'),
      getProof: db.prepare<[Uint8Array], KeyProofRow>('SELECT * FROM key_proofs WHERE nonce = ?'),
      answerProof: db.prepare('UPDATE key_proofs SET signature = ?, verified_at = ?, file_name = ? WHERE nonce = ? AND signature IS NULL'),
      listProofs: db.prepare<[], KeyProofRow>('SELECT * FROM key_proofs WHERE signature IS NOT NULL ORDER BY verified_at, nonce'),
      listProofsOf: db.prepare<[Uint8Array], KeyProofRow>('SELECT * FROM key_proofs WHERE signature IS NOT NULL AND account = ? ORDER BY verified_at, nonce'),
      lastAudit: db.prepare<[], { seq: number; hash: Uint8Array }>('SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1'),
      insertAudit: db.prepare('INSERT INTO audit (seq, at, action, subject, details, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      listAudit: db.prepare<[number, number], AuditRow>('SELECT * FROM audit WHERE seq > ? ORDER BY seq LIMIT ?'),
      allAudit: db.prepare<[], AuditRow>('SELECT * FROM audit ORDER BY seq'),
    };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** The schema version the file is at (SCHEMA_VERSION of migrations.ts once open). */
  schemaVersion(): number {
    return this.db.pragma('user_version', { simple: true }) as number;
  }

  /** The durability settings of this connection, for diagnostics (`airlock doctor`, tests). */
  connectionSettings(): { journalMode: string; synchronous: 'off' | 'normal' | 'full' | 'extra'; foreignKeys: boolean } {
    const sync = this.db.pragma('synchronous', { simple: true }) as number;
    return {
      journalMode: this.db.pragma('journal_mode', { simple: true }) as string,
      synchronous: (['off', 'normal', 'full', 'extra'] as const)[sync] ?? 'off',
      foreignKeys: this.db.pragma('foreign_keys', { simple: true }) === 1,
    };
  }

  /** SQLite's own consistency check of the file: `['ok']` when sound. */
  integrityCheck(): string[] {
    return (this.db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
  }

  /**
   * Runs `fn` as one SQLite transaction (nested calls become savepoints): either every write in it
   * lands, with its audit entries, or none does. For services that store several things at once.
   */
  atomic<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  private now(): number {
    const t = this.clock();
    if (!Number.isSafeInteger(t) || t < 0) fail('INTERNAL', 'store: the clock returned something that is not a time in ms');
    return t;
  }

  /** Appends one audit entry; the caller is inside a write transaction. */
  private audit(at: number, action: string, subject: string, detailsText: string): AuditEntry {
    const last = this.stmts.lastAudit.get();
    const seq = last === undefined ? 1 : last.seq + 1;
    const prevHash = last === undefined ? ZERO_HASH : u8(last.hash);
    const hash = auditHash(seq, at, action, subject, detailsText, prevHash);
    this.stmts.insertAudit.run(seq, at, action, subject, detailsText, prevHash, hash);
    return { seq, at, action, subject, details: JSON.parse(detailsText) as AuditEntry['details'], prevHash, hash };
  }

  // ---- keys ----------------------------------------------------------------------------------

  /** Records that a vault holds the key of `address`. CONFLICT when that address is already known. */
  addKey(input: KeyInput): KeyRecord {
    const fn = 'store.addKey';
    const v = checkRecord(input, fn, 'input', ['address', 'label', 'vault']);
    const address = checkAddressField(v.address, fn, 'address');
    const label = v.label === undefined ? '' : checkText(v.label, fn, 'label', MAX_LABEL_LENGTH);
    const vault = checkOneOf(v.vault, fn, 'vault', VAULTS);
    return this.atomic(() => {
      if (this.stmts.getKey.get(address)) fail('CONFLICT', `${fn}: a key for this address is already stored`, { field: 'address', address: bytesToHex(address) });
      const at = this.now();
      this.stmts.insertKey.run(address, label, vault, at);
      this.audit(at, 'key.add', bytesToHex(address), JSON.stringify({ vault }));
      return { address, label, vault, createdAt: at };
    });
  }

  getKey(address: Uint8Array): KeyRecord | undefined {
    const row = this.stmts.getKey.get(checkAddressField(address, 'store.getKey', 'address'));
    return row && keyFromRow(row);
  }

  listKeys(): KeyRecord[] {
    return this.stmts.listKeys.all().map(keyFromRow);
  }

  labelKey(address: Uint8Array, label: string): KeyRecord {
    const fn = 'store.labelKey';
    const a = checkAddressField(address, fn, 'address');
    const l = checkText(label, fn, 'label', MAX_LABEL_LENGTH);
    return this.atomic(() => {
      if (this.stmts.labelKey.run(l, a).changes === 0) fail('NOT_FOUND', `${fn}: no key for this address`, { field: 'address', address: bytesToHex(a) });
      this.audit(this.now(), 'key.label', bytesToHex(a), '{}');
      return keyFromRow(this.stmts.getKey.get(a)!);
    });
  }

  /** Forgets the key's metadata (the vault deletes the secret). NOT_FOUND when unknown. */
  deleteKey(address: Uint8Array): void {
    const fn = 'store.deleteKey';
    const a = checkAddressField(address, fn, 'address');
    this.atomic(() => {
      if (this.stmts.deleteKey.run(a).changes === 0) fail('NOT_FOUND', `${fn}: no key for this address`, { field: 'address', address: bytesToHex(a) });
      this.audit(this.now(), 'key.delete', bytesToHex(a), '{}');
    });
  }

  // ---- accounts ------------------------------------------------------------------------------

  /** Stores (or replaces) the account snapshot of `address`. The bytes must decode as protocol.Account of that address. */
  putAccount(input: AccountInput): AccountRecord {
    const fn = 'store.putAccount';
    const v = checkRecord(input, fn, 'input', ['address', 'account', 'source', 'fetchedAt']);
    const address = checkAddressField(v.address, fn, 'address');
    const account = checkBytes(v.account, fn, 'account', undefined, MAX_TRANSACTION_BYTES);
    const source = checkSource(v.source, fn, 'source');
    const fetchedAt = checkInteger(v.fetchedAt, fn, 'fetchedAt', 0, Number.MAX_SAFE_INTEGER);
    let decodedAddress: Uint8Array;
    try {
      decodedAddress = fromBinary(AccountSchema, account).address;
    } catch {
      bad(fn, 'account', 'is not an encoded Account message');
    }
    if (!equalBytes(decodedAddress, address)) bad(fn, 'account', 'is the Account of another address');
    return this.atomic(() => {
      const at = this.now();
      this.stmts.putAccount.run(address, account, sourceToText(source), fetchedAt, at);
      this.audit(at, 'account.put', bytesToHex(address), JSON.stringify({ source: sourceToJson(source), fetchedAt }));
      return { address, account, source, fetchedAt, storedAt: at };
    });
  }

  getAccount(address: Uint8Array): AccountRecord | undefined {
    const row = this.stmts.getAccount.get(checkAddressField(address, 'store.getAccount', 'address'));
    return row && accountFromRow(row);
  }

  listAccounts(): AccountRecord[] {
    return this.stmts.listAccounts.all().map(accountFromRow);
  }

  // ---- chain snapshots -----------------------------------------------------------------------

  /** Records a recent block for TaPoS. The same block imported again returns the stored record. */
  putChainSnapshot(input: ChainSnapshotInput): ChainSnapshotRecord {
    const fn = 'store.putChainSnapshot';
    const v = checkRecord(input, fn, 'input', ['blockNumber', 'blockId', 'blockTimestamp', 'source']);
    const blockNumber = checkInteger(v.blockNumber, fn, 'blockNumber', 0, Number.MAX_SAFE_INTEGER);
    const blockId = checkBytes(v.blockId, fn, 'blockId', 32);
    const blockTimestamp = checkInteger(v.blockTimestamp, fn, 'blockTimestamp', 0, Number.MAX_SAFE_INTEGER);
    const source = checkSource(v.source, fn, 'source');
    return this.atomic(() => {
      const existing = this.stmts.findSnapshot.get(blockNumber, blockId);
      if (existing) return snapshotFromRow(existing);
      const at = this.now();
      const id = Number(this.stmts.insertSnapshot.run(blockNumber, blockId, blockTimestamp, sourceToText(source), at).lastInsertRowid);
      this.audit(at, 'chain.snapshot', bytesToHex(blockId), JSON.stringify({ blockNumber, blockTimestamp }));
      return { id, blockNumber, blockId, blockTimestamp, source, importedAt: at };
    });
  }

  /** The snapshot of the highest block known, or undefined. */
  latestChainSnapshot(): ChainSnapshotRecord | undefined {
    const row = this.stmts.latestSnapshot.get();
    return row && snapshotFromRow(row);
  }

  // ---- tokens --------------------------------------------------------------------------------

  putToken(input: TokenInput): TokenRecord {
    const fn = 'store.putToken';
    const v = checkRecord(input, fn, 'input', ['id', 'name', 'abbreviation', 'precision', 'owner', 'totalSupply', 'description', 'url', 'source']);
    if (typeof v.id !== 'string' || !DECIMAL_ID_RE.test(v.id) || BigInt(v.id) > INT64_MAX) bad(fn, 'id', 'must be a token id in decimal');
    const id = v.id;
    const name = checkText(v.name, fn, 'name', MAX_LABEL_LENGTH, false);
    const abbreviation = checkText(v.abbreviation, fn, 'abbreviation', MAX_LABEL_LENGTH);
    const precision = checkInteger(v.precision, fn, 'precision', 0, MAX_PRECISION);
    const owner = checkAddressField(v.owner, fn, 'owner');
    if (typeof v.totalSupply !== 'string' || !DECIMAL_RE.test(v.totalSupply) || BigInt(v.totalSupply) > INT64_MAX) {
      bad(fn, 'totalSupply', 'must be a whole number in decimal text, at most 2^63-1');
    }
    const totalSupply = v.totalSupply;
    const description = checkText(v.description, fn, 'description', MAX_NOTE_LENGTH);
    const url = checkText(v.url, fn, 'url', MAX_URL_LENGTH);
    const source = checkSource(v.source, fn, 'source');
    return this.atomic(() => {
      const at = this.now();
      this.stmts.putToken.run(id, name, abbreviation, precision, owner, totalSupply, description, url, sourceToText(source), at);
      this.audit(at, 'token.put', id, JSON.stringify({ source: sourceToJson(source) }));
      return { id, name, abbreviation, precision, owner, totalSupply, description, url, source, storedAt: at };
    });
  }

  getToken(id: string): TokenRecord | undefined {
    if (typeof id !== 'string' || !DECIMAL_ID_RE.test(id)) bad('store.getToken', 'id', 'must be a token id in decimal');
    const row = this.stmts.getToken.get(id);
    return row && tokenFromRow(row);
  }

  listTokens(): TokenRecord[] {
    return this.stmts.listTokens.all().map(tokenFromRow);
  }

  // ---- transactions --------------------------------------------------------------------------

  /**
   * Stores a new transaction (status `draft` unless given). `txId` must be sha256 of `raw`.
   * CONFLICT when the txID is already stored: a file never overwrites what the store knows.
   */
  insertTransaction(input: TransactionInput): TransactionRecord {
    const fn = 'store.insertTransaction';
    const v = checkRecord(input, fn, 'input', ['txId', 'raw', 'kind', 'account', 'permissionId', 'expiration', 'status', 'note', 'permission']);
    const txId = checkBytes(v.txId, fn, 'txId', 32);
    const raw = checkBytes(v.raw, fn, 'raw', undefined, MAX_TRANSACTION_BYTES);
    if (!equalBytes(txIdOf(raw), txId)) fail('BAD_TRANSACTION', `${fn}: txId is not the sha256 of raw`, { field: 'txId' });
    if (typeof v.kind !== 'string' || !KIND_RE.test(v.kind)) bad(fn, 'kind', 'must be a contract type name');
    const kind = v.kind;
    const account = checkAddressField(v.account, fn, 'account');
    const permissionId = checkInteger(v.permissionId, fn, 'permissionId', 0, 2 ** 31 - 1);
    const expiration = checkInteger(v.expiration, fn, 'expiration', 0, Number.MAX_SAFE_INTEGER);
    const status = v.status === undefined ? 'draft' : checkOneOf(v.status, fn, 'status', TX_STATUSES);
    const note = v.note === undefined ? '' : checkText(v.note, fn, 'note', MAX_NOTE_LENGTH);
    let permission: Uint8Array | null = null;
    if (v.permission !== undefined && v.permission !== null) {
      permission = checkBytes(v.permission, fn, 'permission', undefined, MAX_TRANSACTION_BYTES);
      try {
        fromBinary(PermissionSchema, permission);
      } catch {
        bad(fn, 'permission', 'is not an encoded Permission message');
      }
    }
    return this.atomic(() => {
      if (this.stmts.txStatus.get(txId)) fail('CONFLICT', `${fn}: this transaction is already stored`, { field: 'txId', txId: bytesToHex(txId) });
      const at = this.now();
      this.stmts.insertTx.run(txId, raw, kind, account, permissionId, expiration, status, note, permission, at, at);
      this.audit(at, 'transaction.add', bytesToHex(txId), JSON.stringify({ kind, account: bytesToHex(account), permissionId, status }));
      return {
        txId, raw, kind, account, permissionId, expiration, status, nodeAnswer: null, note, permission,
        createdAt: at, updatedAt: at, signatureCount: 0,
      };
    });
  }

  getTransaction(txId: Uint8Array): TransactionRecord | undefined {
    const row = this.stmts.getTx.get(checkBytes(txId, 'store.getTransaction', 'txId', 32));
    return row && { ...summaryFromRow(row), raw: u8(row.raw), permission: row.permission === null ? null : u8(row.permission) };
  }

  /** Newest first, with how many signatures each has. */
  listTransactions(query: ListTransactionsQuery = {}): TransactionSummary[] {
    const fn = 'store.listTransactions';
    const v = checkRecord(query, fn, 'query', ['status', 'account', 'limit', 'offset', 'weights']);
    if (v.weights !== undefined && typeof v.weights !== 'boolean') bad(fn, 'weights', 'must be true or false');
    const weights = v.weights === true;
    if (weights) this.fillWeightTables();
    const where: string[] = [];
    const params: unknown[] = [];
    if (v.status !== undefined) {
      const list = Array.isArray(v.status) ? (v.status as unknown[]) : [v.status];
      if (list.length === 0 || list.length > TX_STATUSES.length) bad(fn, 'status', 'must name one to seven statuses');
      list.forEach((s, i) => params.push(checkOneOf(s, fn, Array.isArray(v.status) ? `status[${i}]` : 'status', TX_STATUSES)));
      where.push(`t.status IN (${list.map(() => '?').join(', ')})`);
    }
    if (v.account !== undefined) {
      params.push(checkAddressField(v.account, fn, 'account'));
      where.push('t.account = ?');
    }
    const limit = v.limit === undefined ? MAX_LIST_LIMIT : checkListBounds(v.limit, fn, 'limit');
    const offset = v.offset === undefined ? 0 : checkInteger(v.offset, fn, 'offset', 0, Number.MAX_SAFE_INTEGER);
    params.push(limit, offset);
    // rowid breaks ties in insertion order and rides in every index, so no sort step is needed.
    const weightColumns = weights
      ? `, CAST(h.threshold AS TEXT) AS threshold, CASE WHEN h.threshold IS NULL THEN NULL ELSE CAST((SELECT coalesce(sum(k.weight), 0) FROM signatures s
          JOIN list_keys k ON k.permission = t.permission AND k.signer = s.signer WHERE s.txid = t.txid) AS TEXT) END AS weight`
      : '';
    const join = weights ? 'LEFT JOIN list_thresholds h ON h.permission = t.permission' : '';
    const sql = `SELECT ${TX_LIST_COLUMNS}${weightColumns} FROM transactions t ${join} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY t.created_at DESC, t.rowid DESC LIMIT ? OFFSET ?`;
    let stmt = this.listStatements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.listStatements.set(sql, stmt);
    }
    return (stmt.all(...params) as (TxListRow & { weight?: string | null; threshold?: string | null })[]).map((r) => ({
      ...(weights && { weight: r.weight ?? null, threshold: r.threshold ?? null }),
      txId: fromSqlHex(r.txid),
      kind: r.kind,
      account: fromSqlHex(r.account),
      permissionId: r.permission_id,
      expiration: r.expiration,
      status: r.status,
      nodeAnswer: r.node_answer,
      note: r.note,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      signatureCount: r.signature_count,
    }));
  }

  /**
   * The TEMP tables `listTransactions({weights: true})` joins: the keys and thresholds of the
   * distinct stored permissions (a handful), decoded here, so SQLite sums weights with indexes.
   * TEMP tables live in the connection's own temporary database, never in the station's file.
   */
  private fillWeightTables(): void {
    const permissions = this.db.prepare<[], [Buffer]>('SELECT DISTINCT permission FROM transactions WHERE permission IS NOT NULL').raw().all();
    this.db.exec(`CREATE TEMP TABLE IF NOT EXISTS list_keys (permission BLOB NOT NULL, signer BLOB NOT NULL, weight INTEGER NOT NULL, PRIMARY KEY (permission, signer));
      CREATE TEMP TABLE IF NOT EXISTS list_thresholds (permission BLOB PRIMARY KEY, threshold INTEGER NOT NULL);`);
    const addKey = this.db.prepare('INSERT OR REPLACE INTO list_keys VALUES (?, ?, ?)');
    const addThreshold = this.db.prepare('INSERT OR REPLACE INTO list_thresholds VALUES (?, ?)');
    this.db.transaction(() => {
      this.db.exec('DELETE FROM list_keys; DELETE FROM list_thresholds;');
      for (const [bytes] of permissions) {
        const p = fromBinary(PermissionSchema, u8(bytes));
        addThreshold.run(bytes, p.threshold);
        for (const k of p.keys) addKey.run(bytes, k.address, k.weight);
      }
    })();
  }

  /**
   * Moves a transaction to `status`, keeping the node's answer when given. Confirmed and expired
   * are final (CONFLICT), and nothing goes back to draft: a stored transaction has been seen.
   */
  setStatus(txId: Uint8Array, status: TxStatus, options: { nodeAnswer?: string } = {}): TransactionRecord {
    const fn = 'store.setStatus';
    const id = checkBytes(txId, fn, 'txId', 32);
    const to = checkOneOf(status, fn, 'status', TX_STATUSES);
    const o = checkRecord(options, fn, 'options', ['nodeAnswer']);
    const nodeAnswer = o.nodeAnswer === undefined ? null : checkText(o.nodeAnswer, fn, 'nodeAnswer', MAX_NODE_ANSWER_LENGTH);
    return this.atomic(() => {
      const row = this.stmts.txStatus.get(id);
      if (!row) fail('NOT_FOUND', `${fn}: no such transaction`, { field: 'txId', txId: bytesToHex(id) });
      const from = row.status;
      if (FINAL_STATUSES.includes(from) && from !== to) {
        fail('CONFLICT', `${fn}: the transaction is ${from}, which is final`, { field: 'status', from, to });
      }
      if (to === 'draft' && from !== 'draft') fail('CONFLICT', `${fn}: a transaction does not go back to draft`, { field: 'status', from, to });
      const at = this.now();
      this.stmts.setStatus.run(to, nodeAnswer, at, id);
      this.audit(at, 'transaction.status', bytesToHex(id), JSON.stringify({ from, to, ...(nodeAnswer !== null && { nodeAnswer: nodeAnswer.slice(0, 1000) }) }));
      return this.getTransaction(id)!;
    });
  }

  setNote(txId: Uint8Array, note: string): TransactionRecord {
    const fn = 'store.setNote';
    const id = checkBytes(txId, fn, 'txId', 32);
    const text = checkText(note, fn, 'note', MAX_NOTE_LENGTH);
    return this.atomic(() => {
      const at = this.now();
      if (this.stmts.setNote.run(text, at, id).changes === 0) fail('NOT_FOUND', `${fn}: no such transaction`, { field: 'txId', txId: bytesToHex(id) });
      this.audit(at, 'transaction.note', bytesToHex(id), '{}');
      return this.getTransaction(id)!;
    });
  }

  // ---- signatures ----------------------------------------------------------------------------

  /**
   * Stores a signature and its audit entry in one transaction, committed (fsynced) before this
   * returns. A signer who already signed this transaction is a no-op: `added: false` and the stored
   * signature, no second row, no audit entry. NOT_FOUND when the transaction is unknown.
   */
  addSignature(input: SignatureInput): AddSignatureResult {
    const fn = 'store.addSignature';
    const v = checkRecord(input, fn, 'input', ['txId', 'signer', 'signature', 'origin']);
    const txId = checkBytes(v.txId, fn, 'txId', 32);
    const signer = checkAddressField(v.signer, fn, 'signer');
    const signature = checkBytes(v.signature, fn, 'signature', SIGNATURE_LENGTH);
    const origin = checkOrigin(v.origin, fn, 'origin');
    return this.atomic(() => {
      if (!this.stmts.txStatus.get(txId)) fail('NOT_FOUND', `${fn}: no such transaction`, { field: 'txId', txId: bytesToHex(txId) });
      const existing = this.stmts.getSignature.get(txId, signer);
      if (existing) return { added: false, signature: signatureFromRow(existing) };
      const at = this.now();
      const file = origin.kind === 'local key' ? null : origin.file;
      this.stmts.insertSignature.run(txId, signer, signature, at, origin.kind, file);
      this.audit(at, 'signature.add', bytesToHex(txId), JSON.stringify({ signer: bytesToHex(signer), origin: origin.kind, ...(file !== null && { file }) }));
      return { added: true, signature: { txId, signer, signature, origin, signedAt: at } };
    });
  }

  listSignatures(txId: Uint8Array): SignatureRecord[] {
    return this.stmts.listSignatures.all(checkBytes(txId, 'store.listSignatures', 'txId', 32)).map(signatureFromRow);
  }

  /**
   * Every stored signature with the account and permission id of its transaction. A signature
   * alone proves nothing about who holds a key (random bytes recover to SOME key), so the caller
   * decides which of these count: the lockout guard keeps only signers named in a permission this
   * station observed from the node (services.ts `signersKnown`).
   */
  listSignedKeys(): SignedKeyRecord[] {
    return this.stmts.listSignedKeys.all().map((r) => ({
      txId: u8(r.txid), signer: u8(r.signer), signature: u8(r.signature), account: u8(r.account), permissionId: r.permission_id,
    }));
  }

  // ---- address book --------------------------------------------------------------------------

  setLabel(address: Uint8Array, label: string): LabelRecord {
    const fn = 'store.setLabel';
    const a = checkAddressField(address, fn, 'address');
    const l = checkText(label, fn, 'label', MAX_LABEL_LENGTH, false);
    return this.atomic(() => {
      const at = this.now();
      this.stmts.setLabel.run(a, l, at);
      this.audit(at, 'label.set', bytesToHex(a), '{}');
      return { address: a, label: l, updatedAt: at };
    });
  }

  getLabel(address: Uint8Array): LabelRecord | undefined {
    const row = this.stmts.getLabel.get(checkAddressField(address, 'store.getLabel', 'address'));
    return row && labelFromRow(row);
  }

  listLabels(): LabelRecord[] {
    return this.stmts.listLabels.all().map(labelFromRow);
  }

  /** Returns whether there was a label to delete. */
  deleteLabel(address: Uint8Array): boolean {
    const a = checkAddressField(address, 'store.deleteLabel', 'address');
    return this.atomic(() => {
      if (this.stmts.deleteLabel.run(a).changes === 0) return false;
      this.audit(this.now(), 'label.delete', bytesToHex(a), '{}');
      return true;
    });
  }

  // ---- proofs of possession -------------------------------------------------------------------

  /** Stores a challenge this station made, pending until a proof answers it. CONFLICT for a nonce already used. */
  addProofChallenge(input: KeyProofInput): KeyProofRecord {
    const fn = 'store.addProofChallenge';
    const v = checkRecord(input, fn, 'input', ['nonce', 'account', 'permissionHash', 'key', 'createdAt', 'expiresAt']);
    const nonce = checkBytes(v.nonce, fn, 'nonce', 32);
    const account = checkAddressField(v.account, fn, 'account');
    const permissionHash = checkBytes(v.permissionHash, fn, 'permissionHash', 32);
    const key = checkAddressField(v.key, fn, 'key');
    const createdAt = checkInteger(v.createdAt, fn, 'createdAt', 0, Number.MAX_SAFE_INTEGER);
    const expiresAt = checkInteger(v.expiresAt, fn, 'expiresAt', createdAt + 1, Number.MAX_SAFE_INTEGER);
    return this.atomic(() => {
      if (this.stmts.getProof.get(nonce)) fail('CONFLICT', `${fn}: a challenge with this nonce is already stored`, { field: 'nonce' });
      this.stmts.insertProof.run(nonce, account, permissionHash, key, createdAt, expiresAt);
      this.audit(this.now(), 'proof.challenge', bytesToHex(nonce), JSON.stringify({ account: bytesToHex(account), key: bytesToHex(key), permissionHash: bytesToHex(permissionHash), expiresAt }));
      return { nonce, account, permissionHash, key, createdAt, expiresAt, signature: null, verifiedAt: null, fileName: null };
    });
  }

  getProof(nonce: Uint8Array): KeyProofRecord | undefined {
    const row = this.stmts.getProof.get(checkBytes(nonce, 'store.getProof', 'nonce', 32));
    return row && proofFromRow(row);
  }

  /**
   * Records the verified proof that answers the pending challenge `nonce` (the caller has checked
   * the signature). NOT_FOUND without such a challenge; CONFLICT when it was answered already.
   */
  recordProof(input: { nonce: Uint8Array; signature: Uint8Array; fileName: string }): KeyProofRecord {
    const fn = 'store.recordProof';
    const v = checkRecord(input, fn, 'input', ['nonce', 'signature', 'fileName']);
    const nonce = checkBytes(v.nonce, fn, 'nonce', 32);
    const signature = checkBytes(v.signature, fn, 'signature', SIGNATURE_LENGTH);
    const fileName = checkText(v.fileName, fn, 'fileName', MAX_FILE_NAME_LENGTH, false);
    return this.atomic(() => {
      const row = this.stmts.getProof.get(nonce);
      if (!row) fail('NOT_FOUND', `${fn}: no challenge with this nonce was made here`, { field: 'nonce' });
      const at = this.now();
      if (this.stmts.answerProof.run(signature, at, fileName, nonce).changes === 0) fail('CONFLICT', `${fn}: this challenge was answered already`, { field: 'nonce' });
      this.audit(at, 'proof.verified', bytesToHex(nonce), JSON.stringify({ account: bytesToHex(u8(row.account)), key: bytesToHex(u8(row.key)), permissionHash: bytesToHex(u8(row.permission_hash)), file: fileName }));
      return proofFromRow(this.stmts.getProof.get(nonce)!);
    });
  }

  /** Answered challenges (proved keys), oldest first; of one account when given. */
  listProofs(account?: Uint8Array): KeyProofRecord[] {
    const rows = account === undefined ? this.stmts.listProofs.all() : this.stmts.listProofsOf.all(checkAddressField(account, 'store.listProofs', 'account'));
    return rows.map(proofFromRow);
  }

  // ---- settings ------------------------------------------------------------------------------

  getSetting(key: string): JsonValue | undefined {
    const k = checkText(key, 'store.getSetting', 'key', MAX_SETTING_KEY_LENGTH, false);
    const row = this.stmts.getSetting.get(k);
    return row && (JSON.parse(row.value) as JsonValue);
  }

  /** Stores plain JSON: no bigint, no integer beyond 2^53, no bytes or class instances. */
  setSetting(key: string, value: JsonValue): void {
    const fn = 'store.setSetting';
    const k = checkText(key, fn, 'key', MAX_SETTING_KEY_LENGTH, false);
    const text = checkJson(value, fn, 'value');
    this.atomic(() => {
      this.stmts.setSetting.run(k, text);
      this.audit(this.now(), 'setting.set', k, '{}');
    });
  }

  /** Every setting as `{key, value}` pairs (an array, so a key such as `__proto__` is just data). */
  listSettings(): { key: string; value: JsonValue }[] {
    return this.stmts.listSettings.all().map((r) => ({ key: r.key, value: JSON.parse(r.value) as JsonValue }));
  }

  // ---- audit log -----------------------------------------------------------------------------

  /** Appends an entry chained to the one before. Never put secret text in `details`. */
  appendAudit(input: AuditInput): AuditEntry {
    const fn = 'store.appendAudit';
    const v = checkRecord(input, fn, 'input', ['action', 'subject', 'details']);
    if (typeof v.action !== 'string' || !ACTION_RE.test(v.action)) bad(fn, 'action', 'must be a short name ([a-z0-9._-], at most 64)');
    const action = v.action;
    const subject = v.subject === undefined ? '' : checkText(v.subject, fn, 'subject', MAX_LABEL_LENGTH);
    const details = v.details === undefined ? '{}' : checkJsonObject(v.details, fn, 'details');
    return this.atomic(() => this.audit(this.now(), action, subject, details));
  }

  /** Entries after `afterSeq` (default: from the first), oldest first. */
  listAudit(options: { afterSeq?: number; limit?: number } = {}): AuditEntry[] {
    const fn = 'store.listAudit';
    const o = checkRecord(options, fn, 'options', ['afterSeq', 'limit']);
    const after = o.afterSeq === undefined ? 0 : checkInteger(o.afterSeq, fn, 'afterSeq', 0, Number.MAX_SAFE_INTEGER);
    const limit = o.limit === undefined ? MAX_LIST_LIMIT : checkListBounds(o.limit, fn, 'limit');
    return this.stmts.listAudit.all(after, limit).map(auditFromRow);
  }

  /**
   * Walks the whole chain: numbering 1, 2, 3…, each prevHash equal to the hash before (zeros for
   * the first), each hash recomputed from the stored fields. Names the first entry that fails.
   * (Removing entries from the end cannot be seen from inside the chain; keep the last hash
   * elsewhere to catch that.)
   */
  verifyAudit(): AuditVerification {
    let expectedSeq = 1;
    let prev: Uint8Array = ZERO_HASH;
    for (const r of this.stmts.allAudit.iterate()) {
      const bad = (reason: string): AuditVerification => ({ ok: false, entries: expectedSeq - 1, firstBad: r.seq, reason });
      if (r.seq !== expectedSeq) return bad(`entry ${r.seq} follows entry ${expectedSeq - 1}: entries are missing`);
      if (!equalBytes(u8(r.prev_hash), prev)) return bad(`entry ${r.seq} does not carry the hash of the entry before it`);
      const hash = auditHash(r.seq, r.at, r.action, r.subject, r.details, u8(r.prev_hash));
      if (!equalBytes(hash, u8(r.hash))) return bad(`entry ${r.seq} was changed after it was written (its hash does not match)`);
      prev = hash;
      expectedSeq++;
    }
    return { ok: true, entries: expectedSeq - 1 };
  }
}

function accountFromRow(r: AccountRow): AccountRecord {
  return { address: u8(r.address), account: u8(r.account), source: sourceFromText(r.source), fetchedAt: r.fetched_at, storedAt: r.stored_at };
}

function snapshotFromRow(r: SnapshotRow): ChainSnapshotRecord {
  return {
    id: r.id, blockNumber: r.block_number, blockId: u8(r.block_id), blockTimestamp: r.block_timestamp,
    source: sourceFromText(r.source), importedAt: r.imported_at,
  };
}

function tokenFromRow(r: TokenRow): TokenRecord {
  return {
    id: r.id, name: r.name, abbreviation: r.abbreviation, precision: r.precision, owner: u8(r.owner), totalSupply: r.total_supply,
    description: r.description, url: r.url, source: sourceFromText(r.source), storedAt: r.stored_at,
  };
}

function proofFromRow(r: KeyProofRow): KeyProofRecord {
  return {
    nonce: u8(r.nonce), account: u8(r.account), permissionHash: u8(r.permission_hash), key: u8(r.key), createdAt: r.created_at, expiresAt: r.expires_at,
    signature: r.signature === null ? null : u8(r.signature), verifiedAt: r.verified_at, fileName: r.file_name,
  };
}

function labelFromRow(r: LabelRow): LabelRecord {
  return { address: u8(r.address), label: r.label, updatedAt: r.updated_at };
}

/**
 * Opens (creating when absent) the store of one station: `{dataDir}` uses `station.sqlite` inside
 * that directory, created with mode 0700; `{file}` names the file itself. Runs pending migrations
 * and refuses a database written by a newer Airlock (STORE_VERSION).
 */
export function openStore(location: StoreLocation, options: StoreOptions = {}): Store {
  const fn = 'openStore';
  const loc = checkRecord(location, fn, 'location', ['dataDir', 'file']);
  const clock = options.clock ?? Date.now;
  if (typeof clock !== 'function') bad(fn, 'clock', 'must be a function');
  const dir = loc.dataDir === undefined ? undefined : checkText(loc.dataDir, fn, 'dataDir', 4096, false);
  const given = loc.file === undefined ? undefined : checkText(loc.file, fn, 'file', 4096, false);
  if ((dir === undefined) === (given === undefined)) bad(fn, 'location', 'must give exactly one of dataDir and file');
  const file = given ?? join(dir!, STORE_FILE_NAME);
  try {
    if (dir !== undefined) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      if (!statSync(dir).isDirectory()) bad(fn, 'dataDir', 'is not a directory');
    }
    // Create the file owner-only before SQLite does; SQLite gives its -wal and -shm files the same mode.
    closeSync(openSync(file, 'a', 0o600));
    return new Store(file, clock);
  } catch (e) {
    if (e instanceof AirlockError) throw e;
    const reason = e instanceof Error ? e.message : String(e);
    fail('INTERNAL', `${fn}: cannot open the station's database ${file}: ${reason}`, { file });
  }
}

