/**
 * The lockout guard (docs/decisions.md §10 "Lockout guard"): before a permission update is built, can the new
 * owner threshold (and each active's, and the executive's) still be reached, by which keys, by the
 * keys this station holds, and by keys this station has ever seen sign?
 *
 * A key nobody can hold does not count towards any threshold: the zero-body address
 * (0x41 followed by 20 zero bytes, T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb), which TRON's documentation
 * names as its destruction ("black hole") address: no private key is known for it, and with
 * secp256k1 there is no way to find one.
 *
 * Verdicts, for the OWNER permission only (an active that nobody can reach is a warning: the owner
 * can replace it):
 * - `refused`: the keys listed (that someone can hold) cannot reach the owner threshold, so the
 *   account would be locked for good.
 * - `needs-override`: they can, but the keys this station has seen sign (its own keys, keys with a
 *   verified signature in a stored transaction, keys with a verified proof of possession) cannot:
 *   the owner then depends on keys whose holders have never shown they hold them. The risk is named
 *   `owner-unseen-keys`; building needs it accepted explicitly.
 * - `ok` otherwise.
 *
 * Invariant: pure (no node:*, no DOM); a permission with more keys than any valid one is refused
 * before the subsets are counted, so hostile input cannot make the computation explode.
 */
import type { Permission } from '../gen/protocol/core_pb.ts';
import { ADDRESS_LENGTH, ADDRESS_PREFIX, addressToBase58, isAddressBytes, parseAddress, type Address } from '../chain/address.ts';
import { bytesToHex } from '../base/bytes.ts';

import { escapeText } from '../base/escape.ts';
import { minimalSets } from './minimal-sets.ts';
import { MAX_ACTIVE_PERMISSIONS, MAX_KEYS_PER_PERMISSION } from '../base/limits.ts';
import { badArgument } from '../chain/input.ts';

/** The name of the one risk a person may accept: the owner is reachable only by keys never seen signing. */
export const OWNER_UNSEEN_KEYS = 'owner-unseen-keys';
export type LockoutRisk = typeof OWNER_UNSEEN_KEYS;
export type LockoutVerdict = 'ok' | 'needs-override' | 'refused';

/** 0x41 and 20 zero bytes: TRON's destruction address; nobody holds its key. */
export const ZERO_BODY_ADDRESS: Address = (() => {
  const a = new Uint8Array(ADDRESS_LENGTH);
  a[0] = ADDRESS_PREFIX;
  return a;
})();

/** Keys nobody can hold (hex, lower case). */
const UNHOLDABLE = new Set([bytesToHex(ZERO_BODY_ADDRESS)]);

/** True for an address whose private key nobody can hold (the zero-body address) or that is no address at all. */
export function isUnholdableKey(address: Uint8Array): boolean {
  return !isAddressBytes(address) || UNHOLDABLE.has(bytesToHex(address));
}

/** Keys with weights and a threshold: a Permission message, or anything shaped like one. */
export type WeightedPermission = Pick<Permission, 'threshold' | 'keys'> & Partial<Pick<Permission, 'permissionName' | 'id'>>;

export interface ThresholdReach {
  slot: 'owner' | 'executive' | 'active';
  /** Index among the actives (0 for the first active, whose id will be 2); 0 for owner and executive. */
  index: number;
  name: string;
  threshold: string;
  /** The keys that someone can hold reach the threshold together. */
  reachable: boolean;
  /** The smallest sets of keys (Base58) that reach it: each set reaches it and no key can be dropped. */
  sets: string[][];
  /** The fewest signatures that reach it; null when nothing does. */
  fewestSignatures: number | null;
  /** Keys listed that nobody can hold (they never count). */
  unholdable: string[];
  /** This station's own keys alone reach the threshold. */
  localReach: boolean;
  localWeight: string;
  /** Keys seen signing (local keys included) reach it. */
  seenReach: boolean;
  seenWeight: string;
  /** Keys of the permission this station has never seen sign. */
  unseen: string[];
}

export interface LockoutReport {
  verdict: LockoutVerdict;
  /** Set when the verdict is `needs-override`: the risk to accept. */
  risk: LockoutRisk | null;
  owner: ThresholdReach | null;
  executive: ThresholdReach | null;
  actives: ThresholdReach[];
  /** Sentences for people: why the verdict, and the warnings about actives. */
  reasons: string[];
  warnings: string[];
}

export interface LockoutContext {
  /** Keys seen signing: verified signatures, verified proofs of possession (local keys are added too). */
  knownSigners: ReadonlyArray<Address | string>;
  /** Keys this station holds. */
  localKeys: ReadonlyArray<Address | string>;
}

/** The permissions after the update: an AccountPermissionUpdateContract or stored permissions. */
export interface NewPermissions {
  owner?: WeightedPermission;
  executive?: WeightedPermission;
  actives: ReadonlyArray<WeightedPermission>;
}

function addressSet(list: ReadonlyArray<Address | string>, field: string): Set<string> {
  if (!Array.isArray(list)) badArgument(`lockoutCheck: ${field} must be a list of addresses`, field);
  return new Set(list.map((a, i) => bytesToHex(typeof a === 'string' ? parseAddress(a, `${field}[${i}]`) : checkedBytes(a, `${field}[${i}]`))));
}

