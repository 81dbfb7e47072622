/**
 * shared/contracts/permission/rules.ts, the checks: the default permissions (spec §2.7, PROTOCOL.md
 * §8) and every rule of the node's AccountPermissionUpdateActuator.validate() and checkPermission()
 * (PROTOCOL.md §5) with its exact message and the order in which the rules fire. Each rule test fails
 * if that rule is removed or its message changes. Shared fixtures: test/helpers/permission-rules-helpers.ts.
 */
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { AccountPermissionUpdateContractSchema } from '../../gen/protocol/contract_pb.ts';
import { PermissionType } from '../../gen/protocol/core_pb.ts';
import { bytesToHex } from '../../base/bytes.ts';
import { availableContractTypes, decodeOperations, DEFAULT_ACTIVE_OPERATIONS_HEX, defaultActiveOperations, encodeOperations } from '../../chain/operations.ts';
import { CONTRACT_TYPES } from '../../chain/contract-types.ts';
import {
  buildPermissionUpdate,
  checkPermissionShape,
  defaultActivePermission,
  defaultExecutivePermission,
  defaultOwnerPermission,
  EXECUTIVE_PERMISSION_ID,
  FIRST_ACTIVE_PERMISSION_ID,
  OWNER_PERMISSION_ID,
  validatePermissionUpdate,
} from './rules.ts';
import { MAX_ACTIVE_PERMISSIONS, MAX_KEYS_PER_PERMISSION, MAX_PERMISSION_NAME_BYTES } from '../../base/limits.ts';
import {
  A,
  B,
  C,
  D,
  E,
  F,
  NORMAL,
  EXECUTIVE,
  key,
  owner,
  executive,
  active,
  contract,
  errorOf,
  expectInvalid,
} from '../../../test/helpers/permission-rules-helpers.ts';

describe('constants (spec §8, §2.2)', () => {
  it('match the spec limits and ids', () => {
    expect(MAX_ACTIVE_PERMISSIONS).toBe(8);
    expect(MAX_KEYS_PER_PERMISSION).toBe(5);
    expect(MAX_PERMISSION_NAME_BYTES).toBe(32);
    expect([OWNER_PERMISSION_ID, EXECUTIVE_PERMISSION_ID, FIRST_ACTIVE_PERMISSION_ID]).toEqual([0, 1, 2]);
  });
});

describe('default permissions (spec §2.7, PROTOCOL.md §8)', () => {
  it('owner: type Owner, id 0, "owner", threshold 1, the own key with weight 1, no operations', () => {
    const p = defaultOwnerPermission(A);
    expect(p.type).toBe(PermissionType.Owner);
    expect(p.id).toBe(0);
    expect(p.permissionName).toBe('owner');
    expect(p.threshold).toBe(1n);
    expect(p.parentId).toBe(0);
    expect(p.operations.length).toBe(0);
    expect(p.keys.map((k) => [bytesToHex(k.address), k.weight])).toEqual([[bytesToHex(A), 1n]]);
  });

  it('active: type Active, id 2, "active", threshold 1, parent 0, the default operations 7fff1fc0033e…', () => {
    const p = defaultActivePermission(A);
    expect(p.type).toBe(PermissionType.Active);
    expect(p.id).toBe(2);
    expect(p.permissionName).toBe('active');
    expect(p.threshold).toBe(1n);
    expect(p.parentId).toBe(0);
    expect(bytesToHex(p.operations)).toBe(DEFAULT_ACTIVE_OPERATIONS_HEX);
    expect(p.keys.map((k) => [bytesToHex(k.address), k.weight])).toEqual([[bytesToHex(A), 1n]]);
  });

  it('active takes other operations (a later default mask) and copies them', () => {
    const ops = encodeOperations([1, 2]);
    const p = defaultActivePermission(A, ops);
    ops[0] = 0xff;
    expect(bytesToHex(p.operations)).toBe(bytesToHex(encodeOperations([1, 2])));
  });

  it('executive: type Executive, id 1, "executive", threshold 1, one key, no operations', () => {
    const p = defaultExecutivePermission(A);
    expect(p.type).toBe(PermissionType.Executive);
    expect(p.id).toBe(1);
    expect(p.permissionName).toBe('executive');
    expect(p.threshold).toBe(1n);
    expect(p.operations.length).toBe(0);
    expect(p.keys.map((k) => [bytesToHex(k.address), k.weight])).toEqual([[bytesToHex(A), 1n]]);
  });

  it('refuse an address that is not 21 bytes starting 0x41', () => {
    expect(errorOf(() => defaultOwnerPermission(A.subarray(1))).code).toBe('BAD_ADDRESS');
  });

  it('the defaults pass validation, with and without an executive permission', () => {
    expect(() => validatePermissionUpdate(contract({ owner: defaultOwnerPermission(A), actives: [defaultActivePermission(A)] }), NORMAL)).not.toThrow();
    expect(() =>
      validatePermissionUpdate(
        contract({
          owner: defaultOwnerPermission(A),
          executive: defaultExecutivePermission(A),
          actives: [defaultActivePermission(A)],
        }),
        EXECUTIVE,
      ),
    ).not.toThrow();
  });
});

