/**
 * secp256k1 private keys and signing, wrapped in one module that passes every option explicitly
 * (STYLE.md habit 8; DESIGN.md decision 3; PROTOCOL.md §2 "Signing"). Everything that only reads
 * signatures lives in `shared/chain/verify.ts`, so code that must never sign (the renderer) can verify
 * without importing this module.
 *
 * - The signed message is the 32-byte txID itself: `prehash: false`, never a second hash.
 * - Nonces are RFC 6979 (no extra entropy) so the same key and txID always give the same bytes.
 * - s is low. Signatures are 65 bytes r‖s‖v with v = recovery id (0/1). noble's `recovered`
 *   format puts the recovery byte first, so we reorder it here.
 */
import * as secp from '@noble/secp256k1';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { addressFromPublicKey, type Address } from './address.ts';
import { hexToBytes } from '../base/bytes.ts';
import { AirlockError, fail } from '../base/errors.ts';
import { decodeRaw, txIdOf, type SignedTransaction } from './transaction.ts';
import { checkDigest, SIGNATURE_LENGTH } from './verify.ts';
import { badArgument } from './input.ts';

secp.hashes.sha256 = sha256;
secp.hashes.hmacSha256 = (key: Uint8Array, message: Uint8Array) => hmac(sha256, key, message);

export const PRIVATE_KEY_LENGTH = 32;

export function checkPrivateKey(key: Uint8Array, what = 'private key'): Uint8Array {
  if (!(key instanceof Uint8Array)) badArgument(`${what}: expected bytes`, what);
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

/**
 * Appends a signature by `privateKey` over the transaction's txID. The bytes must decode (strictly)
 * first, so nobody signs a transaction Airlock could not show.
 */
export function addSignature(tx: SignedTransaction, privateKey: Uint8Array): SignedTransaction {
  decodeRaw(tx.rawBytes);
  return { rawBytes: tx.rawBytes, signatures: [...tx.signatures, signDigest(txIdOf(tx.rawBytes), privateKey)] };
}
