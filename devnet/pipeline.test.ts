// The broadcast pipeline of PROTOCOL.md §7 at its edges, over real HTTP: which of two failing checks
// answers first (the node's order), the exact boundaries of every fee and limit (an owner holding
// exactly the fee can pay it; a transaction of exactly the limit passes), what the receipt records,
// and how blocks take the pending transactions. Each test fails if its rule is removed or moved by one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { Transaction_rawSchema, type Transaction_raw } from '../shared/gen/protocol/core_pb.ts';
import { TransferContractSchema } from '../shared/gen/protocol/contract_pb.ts';
import { hexToBytes } from '../shared/base/bytes.ts';
import { DEFAULT_GENESIS_JSON } from './genesis.ts';
import {
  assetIssueBody,
  buildAndSend,
  funded,
  hexText,
  K,
  newKey,
  PAIR_ACCOUNT,
  rawOf,
  rawTransaction,
  sendTransfer,
  sign,
  startNode,
  SUN,
  testKey,
  type Json,
  type TestKey,
  type TestNode,
} from '../test/helpers/devnet-helpers.ts';

const INT64_MAX = 2n ** 63n - 1n;
const TOKEN = '1000001';

// Two keys of a 2-of-2 owner ('duo'), and an account near the int64 limit ('whale').
const duoA = testKey('24'.repeat(32));
const duoB = testKey('25'.repeat(32));
const whale = testKey('41'.repeat(32));

const GENESIS = {
  ...DEFAULT_GENESIS_JSON,
  accounts: [
    ...DEFAULT_GENESIS_JSON.accounts,
    // Needs both keys; holds 0.6 coin, less than MULTI_SIGN_FEE.
    PAIR_ACCOUNT,
    // Needs both keys; holds exactly MULTI_SIGN_FEE.
    {
      name: 'duo',
      privateKey: duoA.priv,
      balance: '1000000',
      owner_permission: {
        type: 'Owner',
        threshold: 2,
        keys: [
          { address: duoA.hex, weight: 1 },
          { address: duoB.hex, weight: 1 },
        ],
      },
    },
    { name: 'whale', privateKey: whale.priv, balance: (INT64_MAX - 5n).toString() },
  ],
};

/** Bytes of a varint. */
function varintLength(n: number): number {
  let len = 1;
  while (n >= 128) {
    n = Math.floor(n / 128);
    len += 1;
  }
  return len;
}

/** The wire size of a signed transaction JSON: Transaction {raw_data = 1, signature = 2 ...}, no `ret`. */
function wireSize(tx: Json): number {
  const field = (bytes: number): number => 1 + varintLength(bytes) + bytes;
  const signatures = (tx.signature ?? []) as string[];
  return field(hexToBytes(tx.raw_data_hex).length) + signatures.reduce((sum, s) => sum + field(hexToBytes(s).length), 0);
}

/** Sets `raw.data` so that the raw data encodes to exactly `length` bytes. */
function padRaw(raw: Transaction_raw, length: number): Transaction_raw {
  raw.data = new Uint8Array();
  const base = toBinary(Transaction_rawSchema, raw).length;
  for (let n = Math.max(0, length - base - 4); n <= length - base; n++) {
    raw.data = new Uint8Array(n);
    if (toBinary(Transaction_rawSchema, raw).length === length) return raw;
  }
  throw new Error(`raw data cannot be padded to exactly ${length} bytes`);
}

/** The raw data of a built TransferContract transaction with the contract's fields changed. */
function transferWith(tx: Json, change: { amount?: bigint; toAddress?: string }): Transaction_raw {
  const raw = rawOf(tx);
  const any = raw.contract[0]!.parameter!;
  const c = fromBinary(TransferContractSchema, any.value);
  if (change.amount !== undefined) c.amount = change.amount;
  if (change.toAddress !== undefined) c.toAddress = hexToBytes(change.toAddress);
  any.value = toBinary(TransferContractSchema, c);
  return raw;
}

let node: TestNode;

