/**
 * Byte helpers: strict hex, UTF-8 and comparisons. Hex in this protocol is plain lowercase or
 * uppercase pairs with no `0x` (the node's JSON never writes one); we accept an optional `0x` (or `0X`) on
 * input for convenience but never emit it. Every parse names what it was parsing.
 */
import { fail } from './errors.ts';

const HEX_RE = /^[0-9a-fA-F]*$/;

export function hexToBytes(hex: string, what = 'hex'): Uint8Array {
  if (typeof hex !== 'string') fail('INVALID_INPUT', `${what}: expected a hex string, got ${typeof hex}`, { field: what });
  const body = hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex;
  if (body.length % 2 !== 0) fail('BAD_HEX', `${what}: hex has an odd number of digits (${body.length})`);
  if (!HEX_RE.test(body)) fail('BAD_HEX', `${what}: not a hex string`);
  const out = new Uint8Array(body.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(body.slice(i * 2, i * 2 + 2), 16);
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
