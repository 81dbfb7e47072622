// Devnet scenarios over real HTTP (docs/decisions.md §3 "Tests"): multi-signature with a 2-of-3 active
// permission, an owner change, Permission_id 1, a token's life (issue, sale window, transfer by
// id), and block production by the executive's block key (spec §4.10, §5.5). Every signature is
// made with shared/; every rejected transaction is checked to leave the state as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, toBinary } from '@bufbuild/protobuf';
import { sha256 } from '@noble/hashes/sha2.js';
import { BlockHeader_rawSchema, Transaction_ContractSchema, type BlockHeader_raw } from '../shared/gen/protocol/core_pb.ts';
import { TransferAssetContractSchema } from '../shared/gen/protocol/contract_pb.ts';
import { addressToBase58 } from '../shared/chain/address.ts';
import { bytesToHex, hexToBytes, utf8ToBytes } from '../shared/base/bytes.ts';
import { recoverSigner } from '../shared/chain/verify.ts';
import { messageFromNodeJson } from '../shared/chain/node-json.ts';
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
  type TestKey,
  type TestNode,
} from '../test/helpers/devnet-helpers.ts';

/** getaccount (both forms) and the bandwidth columns: everything a rejected transaction must not touch. */
async function snapshot(node: TestNode, ...keys: TestKey[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const k of keys) {
    out.push(await node.post('/wallet/getaccount', { address: k.hex }));
    out.push(node.devnet.chain.store.getNet(hexToBytes(k.hex)));
  }
  out.push(node.devnet.chain.store.pendingTransactionIds().map(bytesToHex));
  return out;
}

/** Broadcasts `tx`, expects a refusal with `code` and `message`, and checks nothing changed. */
async function expectRefused(node: TestNode, tx: Json, code: string, message: string, ...watch: TestKey[]): Promise<void> {
  const before = await snapshot(node, ...watch);
  const reply = await node.post('/wallet/broadcasttransaction', tx);
  expect(reply.code).toBe(code);
  expect(messageText(reply)).toBe(message);
  expect(reply.result).toBeUndefined();
  expect(await snapshot(node, ...watch)).toEqual(before);
}

