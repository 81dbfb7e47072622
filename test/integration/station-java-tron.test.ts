// The `airlock` command line against a java-tron node (docs/decisions.md §11, "Done when"): the recorded-shape
// test node (test/helpers/java-tron-node.ts) answers in java-tron's dialect, and the station's whole flow
// runs through the real CLI (cli/main.ts run, in process): a new node URL probed for its dialect
// once and the suggestion stored, account fetch, a TRX and a token transfer under the treasury's
// 2-of-2 permission signed on two stations (two data dirs) by handoff file, broadcast and accepted,
// a refusal shown in words; `--network`, `--dialect`; handoff and snapshot files in the spec's
// names; and the hosted node's API key: from a file or descriptor, kept in the vault, sent to its
// own node only, never in any output, store file or error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, namesOnlyIn, startJavaTronNode, type JavaTronNode } from '../helpers/java-tron-node.ts';
import { K } from '../helpers/devnet-helpers.ts';
import { keyFile, testStation, workDir, type TestStation } from '../helpers/station-helpers.ts';

const T = FIXTURES.block.block_header.raw_data.timestamp as number;
/** PROTOCOL.md §9.1 public test keys: alice is the treasury (KEY_11), bob and carol its 2-of-2 "treasury" permission (id 2). */
const [treasury, k12, k13, k21] = [K.alice, K.bob, K.carol, K.dave];
const hex = (text: string): string => Buffer.from(text, 'utf8').toString('hex');

let node: JavaTronNode;
let work: { dir: string; remove: () => void };
let now = T + 10_000;

beforeAll(async () => {
  node = await startJavaTronNode();
  work = workDir('airlock-java-tron-');
});
afterAll(async () => {
  await node?.stop();
  work?.remove();
});

/** Every file under `dir`, read whole. */
function filesUnder(dir: string): { path: string; bytes: Buffer }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((p) => statSync(p).isFile())
    .map((path) => ({ path, bytes: readFileSync(path) }));
}

