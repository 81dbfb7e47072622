/**
 * The refusal of a build its account cannot pay, before anyone signs (docs/decisions.md §25): the cost of the new
 * transaction's bytes with the fewest signatures its permission needs (core/cost-estimate.ts), and
 * when the balance left after what free and staked bandwidth and staked energy cover is less than
 * the fees and what the contract moves, a refusal naming what is short and by how much, and where
 * the figures came from (the node at block N, or a snapshot's claim).
 *
 * Invariants: nothing is stored here and a refusal is thrown before the caller stores anything;
 * when the cost cannot be told (offline with no snapshot facts, or a node that does not answer the
 * resource questions) the build is not refused on a guess: it goes on and the transaction screen
 * says the cost is unknown.
 */
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { formatUnits } from '../../shared/base/display.ts';
import type { Permission } from '../../shared/gen/protocol/core_pb.ts';
import type { StationContext } from './context.ts';
import { estimateRaw, fewestSignatures, isOffline, type SourcedEstimate } from './cost-estimate.ts';

const trx = (sun: bigint): string => `${formatUnits(sun, 6)} TRX`;

/** The words of a refusal for `estimate` (one that cannot pay). */
export function shortfallText(estimate: SourcedEstimate): string {
  const short = BigInt(estimate.shortBy ?? '0');
  const where = estimate.claimed ? `as ${estimate.claimed.text}` : `as read from ${estimate.provenance.node} at block ${estimate.provenance.block}`;
  return `${estimate.refusal ?? 'The account cannot pay this transaction.'} It is short by ${trx(short)}, after what its free and staked bandwidth and its staked energy cover (${where}).`;
}

/** Refuses (CONTRACT_VALIDATE, field `from`) a transaction its account cannot pay; else the estimate's warnings. */
export async function payableOrRefused(ctx: StationContext, raw: Uint8Array, permission: Permission): Promise<string[]> {
  let estimate: SourcedEstimate;
  try {
    estimate = await estimateRaw(ctx, raw, fewestSignatures(permission));
  } catch (e) {
    if (isOffline(e) || (e instanceof AirlockError && (e.code === 'NODE_ERROR' || e.code === 'NODE_REPLY'))) return [];
    throw e;
  }
  if (!estimate.canPay) {
    fail('CONTRACT_VALIDATE', `from: not built: ${shortfallText(estimate)}`, {
      field: 'from',
      shortBy: estimate.shortBy ?? '0',
      ...(estimate.claimed && { claimedBy: estimate.claimed.file }),
    });
  }
  return estimate.warnings;
}
