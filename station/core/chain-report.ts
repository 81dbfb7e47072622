/**
 * A report of what became of a transaction on chain, recorded and shown (docs/decisions.md §18, "live status"),
 * shared by the status refresher (station/transactions/status-refresh.ts, the node's answer) and
 * the snapshot import (station/accounts/snapshots.ts, a file's claim).
 *
 * Invariants (judged by station/core/provenance.ts isObserved, never by the source's kind here):
 * - A node's report reaches here only once its block proved it and is irreversible (docs/decisions.md §24,
 *   station/transactions/status-refresh.ts); until then it is held in station/core/fate-reports.ts.
 * - Only an observed report moves the status (confirmed, or failed with the node's reason); a
 *   claimed one is kept beside the status and shown as "claimed … by file F" until the station
 *   sees the transaction itself.
 * - A claim never replaces an observed report; an observed report replaces a claim.
 * - The report and the status change land in one store transaction with their audit entries.
 */
import { bytesToHex } from '../../shared/base/bytes.ts';
import { sunInWords } from '../../shared/base/amount.ts';
import type { ChainFate } from '../store/chain-fate.ts';
import type { Source } from '../store/row-checks.ts';
import type { StationContext } from './context.ts';
import { isObserved } from './provenance.ts';

/** What a node or a file says about one transaction in a block. */
export type ChainReport = Omit<ChainFate, 'source'>;

/** A transaction's fate on chain as the API and the CLI show it (JSON-safe). */
export interface ChainFateView {
  block: number;
  /** SUCCESS, or the node's code for a transaction that failed in its block. */
  result: string;
  /** The fee paid, sun as decimal text. */
  fee: string;
  /** For a failed one: the node's reason in words. */
  reason: string | null;
  /** True when this station read it from a node itself (or from a source that counts as that). */
  observed: boolean;
  /** The file that claims it, when not observed; null otherwise. */
  claimedBy: string | null;
  /** The whole fact in words: "confirmed in block 12; fee paid 0.1 TRX = 100,000 sun". */
  text: string;
}

/** The words for a report: what happened, where, what it cost, and who says so when it is a claim. */
export function chainFateView(fate: ChainFate | null): ChainFateView | null {
  if (fate === null) return null;
  const observed = isObserved(fate.source);
  const claimedBy = observed ? null : fate.source.kind === 'file' ? fate.source.file : fate.source.url;
  const what = fate.result === 'SUCCESS' ? 'confirmed' : `failed (${fate.result})`;
  const fee = `fee paid ${sunInWords(BigInt(fate.fee))}`;
  const text = observed
    ? `${what} in block ${fate.block}; ${fee}`
    : `claimed ${what} in block ${fate.block} by file ${claimedBy}; not yet seen by this station`;
  return {
    block: fate.block,
    result: fate.result,
    fee: fate.fee,
    reason: fate.reason,
    observed,
    claimedBy,
    text: fate.reason && observed ? `${text}. ${fate.reason}` : text,
  };
}

/**
 * Records `report` from `source` for the stored transaction `txId` and, when observed, moves its
 * status. Returns false (nothing written) when a claim would replace an observation, or when the
 * stored report already says the same.
 */
export function applyChainReport(ctx: StationContext, txId: Uint8Array, report: ChainReport, source: Source): boolean {
  const r = ctx.store.getTransaction(txId);
  if (!r) return false;
  const observed = isObserved(source);
  const before = r.chain;
  if (before !== null && isObserved(before.source) && !observed) return false;
  const to = report.result === 'SUCCESS' ? 'confirmed' : 'failed';
  // Confirmed and expired are final in the store: a second node's word does not move them.
  const moves = observed && r.status !== to && r.status !== 'confirmed' && r.status !== 'expired';
  const same = before !== null && before.block === report.block && before.result === report.result && isObserved(before.source) === observed;
  if (same && !moves) return false;
  ctx.store.atomic(() => {
    if (!same) ctx.store.recordChainFate(txId, { ...report, source });
    if (!moves) return;
    const view = chainFateView({ ...report, source })!;
    ctx.store.setStatus(txId, to, { nodeAnswer: report.reason ?? `The node reports transaction ${bytesToHex(txId)} ${view.text}.` });
  });
  return true;
}
