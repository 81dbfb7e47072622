// The station against a java-tron node (docs/decisions.md §11): NodeClient in the java-tron dialect against the
// recorded-shape test node (test/helpers/java-tron-node.ts, fixtures in test/fixtures/java-tron/): replies
// read leniently into the spec's names, requests written in java-tron's, the dialect probe, every
// broadcast answer in words, the API key (sent, never shown), and the station's whole flow: fetch
// the account, build with the shared builders, sign on two stations by handoff file, broadcast.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hexToBytes } from '../../shared/base/bytes.ts';
import { exportHandoff, parseHandoff, stringifyHandoff, type HandoffPermission } from '../../shared/files/handoff.ts';
import { addSignature } from '../../shared/chain/keys.ts';
import { parseSnapshot, planFromSnapshot, snapshotAccount, stringifySnapshot } from '../../shared/files/snapshot.ts';
import { buildAssetIssue, buildTransferAsset } from '../../shared/contracts/token.ts';
import { createTransaction, transactionFromNodeJson, type SignedTransaction } from '../../shared/chain/transaction.ts';
import { buildTransfer } from '../../shared/contracts/transfer.ts';
import { NETWORK_PRESETS, networkPreset } from '../../shared/chain/networks.ts';
import { API_KEY_HEADER, NodeClient, probeDialect } from '../../station/node/node-client.ts';
import { FIXTURES, namesOnlyIn, startJavaTronNode, type JavaTronNode, type Json } from '../helpers/java-tron-node.ts';
import { K, startNode, type TestKey, type TestNode } from '../helpers/devnet-helpers.ts';

const T = FIXTURES.block.block_header.raw_data.timestamp as number;
/** PROTOCOL.md §9.1 public test keys: KEY_11 is the treasury (an executive), 12 and 13 its 2-of-2 "treasury" permission. */
const keyOf = (k: TestKey) => ({ ...k, priv: hexToBytes(k.priv) });
const [treasury, k12, k13, k21] = [K.alice, K.bob, K.carol, K.dave].map(keyOf) as [
  ReturnType<typeof keyOf>,
  ReturnType<typeof keyOf>,
  ReturnType<typeof keyOf>,
  ReturnType<typeof keyOf>,
];
const javaTronNamesIn = (v: unknown): string[] => namesOnlyIn('java-tron', v);

