// docs/decisions.md §25, the account at a glance (station/accounts/glance.ts, the service and `airlock account
// resources`): after a stake, a locked delegation, a vote and an unstake on the local node, every
// figure agrees field by field with what the node's own endpoints answer, and names the node and
// block it was read at; a node that answers a bad value is refused naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Station } from '../../station/station.ts';
import { funded, K, startNode, SUN, type TestKey, type TestNode } from '../helpers/devnet-helpers.ts';
import { stakeLendVoteUnstake } from '../helpers/glance-helpers.ts';
import { keystoreStation, testStation, workDir } from '../helpers/station-helpers.ts';

let node: TestNode;
let work: { dir: string; remove: () => void };
let station: Station;
let owner: TestKey;

beforeAll(async () => {
  node = await startNode();
  work = workDir();
  owner = await funded(node, 1_000n * SUN);
  await stakeLendVoteUnstake(node, owner);
  station = keystoreStation(join(work.dir, 'st'), node.url, () => node.clock.now);
}, 60_000);

afterAll(async () => {
  station?.close();
  await node?.stop();
  work?.remove();
});

describe('the account at a glance', () => {
  it('agrees with the node field by field after a stake, a locked delegation, a vote and an unstake', async () => {
    const g = await station.accountResources({ address: owner.b58 });
    const account = await node.account(owner.b58);
    const resource = await node.post('/wallet/getaccountresource', { address: owner.hex });
    const head = (await node.post('/wallet/getnowblock')).block_header.raw_data;
    expect(g.provenance).toEqual({ node: node.url, block: head.number, blockTime: head.timestamp });
    expect(g.balance).toBe(String(account.balance));
    expect(g.staked).toEqual({ bandwidth: String(90n * SUN), energy: String(45n * SUN), tronPower: '0' });
    expect(g.lentOut).toEqual({ bandwidth: String(10n * SUN), energy: '0' });
    expect(g.bandwidth.stakedLimit).toBe(String(resource.NetLimit));
    expect(g.bandwidth.freeUsed).toBe(String(resource.freeNetUsed ?? 0));
    expect(g.bandwidth.freeLimit).toBe('5000');
    expect(g.energy.limit).toBe(String(resource.EnergyLimit));
    expect(g.votingPower).toEqual({ total: String(resource.tronPowerLimit), used: '20', left: String(resource.tronPowerLimit - 20) });
    expect(g.votes).toEqual([{ executive: K.exec.b58, count: '20' }]);
    expect(g.unstaking).toEqual([{ resource: 'ENERGY', amount: String(5n * SUN), withdrawableAt: Number(account.unfrozenV2[0].unfreeze_expire_time) }]);
    expect(g.withdrawableNow).toBe('0');
    expect(g.delegationsOut).toHaveLength(1);
    expect(g.delegationsOut[0]).toMatchObject({ account: K.bob.b58, bandwidth: String(10n * SUN), energy: '0' });
    expect(g.delegationsOut[0]!.bandwidthLockedUntil).toBeGreaterThan(head.timestamp);
    const reward = await node.post('/wallet/getReward', { address: owner.hex });
    expect(g.rewards.unclaimed).toBe(String(reward.reward ?? 0));
    expect(BigInt(g.rewards.unclaimed)).toBeGreaterThan(0n);
    const bob = await station.accountResources({ address: K.bob.b58 });
    expect(bob.borrowed).toEqual({ bandwidth: String(10n * SUN), energy: '0' });
    expect(bob.delegationsIn[0]).toMatchObject({ account: owner.b58, bandwidth: String(10n * SUN) });
  });

  it('after the wait, the unstaked amount is withdrawable now', async () => {
    await node.block(15 * 86_400_000);
    const g = await station.accountResources({ address: owner.b58 });
    expect(g.withdrawableNow).toBe(String(5n * SUN));
  });

  it('`airlock account resources` prints it in words with the block', async () => {
    const S = testStation(work.dir, 'cli', { node: node.url, now: () => node.clock.now });
    const run = await S.run(['account', 'resources', owner.b58]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${owner.b58}, read from the node ${node.url} at block`);
    expect(run.stdout).toContain('staked: 90 TRX for bandwidth, 45 TRX for energy');
    expect(run.stdout).toContain(`lent to ${K.bob.b58}: 10 TRX bandwidth, 0 TRX energy, locked`);
    // `account show` prints the stored account and the same glance, from the same text writer.
    expect((await S.run(['account', 'fetch', owner.b58])).code).toBe(0);
    const shown = await S.run(['account', 'show', owner.b58]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('owner permission 0');
    expect(shown.stdout).toContain(`At a glance: ${run.stdout.trimEnd()}`);
  });

  it('a node that answers a bad value is refused naming the field', async () => {
    // A lying node on loopback: a negative balance and otherwise empty answers.
    const server: Server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/wallet/getnowblock') {
        res.end(JSON.stringify({ blockID: '0000000000000005' + 'ab'.repeat(24), block_header: { raw_data: { number: 5, timestamp: 1_800_000_000_000 } } }));
      } else if (req.url === '/wallet/getaccount') res.end(JSON.stringify({ address: owner.hex, balance: -5 }));
      else res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const liar = keystoreStation(join(work.dir, 'liar'), url, () => node.clock.now);
    try {
      await expect(liar.accountResources({ address: owner.b58 })).rejects.toThrow("the node's balance is not a whole number of at least 0");
    } finally {
      liar.close();
      await new Promise((r) => server.close(r));
    }
  });
});
