// What a transaction costs on the devnet, over real HTTP (docs/decisions.md §25): staked bandwidth pays a
// transaction's bytes (and an account creation) before the free bytes and before any burn; staked
// energy pays a contract call before ENERGY_FEE is burned; a memo pays MEMO_FEE; getaccountresource
// shows what is used of each, getchainparameters the prices, and getcanwithdrawunfreezeamount what
// an unstake pays out by a given time, with java-tron's names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { DEFAULT_GENESIS_JSON } from '../genesis.ts';
import { encodeEvmArguments } from '../evm/abi.ts';
import { GENESIS_TOKEN_ADDRESS_HEX } from '../evm/genesis-token.ts';
import {
  buildAndSend,
  funded,
  hexText,
  K,
  newKey,
  sendTransfer,
  sign,
  startNode,
  SUN,
  testKey,
  type Json,
  type TestKey,
  type TestNode,
} from '../../test/helpers/devnet-helpers.ts';

const whale = testKey('43'.repeat(32));
const INT64_MAX = 2n ** 63n - 1n;
const MEMO_FEE = 1_000_000n;
const DAY = 86_400_000;

let node: TestNode;
beforeAll(async () => {
  node = await startNode({
    genesisJson: {
      ...DEFAULT_GENESIS_JSON,
      parameters: { MEMO_FEE: Number(MEMO_FEE) },
      accounts: [...DEFAULT_GENESIS_JSON.accounts, { name: 'whale', privateKey: whale.priv, balance: INT64_MAX.toString() }],
    },
  });
});
afterAll(() => node.stop());

async function ok(path: string, body: Json, key: TestKey): Promise<string> {
  node.clock.now += 1;
  const { reply } = await buildAndSend(node, path, body, [key]);
  expect(reply).toEqual({ result: true, txid: expect.any(String) });
  return reply.txid as string;
}

async function info(txid: string): Promise<Json> {
  await node.block();
  return node.post('/wallet/gettransactioninfobyid', { value: txid });
}

const resources = (k: TestKey): Promise<Json> => node.post('/wallet/getaccountresource', { address: k.hex });

describe('bandwidth', () => {
  it('staked bandwidth pays the bytes first: no fee, NetUsed grows, the free bytes stay as they were', async () => {
    const owner = await funded(node, 1_000n * SUN);
    await ok('/wallet/freezebalancev2', { owner_address: owner.hex, frozen_balance: (100n * SUN).toString() }, owner);
    await node.block();
    const before = await resources(owner);
    expect(before.NetLimit).toBeGreaterThan(1_000);
    expect(before.NetUsed).toBeUndefined();
    const { reply } = await sendTransfer(node, owner, K.bob.hex, 1);
    expect(reply.result).toBe(true);
    const receipt = await info(reply.txid);
    expect(receipt.fee).toBeUndefined();
    expect(receipt.receipt.net_usage).toBeGreaterThan(0);
    const after = await resources(owner);
    // Recovery over the 3 s block is a few parts in 28,800 of the usage: exact here within a byte.
    expect(after.NetUsed).toBeGreaterThanOrEqual(receipt.receipt.net_usage - 1);
    expect(after.NetUsed).toBeLessThanOrEqual(receipt.receipt.net_usage);
    expect(after.freeNetUsed).toBe(before.freeNetUsed);
  });

  it('staked bandwidth pays an account creation instead of CREATE_ACCOUNT_FEE', async () => {
    const owner = await funded(node, 1_000n * SUN);
    await ok('/wallet/freezebalancev2', { owner_address: owner.hex, frozen_balance: (100n * SUN).toString() }, owner);
    await node.block();
    const balance = await node.balance(owner.b58);
    const { reply } = await sendTransfer(node, owner, newKey().hex, 1);
    const receipt = await info(reply.txid);
    expect(receipt.fee).toBeUndefined();
    expect(receipt.receipt.net_usage).toBeGreaterThan(0);
    expect(await node.balance(owner.b58)).toBe(balance - 1n);
  });

  it('without stake an account creation pays CREATE_ACCOUNT_FEE, and bytes past the free ones burn TRANSACTION_FEE each', async () => {
    const owner = await funded(node, 1_000n * SUN);
    const { reply } = await sendTransfer(node, owner, newKey().hex, 1);
    expect((await info(reply.txid)).receipt).toEqual({ net_fee: 100_000 });
    // Use the 5,000 free bytes up, then one more transfer burns 10 sun a byte.
    for (let i = 0; i < 40; i++) {
      node.clock.now += 1;
      const { reply: sent } = await sendTransfer(node, owner, K.bob.hex, 1 + i);
      const r = await info(sent.txid);
      if (r.receipt.net_fee !== undefined) {
        expect(r.fee).toBe(r.receipt.net_fee);
        expect(r.receipt.net_fee % 10).toBe(0);
        expect(r.receipt.net_fee / 10).toBeGreaterThan(200);
        return;
      }
    }
    throw new Error('the free bytes never ran out');
  });
});

