// The JSON-safe views of shared/views/view.ts (docs/decisions.md §6 part 3): every result of transactionView,
// permissionView and approvalView, for every contract type, holds only JSON types (no bigint, no
// bytes, no protobuf message, no undefined) and survives a JSON round trip unchanged; token
// amounts take the token's precision when metadata is given; expiry is judged against `now`; names
// are escaped; more signatures than a permission can hold are refused before any is recovered.
import { describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { KeySchema, PermissionSchema, PermissionType } from '../gen/protocol/core_pb.ts';
import { AccountPermissionUpdateContractSchema } from '../gen/protocol/contract_pb.ts';
import { addressOfPrivateKey, privateKeyFromHex, signDigest } from '../chain/keys.ts';
import { createTransaction, txIdOf, type ContractCall, type SignedTransaction } from '../chain/transaction.ts';
import { buildTransfer } from '../contracts/transfer.ts';
import { buildAssetIssue, buildParticipate, buildTransferAsset } from '../contracts/token.ts';
import { encodeOperations } from '../chain/operations.ts';
import { approvalView, permissionView, transactionView } from './view.ts';
import type { AccountPermissions } from '../approval/authorization.ts';

const K1 = privateKeyFromHex('11'.repeat(32));
const K2 = privateKeyFromHex('12'.repeat(32));
const K3 = privateKeyFromHex('13'.repeat(32));
const A1 = addressOfPrivateKey(K1);
const A2 = addressOfPrivateKey(K2);
const A3 = addressOfPrivateKey(K3);
const NOW = 1_800_000_000_000;
const FIELDS = {
  refBlockBytes: Uint8Array.of(0xd8, 0xed),
  refBlockHash: Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8),
  expiration: BigInt(NOW + 60_000),
  timestamp: BigInt(NOW),
};

function tx(call: ContractCall, data?: Uint8Array): SignedTransaction {
  const { rawBytes } = createTransaction(call, { ...FIELDS, ...(data ? { data } : {}) });
  return { rawBytes, signatures: [] };
}

function signedBy(t: SignedTransaction, ...keys: Uint8Array[]): SignedTransaction {
  return { rawBytes: t.rawBytes, signatures: keys.map((k) => signDigest(txIdOf(t.rawBytes), k)) };
}

const key = (address: Uint8Array, weight: bigint) => create(KeySchema, { address, weight });

const OWNER_2_OF_3 = create(PermissionSchema, {
  type: PermissionType.Owner,
  id: 0,
  permissionName: 'ops\u202Eowner',
  threshold: 2n,
  keys: [key(A1, 1n), key(A2, 1n), key(A3, 1n)],
});
const ACTIVE = create(PermissionSchema, {
  type: PermissionType.Active,
  id: 2,
  permissionName: 'active',
  threshold: 1n,
  operations: encodeOperations(['TransferContract', 'TransferAssetContract']),
  keys: [key(A1, 1n)],
});
const ACCOUNT: AccountPermissions = { address: A1, owner: OWNER_2_OF_3, actives: [ACTIVE] };

const TRANSACTIONS: Record<string, SignedTransaction> = {
  transfer: signedBy(
    tx({ type: 'TransferContract', value: buildTransfer({ owner: A1, to: A2, amount: 1_500_000 }) }, new TextEncoder().encode('memo\u202E')),
    K1,
  ),
  transferAsset: signedBy(
    tx({ type: 'TransferAssetContract', value: buildTransferAsset({ owner: A1, to: A2, tokenId: '1000001', amount: 1234 }), permissionId: 2 }),
    K1,
  ),
  participate: tx({ type: 'ParticipateAssetIssueContract', value: buildParticipate({ owner: A1, issuer: A2, tokenId: 1000002, amount: 3_000_000 }) }),
  assetIssue: tx({
    type: 'AssetIssueContract',
    value: buildAssetIssue({
      owner: A1,
      name: 'AIR',
      abbr: 'A',
      totalSupply: 10n ** 12n,
      precision: 6,
      coinNum: 1,
      num: 1,
      startTime: NOW + 100_000,
      endTime: NOW + 200_000,
      url: 'https://example.com',
      cdedSupply: [{ amount: 5, days: 2 }],
    }),
  }),
  permissionUpdate: signedBy(
    tx({
      type: 'AccountPermissionUpdateContract',
      value: create(AccountPermissionUpdateContractSchema, { ownerAddress: A1, owner: OWNER_2_OF_3, actives: [ACTIVE] }),
    }),
    K1,
    K3,
  ),
};

