/**
 * shared/approval/authorization.ts, the permission side of the reference node's signature rules: the
 * permissions read from an Account, the permission a transaction names (PROTOCOL.md §3 item 3), the
 * contract check (item 4) and checkWeight (item 5). Every message is asserted exactly with its code;
 * order tests pair two rules that could both fire. Shared fixtures: test/helpers/authorization-helpers.ts.
 */
import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { AccountSchema, PermissionSchema, PermissionType } from '../gen/protocol/core_pb.ts';
import { addressToBase58 } from '../chain/address.ts';
import { bytesToHex, concatBytes } from '../base/bytes.ts';
import { defaultActiveOperations, encodeOperations } from '../chain/operations.ts';
import { defaultActivePermission, defaultExecutivePermission, defaultOwnerPermission } from '../contracts/permission/rules.ts';
import { txIdOf } from '../chain/transaction.ts';
import { accountPermissionsFromAccount, cannotCountWords, checkContractPermission, checkWeight, resolvePermission } from './authorization.ts';
import {
  PRIV,
  A,
  B,
  C,
  X,
  TRANSFER_ID,
  PERMISSION_UPDATE_ID,
  transfer,
  sigOf,
  key,
  ownerPerm,
  activePerm,
  account,
  MULTI,
  expectError,
  hexes,
  highS,
  withV,
} from '../../test/helpers/authorization-helpers.ts';

describe('accountPermissionsFromAccount', () => {
  it('takes address, owner, executive and actives from an Account message', () => {
    const acc = create(AccountSchema, {
      address: A,
      ownerPermission: defaultOwnerPermission(A),
      executivePermission: defaultExecutivePermission(A),
      activePermission: [defaultActivePermission(A)],
    });
    const p = accountPermissionsFromAccount(acc);
    expect(bytesToHex(p.address)).toBe(bytesToHex(A));
    expect(p.owner?.permissionName).toBe('owner');
    expect(p.executive?.permissionName).toBe('executive');
    expect(p.actives.map((a) => a.id)).toEqual([2]);
  });

  it('leaves owner and executive unset when the account has none', () => {
    const p = accountPermissionsFromAccount(create(AccountSchema, { address: A }));
    expect(p.owner).toBeUndefined();
    expect(p.executive).toBeUndefined();
    expect(p.actives).toEqual([]);
  });
});

describe('resolvePermission (PROTOCOL.md §3 item 3, §4.1 items 2-3)', () => {
  it('existing account, id 0: its owner permission', () => {
    expect(resolvePermission(MULTI, A, 0, 'broadcast')).toBe(MULTI.owner);
    expect(resolvePermission(MULTI, A, 0, 'query')).toBe(MULTI.owner);
  });

  it('existing account without owner_permission, id 0: the default owner built from the account address (spec §2.7 item 4)', () => {
    for (const mode of ['broadcast', 'query'] as const) {
      const p = resolvePermission(account(), A, 0, mode);
      expect([p.type, p.id, p.permissionName, p.threshold]).toEqual([PermissionType.Owner, 0, 'owner', 1n]);
      expect(p.keys.map((k) => [bytesToHex(k.address), k.weight])).toEqual([[bytesToHex(A), 1n]]);
    }
  });

  it('existing account, id 1: its executive permission, or none', () => {
    const exec = defaultExecutivePermission(A);
    expect(resolvePermission(account({ executive: exec }), A, 1, 'broadcast')).toBe(exec);
    expectError(() => resolvePermission(account(), A, 1, 'broadcast'), 'PERMISSION', "permission isn't exit");
    expectError(() => resolvePermission(account(), A, 1, 'query'), 'PERMISSION', 'Permission for this, does not exist!');
  });

  it('existing account, other ids: the active whose id matches (not the list index)', () => {
    const a3 = activePerm(3, [key(B)], 1n);
    const a2 = activePerm(2, [key(C)], 1n);
    const acc = account({ actives: [a3, a2] });
    expect(resolvePermission(acc, A, 2, 'broadcast')).toBe(a2);
    expect(resolvePermission(acc, A, 3, 'query')).toBe(a3);
    expectError(() => resolvePermission(acc, A, 4, 'broadcast'), 'PERMISSION', "permission isn't exit");
    expectError(() => resolvePermission(acc, A, 4, 'query'), 'PERMISSION', 'Permission for this, does not exist!');
  });

  it('an existing account with no actives gets no default active for id 2', () => {
    expectError(() => resolvePermission(account(), A, 2, 'broadcast'), 'PERMISSION', "permission isn't exit");
  });

  it('missing account, broadcast: default owner for 0, default active for 2, nothing else', () => {
    const o = resolvePermission(undefined, B, 0, 'broadcast');
    expect([o.type, o.id, bytesToHex(o.keys[0]!.address)]).toEqual([PermissionType.Owner, 0, bytesToHex(B)]);
    const a = resolvePermission(undefined, B, 2, 'broadcast');
    expect([a.type, a.id, a.threshold, bytesToHex(a.operations), bytesToHex(a.keys[0]!.address)]).toEqual([
      PermissionType.Active,
      2,
      1n,
      bytesToHex(defaultActiveOperations()),
      bytesToHex(B),
    ]);
    expectError(() => resolvePermission(undefined, B, 1, 'broadcast'), 'PERMISSION', "permission isn't exit");
    expectError(() => resolvePermission(undefined, B, 3, 'broadcast'), 'PERMISSION', "permission isn't exit");
  });

  it('missing account, query: "Account does not exist!" whatever the id', () => {
    expectError(() => resolvePermission(undefined, B, 0, 'query'), 'PERMISSION', 'Account does not exist!');
    expectError(() => resolvePermission(undefined, B, 2, 'query'), 'PERMISSION', 'Account does not exist!');
  });
});

