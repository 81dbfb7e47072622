/**
 * shared/token-amount.ts (issue 10 "amount typed in whole-token units with up to `precision`
 * decimals and converted exactly"), and shared/token.ts assetIssueProblems (every §6.1 rule broken,
 * in the node's order, the first being what validateAssetIssue throws).
 */
import { create } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AssetIssueContract_CdedSupplySchema, AssetIssueContractSchema } from '../shared/gen/protocol/contract_pb.ts';
import { hexToBytes, utf8ToBytes } from '../shared/bytes.ts';
import { INT64_MAX } from '../shared/int64.ts';
import { formatUnitsGrouped, readUnits, unitsInput, unitsInWords } from '../shared/token-amount.ts';
import { assetIssueProblems, validateAssetIssue } from '../shared/token.ts';

describe('readUnits: whole units to the exact integer', () => {
  it.each([
    ['12', 0, 12n], ['1,234', 0, 1234n], ['12.5', 2, 1250n], ['.5', 1, 5n], ['0.000001', 6, 1n], ['0.1', 6, 100000n],
    ['999999999999.999999', 6, 999999999999999999n], ['9223372036854.775807', 6, INT64_MAX], ['  7 ', 3, 7000n], ['5.', 2, 500n],
  ])('%j at precision %i is %s', (text, precision, units) => {
    expect(readUnits(text, precision)).toEqual({ ok: true, units });
  });

  it.each([
    ['1.5', 0, 'this token has no decimals: whole units only'], ['0.0000001', 6, 'at most 6 decimals'], ['1.23', 1, 'at most 1 decimal'],
    ['', 2, 'enter an amount'], ['-1', 2, 'write the amount in digits, such as 12 or 12.5'], ['1e6', 0, 'write the amount in digits, such as 12'],
    ['1 000', 0, 'write the amount in digits, such as 12'], ['12,34', 2, 'write the amount in digits, such as 12 or 12.5'], ['.', 2, 'write the amount in digits, such as 12 or 12.5'],
    ['9223372036854.775808', 6, 'too large: at most 9,223,372,036,854.775807'], ['1'.repeat(65), 0, 'an amount has at most 64 characters'],
    ['１２', 0, 'write the amount in digits, such as 12'], ['1\u202E2', 0, 'write the amount in digits, such as 12'],
  ])('%j at precision %i is refused: %s', (text, precision, reason) => {
    expect(readUnits(text, precision)).toEqual({ ok: false, reason });
  });

  it('round-trips every int64 amount at every precision through its grouped form', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: INT64_MAX }), fc.integer({ min: 0, max: 6 }), (units, precision) => {
      expect(readUnits(formatUnitsGrouped(units, precision), precision)).toEqual({ ok: true, units });
    }));
  });

  it('unitsInput throws INVALID_INPUT naming the field, never quoting the text', () => {
    const key = 'ab'.repeat(32);
    expect(() => unitsInput(key, 6, 'amount')).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', details: { field: 'amount' } }));
    try {
      unitsInput(key, 6, 'amount');
    } catch (e) {
      expect((e as Error).message).not.toContain(key.slice(0, 8));
    }
    expect(() => unitsInput('0', 2, 'amount')).toThrow('amount: must be at least 0.01');
    expect(unitsInput('0.01', 2, 'amount')).toBe(1n);
  });

  it('reads the amount back in words', () => {
    expect(unitsInWords(123450n, 2, 'GLD')).toBe('1,234.5 GLD (123,450 smallest units)');
    expect(unitsInWords(1n, 6, 'MIC')).toBe('0.000001 MIC (1 smallest unit)');
    expect(unitsInWords(1007n, 0, 'WHL')).toBe('1,007 WHL');
  });
});

describe('assetIssueProblems: every rule broken, in the node order', () => {
  const good = () => create(AssetIssueContractSchema, {
    ownerAddress: hexToBytes('41' + '11'.repeat(20)), name: utf8ToBytes('Gold'), totalSupply: 1000n, coinNum: 1, num: 1,
    startTime: 2_000n, endTime: 3_000n, url: utf8ToBytes('https://x.invalid'),
  });

  it('a valid contract has none', () => {
    expect(assetIssueProblems(good(), { headBlockTime: 1_000n })).toEqual([]);
  });

  it('collects each broken rule with its field, not only the first', () => {
    const c = good();
    c.name = utf8ToBytes('trx');
    c.precision = 7;
    c.url = new Uint8Array();
    c.coinNum = 0;
    c.cdedSupply = [create(AssetIssueContract_CdedSupplySchema, { cdedAmount: 900n, cdedDays: 1n }), create(AssetIssueContract_CdedSupplySchema, { cdedAmount: 200n, cdedDays: 4000n })];
    expect(assetIssueProblems(c, { headBlockTime: 2_500n }).map((p) => [p.field, p.message])).toEqual([
      ['name', "assetName can't be trx"],
      ['precision', 'precision cannot exceed 6'],
      ['url', 'Invalid url'],
      ['start_time', 'Start time should be greater than HeadBlockTime'],
      ['coin_num', 'TrxNum must greater than 0!'],
      ['cded_supply[1].cded_amount', 'Frozen supply cannot exceed total supply'],
      ['cded_supply[1].cded_days', 'frozenDuration must be less than 3652 days and more than 1 days'],
    ]);
  });

  it('validateAssetIssue throws exactly the first problem, for any mix of broken fields', () => {
    fc.assert(fc.property(
      fc.record({ name: fc.constantFrom('Gold', 'trx', 'a b', ''), precision: fc.integer({ min: -1, max: 8 }), coinNum: fc.integer({ min: -1, max: 2 }), start: fc.bigInt({ min: 0n, max: 4_000n }), end: fc.bigInt({ min: 0n, max: 4_000n }), supply: fc.bigInt({ min: -1n, max: 2_000n }), cded: fc.array(fc.record({ a: fc.bigInt({ min: -1n, max: 1_500n }), d: fc.bigInt({ min: 0n, max: 4_000n }) }), { maxLength: 12 }) }),
      (r) => {
        const c = good();
        Object.assign(c, { name: utf8ToBytes(r.name), precision: r.precision, coinNum: r.coinNum, startTime: r.start, endTime: r.end, totalSupply: r.supply });
        c.cdedSupply = r.cded.map((x) => create(AssetIssueContract_CdedSupplySchema, { cdedAmount: x.a, cdedDays: x.d }));
        const problems = assetIssueProblems(c, { headBlockTime: 1_000n });
        const thrown = ((): [unknown, string] | null => {
          try {
            validateAssetIssue(c, { headBlockTime: 1_000n });
            return null;
          } catch (e) {
            return [(e as { details?: { field?: unknown } }).details?.field, (e as Error).message];
          }
        })();
        expect(thrown).toEqual(problems[0] ? [problems[0].field, problems[0].message] : null);
      },
    ));
  });
});
