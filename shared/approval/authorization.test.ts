/**
 * shared/approval/authorization.ts against the reference node's signature rules: the permission a
 * transaction names (PROTOCOL.md §3 item 3), the contract check (item 4), checkWeight (item 5),
 * the threshold (item 6, DESIGN.md decision 4), the broadcast path in order, getsignweight (§4.1),
 * getapprovedlist (§4.2) and their HTTP JSON (§4.3), plus the reference vectors of §9. Every
 * message is asserted exactly with its code; order tests pair two rules that could both fire.
 */
import { approvedListToNodeJson, signWeightToNodeJson } from '../../devnet/replies.ts';
import { approvalView } from '../views/view.ts';
import { readFileSync } from 'node:fs';
import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { AccountPermissionUpdateContractSchema, TransferContractSchema } from '../gen/protocol/contract_pb.ts';
import {
  AccountSchema,
  KeySchema,
  PermissionSchema,
  PermissionType,
  Transaction_ContractSchema,
  Transaction_rawSchema,
  type Permission,
} from '../gen/protocol/core_pb.ts';
import { addressFromHex, addressToBase58, addressToHex, type Address } from '../chain/address.ts';
import { bytesToHex, concatBytes, hexToBytes } from '../base/bytes.ts';
import { AirlockError } from '../base/errors.ts';
import { addSignature, addressOfPrivateKey, privateKeyFromHex } from '../chain/keys.ts';
import { defaultActiveOperations, encodeOperations } from '../chain/operations.ts';
import { defaultActivePermission, defaultExecutivePermission, defaultOwnerPermission } from '../contracts/permission/rules.ts';
import { buildRaw, createTransaction, encodeRaw, txIdOf, type ContractCall, type SignedTransaction } from '../chain/transaction.ts';
import {
  accountPermissionsFromAccount,
  approvedList,
  checkContractPermission,
  checkWeight,
  readSigningFacts,
  resolvePermission,
  signWeight,
  verifyTransactionSignatures,
  type AccountPermissions,
} from './authorization.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures

const VECTORS_URL = new URL('../../test/fixtures/vectors/reference.json', import.meta.url);
interface TxVector {
  description: string;
  contract: Record<string, unknown>;
  raw_data_hex: string;
  txID: string;
  signatures: string[];
  recovered_signers: string[];
}
const VECTORS = JSON.parse(readFileSync(VECTORS_URL, 'utf8')) as { transactions: TxVector[] };
const UTIL_TEST = VECTORS.transactions.find((t) => t.description.includes('UtilTest'))!;
const ASSET_2SIG = VECTORS.transactions.find((t) => t.description.includes('Permission_id 2'))!;
const OWNER_1SIG = VECTORS.transactions.find((t) => t.description.includes('TransferContract 1000000'))!;

function vectorTx(v: TxVector): SignedTransaction {
  return { rawBytes: hexToBytes(v.raw_data_hex), signatures: v.signatures.map((s) => hexToBytes(s)) };
}

const PRIV = {
  k11: privateKeyFromHex('11'.repeat(32)),
  k12: privateKeyFromHex('12'.repeat(32)),
  k13: privateKeyFromHex('13'.repeat(32)),
  k21: privateKeyFromHex('21'.repeat(32)),
  k22: privateKeyFromHex('22'.repeat(32)),
  k23: privateKeyFromHex('23'.repeat(32)),
};
const A = addressOfPrivateKey(PRIV.k11); // the account in most tests
const B = addressOfPrivateKey(PRIV.k12);
const C = addressOfPrivateKey(PRIV.k13);
const D = addressOfPrivateKey(PRIV.k21);
const E = addressOfPrivateKey(PRIV.k22);
const X = addressOfPrivateKey(PRIV.k23); // never a key

const RAW = {
  refBlockBytes: hexToBytes('d8ed'),
  refBlockHash: hexToBytes('2e066c3259e756f5'),
  expiration: 1651906644000n,
  timestamp: 1651906586162n,
};

const TRANSFER_ID = 1;
const PERMISSION_UPDATE_ID = 46;

function transfer(owner: Address, permissionId = 0): SignedTransaction {
  const call: ContractCall = {
    type: 'TransferContract',
    value: create(TransferContractSchema, { ownerAddress: owner, toAddress: D, amount: 1_000_000n }),
  };
  if (permissionId === 1) {
    // Airlock never builds a Permission_id 1 transaction (spec §2.4), but a node can be sent one.
    const raw = buildRaw(call, RAW);
    raw.contract[0]!.PermissionId = 1;
    return { rawBytes: encodeRaw(raw), signatures: [] };
  }
  const { rawBytes, signatures } = createTransaction({ ...call, permissionId }, RAW);
  return { rawBytes, signatures };
}

function permissionUpdate(owner: Address, permissionId: number): SignedTransaction {
  const value = create(AccountPermissionUpdateContractSchema, {
    ownerAddress: owner,
    owner: defaultOwnerPermission(owner),
    actives: [defaultActivePermission(owner)],
  });
  const { rawBytes, signatures } = createTransaction({ type: 'AccountPermissionUpdateContract', value, permissionId }, RAW);
  return { rawBytes, signatures };
}

