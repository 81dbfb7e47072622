/**
 * Fates a node reported that this station has not (yet) recorded (docs/decisions.md §24): "reported by the node,
 * unverified" (the block did not prove it: the reason in words) and "in block N, not yet
 * irreversible" (proven, but the block is above the node's solidified head). Both are held in
 * memory per open station, never in the store: only a proven, irreversible fate is written
 * (station/core/chain-report.ts), so no lie survives in the store and a later honest pass, or a
 * restart and the next pass, replaces what is held here.
 *
 * Invariants: a report here never moves a status; the views show it beside the stored facts with
 * `observed: false` for an unverified one; a stored observed fate always wins over a report here.
 */
import { sunInWords } from '../../shared/base/amount.ts';
import type { ChainFate } from '../store/chain-fate.ts';
import { chainFateView, type ChainFateView } from './chain-report.ts';
import type { StationContext } from './context.ts';
import { isObserved } from './provenance.ts';

/** A fate the node reported and the block did not (yet) settle. */
export interface HeldFate {
  kind: 'unverified' | 'not irreversible';
  block: number;
  /** The result: the block's own for a proven one, the node's word for an unverified one. */
  result: string;
  fee: string;
  /** The node that reported it. */
  url: string;
  /** Why it is not proven (unverified only). */
  why: string | null;
}

const held = new WeakMap<StationContext, Map<string, HeldFate>>();

/** The fates held for this station, by txID hex (lower case). */
export function heldFates(ctx: StationContext): Map<string, HeldFate> {
  let map = held.get(ctx);
  if (!map) held.set(ctx, (map = new Map()));
  return map;
}

/** The words of a held fate. */
export function heldFateText(f: HeldFate): string {
  const what = f.result === 'SUCCESS' ? 'confirmed' : `failed (${f.result})`;
  if (f.kind === 'not irreversible')
    return `in block ${f.block}, not yet irreversible${f.result === 'SUCCESS' ? '' : ` (it failed there: ${f.result})`}; fee paid ${sunInWords(BigInt(f.fee))}`;
  return `reported ${what} in block ${f.block} by the node at ${f.url}; unverified: ${f.why}`;
}

/** What a screen shows of a transaction's fate: a stored observation first, then a held report, then a stored claim. */
export function shownFateView(ctx: StationContext, txIdHex: string, stored: ChainFate | null): ChainFateView | null {
  if (stored !== null && isObserved(stored.source)) return chainFateView(stored);
  const h = heldFates(ctx).get(txIdHex);
  if (h === undefined) return chainFateView(stored);
  return {
    block: h.block,
    result: h.result,
    fee: h.fee,
    reason: null,
    observed: h.kind === 'not irreversible',
    claimedBy: h.kind === 'unverified' ? `the node at ${h.url}` : null,
    text: heldFateText(h),
  };
}
