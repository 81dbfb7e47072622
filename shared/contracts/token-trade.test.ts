// Token participation and transfer (spec §4.6-4.7; PROTOCOL.md §6.2-6.3): the stateless validation
// rules of ParticipateAssetIssueContract and TransferAssetContract with the node's exact message and
// code, the participation exchange rate (§6.2 rule 9), their builders (the reference TransferAsset
// vector byte for byte), and the display shapes the UI and CLI show for all three token contracts.
// Shared fixtures: test/helpers/token-helpers.ts.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { create } from '@bufbuild/protobuf';
import {
  ParticipateAssetIssueContractSchema,
  TransferAssetContractSchema,
  type ParticipateAssetIssueContract,
  type TransferAssetContract,
} from '../gen/protocol/contract_pb.ts';
import {
  buildAssetIssue,
  buildParticipate,
  buildTransferAsset,
  describeAssetIssue,
  describeParticipate,
  describeTransferAsset,
  participateExchange,
  validateParticipate,
  validateTransferAsset,
} from './token.ts';
import { addressToBase58 } from '../chain/address.ts';
import { textView } from '../base/display.ts';
import { bytesToHex, hexToBytes, utf8ToBytes } from '../base/bytes.ts';
import { createTransaction } from '../chain/transaction.ts';
import { OWNER_HEX, TO_HEX, OWNER, TO, vectors, rawFieldsOf, expectError, expectInvalid, baseInput, issue } from '../../test/helpers/token-helpers.ts';

// ---------------------------------------------------------------------------------------------

function participate(patch: Partial<ParticipateAssetIssueContract> = {}): ParticipateAssetIssueContract {
  return Object.assign(
    create(ParticipateAssetIssueContractSchema, { ownerAddress: OWNER, toAddress: TO, assetName: utf8ToBytes('1000001'), amount: 1_000_000n }),
    patch,
  );
}

describe('ParticipateAssetIssueContract validation (PROTOCOL.md §6.2, stateless part)', () => {
  it('accepts a valid contract', () => {
    expect(() => validateParticipate(participate())).not.toThrow();
  });
  it('Invalid ownerAddress', () => {
    expectInvalid(() => validateParticipate(participate({ ownerAddress: OWNER.slice(0, 20) })), 'Invalid ownerAddress', 'owner_address');
  });
  it('Invalid toAddress', () => {
    expectInvalid(() => validateParticipate(participate({ toAddress: new Uint8Array() })), 'Invalid toAddress', 'to_address');
  });
  it('Amount must greater than 0!', () => {
    expectInvalid(() => validateParticipate(participate({ amount: 0n })), 'Amount must greater than 0!', 'amount');
    expectInvalid(() => validateParticipate(participate({ amount: -1n })), 'Amount must greater than 0!', 'amount');
    expect(() => validateParticipate(participate({ amount: 1n }))).not.toThrow();
  });
  it('Cannot participate asset Issue yourself !', () => {
    expectInvalid(() => validateParticipate(participate({ toAddress: OWNER.slice() })), 'Cannot participate asset Issue yourself !', 'to_address');
  });
  it('asset_name must be a token id: CONTRACT_VALIDATE with the node\'s "No asset named <name>"', () => {
    const err = expectInvalid(() => validateParticipate(participate({ assetName: utf8ToBytes('AIRLOCK') })), 'No asset named AIRLOCK', 'asset_name');
    expect(String(err.details?.reason)).toMatch(/token id/);
    expectInvalid(() => validateParticipate(participate({ assetName: new Uint8Array() })), 'No asset named ', 'asset_name');
    expectInvalid(() => validateParticipate(participate({ assetName: utf8ToBytes('01000001') })), 'No asset named 01000001', 'asset_name');
  });
  it.each([
    ['owner before to', { ownerAddress: new Uint8Array(), toAddress: new Uint8Array() }, 'Invalid ownerAddress'],
    ['to before amount', { toAddress: new Uint8Array(), amount: 0n }, 'Invalid toAddress'],
    ['amount before yourself', { toAddress: OWNER.slice(), amount: 0n }, 'Amount must greater than 0!'],
    ['yourself before asset_name', { toAddress: OWNER.slice(), assetName: utf8ToBytes('x') }, 'Cannot participate asset Issue yourself !'],
  ] as [string, Partial<ParticipateAssetIssueContract>, string][])('order: %s', (_n, patch, message) => {
    expectInvalid(() => validateParticipate(participate(patch)), message);
  });
});