function signed(tx: SignedTransaction, ...keys: Uint8Array[]): SignedTransaction {
  return keys.reduce((t, k) => addSignature(t, k), tx);
}

/** The signature `priv` makes over `tx`. */
function sigOf(tx: SignedTransaction, priv: Uint8Array): Uint8Array {
  return signed(tx, priv).signatures[0]!;
}

function withSignatures(tx: SignedTransaction, signatures: Uint8Array[]): SignedTransaction {
  return { rawBytes: tx.rawBytes, signatures };
}

/** Raw bytes with TaPoS and times but no contract. */
const NO_CONTRACT_RAW = encodeRaw(create(Transaction_rawSchema, { ...RAW }));

/** Raw bytes with a contract type Airlock has no schema for (VoteWitnessContract, 4). */
const UNSUPPORTED_RAW = encodeRaw(create(Transaction_rawSchema, {
  ...RAW,
  contract: [create(Transaction_ContractSchema, {
    // CustomContract: a type of the reference node with no message, so nothing can read its owner.
    type: 20,
    parameter: { typeUrl: 'type.googleapis.com/protocol.CustomContract', value: concatBytes(new Uint8Array([0x0a, 21]), A) },
  })],
}));

function key(address: Uint8Array, weight: bigint | number = 1n) {
  return create(KeySchema, { address, weight: BigInt(weight) });
}

function ownerPerm(keys: ReturnType<typeof key>[], threshold: bigint): Permission {
  return create(PermissionSchema, { type: PermissionType.Owner, id: 0, permissionName: 'owner', threshold, keys });
}

function activePerm(id: number, keys: ReturnType<typeof key>[], threshold: bigint, operations = defaultActiveOperations()): Permission {
  return create(PermissionSchema, { type: PermissionType.Active, id, permissionName: `active${id}`, threshold, operations, keys });
}

function account(fields: Partial<AccountPermissions> = {}): AccountPermissions {
  return { address: A, actives: [], ...fields };
}

/** A 2-of-3 owner (A, B, C weight 1 each) and an active id 2 with weights A 2, B 3 (threshold 5). */
const MULTI = account({
  owner: ownerPerm([key(A), key(B), key(C)], 2n),
  actives: [activePerm(2, [key(A, 2n), key(B, 3n)], 5n)],
});

function errorOf(fn: () => unknown): AirlockError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AirlockError) return e;
    throw e;
  }
  throw new Error('expected an AirlockError, nothing was thrown');
}

function expectError(fn: () => unknown, code: string, message: string): AirlockError {
  const e = errorOf(fn);
  expect(e.message).toBe(message);
  expect(e.code).toBe(code);
  return e;
}

const hexes = (list: Uint8Array[] | undefined) => list?.map(bytesToHex);

// secp256k1 group order, for building the malleated (high-S) twin of a signature.
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

function highS(sig: Uint8Array): Uint8Array {
  const s = BigInt('0x' + bytesToHex(sig.subarray(32, 64)));
  const out = sig.slice(0, 65);
  out.set(hexToBytes((N - s).toString(16).padStart(64, '0')), 32);
  out[64] = sig[64]! ^ 1;
  return out;
}

function withV(sig: Uint8Array, v: number): Uint8Array {
  const out = sig.slice();
  out[64] = v;
  return out;
}

// ---------------------------------------------------------------------------------------------

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
    expect([a.type, a.id, a.threshold, bytesToHex(a.operations), bytesToHex(a.keys[0]!.address)])
      .toEqual([PermissionType.Active, 2, 1n, bytesToHex(defaultActiveOperations()), bytesToHex(B)]);
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

  it('a key matches its signer by all 21 bytes: 0xa0 followed by the signer\'s 20 bytes is not the signer', () => {
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
    expectError(() => checkWeight(ownerPerm([key(A)], 1n), [sigA.subarray(0, 64), sigB], txId), 'PERMISSION', 'Signature count is 2 more than key counts of permission : 1');
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
    expectError(() => checkWeight(owner, [sigA, sigX, sigA], txId), 'PERMISSION', `${bytesToHex(sigX)} is signed by ${addressToBase58(X)} but it is not contained of permission.`);
  });

  it('order: for one signature, "not contained" is found before "signed twice" (a stranger signing twice)', () => {
    expectError(() => checkWeight(ownerPerm([key(A), key(B)], 1n), [sigX, sigX], txId), 'PERMISSION', `${bytesToHex(sigX)} is signed by ${addressToBase58(X)} but it is not contained of permission.`);
  });

  it('order: a short signature is reported before a later unrecoverable one, in signature order', () => {
    expectError(() => checkWeight(owner, [sigA.subarray(0, 10), withV(sigB, 8)], txId), 'SIGNATURE_FORMAT', 'Signature size is 10');
    expectError(() => checkWeight(owner, [withV(sigB, 8), sigA.subarray(0, 10)], txId), 'COMPUTE_ADDRESS', 'Header byte out of range: 35');
  });
});

