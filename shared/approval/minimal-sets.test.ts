/**
 * shared/approval/minimal-sets.ts: the threshold rule (a sum equal to the threshold reaches it, as
 * authorization.ts decided), minimality, the node's id and type rules in whoCanDo, and hostile
 * input. Permissions are real protocol messages turned into views by shared/views/view.ts.
 */
import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { KeySchema, PermissionSchema, PermissionType, type Permission } from '../gen/protocol/core_pb.ts';
import { addressToBase58, addressToHex, type Address } from '../chain/address.ts';
import { AirlockError } from '../base/errors.ts';
import { addressOfPrivateKey, privateKeyFromHex } from '../chain/keys.ts';
import { encodeOperations } from '../chain/operations.ts';
import { defaultActivePermission, defaultExecutivePermission } from '../contracts/permission/rules.ts';
import { minimalSets, partnersOf, permissionSets, whoCanDo, type AnalysedAccount } from './minimal-sets.ts';
import { permissionView } from '../views/view.ts';
import { MAX_ANALYSED_KEYS } from '../base/limits.ts';

const [A, B, C, D, E, ACCOUNT] = ['11', '12', '13', '14', '15', '99'].map((b) => addressOfPrivateKey(privateKeyFromHex(b.repeat(32)))) as [
  Address,
  Address,
  Address,
  Address,
  Address,
  Address,
];
const b58 = (a: Address) => addressToBase58(a);

function permission(type: PermissionType, id: number, threshold: bigint, keys: [Address, bigint][], operations?: string[]): Permission {
  return create(PermissionSchema, {
    type,
    id,
    permissionName: ['owner', 'executive'][id] ?? `active ${id}`,
    threshold,
    keys: keys.map(([address, weight]) => create(KeySchema, { address, weight })),
    ...(operations && { operations: encodeOperations(operations) }),
  });
}

function account(...ps: Permission[]): AnalysedAccount {
  return { address: b58(ACCOUNT), hex: addressToHex(ACCOUNT), permissions: ps.map((p) => permissionView(p)) };
}

const set = (...keys: Address[]) => keys.map(b58);

describe('minimalSets', () => {
  it('counts a sum equal to the threshold as reaching it (>=, authorization.ts), not only a bigger one', () => {
    expect(minimalSets([1n, 1n], 2n)).toEqual([[0, 1]]);
    expect(minimalSets([3n], 3n)).toEqual([[0]]);
  });

  it('returns no superset of a reaching set: weights 2,1,1 of 2 give {0} and {1,2}, never {0,1}', () => {
    expect(minimalSets([2n, 1n, 1n], 2n)).toEqual([[0], [1, 2]]);
    expect(minimalSets([1n, 1n, 1n], 2n)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
  });

  it('gives nothing when even all keys together fall short, and never the empty set', () => {
    expect(minimalSets([1n, 1n], 3n)).toEqual([]);
    expect(minimalSets([], 0n)).toEqual([]);
    expect(minimalSets([5n], 0n)).toEqual([[0]]);
  });

  it('orders smallest first, then by key order', () => {
    expect(minimalSets([1n, 1n, 1n, 3n], 3n)).toEqual([[3], [0, 1, 2]]);
  });

  it('adds weights like a Java long, as the node does: a wrapping sum does not reach', () => {
    expect(minimalSets([2n ** 63n - 1n, 1n], 5n)).toEqual([[0]]);
    expect(minimalSets([2n ** 62n, 2n ** 62n], 2n ** 62n + 1n)).toEqual([]);
  });

  it('refuses more keys than it can analyse, and values that are not int64s, naming the field', () => {
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e as AirlockError;
      }
      throw new Error('no error');
    };
    const many = err(() => minimalSets(new Array<bigint>(MAX_ANALYSED_KEYS + 1).fill(1n), 1n));
    expect([many.code, many.details?.field]).toEqual(['INVALID_INPUT', 'keys']);
    expect(err(() => minimalSets(new Array<bigint>(5_000).fill(1n), 1n)).code).toBe('INVALID_INPUT');
    expect(err(() => minimalSets([1 as unknown as bigint], 1n)).details?.field).toBe('keys[0].weight');
    const p = { ...permissionView(permission(PermissionType.Owner, 0, 1n, [[A, 1n]])), threshold: '1e3' };
    expect(err(() => permissionSets(p)).details?.field).toBe('threshold');
    const huge = { ...permissionView(permission(PermissionType.Owner, 0, 1n, [[A, 1n]])), threshold: '9223372036854775808' };
    expect(err(() => permissionSets(huge)).code).toBe('INVALID_INPUT');
  });
});

describe('permissionSets', () => {
  it('counts an address listed twice once, with its first weight (the node finds the first key)', () => {
    const p = permissionView(
      permission(PermissionType.Owner, 0, 2n, [
        [A, 1n],
        [A, 5n],
        [B, 1n],
      ]),
    );
    expect(permissionSets(p).map((s) => s.keys.map((k) => k.base58))).toEqual([set(A, B)]);
  });
});