const broadcast = (tx: Json): ReturnType<TestNode['broadcast']> => node.broadcast(tx);
const built = (from?: TestKey, to?: string, amount?: number | bigint): Promise<Json> => node.transfer(from, to, amount);

beforeAll(async () => {
  node = await startNode({ genesisJson: GENESIS });
  const { reply } = await buildAndSend(
    node,
    '/wallet/createassetissue',
    assetIssueBody(K.carol, 'PIPE', { start: node.clock.now + 1_000, end: node.clock.now + 10 * 86_400_000 }, { total_supply: 1_000_000 }),
    [K.carol],
  );
  expect(reply.result).toBe(true);
  // 'duo' holds tokens, so it can send a contract that takes no TRX.
  const toDuo = await buildAndSend(
    node,
    '/wallet/transferasset',
    { owner_address: K.carol.hex, to_address: duoA.hex, asset_name: hexText(TOKEN), amount: 100 },
    [K.carol],
  );
  expect(toDuo.reply.result).toBe(true);
  await node.block();
});
afterAll(() => node.stop());

describe('PROTOCOL.md §7: which check answers first', () => {
  it('step 4 (signatures) before 5.1 (contract count): a two-contract transaction signed by a non-key is a SIGERROR', async () => {
    const raw = rawOf(await built());
    raw.contract.push(raw.contract[0]!);
    const tx = rawTransaction(raw, K.bob);
    expect(await broadcast(tx)).toMatchObject({
      code: 'SIGERROR',
      message: `Validate signature error: ${tx.signature[0]} is signed by ${K.bob.b58} but it is not contained of permission.`,
    });
  });

  it('step 5.1 (contract count) before 5.2 (TaPoS): a validly signed two-contract transaction naming no recent block', async () => {
    const raw = rawOf(await built());
    raw.contract.push(raw.contract[0]!);
    raw.refBlockBytes = Uint8Array.of(0x7f, 0xff);
    const tx = rawTransaction(raw, K.alice);
    expect(await broadcast(tx)).toMatchObject({
      code: 'CONTRACT_VALIDATE_ERROR',
      message: `Contract validate error : tx ${tx.txID} contract size should be exactly 1, this is extend feature ,actual :2`,
    });
  });

  it('step 5.2 (TaPoS) before 5.3 (size): an oversized transaction with a wrong ref_block_hash is a TAPOS_ERROR', async () => {
    const raw = rawOf(await built());
    raw.data = new Uint8Array(512_000);
    raw.refBlockHash = new Uint8Array(8);
    const tx = rawTransaction(raw, K.alice);
    expect(wireSize(tx)).toBeGreaterThan(512_000);
    expect(await broadcast(tx)).toMatchObject({ code: 'TAPOS_ERROR', message: 'Tapos check error.' });
  });

  it('step 5.3 (size) before 5.4 (24 h expiration): an oversized transaction expiring head + 24 h + 1 ms is TOO_BIG_TRANSACTION_ERROR', async () => {
    const raw = rawOf(await built());
    raw.data = new Uint8Array(512_000);
    raw.expiration = BigInt((await node.headTime()) + 86_400_001);
    const tx = rawTransaction(raw, K.alice);
    expect(await broadcast(tx)).toMatchObject({
      code: 'TOO_BIG_TRANSACTION_ERROR',
      message: `Too big transaction with result, TxId ${tx.txID}, the size is ${wireSize(tx) + 128} bytes, maxTxSize 512000`,
    });
  });

  it('step 5.8 (multi-sign fee) before 5.9 (actuator): an owner that can pay neither gets BANDWITH_ERROR, not CONTRACT_VALIDATE_ERROR', async () => {
    // 'pair' holds 0.6 coin: less than MULTI_SIGN_FEE, and less than the 0.7 coin it sends.
    const raw = transferWith(await built(K.k22, K.bob.hex, 1), { amount: 700_000n });
    expect(await broadcast(rawTransaction(raw, K.k22, K.k23))).toMatchObject({ code: 'BANDWITH_ERROR', message: 'Account resource insufficient error.' });
    expect(node.logs.some((l) => l.endsWith(`BANDWITH_ERROR account ${K.k22.b58} insufficient balance[1000000] to multiSign`))).toBe(true);
    expect(await node.balance(K.k22.b58)).toBe(600_000n);
  });
});