describe('validate(): contract-level rules in the node order (PROTOCOL.md §5, rules 4-8)', () => {
  it('a valid contract passes', () => {
    expect(() => validatePermissionUpdate(contract(), NORMAL)).not.toThrow();
  });

  it('rule 4: "invalidate ownerAddress" for a 20-byte or non-0x41 owner address', () => {
    expectInvalid(contract({ ownerAddress: A.subarray(1) }), NORMAL, 'invalidate ownerAddress', 'owner_address');
    const wrongPrefix = A.slice();
    wrongPrefix[0] = 0xa0;
    expectInvalid(contract({ ownerAddress: wrongPrefix }), NORMAL, 'invalidate ownerAddress');
  });

  it('rule 4: "ownerAddress account does not exist" when the account is missing; accountExists defaults to true', () => {
    expectInvalid(contract(), { isExecutive: false, accountExists: false }, 'ownerAddress account does not exist', 'owner_address');
    expect(() => validatePermissionUpdate(contract(), { isExecutive: false, accountExists: true })).not.toThrow();
  });

  it('rule 5: "owner permission is missed"', () => {
    expectInvalid(contract({ owner: undefined }), NORMAL, 'owner permission is missed', 'owner');
  });

  it('rule 6: an executive account must set "executive permission is missed"', () => {
    expectInvalid(contract(), EXECUTIVE, 'executive permission is missed', 'executive');
  });

  it('rule 6: a normal account may not set one: "account isn\'t executive can\'t set executive permission"', () => {
    expectInvalid(contract({ executive: executive() }), NORMAL, "account isn't executive can't set executive permission", 'executive');
  });

  it('rule 7: "active permission is missed" with no actives', () => {
    expectInvalid(contract({ actives: [] }), NORMAL, 'active permission is missed', 'actives');
  });

  it('rule 7: "active permission is too many" with 9 actives; 8 pass', () => {
    const eight = Array.from({ length: 8 }, () => active());
    expect(() => validatePermissionUpdate(contract({ actives: eight }), NORMAL)).not.toThrow();
    expectInvalid(contract({ actives: [...eight, active()] }), NORMAL, 'active permission is too many', 'actives');
  });

  it('rule 8: "owner permission type is error"', () => {
    expectInvalid(contract({ owner: owner({ type: PermissionType.Active }) }), NORMAL, 'owner permission type is error', 'owner.type');
  });

  it('rule 8: "executive permission type is error"', () => {
    expectInvalid(contract({ executive: executive({ type: PermissionType.Owner }) }), EXECUTIVE, 'executive permission type is error', 'executive.type');
  });

  it('rule 8: "active permission type is error"', () => {
    expectInvalid(contract({ actives: [active(), active({ type: PermissionType.Owner })] }), NORMAL, 'active permission type is error', 'actives[1].type');
  });

  it('rule 8: each permission then runs checkPermission (owner, executive, every active)', () => {
    expectInvalid(contract({ owner: owner({ threshold: 0n }) }), NORMAL, "permission's threshold should be greater than 0", 'owner.threshold');
    expectInvalid(contract({ executive: executive({ threshold: 0n }) }), EXECUTIVE, "permission's threshold should be greater than 0", 'executive.threshold');
    expectInvalid(
      contract({ actives: [active(), active({ threshold: 0n })] }),
      NORMAL,
      "permission's threshold should be greater than 0",
      'actives[1].threshold',
    );
  });
});