describe('whoCanDo', () => {
  const owner = permission(PermissionType.Owner, 0, 2n, [
    [A, 1n],
    [B, 1n],
    [C, 1n],
  ]);
  const spender = permission(
    PermissionType.Active,
    2,
    1n,
    [
      [D, 1n],
      [A, 1n],
    ],
    ['TransferAssetContract', 'TransferContract'],
  );

  it('gives the owner every row and an active only the types its bits allow, with who alone can do each', () => {
    const w = whoCanDo(account(owner, spender));
    expect(w.rows.map((r) => r.name)).toEqual(['TransferContract', 'TransferAssetContract', 'AccountPermissionUpdateContract', null]);
    const transfer = w.rows[0]!;
    expect(transfer.permissions.map((p) => p.id)).toEqual([0, 2]);
    expect(transfer.alone.map((k) => k.base58)).toEqual(set(A, D));
    expect(w.rows[2]!.permissions.map((p) => p.id)).toEqual([0]);
    expect(w.rows[2]!.alone).toEqual([]);
    expect(w.rows[3]!.words).toBe('do any other operation');
    // The catalogue's words (docs/decisions.md §26): the plain name and the group beside java-tron's name.
    expect(w.rows.map((r) => [r.title, r.group])).toEqual([
      ['Transfer', 'Payments'],
      ['Token transfer', 'Payments'],
      ['Permission update', 'Account and permissions'],
      ['Any other operation', null],
    ]);
    expect(w.keys.map((k) => k.base58)).toEqual(set(A, B, C, D));
    expect(w.summary).toContain(`One key alone can send TRX and send TRC-10 tokens: ${b58(A)}.`);
    expect(w.summary).toContain(`One key alone can send TRX and send TRC-10 tokens: ${b58(D)}.`);
    expect(w.summary).toContain('Changing the permissions needs at least 2 keys together.');
  });

  it('partnersOf gives each key of a row the others of every minimal set it is in, alone first', () => {
    const w = whoCanDo(account(owner, spender));
    const transfer = w.rows[0]!;
    const hex = (a: Address) => addressToHex(a);
    const cell = (a: Address) => partnersOf(transfer, hex(a)).map((c) => [c.permission.id, c.others.map((k) => k.base58)]);
    expect(cell(A)).toEqual([
      [2, []],
      [0, set(B)],
      [0, set(C)],
    ]);
    expect(cell(D)).toEqual([[2, []]]);
    expect(partnersOf(w.rows[2]!, hex(D))).toEqual([]);
  });

  it('says when one key alone meets the owner threshold', () => {
    const w = whoCanDo(
      account(
        permission(PermissionType.Owner, 0, 3n, [
          [A, 3n],
          [B, 1n],
          [C, 2n],
        ]),
      ),
    );
    expect(w.permissions[0]!.sets.map((s) => s.keys.map((k) => k.base58))).toEqual([set(A), set(B, C)]);
    expect(w.summary[0]).toBe(`One key alone can do anything, change the permissions included: ${b58(A)}.`);
  });

  it('uses the default owner (the account itself) when none is stored', () => {
    const w = whoCanDo(account());
    expect(w.permissions[0]!.sets.map((s) => s.keys.map((k) => k.base58))).toEqual([set(ACCOUNT)]);
  });

  it('never lets the executive sign a transaction; its first key alone signs blocks', () => {
    const w = whoCanDo(account(owner, defaultExecutivePermission(E)));
    expect(w.rows.every((r) => r.permissions.every((p) => p.slot !== 'executive'))).toBe(true);
    expect(w.blockKey?.base58).toBe(b58(E));
    expect(w.summary).toContain(`Blocks are signed by the executive key alone: ${b58(E)}.`);
    expect(w.permissions.find((p) => p.slot === 'executive')?.unusable).toMatch(/blocks only/);
  });

  it('ignores an active whose type is not Active and the second of two actives with one id, as the node does', () => {
    const notActive = permission(PermissionType.Owner, 3, 1n, [[E, 1n]], ['AssetIssueContract']);
    const sameId = permission(PermissionType.Active, 2, 1n, [[E, 1n]], ['ParticipateAssetIssueContract']);
    const w = whoCanDo({
      ...account(owner, spender, sameId),
      permissions: [...account(owner, spender, sameId).permissions, { ...permissionView(notActive), slot: 'active' }],
    });
    expect(w.rows.map((r) => r.name)).toEqual(['TransferContract', 'TransferAssetContract', 'AccountPermissionUpdateContract', null]);
    expect(w.permissions.filter((p) => p.unusable !== null).map((p) => p.unusable)).toEqual([
      'another active permission already has id 2: the node finds that one',
      'its type is Owner, not Active: the node refuses it for transactions',
    ]);
  });

  it('says so when nobody listed can reach the threshold that changes the permissions', () => {
    const w = whoCanDo({ ...account(owner), permissions: [{ ...permissionView(owner), threshold: '9' }] });
    expect(w.summary).toContain('Nobody listed can reach the threshold to change the permissions: they can never be changed again.');
    expect(w.summary).toContain('No key alone can do anything.');
  });

  it('reads the default active (every default bit) into one row per contract type, ids ascending', () => {
    const w = whoCanDo(account(owner, defaultActivePermission(D)));
    const ids = w.rows.map((r) => r.id).filter((x) => x !== null);
    expect(ids.length).toBe(permissionView(defaultActivePermission(D)).operations!.names.length + 1);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('passes __proto__ names and bidi text through as data', () => {
    const p = { ...permissionView(spender), name: '__proto__ \\u202e' };
    const w = whoCanDo({ ...account(owner), permissions: [permissionView(owner), p] });
    expect(w.rows[0]!.permissions[1]!.name).toBe('__proto__ \\u202e');
    expect(Object.getPrototypeOf(w)).toBe(Object.prototype);
  });
});