describe('NodeClient in the java-tron dialect against the recorded-shape test node', () => {
  let node: JavaTronNode;
  let client: NodeClient;
  beforeAll(async () => {
    node = await startJavaTronNode();
    client = new NodeClient({ baseUrl: node.url, dialect: 'java-tron', clock: () => T + 5_000 });
  });
  afterAll(() => node.stop());

  it('the head block, read from a block full of transactions Airlock does not model', async () => {
    expect(await client.latestBlock()).toEqual({ number: 52_000_000, id: FIXTURES.block.blockID, timestamp: T });
  });

  it("getaccount's full field set reads leniently into the spec's names: executive permission, token balances", async () => {
    const acc = await client.account(treasury.b58);
    expect(acc).toMatchObject({
      address: treasury.b58,
      exists: true,
      balance: '2500000000',
      tokens: [{ id: '1000001', balance: '999500' }],
      source: { node: node.url, block: 52_000_000 },
    });
    expect(acc.permissions.executive_permission).toEqual({
      type: 'Executive',
      id: 1,
      permission_name: 'witness',
      threshold: 1,
      keys: [{ address: treasury.hex, weight: 1 }],
    });
    expect(acc.permissions.active_permission).toEqual([FIXTURES.accounts[0]!.active_permission[0]]);
    expect(javaTronNamesIn(acc)).toEqual([]);
    expect(await client.account(k21.b58)).toMatchObject({ exists: true, balance: '1000000' });
    expect(await client.account(k12.b58)).toMatchObject({ exists: false, permissions: { active_permission: [] } });
  });

  it('a token: trx_num and frozen_supply come back as coin_num (read without the dialect, the price would be lost)', async () => {
    const token = await client.token('1000001');
    expect(token).toEqual({
      id: '1000001',
      name: 'AIR',
      abbreviation: 'AIR',
      precision: 2,
      owner: treasury.b58,
      total_supply: '1000000',
      coin_num: 2,
      num: 3,
      start_time: 1799000000000,
      end_time: 1830000000000,
      description: 'a test asset',
      url: 'https://example.invalid',
    });
    const spec = new NodeClient({ baseUrl: node.url });
    expect((await spec.token('1000001')).coin_num).toBe(0);
    expect((await spec.account(treasury.b58)).permissions.executive_permission).toBeUndefined();
    await expect(client.token('1000002')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a reply naming one field in both dialects is refused as unreadable, naming the field', async () => {
    const both = { ...FIXTURES.accounts[0], executive_permission: FIXTURES.accounts[0]!.witness_permission };
    node.answerNext('/wallet/getaccount', JSON.stringify(both));
    await expect(client.account(treasury.b58)).rejects.toMatchObject({
      code: 'NODE_REPLY',
      details: { field: '/wallet/getaccount.executive_permission' },
      message: `the node at ${node.url} sent a reply Airlock cannot read: /wallet/getaccount: witness_permission and executive_permission name the same field; give it once`,
    });
  });

  it("fees: java-tron's parameter names come back in the spec's (getCreateWitnessFee → getCreateExecutiveFee)", async () => {
    const fees = await client.fees();
    expect(fees).toMatchObject({ getTransactionFee: 1000, getMultiSignFee: 1_000_000, getCreateExecutiveFee: 9_999_000_000, getMemoFee: 1_000_000 });
    expect(Object.keys(fees).some((k) => k.includes('Witness'))).toBe(false);
  });

  it('a chain snapshot from a java-tron node carries no java-tron name and reads back whole', async () => {
    const snap = await client.snapshot([treasury.b58, k21.b58], ['1000001']);
    expect(javaTronNamesIn(snap)).toEqual([]);
    expect(JSON.stringify(snap)).toContain('"executive_permission"');
    expect(parseSnapshot(stringifySnapshot(snap))).toEqual(snap);
  });

  it("requests go out in java-tron's names: a token issue's body says frozen_supply and trx_num", async () => {
    const tx = createTransaction(
      {
        type: 'AssetIssueContract',
        value: buildAssetIssue({
          owner: treasury.hex,
          name: 'NEW',
          totalSupply: 10,
          coinNum: 1,
          num: 1,
          startTime: T + 600_000,
          endTime: T + 900_000,
          url: 'https://example.invalid',
          cdedSupply: [{ amount: 1, days: 1 }],
        }),
      },
      { refBlockBytes: hexToBytes('7500'), refBlockHash: hexToBytes(FIXTURES.block.blockID.slice(16, 32)), expiration: T + 60_000, timestamp: T },
    );
    const result = await client.broadcast(addSignature(tx, treasury.priv));
    expect(result).toMatchObject({ accepted: true });
    const sent = node.requests.at(-1)!;
    expect(sent.path).toBe('/wallet/broadcasttransaction');
    const value = sent.body.raw_data.contract[0].parameter.value as Json;
    expect(value).toMatchObject({ frozen_supply: [{ frozen_amount: 1, frozen_days: 1 }], trx_num: 1 });
    expect(JSON.stringify(sent.body)).not.toMatch(/cded|coin_num|executive|Executive/);
    // The same transaction sent with the spec's names: java-tron rebuilds other bytes from raw_data.
    const wrong = await new NodeClient({ baseUrl: node.url }).broadcast(addSignature(tx, treasury.priv));
    expect(wrong).toMatchObject({ accepted: false, code: 'SIGERROR' });
  });

  it('every broadcast answer in words: accepted, each refusal with its hex message decoded, the Error form', async () => {
    const tx = addSignature(
      createTransaction(
        { type: 'TransferContract', value: buildTransfer({ owner: treasury.hex, to: k21.hex, amount: 1 }) },
        {
          refBlockBytes: hexToBytes('7500'),
          refBlockHash: hexToBytes(FIXTURES.block.blockID.slice(16, 32)),
          expiration: T + 60_000,
          timestamp: T,
        },
      ),
      treasury.priv,
    );
    for (const r of FIXTURES.broadcast.refusals as { reply: Json; expect: { code: string; message: string } }[]) {
      node.refuseNext(r.reply);
      const got = await client.broadcast(tx);
      expect(got).toMatchObject({ accepted: false, code: r.expect.code, message: r.expect.message });
      expect(got.meaning).toEqual(expect.any(String));
      expect(got.text).toBe(`The node refused transaction ${got.txID}: ${r.expect.code}${r.expect.message ? `: ${r.expect.message}` : ''}. ${got.meaning}.`);
    }
    for (const e of FIXTURES.broadcast.errors as { reply: Json; expect: { code: string; message: string } }[]) {
      node.refuseNext(e.reply);
      await expect(client.broadcast(tx)).rejects.toMatchObject({
        code: e.expect.code,
        message: `the node at ${node.url} refused /wallet/broadcasttransaction: ${e.expect.message}`,
      });
    }
    const ok = await client.broadcast(tx);
    expect(ok).toEqual({ accepted: true, txID: ok.txID, text: `The node accepted transaction ${ok.txID}; it goes into the next block.` });
  });
});

describe('probing a new node URL for its dialect', () => {
  let node: JavaTronNode;
  let devnet: TestNode;
  beforeAll(async () => {
    node = await startJavaTronNode();
    devnet = await startNode();
  });
  afterAll(async () => {
    await node.stop();
    devnet.stop();
  });

  it("java-tron: the block's witness_address, then the producer's account", async () => {
    const probe = await probeDialect(node.url);
    expect(probe.dialect).toBe('java-tron');
    expect(probe.evidence).toEqual([
      { dialect: 'java-tron', seen: 'block_header.raw_data.witness_address', reply: 'block' },
      { dialect: 'java-tron', seen: 'is_witness', reply: 'account' },
    ]);
    expect(probe.text).toBe(
      `The node at ${node.url} speaks the java-tron dialect (it wrote block_header.raw_data.witness_address in the block reply and is_witness in the account reply).`,
    );
  });

  it("the spec's own node: executive_address", async () => {
    await devnet.block();
    const probe = await probeDialect(devnet.url);
    expect(probe.dialect).toBe('spec');
    expect(probe.evidence[0]).toEqual({ dialect: 'spec', seen: 'block_header.raw_data.executive_address', reply: 'block' });
  });

  it('nothing telling: no suggestion, and it says to set it by hand; mixed evidence likewise', async () => {
    node.answerNext('/wallet/getnowblock', JSON.stringify({ blockID: '00'.repeat(32), block_header: { raw_data: { number: 0 } } }));
    const none = await probeDialect(node.url, { address: k21.b58 });
    expect(none).toMatchObject({ dialect: null, evidence: [] });
    expect(none.text).toContain('set the dialect by hand');
    node.answerNext('/wallet/getnowblock', JSON.stringify({ block_header: { raw_data: { executive_address: treasury.hex } } }));
    const mixed = await probeDialect(node.url);
    expect(mixed.dialect).toBeNull();
    expect(mixed.text).toContain('mixes both dialects');
  });
});

describe('the API key of a hosted node', () => {
  let node: JavaTronNode;
  beforeAll(async () => {
    node = await startJavaTronNode();
  });
  afterAll(() => node.stop());
  // A hosted key's shape (a UUID), random per run.
  const KEY = crypto.randomUUID();
  const provider = () => KEY;
  const hexKey = Buffer.from(KEY).toString('hex');

  it(`is sent as ${API_KEY_HEADER} on every request, asked of its provider each time, and on no request without one`, async () => {
    let asked = 0;
    const c = new NodeClient({ baseUrl: node.url, dialect: 'java-tron', apiKey: () => (asked++, KEY) });
    const before = node.requests.length;
    await c.snapshot([treasury.b58], ['1000001']);
    const sent = node.requests.slice(before);
    expect(sent.length).toBeGreaterThan(3);
    expect(sent.every((r) => r.headers[API_KEY_HEADER.toLowerCase()] === KEY)).toBe(true);
    expect(asked).toBe(sent.length);
    const n = node.requests.length;
    await new NodeClient({ baseUrl: node.url, apiKey: () => undefined }).latestBlock();
    expect(node.requests[n]!.headers[API_KEY_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('never appears in a result or an error, even when the node echoes it back plainly or hex-encoded', async () => {
    const c = new NodeClient({ baseUrl: node.url, dialect: 'java-tron', apiKey: provider, timeoutMs: 2_000 });
    const seen: unknown[] = [];
    const grab = async (p: Promise<unknown>) => seen.push(await p.catch((e: unknown) => e));
    node.answerNext('/wallet/getaccount', JSON.stringify({ Error: `invalid key ${KEY} for this plan` }));
    await grab(c.account(treasury.b58));
    node.answerNext('/wallet/getaccount', `<html>${KEY}</html>`);
    await grab(c.account(treasury.b58));
    node.answerNext('/wallet/getassetissuebyid', JSON.stringify({ id: '1000001', owner_address: KEY }));
    await grab(c.token('1000001'));
    const tx = addSignature(
      createTransaction(
        { type: 'TransferContract', value: buildTransfer({ owner: treasury.hex, to: k21.hex, amount: 1 }) },
        {
          refBlockBytes: hexToBytes('7500'),
          refBlockHash: hexToBytes('00'.repeat(8)),
          expiration: T + 60_000,
          timestamp: T,
        },
      ),
      treasury.priv,
    );
    node.refuseNext({ code: 'OTHER_ERROR', message: Buffer.from(`Error: key ${KEY} rejected`).toString('hex'), txid: '' });
    await grab(c.broadcast(tx));
    node.refuseNext({ code: 'OTHER_ERROR', message: `key ${KEY} rejected`, txid: '' });
    await grab(c.broadcast(tx));
    await grab(c.fees());
    await grab(c.probeDialect());
    await grab(new NodeClient({ baseUrl: 'http://127.0.0.1:9', apiKey: provider }).latestBlock());
    await grab(new NodeClient({ baseUrl: 'http://example.invalid', apiKey: provider }).latestBlock());
    await grab(new NodeClient({ baseUrl: node.url, apiKey: () => `${KEY}\n` }).latestBlock());
    await grab(new NodeClient({ baseUrl: node.url, apiKey: () => `${KEY} ${KEY}` }).latestBlock());
    await grab(
      new NodeClient({
        baseUrl: node.url,
        apiKey: () => {
          throw new Error(`vault said ${KEY}`);
        },
      }).latestBlock(),
    );
    const text = JSON.stringify(
      seen.map((s) =>
        s instanceof Error ? { message: s.message, ...((s as { details?: unknown }).details ? { details: (s as { details?: unknown }).details } : {}) } : s,
      ),
    );
    expect(seen).toHaveLength(12);
    expect(text).not.toContain(KEY);
    expect(text.toLowerCase()).not.toContain(hexKey);
    expect(text).toContain('[API key]');
    // The client object itself holds no copy to print.
    expect(JSON.stringify(c)).not.toContain(KEY);
  });

  it('is refused, without quoting it, when it is no header value or would travel in the clear', async () => {
    await expect(new NodeClient({ baseUrl: node.url, apiKey: () => `${KEY}\r\nX-Other: 1` }).latestBlock()).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'the API key for the node must be 1 to 256 printable ASCII characters without spaces; set it again',
      details: { field: 'apiKey' },
    });
    await expect(new NodeClient({ baseUrl: 'http://node.example.invalid:8090', apiKey: provider }).latestBlock()).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'an API key is sent only over https:// (or to a node on this machine); http://node.example.invalid:8090 would carry it in the clear',
    });
    await expect(
      new NodeClient({
        baseUrl: node.url,
        apiKey: () => {
          throw new Error(KEY);
        },
      }).latestBlock(),
    ).rejects.toMatchObject({ code: 'INTERNAL', message: 'the API key for the node could not be read' });
    expect(() => new NodeClient({ apiKey: KEY as never })).toThrow(TypeError);
    // A private key pasted as the API key never leaves this machine, and is not quoted.
    const before = node.requests.length;
    for (const pasted of ['11'.repeat(32), `0x${'ab'.repeat(32)}`]) {
      const e = await new NodeClient({ baseUrl: node.url, apiKey: () => pasted }).latestBlock().catch((x: unknown) => x);
      expect(e).toMatchObject({ code: 'INVALID_INPUT', details: { field: 'apiKey' }, message: expect.stringContaining('has the form of a private key') });
      expect((e as Error).message).not.toContain(pasted.slice(-64, -56));
    }
    expect(node.requests.length).toBe(before);
    // Nor may it ride in the URL, where snapshots and messages would show it.
    for (const baseUrl of [`https://api.example.invalid/?apikey=${KEY}`, `https://api.example.invalid/#${KEY}`]) {
      let e: unknown;
      try {
        new NodeClient({ baseUrl });
      } catch (x) {
        e = x;
      }
      expect(e).toMatchObject({ code: 'INVALID_INPUT', details: { field: 'node' } });
      expect(JSON.stringify({ message: (e as Error).message })).not.toContain(KEY);
    }
  });
});

describe('network presets', () => {
  it('the local node by default, and the public java-tron networks over https', () => {
    expect(NETWORK_PRESETS.map((p) => [p.id, p.dialect])).toEqual([
      ['local', 'spec'],
      ['mainnet', 'java-tron'],
      ['shasta', 'java-tron'],
      ['nile', 'java-tron'],
    ]);
    expect(new NodeClient().baseUrl).toBe(networkPreset('local').url);
    for (const p of NETWORK_PRESETS.filter((x) => x.id !== 'local')) {
      expect(p.url).toMatch(/^https:\/\//);
      expect(new NodeClient({ baseUrl: p.url, dialect: p.dialect }).baseUrl).toBe(p.url);
    }
    expect(() => networkPreset('mainet')).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message: 'network: "mainet" is not a known network (known: local, mainnet, shasta, nile; or give a URL)',
      }),
    );
    expect(() => new NodeClient({ dialect: 'tron' as never })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', details: { field: 'dialect' } }));
  });
});