describe('the station flow through the CLI against the java-tron test node', () => {
  let A: TestStation;
  let B: TestStation;

  it('a node URL the station has not seen is probed once; the suggestion is stored and said in one line', async () => {
    A = testStation(work.dir, 'a', { node: node.url, now: () => now });
    await A.ok(['keys', 'import', '--key-file', keyFile(work.dir, 'k12.key', k12.priv)]);
    const first = await A.run(['account', 'fetch', treasury.b58], { json: true });
    expect(first.code).toBe(0);
    expect(first.stderr.trim().split('\n')).toHaveLength(1);
    expect(first.stderr).toContain(`The node at ${node.url} speaks the java-tron dialect`);
    expect(first.json.permissions.map((p: { slot: string; name: string }) => `${p.slot} ${p.name}`)).toEqual(
      expect.arrayContaining(['executive witness', 'active treasury']),
    );
    expect(first.json.tokens).toEqual([{ id: '1000001', balance: '999500' }]);
    const before = node.requests.length;
    const again = await A.run(['account', 'fetch', treasury.b58], { json: true });
    expect(again.stderr).toBe('');
    // No second probe: the next fetch asks for the head block and the account, nothing more.
    expect(node.requests.slice(before).map((q) => q.path)).toEqual(['/wallet/getnowblock', '/wallet/getaccount']);
    expect((await A.ok(['settings', 'show'])).dialect).toBe('java-tron');
  });

  it('a TRX transfer and a token transfer: built and signed on A, signed on B, broadcast from A; the node accepts both', async () => {
    B = testStation(work.dir, 'b', { now: () => now });
    await B.ok(['keys', 'import', '--key-file', keyFile(work.dir, 'k13.key', k13.priv)]);
    const cases: [string, string[]][] = [
      ['TransferContract', ['build', 'transfer', '--from', treasury.b58, '--to', k21.b58, '--amount', '1000000', '--permission-id', '2']],
      [
        'TransferAssetContract',
        ['build', 'transfer-asset', '--from', treasury.b58, '--to', k21.b58, '--token', '1000001', '--amount', '100', '--permission-id', '2'],
      ],
    ];
    for (const [kind, build] of cases) {
      const built = await A.ok([...build, '--note', `pay ${kind}`]);
      expect(built.transaction).toMatchObject({ view: { kind, permissionId: 2 }, approval: { threshold: '2' } });
      expect((await A.ok(['sign', built.txId])).transaction).toMatchObject({ approval: { weight: '1', missing: '1' } });
      const fromA = join(work.dir, `${kind}-a.json`);
      await A.ok(['export', built.txId, fromA]);
      // The handoff file is in the spec's names, whatever dialect the station talks to its node in.
      expect(namesOnlyIn('java-tron', JSON.parse(readFileSync(fromA, 'utf8')))).toEqual([]);

      now += 60_000;
      const { results: atB } = await B.ok(['import', fromA]);
      expect(atB[0]).toMatchObject({ txId: built.txId, newTransaction: true, added: [k12.b58] });
      expect((await B.ok(['sign', built.txId])).transaction).toMatchObject({ approval: { weight: '2', missing: '0' } });
      const fromB = join(work.dir, `${kind}-b.json`);
      await B.ok(['export', built.txId, fromB]);
      expect(namesOnlyIn('java-tron', JSON.parse(readFileSync(fromB, 'utf8')))).toEqual([]);

      await A.ok(['import', fromB]);
      const accepted = node.accepted.length;
      const sent = await A.ok(['broadcast', built.txId]);
      expect(sent).toMatchObject({ accepted: true, status: 'broadcast', signWeight: { enough: true, approved: [k12.b58, k13.b58] } });
      expect(node.accepted).toHaveLength(accepted + 1);
      expect(node.accepted.at(-1)!.txID).toBe(built.txId);
      // What went on the wire is java-tron's JSON, read by TronWeb in the test node.
      expect(namesOnlyIn('spec', node.accepted.at(-1))).toEqual([]);
    }
  });

  it('a refused broadcast is shown in words, its hex message decoded, and the transaction marked failed', async () => {
    const built = await A.ok(['build', 'transfer', '--from', treasury.b58, '--to', k21.b58, '--amount', '2000000', '--permission-id', '2']);
    await A.ok(['sign', built.txId]);
    const file = join(work.dir, 'refused-a.json');
    await A.ok(['export', built.txId, file]);
    await B.ok(['import', file]);
    await B.ok(['sign', built.txId]);
    await B.ok(['export', built.txId, file]);
    await A.ok(['import', file]);
    node.refuseNext({ code: 'CONTRACT_VALIDATE_ERROR', message: hex('Validate TransferContract error, balance is not sufficient.'), txid: '' });
    const r = await A.run(['broadcast', built.txId]);
    expect(r.code).toBe(3); // done in part: the answer printed, the exit code saying the node refused it
    expect(r.stdout).toContain(
      `The node refused transaction ${built.txId}: CONTRACT_VALIDATE_ERROR: Validate TransferContract error, balance is not sufficient.`,
    );
    expect(r.stdout).toContain("The node's checks of the contract failed");
    expect(r.stdout).not.toContain(hex('Validate'));
    expect((await A.ok(['status', built.txId])).status).toBe('failed');
  });

  it("a chain snapshot exported from the java-tron node carries the spec's names and imports on an offline station", async () => {
    const file = join(work.dir, 'snap.json');
    await A.ok(['snapshot', 'export', file, '--account', treasury.b58]);
    const snap = JSON.parse(readFileSync(file, 'utf8'));
    expect(namesOnlyIn('java-tron', snap)).toEqual([]);
    expect(snap.accounts[0].permissions.executive_permission).toBeDefined();
    const offline = testStation(work.dir, 'offline', { node: 'http://127.0.0.1:9', now: () => now });
    expect((await offline.ok(['snapshot', 'import', file])).accounts).toEqual([{ address: treasury.b58, stored: true }]);
  });
});

