// Votes, rewards and account names on the devnet over real HTTP (devnet/staking/voting.ts,
// rewards.ts): VoteWitness within tron power, replacing the old list and scaled down by unstaking;
// listwitnesses' vote counts; the reward model of devnet/staking/README.md block by block;
// WithdrawBalance with the 24 h rule; AccountUpdate once per account and per name; each refusal
// with java-tron's message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndSend, funded, hexText, K, newKey, startNode, SUN, type Json, type TestKey, type TestNode } from '../../test/helpers/devnet-helpers.ts';

const VALIDATE = 'class org.tron.core.exception.ContractValidateException : ';
const DAY = 86_400_000;

async function ok(node: TestNode, path: string, body: Json, key: TestKey): Promise<void> {
  node.clock.now += 1;
  const { reply } = await buildAndSend(node, path, body, [key]);
  expect(reply).toEqual({ result: true, txid: expect.any(String) });
}

async function refused(node: TestNode, path: string, body: Json, message: string): Promise<void> {
  expect(await node.post(path, body)).toEqual({ Error: VALIDATE + message });
}

async function voter(node: TestNode, staked: bigint): Promise<TestKey> {
  const k = await funded(node, 100n * SUN);
  await ok(node, '/wallet/freezebalancev2', { owner_address: k.hex, frozen_balance: staked * SUN }, k);
  return k;
}

const vote = (owner: TestKey, count: number | bigint, to: string = K.exec.hex): Json => ({
  owner_address: owner.hex,
  votes: [{ vote_address: to, vote_count: count }],
});

async function voteCount(node: TestNode): Promise<number | undefined> {
  const list = (await node.post('/wallet/listwitnesses', { visible: true })).witnesses as Json[];
  return list.find((w) => w.address === K.exec.b58)!.voteCount as number | undefined;
}

describe('VoteWitness', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startNode();
  });
  afterAll(() => node.stop());

  it('votes within tron power; a new list replaces the old; unstaking below the votes scales them down', async () => {
    const v = await voter(node, 10n);
    expect(await voteCount(node)).toBeUndefined();
    await ok(node, '/wallet/votewitnessaccount', vote(v, 6), v);
    expect((await node.account(v.b58)).votes).toEqual([{ vote_address: K.exec.b58, vote_count: 6 }]);
    expect(await voteCount(node)).toBe(6);
    expect((await node.post('/wallet/getaccountresource', { address: v.hex })).tronPowerUsed).toBe(6);
    await ok(node, '/wallet/votewitnessaccount', vote(v, 3), v);
    expect(await voteCount(node)).toBe(3);
    // 2 coins of tron power left for 3 votes: 3 × 2 / 3 = 2.
    await ok(node, '/wallet/unfreezebalancev2', { owner_address: v.hex, unfreeze_balance: 8n * SUN }, v);
    expect((await node.account(v.b58)).votes).toEqual([{ vote_address: K.exec.b58, vote_count: 2 }]);
    expect(await voteCount(node)).toBe(2);
    // All of it unstaked: the votes go.
    await ok(node, '/wallet/unfreezebalancev2', { owner_address: v.hex, unfreeze_balance: 2n * SUN }, v);
    expect((await node.account(v.b58)).votes).toBeUndefined();
    expect(await voteCount(node)).toBeUndefined();
  });

  it('exactly the tron power may be voted; one more vote is refused', async () => {
    const v = await voter(node, 5n);
    await refused(node, '/wallet/votewitnessaccount', vote(v, 6), 'The total number of votes[6000000] is greater than the tronPower[5000000]');
    await ok(node, '/wallet/votewitnessaccount', vote(v, 5), v);
  });

  it('VoteWitness refusals, with the node messages', async () => {
    const v = await voter(node, 5n);
    const stranger = newKey();
    const path = '/wallet/votewitnessaccount';
    await refused(node, path, { votes: [{ vote_address: K.exec.hex, vote_count: 1 }] }, 'Invalid address');
    await refused(node, path, { owner_address: v.hex, votes: [] }, 'VoteNumber must more than 0');
    const many = Array.from({ length: 31 }, () => ({ vote_address: K.exec.hex, vote_count: 1 }));
    await refused(node, path, { owner_address: v.hex, votes: many }, 'VoteNumber more than maxVoteNumber 30');
    await refused(node, path, { owner_address: v.hex, votes: [{ vote_count: 1 }] }, 'Invalid vote address!');
    await refused(node, path, vote(v, 0), 'vote count must be greater than 0');
    await refused(node, path, vote(v, 1, stranger.hex), `Account[${stranger.hex}] not exists`);
    await refused(node, path, vote(v, 1, K.alice.hex), `Witness[${K.alice.hex}] not exists`);
    await refused(node, path, vote(stranger, 1), `Account[${stranger.hex}] not exists`);
    // 30 votes are allowed (the same executive, 30 rows).
    await ok(node, path, { owner_address: v.hex, votes: many.slice(0, 5) }, v);
  });
});