describe('buildParticipate (spec §4.6)', () => {
  it('puts the issuer in to_address and the token id in asset_name', () => {
    const c = buildParticipate({ owner: addressToBase58(OWNER), issuer: TO_HEX, tokenId: 1000001, amount: 5_000_000 });
    expect(bytesToHex(c.ownerAddress)).toBe(OWNER_HEX);
    expect(bytesToHex(c.toAddress)).toBe(TO_HEX);
    expect(bytesToHex(c.assetName)).toBe('31303030303031');
    expect(c.amount).toBe(5_000_000n);
  });
  it('validates what it builds', () => {
    expectInvalid(() => buildParticipate({ owner: OWNER, issuer: OWNER, tokenId: '1000001', amount: 1 }), 'Cannot participate asset Issue yourself !');
    expectInvalid(() => buildParticipate({ owner: OWNER, issuer: TO, tokenId: '1000001', amount: 0 }), 'Amount must greater than 0!');
    expectError(
      () => buildParticipate({ owner: OWNER, issuer: TO, tokenId: 'AIR', amount: 1 }),
      'INVALID_INPUT',
      'buildParticipate: tokenId: "AIR" is not a token id (decimal digits such as 1000001; no sign, spaces or leading zeros)',
    );
    expect(() => buildParticipate({ owner: OWNER, issuer: TO, tokenId: '1000001', amount: 1.5 })).toThrow(
      /^buildParticipate: amount: expected an integer, got 1.5$/,
    );
  });
});

describe('participateExchange (PROTOCOL.md §6.2 rule 9)', () => {
  it('is floor(amount × num / coin_num)', () => {
    expect(participateExchange(100n, 3, 7)).toBe(42n);
    expect(participateExchange(7n, 1, 7)).toBe(1n);
    expect(participateExchange(13n, 1n, 7n)).toBe(1n);
    expect(participateExchange(1_000_000n, 10, 1_000_000)).toBe(10n);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 2n ** 31n }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (amount, num, coinNum) => {
          const product = amount * BigInt(num);
          fc.pre(product >= BigInt(coinNum));
          const q = participateExchange(amount, num, coinNum);
          expect(q * BigInt(coinNum) <= product).toBe(true);
          expect((q + 1n) * BigInt(coinNum) > product).toBe(true);
        },
      ),
    );
  });
  it('a result of 0 or less is "Can not process the exchange!"', () => {
    expectInvalid(() => participateExchange(1n, 1, 2), 'Can not process the exchange!');
    expectInvalid(() => participateExchange(6n, 1, 7), 'Can not process the exchange!');
    expectInvalid(() => participateExchange(0n, 1, 1), 'Can not process the exchange!');
    // floor, not truncation: -7 / 2 is -4; either way it is refused.
    expectInvalid(() => participateExchange(-7n, 1, 2), 'Can not process the exchange!');
  });
  it('an int64 overflow of the product is "long overflow"', () => {
    expectInvalid(() => participateExchange(2n ** 62n, 2, 1), 'long overflow');
    expectInvalid(() => participateExchange(2n ** 62n, 2, 3), 'long overflow');
    expectInvalid(() => participateExchange(-(2n ** 62n), 3, 1), 'long overflow');
    expectInvalid(() => participateExchange(-(2n ** 62n), 2, 1), 'Can not process the exchange!');
    expect(participateExchange(2n ** 63n - 1n, 1, 1)).toBe(2n ** 63n - 1n);
    expect(participateExchange(2n ** 62n - 1n, 2, 1)).toBe(2n ** 63n - 2n);
  });
  it('coin_num 0 is the node\'s "/ by zero"', () => {
    expectInvalid(() => participateExchange(1n, 1, 0), '/ by zero');
  });
});

// ---------------------------------------------------------------------------------------------

function transferAsset(patch: Partial<TransferAssetContract> = {}): TransferAssetContract {
  return Object.assign(create(TransferAssetContractSchema, { assetName: utf8ToBytes('1000001'), ownerAddress: OWNER, toAddress: TO, amount: 100n }), patch);
}

