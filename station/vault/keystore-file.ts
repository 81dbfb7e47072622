/**
 * The keystore file: where there is no OS keychain, the station's keys live in one file in the data
 * directory, encrypted with a passphrase (docs/decisions.md §7, "Vault"). Format version 1, JSON:
 *
 *   {"format": "airlock.keystore", "version": 1,
 *    "kdf": {"name": "scrypt", "n": 131072, "r": 8, "p": 1, "salt": hex(32)},
 *    "check": hex(32),
 *    "cipher": {"name": "aes-256-gcm", "iv": hex(12), "tag": hex(16)},
 *    "addresses": ["T…", …],
 *    "ciphertext": hex(32 × addresses.length)}
 *
 * scrypt(passphrase, salt, n, r, p) gives 64 bytes: the first 32 are the AES-256-GCM key, the last
 * 32 key an HMAC-SHA256 of "airlock.keystore check" stored as `check`. The check tells a wrong
 * passphrase (KEYSTORE_PASSPHRASE) from a damaged payload (KEYSTORE_CORRUPT) and costs an attacker
 * nothing they would not get from trying the cipher, since scrypt is the cost either way. The
 * plaintext is the keys' 32 bytes each, in the order of `addresses`; the additional authenticated
 * data is every other field, so the address list cannot be edited without the passphrase (it is
 * readable without it, for `keys list`; unlocking proves it and re-derives each address from its key).
 *
 * Invariants: the file is replaced atomically (temp file, fsync, rename; mode 0600), so a crash leaves
 * the old file or the new one. Parameters read from a file are bounded, so a hostile file cannot make
 * scrypt take unbounded memory or time. Truncated, corrupted, wrong-version and wrong-passphrase
 * files each raise their own code. No message quotes file content.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { wipe } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { PRIVATE_KEY_LENGTH } from '../../shared/chain/keys.ts';
import { KEYSTORE_MAX_BYTES, SCRYPT_LIMITS } from '../../shared/base/limits.ts';

export const KEYSTORE_FORMAT = 'airlock.keystore';
export const KEYSTORE_VERSION = 1;
export const KEYSTORE_FILE = 'keystore.json';

/**
 * scrypt cost: n = 2^17, r = 8, p = 1 uses 128 MiB and about half a second per unlock on a laptop,
 * the cost OWASP suggests for interactive logins doubled. Stored in the file, so it can rise later
 * without breaking old files.
 */
export const SCRYPT_DEFAULT = { n: 2 ** 17, r: 8, p: 1 } as const;
const CHECK_LABEL = 'airlock.keystore check';

export interface ScryptParams {
  n: number;
  r: number;
  p: number;
}

export interface KeystoreFile {
  kdf: ScryptParams & { salt: Uint8Array };
  check: Uint8Array;
  iv: Uint8Array;
  tag: Uint8Array;
  addresses: string[];
  ciphertext: Uint8Array;
}

/** The key material scrypt yields for one passphrase and salt; `lock()` wipes it. */
export interface DerivedKey {
  salt: Uint8Array;
  params: ScryptParams;
  encryptionKey: Uint8Array;
  check: Uint8Array;
}

export function checkScryptParams(params: ScryptParams, where: string): ScryptParams {
  const { n, r, p } = params;
  const ok =
    Number.isSafeInteger(n) &&
    Number.isSafeInteger(r) &&
    Number.isSafeInteger(p) &&
    n >= SCRYPT_LIMITS.minN &&
    n <= SCRYPT_LIMITS.maxN &&
    (n & (n - 1)) === 0 &&
    r >= 1 &&
    r <= SCRYPT_LIMITS.maxR &&
    p >= 1 &&
    p <= SCRYPT_LIMITS.maxP &&
    128 * n * r * p <= SCRYPT_LIMITS.maxMemory;
  if (!ok) {
    fail('KEYSTORE_CORRUPT', `${where}: scrypt parameters out of range (n a power of two in 2^14..2^20, r 1..16, p 1..4, at most 1 GiB)`, { field: 'kdf' });
  }
  return params;
}

