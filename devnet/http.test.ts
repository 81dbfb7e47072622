// The devnet's read, create and devnet-only endpoints over real HTTP on 127.0.0.1 (docs/decisions.md §3;
// PROTOCOL.md §4.3, §7 "Transactions the node builds"), with the node's codes and messages word for
// word, plus input hygiene: malformed JSON, wrong types, bad hex, unknown endpoint, oversized body,
// foreign Host/Origin all get a clear {"Error": ...} with a 4xx, never a crash or a stack trace.
// Shared set-up: test/helpers/devnet-http-helpers.ts.
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '../shared/base/bytes.ts';
import { funded, hexText, K, newKey, permissionUpdateBody, sendTransfer, startNode, SUN, type Json } from '../test/helpers/devnet-helpers.ts';
import { MAX_BODY_BYTES } from '../shared/base/limits.ts';
import { VALIDATE, DEFAULT_OPS, TOKEN, node, built, useHttpNode } from '../test/helpers/devnet-http-helpers.ts';

useHttpNode();

describe('read endpoints', () => {
  it('/wallet/getaccount: hex or Base58 in, the Account JSON out; {} for no account', async () => {
    const hex = await node.post('/wallet/getaccount', { address: K.alice.hex });
    expect(hex).toMatchObject({ account_name: hexText('alice'), address: K.alice.hex, balance: 100_000 * 1_000_000 });
    expect(hex.owner_permission).toEqual({ permission_name: 'owner', threshold: 1, keys: [{ address: K.alice.hex, weight: 1 }] });
    expect(hex.active_permission).toEqual([
      { type: 'Active', id: 2, permission_name: 'active', threshold: 1, operations: DEFAULT_OPS, keys: [{ address: K.alice.hex, weight: 1 }] },
    ]);
    const visible = await node.post('/wallet/getaccount', { address: K.alice.b58, visible: true });
    expect(visible).toMatchObject({ account_name: 'alice', address: K.alice.b58 });
    expect(await node.post('/wallet/getaccount', { address: newKey().hex })).toEqual({});
    const get = await node.request(`/wallet/getaccount?address=${K.alice.b58}&visible=true`, undefined, { method: 'GET' });
    expect(get.json.address).toBe(K.alice.b58);
  });

  it('/wallet/getaccount: the executive account carries is_executive and its executive permission', async () => {
    const exec = await node.post('/wallet/getaccount', { address: K.exec.hex, visible: true });
    expect(exec.is_executive).toBe(true);
    expect(exec.executive_permission).toEqual({
      type: 'Executive',
      id: 1,
      permission_name: 'executive',
      threshold: 1,
      keys: [{ address: K.block.b58, weight: 1 }],
    });
  });

  it('/wallet/getnowblock (GET or POST) and /wallet/getblockbynum', async () => {
    const post = await node.post('/wallet/getnowblock');
    const get = (await node.request('/wallet/getnowblock', undefined, { method: 'GET' })).json;
    expect(get).toEqual(post);
    const number = post.block_header.raw_data.number as number;
    expect(await node.post('/wallet/getblockbynum', { num: number })).toEqual(post);
    const genesis = await node.post('/wallet/getblockbynum', { num: 0 });
    expect(genesis.blockID.slice(0, 16)).toBe('0'.repeat(16));
    expect(genesis.block_header.executive_signature).toBeUndefined();
    expect(await node.post('/wallet/getblockbynum', { num: number + 100 })).toEqual({});
  });

  it('/wallet/gettransactionbyid and /wallet/gettransactioninfobyid; {} when unknown', async () => {
    const { reply, tx } = await sendTransfer(node, K.alice, K.dave.hex, 3);
    const byId = await node.post('/wallet/gettransactionbyid', { value: reply.txid });
    expect(byId).toEqual({ ret: [{ contractRet: 'SUCCESS' }], signature: tx.signature, txID: tx.txID, raw_data: tx.raw_data, raw_data_hex: tx.raw_data_hex });
    await node.block();
    const info = await node.post('/wallet/gettransactioninfobyid', { value: reply.txid });
    expect(info).toMatchObject({ id: reply.txid, contractResult: [''] });
    const unknown = bytesToHex(new Uint8Array(32));
    expect(await node.post('/wallet/gettransactionbyid', { value: unknown })).toEqual({});
    expect(await node.post('/wallet/gettransactioninfobyid', { value: unknown })).toEqual({});
  });

  it('/wallet/getassetissuebyid and /wallet/getassetissuelist', async () => {
    const token = await node.post('/wallet/getassetissuebyid', { value: TOKEN });
    expect(token).toMatchObject({ id: TOKEN, owner_address: K.carol.hex, name: hexText('HTTPTOK'), coin_num: 2, num: 1 });
    expect(await node.post('/wallet/getassetissuebyid', { value: '1000999' })).toEqual({});
    expect(await node.post('/wallet/getassetissuelist')).toEqual({ assetIssue: [token] });
  });

  it('/wallet/getchainparameters reports the fees in force', async () => {
    const params = (await node.post('/wallet/getchainparameters')).chainParameter as { key: string; value?: number }[];
    expect(params).toContainEqual({ key: 'getMultiSignFee', value: 1_000_000 });
    expect(params).toContainEqual({ key: 'getUpdateAccountPermissionFee', value: 100_000_000 });
    expect(params).toContainEqual({ key: 'getCreateNewAccountFeeInSystemContract' });
  });
});