describe('validate(): order of the contract-level rules', () => {
  it('owner address before account existence', () => {
    expectInvalid(contract({ ownerAddress: new Uint8Array(20) }), { isExecutive: false, accountExists: false }, 'invalidate ownerAddress');
  });
  it('account existence before a missing owner', () => {
    expectInvalid(contract({ owner: undefined }), { isExecutive: false, accountExists: false }, 'ownerAddress account does not exist');
  });
  it('missing owner before the executive rules', () => {
    expectInvalid(contract({ owner: undefined }), EXECUTIVE, 'owner permission is missed');
  });
  it('executive rules before the active count', () => {
    expectInvalid(contract({ actives: [] }), EXECUTIVE, 'executive permission is missed');
    expectInvalid(contract({ executive: executive(), actives: [] }), NORMAL, "account isn't executive can't set executive permission");
  });
  it('the active count before any type check', () => {
    expectInvalid(contract({ owner: owner({ type: PermissionType.Active }), actives: [] }), NORMAL, 'active permission is missed');
  });
  it('the owner (type and shape) before the executive, the executive before the actives', () => {
    expectInvalid(
      contract({ owner: owner({ threshold: 0n }), executive: executive({ type: PermissionType.Owner }), actives: [active({ type: PermissionType.Owner })] }),
      EXECUTIVE,
      "permission's threshold should be greater than 0",
      'owner.threshold',
    );
    expectInvalid(
      contract({ executive: executive({ keys: [] }), actives: [active({ type: PermissionType.Owner })] }),
      EXECUTIVE,
      "key's count should be greater than 0",
      'executive.keys',
    );
  });
  it("actives in order: the first active's shape error before the second's type error", () => {
    expectInvalid(
      contract({ actives: [active({ parentId: 1 }), active({ type: PermissionType.Owner })] }),
      NORMAL,
      "permission's parent should be owner",
      'actives[0].parent_id',
    );
  });
});

