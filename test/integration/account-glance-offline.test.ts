// docs/decisions.md §25, the account at a glance offline (station/accounts/glance-store.ts, the snapshot's
// `glances` section in shared/files/snapshot-glance.ts): an online station A exports a signed snapshot
// after a stake, a locked delegation, a vote and an unstake on the local node, with the genesis TRC-20
// token on its list; an offline station that imports it shows the same view A reads from the node at
// that block, field by field, saying "claimed, from snapshot of block N". Rules held here, each by a
// test that fails when the rule is removed: a glance dated ahead of the clock, read at a block after
// the snapshot's, of an account the file lacks, or with a bad figure is refused with the whole file,
// nothing stored; a claim never replaces a glance observed through a pinned exporter; offline with no
// glance held, the error says to import one. Real stations (SQLite files, keystore vaults) and the
// local node in-process on loopback.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_TOKEN_ADDRESS_BASE58 as TOKEN } from '../../devnet/evm/genesis-token.ts';
import type { Station } from '../../station/station.ts';
import { assetIssueBody, buildAndSend, funded, hexText, K, SUN, startNode, type Json, type TestKey, type TestNode } from '../helpers/devnet-helpers.ts';
import { stakeLendVoteUnstake } from '../helpers/glance-helpers.ts';
import { keystoreStation, testStation, workDir } from '../helpers/station-helpers.ts';

const NO_NODE = 'http://127.0.0.1:9';

let node: TestNode;
let work: { dir: string; remove: () => void };
let a: Station;
let owner: TestKey;
/** Issued a TRC-10 token (precision 2) and holds all of it. */
let issuer: TestKey;
let tokenId: string;
let exported: string;
let block: number;
let exportedGlances: string[];
const opened: Station[] = [];

function open(name: string, nodeUrl = NO_NODE): Station {
  const s = keystoreStation(join(work.dir, name), nodeUrl, () => node.clock.now);
  opened.push(s);
  return s;
}

/** The exported file without its exporter signature, with `edit` applied: an unsigned claim. */
function unsignedEdit(edit: (file: Json) => void): string {
  const file = JSON.parse(exported) as Json;
  delete file.exporter;
  edit(file);
  return JSON.stringify(file);
}

/** The view without what says where it came from (which differs online and offline by design). */
function figures(g: Json): Json {
  const { trust: _t, said: _s, text: _x, ...rest } = g;
  return rest;
}

beforeAll(async () => {
  node = await startNode();
  work = workDir('airlock-glance-offline-');
  owner = await funded(node, 1_000n * SUN);
  await stakeLendVoteUnstake(node, owner);
  issuer = await funded(node, 2_000n * SUN);
  node.clock.now += 1;
  const issued = await buildAndSend(
    node,
    '/wallet/createassetissue',
    assetIssueBody(issuer, 'GLANCE', { start: node.clock.now + 60_000, end: node.clock.now + 86_400_000 }, { abbr: hexText('GLC'), precision: 2 }),
    [issuer],
  );
  expect(issued.reply.result).toBe(true);
  await node.block();
  await node.block();
  tokenId = String((await node.account(issuer.b58)).assetV2[0].key);
  a = open('a', node.url);
  await a.tokenShow({ id: tokenId });
  await a.contractAdd({ address: TOKEN, name: 'Test dollar' });
  // Its exporter identity, made before the export, so the file is signed.
  await a.exporterShow();
  const out = await a.snapshotExport({ accounts: [owner.b58, K.alice.b58, K.bob.b58, issuer.b58] });
  exported = out.text;
  block = out.block.number;
  exportedGlances = out.glances;
}, 120_000);

afterAll(async () => {
  for (const s of opened) s.close();
  await node?.stop();
  work?.remove();
});