describe('devnet: a 2-of-3 active permission allowed only transfers', () => {
  let node: TestNode;
  let owner: TestKey;
  const [a, b, c] = [newKey(), newKey(), newKey()];
  const to = newKey();

  beforeAll(async () => {
    node = await startNode();
    owner = await funded(node, 10_000n * SUN);
    const before = await node.balance(owner.b58);
    const { reply } = await buildAndSend(
      node,
      '/wallet/accountpermissionupdate',
      permissionUpdateBody(owner, [
        {
          type: 'Active',
          permission_name: 'treasury',
          threshold: 2,
          operations: TRANSFER_ONLY_OPS,
          keys: [
            { address: a.hex, weight: 1 },
            { address: b.hex, weight: 1 },
            { address: c.hex, weight: 1 },
          ],
        },
      ]),
      [owner],
    );
    expect(reply).toEqual({ result: true, txid: expect.any(String) });
    // PROTOCOL.md §5: the 100-coin fee is burned (bandwidth came from the free allowance).
    expect(await node.balance(owner.b58)).toBe(before - 100n * SUN);
  });
  afterAll(() => node.stop());

  it('stores the active with id 2 (ids reassigned from 2)', async () => {
    const account = await node.account(owner.b58);
    expect(account.active_permission).toEqual([
      {
        type: 'Active',
        id: 2,
        permission_name: 'treasury',
        threshold: 2,
        operations: TRANSFER_ONLY_OPS,
        keys: [
          { address: a.b58, weight: 1 },
          { address: b.b58, weight: 1 },
          { address: c.b58, weight: 1 },
        ],
      },
    ]);
  });

  it('refuses a transfer with one signature: sig error (weight 1 < threshold 2)', async () => {
    const built = await node.post('/wallet/createtransaction', { owner_address: owner.hex, to_address: to.hex, amount: SUN, Permission_id: 2 });
    await expectRefused(node, sign(built, a), 'SIGERROR', 'Validate signature error: sig error', owner, to);
  });

  it('accepts a transfer with two signatures and charges the multi-signature fee', async () => {
    const before = await node.balance(owner.b58);
    const { reply } = await sendTransfer(node, owner, to.hex, 5n * SUN, [a, b], 2);
    expect(reply.result).toBe(true);
    expect(await node.balance(to.b58)).toBe(5n * SUN);
    // Amount + MULTI_SIGN_FEE (1 coin); creating the recipient costs CREATE_ACCOUNT_FEE (0.1 coin).
    expect(await node.balance(owner.b58)).toBe(before - 5n * SUN - SUN - 100_000n);
  });

  it('refuses the same transaction twice: Dup transaction.', async () => {
    const { reply, tx } = await sendTransfer(node, owner, to.hex, 2n * SUN, [b, c], 2);
    expect(reply.result).toBe(true);
    await expectRefused(node, tx, 'DUP_TRANSACTION_ERROR', 'Dup transaction.', owner, to);
  });

  it('refuses a duplicate signature: <b58> has signed twice!', async () => {
    const built = await node.post('/wallet/createtransaction', { owner_address: owner.hex, to_address: to.hex, amount: 3, Permission_id: 2 });
    await expectRefused(node, sign(built, a, a), 'SIGERROR', `Validate signature error: ${a.b58} has signed twice!`, owner, to);
  });

  it('refuses a permission update signed by the active: Permission denied', async () => {
    const built = await node.post('/wallet/accountpermissionupdate', {
      ...permissionUpdateBody(owner, [{ type: 'Active', threshold: 1, operations: TRANSFER_ONLY_OPS, keys: [{ address: a.hex, weight: 1 }] }]),
      Permission_id: 2,
    });
    expect(built.raw_data.contract[0].Permission_id).toBe(2);
    await expectRefused(node, sign(built, a, b), 'SIGERROR', 'Validate signature error: Permission denied', owner);
  });

  it('refuses a token transfer under the transfer-only active: Permission denied', async () => {
    // Built by hand: the endpoint would refuse it first (the owner holds no token), but the
    // signature check comes before the contract's own rules on broadcast.
    const raw = rawOf(await node.post('/wallet/createtransaction', { owner_address: owner.hex, to_address: to.hex, amount: 1 }));
    const asset = create(TransferAssetContractSchema, {
      assetName: utf8ToBytes('1000001'),
      ownerAddress: hexToBytes(owner.hex),
      toAddress: hexToBytes(to.hex),
      amount: 1n,
    });
    raw.contract[0] = create(Transaction_ContractSchema, {
      type: 2,
      parameter: { typeUrl: 'type.googleapis.com/protocol.TransferAssetContract', value: toBinary(TransferAssetContractSchema, asset) },
      PermissionId: 2,
    });
    await expectRefused(node, rawTransaction(raw, a, b), 'SIGERROR', 'Validate signature error: Permission denied', owner);
  });

  it('still lets the owner sign alone (owner may run every contract)', async () => {
    const { reply } = await sendTransfer(node, owner, to.hex, 1n * SUN, [owner]);
    expect(reply.result).toBe(true);
  });

  it('collects signatures with addtransactionsign and reports the weight with getsignweight', async () => {
    const built = await node.post('/wallet/createtransaction', { owner_address: owner.hex, to_address: to.hex, amount: 7, Permission_id: 2 });
    const once = await node.post('/wallet/addtransactionsign', { transaction: built, privateKey: a.priv });
    expect(once.signature).toHaveLength(1);
    const partial = await node.post('/wallet/getsignweight', { ...once, visible: true });
    expect(partial.result).toEqual({ code: 'NOT_ENOUGH_PERMISSION' });
    expect(partial.approved_list).toEqual([a.b58]);
    expect(partial.current_weight).toBe(1);
    const twice = await node.post('/wallet/addtransactionsign', { transaction: once, privateKey: c.priv });
    const enough = await node.post('/wallet/getsignweight', twice);
    expect(enough.result).toEqual({});
    expect(enough.current_weight).toBe(2);
    expect(await node.post('/wallet/broadcasttransaction', twice)).toEqual({ result: true, txid: built.txID });
  });
});

describe('devnet: an owner change', () => {
  it('leaves the old owner key unable to sign, and the new one able', async () => {
    const node = await startNode();
    try {
      const acct = await funded(node);
      const next = newKey();
      const to = newKey();
      const { reply } = await buildAndSend(
        node,
        '/wallet/accountpermissionupdate',
        permissionUpdateBody(acct, [{ type: 'Active', threshold: 1, operations: TRANSFER_ONLY_OPS, keys: [{ address: next.hex, weight: 1 }] }], {
          type: 'Owner',
          threshold: 1,
          keys: [{ address: next.hex, weight: 1 }],
        }),
        [acct],
      );
      expect(reply.result).toBe(true);
      const built = await node.post('/wallet/createtransaction', { owner_address: acct.hex, to_address: to.hex, amount: SUN });
      const byOld = sign(built, acct);
      await expectRefused(
        node,
        byOld,
        'SIGERROR',
        `Validate signature error: ${byOld.signature[0]} is signed by ${acct.b58} but it is not contained of permission.`,
        acct,
        to,
      );
      expect((await node.post('/wallet/broadcasttransaction', sign(built, next))).result).toBe(true);
    } finally {
      await node.stop();
    }
  });
});