describe('checkPermission(p): each rule with its message (PROTOCOL.md §5)', () => {
  it('rule 1: more than TOTAL_SIGN_NUM keys: "number of keys in permission should not be greater than 5"; 5 pass', () => {
    expect(() => validatePermissionUpdate(contract({ owner: owner({ keys: [key(A), key(B), key(C), key(D), key(E)] }) }), NORMAL)).not.toThrow();
    expectInvalid(
      contract({ owner: owner({ keys: [key(A), key(B), key(C), key(D), key(E), key(F)] }) }),
      NORMAL,
      'number of keys in permission should not be greater than 5',
      'owner.keys',
    );
  });

  it("rule 1 follows the context's maxKeys (the dynamic TOTAL_SIGN_NUM)", () => {
    const six = contract({ owner: owner({ keys: [key(A), key(B), key(C), key(D), key(E), key(F)] }) });
    expect(() => validatePermissionUpdate(six, { isExecutive: false, maxKeys: 6 })).not.toThrow();
    expectInvalid(
      contract({ owner: owner({ keys: [key(A), key(B), key(C)] }) }),
      { isExecutive: false, maxKeys: 2 },
      'number of keys in permission should not be greater than 2',
    );
  });

  it('rule 2: "key\'s count should be greater than 0"', () => {
    expectInvalid(contract({ actives: [active({ keys: [] })] }), NORMAL, "key's count should be greater than 0", 'actives[0].keys');
  });

  it('rule 3: an executive permission has exactly one key: "Executive permission\'s key count should be 1"', () => {
    expectInvalid(
      contract({ executive: executive({ keys: [key(A), key(B)], threshold: 1n }) }),
      EXECUTIVE,
      "Executive permission's key count should be 1",
      'executive.keys',
    );
  });

  it('rule 4: "permission\'s threshold should be greater than 0" for 0 and negative thresholds', () => {
    expectInvalid(contract({ owner: owner({ threshold: 0n }) }), NORMAL, "permission's threshold should be greater than 0");
    expectInvalid(contract({ owner: owner({ threshold: -5n }) }), NORMAL, "permission's threshold should be greater than 0");
  });

  it('rule 5: a name over 32 bytes: "permission\'s name is too long"; 32 bytes and an empty name pass', () => {
    expect(() => validatePermissionUpdate(contract({ owner: owner({ permissionName: 'x'.repeat(32) }) }), NORMAL)).not.toThrow();
    expect(() => validatePermissionUpdate(contract({ owner: owner({ permissionName: '' }) }), NORMAL)).not.toThrow();
    expectInvalid(contract({ owner: owner({ permissionName: 'x'.repeat(33) }) }), NORMAL, "permission's name is too long", 'owner.permission_name');
  });

  it('rule 5 counts UTF-8 bytes (spec §2.2), not characters: 11 × "€" is 11 chars but 33 bytes', () => {
    expectInvalid(contract({ actives: [active({ permissionName: '€'.repeat(11) })] }), NORMAL, "permission's name is too long", 'actives[0].permission_name');
    expect(() => validatePermissionUpdate(contract({ actives: [active({ permissionName: '€'.repeat(10) + 'xx' })] }), NORMAL)).not.toThrow();
  });

  it('rule 6: "permission\'s parent should be owner"', () => {
    expectInvalid(contract({ actives: [active({ parentId: 2 })] }), NORMAL, "permission's parent should be owner", 'actives[0].parent_id');
  });

  it('rule 7: duplicate key addresses: "address should be distinct in permission <Type>"', () => {
    expectInvalid(
      contract({ owner: owner({ keys: [key(A), key(B), key(A)] }) }),
      NORMAL,
      'address should be distinct in permission Owner',
      'owner.keys[2].address',
    );
    expectInvalid(
      contract({ actives: [active({ keys: [key(B), key(B)] })] }),
      NORMAL,
      'address should be distinct in permission Active',
      'actives[0].keys[1].address',
    );
  });

  it('rule 8: "key is not a validate address" for a 20-byte address and a wrong prefix', () => {
    expectInvalid(contract({ owner: owner({ keys: [key(A), key(B.subarray(1))] }) }), NORMAL, 'key is not a validate address', 'owner.keys[1].address');
    const wrongPrefix = B.slice();
    wrongPrefix[0] = 0xa0;
    expectInvalid(contract({ owner: owner({ keys: [key(wrongPrefix)] }) }), NORMAL, 'key is not a validate address');
  });

  it('rule 8: "key\'s weight should be greater than 0" for 0 and negative weights', () => {
    expectInvalid(
      contract({ actives: [active(), active({ keys: [key(A), key(B, 0n)] })] }),
      NORMAL,
      "key's weight should be greater than 0",
      'actives[1].keys[1].weight',
    );
    expectInvalid(contract({ owner: owner({ keys: [key(A, -1n)] }) }), NORMAL, "key's weight should be greater than 0", 'owner.keys[0].weight');
  });

  it('rule 8: a weight sum past int64 fails as Math.addExact does: "long overflow"', () => {
    const max = 2n ** 63n - 1n;
    expectInvalid(contract({ owner: owner({ keys: [key(A, max), key(B, 1n)] }) }), NORMAL, 'long overflow', 'owner.keys[1].weight');
    // Exactly int64 max is fine.
    expect(() => validatePermissionUpdate(contract({ owner: owner({ keys: [key(A, max - 1n), key(B, 1n)] }) }), NORMAL)).not.toThrow();
  });

  it('rule 9: "sum of all key\'s weight should not be less than threshold in permission <Type>"; equal passes', () => {
    expect(() => validatePermissionUpdate(contract({ owner: owner({ keys: [key(A, 2n), key(B, 3n)], threshold: 5n }) }), NORMAL)).not.toThrow();
    expectInvalid(
      contract({ owner: owner({ keys: [key(A, 2n), key(B, 3n)], threshold: 6n }) }),
      NORMAL,
      "sum of all key's weight should not be less than threshold in permission Owner",
      'owner.threshold',
    );
    expectInvalid(
      contract({ executive: executive({ keys: [key(A, 1n)], threshold: 2n }) }),
      EXECUTIVE,
      "sum of all key's weight should not be less than threshold in permission Executive",
    );
    expectInvalid(contract({ actives: [active({ threshold: 2n })] }), NORMAL, "sum of all key's weight should not be less than threshold in permission Active");
  });

  it('rule 10: owner and executive carry no operations: "<Type> permission needn\'t operations"', () => {
    expectInvalid(contract({ owner: owner({ operations: defaultActiveOperations() }) }), NORMAL, "Owner permission needn't operations", 'owner.operations');
    expectInvalid(
      contract({ executive: executive({ operations: new Uint8Array([1]) }) }),
      EXECUTIVE,
      "Executive permission needn't operations",
      'executive.operations',
    );
  });

  it('rule 11: an active needs exactly 32 bytes of operations: "operations size must 32"', () => {
    expectInvalid(contract({ actives: [active({ operations: new Uint8Array() })] }), NORMAL, 'operations size must 32', 'actives[0].operations');
    expectInvalid(contract({ actives: [active({ operations: new Uint8Array(31) })] }), NORMAL, 'operations size must 32');
    expectInvalid(contract({ actives: [active({ operations: new Uint8Array(33) })] }), NORMAL, 'operations size must 32');
    expect(() => validatePermissionUpdate(contract({ actives: [active({ operations: new Uint8Array(32) })] }), NORMAL)).not.toThrow();
  });

  it('rule 12: a bit outside AVAILABLE_CONTRACT_TYPE: "<i> isn\'t a validate ContractType" (bit 7)', () => {
    const ops = defaultActiveOperations();
    ops[0]! |= 0x80; // bit 7: no contract type
    expectInvalid(contract({ actives: [active({ operations: ops })] }), NORMAL, "7 isn't a validate ContractType", 'actives[0].operations');
  });

  it('rule 12: the last bit, 255, is checked too', () => {
    const ops = defaultActiveOperations();
    ops[31]! |= 0x80; // bit 255: no contract type
    expectInvalid(contract({ actives: [active({ operations: ops })] }), NORMAL, "255 isn't a validate ContractType", 'actives[0].operations');
  });

  it('rule 12: the lowest bad bit is reported, and the available mask comes from the context', () => {
    // 46 is available by default (AccountPermissionUpdateContract) …
    const with46 = encodeOperations([1, 46]);
    expect(() => validatePermissionUpdate(contract({ actives: [active({ operations: with46 })] }), NORMAL)).not.toThrow();
    // … but not under a mask without it; 48 (not enabled at genesis) reported only if 46 passes.
    expectInvalid(
      contract({ actives: [active({ operations: encodeOperations([1, 46, 48]) })] }),
      { isExecutive: false, availableContractTypes: defaultActiveOperations() },
      "46 isn't a validate ContractType",
    );
    expectInvalid(
      contract({ actives: [active({ operations: encodeOperations([1, 46, 48]) })] }),
      { isExecutive: false, availableContractTypes: availableContractTypes() },
      "48 isn't a validate ContractType",
    );
  });

  it('rule 12 by default: every contract type the reference node knows is a valid bit (48-59 included), nothing else', () => {
    for (const { id } of CONTRACT_TYPES) {
      expect(() => validatePermissionUpdate(contract({ actives: [active({ operations: encodeOperations([id]) })] }), NORMAL), `type ${id}`).not.toThrow();
    }
    for (const id of [7, 21, 29, 34, 40, 47, 50, 60, 255]) {
      const ops = new Uint8Array(32);
      ops[id >> 3] = 1 << (id & 7);
      expectInvalid(contract({ actives: [active({ operations: ops })] }), NORMAL, `${id} isn't a validate ContractType`);
    }
  });

  it("a mainnet active permission's operations (7fff1fc0033efb0f…) are re-stated bit for bit", () => {
    const MAINNET = '7fff1fc0033efb0f' + '00'.repeat(24);
    const c = buildPermissionUpdate(
      {
        owner: A,
        ownerPermission: { threshold: 1, keys: [{ address: A, weight: 1 }] },
        actives: [{ name: 'active', threshold: 1, operations: MAINNET, keys: [{ address: A, weight: 1 }] }],
      },
      NORMAL,
    );
    expect(() => validatePermissionUpdate(c, NORMAL)).not.toThrow();
    expect(bytesToHex(c.actives[0]!.operations)).toBe(MAINNET);
    const again = fromBinary(AccountPermissionUpdateContractSchema, toBinary(AccountPermissionUpdateContractSchema, c));
    expect(bytesToHex(again.actives[0]!.operations)).toBe(MAINNET);
    expect(decodeOperations(MAINNET).ids.filter((id) => id >= 48)).toEqual([48, 49, 51, 52, 53, 54, 55, 56, 57, 58, 59]);
  });
});