/** Walks a value and returns the paths of anything that is not a JSON type. */
function nonJson(value: unknown, path = '$'): string[] {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return [];
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [`${path}: non-finite number`];
  if (Array.isArray(value)) return value.flatMap((v, i) => nonJson(v, `${path}[${i}]`));
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype) return [`${path}: ${value.constructor?.name ?? 'null-prototype'} object`];
    if ('$typeName' in value) return [`${path}: protobuf message`];
    return Object.entries(value).flatMap(([k, v]) => nonJson(v, `${path}.${k}`));
  }
  return [`${path}: ${typeof value}`];
}

function expectJsonSafe(view: unknown): void {
  expect(nonJson(view)).toEqual([]);
  expect(JSON.parse(JSON.stringify(view))).toEqual(view);
}

describe('every view result is plain JSON and round-trips unchanged', () => {
  for (const [name, t] of Object.entries(TRANSACTIONS)) {
    it(`transactionView: ${name}`, () => {
      expectJsonSafe(
        transactionView(t, {
          now: NOW,
          tokens: { 1000001: { precision: 2, name: 'Air\u2066Lock', abbr: 'AIR' }, 1000002: { precision: 0, num: 2, coinNum: 1_000_000 } },
        }),
      );
      expectJsonSafe(transactionView(t));
    });
    it(`approvalView: ${name}`, () => {
      expectJsonSafe(approvalView(t, ACCOUNT));
      expectJsonSafe(approvalView(t, undefined));
    });
  }
  it('permissionView', () => {
    expectJsonSafe(permissionView(OWNER_2_OF_3));
    expectJsonSafe(permissionView(ACTIVE));
  });
  it('the walker catches what it must (a bigint, bytes, a message, undefined)', () => {
    expect(nonJson({ a: 1n })).toEqual(['$.a: bigint']);
    expect(nonJson({ b: new Uint8Array(1) })).toEqual(['$.b: Uint8Array object']);
    expect(nonJson({ c: OWNER_2_OF_3 })).toEqual(['$.c: protobuf message']);
    expect(nonJson({ d: undefined })).toEqual(['$.d: undefined']);
  });
});