describe('verifyTransactionSignatures: the broadcast path in order (PROTOCOL.md §3)', () => {
  it('accepts the owner signing under the default owner permission (account exists without owner_permission, or is missing)', () => {
    const tx = signed(transfer(A), PRIV.k11);
    for (const acc of [account(), undefined]) {
      const r = verifyTransactionSignatures(tx, acc);
      expect(r.weight).toBe(1n);
      expect(hexes(r.approvedList)).toEqual([bytesToHex(A)]);
      expect(r.permission.permissionName).toBe('owner');
    }
  });

  it('1: no signature: "miss sig or contract"', () => {
    expectError(() => verifyTransactionSignatures(transfer(A), MULTI), 'PERMISSION', 'miss sig or contract');
  });

  it('1: no contract: "miss sig or contract"', () => {
    const sig = signed(transfer(A), PRIV.k11).signatures;
    expectError(() => verifyTransactionSignatures({ rawBytes: NO_CONTRACT_RAW, signatures: sig }, MULTI), 'BAD_TRANSACTION', 'miss sig or contract');
  });

  it('2: more than TOTAL_SIGN_NUM (5) signatures: "too many signatures"', () => {
    const tx = signed(transfer(A), PRIV.k11, PRIV.k12, PRIV.k13, PRIV.k21, PRIV.k22, PRIV.k23);
    expectError(() => verifyTransactionSignatures(tx, MULTI), 'PERMISSION', 'too many signatures');
  });

  it('2: the limit is an option (the dynamic TOTAL_SIGN_NUM)', () => {
    const tx = signed(transfer(A), PRIV.k11, PRIV.k12);
    expectError(() => verifyTransactionSignatures(tx, MULTI, { maxSignatures: 1 }), 'PERMISSION', 'too many signatures');
    expect(verifyTransactionSignatures(tx, MULTI, { maxSignatures: 2 }).weight).toBe(2n);
  });

  it('order: "miss sig or contract" and "too many signatures" come before the permission is looked up', () => {
    expectError(() => verifyTransactionSignatures(transfer(A, 7), MULTI), 'PERMISSION', 'miss sig or contract');
    const six = signed(transfer(A, 7), PRIV.k11, PRIV.k12, PRIV.k13, PRIV.k21, PRIV.k22, PRIV.k23);
    expectError(() => verifyTransactionSignatures(six, MULTI), 'PERMISSION', 'too many signatures');
  });

  it('3: a permission that does not exist: "permission isn\'t exit"', () => {
    expectError(() => verifyTransactionSignatures(signed(transfer(A, 3), PRIV.k11), MULTI), 'PERMISSION', "permission isn't exit");
    expectError(() => verifyTransactionSignatures(signed(transfer(B, 3), PRIV.k12), undefined), 'PERMISSION', "permission isn't exit");
  });

  it('3: a missing account signs with id 2 under the default active permission', () => {
    const r = verifyTransactionSignatures(signed(transfer(B, 2), PRIV.k12), undefined);
    expect([r.permission.type, r.permission.id, r.weight]).toEqual([PermissionType.Active, 2, 1n]);
  });

  it('4: id 1 (executive) never signs: "Permission type is error"', () => {
    const acc = account({ executive: defaultExecutivePermission(A) });
    expectError(() => verifyTransactionSignatures(signed(transfer(A, 1), PRIV.k11), acc), 'PERMISSION', 'Permission type is error');
  });

  it('4: an active without the contract\'s bit: "Permission denied" (default active cannot update permissions)', () => {
    expectError(() => verifyTransactionSignatures(signed(permissionUpdate(B, 2), PRIV.k12), undefined), 'PERMISSION', 'Permission denied');
    // The owner may.
    expect(verifyTransactionSignatures(signed(permissionUpdate(B, 0), PRIV.k12), undefined).weight).toBe(1n);
  });

  it('4: "operations size must be 32"', () => {
    const acc = account({ actives: [activePerm(2, [key(A)], 1n, new Uint8Array(4).fill(0xff))] });
    expectError(() => verifyTransactionSignatures(signed(transfer(A, 2), PRIV.k11), acc), 'PERMISSION', 'operations size must be 32');
  });

  it('order: the contract check before the signatures (a denied contract with a 64-byte signature)', () => {
    const tx = permissionUpdate(B, 2);
    expectError(() => verifyTransactionSignatures(withSignatures(tx, [new Uint8Array(64)]), undefined), 'PERMISSION', 'Permission denied');
  });

  it('5: checkWeight errors pass through with their codes', () => {
    const tx = transfer(A);
    const sigA = sigOf(tx, PRIV.k11);
    expectError(() => verifyTransactionSignatures(withSignatures(tx, [sigA.subarray(0, 64)]), MULTI), 'SIGNATURE_FORMAT', 'Signature size is 64');
    expectError(() => verifyTransactionSignatures(withSignatures(tx, [withV(sigA, 8)]), MULTI), 'COMPUTE_ADDRESS', 'Header byte out of range: 35');
    expectError(() => verifyTransactionSignatures(withSignatures(tx, [sigA, sigA]), MULTI), 'PERMISSION', `${addressToBase58(A)} has signed twice!`);
  });

  it('6: weight equal to the threshold is enough (DESIGN.md decision 4); one less is "sig error"', () => {
    // MULTI owner: 2 of 3.
    expect(verifyTransactionSignatures(signed(transfer(A), PRIV.k11, PRIV.k13), MULTI).weight).toBe(2n);
    const e = expectError(() => verifyTransactionSignatures(signed(transfer(A), PRIV.k11), MULTI), 'PERMISSION', 'sig error');
    expect(e.details).toMatchObject({ weight: '1', threshold: '2' });
    // MULTI active 2: A 2 + B 3 = 5 = threshold; A alone 2 < 5.
    expect(verifyTransactionSignatures(signed(transfer(A, 2), PRIV.k12, PRIV.k11), MULTI).weight).toBe(5n);
    expectError(() => verifyTransactionSignatures(signed(transfer(A, 2), PRIV.k11), MULTI), 'PERMISSION', 'sig error');
  });

  it('an owner key does not count for an active permission it is not in', () => {
    expectError(() => verifyTransactionSignatures(signed(transfer(A, 2), PRIV.k13), MULTI), 'PERMISSION', `${bytesToHex(signed(transfer(A, 2), PRIV.k13).signatures[0]!)} is signed by ${addressToBase58(C)} but it is not contained of permission.`);
  });
});

