/**
 * What the CLI needs from the outside world, passed in as one value so the commands are plain
 * functions that tests call in-process (STYLE.md habit 10): read stdin, read a file, write stdout
 * and stderr, tell the time. `nodeIo()` is the real process; tests pass their own.
 *
 * Files and stdin are read as bytes: a key file never becomes a JS string (strings cannot be wiped),
 * and JSON is decoded as strict UTF-8 so a corrupted file is refused, not patched with U+FFFD.
 */
import { readFile } from 'node:fs/promises';
import { bytesToUtf8 } from '../shared/bytes.ts';
import { AirlockError, fail } from '../shared/errors.ts';
import { parseJson, stringifyJson } from '../shared/json.ts';
import { UsageError } from './args.ts';

export interface CliIo {
  /** All of stdin. */
  readStdin(): Promise<Uint8Array>;
  /** All of a file. Errors carry Node's `code` (ENOENT, EACCES, ...). */
  readFile(path: string): Promise<Uint8Array>;
  stdout(text: string): void;
  stderr(text: string): void;
  /** ms since the epoch: decides whether a transaction has expired. */
  now(): number;
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
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    now: () => Date.now(),
  };
}

/** Reads a file by path, turning the OS error into coded data that names the path. */
export async function readInputFile(io: CliIo, path: string, what: string): Promise<Uint8Array> {
  try {
    return await io.readFile(path);
  } catch (e) {
    if (e instanceof AirlockError) throw e;
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOENT') fail('NOT_FOUND', `${what}: no such file: ${path}`, { path });
    if (code === 'EISDIR') fail('INVALID_INPUT', `${what}: is a directory: ${path}`, { path });
    if (code === 'EACCES' || code === 'EPERM') fail('INVALID_INPUT', `${what}: permission denied: ${path}`, { path });
    fail('INVALID_INPUT', `${what}: cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`, { path });
  }
}

/** FILE, or stdin for `-` or no argument; parsed as lossless JSON. */
export async function readJsonInput(io: CliIo, path: string | undefined): Promise<unknown> {
  const fromStdin = path === undefined || path === '-';
  const what = fromStdin ? 'stdin' : path;
  const bytes = fromStdin ? await io.readStdin() : await readInputFile(io, path, 'input');
  let text: string;
  try {
    text = bytesToUtf8(bytes);
  } catch {
    fail('BAD_JSON', `${what}: not UTF-8 text`);
  }
  return parseJson(text, what);
}

/** Pretty JSON (2-space indent) and a newline; int64 values as bare numbers. */
export function formatJson(value: unknown): string {
  return stringifyJson(value, 2) + '\n';
}
