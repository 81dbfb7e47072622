// The devnet's HTTP input rules at their edges (devnet/http.ts, README "Security"), over real
// connections: the 1 MiB body limit to the byte, by Content-Length and by a chunked stream; bodies
// that are JSON but not an object; unknown transaction keys; /wallet/addtransactionsign's order of
// signatures and its loopback-peer rule, tested from this host's own non-loopback address.
import { request as httpRequest, type ClientRequest } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GENESIS_JSON } from './genesis.ts';
import { parseJson } from '../shared/base/json.ts';
import { K, PAIR_ACCOUNT, sign, startNode, type Json, type TestNode } from '../test/helpers/devnet-helpers.ts';

/** The limit, written out rather than imported, so a change to the constant is noticed. */
const LIMIT = 1_048_576;
const TOO_LARGE = { Error: 'request body is larger than 1048576 bytes' };

let node: TestNode;

beforeAll(async () => {
  node = await startNode({
    genesisJson: {
      ...DEFAULT_GENESIS_JSON,
      accounts: [...DEFAULT_GENESIS_JSON.accounts, { ...PAIR_ACCOUNT, balance: '10000000' }],
    },
  });
});
afterAll(() => node.stop());

/** A JSON object of exactly `bytes` bytes: {"visible":true} padded with spaces. */
function paddedBody(bytes: number): string {
  const head = '{"visible":true';
  return head + ' '.repeat(bytes - head.length - 1) + '}';
}

/**
 * One POST over node:http (fetch cannot stream a body by hand or pick the local address). `write`
 * sends the body; the promise settles with the first response, whether or not the body was finished.
 */
function post(
  path: string,
  write: (req: ClientRequest) => void,
  options: { headers?: Record<string, string>; localAddress?: string } = {},
): Promise<{ status: number; json: Json }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      `${node.url}${path}`,
      { method: 'POST', headers: options.headers ?? {}, ...(options.localAddress ? { localAddress: options.localAddress } : {}) },
      (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, json: parseJson(text) as Json });
          req.destroy();
        });
        res.on('error', reject);
      },
    );
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    write(req);
  });
}

describe('request bodies: at most 1 MiB (1,048,576 bytes)', () => {
  it('with a Content-Length: 1,048,576 bytes are read, 1,048,577 are refused with 413', async () => {
    const at = await node.request('/wallet/getnowblock', undefined, { raw: paddedBody(LIMIT) });
    expect(at.status).toBe(200);
    expect(at.json.blockID).toMatch(/^[0-9a-f]{64}$/);
    expect(await node.request('/wallet/getnowblock', undefined, { raw: paddedBody(LIMIT + 1) })).toEqual({ status: 413, json: TOO_LARGE });
  });

  it('a Content-Length over the limit is refused with 413 before the body is sent', async () => {
    // 2,000,000 bytes announced, 17 sent, and the request never finished: only the header can answer.
    const reply = await post('/wallet/broadcasttransaction', (req) => req.write('{"raw_data_hex":"'), {
      headers: { 'content-type': 'application/json', 'content-length': '2000000' },
    });
    expect(reply).toEqual({ status: 413, json: TOO_LARGE });
  });

  it('a chunked body (no Content-Length) is counted as it streams: 1,048,576 bytes are read, 1,048,577 are refused with 413', async () => {
    const chunked = (body: string) =>
      post(
        '/wallet/getnowblock',
        (req) => {
          for (let i = 0; i < body.length; i += 65_536) req.write(body.slice(i, i + 65_536));
          req.end();
        },
        { headers: { 'transfer-encoding': 'chunked' } },
      );
    const at = await chunked(paddedBody(LIMIT));
    expect(at.status).toBe(200);
    expect(at.json.blockID).toMatch(/^[0-9a-f]{64}$/);
    expect(await chunked(paddedBody(LIMIT + 1))).toEqual({ status: 413, json: TOO_LARGE });
    // The node still answers afterwards.
    expect((await node.request('/wallet/getnowblock')).status).toBe(200);
  });
});

describe('request bodies: a JSON object or nothing', () => {
  it('JSON that is not an object (42, [1], "x", true) is a 400, even where no field is needed', async () => {
    for (const raw of ['42', '[1]', '"x"', 'true']) {
      expect(await node.request('/wallet/getnowblock', undefined, { raw }), raw).toEqual({
        status: 400,
        json: { Error: 'request body: expected a JSON object' },
      });
    }
    expect((await node.request('/wallet/getnowblock', undefined, { raw: '' })).status).toBe(200);
  });
});

