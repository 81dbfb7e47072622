// Resource delegation on the devnet over real HTTP (devnet/staking/delegate.ts): DelegateResource
// with and without lock, UnDelegateResource, the delegation records and account fields the
// reference node answers, and each refusal with java-tron's message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndSend, funded, newKey, startNode, SUN, type Json, type TestKey, type TestNode } from '../../test/helpers/devnet-helpers.ts';

const VALIDATE = 'class org.tron.core.exception.ContractValidateException : ';
const BLOCK_MS = 3_000;
const DEFAULT_LOCK_MS = 86_400 * BLOCK_MS;

async function ok(node: TestNode, path: string, body: Json, key: TestKey): Promise<void> {
  node.clock.now += 1;
  const { reply } = await buildAndSend(node, path, body, [key]);
  expect(reply).toEqual({ result: true, txid: expect.any(String) });
}

async function refused(node: TestNode, path: string, body: Json, message: string): Promise<void> {
  expect(await node.post(path, body)).toEqual({ Error: VALIDATE + message });
}

/** A funded account with `bandwidth` and `energy` coins staked. */
async function staker(node: TestNode, bandwidth: bigint, energy: bigint): Promise<TestKey> {
  const k = await funded(node, 100n * SUN);
  if (bandwidth > 0n) await ok(node, '/wallet/freezebalancev2', { owner_address: k.hex, frozen_balance: bandwidth * SUN }, k);
  if (energy > 0n) await ok(node, '/wallet/freezebalancev2', { owner_address: k.hex, frozen_balance: energy * SUN, resource: 'ENERGY' }, k);
  return k;
}