describe('PROTOCOL.md §7 step 3: the next slot', () => {
  it('an expiration of exactly head + 3000 ms is accepted; head + 2999 ms is Transaction expired', async () => {
    const head = await node.headTime();
    const early = rawOf(await built(K.alice, K.bob.hex, 2));
    early.expiration = BigInt(head + 2_999);
    expect(await broadcast(rawTransaction(early, K.alice))).toMatchObject({ code: 'TRANSACTION_EXPIRATION_ERROR', message: 'Transaction expired' });
    const edge = rawOf(await built(K.alice, K.bob.hex, 2));
    edge.expiration = BigInt(head + 3_000);
    const tx = rawTransaction(edge, K.alice);
    expect((await broadcast(tx)).reply).toEqual({ result: true, txid: tx.txID });
  });
});

describe('TaPoS (PROTOCOL.md §7): ref_block_hash is bytes 8..16 of the block id, all eight compared', () => {
  it('a hash differing from the block id only in its last four bytes is a TAPOS_ERROR; the true hash passes', async () => {
    const raw = rawOf(await built(K.alice, K.bob.hex, 3));
    const good = raw.refBlockHash.slice();
    for (const i of [4, 7]) {
      raw.refBlockHash = good.slice();
      raw.refBlockHash[i]! ^= 0x01;
      expect(await broadcast(rawTransaction(raw, K.alice))).toMatchObject({ code: 'TAPOS_ERROR', message: 'Tapos check error.' });
    }
    raw.refBlockHash = good;
    const tx = rawTransaction(raw, K.alice);
    expect((await broadcast(tx)).reply).toEqual({ result: true, txid: tx.txID });
  });
});

describe('multi-sign fee (PROTOCOL.md §3): more than one signature costs MULTI_SIGN_FEE', () => {
  it('an owner holding exactly MULTI_SIGN_FEE pays it (balance 0), and the receipt fee is 1,000,000 sun', async () => {
    // A token transfer takes no TRX, so the fee is all the 'duo' balance has to cover.
    expect(await node.balance(duoA.b58)).toBe(SUN);
    const { reply } = await buildAndSend(
      node,
      '/wallet/transferasset',
      {
        owner_address: duoA.hex,
        to_address: K.bob.hex,
        asset_name: hexText(TOKEN),
        amount: 1,
      },
      [duoA, duoB],
    );
    expect(reply).toEqual({ result: true, txid: expect.any(String) });
    expect(await node.balance(duoA.b58)).toBe(0n);
    await node.block();
    const info = await node.post('/wallet/gettransactioninfobyid', { value: reply.txid });
    expect(info.fee).toBe(1_000_000);
    expect(info.receipt.net_fee).toBeUndefined();
    expect(info.receipt.net_usage).toBeGreaterThan(0);
  });
});