describe("/wallet/broadcasttransaction: the transaction's own keys only", () => {
  it('an unknown key is a 400 naming it, and the transaction is not applied', async () => {
    const tx = sign(await node.post('/wallet/createtransaction', { owner_address: K.alice.hex, to_address: K.bob.hex, amount: 1 }), K.alice);
    const r = await node.request('/wallet/broadcasttransaction', { ...tx, foo: 1 });
    expect(r).toEqual({ status: 400, json: { Error: 'transaction.foo: unknown field (known: visible, txID, raw_data, raw_data_hex, signature, ret)' } });
    expect(await node.post('/wallet/gettransactionbyid', { value: tx.txID })).toEqual({});
    expect(await node.post('/wallet/broadcasttransaction', tx)).toEqual({ result: true, txid: tx.txID });
  });

  it('a signature entry that is not a string is a 400 naming it', async () => {
    const tx = await node.post('/wallet/createtransaction', { owner_address: K.alice.hex, to_address: K.bob.hex, amount: 2 });
    expect(await node.request('/wallet/broadcasttransaction', { ...tx, signature: [123] })).toEqual({
      status: 400,
      json: { Error: 'transaction.signature[0]: expected a hex string' },
    });
  });
});

describe('__proto__ and constructor keys in request bodies are unknown fields (issue 6)', () => {
  it("a create endpoint refuses them instead of taking them as the body's prototype", async () => {
    for (const key of ['__proto__', 'constructor']) {
      // Raw text: a JS object literal would turn "__proto__" into a prototype before it is sent.
      const raw = `{"owner_address": "${K.alice.hex}", "to_address": "${K.bob.hex}", "${key}": {"amount": 5}}`;
      const r = await node.request('/wallet/createtransaction', undefined, { raw });
      expect(r.status, key).toBe(400);
      expect(r.json.Error).toMatch(new RegExp(`^TransferContract\\.${key}: unknown field`));
    }
  });

  it('broadcast and addtransactionsign refuse them too', async () => {
    const tx = await node.post('/wallet/createtransaction', { owner_address: K.alice.hex, to_address: K.bob.hex, amount: 3 });
    const body = JSON.stringify(tx).replace('{', '{"__proto__": {"visible": true}, ');
    expect(await node.request('/wallet/broadcasttransaction', undefined, { raw: body })).toEqual({
      status: 400,
      json: { Error: 'transaction.__proto__: unknown field (known: visible, txID, raw_data, raw_data_hex, signature, ret)' },
    });
    const sign = `{"transaction": ${JSON.stringify(tx)}, "privateKey": "${K.alice.priv}", "constructor": 1}`;
    expect(await node.request('/wallet/addtransactionsign', undefined, { raw: sign })).toEqual({
      status: 400,
      json: { Error: 'request body.constructor: unknown field (known: transaction, privateKey, visible)' },
    });
  });
});

describe('/wallet/addtransactionsign (PROTOCOL.md §4.3; loopback, test only)', () => {
  it("appends: the second signer's signature goes after the first one's", async () => {
    const tx = await node.post('/wallet/createtransaction', { owner_address: K.k22.hex, to_address: K.bob.hex, amount: 1 });
    const once = await node.post('/wallet/addtransactionsign', { transaction: tx, privateKey: K.k22.priv });
    const twice = await node.post('/wallet/addtransactionsign', { transaction: once, privateKey: K.k23.priv });
    expect(twice).toEqual({ ...sign(tx, K.k22, K.k23), visible: false });
    expect(await node.post('/wallet/broadcasttransaction', twice)).toEqual({ result: true, txid: tx.txID });
  });

  it("answers 403 to a peer that is not loopback: a real connection from this host's own non-loopback address", async () => {
    // The devnet listens on 127.0.0.1 only, but a local client may bind its end of the connection to
    // any address of this host; the server then sees that address as the peer.
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal);
    if (!external) throw new Error('this test needs a non-loopback IPv4 address on the host (none found by os.networkInterfaces())');
    const tx = await node.post('/wallet/createtransaction', { owner_address: K.alice.hex, to_address: K.bob.hex, amount: 3 });
    const body = JSON.stringify({ transaction: tx, privateKey: K.alice.priv });
    const send = (localAddress?: string) =>
      post('/wallet/addtransactionsign', (req) => req.end(body), {
        headers: { 'content-type': 'application/json' },
        ...(localAddress ? { localAddress } : {}),
      });
    expect(await send(external.address)).toEqual({
      status: 403,
      json: { Error: '/wallet/addtransactionsign answers only on loopback: it takes a private key' },
    });
    // The same request from 127.0.0.1 is signed.
    expect(await send()).toEqual({ status: 200, json: { ...sign(tx, K.alice), visible: false } });
  });
});