/** Runs scrypt off the main thread. Does not wipe `passphrase` (the caller owns it). */
export async function deriveKey(passphrase: Uint8Array, salt: Uint8Array, params: ScryptParams): Promise<DerivedKey> {
  const { n, r, p } = params;
  const out = await new Promise<Buffer>((resolve, reject) => {
    scrypt(passphrase, salt, 64, { N: n, r, p, maxmem: 128 * n * r * p + 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
  try {
    const encryptionKey = Uint8Array.from(out.subarray(0, 32));
    const check = new Uint8Array(createHmac('sha256', out.subarray(32, 64)).update(CHECK_LABEL).digest());
    return { salt, params, encryptionKey, check };
  } finally {
    wipe(out);
  }
}

export function passphraseMatches(file: KeystoreFile, key: DerivedKey): boolean {
  return file.check.length === key.check.length && timingSafeEqual(file.check, key.check);
}

function associatedData(kdf: KeystoreFile['kdf'], check: Uint8Array, iv: Uint8Array, addresses: string[]): Buffer {
  const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
  return Buffer.from(
    JSON.stringify([KEYSTORE_FORMAT, KEYSTORE_VERSION, 'scrypt', kdf.n, kdf.r, kdf.p, hex(kdf.salt), hex(check), 'aes-256-gcm', hex(iv), addresses]),
    'utf8',
  );
}

/** Encrypts `keys` (32 bytes each, in the order of `addresses`). Does not wipe `keys`. */
export function sealKeystore(key: DerivedKey, addresses: string[], keys: Uint8Array): KeystoreFile {
  const iv = new Uint8Array(randomBytes(12));
  const kdf = { ...key.params, salt: key.salt };
  const cipher = createCipheriv('aes-256-gcm', key.encryptionKey, iv);
  cipher.setAAD(associatedData(kdf, key.check, iv, addresses));
  const ciphertext = new Uint8Array(Buffer.concat([cipher.update(keys), cipher.final()]));
  return { kdf, check: key.check, iv, tag: new Uint8Array(cipher.getAuthTag()), addresses, ciphertext };
}

/** Decrypts the keys (32 bytes each); the caller wipes the result. */
export function openKeystore(file: KeystoreFile, key: DerivedKey, path: string): Uint8Array {
  const decipher = createDecipheriv('aes-256-gcm', key.encryptionKey, file.iv);
  decipher.setAAD(associatedData(file.kdf, file.check, file.iv, file.addresses));
  decipher.setAuthTag(file.tag);
  const parts: Buffer[] = [];
  try {
    parts.push(decipher.update(file.ciphertext));
    parts.push(decipher.final());
  } catch {
    for (const part of parts) wipe(part);
    fail(
      'KEYSTORE_CORRUPT',
      `${path}: the keystore's payload fails authentication (the passphrase is right, so the file was changed or damaged); restore it from a backup`,
    );
  }
  const out = new Uint8Array(file.addresses.length * PRIVATE_KEY_LENGTH);
  let at = 0;
  for (const part of parts) {
    out.set(part.subarray(0, out.length - at), at);
    at += part.length;
    wipe(part);
  }
  return out;
}

export function encodeKeystore(file: KeystoreFile): string {
  const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
  return `${JSON.stringify(
    {
      format: KEYSTORE_FORMAT,
      version: KEYSTORE_VERSION,
      kdf: { name: 'scrypt', n: file.kdf.n, r: file.kdf.r, p: file.kdf.p, salt: hex(file.kdf.salt) },
      check: hex(file.check),
      cipher: { name: 'aes-256-gcm', iv: hex(file.iv), tag: hex(file.tag) },
      addresses: file.addresses,
      ciphertext: hex(file.ciphertext),
    },
    null,
    2,
  )}\n`;
}

/**
 * True when `text` stops inside a JSON value: an open string, object or array, or nothing at all.
 * Text that is whole but wrong is corruption, not truncation.
 */
export function endsEarly(text: string): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let sawValue = false;
  for (const ch of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') depth--;
    if (!/\s/.test(ch)) sawValue = true;
  }
  return !sawValue || inString || depth > 0;
}

function corrupt(path: string, what: string, field?: string): never {
  fail('KEYSTORE_CORRUPT', `${path}: not a valid keystore file (${what}); restore it from a backup`, field ? { field } : undefined);
}

function hexField(value: unknown, bytes: number | undefined, path: string, field: string): Uint8Array {
  if (typeof value !== 'string' || !/^(?:[0-9a-f]{2})*$/.test(value) || (bytes !== undefined && value.length !== bytes * 2)) {
    corrupt(path, `${field} must be ${bytes === undefined ? '' : `${bytes} bytes of `}lowercase hex`, field);
  }
  return new Uint8Array(Buffer.from(value, 'hex'));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses and checks a keystore file's bytes (before any passphrase is asked for). */
export function decodeKeystore(bytes: Uint8Array, path: string): KeystoreFile {
  if (bytes.length > KEYSTORE_MAX_BYTES) corrupt(path, `larger than ${KEYSTORE_MAX_BYTES} bytes`);
  const text = Buffer.from(bytes).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    if (endsEarly(text)) {
      fail(
        'KEYSTORE_TRUNCATED',
        `${path}: the keystore file ends early (${bytes.length} bytes; a partial copy?); copy it again from where it came from or restore it from a backup`,
      );
    }
    corrupt(path, 'not JSON');
  }
  if (!isRecord(json) || json.format !== KEYSTORE_FORMAT) corrupt(path, `format is not "${KEYSTORE_FORMAT}"`, 'format');
  if (json.version !== KEYSTORE_VERSION) {
    const v = typeof json.version === 'number' && Number.isSafeInteger(json.version) ? String(json.version) : 'not a number';
    fail(
      'KEYSTORE_VERSION',
      `${path}: keystore version ${v} is not one this Airlock reads (it reads version ${KEYSTORE_VERSION}); use the Airlock that wrote it`,
      { field: 'version' },
    );
  }
  const kdf = json.kdf;
  if (!isRecord(kdf) || kdf.name !== 'scrypt') corrupt(path, 'kdf.name must be "scrypt"', 'kdf');
  const params = checkScryptParams({ n: kdf.n as number, r: kdf.r as number, p: kdf.p as number }, path);
  const salt = hexField(kdf.salt, undefined, path, 'kdf.salt');
  if (salt.length < 16 || salt.length > 64) corrupt(path, 'kdf.salt must be 16 to 64 bytes', 'kdf.salt');
  const cipher = json.cipher;
  if (!isRecord(cipher) || cipher.name !== 'aes-256-gcm') corrupt(path, 'cipher.name must be "aes-256-gcm"', 'cipher');
  const addresses = json.addresses;
  if (!Array.isArray(addresses) || !addresses.every((a) => typeof a === 'string' && /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(a))) {
    corrupt(path, 'addresses must be a list of Base58 addresses', 'addresses');
  }
  if (new Set(addresses).size !== addresses.length) corrupt(path, 'an address is listed twice', 'addresses');
  const ciphertext = hexField(json.ciphertext, addresses.length * PRIVATE_KEY_LENGTH, path, 'ciphertext');
  return {
    kdf: { ...params, salt },
    check: hexField(json.check, 32, path, 'check'),
    iv: hexField(cipher.iv, 12, path, 'cipher.iv'),
    tag: hexField(cipher.tag, 16, path, 'cipher.tag'),
    addresses: addresses as string[],
    ciphertext,
  };
}

/** Reads the file, or null when there is none yet. */
export function readKeystoreFile(path: string): KeystoreFile | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  return decodeKeystore(bytes, path);
}

/** Replaces `path` atomically: a crash leaves the old file or the new one, never a mix. */
export function writeKeystoreFile(path: string, file: KeystoreFile): void {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, encodeKeystore(file));
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw e;
  }
  closeSync(fd);
  try {
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
  // The rename itself must reach the disk before we report success (Windows cannot open a folder).
  if (process.platform === 'win32') return;
  const dir = openSync(dirname(path), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}