function checkedBytes(a: unknown, field: string): Address {
  if (!(a instanceof Uint8Array) || !isAddressBytes(a)) badArgument(`lockoutCheck: ${field} is not an address`, field);
  return a;
}

function keyName(address: Uint8Array): string {
  return isAddressBytes(address) ? addressToBase58(address) : `0x${bytesToHex(address)}`;
}

/** Who can reach one permission's threshold. */
export function thresholdReach(
  p: WeightedPermission,
  slot: ThresholdReach['slot'],
  index: number,
  known: { local: ReadonlySet<string>; seen: ReadonlySet<string> },
): ThresholdReach {
  if (p.keys.length > MAX_KEYS_PER_PERMISSION * 2) {
    badArgument(`lockoutCheck: ${slot} has ${p.keys.length} keys; a permission has at most ${MAX_KEYS_PER_PERMISSION}`, slot);
  }
  const holdable = p.keys.filter((k) => !isUnholdableKey(k.address) && k.weight > 0n);
  const sets =
    p.threshold > 0n
      ? minimalSets(
          holdable.map((k) => k.weight),
          p.threshold,
        )
      : [];
  const weightOf = (keep: (hex: string) => boolean): bigint => holdable.reduce((w, k) => (keep(bytesToHex(k.address)) ? w + k.weight : w), 0n);
  const localWeight = weightOf((h) => known.local.has(h));
  const seenWeight = weightOf((h) => known.seen.has(h) || known.local.has(h));
  const reached = (w: bigint): boolean => p.threshold > 0n && w >= p.threshold;
  return {
    slot,
    index,
    name: p.permissionName ?? '',
    threshold: p.threshold.toString(),
    reachable: sets.length > 0,
    sets: sets.map((s) => s.map((i) => keyName(holdable[i]!.address))),
    fewestSignatures: sets[0]?.length ?? null,
    unholdable: p.keys.filter((k) => isUnholdableKey(k.address)).map((k) => keyName(k.address)),
    localReach: reached(localWeight),
    localWeight: localWeight.toString(),
    seenReach: reached(seenWeight),
    seenWeight: seenWeight.toString(),
    unseen: holdable.filter((k) => !known.seen.has(bytesToHex(k.address)) && !known.local.has(bytesToHex(k.address))).map((k) => keyName(k.address)),
  };
}

/** An active permission as a warning names it; its name escaped (escape.ts), since a screen shows the warning as it is. */
function activeLabel(r: ThresholdReach): string {
  return `active ${r.index + 2}${r.name ? ` "${escapeText(r.name)}"` : ''}`;
}

/**
 * The guard's decision for the permissions an update would leave (see the file comment for the
 * verdicts). `ctx.localKeys` count as seen.
 */
export function lockoutCheck(next: NewPermissions, ctx: LockoutContext): LockoutReport {
  if (typeof next !== 'object' || next === null || !Array.isArray(next.actives)) badArgument('lockoutCheck: expected the new permissions', 'permissions');
  if (next.actives.length > MAX_ACTIVE_PERMISSIONS * 2)
    badArgument(`lockoutCheck: ${next.actives.length} actives; at most ${MAX_ACTIVE_PERMISSIONS}`, 'actives');
  if (typeof ctx !== 'object' || ctx === null) badArgument('lockoutCheck: expected { knownSigners, localKeys }', 'ctx');
  const known = { local: addressSet(ctx.localKeys, 'localKeys'), seen: addressSet(ctx.knownSigners, 'knownSigners') };
  const owner = next.owner ? thresholdReach(next.owner, 'owner', 0, known) : null;
  const executive = next.executive ? thresholdReach(next.executive, 'executive', 0, known) : null;
  const actives = next.actives.map((a, i) => thresholdReach(a, 'active', i, known));
  const reasons: string[] = [];
  const warnings: string[] = [];
  let verdict: LockoutVerdict = 'ok';
  if (!owner || !owner.reachable) {
    verdict = 'refused';
    reasons.push(
      !owner
        ? 'The update has no owner permission.'
        : `Nobody listed can reach the owner threshold ${owner.threshold}${owner.unholdable.length > 0 ? ` (${owner.unholdable.join(', ')} can never sign: nobody holds that key)` : ''}: the account would be locked for good.`,
    );
  } else if (!owner.seenReach) {
    verdict = 'needs-override';
    reasons.push(
      `The owner threshold ${owner.threshold} can be reached only with keys this station has never seen sign (${owner.unseen.join(', ')}); the keys it has seen sign carry weight ${owner.seenWeight}. If their holders do not hold them, the account is locked for good. Accept the risk "${OWNER_UNSEEN_KEYS}" only if you are sure.`,
    );
  } else {
    reasons.push(
      `The owner threshold ${owner.threshold} can be reached by keys this station has seen sign${owner.localReach ? ", and by this station's own keys alone" : ''}.`,
    );
  }
  for (const a of actives) {
    if (!a.reachable) warnings.push(`Nobody listed can reach the threshold ${a.threshold} of ${activeLabel(a)}: it can never sign (the owner can replace it).`);
    else if (!a.seenReach) warnings.push(`${activeLabel(a)} can be reached only with keys this station has never seen sign.`);
  }
  if (executive && !executive.reachable) warnings.push('Nobody listed can reach the executive threshold: the account could no longer produce blocks.');
  return { verdict, risk: verdict === 'needs-override' ? OWNER_UNSEEN_KEYS : null, owner, executive, actives, reasons, warnings };
}