describe('transactionView: decoded from the bytes, in plain words', () => {
  it('a transfer: kind, title, summary, amounts, times, expiry against now, memo escaped, signer', () => {
    const v = transactionView(TRANSACTIONS.transfer!, { now: NOW });
    expect(v).toMatchObject({
      kind: 'TransferContract',
      kindId: 1,
      title: 'Transfer',
      summary: 'Send 1.5 TRX from TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLQ to TCZ8JGYoFqNhzttNHDz8bnJGjzM7q7Cdeg',
      permissionId: 0,
      contract: { contract: 'TransferContract', amount: '1500000', amountCoin: '1.5' },
      refBlock: { bytes: 'd8ed', hash: '0102030405060708' },
      timestamp: { ms: String(NOW), iso: new Date(NOW).toISOString() },
      expiration: { ms: String(NOW + 60_000), expired: false, msLeft: '60000' },
      memo: { text: 'memo\\u{202E}', escaped: true },
      feeLimit: '0',
    });
    expect(v.signatures).toEqual([{ index: 0, signer: { hex: v.owner.hex, base58: 'TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLQ' }, error: null }]);
    expect(transactionView(TRANSACTIONS.transfer!, { now: NOW + 60_000 }).expiration).toMatchObject({ expired: true, msLeft: '0' });
    expect(transactionView(TRANSACTIONS.transfer!).expiration).toMatchObject({ expired: null, msLeft: null });
  });

  it("a token transfer takes the token's precision and escaped name from metadata, and says when there is none", () => {
    const withToken = transactionView(TRANSACTIONS.transferAsset!, { tokens: { 1000001: { precision: 2, name: 'Air\u2066Lock' } } });
    expect(withToken.contract).toMatchObject({
      tokenId: '1000001',
      amount: '1234',
      amountTokens: '12.34',
      token: { id: '1000001', precision: 2, name: 'Air\\u{2066}Lock', abbr: null },
    });
    expect(withToken.summary).toContain('12.34 Air\\u{2066}Lock (token 1000001)');
    const bare = transactionView(TRANSACTIONS.transferAsset!);
    expect(bare.contract).toMatchObject({ amountTokens: null, token: null });
    expect(bare.summary).toContain('1234 smallest units of token 1000001');
  });

  it('a token purchase shows the tokens bought when the price is known', () => {
    const v = transactionView(TRANSACTIONS.participate!, { tokens: { 1000002: { precision: 0, num: 2, coinNum: 1_000_000 } } });
    expect(v.contract).toMatchObject({ tokenId: '1000002', amountCoin: '3', tokensBought: '6' });
  });

  it('a permission update shows each permission, names escaped', () => {
    const v = transactionView(TRANSACTIONS.permissionUpdate!);
    expect(v.title).toBe('Permission update');
    expect(v.contract).toMatchObject({
      contract: 'AccountPermissionUpdateContract',
      ownerPermission: { type: 'Owner', name: 'ops\\u{202E}owner', nameEscaped: true, threshold: '2' },
      executive: null,
      actives: [{ type: 'Active', id: 2, operations: { names: ['TransferContract', 'TransferAssetContract'], unknown: [] } }],
    });
    expect(v.summary).toBe('Replace the permissions of TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLQ: owner needs 2 of 3 key(s), 1 active permission(s)');
  });

  it('more signatures than any permission can hold are refused before any is recovered', () => {
    const t = TRANSACTIONS.transfer!;
    const six = { rawBytes: t.rawBytes, signatures: Array.from({ length: 6 }, () => new Uint8Array(65)) };
    expect(() => transactionView(six)).toThrow(
      expect.objectContaining({ code: 'PERMISSION', message: 'too many signatures', details: { field: 'signature', count: 6, max: 5 } }),
    );
    expect(approvalView(six, ACCOUNT).result).toEqual({ code: 'PERMISSION_ERROR', message: 'Signature count is 6 more than key counts of permission : 3' });
  });

  it('a bad argument is INVALID_INPUT naming it', () => {
    expect(() => transactionView(null as unknown as SignedTransaction)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', details: { field: 'tx' } }));
    expect(() => transactionView(TRANSACTIONS.transferAsset!, { tokens: { 1000001: { precision: 9 } } })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', details: { field: 'tokens.1000001.precision' } }),
    );
  });
});

describe('approvalView on a 2-of-3 owner', () => {
  it('one of three signed: weight 1, missing 1, two keys could complete it', () => {
    const v = approvalView(signedBy(TRANSACTIONS.permissionUpdate!, K2), ACCOUNT);
    expect(v).toMatchObject({
      result: { code: 'NOT_ENOUGH_PERMISSION', message: null },
      threshold: '2',
      weight: '1',
      missing: '1',
      enough: false,
      canComplete: true,
    });
    expect(v.signers.map((s) => s.address.base58)).toEqual(['TCZ8JGYoFqNhzttNHDz8bnJGjzM7q7Cdeg']);
    expect(v.canStillSign).toHaveLength(2);
    expect(v.permission?.name).toBe('ops\\u{202E}owner');
  });

  it('two of three: enough', () => {
    expect(approvalView(TRANSACTIONS.permissionUpdate!, ACCOUNT)).toMatchObject({ enough: true, missing: '0', weight: '2' });
  });
});
