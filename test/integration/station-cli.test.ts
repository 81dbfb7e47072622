// The station commands at their edges (docs/decisions.md §7): every build command refuses a bad field by name
// and stores nothing; hostile input (a key pasted as an address, a 50 MB CSV, __proto__ columns,
// bidi characters, 10,000 rows); keys delete without --yes; a node that does not answer; an audit
// log edited by hand; and no key bytes in the store, the audit log or any output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { STORE_FILE_NAME } from '../../station/store/store.ts';
import { funded, newKey, startNode, SUN, type TestKey, type TestNode } from '../helpers/devnet-helpers.ts';
import { jsonFile, keyFile, testStation, workDir, type TestStation } from '../helpers/station-helpers.ts';
import { keyTraces, keyTracesInFiles } from '../helpers/vault-helpers.ts';
import { hexToBytes } from '../../shared/base/bytes.ts';

let node: TestNode;
let work: { dir: string; remove: () => void };
let owner: TestKey;
let S: TestStation;

function counts(station: TestStation): { transactions: number; signatures: number; audit: number } {
  const db = new Database(join(station.dataDir, STORE_FILE_NAME), { readonly: true });
  try {
    const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return {
      transactions: one('SELECT count(*) AS n FROM transactions'),
      signatures: one('SELECT count(*) AS n FROM signatures'),
      audit: one('SELECT count(*) AS n FROM audit'),
    };
  } finally {
    db.close();
  }
}

function errorOf(r: { stderr: string }): { code: string; message: string; details: Record<string, unknown> } {
  return JSON.parse(r.stderr).error;
}

beforeAll(async () => {
  node = await startNode();
  work = workDir();
  owner = await funded(node, 1_000n * SUN);
  S = testStation(work.dir, 's', { node: node.url, now: () => node.clock.now });
  await S.ok(['keys', 'import', '--key-file', keyFile(work.dir, 'owner.key', owner.priv)]);
  await S.ok(['account', 'fetch', owner.b58]);
}, 60_000);

afterAll(async () => {
  await node?.stop();
  work?.remove();
});

describe('build refuses a bad field by name and stores nothing', () => {
  const to = newKey().b58;
  const cases: Array<[string, () => string[], string]> = [
    ['transfer: to', () => ['build', 'transfer', '--from', owner.b58, '--to', 'Tnope', '--amount', '1'], 'to'],
    ['transfer: from', () => ['build', 'transfer', '--from', '41abc', '--to', to, '--amount', '1'], 'from'],
    ['transfer: amount 0', () => ['build', 'transfer', '--from', owner.b58, '--to', to, '--amount', '0'], 'amount'],
    ['transfer: amount text', () => ['build', 'transfer', '--from', owner.b58, '--to', to, '--amount', '1e6'], 'amount'],
    ['transfer: amount over int64', () => ['build', 'transfer', '--from', owner.b58, '--to', to, '--amount', '9223372036854775808'], 'amount'],
    ['transfer: permission 1', () => ['build', 'transfer', '--from', owner.b58, '--to', to, '--amount', '1', '--permission-id', '1'], 'permission-id'],
    ['transfer: unknown permission', () => ['build', 'transfer', '--from', owner.b58, '--to', to, '--amount', '1', '--permission-id', '7'], 'permission-id'],
    ['transfer: expires-in 25h', () => ['build', 'transfer', '--from', owner.b58, '--to', to, '--amount', '1', '--expires-in', '25h'], 'expires-in'],
    ['transfer: expires-in words', () => ['build', 'transfer', '--from', owner.b58, '--to', to, '--amount', '1', '--expires-in', 'soon'], 'expires-in'],
    ['transfer: note too long', () => ['build', 'transfer', '--from', owner.b58, '--to', to, '--amount', '1', '--note', 'x'.repeat(2001)], 'note'],
    ['transfer-asset: token', () => ['build', 'transfer-asset', '--from', owner.b58, '--to', to, '--token', 'GOLD', '--amount', '1'], 'token'],
    ['transfer-asset: amount', () => ['build', 'transfer-asset', '--from', owner.b58, '--to', to, '--token', '1000001', '--amount', '-5'], 'amount'],
    ['participate: to', () => ['build', 'participate', '--from', owner.b58, '--to', 'x', '--token', '1000001', '--amount', '1'], 'to'],
    ['participate: token', () => ['build', 'participate', '--from', owner.b58, '--to', to, '--token', '0', '--amount', '1'], 'token'],
    [
      'asset-issue: unknown field',
      () => ['build', 'asset-issue', '--json', jsonFile(work.dir, 'ai1.json', { owner_address: owner.b58, visible: true, nmae: '00' })],
      'asset-issue.nmae',
    ],
    [
      'asset-issue: rule',
      () => ['build', 'asset-issue', '--json', jsonFile(work.dir, 'ai2.json', { owner_address: owner.b58, visible: true, name: '', total_supply: 1 })],
      'name',
    ],
    [
      'permission-update: bad key address',
      () => [
        'build',
        'permission-update',
        '--json',
        jsonFile(work.dir, 'pu1.json', {
          owner_address: owner.b58,
          visible: true,
          owner: { type: 'Owner', threshold: 1, keys: [{ address: 'Tbad', weight: 1 }] },
          actives: [],
        }),
      ],
      'address',
    ],
    [
      'permission-update: threshold 0',
      () => [
        'build',
        'permission-update',
        '--json',
        jsonFile(work.dir, 'pu2.json', {
          owner_address: owner.b58,
          visible: true,
          owner: { type: 'Owner', threshold: 0, keys: [{ address: owner.b58, weight: 1 }] },
          actives: [{ type: 'Active', threshold: 1, operations: '02' + '00'.repeat(31), keys: [{ address: owner.b58, weight: 1 }] }],
        }),
      ],
      'threshold',
    ],
  ];
  it.each(cases)('%s', async (_name, args, field) => {
    const before = counts(S);
    const r = await S.run(args());
    expect(r.code).toBe(1);
    const e = errorOf(r);
    expect(`${e.message} ${JSON.stringify(e.details)}`.toLowerCase()).toContain(field.toLowerCase());
    expect(counts(S)).toEqual(before);
  });

  it('a good transfer is stored (the counts above can move)', async () => {
    const before = counts(S);
    expect((await S.run(['build', 'transfer', '--from', owner.b58, '--to', to, '--amount', '1'])).code).toBe(0);
    expect(counts(S).transactions).toBe(before.transactions + 1);
  });
});