describe('reference vectors (PROTOCOL.md §9)', () => {
  it('UtilTest: the signature recovers to the recipient, so getapprovedlist lists [to]', () => {
    const tx = vectorTx(UTIL_TEST);
    const r = approvedList(tx);
    expect(r.result).toEqual({ code: 'SUCCESS' });
    expect(hexes(r.approvedList)).toEqual(['415624c12e308b03a1a6b21d9b86e3942fac1ab92b']);
  });

  it('UtilTest: broadcast under the default owner fails with "... is signed by THph9K2M2nLvkianrMGswRhz5hjSA9fuH7 but it is not contained of permission."', () => {
    const tx = vectorTx(UTIL_TEST);
    const message = `${UTIL_TEST.signatures[0]} is signed by THph9K2M2nLvkianrMGswRhz5hjSA9fuH7 but it is not contained of permission.`;
    expectError(() => verifyTransactionSignatures(tx, undefined), 'PERMISSION', message);
    const owner = addressFromHex(UTIL_TEST.contract.owner_address as string);
    expectError(() => verifyTransactionSignatures(tx, { address: owner, actives: [] }), 'PERMISSION', message);
    const sw = signWeight(tx, { address: owner, actives: [] });
    expect(sw.result).toEqual({ code: 'PERMISSION_ERROR', message });
    expect(sw.permission?.permissionName).toBe('owner');
  });

  it('TransferAsset with Permission_id 2 signed by KEY_11 and KEY_12: weight 2, both approved', () => {
    const tx = vectorTx(ASSET_2SIG);
    const owner = addressFromHex(ASSET_2SIG.contract.owner_address as string);
    const acc: AccountPermissions = { address: owner, actives: [activePerm(2, [key(A), key(B)], 2n)] };
    const r = verifyTransactionSignatures(tx, acc);
    expect(r.weight).toBe(2n);
    expect(hexes(r.approvedList)).toEqual(ASSET_2SIG.recovered_signers);
    const sw = signWeight(tx, acc);
    expect(sw.result).toEqual({ code: 'ENOUGH_PERMISSION' });
    expect(sw.currentWeight).toBe(2n);
    // Threshold 3: not enough.
    const acc3: AccountPermissions = { address: owner, actives: [activePerm(2, [key(A), key(B), key(C)], 3n)] };
    expectError(() => verifyTransactionSignatures(tx, acc3), 'PERMISSION', 'sig error');
    expect(signWeight(tx, acc3).result).toEqual({ code: 'NOT_ENOUGH_PERMISSION' });
  });

  it('TransferAsset with Permission_id 2 against the owner alone (no such active) is refused', () => {
    const tx = vectorTx(ASSET_2SIG);
    const owner = addressFromHex(ASSET_2SIG.contract.owner_address as string);
    expectError(() => verifyTransactionSignatures(tx, { address: owner, actives: [] }), 'PERMISSION', "permission isn't exit");
  });

  it('TransferContract signed by KEY_11 under the owner permission is enough', () => {
    const tx = vectorTx(OWNER_1SIG);
    expect(verifyTransactionSignatures(tx, undefined).weight).toBe(1n);
    expect(signWeight(tx, account()).result).toEqual({ code: 'ENOUGH_PERMISSION' });
  });
});

