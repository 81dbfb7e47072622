/**
 * shared/contracts/permission/rules.ts, what comes after the checks: the builder of an
 * AccountPermissionUpdateContract, what execute() stores (PROTOCOL.md §5), the display view
 * (shared/views/view.ts), and the editor's list of every broken rule at once. Shared fixtures:
 * test/helpers/permission-rules-helpers.ts.
 */
import { permissionView } from '../../views/view.ts';
import { describe, expect, it } from 'vitest';
import { PermissionType } from '../../gen/protocol/core_pb.ts';
import { addressToBase58 } from '../../chain/address.ts';
import { bytesToHex, hexToBytes } from '../../base/bytes.ts';
import { availableContractTypes, DEFAULT_ACTIVE_OPERATIONS_HEX, defaultActiveOperations, encodeOperations } from '../../chain/operations.ts';
import { applyPermissionUpdate, buildPermissionUpdate, permissionShapeIssues, permissionUpdateIssues, validatePermissionUpdate } from './rules.ts';
import { A, B, C, D, E, F, NORMAL, EXECUTIVE, key, owner, executive, active, contract, errorOf } from '../../../test/helpers/permission-rules-helpers.ts';

describe('buildPermissionUpdate', () => {
  const b58 = (a: Uint8Array) => addressToBase58(a);

  it('sets types, ids (0, 1, 2..), parent 0, default names, and parses both address forms', () => {
    const c = buildPermissionUpdate(
      {
        owner: b58(A),
        ownerPermission: {
          threshold: 2,
          keys: [
            { address: b58(A), weight: 1 },
            { address: bytesToHex(B), weight: 1n },
          ],
        },
        executive: { threshold: 1, keys: [{ address: C, weight: 1 }] },
        actives: [
          { name: 'payments', threshold: 1, keys: [{ address: b58(D), weight: 1 }], operations: ['TransferContract', 2] },
          { threshold: 1n, keys: [{ address: b58(E), weight: 1 }], operations: DEFAULT_ACTIVE_OPERATIONS_HEX },
          { threshold: 1n, keys: [{ address: b58(F), weight: 1 }], operations: defaultActiveOperations() },
        ],
      },
      EXECUTIVE,
    );
    expect(bytesToHex(c.ownerAddress)).toBe(bytesToHex(A));
    expect([c.owner!.type, c.owner!.id, c.owner!.permissionName, c.owner!.threshold, c.owner!.parentId]).toEqual([PermissionType.Owner, 0, 'owner', 2n, 0]);
    expect(c.owner!.keys.map((k) => bytesToHex(k.address))).toEqual([bytesToHex(A), bytesToHex(B)]);
    expect([c.executive!.type, c.executive!.id, c.executive!.permissionName]).toEqual([PermissionType.Executive, 1, 'executive']);
    expect(c.actives.map((a) => [a.type, a.id, a.permissionName])).toEqual([
      [PermissionType.Active, 2, 'payments'],
      [PermissionType.Active, 3, 'active'],
      [PermissionType.Active, 4, 'active'],
    ]);
    expect(bytesToHex(c.actives[0]!.operations)).toBe(bytesToHex(encodeOperations([1, 2])));
    expect(bytesToHex(c.actives[1]!.operations)).toBe(DEFAULT_ACTIVE_OPERATIONS_HEX);
  });

  it('validates what it built (an active without operations fails with the node message)', () => {
    const e = errorOf(() =>
      buildPermissionUpdate(
        { owner: A, ownerPermission: { threshold: 1, keys: [{ address: A, weight: 1 }] }, actives: [{ threshold: 1, keys: [{ address: A, weight: 1 }] }] },
        NORMAL,
      ),
    );
    expect([e.code, e.message, e.details?.field]).toEqual(['CONTRACT_VALIDATE', 'operations size must 32', 'actives[0].operations']);
  });

  it('a missing owner permission or empty actives give the node messages, not TypeErrors', () => {
    const noOwner = { owner: A, actives: [{ threshold: 1, keys: [{ address: A, weight: 1 }], operations: [1] }] } as unknown as Parameters<
      typeof buildPermissionUpdate
    >[0];
    expect(errorOf(() => buildPermissionUpdate(noOwner, NORMAL)).message).toBe('owner permission is missed');
    expect(
      errorOf(() => buildPermissionUpdate({ owner: A, ownerPermission: { threshold: 1, keys: [{ address: A, weight: 1 }] }, actives: [] }, NORMAL)).message,
    ).toBe('active permission is missed');
  });

  it('wrong kinds of input and unknown keys are INVALID_INPUT prefixed "buildPermissionUpdate:"', () => {
    const ok = { threshold: 1, keys: [{ address: A, weight: 1 }] };
    const cases: unknown[] = [
      null,
      { owner: A, ownerPermission: ok, actives: 'x' },
      { owner: 42, ownerPermission: ok, actives: [] },
      { owner: A, ownerPermission: { threshold: 'one', keys: [] }, actives: [] },
      { owner: A, ownerPermission: { threshold: 1.5, keys: [] }, actives: [] },
      { owner: A, ownerPermission: { threshold: 1, keys: 'A' }, actives: [] },
      { owner: A, ownerPermission: { threshold: 1, keys: [{ address: A, weight: '1e0' }] }, actives: [] },
      { owner: A, ownerPermission: { ...ok, extra: 1 }, actives: [] },
      // An own "__proto__" key, as JSON.parse makes one: an unknown field, not a prototype.
      Object.defineProperty({ owner: A, ownerPermission: ok, actives: [] }, '__proto__', { value: {}, enumerable: true }),
      { owner: A, ownerPermission: { threshold: 1, keys: [null] }, actives: [] },
      { owner: A, ownerPermission: { threshold: 1, keys: [], name: 5 }, actives: [] },
      { owner: A, ownerPermission: ok, actives: [{ ...ok, operations: { bits: 1 } }] },
      { owner: A, ownerPermission: ok, actives: [{ ...ok, operations: [true] }] },
    ];
    for (const input of cases) {
      expect(() => buildPermissionUpdate(input as Parameters<typeof buildPermissionUpdate>[0], NORMAL)).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT' }),
      );
      expect(() => buildPermissionUpdate(input as Parameters<typeof buildPermissionUpdate>[0], NORMAL)).toThrow(/^buildPermissionUpdate: /);
    }
  });

  it('an int64 out of range is INVALID_INPUT', () => {
    expect(() =>
      buildPermissionUpdate({ owner: A, ownerPermission: { threshold: 2n ** 63n, keys: [{ address: A, weight: 1 }] }, actives: [] }, NORMAL),
    ).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  it('malformed address text and bad operations are coded errors naming the field', () => {
    const e = errorOf(() =>
      buildPermissionUpdate({ owner: A, ownerPermission: { threshold: 1, keys: [{ address: 'Tnot-an-address', weight: 1 }] }, actives: [] }, NORMAL),
    );
    expect(e.code).toBe('BAD_ADDRESS');
    expect(e.details?.field).toBe('owner.keys[0].address');
    const ops = errorOf(() =>
      buildPermissionUpdate(
        {
          owner: A,
          ownerPermission: { threshold: 1, keys: [{ address: A, weight: 1 }] },
          actives: [{ threshold: 1, keys: [{ address: A, weight: 1 }], operations: ['NoSuchContract'] }],
        },
        NORMAL,
      ),
    );
    expect([ops.code, ops.details?.field]).toEqual(['INVALID_INPUT', 'actives[0].operations']);
    const hex = errorOf(() =>
      buildPermissionUpdate(
        {
          owner: A,
          ownerPermission: { threshold: 1, keys: [{ address: A, weight: 1 }] },
          actives: [{ threshold: 1, keys: [{ address: A, weight: 1 }], operations: 'zz' }],
        },
        NORMAL,
      ),
    );
    expect(hex.code).toBe('BAD_HEX');
  });

  it('owner address bytes are checked by the node rule', () => {
    const e = errorOf(() =>
      buildPermissionUpdate(
        {
          owner: new Uint8Array(21),
          ownerPermission: { threshold: 1, keys: [{ address: A, weight: 1 }] },
          actives: [{ threshold: 1, keys: [{ address: A, weight: 1 }], operations: [1] }],
        },
        NORMAL,
      ),
    );
    expect(e.message).toBe('invalidate ownerAddress');
  });
});

describe('applyPermissionUpdate: what execute() stores (PROTOCOL.md §5)', () => {
  it('owner id forced to 0, actives get index + 2 in submitted order, request ids ignored', () => {
    const c = contract({
      owner: owner({ id: 9 }),
      actives: [active({ id: 7, permissionName: 'first' }), active({ id: 2, permissionName: 'second' }), active({ id: 3, permissionName: 'third' })],
    });
    const stored = applyPermissionUpdate(c);
    expect(stored.owner.id).toBe(0);
    expect(stored.actives.map((a) => [a.id, a.permissionName])).toEqual([
      [2, 'first'],
      [3, 'second'],
      [4, 'third'],
    ]);
    expect('executive' in stored).toBe(false);
    // The contract itself is untouched.
    expect(c.owner!.id).toBe(9);
    expect(c.actives[0]!.id).toBe(7);
  });

  it('refuses a contract without an owner permission (nothing to store)', () => {
    const e = errorOf(() => applyPermissionUpdate(contract({ owner: undefined })));
    expect([e.code, e.message]).toEqual(['CONTRACT_VALIDATE', 'owner permission is missed']);
  });

  it('executive id forced to 1 when present', () => {
    const stored = applyPermissionUpdate(contract({ executive: executive({ id: 5 }) }));
    expect(stored.executive!.id).toBe(1);
  });
});

describe('permissionView (shared/views/view.ts)', () => {
  it('owner: type name, id, name, threshold and weights as text, keys in both forms, no operations', () => {
    expect(permissionView(owner({ threshold: 2n, keys: [key(A, 1n), key(B, 2n ** 62n)] }))).toEqual({
      type: 'Owner',
      id: 0,
      name: 'owner',
      nameEscaped: false,
      threshold: '2',
      keys: [
        { address: { base58: 'TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLQ', hex: bytesToHex(A) }, weight: '1' },
        { address: { base58: addressToBase58(B), hex: bytesToHex(B) }, weight: (2n ** 62n).toString() },
      ],
      operations: null,
    });
  });

  it('active: operations hex and contract names; unknown bits listed apart', () => {
    const d = permissionView(active({ operations: hexToBytes('8600' + '00'.repeat(30)) }));
    expect(d.type).toBe('Active');
    expect(d.operations).toEqual({ hex: '8600' + '00'.repeat(30), names: ['TransferContract', 'TransferAssetContract'], unknown: [7] });
    expect(permissionView(active({ operations: encodeOperations([46]) })).operations).toEqual({
      hex: bytesToHex(encodeOperations([46])),
      names: ['AccountPermissionUpdateContract'],
      unknown: [],
    });
  });

  it('executive type name and a key that is not a valid address shown as hex only', () => {
    const d = permissionView(executive({ keys: [key(new Uint8Array([1, 2, 3]))] }));
    expect(d.type).toBe('Executive');
    expect(d.keys[0]).toEqual({ address: { hex: '010203', base58: null }, weight: '1' });
  });

  it('a name with control or bidi characters is shown escaped and flagged (issue 6)', () => {
    for (const [name, shown] of [
      ['ops\u202Eowner', 'ops\\u{202E}owner'],
      ['a\u2066b\u2069', 'a\\u{2066}b\\u{2069}'],
      ['\u200E\u200F\u061C', '\\u{200E}\\u{200F}\\u{61C}'],
      ['c0\u0007c1\u009B', 'c0\\u{7}c1\\u{9B}'],
      ['back\\slash', 'back\\\\slash'],
    ]) {
      const d = permissionView(owner({ permissionName: name }));
      expect(d.name).toBe(shown);
      expect(d.nameEscaped).toBe(name !== 'back\\slash');
    }
  });
});

describe('collecting every broken rule (permissionUpdateIssues, permissionShapeIssues) for the editor', () => {
  it('reports each rule the contract breaks, in the order the throwing API would meet them, with the same messages and fields', () => {
    const c = contract({
      owner: owner({ threshold: 0n, permissionName: 'x'.repeat(33) }),
      actives: [active({ keys: [key(A, 0), key(A)] }), active({ type: PermissionType.Owner })],
    });
    const issues = permissionUpdateIssues(c, { isExecutive: false });
    expect(issues.map((i) => [i.field, i.message])).toEqual([
      ['owner.threshold', "permission's threshold should be greater than 0"],
      ['owner.permission_name', "permission's name is too long"],
      ['actives[0].keys[1].address', 'address should be distinct in permission Active'],
      ['actives[0].keys[0].weight', "key's weight should be greater than 0"],
      ['actives[1].type', 'active permission type is error'],
      ['actives[1].operations', "Owner permission needn't operations"],
    ]);
    const first = errorOf(() => validatePermissionUpdate(c, { isExecutive: false }));
    expect([first.details?.field, first.message]).toEqual([issues[0]!.field, issues[0]!.message]);
  });

  it('a contract the node accepts has no issues; every unavailable operation is its own issue', () => {
    expect(permissionUpdateIssues(contract(), { isExecutive: false })).toEqual([]);
    const ops = encodeOperations([48, 1, 59]);
    expect(permissionShapeIssues(active({ operations: ops }), { availableContractTypes: availableContractTypes() }, 'a')).toEqual([
      { field: 'a.operations', message: "48 isn't a validate ContractType", details: { contractType: 48 } },
      { field: 'a.operations', message: "59 isn't a validate ContractType", details: { contractType: 59 } },
    ]);
  });

  it('stops summing after an overflow, as the node does (no second sum message)', () => {
    const p = owner({ threshold: 5n, keys: [key(A, 2n ** 63n - 1n), key(B, 1n), key(C, 1n)] });
    expect(permissionShapeIssues(p, {}, 'owner')).toEqual([{ field: 'owner.keys[1].weight', message: 'long overflow' }]);
  });
});
