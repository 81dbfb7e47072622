// A transaction's fate is proven, not told (docs/decisions.md §24), through the station API on a real station
// (real SQLite, the devnet over loopback HTTP) whose node is a liar of our own in front of the devnet
// (test/helpers/lying-node.ts). Each lie the issue names is told about each fate lookup: a txID other
// than the one asked, a block past the node's head or at 2^53-1, a transaction not in the block it
// names, a block with a forged transaction root, a header signed by a key outside the executive set,
// a "failed" with the node's words, and a 2-of-2 transaction with one signature "confirmed"; none
// moves a status to confirmed or failed, each is shown "reported by the node, unverified" with the
// reason; the honest pass afterwards sets the true one. A block is read once per pass however many
// of the station's transactions it holds; a huge or endless block reply is refused in words with
// nothing changed; a block above the solidified head is "in block N, not yet irreversible".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import { openStation, type Station } from '../../station/station.ts';
import { MemoryVault } from '../../station/vault/memory-vault.ts';
import { K, newKey, PAIR_ACCOUNT, startNode, type Json, type TestNode } from '../helpers/devnet-helpers.ts';
import { forgeBlock, startLyingNode, type LyingNode } from '../helpers/lying-node.ts';

let dir: string;
let node: TestNode;
let liar: LyingNode;
let station: Station;
let vault: MemoryVault;
let api: ReturnType<typeof createStationHandlers>;
/** Three transfers the devnet put in one block, the station's own. */
let paid: string[];
let paidBlock: number;
/** A transfer of the 2-of-2 account with one signature: it can never reach the chain. */
let half: string;

const GENESIS = {
  accounts: [
    { name: 'exec', privateKey: K.exec.priv, executive: true, balance: '10000000000' },
    { name: 'alice', privateKey: K.alice.priv, balance: '10000000000' },
    // Enough for the multi-signature fee: a build the account cannot pay is refused (station/core/cost-refusal.ts).
    { ...PAIR_ACCOUNT, balance: '10000000' },
  ],
  producer: { localexecutive: [K.exec.priv] },
};

const entry = async (txId: string) => (await api.list({})).entries.find((e) => e.txId === txId)!;
const pass = () => api.transactionsRefreshStatus(undefined);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'airlock-fate-proof-'));
  node = await startNode({ genesisJson: GENESIS });
  liar = await startLyingNode(node.url);
  vault = new MemoryVault();
  station = openStation({ dataDir: join(dir, 's'), nodeUrl: liar.url, clock: () => node.clock.now, vaultBackend: vault, nodeTimeoutMs: 1_500 });
  api = createStationHandlers(station, { appInfo: () => ({ name: 's', version: 'test', dataDir: station.dataDir }) });
  await api.keysImport({ privateKeyHex: K.alice.priv, label: 'alice' });
  await api.keysImport({ privateKeyHex: K.k22.priv, label: 'k22' });
  await api.accountFetch({ address: K.alice.b58 });
  await api.accountFetch({ address: K.k22.b58 });
  paid = [];
  for (let i = 1; i <= 3; i++) {
    const b = await api.buildTransfer({ from: K.alice.b58, to: newKey().b58, amount: String(1000 * i) });
    await api.sign({ txId: b.txId });
    expect((await api.broadcast({ txId: b.txId })).accepted).toBe(true);
    paid.push(b.txId);
  }
  await node.block();
  paidBlock = (await node.post('/wallet/gettransactioninfobyid', { value: paid[0] })).blockNumber as number;
  const h = await api.buildTransfer({ from: K.k22.b58, to: K.alice.b58, amount: '1000' });
  await api.sign({ txId: h.txId, key: K.k22.b58 });
  half = h.txId;
  // A few empty blocks after, so "past the head" has room below 2^53.
  await node.block();
}, 120_000);

