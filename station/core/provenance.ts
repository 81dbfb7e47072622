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

/**
 * True when this station read the fact from a node itself, or when a file signed by an exporter
 * this station pinned says that exporter read it from a node (issue 16, "Trusted exporters"); never
 * when an unsigned file or an unpinned exporter says so. The other rules stay with the callers: a
 * source dated after this station's clock is refused or not counted, a newer observation replaces
 * an older one, a claim never replaces an observation.
 */
export function isObserved(source: Source): boolean {
  return source.kind === 'node' || source.kind === 'exporter';
}