describe('the memo fee', () => {
  it('a transfer with a memo pays MEMO_FEE beside its bandwidth; one without does not', async () => {
    const owner = await funded(node, 1_000n * SUN);
    const built = await node.post('/wallet/createtransaction', {
      owner_address: owner.hex,
      to_address: K.bob.hex,
      amount: 1,
      extra_data: hexText('invoice 42'),
    });
    const reply = await node.post('/wallet/broadcasttransaction', sign(built, owner));
    expect(reply.result).toBe(true);
    const withMemo = await info(reply.txid);
    expect(withMemo.fee).toBe(Number(MEMO_FEE));
    expect(withMemo.receipt.net_usage).toBeGreaterThan(0);
    node.clock.now += 1;
    const plain = await sendTransfer(node, owner, K.bob.hex, 1);
    expect((await info(plain.reply.txid)).fee).toBeUndefined();
    expect(await node.balance(owner.b58)).toBe(1_000n * SUN - 2n - MEMO_FEE);
  });

  it('an account that cannot pay the memo fee is refused, and nothing changes', async () => {
    const owner = await funded(node, MEMO_FEE - 1n);
    const built = await node.post('/wallet/createtransaction', { owner_address: owner.hex, to_address: K.bob.hex, amount: 1, extra_data: hexText('x') });
    const result = await node.broadcast(sign(built, owner));
    expect(result.code).toBe('BANDWITH_ERROR');
    expect(result.message).toBe('Account resource insufficient error.');
    expect(await node.balance(owner.b58)).toBe(MEMO_FEE - 1n);
  });

  it('getchainparameters lists the memo fee, the energy price and the daily totals', async () => {
    const list = (await node.post('/wallet/getchainparameters')).chainParameter as { key: string; value?: number }[];
    expect(list).toContainEqual({ key: 'getMemoFee', value: Number(MEMO_FEE) });
    expect(list).toContainEqual({ key: 'getEnergyFee', value: 100 });
    expect(list).toContainEqual({ key: 'getTransactionFee', value: 10 });
    expect(list).toContainEqual({ key: 'getTotalNetLimit', value: 43_200_000_000 });
    expect(list).toContainEqual({ key: 'getTotalEnergyCurrentLimit', value: 50_000_000_000 });
  });
});

