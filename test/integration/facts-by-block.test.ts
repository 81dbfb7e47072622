/**
 * Facts are ordered by the chain, not by the date written on them (docs/decisions.md §24, "Files still date
 * themselves"). Real stations (SQLite stores, keystore vaults), the local node in-process on port
 * 0, signed and unsigned files edited as an attacker would, and the CLI. Each case below failed on
 * the code before docs/decisions.md §24:
 * - an unsigned handoff whose permission copy says it was read in 2100 created the account on an
 *   offline station ("0 s old"); now it is refused and nothing is stored;
 * - a pinned exporter dating its file a minute ahead outranked a read this station made later (at
 *   a higher block); now the higher block wins, and a file dated minutes ahead is refused;
 * - an unsigned snapshot's (higher) block was used for offline builds ahead of an observed one;
 * - a stored account could not be removed: now `accountRemove` / `airlock account remove` does it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Station } from '../../station/station.ts';
import { funded, newKey, SUN, type Json, type TestKey, type TestNode, startNode } from '../helpers/devnet-helpers.ts';
import { keystoreStation, storedRows, testStation, workDir } from '../helpers/station-helpers.ts';

const NO_NODE = 'http://127.0.0.1:9';

let work: { dir: string; remove: () => void };
let node: TestNode;
let owner: TestKey;
/** Online, its clock right: builds, exports signed files. */
let a: Station;
const opened: Station[] = [];

function open(name: string, nodeUrl: string, skewMs = 0): Station {
  const s = keystoreStation(join(work.dir, name), nodeUrl, () => node.clock.now + skewMs);
  opened.push(s);
  return s;
}

/** The station's exporter identity key (made on first ask; only then does it sign its exports). */
async function identityOf(s: Station): Promise<string> {
  return (await s.exporterShow()).publicKey;
}

beforeAll(async () => {
  work = workDir('airlock-facts-');
  node = await startNode();
  owner = await funded(node, 1_000n * SUN);
  a = open('a', node.url);
  await a.accountFetch({ address: owner.b58 });
}, 120_000);

afterAll(async () => {
  for (const s of opened) s.close();
  await node?.stop();
  work?.remove();
});

describe('a handoff whose permission copy is dated ahead of this clock', () => {
  it('is refused, naming the date, and stores nothing: no account "0 s old" from 2100', async () => {
    const t = await a.buildTransfer({ from: owner.b58, to: newKey().b58, amount: '1' });
    const file = JSON.parse((await a.exportHandoff({ txId: t.txId })).text) as Json;
    delete file.exporter;
    file.permission.at = Date.UTC(2100, 0, 1);
    const b = open('b-2100', NO_NODE);
    expect(() => b.importFiles({ files: [{ name: '2100.airlock.json', text: JSON.stringify(file) }] })).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message: expect.stringMatching(
          /^2100\.airlock\.json: permission\.at: dated 2100-01-01T00:00:00\.000Z, later than this station's clock by .*nothing was stored$/,
        ),
      }),
    );
    expect(b.accountsList().accounts).toEqual([]);
    expect(b.list().total).toBe(0);
    // Within the clock skew it is taken (clocks disagree by seconds).
    file.permission.at = node.clock.now + 30_000;
    expect(b.importFiles({ files: [{ name: 'near.airlock.json', text: JSON.stringify(file) }] }).results).toHaveLength(1);
    expect(b.accountsList().accounts.map((x) => x.address)).toEqual([owner.b58]);
  });
});

