// Live status (docs/decisions.md §18, "Stations never learn what happened on chain"), through the station API on
// real stations sharing the local node (test/helpers/ui-e2e-helpers.ts: real SQLite, real keystores,
// the devnet over loopback HTTP): B broadcasts a treasury payment that A built and signed, and A's
// queue turns confirmed, with block and fee, in a pass A runs by itself, without any call asking it
// to; a station that never refreshed dry-runs the confirmed payment and is told it is already on
// chain instead of "signatures are not enough"; a refused broadcast shows the node's reason; a
// pass asks about a bounded number of transactions, never two passes at once, none expired long
// ago, and none after the station closed; an offline station learns the payment from a snapshot
// file as that file's claim, and a claim never replaces what a station observed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STATUS_LOOKUPS_PER_PASS, STATUS_LOOKBACK_MS } from '../../shared/base/limits.ts';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import { openStation, type Station } from '../../station/station.ts';
import { MemoryVault } from '../../station/vault/memory-vault.ts';
import { newKey, SUN } from '../helpers/devnet-helpers.ts';
import { startTwoStations, TREASURY_ID, type TwoStations, type UiStation } from '../helpers/ui-e2e-helpers.ts';

let dir: string;
let two: TwoStations;
let A: UiStation;
let B: UiStation;
const extra: { station: Station; vault: MemoryVault }[] = [];
/** The payment A builds and signs, B signs and broadcasts. */
let paid: string;
/** Its handoff file after A's signature, as C and D import it. */
let handoff: { name: string; text: string };

/** A station of its own on the same node (or none), with no passes of its own; its clock skewed by `skew.ms`. */
function plainStation(name: string, nodeUrl: string, skew = { ms: 0 }) {
  const vault = new MemoryVault();
  const station = openStation({ dataDir: join(dir, name), nodeUrl, clock: () => two.node.clock.now + skew.ms, vaultBackend: vault, nodeTimeoutMs: 5_000 });
  extra.push({ station, vault });
  return { station, api: createStationHandlers(station, { appInfo: () => ({ name, version: 'test', dataDir: station.dataDir }) }) };
}

/** Waits (without a deadline of its own: the test's timeout bounds it) until `check` holds. */
async function until<T>(read: () => Promise<T>, check: (v: T) => boolean): Promise<T> {
  for (;;) {
    const v = await read();
    if (check(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const entryOf = async (s: UiStation, txId: string) => (await s.call('list', {})).entries.find((e) => e.txId === txId);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'airlock-live-status-'));
  // No renderer here: the bridge serves an empty folder; every call is the API's.
  two = await startTwoStations(dir, join(dir, 'no-renderer'), { statusRefreshMs: 100 });
  ({ A, B } = two);
  const built = await A.call('buildTransfer', { from: two.owner.b58, to: newKey().b58, amount: String(2n * SUN), permissionId: TREASURY_ID, note: 'rent' });
  paid = built.txId;
  await A.call('sign', { txId: paid });
  const file = await A.call('exportHandoff', { txId: paid });
  handoff = { name: file.fileName, text: file.text };
  await B.call('importFiles', { files: [handoff] });
  await B.call('sign', { txId: paid });
  expect((await B.call('broadcast', { txId: paid })).accepted).toBe(true);
  await two.node.block();
}, 120_000);

