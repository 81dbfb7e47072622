/**
 * The station's list of stored transactions as the store reads it (docs/decisions.md §7, "list ≤ 50 ms for
 * 10,000"): one SQL query giving each row with the columns the list shows and its signers' weight
 * summed in SQLite under its stored permission, so no signature is recovered and nothing is looked
 * up per row.
 *
 * Invariants: a row carries exactly what `transactions` holds for it (newest first, rowid breaking
 * ties, as `listTransactions`); `weight` and `threshold` are null exactly when the transaction has
 * no stored permission; no signature is recovered (each was checked against the permission when it
 * was stored). Nothing read here outlives the call.
 */
import type Database from 'better-sqlite3';
import { fromBinary } from '@bufbuild/protobuf';
import { PermissionSchema } from '../../shared/gen/protocol/core_pb.ts';
import { checkListBounds, checkRecord } from './row-checks.ts';
import { u8, type StoreContext } from './table.ts';
import { CHAIN_FATE_COLUMNS, fateFromRow, type ChainFate, type ChainFateRow } from './chain-fate.ts';
import { MAX_STORE_LIST_LIMIT, type TxStatus } from '../../shared/base/limits.ts';

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

/**
 * Fills the TEMP tables the list joins: the keys and thresholds of the distinct stored permissions
 * (a handful), decoded here, so SQLite sums weights with indexes. Refilled on every call, so they
 * never hold a permission the store no longer has; TEMP tables live in the connection's own
 * temporary database, never in the station's file.
 */
function fillWeightTables(db: Database.Database): void {
  const permissions = db.prepare<[], [Buffer]>('SELECT DISTINCT permission FROM transactions WHERE permission IS NOT NULL').raw().all();
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS list_keys (permission BLOB NOT NULL, signer BLOB NOT NULL, weight INTEGER NOT NULL, PRIMARY KEY (permission, signer));
    CREATE TEMP TABLE IF NOT EXISTS list_thresholds (permission BLOB PRIMARY KEY, threshold INTEGER NOT NULL);`);
  const addKey = db.prepare('INSERT OR REPLACE INTO list_keys VALUES (?, ?, ?)');
  const addThreshold = db.prepare('INSERT OR REPLACE INTO list_thresholds VALUES (?, ?)');
  db.transaction(() => {
    db.exec('DELETE FROM list_keys; DELETE FROM list_thresholds;');
    for (const [bytes] of permissions) {
      const p = fromBinary(PermissionSchema, u8(bytes));
      addThreshold.run(bytes, p.threshold);
      for (const k of p.keys) addKey.run(bytes, k.address, k.weight);
    }
  })();
}

/**
 * txID and account are read as SQLite's hex() text: better-sqlite3 makes a Buffer per blob, which
 * costs more than the rest of the row, and the list wants text anyway (the txID lowercased here,
 * the account as a key for one base58 encoding per distinct account).
 */
const LIST_SQL = `SELECT lower(hex(t.txid)) AS txid, t.kind, hex(t.account) AS account, t.expiration, t.status, t.note,
    t.signature_count, ${CHAIN_FATE_COLUMNS}, CAST(h.threshold AS TEXT) AS threshold,
    CASE WHEN h.threshold IS NULL THEN NULL ELSE CAST((SELECT coalesce(sum(k.weight), 0) FROM signatures s
      JOIN list_keys k ON k.permission = t.permission AND k.signer = s.signer WHERE s.txid = t.txid) AS TEXT) END AS weight
  FROM transactions t LEFT JOIN list_thresholds h ON h.permission = t.permission
  ORDER BY t.created_at DESC, t.rowid DESC LIMIT ?`;

export type TransactionListTable = ReturnType<typeof transactionListTable>;

export function transactionListTable({ db }: StoreContext) {
  let stmt: Database.Statement<[number], ListedRow> | undefined;
  return {
    /** The newest `limit` stored transactions (default MAX_STORE_LIST_LIMIT) with their weights, newest first. */
    listTransactionRows(query: { limit?: number } = {}): ListedTransaction[] {
      const fn = 'store.listTransactionRows';
      const v = checkRecord(query, fn, 'query', ['limit']);
      const limit = v.limit === undefined ? MAX_STORE_LIST_LIMIT : checkListBounds(v.limit, fn, 'limit');
      fillWeightTables(db);
      // Prepared after the TEMP tables exist, once per connection.
      stmt ??= db.prepare<[number], ListedRow>(LIST_SQL);
      const rows = stmt.all(limit);
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
  };
}