afterAll(async () => {
  station?.close();
  vault?.close();
  await liar?.close();
  await node?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The honest info of `txId`, with changes. */
const infoLie =
  (txId: string, change: (honest: Json) => Json) =>
  async (path: string, body: Json, honest: () => Promise<Json>): Promise<Json | undefined> =>
    path === '/wallet/gettransactioninfobyid' && body.value === txId ? change(await honest()) : undefined;

async function expectUnverified(txId: string, why: RegExp): Promise<void> {
  const result = await pass();
  expect(result.changes.map((c) => c.txId)).not.toContain(txId);
  const e = await entry(txId);
  expect(['broadcast', 'collecting', 'ready']).toContain(e.status);
  expect(e.chain).toMatchObject({ observed: false, claimedBy: `the node at ${liar.url}` });
  expect(e.chain!.text).toMatch(why);
  expect(result.unverified.find((u) => u.txId === txId)?.text).toMatch(why);
  // Nothing about it was stored: the view of the record says the same, and the store has no fate.
  expect((await api.status({ txId })).chain?.observed ?? false).toBe(false);
}

describe('each lie about a fate changes nothing; the honest pass sets the true one', () => {
  it('a txID other than the one asked; the others in that block are proven, their block read once', async () => {
    liar.lie = infoLie(paid[0]!, (h) => ({ ...h, id: paid[1] }));
    liar.asked.length = 0;
    await expectUnverified(paid[0]!, /unverified: the node answered about another transaction than the one asked/);
    expect(liar.asked.filter((p) => p === '/wallet/getblockbynum')).toHaveLength(1);
    for (const id of paid.slice(1))
      expect(await entry(id)).toMatchObject({ status: 'confirmed', chain: { block: paidBlock, result: 'SUCCESS', observed: true } });
  });

  it('a block number past the head, and 2^53-1', async () => {
    const head = (await node.post('/wallet/getnowblock')).block_header.raw_data.number as number;
    liar.lie = infoLie(paid[0]!, (h) => ({ ...h, blockNumber: head + 5 }));
    await expectUnverified(paid[0]!, new RegExp(`names block ${head + 5}, past its own head block ${head}`));
    liar.lie = infoLie(paid[0]!, (h) => ({ ...h, blockNumber: Number.MAX_SAFE_INTEGER }));
    await expectUnverified(paid[0]!, /past its own head block/);
  });

  it('a transaction not in the block it names (and a 2-of-2 transfer with one signature "confirmed")', async () => {
    const empty = paidBlock + 1;
    liar.lie = async (path, body, honest) =>
      (await infoLie(half, () => ({ id: half, blockNumber: paidBlock, receipt: {} }))(path, body, honest)) ??
      (await infoLie(paid[0]!, (h) => ({ ...h, blockNumber: empty }))(path, body, honest));
    await expectUnverified(half, new RegExp(`the transaction is not in block ${paidBlock}`));
    await expectUnverified(paid[0]!, new RegExp(`the transaction is not in block ${empty}`));
  });

  it('a block with a forged transaction root: the transaction slipped into a real block', async () => {
    const empty = paidBlock + 1;
    const { txID, raw_data_hex, signature } = (JSON.parse((await api.exportHandoff({ txId: half })).text) as { transaction: Json }).transaction;
    const halfTx = { ret: [{ contractRet: 'SUCCESS' }], signature, txID, raw_data_hex };
    const paidTx = ((await node.post('/wallet/getblockbynum', { num: paidBlock })).transactions as Json[])[0]!;
    liar.lie = async (path, body, honest) => {
      if (path === '/wallet/gettransactioninfobyid' && body.value === half) return { id: half, blockNumber: paidBlock, receipt: {} };
      if (path === '/wallet/gettransactioninfobyid' && body.value === paid[0]) return { ...(await honest()), blockNumber: empty };
      if (path !== '/wallet/getblockbynum') return undefined;
      const real = await honest();
      const extra = body.num === paidBlock ? halfTx : body.num === empty ? paidTx : undefined;
      return extra ? { ...real, transactions: [...((real.transactions as Json[] | undefined) ?? []), extra] } : real;
    };
    await expectUnverified(half, /do not hash to the header's txTrieRoot/);
    await expectUnverified(paid[0]!, /do not hash to the header's txTrieRoot/);
  });

  it("a header signed by a key outside the executive set (naming the real executive, or the liar's own address)", async () => {
    const forger = newKey();
    const realTx = ((await node.post('/wallet/getblockbynum', { num: paidBlock })).transactions as Json[])[0]!;
    const tampered = { ...realTx, ret: [{ contractRet: 'REVERT' }] };
    for (const producer of [K.exec.hex, forger.hex]) {
      liar.lie = async (path, body) => {
        if (path === '/wallet/gettransactioninfobyid' && body.value === paid[0])
          return { id: paid[0], blockNumber: paidBlock, result: 'FAILED', receipt: { result: 'REVERT' } };
        if (path === '/wallet/getblockbynum' && body.num === paidBlock) return forgeBlock([tampered], paidBlock, producer, forger.priv);
        return undefined;
      };
      await expectUnverified(
        paid[0]!,
        producer === K.exec.hex ? /is not signed by the block key of its producer/ : /which is not an executive this station knows/,
      );
    }
  });

  it('a "failed" with the node\'s words: the block says SUCCESS, and the block is what counts', async () => {
    liar.lie = infoLie(paid[0]!, (h) => ({
      ...h,
      result: 'FAILED',
      resMessage: Buffer.from('Contract validate error : balance is not sufficient').toString('hex'),
    }));
    const result = await pass();
    expect(result.changes.map((c) => [c.txId, c.status])).toEqual([[paid[0], 'confirmed']]);
    const e = await entry(paid[0]!);
    expect(e).toMatchObject({ status: 'confirmed', chain: { block: paidBlock, result: 'SUCCESS', observed: true, reason: null } });
  });

  it('the honest pass then leaves every true fate as it is', async () => {
    liar.lie = null;
    const result = await pass();
    expect(result.changes).toEqual([]);
    for (const id of paid) expect(await entry(id)).toMatchObject({ status: 'confirmed', chain: { block: paidBlock, result: 'SUCCESS', observed: true } });
    // The 2-of-2 transfer is what it is: collecting, nothing in a block.
    expect(await entry(half)).toMatchObject({ status: 'collecting', chain: null });
  });
});

describe('bounded block replies and irreversibility', () => {
  it('a huge block reply, and one that never ends, are refused in words with nothing changed', async () => {
    const b = await api.buildTransfer({ from: K.alice.b58, to: newKey().b58, amount: '7' });
    await api.sign({ txId: b.txId });
    await api.broadcast({ txId: b.txId });
    await node.block();
    liar.lie = (path) => (path === '/wallet/getblockbynum' ? `{"blockID": "${'0'.repeat(5 * 1024 * 1024)}"}` : undefined);
    await expectUnverified(b.txId, /with more than \d+ bytes; refusing to read it/);
    liar.lie = (path) => (path === '/wallet/getblockbynum' ? new Promise<undefined>(() => {}) : undefined);
    await expectUnverified(b.txId, /did not answer \/wallet\/getblockbynum within 1500 ms/);
    liar.lie = null;
    expect((await pass()).changes.map((c) => c.txId)).toEqual([b.txId]);
  });

  it('above the solidified head it is "in block N, not yet irreversible"; at or below it, confirmed', async () => {
    const b = await api.buildTransfer({ from: K.alice.b58, to: newKey().b58, amount: '8' });
    await api.sign({ txId: b.txId });
    await api.broadcast({ txId: b.txId });
    await node.block();
    const block = (await node.post('/wallet/gettransactioninfobyid', { value: b.txId })).blockNumber as number;
    // The solidity API says the solidified head is one block below.
    liar.lie = async (path) => (path === '/walletsolidity/getnowblock' ? await node.post('/wallet/getblockbynum', { num: block - 1 }) : undefined);
    const result = await pass();
    expect(result.changes).toEqual([]);
    expect(await entry(b.txId)).toMatchObject({ status: 'broadcast', chain: { block, observed: true, claimedBy: null } });
    expect((await entry(b.txId)).chain!.text).toMatch(new RegExp(`^in block ${block}, not yet irreversible; fee paid`));
    liar.lie = null;
    expect((await pass()).changes.map((c) => [c.txId, c.status])).toEqual([[b.txId, 'confirmed']]);
  });

  it("a node without a solidity API: java-tron's getnodeinfo solidityBlock decides; with neither nothing is irreversible", async () => {
    const b = await api.buildTransfer({ from: K.alice.b58, to: newKey().b58, amount: '11' });
    await api.sign({ txId: b.txId });
    await api.broadcast({ txId: b.txId });
    await node.block();
    const block = (await node.post('/wallet/gettransactioninfobyid', { value: b.txId })).blockNumber as number;
    let solid: number | null = null;
    liar.lie = (path) =>
      path === '/walletsolidity/getnowblock'
        ? { Error: 'class java.lang.UnsupportedOperationException : not a solidity node' }
        : path === '/wallet/getnodeinfo'
          ? solid === null
            ? { Error: 'no such page' }
            : { solidityBlock: `Num:${solid},ID:${'00'.repeat(32)}` }
          : undefined;
    await pass();
    expect((await entry(b.txId)).chain!.text).toMatch(new RegExp(`^in block ${block}, not yet irreversible`));
    solid = block - 1;
    await pass();
    expect(await entry(b.txId)).toMatchObject({ status: 'broadcast' });
    solid = block;
    expect((await pass()).changes.map((c) => [c.txId, c.status])).toEqual([[b.txId, 'confirmed']]);
    liar.lie = null;
  });

  it('a node whose executive list cannot be read proves nothing; the next pass reads it again', async () => {
    const v = new MemoryVault();
    const s = openStation({ dataDir: join(dir, 'no-list'), nodeUrl: liar.url, clock: () => node.clock.now, vaultBackend: v, nodeTimeoutMs: 1_500 });
    try {
      const o = createStationHandlers(s, { appInfo: () => ({ name: 'no-list', version: 'test', dataDir: s.dataDir }) });
      const file = await api.exportHandoff({ txId: paid[2]! });
      await o.importFiles({ files: [{ name: file.fileName, text: file.text }] });
      liar.lie = (path) => (path === '/wallet/listwitnesses' ? { Error: 'class java.lang.IllegalStateException : busy' } : undefined);
      const first = await o.transactionsRefreshStatus(undefined);
      expect(first.changes).toEqual([]);
      expect(first.unverified[0]!.text).toMatch(/unverified: this station could not read the node's executive list \(.*busy\)/);
      liar.lie = null;
      expect((await o.transactionsRefreshStatus(undefined)).changes.map((c) => c.txId)).toEqual([paid[2]]);
    } finally {
      s.close();
      v.close();
    }
  });

  it('a broadcast is not refused on an unproven report: the node answers the duplicate itself', async () => {
    const b = await api.buildTransfer({ from: K.alice.b58, to: newKey().b58, amount: '9' });
    await api.sign({ txId: b.txId });
    liar.lie = infoLie(b.txId, () => ({ id: b.txId, blockNumber: paidBlock, receipt: {} }));
    const sent = await api.broadcast({ txId: b.txId });
    expect(sent.accepted).toBe(true);
    liar.lie = null;
  });

  it('`status` of an open transaction someone else broadcast asks the node first and shows it confirmed', async () => {
    const b = await api.buildTransfer({ from: K.alice.b58, to: newKey().b58, amount: '10' });
    await api.sign({ txId: b.txId });
    const { transaction } = JSON.parse((await api.exportHandoff({ txId: b.txId })).text) as { transaction: Json };
    expect((await node.broadcast(transaction)).reply.result).toBe(true);
    await node.block();
    expect(await api.status({ txId: b.txId })).toMatchObject({ status: 'confirmed', chain: { observed: true, result: 'SUCCESS' } });
  });
});

describe('snapshots carry the proof; an offline station checks it itself', () => {
  /** A station with no node, holding paid[0] from its handoff file. */
  async function offline(name: string) {
    const v = new MemoryVault();
    const s = openStation({ dataDir: join(dir, name), nodeUrl: 'http://127.0.0.1:9', clock: () => node.clock.now, vaultBackend: v });
    extra.push({ s, v });
    const o = createStationHandlers(s, { appInfo: () => ({ name, version: 'test', dataDir: s.dataDir }) });
    const file = await api.exportHandoff({ txId: paid[0]! });
    await o.importFiles({ files: [{ name: file.fileName, text: file.text }] });
    return o;
  }
  const extra: { s: Station; v: MemoryVault }[] = [];
  afterAll(() => {
    for (const x of extra) {
      x.s.close();
      x.v.close();
    }
  });
  let exported: string;
  const edited = (edit: (f: Json) => void): string => {
    const f = JSON.parse(exported) as Json;
    delete f.exporter;
    edit(f);
    return JSON.stringify(f);
  };
  const fateOf = (f: Json): Json => (f.transactions as Json[]).find((t) => t.txid === paid[0])!;

  it('an export carries each proven fate with its header and branch, and the executive list', async () => {
    liar.lie = null;
    exported = (await api.snapshotExport({ accounts: [K.alice.b58] })).text;
    const f = JSON.parse(exported) as Json;
    expect(f.executives.list).toEqual([{ address: K.exec.b58, block_key: K.exec.b58 }]);
    expect(fateOf(f)).toMatchObject({ block: paidBlock, result: 'SUCCESS', proof: { index: expect.any(Number), leaf_count: 3 } });
    expect(fateOf(f).proof.siblings).toHaveLength(2);
  });

  it("an offline station records a fate whose proof holds (as the file's claim), and none whose proof was forged", async () => {
    const good = await offline('offline-good');
    const r = await good.snapshotImport({ fileName: 'snapshot.json', text: edited(() => undefined) });
    expect(r.transactions).toContain(paid[0]);
    expect((await good.list({})).entries[0]!.chain).toMatchObject({ block: paidBlock, result: 'SUCCESS', observed: false, claimedBy: 'snapshot.json' });

    const forgeries: [string, (t: Json, f: Json) => void, RegExp][] = [
      ['a "failed" with a REVERT ret', (t) => Object.assign(t, { result: 'REVERT', proof: { ...t.proof, ret: ['1802'] } }), /branch does not reach/],
      ['another block number', (t) => Object.assign(t, { block: paidBlock + 1 }), new RegExp(`header is block ${paidBlock}, not block ${paidBlock + 1}`)],
      ['a sibling changed', (t) => (t.proof.siblings[0] = 'ab'.repeat(32)), /branch does not reach/],
      [
        'an executive list naming a key of the liar',
        (_t, f) => (f.executives.list[0].block_key = newKey().b58),
        /is not signed by the block key of its producer/,
      ],
      ['no executive list', (_t, f) => delete f.executives, /the file has no executive list/],
    ];
    for (const [i, [what, forge, why]] of forgeries.entries()) {
      const o = await offline(`offline-forged-${i}`);
      const text = edited((f) => forge(fateOf(f), f));
      const result = await o.snapshotImport({ fileName: `forged-${i}.json`, text });
      expect(result.transactions, what).toEqual([]);
      expect(result.warnings.join(' '), what).toMatch(why);
      expect((await o.list({})).entries[0]!.chain, what).toBeNull();
    }
  });

  it("a pinned exporter's fate counts as observed when its proof holds", async () => {
    const identity = await api.exporterShow(undefined);
    const signed = (await api.snapshotExport({ accounts: [K.alice.b58] })).text;
    const o = await offline('offline-pinned');
    await o.exporterPin({ key: identity.publicKey, label: 'online desk' });
    const r = await o.snapshotImport({ fileName: 'signed.json', text: signed });
    expect(r.transactions).toContain(paid[0]);
    expect((await o.list({})).entries[0]!.chain).toMatchObject({ block: paidBlock, result: 'SUCCESS', observed: true });
  });
});