describe('TransferAssetContract validation (PROTOCOL.md §6.3, stateless part)', () => {
  it('accepts a valid contract', () => {
    expect(() => validateTransferAsset(transferAsset())).not.toThrow();
  });
  it('Invalid ownerAddress', () => {
    expectInvalid(() => validateTransferAsset(transferAsset({ ownerAddress: new Uint8Array(22) })), 'Invalid ownerAddress', 'owner_address');
  });
  it('Invalid toAddress', () => {
    const to = TO.slice();
    to[0] = 0x42;
    expectInvalid(() => validateTransferAsset(transferAsset({ toAddress: to })), 'Invalid toAddress', 'to_address');
  });
  it('Amount must be greater than 0.', () => {
    expectInvalid(() => validateTransferAsset(transferAsset({ amount: 0n })), 'Amount must be greater than 0.', 'amount');
    expectInvalid(() => validateTransferAsset(transferAsset({ amount: -100n })), 'Amount must be greater than 0.', 'amount');
  });
  it('Cannot transfer asset to yourself.', () => {
    expectInvalid(() => validateTransferAsset(transferAsset({ toAddress: OWNER.slice() })), 'Cannot transfer asset to yourself.', 'to_address');
  });
  it('asset_name must be a token id: CONTRACT_VALIDATE with the node\'s "No asset!"', () => {
    const err = expectInvalid(() => validateTransferAsset(transferAsset({ assetName: utf8ToBytes('AIRLOCK') })), 'No asset!', 'asset_name');
    expect(String(err.details?.reason)).toMatch(/31303030303031/);
    expectInvalid(() => validateTransferAsset(transferAsset({ assetName: new Uint8Array() })), 'No asset!', 'asset_name');
    expectInvalid(() => validateTransferAsset(transferAsset({ assetName: utf8ToBytes('999999') })), 'No asset!', 'asset_name');
  });
  it.each([
    ['owner before to', { ownerAddress: new Uint8Array(), toAddress: new Uint8Array() }, 'Invalid ownerAddress'],
    ['to before amount', { toAddress: new Uint8Array(), amount: 0n }, 'Invalid toAddress'],
    ['amount before yourself', { toAddress: OWNER.slice(), amount: 0n }, 'Amount must be greater than 0.'],
    ['yourself before asset_name', { toAddress: OWNER.slice(), assetName: new Uint8Array() }, 'Cannot transfer asset to yourself.'],
  ] as [string, Partial<TransferAssetContract>, string][])('order: %s', (_n, patch, message) => {
    expectInvalid(() => validateTransferAsset(transferAsset(patch)), message);
  });
});

