/**
 * Reads a hex private key from a key file for `tx sign` and `address --key-file` (a developer and
 * scripting convenience; SECURITY.md). The file holds 64 hex digits, optionally `0x`-prefixed, with
 * any whitespace around them. The key is parsed straight from the file's bytes into a 32-byte buffer,
 * never through a JS string, and the file buffer is wiped before returning; the caller wipes the key
 * after use (STYLE.md habit 8). No message ever contains any part of the file.
 *
 * The file must be readable and writable by its owner only (`chmod 600`), as ssh requires of a
 * private key; io.readSecretFile refuses it otherwise, before reading (docs/decisions.md §6).
 */
import { wipe } from '../shared/base/bytes.ts';
import { AirlockError, fail, shownArg } from '../shared/base/errors.ts';
import { checkPrivateKey, PRIVATE_KEY_LENGTH } from '../shared/chain/keys.ts';
import { readInputFile, type CliIo } from './io.ts';

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
}

function nibble(b: number): number {
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  if (b >= 0x61 && b <= 0x66) return b - 0x61 + 10;
  if (b >= 0x41 && b <= 0x46) return b - 0x41 + 10;
  return -1;
}

/** Parses and checks key bytes; always wipes `file`. */
export function privateKeyFromFileBytes(file: Uint8Array, what = 'key file'): Uint8Array {
  const key = new Uint8Array(PRIVATE_KEY_LENGTH);
  try {
    let start = 0;
    let end = file.length;
    while (start < end && isSpace(file[start]!)) start++;
    while (end > start && isSpace(file[end - 1]!)) end--;
    if (end - start >= 2 && file[start] === 0x30 && (file[start + 1] === 0x78 || file[start + 1] === 0x58)) start += 2;
    let ok = end - start === PRIVATE_KEY_LENGTH * 2;
    for (let i = 0; ok && i < PRIVATE_KEY_LENGTH; i++) {
      const hi = nibble(file[start + 2 * i]!);
      const lo = nibble(file[start + 2 * i + 1]!);
      if (hi < 0 || lo < 0) ok = false;
      else key[i] = (hi << 4) | lo;
    }
    if (!ok) fail('BAD_KEY', `${what}: expected 64 hex digits (a secp256k1 private key), optionally with 0x and surrounding whitespace`);
    return checkPrivateKey(key, what);
  } catch (e) {
    wipe(key);
    throw e;
  } finally {
    wipe(file);
  }
}

/** Reads and parses the key file at `path`. The caller owns (and must wipe) the returned key. */
export async function readPrivateKeyFile(io: CliIo, path: string): Promise<Uint8Array> {
  const bytes = await readInputFile(io, path, 'key file', true);
  try {
    return privateKeyFromFileBytes(bytes);
  } catch (e) {
    if (e instanceof AirlockError) fail(e.code, e.message, { ...e.details, path: shownArg(path) });
    throw e;
  }
}
