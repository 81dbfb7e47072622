// Token issue (spec §2.6, §4.5; PROTOCOL.md §6.1): the token-id constants and the id ⇄ asset_name
// rule, one test per AssetIssueContract validation rule with the node's exact message and code,
// order-of-checks tests where two rules could fire, the boundaries of every limit, and round trips
// through the transaction encoder and the node's JSON. Shared fixtures: test/helpers/token-helpers.ts.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clone, create, equals } from '@bufbuild/protobuf';
import { AssetIssueContractSchema, TransferAssetContractSchema, type AssetIssueContract } from '../gen/protocol/contract_pb.ts';
import {
  assetNameToTokenId,
  buildAssetIssue,
  FIRST_TOKEN_ID,
  isTokenIdAssetName,
  tokenIdToAssetName,
  validateAssetIssue,
  type AssetIssueInput,
} from './token.ts';
import { addressToBase58 } from '../chain/address.ts';
import { bytesToHex, hexToBytes, utf8ToBytes } from '../base/bytes.ts';
import { createTransaction, decodeRaw, transactionToNodeJson } from '../chain/transaction.ts';
import {
  MAX_CDED_SUPPLY_ENTRIES,
  MAX_DESCRIPTION_BYTES,
  MAX_TOKEN_NAME_BYTES,
  MAX_URL_BYTES,
  MAX_CDED_DAYS,
  MAX_PRECISION,
  MIN_CDED_DAYS,
  ONE_DAY_NET_LIMIT,
} from '../base/limits.ts';
import {
  OWNER_HEX,
  OWNER,
  HEAD,
  vectors,
  rawFieldsOf,
  expectError,
  expectInvalid,
  baseInput,
  issue,
  cded,
  bytesOf,
  ok,
  check,
} from '../../test/helpers/token-helpers.ts';

// ---------------------------------------------------------------------------------------------

describe('constants (PROTOCOL.md §6, §10)', () => {
  it('match the reference node', () => {
    expect([MAX_TOKEN_NAME_BYTES, MAX_URL_BYTES, MAX_DESCRIPTION_BYTES, MAX_CDED_SUPPLY_ENTRIES]).toEqual([32, 256, 200, 10]);
    expect([MIN_CDED_DAYS, MAX_CDED_DAYS, MAX_PRECISION, FIRST_TOKEN_ID]).toEqual([1, 3652, 6, 1000001]);
    expect(ONE_DAY_NET_LIMIT).toBe(57_600_000_000n);
  });
});