describe('buildTransferAsset (spec §4.7)', () => {
  it('reproduces the reference vector byte for byte (2nd transaction: token 1000001, Permission_id 2)', () => {
    const v = vectors.transactions[1]!;
    expect(v.contract.type).toBe('TransferAssetContract');
    const c = buildTransferAsset({ owner: OWNER_HEX, to: addressToBase58(TO), tokenId: '1000001', amount: 100 });
    const tx = createTransaction({ type: 'TransferAssetContract', value: c, permissionId: 2 }, rawFieldsOf(v));
    expect(bytesToHex(tx.rawBytes)).toBe(v.raw_data_hex);
    expect(bytesToHex(tx.txId)).toBe(v.txID);
    expect(bytesToHex(c.assetName)).toBe(v.contract.asset_name);
  });
  it('validates what it builds', () => {
    expectInvalid(() => buildTransferAsset({ owner: OWNER, to: OWNER_HEX, tokenId: 1000001n, amount: 1n }), 'Cannot transfer asset to yourself.');
    expectInvalid(() => buildTransferAsset({ owner: OWNER, to: TO, tokenId: 1000001n, amount: -1n }), 'Amount must be greater than 0.');
    expectError(() => buildTransferAsset({ owner: OWNER, to: TO, tokenId: '', amount: 1n }), 'INVALID_INPUT', 'buildTransferAsset: tokenId: empty', 'tokenId');
    expect(() => buildTransferAsset({ owner: OWNER, to: TO, tokenId: 1000001, amount: 2n ** 63n })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(() => buildTransferAsset(undefined as unknown as Parameters<typeof buildTransferAsset>[0])).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT' }),
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('display shapes for the UI and CLI', () => {
  it('describeAssetIssue shows every field, JSON-able', () => {
    const c = buildAssetIssue({ ...baseInput(), startTime: 1_704_067_200_000n, endTime: 1_735_689_600_000n, cdedSupply: [{ amount: 1000, days: 2 }] });
    const view = describeAssetIssue(c);
    expect(view).toEqual({
      contract: 'AssetIssueContract',
      owner: { hex: OWNER_HEX, base58: 'TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLQ' },
      id: '',
      name: { text: 'AIRLOCK', escaped: false, hex: bytesToHex(utf8ToBytes('AIRLOCK')) },
      abbr: { text: 'AIR', escaped: false, hex: '414952' },
      description: { text: 'A test token', escaped: false, hex: bytesToHex(utf8ToBytes('A test token')) },
      url: { text: 'https://example.com', escaped: false, hex: bytesToHex(utf8ToBytes('https://example.com')) },
      precision: 6,
      totalSupply: '1000000000',
      totalSupplyTokens: '1000',
      coinNum: 1_000_000,
      num: 10,
      startTime: { ms: '1704067200000', iso: '2024-01-01T00:00:00.000Z' },
      endTime: { ms: '1735689600000', iso: '2025-01-01T00:00:00.000Z' },
      freeAssetNetLimit: '1000',
      publicFreeAssetNetLimit: '10000',
      publicFreeAssetNetUsage: '0',
      publicLatestFreeNetTime: '0',
      order: '0',
      voteScore: 0,
      cdedSupply: [{ amount: '1000', days: '2', releasedAt: { ms: '1704240000000', iso: '2024-01-03T00:00:00.000Z' } }],
    });
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
  });

  it('escapes text a signer could misread (controls, bidi overrides, zero-width), null for bad UTF-8', () => {
    expect(textView(utf8ToBytes('plain text'))).toEqual({ text: 'plain text', escaped: false, hex: bytesToHex(utf8ToBytes('plain text')) });
    expect(textView(utf8ToBytes('Ünïcödé ok'))).toMatchObject({ text: 'Ünïcödé ok', escaped: false });
    const cases: [string, string][] = [
      ['evil\u202egnp.exe', 'evil\\u{202E}gnp.exe'],
      ['zero\u200bwidth', 'zero\\u{200B}width'],
      ['line\nbreak', 'line\\u{A}break'],
      ['nul\u0000', 'nul\\u{0}'],
    ];
    for (const [bad, shown] of cases) {
      expect(textView(utf8ToBytes(bad))).toEqual({ text: shown, escaped: true, hex: bytesToHex(utf8ToBytes(bad)) });
    }
    expect(textView(hexToBytes('ff41'))).toEqual({ text: null, escaped: false, hex: 'ff41' });
    const c = issue({ description: utf8ToBytes('a\u202eb') });
    expect(describeAssetIssue(c).description).toMatchObject({ text: 'a\\u{202E}b', escaped: true });
    expect(describeAssetIssue(issue({ precision: 9 })).totalSupplyTokens).toBeNull();
    expect(describeAssetIssue(issue({ startTime: 0n })).startTime).toEqual({ ms: '0', iso: null });
  });

  it('describeParticipate and describeTransferAsset', () => {
    expect(describeParticipate(participate({ amount: 1_500_000n }))).toEqual({
      contract: 'ParticipateAssetIssueContract',
      owner: { hex: OWNER_HEX, base58: 'TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLQ' },
      issuer: { hex: TO_HEX, base58: 'TDxtBDwocWMwXV6z1CWXJmT7p8bm14YoLY' },
      tokenId: '1000001',
      assetName: { text: '1000001', escaped: false, hex: '31303030303031' },
      amount: '1500000',
      amountCoin: '1.5',
    });
    expect(describeTransferAsset(transferAsset())).toEqual({
      contract: 'TransferAssetContract',
      owner: { hex: OWNER_HEX, base58: 'TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLQ' },
      to: { hex: TO_HEX, base58: 'TDxtBDwocWMwXV6z1CWXJmT7p8bm14YoLY' },
      tokenId: '1000001',
      assetName: { text: '1000001', escaped: false, hex: '31303030303031' },
      amount: '100',
    });
    const odd = describeTransferAsset(transferAsset({ assetName: utf8ToBytes('AIR'), toAddress: new Uint8Array([1, 2]) }));
    expect(odd.tokenId).toBeNull();
    expect(odd.assetName).toEqual({ text: 'AIR', escaped: false, hex: '414952' });
    expect(odd.to).toEqual({ hex: '0102', base58: null });
    expect(() => describeTransferAsset(participate() as unknown as TransferAssetContract)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });
});