describe('choosing the node: settings set node, --network, --dialect', () => {
  it('settings set node URL probes the node once, stores the dialect and says so in one line; settings set dialect overrides it', async () => {
    const S = testStation(work.dir, 'set-node', { now: () => now });
    const r = await S.run(['settings', 'set', 'node', node.url], { json: true });
    expect(r.code).toBe(0);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringContaining(`The node at ${node.url} speaks the java-tron dialect`)]);
    expect(r.json).toMatchObject({ node: node.url, dialect: 'java-tron', probe: expect.stringContaining('speaks the java-tron dialect') });
    expect((await S.ok(['account', 'fetch', treasury.b58])).balance).not.toBe('0');
    expect((await S.ok(['settings', 'set', 'dialect', 'spec'])).dialect).toBe('spec');
    // The user's choice holds: no probe overrides it on the next call.
    const fetched = await S.run(['account', 'fetch', treasury.b58], { json: true });
    expect(fetched.stderr).toBe('');
    expect((await S.ok(['settings', 'show'])).dialect).toBe('spec');
  });

  it('settings set node on a URL where nothing answers keeps the URL and says the dialect could not be asked', async () => {
    const S = testStation(work.dir, 'set-off', { now: () => now });
    const r = await S.run(['settings', 'set', 'node', 'http://127.0.0.1:9'], { json: true });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('Could not ask http://127.0.0.1:9 for its dialect (NODE_UNREACHABLE)');
    expect(r.json).toMatchObject({ node: 'http://127.0.0.1:9', dialect: 'spec' });
  });

  it('--network names a preset (its URL and dialect), --dialect overrides for the run; bad values are refused by name', async () => {
    const S = testStation(work.dir, 'net', { now: () => now });
    expect(await S.ok(['--network', 'nile', 'settings', 'show'])).toMatchObject({ node: 'https://nile.trongrid.io', dialect: 'java-tron' });
    expect(await S.ok(['--network', 'nile', '--dialect', 'spec', 'settings', 'show'])).toMatchObject({ node: 'https://nile.trongrid.io', dialect: 'spec' });
    expect(await S.ok(['settings', 'set', 'network', 'shasta'])).toMatchObject({ node: 'https://api.shasta.trongrid.io', dialect: 'java-tron' });
    const both = await S.run(['--network', 'nile', '--node', node.url, 'settings', 'show']);
    expect(both.code).toBe(2);
    expect(JSON.parse(both.stderr).error.message).toContain('either --network or --node');
    const unknown = await S.run(['--network', 'mainet', 'settings', 'show']);
    expect(JSON.parse(unknown.stderr).error).toMatchObject({ code: 'INVALID_INPUT', details: { field: 'network' } });
    const dialect = await S.run(['--dialect', 'tron', 'settings', 'show']);
    expect(JSON.parse(dialect.stderr).error).toMatchObject({ code: 'INVALID_INPUT', details: { field: '--dialect' } });
  });

  it('--dialect java-tron on a new URL uses it without probing', async () => {
    const S = testStation(work.dir, 'no-probe', { node: node.url, now: () => now });
    const before = node.requests.length;
    const r = await S.run(['--dialect', 'java-tron', 'account', 'fetch', treasury.b58], { json: true });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(node.requests.slice(before).map((q) => q.path)).toEqual(['/wallet/getnowblock', '/wallet/getaccount']);
  });
});

