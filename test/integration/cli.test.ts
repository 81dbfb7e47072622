/**
 * `airlock`, the command line (cli/, bin/airlock.mjs; README "The command line"): its surface. Help,
 * usage errors (exit 2 with a JSON error on stderr), `ops`, `address` (key material never shown),
 * and the real bin/airlock.mjs spawned with Node 22 to prove the wiring (tsx loader, stdin, files,
 * exit codes). The transaction commands are in cli-tx.test.ts and cli-sign.test.ts; shared set-up
 * in test/helpers/cli-run-helpers.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from '../../shared/base/json.ts';
import { repoRoot, KEY_11, KEY_12, ADDR_11, ADDR_12, ASSET, assetRawData, cli, out, err, json, expectNoKeyMaterial } from '../helpers/cli-run-helpers.ts';

// ---------------------------------------------------------------------------------------------

describe('help', () => {
  it('airlock --help prints the usage of every command, exit 0', async () => {
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    for (const cmd of ['tx encode', 'tx inspect', 'tx sign', 'ops encode', 'ops decode', 'address']) expect(r.stdout).toContain(`airlock ${cmd}`);
  });

  it("airlock <cmd> --help prints that command's usage", async () => {
    const cases: Array<[string[], string]> = [
      [['tx', 'encode', '--help'], 'Usage: airlock tx encode'],
      [['tx', 'inspect', '-h'], 'Usage: airlock tx inspect'],
      [['tx', 'sign', '--key-file', 'k', '--help'], 'Usage: airlock tx sign'],
      [['tx', '--help'], 'airlock tx <command> --help'],
      [['ops', 'encode', '--help'], 'airlock ops encode <type...>'],
      [['address', '--help'], 'airlock address --key-file K'],
      [['help', 'tx', 'sign'], 'Usage: airlock tx sign'],
      [['help'], 'airlock <command> --help'],
    ];
    for (const [argv, text] of cases) {
      const r = await cli(argv);
      expect(r.code, argv.join(' ')).toBe(0);
      expect(r.stdout, argv.join(' ')).toContain(text);
      expect(r.reads).toEqual([]);
    }
  });
});

describe('usage errors: exit 2, JSON error on stderr', () => {
  const cases: Array<[string[], string]> = [
    [[], 'airlock: missing command (see airlock --help)'],
    [['frob'], 'airlock: unknown command "frob" (see airlock --help)'],
    [['tx'], 'airlock tx: missing command (encode, inspect or sign; see airlock tx --help)'],
    [['tx', 'frob'], 'airlock tx: unknown command "frob" (encode, inspect or sign)'],
    [['tx', 'encode', '--bogus'], 'airlock tx encode: unknown option --bogus'],
    [['tx', 'encode', '-x'], 'airlock tx encode: unknown option -x'],
    [['tx', 'encode', 'a.json', 'b.json'], 'airlock tx encode: unexpected second argument (this command takes at most 1)'],
    [['tx', 'encode', '--visible=yes'], 'airlock tx encode: --visible takes no value'],
    [['tx', 'inspect', '--key-file', 'k'], 'airlock tx inspect: unknown option --key-file'],
    [['tx', 'sign', 'tx.json'], 'airlock tx sign: --key-file K is required'],
    [['tx', 'sign', 'tx.json', '--key-file'], 'airlock tx sign: --key-file needs a value'],
    [['tx', 'sign', 'tx.json', '--key-file='], 'airlock tx sign: --key-file needs a value'],
    [['tx', 'sign', '--key-file', 'a', '--key-file', 'b'], 'airlock tx sign: --key-file given twice'],
    [
      ['tx', 'sign', '--key-file', 'k', '--permission-id', 'two'],
      'airlock tx sign: --permission-id must be a whole number from 0 to 2147483647 (0 is the owner permission, 2 and up the active ones; 1, the executive permission, never signs); got text that is not a number',
    ],
    [
      ['tx', 'sign', '--key-file', 'k', '--permission-id=-1'],
      'airlock tx sign: --permission-id must be a whole number from 0 to 2147483647 (0 is the owner permission, 2 and up the active ones; 1, the executive permission, never signs); got -1',
    ],
    [['ops'], 'airlock ops: missing command (encode, decode or list; see airlock ops --help)'],
    [['ops', 'frob'], 'airlock ops: unknown command "frob" (encode, decode or list)'],
    [['ops', 'encode'], 'airlock ops encode: give at least one contract type (id or name)'],
    [['ops', 'decode'], 'airlock ops decode: give the operations hex (64 digits)'],
    [['ops', 'decode', 'aa', 'bb'], 'airlock ops decode: unexpected second argument (this command takes at most 1)'],
    [['address'], 'airlock address: give an address (hex or Base58) or --key-file K'],
    [['address', 'T1', '--key-file', 'k'], 'airlock address: give an address or --key-file, not both'],
  ];
  for (const [argv, message] of cases) {
    it(`airlock ${argv.join(' ')}`.trim(), async () => {
      const r = await cli(argv, { stdin: '{}' });
      expect(err(r, 2)).toMatchObject({ code: 'INVALID_INPUT', message });
      expect(r.reads).toEqual([]);
    });
  }
});
describe('ops', () => {
  it('ops encode: ids and names, separate or comma-separated → {hex, ids, names}', async () => {
    const o = out(await cli(['ops', 'encode', 'TransferContract', '2,AssetIssue', '46']));
    expect(o).toEqual({
      hex: '4600000000400000' + '00'.repeat(24),
      ids: [1, 2, 6, 46],
      names: ['TransferContract', 'TransferAssetContract', 'AssetIssueContract', 'AccountPermissionUpdateContract'],
      groups: [
        { group: 'Payments', operations: ['Transfer', 'Token transfer'] },
        { group: 'Tokens', operations: ['Token issue'] },
        { group: 'Account and permissions', operations: ['Permission update'] },
      ],
    });
  });

  it('ops list: every operation in words by group, and --search keeps the matching ones (issue 26)', async () => {
    const all = out(await cli(['ops', 'list'])) as { groups: { group: string; operations: { id: number; type: string; name: string; meaning: string }[] }[] };
    expect(all.groups.map((g) => g.group)).toEqual([
      'Payments',
      'Tokens',
      'Staking and resources',
      'Voting and governance',
      'Smart contracts',
      'Account and permissions',
      'Exchange and market',
      'Block production',
    ]);
    expect(all.groups.flatMap((g) => g.operations)).toHaveLength(41);
    expect(all.groups[0]!.operations[0]).toEqual({
      id: 1,
      type: 'TransferContract',
      name: 'Transfer',
      meaning: 'Sends TRX from this account to another address.',
    });
    const found = out(await cli(['ops', 'list', '--search', 'DELEGATE']));
    expect(found).toEqual({
      groups: [
        {
          group: 'Staking and resources',
          operations: [expect.objectContaining({ id: 57, name: 'Resource delegation' }), expect.objectContaining({ id: 58, name: 'Resource reclaim' })],
        },
      ],
    });
    expect(err(await cli(['ops', 'list', '--search', 'nothing like this']), 1)).toMatchObject({
      code: 'NOT_FOUND',
      message: 'search: no operation matches "nothing like this"',
    });
  });

  it('ops encode of the default active types gives the spec §2.7 mask', async () => {
    const ids = [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 30, 31, 32, 33, 41, 42, 43, 44, 45];
    expect(out(await cli(['ops', 'encode', ...ids.map(String)])).hex).toBe('7fff1fc0033e' + '00'.repeat(26));
  });

  it('ops encode refuses a type that does not exist (exit 1)', async () => {
    expect(err(await cli(['ops', 'encode', '1', '7']), 1)).toMatchObject({ code: 'INVALID_INPUT', message: 'operations[1]: 7 is not a contract type id' });
  });

  it('ops decode → {hex, ids, names, unknown}', async () => {
    const o = out(await cli(['ops', 'decode', '0x7FFF1FC0037E' + '00'.repeat(26)]));
    expect(o.hex).toBe('7fff1fc0037e' + '00'.repeat(26));
    expect((o.ids as number[]).at(-1)).toBe(46);
    expect((o.names as string[]).at(-1)).toBe('AccountPermissionUpdateContract');
    expect(o.unknown).toEqual([]);
  });

  it('ops decode reports bits that are not contract types', async () => {
    expect(out(await cli(['ops', 'decode', '80' + '00'.repeat(31)]))).toEqual({ hex: '80' + '00'.repeat(31), ids: [7], names: [], unknown: [7], groups: [] });
  });

  it('ops decode refuses a mask with bits past id 63, where no contract type is, and does not echo it (a pasted key has that shape)', async () => {
    const mask = '00'.repeat(8) + '01' + '00'.repeat(23);
    const r = await cli(['ops', 'decode', mask]);
    expect(err(r, 1)).toEqual({
      code: 'INVALID_INPUT',
      message:
        'operations: sets bits past contract type id 63, which no chain has: not an operations mask (a private key has this shape; the text is not shown)',
      details: { field: 'operations' },
    });
    expect(r.stderr).not.toContain(mask);
    // Bit 63, the last of the first 8 bytes, is still decoded and reported as unknown.
    expect(out(await cli(['ops', 'decode', '00'.repeat(7) + '80' + '00'.repeat(24)]))).toMatchObject({ ids: [63], unknown: [63] });
  });

  it('ops decode refuses bad hex and the wrong length (exit 1)', async () => {
    expect(err(await cli(['ops', 'decode', 'zz']), 1)).toMatchObject({ code: 'BAD_HEX', message: 'operations: not a hex string' });
    expect(err(await cli(['ops', 'decode', '00']), 1)).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'operations: expected 32 bytes (64 hex digits), got 1',
    });
  });
});

describe('address', () => {
  it('from hex and from Base58 → {hex, base58}', async () => {
    expect(out(await cli(['address', ADDR_11.hex]))).toEqual(ADDR_11);
    expect(out(await cli(['address', ADDR_11.base58]))).toEqual(ADDR_11);
  });

  it('from a key file, the buffer wiped and the key never printed', async () => {
    const r = await cli(['address', '--key-file', 'k'], { files: { k: KEY_12 } });
    expect(out(r)).toEqual(ADDR_12);
    expectNoKeyMaterial(r, KEY_12);
    expect(Array.from(r.buffers.get('k')!).every((b) => b === 0)).toBe(true);
  });

  it('a bad address is BAD_ADDRESS (exit 1)', async () => {
    expect(err(await cli(['address', ADDR_11.base58.slice(0, 33) + 'q']), 1)).toEqual({
      code: 'BAD_ADDRESS',
      message: 'address: Base58 checksum does not match (a mistyped character?)',
      details: {},
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The real bin, spawned with Node 22

describe('bin/airlock.mjs (spawned)', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'airlock-cli-'));
    writeFileSync(join(dir, 'k11'), `${KEY_11}\n`, { mode: 0o600 });
    writeFileSync(join(dir, 'tx.json'), json({ raw_data: assetRawData() }));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const bin = (args: string[], input?: string) =>
    spawnSync(process.execPath, [join(repoRoot, 'bin/airlock.mjs'), ...args], { cwd: dir, input, encoding: 'utf8', timeout: 20_000 });

  it('is executable and starts with a node shebang; package.json maps "airlock" to it', () => {
    expect(readFileSync(join(repoRoot, 'bin/airlock.mjs'), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(join(repoRoot, 'bin/airlock.mjs')).mode & 0o111).not.toBe(0);
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(pkg.bin.airlock).toBe('bin/airlock.mjs');
  });

  it('signs a file with a key file: the vector signature on stdout, exit 0', () => {
    const r = bin(['tx', 'sign', 'tx.json', '--key-file', 'k11', '--permission-id', '2', '--allow-expired']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const o = parseJson(r.stdout) as { txID: string; signature: string[] };
    expect(o.txID).toBe(ASSET.txID);
    expect(o.signature).toEqual([ASSET.signatures[0]]);
    expect(r.stdout).not.toContain(KEY_11);
  });

  it('reads stdin, and reports bad input on stderr with exit 1', () => {
    const ok = bin(['tx', 'inspect'], json({ raw_data_hex: ASSET.raw_data_hex, signature: ASSET.signatures }));
    expect(ok.status).toBe(0);
    expect((parseJson(ok.stdout) as { signatures: unknown[] }).signatures).toEqual([
      { index: 0, signer: ADDR_11, error: null },
      { index: 1, signer: ADDR_12, error: null },
    ]);
    const bad = bin(['tx', 'inspect', '-'], '{');
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe('');
    expect((parseJson(bad.stderr) as { error: { code: string } }).error.code).toBe('BAD_JSON');
  });

  it('a usage error exits 2', () => {
    const r = bin(['tx', 'frob']);
    expect(r.status).toBe(2);
    expect((parseJson(r.stderr) as { error: { code: string } }).error).toMatchObject({ code: 'INVALID_INPUT' });
  });
});