describe('signWeight: getsignweight (PROTOCOL.md §4.1)', () => {
  it('1: no contract: OTHER_ERROR "Invalid transaction: no valid contract"', () => {
    expect(signWeight({ rawBytes: NO_CONTRACT_RAW, signatures: [] }, MULTI)).toEqual({
      result: { code: 'OTHER_ERROR', message: 'Invalid transaction: no valid contract' },
    });
  });

  it('order: no contract before a missing account', () => {
    expect(signWeight({ rawBytes: NO_CONTRACT_RAW, signatures: [] }, undefined).result.message).toBe('Invalid transaction: no valid contract');
  });

  it('bytes that are not a transaction, or a contract Airlock cannot read: OTHER_ERROR with the decoder\'s message', () => {
    const bad = signWeight({ rawBytes: new Uint8Array([0x0a, 0x05, 0x01]), signatures: [] }, MULTI);
    expect(bad.result.code).toBe('OTHER_ERROR');
    expect(bad.result.message).toMatch(/^raw_data: not a valid transaction encoding/);
    expect(signWeight({ rawBytes: UNSUPPORTED_RAW, signatures: [] }, MULTI).result).toEqual({
      code: 'OTHER_ERROR',
      message: 'raw_data.contract[0].type: CustomContract is not a contract Airlock can read',
    });
  });

  it('2: owner account missing: PERMISSION_ERROR "Account does not exist!" (no default permission here)', () => {
    expect(signWeight(signed(transfer(B), PRIV.k12), undefined)).toEqual({
      result: { code: 'PERMISSION_ERROR', message: 'Account does not exist!' },
    });
  });

  it('3: PERMISSION_ERROR "Permission for this, does not exist!"', () => {
    expect(signWeight(signed(transfer(A, 3), PRIV.k11), MULTI)).toEqual({
      result: { code: 'PERMISSION_ERROR', message: 'Permission for this, does not exist!' },
    });
  });

  it('3: the null-owner fallback applies: id 0 always resolves', () => {
    const r = signWeight(signed(transfer(A), PRIV.k11), account());
    expect(r.result).toEqual({ code: 'ENOUGH_PERMISSION' });
    expect(r.permission?.permissionName).toBe('owner');
  });

  it('4: PERMISSION_ERROR "Permission type is wrong!" for id 1', () => {
    expect(signWeight(signed(transfer(A, 1), PRIV.k11), account({ executive: defaultExecutivePermission(A) })).result)
      .toEqual({ code: 'PERMISSION_ERROR', message: 'Permission type is wrong!' });
  });

  it('4: PERMISSION_ERROR "operations size must be 32"', () => {
    const acc = account({ actives: [activePerm(2, [key(A)], 1n, new Uint8Array(1))] });
    expect(signWeight(signed(transfer(A, 2), PRIV.k11), acc).result).toEqual({ code: 'PERMISSION_ERROR', message: 'operations size must be 32' });
  });

  it('4: PERMISSION_ERROR "Permission denied!", without a permission in the result', () => {
    const r = signWeight(signed(permissionUpdate(A, 2), PRIV.k11), MULTI);
    expect(r).toEqual({ result: { code: 'PERMISSION_ERROR', message: 'Permission denied!' } });
  });

  it('5-7: zero signatures: permission set, weight 0, NOT_ENOUGH_PERMISSION with no message', () => {
    const r = signWeight(transfer(A), MULTI);
    expect(r.permission).toBe(MULTI.owner);
    expect(r.approvedList).toEqual([]);
    expect(r.currentWeight).toBe(0n);
    expect(r.result).toEqual({ code: 'NOT_ENOUGH_PERMISSION' });
  });

  it('6: SIGNATURE_FORMAT_ERROR "Signature size is 64": permission present, approved list and weight absent', () => {
    const tx = transfer(A);
    const sigA = sigOf(tx, PRIV.k11);
    const r = signWeight(withSignatures(tx, [sigA, sigA.subarray(0, 64)]), MULTI);
    expect(r).toEqual({ permission: MULTI.owner, result: { code: 'SIGNATURE_FORMAT_ERROR', message: 'Signature size is 64' } });
  });

  it('6: COMPUTE_ADDRESS_ERROR "Header byte out of range: 35"', () => {
    const tx = transfer(A);
    const r = signWeight(withSignatures(tx, [withV(sigOf(tx, PRIV.k11), 8)]), MULTI);
    expect(r).toEqual({ permission: MULTI.owner, result: { code: 'COMPUTE_ADDRESS_ERROR', message: 'Header byte out of range: 35' } });
  });

  it('6: PERMISSION_ERROR for count, stranger and duplicate', () => {
    const tx = transfer(A);
    const [sA, sB, sC, sX] = [sigOf(tx, PRIV.k11), sigOf(tx, PRIV.k12), sigOf(tx, PRIV.k13), sigOf(tx, PRIV.k23)] as const;
    expect(signWeight(withSignatures(tx, [sA, sB, sC, sX]), MULTI).result)
      .toEqual({ code: 'PERMISSION_ERROR', message: 'Signature count is 4 more than key counts of permission : 3' });
    expect(signWeight(withSignatures(tx, [sX]), MULTI).result)
      .toEqual({ code: 'PERMISSION_ERROR', message: `${bytesToHex(sX)} is signed by ${addressToBase58(X)} but it is not contained of permission.` });
    const dup = signWeight(withSignatures(tx, [sA, highS(sA)]), MULTI);
    expect(dup.result).toEqual({ code: 'PERMISSION_ERROR', message: `${addressToBase58(A)} has signed twice!` });
    expect(dup.approvedList).toBeUndefined();
    expect(dup.currentWeight).toBeUndefined();
    expect(dup.permission).toBe(MULTI.owner);
  });

  it('7: weight == threshold: ENOUGH_PERMISSION; threshold - 1: NOT_ENOUGH_PERMISSION with the list and weight', () => {
    const enough = signWeight(signed(transfer(A), PRIV.k12, PRIV.k11), MULTI);
    expect(enough.result).toEqual({ code: 'ENOUGH_PERMISSION' });
    expect(enough.currentWeight).toBe(2n);
    expect(hexes(enough.approvedList)).toEqual([bytesToHex(B), bytesToHex(A)]);
    const short = signWeight(signed(transfer(A), PRIV.k12), MULTI);
    expect(short.result).toEqual({ code: 'NOT_ENOUGH_PERMISSION' });
    expect(short.currentWeight).toBe(1n);
    expect(hexes(short.approvedList)).toEqual([bytesToHex(B)]);
  });

  it('does not cap the signature count (no "too many signatures" here)', () => {
    const keys = [A, B, C, D, E, X].map((a) => key(a));
    const acc = account({ owner: ownerPerm(keys, 6n) });
    const tx = signed(transfer(A), PRIV.k11, PRIV.k12, PRIV.k13, PRIV.k21, PRIV.k22, PRIV.k23);
    expect(signWeight(tx, acc).result).toEqual({ code: 'ENOUGH_PERMISSION' });
  });
});

