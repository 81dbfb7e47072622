// Stake 2.0 on the devnet over real HTTP (devnet/staking/freeze.ts): FreezeBalanceV2,
// UnfreezeBalanceV2, WithdrawExpireUnfreeze and CancelAllUnfreezeV2 succeed with the account fields
// the reference node answers (frozenV2, unfrozenV2), and each refusal carries java-tron's message,
// at build and at broadcast.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { FreezeBalanceV2ContractSchema } from '../../shared/gen/protocol/balance_contract_pb.ts';
import { DEFAULT_GENESIS_JSON } from '../genesis.ts';
import {
  buildAndSend,
  funded,
  messageText,
  newKey,
  rawOf,
  rawTransaction,
  sendTransfer,
  startNode,
  SUN,
  testKey,
  K,
  type Json,
  type TestKey,
  type TestNode,
} from '../../test/helpers/devnet-helpers.ts';

const VALIDATE = 'class org.tron.core.exception.ContractValidateException : ';
const DAY = 86_400_000;
const INT64_MAX = 2n ** 63n - 1n;
const whale = testKey('43'.repeat(32));

async function ok(node: TestNode, path: string, body: Json, key: TestKey): Promise<string> {
  // A new timestamp, so the same contract twice is two transactions (not "Dup transaction.").
  node.clock.now += 1;
  const { reply } = await buildAndSend(node, path, body, [key]);
  expect(reply).toEqual({ result: true, txid: expect.any(String) });
  return reply.txid as string;
}

/** The fee a transaction paid (its bandwidth, once the free bytes ran out), from its receipt. */
async function feeOf(node: TestNode, txid: string): Promise<bigint> {
  await node.block();
  return BigInt((await node.post('/wallet/gettransactioninfobyid', { value: txid })).fee ?? 0);
}

async function refused(node: TestNode, path: string, body: Json, message: string): Promise<void> {
  expect(await node.post(path, body)).toEqual({ Error: VALIDATE + message });
}

