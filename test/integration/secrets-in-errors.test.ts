/**
 * No error quotes a private key (docs/decisions.md §6, "secrets in error text"; SECURITY.md). A real key is fed
 * through every error path we could find: command-line arguments, stdin, files given where a
 * transaction belongs, key files, the devnet's HTTP bodies, paths and query strings, and address
 * parsing. The key's hex, and every 8-character run of it, must appear nowhere in stdout, stderr,
 * an HTTP reply or the devnet's log. JSON syntax errors are reported by position only; the scanner
 * that finds the position is checked against JSON.parse itself.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GENESIS_JSON, parseGenesis } from '../../devnet/genesis.ts';
import { parseAddress } from '../../shared/chain/address.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { AirlockError, excerpt, shownFileName } from '../../shared/base/errors.ts';
import { int32Input, int64Input } from '../../shared/chain/input.ts';
import { parseJson, syntaxErrorPosition } from '../../shared/base/json.ts';
import { generatePrivateKey } from '../../shared/chain/keys.ts';
import { runCli } from '../helpers/cli-helpers.ts';
import { K, startNode, type TestNode } from '../helpers/devnet-helpers.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A fresh random key per run, so no test can pass by knowing it. */
const KEY = bytesToHex(generatePrivateKey());

/** Every 8-character run of the key's hex, lower case. */
const RUNS = Array.from({ length: KEY.length - 7 }, (_, i) => KEY.slice(i, i + 8));

function expectNoKey(text: string, where: string): void {
  const lower = text.toLowerCase();
  const found = RUNS.find((run) => lower.includes(run));
  expect(found, `${where} quotes part of the private key: ${text.slice(0, 300)}`).toBeUndefined();
}

/** A transfer transaction the CLI can read (PROTOCOL.md §9.3). */
const TRANSFER_HEX =
  '0a02d8ed22082e066c3259e756f540a090bcea89305a67080112630a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412320a154119e7e376e7c213b7e7e7e46cc70a5dd086daff2a1215412bd0c9fe079c8fca0e3352eb3d02839c371e5c4118c0843d70b2ccb8ea8930';

const cli = runCli;

