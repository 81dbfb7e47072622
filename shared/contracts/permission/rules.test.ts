/**
 * shared/contracts/permission/rules.ts: the default permissions (spec §2.7, PROTOCOL.md §8), every rule of the
 * node's AccountPermissionUpdateActuator.validate() and checkPermission() (PROTOCOL.md §5) with its
 * exact message and the order in which the rules fire, the builder, what execute() stores, and the
 * display view. Each rule test fails if that rule is removed or its message changes.
 */
import { permissionView } from '../../views/view.ts';
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { AccountPermissionUpdateContractSchema, type AccountPermissionUpdateContract } from '../../gen/protocol/contract_pb.ts';
import { KeySchema, PermissionSchema, PermissionType, type Permission } from '../../gen/protocol/core_pb.ts';
import { addressFromHex, addressToBase58 } from '../../chain/address.ts';
import { bytesToHex, hexToBytes } from '../../base/bytes.ts';
import { AirlockError } from '../../base/errors.ts';
import { availableContractTypes, decodeOperations, DEFAULT_ACTIVE_OPERATIONS_HEX, defaultActiveOperations, encodeOperations } from '../../chain/operations.ts';
import { CONTRACT_TYPES } from '../../chain/contract-types.ts';
import {
  applyPermissionUpdate,
  buildPermissionUpdate,
  checkPermissionShape,
  defaultActivePermission,
  defaultExecutivePermission,
  defaultOwnerPermission,
  EXECUTIVE_PERMISSION_ID,
  FIRST_ACTIVE_PERMISSION_ID,
  OWNER_PERMISSION_ID,
  permissionShapeIssues,
  permissionUpdateIssues,
  validatePermissionUpdate,
  type PermissionUpdateContext,
} from './rules.ts';
import { MAX_ACTIVE_PERMISSIONS, MAX_KEYS_PER_PERMISSION, MAX_PERMISSION_NAME_BYTES } from '../../base/limits.ts';

// Addresses of the TransactionCapsuleTest keys (PROTOCOL.md §9.1).
const A = addressFromHex('4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a'); // 11×32, TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLQ
const B = addressFromHex('411c5a77d9fa7ef466951b2f01f724bca3a5820b63'); // 12×32
const C = addressFromHex('4103a1bba60b5aa37094cf16123add674c01589488'); // 13×32
const D = addressFromHex('412bd0c9fe079c8fca0e3352eb3d02839c371e5c41'); // 21×32
const E = addressFromHex('411563915e194d8cfba1943570603f7606a3115508'); // 22×32
const F = addressFromHex('41d3e442496eb66a4748912ec4a3b7a111d0b855d6'); // 23×32

const NORMAL: PermissionUpdateContext = { isExecutive: false };
const EXECUTIVE: PermissionUpdateContext = { isExecutive: true };

function key(address: Uint8Array, weight: bigint | number = 1n) {
  return create(KeySchema, { address, weight: BigInt(weight) });
}

function perm(fields: Partial<Omit<Permission, '$typeName'>>): Permission {
  return create(PermissionSchema, fields);
}

function owner(fields: Partial<Omit<Permission, '$typeName'>> = {}): Permission {
  return perm({ type: PermissionType.Owner, id: 0, permissionName: 'owner', threshold: 1n, keys: [key(A)], ...fields });
}

function executive(fields: Partial<Omit<Permission, '$typeName'>> = {}): Permission {
  return perm({ type: PermissionType.Executive, id: 1, permissionName: 'executive', threshold: 1n, keys: [key(A)], ...fields });
}

function active(fields: Partial<Omit<Permission, '$typeName'>> = {}): Permission {
  return perm({
    type: PermissionType.Active,
    id: 2,
    permissionName: 'active',
    threshold: 1n,
    operations: defaultActiveOperations(),
    keys: [key(A)],
    ...fields,
  });
}

function contract(fields: Partial<Omit<AccountPermissionUpdateContract, '$typeName'>> = {}): AccountPermissionUpdateContract {
  return create(AccountPermissionUpdateContractSchema, { ownerAddress: A, owner: owner(), actives: [active()], ...fields });
}

/** Runs fn and returns the AirlockError it throws (fails the test if it throws anything else or nothing). */
function errorOf(fn: () => unknown): AirlockError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AirlockError) return e;
    throw e;
  }
  throw new Error('expected an AirlockError, nothing was thrown');
}

