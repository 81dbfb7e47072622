// Shared by the vault tests: a scan for key bytes (raw and hex, both cases) in files and text, and a
// fixed digest. The scan is how the tests prove "private key bytes never leave the vault layer".
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sha256 } from '@noble/hashes/sha2.js';
import { AirlockError, type ErrorCode } from '../../shared/base/errors.ts';

export const DIGEST = sha256(new TextEncoder().encode('airlock vault test digest'));

/** Every file under `dir`, recursively. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Where `key` shows up in `haystack` (raw bytes, or hex in either case), as a list of findings. */
export function keyTraces(key: Uint8Array, haystack: Uint8Array | string, where: string): string[] {
  const bytes = typeof haystack === 'string' ? Buffer.from(haystack, 'utf8') : Buffer.from(haystack);
  const hex = Buffer.from(key).toString('hex');
  const found: string[] = [];
  if (bytes.indexOf(Buffer.from(key)) >= 0) found.push(`${where}: raw key bytes`);
  const text = bytes.toString('latin1').toLowerCase();
  if (text.includes(hex)) found.push(`${where}: key hex`);
  return found;
}

export function keyTracesInFiles(key: Uint8Array, dir: string): string[] {
  return filesUnder(dir).flatMap((path) => keyTraces(key, readFileSync(path), path));
}

/** The code of the AirlockError `p` rejects with (anything else fails the test). */
export async function codeOf(p: Promise<unknown>): Promise<ErrorCode> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AirlockError) return e.code;
    throw e;
  }
  throw new Error('expected an AirlockError');
}

/** Collects what each call gave (a result, or an error's data and stack) for the key-bytes scan. */
export function recorder(): { outputs: unknown[]; record: (p: Promise<unknown>) => Promise<void> } {
  const outputs: unknown[] = [];
  const record = async (p: Promise<unknown>) => {
    try {
      outputs.push(await p);
    } catch (e) {
      outputs.push(e instanceof AirlockError ? e.toData() : String(e), e instanceof Error ? e.stack : '');
    }
  };
  return { outputs, record };
}
