/**
 * The store's `transactions` and `signatures` tables (docs/decisions.md §7, "Store"): each transaction's raw
 * bytes with its status, note and the permission its signers saw, and the signatures collected
 * for it. One module because a signature exists only under its transaction (a foreign key) and
 * the transaction row carries the signature count the triggers keep.
 *
 * Invariants this file guards:
 * - A txID is the sha256 of the stored raw bytes, and a txID is stored once: a file never
 *   overwrites what the store knows (CONFLICT).
 * - Status moves forward only: nothing goes back to draft, and confirmed and expired are final.
 * - A signer signs a transaction once: a second signature from the same signer is a no-op that
 *   returns the stored one, with no second row and no audit entry.
 * - A signature is committed (fsynced) together with its audit entry before addSignature returns.
 * - Each transaction records its origin (`TxOrigin`), set once at insert and never changed: a
 *   transaction is 'built-observed' only when this station built it against a permission it
 *   observed from the node; anything not said otherwise is 'imported'.
 * - A transaction leaves the store only by `discardTransaction` (docs/decisions.md §18), never one broadcast,
 *   confirmed or reported in a block, and always with an audit entry keeping what it was.
 */
import type Database from 'better-sqlite3';
import { fromBinary } from '@bufbuild/protobuf';
import { PermissionSchema } from '../../shared/gen/protocol/core_pb.ts';
import { bytesToHex, equalBytes } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { SIGNATURE_LENGTH } from '../../shared/chain/verify.ts';
import { txIdOf } from '../../shared/chain/transaction.ts';
import {
  bad,
  checkAddressField,
  checkBytes,
  checkContractKind,
  checkInteger,
  checkListBounds,
  checkNonNegative,
  checkOneOf,
  checkOrigin,
  checkRecord,
  checkText,
  type SignatureOrigin,
} from './row-checks.ts';
import { u8, type StoreContext } from './table.ts';
import { CHAIN_FATE_COLUMNS, fateFromRow, type ChainFate, type ChainFateRow } from './chain-fate.ts';
import { MAX_NOTE_LENGTH, MAX_STORE_LIST_LIMIT, MAX_TRANSACTION_BYTES, TX_STATUSES, type TxStatus, MAX_NODE_ANSWER_LENGTH } from '../../shared/base/limits.ts';

/** Statuses a transaction never leaves: it is on chain, or it can no longer be (re-issue instead). */
export const FINAL_STATUSES: readonly TxStatus[] = ['confirmed', 'expired'];
/**
 * Where a transaction came from (docs/decisions.md §16, "seen signing means proved"): built on this station
 * against a permission it observed from the node ('built-observed'), built here against a permission
 * only a file claimed ('built-claimed'), or imported from a file ('imported'). Only a signature on a
 * 'built-observed' transaction can prove its key is held: this station chose those bytes after the
 * key was named, so no one could have fitted the key to a signature.
 */
export const TX_ORIGINS = ['built-observed', 'built-claimed', 'imported'] as const;
export type TxOrigin = (typeof TX_ORIGINS)[number];

/** The key `listApprovalFacts` files a transaction under: its txID in lowercase hex. */
export function txKey(txId: Uint8Array): string {
  return Buffer.from(txId.buffer, txId.byteOffset, txId.byteLength).toString('hex');
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
  /** Where it came from; default 'imported', the origin that proves nothing. */
  origin?: TxOrigin;
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
  /** What the chain says became of it (store version 9); null until a node or a file reports it. */
  chain: ChainFate | null;
}
export interface TransactionRecord extends TransactionSummary {
  raw: Uint8Array;
  permission: Uint8Array | null;
  origin: TxOrigin;
}
export interface ListTransactionsQuery {
  status?: TxStatus | readonly TxStatus[];
  account?: Uint8Array;
  limit?: number;
  offset?: number;
}

export interface SignatureInput {
  txId: Uint8Array;
  signer: Uint8Array;
  /** 65 bytes r‖s‖v. The caller has checked it recovers to `signer` over `txId`. */
  signature: Uint8Array;
  origin: SignatureOrigin;
}
/** A stored signature with what its transaction is counted against (`Store.listSignedKeys`). */
export interface SignedKeyRecord {
  txId: Uint8Array;
  signer: Uint8Array;
  signature: Uint8Array;
  account: Uint8Array;
  permissionId: number;
  /** The origin of the transaction the signature is on. */
  origin: TxOrigin;
  /** The permission stored with that transaction (as it was at build or import); null when unknown. */
  permission: Uint8Array | null;
  /** The transaction's stored status and what the chain says became of it (docs/decisions.md §24: a signature on a transaction accepted on chain). */
  status: TxStatus;
  chain: ChainFate | null;
}
export interface SignatureRecord extends SignatureInput {
  signedAt: number;
}
export interface AddSignatureResult {
  /** false: this signer had already signed this transaction; `signature` is the stored one. */
  added: boolean;
  signature: SignatureRecord;
}

