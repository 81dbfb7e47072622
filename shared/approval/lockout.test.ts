/**
 * shared/approval/lockout.ts: the lockout guard's verdicts (docs/decisions.md §10) — refused when nobody listed can reach
 * the owner threshold (keys nobody holds do not count), needs-override when only keys never seen
 * signing can, ok otherwise — who reaches each threshold, and the minimal-sets computation
 * (property: each set reaches the threshold and no proper subset does; nothing reaching is missed).
 */
import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { KeySchema, PermissionSchema, PermissionType, type Permission } from '../gen/protocol/core_pb.ts';
import { addressFromHex, addressToBase58 } from '../chain/address.ts';
import { hasUnsafeText } from '../base/escape.ts';
import { isUnholdableKey, lockoutCheck, OWNER_UNSEEN_KEYS, ZERO_BODY_ADDRESS } from './lockout.ts';

const A = addressFromHex('4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a');
const B = addressFromHex('411c5a77d9fa7ef466951b2f01f724bca3a5820b63');
const C = addressFromHex('4103a1bba60b5aa37094cf16123add674c01589488');
const D = addressFromHex('412bd0c9fe079c8fca0e3352eb3d02839c371e5c41');
const b58 = addressToBase58;

function perm(type: PermissionType, threshold: bigint, keys: [Uint8Array, bigint][]): Permission {
  return create(PermissionSchema, {
    type,
    threshold,
    permissionName: type === PermissionType.Owner ? 'owner' : 'ops',
    keys: keys.map(([address, weight]) => create(KeySchema, { address, weight })),
  });
}
const owner = (t: bigint, keys: [Uint8Array, bigint][]): Permission => perm(PermissionType.Owner, t, keys);
const active = (t: bigint, keys: [Uint8Array, bigint][]): Permission => perm(PermissionType.Active, t, keys);

