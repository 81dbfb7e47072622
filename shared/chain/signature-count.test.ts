/**
 * Signature count (docs/decisions.md §6 part 2; PROTOCOL.md §3 items 2 and 5): a transaction carrying more
 * signatures than any permission can hold is refused before a single signer is recovered, by every
 * reader of signatures: decoding transaction JSON, the approval functions of shared/approval/authorization.ts
 * and the devnet's broadcast, getsignweight, getapprovedlist and addtransactionsign. (The CLI's
 * `tx inspect` is checked in test/integration/cli.test.ts.)
 *
 * How "before recovering" is observed without timing: the first of the 3,000 signatures is 64
 * bytes. Any reader that recovered signatures before counting them would answer with that
 * signature's error (`Signature size is 64`) instead of the refusal asserted here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { TransferContractSchema } from '../gen/protocol/contract_pb.ts';
import { bytesToHex, hexToBytes } from '../base/bytes.ts';
import { addSignature, addressOfPrivateKey, privateKeyFromHex } from './keys.ts';
import { defaultOwnerPermission } from '../contracts/permission/rules.ts';
import { approvedList, checkWeight, signWeight, verifyTransactionSignatures } from '../approval/authorization.ts';
import { approvalView } from '../views/view.ts';
import { checkSignatureCount, createTransaction, transactionFromNodeJson, transactionToNodeJson, type SignedTransaction } from './transaction.ts';
import { K, sign, startNode, type Json, type TestNode } from '../../test/helpers/devnet-helpers.ts';
import { MAX_SIGNATURES } from '../base/limits.ts';

const COUNT = 3_000;
const TOO_MANY = { code: 'PERMISSION', message: 'too many signatures', details: { field: 'signature', count: COUNT, max: MAX_SIGNATURES } };

const KEY = privateKeyFromHex('11'.repeat(32));
const OWNER = addressOfPrivateKey(KEY);
const TO = addressOfPrivateKey(privateKeyFromHex('21'.repeat(32)));

const base = createTransaction(
  { type: 'TransferContract', value: create(TransferContractSchema, { ownerAddress: OWNER, toAddress: TO, amount: 1n }) },
  { refBlockBytes: hexToBytes('d8ed'), refBlockHash: hexToBytes('2e066c3259e756f5'), expiration: 1651906644000n, timestamp: 1651906586162n },
);
const good = addSignature(base, KEY).signatures[0]!;

/** A malformed first signature, then valid ones: `count` in all. */
function flood(tx: { rawBytes: Uint8Array }, goodSignature: Uint8Array, count = COUNT): SignedTransaction {
  return { rawBytes: tx.rawBytes, signatures: [goodSignature.subarray(0, 64), ...Array.from({ length: count - 1 }, () => goodSignature)] };
}

const account = { address: OWNER, owner: defaultOwnerPermission(OWNER), actives: [] };

