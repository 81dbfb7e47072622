/**
 * A TRC-20 amount as a person types it (docs/decisions.md §17 TRC-20 builders): whole tokens with at most the
 * token's decimals ("1,234.5"), or smallest units when the decimals are 0, up to 2^256-1 (a uint256,
 * not the int64 of TRX and TRC-10 amounts), and for an approval the word `unlimited` (2^256-1). One
 * reader for the CLI, the API and the form's check as you type.
 *
 * Invariant: the text is read exactly (no floating point): the units returned times 10^-decimals is
 * the number written; anything else (a sign, an exponent, more decimals than the token has, more
 * than a uint256) is refused with the reason in words.
 */
import { fail } from '../base/errors.ts';
import { MAX_TRC20_DECIMALS, MAX_ABI_AMOUNT_TEXT } from '../base/limits.ts';

/** The largest uint256: what `unlimited` means. */
export const MAX_UINT256 = (1n << 256n) - 1n;

const AMOUNT_TEXT = /^([0-9]{1,3}(?:,[0-9]{3})+|[0-9]*)(?:\.([0-9]*))?$/;

export type TokenUnitsReading = { ok: true; units: bigint } | { ok: false; reason: string };

/** Reads `text` as whole tokens with at most `decimals` places; `unlimited` when allowed. */
export function readTokenUnits(text: string, decimals: number, options: { allowUnlimited?: boolean } = {}): TokenUnitsReading {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_TRC20_DECIMALS)
    return { ok: false, reason: `the token's decimals must be 0 to ${MAX_TRC20_DECIMALS}` };
  const t = typeof text === 'string' ? text.trim() : '';
  if (t === '') return { ok: false, reason: 'enter an amount' };
  if (t.toLowerCase() === 'unlimited') {
    return options.allowUnlimited ? { ok: true, units: MAX_UINT256 } : { ok: false, reason: '"unlimited" is only for an approval' };
  }
  if (t.length > MAX_ABI_AMOUNT_TEXT) return { ok: false, reason: `too long for an amount (at most ${MAX_ABI_AMOUNT_TEXT} characters)` };
  const m = AMOUNT_TEXT.exec(t);
  if (!m || (m[1] === '' && (m[2] ?? '') === ''))
    return { ok: false, reason: `write the amount in digits, such as 12${decimals > 0 ? ' or 1.5' : ''} (no sign, spaces or exponent)` };
  const fraction = m[2] ?? '';
  if (fraction.length > decimals)
    return { ok: false, reason: decimals === 0 ? 'whole units only: this token has no decimals' : `at most ${decimals} decimal places` };
  const units = BigInt((m[1]!.replaceAll(',', '') || '0') + fraction.padEnd(decimals, '0'));
  if (units > MAX_UINT256) return { ok: false, reason: 'more than a uint256 holds' };
  return { ok: true, units };
}

/** readTokenUnits, at least one smallest unit, throwing INVALID_INPUT naming `field`. */
export function tokenUnitsInput(text: unknown, decimals: number, field: string, options: { allowUnlimited?: boolean; allowZero?: boolean } = {}): bigint {
  if (typeof text !== 'string') fail('INVALID_INPUT', `${field}: expected an amount as text`, { field });
  const r = readTokenUnits(text, decimals, options);
  if (!r.ok) fail('INVALID_INPUT', `${field}: ${r.reason}`, { field });
  if (r.units === 0n && !options.allowZero) fail('INVALID_INPUT', `${field}: must be more than 0`, { field });
  return r.units;
}
