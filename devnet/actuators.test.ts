// The contracts' own rules at their edges (PROTOCOL.md §5, §6), over real HTTP: the order of two
// failing checks (the node's message, not the later one's), balances of exactly what a rule needs
// (accepted, leaving 0), int64 overflow, and what executing a contract records on a new account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { ParticipateAssetIssueContractSchema, TransferContractSchema } from '../shared/gen/protocol/contract_pb.ts';
import { hexToBytes } from '../shared/base/bytes.ts';
import { DEFAULT_GENESIS_JSON } from './genesis.ts';
import {
  assetIssueBody,
  buildAndSend,
  funded,
  hexText,
  K,
  messageText,
  newKey,
  rawOf,
  rawTransaction,
  sendTransfer,
  startNode,
  SUN,
  testKey,
  TRANSFER_ONLY_OPS,
  type Json,
  type TestKey,
  type TestNode,
} from '../test/helpers/devnet-helpers.ts';

const VALIDATE = 'class org.tron.core.exception.ContractValidateException : ';
const INT64_MAX = 2n ** 63n - 1n;
const HOUR = 3_600_000;
const DAY = 86_400_000;

// An account already at the int64 limit.
const whale = testKey('42'.repeat(32));

describe('the contracts on the default chain', () => {
  let node: TestNode;
  // 1000001: carol's, for transfers. 1000002: bob's, 1000 units at 1 sun each, sale opening in an hour.
  const PLAIN = '1000001';
  const SALE = '1000002';
  let saleStart: number;

  beforeAll(async () => {
    node = await startNode({
      genesisJson: {
        ...DEFAULT_GENESIS_JSON,
        accounts: [...DEFAULT_GENESIS_JSON.accounts, { name: 'whale', privateKey: whale.priv, balance: INT64_MAX.toString() }],
      },
    });
    const plain = await buildAndSend(
      node,
      '/wallet/createassetissue',
      assetIssueBody(K.carol, 'PLAIN', { start: node.clock.now + 1_000, end: node.clock.now + 10 * DAY }, { total_supply: 1_000_000 }),
      [K.carol],
    );
    expect(plain.reply.result).toBe(true);
    saleStart = node.clock.now + HOUR;
    const sale = await buildAndSend(node, '/wallet/createassetissue', assetIssueBody(K.bob, 'SALE', { start: saleStart, end: saleStart + DAY }), [K.bob]);
    expect(sale.reply.result).toBe(true);
    await node.block();
    expect((await node.account(K.bob.b58)).asset_issued_ID).toBe(SALE);
  });
  afterAll(() => node.stop());

  describe('TransferActuator (PROTOCOL.md §6, end): balance < amount + fee is refused, nothing else', () => {
    it('sending the whole balance is accepted and leaves 0', async () => {
      const spender = await funded(node, 5n * SUN);
      const bob = await node.balance(K.bob.b58);
      const { reply } = await sendTransfer(node, spender, K.bob.hex, 5n * SUN);
      expect(reply.result).toBe(true);
      expect(await node.balance(spender.b58)).toBe(0n);
      expect(await node.balance(K.bob.b58)).toBe(bob + 5n * SUN);
    });

    it('long overflow: a recipient already at INT64_MAX cannot receive one sun (built or broadcast)', async () => {
      expect(await node.post('/wallet/createtransaction', { owner_address: K.alice.hex, to_address: whale.hex, amount: 1 })).toEqual({
        Error: VALIDATE + 'long overflow',
      });
      // Built to bob, then pointed at the whale, as a client could.
      const raw = rawOf(await node.post('/wallet/createtransaction', { owner_address: K.alice.hex, to_address: K.bob.hex, amount: 1 }));
      const any = raw.contract[0]!.parameter!;
      const c = fromBinary(TransferContractSchema, any.value);
      c.toAddress = hexToBytes(whale.hex);
      any.value = toBinary(TransferContractSchema, c);
      const alice = await node.balance(K.alice.b58);
      const reply = await node.post('/wallet/broadcasttransaction', rawTransaction(raw, K.alice));
      expect(reply.code).toBe('CONTRACT_VALIDATE_ERROR');
      expect(messageText(reply)).toBe('Contract validate error : long overflow');
      expect(await node.balance(whale.b58)).toBe(INT64_MAX);
      expect(await node.balance(K.alice.b58)).toBe(alice);
    });

    it("a created recipient's create_time is the head block time (not the clock's)", async () => {
      const head = await node.headTime();
      node.clock.now = head + 1_234;
      const fresh = newKey();
      expect((await sendTransfer(node, K.alice, fresh.hex, SUN)).reply.result).toBe(true);
      expect((await node.account(fresh.b58)).create_time).toBe(head);
      await node.block();
    });
  });

  describe('TransferAssetActuator (PROTOCOL.md §6.3)', () => {
    it('rule 4 before rule 5: an unknown owner and an unknown token give "No owner account!"', async () => {
      expect(
        await node.post('/wallet/transferasset', { owner_address: newKey().hex, to_address: K.bob.hex, asset_name: hexText('1000999'), amount: 1 }),
      ).toEqual({ Error: VALIDATE + 'No owner account!' });
    });

    it('rule 6: a token balance of 0 (all of it sent away) gives "assetBalance must be greater than 0."', async () => {
      const holder = await funded(node, 10n * SUN);
      expect(
        (
          await buildAndSend(node, '/wallet/transferasset', { owner_address: K.carol.hex, to_address: holder.hex, asset_name: hexText(PLAIN), amount: 2 }, [
            K.carol,
          ])
        ).reply.result,
      ).toBe(true);
      expect(
        (
          await buildAndSend(node, '/wallet/transferasset', { owner_address: holder.hex, to_address: K.bob.hex, asset_name: hexText(PLAIN), amount: 2 }, [
            holder,
          ])
        ).reply.result,
      ).toBe(true);
      expect(await node.post('/wallet/transferasset', { owner_address: holder.hex, to_address: K.bob.hex, asset_name: hexText(PLAIN), amount: 1 })).toEqual({
        Error: VALIDATE + 'assetBalance must be greater than 0.',
      });
    });
  });

  describe('ParticipateAssetIssueActuator (PROTOCOL.md §6.2)', () => {
    const participate = (owner: TestKey, to: TestKey, assetId: string, amount: number | bigint): Promise<Json> =>
      node.post('/wallet/participateassetissue', { owner_address: owner.hex, to_address: to.hex, asset_name: hexText(assetId), amount });

    it('rule 5 before rule 6: an owner short of coin and an unknown token give "No enough balance !"', async () => {
      const poor = await funded(node, 1n);
      expect(await participate(poor, K.bob, '1000999', 5)).toEqual({ Error: VALIDATE + 'No enough balance !' });
    });

    it('rule 7 before rule 8: a wrong issuer before the sale opens gives "The asset is not issued by <hex>"', async () => {
      expect(await node.headTime()).toBeLessThan(saleStart);
      expect(await participate(K.alice, K.carol, SALE, 5)).toEqual({ Error: VALIDATE + `The asset is not issued by ${K.carol.hex}` });
      expect(await participate(K.alice, K.bob, SALE, 5)).toEqual({ Error: VALIDATE + 'No longer valid period!' });
    });

    it('rule 8: the sale is open from start_time itself (head block time == start_time)', async () => {
      node.clock.now = saleStart;
      await node.devnet.produceBlock();
      expect(await node.headTime()).toBe(saleStart);
      const buyer = await funded(node, 100n);
      const { reply } = await buildAndSend(
        node,
        '/wallet/participateassetissue',
        { owner_address: buyer.hex, to_address: K.bob.hex, asset_name: hexText(SALE), amount: 10 },
        [buyer],
      );
      expect(reply.result).toBe(true);
      expect((await node.account(buyer.b58)).assetV2).toEqual([{ key: SALE, value: 10 }]);
    });

    it('rule 5: an amount equal to the whole balance is enough (balance < amount is refused, nothing more)', async () => {
      const buyer = await funded(node, 7n);
      const { reply } = await buildAndSend(
        node,
        '/wallet/participateassetissue',
        { owner_address: buyer.hex, to_address: K.bob.hex, asset_name: hexText(SALE), amount: 7 },
        [buyer],
      );
      expect(reply.result).toBe(true);
      expect(await node.balance(buyer.b58)).toBe(0n);
      expect((await node.account(buyer.b58)).assetV2).toEqual([{ key: SALE, value: 7 }]);
    });

    it('rule 11: buying exactly the issuer\'s remaining tokens is allowed; one more is "Asset balance is not enough !"', async () => {
      const left = 1_000 - 10 - 7;
      const buyer = await funded(node, 10_000n);
      expect(await participate(buyer, K.bob, SALE, left + 1)).toEqual({ Error: VALIDATE + 'Asset balance is not enough !' });
      const { reply } = await buildAndSend(
        node,
        '/wallet/participateassetissue',
        { owner_address: buyer.hex, to_address: K.bob.hex, asset_name: hexText(SALE), amount: left },
        [buyer],
      );
      expect(reply.result).toBe(true);
      expect((await node.account(buyer.b58)).assetV2).toEqual([{ key: SALE, value: left }]);
      expect(await node.balance(buyer.b58)).toBe(10_000n - BigInt(left));
    });
  });

  describe('AssetIssueActuator (PROTOCOL.md §6.1 rule 20): balance < fee is refused, nothing else', () => {
    it('an owner holding exactly ASSET_ISSUE_FEE (1024 coin) issues a token and is left with 0', async () => {
      const issuer = await funded(node, 1_024n * SUN);
      const head = await node.headTime();
      const { reply } = await buildAndSend(
        node,
        '/wallet/createassetissue',
        assetIssueBody(issuer, 'EXACT', { start: head + 10_000, end: head + 20_000 }, { total_supply: 10 }),
        [issuer],
      );
      expect(reply.result).toBe(true);
      expect(await node.balance(issuer.b58)).toBe(0n);
      expect((await node.account(issuer.b58)).asset_issued_ID).toBe('1000003');
    });
  });

  describe('AccountPermissionUpdateActuator (PROTOCOL.md §5, fee): balance < fee fails, nothing else', () => {
    it('an owner holding exactly UPDATE_ACCOUNT_PERMISSION_FEE (100 coin) updates and is left with 0', async () => {
      const owner = await funded(node, 100n * SUN);
      const { reply } = await buildAndSend(
        node,
        '/wallet/accountpermissionupdate',
        {
          owner_address: owner.hex,
          owner: { type: 'Owner', threshold: 1, keys: [{ address: owner.hex, weight: 1 }] },
          actives: [{ type: 'Active', threshold: 1, operations: TRANSFER_ONLY_OPS, keys: [{ address: owner.hex, weight: 1 }] }],
        },
        [owner],
      );
      expect(reply.result).toBe(true);
      expect(await node.balance(owner.b58)).toBe(0n);
      expect((await node.account(owner.b58)).active_permission[0].operations).toBe(TRANSFER_ONLY_OPS);
    });
  });
});

