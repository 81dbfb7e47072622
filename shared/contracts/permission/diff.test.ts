/**
 * shared/contracts/permission/diff.ts: current against new, slot by slot (actives by position, since
 * execute() renumbers them 2, 3, … in order): keys added, removed, re-weighted, threshold, name,
 * operations by contract name.
 */
import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { KeySchema, PermissionSchema, PermissionType, type Permission } from '../../gen/protocol/core_pb.ts';
import { addressFromHex, addressToBase58 } from '../../chain/address.ts';
import { encodeOperations } from '../../chain/operations.ts';
import { diffPermissionSets } from './diff.ts';

const A = addressFromHex('4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a');
const B = addressFromHex('411c5a77d9fa7ef466951b2f01f724bca3a5820b63');
const C = addressFromHex('4103a1bba60b5aa37094cf16123add674c01589488');

function p(type: PermissionType, name: string, threshold: bigint, keys: [Uint8Array, bigint][], ops?: string[]): Permission {
  return create(PermissionSchema, {
    type,
    permissionName: name,
    threshold,
    operations: ops ? encodeOperations(ops) : new Uint8Array(),
    keys: keys.map(([address, weight]) => create(KeySchema, { address, weight })),
  });
}

describe('permission diff', () => {
  const current = {
    owner: p(PermissionType.Owner, 'owner', 1n, [[A, 1n]]),
    actives: [p(PermissionType.Active, 'active', 1n, [[A, 1n]], ['TransferContract', 'TransferAssetContract'])],
  };

  it('nothing changed', () => {
    const d = diffPermissionSets(current, current);
    expect(d.changed).toBe(false);
    expect(d.permissions.map((x) => x.change)).toEqual(['same', 'same']);
    expect(d.lines).toEqual([]);
  });

  it('single key to 2-of-3: keys added, weight changed, threshold, name, operations by name, an active added', () => {
    const next = {
      owner: p(PermissionType.Owner, 'treasury', 2n, [
        [A, 2n],
        [B, 1n],
        [C, 1n],
      ]),
      actives: [
        p(PermissionType.Active, 'active', 1n, [[B, 1n]], ['TransferContract', 'VoteWitnessContract']),
        p(PermissionType.Active, 'tokens', 1n, [[C, 1n]], ['TransferAssetContract']),
      ],
    };
    const d = diffPermissionSets(current, next);
    expect(d.changed).toBe(true);
    const [o, a2, a3] = d.permissions;
    expect(o).toMatchObject({
      slot: 'owner',
      id: 0,
      change: 'changed',
      name: { from: 'owner', to: 'treasury' },
      threshold: { from: '1', to: '2' },
      keysAdded: [
        { address: addressToBase58(B), from: null, to: '1' },
        { address: addressToBase58(C), from: null, to: '1' },
      ],
      weightsChanged: [{ address: addressToBase58(A), from: '1', to: '2' }],
      keysRemoved: [],
    });
    expect(a2).toMatchObject({
      id: 2,
      change: 'changed',
      keysAdded: [{ address: addressToBase58(B) }],
      keysRemoved: [{ address: addressToBase58(A), from: '1', to: null }],
      operationsAdded: ['VoteWitnessContract'],
      operationsRemoved: ['TransferAssetContract'],
    });
    expect(a3).toMatchObject({ id: 3, change: 'added', name: { from: null, to: 'tokens' } });
    expect(d.lines[0]).toBe(
      `owner "treasury": name "owner" → "treasury"; threshold 1 → 2; + key ${addressToBase58(B)} weight 1; + key ${addressToBase58(C)} weight 1; key ${addressToBase58(A)} weight 1 → 2`,
    );
  });

  it('an active removed, and names shown escaped', () => {
    const next = { owner: p(PermissionType.Owner, 'o\u202Ex', 1n, [[A, 1n]]), actives: [] };
    const d = diffPermissionSets(current, next);
    expect(d.permissions[0]!.name.to).toBe('o\\u{202E}x');
    expect(d.permissions[1]).toMatchObject({ id: 2, change: 'removed', keysRemoved: [{ address: addressToBase58(A) }] });
  });
});