describe('approvedList: getapprovedlist (PROTOCOL.md §4.2)', () => {
  const tx = transfer(A, 2);
  const sA = sigOf(tx, PRIV.k11);
  const sX = sigOf(tx, PRIV.k23);

  it('lists every recovered signer in order: no permission check, no duplicate check, Permission_id ignored', () => {
    const r = approvedList(withSignatures(tx, [sX, sA, highS(sA)]), MULTI);
    expect(r.result).toEqual({ code: 'SUCCESS' });
    expect(hexes(r.approvedList)).toEqual([bytesToHex(X), bytesToHex(A), bytesToHex(A)]);
  });

  it('zero signatures: SUCCESS and an empty list', () => {
    expect(approvedList(tx)).toEqual({ approvedList: [], result: { code: 'SUCCESS' } });
  });

  it('1: no contract: OTHER_ERROR "Invalid transaction: no valid contract"', () => {
    expect(approvedList({ rawBytes: NO_CONTRACT_RAW, signatures: [sA] })).toEqual({
      approvedList: [],
      result: { code: 'OTHER_ERROR', message: 'Invalid transaction: no valid contract' },
    });
  });

  it('2: owner account missing: OTHER_ERROR "class org.tron.core.exception.PermissionException : Account does not exist!"', () => {
    expect(approvedList(withSignatures(tx, [sA]), undefined, { accountExists: false })).toEqual({
      approvedList: [],
      result: { code: 'OTHER_ERROR', message: 'class org.tron.core.exception.PermissionException : Account does not exist!' },
    });
  });

  it('order: no contract before a missing account; a missing account before bad signatures', () => {
    expect(approvedList({ rawBytes: NO_CONTRACT_RAW, signatures: [] }, undefined, { accountExists: false }).result.message)
      .toBe('Invalid transaction: no valid contract');
    expect(approvedList(withSignatures(tx, [sA.subarray(0, 3)]), undefined, { accountExists: false }).result.code).toBe('OTHER_ERROR');
  });

  it('3: a short signature: SIGNATURE_FORMAT_ERROR "Signature size is 64" and no list', () => {
    expect(approvedList(withSignatures(tx, [sA, sA.subarray(0, 64)]))).toEqual({
      approvedList: [],
      result: { code: 'SIGNATURE_FORMAT_ERROR', message: 'Signature size is 64' },
    });
  });

  it('3: an unrecoverable signature: COMPUTE_ADDRESS_ERROR "Header byte out of range: 35"', () => {
    expect(approvedList(withSignatures(tx, [withV(sA, 8)]))).toEqual({
      approvedList: [],
      result: { code: 'COMPUTE_ADDRESS_ERROR', message: 'Header byte out of range: 35' },
    });
  });

  it('a contract Airlock cannot read: OTHER_ERROR', () => {
    expect(approvedList({ rawBytes: UNSUPPORTED_RAW, signatures: [] }).result.code).toBe('OTHER_ERROR');
  });
});

