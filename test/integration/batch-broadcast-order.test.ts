// Batch broadcast in dependency order (docs/decisions.md §26: a stake, delegation, vote and claim built in that
// order were sent delegate, vote, claim, stake, and three were refused). Against the local node in
// process, which makes a block every few tens of ms while the batch runs: the four rows chosen in
// reverse order are broadcast stake first, each row that depends on another only once that one is
// in a block, every row says what it waited for, and all four confirm. The same through the API's
// station methods and through `airlock broadcast TXID...`. A row whose dependency the node refuses
// is left unsent, naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { hexToBytes } from '../../shared/base/bytes.ts';
import { openStation, type Station } from '../../station/station.ts';
import { funded, K, startNode, SUN, type TestKey, type TestNode } from '../helpers/devnet-helpers.ts';
import { keyFile, testStation, TEST_SCRYPT, workDir } from '../helpers/station-helpers.ts';

let node: TestNode;
let work: { dir: string; remove: () => void };
const opened: Station[] = [];

beforeAll(async () => {
  node = await startNode();
  work = workDir();
});
afterAll(async () => {
  for (const s of opened) s.close();
  await node.stop();
  work.remove();
});

/** Makes a block every 40 ms until the returned stop is called (the node is manual otherwise). */
function produceBlocks(): () => Promise<void> {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await node.block();
      await new Promise((r) => setTimeout(r, 40));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}

function open(name: string): Station {
  const s = openStation({
    dataDir: join(work.dir, name),
    nodeUrl: node.url,
    clock: () => node.clock.now,
    vault: 'keystore',
    scrypt: TEST_SCRYPT,
    passphrase: async () => new TextEncoder().encode('a long test passphrase'),
    batchWaitPollMs: 20,
  });
  opened.push(s);
  return s;
}

/** An account holding 1,000 TRX whose key the station holds, and the address it delegates to. */
async function treasury(s: Station): Promise<{ owner: TestKey; payee: TestKey }> {
  const owner = await funded(node, 1_000n * SUN);
  const payee = await funded(node, SUN);
  await s.keysImport({ secret: hexToBytes(owner.priv) });
  await s.accountFetch({ address: owner.b58 });
  return { owner, payee };
}

async function fourSigned(s: Station, owner: TestKey, payee: TestKey): Promise<{ stake: string; delegate: string; vote: string; claim: string }> {
  const stake = (await s.buildFreeze({ from: owner.b58, amount: String(300n * SUN), resource: 'ENERGY' })).txId;
  const delegate = (await s.buildDelegate({ from: owner.b58, to: payee.b58, amount: String(50n * SUN), resource: 'ENERGY' })).txId;
  const vote = (await s.buildVote({ from: owner.b58, votes: [{ executive: K.exec.b58, count: '100' }] })).txId;
  const claim = (await s.buildWithdrawRewards({ from: owner.b58 })).txId;
  for (const txId of [stake, delegate, vote, claim]) await s.sign({ txId });
  return { stake, delegate, vote, claim };
}

async function confirmedAll(s: Station, txIds: string[]): Promise<string[]> {
  await node.block();
  return Promise.all(txIds.map(async (txId) => (await s.status({ txId })).status));
}

