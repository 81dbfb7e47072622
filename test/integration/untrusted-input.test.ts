/**
 * docs/decisions.md §16's low and medium findings about untrusted input, each from a public input (a crafted
 * file through the CLI, an API call through `dispatch` as IPC and the bridge make it, a shared
 * builder's public function): JSON nested 5,000 deep is refused in words at every reader; a
 * passphrase file others can read is refused as a key file is; a transaction carrying signed fields
 * Airlock does not show is refused by field name; a file name with NUL or control characters is
 * refused in words, never INTERNAL; a token abbreviated as the native coin, an expiry past the
 * node's 24 hours and a permission name past its 32 bytes are refused. Guards the rule that a file
 * can make the station say only what it can show and check.
 */
import { createHash } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { hexToBytes } from '../../shared/base/bytes.ts';
import { Transaction_rawSchema, type Transaction_raw } from '../../shared/gen/protocol/core_pb.ts';
import { stringifyJson } from '../../shared/base/json.ts';
import { dispatch, type ApiResult } from '../../shared/api/api-contract.ts';
import { addressOfPrivateKey, generatePrivateKey } from '../../shared/chain/keys.ts';
import { defaultOwnerPermission } from '../../shared/contracts/permission/rules.ts';
import { parseSnapshot, permissionsToJson, planFromSnapshot } from '../../shared/files/snapshot.ts';
import { buildAssetIssue } from '../../shared/contracts/token.ts';
import { STATION_API } from '../../shared/api/station-api.ts';
import type { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import type { Station } from '../../station/station.ts';
import { run } from '../../cli/main.ts';
import { nodeIo } from '../../cli/io.ts';
import { offlineApiStation, testStation, workDir, type TestStation } from '../helpers/station-helpers.ts';

const T = 1_800_000_000_000;
const owner = addressOfPrivateKey(generatePrivateKey());
const OWNER = addressToBase58(owner);
let work: { dir: string; remove: () => void };
let station: Station;
let handlers: ReturnType<typeof createStationHandlers>;
let snapshot: string;
let S: TestStation;
const internal: string[] = [];

async function call(method: string, args?: unknown): Promise<ApiResult<unknown>> {
  return dispatch(STATION_API, handlers, method, args, { onInternalError: (m) => void internal.push(m) });
}

function refusal(answer: ApiResult<unknown>): { code: string; message: string } {
  if (answer.ok) throw new Error(`expected a refusal, got ${JSON.stringify(answer.value)}`);
  return { code: answer.error.code, message: answer.error.message };
}

function cliError(r: { code: number; stderr: string }): { code: string; message: string } {
  expect(r.code).not.toBe(0);
  return (JSON.parse(r.stderr) as { error: { code: string; message: string } }).error;
}

/** The CLI's station-less tools (`airlock tx ...`), in-process, at the test's clock. */
async function tool(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = { ...nodeIo(), stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t), now: () => T };
  delete io.terminal;
  const code = await run(args, io);
  return { code, stdout, stderr };
}

/** JSON text `depth` arrays deep inside a file's own object. */
function nested(depth: number, head = '{"format":"airlock.handoff","version":1,"x":'): string {
  return head + '['.repeat(depth) + ']'.repeat(depth) + '}';
}

beforeAll(async () => {
  work = workDir('airlock-untrusted-');
  ({ station, handlers, snapshot } = offlineApiStation(work.dir, T, OWNER, permissionsToJson({ owner: defaultOwnerPermission(owner), actives: [] })));
  S = testStation(work.dir, 'cli', { now: () => T });
  expect((await call('snapshotImport', { fileName: 'snapshot.json', text: snapshot })).ok).toBe(true);
  writeFileSync(join(work.dir, 'snapshot.json'), snapshot);
  expect((await S.run(['snapshot', 'import', join(work.dir, 'snapshot.json')])).code).toBe(0);
}, 60_000);

afterAll(() => {
  station?.close();
  work?.remove();
  expect(internal).toEqual([]);
});

