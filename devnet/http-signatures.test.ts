// The devnet's signature endpoints over real HTTP on 127.0.0.1 (docs/decisions.md §3): /wallet/getsignweight
// (PROTOCOL.md §4.1), /wallet/getapprovedlist (§4.2) and /wallet/addtransactionsign (§4.3, loopback
// only, the key never echoed), one test per error path with the node's codes and messages word for
// word. Signatures are made with shared/; shared set-up: test/helpers/devnet-http-helpers.ts.
import { describe, expect, it } from 'vitest';
import { isLoopback } from './routes.ts';
import { K, newKey, permissionUpdateBody, rawOf, rawTransaction, sign, type Json } from '../test/helpers/devnet-helpers.ts';
import { VECTORS, PERMISSION, DEFAULT_OPS, node, built, ownedBy, useHttpNode } from '../test/helpers/devnet-http-helpers.ts';

useHttpNode();

describe('/wallet/getsignweight (PROTOCOL.md §4.1)', () => {
  it('ENOUGH_PERMISSION prints "result":{} inside the node\'s wrapper', async () => {
    const tx = sign(await built(), K.alice);
    const r = await node.post('/wallet/getsignweight', tx);
    expect(r).toEqual({
      permission: { permission_name: 'owner', threshold: 1, keys: [{ address: K.alice.hex, weight: 1 }] },
      approved_list: [K.alice.hex],
      current_weight: 1,
      result: {},
      transaction: {
        result: { result: true },
        txid: tx.txID,
        transaction: { txID: tx.txID, raw_data: tx.raw_data, raw_data_hex: tx.raw_data_hex, signature: tx.signature },
      },
    });
    // The spec's body shape, {"transaction": ...}, is read the same way.
    expect(await node.post('/wallet/getsignweight', { transaction: tx })).toEqual(r);
  });

  it('NOT_ENOUGH_PERMISSION with no signatures', async () => {
    const r = await node.post('/wallet/getsignweight', await built());
    expect(r.result).toEqual({ code: 'NOT_ENOUGH_PERMISSION' });
    expect(r.current_weight).toBeUndefined();
  });

  it('the PERMISSION_ERROR, SIGNATURE_FORMAT_ERROR, COMPUTE_ADDRESS_ERROR and OTHER_ERROR results', async () => {
    const tx = await built();
    const short = { ...tx, signature: [sign(tx, K.alice).signature[0].slice(0, 128)] };
    const badV = { ...tx, signature: [sign(tx, K.alice).signature[0].slice(0, 128) + '08'] };
    const raw1 = rawOf(tx);
    raw1.contract[0]!.PermissionId = 1;
    const raw9 = rawOf(tx);
    raw9.contract[0]!.PermissionId = 9;
    const update = await node.post('/wallet/accountpermissionupdate', {
      ...permissionUpdateBody(K.alice, [{ type: 'Active', threshold: 1, operations: DEFAULT_OPS, keys: [{ address: K.alice.hex, weight: 1 }] }]),
      Permission_id: 2,
    });
    const empty = rawOf(tx);
    empty.contract = [];
    const cases: [Json, Json][] = [
      [
        sign(tx, K.bob),
        { code: 'PERMISSION_ERROR', message: `${sign(tx, K.bob).signature[0]} is signed by ${K.bob.b58} but it is not contained of permission.` },
      ],
      [short, { code: 'SIGNATURE_FORMAT_ERROR', message: 'Signature size is 64' }],
      [badV, { code: 'COMPUTE_ADDRESS_ERROR', message: 'Header byte out of range: 35' }],
      [rawTransaction(raw9), { code: 'PERMISSION_ERROR', message: 'Permission for this, does not exist!' }],
      [sign(update, K.alice), { code: 'PERMISSION_ERROR', message: 'Permission denied!' }],
      [rawTransaction(ownedBy(tx, newKey().hex)), { code: 'PERMISSION_ERROR', message: 'Account does not exist!' }],
      [rawTransaction(empty), { code: 'OTHER_ERROR', message: 'Invalid transaction: no valid contract' }],
    ];
    for (const [body, result] of cases) expect((await node.post('/wallet/getsignweight', body)).result).toEqual(result);
    const execRaw = rawOf(await built(K.exec, K.bob.hex));
    execRaw.contract[0]!.PermissionId = 1;
    expect((await node.post('/wallet/getsignweight', rawTransaction(execRaw))).result).toEqual({
      code: 'PERMISSION_ERROR',
      message: 'Permission type is wrong!',
    });
    expect((await node.post('/wallet/getsignweight', rawTransaction(raw1))).result).toEqual({
      code: 'PERMISSION_ERROR',
      message: 'Permission for this, does not exist!',
    });
  });

  it('reads the reference vectors: two signatures on a one-key active are too many', async () => {
    const v = VECTORS.transactions[1]!; // TransferAssetContract by 11×32 (alice), Permission_id 2, signed by 11×32 and 12×32
    const r = await node.post('/wallet/getsignweight', { raw_data_hex: v.raw_data_hex, txID: v.txID, signature: v.signatures, visible: true });
    expect(r.permission).toMatchObject({ type: 'Active', id: 2, permission_name: 'active' });
    expect(r.result).toEqual({ code: 'PERMISSION_ERROR', message: 'Signature count is 2 more than key counts of permission : 1' });
    const owner = VECTORS.transactions[2]!; // TransferContract signed by 11×32 under the owner permission
    const ok = await node.post('/wallet/getsignweight', { raw_data_hex: owner.raw_data_hex, signature: owner.signatures, visible: true });
    expect(ok).toMatchObject({ approved_list: [K.alice.b58], current_weight: 1, result: {} });
  });
});

