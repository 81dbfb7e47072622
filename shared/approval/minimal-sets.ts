/**
 * Who alone can do what (docs/decisions.md §10 "Who alone can do what"): for a permission, the minimal sets of
 * keys whose weights reach its threshold (no proper subset does), and for an account, which
 * permissions allow each contract type and with which of those sets. The Accounts screen
 * (renderer/accounts/WhoCanDo.svelte) shows it as a matrix; the lockout guard and the permission
 * editor read the same sets for proposed permissions.
 *
 * The rules are the node's, as shared/approval/authorization.ts already applies them (PROTOCOL.md §3):
 * - A set reaches the threshold when the sum of its weights is *at least* the threshold. The spec's
 *   material says "bigger than"; PROTOCOL.md §3 item 6 and DESIGN.md decision 4 say the node
 *   accepts equal, and authorization.ts `signWeight`/`verifyTransactionSignatures` use `>=`. So
 *   does this file. The sum wraps like a Java long, as in `checkWeight`.
 * - A set is never empty (the node refuses a transaction without signatures), and an address
 *   listed twice counts once, with its first weight (the node's lookup finds the first key).
 * - The owner (id 0) may run every contract type; the executive (id 1) never signs a transaction
 *   (PROTOCOL.md §3 item 4, spec "Executive permission ... never to sign transactions"): it only
 *   signs blocks, with its first key alone (PROTOCOL.md §8), so it is reported apart; an active runs
 *   only the contract types whose bit is set in its 32-byte operations, and only when its type is
 *   Active. Two actives with one id: the node finds the first, so the second allows nothing.
 *
 * Exact by enumeration: a permission holds at most 5 keys (spec §8), so 31 subsets; up to
 * MAX_ANALYSED_KEYS are accepted (3^10 subset checks) for chains with a raised TOTAL_SIGN_NUM.
 * Only type imports from view.ts and display.ts, so the renderer's bundle stays free of protobuf.
 */
import type { AddressView } from '../base/display.ts';
import type { PermissionView } from '../views/view.ts';
import { hexToBytes } from '../base/bytes.ts';
import { fail } from '../base/errors.ts';
import { MAX_ANALYSED_KEYS } from '../base/limits.ts';
import { badArgument } from '../chain/input.ts';
import { operationWords, type OperationGroup } from '../chain/operation-catalogue.ts';

/** The contract type that changes the permissions themselves (PROTOCOL.md §1.1 id 46). */
export const PERMISSION_UPDATE_TYPE = { id: 46, name: 'AccountPermissionUpdateContract' } as const;

/**
 * The minimal sets of keys (indexes into `weights`) whose weights reach `threshold`: every set
 * returned reaches it and no proper non-empty subset of it does. Smallest first, then in key
 * order. An unreachable threshold gives [].
 */
export function minimalSets(weights: readonly bigint[], threshold: bigint): number[][] {
  if (!Array.isArray(weights)) badArgument('minimalSets: weights must be a list of int64 values', 'keys');
  if (weights.length > MAX_ANALYSED_KEYS) {
    fail('INVALID_INPUT', `keys: at most ${MAX_ANALYSED_KEYS} keys can be analysed, got ${weights.length}`, { field: 'keys' });
  }
  weights.forEach((w, i) => {
    if (typeof w !== 'bigint') badArgument(`minimalSets: keys[${i}].weight must be an int64 (bigint)`, `keys[${i}].weight`);
  });
  if (typeof threshold !== 'bigint') badArgument('minimalSets: threshold must be an int64 (bigint)', 'threshold');
  const n = weights.length;
  const full = 1 << n;
  const reaches = new Array<boolean>(full).fill(false);
  for (let mask = 1; mask < full; mask++) {
    let sum = 0n;
    for (let i = 0; i < n; i++) if (mask & (1 << i)) sum = BigInt.asIntN(64, sum + weights[i]!);
    reaches[mask] = sum >= threshold;
  }
  const sets: number[][] = [];
  for (let mask = 1; mask < full; mask++) {
    if (!reaches[mask]) continue;
    // Weights may be hostile (zero, negative, wrapping), so every proper subset is checked, not only one-smaller ones.
    let minimal = true;
    for (let sub = (mask - 1) & mask; sub > 0; sub = (sub - 1) & mask) {
      if (reaches[sub]) {
        minimal = false;
        break;
      }
    }
    if (minimal) sets.push(indexesOf(mask, n));
  }
  return sets.sort((a, b) => a.length - b.length || compareIndexes(a, b));
}

