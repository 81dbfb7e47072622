/**
 * Batch work on the queue (docs/decisions.md §18, station/transactions/queue-batch.ts) through the real station's
 * API handlers: signing, exporting and broadcasting several rows at once runs each row through the
 * single-row operation, reports every row in words, never stops at a refusal, skips a row that
 * needs a signing-risk override instead of signing it blind, and refuses a bad list before any row
 * runs; an export can be one merged handoff file that a second station imports whole; the total
 * per asset has thousands separators and says when a token's description is a file's claim.
 * Broadcast runs against a test devnet holding account M (2 of A, B, C), as the broadcast panel's test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AirlockError } from '../../shared/base/errors.ts';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { hexToBytes } from '../../shared/base/bytes.ts';
import { openRealStation, startNodeWithM, TEST_ADDRESSES, TEST_NOW, type RealStation } from '../helpers/real-station.ts';
import type { TestNode } from '../helpers/devnet-helpers.ts';
import { importPermissionChange, importUnknownCall } from '../helpers/queue-fixtures.ts';

const opened: RealStation[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});
async function station(options: Parameters<typeof openRealStation>[0] = {}): Promise<RealStation> {
  const s = await openRealStation(options);
  opened.push(s);
  return s;
}

async function refusal(call: () => unknown): Promise<AirlockError> {
  try {
    await call();
  } catch (e) {
    if (e instanceof AirlockError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

const signatures = async (s: RealStation, txId: string) => (await s.handlers.status({ txId })).signers.filter((x) => x.signed).length;

// The seeded queue (test/helpers/real-station.ts): row 0 unsigned and expired, row 1 signed by B,
// row 2 by B and C (ready), row 3 an unsigned transfer of 1000001 (GLD, precision 2).
describe('batch signing', () => {
  it('signs every row it can, reports each refusal in words and goes on past it; a row needing an override is skipped, not signed', async () => {
    const s = await station({ count: 4 });
    const [expired, one, , token] = s.txIds as [string, string, string, string];
    const risky = await importUnknownCall(s);
    const r = await s.handlers.queueBatch({ action: 'sign', txIds: [expired, risky, one, token] });
    expect(r.rows.map((x) => [x.ok, x.status])).toEqual([
      [false, 'expired'],
      [false, 'draft'],
      [true, 'ready'],
      [true, 'collecting'],
    ]);
    expect(r.rows[0]!.text).toMatch(/expired/);
    expect(r.rows[0]!.text.startsWith('txid:')).toBe(false);
    expect(r.rows[1]!.text).toContain('unknown-function');
    expect(r.rows[1]!.code).not.toBeNull();
    expect(r.rows[2]!.text).toBe(`Signed by ${TEST_ADDRESSES.A}; now ready.`);
    expect(r).toMatchObject({ action: 'sign', done: 2, refused: 2, text: '2 of 4 signed; 2 refused.' });
    expect(await signatures(s, risky)).toBe(0);
    expect(await signatures(s, one)).toBe(2);
  });

  it('refuses a list naming a transaction twice before any row runs: nothing is signed', async () => {
    const s = await station({ count: 4 });
    const [, one, , token] = s.txIds as [string, string, string, string];
    const e = await refusal(() => s.handlers.queueBatch({ action: 'sign', txIds: [token, one, token] }));
    expect(e.code).toBe('INVALID_INPUT');
    expect(e.message).toBe('txIds[2]: the same transaction is chosen twice');
    expect(await signatures(s, token)).toBe(0);
    expect(await signatures(s, one)).toBe(1);
  });

  it('a transaction the station does not hold is its row refused, the others done', async () => {
    const s = await station({ count: 4 });
    const missing = 'ab'.repeat(32);
    const r = await s.handlers.queueBatch({ action: 'sign', txIds: [missing, s.txIds[3]!] });
    expect(r.rows[0]).toMatchObject({ ok: false, status: null, code: 'NOT_FOUND' });
    expect(r.rows[0]!.text).toMatch(/^this station has no transaction/);
    expect(r.rows[1]).toMatchObject({ ok: true, status: 'collecting' });
  });
});

describe('batch export', () => {
  it('one file per transaction, or one merged file that a second station imports whole', async () => {
    const a = await station({ count: 4 });
    const chosen = [a.txIds[1]!, a.txIds[2]!, a.txIds[3]!];
    const folder = await a.handlers.queueBatch({ action: 'export', txIds: chosen });
    expect(folder.files.map((f) => f.fileName)).toEqual(chosen.map((t) => `${t.slice(0, 12)}.airlock.json`));
    expect(folder.rows.map((x) => x.text)).toEqual(['Exported with 1 signature(s).', 'Exported with 2 signature(s).', 'Exported with 0 signature(s).']);

    const merged = await a.handlers.queueBatch({ action: 'export', txIds: chosen, merged: true });
    expect(merged.files).toHaveLength(1);
    expect(merged.files[0]!.fileName).toBe(`batch-3-${chosen[0]!.slice(0, 8)}.airlock.json`);
    expect(JSON.parse(merged.files[0]!.text)).toMatchObject({ format: 'airlock.handoff-bundle', version: 1 });

    const b = await station({ count: 0 });
    const imported = await b.handlers.importFiles({ files: [{ name: 'batch.json', text: merged.files[0]!.text }] });
    expect(imported.results.map((x) => [x.txId, x.newTransaction, x.file])).toEqual(chosen.map((t) => [t, true, `batch.json: ${t.slice(0, 12)}.airlock.json`]));
    expect(await signatures(b, chosen[1]!)).toBe(2);
  });

  it('a merged file with a member that is not a handoff file is refused whole, naming the member; nothing is imported', async () => {
    const a = await station({ count: 3 });
    const merged = (await a.handlers.queueBatch({ action: 'export', txIds: [a.txIds[1]!, a.txIds[2]!], merged: true })).files[0]!;
    const bundle = JSON.parse(merged.text);
    bundle.files[1].text = JSON.stringify({ format: 'airlock.handoff-bundle', version: 1, files: [] });
    const b = await station({ count: 0 });
    const e = await refusal(() => b.handlers.importFiles({ files: [{ name: 'batch.json', text: JSON.stringify(bundle) }] }));
    expect(e.message).toMatch(/^batch\.json: .*\.airlock\.json: /);
    expect((await b.handlers.list({})).total).toBe(0);
  });

  it('a hostile merged file is refused in words, nothing stored: too many members, __proto__ keys, a member named with a control character', async () => {
    const a = await station({ count: 3 });
    const merged = (await a.handlers.queueBatch({ action: 'export', txIds: [a.txIds[1]!, a.txIds[2]!], merged: true })).files[0]!.text;
    const member = JSON.stringify(JSON.parse(merged).files[0]);
    const head = '"format":"airlock.handoff-bundle","version":1';
    const b = await station({ count: 0 });
    const hostile: Array<[string, string]> = [
      ['101 members', `{${head},"files":[${Array.from({ length: 101 }, () => member).join(',')}]}`],
      ['a __proto__ key', `{${head},"files":[${member}],"__proto__":{"polluted":true}}`],
      ['a member with __proto__', `{${head},"files":[{"name":"x.json","text":"{}","__proto__":{"polluted":true}}]}`],
      ['a member name with ESC', `{${head},"files":[{"name":"x\\u001b[2J.json","text":"{}"}]}`],
    ];
    for (const [what, text] of hostile) {
      const e = await refusal(() => b.handlers.importFiles({ files: [{ name: 'batch.json', text }] }));
      expect(e.code, what).not.toBe('INTERNAL');
      expect(e.message, what).toMatch(/^batch\.json/);
      expect((await b.handlers.list({})).total, what).toBe(0);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('merged applies to an export only', async () => {
    const a = await station({ count: 1 });
    const e = await refusal(() => a.handlers.queueBatch({ action: 'sign', txIds: [a.txIds[0]!], merged: true }));
    expect(e.message).toBe('merged: only an export writes a merged file');
  });
});

describe("the queue's recipient column", () => {
  it('a transfer names its recipient with the address-book label; a permission change and a contract call say what they are', async () => {
    const s = await station({ count: 2 });
    await s.handlers.bookSet({ address: TEST_ADDRESSES.R, label: 'Landlord' });
    const change = await importPermissionChange(s);
    const call = await importUnknownCall(s);
    const entries = new Map((await s.handlers.list({})).entries.map((e) => [e.txId, e.recipient]));
    expect(entries.get(s.txIds[1]!)).toEqual({ address: TEST_ADDRESSES.R, label: 'Landlord', text: '' });
    expect(entries.get(change)).toEqual({ address: null, label: null, text: 'permission change of this account' });
    expect(entries.get(call)).toEqual({ address: addressToBase58(hexToBytes('41' + '22'.repeat(20))), label: null, text: '' });
  });
});

describe('the total per asset', () => {
  it('TRX in TRX with thousands separators, a token by its abbreviation and id, a claimed description said so', async () => {
    const s = await station({ count: 4 });
    const big = await s.handlers.buildTransfer({ from: TEST_ADDRESSES.M, to: TEST_ADDRESSES.R, amount: '1000000000' });
    const r = await s.handlers.queueTotals({ txIds: [big.txId, s.txIds[1]!, s.txIds[3]!] });
    expect(r.totals).toEqual([
      { asset: 'TRX', amount: '1,001.000001 TRX', provenance: 'node', rows: 2 },
      { asset: 'token:1000001', amount: '10,000.03 GLD (token 1000001), as a file describes the token (not read from a node)', provenance: 'claimed', rows: 1 },
    ]);
    expect(r.text).toBe(`${r.totals[0]!.amount}; ${r.totals[1]!.amount}`);
  });
});

describe('batch broadcast on the devnet', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startNodeWithM();
  });
  afterAll(() => node?.stop());

  it('broadcasts the rows whose signatures are enough and reports the dry run of the others in words', async () => {
    const s = await station({ count: 6, node: node.url });
    node.clock.now = Math.max(node.clock.now, TEST_NOW - 3_000);
    await node.block();
    // Row 4 is signed by B only (1 of 2); rows 2 and 5 by B and C.
    const [ready, short, alsoReady] = [s.txIds[2]!, s.txIds[4]!, s.txIds[5]!];
    const r = await s.handlers.queueBatch({ action: 'broadcast', txIds: [short, ready, alsoReady] });
    expect(r.rows.map((x) => [x.ok, x.status])).toEqual([
      [false, 'collecting'],
      [true, 'broadcast'],
      [true, 'broadcast'],
    ]);
    expect(r.rows[0]!.text).toMatch(/^the node's dry run says the signatures are not enough: NOT_ENOUGH_PERMISSION/);
    expect(r.rows[1]!.text).toBe(`The node accepted transaction ${ready}; it goes into the next block.`);
    expect(r.text).toBe('2 of 3 broadcast; 1 refused.');
  });
});