describe('JSON nested 5,000 deep is refused in words at every reader (issue 16)', () => {
  const DEEP = 'the JSON is nested deeper than 64 levels';

  it('a handoff file, through the CLI import and the API importFiles', async () => {
    const file = join(work.dir, 'deep.airlock.json');
    writeFileSync(file, nested(5_000));
    const cli = cliError(await S.run(['import', file]));
    expect(cli.code).toBe('BAD_JSON');
    expect(cli.message).toContain(DEEP);
    const api = refusal(await call('importFiles', { files: [{ name: 'deep.airlock.json', text: nested(5_000) }] }));
    expect(api).toMatchObject({ code: 'BAD_JSON', message: expect.stringContaining(DEEP) });
  });

  it('a chain snapshot, through the CLI and the API', async () => {
    const file = join(work.dir, 'deep-snapshot.json');
    writeFileSync(file, nested(5_000, '{"format":"airlock.snapshot","version":1,"x":'));
    const cli = cliError(await S.run(['snapshot', 'import', file]));
    expect(cli).toMatchObject({ code: 'BAD_JSON', message: expect.stringContaining(DEEP) });
    const api = refusal(await call('snapshotImport', { fileName: 'deep-snapshot.json', text: nested(5_000, '{"format":"airlock.snapshot","version":1,"x":') }));
    expect(api).toMatchObject({ code: 'BAD_JSON', message: expect.stringContaining(DEEP) });
    // The snapshot a station really exports still reads.
    expect((await call('snapshotImport', { fileName: 'good.json', text: snapshot })).ok).toBe(true);
  });

  it("a contract's JSON in an API call (permissionCheck) and a transaction file through the CLI tools", async () => {
    const api = refusal(await call('permissionCheck', { json: nested(5_000, '{"owner_address":"x","owner":') }));
    expect(api).toMatchObject({ code: 'BAD_JSON', message: expect.stringContaining(DEEP) });
    const file = join(work.dir, 'deep-tx.json');
    writeFileSync(file, nested(5_000, '{"raw_data":'));
    const cli = cliError(await tool(['tx', 'inspect', file]));
    expect(cli).toMatchObject({ code: 'BAD_JSON', message: expect.stringContaining(DEEP) });
  });
});

describe('a passphrase file group or others can read or write is refused, as a key file is (issue 16)', () => {
  it.each([
    ['0644', 0o644],
    ['0640', 0o640],
    ['0604', 0o604],
    ['0620', 0o620],
  ])('mode %s: keys new is refused naming the file and the chmod 600 that fixes it', async (_name, mode) => {
    const passFile = join(work.dir, 'cli.pass');
    chmodSync(passFile, mode);
    try {
      const e = cliError(await S.run(['keys', 'new']));
      const octal = mode.toString(8).padStart(4, '0');
      expect(e).toEqual({
        code: 'INVALID_INPUT',
        message: `--passphrase-file: permissions ${octal} for ${passFile} are too open: a passphrase file must be readable and writable by its owner only, so it was not read. Fix: chmod 600 ${passFile}`,
        details: { field: '--passphrase-file', path: passFile, mode: octal, fix: `chmod 600 ${passFile}` },
      });
    } finally {
      chmodSync(passFile, 0o600);
    }
    // The same file, owner-only, opens the station.
    expect((await S.run(['keys', 'new'])).code).toBe(0);
  });
});