describe('token id ⇄ asset_name (spec §4.7: token id number as a hex string)', () => {
  it('encodes the decimal text as UTF-8: 1000001 → 31303030303031', () => {
    for (const id of ['1000001', 1000001, 1000001n]) expect(bytesToHex(tokenIdToAssetName(id))).toBe('31303030303031');
    expect(bytesToHex(tokenIdToAssetName('9223372036854775807'))).toBe(bytesToHex(utf8ToBytes('9223372036854775807')));
  });

  it('decodes back', () => {
    expect(assetNameToTokenId(hexToBytes('31303030303031'))).toBe('1000001');
    fc.assert(
      fc.property(fc.bigInt({ min: BigInt(FIRST_TOKEN_ID), max: 2n ** 63n - 1n }), (id) => {
        expect(assetNameToTokenId(tokenIdToAssetName(id))).toBe(id.toString());
      }),
    );
  });

  it.each([
    ['', 'token id: empty'],
    ['-1000001', 'token id: "-1000001" is not a token id (decimal digits such as 1000001; no sign, spaces or leading zeros)'],
    ['+1000001', 'token id: "+1000001" is not a token id (decimal digits such as 1000001; no sign, spaces or leading zeros)'],
    ['01000001', 'token id: "010000…" is not a token id (decimal digits such as 1000001; no sign, spaces or leading zeros)'],
    [' 1000001', 'token id: " 1000001" is not a token id (decimal digits such as 1000001; no sign, spaces or leading zeros)'],
    ['1000001.0', 'token id: "1000001.0" is not a token id (decimal digits such as 1000001; no sign, spaces or leading zeros)'],
    ['1e6', 'token id: "1e6" is not a token id (decimal digits such as 1000001; no sign, spaces or leading zeros)'],
    ['0x0f4241', 'token id: "0x0f4241" is not a token id (decimal digits such as 1000001; no sign, spaces or leading zeros)'],
    ['TOKEN', 'token id: "TOKEN" is not a token id (decimal digits such as 1000001; no sign, spaces or leading zeros)'],
    ['1000000', 'token id: 1000000 is below 1000001, the first token id'],
    ['9223372036854775808', 'token id: "922337…" is larger than any token id (int64)'],
  ])('rejects %j', (id, message) => {
    expectError(() => tokenIdToAssetName(id), 'INVALID_INPUT', message);
  });

  it('rejects numbers that are not whole, safe and positive, and other kinds', () => {
    expectError(() => tokenIdToAssetName(1000001.5), 'INVALID_INPUT', 'token id: 1000001.5 is not a whole number that can be read exactly');
    expectError(
      () => tokenIdToAssetName(-1000001),
      'INVALID_INPUT',
      'token id: "-1000001" is not a token id (decimal digits such as 1000001; no sign, spaces or leading zeros)',
    );
    expectError(() => tokenIdToAssetName(Number.NaN), 'INVALID_INPUT', 'token id: NaN is not a whole number that can be read exactly');
    expectError(
      () => tokenIdToAssetName(-5n),
      'INVALID_INPUT',
      'token id: "-5" is not a token id (decimal digits such as 1000001; no sign, spaces or leading zeros)',
    );
    expectError(
      () => tokenIdToAssetName(null as unknown as string),
      'INVALID_INPUT',
      'token id: must be a token id (decimal text, a whole number or a bigint), got null',
    );
  });

  it('assetNameToTokenId rejects bytes that are not a token id', () => {
    expectError(
      () => assetNameToTokenId(utf8ToBytes('AIR')),
      'INVALID_INPUT',
      'asset_name: bytes 414952 are not a token id (the decimal text of an id such as 1000001)',
      'asset_name',
    );
    expectError(() => assetNameToTokenId(new Uint8Array()), 'INVALID_INPUT', 'asset_name: empty');
    expectError(
      () => assetNameToTokenId(hexToBytes('31ff')),
      'INVALID_INPUT',
      'asset_name: bytes 31ff are not a token id (the decimal text of an id such as 1000001)',
    );
    expect(() => assetNameToTokenId('1000001' as unknown as Uint8Array)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(isTokenIdAssetName(utf8ToBytes('1000001'))).toBe(true);
    expect(isTokenIdAssetName(utf8ToBytes('1000001 '))).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------

describe('AssetIssueContract validation (PROTOCOL.md §6.1)', () => {
  it('accepts the base contract', () => {
    ok(issue());
  });

  it('rule 2: Invalid ownerAddress (21 bytes starting 0x41)', () => {
    expectInvalid(check(issue({ ownerAddress: OWNER.slice(0, 20) })), 'Invalid ownerAddress', 'owner_address');
    const wrongPrefix = OWNER.slice();
    wrongPrefix[0] = 0xa0;
    expectInvalid(check(issue({ ownerAddress: wrongPrefix })), 'Invalid ownerAddress', 'owner_address');
    expectInvalid(check(issue({ ownerAddress: new Uint8Array() })), 'Invalid ownerAddress', 'owner_address');
  });

  describe('rule 3: Invalid assetName', () => {
    it('rejects empty, 33 bytes, and bytes outside 0x21..0x7E', () => {
      expectInvalid(check(issue({ name: new Uint8Array() })), 'Invalid assetName', 'name');
      expectInvalid(check(issue({ name: bytesOf(33, 0x41) })), 'Invalid assetName', 'name');
      for (const bad of [0x20, 0x7f, 0x80, 0x00, 0xff]) {
        expectInvalid(check(issue({ name: new Uint8Array([0x41, bad, 0x42]) })), 'Invalid assetName', 'name');
      }
      expectInvalid(check(issue({ name: utf8ToBytes('Air Token') })), 'Invalid assetName', 'name');
      expectInvalid(check(issue({ name: utf8ToBytes('Ŧoken') })), 'Invalid assetName', 'name');
    });
    it('accepts 32 bytes and the edge bytes 0x21 and 0x7E', () => {
      ok(issue({ name: bytesOf(32, 0x41) }));
      ok(issue({ name: new Uint8Array([0x21, 0x7e]) }));
      ok(issue({ name: new Uint8Array([0x21]) }));
    });
  });

  it("rule 4: assetName can't be trx (any case)", () => {
    for (const name of ['trx', 'TRX', 'TrX']) expectInvalid(check(issue({ name: utf8ToBytes(name) })), "assetName can't be trx", 'name');
    ok(issue({ name: utf8ToBytes('trx1') }));
    ok(issue({ name: utf8ToBytes('tr') }));
  });

  it('rule 5: precision cannot exceed 6 (0..6 allowed)', () => {
    expectInvalid(check(issue({ precision: 7 })), 'precision cannot exceed 6', 'precision');
    expectInvalid(check(issue({ precision: -1 })), 'precision cannot exceed 6', 'precision');
    ok(issue({ precision: 6 }));
    ok(issue({ precision: 0 }));
  });

  it('rule 6: Invalid abbreviation for token (checked only when not empty)', () => {
    ok(issue({ abbr: new Uint8Array() }));
    ok(issue({ abbr: bytesOf(32, 0x7e) }));
    expectInvalid(check(issue({ abbr: bytesOf(33, 0x41) })), 'Invalid abbreviation for token', 'abbr');
    expectInvalid(check(issue({ abbr: utf8ToBytes('A B') })), 'Invalid abbreviation for token', 'abbr');
    expectInvalid(check(issue({ abbr: new Uint8Array([0x7f]) })), 'Invalid abbreviation for token', 'abbr');
  });

  it('rule 7: Invalid url (1..256 bytes)', () => {
    expectInvalid(check(issue({ url: new Uint8Array() })), 'Invalid url', 'url');
    expectInvalid(check(issue({ url: bytesOf(257, 0x61) })), 'Invalid url', 'url');
    ok(issue({ url: bytesOf(256, 0x61) }));
    ok(issue({ url: bytesOf(1, 0x61) }));
  });

  it('rule 8: Invalid description (at most 200 bytes, may be empty)', () => {
    expectInvalid(check(issue({ description: bytesOf(201, 0x61) })), 'Invalid description', 'description');
    ok(issue({ description: bytesOf(200, 0x61) }));
    ok(issue({ description: new Uint8Array() }));
  });

  it('rule 9: start and end time must be set', () => {
    expectInvalid(() => validateAssetIssue(issue({ startTime: 0n })), 'Start time should be not empty', 'start_time');
    expectInvalid(check(issue({ endTime: 0n })), 'End time should be not empty', 'end_time');
  });

  it('rule 10: End time should be greater than start time (equal is rejected)', () => {
    const c = issue();
    expectInvalid(check(issue({ endTime: c.startTime })), 'End time should be greater than start time', 'end_time');
    expectInvalid(check(issue({ endTime: c.startTime - 1n })), 'End time should be greater than start time', 'end_time');
    ok(issue({ endTime: c.startTime + 1n }));
  });

  it('rule 11: Start time should be greater than HeadBlockTime (only with a head time; equal is rejected)', () => {
    const err = expectInvalid(check(issue({ startTime: HEAD })), 'Start time should be greater than HeadBlockTime', 'start_time');
    expect(err.details?.headBlockTime).toBe(HEAD.toString());
    expectInvalid(check(issue({ startTime: HEAD - 1n })), 'Start time should be greater than HeadBlockTime', 'start_time');
    ok(issue({ startTime: HEAD + 1n }));
    // Without a head time the rule is not checked.
    expect(() => validateAssetIssue(issue({ startTime: 1n }))).not.toThrow();
    expectInvalid(() => validateAssetIssue(issue({ startTime: HEAD }), { headBlockTime: Number(HEAD) }), 'Start time should be greater than HeadBlockTime');
  });

  it('rule 12 does not apply under ALLOW_SAME_TOKEN_NAME = 1: the same name validates twice', () => {
    const a = issue();
    ok(a);
    ok(clone(AssetIssueContractSchema, a));
  });

  it('rule 13: TotalSupply, TrxNum (coin_num) and Num must be positive', () => {
    expectInvalid(check(issue({ totalSupply: 0n, cdedSupply: [] })), 'TotalSupply must greater than 0!', 'total_supply');
    expectInvalid(check(issue({ totalSupply: -1n, cdedSupply: [] })), 'TotalSupply must greater than 0!', 'total_supply');
    expectInvalid(check(issue({ coinNum: 0 })), 'TrxNum must greater than 0!', 'coin_num');
    expectInvalid(check(issue({ coinNum: -1 })), 'TrxNum must greater than 0!', 'coin_num');
    expectInvalid(check(issue({ num: 0 })), 'Num must greater than 0!', 'num');
    expectInvalid(check(issue({ num: -5 })), 'Num must greater than 0!', 'num');
    ok(issue({ totalSupply: 1n, cdedSupply: [], coinNum: 1, num: 1 }));
  });

  it('rule 14: PublicFreeAssetNetUsage must be 0!', () => {
    expectInvalid(check(issue({ publicFreeAssetNetUsage: 1n })), 'PublicFreeAssetNetUsage must be 0!', 'public_free_asset_net_usage');
    expectInvalid(check(issue({ publicFreeAssetNetUsage: -1n })), 'PublicFreeAssetNetUsage must be 0!', 'public_free_asset_net_usage');
  });

  it('rule 15: Frozen supply list length is too long (10 ok, 11 rejected)', () => {
    const entries = (n: number) => Array.from({ length: n }, () => cded(1n, 1n));
    ok(issue({ cdedSupply: entries(10) }));
    expectInvalid(check(issue({ cdedSupply: entries(11) })), 'Frozen supply list length is too long', 'cded_supply');
  });

  it('rule 16: free net limits are in [0, ONE_DAY_NET_LIMIT)', () => {
    for (const v of [0n, ONE_DAY_NET_LIMIT - 1n]) ok(issue({ freeAssetNetLimit: v, publicFreeAssetNetLimit: v }));
    for (const v of [ONE_DAY_NET_LIMIT, -1n]) {
      expectInvalid(check(issue({ freeAssetNetLimit: v })), 'Invalid FreeAssetNetLimit', 'free_asset_net_limit');
      expectInvalid(check(issue({ publicFreeAssetNetLimit: v })), 'Invalid PublicFreeAssetNetLimit', 'public_free_asset_net_limit');
    }
  });

  describe('rule 17: each cded entry', () => {
    it('Frozen supply must be greater than 0!', () => {
      expectInvalid(check(issue({ cdedSupply: [cded(0n, 10n)] })), 'Frozen supply must be greater than 0!', 'cded_supply[0].cded_amount');
      expectInvalid(check(issue({ cdedSupply: [cded(5n, 10n), cded(-1n, 10n)] })), 'Frozen supply must be greater than 0!', 'cded_supply[1].cded_amount');
    });
    it('Frozen supply cannot exceed total supply, against the supply still remaining', () => {
      const total = 100n;
      expectInvalid(
        check(issue({ totalSupply: total, cdedSupply: [cded(101n, 1n)] })),
        'Frozen supply cannot exceed total supply',
        'cded_supply[0].cded_amount',
      );
      ok(issue({ totalSupply: total, cdedSupply: [cded(100n, 1n)] }));
      // Each entry alone fits, together they do not: the remaining supply shrinks as entries are used.
      expectInvalid(
        check(issue({ totalSupply: total, cdedSupply: [cded(60n, 1n), cded(41n, 1n)] })),
        'Frozen supply cannot exceed total supply',
        'cded_supply[1].cded_amount',
      );
      ok(issue({ totalSupply: total, cdedSupply: [cded(60n, 1n), cded(40n, 1n)] }));
    });
    it('frozenDuration must be within 1..3652 days', () => {
      const message = 'frozenDuration must be less than 3652 days and more than 1 days';
      expectInvalid(check(issue({ cdedSupply: [cded(1n, 0n)] })), message, 'cded_supply[0].cded_days');
      expectInvalid(check(issue({ cdedSupply: [cded(1n, 3653n)] })), message, 'cded_supply[0].cded_days');
      expectInvalid(check(issue({ cdedSupply: [cded(1n, 5n), cded(1n, -1n)] })), message, 'cded_supply[1].cded_days');
      ok(issue({ cdedSupply: [cded(1n, 1n), cded(1n, 3652n)] }));
    });
  });

  describe('order of checks (the node stops at the first failing rule)', () => {
    const pairs: [string, Partial<AssetIssueContract>, string][] = [
      ['owner before name', { ownerAddress: new Uint8Array(), name: new Uint8Array() }, 'Invalid ownerAddress'],
      ['name before precision', { name: utf8ToBytes('a b'), precision: 7 }, 'Invalid assetName'],
      ['trx before precision', { name: utf8ToBytes('trx'), precision: 7 }, "assetName can't be trx"],
      ['precision before abbr', { precision: 7, abbr: utf8ToBytes('a b') }, 'precision cannot exceed 6'],
      ['abbr before url', { abbr: utf8ToBytes('a b'), url: new Uint8Array() }, 'Invalid abbreviation for token'],
      ['url before description', { url: new Uint8Array(), description: bytesOf(201, 0x61) }, 'Invalid url'],
      ['description before start time', { description: bytesOf(201, 0x61), startTime: 0n }, 'Invalid description'],
      ['start empty before end empty', { startTime: 0n, endTime: 0n }, 'Start time should be not empty'],
      ['end empty before end > start', { endTime: 0n }, 'End time should be not empty'],
      ['end > start before head time', { startTime: HEAD, endTime: HEAD }, 'End time should be greater than start time'],
      ['head time before total supply', { startTime: HEAD, totalSupply: 0n }, 'Start time should be greater than HeadBlockTime'],
      ['total supply before coin_num', { totalSupply: 0n, coinNum: 0 }, 'TotalSupply must greater than 0!'],
      ['coin_num before num', { coinNum: 0, num: 0 }, 'TrxNum must greater than 0!'],
      ['num before net usage', { num: 0, publicFreeAssetNetUsage: 1n }, 'Num must greater than 0!'],
      [
        'net usage before list length',
        { publicFreeAssetNetUsage: 1n, cdedSupply: Array.from({ length: 11 }, () => cded(0n, 0n)) },
        'PublicFreeAssetNetUsage must be 0!',
      ],
      [
        'list length before free limit',
        { cdedSupply: Array.from({ length: 11 }, () => cded(1n, 1n)), freeAssetNetLimit: -1n },
        'Frozen supply list length is too long',
      ],
      ['free limit before public limit', { freeAssetNetLimit: -1n, publicFreeAssetNetLimit: -1n }, 'Invalid FreeAssetNetLimit'],
      ['public limit before cded entries', { publicFreeAssetNetLimit: -1n, cdedSupply: [cded(0n, 0n)] }, 'Invalid PublicFreeAssetNetLimit'],
      ['cded amount > 0 before remaining', { totalSupply: 10n, cdedSupply: [cded(0n, 0n)] }, 'Frozen supply must be greater than 0!'],
      ['remaining before days', { totalSupply: 10n, cdedSupply: [cded(11n, 0n)] }, 'Frozen supply cannot exceed total supply'],
      ['entries in list order', { cdedSupply: [cded(1n, 0n), cded(0n, 1n)] }, 'frozenDuration must be less than 3652 days and more than 1 days'],
    ];
    it.each(pairs)('%s', (_name, patch, message) => {
      expectInvalid(check(issue(patch)), message);
    });
  });

  it('rejects what is not an AssetIssueContract message', () => {
    expect(() => validateAssetIssue({} as AssetIssueContract)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(() => validateAssetIssue(create(TransferAssetContractSchema) as unknown as AssetIssueContract)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT' }),
    );
    expect(() => validateAssetIssue(issue(), { headBlockTime: 'now' as unknown as number })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });
});

// ---------------------------------------------------------------------------------------------

describe('buildAssetIssue (spec §4.5)', () => {
  it('converts text to UTF-8, addresses from either form, numbers to int64/int32, and leaves id empty', () => {
    const c = buildAssetIssue({ ...baseInput(), owner: addressToBase58(OWNER) });
    expect(bytesToHex(c.ownerAddress)).toBe(OWNER_HEX);
    expect(c.name).toEqual(utf8ToBytes('AIRLOCK'));
    expect(c.abbr).toEqual(utf8ToBytes('AIR'));
    expect(c.totalSupply).toBe(1_000_000_000n);
    expect([c.coinNum, c.num, c.precision]).toEqual([1_000_000, 10, 6]);
    expect(c.startTime).toBe(HEAD + 60_000n);
    expect(c.url).toEqual(utf8ToBytes('https://example.com'));
    expect([c.freeAssetNetLimit, c.publicFreeAssetNetLimit]).toEqual([1000n, 10_000n]);
    expect(c.cdedSupply.map((e) => [e.cdedAmount, e.cdedDays])).toEqual([[1000n, 30n]]);
    expect(c.id).toBe('');
    expect([c.order, c.voteScore, c.publicFreeAssetNetUsage, c.publicLatestFreeNetTime]).toEqual([0n, 0, 0n, 0n]);
  });

  it('accepts bytes for owner and texts, and fills optional fields with defaults', () => {
    const input: AssetIssueInput = { ...baseInput(), owner: OWNER, name: utf8ToBytes('BYTES') };
    delete input.abbr;
    delete input.precision;
    delete input.description;
    delete input.freeAssetNetLimit;
    delete input.publicFreeAssetNetLimit;
    delete input.cdedSupply;
    const c = buildAssetIssue(input);
    expect(c.name).toEqual(utf8ToBytes('BYTES'));
    expect([c.abbr.length, c.precision, c.description.length, c.freeAssetNetLimit, c.publicFreeAssetNetLimit, c.cdedSupply.length]).toEqual([
      0,
      0,
      0,
      0n,
      0n,
      0,
    ]);
  });

  it('validates what it builds, with the head time when given', () => {
    expectInvalid(() => buildAssetIssue({ ...baseInput(), url: '' }), 'Invalid url', 'url');
    expectInvalid(() => buildAssetIssue({ ...baseInput(), name: 'TRX' }), "assetName can't be trx", 'name');
    expectInvalid(() => buildAssetIssue({ ...baseInput(), owner: OWNER.slice(1) }), 'Invalid ownerAddress', 'owner_address');
    expectInvalid(() => buildAssetIssue(baseInput(), { headBlockTime: HEAD + 60_000n }), 'Start time should be greater than HeadBlockTime');
    expect(() => buildAssetIssue(baseInput(), { headBlockTime: HEAD + 59_999n })).not.toThrow();
  });

  it('INVALID_INPUT for the wrong kind of input, naming the function and field', () => {
    const bad: [Partial<Record<keyof AssetIssueInput, unknown>>, RegExp][] = [
      [{ coinNum: 'one' }, /^buildAssetIssue: coinNum: expected an integer, got a string$/],
      [{ num: 1.5 }, /^buildAssetIssue: num: expected an integer, got 1.5$/],
      [{ totalSupply: undefined }, /^buildAssetIssue: totalSupply: expected an integer, got nothing$/],
      [{ startTime: '2024-01-01' }, /^buildAssetIssue: startTime: expected an integer/],
      [{ name: 5 }, /^buildAssetIssue: name: must be text or bytes, got a number$/],
      [{ url: undefined }, /^buildAssetIssue: url: must be text or bytes/],
      [{ owner: 42 }, /^buildAssetIssue: owner: must be an address/],
      [{ cdedSupply: { amount: 1, days: 1 } }, /^buildAssetIssue: cdedSupply: expected a list/],
      [{ cdedSupply: [{ amount: 1 }] }, /^buildAssetIssue: cdedSupply\[0\]\.days: expected an integer/],
      [{ cdedSupply: [null] }, /^buildAssetIssue: cdedSupply\[0\]: expected an object, got null$/],
      [{ cdedSupply: [{ amount: 1, days: 1, extra: 1 }] }, /^buildAssetIssue: cdedSupply\[0\]\.extra: unknown field/],
    ];
    for (const [patch, re] of bad) {
      expect(() => buildAssetIssue({ ...baseInput(), ...patch } as AssetIssueInput)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
      expect(() => buildAssetIssue({ ...baseInput(), ...patch } as AssetIssueInput)).toThrow(re);
    }
    expect(() => buildAssetIssue(null as unknown as AssetIssueInput)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  it('int64 fields take decimal text exactly, beyond 2^53 too (issue 6 part 3)', () => {
    expect(buildAssetIssue({ ...baseInput(), totalSupply: '9007199254740993' as unknown as bigint }).totalSupply).toBe(9007199254740993n);
    expect(buildAssetIssue({ ...baseInput(), coinNum: '7' as unknown as number }).coinNum).toBe(7);
  });

  it('INVALID_INPUT for int32 overflow of coin_num, num and precision, and int64 overflow', () => {
    const bad: [Partial<Record<keyof AssetIssueInput, unknown>>, RegExp][] = [
      [{ coinNum: 2 ** 31 }, /^buildAssetIssue: coinNum: 2147483648 is outside/],
      [{ num: -(2 ** 31) - 1 }, /^buildAssetIssue: num: -2147483649 is outside/],
      [{ precision: 2 ** 31 }, /^buildAssetIssue: precision: 2147483648 is outside/],
      [{ totalSupply: 2n ** 63n }, /^buildAssetIssue: totalSupply: 9223372036854775808 is outside the int64 range/],
      [{ endTime: 2 ** 53 }, /^buildAssetIssue: endTime: 9007199254740992 cannot be read exactly; pass it as a string/],
    ];
    for (const [patch, re] of bad) {
      expect(() => buildAssetIssue({ ...baseInput(), ...patch } as AssetIssueInput)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
      expect(() => buildAssetIssue({ ...baseInput(), ...patch } as AssetIssueInput)).toThrow(re);
    }
    // The int32 limit itself is fine.
    expect(buildAssetIssue({ ...baseInput(), coinNum: 2 ** 31 - 1, num: 2 ** 31 - 1 }).coinNum).toBe(2 ** 31 - 1);
  });

  it('a bad address text is BAD_ADDRESS', () => {
    expectError(
      () => buildAssetIssue({ ...baseInput(), owner: 'TNotAnAddress' }),
      'BAD_ADDRESS',
      'buildAssetIssue: owner: Base58 address decodes to 10 bytes, expected 25',
    );
  });
});

describe('AssetIssueContract round trip through the transaction and the node JSON', () => {
  const fields = rawFieldsOf(vectors.transactions[1]!);

  it('buildAssetIssue → createTransaction → decodeRaw gives back the same fields', () => {
    const c = buildAssetIssue({
      ...baseInput(),
      cdedSupply: [
        { amount: 1000, days: 30 },
        { amount: 2n, days: 3652n },
      ],
    });
    const tx = createTransaction({ type: 'AssetIssueContract', value: c, permissionId: 2 }, fields);
    const decoded = decodeRaw(tx.rawBytes);
    expect(decoded.contractType).toBe('AssetIssueContract');
    expect(decoded.permissionId).toBe(2);
    expect(bytesToHex(decoded.ownerAddress)).toBe(OWNER_HEX);
    const back = decoded.contract as AssetIssueContract;
    expect(equals(AssetIssueContractSchema, back, c)).toBe(true);
    expect(back.cdedSupply.map((e) => [e.cdedAmount, e.cdedDays])).toEqual([
      [1000n, 30n],
      [2n, 3652n],
    ]);
    expect(() => validateAssetIssue(back, { headBlockTime: HEAD })).not.toThrow();
  });

  it('cded_supply and coin_num appear under those names in the node JSON', () => {
    const c = buildAssetIssue(baseInput());
    const tx = createTransaction({ type: 'AssetIssueContract', value: c }, fields);
    const json = transactionToNodeJson(tx);
    const contract = (json.raw_data.contract as { parameter: { value: Record<string, unknown>; type_url: string }; type: string }[])[0]!;
    expect(contract.type).toBe('AssetIssueContract');
    expect(contract.parameter.type_url).toBe('type.googleapis.com/protocol.AssetIssueContract');
    const value = contract.parameter.value;
    expect(value.cded_supply).toEqual([{ cded_amount: 1000n, cded_days: 30n }]);
    expect(value.coin_num).toBe(1_000_000);
    expect(value.num).toBe(10);
    expect(value.name).toBe(bytesToHex(utf8ToBytes('AIRLOCK')));
    expect(value.owner_address).toBe(OWNER_HEX);
    for (const renamed of ['frozen_supply', 'trx_num', 'id']) expect(value).not.toHaveProperty(renamed);

    const visible = transactionToNodeJson(tx, { visible: true });
    const vValue = (visible.raw_data.contract as { parameter: { value: Record<string, unknown> } }[])[0]!.parameter.value;
    expect(vValue.name).toBe('AIRLOCK');
    expect(vValue.owner_address).toBe(addressToBase58(OWNER));
  });
});
