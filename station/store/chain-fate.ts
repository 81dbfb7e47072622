/**
 * What the chain says became of a stored transaction (docs/decisions.md §18, "live status"; store version 9):
 * the block it went into, its result, the fee it paid and, when it failed, the node's reason, with
 * who said so (a node this station asked, or a file) and when the station last asked. The columns
 * live on the `transactions` row; this module reads and writes only them.
 *
 * Invariants:
 * - A fate is written only inside `atomic` with its audit entry (`transaction.chain`), so a block
 *   number never appears without the record of who reported it.
 * - Reading which transactions to ask about is bounded (`limit`) and ordered least recently asked
 *   first, so a pass over 10,000 open rows never starves the oldest ones.
 * - `markChainChecked` writes only the time of asking, which states no fact about the chain: it is
 *   the one write here without an audit entry (a pass every few seconds would otherwise flood the
 *   log with "asked, nothing yet").
 * The status change that goes with a fate (confirmed, failed) is the caller's, in the same atomic.
 */
import { bytesToHex } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { MAX_STORE_LIST_LIMIT, TX_STATUSES, type TxStatus, MAX_NODE_ANSWER_LENGTH, MAX_CHAIN_RESULT_LENGTH } from '../../shared/base/limits.ts';
import { bad, checkBytes, checkInteger, checkNonNegative, checkOneOf, checkRecord, checkSource, checkText, type Source } from './row-checks.ts';
import { sourceFromText, sourceToJson, sourceToText, type StoreContext } from './table.ts';

/** A transaction's fate on chain as a node (or a file) reported it. */
export interface ChainFate {
  /** The block it is in. */
  block: number;
  /** `SUCCESS`, or the node's result code for a transaction that is in a block but failed (REVERT, FAILED, …). */
  result: string;
  /** The fee it paid, in sun, decimal text. */
  fee: string;
  /** For a failed one: the node's reason in words; null otherwise. */
  reason: string | null;
  /** Who said so: a node this station asked (observed) or a file (a claim). */
  source: Source;
}

/** The fate columns as the listing and the record read them (the `t` alias is `transactions`). */
export const CHAIN_FATE_COLUMNS = 't.chain_block, t.chain_result, t.chain_fee, t.chain_reason, t.chain_source';

export interface ChainFateRow {
  chain_block: number | null;
  chain_result: string | null;
  chain_fee: string | null;
  chain_reason: string | null;
  chain_source: string | null;
}

/** The fate of a row read with CHAIN_FATE_COLUMNS; null when nothing has reported one. */
export function fateFromRow(r: ChainFateRow): ChainFate | null {
  if (r.chain_block === null || r.chain_source === null) return null;
  return { block: r.chain_block, result: r.chain_result ?? 'SUCCESS', fee: r.chain_fee ?? '0', reason: r.chain_reason, source: sourceFromText(r.chain_source) };
}

export interface UnsettledQuery {
  /** Statuses worth asking about. */
  statuses: readonly TxStatus[];
  /** Leave out transactions that expired before this time (ms since the epoch). */
  expiredAfter: number;
  limit: number;
}

export type ChainFateTable = ReturnType<typeof chainFateTable>;

export function chainFateTable({ db, atomic, now, audit }: StoreContext) {
  const stmts = {
    exists: db.prepare<[Uint8Array], { n: number }>('SELECT 1 AS n FROM transactions WHERE txid = ?'),
    setFate: db.prepare(
      'UPDATE transactions SET chain_block = ?, chain_result = ?, chain_fee = ?, chain_reason = ?, chain_source = ?, chain_checked_at = ?, updated_at = ? WHERE txid = ?',
    ),
    checked: db.prepare('UPDATE transactions SET chain_checked_at = ? WHERE txid = ?'),
  };

  return {
    /**
     * Records what a node or a file reported about a transaction's fate, replacing an earlier
     * report (the caller decides whether a report may replace another: a claim never replaces an
     * observation, station/core/provenance.ts). NOT_FOUND for an unknown transaction.
     */
    recordChainFate(txId: Uint8Array, fate: ChainFate): void {
      const fn = 'store.recordChainFate';
      const id = checkBytes(txId, fn, 'txId', 32);
      const f = checkRecord(fate, fn, 'fate', ['block', 'result', 'fee', 'reason', 'source']);
      const block = checkNonNegative(f.block, fn, 'fate.block');
      const result = checkText(f.result, fn, 'fate.result', MAX_CHAIN_RESULT_LENGTH, false);
      const fee = checkText(f.fee, fn, 'fate.fee', 20, false);
      if (!/^[0-9]{1,19}$/.test(fee)) bad(fn, 'fate.fee', 'must be a whole number of sun as decimal text');
      const reason = f.reason === null ? null : checkText(f.reason, fn, 'fate.reason', MAX_NODE_ANSWER_LENGTH);
      const source = checkSource(f.source, fn, 'fate.source');
      atomic(() => {
        if (!stmts.exists.get(id)) fail('NOT_FOUND', `${fn}: no such transaction`, { field: 'txId', txId: bytesToHex(id) });
        const at = now();
        stmts.setFate.run(block, result, fee, reason, sourceToText(source), at, at, id);
        audit(at, 'transaction.chain', bytesToHex(id), JSON.stringify({ block, result, fee, source: sourceToJson(source) }));
      });
    },

    /** Notes that the node was asked about these transactions now and knew nothing final (no audit entry: no fact changed). */
    markChainChecked(txIds: readonly Uint8Array[]): void {
      const ids = txIds.map((t, i) => checkBytes(t, 'store.markChainChecked', `txIds[${i}]`, 32));
      atomic(() => {
        const at = now();
        for (const id of ids) stmts.checked.run(at, id);
      });
    },

    /**
     * Transactions in `statuses` with no block reported by anyone observed yet (a file's claim
     * does not settle one), not expired before `expiredAfter`: least recently asked first, at most
     * `limit`. Returns txIDs.
     */
    listUnsettled(query: UnsettledQuery): Uint8Array[] {
      const fn = 'store.listUnsettled';
      const q = checkRecord(query, fn, 'query', ['statuses', 'expiredAfter', 'limit']);
      if (!Array.isArray(q.statuses) || q.statuses.length === 0) bad(fn, 'statuses', 'must name at least one status');
      const statuses = (q.statuses as unknown[]).map((s, i) => checkOneOf(s, fn, `statuses[${i}]`, TX_STATUSES));
      const expiredAfter = checkNonNegative(q.expiredAfter, fn, 'expiredAfter');
      const limit = checkInteger(q.limit, fn, 'limit', 1, MAX_STORE_LIST_LIMIT);
      const rows = db
        .prepare<unknown[], { txid: Uint8Array }>(
          `SELECT txid FROM transactions
           WHERE status IN (${statuses.map(() => '?').join(', ')}) AND expiration > ?
             AND (chain_source IS NULL OR json_extract(chain_source, '$.kind') <> 'node')
           ORDER BY coalesce(chain_checked_at, 0), created_at LIMIT ?`,
        )
        .all(...statuses, expiredAfter, limit);
      return rows.map((r) => new Uint8Array(r.txid.buffer, r.txid.byteOffset, r.txid.byteLength));
    },
  };
}
