// The station's node client (docs/decisions.md §7 "Node client") against the real devnet on a free port, and a
// loopback server for the reply shapes a devnet never sends (not JSON, HTTP 500, a stalled reply,
// 10 MB, a real node's extra fields). Each error is checked for its code and its way forward.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSnapshot, stringifySnapshot } from '../../shared/files/snapshot.ts';
import { taposOf } from '../../shared/chain/tapos.ts';
import { transactionFromNodeJson } from '../../shared/chain/transaction.ts';
import { DEFAULT_NODE_URL, NodeClient } from './node-client.ts';
import { comparePermissions } from './permission-comparison.ts';
import {
  buildAndSend,
  funded,
  hexText,
  K,
  newKey,
  permissionUpdateBody,
  rawOf,
  sign,
  startNode,
  SUN,
  TRANSFER_ONLY_OPS,
  type Json,
  type TestKey,
  type TestNode,
} from '../../test/helpers/devnet-helpers.ts';

const txOf = (json: Json) => transactionFromNodeJson(json);

describe('NodeClient against the devnet', () => {
  let node: TestNode;
  let client: NodeClient;
  let owner: TestKey;
  const [a, b, c, d] = [newKey(), newKey(), newKey(), newKey()];
  const twoOfThree = (keys: TestKey[], threshold = 2): Json => ({
    type: 'Active',
    id: 2,
    permission_name: 'pay',
    threshold,
    operations: TRANSFER_ONLY_OPS,
    keys: keys.map((k) => ({ address: k.hex, weight: 1 })),
  });

  beforeAll(async () => {
    node = await startNode();
    client = new NodeClient({ baseUrl: node.url, clock: () => node.clock.now });
    owner = await funded(node, 1_000n * SUN);
    const { reply } = await buildAndSend(node, '/wallet/accountpermissionupdate', permissionUpdateBody(owner, [twoOfThree([a, b, c])]), [owner]);
    expect(reply.result).toBe(true);
    await node.block();
  });
  afterAll(() => node.stop());

  it('defaults to the embedded local node', () => {
    expect(new NodeClient().baseUrl).toBe(DEFAULT_NODE_URL);
    expect(DEFAULT_NODE_URL).toBe('http://127.0.0.1:8090');
  });

  it('latestBlock gives the head; its TaPoS is what the node itself writes into a transaction', async () => {
    const head = await client.latestBlock();
    const now = await node.post('/wallet/getnowblock');
    expect(head).toEqual({ number: now.block_header.raw_data.number, id: now.blockID, timestamp: now.block_header.raw_data.timestamp });
    const built = await node.transfer(K.alice, K.bob.hex, 1);
    const raw = rawOf(built);
    const tapos = taposOf(head);
    expect(tapos.refBlockBytes).toEqual(raw.refBlockBytes);
    expect(tapos.refBlockHash).toEqual(raw.refBlockHash);
  });

  it('account: permissions in the node JSON, balance, token balances, source node and block', async () => {
    const head = await client.latestBlock();
    const acc = await client.account(owner.b58);
    expect(acc).toMatchObject({
      address: owner.b58,
      exists: true,
      balance: String(await node.balance(owner.b58)),
      tokens: [],
      source: { node: node.url, block: head.number },
      at: node.clock.now,
    });
    expect(acc.permissions.active_permission).toEqual([
      {
        type: 'Active',
        id: 2,
        permission_name: 'pay',
        threshold: 2,
        operations: TRANSFER_ONLY_OPS,
        keys: [a, b, c].map((k) => ({ address: k.hex, weight: 1 })),
      },
    ]);
    expect(JSON.parse(JSON.stringify(acc))).toEqual(acc);
    const nobody = await client.account(newKey().b58);
    expect(nobody).toMatchObject({ exists: false, balance: '0', permissions: { active_permission: [] } });
  });

  it('getsignweight as a dry run: one of two is not enough, two are', async () => {
    const built = await node.post('/wallet/createtransaction', { owner_address: owner.hex, to_address: K.bob.hex, amount: 1, Permission_id: 2 });
    const one = await client.signWeight(txOf(sign(built, a)));
    expect(one).toMatchObject({ code: 'NOT_ENOUGH_PERMISSION', approved: [a.b58], weight: 1, threshold: 2, enough: false });
    const two = await client.signWeight(txOf(sign(built, a, b)));
    expect(two).toMatchObject({ code: 'ENOUGH_PERMISSION', approved: [a.b58, b.b58], weight: 2, threshold: 2, enough: true });
    const stranger = await client.signWeight(txOf(sign(built, d)));
    expect(stranger.code).toBe('PERMISSION_ERROR');
    expect(stranger.message).toContain('not contained of permission');
  });

  it('broadcast answers in words: a refusal with its decoded message, then acceptance and a changed balance', async () => {
    const built = await node.post('/wallet/createtransaction', { owner_address: owner.hex, to_address: K.carol.hex, amount: 5 * 1_000_000, Permission_id: 2 });
    const refused = await client.broadcast(txOf(sign(built, a)));
    expect(refused).toMatchObject({ accepted: false, code: 'SIGERROR', message: 'Validate signature error: sig error', txID: built.txID });
    expect(refused.text).toBe(`The node refused transaction ${built.txID}: SIGERROR: Validate signature error: sig error. ${refused.meaning}.`);
    expect(refused.meaning).toMatch(/^A signature is wrong/);
    const before = await node.balance(K.carol.b58);
    const ok = await client.broadcast(txOf(sign(built, a, c)));
    expect(ok).toEqual({ accepted: true, txID: built.txID, text: `The node accepted transaction ${built.txID}; it goes into the next block.` });
    await node.block();
    expect(await node.balance(K.carol.b58)).toBe(before + 5n * SUN);
  });

  it('comparePermissions: unchanged says so; a change is listed and the signatures are weighed under the new permission', async () => {
    const built = await node.post('/wallet/createtransaction', { owner_address: owner.hex, to_address: K.bob.hex, amount: 1, Permission_id: 2 });
    const signed = txOf(sign(built, a, b));
    const seen = await client.account(owner.b58);
    const same = client.comparePermissions(seen, await client.account(owner.b58), signed);
    expect(same).toMatchObject({ changed: false, changes: [], weightNow: { code: 'ENOUGH_PERMISSION', weight: 2, threshold: 2, missing: 0, enough: true } });
    expect(same.text).toContain('are the same as in the snapshot');

    const { reply } = await buildAndSend(node, '/wallet/accountpermissionupdate', permissionUpdateBody(owner, [twoOfThree([a, c, d], 3)]), [owner]);
    expect(reply.result).toBe(true);
    await node.block();
    const { comparison, signWeight } = await client.preflight(signed, seen);
    expect(comparison.changed).toBe(true);
    expect(comparison.changes).toEqual([
      expect.stringMatching(/^active_permission id 2: threshold 2 → 3$/),
      expect.stringMatching(/^active_permission id 2: keys /),
    ]);
    expect(comparison.weightNow).toMatchObject({ code: 'PERMISSION_ERROR', enough: false });
    expect(comparison.text).toContain(`changed since the snapshot the signers saw (${node.url} at block ${(seen.source as { block: number }).block})`);
    expect(signWeight.code).toBe('PERMISSION_ERROR');
    // Weighed locally and by the node the same way.
    const partial = txOf(sign(built, a, c));
    const local = comparePermissions(seen, await client.account(owner.b58), partial);
    expect(local.weightNow).toMatchObject({ code: 'NOT_ENOUGH_PERMISSION', weight: 2, threshold: 3, missing: 1 });
    expect(await client.signWeight(partial)).toMatchObject({ code: 'NOT_ENOUGH_PERMISSION', weight: 2, threshold: 3 });
  });

  it('token by id (metadata) and NOT_FOUND for a token the node does not have; fees; a whole snapshot round-trips', async () => {
    const issuer = await funded(node, 2_000n * SUN);
    const start = node.clock.now + 60_000;
    const { reply } = await buildAndSend(
      node,
      '/wallet/createassetissue',
      {
        owner_address: issuer.hex,
        name: hexText('AIRDEV'),
        abbr: hexText('AIR'),
        total_supply: 1_000_000,
        coin_num: 2,
        num: 3,
        precision: 2,
        start_time: start,
        end_time: start + 86_400_000,
        description: hexText('a test token'),
        url: hexText('https://example.invalid/t'),
      },
      [issuer],
    );
    expect(reply.result).toBe(true);
    await node.block();
    const id = (await node.account(issuer.b58)).asset_issued_ID as string;
    expect(await client.token(id)).toEqual({
      id,
      name: 'AIRDEV',
      abbreviation: 'AIR',
      precision: 2,
      owner: issuer.b58,
      total_supply: '1000000',
      coin_num: 2,
      num: 3,
      start_time: start,
      end_time: start + 86_400_000,
      description: 'a test token',
      url: 'https://example.invalid/t',
    });
    expect((await client.account(issuer.b58)).tokens).toEqual([{ id, balance: '1000000' }]);
    await expect(client.token('9999999')).rejects.toMatchObject({ code: 'NOT_FOUND', message: `token 9999999 does not exist on the node at ${node.url}` });
    await expect(client.token('12ab')).rejects.toMatchObject({ code: 'INVALID_INPUT', details: { field: 'token' } });
    const fees = await client.fees();
    expect(fees.getTransactionFee).toBeTypeOf('number');
    expect(fees.getMultiSignFee).toBe(1_000_000);
    const snap = await client.snapshot([owner.b58, issuer.b58], [id]);
    expect(parseSnapshot(stringifySnapshot(snap))).toEqual(snap);
    expect(snap.block).toEqual(await client.latestBlock());
  });
});

