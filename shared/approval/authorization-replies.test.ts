/**
 * shared/approval/authorization.ts answering what a transaction has, not whether it passes:
 * signWeight (getsignweight, PROTOCOL.md §4.1), approvedList (getapprovedlist, §4.2), their HTTP JSON
 * (§4.3, devnet/replies.ts) and the approval view the UI shows (shared/views/view.ts). Shared
 * fixtures: test/helpers/authorization-helpers.ts.
 */
import { approvedListToNodeJson, signWeightToNodeJson } from '../../devnet/replies.ts';
import { approvalView } from '../views/view.ts';
import { describe, expect, it } from 'vitest';
import { addressToBase58, addressToHex } from '../chain/address.ts';
import { bytesToHex } from '../base/bytes.ts';
import { defaultActiveOperations } from '../chain/operations.ts';
import { defaultExecutivePermission } from '../contracts/permission/rules.ts';
import { txIdOf } from '../chain/transaction.ts';
import { approvedList, signWeight } from './authorization.ts';
import {
  UTIL_TEST,
  vectorTx,
  PRIV,
  A,
  B,
  C,
  D,
  E,
  X,
  transfer,
  permissionUpdate,
  signed,
  sigOf,
  withSignatures,
  NO_CONTRACT_RAW,
  UNSUPPORTED_RAW,
  key,
  ownerPerm,
  activePerm,
  account,
  MULTI,
  hexes,
  highS,
  withV,
} from '../../test/helpers/authorization-helpers.ts';

describe('signWeight: getsignweight (PROTOCOL.md §4.1)', () => {
  it('1: no contract: OTHER_ERROR "Invalid transaction: no valid contract"', () => {
    expect(signWeight({ rawBytes: NO_CONTRACT_RAW, signatures: [] }, MULTI)).toEqual({
      result: { code: 'OTHER_ERROR', message: 'Invalid transaction: no valid contract' },
    });
  });

  it('order: no contract before a missing account', () => {
    expect(signWeight({ rawBytes: NO_CONTRACT_RAW, signatures: [] }, undefined).result.message).toBe('Invalid transaction: no valid contract');
  });

  it("bytes that are not a transaction, or a contract Airlock cannot read: OTHER_ERROR with the decoder's message", () => {
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
    expect(signWeight(signed(transfer(A, 1), PRIV.k11), account({ executive: defaultExecutivePermission(A) })).result).toEqual({
      code: 'PERMISSION_ERROR',
      message: 'Permission type is wrong!',
    });
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
    expect(signWeight(withSignatures(tx, [sA, sB, sC, sX]), MULTI).result).toEqual({
      code: 'PERMISSION_ERROR',
      message: 'Signature count is 4 more than key counts of permission : 3',
    });
    expect(signWeight(withSignatures(tx, [sX]), MULTI).result).toEqual({
      code: 'PERMISSION_ERROR',
      message: `${bytesToHex(sX)} is signed by ${addressToBase58(X)} but it is not contained of permission.`,
    });
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
    expect(approvedList({ rawBytes: NO_CONTRACT_RAW, signatures: [] }, undefined, { accountExists: false }).result.message).toBe(
      'Invalid transaction: no valid contract',
    );
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
describe('HTTP JSON shapes (PROTOCOL.md §4.3)', () => {
  it('getsignweight, enough: owner permission without type/id, approved_list hex, current_weight, result {}, transaction wrapper', () => {
    const tx = signed(transfer(A), PRIV.k11, PRIV.k12);
    const json = signWeightToNodeJson(signWeight(tx, MULTI), tx, { visible: false });
    const txId = bytesToHex(txIdOf(tx.rawBytes));
    expect(Object.keys(json)).toEqual(['permission', 'approved_list', 'current_weight', 'result', 'transaction']);
    expect(json.permission).toEqual({
      permission_name: 'owner',
      threshold: 2n,
      keys: [
        { address: addressToHex(A), weight: 1n },
        { address: addressToHex(B), weight: 1n },
        { address: addressToHex(C), weight: 1n },
      ],
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
      keys: [
        { address: addressToBase58(A), weight: 2n },
        { address: addressToBase58(B), weight: 3n },
      ],
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
    expect(s.canStillSign.map((x) => [x.address.hex, x.weight])).toEqual([
      [bytesToHex(A), '1'],
      [bytesToHex(C), '4'],
    ]);
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
