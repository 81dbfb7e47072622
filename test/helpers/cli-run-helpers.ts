/**
 * What the in-process tests of `airlock`, the command line, share (test/integration/cli*.test.ts):
 * the keys and addresses of the reference vectors, a few raw transactions, `cli(argv)` running
 * `run(argv, io)` with an in-memory io (stdin, files, clock), readers of its JSON stdout and
 * stderr, and the check that no key text appears in any output. No tests here.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { utf8ToBytes } from '../../shared/base/bytes.ts';
import { parseJson, stringifyJson } from '../../shared/base/json.ts';
import { run } from '../../cli/main.ts';
import type { CliIo } from '../../cli/io.ts';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

// ---------------------------------------------------------------------------------------------
// Vectors (PROTOCOL.md §9)

export const KEY_11 = '11'.repeat(32);
export const KEY_12 = '12'.repeat(32);
export const ADDR_11 = { hex: '4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a', base58: 'TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLQ' };
export const ADDR_12 = { hex: '411c5a77d9fa7ef466951b2f01f724bca3a5820b63', base58: 'TCZ8JGYoFqNhzttNHDz8bnJGjzM7q7Cdeg' };
export const ADDR_21 = { hex: '412bd0c9fe079c8fca0e3352eb3d02839c371e5c41', base58: 'TDxtBDwocWMwXV6z1CWXJmT7p8bm14YoLY' };

export const EXPIRATION = 1651906644000;
/** Between the vectors' timestamp and expiration: not expired. */
export const BEFORE = 1651906600000;
export const AFTER = EXPIRATION + 1;

/** §9.3 TransferAssetContract, Permission_id 2, signed by 11x32 then 12x32. */
export const ASSET = {
  raw_data_hex:
    '0a02d8ed22082e066c3259e756f540a090bcea89305a750802126f0a32747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e736665724173736574436f6e747261637412390a073130303030303112154119e7e376e7c213b7e7e7e46cc70a5dd086daff2a1a15412bd0c9fe079c8fca0e3352eb3d02839c371e5c412064280270b2ccb8ea8930',
  txID: '426f5c45c488ae1c11b3e17f63af8a43d49e14472521dc9176713ccf51d60621',
  signatures: [
    '86c7b83a7d1300c5f5316506092f2c9726ff918ff058a50df517a0da9ec2c46b75ca17ff314b71c66ddc2771396fec3ddf92f8a60cf2bd8196a27398ef79ad5201',
    'b7a2f2cfc8463d636162c953e95863e26e47bf06b2e47352d26bed11c66f873833fc0ebaa967a3cd22ea35f64af5beedd543c8f8ff06f3119207915587ca672e00',
  ],
};

export function assetRawData(permissionId?: number) {
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
export const TRANSFER = {
  raw_data_hex:
    '0a02d8ed22082e066c3259e756f540a090bcea89305a67080112630a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412320a154119e7e376e7c213b7e7e7e46cc70a5dd086daff2a1215412bd0c9fe079c8fca0e3352eb3d02839c371e5c4118c0843d70b2ccb8ea8930',
  txID: '65a9d072f9fce3094d757b9bd96206ca4b04af5d88f46a204cf8dc6db2ab5612',
  signature: '4caff20440f9b03d6dd017d8aef23cfdfaf9435acff44f3658444a4b07004eb85987a1309f47213adb7602b117596a8567aca9da3f47a813181eac89177d8d9a01',
};

/** §9.2 java-tron UtilTest: its signature recovers to the recipient. */
export const UTIL = {
  raw_data_hex:
    '0a02d8ed22082e066c3259e756f540a090bcea89305a65080112610a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412300a1541c076305e35aea1fe45a772fcaaab8a36e87bdb551215415624c12e308b03a1a6b21d9b86e3942fac1ab92b180a70b2ccb8ea8930',
  txID: 'fc33817936b06e50d4b6f1797e62f52d69af6c0da580a607241a9c03a48e390e',
  signature: '5c23bddabccd3e4e5ebdf7d2f21dc58af9f88e0b99620374c5354e0dd9efb3a436167d95b70d2d825180bf90bc84525acb13a203f209afd5d397316f6b2c387c01',
};

// ---------------------------------------------------------------------------------------------
// In-process runner

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  /** Every file path read, in order. */
  reads: string[];
  /** Every buffer handed out by readFile, to check that key buffers were wiped. */
  buffers: Map<string, Uint8Array>;
}

export interface RunOptions {
  stdin?: string;
  files?: Record<string, string>;
  now?: number;
}

export async function cli(argv: string[], options: RunOptions = {}): Promise<RunResult> {
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

export function out(r: RunResult): Record<string, unknown> {
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout.endsWith('}\n')).toBe(true);
  return parseJson(r.stdout) as Record<string, unknown>;
}

export function err(r: RunResult, exitCode: 1 | 2): { code: string; message: string; details: Record<string, unknown> } {
  expect(r.stdout).toBe('');
  expect(r.code).toBe(exitCode);
  const parsed = parseJson(r.stderr) as { error: { code: string; message: string; details: Record<string, unknown> } };
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(Object.keys(parsed.error)).toEqual(['code', 'message', 'details']);
  return parsed.error;
}

export const json = (v: unknown) => stringifyJson(v);

/** No key text, whole or in part, anywhere in what the CLI wrote. */
export function expectNoKeyMaterial(r: RunResult, keyHex: string): void {
  const all = (r.stdout + r.stderr).toLowerCase();
  expect(all).not.toContain(keyHex.toLowerCase());
  for (let i = 0; i + 16 <= keyHex.length; i += 8) expect(all).not.toContain(keyHex.slice(i, i + 16).toLowerCase());
}
