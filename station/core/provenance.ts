/**
 * Where a fact the station holds came from, judged once (issue 16, "Provenance on every fact"):
 * an account, a permission, a token description or a block is either observed (read by this
 * station from a node) or claimed (carried in by a file or a caller). Every screen that counts
 * weight, shows an amount in token units or offers to sign asks this module, never the raw source.
 *
 * Invariant: only an observation counts as proof; a claim never replaces an observation, and a
 * source dated after this station's clock is never observed.
 */
import type { Source } from '../store/row-checks.ts';

/** True when this station read the fact from a node itself (not when a file says so). */
export function isObserved(source: Source): boolean {
  return source.kind === 'node';
}
