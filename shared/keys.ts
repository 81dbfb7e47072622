/**
 * secp256k1 keys and signatures, wrapped in one module that passes every option explicitly
 * (STYLE.md habit 8; DESIGN.md decision 3; PROTOCOL.md §2).
 *
 * - The signed message is the 32-byte txID itself: `prehash: false`, never a second hash.
 * - Nonces are RFC 6979 (no extra entropy) so the same key and txID always give the same bytes.
 * - s is low. Signatures are 65 bytes r‖s‖v with v = recovery id (0/1). noble's `recovered`
 *   format puts the recovery byte first, so we reorder both ways here and nowhere else.
 * - Recovery accepts what the reference node accepts: at least 65 bytes (extra bytes ignored),
 *   v of 0-3 or 27-34 (31-34 have 4 subtracted), high S allowed. Its failures carry the node's
 *   messages: `Signature size is N`, `Header byte out of range: N`.
 */
import * as secp from '@noble/secp256k1';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { addressFromPublicKey, type Address } from './address.ts';
import { hexToBytes } from './bytes.ts';
import { AirlockError, fail } from './errors.ts';

secp.hashes.sha256 = sha256;
secp.hashes.hmacSha256 = (key: Uint8Array, message: Uint8Array) => hmac(sha256, key, message);

export const SIGNATURE_LENGTH = 65;
export const PRIVATE_KEY_LENGTH = 32;

export function checkPrivateKey(key: Uint8Array, what = 'private key'): Uint8Array {
  if (!(key instanceof Uint8Array)) throw new TypeError(`${what}: expected bytes`);
  if (key.length !== PRIVATE_KEY_LENGTH) fail('BAD_KEY', `${what}: expected 32 bytes, got ${key.length}`);
  if (!secp.utils.isValidSecretKey(key)) fail('BAD_KEY', `${what}: not a valid secp256k1 key (zero or not below the curve order)`);
  return key;
}

/** Parses a hex private key (64 digits, optional 0x, surrounding whitespace ignored). */
export function privateKeyFromHex(text: string, what = 'private key'): Uint8Array {
  let key: Uint8Array;
  try {
    key = hexToBytes(text.trim(), what);
  } catch (e) {
    // Never echo any part of the text: it may be a secret with one typo.
    if (e instanceof AirlockError) fail('BAD_KEY', `${what}: expected 64 hex digits`);
    throw e;
  }
  return checkPrivateKey(key, what);
}

export function generatePrivateKey(): Uint8Array {
  return secp.utils.randomSecretKey();
}

/** Uncompressed (65 bytes, 0x04…) by default; compressed gives 33 bytes. */
export function publicKeyOf(privateKey: Uint8Array, compressed = false): Uint8Array {
  return secp.getPublicKey(checkPrivateKey(privateKey), compressed);
}

export function addressOfPrivateKey(privateKey: Uint8Array): Address {
  return addressFromPublicKey(publicKeyOf(privateKey, false));
}

function checkDigest(digest: Uint8Array, fn: string): void {
  if (!(digest instanceof Uint8Array)) throw new TypeError(`${fn}: txID must be bytes`);
  if (digest.length !== 32) throw new RangeError(`${fn}: txID must be 32 bytes, got ${digest.length}`);
}

/** Signs a 32-byte txID. Returns r‖s‖v with v = 0 or 1. */
export function signDigest(digest: Uint8Array, privateKey: Uint8Array): Uint8Array {
  checkDigest(digest, 'signDigest');
  const recovered = secp.sign(digest, checkPrivateKey(privateKey), {
    prehash: false,
    lowS: true,
    format: 'recovered',
    extraEntropy: false,
  });
  // noble: v‖r‖s; the chain: r‖s‖v.
  const out = new Uint8Array(SIGNATURE_LENGTH);
  out.set(recovered.subarray(1, 65), 0);
  out[64] = recovered[0]!;
  return out;
}

/** The recovery id the node derives from a signature's last byte, or throws its message. */
export function recoveryIdOf(signature: Uint8Array): number {
  if (signature.length < SIGNATURE_LENGTH) fail('SIGNATURE_FORMAT', `Signature size is ${signature.length}`);
  let header = signature[64]!;
  if (header < 27) header += 27;
  if (header < 27 || header > 34) fail('COMPUTE_ADDRESS', `Header byte out of range: ${header}`);
  if (header >= 31) header -= 4;
  return header - 27;
}

/** Recovers the uncompressed public key that made `signature` over `digest`. */
export function recoverPublicKey(signature: Uint8Array, digest: Uint8Array): Uint8Array {
  if (!(signature instanceof Uint8Array)) throw new TypeError('recoverPublicKey: signature must be bytes');
  checkDigest(digest, 'recoverPublicKey');
  const recId = recoveryIdOf(signature);
  const noble = new Uint8Array(SIGNATURE_LENGTH);
  noble[0] = recId;
  noble.set(signature.subarray(0, 64), 1);
  let compressed: Uint8Array;
  try {
    compressed = secp.recoverPublicKey(noble, digest, { prehash: false });
  } catch {
    fail('COMPUTE_ADDRESS', 'Could not recover public key from signature');
  }
  return secp.Point.fromBytes(compressed).toBytes(false);
}

/** The 21-byte address that signed `digest`. */
export function recoverSigner(signature: Uint8Array, digest: Uint8Array): Address {
  return addressFromPublicKey(recoverPublicKey(signature, digest));
}

/** True when `signature` is in the low half of s (what we emit; the node does not require it). */
export function isLowS(signature: Uint8Array): boolean {
  const s = BigInt('0x' + Array.from(signature.subarray(32, 64), (b) => b.toString(16).padStart(2, '0')).join(''));
  return s <= secp.Point.CURVE().n / 2n;
}