describe('signed fields Airlock does not show are refused by name at import (issue 16)', () => {
  /** A genuine transfer built by the station, with one field Airlock cannot show added to its signed bytes. */
  async function crafted(edit: (raw: Transaction_raw) => void): Promise<string> {
    const built = await call('buildTransfer', { from: OWNER, to: addressToBase58(addressOfPrivateKey(generatePrivateKey())), amount: '1' });
    if (!built.ok) throw new Error(built.error.message);
    const exported = await call('exportHandoff', { txId: (built.value as { txId: string }).txId });
    if (!exported.ok) throw new Error(exported.error.message);
    const hex = (JSON.parse((exported.value as { text: string }).text) as { transaction: { raw_data_hex: string } }).transaction.raw_data_hex;
    const raw = fromBinary(Transaction_rawSchema, hexToBytes(hex));
    edit(raw);
    // A plain transaction file, as the node's JSON writes one: its txID and raw_data_hex.
    const rawBytes = toBinary(Transaction_rawSchema, raw);
    return stringifyJson({ txID: createHash('sha256').update(rawBytes).digest('hex'), raw_data_hex: Buffer.from(rawBytes).toString('hex') });
  }

  const cases: Array<[string, (raw: Transaction_raw) => void]> = [
    ['raw_data.scripts', (raw) => void (raw.scripts = Uint8Array.of(1, 2, 3))],
    ['raw_data.auths', (raw) => void raw.auths.push(create(Transaction_rawSchema.fields.find((f) => f.name === 'auths')!.message!, {}) as never)],
    ['raw_data.contract[0].provider', (raw) => void (raw.contract[0]!.provider = Uint8Array.of(0x41, 1))],
    ['raw_data.contract[0].ContractName', (raw) => void (raw.contract[0]!.ContractName = new TextEncoder().encode('Looks harmless'))],
  ];

  it.each(cases)('%s: refused through the API importFiles and the CLI import, nothing stored', async (field, edit) => {
    const text = await crafted(edit);
    const message = `this transaction carries ${field}, which Airlock does not show; it is refused`;
    const before = await call('list', {});
    const api = refusal(await call('importFiles', { files: [{ name: 'plain.json', text }] }));
    expect(api.code).toBe('BAD_TRANSACTION');
    expect(api.message).toContain(message);
    expect(await call('list', {})).toEqual(before);
    const file = join(work.dir, 'plain.json');
    writeFileSync(file, text);
    const cli = cliError(await S.run(['import', file]));
    expect(cli.code).toBe('BAD_TRANSACTION');
    expect(cli.message).toContain(message);
    const inspect = cliError(await tool(['tx', 'inspect', file]));
    expect(inspect.message).toContain(message);
  });
});

describe('a file name with NUL or control characters is refused in words, never INTERNAL (issue 16)', () => {
  const NUL_WORDS = 'the file name contains a control character (U+0000, NUL), which no file name Airlock reads or writes may hold; rename the file';

  it('the API: importFiles, snapshotImport and proofImport file names', async () => {
    for (const [method, args] of [
      ['importFiles', { files: [{ name: 'a\u0000b.airlock.json', text: '{}' }] }],
      ['snapshotImport', { fileName: 'snap\u0000.json', text: snapshot }],
      ['proofImport', { fileName: '\u0000', text: '{}' }],
    ] as const) {
      const e = refusal(await call(method, args));
      expect(e.code).toBe('INVALID_INPUT');
      expect(e.message).toContain(NUL_WORDS);
    }
    const newline = refusal(await call('snapshotImport', { fileName: 'snap\nshot.json', text: snapshot }));
    expect(newline).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('control character (U+000A)') });
    expect(internal).toEqual([]);
  });

  it('the CLI: import, export, snapshot import and export, --json files, and the tools', async () => {
    const bad = join(work.dir, 'a\u0000b.json');
    const cases: Array<[string[], string]> = [
      [['import', bad], '<files>'],
      [['export', '00'.repeat(32), bad], '<file>'],
      [['export', '--dir', bad, '00'.repeat(32)], '--dir'],
      [['snapshot', 'import', bad], '<file>'],
      [['snapshot', 'export', bad, '--account', OWNER], '<file>'],
      [['build', 'asset-issue', '--json', bad], '--json'],
      [['permission-check', '--json', join(work.dir, 'esc\u001b[2J.json')], '--json'],
    ];
    for (const [args, field] of cases) {
      const e = cliError(await S.run(args));
      expect(e.code).toBe('INVALID_INPUT');
      expect(e.message).toMatch(new RegExp(`^${field.replace(/[[\]<>-]/g, (c) => `\\${c}`)}: the file name contains a control character \\(U\\+00`));
    }
    const tx = cliError(await tool(['tx', 'inspect', bad]));
    // The one CLI tree checks every `<file>` argument before any command runs, the tools' too.
    expect(tx).toEqual({ code: 'INVALID_INPUT', message: `<file>: ${NUL_WORDS}`, details: { field: '<file>' } });
    expect(cliError(await tool(['address', '--key-file', bad])).code).toBe('INVALID_INPUT');
  });
});