describe('hostile input', () => {
  it('a private key pasted as an address is refused without being echoed', async () => {
    const r = await S.run(['build', 'transfer', '--from', owner.b58, '--to', owner.priv, '--amount', '1']);
    expect(r.code).toBe(1);
    expect(errorOf(r).message).toContain('looks like a private key');
    expect(keyTraces(hexToBytes(owner.priv), r.stdout + r.stderr, 'output')).toEqual([]);
    const r2 = await S.run(['account', 'show', owner.priv]);
    expect(keyTraces(hexToBytes(owner.priv), r2.stdout + r2.stderr, 'output')).toEqual([]);
    const r3 = await S.run(['status', owner.priv]);
    expect(r3.code).toBe(1);
    expect(keyTraces(hexToBytes(owner.priv), r3.stdout + r3.stderr, 'output')).toEqual([]);
    const r4 = await S.run(['keys', '--bogus-' + owner.priv]);
    expect(r4.code).toBe(2);
    expect(keyTraces(hexToBytes(owner.priv), r4.stdout + r4.stderr, 'output')).toEqual([]);
  });

  it('an import file that is not UTF-8, or has a key-like name, is refused without quoting it; nothing is stored', async () => {
    const bad = join(work.dir, `${owner.priv}.json`);
    writeFileSync(bad, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
    const before = counts(S);
    const r = await S.run(['import', bad]);
    expect(r.code).toBe(1);
    expect(errorOf(r)).toMatchObject({ code: 'BAD_JSON' });
    expect(errorOf(r).message).toContain('not UTF-8');
    expect(keyTraces(hexToBytes(owner.priv), r.stdout + r.stderr, 'output')).toEqual([]);
    expect(counts(S)).toEqual(before);
  });

  it('a 50 MB CSV is refused by its size before it is read', async () => {
    const big = join(work.dir, 'big.csv');
    writeFileSync(big, `to,amount,token,note\n${`${newKey().b58},1,,${'x'.repeat(60)}\n`.repeat((50 * 1024 * 1024) / 100)}`);
    const before = counts(S);
    const r = await S.run(['build', 'batch', '--csv', big, '--from', owner.b58]);
    expect(r.code).toBe(1);
    expect(errorOf(r).details.field).toBe('csv');
    expect(counts(S)).toEqual(before);
  });

  it('a CSV with __proto__ columns is refused naming the header; a bidi or control character in a note is refused naming it, nothing stored', async () => {
    const proto = join(work.dir, 'proto.csv');
    writeFileSync(proto, `__proto__,amount,token,note\n${newKey().b58},1,,x\n`);
    const before = counts(S);
    const r = await S.run(['build', 'batch', '--csv', proto, '--from', owner.b58]);
    expect(r.code).toBe(1);
    expect(errorOf(r).message).toContain('header');
    expect(counts(S)).toEqual(before);
    // docs/decisions.md §16: a note a handoff file cannot carry is refused when it is written, not at export.
    const bidi = join(work.dir, 'bidi.csv');
    const note = 'pay \u202Eevil\u202C \u0007 bell';
    writeFileSync(bidi, `to,amount,token,note\n${newKey().b58},7,,"${note}"\n`);
    const refused = await S.run(['build', 'batch', '--csv', bidi, '--from', owner.b58]);
    expect(refused.code).toBe(1);
    expect(errorOf(refused).message).toContain('U+202E');
    // eslint-disable-next-line no-control-regex -- the bell must not reach the terminal
    expect(refused.stderr).not.toMatch(/[\u202A-\u202E\u0007]/);
    expect(counts(S)).toEqual(before);
  });

  it('batch progress goes to stderr only when stderr is a terminal', async () => {
    const file = join(work.dir, 'progress.csv');
    writeFileSync(file, `to,amount,token,note\n${newKey().b58},1,,\n${newKey().b58},2,,\n`);
    const quiet = await S.run(['build', 'batch', '--csv', file, '--from', owner.b58, '--sign']);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).not.toContain('stored 2/2');
    const shown = await S.run(['build', 'batch', '--csv', file, '--from', owner.b58, '--sign', '--expires-in', '11h'], { stderrIsTTY: true });
    expect(shown.code).toBe(0);
    expect(shown.stderr).toContain('signed 2/2');
    expect(shown.stderr).toContain('stored 2/2');
  });

  it('a bad row anywhere stores nothing and names the row and column', async () => {
    const file = join(work.dir, 'bad-row.csv');
    const rows = Array.from({ length: 500 }, (_, i) => `${newKey().b58},${i === 321 ? 'ten' : 1},,`);
    writeFileSync(file, `to,amount,token,note\n${rows.join('\n')}\n`);
    const before = counts(S);
    const r = await S.run(['build', 'batch', '--csv', file, '--from', owner.b58]);
    expect(r.code).toBe(1);
    expect(errorOf(r).message).toContain('csv row 323, column amount');
    expect(counts(S)).toEqual(before);
  });

  it('10,000 rows are built and stored, all in one go; 10,001 are refused', async () => {
    const to = newKey().b58;
    const rows = Array.from({ length: 10_000 }, (_, i) => `${to},${i + 1},,row ${i}`).join('\n');
    const file = join(work.dir, 'many.csv');
    writeFileSync(file, `to,amount,token,note\n${rows}\n`);
    const before = counts(S);
    const r = await S.ok(['build', 'batch', '--csv', file, '--from', owner.b58]);
    expect(r.count).toBe(10_000);
    expect(counts(S).transactions).toBe(before.transactions + 10_000);
    const listed = await S.ok(['list', '--status', 'draft', '--limit', '1']);
    expect(listed.total).toBeGreaterThanOrEqual(10_000);
    expect(listed.entries).toHaveLength(1);
    writeFileSync(file, `to,amount,token,note\n${rows}\n${to},1,,\n`);
    const over = await S.run(['build', 'batch', '--csv', file, '--from', owner.b58]);
    expect(over.code).toBe(1);
    expect(errorOf(over).message).toContain('10000 rows');
  }, 120_000);
});

