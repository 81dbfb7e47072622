/**
 * `airlock`, the command line (cli/, bin/airlock.mjs; README "The command line"). Most tests call
 * `run(argv, io)` in-process with an in-memory io (stdin, files, clock); a few spawn the real
 * bin/airlock.mjs with Node 22 to prove the wiring (tsx loader, stdin, files, exit codes).
 *
 * Rules checked: JSON on stdout; errors as {"error":{code,message,details}} on stderr with exit 1
 * for bad input and 2 for a bad command line; everything shown is decoded from the bytes; signatures
 * are the vectors' exact bytes; `tx sign` refuses a repeat signer, a Permission_id change over
 * existing signatures, Permission_id 1, an expired transaction (unless --allow-expired), a sixth
 * signature and unrecoverable existing signatures; key material never appears in any output and
 * the key buffers are wiped.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { bytesToHex, hexToBytes, utf8ToBytes } from '../../shared/base/bytes.ts';
import { encodeRaw } from '../../shared/chain/transaction.ts';
import { Transaction_ContractSchema, Transaction_rawSchema } from '../../shared/gen/protocol/core_pb.ts';
import { parseJson, stringifyJson } from '../../shared/base/json.ts';
import { run } from '../../cli/main.ts';
import type { CliIo } from '../../cli/io.ts';
import { privateKeyFromFileBytes } from '../../cli/key-file.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

// ---------------------------------------------------------------------------------------------
// Vectors (PROTOCOL.md §9)

const KEY_11 = '11'.repeat(32);
const KEY_12 = '12'.repeat(32);
const ADDR_11 = { hex: '4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a', base58: 'TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLQ' };
const ADDR_12 = { hex: '411c5a77d9fa7ef466951b2f01f724bca3a5820b63', base58: 'TCZ8JGYoFqNhzttNHDz8bnJGjzM7q7Cdeg' };
const ADDR_21 = { hex: '412bd0c9fe079c8fca0e3352eb3d02839c371e5c41', base58: 'TDxtBDwocWMwXV6z1CWXJmT7p8bm14YoLY' };

const EXPIRATION = 1651906644000;
/** Between the vectors' timestamp and expiration: not expired. */
const BEFORE = 1651906600000;
const AFTER = EXPIRATION + 1;

/** §9.3 TransferAssetContract, Permission_id 2, signed by 11x32 then 12x32. */
const ASSET = {
  raw_data_hex:
    '0a02d8ed22082e066c3259e756f540a090bcea89305a750802126f0a32747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e736665724173736574436f6e747261637412390a073130303030303112154119e7e376e7c213b7e7e7e46cc70a5dd086daff2a1a15412bd0c9fe079c8fca0e3352eb3d02839c371e5c412064280270b2ccb8ea8930',
  txID: '426f5c45c488ae1c11b3e17f63af8a43d49e14472521dc9176713ccf51d60621',
  signatures: [
    '86c7b83a7d1300c5f5316506092f2c9726ff918ff058a50df517a0da9ec2c46b75ca17ff314b71c66ddc2771396fec3ddf92f8a60cf2bd8196a27398ef79ad5201',
    'b7a2f2cfc8463d636162c953e95863e26e47bf06b2e47352d26bed11c66f873833fc0ebaa967a3cd22ea35f64af5beedd543c8f8ff06f3119207915587ca672e00',
  ],
};

function assetRawData(permissionId?: number) {
  return {
    ref_block_bytes: 'd8ed',
    ref_block_hash: '2e066c3259e756f5',
    expiration: EXPIRATION,
    contract: [
      {
        type: 'TransferAssetContract',
        parameter: {
          value: { asset_name: '31303030303031', owner_address: ADDR_11.hex, to_address: ADDR_21.hex, amount: 100 },
          type_url: 'type.googleapis.com/protocol.TransferAssetContract',
        },
        ...(permissionId === undefined ? {} : { Permission_id: permissionId }),
      },
    ],
    timestamp: 1651906586162,
  };
}

/** §9.3 TransferContract, owner permission, signed by 11x32. */
const TRANSFER = {
  raw_data_hex:
    '0a02d8ed22082e066c3259e756f540a090bcea89305a67080112630a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412320a154119e7e376e7c213b7e7e7e46cc70a5dd086daff2a1215412bd0c9fe079c8fca0e3352eb3d02839c371e5c4118c0843d70b2ccb8ea8930',
  txID: '65a9d072f9fce3094d757b9bd96206ca4b04af5d88f46a204cf8dc6db2ab5612',
  signature:
    '4caff20440f9b03d6dd017d8aef23cfdfaf9435acff44f3658444a4b07004eb85987a1309f47213adb7602b117596a8567aca9da3f47a813181eac89177d8d9a01',
};

