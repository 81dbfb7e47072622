/**
 * The station commands' plumbing on this machine: the default data directory (where Electron keeps
 * it), reading a file named on the command line for the station (which takes text, never paths),
 * the terminal hints appended to the station's messages (which name no command themselves), the
 * terminal's yes/no prompt, and the check of every path argument for control characters.
 */
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import type { Command } from 'commander';
import { AirlockError, fail, shownArg, shownFileName } from '../shared/base/errors.ts';
import { checkFileName } from '../shared/files/file-name.ts';
import type { PromptTerminal } from '../station/vault/passphrase.ts';

/** Electron's userData directory for productName "Airlock", per platform. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Airlock');
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Airlock');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'Airlock');
}

/**
 * A file named on the command line, read for the station (which takes text, never paths): refused
 * before reading when it is not a regular file or is larger than `max` bytes, and refused when it is
 * not UTF-8. The name the station keeps is the file's own, described instead when it may hold a key
 * (shownFileName).
 */
export function readBoundedFile(path: string, field: string, max: number): { name: string; text: string } {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) fail('INVALID_INPUT', `${field}: not a regular file: ${shownArg(path)}`, { field });
    size = st.size;
  } catch (e) {
    if (e instanceof AirlockError) throw e;
    fail('NOT_FOUND', `${field}: no such file: ${shownArg(path)}`, { field });
  }
  if (size > max) fail('INVALID_INPUT', `${field}: ${shownArg(path)} is ${size} bytes, more than the ${max} this file may have`, { field, size, limit: max });
  const bytes = readFileSync(path);
  const name = shownFileName(basename(path));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    fail('BAD_JSON', `${field}: ${name} is not UTF-8 text`, { field });
  }
  return { name, text };
}

/**
 * The station's messages name no command (the desktop app shows them too); in a terminal a few get
 * the command that does what they say, appended in parentheses. The code and details stay the same.
 */
export function withCliHint(e: unknown): unknown {
  if (!(e instanceof AirlockError)) return e;
  const field = e.details?.field;
  let hint: string | null = null;
  if ((e.code === 'NODE_UNREACHABLE' || e.code === 'NODE_TIMEOUT') && field === 'node')
    hint = 'start it with npm start, or pass --node URL; offline, airlock snapshot import FILE';
  else if (e.code === 'VAULT_LOCKED') hint = 'in a terminal: --passphrase-file F or --passphrase-fd N';
  else if (e.code === 'NOT_FOUND' && /has no copy of account (\S+):/.test(e.message))
    hint = `airlock account fetch ${/has no copy of account (\S+):/.exec(e.message)![1]} (online), or airlock snapshot import FILE`;
  else if (e.code === 'EXPIRED' && field === 'txid') hint = 'airlock reissue TXID';
  if (hint === null) return e;
  return new AirlockError(e.code, `${e.message} (${hint})`, e.details);
}

/** Asks on the terminal; resolves true only for "yes". */
export async function confirm(terminal: PromptTerminal, question: string): Promise<boolean> {
  terminal.output.write(question);
  return new Promise((resolve) => {
    let answer = '';
    const onData = (chunk: Buffer | string): void => {
      answer += chunk.toString();
      if (answer.includes('\n')) {
        terminal.input.removeListener('data', onData);
        terminal.input.pause?.();
        resolve(answer.trim().toLowerCase() === 'yes');
      }
    };
    terminal.input.on('data', onData);
    terminal.input.resume?.();
  });
}

/**
 * Every path on the command line (an argument named like `<file>`, an option taking `<file>`,
 * `<dir>` or `<folder>`) is refused in words when it holds a control character, before any command runs: the OS
 * would refuse a NUL with an engine error, which used to answer INTERNAL (docs/decisions.md §16).
 */
export function checkPathArguments(top: Command, action: Command): void {
  action.registeredArguments.forEach((argument, i) => {
    if (!argument.name().includes('file')) return;
    const value: unknown = action.processedArgs[i];
    for (const path of Array.isArray(value) ? value : [value]) if (typeof path === 'string') checkFileName(path, `<${argument.name()}>`);
  });
  for (const command of [top, action]) {
    for (const option of command.options) {
      if (!/<(file|dir|folder)>/.test(option.flags)) continue;
      const value: unknown = command.getOptionValue(option.attributeName());
      if (typeof value === 'string') checkFileName(value, option.long ?? option.flags);
    }
  }
}
