// The devnet's /wallet/broadcasttransaction over real HTTP on 127.0.0.1 (docs/decisions.md §3): the checks of
// PROTOCOL.md §7 in order with the node's codes and messages word for word, the recent-block store
// behind TaPoS, the new-account fee (§6.3 rule 9), the block interval and the simplified bandwidth
// accounting. Signatures are made with shared/; shared set-up: test/helpers/devnet-http-helpers.ts.
import { describe, expect, it } from 'vitest';
import { create, toBinary } from '@bufbuild/protobuf';
import { Transaction_ContractSchema } from '../shared/gen/protocol/core_pb.ts';
import { WitnessCreateContractSchema } from '../shared/gen/protocol/executive_contract_pb.ts';
import { hexToBytes } from '../shared/base/bytes.ts';
import { DEFAULT_GENESIS_JSON } from './genesis.ts';
import { recentBlockNumber } from './chain.ts';
import { startDevnet } from './node.ts';
import {
  buildAndSend,
  funded,
  hexText,
  K,
  messageText,
  newKey,
  permissionUpdateBody,
  rawOf,
  rawTransaction,
  sendTransfer,
  sign,
  startNode,
  SUN,
  TRANSFER_ONLY_OPS,
  type Json,
} from '../test/helpers/devnet-helpers.ts';
import { VECTORS, VALIDATE, TOKEN, node, broadcast, built, ownedBy, useHttpNode } from '../test/helpers/devnet-http-helpers.ts';

useHttpNode();