describe("a token abbreviated as the native coin, an expiry past the node's 24 hours, a permission name past 32 bytes (issue 16)", () => {
  /** The station's genuine snapshot with one edit, as a file would carry it. */
  function forged(edit: (json: { accounts: Array<{ permissions: { owner_permission: Record<string, unknown> } }>; tokens: unknown[] }) => void): string {
    const json = JSON.parse(snapshot) as Parameters<typeof edit>[0];
    edit(json);
    return JSON.stringify(json);
  }
  const token = (abbreviation: string) => ({
    id: '1000001',
    name: 'Gold',
    abbreviation,
    precision: 0,
    owner: OWNER,
    total_supply: '5000000000',
    coin_num: 1,
    num: 1,
    start_time: T,
    end_time: T + 86_400_000,
    description: '',
    url: 'https://example.com',
  });

  it.each(['coin', 'TRX', 'Trx', 'CoIn'])(
    'a token abbreviated %j: refused when building it (buildAssetIssue) and when a snapshot file claims it',
    async (abbr) => {
      const input = {
        owner: OWNER,
        name: 'Gold',
        abbr,
        totalSupply: 1000n,
        precision: 0,
        coinNum: 1,
        num: 1,
        startTime: T + 86_400_000,
        endTime: T + 2 * 86_400_000,
        url: 'https://example.com',
      };
      expect(() => buildAssetIssue(input, { headBlockTime: T })).toThrow(
        expect.objectContaining({
          message: expect.stringContaining("abbreviation can't name the native coin (coin, TRX): amounts of the token would read as the coin"),
          details: expect.objectContaining({ field: 'abbr' }),
        }),
      );
      expect(buildAssetIssue({ ...input, abbr: 'GLD' }, { headBlockTime: T }).abbr).toEqual(new TextEncoder().encode('GLD'));
      const file = join(work.dir, 'coin-token.json');
      writeFileSync(
        file,
        forged((j) => void j.tokens.push(token(abbr))),
      );
      const e = cliError(await S.run(['snapshot', 'import', file]));
      expect(e).toMatchObject({ code: 'BAD_JSON', message: expect.stringContaining('snapshot.tokens[0].abbreviation:') });
      expect(e.message).toContain('names the native coin');
    },
  );

  it('a plain abbreviation still reads', () => {
    expect(parseSnapshot(forged((j) => void j.tokens.push(token('GLD')))).tokens[0]?.abbreviation).toBe('GLD');
  });

  it('an expiration more than 24 hours ahead is refused at build in words: the offline plan every station build uses, and the CLI', async () => {
    const s = parseSnapshot(snapshot);
    const to2100 = Date.UTC(2100, 0, 1) - T;
    expect(() => planFromSnapshot(s, { now: T, expiresInMs: to2100 })).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message:
          'expiration: 2100-01-01T00:00:00.000Z is more than 24 hours from now; the node accepts an expiration at most 24 hours after its newest block, so it is refused',
      }),
    );
    expect(() => planFromSnapshot(s, { now: T, expiresInMs: 86_400_001 })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', details: { field: 'expiration', maxMs: 86_400_000 } }),
    );
    expect(() => planFromSnapshot(s, { now: T, expiresInMs: 12 * 3_600_000 })).not.toThrow();
    // The station's own builds go through this plan; the CLI's --expires-in was already capped at 24h.
    const e = cliError(
      await S.run([
        'build',
        'transfer',
        '--from',
        OWNER,
        '--to',
        addressToBase58(addressOfPrivateKey(generatePrivateKey())),
        '--amount',
        '1',
        '--expires-in',
        '25h',
      ]),
    );
    expect(e).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('24h') });
  });

  it('a permission name longer than 32 bytes in a snapshot or handoff file is refused naming the field; 32 bytes read', async () => {
    const file = join(work.dir, 'long-name.json');
    writeFileSync(
      file,
      forged((j) => void (j.accounts[0]!.permissions.owner_permission.permission_name = 'n'.repeat(5_000))),
    );
    const e = cliError(await S.run(['snapshot', 'import', file]));
    expect(e).toMatchObject({
      code: 'BAD_JSON',
      message: expect.stringContaining("owner_permission.permission_name: longer than 32 bytes, the node's limit for a permission's name"),
    });
    const api = refusal(
      await call('snapshotImport', {
        fileName: 'long-name.json',
        text: forged((j) => void (j.accounts[0]!.permissions.owner_permission.permission_name = 'é'.repeat(17))),
      }),
    );
    expect(api.message).toContain('longer than 32 bytes');
    expect(
      (
        await call('snapshotImport', {
          fileName: 'ok-name.json',
          text: forged((j) => void (j.accounts[0]!.permissions.owner_permission.permission_name = 'n'.repeat(32))),
        })
      ).ok,
    ).toBe(true);
  });
});
