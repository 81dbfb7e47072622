/**
 * Account addresses (PROTOCOL.md §2): 21 bytes, the 0x41 prefix then the last 20 bytes of
 * Keccak-256 over the 64-byte uncompressed public key. Written as 42 hex digits (`41…`) in the
 * node's JSON, or as Base58Check (`T…`, 34 characters) for people. Every parser here rejects a bad
 * length, prefix, alphabet or checksum with a message that says which.
 */
import { base58 } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, equalBytes, hexToBytes } from '../base/bytes.ts';
import { AirlockError, excerpt, fail } from '../base/errors.ts';
import { BASE58_MEMO_ENTRIES } from '../base/limits.ts';

export const ADDRESS_PREFIX = 0x41;
export const ADDRESS_LENGTH = 21;

/** 21 address bytes. A plain Uint8Array; use `checkAddress` at every edge. */
export type Address = Uint8Array;

/** Throws BAD_ADDRESS unless `bytes` is 21 bytes starting with 0x41. */
export function checkAddress(bytes: Uint8Array, what = 'address'): Address {
  if (!(bytes instanceof Uint8Array)) fail('INVALID_INPUT', `${what}: expected bytes`, { field: what });
  if (bytes.length !== ADDRESS_LENGTH) {
    fail('BAD_ADDRESS', `${what}: an address is ${ADDRESS_LENGTH} bytes, got ${bytes.length}`);
  }
  if (bytes[0] !== ADDRESS_PREFIX) {
    fail('BAD_ADDRESS', `${what}: an address starts with 0x41, got 0x${bytesToHex(bytes.subarray(0, 1))}`);
  }
  return bytes;
}

export function isAddressBytes(bytes: Uint8Array): boolean {
  return bytes instanceof Uint8Array && bytes.length === ADDRESS_LENGTH && bytes[0] === ADDRESS_PREFIX;
}

function checksum(payload: Uint8Array): Uint8Array {
  return sha256(sha256(payload)).subarray(0, 4);
}

/**
 * Base58 texts already computed, by the address's bytes as a string (its content, never the array
 * object, which a caller may change): a list of 100 rows names the same few accounts and keys, and
 * each text costs two sha256. Emptied when full; a pure function's answers, so nothing goes stale.
 */
const base58Memo = new Map<string, string>();

export function addressToBase58(address: Address): string {
  checkAddress(address);
  const key = String.fromCharCode(...address);
  let text = base58Memo.get(key);
  if (text === undefined) {
    const out = new Uint8Array(ADDRESS_LENGTH + 4);
    out.set(address);
    out.set(checksum(address), ADDRESS_LENGTH);
    text = base58.encode(out);
    if (base58Memo.size >= BASE58_MEMO_ENTRIES) base58Memo.clear();
    base58Memo.set(key, text);
  }
  return text;
}

export function addressToHex(address: Address): string {
  return bytesToHex(checkAddress(address));
}

export function addressFromBase58(text: string, what = 'address'): Address {
  if (typeof text !== 'string') fail('INVALID_INPUT', `${what}: expected a string, got ${typeof text}`, { field: what });
  let raw: Uint8Array;
  try {
    raw = base58.decode(text);
  } catch {
    fail('BAD_ADDRESS', `${what}: ${excerpt(text)} is not Base58 (allowed: 1-9, A-H, J-N, P-Z, a-k, m-z)`);
  }
  if (raw.length !== ADDRESS_LENGTH + 4) {
    fail('BAD_ADDRESS', `${what}: Base58 address decodes to ${raw.length} bytes, expected 25`);
  }
  const payload = raw.subarray(0, ADDRESS_LENGTH);
  if (!equalBytes(checksum(payload), raw.subarray(ADDRESS_LENGTH))) {
    fail('BAD_ADDRESS', `${what}: Base58 checksum does not match (a mistyped character?)`);
  }
  return checkAddress(payload.slice(), what);
}

export function addressFromHex(text: string, what = 'address'): Address {
  let bytes: Uint8Array;
  try {
    bytes = hexToBytes(text, what);
  } catch (e) {
    if (e instanceof AirlockError) fail('BAD_ADDRESS', e.message);
    throw e;
  }
  return checkAddress(bytes, what);
}

/** Parses either form: 42 hex digits starting `41`, or Base58Check starting `T`. */
export function parseAddress(text: string, what = 'address'): Address {
  if (typeof text !== 'string') fail('INVALID_INPUT', `${what}: expected a string, got ${typeof text}`, { field: what });
  const t = text.trim();
  if (t.length === 0) fail('BAD_ADDRESS', `${what}: empty`);
  if (/^(0x)?[0-9a-fA-F]+$/.test(t) && t.length >= 40) return addressFromHex(t, what);
  return addressFromBase58(t, what);
}

/** Address of an uncompressed public key (65 bytes with 0x04, or the bare 64-byte X‖Y). */
export function addressFromPublicKey(publicKey: Uint8Array): Address {
  let xy: Uint8Array;
  if (publicKey.length === 65 && publicKey[0] === 0x04) xy = publicKey.subarray(1);
  else if (publicKey.length === 64) xy = publicKey;
  else fail('INVALID_INPUT', `addressFromPublicKey: expected an uncompressed public key, got ${publicKey.length} bytes`, { field: 'publicKey' });
  const out = new Uint8Array(ADDRESS_LENGTH);
  out[0] = ADDRESS_PREFIX;
  out.set(keccak_256(xy).subarray(12), 1);
  return out;
}

/** Both written forms, the shape the CLI and UI show. */
export function describeAddress(address: Address): { hex: string; base58: string } {
  return { hex: addressToHex(address), base58: addressToBase58(address) };
}