afterAll(async () => {
  for (const x of extra) {
    x.station.close();
    x.vault.close();
  }
  await two?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('live status (issue 18)', () => {
  it("A learns B's broadcast is confirmed, with block and fee, in a pass it runs by itself", async () => {
    const info = await two.node.post('/wallet/gettransactioninfobyid', { value: paid });
    // Nothing on A is asked to refresh: only `list`, as the queue polls it.
    const entry = await until(
      () => entryOf(A, paid),
      (e) => e?.status === 'confirmed',
    );
    expect(entry!.chain).toMatchObject({ block: info.blockNumber, result: 'SUCCESS', fee: String(info.fee ?? 0), observed: true, claimedBy: null });
    expect(entry!.chain!.text).toMatch(new RegExp(`^confirmed in block ${info.blockNumber}; fee paid .* sun$`));
    expect(entry!.failure).toBeNull();
    // B, which broadcast it, sees the same without opening it.
    expect(
      (await until(
        () => entryOf(B, paid),
        (e) => e?.status === 'confirmed',
      ))!.chain!.block,
    ).toBe(info.blockNumber);
    expect((await A.call('status', { txId: paid })).chain).toMatchObject({ block: info.blockNumber, observed: true });
  });

  it('a dry run or broadcast of a transaction already on chain says so first, on a station that never refreshed', async () => {
    const { api } = plainStation('c', two.node.url);
    await api.importFiles({ files: [handoff] });
    expect((await api.list({})).entries[0]!.status).toBe('collecting');
    const info = await two.node.post('/wallet/gettransactioninfobyid', { value: paid });
    await expect(api.preflight({ txId: paid })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `txid: already on chain in block ${info.blockNumber}; nothing was sent`,
    });
    // What the node said is kept: the station now shows it confirmed, and a broadcast says the same.
    expect((await api.list({})).entries[0]).toMatchObject({ status: 'confirmed', chain: { block: info.blockNumber, observed: true } });
    await expect(api.broadcast({ txId: paid })).rejects.toMatchObject({ message: `txid: already on chain in block ${info.blockNumber}; nothing was sent` });
  });

  it("a refused broadcast shows the node's reason in the queue, and a pass does not undo it", async () => {
    // Built while the account could pay it (a build it cannot pay is refused), then too much once a payment beside it is sent.
    const balance = BigInt((await two.node.account(two.owner.b58)).balance);
    const first = await A.call('buildTransfer', { from: two.owner.b58, to: newKey().b58, amount: String(20n * SUN), note: 'first' });
    const built = await A.call('buildTransfer', { from: two.owner.b58, to: newKey().b58, amount: String(balance - 10n * SUN), note: 'too much' });
    await A.call('sign', { txId: first.txId });
    expect((await A.call('broadcast', { txId: first.txId })).accepted).toBe(true);
    await two.node.block();
    await A.call('sign', { txId: built.txId });
    const sent = await A.call('broadcast', { txId: built.txId });
    expect(sent).toMatchObject({ accepted: false, status: 'failed' });
    await A.call('transactionsRefreshStatus');
    const entry = await entryOf(A, built.txId);
    expect(entry).toMatchObject({ status: 'failed', chain: null });
    expect(entry!.failure).toMatch(/^The node refused transaction .*CONTRACT_VALIDATE_ERROR: .*balance/);
  });

  it('a pass asks about at most MAX_STATUS_LOOKUPS_PER_PASS transactions, and two passes asked for at once are one', async () => {
    const { station, api } = plainStation('many', two.node.url);
    await api.keysImport({ privateKeyHex: two.owner.priv, label: 'owner' });
    await api.accountFetch({ address: two.owner.b58 });
    for (let i = 0; i <= MAX_STATUS_LOOKUPS_PER_PASS; i++) {
      const b = await api.buildTransfer({ from: two.owner.b58, to: newKey().b58, amount: String(1000 + i) });
      await api.sign({ txId: b.txId });
    }
    const [first, second] = await Promise.all([station.transactionsRefreshStatus(), station.transactionsRefreshStatus()]);
    expect(second).toBe(first);
    expect(first).toMatchObject({ asked: MAX_STATUS_LOOKUPS_PER_PASS, changes: [], waiting: MAX_STATUS_LOOKUPS_PER_PASS });
    // The one left out is asked first next time: least recently asked first.
    expect((await station.transactionsRefreshStatus()).asked).toBe(MAX_STATUS_LOOKUPS_PER_PASS);
  });

  it('a pass leaves transactions that expired more than STATUS_LOOKBACK_MS ago, and none runs after the station closed', async () => {
    const skew = { ms: 0 };
    const { station, api } = plainStation('old', two.node.url, skew);
    await api.keysImport({ privateKeyHex: two.owner.priv, label: 'owner' });
    await api.accountFetch({ address: two.owner.b58 });
    const b = await api.buildTransfer({ from: two.owner.b58, to: newKey().b58, amount: '1000', expiresIn: '1h' });
    await api.sign({ txId: b.txId });
    skew.ms = STATUS_LOOKBACK_MS - 1000;
    expect((await station.transactionsRefreshStatus()).asked).toBe(1);
    skew.ms = STATUS_LOOKBACK_MS + 2 * 3_600_000;
    expect((await station.transactionsRefreshStatus()).asked).toBe(0);
    station.close();
    await expect(station.transactionsRefreshStatus()).rejects.toMatchObject({ code: 'CONFLICT', message: 'the station is closed' });
  });

  it("an offline station learns the payment from a snapshot file as that file's claim; a claim never replaces an observation", async () => {
    const info = await two.node.post('/wallet/gettransactioninfobyid', { value: paid });
    await until(
      () => entryOf(A, paid),
      (e) => e?.status === 'confirmed',
    );
    const snap = await A.call('snapshotExport', { accounts: [two.owner.b58] });
    // With the set-up's permission update and token issue, which A also saw confirmed; each with its proof (docs/decisions.md §24).
    expect(JSON.parse(snap.text).transactions).toContainEqual({
      txid: paid,
      block: info.blockNumber,
      result: 'SUCCESS',
      fee: String(info.fee ?? 0),
      proof: expect.objectContaining({ leaf_count: expect.any(Number) }),
    });

    const { api } = plainStation('d', 'http://127.0.0.1:9');
    await api.importFiles({ files: [handoff] });
    const imported = await api.snapshotImport({ fileName: 'from-a.json', text: snap.text });
    expect(imported.transactions).toEqual([paid]);
    const entry = (await api.list({})).entries[0]!;
    // Still collecting: a file's word does not move the status, it is shown as the file's claim.
    expect(entry.status).toBe('collecting');
    expect(entry.chain).toMatchObject({ block: info.blockNumber, observed: false, claimedBy: 'from-a.json' });
    expect(entry.chain!.text).toBe(`claimed confirmed in block ${info.blockNumber} by file from-a.json; not yet seen by this station`);

    // An online station that holds only the file's claim does not pass it on as its own observation.
    const relay = plainStation('relay', two.node.url);
    await relay.api.importFiles({ files: [handoff] });
    await relay.api.snapshotImport({ fileName: 'from-a.json', text: snap.text });
    expect(JSON.parse((await relay.api.snapshotExport({ accounts: [two.owner.b58] })).text)).not.toHaveProperty('transactions');

    // A forged file claiming another block changes nothing on A, which saw the block itself.
    const forged = JSON.parse(snap.text);
    forged.transactions[0].block = info.blockNumber + 5;
    const onA = await A.call('snapshotImport', { fileName: 'forged.json', text: JSON.stringify(forged) });
    expect(onA.transactions).toEqual([]);
    expect((await entryOf(A, paid))!.chain).toMatchObject({ block: info.blockNumber, observed: true });
  });
});