describe('creating an account (PROTOCOL.md §6.3): CREATE_ACCOUNT_FEE and MAX_CREATE_ACCOUNT_TX_SIZE', () => {
  it('an owner holding exactly CREATE_ACCOUNT_FEE (100,000 sun) creates an account with a token transfer: balance 0, net_fee 100000', async () => {
    const holder = await funded(node, 100_000n);
    const give = await buildAndSend(
      node,
      '/wallet/transferasset',
      { owner_address: K.carol.hex, to_address: holder.hex, asset_name: hexText(TOKEN), amount: 5 },
      [K.carol],
    );
    expect(give.reply.result).toBe(true);
    const fresh = newKey();
    const { reply } = await buildAndSend(
      node,
      '/wallet/transferasset',
      {
        owner_address: holder.hex,
        to_address: fresh.hex,
        asset_name: hexText(TOKEN),
        amount: 2,
      },
      [holder],
    );
    expect(reply).toEqual({ result: true, txid: expect.any(String) });
    expect(await node.balance(holder.b58)).toBe(0n);
    expect((await node.account(fresh.b58)).assetV2).toEqual([{ key: TOKEN, value: 2 }]);
    await node.block();
    const info = await node.post('/wallet/gettransactioninfobyid', { value: reply.txid });
    expect(info.fee).toBe(100_000);
    expect(info.receipt).toEqual({ net_fee: 100_000 });
  });

  it('MAX_CREATE_ACCOUNT_TX_SIZE: a bare size (signatures left out) of exactly 1000 bytes is accepted, 1001 is refused', async () => {
    const send = async (rawLength: number): Promise<{ tx: Json; r: Awaited<ReturnType<typeof broadcast>> }> => {
      const raw = padRaw(rawOf(await built(K.alice, newKey().hex, 1)), rawLength);
      const tx = rawTransaction(raw, K.alice);
      return { tx, r: await broadcast(tx) };
    };
    // Transaction {raw_data (tag, 2-byte length, raw), one signature (tag, length, 65 bytes)}, less 65.
    const bare = (tx: Json): number => wireSize(tx) - 65;
    const at = await send(995);
    expect(bare(at.tx)).toBe(1000);
    expect(at.r.reply).toEqual({ result: true, txid: at.tx.txID });
    const over = await send(996);
    expect(bare(over.tx)).toBe(1001);
    expect(over.r).toMatchObject({
      code: 'TOO_BIG_TRANSACTION_ERROR',
      message: `Too big new account transaction, TxId ${over.tx.txID}, the size is 1001 bytes, maxTxSize 1000`,
    });
  });
});

describe('blocks', () => {
  it("a block is always after its parent: asked for the head block's own timestamp, it takes head + 1 ms", async () => {
    const head = await node.post('/wallet/getnowblock');
    const parentTime = head.block_header.raw_data.timestamp as number;
    const produced = await node.devnet.produceBlock({ timestamp: parentTime });
    expect(produced.timestamp).toBe(parentTime + 1);
    const now = await node.post('/wallet/getnowblock');
    expect(now.block_header.raw_data.timestamp).toBe(parentTime + 1);
    expect(now.block_header.raw_data.parentHash).toBe(head.blockID);
  });

  it('a block takes the pending transactions in the order they were broadcast', async () => {
    const first = await sendTransfer(node, K.bob, K.carol.hex, 11);
    const second = await sendTransfer(node, K.alice, K.carol.hex, 12);
    const third = await sendTransfer(node, K.dave, K.carol.hex, 13);
    const ids = [first, second, third].map((s) => s.reply.txid as string);
    const produced = await node.devnet.produceBlock();
    expect(produced.transactions).toEqual(ids);
    const block = await node.post('/wallet/getblockbynum', { num: produced.number });
    expect(block.transactions.map((t: Json) => t.txID)).toEqual(ids);
  });
});

describe('transactions the node builds (PROTOCOL.md §7)', () => {
  it("expiration is the head block time + 60 s, not the clock's: the clock moves on without a block", async () => {
    const head = await node.headTime();
    node.clock.now = head + 45_000;
    const tx = await built(K.alice, K.bob.hex, 4);
    expect(tx.raw_data.expiration).toBe(head + 60_000);
    expect(tx.raw_data.timestamp).toBe(head + 45_000);
    expect((await node.post('/wallet/broadcasttransaction', sign(tx, K.alice))).result).toBe(true);
    await node.block();
  });
});

describe('/devnet/faucet', () => {
  it('fills a balance up to INT64_MAX exactly, and refuses one sun more (400), leaving the balance as it was', async () => {
    const full = await node.post('/devnet/faucet', { address: whale.hex, amount: 5 });
    expect(full).toEqual({ result: true, address: whale.hex, balance: INT64_MAX });
    const over = await node.request('/devnet/faucet', { address: whale.hex, amount: 1 });
    expect(over).toEqual({ status: 400, json: { Error: 'amount: the balance would overflow int64' } });
    expect(await node.balance(whale.b58)).toBe(INT64_MAX);
  });
});

