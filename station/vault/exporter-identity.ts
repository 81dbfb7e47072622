/**
 * The station identity key (docs/decisions.md §16, "Trusted exporters for offline stations"): one secp256k1 key
 * per station, made from the OS's CSPRNG the first time it is asked for, with which the station
 * signs the snapshot and handoff files it exports (shared/files/exporter-signature.ts). Each vault
 * keeps it beside, never among, its signing keys:
 * - keychain: a binary entry under `Airlock <id> identity`, account `key` (not in the index, so
 *   `list` never names it and `sign` never finds it);
 * - keystore: `exporter-identity.json` beside keystore.json, the key sealed with AES-256-GCM under
 *   the keystore's derived key (so the same passphrase opens it) and its public key in the clear, so
 *   the fingerprint shows without the passphrase; the associated data binds both to the keystore's
 *   salt and to that public key;
 * - memory (tests): held in the vault object.
 *
 * Invariants: the key bytes never leave station/vault/: callers get the public key and signatures
 * over `exporterDigest(bodyDigest)` (the exporter domain tag), never a signature over 32 bytes they
 * chose, so an identity signature can never be a transaction signature or a proof. The key is made
 * once and never replaced by this module (a damaged one is refused, not regenerated: the stations
 * that pinned it would silently stop trusting the new one).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bytesToHex, equalBytes, hexToBytes } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { checkPrivateKey, PRIVATE_KEY_LENGTH, publicKeyOf, signDigest } from '../../shared/chain/keys.ts';
import { exporterDigest } from '../../shared/files/exporter-signature.ts';

/** The keystore vault's identity file, beside keystore.json. */
export const IDENTITY_FILE = 'exporter-identity.json';
const IDENTITY_FORMAT = 'airlock.exporter-identity';

/** Signs `bodyDigest` under the exporter domain tag with `key` (wiped by the caller), after checking the key is the identity's. */
export function signUnderExporterTag(
  key: Uint8Array,
  expectedPublicKey: Uint8Array | null,
  bodyDigest: Uint8Array,
): { publicKey: Uint8Array; signature: Uint8Array } {
  const publicKey = identityPublicKeyOf(key);
  if (expectedPublicKey !== null && !equalBytes(publicKey, expectedPublicKey))
    fail('VAULT_UNAVAILABLE', "the station identity key does not match its public key: the vault's identity entry is damaged; restore it from a backup");
  return { publicKey, signature: signDigest(exporterDigest(bodyDigest), key) };
}

/** The compressed public key of an identity key; a damaged one is VAULT_UNAVAILABLE, never quoted. */
export function identityPublicKeyOf(key: Uint8Array): Uint8Array {
  try {
    return publicKeyOf(checkPrivateKey(key, 'identity key'), true);
  } catch {
    fail('VAULT_UNAVAILABLE', "the station identity key in the vault is not a valid secp256k1 key; restore the vault's identity entry from a backup");
  }
}

// ---- keystore: one sealed file

interface SealedIdentity {
  publicKey: Uint8Array;
  iv: Uint8Array;
  tag: Uint8Array;
  ciphertext: Uint8Array;
}

function identityAad(salt: Uint8Array, publicKey: Uint8Array): Buffer {
  return Buffer.from(JSON.stringify([IDENTITY_FORMAT, 1, bytesToHex(salt), bytesToHex(publicKey)]), 'utf8');
}

function broken(path: string): never {
  fail('KEYSTORE_CORRUPT', `${path}: the station identity cannot be read; restore it from a backup`, { path });
}

/** The sealed identity in `dataDir`, or null when none was made; KEYSTORE_CORRUPT when damaged. */
export function readSealedIdentity(dataDir: string): SealedIdentity | null {
  const path = join(dataDir, IDENTITY_FILE);
  if (!existsSync(path)) return null;
  try {
    const j = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    const bytes = (v: unknown, n: number): Uint8Array => (typeof v === 'string' && v.length === n * 2 && /^[0-9a-f]+$/.test(v) ? hexToBytes(v) : broken(path));
    if (j.format !== IDENTITY_FORMAT || j.version !== 1) broken(path);
    return { publicKey: bytes(j.publicKey, 33), iv: bytes(j.iv, 12), tag: bytes(j.tag, 16), ciphertext: bytes(j.ciphertext, PRIVATE_KEY_LENGTH) };
  } catch {
    return broken(path);
  }
}

/** Seals a new identity key under the keystore's derived key; refuses to replace an existing one. Wipes nothing: the caller owns `key`. */
export function writeSealedIdentity(dataDir: string, encryptionKey: Uint8Array, salt: Uint8Array, key: Uint8Array): Uint8Array {
  const path = join(dataDir, IDENTITY_FILE);
  if (existsSync(path)) fail('INTERNAL', 'the station identity exists already; it is never replaced');
  const publicKey = identityPublicKeyOf(key);
  const iv = new Uint8Array(randomBytes(12));
  const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
  cipher.setAAD(identityAad(salt, publicKey));
  const ciphertext = Buffer.concat([cipher.update(key), cipher.final()]);
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const text = JSON.stringify({
    format: IDENTITY_FORMAT,
    version: 1,
    publicKey: bytesToHex(publicKey),
    iv: bytesToHex(iv),
    tag: bytesToHex(cipher.getAuthTag()),
    ciphertext: bytesToHex(ciphertext),
  });
  writeFileSync(temp, `${text}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(temp, path);
  return publicKey;
}

/** The identity key bytes (the caller wipes them), opened with the keystore's derived key. */
export function openSealedIdentity(dataDir: string, sealed: SealedIdentity, encryptionKey: Uint8Array, salt: Uint8Array): Uint8Array {
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey, sealed.iv);
  decipher.setAAD(identityAad(salt, sealed.publicKey));
  try {
    decipher.setAuthTag(sealed.tag);
    return new Uint8Array(Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]));
  } catch {
    return broken(join(dataDir, IDENTITY_FILE));
  }
}
