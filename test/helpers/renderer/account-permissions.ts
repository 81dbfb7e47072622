/**
 * Account permissions for the component tests that pick one (Send, Stake, the live pickers): a
 * permission written as a line of data, the test account M's usual pair (its owner 0, two of A, B
 * and C, and one active 2 that A alone reaches), and the station's `accountShow` answering a
 * stored account with a chosen set. Invariant: the permissions are real protobuf messages put
 * through the station's own view (permissionView), so a screen reads them exactly as it would
 * read a stored account's; only the named account's answer is replaced, any other is the
 * station's own.
 */
import { create } from '@bufbuild/protobuf';
import { KeySchema, PermissionSchema, PermissionType, type Permission } from '../../../shared/gen/protocol/core_pb.ts';
import { parseAddress } from '../../../shared/chain/address.ts';
import { permissionView } from '../../../shared/views/view.ts';
import { TEST_ADDRESSES } from '../real-station.ts';
import type { Harness } from './station-harness.ts';

export interface PermissionSpec {
  type: 'owner' | 'active';
  id: number;
  name: string;
  threshold: bigint;
  /** Each key's address, weight 1. */
  keys: readonly string[];
  /** An active permission's operations bitmap (shared/chain/operations.ts encodeOperations). */
  operations?: Uint8Array;
}

/** The permission a spec names, as the chain holds it. */
export function permissionOf(spec: PermissionSpec): Permission {
  return create(PermissionSchema, {
    type: spec.type === 'owner' ? PermissionType.Owner : PermissionType.Active,
    id: spec.id,
    permissionName: spec.name,
    threshold: spec.threshold,
    ...(spec.operations !== undefined ? { operations: spec.operations } : {}),
    keys: spec.keys.map((a) => create(KeySchema, { address: parseAddress(a), weight: 1n })),
  });
}

/** Account M's owner 0 (two of A, B and C) and an active 2 named `activeName` that A alone reaches, allowing `operations`. */
export function ownerAndActive(activeName: string, operations: Uint8Array): { owner: Permission; active: Permission } {
  const { A, B, C } = TEST_ADDRESSES;
  return {
    owner: permissionOf({ type: 'owner', id: 0, name: 'owner', threshold: 2n, keys: [A, B, C] }),
    active: permissionOf({ type: 'active', id: 2, name: activeName, threshold: 1n, operations, keys: [A] }),
  };
}

/** The station answers `accountShow` for `address` as for a stored account holding `permissions` (owner first). */
export function showStoredPermissions(h: Harness, address: string, permissions: readonly Permission[]): void {
  const show = h.real.handlers.accountShow;
  h.real.handlers.accountShow = async (args) => {
    const answer = await show(args);
    if (args.address !== address) return answer;
    return {
      ...answer,
      permissions: permissions.map((p) => {
        const view = permissionView(p);
        return {
          ...view,
          keys: view.keys.map((k) => ({ ...k, label: null })),
          slot: p.type === PermissionType.Owner ? ('owner' as const) : ('active' as const),
        };
      }),
    };
  };
}
