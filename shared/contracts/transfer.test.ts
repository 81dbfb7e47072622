// Native-coin transfer (TransferContract; PROTOCOL.md §1.5 and the TransferActuator messages at the end
// of §6): each stateless rule with the node's exact message and code, the order of checks, the
// reference vectors (1st and 3rd transactions) byte for byte, and the display shape.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { create } from '@bufbuild/protobuf';
import { TransferContractSchema, type TransferContract } from '../gen/protocol/contract_pb.ts';
import { buildTransfer, describeTransfer, validateTransfer } from './transfer.ts';
import { COIN_DECIMALS } from '../base/amount.ts';
import { addressView, formatUnits } from '../base/display.ts';
import { addressFromHex, addressToBase58 } from '../chain/address.ts';
import { bytesToHex, hexToBytes } from '../base/bytes.ts';
import { AirlockError } from '../base/errors.ts';
import { createTransaction, decodeRaw, type RawFields } from '../chain/transaction.ts';
import { addSignature, privateKeyFromHex } from '../chain/keys.ts';

interface VectorTx {
  description: string;
  contract: { type: string; owner_address: string; to_address: string; amount: number; Permission_id?: number };
  ref_block_bytes: string;
  ref_block_hash: string;
  expiration: number;
  timestamp: number;
  raw_data_hex: string;
  txID: string;
  signatures: string[];
}
const vectors = JSON.parse(readFileSync(new URL('../../test/fixtures/vectors/reference.json', import.meta.url), 'utf8')) as {
  transactions: VectorTx[];
};

const OWNER_HEX = '4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a'; // key 11×32
const TO_HEX = '412bd0c9fe079c8fca0e3352eb3d02839c371e5c41'; // key 21×32
const OWNER = addressFromHex(OWNER_HEX);
const TO = addressFromHex(TO_HEX);

function expectInvalid(f: () => unknown, message: string, field?: string): void {
  let thrown: unknown;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  expect(thrown, `expected "${message}"`).toBeInstanceOf(AirlockError);
  const err = thrown as AirlockError;
  expect({ code: err.code, message: err.message }).toEqual({ code: 'CONTRACT_VALIDATE', message });
  if (field !== undefined) expect(err.details?.field).toBe(field);
}

function transfer(patch: Partial<TransferContract> = {}): TransferContract {
  return Object.assign(create(TransferContractSchema, { ownerAddress: OWNER, toAddress: TO, amount: 1_000_000n }), patch);
}

function rawFieldsOf(v: VectorTx): RawFields {
  return {
    refBlockBytes: hexToBytes(v.ref_block_bytes),
    refBlockHash: hexToBytes(v.ref_block_hash),
    expiration: v.expiration,
    timestamp: v.timestamp,
  };
}

describe('TransferContract validation (TransferActuator, stateless part)', () => {
  it('accepts a valid contract', () => {
    expect(() => validateTransfer(transfer())).not.toThrow();
    expect(() => validateTransfer(transfer({ amount: 1n }))).not.toThrow();
  });
  it('Invalid ownerAddress!', () => {
    expectInvalid(() => validateTransfer(transfer({ ownerAddress: new Uint8Array() })), 'Invalid ownerAddress!', 'owner_address');
    expectInvalid(() => validateTransfer(transfer({ ownerAddress: OWNER.slice(0, 20) })), 'Invalid ownerAddress!', 'owner_address');
    const prefixed = OWNER.slice();
    prefixed[0] = 0xa0;
    expectInvalid(() => validateTransfer(transfer({ ownerAddress: prefixed })), 'Invalid ownerAddress!', 'owner_address');
  });
  it('Invalid toAddress!', () => {
    expectInvalid(() => validateTransfer(transfer({ toAddress: new Uint8Array(22).fill(0x41) })), 'Invalid toAddress!', 'to_address');
  });
  it("Cannot transfer TRX to yourself. (the node's text, kept)", () => {
    expectInvalid(() => validateTransfer(transfer({ toAddress: OWNER.slice() })), 'Cannot transfer TRX to yourself.', 'to_address');
  });
  it('Amount must be greater than 0.', () => {
    expectInvalid(() => validateTransfer(transfer({ amount: 0n })), 'Amount must be greater than 0.', 'amount');
    expectInvalid(() => validateTransfer(transfer({ amount: -1n })), 'Amount must be greater than 0.', 'amount');
  });
  it.each([
    ['owner before to', { ownerAddress: new Uint8Array(), toAddress: new Uint8Array() }, 'Invalid ownerAddress!'],
    ['to before yourself and amount', { toAddress: new Uint8Array(), amount: 0n }, 'Invalid toAddress!'],
    ['yourself before amount (the node checks self-transfer first)', { toAddress: OWNER.slice(), amount: 0n }, 'Cannot transfer TRX to yourself.'],
  ] as [string, Partial<TransferContract>, string][])('order: %s', (_n, patch, message) => {
    expectInvalid(() => validateTransfer(transfer(patch)), message);
  });
  it('rejects what is not a TransferContract message', () => {
    expect(() => validateTransfer({ ownerAddress: OWNER, toAddress: TO, amount: 1n } as unknown as TransferContract)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT' }),
    );
  });
});

