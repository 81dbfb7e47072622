/**
 * Where the keystore's passphrase comes from (docs/decisions.md §7, "Vault"): a prompt without echo when stdin
 * is a terminal, or for scripts a file (`--passphrase-file F`) or an open file descriptor
 * (`--passphrase-fd N`). Never a flag's value: that would sit in shell history and `ps` output.
 *
 * The passphrase is bytes, never a JS string, so it can be wiped; whoever receives it wipes it (the
 * keystore vault does, right after scrypt). From a file or descriptor it is every byte read, minus
 * one trailing newline (`\n` or `\r\n`), with no other trimming or normalisation. It is at most
 * PASSPHRASE_MAX_BYTES; a bigger source is refused after reading at most three bytes more than that, so
 * pointing the option at a huge file or an endless pipe cannot exhaust memory. A descriptor is read
 * once, to its end. No message ever quotes what was read. A passphrase or API key FILE must be
 * readable and writable by its owner only, as a key file must (./owner-only.ts; docs/decisions.md §16).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { wipe } from '../../shared/base/bytes.ts';
import { AirlockError, fail, shownArg } from '../../shared/base/errors.ts';
import { refuseOpenPermissions } from './owner-only.ts';
import { PASSPHRASE_MAX_BYTES, PASSPHRASE_MIN_BYTES } from '../../shared/base/limits.ts';

const article = (what: string): string => (/^[aeiou]/i.test(what) ? 'an' : 'a');

/** 'create' asks for a new passphrase (a prompt asks twice); 'unlock' for the existing one. */
export type PassphrasePurpose = 'create' | 'unlock';
/** Returns a passphrase the caller owns and must wipe. */
export type PassphraseSource = (purpose: PassphrasePurpose) => Promise<Uint8Array>;

export interface PassphraseOptions {
  /** `--passphrase-file F` */
  passphraseFile?: string;
  /** `--passphrase-fd N` */
  passphraseFd?: number;
}

/** A terminal for the prompt: stdin and stderr in the CLI. */
export interface PromptTerminal {
  input: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  output: NodeJS.WritableStream;
}

function checkLength(bytes: Uint8Array, purpose: PassphrasePurpose, field: string): Uint8Array {
  if (bytes.length === 0) {
    wipe(bytes);
    fail('INVALID_INPUT', `${field}: the passphrase is empty`, { field });
  }
  if (purpose === 'create' && bytes.length < PASSPHRASE_MIN_BYTES) {
    wipe(bytes);
    fail('INVALID_INPUT', `${field}: a new keystore's passphrase must be at least ${PASSPHRASE_MIN_BYTES} bytes`, { field });
  }
  return bytes;
}

/** Reads a descriptor to its end, refusing more than PASSPHRASE_MAX_BYTES; strips one newline. */
export function readPassphraseFromFd(fd: number, field: string, what = 'passphrase'): Uint8Array {
  // Room for the longest passphrase, its \r\n, and one byte more to notice a longer one.
  const buffer = Buffer.alloc(PASSPHRASE_MAX_BYTES + 3);
  let length = 0;
  try {
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buffer, length, buffer.length - length, null);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') continue;
        fail('INVALID_INPUT', `${field}: cannot read the ${what} (${code ?? 'error'})`, { field });
      }
      if (n === 0) break;
      length += n;
      if (length > PASSPHRASE_MAX_BYTES + 2) {
        fail('INVALID_INPUT', `${field}: ${article(what)} ${what} is at most ${PASSPHRASE_MAX_BYTES} bytes`, { field });
      }
    }
    let end = length;
    if (end > 0 && buffer[end - 1] === 0x0a) end--;
    if (end > 0 && end < length && buffer[end - 1] === 0x0d) end--;
    if (end > PASSPHRASE_MAX_BYTES) fail('INVALID_INPUT', `${field}: ${article(what)} ${what} is at most ${PASSPHRASE_MAX_BYTES} bytes`, { field });
    return Uint8Array.from(buffer.subarray(0, end));
  } finally {
    wipe(buffer);
  }
}

/** Reads an owner-only file the way `readPassphraseFromFd` reads a descriptor. */
function readSecretFile(path: string, field: string, what: string): Uint8Array {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    fail('INVALID_INPUT', `${field}: cannot open ${shownArg(path)} (${(e as NodeJS.ErrnoException).code ?? 'error'})`, { field, path: shownArg(path) });
  }
  try {
    // A regular file's size is known up front; refuse a big one without reading it.
    const stat = fstatSync(fd);
    if (stat.isFile() && stat.size > PASSPHRASE_MAX_BYTES + 2) {
      fail('INVALID_INPUT', `${field}: ${article(what)} ${what} is at most ${PASSPHRASE_MAX_BYTES} bytes`, { field, path: shownArg(path) });
    }
    // A regular file only: a pipe (`--passphrase-file <(pass show x)`, /dev/fd/N) is the shell's.
    if (stat.isFile()) refuseOpenPermissions(fd, path, field, `${article(what)} ${what} file`, field);
    return readPassphraseFromFd(fd, field, what);
  } finally {
    closeSync(fd);
  }
}

export function readPassphraseFile(path: string, purpose: PassphrasePurpose): Uint8Array {
  return checkLength(readSecretFile(path, '--passphrase-file', 'passphrase'), purpose, '--passphrase-file');
}

