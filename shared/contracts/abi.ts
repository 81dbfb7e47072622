/**
 * Solidity ABI encoding and strict decoding (docs/decisions.md §17 "Smart-contract calls"), written for the
 * station: the call data a signer approves is decoded here on the signer's own machine, and the
 * TRC-20 builders encode with the same code. Values: an address is the 21-byte TRON form (0x41
 * followed by the 20 bytes the EVM sees), integers are bigint, bool is boolean, bytes and bytesN are
 * Uint8Array, string is string, arrays and tuples are lists.
 *
 * Invariant (strict decoding): `decodeValues` accepts exactly the bytes `encodeValues` would write
 * for the values it returns, and nothing else; every other input is BAD_CALLDATA with a named
 * reason: `truncated` (a read past the end), `trailing-bytes` (bytes after the canonical encoding),
 * `non-canonical` (offsets or lengths laid out otherwise), `dirty-address` / `dirty-bool` /
 * `dirty-padding` (high bytes of an address, a bool other than 0 or 1, non-zero padding after
 * bytesN, bytes or a string), `out-of-range` (an integer wider than its type), `bad-offset` (an
 * offset or length that points outside the data), `too-long` (an array length above
 * MAX_ABI_ARRAY_LENGTH), `too-many-values` (over MAX_ABI_DECODED_VALUES, so offsets pointing back at
 * shared data cannot make the work explode). Two different encodings never show as the same words.
 */
import { concatBytes, equalBytes } from '../base/bytes.ts';
import { fail } from '../base/errors.ts';
import { MAX_ABI_ARRAY_LENGTH, MAX_ABI_DECODED_VALUES } from '../base/limits.ts';
import { ADDRESS_PREFIX } from '../chain/address.ts';
import { isDynamic, staticSize, typeText, type AbiType } from './abi-types.ts';

export type AbiValue = bigint | boolean | string | Uint8Array | AbiValue[];

/** Why call data was refused, named (details.reason of BAD_CALLDATA). */
export type CalldataProblem =
  | 'truncated'
  | 'trailing-bytes'
  | 'non-canonical'
  | 'dirty-address'
  | 'dirty-bool'
  | 'dirty-padding'
  | 'out-of-range'
  | 'bad-offset'
  | 'too-long'
  | 'too-many-values';

function refuse(reason: CalldataProblem, at: string, what: string): never {
  fail('BAD_CALLDATA', `call data ${at}: ${what}`, { field: 'data', reason, at });
}

// ---------------------------------------------------------------------------------------------
// Encoding

