// The connection test reports a chain whose head is not moving (docs/decisions.md §18: a block producer halted
// after an executive-key change and Settings still showed a tick). Judged from one read: the head
// block's own time against the station's clock (HEAD_STALLED_AFTER_MS), with no waiting between two
// reads. A real station and the devnet over loopback HTTP, its blocks made by hand.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAD_STALLED_AFTER_MS } from '../../shared/base/limits.ts';
import { openStation, type Station } from '../../station/station.ts';
import { MemoryVault } from '../../station/vault/memory-vault.ts';
import { startNode, type TestNode } from '../helpers/devnet-helpers.ts';
import { workDir } from '../helpers/station-helpers.ts';

let work: { dir: string; remove: () => void };
let node: TestNode;
let station: Station;
let vault: MemoryVault;

beforeAll(async () => {
  work = workDir('airlock-node-test-');
  node = await startNode();
  vault = new MemoryVault();
  station = openStation({ dataDir: join(work.dir, 's'), nodeUrl: node.url, clock: () => node.clock.now, vaultBackend: vault, nodeTimeoutMs: 5_000 });
});

afterAll(async () => {
  station?.close();
  vault?.close();
  await node?.stop();
  work?.remove();
});

describe('the connection test', () => {
  it('a head made just now is a tick; one older than the bound is "not moving", with the block and its age; a new block is a tick again', async () => {
    const fresh = await station.nodeTest({});
    expect(fresh).toMatchObject({ ok: true, text: `The node answered: its head block is ${fresh.block}.` });
    // No block for five minutes: the producer has stopped.
    node.clock.now += 5 * 60_000;
    const stalled = await station.nodeTest({});
    expect(stalled.ok).toBe(false);
    expect(stalled.block).toBe(fresh.block);
    expect(stalled.text).toBe(
      `The node answered, but the chain is not moving: its head block ${fresh.block} was made 5 min ago. No block producer is making blocks (after an executive-key change, the producing node must hold the new key); transactions sent now will not confirm.`,
    );
    await node.block();
    expect((await station.nodeTest({})).ok).toBe(true);
  });

  it('a head exactly at the bound still counts as moving', async () => {
    await node.block();
    node.clock.now += HEAD_STALLED_AFTER_MS;
    expect((await station.nodeTest({})).ok).toBe(true);
    node.clock.now += 1;
    expect((await station.nodeTest({})).ok).toBe(false);
  });
});