describe('readSigningFacts: lenient reading of the raw bytes', () => {
  it('reads txID, contract count, type, Permission_id and owner', () => {
    const f = readSigningFacts(vectorTx(ASSET_2SIG).rawBytes);
    expect(bytesToHex(f.txId)).toBe(ASSET_2SIG.txID);
    expect([f.contractCount, f.contractTypeId, f.permissionId, bytesToHex(f.ownerAddress!)]).toEqual([1, 2, 2, ASSET_2SIG.contract.owner_address]);
  });

  it('a type URL that does not name the contract type gives an empty owner, as the node\'s getOwner does', () => {
    const raw = encodeRaw(create(Transaction_rawSchema, {
      ...RAW,
      contract: [create(Transaction_ContractSchema, {
        type: TRANSFER_ID,
        parameter: { typeUrl: 'type.googleapis.com/protocol.TransferAssetContract', value: concatBytes(new Uint8Array([0x0a, 21]), A) },
      })],
    }));
    const f = readSigningFacts(raw);
    expect(f.ownerAddress).toEqual(new Uint8Array());
    // A missing owner account then signs under a default owner of the empty address: nobody's key.
    const sig = signed(transfer(A), PRIV.k11).signatures[0]!;
    const e = errorOf(() => verifyTransactionSignatures({ rawBytes: raw, signatures: [sig] }, undefined));
    expect(e.message).toMatch(/is signed by .* but it is not contained of permission\.$/);
  });

  it('a type URL whose full name lacks the protocol. package gives an empty owner too', () => {
    const raw = (typeUrl: string) => encodeRaw(create(Transaction_rawSchema, {
      ...RAW,
      contract: [create(Transaction_ContractSchema, {
        type: TRANSFER_ID,
        parameter: { typeUrl, value: concatBytes(new Uint8Array([0x0a, 21]), A) },
      })],
    }));
    expect(readSigningFacts(raw('type.googleapis.com/TransferContract')).ownerAddress).toEqual(new Uint8Array());
    expect(readSigningFacts(raw('type.googleapis.com/protocol.TransferContract')).ownerAddress).toEqual(A);
  });

  it('throws BAD_TRANSACTION for bytes that are not a transaction', () => {
    expect(errorOf(() => readSigningFacts(new Uint8Array([0xff]))).code).toBe('BAD_TRANSACTION');
  });
});

describe('HTTP JSON shapes (PROTOCOL.md §4.3)', () => {
  it('getsignweight, enough: owner permission without type/id, approved_list hex, current_weight, result {}, transaction wrapper', () => {
    const tx = signed(transfer(A), PRIV.k11, PRIV.k12);
    const json = signWeightToNodeJson(signWeight(tx, MULTI), tx, { visible: false });
    const txId = bytesToHex(txIdOf(tx.rawBytes));
    expect(Object.keys(json)).toEqual(['permission', 'approved_list', 'current_weight', 'result', 'transaction']);
    expect(json.permission).toEqual({
      permission_name: 'owner',
      threshold: 2n,
      keys: [{ address: addressToHex(A), weight: 1n }, { address: addressToHex(B), weight: 1n }, { address: addressToHex(C), weight: 1n }],
    });
    expect(json.approved_list).toEqual([addressToHex(A), addressToHex(B)]);
    expect(json.current_weight).toBe(2n);
    expect(json.result).toEqual({});
    const wrapper = json.transaction as Record<string, unknown>;
    expect(wrapper.result).toEqual({ result: true });
    expect(wrapper.txid).toBe(txId);
    const inner = wrapper.transaction as Record<string, unknown>;
    expect(inner.txID).toBe(txId);
    expect(inner.raw_data_hex).toBe(bytesToHex(tx.rawBytes));
    expect(inner.signature).toEqual(tx.signatures.map(bytesToHex));
    expect(inner).toHaveProperty('raw_data');
    expect(inner).not.toHaveProperty('visible');
  });

  it('getsignweight, visible: Base58 approved_list and key addresses; an active prints type, id and operations hex', () => {
    const tx = signed(transfer(A, 2), PRIV.k11);
    const json = signWeightToNodeJson(signWeight(tx, MULTI), tx, { visible: true });
    expect(json.approved_list).toEqual([addressToBase58(A)]);
    expect(json.permission).toMatchObject({
      type: 'Active',
      id: 2,
      permission_name: 'active2',
      threshold: 5n,
      operations: bytesToHex(defaultActiveOperations()),
      keys: [{ address: addressToBase58(A), weight: 2n }, { address: addressToBase58(B), weight: 3n }],
    });
    expect(json.result).toEqual({ code: 'NOT_ENOUGH_PERMISSION' });
  });

  it('getsignweight, zero signatures: no approved_list and no current_weight (proto3 defaults)', () => {
    const tx = transfer(A);
    const json = signWeightToNodeJson(signWeight(tx, MULTI), tx);
    expect(json).not.toHaveProperty('approved_list');
    expect(json).not.toHaveProperty('current_weight');
    expect(json.result).toEqual({ code: 'NOT_ENOUGH_PERMISSION' });
  });

  it('getsignweight, error: result {code, message}; a no-contract transaction still prints its wrapper', () => {
    const tx = { rawBytes: NO_CONTRACT_RAW, signatures: [] };
    const json = signWeightToNodeJson(signWeight(tx, MULTI), tx);
    expect(json).not.toHaveProperty('permission');
    expect(json.result).toEqual({ code: 'OTHER_ERROR', message: 'Invalid transaction: no valid contract' });
    const inner = (json.transaction as Record<string, Record<string, unknown>>).transaction!;
    expect(inner.raw_data_hex).toBe(bytesToHex(NO_CONTRACT_RAW));
    expect(inner.txID).toBe(bytesToHex(txIdOf(NO_CONTRACT_RAW)));
  });

  it('getapprovedlist: approved_list, result {} on SUCCESS, transaction; Base58 when visible', () => {
    const tx = vectorTx(UTIL_TEST);
    const json = approvedListToNodeJson(approvedList(tx), tx, { visible: false });
    expect(Object.keys(json)).toEqual(['approved_list', 'result', 'transaction']);
    expect(json.approved_list).toEqual(['415624c12e308b03a1a6b21d9b86e3942fac1ab92b']);
    expect(json.result).toEqual({});
    expect((json.transaction as Record<string, unknown>).txid).toBe(UTIL_TEST.txID);
    expect(approvedListToNodeJson(approvedList(tx), tx, { visible: true }).approved_list).toEqual(['THph9K2M2nLvkianrMGswRhz5hjSA9fuH7']);
  });

  it('getapprovedlist, error: result {code, message} and no approved_list', () => {
    const tx = vectorTx(UTIL_TEST);
    const json = approvedListToNodeJson(approvedList(tx, undefined, { accountExists: false }), tx);
    expect(json).not.toHaveProperty('approved_list');
    expect(json.result).toEqual({ code: 'OTHER_ERROR', message: 'class org.tron.core.exception.PermissionException : Account does not exist!' });
  });
});