describe('devnet: Permission_id 1 (executive) never signs a transaction', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startNode();
  });
  afterAll(() => node.stop());

  it('refuses to build one (spec §2.4)', async () => {
    const r = await node.request('/wallet/createtransaction', { owner_address: K.alice.hex, to_address: K.bob.hex, amount: 1, Permission_id: 1 });
    expect(r.status).toBe(400);
    expect(r.json.Error).toMatch(/1 is the executive permission/);
  });

  it("refuses one for an ordinary account: permission isn't exit", async () => {
    const raw = rawOf(await node.post('/wallet/createtransaction', { owner_address: K.alice.hex, to_address: K.bob.hex, amount: 1 }));
    raw.contract[0]!.PermissionId = 1;
    await expectRefused(node, rawTransaction(raw, K.alice), 'SIGERROR', "Validate signature error: permission isn't exit", K.alice, K.bob);
  });

  it('refuses one for an executive account, signed by its block key: Permission type is error', async () => {
    const raw = rawOf(await node.post('/wallet/createtransaction', { owner_address: K.exec.hex, to_address: K.bob.hex, amount: 1 }));
    raw.contract[0]!.PermissionId = 1;
    await expectRefused(node, rawTransaction(raw, K.block), 'SIGERROR', 'Validate signature error: Permission type is error', K.exec, K.bob);
  });
});

