/**
 * The station's token information (docs/decisions.md §10 "Tokens": `tokenShow`, `tokenList`;
 * station/core/token-details.ts) against the devnet on port 0: a token issued there is read
 * by id (getassetissuebyid), stored with its sale, cded schedule and bandwidth limits, and shown
 * from the store offline with its source and age; texts arrive escaped; the sale travels in
 * handoff files to another station; bad input is refused naming its field with nothing stored.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../shared/api/api-contract.ts';
import { STATION_API } from '../../shared/api/station-api.ts';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import { type Station } from '../../station/station.ts';
import { TOKEN_SALE_KEY_PREFIX } from '../../station/core/token-details.ts';
import { assetIssueBody, buildAndSend, funded, hexText, newKey, startNode, SUN, type TestKey, type TestNode } from '../helpers/devnet-helpers.ts';
import { testStation, workDir, keystoreStation } from '../helpers/station-helpers.ts';

let work: { dir: string; remove: () => void };
let node: TestNode;
let issuer: TestKey;
let silver: TestKey;
let start: number;
let end: number;
const opened: Station[] = [];
const DEAD_NODE = 'http://127.0.0.1:9';

function station(name: string, nodeUrl = node.url): Station {
  const s = keystoreStation(join(work.dir, name), nodeUrl, () => node.clock.now, 'tokens test passphrase');
  opened.push(s);
  return s;
}

async function refusal(p: Promise<unknown> | (() => unknown)): Promise<{ code: string; field: unknown; message: string }> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    const err = e as { code: string; details?: { field?: unknown }; message: string };
    return { code: err.code, field: err.details?.field, message: err.message };
  }
  throw new Error('expected a refusal');
}

beforeAll(async () => {
  work = workDir('airlock-tokens-');
  node = await startNode();
  issuer = await funded(node, 2_000n * SUN);
  start = node.clock.now + 60_000;
  end = node.clock.now + 86_400_000;
  const { reply } = await buildAndSend(
    node,
    '/wallet/createassetissue',
    assetIssueBody(
      issuer,
      'Gold',
      { start, end },
      {
        abbr: hexText('GLD'),
        precision: 2,
        total_supply: 100_000,
        coin_num: 3,
        num: 7,
        cded_supply: [
          { cded_amount: 1_000, cded_days: 30 },
          { cded_amount: 500, cded_days: 365 },
        ],
        free_asset_net_limit: 100,
        public_free_asset_net_limit: 10_000,
        description: hexText('Bars \u202Eheld in trust'),
      },
    ),
    [issuer],
  );
  expect(reply.result).toBe(true);
  // A second token, 1000002, with plain texts, from another issuer (one token per account).
  silver = await funded(node, 2_000n * SUN);
  const second = await buildAndSend(node, '/wallet/createassetissue', assetIssueBody(silver, 'Silver', { start, end }, { precision: 0, coin_num: 2, num: 5 }), [
    silver,
  ]);
  expect(second.reply.result).toBe(true);
  await node.block();
}, 60_000);

afterAll(async () => {
  for (const s of opened) s.close();
  await node?.stop();
  work?.remove();
});

describe('tokenShow against the devnet', () => {
  it('reads a token issued there by id, stores it, and shows it with its sale, schedule and limits', async () => {
    const s = station('online');
    const t = await s.tokenShow({ id: '1000001' });
    expect(t).toMatchObject({
      id: '1000001',
      name: 'Gold',
      abbreviation: 'GLD',
      precision: 2,
      owner: issuer.b58,
      totalSupply: '100000',
      totalSupplyTokens: '1000',
      url: 'https://gold.invalid',
      description: 'Bars \\u{202E}held in trust',
      hiddenCharacters: true,
      source: { kind: 'node', text: expect.stringMatching(new RegExp(`^node ${node.url} at block \\d+$`)) },
    });
    expect(t.sale).toEqual({
      coinNum: 3,
      num: 7,
      startTime: start,
      endTime: end,
      open: false,
      state: 'before',
      cdedSupply: [
        { amount: '1000', days: '30' },
        { amount: '500', days: '365' },
      ],
      freeAssetNetLimit: '100',
      publicFreeAssetNetLimit: '10000',
    });
    expect(s.store.getToken('1000001')?.name).toBe('Gold');
    expect(s.tokenList().tokens.map((x) => x.id)).toEqual(['1000001']);
  });

  it('shows the stored token offline, sale included, with its age; fetch and unknown ids need the node', async () => {
    const first = station('offline-later');
    await first.tokenShow({ id: '1000001' });
    first.close();
    opened.splice(opened.indexOf(first), 1);
    await node.block(61_000); // into the sale window
    const offline = station('offline-later', DEAD_NODE);
    const t = await offline.tokenShow({ id: '1000001' });
    expect(t.sale).toMatchObject({
      coinNum: 3,
      num: 7,
      open: true,
      state: 'open',
      cdedSupply: [
        { amount: '1000', days: '30' },
        { amount: '500', days: '365' },
      ],
    });
    expect(t.source.text).toMatch(new RegExp(`^node ${node.url} at block \\d+$`));
    expect(t.ageMs).toBe(61_000);
    expect((await refusal(offline.tokenShow({ id: '1000001', fetch: true }))).code).toBe('NODE_UNREACHABLE');
    expect((await refusal(offline.tokenShow({ id: '1000009' }))).code).toBe('NODE_UNREACHABLE');
  });

  it('answers NOT_FOUND naming the id for a token the node does not have, and stores nothing', async () => {
    const s = station('missing');
    expect(await refusal(s.tokenShow({ id: '1000009' }))).toMatchObject({ code: 'NOT_FOUND', field: 'id' });
    expect(s.store.listTokens()).toEqual([]);
  });

  it('refuses hostile ids and flags naming the field, storing nothing, quoting no secret', async () => {
    const s = station('hostile');
    const key = 'c0ffee'.repeat(10) + 'c0ff';
    for (const id of ['__proto__', '', '1'.repeat(5_000), key, '1000001\u202E', '0x10', '-1000001']) {
      const r = await refusal(s.tokenShow({ id }));
      expect([r.code, r.field]).toEqual(['INVALID_INPUT', 'id']);
      expect(r.message).not.toContain(key.slice(0, 16));
    }
    expect(await refusal(s.tokenShow({ id: '1000001', fetch: 'yes' as unknown as boolean }))).toMatchObject({ code: 'INVALID_INPUT', field: 'fetch' });
    expect(s.store.listTokens()).toEqual([]);
    // Through the API table too: the schema refuses before the station is reached.
    const handlers = createStationHandlers(s, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: s.dataDir }) });
    const answer = await dispatch(STATION_API, handlers, 'tokenShow', { id: '1000001', extra: 1 });
    expect(answer.ok).toBe(false);
    const listed = await dispatch(STATION_API, handlers, 'tokenList', undefined);
    expect(listed).toEqual({ ok: true, value: { tokens: [] } });
  });

  it('reads a tampered stored sale as not known, never as a wrong price', async () => {
    const s = station('tampered');
    await s.tokenShow({ id: '1000001' });
    for (const bad of [
      { coinNum: -1, num: 7, startTime: start, endTime: end, cdedSupply: null, freeAssetNetLimit: null, publicFreeAssetNetLimit: null },
      'x',
      JSON.parse('{"__proto__": {"coinNum": 3}}'),
      null,
    ]) {
      s.store.setSetting(TOKEN_SALE_KEY_PREFIX + '1000001', bad as never);
      expect((await s.tokenShow({ id: '1000001' })).sale).toBeNull();
    }
    expect((await s.tokenShow({ id: '1000001', fetch: true })).sale).toMatchObject({ coinNum: 3, num: 7 });
  });

  it('carries the sale in the handoff file, and a second station keeps it (without the schedule a file does not carry)', async () => {
    const a = station('handoff-a');
    const built = await a.buildTransferAsset({ from: silver.b58, to: newKey().b58, token: '1000002', amount: '5' });
    const file = await a.exportHandoff({ txId: built.txId, fileName: 'silver.airlock.json' });
    const handoff = JSON.parse(file.text) as { tokens: { coin_num: number; num: number; start_time: number; end_time: number }[] };
    expect(handoff.tokens[0]).toMatchObject({ coin_num: 2, num: 5, start_time: start, end_time: end });
    const b = station('handoff-b', DEAD_NODE);
    b.importFiles({ files: [{ name: file.fileName, text: file.text }] });
    const t = await b.tokenShow({ id: '1000002' });
    expect(t.source).toEqual({ kind: 'file', text: 'file silver.airlock.json' });
    expect(t.sale).toMatchObject({ coinNum: 2, num: 5, startTime: start, endTime: end, cdedSupply: null, freeAssetNetLimit: null });
  });

  it('the queue shows a token transfer in whole tokens with the abbreviation, as the transaction screen does', async () => {
    const a = station('queue-amount');
    const built = await a.buildTransferAsset({ from: issuer.b58, to: newKey().b58, token: '1000001', amount: '1250' });
    const handlers = createStationHandlers(a, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: a.dataDir }) });
    const list = await handlers.list({});
    const entry = list.entries.find((e) => e.txId === built.txId)!;
    // Precision 2: 1250 smallest units are 12.5 GLD (never "1250 units of token 1000001").
    expect(entry.amount).toBe('12.5 GLD');
  });

  it('still exports a transfer of a token whose description holds a bidi override, leaving the token out of the file', async () => {
    const a = station('handoff-bidi');
    const built = await a.buildTransferAsset({ from: issuer.b58, to: newKey().b58, token: '1000001', amount: '5' });
    const file = await a.exportHandoff({ txId: built.txId, fileName: 'gold.airlock.json' });
    expect((JSON.parse(file.text) as { tokens: unknown[] }).tokens).toEqual([]);
  });

  it('exports a snapshot while a stored token has a bidi override in its description, leaving that token out', async () => {
    const s = station('snapshot');
    await s.tokenShow({ id: '1000001' });
    await s.tokenShow({ id: '1000002' });
    const r = await s.snapshotExport({ accounts: [issuer.b58] });
    expect(r.tokens).toEqual(['1000002']);
    const offline = station('snapshot-offline', DEAD_NODE);
    offline.snapshotImport({ fileName: 'chain.snapshot.json', text: r.text });
    expect((await offline.tokenShow({ id: '1000002' })).sale).toMatchObject({ coinNum: 2, num: 5, cdedSupply: null });
  });

  it('airlock token show and token list print the same view, in words or as JSON', async () => {
    const cli = testStation(work.dir, 'cli', { node: node.url, now: () => node.clock.now });
    expect(await cli.ok(['token', 'show', '1000002'])).toMatchObject({ id: '1000002', name: 'Silver', sale: { coinNum: 2, num: 5 } });
    const text = await cli.run(['token', 'show', '1000001', '--fetch']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Gold \(GLD\)\s+\[hidden characters escaped\]/);
    expect(text.stdout).toContain('3 sun buy 7 smallest units');
    expect(text.stdout).toContain('1000 for 30 days, 500 for 365 days');
    expect(text.stdout).not.toContain('\u202E');
    expect((await cli.ok(['token', 'list'])).tokens.map((t: { id: string }) => t.id)).toEqual(['1000001', '1000002']);
    const bad = await cli.run(['token', 'show', 'abc'], { json: true });
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stderr).error).toMatchObject({ code: 'INVALID_INPUT', details: { field: 'id' } });
  });
});