describe('rewards and WithdrawBalance', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startNode();
  });
  afterAll(() => node.stop());

  it('without votes the executive keeps the whole block pay; nobody else earns', async () => {
    const before = BigInt((await node.account(K.exec.b58)).allowance ?? 0);
    await node.block();
    expect(BigInt((await node.account(K.exec.b58)).allowance)).toBe(before + 16n * SUN);
  });

  it("a voter earns 80% of its executive's block and vote pay each block, collects it and withdraws it", async () => {
    const v = await voter(node, 10n);
    await ok(node, '/wallet/votewitnessaccount', vote(v, 10), v);
    const execBefore = BigInt((await node.account(K.exec.b58)).allowance);
    await node.block();
    // (16 + 160 coins) × 80% to the only voter; 20% stays with the executive.
    expect(await node.post('/wallet/getReward', { address: v.hex })).toEqual({ reward: 140_800_000 });
    expect(BigInt((await node.account(K.exec.b58)).allowance)).toBe(execBefore + 35_200_000n);
    // Voting again collects the accrued reward into the allowance.
    await ok(node, '/wallet/votewitnessaccount', vote(v, 4), v);
    expect(await node.post('/wallet/getReward', { address: v.hex })).toEqual({ reward: 0 });
    expect((await node.account(v.b58)).allowance).toBe(140_800_000);
    await node.block();
    const balance = BigInt((await node.account(v.b58)).balance);
    await ok(node, '/wallet/withdrawbalance', { owner_address: v.hex }, v);
    const after = await node.account(v.b58);
    expect(BigInt(after.balance)).toBe(balance + 2n * 140_800_000n);
    expect(after.allowance).toBeUndefined();
    expect(after.latest_withdraw_time).toBe(await node.headTime());
  });

  it('two voters share by their votes, rounded down', async () => {
    const a = await voter(node, 3n);
    const b = await voter(node, 3n);
    await ok(node, '/wallet/votewitnessaccount', vote(a, 1), a);
    await ok(node, '/wallet/votewitnessaccount', vote(b, 2), b);
    const others = await funded(node, SUN);
    await node.block();
    // The voter of the test before still has 4 votes: 7 in all. Each share is split on its own and
    // rounded down: a gets 12.8 coins × 1/7 + 128 coins × 1/7, b twice as many votes' worth.
    expect(await node.post('/wallet/getReward', { address: a.hex })).toEqual({ reward: 1_828_571 + 18_285_714 });
    expect(await node.post('/wallet/getReward', { address: b.hex })).toEqual({ reward: 3_657_142 + 36_571_428 });
    expect(await node.post('/wallet/getReward', { address: others.hex })).toEqual({ reward: 0 });
  });

  it('WithdrawBalance refusals: the 24 h rule, no reward, a guard representative, unknown or missing owner', async () => {
    const v = await voter(node, 2n);
    const stranger = newKey();
    const path = '/wallet/withdrawbalance';
    await refused(node, path, { owner_address: v.hex }, 'witnessAccount does not have any reward');
    await refused(node, path, {}, 'Invalid address');
    await refused(node, path, { owner_address: stranger.hex }, `Account[${stranger.hex}] not exists`);
    await refused(node, path, { owner_address: K.exec.hex }, `Account[${K.exec.hex}] is a guard representative and is not allowed to withdraw Balance`);
    await ok(node, '/wallet/votewitnessaccount', vote(v, 2), v);
    await node.block();
    await ok(node, path, { owner_address: v.hex }, v);
    const last = await node.headTime();
    node.clock.now = last + DAY - 1;
    await node.devnet.produceBlock();
    await refused(node, path, { owner_address: v.hex }, `The last withdraw time is ${last}, less than 24 hours`);
    node.clock.now = last + DAY;
    await node.devnet.produceBlock();
    await ok(node, path, { owner_address: v.hex }, v);
  });
});

describe('AccountUpdate', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startNode();
  });
  afterAll(() => node.stop());

  it('names an account once; the name is then taken for every other account', async () => {
    const a = await funded(node, SUN);
    const b = await funded(node, SUN);
    await ok(node, '/wallet/updateaccount', { owner_address: a.b58, account_name: 'treasury', visible: true }, a);
    expect((await node.account(a.b58)).account_name).toBe('treasury');
    await refused(node, '/wallet/updateaccount', { owner_address: a.hex, account_name: hexText('other') }, 'This account name is already existed');
    await refused(node, '/wallet/updateaccount', { owner_address: b.hex, account_name: hexText('treasury') }, 'This name is existed');
    // Genesis names are taken too.
    await refused(node, '/wallet/updateaccount', { owner_address: b.hex, account_name: hexText('alice') }, 'This name is existed');
  });

  it('AccountUpdate refusals, with the node messages', async () => {
    const a = await funded(node, SUN);
    const stranger = newKey();
    const path = '/wallet/updateaccount';
    await refused(node, path, { owner_address: a.hex, account_name: 'ab'.repeat(201) }, 'Invalid accountName');
    await refused(node, path, { account_name: hexText('x') }, 'Invalid ownerAddress');
    await refused(node, path, { owner_address: stranger.hex, account_name: hexText('x') }, 'Account does not exist');
    // 200 bytes is the longest name.
    await ok(node, path, { owner_address: a.hex, account_name: 'ab'.repeat(200) }, a);
  });
});