// ---------------------------------------------------------------------------------------------
// Bandwidth: a node whose free allowance is 300 bytes and whose permission update costs nothing,
// so a transaction can be sized to the byte and an owner can hold exactly what a fee needs.

describe('bandwidth (simplified BandwidthProcessor): FREE_NET_LIMIT and TRANSACTION_FEE', () => {
  let small: TestNode;
  beforeAll(async () => {
    small = await startNode({ genesisJson: { ...DEFAULT_GENESIS_JSON, parameters: { FREE_NET_LIMIT: 300, UPDATE_ACCOUNT_PERMISSION_FEE: 0 } } });
  });
  afterAll(() => small.stop());

  /** Signs `raw` by `signer`, broadcasts it, produces a block, and returns the transaction info. */
  async function sendAndSeal(raw: Transaction_raw, signer = K.alice): Promise<{ tx: Json; info: Json }> {
    const tx = rawTransaction(raw, signer);
    expect(await small.post('/wallet/broadcasttransaction', tx)).toEqual({ result: true, txid: tx.txID });
    await small.block();
    return { tx, info: await small.post('/wallet/gettransactioninfobyid', { value: tx.txID }) };
  }
  const transfer = async (amount: number): Promise<Transaction_raw> =>
    rawOf(await small.post('/wallet/createtransaction', { owner_address: K.alice.hex, to_address: K.bob.hex, amount }));

  it('FREE_NET_LIMIT is inclusive: a transaction of exactly 300 bytes (with its 64-byte result) pays no net_fee; the next one pays 10 sun a byte', async () => {
    const before = await small.balance(K.alice.b58);
    const first = await sendAndSeal(padRaw(await transfer(1), 166));
    expect(wireSize(first.tx) + 64).toBe(300);
    expect(first.info.receipt).toEqual({ net_usage: 300 });
    expect(first.info.fee).toBeUndefined();
    expect(await small.balance(K.alice.b58)).toBe(before - 1n);

    const second = await sendAndSeal(await transfer(2));
    const bytes = wireSize(second.tx) + 64;
    expect(second.info.receipt).toEqual({ net_fee: bytes * 10 });
    expect(second.info.fee).toBe(bytes * 10);
    expect(await small.balance(K.alice.b58)).toBe(before - 3n - BigInt(bytes * 10));
  });

  it('free bandwidth recovers over a day of head-block time: after 24 h the allowance is whole again', async () => {
    await small.block(86_400_000);
    const third = await sendAndSeal(padRaw(await transfer(3), 166));
    expect(third.info.receipt).toEqual({ net_usage: 300 });
    expect(third.info.fee).toBeUndefined();
  });

  it('TRANSACTION_FEE: an owner holding exactly bytes × 10 sun pays it and is left with 0', async () => {
    const payer = newKey();
    await small.post('/devnet/faucet', { address: payer.hex, amount: 1 });
    const update = await small.post('/wallet/accountpermissionupdate', {
      owner_address: payer.hex,
      owner: { type: 'Owner', threshold: 1, keys: [{ address: payer.hex, weight: 1 }] },
      actives: [{ type: 'Active', threshold: 1, operations: '7fff1fc0033e' + '00'.repeat(26), keys: [{ address: payer.hex, weight: 1 }] }],
    });
    expect(update.Error).toBeUndefined();
    const raw = padRaw(rawOf(update), 400);
    const fee = (wireSize(rawTransaction(raw, payer)) + 64) * 10;
    await small.post('/devnet/faucet', { address: payer.hex, amount: fee - 1 });
    expect(await small.balance(payer.b58)).toBe(BigInt(fee));
    const { info } = await sendAndSeal(raw, payer);
    expect(info.receipt).toEqual({ net_fee: fee });
    expect(await small.balance(payer.b58)).toBe(0n);
  });
});
