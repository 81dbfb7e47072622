// The staking state across a devnet restart with a database file (devnet/staking/state.ts): stakes,
// waiting unstakes, delegations with their lock, votes, accrued rewards, the last withdrawal, the
// total weights and the account-name index all come back as they were, and keep working.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAndSend, funded, hexText, K, startNode, SUN, T0, type Json, type TestKey, type TestNode } from '../../test/helpers/devnet-helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'airlock-staking-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function ok(node: TestNode, path: string, body: Json, key: TestKey): Promise<void> {
  node.clock.now += 1;
  const { reply } = await buildAndSend(node, path, body, [key]);
  expect(reply).toEqual({ result: true, txid: expect.any(String) });
}

describe('staking state after a restart', () => {
  it('comes back whole from the database file and keeps working', async () => {
    const dbFile = join(dir, 'chain.sqlite');
    const first = await startNode({ dbFile });
    const owner = await funded(first, 100n * SUN);
    const receiver = await funded(first, SUN);
    await ok(first, '/wallet/freezebalancev2', { owner_address: owner.hex, frozen_balance: 20n * SUN }, owner);
    await ok(first, '/wallet/freezebalancev2', { owner_address: owner.hex, frozen_balance: 10n * SUN, resource: 'ENERGY' }, owner);
    await ok(first, '/wallet/unfreezebalancev2', { owner_address: owner.hex, unfreeze_balance: 5n * SUN }, owner);
    await ok(
      first,
      '/wallet/delegateresource',
      { owner_address: owner.hex, receiver_address: receiver.hex, balance: 4n * SUN, resource: 'ENERGY', lock: true },
      owner,
    );
    await ok(first, '/wallet/votewitnessaccount', { owner_address: owner.hex, votes: [{ vote_address: K.exec.hex, vote_count: 20 }] }, owner);
    await ok(first, '/wallet/updateaccount', { owner_address: receiver.hex, account_name: hexText('kept-name') }, receiver);
    await first.block();
    await ok(first, '/wallet/withdrawbalance', { owner_address: owner.hex }, owner);
    await first.block();
    const read = async (node: TestNode): Promise<Json> => ({
      owner: await node.account(owner.b58),
      receiver: await node.account(receiver.b58),
      exec: await node.account(K.exec.b58),
      resource: await node.post('/wallet/getaccountresource', { address: owner.hex }),
      delegated: await node.post('/wallet/getdelegatedresourcev2', { fromAddress: owner.hex, toAddress: receiver.hex }),
      index: await node.post('/wallet/getdelegatedresourceaccountindexv2', { value: receiver.hex }),
      witnesses: await node.post('/wallet/listwitnesses'),
      reward: await node.post('/wallet/getReward', { address: owner.hex }),
    });
    const before = await read(first);
    // Everything above is really there, so the comparison below compares something.
    expect(before.owner.votes).toHaveLength(1);
    expect(before.owner.unfrozenV2).toHaveLength(1);
    expect(before.owner.latest_withdraw_time).toBeGreaterThan(0);
    expect(before.reward.reward).toBeGreaterThan(0);
    expect(before.delegated.delegatedResource).toHaveLength(1);
    expect(before.resource.TotalEnergyWeight).toBeGreaterThan(0);
    await first.stop();

    const second = await startNode({ dbFile, firstBlock: false, startAt: T0 + 600_000 });
    try {
      expect(await read(second)).toEqual(before);
      // And it keeps working: the name is still taken, the lock still holds, a vote still counts.
      expect(await second.post('/wallet/updateaccount', { owner_address: owner.hex, account_name: hexText('kept-name') })).toEqual({
        Error: 'class org.tron.core.exception.ContractValidateException : This name is existed',
      });
      expect(
        (await second.post('/wallet/undelegateresource', { owner_address: owner.hex, receiver_address: receiver.hex, balance: SUN, resource: 'ENERGY' })).Error,
      ).toContain('insufficient delegateFrozenBalance(Energy), request=1000000, unlock_balance=0');
      await ok(second, '/wallet/votewitnessaccount', { owner_address: owner.hex, votes: [{ vote_address: K.exec.hex, vote_count: 25 }] }, owner);
      expect((await second.post('/wallet/listwitnesses')).witnesses[0].voteCount).toBe(25);
    } finally {
      await second.stop();
    }
  });
});