interface TxSummaryRow extends ChainFateRow {
  txid: Uint8Array;
  kind: string;
  account: Uint8Array;
  permission_id: number;
  expiration: number;
  status: TxStatus;
  node_answer: string | null;
  note: string;
  created_at: number;
  updated_at: number;
  signature_count: number;
}
interface TxRow extends TxSummaryRow {
  raw: Uint8Array;
  permission: Uint8Array | null;
  origin: TxOrigin;
}
interface TxListRow extends Omit<TxSummaryRow, 'txid' | 'account'> {
  txid: string;
  account: string;
}
interface SignedKeyRow extends ChainFateRow {
  status: TxStatus;
  txid: Uint8Array;
  signer: Uint8Array;
  signature: Uint8Array;
  account: Uint8Array;
  permission_id: number;
  origin: TxOrigin;
  permission: Uint8Array | null;
}
interface SignatureRow {
  txid: Uint8Array;
  signer: Uint8Array;
  signature: Uint8Array;
  signed_at: number;
  origin: 'local key' | 'file' | 'merge';
  origin_file: string | null;
}

const TX_SUMMARY_COLUMNS = `t.txid, t.kind, t.account, t.permission_id, t.expiration, t.status, t.node_answer, t.note,
  t.created_at, t.updated_at, t.signature_count, ${CHAIN_FATE_COLUMNS}`;

/**
 * A listing reads txID and account as SQLite's hex() text: better-sqlite3 makes a Buffer per blob,
 * which costs more than the rest of the row, while text plus the decode below is cheap. The text
 * comes from hex() of our own columns, so it is always uppercase pairs.
 */
const TX_LIST_COLUMNS = `hex(t.txid) AS txid, t.kind, hex(t.account) AS account, t.permission_id, t.expiration, t.status,
  t.node_answer, t.note, t.created_at, t.updated_at, t.signature_count, ${CHAIN_FATE_COLUMNS}`;

const HEX_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) HEX_VALUE['0123456789ABCDEF'.charCodeAt(i)] = i;

function fromSqlHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) {
    out[i] = (HEX_VALUE[hex.charCodeAt(2 * i)]! << 4) | HEX_VALUE[hex.charCodeAt(2 * i + 1)]!;
  }
  return out;
}

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
  chain: fateFromRow(r),
});

const signatureFromRow = (r: SignatureRow): SignatureRecord => ({
  txId: u8(r.txid),
  signer: u8(r.signer),
  signature: u8(r.signature),
  origin: r.origin === 'local key' ? { kind: 'local key' } : { kind: r.origin, file: r.origin_file ?? '' },
  signedAt: r.signed_at,
});

function notFound(fn: string, txId: Uint8Array): never {
  fail('NOT_FOUND', `${fn}: no such transaction`, { field: 'txId', txId: bytesToHex(txId) });
}

export type TransactionTable = ReturnType<typeof transactionTable>;