describe('checkSignatureCount: at most TOTAL_SIGN_NUM (5 by default)', () => {
  it('5 pass, 6 are "too many signatures" naming the field, the count and the limit', () => {
    expect(() => checkSignatureCount(5)).not.toThrow();
    expect(() => checkSignatureCount(6)).toThrow(
      expect.objectContaining({ code: 'PERMISSION', message: 'too many signatures', details: { field: 'signature', count: 6, max: 5 } }),
    );
  });

  it('a chain whose TOTAL_SIGN_NUM is higher passes its own limit', () => {
    expect(() => checkSignatureCount(8, 8)).not.toThrow();
    expect(() => checkSignatureCount(9, 8)).toThrow(expect.objectContaining({ message: 'too many signatures' }));
    // A limit that is not a count would turn the check off (6 > NaN is false): refused instead.
    for (const max of [Number.NaN, 0, -1, 2.5, Infinity]) {
      expect(() => checkSignatureCount(6, max)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', details: { field: 'max' } }));
    }
  });
});

describe('shared/: refused before any recovery', () => {
  const tx = flood(base, good);

  it('transactionFromNodeJson refuses the JSON', () => {
    const json = { ...transactionToNodeJson(base), signature: tx.signatures.map(bytesToHex) };
    expect(() => transactionFromNodeJson(json)).toThrow(expect.objectContaining(TOO_MANY));
    // Five still read.
    expect(transactionFromNodeJson({ ...json, signature: json.signature.slice(0, 5) }).signatures).toHaveLength(5);
  });

  it("transactionFromNodeJson takes a chain's raised TOTAL_SIGN_NUM, and still refuses above it before reading any", () => {
    const json = { ...transactionToNodeJson(base), signature: tx.signatures.map(bytesToHex) };
    const eight = { ...json, signature: json.signature.slice(0, 8) };
    expect(transactionFromNodeJson(eight, { maxSignatures: 8 }).signatures).toHaveLength(8);
    expect(() => transactionFromNodeJson(eight)).toThrow(
      expect.objectContaining({ message: 'too many signatures', details: { field: 'signature', count: 8, max: 5 } }),
    );
    expect(() => transactionFromNodeJson(json, { maxSignatures: 8 })).toThrow(
      expect.objectContaining({ message: 'too many signatures', details: { field: 'signature', count: COUNT, max: 8 } }),
    );
  });

  it('approvedList (getapprovedlist) answers OTHER_ERROR "too many signatures"', () => {
    expect(approvedList(tx)).toEqual({ approvedList: [], result: { code: 'OTHER_ERROR', message: 'too many signatures' } });
    // With a higher TOTAL_SIGN_NUM the same list is read signature by signature.
    expect(approvedList(tx, undefined, { maxSignatures: COUNT }).result).toEqual({ code: 'SIGNATURE_FORMAT_ERROR', message: 'Signature size is 64' });
  });

  it('verifyTransactionSignatures (broadcast) throws "too many signatures"', () => {
    expect(() => verifyTransactionSignatures(tx, account)).toThrow(expect.objectContaining(TOO_MANY));
  });

  it("checkWeight, signWeight and approvalView refuse with the node's key-count message", () => {
    const message = `Signature count is ${COUNT} more than key counts of permission : 1`;
    expect(() => checkWeight(account.owner, tx.signatures, base.txId)).toThrow(expect.objectContaining({ code: 'PERMISSION', message }));
    expect(signWeight(tx, account).result).toEqual({ code: 'PERMISSION_ERROR', message });
    expect(approvalView(tx, account).result).toEqual({ code: 'PERMISSION_ERROR', message });
  });
});

describe('the devnet: refused before any recovery, on every endpoint that reads signatures', () => {
  let node: TestNode;
  let flooded: Json;

  beforeAll(async () => {
    node = await startNode();
    const built = await node.transfer(K.alice, K.bob.hex, 1);
    const one = sign(built, K.alice).signature[0] as string;
    flooded = { ...built, signature: [one.slice(0, 128), ...Array.from({ length: COUNT - 1 }, () => one)] };
  });
  afterAll(() => node.stop());

  it('broadcasttransaction: SIGERROR "Validate signature error: too many signatures"', async () => {
    const r = await node.broadcast(flooded);
    expect([r.code, r.message]).toEqual(['SIGERROR', 'Validate signature error: too many signatures']);
  });

  it('getapprovedlist: OTHER_ERROR "too many signatures" and no approved_list', async () => {
    const r = await node.post('/wallet/getapprovedlist', flooded);
    expect(r.result).toEqual({ code: 'OTHER_ERROR', message: 'too many signatures' });
    expect(r.approved_list).toBeUndefined();
  });

  it("getsignweight: PERMISSION_ERROR with the node's key-count message", async () => {
    const r = await node.post('/wallet/getsignweight', flooded);
    expect(r.result).toEqual({ code: 'PERMISSION_ERROR', message: `Signature count is ${COUNT} more than key counts of permission : 1` });
  });

  it("addtransactionsign: the node's key-count message", async () => {
    const r = await node.post('/wallet/addtransactionsign', { transaction: flooded, privateKey: K.bob.priv });
    expect(r).toEqual({ Error: `class org.tron.core.exception.PermissionException : Signature count is ${COUNT} more than key counts of permission : 1` });
  });
});