describe('DelegateResource and UnDelegateResource', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startNode();
  });
  afterAll(() => node.stop());

  it('lends energy without lock: owner delegated, receiver acquired, a record and an index; undelegating returns it', async () => {
    const owner = await staker(node, 0n, 10n);
    const receiver = await funded(node, SUN);
    await ok(node, '/wallet/delegateresource', { owner_address: owner.hex, receiver_address: receiver.hex, balance: 4n * SUN, resource: 'ENERGY' }, owner);
    const o = await node.account(owner.b58);
    expect(o.frozenV2).toEqual([{}, { type: 'ENERGY', amount: 6_000_000 }]);
    expect(o.account_resource).toEqual({ delegated_frozenV2_balance_for_energy: 4_000_000 });
    expect((await node.account(receiver.b58)).account_resource).toEqual({ acquired_delegated_frozenV2_balance_for_energy: 4_000_000 });
    expect(await node.post('/wallet/getdelegatedresourcev2', { fromAddress: owner.b58, toAddress: receiver.b58, visible: true })).toEqual({
      delegatedResource: [{ from: owner.b58, to: receiver.b58, frozen_balance_for_energy: 4_000_000 }],
    });
    expect(await node.post('/wallet/getdelegatedresourceaccountindexv2', { value: owner.hex })).toEqual({ account: owner.hex, toAccounts: [receiver.hex] });
    // Lent coins still give tron power.
    expect((await node.post('/wallet/getaccountresource', { address: owner.hex })).tronPowerLimit).toBe(10);
    expect(await node.post('/wallet/getcandelegatedmaxsize', { owner_address: owner.hex, type: 1 })).toEqual({ max_size: 6_000_000 });

    await ok(node, '/wallet/undelegateresource', { owner_address: owner.hex, receiver_address: receiver.hex, balance: 4n * SUN, resource: 'ENERGY' }, owner);
    expect((await node.account(owner.b58)).frozenV2).toEqual([{}, { type: 'ENERGY', amount: 10_000_000 }]);
    expect((await node.account(owner.b58)).account_resource).toBeUndefined();
    expect((await node.account(receiver.b58)).account_resource).toBeUndefined();
    expect(await node.post('/wallet/getdelegatedresourcev2', { fromAddress: owner.hex, toAddress: receiver.hex })).toEqual({});
  });

  it('lends bandwidth with a lock: it cannot be taken back until the lock has passed', async () => {
    const owner = await staker(node, 10n, 0n);
    const receiver = await funded(node, SUN);
    await ok(node, '/wallet/delegateresource', { owner_address: owner.hex, receiver_address: receiver.hex, balance: 3n * SUN, lock: true }, owner);
    const head = await node.headTime();
    expect((await node.account(owner.b58)).delegated_frozenV2_balance_for_bandwidth).toBe(3_000_000);
    expect((await node.account(receiver.b58)).acquired_delegated_frozenV2_balance_for_bandwidth).toBe(3_000_000);
    expect(await node.post('/wallet/getdelegatedresourcev2', { fromAddress: owner.hex, toAddress: receiver.hex })).toEqual({
      delegatedResource: [{ from: owner.hex, to: receiver.hex, frozen_balance_for_bandwidth: 3_000_000, expire_time_for_bandwidth: head + DEFAULT_LOCK_MS }],
    });
    const body = { owner_address: owner.hex, receiver_address: receiver.hex, balance: SUN };
    await refused(node, '/wallet/undelegateresource', body, 'insufficient delegatedFrozenBalance(BANDWIDTH), request=1000000, unlock_balance=0');
    await node.block(DEFAULT_LOCK_MS + 1);
    await ok(node, '/wallet/undelegateresource', body, owner);
    // The lock passed: the record moved to the unlocked one, which holds what is left.
    expect(await node.post('/wallet/getdelegatedresourcev2', { fromAddress: owner.hex, toAddress: receiver.hex })).toEqual({
      delegatedResource: [{ from: owner.hex, to: receiver.hex, frozen_balance_for_bandwidth: 2_000_000 }],
    });
  });

  it('a new lock may not end before the one in force; a longer lock_period is kept in blocks', async () => {
    const owner = await staker(node, 0n, 10n);
    const receiver = await funded(node, SUN);
    const lend = { owner_address: owner.hex, receiver_address: receiver.hex, resource: 'ENERGY', balance: SUN, lock: true };
    await ok(node, '/wallet/delegateresource', { ...lend, lock_period: 1_000 }, owner);
    const head = await node.headTime();
    await refused(
      node,
      '/wallet/delegateresource',
      { ...lend, lock_period: 10 },
      `The lock period for ENERGY this time cannot be less than the remaining time[${1_000 * BLOCK_MS}ms] of the last lock period for ENERGY!`,
    );
    await ok(node, '/wallet/delegateresource', { ...lend, lock_period: 2_000 }, owner);
    const record = (await node.post('/wallet/getdelegatedresourcev2', { fromAddress: owner.hex, toAddress: receiver.hex })).delegatedResource;
    expect(record).toEqual([{ from: owner.hex, to: receiver.hex, frozen_balance_for_energy: 2_000_000, expire_time_for_energy: head + 2_000 * BLOCK_MS }]);
    await refused(
      node,
      '/wallet/delegateresource',
      { ...lend, lock_period: 864_001 },
      'The lock period of delegate resource cannot be less than 0 and cannot exceed 864000!',
    );
    await refused(
      node,
      '/wallet/delegateresource',
      { ...lend, lock_period: -1 },
      'The lock period of delegate resource cannot be less than 0 and cannot exceed 864000!',
    );
  });

  it('DelegateResource refusals, with the node messages', async () => {
    const owner = await staker(node, 2n, 2n);
    const receiver = await funded(node, SUN);
    const stranger = newKey();
    const path = '/wallet/delegateresource';
    const body = { owner_address: owner.hex, receiver_address: receiver.hex, balance: SUN };
    await refused(node, path, { receiver_address: receiver.hex, balance: SUN }, 'Invalid address');
    await refused(node, path, { ...body, owner_address: stranger.hex }, `Account[${stranger.hex}] not exists`);
    await refused(node, path, { ...body, balance: SUN - 1n }, 'delegateBalance must be greater than or equal to 1 TRX');
    await refused(node, path, { ...body, balance: 2n * SUN + 1n }, 'delegateBalance must be less than or equal to available FreezeBandwidthV2 balance');
    await refused(
      node,
      path,
      { ...body, balance: 2n * SUN + 1n, resource: 'ENERGY' },
      'delegateBalance must be less than or equal to available FreezeEnergyV2 balance',
    );
    await refused(node, path, { ...body, resource: 'TRON_POWER' }, 'ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]');
    await refused(node, path, { owner_address: owner.hex, balance: SUN }, 'Invalid receiverAddress');
    await refused(node, path, { ...body, receiver_address: owner.hex }, 'receiverAddress must not be the same as ownerAddress');
    await refused(node, path, { ...body, receiver_address: stranger.hex }, `Account[${stranger.hex}] not exists`);
    // Exactly the staked amount is accepted.
    await ok(node, path, { ...body, balance: 2n * SUN }, owner);
    expect(await node.post('/wallet/getcandelegatedmaxsize', { owner_address: owner.hex })).toEqual({});
  });

  it('UnDelegateResource refusals, with the node messages', async () => {
    const owner = await staker(node, 2n, 2n);
    const receiver = await funded(node, SUN);
    const stranger = newKey();
    const path = '/wallet/undelegateresource';
    const body = { owner_address: owner.hex, receiver_address: receiver.hex, balance: SUN };
    await refused(node, path, { receiver_address: receiver.hex, balance: SUN }, 'Invalid address');
    await refused(node, path, { ...body, owner_address: stranger.hex }, `Account[${stranger.hex}] does not exist`);
    await refused(node, path, { owner_address: owner.hex, balance: SUN }, 'Invalid receiverAddress');
    await refused(node, path, { ...body, receiver_address: owner.hex }, 'receiverAddress must not be the same as ownerAddress');
    await refused(node, path, body, 'delegated Resource does not exist');
    await ok(node, '/wallet/delegateresource', { ...body, resource: 'ENERGY' }, owner);
    await refused(node, path, { ...body, balance: 0 }, 'unDelegateBalance must be more than 0 TRX');
    await refused(node, path, { ...body, resource: 'TRON_POWER' }, 'ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]');
    await refused(node, path, body, 'insufficient delegatedFrozenBalance(BANDWIDTH), request=1000000, unlock_balance=0');
    await refused(
      node,
      path,
      { ...body, resource: 'ENERGY', balance: SUN + 1n },
      'insufficient delegateFrozenBalance(Energy), request=1000001, unlock_balance=1000000',
    );
  });
});