describe("the hosted node's API key", () => {
  const KEY = '3f0c9e1a-7b2d-4c5e-9a8f-1d2e3c4b5a69';

  it('is read from a file or a descriptor, kept in the vault, sent to its node only, and never shown', async () => {
    const S = testStation(work.dir, 'keyed', { node: node.url, now: () => now });
    await S.ok(['settings', 'set', 'dialect', 'java-tron']);
    expect((await S.ok(['settings', 'show'])).apiKey).toBe(false);
    const file = join(work.dir, 'api.key');
    writeFileSync(file, `${KEY}\n`, { mode: 0o600 });
    const set = await S.run(['settings', 'set-api-key', '--api-key-file', file]);
    expect(set.code).toBe(0);
    expect(set.stdout).toContain(`sent to ${node.url} only, as TRON-PRO-API-KEY`);
    const shown = await S.run(['settings', 'show']);
    expect(shown.stdout).toContain('api key     set (kept in the vault)');
    expect((await S.ok(['settings', 'show'])).apiKey).toBe(true);

    const before = node.requests.length;
    await S.ok(['account', 'fetch', treasury.b58]);
    const sent = node.requests.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.map((q) => q['headers']['tron-pro-api-key'])).toEqual(sent.map(() => KEY));

    // Another node does not get it, and settings show there says none.
    const other = await startJavaTronNode();
    try {
      const there = await S.run(['--node', other.url, '--dialect', 'java-tron', 'account', 'fetch', treasury.b58], { json: true });
      expect(there.code).toBe(0);
      expect(other.requests.every((q) => q.headers['tron-pro-api-key'] === undefined)).toBe(true);
      expect((await S.ok(['--node', other.url, 'settings', 'show'])).apiKey).toBe(false);
    } finally {
      await other.stop();
    }

    // From a descriptor, replacing the first.
    const second = 'a1b2c3d4-0000-4000-8000-123456789abc';
    writeFileSync(file, second);
    const fd = openSync(file, 'r');
    try {
      expect((await S.run(['settings', 'set-api-key', '--api-key-fd', String(fd)])).code).toBe(0);
    } finally {
      closeSync(fd);
    }
    const at = node.requests.length;
    await S.ok(['account', 'fetch', treasury.b58]);
    expect(node.requests.slice(at).map((q) => q.headers['tron-pro-api-key'])).toEqual(node.requests.slice(at).map(() => second));

    // Refusals quote nothing of what was read: a private key pasted as the API key, a key with a space.
    writeFileSync(file, `${k12.priv}\n`);
    const pasted = await S.run(['settings', 'set-api-key', '--api-key-file', file]);
    expect(pasted.code).toBe(1);
    expect(JSON.parse(pasted.stderr).error.message).toContain('form of a private key');
    writeFileSync(file, `${KEY} extra\n`);
    const spaced = await S.run(['settings', 'set-api-key', '--api-key-file', file]);
    expect(JSON.parse(spaced.stderr).error).toMatchObject({ code: 'INVALID_INPUT', details: { field: 'api-key' } });
    expect((await S.run(['settings', 'set-api-key'])).stderr).toContain('pass --api-key-file F or --api-key-fd N');
    // The stored key was not replaced by the refused ones.
    const after = node.requests.length;
    await S.ok(['account', 'fetch', treasury.b58]);
    expect(node.requests.at(after)!.headers['tron-pro-api-key']).toBe(second);

    // Never in any output, any file of the data directory (store, keystore, sealed key), or any error.
    for (const secret of [KEY, second, k12.priv]) {
      expect(S.outputs.filter((o) => o.includes(secret))).toEqual([]);
      expect(filesUnder(S.dataDir).filter((f) => f.bytes.includes(secret) || f.bytes.includes(hex(secret)))).toEqual([]);
    }
    expect(filesUnder(S.dataDir).map((f) => f.path)).toContain(join(S.dataDir, 'api-key.json'));

    const cleared = await S.run(['settings', 'set-api-key', '--clear']);
    expect(cleared.stdout).toContain('removed');
    expect((await S.ok(['settings', 'show'])).apiKey).toBe(false);
    const last = node.requests.length;
    await S.ok(['account', 'fetch', treasury.b58]);
    expect(node.requests.slice(last).every((q) => q.headers['tron-pro-api-key'] === undefined)).toBe(true);
  });

  it('hostile sources: a huge file, an endless pipe-like descriptor, a missing file named like a key; none is quoted', async () => {
    const S = testStation(work.dir, 'hostile-key', { node: node.url, now: () => now });
    const huge = join(work.dir, 'huge.key');
    writeFileSync(huge, 'k'.repeat(50 * 1024 * 1024));
    const big = await S.run(['settings', 'set-api-key', '--api-key-file', huge]);
    expect(JSON.parse(big.stderr).error).toMatchObject({ code: 'INVALID_INPUT', message: '--api-key-file: an API key is at most 1024 bytes' });
    const fd = openSync(huge, 'r');
    try {
      const viaFd = await S.run(['settings', 'set-api-key', '--api-key-fd', String(fd)]);
      expect(JSON.parse(viaFd.stderr).error.message).toBe('--api-key-fd: an API key is at most 1024 bytes');
    } finally {
      closeSync(fd);
    }
    const missing = await S.run(['settings', 'set-api-key', '--api-key-file', join(work.dir, k12.priv)]);
    expect(JSON.parse(missing.stderr).error.message).toContain('--api-key-file: cannot open (an argument of');
    expect(missing.stderr).not.toContain(k12.priv);
    const bidi = join(work.dir, 'bidi.key');
    writeFileSync(bidi, 'abc\u202Edef\u0007', { mode: 0o600 }); // owner-only, as an API key file must be (docs/decisions.md §16)
    expect(JSON.parse((await S.run(['settings', 'set-api-key', '--api-key-file', bidi])).stderr).error.details).toEqual({ field: 'api-key' });
    const both = await S.run(['settings', 'set-api-key', '--api-key-file', bidi, '--api-key-fd', '0']);
    expect(JSON.parse(both.stderr).error.message).toBe('Pass either --api-key-file or --api-key-fd, not both');
    expect((await S.ok(['settings', 'show'])).apiKey).toBe(false);
  });

  it('is refused for a node reached over plain http that is not this machine, and nothing is stored', async () => {
    const S = testStation(work.dir, 'clear-text', { node: 'http://192.0.2.1:8090', now: () => now });
    const file = join(work.dir, 'api2.key');
    writeFileSync(file, KEY, { mode: 0o600 });
    const r = await S.run(['settings', 'set-api-key', '--api-key-file', file]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stderr).error.message).toContain('sent only over https://');
    expect(r.stderr).not.toContain(KEY);
    expect((await S.ok(['settings', 'show'])).apiKey).toBe(false);
  });
});
