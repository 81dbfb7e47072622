/**
 * What a stored transaction will cost the account, before it is signed (docs/decisions.md §25): the estimate
 * of station/core/cost-estimate.ts (the node's facts now, or offline what imported snapshots claim,
 * said as such) for the transaction's bytes, counted with the fewest signatures its permission
 * needs (or the signatures it already has, when more).
 *
 * `batchCost` sums the costs of chosen rows per paying account (docs/decisions.md §25, "batch totals include the
 * costs"): every row's fees and burns (its most, when a call's energy is unknown), what the rows move,
 * and whether the balance pays all of them, with the shortfall. Each row is estimated alone, against
 * the account as it stands: the free bandwidth the rows share is counted for each, so a long batch
 * may burn more than the sum says; the answer says so.
 *
 * Invariants: the answer names the node and the block its facts were read at, or the snapshot file
 * and block they are claimed by; nothing is stored and nothing is signed here.
 */
import { bytesToHex } from '../../shared/base/bytes.ts';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { formatUnits } from '../../shared/base/display.ts';
import { fail } from '../../shared/base/errors.ts';
import { MAX_QUEUE_BATCH } from '../../shared/base/limits.ts';
import { txIdArg } from '../../shared/chain/input.ts';
import type { StationContext } from '../core/context.ts';
import type { TransactionBook } from '../core/transaction-book.ts';
import { estimateRaw, fewestSignatures, isOffline, type SourcedEstimate } from '../core/cost-estimate.ts';

export interface TransactionCostView extends SourcedEstimate {
  txId: string;
  /** How many signatures the size and the multi-signature fee were counted with. */
  signatures: number;
}

export interface BatchCostAccount {
  /** Base58. */
  account: string;
  rows: number;
  /** Sum of the rows' fees and burns (each row's most), sun. */
  fees: string;
  /** Sum of what the rows send or stake, sun. */
  moves: string;
  balance: string;
  canPay: boolean;
  /** When it cannot pay: sun it lacks. */
  shortBy?: string;
  /** Where the figures came from, in words. */
  source: string;
}

export interface BatchCostView {
  accounts: BatchCostAccount[];
  /** Rows whose cost could not be told (offline with no snapshot facts), with why. */
  unknown: { txId: string; reason: string }[];
  /** Sum of every costed row's fees and burns, sun. */
  fees: string;
  canPayAll: boolean;
  text: string;
}

const trx = (sun: bigint): string => `${formatUnits(sun, 6)} TRX`;

export function costFeature(ctx: StationContext, book: TransactionBook) {
  const costOf = async (txIdText: unknown, field: string): Promise<TransactionCostView> => {
    const record = book.record(txIdArg(txIdText, field), field);
    const have = ctx.store.listSignatures(record.txId).length;
    const signatures = Math.max(fewestSignatures(record.permission === null ? null : book.permissionFromBytes(record.permission)), have);
    const estimate = await estimateRaw(ctx, record.raw, signatures);
    return { txId: bytesToHex(record.txId), signatures, ...estimate };
  };

  return {
    /** The cost of a stored transaction, read from the node now, or offline from the imported snapshots' claims. */
    async transactionCost(args: { txId: string }): Promise<TransactionCostView> {
      return costOf(args?.txId, 'txid');
    },

    /** The chosen rows' costs summed per paying account, and whether each account can pay all of them. */
    async batchCost(args: { txIds: string[] }): Promise<BatchCostView> {
      const ids = args?.txIds;
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_QUEUE_BATCH)
        fail('INVALID_INPUT', `txids: choose from 1 to ${MAX_QUEUE_BATCH} transactions`, { field: 'txids' });
      const sums = new Map<string, { rows: number; fees: bigint; moves: bigint; balance: bigint; source: string }>();
      const unknown: BatchCostView['unknown'] = [];
      for (const [i, id] of ids.entries()) {
        const record = book.record(txIdArg(id, `txids[${i}]`), `txids[${i}]`);
        let cost: TransactionCostView;
        try {
          cost = await costOf(id, `txids[${i}]`);
        } catch (e) {
          if (!isOffline(e)) throw e;
          unknown.push({ txId: bytesToHex(record.txId), reason: 'offline, and no imported snapshot carries the account' });
          continue;
        }
        const account = addressToBase58(record.account);
        const held = sums.get(account) ?? {
          rows: 0,
          fees: 0n,
          moves: 0n,
          balance: BigInt(cost.balance),
          source: cost.claimed ? cost.claimed.text : `read from ${cost.provenance.node} at block ${cost.provenance.block}`,
        };
        held.rows += 1;
        held.fees += BigInt(cost.totalAtMost);
        held.moves += BigInt(cost.moves);
        sums.set(account, held);
      }
      const accounts: BatchCostAccount[] = [...sums].map(([account, s]) => {
        const short = s.fees + s.moves - s.balance;
        return {
          account,
          rows: s.rows,
          fees: s.fees.toString(),
          moves: s.moves.toString(),
          balance: s.balance.toString(),
          canPay: short <= 0n,
          ...(short > 0n && { shortBy: short.toString() }),
          source: s.source,
        };
      });
      const fees = [...sums.values()].reduce((t, s) => t + s.fees, 0n);
      const lines = accounts.map(
        (a) =>
          `${a.account}: ${a.rows} row(s), fees and burns ${trx(BigInt(a.fees))}, sent or staked ${trx(BigInt(a.moves))}, balance ${trx(BigInt(a.balance))}: ${
            a.canPay ? 'it can pay all of them' : `it cannot pay all of them, short by ${trx(BigInt(a.shortBy!))}`
          } (${a.source})`,
      );
      if (unknown.length > 0) lines.push(`${unknown.length} row(s) not costed: offline, and no imported snapshot carries the account`);
      if (accounts.length > 0) lines.push('Each row is estimated alone: the free bandwidth the rows share is counted for each, so a long batch may burn more.');
      return { accounts, unknown, fees: fees.toString(), canPayAll: unknown.length === 0 && accounts.every((a) => a.canPay), text: lines.join('\n') };
    },
  };
}
