// Where the keystore passphrase comes from (station/vault/passphrase.ts): a file, a file
// descriptor, or a no-echo prompt on a terminal; never a flag's value. Bytes minus one trailing
// newline, at most 1024 bytes (a 10 MB file is refused without being read), nothing quoted back.
// The prompt runs against a stand-in terminal (a stream with isTTY and setRawMode): the terminal is
// the boundary here, and what crosses it is bytes.
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { AirlockError } from '../../shared/base/errors.ts';
import { passphraseSource, type PromptTerminal } from './passphrase.ts';
import { PASSPHRASE_MAX_BYTES } from '../../shared/base/limits.ts';

const dir = mkdtempSync(join(tmpdir(), 'airlock-passphrase-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');

function terminal(tty = true): PromptTerminal & { typed: (s: string) => void; shown: () => string; raw: boolean[] } {
  const input = new PassThrough() as PassThrough & { isTTY?: boolean; setRawMode?: (raw: boolean) => void };
  const raw: boolean[] = [];
  if (tty) {
    input.isTTY = true;
    input.setRawMode = (r: boolean) => void raw.push(r);
  }
  const output = new PassThrough();
  let shown = '';
  output.on('data', (c: Buffer) => (shown += c.toString('utf8')));
  return { input, output, raw, typed: (s) => void input.write(Buffer.from(s, 'utf8')), shown: () => shown };
}

/** An owner-only file, as a passphrase file must be (docs/decisions.md §16). */
function file(content: string | Uint8Array): string {
  const path = join(dir, `p${Math.random().toString(36).slice(2)}`);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
}

async function error(p: Promise<unknown>): Promise<AirlockError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AirlockError) return e;
    throw e;
  }
  throw new Error('expected an AirlockError');
}

describe('passphrase sources', () => {
  it('--passphrase-file: the bytes minus one trailing newline (\\n or \\r\\n), nothing else trimmed', async () => {
    const none = terminal(false);
    expect(text(await passphraseSource({ passphraseFile: file(' spaced pass \n') }, none)('unlock'))).toBe(' spaced pass ');
    expect(text(await passphraseSource({ passphraseFile: file('crlf pass\r\n') }, none)('unlock'))).toBe('crlf pass');
    expect(text(await passphraseSource({ passphraseFile: file('two\n\n') }, none)('unlock'))).toBe('two\n');
    expect(text(await passphraseSource({ passphraseFile: file('ünïcødé‮') }, none)('unlock'))).toBe('ünïcødé‮');
  });

  it('--passphrase-fd: read to the end from an open descriptor', async () => {
    const fd = openSync(file('from a descriptor\n'), 'r');
    try {
      expect(text(await passphraseSource({ passphraseFd: fd }, terminal(false))('unlock'))).toBe('from a descriptor');
    } finally {
      closeSync(fd);
    }
  });

  it('a 10 MB passphrase file, or one byte over the limit, is refused without quoting it', async () => {
    const big = file(Buffer.alloc(10 * 1024 * 1024, 0x61));
    const e = await error(passphraseSource({ passphraseFile: big }, terminal(false))('unlock'));
    expect(e.code).toBe('INVALID_INPUT');
    expect(e.message).toMatch(/at most 1024 bytes/);
    expect(e.message).not.toMatch(/aaaa/);
    const over = openSync(file(Buffer.alloc(PASSPHRASE_MAX_BYTES + 1, 0x62)), 'r');
    try {
      expect((await error(passphraseSource({ passphraseFd: over }, terminal(false))('unlock'))).message).toMatch(/at most 1024 bytes/);
    } finally {
      closeSync(over);
    }
    const exact = Buffer.alloc(PASSPHRASE_MAX_BYTES, 0x63);
    expect((await passphraseSource({ passphraseFile: file(Buffer.concat([exact, Buffer.from('\r\n')])) }, terminal(false))('unlock')).length).toBe(
      PASSPHRASE_MAX_BYTES,
    );
  });

  it('empty, too short for a new keystore, missing file, both options, a bad descriptor: INVALID_INPUT naming the option', async () => {
    const none = terminal(false);
    expect((await error(passphraseSource({ passphraseFile: file('\n') }, none)('unlock'))).details).toMatchObject({ field: '--passphrase-file' });
    expect((await error(passphraseSource({ passphraseFile: file('short\n') }, none)('create'))).message).toMatch(/at least 8 bytes/);
    expect(text(await passphraseSource({ passphraseFile: file('short\n') }, none)('unlock'))).toBe('short');
    expect((await error(passphraseSource({ passphraseFile: join(dir, 'missing') }, none)('unlock'))).message).toMatch(/cannot open .*ENOENT/);
    expect(() => passphraseSource({ passphraseFile: 'a', passphraseFd: 3 }, none)).toThrow(/not both/);
    expect(() => passphraseSource({ passphraseFd: -1 }, none)).toThrow(/--passphrase-fd/);
  });

  it('no option and stdin not a terminal: an error that names both options', async () => {
    const e = await error(passphraseSource({}, terminal(false))('unlock'));
    expect(e.message).toMatch(/--passphrase-file F or --passphrase-fd N/);
  });

  it('the prompt reads a line in raw mode without echo; backspace edits; raw mode is restored', async () => {
    const t = terminal();
    const p = passphraseSource({}, t)('unlock');
    t.typed('secret paß');
    t.typed('\x7fss\r'); // one backspace takes ß's two bytes
    expect(text(await p)).toBe('secret pass');
    expect(t.raw).toEqual([true, false]);
    expect(t.shown()).toBe('Keystore passphrase: \n');
  });

  it('creating asks twice; different answers change nothing; Ctrl-C cancels', async () => {
    const t = terminal();
    const p = passphraseSource({}, t)('create');
    t.typed('first passphrase\r');
    await new Promise((r) => setTimeout(r, 10));
    t.typed('first passphrase\r');
    expect(text(await p)).toBe('first passphrase');
    expect(t.shown()).toBe('New keystore passphrase: \nRepeat the passphrase: \n');

    const t2 = terminal();
    const p2 = passphraseSource({}, t2)('create');
    t2.typed('first passphrase\r');
    await new Promise((r) => setTimeout(r, 10));
    t2.typed('other passphrase\r');
    expect((await error(p2)).message).toMatch(/differ/);

    const t3 = terminal();
    const p3 = passphraseSource({}, t3)('unlock');
    t3.typed('abc\x03');
    expect((await error(p3)).message).toMatch(/cancelled/);
    expect(t3.raw).toEqual([true, false]);
  });
});