describe('devnet: a token issue, its sale window and a transfer by id', () => {
  let node: TestNode;
  let issuer: TestKey;
  let buyer: TestKey;
  let start: number;
  let end: number;
  const id = '1000001';

  beforeAll(async () => {
    node = await startNode();
    issuer = await funded(node, 2_000n * SUN);
    buyer = await funded(node, 100n * SUN);
    start = node.clock.now + 600_000;
    end = node.clock.now + 3_600_000;
  });
  afterAll(() => node.stop());

  const issueBody = (): Json => ({
    owner_address: issuer.hex,
    name: hexText('AIRDEV'),
    abbr: hexText('AIR'),
    total_supply: 1_000_000,
    coin_num: 2,
    num: 3,
    start_time: start,
    end_time: end,
    description: hexText('devnet test token'),
    url: hexText('https://example.invalid/airdev'),
    free_asset_net_limit: 0,
    public_free_asset_net_limit: 0,
    cded_supply: [{ cded_amount: 100_000, cded_days: 1 }],
  });

  it('issues the first token as 1000001, locks the cded supply and burns the fee', async () => {
    const before = await node.balance(issuer.b58);
    const { reply, built } = await buildAndSend(node, '/wallet/createassetissue', issueBody(), [issuer]);
    expect(reply.result).toBe(true);
    await node.block();
    const token = await node.post('/wallet/getassetissuebyid', { value: id, visible: true });
    expect(token).toMatchObject({ id, owner_address: issuer.b58, name: 'AIRDEV', total_supply: 1_000_000, coin_num: 2, num: 3 });
    expect(await node.post('/wallet/getassetissuelist', {})).toEqual({ assetIssue: [await node.post('/wallet/getassetissuebyid', { value: id })] });
    const account = await node.account(issuer.b58);
    expect(account.assetV2).toEqual([{ key: id, value: 900_000 }]);
    expect(account.cded_supply).toEqual([{ cded_balance: 100_000, expire_time: start + 86_400_000 }]);
    expect(account.asset_issued_ID).toBe(id);
    expect(account.asset_issued_name).toBe('AIRDEV');
    expect(BigInt(account.balance)).toBe(before - 1_024n * SUN);
    const info = await node.post('/wallet/gettransactioninfobyid', { value: built.txID });
    expect(info).toMatchObject({ id: built.txID, assetIssueID: id, fee: 1_024_000_000 });
  });

  it('refuses a second issue by the same account: An account can only issue one asset', async () => {
    start += 1;
    const r = await node.post('/wallet/createassetissue', { ...issueBody(), name: hexText('SECOND') });
    expect(r).toEqual({ Error: 'class org.tron.core.exception.ContractValidateException : An account can only issue one asset' });
  });

  it('refuses to sell before the window opens: No longer valid period!', async () => {
    const r = await node.post('/wallet/participateassetissue', { owner_address: buyer.hex, to_address: issuer.hex, asset_name: hexText(id), amount: 5 });
    expect(r).toEqual({ Error: 'class org.tron.core.exception.ContractValidateException : No longer valid period!' });
  });

  let lateSale: Json;
  it('sells inside the window: floor(amount × num / coin_num) tokens, the coin to the issuer', async () => {
    node.clock.now = start + 1_000;
    await node.devnet.produceBlock();
    const issuerBefore = await node.balance(issuer.b58);
    const { reply } = await buildAndSend(
      node,
      '/wallet/participateassetissue',
      {
        owner_address: buyer.hex,
        to_address: issuer.hex,
        asset_name: hexText(id),
        amount: 5,
      },
      [buyer],
    );
    expect(reply.result).toBe(true);
    expect((await node.account(buyer.b58)).assetV2).toEqual([{ key: id, value: 7 }]); // floor(5 × 3 / 2)
    expect(await node.balance(issuer.b58)).toBe(issuerBefore + 5n);
    expect((await node.account(issuer.b58)).assetV2).toEqual([{ key: id, value: 900_000 - 7 }]);
  });

  it('refuses a sale signed in the window but broadcast after it closed', async () => {
    node.clock.now = end - 30_000;
    await node.devnet.produceBlock();
    lateSale = sign(
      await node.post('/wallet/participateassetissue', {
        owner_address: buyer.hex,
        to_address: issuer.hex,
        asset_name: hexText(id),
        amount: 1_000,
      }),
      buyer,
    );
    node.clock.now = end;
    await node.devnet.produceBlock();
    await expectRefused(node, lateSale, 'CONTRACT_VALIDATE_ERROR', 'Contract validate error : No longer valid period!', buyer, issuer);
    const r = await node.post('/wallet/participateassetissue', { owner_address: buyer.hex, to_address: issuer.hex, asset_name: hexText(id), amount: 5 });
    expect(r.Error).toBe('class org.tron.core.exception.ContractValidateException : No longer valid period!');
  });

  it('transfers by id, creating the recipient with default permissions', async () => {
    const friend = newKey();
    const { reply } = await buildAndSend(
      node,
      '/wallet/transferasset',
      {
        owner_address: buyer.hex,
        to_address: friend.hex,
        asset_name: hexText(id),
        amount: 3,
      },
      [buyer],
    );
    expect(reply.result).toBe(true);
    const created = await node.account(friend.b58);
    expect(created.assetV2).toEqual([{ key: id, value: 3 }]);
    expect(created.owner_permission).toEqual({ permission_name: 'owner', threshold: 1, keys: [{ address: friend.b58, weight: 1 }] });
    expect(created.active_permission[0]).toMatchObject({ id: 2, operations: '7fff1fc0033efb0f' + '00'.repeat(24) });
    expect((await node.account(buyer.b58)).assetV2).toEqual([{ key: id, value: 4 }]);
  });

  it('keeps the cded supply locked: the issuer cannot spend it (assetBalance is not sufficient.)', async () => {
    const built = await node.post('/wallet/transferasset', { owner_address: issuer.hex, to_address: buyer.hex, asset_name: hexText(id), amount: 900_000 });
    expect(built.Error).toBe('class org.tron.core.exception.ContractValidateException : assetBalance is not sufficient.');
  });
});

/** Recovers who signed block `num`, from its JSON as a client sees it. */
async function blockSigner(node: TestNode, num: number): Promise<{ signer: string; block: Json }> {
  const block = await node.post('/wallet/getblockbynum', { num });
  const raw = messageFromNodeJson<BlockHeader_raw>(BlockHeader_rawSchema, block.block_header.raw_data);
  const hash = sha256(toBinary(BlockHeader_rawSchema, raw));
  expect(block.blockID.slice(16)).toBe(bytesToHex(hash).slice(16));
  expect(BigInt('0x' + block.blockID.slice(0, 16))).toBe(BigInt(num));
  return { signer: addressToBase58(recoverSigner(hexToBytes(block.block_header.executive_signature), hash)), block };
}

