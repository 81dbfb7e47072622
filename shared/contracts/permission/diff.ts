/**
 * The side-by-side difference between an account's current permissions and the ones a permission
 * update would store (docs/decisions.md §10 "Permission editor": the diff). Permissions are matched by slot:
 * the owner with the owner, the executive with the executive, and actives by position, because
 * execute() gives the actives ids 2, 3, … in submitted order (PROTOCOL.md §5), so the Nth active
 * after the update is the one with the same id as the Nth before.
 *
 * Invariant: pure; every address is shown in Base58 (or 0x-hex when it is not an address), names as
 * escaped text (shared/base/escape.ts), operations by contract name (unknown bits by number).
 */
import type { Permission } from '../../gen/protocol/core_pb.ts';
import { addressToBase58, isAddressBytes } from '../../chain/address.ts';
import { bytesToHex } from '../../base/bytes.ts';
import { contractTypeName } from '../../chain/contract-types.ts';
import { escapeText } from '../../base/escape.ts';
import { hasOperation, OPERATIONS_LENGTH } from '../../chain/operations.ts';
import { FIRST_ACTIVE_PERMISSION_ID } from './rules.ts';

export interface PermissionSet {
  owner?: Permission;
  executive?: Permission;
  actives: readonly Permission[];
}

export interface KeyChange {
  address: string;
  /** Weight before (null when added). */
  from: string | null;
  /** Weight after (null when removed). */
  to: string | null;
}

export interface PermissionDiff {
  slot: 'owner' | 'executive' | 'active';
  /** The id the permission has (owner 0, executive 1, actives 2…). */
  id: number;
  change: 'added' | 'removed' | 'changed' | 'same';
  /** Escaped names; equal when unchanged. */
  name: { from: string | null; to: string | null };
  threshold: { from: string | null; to: string | null };
  keysAdded: KeyChange[];
  keysRemoved: KeyChange[];
  weightsChanged: KeyChange[];
  /** Keys whose weight stays. */
  keysKept: KeyChange[];
  /** Contract names (or `bit N` for a bit that names no contract). */
  operationsAdded: string[];
  operationsRemoved: string[];
}

export interface PermissionsDiff {
  permissions: PermissionDiff[];
  /** True when anything differs. */
  changed: boolean;
  /** One line per changed permission, for the CLI and a summary. */
  lines: string[];
}

function keyName(address: Uint8Array): string {
  return isAddressBytes(address) ? addressToBase58(address) : `0x${bytesToHex(address)}`;
}

function operationNames(p: Permission | undefined): string[] {
  const out: string[] = [];
  if (!p) return out;
  const bits = Math.min(p.operations.length, OPERATIONS_LENGTH) * 8;
  for (let i = 0; i < bits; i++) if (hasOperation(p.operations, i)) out.push(contractTypeName(i) ?? `bit ${i}`);
  return out;
}

/** One permission before and after (either may be absent). */
export function diffPermission(slot: PermissionDiff['slot'], id: number, before: Permission | undefined, after: Permission | undefined): PermissionDiff {
  const old = new Map((before?.keys ?? []).map((k) => [bytesToHex(k.address), k]));
  const now = new Map((after?.keys ?? []).map((k) => [bytesToHex(k.address), k]));
  const keysAdded: KeyChange[] = [];
  const keysRemoved: KeyChange[] = [];
  const weightsChanged: KeyChange[] = [];
  const keysKept: KeyChange[] = [];
  for (const [hex, k] of now) {
    const was = old.get(hex);
    const change = { address: keyName(k.address), from: was ? was.weight.toString() : null, to: k.weight.toString() };
    if (!was) keysAdded.push(change);
    else if (was.weight !== k.weight) weightsChanged.push(change);
    else keysKept.push(change);
  }
  for (const [hex, k] of old) if (!now.has(hex)) keysRemoved.push({ address: keyName(k.address), from: k.weight.toString(), to: null });
  const opsBefore = operationNames(before);
  const opsAfter = operationNames(after);
  const name = { from: before ? escapeText(before.permissionName) : null, to: after ? escapeText(after.permissionName) : null };
  const threshold = { from: before ? before.threshold.toString() : null, to: after ? after.threshold.toString() : null };
  const operationsAdded = opsAfter.filter((o) => !opsBefore.includes(o));
  const operationsRemoved = opsBefore.filter((o) => !opsAfter.includes(o));
  const differs =
    name.from !== name.to ||
    threshold.from !== threshold.to ||
    keysAdded.length + keysRemoved.length + weightsChanged.length > 0 ||
    operationsAdded.length + operationsRemoved.length > 0;
  const change = !before ? 'added' : !after ? 'removed' : differs ? 'changed' : 'same';
  return { slot, id, change, name, threshold, keysAdded, keysRemoved, weightsChanged, keysKept, operationsAdded, operationsRemoved };
}

function describe(d: PermissionDiff): string {
  const what = `${d.slot === 'active' ? `active ${d.id}` : d.slot}${(d.name.to ?? d.name.from) ? ` "${d.name.to ?? d.name.from}"` : ''}`;
  if (d.change === 'added') return `${what}: added, threshold ${d.threshold.to}, ${d.keysAdded.length} key(s)`;
  if (d.change === 'removed') return `${what}: removed`;
  const parts: string[] = [];
  if (d.name.from !== d.name.to) parts.push(`name "${d.name.from}" → "${d.name.to}"`);
  if (d.threshold.from !== d.threshold.to) parts.push(`threshold ${d.threshold.from} → ${d.threshold.to}`);
  for (const k of d.keysAdded) parts.push(`+ key ${k.address} weight ${k.to}`);
  for (const k of d.keysRemoved) parts.push(`- key ${k.address}`);
  for (const k of d.weightsChanged) parts.push(`key ${k.address} weight ${k.from} → ${k.to}`);
  if (d.operationsAdded.length > 0) parts.push(`+ operations ${d.operationsAdded.join(', ')}`);
  if (d.operationsRemoved.length > 0) parts.push(`- operations ${d.operationsRemoved.join(', ')}`);
  return `${what}: ${parts.join('; ')}`;
}

/** Current against new, slot by slot. */
export function diffPermissionSets(current: PermissionSet, next: PermissionSet): PermissionsDiff {
  const permissions: PermissionDiff[] = [diffPermission('owner', 0, current.owner, next.owner)];
  if (current.executive || next.executive) permissions.push(diffPermission('executive', 1, current.executive, next.executive));
  const n = Math.max(current.actives.length, next.actives.length);
  for (let i = 0; i < n; i++) permissions.push(diffPermission('active', FIRST_ACTIVE_PERMISSION_ID + i, current.actives[i], next.actives[i]));
  const changedOnes = permissions.filter((d) => d.change !== 'same');
  return { permissions, changed: changedOnes.length > 0, lines: changedOnes.map(describe) };
}
