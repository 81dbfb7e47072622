/**
 * shared/approval/authorization.ts on the broadcast path: verifyTransactionSignatures runs the checks
 * of PROTOCOL.md §3 in the node's order up to the threshold (item 6, DESIGN.md decision 4), the
 * reference vectors of §9 pass, and readSigningFacts reads raw bytes leniently. Every message is
 * asserted exactly with its code. Shared fixtures: test/helpers/authorization-helpers.ts.
 */
import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { PermissionType, Transaction_ContractSchema, Transaction_rawSchema } from '../gen/protocol/core_pb.ts';
import { addressFromHex, addressToBase58 } from '../chain/address.ts';
import { bytesToHex, concatBytes } from '../base/bytes.ts';
import { defaultExecutivePermission } from '../contracts/permission/rules.ts';
import { encodeRaw } from '../chain/transaction.ts';
import { approvedList, readSigningFacts, signWeight, verifyTransactionSignatures, type AccountPermissions } from './authorization.ts';
import {
  UTIL_TEST,
  ASSET_2SIG,
  OWNER_1SIG,
  vectorTx,
  PRIV,
  A,
  B,
  C,
  RAW,
  TRANSFER_ID,
  transfer,
  permissionUpdate,
  signed,
  sigOf,
  withSignatures,
  NO_CONTRACT_RAW,
  key,
  activePerm,
  account,
  MULTI,
  errorOf,
  expectError,
  hexes,
  withV,
} from '../../test/helpers/authorization-helpers.ts';

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
    expectError(
      () => verifyTransactionSignatures(signed(transfer(A, 2), PRIV.k13), MULTI),
      'PERMISSION',
      `${bytesToHex(signed(transfer(A, 2), PRIV.k13).signatures[0]!)} is signed by ${addressToBase58(C)} but it is not contained of permission.`,
    );
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
describe('readSigningFacts: lenient reading of the raw bytes', () => {
  it('reads txID, contract count, type, Permission_id and owner', () => {
    const f = readSigningFacts(vectorTx(ASSET_2SIG).rawBytes);
    expect(bytesToHex(f.txId)).toBe(ASSET_2SIG.txID);
    expect([f.contractCount, f.contractTypeId, f.permissionId, bytesToHex(f.ownerAddress!)]).toEqual([1, 2, 2, ASSET_2SIG.contract.owner_address]);
  });

  it("a type URL that does not name the contract type gives an empty owner, as the node's getOwner does", () => {
    const raw = encodeRaw(
      create(Transaction_rawSchema, {
        ...RAW,
        contract: [
          create(Transaction_ContractSchema, {
            type: TRANSFER_ID,
            parameter: { typeUrl: 'type.googleapis.com/protocol.TransferAssetContract', value: concatBytes(new Uint8Array([0x0a, 21]), A) },
          }),
        ],
      }),
    );
    const f = readSigningFacts(raw);
    expect(f.ownerAddress).toEqual(new Uint8Array());
    // A missing owner account then signs under a default owner of the empty address: nobody's key.
    const sig = signed(transfer(A), PRIV.k11).signatures[0]!;
    const e = errorOf(() => verifyTransactionSignatures({ rawBytes: raw, signatures: [sig] }, undefined));
    expect(e.message).toMatch(/is signed by .* but it is not contained of permission\.$/);
  });

  it('a type URL whose full name lacks the protocol. package gives an empty owner too', () => {
    const raw = (typeUrl: string) =>
      encodeRaw(
        create(Transaction_rawSchema, {
          ...RAW,
          contract: [
            create(Transaction_ContractSchema, {
              type: TRANSFER_ID,
              parameter: { typeUrl, value: concatBytes(new Uint8Array([0x0a, 21]), A) },
            }),
          ],
        }),
      );
    expect(readSigningFacts(raw('type.googleapis.com/TransferContract')).ownerAddress).toEqual(new Uint8Array());
    expect(readSigningFacts(raw('type.googleapis.com/protocol.TransferContract')).ownerAddress).toEqual(A);
  });

  it('throws BAD_TRANSACTION for bytes that are not a transaction', () => {
    expect(errorOf(() => readSigningFacts(new Uint8Array([0xff]))).code).toBe('BAD_TRANSACTION');
  });
});
