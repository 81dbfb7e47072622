// The checks before a signature is added (shared/approval/sign-check.ts, docs/decisions.md §6 part 3), shared by
// `airlock tx sign` and the node's /wallet/addtransactionsign: each rule with its code and message,
// in order, and the count refused before any signature is recovered.
import { describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { KeySchema, PermissionSchema, PermissionType } from '../gen/protocol/core_pb.ts';
import { addressOfPrivateKey, privateKeyFromHex, signDigest } from '../chain/keys.ts';
import { addressToBase58 } from '../chain/address.ts';
import { createTransaction, decodeRaw, encodeRaw, txIdOf, type SignedTransaction } from '../chain/transaction.ts';
import { buildTransfer } from '../contracts/transfer.ts';
import { checkSignable, checkSigner } from './sign-check.ts';

const [K1, K2, K3] = ['11', '12', '13'].map((b) => privateKeyFromHex(b.repeat(32))) as [Uint8Array, Uint8Array, Uint8Array];
const [A1, A2, A3] = [K1, K2, K3].map(addressOfPrivateKey) as [Uint8Array, Uint8Array, Uint8Array];
const EXPIRATION = 1_800_000_060_000;

function unsigned(): SignedTransaction {
  const { rawBytes } = createTransaction(
    { type: 'TransferContract', value: buildTransfer({ owner: A1, to: A2, amount: 1 }) },
    { refBlockBytes: new Uint8Array(2), refBlockHash: new Uint8Array(8), expiration: EXPIRATION, timestamp: 1 },
  );
  return { rawBytes, signatures: [] };
}
const sign = (tx: SignedTransaction, ...keys: Uint8Array[]): SignedTransaction => ({
  rawBytes: tx.rawBytes,
  signatures: [...tx.signatures, ...keys.map((k) => signDigest(txIdOf(tx.rawBytes), k))],
});

const OWNER = create(PermissionSchema, {
  type: PermissionType.Owner,
  threshold: 2n,
  keys: [create(KeySchema, { address: A1, weight: 1n }), create(KeySchema, { address: A2, weight: 1n })],
});

function refusal(f: () => unknown): { code: string; message: string; details: unknown } {
  try {
    f();
  } catch (e) {
    const { code, message, details } = e as { code: string; message: string; details: unknown };
    return { code, message, details };
  }
  throw new Error('expected a refusal');
}

describe('checkSignable', () => {
  it('returns the txID, the permission id and who signed so far', () => {
    const tx = sign(unsigned(), K2);
    const check = checkSignable(tx);
    expect(check.txId).toEqual(txIdOf(tx.rawBytes));
    expect(check.permissionId).toBe(0);
    expect(check.signers).toEqual([A2]);
  });

  it('Permission_id 1 never signs', () => {
    // buildRaw refuses id 1 itself, so set it in the decoded bytes, as a file from elsewhere could.
    const raw = decodeRaw(unsigned().rawBytes).raw;
    raw.contract[0]!.PermissionId = 1;
    expect(refusal(() => checkSignable({ rawBytes: encodeRaw(raw), signatures: [] }))).toMatchObject({
      code: 'PERMISSION',
      message: 'raw_data.contract[0].Permission_id: 1 is the executive permission, which never signs transactions (spec §2.4)',
    });
  });

  it('an expired transaction is refused when now is given (expiration = now counts as expired)', () => {
    expect(checkSignable(unsigned(), { now: EXPIRATION - 1 }).signers).toEqual([]);
    expect(refusal(() => checkSignable(unsigned(), { now: EXPIRATION }))).toMatchObject({
      code: 'BAD_TRANSACTION',
      message: `Transaction expired: its expiration ${new Date(EXPIRATION).toISOString()} is not after now`,
      details: { field: 'raw_data.expiration', reason: 'expired' },
    });
    expect(checkSignable(unsigned()).signers).toEqual([]);
  });

  it('the most signatures is refused before any is recovered', () => {
    const garbage = { rawBytes: unsigned().rawBytes, signatures: Array.from({ length: 5 }, () => new Uint8Array(3)) };
    // checkSignatureCount's refusal, counting the signature about to be added.
    expect(refusal(() => checkSignable(garbage))).toEqual({
      code: 'PERMISSION',
      message: 'too many signatures',
      details: { field: 'signature', count: 6, max: 5 },
    });
    expect(refusal(() => checkSignable({ ...garbage, signatures: garbage.signatures.slice(0, 2) }, { maxSignatures: 2 }))).toEqual({
      code: 'PERMISSION',
      message: 'too many signatures',
      details: { field: 'signature', count: 3, max: 2 },
    });
  });

  it('an existing signature that does not recover is refused, naming it', () => {
    const tx = { rawBytes: unsigned().rawBytes, signatures: [new Uint8Array(64)] };
    expect(refusal(() => checkSignable(tx))).toEqual({
      code: 'SIGNATURE_FORMAT',
      message: 'signature[0]: Signature size is 64',
      details: { field: 'signature[0]' },
    });
  });

  it("with the permission known, existing signatures are checked as the node's checkWeight does", () => {
    expect(checkSignable(sign(unsigned(), K1), { permission: OWNER }).signers).toEqual([A1]);
    expect(refusal(() => checkSignable(sign(unsigned(), K3), { permission: OWNER })).message).toMatch(
      /is signed by .* but it is not contained of permission\.$/,
    );
    expect(refusal(() => checkSignable(sign(unsigned(), K1, K1), { permission: OWNER })).message).toBe(`${addressToBase58(A1)} has signed twice!`);
    // More than the permission's keys: the node's message, before any signature is recovered.
    const garbage = { rawBytes: unsigned().rawBytes, signatures: Array.from({ length: 3 }, () => new Uint8Array(3)) };
    expect(refusal(() => checkSignable(garbage, { permission: OWNER })).message).toBe('Signature count is 3 more than key counts of permission : 2');
  });
});

describe('checkSigner', () => {
  it('a key that already signed: the node\'s "<base58> had signed!"', () => {
    const check = checkSignable(sign(unsigned(), K1));
    expect(refusal(() => checkSigner(check, A1))).toMatchObject({ code: 'PERMISSION', message: `${addressToBase58(A1)} had signed!` });
    expect(() => checkSigner(check, A2)).not.toThrow();
  });

  it('with the permission known, the signer must be one of its keys with weight', () => {
    const check = checkSignable(unsigned(), { permission: OWNER });
    expect(refusal(() => checkSigner(check, A3))).toMatchObject({
      code: 'PERMISSION',
      message: `${addressToBase58(A3)}'s key is not contained of permission.`,
    });
    expect(() => checkSigner(check, A2)).not.toThrow();
    // Offline, without the permission, any key that has not signed may.
    expect(() => checkSigner(checkSignable(unsigned()), A3)).not.toThrow();
  });
});
