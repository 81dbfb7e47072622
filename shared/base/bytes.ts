/**
 * Byte helpers: strict hex, UTF-8 and comparisons. Hex in this protocol is plain lowercase or
 * uppercase pairs with no `0x` (the node's JSON never writes one); we accept an optional `0x` (or `0X`) on
 * input for convenience but never emit it. Every parse names what it was parsing.
 */
import { fail } from './errors.ts';

/** The value of each hex digit by character code, -1 for any other character (0x prefix aside). */
const NIBBLE = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i++) NIBBLE[0x30 + i] = i;
for (let i = 0; i < 6; i++) {
  NIBBLE[0x41 + i] = 10 + i;
  NIBBLE[0x61 + i] = 10 + i;
}

/** A digit's value, or -1: no character beyond ASCII is a hex digit (U+0661 looks like 1 and is not). */
function nibble(code: number): number {
  return code < 128 ? NIBBLE[code]! : -1;
}

export function hexToBytes(hex: string, what = 'hex'): Uint8Array {
  if (typeof hex !== 'string') fail('INVALID_INPUT', `${what}: expected a hex string, got ${typeof hex}`, { field: what });
  const start = hex.startsWith('0x') || hex.startsWith('0X') ? 2 : 0;
  const digits = hex.length - start;
  if (digits % 2 !== 0) fail('BAD_HEX', `${what}: hex has an odd number of digits (${digits})`);
  // One pass by table: every request body the node reads is mostly hex, so this is on its hot path.
  const out = new Uint8Array(digits / 2);
  for (let i = 0, j = start; i < out.length; i++, j += 2) {
    const hi = nibble(hex.charCodeAt(j));
    const lo = nibble(hex.charCodeAt(j + 1));
    if (hi < 0 || lo < 0) fail('BAD_HEX', `${what}: not a hex string`);
    out[i] = (hi << 4) | lo;
  }
  return out;
}

const HEX_DIGITS = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += HEX_DIGITS[b];
  return out;
}

/** Hex of an exact length in bytes, e.g. a 32-byte txID. */
export function hexToFixedBytes(hex: string, length: number, what: string): Uint8Array {
  const bytes = hexToBytes(hex, what);
  if (bytes.length !== length) fail('BAD_HEX', `${what}: expected ${length} bytes, got ${bytes.length}`);
  return bytes;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export function utf8ToBytes(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Strict UTF-8 decode; throws on invalid sequences instead of inventing replacement characters. */
export function bytesToUtf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** UTF-8 decode for display: returns undefined when the bytes are not valid UTF-8. */
export function tryUtf8(bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Overwrites a secret buffer in place (STYLE.md habit 8). */
export function wipe(bytes: Uint8Array): void {
  bytes.fill(0);
}