describe('CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT = 1 coin (PROTOCOL.md §6.3 rule 9, TransferActuator)', () => {
  let node: TestNode;
  const TOKEN = '1000001';
  beforeAll(async () => {
    node = await startNode({ genesisJson: { ...DEFAULT_GENESIS_JSON, parameters: { CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT: 1_000_000 } } });
    const { reply } = await buildAndSend(
      node,
      '/wallet/createassetissue',
      assetIssueBody(K.carol, 'FEE', { start: node.clock.now + 1_000, end: node.clock.now + DAY }),
      [K.carol],
    );
    expect(reply.result).toBe(true);
    await node.block();
  });
  afterAll(() => node.stop());

  it('a token transfer that creates its recipient burns the fee from the owner, on top of CREATE_ACCOUNT_FEE', async () => {
    const holder = await funded(node, 5n * SUN);
    expect(
      (
        await buildAndSend(node, '/wallet/transferasset', { owner_address: K.carol.hex, to_address: holder.hex, asset_name: hexText(TOKEN), amount: 10 }, [
          K.carol,
        ])
      ).reply.result,
    ).toBe(true);
    const fresh = newKey();
    const { reply } = await buildAndSend(
      node,
      '/wallet/transferasset',
      { owner_address: holder.hex, to_address: fresh.hex, asset_name: hexText(TOKEN), amount: 3 },
      [holder],
    );
    expect(reply.result).toBe(true);
    expect(await node.balance(holder.b58)).toBe(5n * SUN - SUN - 100_000n);
    expect((await node.account(fresh.b58)).assetV2).toEqual([{ key: TOKEN, value: 3 }]);
    await node.block();
    const info = await node.post('/wallet/gettransactioninfobyid', { value: reply.txid });
    expect(info.fee).toBe(1_100_000);
    expect(info.receipt).toEqual({ net_fee: 100_000 });
  });

  it('a coin transfer of exactly balance − CREATE_ACCOUNT_FEE − the fee to a new account is accepted and leaves 0', async () => {
    const spender = await funded(node, 3n * SUN);
    const fresh = newKey();
    const amount = 3n * SUN - 100_000n - SUN;
    const { reply } = await sendTransfer(node, spender, fresh.hex, amount);
    expect(reply.result).toBe(true);
    expect(await node.balance(spender.b58)).toBe(0n);
    expect(await node.balance(fresh.b58)).toBe(amount);
  });
});