describe('create endpoints (PROTOCOL.md §4.3, §7 "Transactions the node builds")', () => {
  it('/wallet/createtransaction: TaPoS from the head block, expiration head + 60 s, timestamp now', async () => {
    const head = await node.post('/wallet/getnowblock');
    const tx = await built(K.alice, K.bob.hex, 5);
    const number = head.block_header.raw_data.number as number;
    expect(tx.visible).toBe(false);
    expect(tx.raw_data.ref_block_bytes).toBe(number.toString(16).padStart(16, '0').slice(12));
    expect(tx.raw_data.ref_block_hash).toBe(head.blockID.slice(16, 32));
    expect(tx.raw_data.expiration).toBe(head.block_header.raw_data.timestamp + 60_000);
    expect(tx.raw_data.timestamp).toBe(node.clock.now);
    expect(tx.raw_data.contract).toEqual([
      {
        parameter: { value: { owner_address: K.alice.hex, to_address: K.bob.hex, amount: 5 }, type_url: 'type.googleapis.com/protocol.TransferContract' },
        type: 'TransferContract',
      },
    ]);
    expect(tx.txID).toBe(bytesToHex(sha256(hexToBytes(tx.raw_data_hex))));
  });

  it('/wallet/createtransaction: visible, extra_data, and Permission_id under either spelling', async () => {
    const tx = await node.post('/wallet/createtransaction', {
      owner_address: K.alice.b58,
      to_address: K.bob.b58,
      amount: 1,
      extra_data: 'memo',
      permission_id: 2,
      visible: true,
    });
    expect(tx.visible).toBe(true);
    expect(tx.raw_data.data).toBe(hexText('memo'));
    expect(tx.raw_data.contract[0].Permission_id).toBe(2);
    expect(tx.raw_data.contract[0].parameter.value.owner_address).toBe(K.alice.b58);
    const node2 = await node.post('/wallet/createtransaction', { owner_address: K.alice.hex, to_address: K.bob.hex, amount: 1, Permission_id: 3 });
    expect(node2.raw_data.contract[0].Permission_id).toBe(3);
  });

  it("/wallet/createtransaction: the TransferActuator messages, owner lookup in the node's place", async () => {
    const stranger = newKey();
    const cases: [Json, string][] = [
      [{ owner_address: stranger.hex, to_address: K.bob.hex, amount: 0 }, 'Validate TransferContract error, no OwnerAccount.'],
      [{ owner_address: K.alice.hex, to_address: K.alice.hex, amount: 1 }, 'Cannot transfer TRX to yourself.'],
      [{ owner_address: K.alice.hex, to_address: K.bob.hex, amount: 0 }, 'Amount must be greater than 0.'],
      [{ owner_address: K.dave.hex, to_address: K.bob.hex, amount: 10_001n * SUN }, 'Validate TransferContract error, balance is not sufficient.'],
    ];
    for (const [body, message] of cases) expect(await node.post('/wallet/createtransaction', body)).toEqual({ Error: VALIDATE + message });
  });

  it('/wallet/transferasset: builds by token id; the TransferAssetActuator messages', async () => {
    const tx = await node.post('/wallet/transferasset', { owner_address: K.carol.hex, to_address: K.bob.hex, asset_name: hexText(TOKEN), amount: 10 });
    expect(tx.raw_data.contract[0].parameter.value).toEqual({ asset_name: hexText(TOKEN), owner_address: K.carol.hex, to_address: K.bob.hex, amount: 10 });
    const cases: [Json, string][] = [
      [{ owner_address: newKey().hex, to_address: K.bob.hex, asset_name: hexText(TOKEN), amount: 1 }, 'No owner account!'],
      [{ owner_address: K.carol.hex, to_address: K.bob.hex, asset_name: hexText('1000777'), amount: 1 }, 'No asset!'],
      [{ owner_address: K.alice.hex, to_address: K.bob.hex, asset_name: hexText(TOKEN), amount: 1 }, 'assetBalance must be greater than 0.'],
      [{ owner_address: K.carol.hex, to_address: K.bob.hex, asset_name: hexText(TOKEN), amount: 1_000_001 }, 'assetBalance is not sufficient.'],
      [{ owner_address: K.carol.hex, to_address: K.carol.hex, asset_name: hexText(TOKEN), amount: 1 }, 'Cannot transfer asset to yourself.'],
    ];
    for (const [body, message] of cases) expect(await node.post('/wallet/transferasset', body)).toEqual({ Error: VALIDATE + message });
  });

  it('/wallet/createassetissue: stateless rules from shared/, then account, one asset, fee', async () => {
    const base = {
      name: hexText('NEWTOK'),
      total_supply: 10,
      coin_num: 1,
      num: 1,
      url: hexText('https://x.invalid'),
      start_time: node.clock.now + 60_000,
      end_time: node.clock.now + 120_000,
    };
    const head = (await node.post('/wallet/getnowblock')).block_header.raw_data.timestamp as number;
    const poor = await funded(node, 1_000n * SUN);
    const cases: [Json, string][] = [
      [{ ...base, owner_address: K.alice.hex, url: '' }, 'Invalid url'],
      [{ ...base, owner_address: K.alice.hex, start_time: head }, 'Start time should be greater than HeadBlockTime'],
      [{ ...base, owner_address: newKey().hex }, 'Account not exists'],
      [{ ...base, owner_address: K.carol.hex }, 'An account can only issue one asset'],
      [{ ...base, owner_address: poor.hex }, 'No enough balance for fee!'],
    ];
    for (const [body, message] of cases) expect(await node.post('/wallet/createassetissue', body)).toEqual({ Error: VALIDATE + message });
    const ok = await node.post('/wallet/createassetissue', { ...base, owner_address: K.bob.hex, cded_supply: [{ cded_amount: 5, cded_days: 1 }] });
    expect(ok.raw_data.contract[0].parameter.value).toMatchObject({ cded_supply: [{ cded_amount: 5, cded_days: 1 }], coin_num: 1 });
  });

  it('/wallet/participateassetissue: the ParticipateAssetIssueActuator messages in order', async () => {
    const broke = await funded(node, 1n);
    const cases: [Json, string][] = [
      [{ owner_address: newKey().hex, to_address: K.carol.hex, asset_name: hexText(TOKEN), amount: 2 }, 'Account does not exist!'],
      [{ owner_address: broke.hex, to_address: K.carol.hex, asset_name: hexText(TOKEN), amount: 2 }, 'No enough balance !'],
      [{ owner_address: K.alice.hex, to_address: K.carol.hex, asset_name: hexText('1000009'), amount: 2 }, 'No asset named 1000009'],
      [{ owner_address: K.alice.hex, to_address: K.bob.hex, asset_name: hexText(TOKEN), amount: 2 }, `The asset is not issued by ${K.bob.hex}`],
      [{ owner_address: K.alice.hex, to_address: K.carol.hex, asset_name: hexText(TOKEN), amount: 1 }, 'Can not process the exchange!'],
      [{ owner_address: K.alice.hex, to_address: K.carol.hex, asset_name: hexText(TOKEN), amount: 2_000_002 }, 'Asset balance is not enough !'],
      [{ owner_address: K.alice.hex, to_address: K.alice.hex, asset_name: hexText(TOKEN), amount: 2 }, 'Cannot participate asset Issue yourself !'],
    ];
    for (const [body, message] of cases) expect(await node.post('/wallet/participateassetissue', body)).toEqual({ Error: VALIDATE + message });
  });

  it('/wallet/accountpermissionupdate: the AccountPermissionUpdateActuator messages', async () => {
    const active = { type: 'Active', threshold: 1, operations: DEFAULT_OPS, keys: [{ address: K.alice.hex, weight: 1 }] };
    const ownerless = permissionUpdateBody(K.alice, [active]);
    delete ownerless.owner;
    const cases: [Json, string][] = [
      [permissionUpdateBody(newKey(), [active]), 'ownerAddress account does not exist'],
      [ownerless, 'owner permission is missed'],
      [permissionUpdateBody(K.alice, []), 'active permission is missed'],
      [
        permissionUpdateBody(K.alice, [active], undefined, { type: 'Executive', threshold: 1, keys: [{ address: K.alice.hex, weight: 1 }] }),
        "account isn't executive can't set executive permission",
      ],
      [permissionUpdateBody(K.alice, [{ ...active, operations: '80' + '00'.repeat(31) }]), "7 isn't a validate ContractType"],
    ];
    for (const [body, message] of cases) expect(await node.post('/wallet/accountpermissionupdate', body)).toEqual({ Error: VALIDATE + message });
  });

  it('refuses ALLOW_MULTI_SIGN = 0: multi sign is not allowed, need to be opened by the committee', async () => {
    const off = await startNode({
      genesisJson: {
        parameters: { ALLOW_MULTI_SIGN: 0 },
        accounts: [
          { privateKey: K.alice.priv, balance: 1_000n * SUN },
          { privateKey: K.exec.priv, executive: true },
        ],
        producer: { localexecutive: [K.exec.priv] },
      },
    });
    try {
      const r = await off.post(
        '/wallet/accountpermissionupdate',
        permissionUpdateBody(K.alice, [{ type: 'Active', threshold: 1, operations: DEFAULT_OPS, keys: [{ address: K.alice.hex, weight: 1 }] }]),
      );
      expect(r).toEqual({ Error: VALIDATE + 'multi sign is not allowed, need to be opened by the committee' });
    } finally {
      await off.stop();
    }
  });
});
describe('devnet-only endpoints', () => {
  it('/devnet/faucet credits an account, creating it with default permissions', async () => {
    const k = newKey();
    expect(await node.post('/devnet/faucet', { address: k.b58, amount: 5_000_000, visible: true })).toEqual({
      result: true,
      address: k.b58,
      balance: 5_000_000,
    });
    expect((await node.account(k.b58)).active_permission[0].operations).toBe(DEFAULT_OPS);
    expect((await node.request('/devnet/faucet', { address: k.b58, amount: 0 })).status).toBe(400);
    expect((await node.request('/devnet/faucet', { address: k.b58, amount: 10n ** 13n })).status).toBe(400);
  });

  it('/devnet/produceblock and /devnet/info', async () => {
    const before = (await node.post('/devnet/info')).head.number as number;
    const block = await node.post('/devnet/produceblock');
    expect(block).toMatchObject({ number: before + 1, executive: K.exec.b58, signer: K.block.b58 });
    const info = await node.post('/devnet/info');
    expect(info.head.number).toBe(before + 1);
    expect(info.blockSigner).toBe(K.block.b58);
    expect(info.accounts.map((a: Json) => a.name)).toEqual(['alice', 'bob', 'carol', 'dave', 'executive', 'pair']);
    expect(info.parameters).toMatchObject({ MULTI_SIGN_FEE: '1000000', TOKEN_ID_NUM: '1000001', ACTIVE_DEFAULT_OPERATIONS: DEFAULT_OPS });
    expect(JSON.stringify(info)).not.toContain(K.alice.priv);
  });
});