describe('the station flow against the java-tron test node', () => {
  let node: JavaTronNode;
  beforeAll(async () => {
    node = await startJavaTronNode();
  });
  afterAll(() => node.stop());

  it('online station snapshots; station A builds and signs; station B signs the handoff file; the online station broadcasts', async () => {
    let now = T + 10_000;
    const online = new NodeClient({ baseUrl: node.url, dialect: 'java-tron', clock: () => now });
    // Online: the chain snapshot the offline stations build from.
    const snapshotText = stringifySnapshot(await online.snapshot([treasury.b58], ['1000001']));
    expect(javaTronNamesIn(JSON.parse(snapshotText))).toEqual([]);

    // Station A (offline): builds from the snapshot with the shared builders, signs with KEY_12.
    now += 60_000;
    const snap = parseSnapshot(snapshotText);
    const acc = snapshotAccount(snap, treasury.b58)!;
    const permission: HandoffPermission = { address: acc.address, permissions: acc.permissions, source: acc.source, at: acc.at };
    const plan = planFromSnapshot(snap, { now, expiresInMs: 3_600_000 });
    const build = (type: 'TransferContract' | 'TransferAssetContract'): SignedTransaction =>
      createTransaction(
        type === 'TransferContract'
          ? { type, value: buildTransfer({ owner: treasury.b58, to: k21.b58, amount: 1_000_000 }), permissionId: 2 }
          : { type, value: buildTransferAsset({ owner: treasury.b58, to: k21.b58, tokenId: '1000001', amount: 100 }), permissionId: 2 },
        plan,
      );
    for (const type of ['TransferContract', 'TransferAssetContract'] as const) {
      const fromA = stringifyHandoff(exportHandoff({ tx: addSignature(build(type), k12.priv), permission, tokens: snap.tokens, note: 'for B', now }));

      // Station B (offline): imports, sees one of two, signs with KEY_13.
      const atB = parseHandoff(fromA, { now });
      expect(atB).toMatchObject({ contractType: type, signers: [{ address: k12.b58, weight: 1 }], weight: 1, threshold: 2, missing: 1, complete: false });
      const tx = transactionFromNodeJson(atB.transaction);
      const fromB = stringifyHandoff(exportHandoff({ tx: addSignature(tx, k13.priv), permission: atB.permission!, tokens: atB.tokens, note: atB.note, now }));
      expect(javaTronNamesIn(JSON.parse(fromB))).toEqual([]);

      // Online: imports, checks against the node (permissions unchanged, weight enough), broadcasts.
      const ready = parseHandoff(fromB, { now });
      expect(ready).toMatchObject({ complete: true, weight: 2, signers: [{ address: k12.b58 }, { address: k13.b58 }] });
      const signed = transactionFromNodeJson(ready.transaction);
      const { comparison, signWeight } = await online.preflight(signed, ready.permission!);
      expect(comparison).toMatchObject({ changed: false, weightNow: { code: 'ENOUGH_PERMISSION', enough: true } });
      expect(signWeight).toMatchObject({ code: 'ENOUGH_PERMISSION', approved: [k12.b58, k13.b58], weight: 2, threshold: 2, enough: true });
      const before = node.accepted.length;
      expect(await online.broadcast(signed)).toMatchObject({ accepted: true, txID: ready.txID });
      expect(node.accepted).toHaveLength(before + 1);
      expect(node.accepted.at(-1)!.txID).toBe(ready.txID);
    }

    // One signature of two: the node's dry run and its broadcast both say so, in words.
    const half = addSignature(build('TransferContract'), k12.priv);
    expect(await online.signWeight(half)).toMatchObject({ code: 'NOT_ENOUGH_PERMISSION', weight: 1, threshold: 2, enough: false });
    expect(await online.broadcast(half)).toMatchObject({
      accepted: false,
      code: 'SIGERROR',
      message: 'Validate signature error: sig error',
      meaning: expect.stringContaining('collect the missing signatures'),
    });
  });
});