describe('approvalView (shared/views/view.ts, for the UI)', () => {
  it('who signed, who still can, and how much weight is missing', () => {
    const acc = account({ owner: ownerPerm([key(A, 1n), key(B, 2n), key(C, 4n)], 5n) });
    const s = approvalView(signed(transfer(A), PRIV.k12), acc);
    expect(s.result).toEqual({ code: 'NOT_ENOUGH_PERMISSION', message: null });
    expect(s.threshold).toBe('5');
    expect(s.weight).toBe('2');
    expect(s.missing).toBe('3');
    expect(s.enough).toBe(false);
    expect(s.signers.map((x) => [x.address.hex, x.weight])).toEqual([[bytesToHex(B), '2']]);
    expect(s.canStillSign.map((x) => [x.address.hex, x.weight])).toEqual([[bytesToHex(A), '1'], [bytesToHex(C), '4']]);
    expect(s.canComplete).toBe(true);
    expect(s.permission?.threshold).toBe('5');
  });

  it('canComplete is false when the keys that have not signed cannot reach the threshold', () => {
    // A snapshot permission whose keys sum below its threshold (the node would never store it, a file could say it).
    const short = account({ owner: ownerPerm([key(A, 1n), key(B, 1n)], 5n) });
    const s = approvalView(signed(transfer(A), PRIV.k11), short);
    expect([s.missing, s.canStillSign.length, s.canComplete]).toEqual(['4', 1, false]);
    const exact = account({ owner: ownerPerm([key(A, 1n), key(B, 1n), key(C, 3n)], 5n) });
    expect(approvalView(signed(transfer(A), PRIV.k13), exact).canComplete).toBe(true);
  });

  it('enough: missing 0', () => {
    const s = approvalView(signed(transfer(A), PRIV.k11, PRIV.k13), MULTI);
    expect(s.result.code).toBe('ENOUGH_PERMISSION');
    expect(s.enough).toBe(true);
    expect(s.missing).toBe('0');
    expect(s.canStillSign.map((x) => x.address.hex)).toEqual([bytesToHex(B)]);
  });

  it('an error leaves the signer lists empty and carries the message', () => {
    const tx = transfer(A);
    const s = approvalView(withSignatures(tx, [sigOf(tx, PRIV.k23)]), MULTI);
    expect(s.result.code).toBe('PERMISSION_ERROR');
    expect(s.signers).toEqual([]);
    expect(s.canStillSign).toEqual([]);
    expect(s.canComplete).toBe(false);
    expect(s.threshold).toBe('2');
    expect(s.missing).toBe('2');
    const noAccount = approvalView(tx, undefined);
    expect(noAccount.result).toEqual({ code: 'PERMISSION_ERROR', message: 'Account does not exist!' });
    expect(noAccount.permission).toBeNull();
    expect(noAccount.missing).toBe('0');
  });
});