function expectInvalid(c: AccountPermissionUpdateContract, ctx: PermissionUpdateContext, message: string, field?: string): void {
  const e = errorOf(() => validatePermissionUpdate(c, ctx));
  expect(e.code).toBe('CONTRACT_VALIDATE');
  expect(e.message).toBe(message);
  if (field !== undefined) expect(e.details?.field).toBe(field);
}

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
    expect(() => validatePermissionUpdate(contract({
      owner: defaultOwnerPermission(A),
      executive: defaultExecutivePermission(A),
      actives: [defaultActivePermission(A)],
    }), EXECUTIVE)).not.toThrow();
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
    expectInvalid(contract({ actives: [active(), active({ threshold: 0n })] }), NORMAL, "permission's threshold should be greater than 0", 'actives[1].threshold');
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
  it('actives in order: the first active\'s shape error before the second\'s type error', () => {
    expectInvalid(contract({ actives: [active({ parentId: 1 }), active({ type: PermissionType.Owner })] }), NORMAL, "permission's parent should be owner", 'actives[0].parent_id');
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

  it('rule 1 follows the context\'s maxKeys (the dynamic TOTAL_SIGN_NUM)', () => {
    const six = contract({ owner: owner({ keys: [key(A), key(B), key(C), key(D), key(E), key(F)] }) });
    expect(() => validatePermissionUpdate(six, { isExecutive: false, maxKeys: 6 })).not.toThrow();
    expectInvalid(contract({ owner: owner({ keys: [key(A), key(B), key(C)] }) }), { isExecutive: false, maxKeys: 2 }, 'number of keys in permission should not be greater than 2');
  });

  it('rule 2: "key\'s count should be greater than 0"', () => {
    expectInvalid(contract({ actives: [active({ keys: [] })] }), NORMAL, "key's count should be greater than 0", 'actives[0].keys');
  });

  it('rule 3: an executive permission has exactly one key: "Executive permission\'s key count should be 1"', () => {
    expectInvalid(contract({ executive: executive({ keys: [key(A), key(B)], threshold: 1n }) }), EXECUTIVE, "Executive permission's key count should be 1", 'executive.keys');
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
    expectInvalid(contract({ owner: owner({ keys: [key(A), key(B), key(A)] }) }), NORMAL, 'address should be distinct in permission Owner', 'owner.keys[2].address');
    expectInvalid(contract({ actives: [active({ keys: [key(B), key(B)] })] }), NORMAL, 'address should be distinct in permission Active', 'actives[0].keys[1].address');
  });

  it('rule 8: "key is not a validate address" for a 20-byte address and a wrong prefix', () => {
    expectInvalid(contract({ owner: owner({ keys: [key(A), key(B.subarray(1))] }) }), NORMAL, 'key is not a validate address', 'owner.keys[1].address');
    const wrongPrefix = B.slice();
    wrongPrefix[0] = 0xa0;
    expectInvalid(contract({ owner: owner({ keys: [key(wrongPrefix)] }) }), NORMAL, 'key is not a validate address');
  });

  it('rule 8: "key\'s weight should be greater than 0" for 0 and negative weights', () => {
    expectInvalid(contract({ actives: [active(), active({ keys: [key(A), key(B, 0n)] })] }), NORMAL, "key's weight should be greater than 0", 'actives[1].keys[1].weight');
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
    expectInvalid(
      contract({ actives: [active({ threshold: 2n })] }),
      NORMAL,
      "sum of all key's weight should not be less than threshold in permission Active",
    );
  });

  it('rule 10: owner and executive carry no operations: "<Type> permission needn\'t operations"', () => {
    expectInvalid(contract({ owner: owner({ operations: defaultActiveOperations() }) }), NORMAL, "Owner permission needn't operations", 'owner.operations');
    expectInvalid(contract({ executive: executive({ operations: new Uint8Array([1]) }) }), EXECUTIVE, "Executive permission needn't operations", 'executive.operations');
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
    expectInvalid(contract({ owner: owner({ keys: [key(A), key(B), key(C), key(D), key(E), key(F)], threshold: 0n }) }), ctx, 'number of keys in permission should not be greater than 5');
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
  it('keys in order: key 0\'s weight before key 1\'s address', () => {
    expectInvalid(contract({ owner: owner({ keys: [key(A, 0n), key(new Uint8Array(5))] }) }), ctx, "key's weight should be greater than 0", 'owner.keys[0].weight');
  });
  it('overflow at a key before a later key\'s bad address', () => {
    expectInvalid(contract({ owner: owner({ keys: [key(A, 2n ** 63n - 1n), key(B, 1n), key(new Uint8Array(5))] }) }), ctx, 'long overflow');
  });
  it('weight sum before the operations rules', () => {
    expectInvalid(contract({ owner: owner({ threshold: 2n, operations: defaultActiveOperations() }) }), ctx, "sum of all key's weight should not be less than threshold in permission Owner");
    expectInvalid(contract({ actives: [active({ threshold: 2n, operations: new Uint8Array(3) })] }), ctx, "sum of all key's weight should not be less than threshold in permission Active");
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

describe('buildPermissionUpdate', () => {
  const b58 = (a: Uint8Array) => addressToBase58(a);

  it('sets types, ids (0, 1, 2..), parent 0, default names, and parses both address forms', () => {
    const c = buildPermissionUpdate(
      {
        owner: b58(A),
        ownerPermission: { threshold: 2, keys: [{ address: b58(A), weight: 1 }, { address: bytesToHex(B), weight: 1n }] },
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
    const e = errorOf(() => buildPermissionUpdate({ owner: A, ownerPermission: { threshold: 1, keys: [{ address: A, weight: 1 }] }, actives: [{ threshold: 1, keys: [{ address: A, weight: 1 }] }] }, NORMAL));
    expect([e.code, e.message, e.details?.field]).toEqual(['CONTRACT_VALIDATE', 'operations size must 32', 'actives[0].operations']);
  });

  it('a missing owner permission or empty actives give the node messages, not TypeErrors', () => {
    const noOwner = { owner: A, actives: [{ threshold: 1, keys: [{ address: A, weight: 1 }], operations: [1] }] } as unknown as Parameters<typeof buildPermissionUpdate>[0];
    expect(errorOf(() => buildPermissionUpdate(noOwner, NORMAL)).message).toBe('owner permission is missed');
    expect(errorOf(() => buildPermissionUpdate({ owner: A, ownerPermission: { threshold: 1, keys: [{ address: A, weight: 1 }] }, actives: [] }, NORMAL)).message)
      .toBe('active permission is missed');
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
      expect(() => buildPermissionUpdate(input as Parameters<typeof buildPermissionUpdate>[0], NORMAL)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
      expect(() => buildPermissionUpdate(input as Parameters<typeof buildPermissionUpdate>[0], NORMAL)).toThrow(/^buildPermissionUpdate: /);
    }
  });

  it('an int64 out of range is INVALID_INPUT', () => {
    expect(() => buildPermissionUpdate({ owner: A, ownerPermission: { threshold: 2n ** 63n, keys: [{ address: A, weight: 1 }] }, actives: [] }, NORMAL)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  it('malformed address text and bad operations are coded errors naming the field', () => {
    const e = errorOf(() => buildPermissionUpdate({ owner: A, ownerPermission: { threshold: 1, keys: [{ address: 'Tnot-an-address', weight: 1 }] }, actives: [] }, NORMAL));
    expect(e.code).toBe('BAD_ADDRESS');
    expect(e.details?.field).toBe('owner.keys[0].address');
    const ops = errorOf(() => buildPermissionUpdate({ owner: A, ownerPermission: { threshold: 1, keys: [{ address: A, weight: 1 }] }, actives: [{ threshold: 1, keys: [{ address: A, weight: 1 }], operations: ['NoSuchContract'] }] }, NORMAL));
    expect([ops.code, ops.details?.field]).toEqual(['INVALID_INPUT', 'actives[0].operations']);
    const hex = errorOf(() => buildPermissionUpdate({ owner: A, ownerPermission: { threshold: 1, keys: [{ address: A, weight: 1 }] }, actives: [{ threshold: 1, keys: [{ address: A, weight: 1 }], operations: 'zz' }] }, NORMAL));
    expect(hex.code).toBe('BAD_HEX');
  });

  it('owner address bytes are checked by the node rule', () => {
    const e = errorOf(() => buildPermissionUpdate({ owner: new Uint8Array(21), ownerPermission: { threshold: 1, keys: [{ address: A, weight: 1 }] }, actives: [{ threshold: 1, keys: [{ address: A, weight: 1 }], operations: [1] }] }, NORMAL));
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
    expect(stored.actives.map((a) => [a.id, a.permissionName])).toEqual([[2, 'first'], [3, 'second'], [4, 'third']]);
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
    expect(permissionView(active({ operations: encodeOperations([46]) })).operations).toEqual({ hex: bytesToHex(encodeOperations([46])), names: ['AccountPermissionUpdateContract'], unknown: [] });
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
      ['actives[1].operations', 'Owner permission needn\'t operations'],
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