describe('batch broadcast in dependency order', () => {
  it('broadcasts stake, delegate, vote and claim chosen in reverse order stake first, each after what it uses is in a block; all four confirm', async () => {
    const s = open('api');
    const { owner, payee } = await treasury(s);
    const t = await fourSigned(s, owner, payee);
    const stop = produceBlocks();
    const r = await s.queueBatch({ action: 'broadcast', txIds: [t.claim, t.vote, t.delegate, t.stake] }).finally(stop);
    expect(r.rows.map((x) => [x.txId, x.ok])).toEqual([
      [t.stake, true],
      [t.vote, true],
      [t.claim, true],
      [t.delegate, true],
    ]);
    expect(Object.fromEntries(r.rows.map((x) => [x.txId, x.waitsFor]))).toEqual({
      [t.stake]: [],
      [t.vote]: [t.stake],
      [t.claim]: [t.vote],
      [t.delegate]: [t.stake],
    });
    expect(r.rows[1]!.text).toMatch(new RegExp(`^After row 4 \\(stake ${t.stake.slice(0, 8)}\\) was in a block: `));
    expect(r.rows[2]!.text).toMatch(new RegExp(`^After row 2 \\(vote for executives ${t.vote.slice(0, 8)}\\) was in a block: `));
    expect(r).toMatchObject({ done: 4, refused: 0 });
    expect(await confirmedAll(s, [t.stake, t.delegate, t.vote, t.claim])).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);
    const account = await node.account(owner.b58);
    expect(account.votes).toEqual([{ vote_address: K.exec.b58, vote_count: 100 }]);
    expect(account.latest_withdraw_time).toBeGreaterThan(0);
  });

  it('leaves a row unsent when the row it waits for is refused by the node, naming that row', async () => {
    const s = open('refused');
    const { owner, payee } = await treasury(s);
    // A stake of more than the account holds once a payment built beside it is sent (a build the account
    // cannot pay is refused, station/core/cost-refusal.ts): the node refuses it, so the delegation has nothing to lend.
    const stake = (await s.buildFreeze({ from: owner.b58, amount: String(800n * SUN), resource: 'ENERGY' })).txId;
    const delegate = (await s.buildDelegate({ from: owner.b58, to: payee.b58, amount: String(50n * SUN), resource: 'ENERGY' })).txId;
    const payment = (await s.buildTransfer({ from: owner.b58, to: payee.b58, amount: String(500n * SUN) })).txId;
    for (const txId of [stake, delegate, payment]) await s.sign({ txId });
    expect((await s.broadcast({ txId: payment })).accepted).toBe(true);
    await node.block();
    const stop = produceBlocks();
    const r = await s.queueBatch({ action: 'broadcast', txIds: [delegate, stake] }).finally(stop);
    expect(r.rows.map((x) => [x.txId, x.ok])).toEqual([
      [stake, false],
      [delegate, false],
    ]);
    expect(r.rows[1]).toMatchObject({
      code: 'CONFLICT',
      waitsFor: [stake],
      text: `Not broadcast: it waits for row 2 (stake ${stake.slice(0, 8)}), which was not sent.`,
    });
    expect((await s.status({ txId: delegate })).status).toBe('ready');
  });

  it('airlock broadcast TXID... does the same from the command line', async () => {
    const S = testStation(work.dir, 'cli', { node: node.url, now: () => node.clock.now, stationOptions: { batchWaitPollMs: 20 } });
    const owner = await funded(node, 1_000n * SUN);
    const payee = await funded(node, SUN);
    await S.ok(['keys', 'import', '--key-file', keyFile(work.dir, 'cli-owner.key', owner.priv)]);
    await S.ok(['account', 'fetch', owner.b58]);
    const build = async (args: string[]) => ((await S.ok(['build', ...args, '--from', owner.b58])) as { txId: string }).txId;
    const stake = await build(['freeze', '--amount', String(300n * SUN), '--resource', 'ENERGY']);
    const delegate = await build(['delegate', '--to', payee.b58, '--amount', String(50n * SUN), '--resource', 'ENERGY']);
    const vote = await build(['vote', '--vote', `${K.exec.b58}=100`]);
    const claim = await build(['withdraw-rewards']);
    for (const txId of [stake, delegate, vote, claim]) await S.ok(['sign', txId]);
    const stop = produceBlocks();
    const r = await S.run(['broadcast', claim, vote, delegate, stake]).finally(stop);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.slice(1, 5).map((l) => l.slice(0, 64))).toEqual([stake, vote, claim, delegate]);
    expect(lines[2]).toContain(`After row 4 (stake ${stake.slice(0, 8)}) was in a block`);
    expect(lines.at(-1)).toBe('4 of 4 broadcast.');
    await node.block();
    for (const txId of [stake, delegate, vote, claim]) expect(((await S.ok(['status', txId])) as { status: string }).status).toBe('confirmed');
  });
});