describe('/wallet/broadcasttransaction: the checks of PROTOCOL.md §7, in order', () => {
  it('success: {"result":true,"txid":...}; the message is hex unless visible', async () => {
    const tx = sign(await built(), K.alice);
    expect(await node.post('/wallet/broadcasttransaction', tx)).toEqual({ result: true, txid: tx.txID });
    const again = await node.post('/wallet/broadcasttransaction', { ...tx, visible: true });
    expect(again).toEqual({ code: 'DUP_TRANSACTION_ERROR', message: 'Dup transaction.', txid: tx.txID });
    expect(await node.post('/wallet/broadcasttransaction', tx)).toEqual({ code: 'DUP_TRANSACTION_ERROR', message: hexText('Dup transaction.'), txid: tx.txID });
  });

  it('No contract!', async () => {
    const raw = rawOf(await built());
    raw.contract = [];
    expect(await broadcast(rawTransaction(raw, K.alice))).toMatchObject({ code: 'CONTRACT_VALIDATE_ERROR', message: 'Contract validate error : No contract!' });
  });

  it('Transaction expired before the next slot, checked before the signatures', async () => {
    const head = (await node.post('/wallet/getnowblock')).block_header.raw_data.timestamp as number;
    const raw = rawOf(await built());
    raw.expiration = BigInt(head + 2_999);
    expect(await broadcast(rawTransaction(raw, K.bob))).toMatchObject({ code: 'TRANSACTION_EXPIRATION_ERROR', message: 'Transaction expired' });
    const vector = VECTORS.transactions[2]!; // signed long ago: expired
    expect(await broadcast({ raw_data_hex: vector.raw_data_hex, signature: vector.signatures })).toMatchObject({ code: 'TRANSACTION_EXPIRATION_ERROR' });
  });

  it('the signature messages of §3 as SIGERROR "Validate signature error: <msg>"', async () => {
    const tx = await built();
    const sig = sign(tx, K.alice).signature[0] as string;
    const six = sign(tx, K.alice, K.bob, K.carol, K.dave, K.k22, K.k23);
    const cases: [Json, string][] = [
      [tx, 'miss sig or contract'],
      [six, 'too many signatures'],
      [sign(tx, K.alice, K.bob), 'Signature count is 2 more than key counts of permission : 1'],
      [{ ...tx, signature: [sig.slice(0, 128)] }, 'Signature size is 64'],
      [{ ...tx, signature: [sig.slice(0, 128) + '08'] }, 'Header byte out of range: 35'],
      [sign(tx, K.bob), `${sign(tx, K.bob).signature[0]} is signed by ${K.bob.b58} but it is not contained of permission.`],
    ];
    for (const [body, message] of cases) {
      expect(await broadcast(body)).toMatchObject({ code: 'SIGERROR', message: `Validate signature error: ${message}` });
    }
  });

  it('contract size should be exactly 1', async () => {
    const raw = rawOf(await built());
    raw.contract.push(raw.contract[0]!);
    const tx = rawTransaction(raw, K.alice);
    expect(await broadcast(tx)).toMatchObject({
      code: 'CONTRACT_VALIDATE_ERROR',
      message: `Contract validate error : tx ${tx.txID} contract size should be exactly 1, this is extend feature ,actual :2`,
    });
  });

  it('Tapos check error.: a block not among the recent ones, or a different hash', async () => {
    const notFound = rawOf(await built());
    notFound.refBlockBytes = Uint8Array.of(0x7f, 0xff);
    expect(await broadcast(rawTransaction(notFound, K.alice))).toMatchObject({ code: 'TAPOS_ERROR', message: 'Tapos check error.' });
    const wrongHash = rawOf(await built());
    wrongHash.refBlockHash = new Uint8Array(8);
    expect(await broadcast(rawTransaction(wrongHash, K.alice))).toMatchObject({ code: 'TAPOS_ERROR', message: 'Tapos check error.' });
    expect(node.logs.some((l) => l.includes('Tapos failed, different block hash'))).toBe(true);
  });

  it('Too big transaction with result: the signed size plus 64 + 64 bytes of results over 512,000', async () => {
    // Transaction {raw_data (tag, 3-byte length, bytes), one 65-byte signature (tag, length, bytes)}.
    const signedSize = (raw: ReturnType<typeof rawOf>): number => hexToBytes(rawTransaction(raw, K.alice).raw_data_hex).length + 4 + 67;
    const sized = async (total: number): Promise<ReturnType<typeof rawOf>> => {
      const raw = rawOf(await built());
      raw.data = new Uint8Array(500_000);
      raw.data = new Uint8Array(500_000 + (total - 128 - signedSize(raw)));
      expect(signedSize(raw) + 128).toBe(total);
      return raw;
    };
    const over = rawTransaction(await sized(512_001), K.alice);
    expect(await broadcast(over)).toMatchObject({
      code: 'TOO_BIG_TRANSACTION_ERROR',
      message: `Too big transaction with result, TxId ${over.txID}, the size is 512001 bytes, maxTxSize 512000`,
    });
    expect((await broadcast(rawTransaction(await sized(512_000), K.alice))).reply.result).toBe(true);
  });

  it('Transaction expired: more than 24 h after the head block (checked after the signatures)', async () => {
    const head = (await node.post('/wallet/getnowblock')).block_header.raw_data.timestamp as number;
    const raw = rawOf(await built());
    raw.expiration = BigInt(head + 86_400_001);
    expect(await broadcast(rawTransaction(raw, K.bob))).toMatchObject({ code: 'SIGERROR' });
    expect(await broadcast(rawTransaction(raw, K.alice))).toMatchObject({ code: 'TRANSACTION_EXPIRATION_ERROR', message: 'Transaction expired' });
    raw.expiration = BigInt(head + 86_400_000);
    expect((await broadcast(rawTransaction(raw, K.alice))).reply.result).toBe(true);
  });

  it('account [<b58>] does not exist: a missing owner passes the default-owner signature check, then fails', async () => {
    const stranger = newKey();
    expect(await broadcast(rawTransaction(ownedBy(await built(), stranger.hex), stranger))).toMatchObject({
      code: 'CONTRACT_VALIDATE_ERROR',
      message: `Contract validate error : account [${stranger.b58}] does not exist`,
    });
  });

  it('Too big new account transaction: an account-creating transfer over 1000 bytes without signatures', async () => {
    const raw = rawOf(await built(K.alice, newKey().hex));
    raw.data = new Uint8Array(900);
    const tx = rawTransaction(raw, K.alice);
    const bare = hexToBytes(tx.raw_data_hex).length + 5; // Transaction{raw (tag, 2-byte length), 1 signature} − 65
    expect(await broadcast(tx)).toMatchObject({
      code: 'TOO_BIG_TRANSACTION_ERROR',
      message: `Too big new account transaction, TxId ${tx.txID}, the size is ${bare} bytes, maxTxSize 1000`,
    });
  });

  it('BANDWITH_ERROR: cannot pay the account-creation fee, or the multi-signature fee', async () => {
    const poor = await funded(node, 50_000n);
    const { reply } = await sendTransfer(node, poor, newKey().hex, 1);
    expect(reply.code).toBe('BANDWITH_ERROR');
    expect(messageText(reply)).toBe('Account resource insufficient error.');
    // 'pair' (genesis) needs both keys, and holds 0.6 coin: less than MULTI_SIGN_FEE.
    const pair = await sendTransfer(node, K.k22, K.bob.hex, 1, [K.k22, K.k23]);
    expect(pair.reply.code).toBe('BANDWITH_ERROR');
    expect(messageText(pair.reply)).toBe('Account resource insufficient error.');
    expect(await node.balance(K.k22.b58)).toBe(600_000n);
  });

  it('CONTRACT_VALIDATE_ERROR from the actuator, and CONTRACT_EXE_ERROR for the permission-update fee', async () => {
    const spender = await funded(node, 2n * SUN);
    const tx = sign(await built(spender, K.bob.hex, SUN), spender);
    await sendTransfer(node, spender, K.bob.hex, SUN + 500_000n);
    expect(await broadcast(tx)).toMatchObject({
      code: 'CONTRACT_VALIDATE_ERROR',
      message: 'Contract validate error : Validate TransferContract error, balance is not sufficient.',
    });
    const small = await funded(node, 50n * SUN);
    const { reply } = await buildAndSend(
      node,
      '/wallet/accountpermissionupdate',
      permissionUpdateBody(small, [{ type: 'Active', threshold: 1, operations: TRANSFER_ONLY_OPS, keys: [{ address: small.hex, weight: 1 }] }]),
      [small],
    );
    expect(reply.code).toBe('CONTRACT_EXE_ERROR');
    expect(messageText(reply)).toBe(`Contract execute error : ${small.hex} insufficient balance, balance: 50000000, amount: -100000000`);
    expect(await node.balance(small.b58)).toBe(50n * SUN);
  });

  it('a contract type the devnet does not run: CONTRACT_VALIDATE_ERROR', async () => {
    const raw = rawOf(await built());
    // An executive application Airlock decodes (docs/decisions.md §17) but this node does not run: refused before any state changes.
    const value = toBinary(
      WitnessCreateContractSchema,
      create(WitnessCreateContractSchema, { ownerAddress: hexToBytes(K.alice.hex), url: new Uint8Array([0x61]) }),
    );
    raw.contract[0] = create(Transaction_ContractSchema, { type: 5, parameter: { typeUrl: 'type.googleapis.com/protocol.WitnessCreateContract', value } });
    const r = await broadcast(rawTransaction(raw, K.alice));
    expect(r.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(r.message).toBe('Contract validate error : WitnessCreateContract is not run by this local node');
  });

  it('refuses raw_data that disagrees with raw_data_hex, and a txID that is not the hash (400)', async () => {
    const tx = sign(await built(K.alice, K.bob.hex, 77), K.alice);
    const changed = { ...tx, raw_data: { ...tx.raw_data, expiration: tx.raw_data.expiration + 1 } };
    const r = await node.request('/wallet/broadcasttransaction', changed);
    expect(r.status).toBe(400);
    expect(r.json.Error).toMatch(/raw_data does not match raw_data_hex/);
    const badId = await node.request('/wallet/broadcasttransaction', { ...tx, txID: '00'.repeat(32) });
    expect(badId.status).toBe(400);
    // raw_data alone is accepted (the node's own form), and gives the same txID.
    const { raw_data_hex: _hex, ...jsonOnly } = tx;
    expect(await node.post('/wallet/broadcasttransaction', jsonOnly)).toEqual({ result: true, txid: tx.txID });
  });
});

describe('TaPoS: the recent-block store (PROTOCOL.md §7)', () => {
  it('a slot names the newest of the last 65,536 blocks that ends in its two bytes', () => {
    expect(recentBlockNumber(10, 10)).toBe(10);
    expect(recentBlockNumber(10, 3)).toBe(3);
    expect(recentBlockNumber(10, 11)).toBeUndefined();
    expect(recentBlockNumber(70_000, 1)).toBe(65_537);
    expect(recentBlockNumber(70_000, 70_000 % 65_536)).toBe(70_000);
    expect(recentBlockNumber(70_000, (70_000 + 1) % 65_536)).toBe(70_000 - 65_535);
  });
});

describe('CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT (PROTOCOL.md §6.3 rule 9, TransferActuator)', () => {
  it('is added to what a transfer to a new account needs, and burned when it runs', async () => {
    const fee = await startNode({ genesisJson: { ...DEFAULT_GENESIS_JSON, parameters: { CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT: 1_000_000 } } });
    try {
      const tooMuch = await fee.post('/wallet/createtransaction', { owner_address: K.dave.hex, to_address: newKey().hex, amount: 10_000n * SUN - 500_000n });
      expect(tooMuch).toEqual({ Error: VALIDATE + 'Validate TransferContract error, balance is not sufficient.' });
      const before = await fee.balance(K.dave.b58);
      expect((await sendTransfer(fee, K.dave, newKey().hex, 5)).reply.result).toBe(true);
      // amount + the system-contract fee + CREATE_ACCOUNT_FEE (bandwidth of an account-creating transaction)
      expect(await fee.balance(K.dave.b58)).toBe(before - 5n - SUN - 100_000n);

      // A token holder that cannot pay it: Validate TransferAssetActuator error, insufficient fee.
      const { reply } = await buildAndSend(
        fee,
        '/wallet/createassetissue',
        {
          owner_address: K.bob.hex,
          name: hexText('FEE'),
          total_supply: 100,
          coin_num: 1,
          num: 1,
          start_time: fee.clock.now + 1_000,
          end_time: fee.clock.now + 100_000,
          url: hexText('https://f.invalid'),
        },
        [K.bob],
      );
      expect(reply.result).toBe(true);
      const holder = newKey();
      await fee.post('/devnet/faucet', { address: holder.hex, amount: 500_000 });
      expect(
        (
          await buildAndSend(fee, '/wallet/transferasset', { owner_address: K.bob.hex, to_address: holder.hex, asset_name: hexText(TOKEN), amount: 10 }, [
            K.bob,
          ])
        ).reply.result,
      ).toBe(true);
      const r = await fee.post('/wallet/transferasset', { owner_address: holder.hex, to_address: newKey().hex, asset_name: hexText(TOKEN), amount: 1 });
      expect(r).toEqual({ Error: VALIDATE + 'Validate TransferAssetActuator error, insufficient fee.' });
    } finally {
      await fee.stop();
    }
  });
});

describe('block interval', () => {
  it('produces blocks on its own every blockIntervalMs, and stops with stop()', async () => {
    const devnet = await startDevnet({ port: 0, blockIntervalMs: 100 });
    try {
      const start = Date.now();
      while (devnet.chain.headBlock().number < 2 && Date.now() - start < 5_000) await new Promise((r) => setTimeout(r, 50));
      expect(devnet.chain.headBlock().number).toBeGreaterThanOrEqual(2);
    } finally {
      await devnet.stop();
    }
    const stoppedAt = devnet.chain.headBlock().number;
    await new Promise((r) => setTimeout(r, 250));
    expect(devnet.chain.headBlock().number).toBe(stoppedAt);
  });
});

describe('bandwidth (simplified BandwidthProcessor)', () => {
  it('uses the free allowance first, then burns TRANSACTION_FEE per byte', async () => {
    const small = await startNode({ genesisJson: { ...DEFAULT_GENESIS_JSON, parameters: { FREE_NET_LIMIT: 300 } } });
    try {
      const first = await sendTransfer(small, K.alice, K.bob.hex, 1);
      await small.block();
      const info = await small.post('/wallet/gettransactioninfobyid', { value: first.reply.txid });
      const bytes = BigInt(info.receipt.net_usage);
      expect(info.fee).toBeUndefined();
      const before = await small.balance(K.alice.b58);
      const second = await sendTransfer(small, K.alice, K.bob.hex, 1);
      await small.block();
      const info2 = await small.post('/wallet/gettransactioninfobyid', { value: second.reply.txid });
      expect(BigInt(info2.receipt.net_fee)).toBe(BigInt(info2.fee));
      expect(BigInt(info2.fee)).toBeGreaterThan(bytes * 10n - 100n);
      expect(await small.balance(K.alice.b58)).toBe(before - 1n - BigInt(info2.fee));
    } finally {
      await small.stop();
    }
  });
});