describe('keys, node and audit', () => {
  it('keys delete without --yes and without a terminal refuses and keeps the key', async () => {
    const k = await S.ok(['keys', 'new']);
    const r = await S.run(['keys', 'delete', k.address]);
    expect(r.code).toBe(2);
    expect(errorOf(r).message).toContain('pass --yes');
    expect((await S.ok(['keys', 'list'])).keys.map((x: { address: string }) => x.address)).toContain(k.address);
    await S.ok(['keys', 'delete', k.address, '--yes']);
    expect((await S.ok(['keys', 'list'])).keys.map((x: { address: string }) => x.address)).not.toContain(k.address);
  });

  it('when nothing answers at the node URL it says to start the station or pass --node', async () => {
    const off = testStation(work.dir, 'off', { node: 'http://127.0.0.1:9', now: () => node.clock.now });
    const r = await off.run(['account', 'fetch', owner.b58]);
    expect(r.code).toBe(1);
    expect(errorOf(r)).toMatchObject({ code: 'NODE_UNREACHABLE' });
    expect(errorOf(r).message).toContain('npm start');
    expect(errorOf(r).message).toContain('--node');
  });

  it('an audit log edited by hand fails airlock audit verify', async () => {
    expect((await S.ok(['audit', 'verify'])).ok).toBe(true);
    const db = new Database(join(S.dataDir, STORE_FILE_NAME));
    db.exec('DROP TRIGGER audit_no_update');
    db.prepare("UPDATE audit SET subject = 'someone else' WHERE seq = 2").run();
    db.close();
    const r = await S.run(['audit', 'verify']);
    expect(r.code).toBe(1);
    expect(errorOf(r)).toMatchObject({ code: 'AUDIT_BROKEN', details: { firstBad: 2 } });
    expect(errorOf(r).message).toContain('entry 2');
  });

  it('no key bytes in the store file, the audit log or any output', async () => {
    const key = hexToBytes(owner.priv);
    expect(keyTracesInFiles(key, S.dataDir)).toEqual([]);
    const db = new Database(join(S.dataDir, STORE_FILE_NAME), { readonly: true });
    const audit = JSON.stringify(db.prepare('SELECT * FROM audit').all());
    db.close();
    expect(keyTraces(key, audit, 'audit')).toEqual([]);
    expect(S.outputs.length).toBeGreaterThan(20);
    expect(S.outputs.flatMap((o, i) => keyTraces(key, o, `output ${i}`))).toEqual([]);
    // The check finds what it looks for (so an empty result means something).
    expect(keyTraces(key, readFileSync(join(work.dir, 'owner.key')), 'key file').length).toBeGreaterThan(0);
  });
});