/** §9.2 java-tron UtilTest: its signature recovers to the recipient. */
const UTIL = {
  raw_data_hex:
    '0a02d8ed22082e066c3259e756f540a090bcea89305a65080112610a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412300a1541c076305e35aea1fe45a772fcaaab8a36e87bdb551215415624c12e308b03a1a6b21d9b86e3942fac1ab92b180a70b2ccb8ea8930',
  txID: 'fc33817936b06e50d4b6f1797e62f52d69af6c0da580a607241a9c03a48e390e',
  signature:
    '5c23bddabccd3e4e5ebdf7d2f21dc58af9f88e0b99620374c5354e0dd9efb3a436167d95b70d2d825180bf90bc84525acb13a203f209afd5d397316f6b2c387c01',
};

// ---------------------------------------------------------------------------------------------
// In-process runner

interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  /** Every file path read, in order. */
  reads: string[];
  /** Every buffer handed out by readFile, to check that key buffers were wiped. */
  buffers: Map<string, Uint8Array>;
}

interface RunOptions {
  stdin?: string;
  files?: Record<string, string>;
  now?: number;
}

async function cli(argv: string[], options: RunOptions = {}): Promise<RunResult> {
  const result: RunResult = { code: -1, stdout: '', stderr: '', reads: [], buffers: new Map() };
  async function readFile(path: string): Promise<Uint8Array> {
    result.reads.push(path);
    const text = options.files?.[path];
    if (text === undefined) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
    const bytes = utf8ToBytes(text);
    result.buffers.set(path, bytes);
    return bytes;
  }
  const io: CliIo = {
    async readStdin() {
      if (options.stdin === undefined) throw new Error('this test gave no stdin');
      return utf8ToBytes(options.stdin);
    },
    readFile,
    // The permission rule of real key files is tested on disk ("key files on disk", below).
    readSecretFile: readFile,
    stdout: (text) => void (result.stdout += text),
    stderr: (text) => void (result.stderr += text),
    now: () => options.now ?? BEFORE,
  };
  result.code = await run(argv, io);
  return result;
}

function out(r: RunResult): Record<string, unknown> {
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout.endsWith('}\n')).toBe(true);
  return parseJson(r.stdout) as Record<string, unknown>;
}

function err(r: RunResult, exitCode: 1 | 2): { code: string; message: string; details: Record<string, unknown> } {
  expect(r.stdout).toBe('');
  expect(r.code).toBe(exitCode);
  const parsed = parseJson(r.stderr) as { error: { code: string; message: string; details: Record<string, unknown> } };
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(Object.keys(parsed.error)).toEqual(['code', 'message', 'details']);
  return parsed.error;
}

const json = (v: unknown) => stringifyJson(v);

/** No key text, whole or in part, anywhere in what the CLI wrote. */
function expectNoKeyMaterial(r: RunResult, keyHex: string): void {
  const all = (r.stdout + r.stderr).toLowerCase();
  expect(all).not.toContain(keyHex.toLowerCase());
  for (let i = 0; i + 16 <= keyHex.length; i += 8) expect(all).not.toContain(keyHex.slice(i, i + 16).toLowerCase());
}

// ---------------------------------------------------------------------------------------------