describe('Stake 2.0 on the default chain', () => {
  let node: TestNode;

  beforeAll(async () => {
    node = await startNode({
      genesisJson: {
        ...DEFAULT_GENESIS_JSON,
        accounts: [...DEFAULT_GENESIS_JSON.accounts, { name: 'whale', privateKey: whale.priv, balance: INT64_MAX.toString() }],
      },
    });
  });
  afterAll(() => node.stop());

  it('getchainparameters shows the unfreeze delay (14 days) and the length of a staking day', async () => {
    const list = (await node.post('/wallet/getchainparameters')).chainParameter as { key: string; value?: number }[];
    expect(list).toContainEqual({ key: 'getUnfreezeDelayDays', value: 14 });
    expect(list).toContainEqual({ key: 'getDevnetFrozenPeriodMs', value: DAY });
    expect(list).toContainEqual({ key: 'getMaxDelegateLockPeriod', value: 864_000 });
  });

  it('freezes for bandwidth and for energy: balance moves into frozenV2, the weights and resources follow', async () => {
    const owner = await funded(node, 100n * SUN);
    await ok(node, '/wallet/freezebalancev2', { owner_address: owner.hex, frozen_balance: 10n * SUN }, owner);
    await ok(node, '/wallet/freezebalancev2', { owner_address: owner.b58, frozen_balance: 5n * SUN, resource: 'ENERGY', visible: true }, owner);
    const account = await node.account(owner.b58);
    expect(account.frozenV2).toEqual([{ amount: 10_000_000 }, { type: 'ENERGY', amount: 5_000_000 }]);
    // 100 coins less the two stakes; the transactions' bandwidth was free.
    expect(BigInt(account.balance)).toBe(85n * SUN);
    const resource = await node.post('/wallet/getaccountresource', { address: owner.hex });
    expect(resource.tronPowerLimit).toBe(15);
    expect(resource.NetLimit).toBeGreaterThan(0);
    expect(resource.EnergyLimit).toBeGreaterThan(0);
    expect(resource.TotalEnergyWeight).toBeGreaterThanOrEqual(5);
  });

  it('FreezeBalanceV2 refusals, with the node messages', async () => {
    const owner = await funded(node, 3n * SUN);
    const stranger = newKey();
    const path = '/wallet/freezebalancev2';
    await refused(node, path, { frozen_balance: SUN }, 'Invalid address');
    await refused(node, path, { owner_address: stranger.hex, frozen_balance: SUN }, `Account[${stranger.hex}] not exists`);
    await refused(node, path, { owner_address: owner.hex, frozen_balance: 0 }, 'frozenBalance must be positive');
    await refused(node, path, { owner_address: owner.hex, frozen_balance: SUN - 1n }, 'frozenBalance must be greater than or equal to 1 TRX');
    await refused(node, path, { owner_address: owner.hex, frozen_balance: 3n * SUN + 1n }, 'frozenBalance must be less than or equal to accountBalance');
    await refused(
      node,
      path,
      { owner_address: owner.hex, frozen_balance: SUN, resource: 'TRON_POWER' },
      'ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]',
    );
    // Exactly the balance is accepted.
    await ok(node, path, { owner_address: owner.hex, frozen_balance: 3n * SUN }, owner);
    expect((await node.account(owner.b58)).balance).toBeUndefined();
  });

  it('a refusal at broadcast carries the same message and changes nothing', async () => {
    const owner = await funded(node, 2n * SUN);
    const raw = rawOf(await node.post('/wallet/freezebalancev2', { owner_address: owner.hex, frozen_balance: SUN }));
    const any = raw.contract[0]!.parameter!;
    const c = fromBinary(FreezeBalanceV2ContractSchema, any.value);
    c.frozenBalance = 5n * SUN;
    any.value = toBinary(FreezeBalanceV2ContractSchema, c);
    const reply = await node.post('/wallet/broadcasttransaction', rawTransaction(raw, owner));
    expect(reply.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(messageText(reply)).toBe('Contract validate error : frozenBalance must be less than or equal to accountBalance');
    const account = await node.account(owner.b58);
    expect(BigInt(account.balance)).toBe(2n * SUN);
    expect(account.frozenV2).toBeUndefined();
  });

  it('unfreezes into unfrozenV2 with the 14-day delay; WithdrawExpireUnfreeze pays only what is due', async () => {
    const owner = await funded(node, 20n * SUN);
    await ok(node, '/wallet/freezebalancev2', { owner_address: owner.hex, frozen_balance: 10n * SUN, resource: 'ENERGY' }, owner);
    await node.block();
    const head = await node.headTime();
    await ok(node, '/wallet/unfreezebalancev2', { owner_address: owner.hex, unfreeze_balance: 4n * SUN, resource: 'ENERGY' }, owner);
    let account = await node.account(owner.b58);
    expect(account.frozenV2).toEqual([{}, { type: 'ENERGY', amount: 6_000_000 }]);
    expect(account.unfrozenV2).toEqual([{ type: 'ENERGY', unfreeze_amount: 4_000_000, unfreeze_expire_time: head + 14 * DAY }]);
    expect(await node.post('/wallet/getavailableunfreezecount', { owner_address: owner.hex })).toEqual({ count: 31 });
    await refused(node, '/wallet/withdrawexpireunfreeze', { owner_address: owner.hex }, 'no unFreeze balance to withdraw ');
    // One ms before the delay ends nothing is due; at the end all of it is.
    node.clock.now = head + 14 * DAY - 1;
    await node.devnet.produceBlock();
    await refused(node, '/wallet/withdrawexpireunfreeze', { owner_address: owner.hex }, 'no unFreeze balance to withdraw ');
    await node.block(1);
    await ok(node, '/wallet/withdrawexpireunfreeze', { owner_address: owner.hex }, owner);
    account = await node.account(owner.b58);
    expect(BigInt(account.balance)).toBe(14n * SUN);
    expect(account.unfrozenV2).toBeUndefined();
  });

  it('UnfreezeBalanceV2 refusals, with the node messages', async () => {
    const owner = await funded(node, 40n * SUN);
    const stranger = newKey();
    const path = '/wallet/unfreezebalancev2';
    await refused(node, path, { unfreeze_balance: SUN }, 'Invalid address');
    await refused(node, path, { owner_address: stranger.hex, unfreeze_balance: SUN }, `Account[${stranger.hex}] does not exist`);
    await refused(node, path, { owner_address: owner.hex, unfreeze_balance: SUN }, 'no frozenBalance(BANDWIDTH)');
    await refused(node, path, { owner_address: owner.hex, unfreeze_balance: SUN, resource: 'ENERGY' }, 'no frozenBalance(Energy)');
    await refused(
      node,
      path,
      { owner_address: owner.hex, unfreeze_balance: SUN, resource: 'TRON_POWER' },
      'ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]',
    );
    await ok(node, '/wallet/freezebalancev2', { owner_address: owner.hex, frozen_balance: 33n * SUN }, owner);
    await refused(node, path, { owner_address: owner.hex, unfreeze_balance: 0 }, 'Invalid unfreeze_balance, [0] is error');
    await refused(node, path, { owner_address: owner.hex, unfreeze_balance: 33n * SUN + 1n }, 'Invalid unfreeze_balance, [33000001] is error');
    // 32 unstakes may wait at once; the 33rd is refused until one is paid out.
    for (let i = 0; i < 32; i++) await ok(node, path, { owner_address: owner.hex, unfreeze_balance: SUN }, owner);
    expect(await node.post('/wallet/getavailableunfreezecount', { owner_address: owner.hex })).toEqual({ count: 0 });
    await refused(node, path, { owner_address: owner.hex, unfreeze_balance: SUN }, 'Invalid unfreeze operation, unfreezing times is over limit');
    await node.block(14 * DAY);
    // The due ones are paid out by the next unstake itself (unfreezeExpire).
    const before = BigInt((await node.account(owner.b58)).balance);
    const txid = await ok(node, path, { owner_address: owner.hex, unfreeze_balance: SUN }, owner);
    const account = await node.account(owner.b58);
    expect(account.unfrozenV2).toHaveLength(1);
    expect(BigInt(account.balance)).toBe(before + 32n * SUN - (await feeOf(node, txid)));
  });

  it('CancelAllUnfreezeV2 stakes the waiting amounts again and pays out the due ones', async () => {
    const owner = await funded(node, 10n * SUN);
    await ok(node, '/wallet/freezebalancev2', { owner_address: owner.hex, frozen_balance: 6n * SUN }, owner);
    await ok(node, '/wallet/unfreezebalancev2', { owner_address: owner.hex, unfreeze_balance: 2n * SUN }, owner);
    await node.block(14 * DAY);
    await ok(node, '/wallet/unfreezebalancev2', { owner_address: owner.hex, unfreeze_balance: SUN }, owner);
    // The first unstake was paid out by the second; wait for a third to be due, then add a fourth.
    await ok(node, '/wallet/unfreezebalancev2', { owner_address: owner.hex, unfreeze_balance: SUN }, owner);
    await node.block(14 * DAY);
    await ok(node, '/wallet/freezebalancev2', { owner_address: owner.hex, frozen_balance: SUN }, owner);
    const before = await node.account(owner.b58);
    expect(before.unfrozenV2).toHaveLength(2);
    await ok(node, '/wallet/cancelallunfreezev2', { owner_address: owner.hex }, owner);
    const after = await node.account(owner.b58);
    expect(after.unfrozenV2).toBeUndefined();
    // Both due (2 coins), so paid out; 2 + 1 staked remain staked.
    expect(after.frozenV2).toEqual([{ amount: 3_000_000 }, { type: 'ENERGY' }]);
    expect(BigInt(after.balance)).toBe(BigInt(before.balance) + 2n * SUN);
  });

  it('CancelAllUnfreezeV2 restakes an unstake still waiting', async () => {
    const owner = await funded(node, 10n * SUN);
    await ok(node, '/wallet/freezebalancev2', { owner_address: owner.hex, frozen_balance: 6n * SUN, resource: 'ENERGY' }, owner);
    await ok(node, '/wallet/unfreezebalancev2', { owner_address: owner.hex, unfreeze_balance: 2n * SUN, resource: 'ENERGY' }, owner);
    await ok(node, '/wallet/cancelallunfreezev2', { owner_address: owner.hex }, owner);
    const account = await node.account(owner.b58);
    expect(account.frozenV2).toEqual([{}, { type: 'ENERGY', amount: 6_000_000 }]);
    expect(BigInt(account.balance)).toBe(4n * SUN);
  });

  it('CancelAllUnfreezeV2 and WithdrawExpireUnfreeze refusals, with the node messages', async () => {
    const owner = await funded(node, 10n * SUN);
    const stranger = newKey();
    await refused(node, '/wallet/cancelallunfreezev2', {}, 'Invalid address');
    await refused(node, '/wallet/cancelallunfreezev2', { owner_address: stranger.hex }, `Account[${stranger.hex}] not exists`);
    await refused(node, '/wallet/cancelallunfreezev2', { owner_address: owner.hex }, 'No unfreezeV2 list to cancel');
    await refused(node, '/wallet/withdrawexpireunfreeze', {}, 'Invalid address');
    await refused(node, '/wallet/withdrawexpireunfreeze', { owner_address: stranger.hex }, `Account[${stranger.hex}] not exists`);
  });

  it("WithdrawExpireUnfreeze refuses a payout that would pass int64 with Guava's overflow message", async () => {
    await ok(node, '/wallet/freezebalancev2', { owner_address: whale.hex, frozen_balance: 2n * SUN }, whale);
    await ok(node, '/wallet/unfreezebalancev2', { owner_address: whale.hex, unfreeze_balance: 2n * SUN }, whale);
    expect((await sendTransfer(node, K.alice, whale.hex, 2n * SUN)).reply.result).toBe(true);
    await node.block(14 * DAY);
    const balance = BigInt((await node.account(whale.b58)).balance);
    await refused(node, '/wallet/withdrawexpireunfreeze', { owner_address: whale.hex }, `overflow: checkedAdd(${balance}, 2000000)`);
  });
});

describe('Stake 2.0 turned off (UNFREEZE_DELAY_DAYS 0), as the committee parameter does', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startNode({ genesisJson: { ...DEFAULT_GENESIS_JSON, parameters: { UNFREEZE_DELAY_DAYS: 0 } } });
  });
  afterAll(() => node.stop());

  it('each Stake 2.0 contract is refused with its own words', async () => {
    const body = { owner_address: K.alice.hex };
    const off = (what: string): string => `Not support ${what} transaction, need to be opened by the committee`;
    await refused(node, '/wallet/freezebalancev2', { ...body, frozen_balance: SUN }, off('FreezeV2'));
    await refused(node, '/wallet/unfreezebalancev2', { ...body, unfreeze_balance: SUN }, off('UnfreezeV2'));
    await refused(node, '/wallet/withdrawexpireunfreeze', body, off('WithdrawExpireUnfreeze'));
    await refused(node, '/wallet/delegateresource', { ...body, balance: SUN, receiver_address: K.bob.hex }, off('Delegate resource'));
    await refused(node, '/wallet/undelegateresource', { ...body, balance: SUN, receiver_address: K.bob.hex }, off('unDelegate resource'));
  });
});