describe('energy', () => {
  const transferArgs = (to: TestKey, amount: bigint): string =>
    bytesToHex(
      encodeEvmArguments([
        { type: 'address', value: hexToBytes(to.hex) },
        { type: 'uint256', value: amount },
      ]),
    );

  async function tokenTransfer(from: TestKey, to: TestKey): Promise<Json> {
    node.clock.now += 1;
    const built = await node.post('/wallet/triggersmartcontract', {
      owner_address: from.hex,
      contract_address: GENESIS_TOKEN_ADDRESS_HEX,
      function_selector: 'transfer(address,uint256)',
      parameter: transferArgs(to, 1n),
      fee_limit: 100_000_000,
    });
    const reply = await node.post('/wallet/broadcasttransaction', sign(built.transaction, from));
    expect(reply.result).toBe(true);
    return info(reply.txid);
  }

  it('staked energy pays a call before any sun is burned; what it cannot cover is burned at ENERGY_FEE', async () => {
    // alice holds the token; she stakes a little for energy, the whale a lot, so her share is small.
    await ok('/wallet/freezebalancev2', { owner_address: whale.hex, frozen_balance: (10n ** 16n).toString(), resource: 'ENERGY' }, whale);
    await ok('/wallet/freezebalancev2', { owner_address: K.alice.hex, frozen_balance: (1_000n * SUN).toString(), resource: 'ENERGY' }, K.alice);
    await node.block();
    const limit = (await resources(K.alice)).EnergyLimit as number;
    expect(limit).toBeGreaterThan(0);
    const receipt = await tokenTransfer(K.alice, newKey());
    const total = receipt.receipt.energy_usage_total as number;
    expect(total).toBeGreaterThan(limit);
    expect(receipt.receipt.energy_usage).toBe(limit);
    expect(receipt.receipt.energy_fee).toBe((total - limit) * 100);
    expect((await resources(K.alice)).EnergyUsed).toBeGreaterThan(limit - 2);
  });

  it('with enough staked energy the call burns nothing for energy, and the usage recovers over a day', async () => {
    // The whale staked 10^10 coins for energy above: nearly all of the chain's daily energy.
    const holder = whale;
    // Give the holder a token to send: alice pays this one.
    await tokenTransfer(K.alice, holder);
    const receipt = await tokenTransfer(holder, newKey());
    expect(receipt.receipt.energy_fee).toBeUndefined();
    expect(receipt.receipt.energy_usage).toBe(receipt.receipt.energy_usage_total);
    const used = (await resources(holder)).EnergyUsed as number;
    expect(used).toBeGreaterThan(0);
    await node.block(DAY / 2);
    const half = (await resources(holder)).EnergyUsed as number;
    expect(Math.abs(half - used / 2)).toBeLessThanOrEqual(2);
    await node.block(DAY);
    expect((await resources(holder)).EnergyUsed).toBeUndefined();
  });
});

describe('getcanwithdrawunfreezeamount', () => {
  it('sums the unstaked amounts whose wait ends by the timestamp given', async () => {
    const owner = await funded(node, 1_000n * SUN);
    await ok('/wallet/freezebalancev2', { owner_address: owner.hex, frozen_balance: (100n * SUN).toString() }, owner);
    await ok('/wallet/unfreezebalancev2', { owner_address: owner.hex, unfreeze_balance: (30n * SUN).toString() }, owner);
    await node.block();
    const expire = Number((await node.account(owner.b58)).unfrozenV2[0].unfreeze_expire_time);
    const ask = (timestamp: number): Promise<Json> => node.post('/wallet/getcanwithdrawunfreezeamount', { owner_address: owner.b58, timestamp, visible: true });
    expect(await ask(expire - 1)).toEqual({});
    expect(await ask(expire)).toEqual({ amount: 30_000_000 });
    expect(await node.post('/wallet/getcanwithdrawunfreezeamount', { owner_address: newKey().hex, timestamp: expire })).toEqual({});
  });

  it('refuses a negative timestamp and unknown keys, naming them', async () => {
    const bad = await node.request('/wallet/getcanwithdrawunfreezeamount', { owner_address: K.alice.hex, timestamp: -1 });
    expect(bad.status).toBe(400);
    expect(bad.json.Error).toContain('timestamp');
    const extra = await node.request('/wallet/getcanwithdrawunfreezeamount', { owner_address: K.alice.hex, __proto__x: 1 });
    expect(extra.status).toBe(400);
  });
});