describe('help', () => {
  it('airlock --help prints the usage of every command, exit 0', async () => {
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    for (const cmd of ['tx encode', 'tx inspect', 'tx sign', 'ops encode', 'ops decode', 'address']) expect(r.stdout).toContain(`airlock ${cmd}`);
  });

  it('airlock <cmd> --help prints that command\'s usage', async () => {
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
    [['tx', 'sign', '--key-file', 'k', '--permission-id', 'two'], 'airlock tx sign: --permission-id must be a whole number from 0 to 2147483647 (0 is the owner permission, 2 and up the active ones; 1, the executive permission, never signs); got text that is not a number'],
    [['tx', 'sign', '--key-file', 'k', '--permission-id=-1'], 'airlock tx sign: --permission-id must be a whole number from 0 to 2147483647 (0 is the owner permission, 2 and up the active ones; 1, the executive permission, never signs); got -1'],
    [['ops'], 'airlock ops: missing command (encode or decode; see airlock ops --help)'],
    [['ops', 'frob'], 'airlock ops: unknown command "frob" (encode or decode)'],
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

describe('tx encode', () => {
  it('raw_data in the node\'s shape → {txID, raw_data_hex, raw_data}, the exact vector bytes', async () => {
    const o = out(await cli(['tx', 'encode', 'tx.json'], { files: { 'tx.json': json({ raw_data: assetRawData(2) }) } }));
    expect(o.txID).toBe(ASSET.txID);
    expect(o.raw_data_hex).toBe(ASSET.raw_data_hex);
    expect(json(o.raw_data)).toBe(json(assetRawData(2)));
    expect(o.visible).toBe(false);
  });

  it('a bare raw_data object is accepted too', async () => {
    const o = out(await cli(['tx', 'encode', 'raw.json'], { files: { 'raw.json': json(assetRawData(2)) } }));
    expect(o.raw_data_hex).toBe(ASSET.raw_data_hex);
  });

  it('reads stdin for "-" and for no argument', async () => {
    for (const argv of [['tx', 'encode', '-'], ['tx', 'encode']]) {
      const o = out(await cli(argv, { stdin: json({ raw_data: assetRawData(2) }) }));
      expect(o.txID).toBe(ASSET.txID);
    }
  });

  it('--visible writes Base58 addresses and the token id as text', async () => {
    const o = out(await cli(['tx', 'encode', '--visible'], { stdin: json({ raw_data: assetRawData(2) }) }));
    const value = (o.raw_data as ReturnType<typeof assetRawData>).contract[0]!.parameter.value;
    expect(value).toEqual({ asset_name: '1000001', owner_address: ADDR_11.base58, to_address: ADDR_21.base58, amount: 100 });
    expect(o.visible).toBe(true);
  });

  it('--visible output reads back (its visible key says how) to the same bytes', async () => {
    const first = (await cli(['tx', 'encode', '--visible'], { stdin: json({ raw_data: assetRawData(2) }) })).stdout;
    const o = out(await cli(['tx', 'encode'], { stdin: first }));
    expect(o.raw_data_hex).toBe(ASSET.raw_data_hex);
  });

  it('control and bidi characters in names are written as JSON escapes, and still read back the same (issue 6)', async () => {
    const name = 'ops\u202Eowner\u2066x\u200E\u061C\u0085';
    const raw = {
      ref_block_bytes: 'd8ed',
      ref_block_hash: '2e066c3259e756f5',
      expiration: EXPIRATION,
      contract: [{
        type: 'AccountPermissionUpdateContract',
        parameter: {
          value: {
            owner_address: ADDR_11.hex,
            owner: { type: 'Owner', permission_name: name, threshold: 1, keys: [{ address: ADDR_11.hex, weight: 1 }] },
            actives: [{ type: 'Active', id: 2, permission_name: 'a', threshold: 1, operations: '7fff1fc0033e0000000000000000000000000000000000000000000000000000', keys: [{ address: ADDR_11.hex, weight: 1 }] }],
          },
          type_url: 'type.googleapis.com/protocol.AccountPermissionUpdateContract',
        },
      }],
      timestamp: 1651906586162,
    };
    const r = await cli(['tx', 'encode', '--visible'], { stdin: json({ raw_data: raw }) });
    for (const c of ['\u202E', '\u2066', '\u200E', '\u061C', '\u0085']) expect(r.stdout).not.toContain(c);
    expect(r.stdout).toContain('ops\\u202eowner\\u2066x\\u200e\\u061c\\u0085');
    const o = out(r);
    expect((o.raw_data as typeof raw).contract[0]!.parameter.value.owner.permission_name).toBe(name);
    expect(out(await cli(['tx', 'encode'], { stdin: r.stdout })).raw_data_hex).toBe(o.raw_data_hex);
  });

  it('a bare visible raw_data is read with --visible', async () => {
    const visibleRaw = assetRawData(2);
    visibleRaw.contract[0]!.parameter.value = { asset_name: '1000001', owner_address: ADDR_11.base58, to_address: ADDR_21.base58, amount: 100 };
    const o = out(await cli(['tx', 'encode', '--visible'], { stdin: json(visibleRaw) }));
    expect(o.raw_data_hex).toBe(ASSET.raw_data_hex);
  });

  it('int64 values above 2^53 are kept exactly, in and out', async () => {
    const raw = assetRawData(2);
    raw.contract[0]!.parameter.value.amount = 0; // replaced textually below
    const text = json({ raw_data: raw }).replace('"amount":0', '"amount":9223372036854775807');
    const r = await cli(['tx', 'encode'], { stdin: text });
    expect(r.stdout).toContain('"amount": 9223372036854775807\n');
    expect(r.stdout).toContain(/* the varint of 2^63-1 */ '20ffffffffffffffff7f');
  });

  it('a txID that is not the hash of the bytes is refused (exit 1)', async () => {
    const r = await cli(['tx', 'encode'], { stdin: json({ raw_data: assetRawData(2), txID: TRANSFER.txID }) });
    expect(err(r, 1)).toEqual({ code: 'BAD_TRANSACTION', message: `txID is not the hash of raw_data (which is ${ASSET.txID})`, details: { field: 'transaction.txID' } });
  });

  it('bad JSON is BAD_JSON naming the source (exit 1)', async () => {
    const e = err(await cli(['tx', 'encode', 'tx.json'], { files: { 'tx.json': '{"raw_data":' } }), 1);
    expect(e.code).toBe('BAD_JSON');
    expect(e.message).toMatch(/^tx\.json: /);
    expect(err(await cli(['tx', 'encode'], { stdin: '' }), 1)).toMatchObject({ code: 'BAD_JSON', message: 'stdin: not valid JSON: the text ends early, at line 1, column 1 (offset 0)' });
  });

  it('a JSON value that is not an object is refused', async () => {
    expect(err(await cli(['tx', 'encode'], { stdin: '[1]' }), 1)).toMatchObject({ code: 'BAD_JSON', message: 'transaction: expected a JSON object' });
  });

  it('an unknown field in raw_data is refused with its path', async () => {
    const raw = { ...assetRawData(2), memo: 'x' };
    const e = err(await cli(['tx', 'encode'], { stdin: json({ raw_data: raw }) }), 1);
    expect(e.code).toBe('BAD_JSON');
    expect(e.message).toMatch(/^raw_data\.memo: unknown field/);
    expect(e.details).toEqual({ field: 'raw_data.memo' });
  });

  it('a missing file is NOT_FOUND naming the path', async () => {
    expect(err(await cli(['tx', 'encode', 'nope.json']), 1)).toEqual({ code: 'NOT_FOUND', message: 'input: no such file: nope.json', details: { path: 'nope.json' } });
  });

  it('input that is not UTF-8 is refused', async () => {
    let stderr = '';
    const io: CliIo = {
      readStdin: async () => new Uint8Array([0x7b, 0xff, 0x7d]),
      readFile: async () => new Uint8Array(),
      readSecretFile: async () => new Uint8Array(),
      stdout: () => undefined,
      stderr: (t) => void (stderr += t),
      now: () => BEFORE,
    };
    expect(await run(['tx', 'encode'], io)).toBe(1);
    expect(parseJson(stderr)).toEqual({ error: { code: 'BAD_JSON', message: 'stdin: not UTF-8 text', details: {} } });
  });
});

describe('tx inspect: everything from the bytes', () => {
  it('the UtilTest vector: contract, owner, times, and its signature recovered to the recipient', async () => {
    const o = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: UTIL.raw_data_hex, signature: [UTIL.signature] }), now: AFTER }));
    const owner = { hex: '41c076305e35aea1fe45a772fcaaab8a36e87bdb55', base58: 'TTWrKoTTHnqV3E5KvEHuFk9CwxVs9UN21G' };
    const to = { hex: '415624c12e308b03a1a6b21d9b86e3942fac1ab92b', base58: 'THph9K2M2nLvkianrMGswRhz5hjSA9fuH7' };
    expect(o).toMatchObject({
      txID: UTIL.txID,
      kind: 'TransferContract',
      title: 'Transfer',
      summary: `Send 0.00001 coin from ${owner.base58} to ${to.base58}`,
      permissionId: 0,
      owner,
      contract: { contract: 'TransferContract', owner, to, amount: '10', amountCoin: '0.00001' },
      rawDataHex: UTIL.raw_data_hex,
      expiration: { ms: '1651906644000', iso: '2022-05-07T06:57:24.000Z', expired: true, msLeft: '-1' },
      timestamp: { ms: '1651906586162', iso: '2022-05-07T06:56:26.162Z' },
      signatures: [{ index: 0, signer: to, error: null }],
    });
    expect((o.raw_data as { contract: unknown[] }).contract).toHaveLength(1);
  });

  it('expired is decided against now: false before the expiration, true at it', async () => {
    const input = json({ raw_data_hex: UTIL.raw_data_hex });
    expect(out(await cli(['tx', 'inspect'], { stdin: input, now: BEFORE })).expiration).toMatchObject({ expired: false, msLeft: String(EXPIRATION - BEFORE) });
    expect(out(await cli(['tx', 'inspect'], { stdin: input, now: EXPIRATION })).expiration).toMatchObject({ expired: true, msLeft: '0' });
  });

  it('both signatures of the Permission_id 2 vector, and permission_id 2', async () => {
    const o = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: ASSET.raw_data_hex, signature: ASSET.signatures }) }));
    expect(o.permissionId).toBe(2);
    expect(o.signatures).toEqual([
      { index: 0, signer: ADDR_11, error: null },
      { index: 1, signer: ADDR_12, error: null },
    ]);
  });

  it('a bad signature is reported with the node\'s code and message, the others still recovered', async () => {
    const sig = ASSET.signatures[0]!;
    const v8 = sig.slice(0, 128) + '08';
    const o = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: ASSET.raw_data_hex, signature: [sig.slice(0, 128), v8, ASSET.signatures[1]] }) }));
    expect(o.signatures).toEqual([
      { index: 0, signer: null, error: { code: 'SIGNATURE_FORMAT', message: 'Signature size is 64' } },
      { index: 1, signer: null, error: { code: 'COMPUTE_ADDRESS', message: 'Header byte out of range: 35' } },
      { index: 2, signer: ADDR_12, error: null },
    ]);
  });

  it('thousands of signatures are refused as "too many signatures" before any is recovered (issue 6)', async () => {
    // The first is malformed: had any been recovered, inspect would list it as SIGNATURE_FORMAT.
    const signature = [ASSET.signatures[0]!.slice(0, 128), ...Array.from({ length: 2_999 }, () => ASSET.signatures[1]!)];
    const e = err(await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: ASSET.raw_data_hex, signature }) }), 1);
    expect(e).toEqual({ code: 'PERMISSION', message: 'too many signatures', details: { field: 'signature', count: 3_000, max: 5 } });
    // Five, the most a permission holds, are still shown.
    const five = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: ASSET.raw_data_hex, signature: signature.slice(0, 5) }) }));
    expect((five.signatures as unknown[]).length).toBe(5);
  });

  it('raw_data is written from the bytes (raw_data_hex alone is enough)', async () => {
    const o = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: ASSET.raw_data_hex }) }));
    expect(json(o.raw_data)).toBe(json(assetRawData(2)));
    expect(o.signatures).toEqual([]);
  });

  it('a raw_data that says something else than raw_data_hex is refused', async () => {
    const raw = assetRawData(2);
    raw.contract[0]!.parameter.value.amount = 1_000_000;
    const r = await cli(['tx', 'inspect'], { stdin: json({ raw_data: raw, raw_data_hex: ASSET.raw_data_hex }) });
    expect(err(r, 1)).toMatchObject({ code: 'BAD_TRANSACTION', message: 'raw_data does not match raw_data_hex: the readable part says something other than the signed bytes' });
  });

  it('a __proto__ or constructor key is an unknown field, in the transaction JSON and in a bare raw_data (issue 6)', async () => {
    for (const key of ['__proto__', 'constructor']) {
      const wrapped = `{"${key}": {"signature": []}, "raw_data_hex": "${ASSET.raw_data_hex}"}`;
      expect(err(await cli(['tx', 'inspect'], { stdin: wrapped }), 1)).toMatchObject({ code: 'BAD_JSON', details: { field: `transaction.${key}` } });
      const bare = json(assetRawData(2)).replace('{', `{"${key}": {"raw_data_hex": "00"}, `);
      expect(err(await cli(['tx', 'encode'], { stdin: bare }), 1)).toMatchObject({ code: 'BAD_JSON', details: { field: `raw_data.${key}` } });
    }
  });

  it('bytes Airlock cannot show are refused (unknown field)', async () => {
    const r = await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: ASSET.raw_data_hex + '980601' }) });
    expect(err(r, 1).code).toBe('UNKNOWN_FIELD');
  });

  it('--visible shows Base58 and text in raw_data; the view has both forms either way', async () => {
    const o = out(await cli(['tx', 'inspect', '--visible'], { stdin: json({ raw_data_hex: ASSET.raw_data_hex }) }));
    const value = (o.raw_data as ReturnType<typeof assetRawData>).contract[0]!.parameter.value;
    expect(value).toEqual({ asset_name: '1000001', owner_address: ADDR_11.base58, to_address: ADDR_21.base58, amount: 100 });
    expect(o.contract).toMatchObject({ contract: 'TransferAssetContract', owner: ADDR_11, to: ADDR_21, tokenId: '1000001', amount: '100', token: null, amountTokens: null });
  });

  it('an expiration beyond what a Date can hold has iso null', async () => {
    const raw = assetRawData(2);
    const text = json({ raw_data: raw }).replace(`"expiration":${EXPIRATION}`, '"expiration":9223372036854775807');
    const o = out(await cli(['tx', 'inspect'], { stdin: text }));
    expect(o.expiration).toEqual({ ms: '9223372036854775807', iso: null, expired: false, msLeft: (9223372036854775807n - BigInt(BEFORE)).toString() });
  });
});

