/**
 * The station's list of stored transactions as the store reads it (docs/decisions.md §7, "list ≤ 50 ms for
 * 10,000"): one SQL query giving a page of rows with the columns the list shows and its signers'
 * weight summed in SQLite under its stored permission, so no signature is recovered and nothing is
 * looked up per row. A page is filtered, ordered, counted and cut in SQL: the queue's page of 100
 * reads 100 rows, not 10,000, and its total and accounts come from COUNT and DISTINCT.
 *
 * Invariants: a row carries exactly what `transactions` holds for it (newest first, rowid breaking
 * ties, as `listTransactions`, whatever the filter); `weight` and `threshold` are null exactly when
 * the transaction has no stored permission; no signature is recovered (each was checked against the
 * permission when it was stored). The status filter is the status as shown at `now` (`shownStatus`
 * here: an open transaction past its expiration shows as expired), so a filtered page holds exactly the rows the unfiltered list shows with that status. Nothing read
 * here outlives the call.
 */
import type Database from 'better-sqlite3';
import { fromBinary } from '@bufbuild/protobuf';
import { PermissionSchema } from '../../shared/gen/protocol/core_pb.ts';
import { bad, checkAddressField, checkListBounds, checkNonNegative, checkOneOf, checkRecord } from './row-checks.ts';
import { u8, type StoreContext } from './table.ts';
import { CHAIN_FATE_COLUMNS, fateFromRow, type ChainFate, type ChainFateRow } from './chain-fate.ts';
import { MAX_STORE_LIST_LIMIT, TX_STATUSES, type TxStatus } from '../../shared/base/limits.ts';

/** One row of the list: the listed columns as text and numbers, as the list shows them. */
export interface ListedTransaction {
  /** The txID in lowercase hex (as `txKey` gives it). */
  txKey: string;
  kind: string;
  /** The account in uppercase hex, as SQLite's hex() gives it: equal accounts, equal text. */
  accountHex: string;
  expiration: number;
  status: TxStatus;
  note: string;
  signatureCount: number;
  chain: ChainFate | null;
  /** The signers' summed weight and the threshold, decimal text; both null without a stored permission. */
  weight: string | null;
  threshold: string | null;
}

interface ListedRow extends ChainFateRow {
  txid: string;
  kind: string;
  account: string;
  expiration: number;
  status: TxStatus;
  note: string;
  signature_count: number;
  weight: string | null;
  threshold: string | null;
}

/** What a listing is filtered by; `now` is needed with `status` (the shown status depends on it). */
export interface ListFilter {
  /** The status as shown at `now`. */
  status?: TxStatus;
  /** The account's 21 address bytes. */
  account?: Uint8Array;
  now?: number;
}

/** The statuses a transaction is still open in (signatures may be added, docs/decisions.md §7 "sign"). */
const OPEN_STATUSES: readonly TxStatus[] = ['draft', 'collecting', 'ready'];

/**
 * The status a transaction shows at `now`: an open one whose expiration has come is expired. Derived
 * at read time, never stored; the list's status filter is this rule written in SQL (`filterSql`).
 */
export function shownStatus(status: TxStatus, expiration: number, now: number): TxStatus {
  return OPEN_STATUSES.includes(status) && now >= expiration ? 'expired' : status;
}

const OPEN_SQL = `(${OPEN_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/**
 * The WHERE clause and its named parameters for `filter`, checked first. The shown status is
 * written out as ranges (stored status, expiration) so SQLite can use `transactions_by_status`.
 */
function filterSql(filter: unknown, fn: string, allowed: readonly string[]): { where: string; params: Record<string, unknown>; rest: Record<string, unknown> } {
  const v = checkRecord(filter, fn, 'query', ['status', 'account', 'now', ...allowed]);
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  const now = v.now === undefined ? undefined : checkNonNegative(v.now, fn, 'now');
  if (v.status !== undefined) {
    const status = checkOneOf(v.status, fn, 'status', TX_STATUSES);
    if (now === undefined) bad(fn, 'now', 'must be given with status (the status shown depends on the time)');
    params.now = now;
    params.status = status;
    if (status === 'expired') where.push(`(t.status = 'expired' OR (t.status IN ${OPEN_SQL} AND t.expiration <= @now))`);
    else if (OPEN_STATUSES.includes(status)) where.push('t.status = @status AND t.expiration > @now');
    else where.push('t.status = @status');
  }
  if (v.account !== undefined) {
    params.account = checkAddressField(v.account, fn, 'account');
    where.push('t.account = @account');
  }
  // Only the parameters the SQL names: better-sqlite3 refuses a named parameter the statement lacks.
  if (v.status === 'expired') delete params.status;
  return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', params, rest: v };
}

/**
 * Fills the TEMP tables the list joins with the keys and thresholds of `permissions` (the distinct
 * stored permissions of the rows being listed: a handful), decoded here, so SQLite sums weights
 * with indexes. Refilled on every call, so they never hold a permission the store no longer has;
 * TEMP tables live in the connection's own temporary database, never in the station's file.
 */
function fillWeightTables(db: Database.Database, permissions: readonly Buffer[]): void {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS list_keys (permission BLOB NOT NULL, signer BLOB NOT NULL, weight INTEGER NOT NULL, PRIMARY KEY (permission, signer));
    CREATE TEMP TABLE IF NOT EXISTS list_thresholds (permission BLOB PRIMARY KEY, threshold INTEGER NOT NULL);`);
  const addKey = db.prepare('INSERT OR REPLACE INTO list_keys VALUES (?, ?, ?)');
  const addThreshold = db.prepare('INSERT OR REPLACE INTO list_thresholds VALUES (?, ?)');
  db.transaction(() => {
    db.exec('DELETE FROM list_keys; DELETE FROM list_thresholds;');
    for (const bytes of permissions) {
      const p = fromBinary(PermissionSchema, u8(bytes));
      addThreshold.run(bytes, p.threshold);
      for (const k of p.keys) addKey.run(bytes, k.address, k.weight);
    }
  })();
}