describe('checkContractPermission (PROTOCOL.md §3 item 4, §4.1 item 4)', () => {
  const active = activePerm(2, [key(A)], 1n);

  it('id 0 (owner) is never checked against operations: every contract, even with no mask', () => {
    expect(() => checkContractPermission(ownerPerm([key(A)], 1n), PERMISSION_UPDATE_ID, 0, 'broadcast')).not.toThrow();
    expect(() => checkContractPermission(ownerPerm([key(A)], 1n), 59, 0, 'query')).not.toThrow();
  });

  it('a non-Active permission named by id ≠ 0: "Permission type is error" / "Permission type is wrong!" (executive id 1 never signs)', () => {
    const exec = defaultExecutivePermission(A);
    expectError(() => checkContractPermission(exec, TRANSFER_ID, 1, 'broadcast'), 'PERMISSION', 'Permission type is error');
    expectError(() => checkContractPermission(exec, TRANSFER_ID, 1, 'query'), 'PERMISSION', 'Permission type is wrong!');
  });

  it('operations not 32 bytes: "operations size must be 32" in both modes', () => {
    const short = activePerm(2, [key(A)], 1n, new Uint8Array(31).fill(0xff));
    expectError(() => checkContractPermission(short, TRANSFER_ID, 2, 'broadcast'), 'PERMISSION', 'operations size must be 32');
    expectError(() => checkContractPermission(short, TRANSFER_ID, 2, 'query'), 'PERMISSION', 'operations size must be 32');
  });

  it('the contract bit unset: "Permission denied" / "Permission denied!"; set: allowed', () => {
    expect(() => checkContractPermission(active, TRANSFER_ID, 2, 'broadcast')).not.toThrow();
    expectError(() => checkContractPermission(active, PERMISSION_UPDATE_ID, 2, 'broadcast'), 'PERMISSION', 'Permission denied');
    expectError(() => checkContractPermission(active, PERMISSION_UPDATE_ID, 2, 'query'), 'PERMISSION', 'Permission denied!');
    const with46 = activePerm(2, [key(A)], 1n, encodeOperations([46]));
    expect(() => checkContractPermission(with46, PERMISSION_UPDATE_ID, 2, 'broadcast')).not.toThrow();
    expectError(() => checkContractPermission(with46, TRANSFER_ID, 2, 'broadcast'), 'PERMISSION', 'Permission denied');
  });

  it('order: the type before the operations size, the size before the bit', () => {
    const ownerTypedWithShortOps = create(PermissionSchema, { type: PermissionType.Owner, operations: new Uint8Array(3), keys: [key(A)], threshold: 1n });
    expectError(() => checkContractPermission(ownerTypedWithShortOps, TRANSFER_ID, 2, 'broadcast'), 'PERMISSION', 'Permission type is error');
    const emptyOps = activePerm(2, [key(A)], 1n, new Uint8Array());
    expectError(() => checkContractPermission(emptyOps, PERMISSION_UPDATE_ID, 2, 'query'), 'PERMISSION', 'operations size must be 32');
  });
});

