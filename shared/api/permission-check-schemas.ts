/**
 * valibot schemas of the permission check (shared/approval/permission-check.ts PermissionCheckView: the
 * issues, permission-diff.ts, permission-fee.ts, lockout.ts) and of the known signers, for the
 * station API's `permissionCheck` and `knownSigners` (docs/decisions.md §10). Only type imports from the
 * modules they describe, so the renderer's bundle does not take the computation through here.
 *
 * Invariant: each schema's output type and its interface are mutually assignable
 * (test/integration/station-api.types.ts), so neither side can gain or lose a field unnoticed.
 */
import * as v from 'valibot';
import { int64Text } from './station-view-schemas.ts';

const KEY_CHANGE = v.strictObject({ address: v.string(), from: v.nullable(int64Text), to: v.nullable(int64Text) });

export const PERMISSION_DIFF_VIEW = v.strictObject({
  slot: v.picklist(['owner', 'executive', 'active']),
  id: v.number(),
  change: v.picklist(['added', 'removed', 'changed', 'same']),
  name: v.strictObject({ from: v.nullable(v.string()), to: v.nullable(v.string()) }),
  threshold: v.strictObject({ from: v.nullable(int64Text), to: v.nullable(int64Text) }),
  keysAdded: v.array(KEY_CHANGE),
  keysRemoved: v.array(KEY_CHANGE),
  weightsChanged: v.array(KEY_CHANGE),
  keysKept: v.array(KEY_CHANGE),
  operationsAdded: v.array(v.string()),
  operationsRemoved: v.array(v.string()),
});

export const PERMISSIONS_DIFF_VIEW = v.strictObject({
  permissions: v.array(PERMISSION_DIFF_VIEW),
  changed: v.boolean(),
  lines: v.array(v.string()),
});

export const PERMISSION_UPDATE_FEE_VIEW = v.strictObject({
  base: int64Text,
  multiSign: int64Text,
  multiSignCase: v.picklist(['always', 'if-more-than-one', 'never']),
  fewestSignatures: v.nullable(v.number()),
  least: int64Text,
  most: int64Text,
  text: v.string(),
});

export const THRESHOLD_REACH_VIEW = v.strictObject({
  slot: v.picklist(['owner', 'executive', 'active']),
  index: v.number(),
  name: v.string(),
  threshold: int64Text,
  reachable: v.boolean(),
  sets: v.array(v.array(v.string())),
  fewestSignatures: v.nullable(v.number()),
  unholdable: v.array(v.string()),
  localReach: v.boolean(),
  localWeight: int64Text,
  seenReach: v.boolean(),
  seenWeight: int64Text,
  unseen: v.array(v.string()),
});

export const LOCKOUT_VIEW = v.strictObject({
  verdict: v.picklist(['ok', 'needs-override', 'refused']),
  risk: v.nullable(v.picklist(['owner-unseen-keys'])),
  owner: v.nullable(THRESHOLD_REACH_VIEW),
  executive: v.nullable(THRESHOLD_REACH_VIEW),
  actives: v.array(THRESHOLD_REACH_VIEW),
  reasons: v.array(v.string()),
  warnings: v.array(v.string()),
});

export const PERMISSION_CHECK_VIEW = v.strictObject({
  valid: v.boolean(),
  issues: v.array(v.strictObject({ field: v.string(), message: v.string() })),
  diff: PERMISSIONS_DIFF_VIEW,
  fee: PERMISSION_UPDATE_FEE_VIEW,
  lockout: v.nullable(LOCKOUT_VIEW),
  text: v.string(),
  /**
   * docs/decisions.md §24: what the diff and the verdict compare against, in words: the account read from the
   * node just now, a fresh copy, or why the node could not be asked and what the copy is instead.
   * Given by the station's permissionCheck; absent where the check runs without a station.
   */
  accountRead: v.optional(v.string()),
});

export const KNOWN_SIGNERS_VIEW = v.strictObject({
  signers: v.array(v.strictObject({ address: v.string(), local: v.boolean(), signed: v.boolean(), proved: v.boolean() })),
});

export type PermissionCheckResult = v.InferOutput<typeof PERMISSION_CHECK_VIEW>;
export type LockoutResult = v.InferOutput<typeof LOCKOUT_VIEW>;
