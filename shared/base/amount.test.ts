/**
 * shared/base/amount.ts: amounts typed in whole coins become the exact integer of smallest units
 * (docs/decisions.md §9 "Send": TRX with up to 6 decimals to sun, string arithmetic, no floats).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { amountInput, formatGrouped, readAmount, sunInWords, unitsInWords } from './amount.ts';
import { AirlockError } from './errors.ts';
import { INT64_MAX } from './int64.ts';

const units = (text: string, decimals = 6): bigint => {
  const r = readAmount(text, decimals);
  if (!r.ok) throw new Error(r.reason);
  return r.units;
};
const reason = (text: string, decimals = 6): string => {
  const r = readAmount(text, decimals);
  if (r.ok) throw new Error(`read ${text} as ${r.units}`);
  return r.reason;
};

describe('readAmount: whole coins to smallest units, exactly', () => {
  it('converts by digits, never through a float', () => {
    expect(units('1.5')).toBe(1_500_000n);
    expect(units('0.1')).toBe(100_000n);
    expect(units('0.000001')).toBe(1n);
    expect(units('.5')).toBe(500_000n);
    expect(units('12')).toBe(12_000_000n);
    expect(units('1,234.5')).toBe(1_234_500_000n);
    expect(units(' 7 ')).toBe(7_000_000n);
    // 0.3 - 0.1 style float error would show here; 9007199254.740993 is beyond a double's precision.
    expect(units('9007199254.740993')).toBe(9_007_199_254_740_993n);
    expect(units('9223372036854.775807')).toBe(INT64_MAX);
    expect(units('5', 0)).toBe(5n);
  });

  it('refuses more decimals than the precision rather than rounding', () => {
    expect(reason('0.0000001')).toBe('at most 6 decimal places');
    expect(reason('1.5', 0)).toMatch(/whole units only/);
  });

  it('refuses a sign, an exponent, spaces inside, a second point or bad grouping', () => {
    for (const t of ['-1', '+1', '1e6', '1 000', '1.2.3', '12,34', '0x10', '', '.', 'abc']) expect(readAmount(t, 6).ok, t).toBe(false);
  });

  it('refuses anything beyond int64', () => {
    expect(reason('9223372036854.775808')).toBe('too large: at most 9,223,372,036,854.775807');
  });

  it('never quotes the text: a private key pasted into the amount field', () => {
    const key = 'c0ffee00'.repeat(8);
    expect(reason(key)).not.toContain('c0ffee');
    expect(reason('1'.repeat(64))).not.toContain('1111111');
    try {
      amountInput(key, 6, 'Amount (TRX)');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AirlockError);
      expect((e as AirlockError).details).toMatchObject({ field: 'Amount (TRX)' });
      expect((e as Error).message).not.toContain('c0ffee');
    }
  });

  it('amountInput holds a minimum of one smallest unit by default', () => {
    expect(() => amountInput('0', 6, 'amount')).toThrow('amount: must be at least 0.000001');
    expect(amountInput('0.000001', 6, 'amount')).toBe(1n);
  });

  it('round-trips every int64 through formatGrouped (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: INT64_MAX }), fc.integer({ min: 0, max: 18 }), (n, d) => {
        expect(units(formatGrouped(n, d), d)).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('sunInWords', () => {
  it('reads the amount back in both units', () => {
    expect(sunInWords(1_500_000n)).toBe('1.5 TRX = 1,500,000 sun');
    expect(sunInWords(1n)).toBe('0.000001 TRX = 1 sun');
    expect(sunInWords(1_234_567_000_000n)).toBe('1,234,567 TRX = 1,234,567,000,000 sun');
  });
});

describe('unitsInWords', () => {
  it('reads a token amount back in whole tokens and smallest units', () => {
    expect(unitsInWords(123450n, 2, 'GLD')).toBe('1,234.5 GLD (123,450 smallest units)');
    expect(unitsInWords(1n, 6, 'MIC')).toBe('0.000001 MIC (1 smallest unit)');
    expect(unitsInWords(1007n, 0, 'WHL')).toBe('1,007 WHL');
  });
});