export function transactionTable({ db, atomic, now, audit }: StoreContext) {
  const stmts = {
    insertTx: db.prepare(
      `INSERT INTO transactions (txid, raw, kind, account, permission_id, expiration, status, node_answer, note, permission,
         created_at, updated_at, origin) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?)`,
    ),
    getTx: db.prepare<[Uint8Array], TxRow>(`SELECT ${TX_SUMMARY_COLUMNS}, t.raw, t.permission, t.origin FROM transactions t WHERE t.txid = ?`),
    txStatus: db.prepare<[Uint8Array], { status: TxStatus }>('SELECT status FROM transactions WHERE txid = ?'),
    setStatus: db.prepare('UPDATE transactions SET status = ?, node_answer = coalesce(?, node_answer), updated_at = ? WHERE txid = ?'),
    setNote: db.prepare('UPDATE transactions SET note = ?, updated_at = ? WHERE txid = ?'),
    deleteSignatures: db.prepare('DELETE FROM signatures WHERE txid = ?'),
    deleteTx: db.prepare('DELETE FROM transactions WHERE txid = ?'),
    getSignature: db.prepare<[Uint8Array, Uint8Array], SignatureRow>('SELECT * FROM signatures WHERE txid = ? AND signer = ?'),
    insertSignature: db.prepare('INSERT INTO signatures (txid, signer, signature, signed_at, origin, origin_file) VALUES (?, ?, ?, ?, ?, ?)'),
    listSignatures: db.prepare<[Uint8Array], SignatureRow>('SELECT * FROM signatures WHERE txid = ? ORDER BY signed_at, signer'),
    listSignedKeys: db.prepare<[], SignedKeyRow>(
      `SELECT s.txid, s.signer, s.signature, t.account, t.permission_id, t.origin, t.permission, t.status, ${CHAIN_FATE_COLUMNS}
       FROM signatures s JOIN transactions t ON t.txid = s.txid ORDER BY t.account, t.permission_id, s.signer`,
    ),
  };
  /** Listings differ only in their filters; each distinct SQL text is prepared once per connection. */
  const listStatements = new Map<string, Database.Statement<unknown[], TxListRow>>();

  const getTransaction = (txId: Uint8Array): TransactionRecord | undefined => {
    const row = stmts.getTx.get(checkBytes(txId, 'store.getTransaction', 'txId', 32));
    return row && { ...summaryFromRow(row), raw: u8(row.raw), permission: row.permission === null ? null : u8(row.permission), origin: row.origin };
  };

  return {
    /**
     * Stores a new transaction (status `draft` unless given). `txId` must be sha256 of `raw`.
     * CONFLICT when the txID is already stored: a file never overwrites what the store knows.
     */
    insertTransaction(input: TransactionInput): TransactionRecord {
      const fn = 'store.insertTransaction';
      const v = checkRecord(input, fn, 'input', ['txId', 'raw', 'kind', 'account', 'permissionId', 'expiration', 'status', 'note', 'permission', 'origin']);
      const txId = checkBytes(v.txId, fn, 'txId', 32);
      const raw = checkBytes(v.raw, fn, 'raw', undefined, MAX_TRANSACTION_BYTES);
      if (!equalBytes(txIdOf(raw), txId)) fail('BAD_TRANSACTION', `${fn}: txId is not the sha256 of raw`, { field: 'txId' });
      const kind = checkContractKind(v.kind, fn, 'kind');
      const account = checkAddressField(v.account, fn, 'account');
      const permissionId = checkInteger(v.permissionId, fn, 'permissionId', 0, 2 ** 31 - 1);
      const expiration = checkNonNegative(v.expiration, fn, 'expiration');
      const status = v.status === undefined ? 'draft' : checkOneOf(v.status, fn, 'status', TX_STATUSES);
      const note = v.note === undefined ? '' : checkText(v.note, fn, 'note', MAX_NOTE_LENGTH);
      const origin = v.origin === undefined ? 'imported' : checkOneOf(v.origin, fn, 'origin', TX_ORIGINS);
      let permission: Uint8Array | null = null;
      if (v.permission !== undefined && v.permission !== null) {
        permission = checkBytes(v.permission, fn, 'permission', undefined, MAX_TRANSACTION_BYTES);
        try {
          fromBinary(PermissionSchema, permission);
        } catch {
          bad(fn, 'permission', 'is not an encoded Permission message');
        }
      }
      // A transaction counted against no permission cannot prove a key, whatever it claims.
      if (origin !== 'imported' && permission === null) bad(fn, 'permission', 'is required for a transaction built here');
      return atomic(() => {
        if (stmts.txStatus.get(txId)) fail('CONFLICT', `${fn}: this transaction is already stored`, { field: 'txId', txId: bytesToHex(txId) });
        const at = now();
        stmts.insertTx.run(txId, raw, kind, account, permissionId, expiration, status, note, permission, at, at, origin);
        audit(at, 'transaction.add', bytesToHex(txId), JSON.stringify({ kind, account: bytesToHex(account), permissionId, status, origin }));
        return {
          txId,
          raw,
          kind,
          account,
          permissionId,
          expiration,
          status,
          nodeAnswer: null,
          note,
          permission,
          origin,
          createdAt: at,
          updatedAt: at,
          signatureCount: 0,
          chain: null,
        };
      });
    },

    getTransaction,

    /** Newest first, with how many signatures each has. */
    listTransactions(query: ListTransactionsQuery = {}): TransactionSummary[] {
      const fn = 'store.listTransactions';
      const v = checkRecord(query, fn, 'query', ['status', 'account', 'limit', 'offset']);
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
      const limit = v.limit === undefined ? MAX_STORE_LIST_LIMIT : checkListBounds(v.limit, fn, 'limit');
      const offset = v.offset === undefined ? 0 : checkNonNegative(v.offset, fn, 'offset');
      params.push(limit, offset);
      // rowid breaks ties in insertion order and rides in every index, so no sort step is needed.
      const sql = `SELECT ${TX_LIST_COLUMNS} FROM transactions t ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY t.created_at DESC, t.rowid DESC LIMIT ? OFFSET ?`;
      let stmt = listStatements.get(sql);
      if (!stmt) {
        stmt = db.prepare<unknown[], TxListRow>(sql);
        listStatements.set(sql, stmt);
      }
      return stmt.all(...params).map((r) => ({
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
        chain: fateFromRow(r),
      }));
    },

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
      return atomic(() => {
        const row = stmts.txStatus.get(id);
        if (!row) notFound(fn, id);
        const from = row.status;
        if (FINAL_STATUSES.includes(from) && from !== to) {
          fail('CONFLICT', `${fn}: the transaction is ${from}, which is final`, { field: 'status', from, to });
        }
        if (to === 'draft' && from !== 'draft') fail('CONFLICT', `${fn}: a transaction does not go back to draft`, { field: 'status', from, to });
        const at = now();
        stmts.setStatus.run(to, nodeAnswer, at, id);
        audit(at, 'transaction.status', bytesToHex(id), JSON.stringify({ from, to, ...(nodeAnswer !== null && { nodeAnswer: nodeAnswer.slice(0, 1000) }) }));
        return getTransaction(id)!;
      });
    },

    setNote(txId: Uint8Array, note: string): TransactionRecord {
      const fn = 'store.setNote';
      const id = checkBytes(txId, fn, 'txId', 32);
      const text = checkText(note, fn, 'note', MAX_NOTE_LENGTH);
      return atomic(() => {
        const at = now();
        if (stmts.setNote.run(text, at, id).changes === 0) notFound(fn, id);
        audit(at, 'transaction.note', bytesToHex(id), '{}');
        return getTransaction(id)!;
      });
    },

    /**
     * Removes a transaction that never reached the chain, with its signatures, in one transaction
     * with a `transaction.discard` audit entry keeping what it was (kind, account, permission,
     * status, expiration, origin, the signers and how many) and `by` (who asked, as the caller
     * names it). CONFLICT for one broadcast, confirmed or reported in a block: the chain may hold
     * it, so the station keeps its record (the caller says so in words first).
     */
    discardTransaction(txId: Uint8Array, by: string): TransactionRecord {
      const fn = 'store.discardTransaction';
      const id = checkBytes(txId, fn, 'txId', 32);
      const who = checkText(by, fn, 'by', MAX_NOTE_LENGTH);
      return atomic(() => {
        const r = getTransaction(id);
        if (!r) notFound(fn, id);
        if (r.status === 'broadcast' || r.status === 'confirmed' || r.chain !== null)
          fail('CONFLICT', `${fn}: the transaction is ${r.status}${r.chain !== null ? ` and in block ${r.chain.block}` : ''}; it is kept`, { field: 'txId' });
        const signers = stmts.listSignatures.all(id).map((row) => bytesToHex(u8(row.signer)));
        stmts.deleteSignatures.run(id);
        stmts.deleteTx.run(id);
        audit(
          now(),
          'transaction.discard',
          bytesToHex(id),
          JSON.stringify({
            kind: r.kind,
            account: bytesToHex(r.account),
            permissionId: r.permissionId,
            status: r.status,
            expiration: r.expiration,
            origin: r.origin,
            signatures: signers.length,
            signers,
            by: who,
          }),
        );
        return r;
      });
    },

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
      return atomic(() => {
        if (!stmts.txStatus.get(txId)) notFound(fn, txId);
        const existing = stmts.getSignature.get(txId, signer);
        if (existing) return { added: false, signature: signatureFromRow(existing) };
        const at = now();
        const file = origin.kind === 'local key' ? null : origin.file;
        stmts.insertSignature.run(txId, signer, signature, at, origin.kind, file);
        audit(at, 'signature.add', bytesToHex(txId), JSON.stringify({ signer: bytesToHex(signer), origin: origin.kind, ...(file !== null && { file }) }));
        return { added: true, signature: { txId, signer, signature, origin, signedAt: at } };
      });
    },

    listSignatures(txId: Uint8Array): SignatureRecord[] {
      return stmts.listSignatures.all(checkBytes(txId, 'store.listSignatures', 'txId', 32)).map(signatureFromRow);
    },

    /**
     * Every stored signature with the account, permission id, origin and stored permission of its
     * transaction. A signature alone proves nothing about who holds a key (random bytes recover to
     * SOME key), so the caller decides which of these count: the lockout guard keeps only signers
     * of 'built-observed' transactions named in the permission stored with them
     * (station/core/signers-seen.ts).
     */
    listSignedKeys(): SignedKeyRecord[] {
      return stmts.listSignedKeys.all().map((r) => ({
        txId: u8(r.txid),
        signer: u8(r.signer),
        signature: u8(r.signature),
        account: u8(r.account),
        permissionId: r.permission_id,
        origin: r.origin,
        permission: r.permission === null ? null : u8(r.permission),
        status: r.status,
        chain: fateFromRow(r),
      }));
    },
  };
}