function indexesOf(mask: number, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (mask & (1 << i)) out.push(i);
  return out;
}

function compareIndexes(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

// ---------------------------------------------------------------------------------------------
// Permissions and accounts

/** A permission as the views carry it (shared/views/view.ts PermissionView), with the slot the account view adds. */
export type AnalysedPermission = PermissionView & { slot?: 'owner' | 'executive' | 'active' };

/** The account view's parts whoCanDo reads (the station API's ACCOUNT_VIEW has them). */
export interface AnalysedAccount {
  /** Base58, for the default owner of an account that has no owner permission stored. */
  address: string;
  hex: string;
  permissions: readonly AnalysedPermission[];
}

export interface KeySet {
  keys: AddressView[];
  /** The set's summed weight, decimal. */
  weight: string;
}

export interface PermissionSets {
  slot: 'owner' | 'executive' | 'active';
  id: number;
  /** As the view has it: escaped. */
  name: string;
  threshold: string;
  /** Minimal sets, smallest first; empty when nobody listed can reach the threshold. */
  sets: KeySet[];
  /** Why this permission signs nothing although it is listed (wrong type, bad mask, id used twice); null otherwise. */
  unusable: string | null;
}

export interface WhoRow {
  /** A contract type id, or null for the row "any other contract type" (the owner's alone). */
  id: number | null;
  /** The contract type's name, or null for the "other" row. */
  name: string | null;
  /** A phrase for sentences (the catalogue's verb): "send TRX", "send TRC-10 tokens", "do any other operation". */
  words: string;
  /** The plain name ("Transfer"), or "Any other operation". */
  title: string;
  /** The catalogue's group, or null for the "other" row. */
  group: OperationGroup | null;
  /** The permissions that allow it, owner first. */
  permissions: PermissionSets[];
  /** Keys that alone can do it (a one-key minimal set of an allowing permission), in column order. */
  alone: AddressView[];
}

export interface WhoCanDo {
  /** Every distinct key of the owner and actives, in the order met: the matrix's columns. */
  keys: AddressView[];
  /** Owner (the default one when the account has none stored), executive, actives. */
  permissions: PermissionSets[];
  /** Contract types an active allows (ids ascending), then the permission update, then "any other". */
  rows: WhoRow[];
  /** The executive permission's block key (it alone signs blocks), or null without one. */
  blockKey: AddressView | null;
  /** Sentences such as "One key alone can transfer tokens: T…". */
  summary: string[];
}

/** A contract type as a phrase for sentences, from the operation catalogue; a type it does not know by its name. */
export function contractTypeWords(name: string): string {
  return operationWords(name)?.verb ?? name;
}

/** The minimal sets of one permission, as views. */
export function permissionSets(p: AnalysedPermission): KeySet[] {
  const seen = new Set<string>();
  const keys: { address: AddressView; weight: bigint }[] = [];
  p.keys.forEach((k, i) => {
    if (seen.has(k.address.hex)) return;
    seen.add(k.address.hex);
    keys.push({ address: k.address, weight: int64Of(k.weight, `keys[${i}].weight`) });
  });
  return minimalSets(
    keys.map((k) => k.weight),
    int64Of(p.threshold, 'threshold'),
  ).map((set) => ({
    keys: set.map((i) => keys[i]!.address),
    weight: set.reduce((sum, i) => BigInt.asIntN(64, sum + keys[i]!.weight), 0n).toString(),
  }));
}

function int64Of(text: string, field: string): bigint {
  if (typeof text !== 'string' || !/^-?[0-9]{1,19}$/.test(text)) fail('INVALID_INPUT', `${field}: expected an int64 as decimal text`, { field });
  const n = BigInt(text);
  if (BigInt.asIntN(64, n) !== n) fail('INVALID_INPUT', `${field}: outside the int64 range`, { field });
  return n;
}

function slotOf(p: AnalysedPermission): 'owner' | 'executive' | 'active' {
  if (p.slot !== undefined) return p.slot;
  return p.type === 'Owner' ? 'owner' : p.type === 'Executive' ? 'executive' : 'active';
}

/** The contract type ids an active's operations allow, with their names from the view (the view lists known ids in ascending order). */
function allowedTypes(p: AnalysedPermission): { id: number; name: string }[] | string {
  if (p.type !== 'Active') return `its type is ${p.type}, not Active: the node refuses it for transactions`;
  if (p.operations === null || !/^[0-9a-f]{64}$/i.test(p.operations.hex)) return 'its operations are not 32 bytes: the node refuses it';
  const bytes = hexToBytes(p.operations.hex, 'operations');
  const unknown = new Set(p.operations.unknown);
  const ids: number[] = [];
  for (let id = 0; id < 256; id++) if ((bytes[id >> 3]! & (1 << (id & 7))) !== 0 && !unknown.has(id)) ids.push(id);
  if (ids.length !== p.operations.names.length) return 'its operations do not match their names';
  return ids.map((id, i) => ({ id, name: p.operations!.names[i]! }));
}

/** Who can do what with `account`'s permissions: the owner, the executive and the actives. */
export function whoCanDo(account: AnalysedAccount, nameOf: (a: AddressView) => string = (a) => a.base58 ?? `0x${a.hex}`): WhoCanDo {
  if (typeof account !== 'object' || account === null || !Array.isArray(account.permissions)) {
    badArgument('whoCanDo: expected an account view with its permissions', 'permissions');
  }
  const listed = account.permissions.map((p) => ({ p, slot: slotOf(p) }));
  const ownerView: AnalysedPermission = listed.find((x) => x.slot === 'owner')?.p ?? {
    // The node builds this owner for an account that has none stored (PROTOCOL.md §3 item 3).
    slot: 'owner',
    type: 'Owner',
    id: 0,
    name: 'owner',
    nameEscaped: false,
    threshold: '1',
    keys: [{ address: { hex: account.hex, base58: account.address }, weight: '1' }],
    operations: null,
  };
  const executiveView = listed.find((x) => x.slot === 'executive')?.p;
  const owner: PermissionSets = {
    slot: 'owner',
    id: ownerView.id,
    name: ownerView.name,
    threshold: ownerView.threshold,
    sets: permissionSets(ownerView),
    unusable: null,
  };
  const executive: PermissionSets | null = executiveView
    ? {
        slot: 'executive',
        id: executiveView.id,
        name: executiveView.name,
        threshold: executiveView.threshold,
        sets: [],
        unusable: 'the executive permission signs blocks only, never a transaction',
      }
    : null;

  const ids = new Set<number>();
  const actives: { sets: PermissionSets; types: { id: number; name: string }[] }[] = [];
  for (const { p, slot } of listed) {
    if (slot !== 'active') continue;
    const types = allowedTypes(p);
    let unusable = typeof types === 'string' ? types : null;
    if (ids.has(p.id)) unusable = `another active permission already has id ${p.id}: the node finds that one`;
    ids.add(p.id);
    actives.push({
      sets: { slot: 'active', id: p.id, name: p.name, threshold: p.threshold, sets: permissionSets(p), unusable },
      types: unusable === null && typeof types !== 'string' ? types : [],
    });
  }

  const keys: AddressView[] = [];
  const seen = new Set<string>();
  const column = (k: AddressView): void => {
    if (seen.has(k.hex)) return;
    seen.add(k.hex);
    keys.push(k);
  };
  for (const s of [owner, ...actives.map((a) => a.sets)]) for (const set of s.sets) set.keys.forEach(column);
  // Keys that are in no minimal set still get a column: a reviewer sees that they can do nothing.
  for (const p of [ownerView, ...listed.filter((x) => x.slot === 'active').map((x) => x.p)]) for (const k of p.keys) column(k.address);

  const byType = new Map<number, { name: string; permissions: PermissionSets[] }>();
  for (const a of actives) {
    for (const t of a.types) {
      const row = byType.get(t.id) ?? { name: t.name, permissions: [owner] };
      row.permissions.push(a.sets);
      byType.set(t.id, row);
    }
  }
  if (!byType.has(PERMISSION_UPDATE_TYPE.id)) byType.set(PERMISSION_UPDATE_TYPE.id, { name: PERMISSION_UPDATE_TYPE.name, permissions: [owner] });
  const order = (hex: string): number => keys.findIndex((k) => k.hex === hex);
  const aloneOf = (permissions: PermissionSets[]): AddressView[] => {
    const out = new Map<string, AddressView>();
    for (const p of permissions) for (const s of p.sets) if (s.keys.length === 1) out.set(s.keys[0]!.hex, s.keys[0]!);
    return [...out.values()].sort((a, b) => order(a.hex) - order(b.hex));
  };
  const rows: WhoRow[] = [...byType.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, r]) => {
      const w = operationWords(id);
      return {
        id,
        name: r.name,
        words: contractTypeWords(r.name),
        title: w?.name ?? r.name,
        group: w?.group ?? null,
        permissions: r.permissions,
        alone: aloneOf(r.permissions),
      };
    });
  rows.push({
    id: null,
    name: null,
    words: 'do any other operation',
    title: 'Any other operation',
    group: null,
    permissions: [owner],
    alone: aloneOf([owner]),
  });

  const blockKey = executiveView?.keys[0]?.address ?? null;
  return {
    keys,
    permissions: [owner, ...(executive ? [executive] : []), ...actives.map((a) => a.sets)],
    rows,
    blockKey,
    summary: summarise(keys, rows, blockKey, nameOf),
  };
}