describe('tx encode and inspect: every contract type of the reference node (issue 17)', () => {
  const header = { ref_block_bytes: 'd8ed', ref_block_hash: '2e066c3259e756f5', expiration: EXPIRATION, timestamp: BEFORE };
  const raw = (type: string, value: Record<string, unknown>) => ({ ...header, contract: [{ type, parameter: { value }, Permission_id: 2 }] });

  it('a vote written with java-tron names is encoded, and inspect shows each vote in words', async () => {
    const vote = raw('VoteWitnessContract', { owner_address: ADDR_11.hex, votes: [{ vote_address: ADDR_12.hex, vote_count: 1_000 }, { vote_address: ADDR_21.base58, vote_count: 7 }] });
    const encoded = out(await cli(['tx', 'encode'], { stdin: json(vote) }));
    const o = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: encoded.raw_data_hex }), now: BEFORE }));
    expect(o).toMatchObject({ txID: encoded.txID, kind: 'VoteWitnessContract', kindId: 4, title: 'Vote for executives', permissionId: 2, contract: { contract: 'VoteWitnessContract' } });
    expect(o.summary).toBe(`Vote as ${ADDR_11.base58}, replacing earlier votes: 1,000 for ${ADDR_12.base58}, 7 for ${ADDR_21.base58} (1,007 votes in all)`);
    expect(o.fields).toContainEqual({ field: 'votes[1].vote_address', name: 'Vote 2: executive', value: ADDR_21.base58, address: ADDR_21 });
  });

  it('a delegation of energy and a contract call: resource by name, TRX with sun, selector and words', async () => {
    const delegate = raw('DelegateResourceContract', { owner_address: ADDR_11.hex, resource: 'ENERGY', balance: 2_500_000, receiver_address: ADDR_12.hex, lock: true, lock_period: 1_200 });
    const o = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data: delegate }), now: BEFORE }));
    expect(o.fields).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'resource', value: 'ENERGY' }),
      expect.objectContaining({ field: 'balance', value: '2.5 TRX = 2,500,000 sun' }),
      expect.objectContaining({ field: 'lock_period', value: '1,200 blocks (about 1 hour)' }),
    ]));
    const call = raw('TriggerSmartContract', { owner_address: ADDR_11.hex, contract_address: ADDR_21.hex, data: 'a9059cbb' + '00'.repeat(64) });
    const c = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data: call }), now: BEFORE }));
    expect(c).toMatchObject({ kind: 'TriggerSmartContract', title: 'Contract call' });
    expect(c.fields).toContainEqual(expect.objectContaining({ field: 'data[0..4]', name: 'Function selector' }));
  });

  it('a type with no message (CustomContract) is refused: by its id and size from bytes, by name from JSON', async () => {
    const value = hexToBytes(`0a15${ADDR_11.hex}`);
    const bytes = encodeRaw(create(Transaction_rawSchema, {
      refBlockBytes: hexToBytes('d8ed'), refBlockHash: hexToBytes('2e066c3259e756f5'), expiration: BigInt(EXPIRATION),
      contract: [create(Transaction_ContractSchema, { type: 20, parameter: { typeUrl: 'type.googleapis.com/protocol.CustomContract', value } })],
    }));
    expect(err(await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: bytesToHex(bytes) }) }), 1)).toMatchObject({
      code: 'UNSUPPORTED_CONTRACT',
      message: 'raw_data.contract[0].type: contract type 20 (CustomContract, which has no message to decode), 23 bytes: Airlock cannot show it in words, so it will not sign it',
    });
    const custom = raw('CustomContract', { owner_address: ADDR_11.hex });
    (custom.contract[0]!.parameter as Record<string, unknown>).type_url = 'type.googleapis.com/protocol.CustomContract';
    expect(err(await cli(['tx', 'inspect'], { stdin: json({ raw_data: custom }) }), 1)).toMatchObject({ code: 'UNSUPPORTED_CONTRACT' });
  });
});