describe('token ids (PROTOCOL.md §6.1 execute, §6.3 end): the decimal text of TOKEN_ID_NUM + 1, a Java long', () => {
  it('a padded id ("01000001") names no token: getassetissuebyid {}, "No asset named 01000001", "No asset!"', async () => {
    const node = await startNode();
    try {
      const { reply } = await buildAndSend(
        node,
        '/wallet/createassetissue',
        assetIssueBody(K.carol, 'PAD', { start: node.clock.now + 1_000, end: node.clock.now + DAY }),
        [K.carol],
      );
      expect(reply.result).toBe(true);
      await node.block();
      expect((await node.post('/wallet/getassetissuebyid', { value: '1000001' })).id).toBe('1000001');
      expect(await node.post('/wallet/getassetissuebyid', { value: '01000001' })).toEqual({});
      const participate = { owner_address: K.alice.hex, to_address: K.carol.hex, amount: 5 };
      expect(await node.post('/wallet/participateassetissue', { ...participate, asset_name: hexText('01000001') })).toEqual({
        Error: VALIDATE + 'No asset named 01000001',
      });
      expect(
        await node.post('/wallet/transferasset', { owner_address: K.carol.hex, to_address: K.alice.hex, asset_name: hexText('01000001'), amount: 1 }),
      ).toEqual({ Error: VALIDATE + 'No asset!' });
      // Broadcast: built for 1000001, the name then padded, as a client could.
      const raw = rawOf(await node.post('/wallet/participateassetissue', { ...participate, asset_name: hexText('1000001') }));
      const any = raw.contract[0]!.parameter!;
      const c = fromBinary(ParticipateAssetIssueContractSchema, any.value);
      c.assetName = new TextEncoder().encode('01000001');
      any.value = toBinary(ParticipateAssetIssueContractSchema, c);
      const alice = await node.balance(K.alice.b58);
      const refused = await node.post('/wallet/broadcasttransaction', rawTransaction(raw, K.alice));
      expect(refused.code).toBe('CONTRACT_VALIDATE_ERROR');
      expect(messageText(refused)).toBe('Contract validate error : No asset named 01000001');
      expect(await node.balance(K.alice.b58)).toBe(alice);
    } finally {
      await node.stop();
    }
  });

  it('ids run to 19 digits: after TOKEN_ID_NUM 999,999,999,999,999,999 the token 1000000000000000000 is found and moves; beyond int64 is no id', async () => {
    const node = await startNode({ genesisJson: { ...DEFAULT_GENESIS_JSON, parameters: { TOKEN_ID_NUM: '999999999999999999' } } });
    const id = '1000000000000000000';
    try {
      const { reply } = await buildAndSend(
        node,
        '/wallet/createassetissue',
        assetIssueBody(K.carol, 'LONG', { start: node.clock.now + 1_000, end: node.clock.now + DAY }),
        [K.carol],
      );
      expect(reply.result).toBe(true);
      await node.block();
      expect((await node.account(K.carol.b58)).asset_issued_ID).toBe(id);
      expect(await node.post('/wallet/getassetissuebyid', { value: id, visible: true })).toMatchObject({ id, name: 'LONG', owner_address: K.carol.b58 });
      const sent = await buildAndSend(
        node,
        '/wallet/transferasset',
        { owner_address: K.carol.hex, to_address: K.alice.hex, asset_name: hexText(id), amount: 4 },
        [K.carol],
      );
      expect(sent.reply.result).toBe(true);
      expect((await node.account(K.alice.b58)).assetV2).toEqual([{ key: id, value: 4 }]);
      expect(await node.request('/wallet/getassetissuebyid', { value: '9999999999999999999' })).toEqual({ status: 200, json: {} });
      expect(
        await node.post('/wallet/transferasset', {
          owner_address: K.carol.hex,
          to_address: K.alice.hex,
          asset_name: hexText('9999999999999999999'),
          amount: 1,
        }),
      ).toEqual({ Error: VALIDATE + 'No asset!' });
    } finally {
      await node.stop();
    }
  });
});