describe('buildTransfer', () => {
  it.each([0, 2])('reproduces reference vector #%i byte for byte', (index) => {
    const v = vectors.transactions[index]!;
    expect(v.contract.type).toBe('TransferContract');
    const c = buildTransfer({ owner: v.contract.owner_address, to: addressToBase58(addressFromHex(v.contract.to_address)), amount: v.contract.amount });
    const tx = createTransaction({ type: 'TransferContract', value: c }, rawFieldsOf(v));
    expect(bytesToHex(tx.rawBytes)).toBe(v.raw_data_hex);
    expect(bytesToHex(tx.txId)).toBe(v.txID);
  });

  it("the 3rd vector signed by key 11×32 gives the vector's signature", () => {
    const v = vectors.transactions[2]!;
    const c = buildTransfer({ owner: OWNER, to: TO, amount: 1_000_000n });
    const signed = addSignature(createTransaction({ type: 'TransferContract', value: c }, rawFieldsOf(v)), privateKeyFromHex('11'.repeat(32)));
    expect(signed.signatures.map(bytesToHex)).toEqual(v.signatures);
    const decoded = decodeRaw(signed.rawBytes);
    expect(decoded.contractType).toBe('TransferContract');
    expect(bytesToHex(decoded.ownerAddress)).toBe(OWNER_HEX);
  });

  it('validates what it builds', () => {
    expectInvalid(() => buildTransfer({ owner: OWNER_HEX, to: addressToBase58(OWNER), amount: 1 }), 'Cannot transfer TRX to yourself.');
    expectInvalid(() => buildTransfer({ owner: OWNER, to: TO, amount: 0 }), 'Amount must be greater than 0.');
    expectInvalid(() => buildTransfer({ owner: OWNER.slice(1), to: TO, amount: 1 }), 'Invalid ownerAddress!');
  });

  it('input errors name the function and the field', () => {
    expect(() => buildTransfer({ owner: OWNER, to: TO, amount: 1.5 })).toThrow(/^buildTransfer: amount: expected an integer, got 1.5$/);
    expect(() => buildTransfer({ owner: OWNER, to: TO, amount: 'one' as unknown as number })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', details: { field: 'amount' } }),
    );
    expect(buildTransfer({ owner: OWNER, to: TO, amount: '9007199254740993' as unknown as number }).amount).toBe(9007199254740993n);
    expect(() => buildTransfer({ owner: OWNER, to: TO, amount: 2n ** 63n })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(() => buildTransfer({ owner: 7 as unknown as string, to: TO, amount: 1 })).toThrow(/^buildTransfer: owner: must be an address.*got a number$/);
    expect(() => buildTransfer({ owner: [] as unknown as string, to: TO, amount: 1 })).toThrow(/got a list$/);
    expect(() => buildTransfer({ owner: OWNER, to: TO, amount: new Uint8Array(1) as unknown as number })).toThrow(/got bytes$/);
    expect(() => buildTransfer(null as unknown as Parameters<typeof buildTransfer>[0])).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    let thrown: unknown;
    try {
      buildTransfer({ owner: OWNER, to: 'T-not-an-address', amount: 1 });
    } catch (e) {
      thrown = e;
    }
    expect((thrown as AirlockError).code).toBe('BAD_ADDRESS');
    expect((thrown as AirlockError).message).toMatch(/^buildTransfer: to: /);
  });
});

describe('describeTransfer', () => {
  it('shows both address forms and the amount in smallest units and whole coins', () => {
    const view = describeTransfer(transfer({ amount: 1_500_000n }));
    expect(view).toEqual({
      contract: 'TransferContract',
      owner: { hex: OWNER_HEX, base58: 'TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLQ' },
      to: { hex: TO_HEX, base58: 'TDxtBDwocWMwXV6z1CWXJmT7p8bm14YoLY' },
      amount: '1500000',
      amountCoin: '1.5',
    });
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
  });
  it('shows an invalid address as hex with no Base58', () => {
    expect(describeTransfer(transfer({ toAddress: new Uint8Array([0x41, 1]) })).to).toEqual({ hex: '4101', base58: null });
    expect(addressView(new Uint8Array())).toEqual({ hex: '', base58: null });
  });
});

describe('helpers', () => {
  it('formatUnits writes smallest units with the given decimals, trailing zeros dropped', () => {
    expect(COIN_DECIMALS).toBe(6);
    expect(formatUnits(0n, 6)).toBe('0');
    expect(formatUnits(1n, 6)).toBe('0.000001');
    expect(formatUnits(1_000_000n, 6)).toBe('1');
    expect(formatUnits(1_230_000n, 6)).toBe('1.23');
    expect(formatUnits(-1_500_000n, 6)).toBe('-1.5');
    expect(formatUnits(12345n, 0)).toBe('12345');
    expect(formatUnits(2n ** 63n - 1n, 6)).toBe('9223372036854.775807');
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.integer({ min: 0, max: 18 }), (amount, decimals) => {
        const [whole, frac = ''] = formatUnits(amount, decimals).split('.');
        const sign = whole!.startsWith('-') ? -1n : 1n;
        const back = sign * (BigInt(whole!.replace('-', '')) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0'));
        expect(back).toBe(amount);
      }),
    );
    expect(() => formatUnits(1n, 19)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(() => formatUnits(1 as unknown as bigint, 6)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });
});
