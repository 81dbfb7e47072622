// `airlock status refresh` (docs/decisions.md §18, live status) through the command line against the devnet in
// process: one pass asks the node about every open transaction and turns a broadcast one confirmed,
// saying so in words (and in --json, with block and status); offline it says that nothing answers
// at the node's URL and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funded, newKey, startNode, SUN, type TestKey, type TestNode } from '../helpers/devnet-helpers.ts';
import { keyFile, testStation, workDir } from '../helpers/station-helpers.ts';

let node: TestNode;
let work: { dir: string; remove: () => void };
let owner: TestKey;

beforeAll(async () => {
  node = await startNode();
  work = workDir();
  owner = await funded(node, 100n * SUN);
});
afterAll(async () => {
  await node.stop();
  work.remove();
});

describe('airlock status refresh', () => {
  it('turns a broadcast transaction confirmed, with its block, in one pass', async () => {
    const S = testStation(work.dir, 's', { node: node.url, now: () => node.clock.now });
    await S.ok(['keys', 'import', '--key-file', keyFile(work.dir, 'owner.key', owner.priv)]);
    await S.ok(['account', 'fetch', owner.b58]);
    const built = (await S.ok(['build', 'transfer', '--from', owner.b58, '--to', newKey().b58, '--amount', '1000000'])) as { txId: string };
    await S.ok(['sign', built.txId]);
    expect(await S.ok(['broadcast', built.txId])).toMatchObject({ accepted: true, status: 'broadcast' });
    const waiting = (await S.ok(['status', 'refresh'])) as { asked: number; waiting: number };
    expect(waiting).toMatchObject({ asked: 1, waiting: 1, changes: [] });
    await node.block();
    const info = await node.post('/wallet/gettransactioninfobyid', { value: built.txId });
    const r = await S.run(['status', 'refresh']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Asked the node about 1 transaction(s): 1 changed (${built.txId}: confirmed in block ${info.blockNumber}), 0 not in a block yet.\n`);
    const list = (await S.ok(['list'])) as { entries: { txId: string; status: string; chain: { block: number; observed: boolean } }[] };
    expect(list.entries.find((e) => e.txId === built.txId)).toMatchObject({ status: 'confirmed', chain: { block: info.blockNumber, observed: true } });
    expect((await S.run(['status', built.txId])).stdout).toMatch(new RegExp(`on chain +confirmed in block ${info.blockNumber}; fee paid`));
  });

  it('offline, says nothing answers at the node and changes nothing', async () => {
    const online = testStation(work.dir, 'o', { node: node.url, now: () => node.clock.now });
    await online.ok(['keys', 'import', '--key-file', keyFile(work.dir, 'owner2.key', owner.priv)]);
    await online.ok(['account', 'fetch', owner.b58]);
    const built = (await online.ok(['build', 'transfer', '--from', owner.b58, '--to', newKey().b58, '--amount', '5'])) as { txId: string };
    await online.ok(['sign', built.txId]);
    const offline = testStation(work.dir, 'o', { node: 'http://127.0.0.1:9', now: () => node.clock.now });
    const r = await offline.run(['status', 'refresh']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/nothing answers at http:\/\/127\.0\.0\.1:9/);
    expect(((await online.ok(['list'])) as { entries: { status: string }[] }).entries[0]!.status).toBe('ready');
  });
});