describe('NodeClient errors', () => {
  let server: Server;
  let url: string;
  const stalled: ServerResponse[] = [];
  const big = (res: ServerResponse, declare: boolean): void => {
    const chunk = 'x'.repeat(64 * 1024);
    res.writeHead(200, { 'content-type': 'application/json', ...(declare ? { 'content-length': String(10 * 1024 * 1024 + 2) } : {}) });
    res.write('"');
    let sent = 0;
    const more = (): void => {
      while (sent < 160) {
        sent++;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end('"');
    };
    res.on('error', () => undefined);
    more();
  };
  const routes: Record<string, (res: ServerResponse) => void> = {
    '/html': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>'),
    '/500': (res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error'),
    '/500json': (res) => res.writeHead(500).end('{"Error":"class java.lang.NullPointerException : null"}'),
    '/javaerror': (res) => res.writeHead(200).end('{"Error":"class org.tron.core.exception.ContractValidateException : Invalid url"}'),
    '/array': (res) => res.writeHead(200).end('[1,2]'),
    '/slow': (res) => void stalled.push(res),
    '/big': (res) => big(res, false),
    '/bigdeclared': (res) => big(res, true),
    '/wallet/getaccount': (res) =>
      res.writeHead(200).end(
        JSON.stringify({
          address: K.alice.hex,
          balance: 42,
          create_time: 1,
          net_window_size: 28800,
          account_resource: { energy_window_size: 28800 },
          owner_permission: { permission_name: 'owner', threshold: 1, keys: [{ address: K.alice.hex, weight: 1 }] },
          active_permission: [
            { type: 'Active', id: 2, permission_name: 'active', threshold: 1, operations: TRANSFER_ONLY_OPS, keys: [{ address: K.alice.hex, weight: 1 }] },
          ],
          frozenV2: [{}, { type: 'ENERGY' }],
          assetV2: [{ key: '1000001', value: 5 }],
          free_asset_net_usageV2: [{ key: '1000001', value: 0 }],
        }),
      ),
    '/wallet/getnowblock': (res) =>
      res.writeHead(200).end(
        JSON.stringify({
          blockID: '0000000000000007' + 'ab'.repeat(24),
          block_header: {
            raw_data: {
              number: 7,
              txTrieRoot: '00'.repeat(32),
              witness_address: K.alice.hex,
              parentHash: '00'.repeat(32),
              timestamp: 1_800_000_000_000,
              version: 30,
            },
            witness_signature: 'ff',
          },
        }),
      ),
    '/wallet/getassetissuebyid': (res) => res.writeHead(200).end('{"id":"1000001","owner_address":"41","name":"4142","precision":"two"}'),
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => (routes[req.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(404).end('{"Error":"no endpoint"}')))(res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    stalled.forEach((r) => r.destroy());
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const client = (options: { timeoutMs?: number; maxReplyBytes?: number } = {}) => new NodeClient({ baseUrl: url, ...options });

  it('unreachable: says to start the station or pass --node', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const e = await new NodeClient({ baseUrl: `http://127.0.0.1:${port}` }).latestBlock().catch((x) => x);
    expect(e).toMatchObject({ code: 'NODE_UNREACHABLE' });
    expect(e.message).toBe(`cannot reach the node at http://127.0.0.1:${port} (ECONNREFUSED): start the station's local node (npm start) or pass --node URL`);
  });

  it('a bad base URL is an input error naming --node', () => {
    expect(() => new NodeClient({ baseUrl: 'ftp://x' })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', details: { field: 'node' } }));
    expect(() => new NodeClient({ baseUrl: 'not a url' })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(() => new NodeClient({ baseUrl: 'http://user:secret@127.0.0.1:1' })).toThrow(/no user name or password/);
  });

  it('a reply that never comes is a timeout', async () => {
    await expect(client({ timeoutMs: 300 }).post('/slow')).rejects.toMatchObject({
      code: 'NODE_TIMEOUT',
      message: `the node at ${url} did not answer /slow within 300 ms; check that it is running and not overloaded, or pass --node URL`,
    });
  });

  it('not JSON, an HTTP error, the node\'s {"Error"} and a non-object are each coded', async () => {
    await expect(client().post('/html')).rejects.toMatchObject({
      code: 'NODE_REPLY',
      message: `the node at ${url} answered /html with something that is not JSON (HTTP 200); is ${url} a node's HTTP API?`,
    });
    await expect(client().post('/500')).rejects.toMatchObject({
      code: 'NODE_ERROR',
      message: `the node at ${url} refused /500: HTTP 500`,
      details: { status: 500 },
    });
    await expect(client().post('/500json')).rejects.toMatchObject({
      code: 'NODE_ERROR',
      message: `the node at ${url} refused /500json: class java.lang.NullPointerException : null`,
    });
    await expect(client().post('/javaerror')).rejects.toMatchObject({
      code: 'NODE_ERROR',
      message: `the node at ${url} refused /javaerror: class org.tron.core.exception.ContractValidateException : Invalid url`,
    });
    await expect(client().post('/nowhere')).rejects.toMatchObject({ code: 'NODE_ERROR', details: { status: 404 } });
    await expect(client().post('/array')).rejects.toMatchObject({
      code: 'NODE_REPLY',
      message: `the node at ${url} answered /array with JSON that is not an object`,
    });
  });

  it('a 10 MB reply is refused, declared or streamed, without reading it all', async () => {
    for (const path of ['/big', '/bigdeclared']) {
      await expect(client().post(path)).rejects.toMatchObject({
        code: 'NODE_REPLY',
        message: `the node at ${url} answered ${path} with more than 4194304 bytes; refusing to read it`,
      });
    }
    // Under a limit that admits it, the same reply is read through (and is then merely not an object).
    await expect(client({ maxReplyBytes: 11 * 1024 * 1024 }).post('/big')).rejects.toMatchObject({
      message: `the node at ${url} answered /big with JSON that is not an object`,
    });
  });

  it("a real node's getaccount and getnowblock, full of fields we do not model, read leniently", async () => {
    const acc = await client().account(K.alice.b58);
    expect(acc).toMatchObject({ exists: true, balance: '42', tokens: [{ id: '1000001', balance: '5' }], source: { node: url, block: 7 } });
    expect(acc.permissions.owner_permission).toEqual({ permission_name: 'owner', threshold: 1, keys: [{ address: K.alice.hex, weight: 1 }] });
  });

  it('a modelled field of the wrong type is still refused, naming it', async () => {
    await expect(client().token('1000001')).rejects.toMatchObject({ code: 'NODE_REPLY', details: { field: 'token.owner_address' } });
  });
});