describe('/wallet/getapprovedlist (PROTOCOL.md §4.2)', () => {
  it('lists the recovered signers with no permission check (the §9.2 vector signs as its recipient)', async () => {
    const v = VECTORS.transactions[0]!;
    const body = { raw_data_hex: v.raw_data_hex, signature: v.signatures };
    expect((await node.post('/wallet/getapprovedlist', body)).result).toEqual({
      code: 'OTHER_ERROR',
      message: 'class org.tron.core.exception.PermissionException : Account does not exist!',
    });
    await node.post('/devnet/faucet', { address: v.contract.owner_address, amount: 1 });
    const r = await node.post('/wallet/getapprovedlist', { ...body, visible: true });
    expect(r.approved_list).toEqual(['THph9K2M2nLvkianrMGswRhz5hjSA9fuH7']);
    expect(r.result).toEqual({});
    expect(r.transaction.txid).toBe(v.txID);
  });

  it('SIGNATURE_FORMAT_ERROR, COMPUTE_ADDRESS_ERROR and "no valid contract"', async () => {
    const tx = await built();
    const sig = sign(tx, K.alice).signature[0] as string;
    expect((await node.post('/wallet/getapprovedlist', { ...tx, signature: [sig.slice(0, 120)] })).result).toEqual({
      code: 'SIGNATURE_FORMAT_ERROR',
      message: 'Signature size is 60',
    });
    expect((await node.post('/wallet/getapprovedlist', { ...tx, signature: [sig.slice(0, 128) + '08'] })).result).toEqual({
      code: 'COMPUTE_ADDRESS_ERROR',
      message: 'Header byte out of range: 35',
    });
    const empty = rawOf(tx);
    empty.contract = [];
    expect((await node.post('/wallet/getapprovedlist', rawTransaction(empty))).result).toEqual({
      code: 'OTHER_ERROR',
      message: 'Invalid transaction: no valid contract',
    });
  });
});

describe('/wallet/addtransactionsign (PROTOCOL.md §4.3; loopback, test only)', () => {
  it("appends a signature; its checks run in the node's order with its messages", async () => {
    const tx = await built();
    const once = await node.post('/wallet/addtransactionsign', { transaction: tx, privateKey: K.alice.priv });
    expect(once).toEqual({ ...sign(tx, K.alice), visible: false });
    const raw5 = rawOf(tx);
    raw5.contract[0]!.PermissionId = 5;
    const execRaw = rawOf(await built(K.exec, K.bob.hex));
    execRaw.contract[0]!.PermissionId = 1;
    const update = await node.post('/wallet/accountpermissionupdate', {
      ...permissionUpdateBody(K.alice, [{ type: 'Active', threshold: 1, operations: DEFAULT_OPS, keys: [{ address: K.alice.hex, weight: 1 }] }]),
      Permission_id: 2,
    });
    const cases: [Json, string, string][] = [
      [await built(K.alice), K.bob.priv, `${K.bob.b58}'s key is not contained of permission.`],
      [once, K.alice.priv, `${K.alice.b58} had signed!`],
      [rawTransaction(raw5), K.alice.priv, "permission isn't exit"],
      [rawTransaction(execRaw), K.block.priv, 'Permission type is error'],
      [update, K.alice.priv, 'Permission denied'],
    ];
    for (const [transaction, privateKey, message] of cases) {
      expect(await node.post('/wallet/addtransactionsign', { transaction, privateKey })).toEqual({ Error: PERMISSION + message });
    }
    expect(await node.post('/wallet/addtransactionsign', { transaction: rawTransaction(ownedBy(tx, newKey().hex)), privateKey: K.alice.priv })).toEqual({
      Error: PERMISSION + 'Account is not exist!',
    });
  });

  it('never writes the private key into a reply or a log line', async () => {
    const secret = newKey();
    const before = node.logs.length;
    const r = await node.post('/wallet/addtransactionsign', { transaction: await built(), privateKey: secret.priv });
    expect(r.Error).toBe(`${PERMISSION}${secret.b58}'s key is not contained of permission.`);
    const bad = await node.request('/wallet/addtransactionsign', { transaction: await built(), privateKey: secret.priv.slice(0, 63) + 'g' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify([r, bad.json, node.logs.slice(before)])).not.toContain(secret.priv.slice(0, 16));
    expect(node.logs.slice(before).some((l) => l.includes('/wallet/addtransactionsign'))).toBe(true);
  });

  it('answers only to a loopback peer', () => {
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('192.168.1.2')).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
  });
});