describe('the account at a glance, offline from a snapshot', () => {
  it('the snapshot carries each account at a glance read at its block', () => {
    const file = JSON.parse(exported) as Json;
    expect(file.glances.map((g: Json) => g.address).sort()).toEqual([owner.b58, K.alice.b58, K.bob.b58, issuer.b58].sort());
    for (const g of file.glances) {
      expect(g.block).toBe(block);
      expect(g.source).toEqual({ node: node.url, block });
    }
  });

  it('a node that refuses one of the glance endpoints: the snapshot still goes, without glances, and says which accounts carry one', async () => {
    expect(exportedGlances.sort()).toEqual([owner.b58, K.alice.b58, K.bob.b58, issuer.b58].sort());
    // A node on loopback that passes everything to the local node but refuses getReward, as a node without it would.
    const proxy = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        if (req.url === '/wallet/getReward') return void res.end(JSON.stringify({ Error: 'class java.lang.Exception : no such endpoint' }));
        void fetch(node.url + (req.url ?? ''), { method: 'POST', body, headers: { 'content-type': 'application/json' } })
          .then((r) => r.text())
          .then((t) => res.end(t));
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    try {
      const p = open('via-proxy', `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
      await p.setSetting({ key: 'dialect', value: 'spec' });
      const out = await p.snapshotExport({ accounts: [owner.b58] });
      expect(out.accounts).toEqual([owner.b58]);
      expect(out.glances).toEqual([]);
      expect(JSON.parse(out.text).glances).toBeUndefined();
    } finally {
      await new Promise((r) => proxy.close(r));
    }
  });

  it('an offline station shows the same view as the node at that block, as a claim from the snapshot', async () => {
    const b = open('b');
    const r = b.snapshotImport({ fileName: 'snap.json', text: exported });
    expect(r.glances.sort()).toEqual([owner.b58, K.alice.b58, K.bob.b58, issuer.b58].sort());
    for (const who of [owner.b58, K.alice.b58, K.bob.b58, issuer.b58]) {
      const online = await a.accountResources({ address: who });
      expect(online.provenance.block).toBe(block);
      const offline = await b.accountResources({ address: who });
      expect(figures(offline)).toEqual(figures(online));
      expect(offline.trust.trust).toBe('claimed');
      expect(offline.said).toContain(`claimed, from snapshot of block ${block}`);
      expect(offline.text).toContain(`${who}, claimed, from snapshot of block ${block}`);
    }
    const own = await b.accountResources({ address: owner.b58 });
    expect(own.staked).toEqual({ bandwidth: String(90n * SUN), energy: String(45n * SUN), tronPower: '0' });
    expect(own.votes).toEqual([{ executive: K.exec.b58, count: '20' }]);
    expect(own.delegationsOut[0]).toMatchObject({ account: K.bob.b58, bandwidth: String(10n * SUN) });
    // The TRC-20 balance is the contract's balanceOf at the block, described as the station lists it.
    const alice = await b.accountResources({ address: K.alice.b58 });
    const call = await node.post('/wallet/triggerconstantcontract', {
      owner_address: K.alice.hex,
      contract_address: '41ae519fc2ba8e6ffe6473195c092bf1bae986ff90',
      function_selector: 'balanceOf(address)',
      parameter: K.alice.hex.slice(2).padStart(64, '0'),
    });
    expect(alice.trc20).toHaveLength(1);
    expect(alice.trc20[0]!.balance).toBe(BigInt(`0x${call.constant_result[0]}`).toString());
    expect(BigInt(alice.trc20[0]!.balance!)).toBeGreaterThan(0n);
  });

  it('TRC-10 holdings by name and precision, as the station describes the token', async () => {
    const b = open('b-tokens');
    b.snapshotImport({ fileName: 'snap.json', text: exported });
    const g = await b.accountResources({ address: issuer.b58 });
    expect(g.tokens).toEqual([{ id: tokenId, name: 'GLANCE', abbreviation: 'GLC', precision: 2, balance: '1000', amount: '10 GLC' }]);
    expect(g.text).toContain(`TRC-10 ${tokenId} GLANCE: 10 GLC`);
  });

  it('`airlock account show` offline prints the stored permissions and the glance from the snapshot, one writer with `account resources`', async () => {
    const S = testStation(work.dir, 'cli-show', { node: NO_NODE, now: () => node.clock.now });
    const path = join(work.dir, 'snap-show.json');
    writeFileSync(path, exported);
    expect((await S.run(['snapshot', 'import', path])).code).toBe(0);
    const human = await S.run(['account', 'show', K.alice.b58]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('owner permission 0');
    const resources = await S.run(['account', 'resources', K.alice.b58]);
    expect(human.stdout).toContain(`At a glance: ${resources.stdout.trimEnd()}`);
    expect(human.stdout).toMatch(new RegExp(`TRC-20 ${TOKEN} Test dollar: [0-9.]+ ATD`));
    const json = await S.ok(['account', 'show', K.alice.b58]);
    expect(json.glance.trust.trust).toBe('claimed');
    expect(json.permissions.length).toBeGreaterThan(0);
    // An account the snapshot carried no glance of: the stored view stands, and it says why there is no glance.
    const noGlance = testStation(work.dir, 'cli-none', { node: NO_NODE, now: () => node.clock.now });
    const bare = join(work.dir, 'snap-bare.json');
    writeFileSync(
      bare,
      unsignedEdit((f) => delete f.glances),
    );
    expect((await noGlance.run(['snapshot', 'import', bare])).code).toBe(0);
    const stored = await noGlance.run(['account', 'show', K.alice.b58]);
    expect(stored.code).toBe(0);
    expect(stored.stdout).toContain('At a glance: not available');
    expect(stored.stdout).toContain('nor does this station hold a glance');
  });

  it('`airlock account resources` offline prints the claim with its block', async () => {
    const S = testStation(work.dir, 'cli-offline', { node: NO_NODE, now: () => node.clock.now });
    const path = join(work.dir, 'snap-cli.json');
    writeFileSync(path, exported);
    const imported = await S.run(['snapshot', 'import', path]);
    expect(imported.code).toBe(0);
    const run = await S.run(['account', 'resources', owner.b58]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${owner.b58}, claimed, from snapshot of block ${block}`);
    expect(run.stdout).toContain('staked: 90 TRX for bandwidth, 45 TRX for energy');
  });

  it('offline with no glance held, the error says to import a snapshot', async () => {
    const c = open('c');
    await expect(c.accountResources({ address: owner.b58 })).rejects.toThrow('nor does this station hold a glance');
  });

  const forgeries: [string, (f: Json) => void, string | (() => string)][] = [
    ['a read time ahead of the clock', (f) => (f.glances[0].at = node.clock.now + 86_400_000), 'glances[0].at: dated'],
    ['a block time ahead of the clock', (f) => (f.glances[0].blockTime = node.clock.now + 86_400_000), 'glances[0].blockTime: dated'],
    [
      'a block after the snapshot block',
      (f) => {
        f.glances[0].block = block + 5;
        f.glances[0].source.block = block + 5;
      },
      () => `read at block ${block + 5}, after the snapshot's block ${block}`,
    ],
    ['a source block that is not its block', (f) => (f.glances[0].source.block = block - 1), 'glances[0].source.block'],
    ['an account the file does not carry', (f) => (f.glances[0].address = K.exec.b58), 'is not among the snapshot'],
    ['a negative amount', (f) => (f.glances[0].staked.energy = '-1'), 'snapshot.glances[0].staked.energy'],
    ['a __proto__ member', (f) => (f.glances[0] = JSON.parse(JSON.stringify(f.glances[0]).replace('{', '{"__proto__":{"x":1},'))), '__proto__'],
    ['31 votes', (f) => (f.glances[0].votes = Array.from({ length: 31 }, () => ({ executive: K.exec.b58, count: '1' }))), 'snapshot.glances[0].votes'],
    ['an executive voted for twice', (f) => (f.glances[0].votes = [0, 1].map(() => ({ executive: K.exec.b58, count: '1' }))), 'appears twice'],
    ['an unknown resource', (f) => (f.glances[0].unstaking = [{ resource: 'STORAGE', amount: '1', withdrawableAt: 1 }]), 'BANDWIDTH, ENERGY or TRON_POWER'],
    ['a TRC-20 balance that is not a number', (f) => (f.glances[0].trc20 = [{ contract: TOKEN, balance: '1e9' }]), 'snapshot.glances[0].trc20[0].balance'],
  ];
  for (const [what, edit, says] of forgeries) {
    it(`a glance with ${what} is refused with the whole file, nothing stored`, async () => {
      const d = open(`forged-${forgeries.findIndex((f) => f[0] === what)}`);
      expect(() => d.snapshotImport({ fileName: 'forged.json', text: unsignedEdit(edit) })).toThrow(typeof says === 'string' ? says : says());
      expect(d.snapshotList().snapshots).toEqual([]);
      expect(d.accountsList()).toEqual({ accounts: [] });
      await expect(d.accountResources({ address: owner.b58 })).rejects.toThrow('nor does this station hold a glance');
    });
  }

  it("a file's claim never replaces a glance observed through a pinned exporter; a higher observed block does", async () => {
    const e = open('e');
    const id = await a.exporterShow();
    await e.exporterPin({ key: id.publicKey, label: 'station A' });
    expect(e.snapshotImport({ fileName: 'signed.json', text: exported }).glances).toContain(owner.b58);
    expect((await e.accountResources({ address: owner.b58 })).trust.trust).toBe('observed');
    const forged = unsignedEdit((f) => {
      for (const g of f.glances) g.staked.energy = '1';
    });
    const r = e.snapshotImport({ fileName: 'claim.json', text: forged });
    expect(r.glances).toEqual([]);
    expect(r.glancesKept.find((k) => k.address === owner.b58)?.reason).toContain("a file's claim does not replace that");
    const after = await e.accountResources({ address: owner.b58 });
    expect(after.staked.energy).toBe(String(45n * SUN));
    expect(after.said).toContain(`observed at block ${block}`);
    // A newer signed export (a higher block) replaces it.
    await node.block();
    const newer = await a.snapshotExport({ accounts: [owner.b58] });
    expect(e.snapshotImport({ fileName: 'newer.json', text: newer.text }).glances).toEqual([owner.b58]);
    expect((await e.accountResources({ address: owner.b58 })).provenance.block).toBe(newer.block.number);
  });
});