/** The page's rows, by rowid: the filter, the list's order (rowid rides in every index, so no sort step), the cut. */
const pageSql = (where: string) => `SELECT t.rowid FROM transactions t ${where} ORDER BY t.created_at DESC, t.rowid DESC LIMIT @limit OFFSET @offset`;

/** The distinct stored permissions of the page's rows. */
const permissionsSql = (where: string) => `SELECT DISTINCT permission FROM transactions WHERE rowid IN (${pageSql(where)}) AND permission IS NOT NULL`;

/**
 * txID and account are read as SQLite's hex() text: better-sqlite3 makes a Buffer per blob, which
 * costs more than the rest of the row, and the list wants text anyway (the txID lowercased here,
 * the account as a key for one base58 encoding per distinct account). The page is chosen first (by
 * rowid, from an index), so the weights are summed for its rows only, never for the rows skipped.
 */
const listSql = (where: string) => `SELECT lower(hex(t.txid)) AS txid, t.kind, hex(t.account) AS account, t.expiration, t.status, t.note,
    t.signature_count, ${CHAIN_FATE_COLUMNS}, CAST(h.threshold AS TEXT) AS threshold,
    CASE WHEN h.threshold IS NULL THEN NULL ELSE CAST((SELECT coalesce(sum(k.weight), 0) FROM signatures s
      JOIN list_keys k ON k.permission = t.permission AND k.signer = s.signer WHERE s.txid = t.txid) AS TEXT) END AS weight
  FROM transactions t LEFT JOIN list_thresholds h ON h.permission = t.permission
  WHERE t.rowid IN (${pageSql(where)}) ORDER BY t.created_at DESC, t.rowid DESC`;

export type TransactionListTable = ReturnType<typeof transactionListTable>;

export function transactionListTable({ db }: StoreContext) {
  /** Each distinct SQL text is prepared once per connection (the list's after its TEMP tables exist). */
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string): Database.Statement => {
    let stmt = statements.get(sql);
    if (!stmt) statements.set(sql, (stmt = db.prepare(sql)));
    return stmt;
  };

  return {
    /**
     * A page of the stored transactions with their weights, newest first: those matching the filter
     * (the status as shown at `now`, the account), `offset` rows skipped, at most `limit` (default
     * MAX_STORE_LIST_LIMIT).
     */
    listTransactionRows(query: ListFilter & { limit?: number; offset?: number } = {}): ListedTransaction[] {
      const fn = 'store.listTransactionRows';
      const { where, params, rest } = filterSql(query, fn, ['limit', 'offset']);
      params.limit = rest.limit === undefined ? MAX_STORE_LIST_LIMIT : checkListBounds(rest.limit, fn, 'limit');
      params.offset = rest.offset === undefined ? 0 : checkNonNegative(rest.offset, fn, 'offset');
      fillWeightTables(db, prepared(permissionsSql(where)).pluck().all(params) as Buffer[]);
      const rows = prepared(listSql(where)).all(params) as ListedRow[];
      const out: ListedTransaction[] = new Array(rows.length);
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i]!;
        out[i] = {
          txKey: r.txid,
          kind: r.kind,
          accountHex: r.account,
          expiration: r.expiration,
          status: r.status,
          note: r.note,
          signatureCount: r.signature_count,
          chain: fateFromRow(r),
          weight: r.weight,
          threshold: r.threshold,
        };
      }
      return out;
    },

    /** How many stored transactions match the filter (the status as shown at `now`, the account). */
    countTransactionRows(query: ListFilter = {}): number {
      const { where, params } = filterSql(query, 'store.countTransactionRows', []);
      return prepared(`SELECT count(*) FROM transactions t ${where}`).pluck().get(params) as number;
    },

    /** The distinct accounts of the stored transactions matching the filter, as uppercase hex (as `accountHex`). */
    listTransactionAccounts(query: Omit<ListFilter, 'account'> = {}): string[] {
      const fn = 'store.listTransactionAccounts';
      checkRecord(query, fn, 'query', ['status', 'now']);
      const { where, params } = filterSql(query, fn, []);
      return prepared(`SELECT DISTINCT hex(t.account) FROM transactions t ${where}`).pluck().all(params) as string[];
    },
  };
}