describe("a pinned exporter's file dated ahead", () => {
  it('does not replace an account this station read later, at a higher block', async () => {
    const ahead = open('ahead', node.url, 60_000);
    const key = await identityOf(ahead);
    await ahead.accountFetch({ address: owner.b58 });
    const file = await ahead.snapshotExport({ accounts: [owner.b58] });
    await node.block(3_000);
    await node.block(3_000);
    const b = open('b-ahead', node.url);
    await b.exporterPin({ key, label: 'fast desk' });
    const read = await b.accountFetch({ address: owner.b58 });
    expect(read.source.block).toBe(file.block.number + 2);
    const r = b.snapshotImport({ fileName: 'ahead.json', text: file.text });
    expect(r.exporter).toMatchObject({ pinned: true });
    expect(r.accounts).toEqual([
      {
        address: owner.b58,
        stored: false,
        reason: expect.stringMatching(new RegExp(`^this station's observation \\(node .* at block ${file.block.number + 2}\\) is as new or newer; kept it$`)),
      },
    ]);
    expect(b.accountShow({ address: owner.b58 }).source).toMatchObject({ kind: 'node', block: file.block.number + 2 });
  });

  it('replaces an older observation when it was read at a higher block', async () => {
    const b = open('b-older', node.url);
    await b.accountFetch({ address: owner.b58 });
    await node.block(3_000);
    const exporter = open('later', node.url);
    const key = await identityOf(exporter);
    await exporter.accountFetch({ address: owner.b58 });
    const file = await exporter.snapshotExport({ accounts: [owner.b58] });
    await b.exporterPin({ key, label: 'desk' });
    expect(b.snapshotImport({ fileName: 'later.json', text: file.text }).accounts).toEqual([{ address: owner.b58, stored: true }]);
    expect(b.accountShow({ address: owner.b58 }).source).toMatchObject({ kind: 'exporter', block: file.block.number });
  });

  it('is refused whole when dated minutes ahead, beyond the clock skew', async () => {
    const far = open('far', node.url, 9 * 60_000);
    const key = await identityOf(far);
    const file = await far.snapshotExport({ accounts: [owner.b58] });
    const b = open('b-far', NO_NODE);
    await b.exporterPin({ key, label: 'far desk' });
    expect(() => b.snapshotImport({ fileName: 'far.json', text: file.text })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: expect.stringContaining("later than this station's clock by 9 min") }),
    );
    expect(b.accountsList().accounts).toEqual([]);
    expect(b.snapshotList().snapshots).toEqual([]);
  });
});

describe('the block an offline build references', () => {
  it("is the pinned exporter's observed block, not a higher block an unsigned snapshot claims", async () => {
    const key = await identityOf(a);
    const signed = await a.snapshotExport({ accounts: [owner.b58] });
    const b = open('b-blocks', NO_NODE);
    await b.exporterPin({ key, label: 'desk' });
    b.snapshotImport({ fileName: 'signed.json', text: signed.text });
    const claim = JSON.parse(signed.text) as Json;
    delete claim.exporter;
    const high = signed.block.number + 1_000;
    claim.block.number = high;
    claim.block.id = high.toString(16).padStart(16, '0') + claim.block.id.slice(16);
    b.snapshotImport({ fileName: 'claim.json', text: JSON.stringify(claim) });
    const list = b.snapshotList().snapshots;
    expect(list.map((s) => [s.block.number, s.inUse])).toEqual([
      [high, false],
      [signed.block.number, true],
    ]);
    const t = await b.buildTransfer({ from: owner.b58, to: newKey().b58, amount: '1' });
    expect(t.basis).toMatch(new RegExp(`^offline: the chain snapshot block ${signed.block.number}, observed from signed by pinned exporter desk`));
    // Removing the observed block leaves the claim as the one in use, said so.
    const removed = b.snapshotRemove({ id: list[1]!.id });
    expect(removed.next).toMatchObject({ block: { number: high }, inUse: true, provenance: { trust: 'claimed' } });
  });
});

describe('removing a stored account', () => {
  it('through the API: gone from the list, audited; a second removal is NOT_FOUND and changes nothing', async () => {
    const b = open('b-remove', NO_NODE);
    b.snapshotImport({ fileName: 'snap.json', text: (await a.snapshotExport({ accounts: [owner.b58] })).text });
    const r = b.accountRemove({ address: owner.b58 });
    expect(r.removed).toMatchObject({ address: owner.b58, source: { kind: 'file', file: 'snap.json' } });
    expect(b.accountsList().accounts).toEqual([]);
    expect(b.store.listAudit().some((e) => e.action === 'account.remove')).toBe(true);
    expect(() => b.accountRemove({ address: owner.b58 })).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: `address: this station has no copy of account ${owner.b58}; nothing was removed` }),
    );
  });

  it('through the CLI: `account remove ADDRESS`, then the list is empty', async () => {
    const cli = testStation(work.dir, 'cli', { node: node.url, now: () => node.clock.now });
    await cli.ok(['account', 'fetch', owner.b58]);
    expect(storedRows(cli.dataDir, 'accounts')).toBe(1);
    const out = await cli.run(['account', 'remove', owner.b58]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(new RegExp(`^Removed this station's copy of ${owner.b58} \\(node .* at block \\d+, 0 s old\\)\\.`));
    expect(storedRows(cli.dataDir, 'accounts')).toBe(0);
    const again = await cli.run(['account', 'remove', owner.b58]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('has no copy of account');
  });
});
