/**
 * Amounts as a person types them in whole coins ("1.5") and the integer the chain counts in
 * (docs/decisions.md §9 "Send": the amount typed in TRX with up to 6 decimals, converted to sun exactly; docs/decisions.md §10
 * "Tokens": a token's amount in whole tokens with up to its precision's decimals). The
 * conversion is string arithmetic on the digits, never a float: "0.1" is exactly 100,000 sun and
 * "9223372036854.775807" is exactly INT64_MAX. The native coin has COIN_DECIMALS (6) places,
 * declared here once for every layer (this module pulls nothing but base/, so the renderer's first
 * paint may import it); the same reader serves any precision from 0 to 18.
 *
 * Invariants: a typed amount converts to the integer it names or is refused with a reason; more
 * decimals than the precision are refused, never rounded; the result fits int64; a reason never
 * quotes the text (a private key pasted into the amount field must not come back in a message).
 */
import { fail } from './errors.ts';
import { INT64_MAX } from './int64.ts';
import { MAX_AMOUNT_TEXT } from './limits.ts';

/** Decimal places of the native coin: 1 coin = 1,000,000 smallest units (PROTOCOL.md §6, §10). */
export const COIN_DECIMALS = 6;

/** Digits with optional groups of three after commas, then an optional fraction. */
const AMOUNT_RE = /^([0-9]{1,3}(?:,[0-9]{3})+|[0-9]*)(?:\.([0-9]*))?$/;

export type AmountReading = { ok: true; units: bigint } | { ok: false; reason: string };

function checkDecimals(fn: string, decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 18)
    fail('INVALID_INPUT', `${fn}: decimals must be 0..18, got ${decimals}`, { field: 'decimals' });
}

/**
 * Reads `text` as an amount in whole units with at most `decimals` places: "12", "1,234.5",
 * "0.000001", ".5". Zero is read (callers decide whether it may be); a sign, an exponent, spaces
 * inside or a second point are refused.
 */
export function readAmount(text: string, decimals: number): AmountReading {
  checkDecimals('readAmount', decimals);
  const t = typeof text === 'string' ? text.trim() : '';
  if (t === '') return { ok: false, reason: 'enter an amount' };
  if (t.length > MAX_AMOUNT_TEXT) return { ok: false, reason: `too long for an amount (at most ${MAX_AMOUNT_TEXT} characters)` };
  const m = AMOUNT_RE.exec(t);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) {
    return { ok: false, reason: `write the amount in digits, such as 12${decimals > 0 ? ' or 1.5' : ''} (no sign, spaces or exponent)` };
  }
  const whole = m[1]!.replaceAll(',', '') || '0';
  const fraction = m[2] ?? '';
  if (fraction.length > decimals) {
    return { ok: false, reason: decimals === 0 ? 'whole units only: this amount has no decimals' : `at most ${decimals} decimal places` };
  }
  const units = BigInt(whole + fraction.padEnd(decimals, '0'));
  if (units > INT64_MAX) return { ok: false, reason: `too large: at most ${formatGrouped(INT64_MAX, decimals)}` };
  return { ok: true, units };
}

/** readAmount, at least `min` (default 1 smallest unit), throwing INVALID_INPUT naming `field`. */
export function amountInput(text: string, decimals: number, field: string, min = 1n): bigint {
  const r = readAmount(text, decimals);
  if (!r.ok) fail('INVALID_INPUT', `${field}: ${r.reason}`, { field });
  if (r.units < min) fail('INVALID_INPUT', `${field}: must be at least ${formatGrouped(min, decimals)}`, { field });
  return r.units;
}

/** "1234567" → "1,234,567" (digits only). */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=([0-9]{3})+(?![0-9]))/g, ',');
}

/** An integer in smallest units, in whole units with grouped thousands, trailing zeros dropped: 1234500000n, 6 → "1,234.5". */
export function formatGrouped(units: bigint, decimals: number): string {
  if (typeof units !== 'bigint') fail('INVALID_INPUT', 'formatGrouped: units must be a bigint', { field: 'units' });
  checkDecimals('formatGrouped', decimals);
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const unit = 10n ** BigInt(decimals);
  const fraction = (abs % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${groupDigits((abs / unit).toString())}${fraction ? `.${fraction}` : ''}`;
}

/**
 * An amount of a token read back in words, so a slip of a digit is seen before building:
 * "1,234.5 GLD (1,234,500,000 smallest units)"; with no decimals the brackets are left out.
 */
export function unitsInWords(units: bigint, decimals: number, unitName: string): string {
  const whole = `${formatGrouped(units, decimals)} ${unitName}`;
  return decimals === 0 ? whole : `${whole} (${groupDigits(units.toString())} smallest unit${units === 1n ? '' : 's'})`;
}

/** The native coin's amount read back in words so a slipped digit shows: 1500000n → "1.5 TRX = 1,500,000 sun". */
export function sunInWords(sun: bigint): string {
  return `${formatGrouped(sun, COIN_DECIMALS)} TRX = ${groupDigits(sun.toString())} sun`;
}

/** docs/decisions.md §26: the queue's amount of a row that moves none (an account name, a proposal); such a row is named by its kind alone. */
export const NO_AMOUNT = '—';

/** A queue row as a person hears it: "Stake of 5,000 TRX for energy", or only "Account name" when it moves no amount. */
export function kindAndAmount(title: string, amount: string): string {
  return amount === NO_AMOUNT ? title : `${title} of ${amount}`;
}
