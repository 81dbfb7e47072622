/**
 * What the tests of shared/contracts/permission/rules.ts share (rules*.test.ts): six addresses, the
 * normal and executive contexts, Permission and AccountPermissionUpdateContract builders, and the
 * exact-error helpers. No tests here; the rules under test (PROTOCOL.md §5, §8) are in the test
 * files' headers.
 */
import { create } from '@bufbuild/protobuf';
import { expect } from 'vitest';
import { AccountPermissionUpdateContractSchema, type AccountPermissionUpdateContract } from '../../shared/gen/protocol/contract_pb.ts';
import { KeySchema, PermissionSchema, PermissionType, type Permission } from '../../shared/gen/protocol/core_pb.ts';
import { addressFromHex } from '../../shared/chain/address.ts';
import { AirlockError } from '../../shared/base/errors.ts';
import { defaultActiveOperations } from '../../shared/chain/operations.ts';
import { validatePermissionUpdate, type PermissionUpdateContext } from '../../shared/contracts/permission/rules.ts';

// Addresses of the TransactionCapsuleTest keys (PROTOCOL.md §9.1).
export const A = addressFromHex('4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a'); // 11×32, TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLQ
export const B = addressFromHex('411c5a77d9fa7ef466951b2f01f724bca3a5820b63'); // 12×32
export const C = addressFromHex('4103a1bba60b5aa37094cf16123add674c01589488'); // 13×32
export const D = addressFromHex('412bd0c9fe079c8fca0e3352eb3d02839c371e5c41'); // 21×32
export const E = addressFromHex('411563915e194d8cfba1943570603f7606a3115508'); // 22×32
export const F = addressFromHex('41d3e442496eb66a4748912ec4a3b7a111d0b855d6'); // 23×32

export const NORMAL: PermissionUpdateContext = { isExecutive: false };
export const EXECUTIVE: PermissionUpdateContext = { isExecutive: true };

export function key(address: Uint8Array, weight: bigint | number = 1n) {
  return create(KeySchema, { address, weight: BigInt(weight) });
}

export function perm(fields: Partial<Omit<Permission, '$typeName'>>): Permission {
  return create(PermissionSchema, fields);
}

export function owner(fields: Partial<Omit<Permission, '$typeName'>> = {}): Permission {
  return perm({ type: PermissionType.Owner, id: 0, permissionName: 'owner', threshold: 1n, keys: [key(A)], ...fields });
}

export function executive(fields: Partial<Omit<Permission, '$typeName'>> = {}): Permission {
  return perm({ type: PermissionType.Executive, id: 1, permissionName: 'executive', threshold: 1n, keys: [key(A)], ...fields });
}

export function active(fields: Partial<Omit<Permission, '$typeName'>> = {}): Permission {
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

export function contract(fields: Partial<Omit<AccountPermissionUpdateContract, '$typeName'>> = {}): AccountPermissionUpdateContract {
  return create(AccountPermissionUpdateContractSchema, { ownerAddress: A, owner: owner(), actives: [active()], ...fields });
}

/** Runs fn and returns the AirlockError it throws (fails the test if it throws anything else or nothing). */
export function errorOf(fn: () => unknown): AirlockError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AirlockError) return e;
    throw e;
  }
  throw new Error('expected an AirlockError, nothing was thrown');
}

export function expectInvalid(c: AccountPermissionUpdateContract, ctx: PermissionUpdateContext, message: string, field?: string): void {
  const e = errorOf(() => validatePermissionUpdate(c, ctx));
  expect(e.code).toBe('CONTRACT_VALIDATE');
  expect(e.message).toBe(message);
  if (field !== undefined) expect(e.details?.field).toBe(field);
}