describe('checkPermission(p): order of the rules', () => {
  const ctx = NORMAL;
  it('key count limit before the zero-threshold rule', () => {
    expectInvalid(
      contract({ owner: owner({ keys: [key(A), key(B), key(C), key(D), key(E), key(F)], threshold: 0n }) }),
      ctx,
      'number of keys in permission should not be greater than 5',
    );
  });
  it('no keys before the zero-threshold rule', () => {
    expectInvalid(contract({ owner: owner({ keys: [], threshold: 0n }) }), ctx, "key's count should be greater than 0");
  });
  it('executive key count before the threshold', () => {
    expectInvalid(contract({ executive: executive({ keys: [key(A), key(B)], threshold: 0n }) }), EXECUTIVE, "Executive permission's key count should be 1");
  });
  it('threshold before the name', () => {
    expectInvalid(contract({ owner: owner({ threshold: 0n, permissionName: 'x'.repeat(40) }) }), ctx, "permission's threshold should be greater than 0");
  });
  it('name before the parent', () => {
    expectInvalid(contract({ owner: owner({ permissionName: 'x'.repeat(40), parentId: 3 }) }), ctx, "permission's name is too long");
  });
  it('parent before distinct addresses', () => {
    expectInvalid(contract({ owner: owner({ parentId: 3, keys: [key(A), key(A)] }) }), ctx, "permission's parent should be owner");
  });
  it('distinct addresses before address validity (two copies of the same bad address)', () => {
    const bad = new Uint8Array(5);
    expectInvalid(contract({ owner: owner({ keys: [key(bad), key(bad)] }) }), ctx, 'address should be distinct in permission Owner');
  });
  it('per key: address before weight', () => {
    expectInvalid(contract({ owner: owner({ keys: [key(new Uint8Array(5), 0n)] }) }), ctx, 'key is not a validate address');
  });
  it("keys in order: key 0's weight before key 1's address", () => {
    expectInvalid(
      contract({ owner: owner({ keys: [key(A, 0n), key(new Uint8Array(5))] }) }),
      ctx,
      "key's weight should be greater than 0",
      'owner.keys[0].weight',
    );
  });
  it("overflow at a key before a later key's bad address", () => {
    expectInvalid(contract({ owner: owner({ keys: [key(A, 2n ** 63n - 1n), key(B, 1n), key(new Uint8Array(5))] }) }), ctx, 'long overflow');
  });
  it('weight sum before the operations rules', () => {
    expectInvalid(
      contract({ owner: owner({ threshold: 2n, operations: defaultActiveOperations() }) }),
      ctx,
      "sum of all key's weight should not be less than threshold in permission Owner",
    );
    expectInvalid(
      contract({ actives: [active({ threshold: 2n, operations: new Uint8Array(3) })] }),
      ctx,
      "sum of all key's weight should not be less than threshold in permission Active",
    );
  });
  it('operations size before the bit check', () => {
    const ops = new Uint8Array(31).fill(0xff);
    expectInvalid(contract({ actives: [active({ operations: ops })] }), ctx, 'operations size must 32');
  });
});

describe('checkPermissionShape (exported per-permission checks)', () => {
  it('runs alone with a path prefix', () => {
    const e = errorOf(() => checkPermissionShape(active({ keys: [key(A, 0n)] }), {}, 'p'));
    expect(e.message).toBe("key's weight should be greater than 0");
    expect(e.details?.field).toBe('p.keys[0].weight');
  });
  it('refuses a context mask that is not 32 bytes', () => {
    expect(() => checkPermissionShape(active(), { availableContractTypes: new Uint8Array(8) })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });
});
