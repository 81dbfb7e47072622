/**
 * What a stored transaction will cost the account, before it is signed (docs/decisions.md §25): the estimate
 * of station/core/cost-estimate.ts (the node's facts now, or offline what imported snapshots claim,
 * said as such) for the transaction's bytes, counted with the fewest signatures its permission
 * needs (or the signatures it already has, when more).
 *
 * Invariants: the answer names the node and the block its facts were read at, or the snapshot file
 * and block they are claimed by; nothing is stored and nothing is signed here.
 */
import { bytesToHex } from '../../shared/base/bytes.ts';
import { txIdArg } from '../../shared/chain/input.ts';
import type { StationContext } from '../core/context.ts';
import type { TransactionBook } from '../core/transaction-book.ts';
import { estimateRaw, fewestSignatures, type SourcedEstimate } from '../core/cost-estimate.ts';

export interface TransactionCostView extends SourcedEstimate {
  txId: string;
  /** How many signatures the size and the multi-signature fee were counted with. */
  signatures: number;
}

export function costFeature(ctx: StationContext, book: TransactionBook) {
  return {
    /** The cost of a stored transaction, read from the node now, or offline from the imported snapshots' claims. */
    async transactionCost(args: { txId: string }): Promise<TransactionCostView> {
      const record = book.record(txIdArg(args?.txId, 'txid'), 'txid');
      const have = ctx.store.listSignatures(record.txId).length;
      const signatures = Math.max(fewestSignatures(record.permission === null ? null : book.permissionFromBytes(record.permission)), have);
      const estimate = await estimateRaw(ctx, record.raw, signatures);
      return { txId: bytesToHex(record.txId), signatures, ...estimate };
    },
  };
}