describe("cannotCountWords: the query-mode refusals in the signer's words", () => {
  /** The message a check throws in query mode (the answer a station stores). */
  const answerOf = (check: () => unknown): string => {
    try {
      check();
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error('expected a refusal');
  };

  it('each of the three answers the checks give is put in words naming the permission and the contract', () => {
    const denied = answerOf(() => checkContractPermission(activePerm(2, [key(A)], 1n), PERMISSION_UPDATE_ID, 2, 'query'));
    const wrongType = answerOf(() => checkContractPermission(defaultExecutivePermission(A), TRANSFER_ID, 1, 'query'));
    const missing = answerOf(() => resolvePermission(account(), A, 4, 'query'));
    expect(cannotCountWords(denied, 2, 'Permission update')).toBe(
      'permission 2 of this account cannot run a permission update: its operations do not include it',
    );
    expect(cannotCountWords(wrongType, 1, 'Transfer')).toBe('permission 1 is not one that signs transactions (the executive permission never does)');
    expect(cannotCountWords(missing, 4, 'Transfer')).toBe('this account has no permission 4 as this station holds it');
  });

  it('any other answer (a broadcast-mode one, a weight shortfall, nothing) has no such words', () => {
    const broadcast = answerOf(() => checkContractPermission(activePerm(2, [key(A)], 1n), PERMISSION_UPDATE_ID, 2, 'broadcast'));
    for (const other of [broadcast, 'Signature count is 2 more than key counts of 1', '', null, undefined])
      expect(cannotCountWords(other, 2, 'Transfer')).toBeNull();
  });
});

describe('checkWeight (PROTOCOL.md §3 item 5)', () => {
  const tx = transfer(A);
  const txId = txIdOf(tx.rawBytes);
  const sigA = sigOf(tx, PRIV.k11);
  const sigB = sigOf(tx, PRIV.k12);
  const sigC = sigOf(tx, PRIV.k13);
  const sigX = sigOf(tx, PRIV.k23);
  const owner = MULTI.owner!;

  it('sums the weights of the signers and lists them in signature order', () => {
    const p = ownerPerm([key(A, 2n), key(B, 3n), key(C, 7n)], 1n);
    const r = checkWeight(p, [sigC, sigA], txId);
    expect(hexes(r.approvedList)).toEqual([bytesToHex(C), bytesToHex(A)]);
    expect(r.weight).toBe(9n);
  });

  it("a key matches its signer by all 21 bytes: 0xa0 followed by the signer's 20 bytes is not the signer", () => {
    const lookalike = Uint8Array.of(0xa0, ...A.subarray(1));
    expectError(
      () => checkWeight(ownerPerm([key(lookalike)], 1n), [sigA], txId),
      'PERMISSION',
      `${bytesToHex(sigA)} is signed by ${addressToBase58(A)} but it is not contained of permission.`,
    );
  });

  it('no signatures: weight 0, nobody approved', () => {
    expect(checkWeight(owner, [], txId)).toEqual({ approvedList: [], weight: 0n });
  });

  it('more signatures than keys: "Signature count is N more than key counts of permission : M"', () => {
    expectError(() => checkWeight(ownerPerm([key(A)], 1n), [sigA, sigB], txId), 'PERMISSION', 'Signature count is 2 more than key counts of permission : 1');
  });

  it('the count check comes before any signature is read (even a 64-byte one)', () => {
    expectError(
      () => checkWeight(ownerPerm([key(A)], 1n), [sigA.subarray(0, 64), sigB], txId),
      'PERMISSION',
      'Signature count is 2 more than key counts of permission : 1',
    );
  });

  it('a signature shorter than 65 bytes: SIGNATURE_FORMAT "Signature size is 64"', () => {
    const e = expectError(() => checkWeight(owner, [sigA, sigB.subarray(0, 64)], txId), 'SIGNATURE_FORMAT', 'Signature size is 64');
    expect(e.details?.field).toBe('signature[1]');
  });

  it('v = 8 becomes header 35: COMPUTE_ADDRESS "Header byte out of range: 35"', () => {
    expectError(() => checkWeight(owner, [withV(sigA, 8)], txId), 'COMPUTE_ADDRESS', 'Header byte out of range: 35');
  });

  it('an unrecoverable signature: COMPUTE_ADDRESS "Could not recover public key from signature"', () => {
    const zeroR = sigA.slice();
    zeroR.fill(0, 0, 32);
    expectError(() => checkWeight(owner, [zeroR], txId), 'COMPUTE_ADDRESS', 'Could not recover public key from signature');
  });

  it('v = 27/28 is accepted like 0/1', () => {
    const v = sigA[64]!;
    const r = checkWeight(owner, [withV(sigA, v + 27), withV(sigB, sigB[64]! + 27)], txId);
    expect(hexes(r.approvedList)).toEqual([bytesToHex(A), bytesToHex(B)]);
    expect(r.weight).toBe(2n);
  });

  it('bytes after the 65th are ignored', () => {
    const r = checkWeight(owner, [concatBytes(sigA, new Uint8Array([0xde, 0xad]))], txId);
    expect(hexes(r.approvedList)).toEqual([bytesToHex(A)]);
  });

  it('a signer that is not a key: "<hex of the whole signature> is signed by <base58> but it is not contained of permission."', () => {
    const long = concatBytes(sigX, new Uint8Array([0x01]));
    const e = expectError(
      () => checkWeight(owner, [sigA, long], txId),
      'PERMISSION',
      `${bytesToHex(long)} is signed by ${addressToBase58(X)} but it is not contained of permission.`,
    );
    expect(e.details?.field).toBe('signature[1]');
  });

  it('the same signature twice: "<base58> has signed twice!"', () => {
    expectError(() => checkWeight(owner, [sigA, sigA], txId), 'PERMISSION', `${addressToBase58(A)} has signed twice!`);
  });

  it('a malleated (high-S) second signature from the same key is refused as the same signer (post-4.7.1 rule)', () => {
    const twin = highS(sigA);
    expect(bytesToHex(twin)).not.toBe(bytesToHex(sigA));
    // The twin alone is a valid signature by A …
    expect(hexes(checkWeight(owner, [twin], txId).approvedList)).toEqual([bytesToHex(A)]);
    // … but never counts a second time.
    expectError(() => checkWeight(owner, [sigA, twin], txId), 'PERMISSION', `${addressToBase58(A)} has signed twice!`);
  });

  it('order: signatures are judged one by one, a duplicate before a later stranger and a stranger before a later duplicate', () => {
    expectError(() => checkWeight(owner, [sigA, sigA, sigX], txId), 'PERMISSION', `${addressToBase58(A)} has signed twice!`);
    expectError(
      () => checkWeight(owner, [sigA, sigX, sigA], txId),
      'PERMISSION',
      `${bytesToHex(sigX)} is signed by ${addressToBase58(X)} but it is not contained of permission.`,
    );
  });

  it('order: for one signature, "not contained" is found before "signed twice" (a stranger signing twice)', () => {
    expectError(
      () => checkWeight(ownerPerm([key(A), key(B)], 1n), [sigX, sigX], txId),
      'PERMISSION',
      `${bytesToHex(sigX)} is signed by ${addressToBase58(X)} but it is not contained of permission.`,
    );
  });

  it('order: a short signature is reported before a later unrecoverable one, in signature order', () => {
    expectError(() => checkWeight(owner, [sigA.subarray(0, 10), withV(sigB, 8)], txId), 'SIGNATURE_FORMAT', 'Signature size is 10');
    expectError(() => checkWeight(owner, [withV(sigB, 8), sigA.subarray(0, 10)], txId), 'COMPUTE_ADDRESS', 'Header byte out of range: 35');
  });
});
