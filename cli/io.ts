/**
 * What the CLI needs from the outside world, passed in as one value so the commands are plain
 * functions that tests call in-process (STYLE.md habit 10): read stdin, read a file, write stdout
 * and stderr, tell the time. `nodeIo()` is the real process; tests pass their own.
 *
 * Files and stdin are read as bytes: a key file never becomes a JS string (strings cannot be wiped),
 * and JSON is decoded as strict UTF-8 so a corrupted file is refused, not patched with U+FFFD.
 * A secret file (a key file) is read by `readOwnerOnlyFile`: refused, as ssh refuses a private key,
 * when group or others may read or write it, and read into one buffer the caller owns and wipes.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { bytesToUtf8 } from '../shared/base/bytes.ts';
import { escapeJsonText } from '../shared/base/escape.ts';
import { AirlockError, fail, shownArg } from '../shared/base/errors.ts';
import { parseJson, stringifyJson } from '../shared/base/json.ts';
import { checkFileName } from '../shared/files/file-name.ts';
import type { StationOptions } from '../station/core/context.ts';
import type { PromptTerminal } from '../station/vault/passphrase.ts';
import { refuseOpenPermissions } from '../station/vault/owner-only.ts';
import { UsageError } from './args.ts';
import { SECRET_FILE_MAX_BYTES } from '../shared/base/limits.ts';

export interface CliIo {
  /** All of stdin. */
  readStdin(): Promise<Uint8Array>;
  /** All of a file. Errors carry Node's `code` (ENOENT, EACCES, ...). */
  readFile(path: string): Promise<Uint8Array>;
  /**
   * All of a secret file, in a buffer that is the only copy and that the caller wipes. Refuses a
   * file others may read or write. Errors carry Node's `code`, or are coded AirlockErrors.
   */
  readSecretFile(path: string): Promise<Uint8Array>;
  stdout(text: string): void;
  stderr(text: string): void;
  /** ms since the epoch: decides whether a transaction has expired. */
  now(): number;
  /** The terminal for prompts (keystore passphrase, delete confirmation); absent when there is none. */
  terminal?: PromptTerminal;
  /** Whether stderr is a terminal (batch progress is shown only then). */
  stderrIsTTY?: boolean;
  /** Station options a test or benchmark sets (a cheaper keystore scrypt); never set by the CLI. */
  stationOptions?: Partial<Pick<StationOptions, 'scrypt' | 'nodeTimeoutMs' | 'batchWaitPollMs'>>;
}

export function nodeIo(): CliIo {
  return {
    async readStdin() {
      if (process.stdin.isTTY) throw new UsageError('no input: give a FILE, or pipe the JSON into stdin');
      const chunks: Uint8Array[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Uint8Array);
      return new Uint8Array(Buffer.concat(chunks));
    },
    async readFile(path) {
      return new Uint8Array(await readFile(path));
    },
    async readSecretFile(path) {
      return readOwnerOnlyFile(path);
    },
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    now: () => Date.now(),
    ...(process.stdin.isTTY && { terminal: { input: process.stdin, output: process.stderr } }),
    stderrIsTTY: process.stderr.isTTY === true,
  };
}

/**
 * Reads a small secret file. The mode is checked on the open descriptor (so the file checked is
 * the file read), and the bytes go straight into one Buffer.alloc'd buffer, never pooled, never a
 * string, never copied, so wiping what this returns wipes every copy this process made.
 */
export function readOwnerOnlyFile(path: string, what = 'key file'): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const stat = fstatSync(fd);
    const shown = shownArg(path);
    if (stat.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    if (!stat.isFile()) fail('INVALID_INPUT', `${what}: not a regular file: ${shown}`, { path: shown });
    refuseOpenPermissions(fd, path, what, 'a private key file');
    const buffer = Buffer.alloc(SECRET_FILE_MAX_BYTES + 1);
    let length = 0;
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length === buffer.length) {
        buffer.fill(0);
        fail('BAD_KEY', `${what}: ${shown} is larger than ${SECRET_FILE_MAX_BYTES} bytes, so it is not a key file`, { path: shown });
      }
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

/** Reads a file by path, turning the OS error into coded data that names the path. */
export async function readInputFile(io: CliIo, path: string, what: string, secret = false): Promise<Uint8Array> {
  // A NUL would reach the OS as an engine error (INTERNAL); say what is wrong instead (docs/decisions.md §16).
  checkFileName(path, what);
  try {
    return await (secret ? io.readSecretFile(path) : io.readFile(path));
  } catch (e) {
    if (e instanceof AirlockError) throw e;
    const code = (e as { code?: unknown }).code;
    // Node's own message repeats the path, which may be a key pasted by mistake: use the code only.
    const shown = shownArg(path);
    if (code === 'ENOENT') fail('NOT_FOUND', `${what}: no such file: ${shown}`, { path: shown });
    if (code === 'EISDIR') fail('INVALID_INPUT', `${what}: is a directory: ${shown}`, { path: shown });
    if (code === 'EACCES' || code === 'EPERM') fail('INVALID_INPUT', `${what}: permission denied: ${shown}`, { path: shown });
    fail('INVALID_INPUT', `${what}: cannot read ${shown}${typeof code === 'string' ? ` (${code})` : ''}`, { path: shown });
  }
}

/** FILE, or stdin for `-` or no argument; parsed as lossless JSON. */
export async function readJsonInput(io: CliIo, path: string | undefined): Promise<unknown> {
  const fromStdin = path === undefined || path === '-';
  const what = fromStdin ? 'stdin' : shownArg(path);
  const bytes = fromStdin ? await io.readStdin() : await readInputFile(io, path, 'input');
  let text: string;
  try {
    text = bytesToUtf8(bytes);
  } catch {
    fail('BAD_JSON', `${what}: not UTF-8 text`);
  }
  return parseJson(text, what);
}

/**
 * Pretty JSON (2-space indent) and a newline; int64 values as bare numbers. Control and bidi
 * characters inside strings are written as JSON escapes (shared/base/escape.ts `escapeJsonText`), so a
 * permission name like `ops\u202Eowner` cannot rearrange the terminal and still reads back the same.
 */
export function formatJson(value: unknown): string {
  return escapeJsonText(stringifyJson(value, 2)) + '\n';
}
