/**
 * The parts every view is made of (docs/decisions.md §6 part 3): an address in both written forms, text with
 * its hex, a time as ms and ISO, an amount in whole units. All are JSON-safe (strings, numbers,
 * booleans, null): no bigint, no bytes, so the CLI prints them and the station's API returns them
 * as they are.
 *
 * Invariant (docs/decisions.md §6 part 2): text from a transaction or the chain is shown with every control,
 * format (bidi overrides such as U+202E, isolates U+2066-2069, marks U+200E/F and U+061C,
 * zero-width), private-use, unassigned, surrogate and line/paragraph-separator character written as
 * a visible `\u{…}` escape by shared/base/escape.ts, the one module that escapes text for people.
 */
import { addressToBase58, isAddressBytes } from '../chain/address.ts';
import { bytesToHex, tryUtf8 } from './bytes.ts';

import { escapeText, hasUnsafeText } from './escape.ts';
import { MAX_DATE_MS } from './limits.ts';
import { badArgument, kindOf } from '../chain/input.ts';

// ---------------------------------------------------------------------------------------------
// Text

/**
 * Bytes that are meant to be text. `text` is the escaped UTF-8 text, or null when the bytes are not
 * valid UTF-8; `escaped` says whether any character had to be escaped (a UI shows a warning);
 * `hex` is always there.
 */
export interface TextView {
  text: string | null;
  escaped: boolean;
  hex: string;
}

export function textView(bytes: Uint8Array): TextView {
  if (!(bytes instanceof Uint8Array)) badArgument(`textView: expected bytes, got ${kindOf(bytes)}`, 'bytes');
  const text = tryUtf8(bytes);
  if (text === undefined) return { text: null, escaped: false, hex: bytesToHex(bytes) };
  return { text: escapeText(text), escaped: hasUnsafeText(text), hex: bytesToHex(bytes) };
}

// ---------------------------------------------------------------------------------------------
// Addresses, times, amounts

/** An address as a signer sees it. `base58` is null when the bytes are not a valid address. */
export interface AddressView {
  hex: string;
  base58: string | null;
}

export function addressView(bytes: Uint8Array): AddressView {
  if (!(bytes instanceof Uint8Array)) badArgument(`addressView: expected bytes, got ${kindOf(bytes)}`, 'bytes');
  return { hex: bytesToHex(bytes), base58: isAddressBytes(bytes) ? addressToBase58(bytes) : null };
}

/** A time in ms since the epoch (decimal text: int64), with its ISO form when it is a real date after the epoch. */
export interface TimeView {
  ms: string;
  iso: string | null;
}

export function timeView(ms: bigint): TimeView {
  if (typeof ms !== 'bigint') badArgument(`timeView: ms must be a bigint, got ${kindOf(ms)}`, 'ms');
  return { ms: ms.toString(), iso: ms > 0n && ms <= MAX_DATE_MS ? new Date(Number(ms)).toISOString() : null };
}

/**
 * An integer amount in smallest units written with `decimals` places, trailing zeros dropped:
 * formatUnits(1_500_000n, 6) = "1.5", formatUnits(-1n, 6) = "-0.000001".
 */
export function formatUnits(amount: bigint, decimals: number): string {
  if (typeof amount !== 'bigint') badArgument(`formatUnits: amount must be a bigint, got ${kindOf(amount)}`, 'amount');
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 18) badArgument(`formatUnits: decimals must be 0..18, got ${decimals}`, 'decimals');
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const unit = 10n ** BigInt(decimals);
  const whole = abs / unit;
  const frac = (abs % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}