describe('tx sign', () => {
  const files = (extra: Record<string, string> = {}) => ({ k11: `${KEY_11}\n`, k12: `  0x${KEY_12}  \r\n`, ...extra });

  it('signs the TransferContract vector with 11x32: the vector signature, the full node JSON', async () => {
    const r = await cli(['tx', 'sign', 'tx.json', '--key-file', 'k11'], { files: files({ 'tx.json': json({ raw_data_hex: TRANSFER.raw_data_hex }) }) });
    const o = out(r);
    expect(Object.keys(o)).toEqual(['visible', 'txID', 'raw_data', 'raw_data_hex', 'signature']);
    expect(o).toMatchObject({ visible: false, txID: TRANSFER.txID, raw_data_hex: TRANSFER.raw_data_hex, signature: [TRANSFER.signature] });
    expectNoKeyMaterial(r, KEY_11);
  });

  it('--permission-id 2 on an unsigned owner transaction rewrites Permission_id (new bytes, new txID), then 12x32 adds the second vector signature', async () => {
    const first = await cli(['tx', 'sign', '--key-file', 'k11', '--permission-id', '2'], { stdin: json({ raw_data: assetRawData() }), files: files() });
    const o1 = out(first);
    expect(o1.txID).toBe(ASSET.txID);
    expect(o1.raw_data_hex).toBe(ASSET.raw_data_hex);
    expect(o1.signature).toEqual([ASSET.signatures[0]]);
    const o2 = out(await cli(['tx', 'sign', '-', '--key-file=k12'], { stdin: first.stdout, files: files() }));
    expect(o2.signature).toEqual(ASSET.signatures);
    expect(o2.txID).toBe(ASSET.txID);
  });

  it('--permission-id equal to the current id is accepted even with signatures', async () => {
    const input = json({ raw_data_hex: ASSET.raw_data_hex, signature: [ASSET.signatures[0]] });
    const o = out(await cli(['tx', 'sign', '--key-file', 'k12', '--permission-id', '2'], { stdin: input, files: files() }));
    expect(o.signature).toEqual(ASSET.signatures);
  });

  it('--permission-id that differs once there are signatures is refused (it would void them)', async () => {
    const input = json({ raw_data_hex: ASSET.raw_data_hex, signature: [ASSET.signatures[0]] });
    const r = await cli(['tx', 'sign', '--key-file', 'k12', '--permission-id', '3'], { stdin: input, files: files() });
    expect(err(r, 1)).toEqual({
      code: 'INVALID_INPUT',
      message: '--permission-id 3: the transaction already has 1 signature(s) for Permission_id 2; changing it changes the txID and would void them',
      details: { field: '--permission-id', current: 2, requested: 3 },
    });
    expect(r.reads).toEqual([]);
  });

  it('--permission-id 1 (executive) is refused', async () => {
    const r = await cli(['tx', 'sign', '--key-file', 'k11', '--permission-id', '1'], { stdin: json({ raw_data_hex: TRANSFER.raw_data_hex }), files: files() });
    expect(err(r, 1)).toMatchObject({ code: 'PERMISSION', message: '--permission-id: 1 is the executive permission, which never signs transactions (spec §2.4)' });
  });

  it('a transaction whose bytes say Permission_id 1 is refused', async () => {
    const r = await cli(['tx', 'sign', '--key-file', 'k11'], { stdin: json({ raw_data: assetRawData(1) }), files: files() });
    expect(err(r, 1)).toMatchObject({
      code: 'PERMISSION',
      message: 'raw_data.contract[0].Permission_id: 1 is the executive permission, which never signs transactions (spec §2.4)',
    });
  });

  it('a key that already signed is refused with the node\'s "<base58> had signed!"', async () => {
    const input = json({ raw_data_hex: ASSET.raw_data_hex, signature: ASSET.signatures });
    const r = await cli(['tx', 'sign', '--key-file', 'k12'], { stdin: input, files: files() });
    expect(err(r, 1)).toEqual({ code: 'PERMISSION', message: `${ADDR_12.base58} had signed!`, details: { signer: ADDR_12 } });
    expectNoKeyMaterial(r, KEY_12);
  });

  it('an expired transaction is refused without --allow-expired, and the key file is not even read', async () => {
    const r = await cli(['tx', 'sign', '--key-file', 'k11'], { stdin: json({ raw_data_hex: TRANSFER.raw_data_hex }), files: files(), now: AFTER });
    expect(err(r, 1)).toEqual({
      code: 'BAD_TRANSACTION',
      message: 'Transaction expired: its expiration 2022-05-07T06:57:24.000Z is not after now; pass --allow-expired to sign it anyway',
      details: { field: 'raw_data.expiration', reason: 'expired', expiration: String(EXPIRATION), now: AFTER },
    });
    expect(r.reads).toEqual([]);
  });

  it('an expiration equal to now counts as expired', async () => {
    const r = await cli(['tx', 'sign', '--key-file', 'k11'], { stdin: json({ raw_data_hex: TRANSFER.raw_data_hex }), files: files(), now: EXPIRATION });
    expect(err(r, 1).code).toBe('BAD_TRANSACTION');
  });

  it('--allow-expired signs it anyway', async () => {
    const o = out(await cli(['tx', 'sign', '--key-file', 'k11', '--allow-expired'], { stdin: json({ raw_data_hex: TRANSFER.raw_data_hex }), files: files(), now: AFTER }));
    expect(o.signature).toEqual([TRANSFER.signature]);
  });

  it('a sixth signature is refused (TOTAL_SIGN_NUM 5)', async () => {
    const five = ['22', '23', '31', '32', '33'].map((k) => k.repeat(32));
    let text = json({ raw_data_hex: TRANSFER.raw_data_hex });
    for (const k of five) text = (await cli(['tx', 'sign', '--key-file', 'k'], { stdin: text, files: { k } })).stdout;
    expect((parseJson(text) as { signature: string[] }).signature).toHaveLength(5);
    const r = await cli(['tx', 'sign', '--key-file', 'k11'], { stdin: text, files: files() });
    expect(err(r, 1)).toEqual({ code: 'PERMISSION', message: 'too many signatures', details: { field: 'signature', count: 6, max: 5 } });
  });

  it('an existing signature that does not recover is refused, naming it', async () => {
    const input = json({ raw_data_hex: ASSET.raw_data_hex, signature: [ASSET.signatures[0]!.slice(0, 128)] });
    const r = await cli(['tx', 'sign', '--key-file', 'k12'], { stdin: input, files: files() });
    expect(err(r, 1)).toEqual({ code: 'SIGNATURE_FORMAT', message: 'signature[0]: Signature size is 64', details: { field: 'signature[0]' } });
  });

  it('--visible writes the signed transaction with Base58 and text', async () => {
    const o = out(await cli(['tx', 'sign', '--key-file', 'k11', '--visible'], { stdin: json({ raw_data_hex: ASSET.raw_data_hex }), files: files() }));
    expect(o.visible).toBe(true);
    expect(json(o.raw_data)).toContain('"asset_name":"1000001"');
    expect(o.signature).toEqual([ASSET.signatures[0]]);
  });

  it('the key buffer read from the file is wiped after signing', async () => {
    const r = await cli(['tx', 'sign', '--key-file', 'k11'], { stdin: json({ raw_data_hex: TRANSFER.raw_data_hex }), files: files() });
    expect(r.code).toBe(0);
    expect(r.reads).toEqual(['k11']);
    expect(Array.from(r.buffers.get('k11')!).every((b) => b === 0)).toBe(true);
  });

  describe('bad key files: BAD_KEY, exit 1, no key material in any output, buffer wiped', () => {
    const cases: Array<[string, string, string]> = [
      ['zero', '00'.repeat(32), 'key file: not a valid secp256k1 key (zero or not below the curve order)'],
      ['the curve order', 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141', 'key file: not a valid secp256k1 key (zero or not below the curve order)'],
      ['63 digits', 'c0ffee'.repeat(10) + 'bee', 'key file: expected 64 hex digits (a secp256k1 private key), optionally with 0x and surrounding whitespace'],
      ['66 digits', 'c0ffee'.repeat(11), 'key file: expected 64 hex digits (a secp256k1 private key), optionally with 0x and surrounding whitespace'],
      ['a non-hex digit', 'c0ffee'.repeat(10) + 'beeg', 'key file: expected 64 hex digits (a secp256k1 private key), optionally with 0x and surrounding whitespace'],
      ['two keys', `${KEY_11}\n${KEY_12}\n`, 'key file: expected 64 hex digits (a secp256k1 private key), optionally with 0x and surrounding whitespace'],
    ];
    for (const [name, content, message] of cases) {
      it(name, async () => {
        const r = await cli(['tx', 'sign', '--key-file', 'bad'], { stdin: json({ raw_data_hex: TRANSFER.raw_data_hex }), files: { bad: content } });
        expect(err(r, 1)).toEqual({ code: 'BAD_KEY', message, details: { path: 'bad' } });
        expectNoKeyMaterial(r, content.replace(/\s/g, '').slice(0, 64).padEnd(16, '0'));
        expect(Array.from(r.buffers.get('bad')!).every((b) => b === 0)).toBe(true);
      });
    }

    it('a missing key file is NOT_FOUND', async () => {
      const r = await cli(['tx', 'sign', '--key-file', 'nope'], { stdin: json({ raw_data_hex: TRANSFER.raw_data_hex }) });
      expect(err(r, 1)).toEqual({ code: 'NOT_FOUND', message: 'key file: no such file: nope', details: { path: 'nope' } });
    });
  });

  it('privateKeyFromFileBytes parses 0x, upper case and whitespace, and wipes its input', () => {
    const file = utf8ToBytes(`\t 0X${KEY_11.toUpperCase()}\r\n`);
    const key = privateKeyFromFileBytes(file);
    expect(Array.from(key)).toEqual(new Array(32).fill(0x11));
    expect(Array.from(file).every((b) => b === 0)).toBe(true);
  });
});

describe('ops', () => {
  it('ops encode: ids and names, separate or comma-separated → {hex, ids, names}', async () => {
    const o = out(await cli(['ops', 'encode', 'TransferContract', '2,AssetIssue', '46']));
    expect(o).toEqual({
      hex: '4600000000400000' + '00'.repeat(24),
      ids: [1, 2, 6, 46],
      names: ['TransferContract', 'TransferAssetContract', 'AssetIssueContract', 'AccountPermissionUpdateContract'],
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
    expect(out(await cli(['ops', 'decode', '80' + '00'.repeat(31)]))).toEqual({ hex: '80' + '00'.repeat(31), ids: [7], names: [], unknown: [7] });
  });

  it('ops decode refuses a mask with bits past id 63, where no contract type is, and does not echo it (a pasted key has that shape)', async () => {
    const mask = '00'.repeat(8) + '01' + '00'.repeat(23);
    const r = await cli(['ops', 'decode', mask]);
    expect(err(r, 1)).toEqual({
      code: 'INVALID_INPUT',
      message: 'operations: sets bits past contract type id 63, which no chain has: not an operations mask (a private key has this shape; the text is not shown)',
      details: { field: 'operations' },
    });
    expect(r.stderr).not.toContain(mask);
    // Bit 63, the last of the first 8 bytes, is still decoded and reported as unknown.
    expect(out(await cli(['ops', 'decode', '00'.repeat(7) + '80' + '00'.repeat(24)]))).toMatchObject({ ids: [63], unknown: [63] });
  });

  it('ops decode refuses bad hex and the wrong length (exit 1)', async () => {
    expect(err(await cli(['ops', 'decode', 'zz']), 1)).toMatchObject({ code: 'BAD_HEX', message: 'operations: not a hex string' });
    expect(err(await cli(['ops', 'decode', '00']), 1)).toMatchObject({ code: 'INVALID_INPUT', message: 'operations: expected 32 bytes (64 hex digits), got 1' });
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
