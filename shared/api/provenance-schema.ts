/**
 * The schema of a fact's provenance as the station API shows it (docs/decisions.md §16, "Provenance on every
 * fact"): every view that counts weight, shows an amount in token units or offers to sign carries
 * one, so a screen can say which source it used and mark a claim as unverified. The station makes
 * them (station/core/records.ts provenanceOf); the renderer draws them (renderer/ui/ProvenanceBadge).
 *
 * Invariants: `trust` is `observed` only when this station read the fact from a node itself (or a
 * source station/core/provenance.ts isObserved accepts); a file's word is `claimed` and names the
 * file; `stale` is true when the fact is older than STALE_AFTER_MS (shared/base/limits.ts).
 */
import * as v from 'valibot';

export const PROVENANCE_TRUSTS = ['observed', 'claimed', 'unknown'] as const;

export const PROVENANCE_VIEW = v.strictObject({
  /** observed: read from a node by this station; claimed: a file says so; unknown: the station does not know. */
  trust: v.picklist(PROVENANCE_TRUSTS),
  /** In words: `observed from node http://… at block 12`, `claimed by file snap.json (unverified)`. */
  text: v.string(),
  /** The file that claims it, as it was named when imported; null unless claimed. */
  file: v.nullable(v.string()),
  /** When the fact was read or dated (ms since the epoch); null when unknown. */
  at: v.nullable(v.number()),
  ageMs: v.nullable(v.number()),
  /** The age in words (`3 d 2 h`); null when unknown. */
  age: v.nullable(v.string()),
  /** Older than STALE_AFTER_MS: the screens flag it. */
  stale: v.boolean(),
});
export type Provenance = v.InferOutput<typeof PROVENANCE_VIEW>;

/**
 * What a transaction's screen rests on: the permission its weights count against, the token
 * description its amount is shown with (null when it names no token), and every claim that
 * disagrees with what the station holds, in words (never silently taken).
 */
export const TRANSACTION_PROVENANCE_VIEW = v.strictObject({
  permission: PROVENANCE_VIEW,
  token: v.nullable(PROVENANCE_VIEW),
  conflicts: v.array(v.string()),
});
export type TransactionProvenance = v.InferOutput<typeof TRANSACTION_PROVENANCE_VIEW>;