describe('verdicts', () => {
  it('ok: a 2-of-3 owner this station can reach with its own key and a key it has seen sign', () => {
    const r = lockoutCheck(
      {
        owner: owner(2n, [
          [A, 1n],
          [B, 1n],
          [C, 1n],
        ]),
        actives: [active(1n, [[A, 1n]])],
      },
      { localKeys: [A], knownSigners: [b58(B)] },
    );
    expect(r.verdict).toBe('ok');
    expect(r.risk).toBeNull();
    expect(r.owner!.sets).toEqual([
      [b58(A), b58(B)],
      [b58(A), b58(C)],
      [b58(B), b58(C)],
    ]);
    expect(r.owner!.fewestSignatures).toBe(2);
    expect(r.owner!.localReach).toBe(false);
    expect(r.owner!.seenReach).toBe(true);
    expect(r.owner!.unseen).toEqual([b58(C)]);
  });

  it('weights that reach the threshold only together', () => {
    const r = lockoutCheck(
      {
        owner: owner(3n, [
          [A, 1n],
          [B, 2n],
          [C, 1n],
        ]),
        actives: [],
      },
      { localKeys: [A, B], knownSigners: [] },
    );
    expect(r.owner!.sets).toEqual([
      [b58(A), b58(B)],
      [b58(B), b58(C)],
    ]);
    expect(r.owner!.localReach).toBe(true);
    expect(r.verdict).toBe('ok');
  });

  it('refused: the threshold is above what the keys anyone can hold carry (the zero-body address counts for nothing)', () => {
    const r = lockoutCheck(
      {
        owner: owner(3n, [
          [ZERO_BODY_ADDRESS, 5n],
          [A, 1n],
        ]),
        actives: [],
      },
      { localKeys: [A], knownSigners: [] },
    );
    expect(r.verdict).toBe('refused');
    expect(r.owner!.reachable).toBe(false);
    expect(r.owner!.unholdable).toEqual([b58(ZERO_BODY_ADDRESS)]);
    expect(r.reasons[0]).toMatch(/Nobody listed can reach the owner threshold 3 .*T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb can never sign/);
  });

  it('refused: no owner permission at all', () => {
    expect(lockoutCheck({ actives: [] }, { localKeys: [], knownSigners: [] }).verdict).toBe('refused');
  });

  it('needs-override: the owner is reachable only by keys never seen signing, and the risk is named', () => {
    const r = lockoutCheck(
      {
        owner: owner(2n, [
          [A, 1n],
          [C, 1n],
          [D, 1n],
        ]),
        actives: [],
      },
      { localKeys: [A], knownSigners: [] },
    );
    expect(r.verdict).toBe('needs-override');
    expect(r.risk).toBe(OWNER_UNSEEN_KEYS);
    expect(r.owner!.localWeight).toBe('1');
    expect(r.owner!.unseen).toEqual([b58(C), b58(D)]);
    expect(r.reasons[0]).toContain(OWNER_UNSEEN_KEYS);
  });

  it('a key seen signing counts as seen (given as Base58 or bytes)', () => {
    const next = {
      owner: owner(2n, [
        [C, 1n],
        [D, 1n],
      ]),
      actives: [],
    };
    expect(lockoutCheck(next, { localKeys: [], knownSigners: [b58(C)] }).verdict).toBe('needs-override');
    expect(lockoutCheck(next, { localKeys: [], knownSigners: [b58(C), D] }).verdict).toBe('ok');
  });

  it('an active nobody can reach is a warning, not a refusal (the owner can replace it)', () => {
    const r = lockoutCheck(
      {
        owner: owner(1n, [[A, 1n]]),
        actives: [
          active(2n, [
            [ZERO_BODY_ADDRESS, 1n],
            [B, 1n],
          ]),
        ],
      },
      { localKeys: [A], knownSigners: [] },
    );
    expect(r.verdict).toBe('ok');
    expect(r.actives[0]!.reachable).toBe(false);
    expect(r.warnings).toEqual(['Nobody listed can reach the threshold 2 of active 2 "ops": it can never sign (the owner can replace it).']);
  });

  it("a permission name's bidi and control characters are escaped in the warnings people read", () => {
    const hostile = create(PermissionSchema, { ...active(2n, [[B, 1n]]), permissionName: 'ops\u202Eowner\u001b[2J' });
    const r = lockoutCheck({ owner: owner(1n, [[A, 1n]]), actives: [hostile] }, { localKeys: [A], knownSigners: [] });
    expect(r.warnings).toEqual([
      'Nobody listed can reach the threshold 2 of active 2 "ops\\u{202E}owner\\u{1B}[2J": it can never sign (the owner can replace it).',
    ]);
    expect(r.warnings.some(hasUnsafeText)).toBe(false);
  });

  it('the zero-body address is the only holdable-looking key nobody holds', () => {
    expect(isUnholdableKey(ZERO_BODY_ADDRESS)).toBe(true);
    expect(isUnholdableKey(A)).toBe(false);
    expect(isUnholdableKey(new Uint8Array(3))).toBe(true);
  });

  it('hostile input: too many keys or actives, addresses that are not addresses', () => {
    const many = Array.from({ length: 5_000 }, () => [A, 1n] as [Uint8Array, bigint]);
    expect(() => lockoutCheck({ owner: owner(1n, many), actives: [] }, { localKeys: [], knownSigners: [] })).toThrow(/at most 5/);
    expect(() =>
      lockoutCheck({ owner: owner(1n, [[A, 1n]]), actives: Array.from({ length: 1000 }, () => active(1n, [[A, 1n]])) }, { localKeys: [], knownSigners: [] }),
    ).toThrow(/at most 8/);
    expect(() => lockoutCheck({ owner: owner(1n, [[A, 1n]]), actives: [] }, { localKeys: ['ab'.repeat(32)], knownSigners: [] })).toThrow(/localKeys\[0\]/);
  });
});
