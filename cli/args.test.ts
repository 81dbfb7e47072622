/**
 * The CLI's one argument parser (cli/args.ts), through the whole command tree (cli/main.ts `run`).
 * cli.test.ts pins the tools' messages; this file pins the rules it does not: `--` ends the
 * options; help wins over a bad option before it; a value option of a command given twice or
 * empty is refused for the station's commands as for the tools (a global option may be given
 * again); a switch may repeat; a command group without its command is a usage error; the tools
 * refuse the station's options; the station's commands keep commander's help while `airlock
 * --help` is the overview; and no refusal quotes an argument that may be a private key (an
 * unknown option, command or choice, a surplus argument, a switch's value). `airlock list`'s
 * numbers are usage errors before the station opens, and its account is refused by name, unquoted.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { utf8ToBytes } from '../shared/base/bytes.ts';
import { run } from './main.ts';
import type { CliIo } from './io.ts';

const KEY = '4f'.repeat(32);
/** A data directory for station command lines, so a rule that fails to refuse opens nothing of the user's. */
const dataDir = mkdtempSync(join(tmpdir(), 'airlock-args-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
  reads: string[];
}

async function cli(argv: string[], stdin = '{"raw_data_hex":"0a"}'): Promise<Ran> {
  const r: Ran = { code: -1, stdout: '', stderr: '', reads: [] };
  const readFile = async (path: string): Promise<Uint8Array> => {
    r.reads.push(path);
    throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
  };
  const io: CliIo = {
    readStdin: async () => {
      r.reads.push('(stdin)');
      return utf8ToBytes(stdin);
    },
    readFile,
    readSecretFile: readFile,
    stdout: (t) => void (r.stdout += t),
    stderr: (t) => void (r.stderr += t),
    now: () => 0,
  };
  r.code = await run(argv, io);
  return r;
}

/** A usage error: exit 2, nothing read, nothing on stdout; its message and details. */
function usageError(r: Ran): { message: string; details: Record<string, unknown> } {
  expect(r.stdout).toBe('');
  expect(r.reads).toEqual([]);
  expect(r.code).toBe(2);
  const { error } = JSON.parse(r.stderr) as { error: { code: string; message: string; details: Record<string, unknown> } };
  expect(error.code).toBe('INVALID_INPUT');
  return { message: error.message, details: error.details };
}

describe('options end at --, and help is asked before it', () => {
  it('after --, a word that looks like an option is an argument (here the file to read)', async () => {
    for (const word of ['--visible', '--help']) {
      const r = await cli(['tx', 'encode', '--', word]);
      expect(r.code).toBe(1);
      expect(r.reads).toEqual([word]);
      expect(JSON.parse(r.stderr).error).toMatchObject({ code: 'NOT_FOUND', details: { path: word } });
    }
  });

  it('--help after a bad option still prints the help (exit 0)', async () => {
    const r = await cli(['tx', 'encode', '--bogus', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: airlock tx encode');
  });
});

describe('one set of rules for the tools and the station commands', () => {
  it('a value option given twice is refused, for a station command as for tx sign', async () => {
    const r = await cli(['--data-dir', dataDir, 'build', 'transfer', '--from', 'A', '--to', 'B', '--from', 'C', '--amount', '1']);
    expect(usageError(r)).toEqual({ message: 'airlock build transfer: --from given twice', details: { option: '--from' } });
  });

  it('a global option before the command word may be given again: the last wins', async () => {
    expect(usageError(await cli(['--data-dir', 'elsewhere', '--data-dir', dataDir, 'keys'])).message).toBe(
      'airlock keys: missing command (new, import, list, label, delete or ledger; see airlock keys --help)',
    );
  });

  it('an empty value is refused, for a station command as for tx sign', async () => {
    expect(usageError(await cli(['--data-dir', dataDir, 'keys', 'new', '--label=']))).toEqual({
      message: 'airlock keys new: --label needs a value',
      details: { option: '--label' },
    });
  });

  it('a switch may be given twice', async () => {
    const r = await cli(['tx', 'encode', '--visible', '--visible', '-']);
    expect(r.code).toBe(1);
    expect(r.reads).toEqual(['(stdin)']);
  });

  it('a command group without its command is a usage error naming its commands', async () => {
    expect(usageError(await cli(['--data-dir', dataDir, 'keys'])).message).toBe(
      'airlock keys: missing command (new, import, list, label, delete or ledger; see airlock keys --help)',
    );
    expect(usageError(await cli(['--data-dir', dataDir])).message).toBe('airlock: missing command (see airlock --help)');
  });

  it('a mandatory option of a station command is named with its value', async () => {
    expect(usageError(await cli(['--data-dir', dataDir, 'build', 'transfer', '--to', 'B', '--amount', '1']))).toEqual({
      message: 'airlock build transfer: --from address is required',
      details: { option: '--from' },
    });
  });

  it('the tools refuse the station options rather than ignore them', async () => {
    for (const option of [['--data-dir', dataDir], ['--json']]) {
      expect(usageError(await cli([...option, 'tx', 'encode', '-']))).toEqual({
        message: `airlock tx encode: unknown option ${option[0]}`,
        details: { option: option[0] },
      });
    }
  });
});

describe('help', () => {
  it("a station command keeps commander's help; only airlock --help is the overview", async () => {
    const keys = await cli(['keys', 'new', '--help']);
    expect(keys.code).toBe(0);
    expect(keys.stdout).toMatch(/^Usage: airlock keys new \[options\]/);
    const top = await cli(['--help']);
    expect(top.stdout).toMatch(/^airlock: the signing station's command line/);
  });
});

describe('no refusal quotes an argument that may be a private key', () => {
  const cases: Array<[string[], string]> = [
    [['tx', 'encode', `--${KEY}`], 'airlock tx encode: unknown option (an argument of 66 characters, not shown)'],
    [['tx', 'encode', `--visible=${KEY}`], 'airlock tx encode: --visible takes no value'],
    [['tx', KEY], 'airlock tx: unknown command "(an argument of 64 characters, not shown)" (encode, inspect or sign)'],
    [[KEY], 'airlock: unknown command "(an argument of 64 characters, not shown)" (see airlock --help)'],
    [['tx', 'inspect', 'a.json', KEY], 'airlock tx inspect: unexpected second argument (this command takes at most 1)'],
    [['--data-dir', dataDir, 'account', 'show', 'T1', KEY], 'airlock account show: unexpected second argument (this command takes at most 1)'],
    [['--data-dir', dataDir, 'keys', 'list', KEY], 'airlock keys list: unexpected first argument (this command takes none)'],
    [
      ['--data-dir', dataDir, 'list', '--status', KEY],
      "airlock list: option '--status <status>' argument '(an argument of 64 characters, not shown)' is invalid. Allowed choices are draft, collecting, ready, broadcast, confirmed, failed, expired. (see airlock list --help)",
    ],
  ];
  for (const [argv, message] of cases) {
    it(argv.map((a) => (a === KEY ? 'KEY' : a.replace(KEY, 'KEY'))).join(' '), async () => {
      const r = await cli(argv);
      expect(usageError(r).message).toBe(message);
      for (let i = 0; i + 16 <= KEY.length; i += 8) expect(r.stderr).not.toContain(KEY.slice(i, i + 16));
    });
  }
});

describe("airlock list's filters", () => {
  const never = join(dataDir, 'list-never-opened');
  const cases: Array<[string[], string]> = [
    [['--limit', '0'], 'airlock list: --limit must be a whole number from 1 to 20000; got 0'],
    [['--limit', '20001'], 'airlock list: --limit must be a whole number from 1 to 20000; got 20001'],
    [['--limit', '1e3'], 'airlock list: --limit must be a whole number from 1 to 20000; got a number out of range'],
    [['--offset', '-1'], `airlock list: --offset must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}; got -1`],
    [['--offset', 'x'.repeat(100_000)], `airlock list: --offset must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}; got text that is not a number`],
    [['--limit', KEY], 'airlock list: --limit must be a whole number from 1 to 20000; got a number out of range'],
  ];
  for (const [options, message] of cases) {
    it(`list ${options.map((o) => (o === KEY ? 'KEY' : o.slice(0, 20))).join(' ')}: a usage error before the station opens`, async () => {
      const r = await cli(['--data-dir', never, 'list', ...options]);
      expect(usageError(r).message).toBe(message);
      expect(r.stderr).not.toContain(KEY.slice(0, 16));
      expect(existsSync(never)).toBe(false);
    });
  }

  it('an account that is not an address is refused by name, without quoting it', async () => {
    for (const account of [KEY, `T\u202e${'1'.repeat(33)}`, '__proto__']) {
      const r = await cli(['--data-dir', join(dataDir, 'list-account'), '--vault', 'keystore', 'list', '--account', account]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      const { error } = JSON.parse(r.stderr) as { error: { code: string; message: string; details: Record<string, unknown> } };
      expect(error.message).toMatch(/^account: /);
      expect(r.stderr).not.toContain(KEY.slice(0, 16));
      expect(r.stderr).not.toContain('\u202e');
    }
  });
});