/** `settings set-api-key`'s sources (docs/decisions.md §11): like the passphrase's, never a flag's value. */
export interface ApiKeyOptions {
  /** `--api-key-file F` */
  apiKeyFile?: string;
  /** `--api-key-fd N` */
  apiKeyFd?: number;
}

/**
 * Reads a hosted node's API key from the file, else the descriptor, else a prompt without echo; the
 * bytes are the caller's to wipe. Both options at once, or no source at all, is an error.
 */
export async function readApiKeySource(options: ApiKeyOptions, terminal: PromptTerminal): Promise<Uint8Array> {
  const { apiKeyFile, apiKeyFd } = options;
  if (apiKeyFile !== undefined && apiKeyFd !== undefined)
    fail('INVALID_INPUT', 'Pass either --api-key-file or --api-key-fd, not both', { field: '--api-key-fd' });
  if (apiKeyFd !== undefined && (!Number.isSafeInteger(apiKeyFd) || apiKeyFd < 0))
    fail('INVALID_INPUT', '--api-key-fd: expected a file descriptor number', { field: '--api-key-fd' });
  let bytes: Uint8Array;
  let field: string;
  if (apiKeyFile !== undefined) [bytes, field] = [readSecretFile(apiKeyFile, '--api-key-file', 'API key'), '--api-key-file'];
  else if (apiKeyFd !== undefined) [bytes, field] = [readPassphraseFromFd(apiKeyFd, '--api-key-fd', 'API key'), '--api-key-fd'];
  else {
    if (!terminal.input.isTTY) fail('INVALID_INPUT', 'No API key: stdin is not a terminal; pass --api-key-file F or --api-key-fd N', { field: 'api-key' });
    [bytes, field] = [await promptPassphrase(terminal, 'API key of the node (not shown): '), 'api-key'];
  }
  if (bytes.length === 0) fail('INVALID_INPUT', `${field}: the API key is empty`, { field });
  return bytes;
}

/** Reads one line from a raw-mode terminal without echo. Ctrl-C or Ctrl-D on an empty line aborts. */
export function promptPassphrase(terminal: PromptTerminal, question: string): Promise<Uint8Array> {
  const { input, output } = terminal;
  if (!input.isTTY || typeof input.setRawMode !== 'function') {
    fail('INVALID_INPUT', 'No passphrase: stdin is not a terminal; pass --passphrase-file F or --passphrase-fd N', { field: 'passphrase' });
  }
  const setRawMode = input.setRawMode.bind(input);
  const line = Buffer.alloc(PASSPHRASE_MAX_BYTES);
  let length = 0;
  output.write(question);
  return new Promise<Uint8Array>((resolve, reject) => {
    const finish = (error: Error | null) => {
      input.removeListener('data', onData);
      setRawMode(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(Uint8Array.from(line.subarray(0, length)));
      wipe(line);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      try {
        for (const b of bytes) {
          if (b === 0x0d || b === 0x0a) return finish(null);
          if (b === 0x03 || (b === 0x04 && length === 0)) {
            return finish(new AirlockError('INVALID_INPUT', 'Passphrase prompt cancelled; nothing was changed', { field: 'passphrase' }));
          }
          if (b === 0x7f || b === 0x08) {
            // Backspace removes one UTF-8 character: the lead byte and its continuation bytes.
            while (length > 0 && (line[length - 1]! & 0xc0) === 0x80) line[--length] = 0;
            if (length > 0) line[--length] = 0;
            continue;
          }
          if (length >= PASSPHRASE_MAX_BYTES) {
            return finish(new AirlockError('INVALID_INPUT', `passphrase: a passphrase is at most ${PASSPHRASE_MAX_BYTES} bytes`, { field: 'passphrase' }));
          }
          line[length++] = b;
        }
      } finally {
        if (typeof chunk !== 'string') wipe(chunk);
      }
    };
    setRawMode(true);
    input.on('data', onData);
    input.resume();
  });
}

/**
 * The passphrase source for the CLI's options: the file, else the descriptor, else a prompt on the
 * terminal (twice, and the two must match, when creating). Both options at once is an error.
 */
export function passphraseSource(options: PassphraseOptions, terminal: PromptTerminal): PassphraseSource {
  const { passphraseFile, passphraseFd } = options;
  if (passphraseFile !== undefined && passphraseFd !== undefined) {
    fail('INVALID_INPUT', 'Pass either --passphrase-file or --passphrase-fd, not both', { field: '--passphrase-fd' });
  }
  if (passphraseFd !== undefined && (!Number.isSafeInteger(passphraseFd) || passphraseFd < 0)) {
    fail('INVALID_INPUT', '--passphrase-fd: expected a file descriptor number', { field: '--passphrase-fd' });
  }
  return async (purpose) => {
    if (passphraseFile !== undefined) return readPassphraseFile(passphraseFile, purpose);
    if (passphraseFd !== undefined) return checkLength(readPassphraseFromFd(passphraseFd, '--passphrase-fd'), purpose, '--passphrase-fd');
    const first = await promptPassphrase(terminal, purpose === 'create' ? 'New keystore passphrase: ' : 'Keystore passphrase: ');
    checkLength(first, purpose, 'passphrase');
    if (purpose === 'unlock') return first;
    const again = await promptPassphrase(terminal, 'Repeat the passphrase: ');
    const same = again.length === first.length && again.every((b, i) => b === first[i]);
    wipe(again);
    if (!same) {
      wipe(first);
      fail('INVALID_INPUT', 'The two passphrases differ; nothing was changed', { field: 'passphrase' });
    }
    return first;
  };
}
