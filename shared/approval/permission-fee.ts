/**
 * What a permission update costs (PROTOCOL.md §5 "Fee and execute()", §3 "Multi-sign fee", §10):
 * UPDATE_ACCOUNT_PERMISSION_FEE (100 TRX) always, plus MULTI_SIGN_FEE (1 TRX) when the transaction
 * carries more than one signature. The multi-sign fee is by signature COUNT, not by threshold: a
 * 1-of-3 permission signed by two keys pays it, a weight-2 key alone meeting threshold 2 does not.
 * So the fee depends on the permission that signs the update (the current one, not the new one)
 * and on how many keys actually sign; this module says which of the three cases applies.
 *
 * Invariant: pure; amounts are bigint sun inside and decimal text in the result.
 */
import { formatUnits } from '../base/display.ts';
import { COIN_DECIMALS } from '../base/amount.ts';
import type { WeightedPermission } from './lockout.ts';
import { minimalSets } from './minimal-sets.ts';

/** PROTOCOL.md §10: the default UPDATE_ACCOUNT_PERMISSION_FEE, in sun. */
export const UPDATE_ACCOUNT_PERMISSION_FEE = 100_000_000n;
/** PROTOCOL.md §10: the default MULTI_SIGN_FEE, in sun, charged when a transaction has more than one signature. */
export const MULTI_SIGN_FEE = 1_000_000n;

/**
 * `always`: the threshold needs at least two signatures; `if-more-than-one`: one key can reach it,
 * but signing with more than one adds the fee; `never`: the permission has a single key.
 */
export type MultiSignCase = 'always' | 'if-more-than-one' | 'never';

export interface PermissionUpdateFee {
  /** The update's own fee, sun. */
  base: string;
  /** MULTI_SIGN_FEE, sun. */
  multiSign: string;
  multiSignCase: MultiSignCase;
  /** The fewest signatures that reach the signing permission's threshold; null when none does. */
  fewestSignatures: number | null;
  /** What the update costs at least (and at most, when signed with the fewest keys), sun. */
  least: string;
  /** What it costs when signed by more than one key, sun. */
  most: string;
  /** In words, with TRX amounts. */
  text: string;
}

function trx(sun: bigint): string {
  return `${formatUnits(sun, COIN_DECIMALS)} TRX`;
}

/**
 * The fee of a permission update signed under `signing` (the permission named by the transaction's
 * Permission_id: the owner, or an active allowed to update permissions).
 */
export function permissionUpdateFee(signing: WeightedPermission, fees: { update?: bigint; multiSign?: bigint } = {}): PermissionUpdateFee {
  const base = fees.update ?? UPDATE_ACCOUNT_PERMISSION_FEE;
  const multi = fees.multiSign ?? MULTI_SIGN_FEE;
  const positive = signing.keys.filter((k) => k.weight > 0n).map((k) => k.weight);
  const sets = signing.threshold > 0n && positive.length <= 10 ? minimalSets(positive, signing.threshold) : [];
  const fewest = sets[0]?.length ?? null;
  const multiSignCase: MultiSignCase = fewest !== null && fewest > 1 ? 'always' : signing.keys.length > 1 ? 'if-more-than-one' : 'never';
  const least = multiSignCase === 'always' ? base + multi : base;
  const most = multiSignCase === 'never' ? base : base + multi;
  const text =
    multiSignCase === 'always'
      ? `${trx(base + multi)}: the update's fee ${trx(base)} and the multi-signature fee ${trx(multi)} (at least ${fewest} signatures are needed)`
      : multiSignCase === 'if-more-than-one'
        ? `${trx(base)}; ${trx(multi)} more if signed by more than one key`
        : trx(base);
  return { base: base.toString(), multiSign: multi.toString(), multiSignCase, fewestSignatures: fewest, least: least.toString(), most: most.toString(), text };
}