/** What `fn` throws (undefined when it returns). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('JSON errors give a position, never the text', () => {
  const bodies = [
    `{"privateKey": ${KEY}}`,
    `{"privateKey": 0x${KEY}}`,
    KEY,
    `${KEY}\n`,
    `{"privateKey": "${KEY}",}`,
    `{"privateKey": "${KEY}" "x": 1}`,
    `{"privateKey": "${KEY}`,
    `["${KEY}\u0001"]`,
    `{"a": tru${KEY}}`,
    `\n\n  {"k": [1, 2, ${KEY}]}`,
  ];
  for (const body of bodies) {
    it(`refuses ${JSON.stringify(body.replace(KEY, 'KEY'))} by position`, () => {
      let error: unknown;
      try {
        parseJson(body, 'request body');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AirlockError);
      const { code, message, details } = (error as AirlockError).toData();
      expect(code).toBe('BAD_JSON');
      expect(message).toMatch(/^request body: not valid JSON(: the text ends early,)? at line \d+, column \d+ \(offset \d+\)$/);
      expectNoKey(message + JSON.stringify(details), 'the message');
    });
  }

  it('the position is where JSON.parse stops, on line 3 column 15 here', () => {
    expect(syntaxErrorPosition(`\n\n  {"k": [1, 2, ${KEY}]}`)).toEqual(
      // The key's first character is a digit or a letter: a number ends at the first letter, else the letter is the error.
      expect.objectContaining({ line: 3 }),
    );
    expect(syntaxErrorPosition('{"a":1}x')).toEqual({ offset: 7, line: 1, column: 8 });
    expect(syntaxErrorPosition('{"a":\n  }')).toEqual({ offset: 8, line: 2, column: 3 });
    expect(syntaxErrorPosition('[1,2')).toEqual({ offset: 4, line: 1, column: 5 });
  });

  it('the scanner agrees with JSON.parse on 20,000 near-JSON texts: an error exactly when JSON.parse throws, at the offset V8 names', () => {
    const piece = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      '"a"',
      '1',
      '-0',
      '1.5e3',
      '01',
      'true',
      'nul',
      'null',
      ' ',
      '\n',
      '\\',
      '\\u00e9',
      '\\x',
      'ab',
      '\u0001',
      '.',
    );
    const near = fc.oneof(
      fc.array(piece, { maxLength: 14 }).map((p) => p.join('')),
      fc.jsonValue().chain((v) => {
        const text = JSON.stringify(v) ?? 'null';
        return fc
          .tuple(fc.nat(text.length), fc.nat(text.length), piece)
          .map(([a, b, p]) => text.slice(0, a) + p + text.slice(Math.min(a + (b % 3), text.length)));
      }),
    );
    fc.assert(
      fc.property(near, (text) => {
        let v8: string | undefined;
        try {
          JSON.parse(text);
        } catch (e) {
          v8 = (e as Error).message;
        }
        const at = syntaxErrorPosition(text);
        expect(at === undefined, text).toBe(v8 === undefined);
        const named = v8 && /at position (\d+)/.exec(v8);
        if (named) expect(at?.offset, `${text} → ${v8}`).toBe(Number(named[1]));
        if (v8?.startsWith('Unexpected end')) expect(at?.offset).toBe(text.length);
      }),
      { numRuns: 20_000 },
    );
  });

  it('nesting 100,000 deep is scanned without overflowing the stack', () => {
    expect(syntaxErrorPosition('['.repeat(100_000) + 'x')).toEqual({ offset: 100_000, line: 1, column: 100_001 });
  });
});

describe('shared/ parsers quote at most a short cut prefix', () => {
  it('an address that is a key, in any form, is refused without quoting it', () => {
    for (const text of [KEY, `0x${KEY}`, `T${KEY}`, `T${KEY}`.slice(0, 34), `${KEY}${KEY}`, `41${KEY}`]) {
      try {
        parseAddress(text, 'to_address');
        expect.unreachable(text);
      } catch (e) {
        expectNoKey((e as Error).message, text);
      }
    }
  });

  it('excerpt: short plain text whole, anything long or hex-like cut to 6 characters and "…"', () => {
    expect(excerpt('Boss')).toBe('"Boss"');
    expect(excerpt(KEY)).toBe(`"${KEY.slice(0, 6)}…"`);
    expect(excerpt('deadbeef')).toBe('"deadbe…"');
    expect(excerpt('ops\u202Eowner')).toBe('"ops\\u202eowner"');
  });
});

describe('the CLI never prints a key it was given by mistake', () => {
  const tx = (extra: Record<string, unknown>) => JSON.stringify({ raw_data_hex: TRANSFER_HEX, ...extra });
  const argvCases: string[][] = [
    ['tx', 'inspect', KEY],
    ['tx', 'inspect', `0x${KEY}`],
    ['tx', 'encode', 'a.json', KEY],
    ['tx', KEY],
    [KEY],
    [`0x${KEY}`],
    ['ops', KEY],
    ['tx', 'encode', `--${KEY}`],
    ['tx', 'encode', `-${KEY}`],
    ['tx', 'encode', `--visible=${KEY}`],
    ['tx', 'sign', '-', '--key-file', KEY],
    ['tx', 'sign', '-', '--key-file', 'k', '--permission-id', KEY],
    ['tx', 'sign', '-', '--key-file', 'k', '--permission-id', `0x${KEY}`],
    ['address', KEY],
    ['address', `0x${KEY}`],
    ['address', `T${KEY}`],
    ['address', '--key-file', KEY],
    ['ops', 'encode', KEY],
    ['ops', 'encode', `1,${KEY}`],
    // 64 hex digits are the shape of an operations mask too; a key sets bits no contract type has.
    ['ops', 'decode', KEY],
    ['ops', 'decode', `0x${KEY.toUpperCase()}`],
    ['ops', 'decode', `${KEY}00`],
    ['ops', 'decode', `${KEY}z`],
  ];
  for (const argv of argvCases) {
    it(`argv ${argv.map((a) => a.replace(KEY, 'KEY')).join(' ')}`, async () => {
      const r = await cli(argv, { stdin: tx({}), files: { k: '11'.repeat(32) } });
      expect(r.code).not.toBe(0);
      expectNoKey(r.stdout + r.stderr, 'the CLI');
    });
  }

  const stdinCases: Array<[string, string]> = [
    ['the bare key', KEY],
    ['the key with 0x', `0x${KEY}\n`],
    ['{"privateKey": KEY} unquoted', `{"privateKey": ${KEY}}`],
    ['{"privateKey": "KEY"}', JSON.stringify({ privateKey: KEY })],
    ['the key as a field name', JSON.stringify({ [KEY]: 1 })],
    ['the key as a raw_data field name', JSON.stringify({ raw_data: { [KEY]: 1 } })],
    ['the key as txID', tx({ txID: KEY })],
    ['the key as raw_data_hex', JSON.stringify({ raw_data_hex: KEY })],
    ['the key as a signature', tx({ signature: [KEY] })],
    ['the key as visible', tx({ visible: KEY })],
    ['the key as a contract type', JSON.stringify({ raw_data: { contract: [{ type: KEY }] } })],
    [
      'the key as owner_address',
      JSON.stringify({
        raw_data: {
          contract: [{ type: 'TransferContract', parameter: { type_url: 'type.googleapis.com/protocol.TransferContract', value: { owner_address: KEY } } }],
        },
      }),
    ],
    [
      'the key as a permission type',
      JSON.stringify({
        raw_data: {
          contract: [
            {
              type: 'AccountPermissionUpdateContract',
              parameter: { type_url: 'type.googleapis.com/protocol.AccountPermissionUpdateContract', value: { owner: { type: KEY } } },
            },
          ],
        },
      }),
    ],
    ['the key as a type_url', JSON.stringify({ raw_data: { contract: [{ type: 'TransferContract', parameter: { type_url: KEY, value: {} } }] } })],
  ];
  for (const [name, stdin] of stdinCases) {
    for (const command of ['inspect', 'encode', 'sign'] as const) {
      it(`stdin: ${name} (tx ${command})`, async () => {
        const argv = command === 'sign' ? ['tx', 'sign', '--key-file', 'k'] : ['tx', command];
        const r = await cli(argv, { stdin, files: { k: '11'.repeat(32) } });
        // A 32-byte "signature" is reported per signature by inspect (exit 0), ignored by encode.
        if (name !== 'the key as a signature' || command === 'sign') expect(r.code).toBe(1);
        expectNoKey(r.stdout + r.stderr, 'the CLI');
      });
    }
  }

  it('a key file given where a transaction belongs', async () => {
    for (const content of [KEY, `${KEY}\n`, `0x${KEY}\n`, `  ${KEY.toUpperCase()}  `]) {
      const r = await cli(['tx', 'inspect', 'alice.key'], { files: { 'alice.key': content } });
      expect(r.code).toBe(1);
      expectNoKey(r.stdout + r.stderr, 'tx inspect alice.key');
    }
  });

  it('a key file that holds the key and something more', async () => {
    for (const content of [`${KEY}x`, `${KEY} ${KEY}`, `${KEY.slice(0, 63)}`, `{"privateKey": "${KEY}"}`]) {
      const r = await cli(['tx', 'sign', '-', '--key-file', 'k'], { stdin: tx({}), files: { k: content } });
      expect(r.code).toBe(1);
      expectNoKey(r.stdout + r.stderr, 'tx sign --key-file');
    }
  });

  describe('the real bin/airlock.mjs, spawned', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'airlock-secrets-'));
      writeFileSync(join(dir, 'alice.key'), `${KEY}\n`, { mode: 0o600 });
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('tx inspect on a key file, and a key as an argument: exit 1 or 2, no key on stdout or stderr', () => {
      for (const args of [
        ['tx', 'inspect', 'alice.key'],
        ['tx', 'inspect', KEY],
        ['address', `0x${KEY}`],
      ]) {
        const r = spawnSync(process.execPath, [join(repoRoot, 'bin/airlock.mjs'), ...args], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
        expect([1, 2]).toContain(r.status);
        expectNoKey(r.stdout + r.stderr, args.join(' '));
      }
    });
  });
});

describe('npm run devnet never prints a key given as an argument', () => {
  it('--port KEY, --block-interval KEY, --genesis KEY and KEY: exit 2, no key on stdout or stderr', () => {
    const tsx = join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
    for (const args of [['--port', KEY], ['--block-interval', `0x${KEY}`], ['--genesis', KEY], [KEY], [`--${KEY}`]]) {
      const r = spawnSync(process.execPath, [tsx, join(repoRoot, 'devnet/cli.ts'), ...args], { encoding: 'utf8', timeout: 30_000 });
      expect(r.status, args.join(' ')).toBe(2);
      expectNoKey(r.stdout + r.stderr, `devnet ${args.join(' ')}`);
    }
  });
});

describe('a key written as a decimal number is never quoted', () => {
  // Some tools print a private key as one big decimal integer; where an integer belongs, the
  // refusal must not read it back.
  const DECIMAL = BigInt(`0x${KEY}`).toString();
  const DECIMAL_RUNS = Array.from({ length: DECIMAL.length - 7 }, (_, i) => DECIMAL.slice(i, i + 8));
  const expectNoDecimalKey = (text: string, where: string): void => {
    expect(
      DECIMAL_RUNS.find((run) => text.includes(run)),
      `${where}: ${text.slice(0, 300)}`,
    ).toBeUndefined();
  };

  it('int64Input and int32Input, given the key as text, a bigint or a JSON number', () => {
    for (const value of [DECIMAL, `-${DECIMAL}`, BigInt(DECIMAL), (parseJson(`{"amount": ${DECIMAL}}`) as { amount: unknown }).amount]) {
      for (const read of [() => int64Input(value, 'amount'), () => int64Input(value, 'amount', { min: 0n }), () => int32Input(value, 'amount')]) {
        const error = thrown(read);
        expect(error).toBeInstanceOf(AirlockError);
        const { message, details } = (error as AirlockError).toData();
        expect(details).toMatchObject({ field: 'amount' });
        expectNoDecimalKey(message + JSON.stringify(details), 'the refusal');
      }
    }
    // A number that fits in 20 digits is still shown: it cannot be a key.
    expect(() => int64Input('99999999999999999999', 'amount')).toThrow('amount: 99999999999999999999 is outside the int64 range');
  });

  it('the devnet, given the key as an amount, number or text', async () => {
    const node = await startNode();
    try {
      for (const body of [
        `{"owner_address": "${K.alice.hex}", "to_address": "${K.bob.hex}", "amount": ${DECIMAL}}`,
        JSON.stringify({ owner_address: K.alice.hex, to_address: K.bob.hex, amount: DECIMAL }),
      ]) {
        const res = await fetch(`${node.url}/wallet/createtransaction`, { method: 'POST', body });
        expect(res.status).toBe(400);
        expectNoDecimalKey(await res.text(), 'createtransaction');
      }
      expectNoDecimalKey(node.logs.join('\n'), 'the devnet log');
    } finally {
      await node.stop();
    }
  });
});

describe('a devnet genesis never quotes a key it holds by mistake', () => {
  it('a key, or control and bidi text, as a parameter name is refused without quoting it', () => {
    for (const name of [KEY, `0x${KEY}`, `T${KEY}`.slice(0, 34), `${KEY}\u202E`, 'ops\u202Eowner']) {
      const error = thrown(() => parseGenesis({ ...DEFAULT_GENESIS_JSON, parameters: Object.fromEntries([[name, 1]]) }));
      expect(error).toBeInstanceOf(AirlockError);
      const text = (error as AirlockError).message + JSON.stringify((error as AirlockError).details);
      expect(text).toMatch(/unknown field/);
      expectNoKey(text, 'parseGenesis');
      expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    }
  });
});

describe('the devnet never answers or logs a key it was sent by mistake', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startNode();
  });
  afterAll(() => node.stop());

  async function raw(path: string, body: string | undefined, method = 'POST'): Promise<{ status: number; text: string }> {
    const res = await fetch(node.url + path, { method, ...(body === undefined ? {} : { body }) });
    return { status: res.status, text: await res.text() };
  }

  it('bodies with the key in every place an error could quote it', async () => {
    const tx = await node.post('/wallet/createtransaction', { owner_address: K.alice.hex, to_address: K.bob.hex, amount: 1 });
    const cases: Array<[string, string]> = [
      ['/wallet/addtransactionsign', `{"transaction": ${JSON.stringify(tx)}, "privateKey": ${KEY}}`],
      ['/wallet/addtransactionsign', `{"transaction": ${JSON.stringify(tx)}, "privateKey": "${KEY}"`],
      ['/wallet/addtransactionsign', JSON.stringify({ transaction: tx, privateKey: `${KEY}00` })],
      ['/wallet/addtransactionsign', JSON.stringify({ transaction: tx, privateKey: `${KEY.slice(0, 62)}zz` })],
      ['/wallet/addtransactionsign', JSON.stringify({ transaction: tx, [KEY]: 1 })],
      ['/wallet/addtransactionsign', JSON.stringify({ transaction: KEY, privateKey: KEY })],
      ['/wallet/addtransactionsign', JSON.stringify({ transaction: { ...tx, [KEY]: 1 }, privateKey: K.alice.priv })],
      ['/wallet/broadcasttransaction', JSON.stringify({ ...tx, txID: KEY })],
      ['/wallet/broadcasttransaction', JSON.stringify({ raw_data_hex: KEY })],
      ['/wallet/broadcasttransaction', JSON.stringify({ ...tx, signature: [KEY] })],
      ['/wallet/broadcasttransaction', KEY],
      ['/wallet/getsignweight', JSON.stringify({ ...tx, visible: KEY })],
      ['/wallet/getaccount', JSON.stringify({ address: KEY })],
      ['/wallet/getaccount', JSON.stringify({ address: `T${KEY}`.slice(0, 34) })],
      ['/wallet/getaccount', JSON.stringify({ address: `T${KEY}` })],
      ['/wallet/gettransactionbyid', JSON.stringify({ value: `${KEY}0` })],
      ['/wallet/getblockbynum', JSON.stringify({ num: KEY })],
      ['/wallet/createtransaction', JSON.stringify({ owner_address: KEY, to_address: K.bob.hex, amount: 1 })],
      ['/wallet/createtransaction', JSON.stringify({ owner_address: K.alice.hex, to_address: K.bob.hex, amount: KEY })],
      ['/wallet/accountpermissionupdate', JSON.stringify({ owner_address: K.alice.hex, owner: { type: KEY } })],
      ['/devnet/faucet', JSON.stringify({ address: K.alice.hex, amount: KEY })],
      [`/wallet/${KEY}`, '{}'],
      [`/${KEY}`, '{}'],
    ];
    for (const [path, body] of cases) {
      const r = await raw(path, body);
      expect(r.status, `${path} ${body.slice(0, 80)}`).toBeGreaterThanOrEqual(200);
      expectNoKey(r.text, `${path.replace(KEY, 'KEY')} replying to ${body.replace(KEY, 'KEY').slice(0, 120)}`);
    }
    const get = await raw(`/wallet/getaccount?address=${KEY}`, undefined, 'GET');
    expect(get.status).toBe(400);
    expectNoKey(get.text, 'GET /wallet/getaccount?address=KEY');
    expectNoKey(node.logs.join('\n'), 'the devnet log');
  });
});

describe('file names in messages and records (shownFileName)', () => {
  it('shows a handoff file named after its txID prefix, and describes a name that may hold a key', () => {
    expect(shownFileName('6fa2156ab708.airlock.json')).toBe('6fa2156ab708.airlock.json');
    const key = 'c0ffee'.repeat(10) + 'c0ff';
    for (const name of [`${key}.json`, `0x${key}`, `${key.slice(0, 32)}.txt`, 'a\u202Eb.json', 'n'.repeat(201)]) {
      const shown = shownFileName(name);
      expect(shown).toMatch(/^\(a file name of \d+ characters, not shown\)$/);
      expect(shown).not.toContain('c0ffee');
    }
  });
});
