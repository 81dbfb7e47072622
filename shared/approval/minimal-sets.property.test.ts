/**
 * Property tests (fast-check) for shared/approval/minimal-sets.ts `minimalSets` against a brute-force
 * oracle written independently (recursion over arrays, no bitmasks): every set returned reaches
 * the threshold (sum ≥ threshold, authorization.ts's rule), no proper non-empty subset of it does,
 * every such set is returned exactly once, and the list runs smallest first.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minimalSets } from './minimal-sets.ts';

/** All non-empty subsets of [0, n), as sorted index lists. */
function subsets(n: number): number[][] {
  let out: number[][] = [[]];
  for (let i = 0; i < n; i++) out = [...out, ...out.map((s) => [...s, i])];
  return out.filter((s) => s.length > 0);
}

function reaches(weights: readonly bigint[], set: number[], threshold: bigint): boolean {
  let sum = 0n;
  for (const i of set) sum = BigInt.asIntN(64, sum + weights[i]!);
  return sum >= threshold;
}

function oracle(weights: readonly bigint[], threshold: bigint): string[] {
  const all = subsets(weights.length);
  return all
    .filter((s) => reaches(weights, s, threshold))
    .filter((s) => !all.some((t) => t.length < s.length && t.every((i) => s.includes(i)) && reaches(weights, t, threshold)))
    .map((s) => s.join(','))
    .sort();
}

const weight = fc.bigInt({ min: 1n, max: 10n });
const hostileWeight = fc.oneof(fc.bigInt({ min: -5n, max: 10n }), fc.constantFrom(2n ** 63n - 1n, -(2n ** 63n)));

describe('minimalSets against a brute-force oracle', () => {
  it('returns exactly the minimal reaching sets for valid permissions (1-5 keys, positive weights)', () => {
    fc.assert(
      fc.property(fc.array(weight, { minLength: 1, maxLength: 5 }), fc.bigInt({ min: 1n, max: 40n }), (weights, threshold) => {
        const got = minimalSets(weights, threshold);
        expect(got.map((s) => s.join(',')).sort()).toEqual(oracle(weights, threshold));
        for (const s of got) {
          expect(reaches(weights, s, threshold)).toBe(true);
          for (const i of s)
            expect(
              reaches(
                weights,
                s.filter((j) => j !== i),
                threshold,
              ) && s.length > 1,
            ).toBe(false);
        }
        for (let i = 1; i < got.length; i++) expect(got[i]!.length).toBeGreaterThanOrEqual(got[i - 1]!.length);
      }),
      { numRuns: 300 },
    );
  });

  it('stays exact with zero, negative and wrapping weights (hostile views), up to 8 keys', () => {
    fc.assert(
      fc.property(fc.array(hostileWeight, { minLength: 0, maxLength: 8 }), fc.bigInt({ min: -3n, max: 30n }), (weights, threshold) => {
        expect(
          minimalSets(weights, threshold)
            .map((s) => s.join(','))
            .sort(),
        ).toEqual(oracle(weights, threshold));
      }),
      { numRuns: 200 },
    );
  });
});
