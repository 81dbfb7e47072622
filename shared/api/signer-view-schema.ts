/**
 * The signer's view of a transaction (docs/decisions.md §18 "the signer's screen"): what the builder saw, decoded
 * again from the transaction's bytes on the station that shows it. For a permission update, the
 * station's own check (the diff against the permissions it holds, with labels and the provenance
 * of that copy, the fee, the lockout verdict); for a token issue, the price, the sale window, the
 * frozen schedule and the bandwidth limits in words; for every transaction the next step in words.
 *
 * Invariant: closed and JSON-safe like every result schema of the API table; dates cross as ms and
 * as text already in the station's local time, amounts as decimal text.
 */
import * as v from 'valibot';
import { PERMISSION_CHECK_VIEW } from './permission-check-schemas.ts';
import { PROVENANCE_VIEW } from './provenance-schema.ts';

/** A permission update checked on this station: the same answer `permissionCheck` gives its builder. */
export const SIGNER_PERMISSION_UPDATE_VIEW = v.strictObject({
  check: PERMISSION_CHECK_VIEW,
  /** Where this station's copy of the account's permissions (the diff's left side) came from. */
  against: PROVENANCE_VIEW,
  /** Every address of the diff that has a label (a key's own, then the address book's). */
  labels: v.array(v.strictObject({ address: v.string(), label: v.string() })),
});

const LOCAL_DATE = v.strictObject({ ms: v.number(), text: v.string() });

/** A token issue in words, decoded from the contract in the transaction's bytes. */
export const SIGNER_TOKEN_ISSUE_VIEW = v.strictObject({
  /** "1 GLD costs 0.2 TRX (1,000,000 sun buy 500 smallest units)". */
  price: v.string(),
  window: v.strictObject({
    start: LOCAL_DATE,
    end: LOCAL_DATE,
    /** Against the station's clock when the view was made. */
    state: v.picklist(['before', 'open', 'ended']),
    text: v.string(),
  }),
  /** The frozen (cded) supply, each part with its release date. */
  frozen: v.array(v.strictObject({ amount: v.string(), days: v.string(), releasedAt: LOCAL_DATE, text: v.string() })),
  limits: v.strictObject({ perHolder: v.string(), total: v.string(), text: v.string() }),
});

export const SIGNERS_SCREEN_VIEW = v.strictObject({
  /** What to do next, in words: who still has to sign, or that it is ready, on chain or failed. */
  nextStep: v.string(),
  /**
   * docs/decisions.md §24: what this screen's permissions, weights and verdict rest on, in words: the account read
   * from the node just now, a fresh copy, or why it could not be read (the copy shown instead);
   * null when the view was made without asking (a list, a file's export).
   */
  accountRead: v.nullable(v.string()),
  permissionUpdate: v.nullable(SIGNER_PERMISSION_UPDATE_VIEW),
  tokenIssue: v.nullable(SIGNER_TOKEN_ISSUE_VIEW),
});

export type SignerView = v.InferOutput<typeof SIGNERS_SCREEN_VIEW>;
export type SignerPermissionUpdateView = v.InferOutput<typeof SIGNER_PERMISSION_UPDATE_VIEW>;
export type SignerTokenIssueView = v.InferOutput<typeof SIGNER_TOKEN_ISSUE_VIEW>;
