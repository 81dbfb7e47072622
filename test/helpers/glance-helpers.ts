/**
 * The account at a glance's set-up on the devnet (docs/decisions.md §25), shared by its tests: `owner` stakes
 * 100 TRX for bandwidth and 50 for energy, lends 10 TRX of bandwidth to bob locked for 100 blocks,
 * votes 20 for the genesis executive and unstakes 5 TRX of energy, each signed and broadcast, then
 * two blocks: every figure of the glance has something to say.
 */
import { expect } from 'vitest';
import { buildAndSend, K, SUN, type Json, type TestKey, type TestNode } from './devnet-helpers.ts';

export async function stakeLendVoteUnstake(node: TestNode, owner: TestKey): Promise<void> {
  const ok = async (path: string, body: Json): Promise<void> => {
    node.clock.now += 1;
    const { reply } = await buildAndSend(node, path, body, [owner]);
    expect(reply.result).toBe(true);
  };
  await ok('/wallet/freezebalancev2', { owner_address: owner.hex, frozen_balance: (100n * SUN).toString() });
  await ok('/wallet/freezebalancev2', { owner_address: owner.hex, frozen_balance: (50n * SUN).toString(), resource: 'ENERGY' });
  await ok('/wallet/delegateresource', {
    owner_address: owner.hex,
    receiver_address: K.bob.hex,
    balance: (10n * SUN).toString(),
    resource: 'BANDWIDTH',
    lock: true,
    lock_period: 100,
  });
  await ok('/wallet/votewitnessaccount', { owner_address: owner.hex, votes: [{ vote_address: K.exec.hex, vote_count: 20 }] });
  await ok('/wallet/unfreezebalancev2', { owner_address: owner.hex, unfreeze_balance: (5n * SUN).toString(), resource: 'ENERGY' });
  await node.block();
  await node.block();
}
