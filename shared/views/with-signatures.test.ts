// withSignatures (shared/views/view.ts): a transaction's view built once and brought up to date after
// signing equals the view built again from the signed bytes, and it is refused for another
// transaction's bytes, so a station can never show one transaction's signatures under another's words.
import { describe, expect, it } from 'vitest';
import { addressOfPrivateKey, privateKeyFromHex, signDigest } from '../chain/keys.ts';
import { createTransaction, txIdOf, type SignedTransaction } from '../chain/transaction.ts';
import { buildTransfer } from '../contracts/transfer.ts';
import { transactionView, withSignatures } from './view.ts';

const K1 = privateKeyFromHex('21'.repeat(32));
const K2 = privateKeyFromHex('22'.repeat(32));
const NOW = 1_800_000_000_000;

function transfer(amount: bigint): SignedTransaction {
  const value = buildTransfer({ owner: addressOfPrivateKey(K1), to: addressOfPrivateKey(K2), amount });
  const { rawBytes } = createTransaction(
    { type: 'TransferContract', value },
    {
      refBlockBytes: Uint8Array.of(1, 2),
      refBlockHash: Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8),
      expiration: BigInt(NOW + 60_000),
      timestamp: BigInt(NOW),
    },
  );
  return { rawBytes, signatures: [] };
}

const signed = (t: SignedTransaction, ...keys: Uint8Array[]): SignedTransaction => ({
  rawBytes: t.rawBytes,
  signatures: keys.map((k) => signDigest(txIdOf(t.rawBytes), k)),
});

describe('withSignatures', () => {
  it('equals the view built again from the signed transaction, signatures, size and time left included', () => {
    const t = transfer(5n);
    const before = transactionView(t, { now: NOW });
    const after = signed(t, K1, K2);
    expect(withSignatures(before, after, NOW + 30_000)).toEqual(transactionView(after, { now: NOW + 30_000 }));
    // Without a clock the time left stays as it was built.
    expect(withSignatures(before, after).expiration).toEqual(before.expiration);
    expect(withSignatures(before, after).signatures.map((s) => s.signer?.base58)).toEqual(
      [K1, K2].map((k) => transactionView(signed(t, k)).signatures[0]!.signer?.base58),
    );
  });

  it("refuses another transaction's bytes, a non-byte signature and a bad clock, naming the field", () => {
    const view = transactionView(transfer(5n));
    expect(() => withSignatures(view, signed(transfer(6n), K1))).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', details: { field: 'tx' } }));
    expect(() => withSignatures(view, { rawBytes: transfer(5n).rawBytes, signatures: ['00' as unknown as Uint8Array] })).toThrow(
      expect.objectContaining({ details: { field: 'signatures[0]' } }),
    );
    expect(() => withSignatures(view, transfer(5n), 1.5)).toThrow(expect.objectContaining({ details: { field: 'now' } }));
    expect(() => withSignatures(view, null as unknown as SignedTransaction)).toThrow(expect.objectContaining({ details: { field: 'tx' } }));
  });
});