describe('input hygiene: a clear {"Error": ...} with a 4xx, never a crash or a stack trace', () => {
  const noStack = (json: Json): void => {
    expect(typeof json.Error).toBe('string');
    expect(json.Error).not.toMatch(/\n\s+at /);
  };

  it('malformed JSON, a non-object body, wrong types, bad hex, unknown keys: 400', async () => {
    const cases: [string, string | undefined, Json | undefined][] = [
      ['/wallet/createtransaction', '{"owner_address": ', undefined],
      ['/wallet/createtransaction', '[1,2]', undefined],
      ['/wallet/createtransaction', undefined, { owner_address: K.alice.hex, to_address: K.bob.hex, amount: 'abc' }],
      ['/wallet/createtransaction', undefined, { owner_address: 'zz', to_address: K.bob.hex, amount: 1 }],
      ['/wallet/createtransaction', undefined, { owner_address: K.alice.hex, to_address: K.bob.hex, amount: 1, colour: 'red' }],
      ['/wallet/createtransaction', undefined, { owner_address: K.alice.hex, to_address: K.bob.hex, amount: 1, visible: 'yes' }],
      ['/wallet/getaccount', undefined, { address: 42 }],
      ['/wallet/getblockbynum', undefined, { num: -1 }],
      ['/wallet/gettransactionbyid', undefined, { value: 'xyz' }],
      ['/wallet/broadcasttransaction', undefined, { raw_data_hex: 'abc' }],
      ['/wallet/broadcasttransaction', undefined, { raw_data_hex: 'ffff' }],
      ['/wallet/broadcasttransaction', undefined, { raw_data_hex: (await built()).raw_data_hex, signature: 'ab' }],
      ['/wallet/getsignweight', undefined, {}],
      ['/wallet/accountpermissionupdate', undefined, { owner_address: K.alice.hex, owner: { keys: 'none' } }],
    ];
    for (const [path, raw, body] of cases) {
      const r = await node.request(path, body, raw === undefined ? {} : { raw });
      expect(r.status, `${path} ${raw ?? JSON.stringify(body)}`).toBe(400);
      noStack(r.json);
    }
  });

  it('unknown endpoint: 404; GET on a POST-only endpoint: 405', async () => {
    const missing = await node.request('/wallet/nosuchthing', {});
    expect(missing.status).toBe(404);
    noStack(missing.json);
    const get = await node.request('/wallet/broadcasttransaction', undefined, { method: 'GET' });
    expect(get.status).toBe(405);
  });

  it(`a body over ${MAX_BODY_BYTES} bytes: 413`, async () => {
    const r = await node.request('/wallet/broadcasttransaction', undefined, { raw: `{"raw_data_hex":"${'00'.repeat(MAX_BODY_BYTES / 2 + 10)}"}` });
    expect(r.status).toBe(413);
    noStack(r.json);
    // The node still answers afterwards.
    expect((await node.request('/wallet/getnowblock')).status).toBe(200);
  });

  it('a Host other than loopback, or a foreign Origin: 403 (DNS rebinding, cross-site pages)', async () => {
    // fetch will not send a foreign Host header; node:http will.
    const host = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${node.url}/wallet/getnowblock`, { method: 'POST', headers: { host: 'evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(host).toBe(403);
    const origin = await node.request('/wallet/getnowblock', undefined, { headers: { origin: 'https://evil.example' } });
    expect(origin.status).toBe(403);
    const local = await node.request('/wallet/getnowblock', undefined, { headers: { origin: 'http://localhost:5173' } });
    expect(local.status).toBe(200);
  });

  it('utf8 memos round-trip through visible=true', async () => {
    const tx = await node.post('/wallet/transferasset', {
      owner_address: K.carol.b58,
      to_address: K.bob.b58,
      asset_name: TOKEN,
      amount: 1,
      extra_data: 'hello ✓',
      visible: true,
    });
    expect(tx.raw_data.data).toBe(bytesToHex(utf8ToBytes('hello ✓')));
    expect(tx.raw_data.contract[0].parameter.value.asset_name).toBe(TOKEN);
  });
});