function word(n: bigint): Uint8Array {
  const out = new Uint8Array(32);
  let v = n;
  for (let i = 31; i >= 0 && v > 0n; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

function padRight(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(bytes.length / 32) * 32);
  out.set(bytes);
  return out;
}

function badValue(path: string, t: AbiType, what: string): never {
  fail('INVALID_INPUT', `${path}: ${what} (type ${typeText(t)})`, { field: path });
}

function encodeOne(t: AbiType, v: AbiValue, path: string): Uint8Array {
  switch (t.kind) {
    case 'address': {
      if (!(v instanceof Uint8Array) || v.length !== 21 || v[0] !== ADDRESS_PREFIX) badValue(path, t, 'expected a 21-byte address starting 0x41');
      const out = new Uint8Array(32);
      out.set(v.subarray(1), 12);
      return out;
    }
    case 'bool':
      if (typeof v !== 'boolean') badValue(path, t, 'expected true or false');
      return word(v ? 1n : 0n);
    case 'uint':
      if (typeof v !== 'bigint' || v < 0n || v >= 1n << BigInt(t.bits)) badValue(path, t, `expected a whole number from 0 to 2^${t.bits}-1`);
      return word(v);
    case 'int': {
      const half = 1n << BigInt(t.bits - 1);
      if (typeof v !== 'bigint' || v < -half || v >= half) badValue(path, t, `expected a whole number from -2^${t.bits - 1} to 2^${t.bits - 1}-1`);
      return word(v < 0n ? (1n << 256n) + v : v);
    }
    case 'fixed-bytes':
      if (!(v instanceof Uint8Array) || v.length !== t.size) badValue(path, t, `expected ${t.size} bytes`);
      return padRight(v);
    case 'bytes':
    case 'string': {
      const bytes = t.kind === 'string' ? (typeof v === 'string' ? new TextEncoder().encode(v) : badValue(path, t, 'expected text')) : v;
      if (!(bytes instanceof Uint8Array)) badValue(path, t, 'expected bytes');
      return concatBytes(word(BigInt(bytes.length)), padRight(bytes));
    }
    case 'array': {
      if (!Array.isArray(v) || (t.length !== null && v.length !== t.length)) badValue(path, t, `expected a list${t.length !== null ? ` of ${t.length}` : ''}`);
      const body = encodeTuple(
        v.map(() => t.of),
        v,
        path,
      );
      return t.length === null ? concatBytes(word(BigInt(v.length)), body) : body;
    }
    case 'tuple':
      if (!Array.isArray(v) || v.length !== t.components.length) badValue(path, t, `expected a list of ${t.components.length} values`);
      return encodeTuple(
        t.components.map((c) => c.type),
        v,
        path,
      );
  }
}

function encodeTuple(types: readonly AbiType[], values: readonly AbiValue[], path: string): Uint8Array {
  const heads: Uint8Array[] = [];
  const tails: Uint8Array[] = [];
  let headSize = 0;
  for (const t of types) headSize += isDynamic(t) ? 32 : staticSize(t);
  let offset = headSize;
  types.forEach((t, i) => {
    const enc = encodeOne(t, values[i]!, `${path}[${i}]`);
    if (isDynamic(t)) {
      heads.push(word(BigInt(offset)));
      tails.push(enc);
      offset += enc.length;
    } else heads.push(enc);
  });
  return concatBytes(...heads, ...tails);
}

/** The ABI encoding of `values` as the parameters `types` (no selector). */
export function encodeValues(types: readonly AbiType[], values: readonly AbiValue[], field = 'args'): Uint8Array {
  if (values.length !== types.length) fail('INVALID_INPUT', `${field}: expected ${types.length} values, got ${values.length}`, { field });
  return encodeTuple(types, values, field);
}

// ---------------------------------------------------------------------------------------------
// Decoding

interface Reader {
  data: Uint8Array;
  /** Values produced so far, against MAX_ABI_DECODED_VALUES. */
  count: number;
}

function readWord(r: Reader, at: number, path: string): Uint8Array {
  if (at + 32 > r.data.length) refuse('truncated', path, `ends inside a 32-byte word at byte ${at} (the data has ${r.data.length} bytes)`);
  return r.data.subarray(at, at + 32);
}

function wordValue(w: Uint8Array): bigint {
  let n = 0n;
  for (const b of w) n = (n << 8n) | BigInt(b);
  return n;
}

/** An offset or a length: must fit the data, so it is a small safe number. */
function readSize(r: Reader, at: number, path: string, what: string): number {
  const n = wordValue(readWord(r, at, path));
  if (n > BigInt(r.data.length))
    refuse('bad-offset', path, `${what} ${n > 1n << 64n ? 'of more than 2^64' : n.toString()} points past the end of the data (${r.data.length} bytes)`);
  return Number(n);
}

function zeroes(bytes: Uint8Array): boolean {
  return bytes.every((b) => b === 0);
}

function decodeStatic(r: Reader, t: AbiType, at: number, path: string): AbiValue {
  const w = readWord(r, at, path);
  switch (t.kind) {
    case 'address':
      if (!zeroes(w.subarray(0, 12))) refuse('dirty-address', path, 'an address word with non-zero high bytes (only the low 20 bytes are an address)');
      return concatBytes(Uint8Array.of(ADDRESS_PREFIX), w.subarray(12));
    case 'bool':
      if (!zeroes(w.subarray(0, 31)) || w[31]! > 1) refuse('dirty-bool', path, 'a bool word that is neither 0 nor 1');
      return w[31] === 1;
    case 'uint': {
      const n = wordValue(w);
      if (n >> BigInt(t.bits) !== 0n) refuse('out-of-range', path, `a value wider than ${typeText(t)}`);
      return n;
    }
    case 'int': {
      const raw = wordValue(w);
      const n = raw >= 1n << 255n ? raw - (1n << 256n) : raw;
      const half = 1n << BigInt(t.bits - 1);
      if (n < -half || n >= half) refuse('out-of-range', path, `a value wider than ${typeText(t)} (or not sign-extended)`);
      return n;
    }
    case 'fixed-bytes':
      if (!zeroes(w.subarray(t.size))) refuse('dirty-padding', path, `non-zero padding after the ${t.size} bytes of ${typeText(t)}`);
      return w.slice(0, t.size);
    default:
      throw new TypeError(`decodeStatic: ${t.kind} is not a word type`);
  }
}

function count(r: Reader, path: string, n = 1): void {
  r.count += n;
  if (r.count > MAX_ABI_DECODED_VALUES) refuse('too-many-values', path, `more than ${MAX_ABI_DECODED_VALUES} values`);
}

/** Decodes one value whose encoding starts at `at` (its tail position when dynamic). */
function decodeAt(r: Reader, t: AbiType, at: number, path: string): AbiValue {
  count(r, path);
  switch (t.kind) {
    case 'bytes':
    case 'string': {
      const length = readSize(r, at, path, 'a length');
      const start = at + 32;
      const padded = Math.ceil(length / 32) * 32;
      if (start + padded > r.data.length) refuse('truncated', path, `${length} bytes announced, the data ends first`);
      const body = r.data.subarray(start, start + length);
      if (!zeroes(r.data.subarray(start + length, start + padded))) refuse('dirty-padding', path, `non-zero padding after the ${length} bytes`);
      return t.kind === 'bytes' ? body.slice() : new TextDecoder('utf-8', { fatal: false }).decode(body);
    }
    case 'array': {
      let base = at;
      let length = t.length;
      if (length === null) {
        const n = wordValue(readWord(r, at, path));
        if (n > BigInt(MAX_ABI_ARRAY_LENGTH))
          refuse('too-long', path, `a list of ${n > 1n << 64n ? 'more than 2^64' : n.toString()} items, at most ${MAX_ABI_ARRAY_LENGTH} are shown`);
        length = Number(n);
        base = at + 32;
        // Every element takes at least one word, so a length the data cannot hold is refused before any is read.
        if (base + length * 32 > r.data.length) refuse('truncated', path, `${length} items announced, the data ends first`);
      }
      count(r, path, length);
      return decodeTuple(
        r,
        Array.from({ length }, () => t.of),
        base,
        path,
      );
    }
    case 'tuple':
      return decodeTuple(
        r,
        t.components.map((c) => c.type),
        at,
        path,
      );
    default:
      return decodeStatic(r, t, at, path);
  }
}

function decodeTuple(r: Reader, types: readonly AbiType[], base: number, path: string): AbiValue[] {
  const out: AbiValue[] = [];
  let head = base;
  types.forEach((t, i) => {
    const at = `${path}[${i}]`;
    if (isDynamic(t)) {
      const offset = readSize(r, head, at, 'an offset');
      out.push(decodeAt(r, t, base + offset, at));
      head += 32;
    } else {
      out.push(decodeAt(r, t, head, at));
      head += staticSize(t);
    }
  });
  return out;
}

/**
 * Decodes `data` (parameters, no selector) as `types`, strictly: see the module's invariant. `path`
 * names the data in messages (`args`).
 */
export function decodeValues(types: readonly AbiType[], data: Uint8Array, path = 'args'): AbiValue[] {
  const r: Reader = { data, count: 0 };
  const values = decodeTuple(r, types, 0, path);
  const canonical = encodeValues(types, values, path);
  if (!equalBytes(canonical, data)) {
    if (data.length > canonical.length && equalBytes(canonical, data.subarray(0, canonical.length))) {
      refuse('trailing-bytes', path, `${data.length - canonical.length} bytes after the last argument`);
    }
    refuse('non-canonical', path, 'offsets or lengths laid out otherwise than Solidity writes them, so two encodings would show the same words');
  }
  return values;
}
