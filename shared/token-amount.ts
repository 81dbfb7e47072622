/**
 * Amounts typed in whole units ("12.5 GLD", "5 TRX") and the integer the chain counts in (issue 10
 * "Tokens": the amount typed in whole-token units with up to `precision` decimals, converted
 * exactly). The conversion is string arithmetic on the digits, never a float: "0.1" with precision
 * 6 is exactly 100000, and an 18-digit supply survives unchanged. Precision is the token's (0-6,
 * spec §4.5) or the native coin's (COIN_DECIMALS, 6).
 *
 * Invariants: a typed amount converts to the integer it names or is refused with a reason naming
 * the field (more decimals than the precision are refused, never rounded); the result fits int64;
 * a message never quotes the text typed (it may be a secret pasted by mistake).
 */
import { fail } from './errors.ts';
import { INT64_MAX } from './int64.ts';

/** Most digits a typed amount may have before it is refused unread (int64 has 19). */
const MAX_TYPED_LENGTH = 64;

export type UnitsReading = { ok: true; units: bigint } | { ok: false; reason: string };

/**
 * Reads `text` as an amount in whole units with at most `precision` decimals: "1,234.5" (commas
 * between groups of three are allowed), "0.000001", ".5". Zero is read (the caller decides whether
 * it may be); a negative sign, an exponent or spaces inside are refused.
 */
export function readUnits(text: string, precision: number): UnitsReading {
  if (!Number.isInteger(precision) || precision < 0 || precision > 18) throw new RangeError(`readUnits: precision must be 0..18, got ${precision}`);
  const t = typeof text === 'string' ? text.trim() : '';
  if (t === '') return { ok: false, reason: 'enter an amount' };
  if (t.length > MAX_TYPED_LENGTH) return { ok: false, reason: `an amount has at most ${MAX_TYPED_LENGTH} characters` };
  const m = /^((?:[0-9]{1,3}(?:,[0-9]{3})+)|[0-9]*)(?:\.([0-9]*))?$/.exec(t);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) {
    return { ok: false, reason: `write the amount in digits, such as 12${precision > 0 ? ' or 12.5' : ''}` };
  }
  const whole = (m[1] ?? '').replaceAll(',', '') || '0';
  const frac = m[2] ?? '';
  if (frac.length > precision) {
    return { ok: false, reason: precision === 0 ? 'this token has no decimals: whole units only' : `at most ${precision} decimal${precision === 1 ? '' : 's'}` };
  }
  const units = BigInt(whole + frac.padEnd(precision, '0'));
  if (units > INT64_MAX) return { ok: false, reason: `too large: at most ${formatUnitsGrouped(INT64_MAX, precision)}` };
  return { ok: true, units };
}

/** readUnits, throwing INVALID_INPUT naming `field`; `min` (default 1) is the smallest integer allowed. */
export function unitsInput(text: string, precision: number, field: string, min = 1n): bigint {
  const r = readUnits(text, precision);
  if (!r.ok) fail('INVALID_INPUT', `${field}: ${r.reason}`, { field });
  if (r.units < min) fail('INVALID_INPUT', `${field}: must be at least ${formatUnitsGrouped(min, precision)}`, { field });
  return r.units;
}

/** "1234567" → "1,234,567" (digits only; a sign or fraction is the caller's). */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=([0-9]{3})+(?![0-9]))/g, ',');
}

/**
 * An integer in smallest units written in whole units with its thousands grouped and trailing
 * zeros dropped: formatUnitsGrouped(1234500000n, 6) = "1,234.5".
 */
export function formatUnitsGrouped(units: bigint, precision: number): string {
  if (typeof units !== 'bigint') throw new TypeError('formatUnitsGrouped: units must be a bigint');
  if (!Number.isInteger(precision) || precision < 0 || precision > 18) throw new RangeError(`formatUnitsGrouped: precision must be 0..18, got ${precision}`);
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const unit = 10n ** BigInt(precision);
  const frac = (abs % unit).toString().padStart(precision, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${groupDigits((abs / unit).toString())}${frac ? `.${frac}` : ''}`;
}

/**
 * The amount read back in words, so a slip of a digit is seen before building:
 * "1,234.5 GLD (1,234,500,000 smallest units)"; with precision 0 the brackets are left out.
 */
export function unitsInWords(units: bigint, precision: number, unitName: string): string {
  const whole = `${formatUnitsGrouped(units, precision)} ${unitName}`;
  return precision === 0 ? whole : `${whole} (${groupDigits(units.toString())} smallest unit${units === 1n ? '' : 's'})`;
}