describe('devnet: block production by the executive (spec §4.10)', () => {
  it('signs with the key of the executive permission, which moves no funds', async () => {
    const node = await startNode(); // default genesis: executive 31×32, block key 32×32
    try {
      const head = (await node.post('/wallet/getnowblock')).block_header.raw_data.number as number;
      const { signer, block } = await blockSigner(node, head);
      expect(signer).toBe(K.block.b58);
      expect(block.block_header.raw_data.executive_address).toBe(K.exec.hex);
      const built = await node.post('/wallet/createtransaction', { owner_address: K.exec.hex, to_address: K.block.hex, amount: SUN });
      const byBlockKey = sign(built, K.block);
      await expectRefused(
        node,
        byBlockKey,
        'SIGERROR',
        `Validate signature error: ${byBlockKey.signature[0]} is signed by ${K.block.b58} but it is not contained of permission.`,
        K.exec,
        K.block,
      );
    } finally {
      await node.stop();
    }
  });

  it('switches to the new block key after the executive sets an executive permission, and stops on a key it lacks', async () => {
    const node = await startNode({
      genesisJson: {
        accounts: [
          { name: 'exec', privateKey: K.exec.priv, balance: 1_000n * SUN, executive: true },
          { name: 'alice', privateKey: K.alice.priv, balance: 1_000n * SUN },
        ],
        producer: { localexecutive: [K.exec.priv, K.k33.priv] },
      },
    });
    try {
      const first = (await node.post('/wallet/getnowblock')).block_header.raw_data.number as number;
      expect((await blockSigner(node, first)).signer).toBe(K.exec.b58);
      const actives = [{ type: 'Active', threshold: 1, operations: '7fff1fc0033e' + '00'.repeat(26), keys: [{ address: K.exec.hex, weight: 1 }] }];
      // An executive account must send its executive permission along (PROTOCOL.md §5 rule 6).
      expect((await node.post('/wallet/accountpermissionupdate', permissionUpdateBody(K.exec, actives))).Error).toBe(
        'class org.tron.core.exception.ContractValidateException : executive permission is missed',
      );
      const executive = { type: 'Executive', permission_name: 'block', threshold: 1, keys: [{ address: K.k33.hex, weight: 1 }] };
      const { reply } = await buildAndSend(node, '/wallet/accountpermissionupdate', permissionUpdateBody(K.exec, actives, undefined, executive), [K.exec]);
      expect(reply.result).toBe(true);
      await node.block();
      const next = first + 1;
      const { signer, block } = await blockSigner(node, next);
      expect(signer).toBe(K.k33.b58);
      expect(block.transactions.map((t: Json) => t.txID)).toEqual([reply.txid]);
      expect((await node.account(K.exec.b58)).executive_permission).toMatchObject({ type: 'Executive', id: 1, keys: [{ address: K.k33.b58, weight: 1 }] });

      // The new block key cannot move the executive's funds, by owner or by executive permission.
      const built = await node.post('/wallet/createtransaction', { owner_address: K.exec.hex, to_address: K.alice.hex, amount: SUN });
      const byBlockKey = sign(built, K.k33);
      await expectRefused(
        node,
        byBlockKey,
        'SIGERROR',
        `Validate signature error: ${byBlockKey.signature[0]} is signed by ${K.k33.b58} but it is not contained of permission.`,
        K.exec,
        K.alice,
      );
      const raw = rawOf(built);
      raw.contract[0]!.PermissionId = 1;
      await expectRefused(node, rawTransaction(raw, K.k33), 'SIGERROR', 'Validate signature error: Permission type is error', K.exec, K.alice);

      // A block key the node does not hold: no block.
      const elsewhere = { ...executive, keys: [{ address: K.k22.hex, weight: 1 }] };
      const moved = await buildAndSend(node, '/wallet/accountpermissionupdate', permissionUpdateBody(K.exec, actives, undefined, elsewhere), [K.exec]);
      expect(moved.reply.result).toBe(true);
      await expect(node.devnet.produceBlock()).rejects.toThrow(`Executive permission is wrong: no localexecutive key belongs to ${K.k22.b58}`);
      expect((await node.post('/wallet/getnowblock')).block_header.raw_data.number).toBe(next);
    } finally {
      await node.stop();
    }
  });

  it('links each block to its parent and lists its transactions after it is produced', async () => {
    const node = await startNode();
    try {
      const { reply } = await sendTransfer(node, K.alice, K.bob.hex, SUN);
      expect(await node.post('/wallet/gettransactioninfobyid', { value: reply.txid })).toEqual({});
      const parent = await node.post('/wallet/getnowblock');
      expect(parent.transactions).toBeUndefined();
      await node.block();
      const now = await node.post('/wallet/getnowblock');
      expect(now.block_header.raw_data.parentHash).toBe(parent.blockID);
      expect(now.transactions).toHaveLength(1);
      expect(now.transactions[0]).toMatchObject({ ret: [{ contractRet: 'SUCCESS' }], txID: reply.txid });
      const info = await node.post('/wallet/gettransactioninfobyid', { value: reply.txid });
      expect(info).toMatchObject({ id: reply.txid, blockNumber: now.block_header.raw_data.number, blockTimeStamp: now.block_header.raw_data.timestamp });
      expect(info.receipt.net_usage).toBeGreaterThan(0);
    } finally {
      await node.stop();
    }
  });
});