function summarise(keys: AddressView[], rows: WhoRow[], blockKey: AddressView | null, nameOf: (a: AddressView) => string): string[] {
  const out: string[] = [];
  for (const k of keys) {
    const can = rows.filter((r) => r.alone.some((a) => a.hex === k.hex));
    if (can.length === 0) continue;
    if (can.some((r) => r.id === null)) out.push(`One key alone can do anything, change the permissions included: ${nameOf(k)}.`);
    else out.push(`One key alone can ${joinWords(can.map((r) => r.words))}: ${nameOf(k)}.`);
  }
  if (out.length === 0) out.push('No key alone can do anything.');
  const update = rows.find((r) => r.id === PERMISSION_UPDATE_TYPE.id)!;
  const fewest = Math.min(...update.permissions.map((p) => p.sets[0]?.keys.length ?? Infinity));
  if (fewest === Infinity) out.push('Nobody listed can reach the threshold to change the permissions: they can never be changed again.');
  else if (fewest > 1) out.push(`Changing the permissions needs at least ${fewest} keys together.`);
  if (blockKey) out.push(`Blocks are signed by the executive key alone: ${nameOf(blockKey)}.`);
  return out;
}

function joinWords(words: string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * One cell of the matrix: for each permission of `row` with a minimal set holding the key `hex`,
 * the other keys of that set (none: the key alone can do it). Empty when the key is in no minimal
 * set of the row, whatever its weight: it cannot take part in any smallest group that acts.
 */
export function partnersOf(row: WhoRow, hex: string): { permission: PermissionSets; others: AddressView[] }[] {
  const out: { permission: PermissionSets; others: AddressView[] }[] = [];
  for (const p of row.permissions) {
    for (const s of p.sets) if (s.keys.some((k) => k.hex === hex)) out.push({ permission: p, others: s.keys.filter((k) => k.hex !== hex) });
  }
  return out.sort((a, b) => a.others.length - b.others.length);
}
