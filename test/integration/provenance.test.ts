/**
 * Provenance on every fact a screen rests on (docs/decisions.md §16): the account, token, transaction and build
 * views say which source they used (observed from the node, or a file's unverified claim) and how
 * old it is, flag old data stale, and show a claim that disagrees with what the station holds as a
 * conflict; stored blocks are listed and removed, so one forged snapshot no longer pins every
 * offline build. Built from public inputs (a real station's exports edited as an attacker would),
 * through the station API's `dispatch` on real stations (SQLite, keystore vault) and a devnet on
 * loopback, and the CLI for `snapshot list|remove`.
 */
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { dispatch, type ApiResult } from '../../shared/api/api-contract.ts';
import { STATION_API } from '../../shared/api/station-api.ts';
import { STALE_AFTER_MS } from '../../shared/base/limits.ts';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import { type Station } from '../../station/station.ts';
import { assetIssueBody, buildAndSend, funded, newKey, type Json, type TestKey, type TestNode, startNode } from '../helpers/devnet-helpers.ts';
import { jsonFile, testStation, workDir, keystoreStation } from '../helpers/station-helpers.ts';

/** A loopback port nothing listens on: a station given it is offline. */
const NOWHERE = 'http://127.0.0.1:9';

let work: { dir: string; remove: () => void };
let node: TestNode;
let owner: TestKey;
let tokenId: string;
/** Added to the node's clock by the stations' clocks: moves them past STALE_AFTER_MS. */
let skew = 0;
const stations: Station[] = [];

function open(name: string, nodeUrl = node.url): Station {
  const s = keystoreStation(join(work.dir, name), nodeUrl, () => node.clock.now + skew);
  stations.push(s);
  return s;
}

/** The station API over `s`, as the desktop app and the bridge call it. */
function api(s: Station) {
  const handlers = createStationHandlers(s, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: s.dataDir }) });
  return async <T = Json>(method: string, args?: unknown): Promise<T> => {
    const r: ApiResult<unknown> = await dispatch(STATION_API, handlers, method, args, { onInternalError: () => undefined });
    if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
    return r.value as T;
  };
}

beforeAll(async () => {
  work = workDir('airlock-provenance-');
  node = await startNode();
  owner = await funded(node, 5_000n * 1_000_000n);
  const now = node.clock.now;
  const { reply } = await buildAndSend(node, '/wallet/createassetissue', assetIssueBody(owner, 'Gold', { start: now + 60_000, end: now + 86_400_000 }), [
    owner,
  ]);
  expect(reply.result).toBe(true);
  await node.block();
  const issued = await node.post('/wallet/getassetissuelist', {});
  tokenId = String(((issued.assetIssue as Json[]).find((t) => t.owner_address === owner.hex) as Json).id);
}, 120_000);

afterAll(async () => {
  for (const s of stations) s.close();
  await node?.stop();
  work?.remove();
});

describe('accounts and tokens say where they came from', () => {
  it('fetched from the node: observed, with its block; a day later the same account is flagged stale', async () => {
    const call = api(open('observed'));
    const shown = await call('accountFetch', { address: owner.b58 });
    expect(shown.provenance).toMatchObject({ trust: 'observed', file: null, stale: false, ageMs: 0 });
    expect(shown.provenance.text).toMatch(new RegExp(`^observed from node ${node.url.replace(/[.]/g, '\\.')} at block \\d+$`));
    skew = STALE_AFTER_MS + 1;
    try {
      const later = await call('accountShow', { address: owner.b58 });
      expect(later.provenance).toMatchObject({ trust: 'observed', stale: true, age: '24 h' });
      expect((await call('accountsList')).accounts[0].provenance.stale).toBe(true);
    } finally {
      skew = 0;
    }
    expect((await call('tokenShow', { id: tokenId })).provenance).toMatchObject({ trust: 'observed', stale: false });
  });

  it('from a snapshot file: a claim naming the file, on the account and on the token', async () => {
    const online = api(open('exporter'));
    await online('tokenShow', { id: tokenId });
    const snap = await online('snapshotExport', { accounts: [owner.b58] });
    const call = api(open('offline-reader', NOWHERE));
    await call('snapshotImport', { fileName: 'handed-over.json', text: snap.text });
    const claimed = { trust: 'claimed', file: 'handed-over.json', text: 'claimed by file handed-over.json (unverified)' };
    expect((await call('accountShow', { address: owner.b58 })).provenance).toMatchObject(claimed);
    expect((await call('accountsList')).accounts[0].provenance).toMatchObject(claimed);
    expect((await call('tokenShow', { id: tokenId })).provenance).toMatchObject(claimed);
  });
});

describe('a transaction says what its weights and its amount rest on', () => {
  it('built online: the permission observed from the node, the token observed, no conflict', async () => {
    const s = open('built');
    const call = api(s);
    await call('tokenShow', { id: tokenId });
    const built = await call('buildTransferAsset', { from: owner.b58, to: newKey().b58, token: tokenId, amount: '5' });
    expect(built.block).toMatchObject({ trust: 'observed', file: null });
    expect(built.transaction.provenance).toMatchObject({ permission: { trust: 'observed' }, token: { trust: 'observed' }, conflicts: [] });
  });

  it("a handoff file's permission and token description: claims the transaction screen marks, and a conflict once the node shows otherwise", async () => {
    const maker = open('maker');
    await maker.tokenShow({ id: tokenId });
    const built = await maker.buildTransferAsset({ from: owner.b58, to: newKey().b58, token: tokenId, amount: '5000' });
    const file = JSON.parse((await maker.exportHandoff({ txId: built.txId })).text) as Json;
    // The forger: the owner permission as "1 of 1" of the attacker's key, and the token at precision 6.
    const attacker = newKey();
    file.permission.permissions.owner_permission = { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: attacker.b58, weight: 1 }] };
    for (const t of file.tokens as Json[]) t.precision = 6;
    const forged = { name: 'forged.airlock.json', text: JSON.stringify(file) };

    // A station that knows neither the account nor the token: the file's word, marked so. Online, the
    // screen reads the account from the node first (docs/decisions.md §24), so the claim shows as a conflict at
    // once, never silently taken or dropped.
    const reader = open('reader');
    const call = api(reader);
    await call('importFiles', { files: [forged] });
    const shown = await call('status', { txId: built.txId });
    expect(shown.signer.accountRead).toMatch(/^read from the node .* just now at block \d+ \(this station's copy is only a file's claim\)$/);
    expect(shown.provenance.token).toMatchObject({ trust: 'claimed', file: 'forged.airlock.json' });
    const observedText = (await call('accountShow', { address: owner.b58 })).provenance.text;
    expect(shown.provenance.permission).toMatchObject({ trust: 'claimed', file: 'forged.airlock.json' });
    expect(shown.provenance.conflicts).toEqual([
      `permission 0 as claimed by file forged.airlock.json (unverified) (1 of ${attacker.b58}) disagrees with what this station observed from the node: 1 of ${owner.b58} (${observedText}, 0 s old); the weights shown count against the claim and the node will count against its own`,
    ]);

    // A station holding the node's description: the file's precision 6 is a conflict; the amount keeps the node's.
    const holder = open('holder');
    const hold = api(holder);
    const observed = await hold('tokenShow', { id: tokenId });
    const [imported] = (await hold('importFiles', { files: [forged] })).results;
    expect(imported.warnings.join(' ')).toMatch(/forged\.airlock\.json: the file describes token \d+ otherwise than this station holds it/);
    const held = await hold('status', { txId: built.txId });
    expect(held.provenance.token).toMatchObject({ trust: 'observed' });
    expect(held.provenance.conflicts).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^file forged\\.airlock\\.json describes token ${tokenId} as "Gold", precision 6; the amount is shown with "Gold", precision ${observed.precision} \\(observed from node`,
        ),
      ),
    );
    expect((await hold('tokenShow', { id: tokenId })).precision).toBe(observed.precision);
  });
});

describe('stored blocks are listed and removed', () => {
  it('a forged snapshot with a high block and a current date pins offline builds, says it is a claim, and once removed the genuine block is used again', async () => {
    const online = open('online-for-blocks');
    const onlineCall = api(online);
    await onlineCall('keysImport', { privateKeyHex: owner.priv, label: 'owner' });
    const genuineText = (await onlineCall('snapshotExport', { accounts: [owner.b58] })).text;
    const genuine = JSON.parse(genuineText) as Json;
    const forged = structuredClone(genuine);
    forged.block = {
      number: genuine.block.number + 100_000,
      id: (genuine.block.number + 100_000).toString(16).padStart(16, '0') + bytesToHex(randomBytes(24)),
      timestamp: node.clock.now,
    };

    const offline = open('offline-builder', NOWHERE);
    const call = api(offline);
    await call('keysImport', { privateKeyHex: owner.priv, label: 'owner' });
    await call('snapshotImport', { fileName: 'genuine.json', text: genuineText });
    await call('snapshotImport', { fileName: 'forged.json', text: JSON.stringify(forged) });

    const list = (await call('snapshotList')).snapshots as Json[];
    expect(list.map((e) => [e.block.number, e.provenance.file, e.inUse])).toEqual([
      [forged.block.number, 'forged.json', true],
      [genuine.block.number, 'genuine.json', false],
    ]);

    const pinned = await call('buildTransfer', { from: owner.b58, to: newKey().b58, amount: '1' });
    expect(pinned.basis).toMatch(new RegExp(`^offline: the chain snapshot block ${forged.block.number}, claimed by file forged\\.json \\(unverified\\)`));
    expect(pinned.block).toMatchObject({ trust: 'claimed', file: 'forged.json' });
    // What the forged block costs: the node refuses the transaction built on it.
    await call('sign', { txId: pinned.txId });
    const carried = await call('exportHandoff', { txId: pinned.txId });
    await onlineCall('importFiles', { files: [{ name: carried.fileName, text: carried.text }] });
    expect((await onlineCall('broadcast', { txId: pinned.txId })).accepted).toBe(false);

    const removed = await call('snapshotRemove', { id: list[0]!.id });
    expect(removed.removed.block.number).toBe(forged.block.number);
    expect(removed.next).toMatchObject({ block: { number: genuine.block.number }, inUse: true });
    expect(((await call('snapshotList')).snapshots as Json[]).map((e) => e.block.number)).toEqual([genuine.block.number]);
    const audit = offline.store.listAudit().filter((e) => e.action === 'chain.snapshot.remove');
    expect(audit).toHaveLength(1);

    const fixed = await call('buildTransfer', { from: owner.b58, to: newKey().b58, amount: '2' });
    expect(fixed.basis).toMatch(new RegExp(`^offline: the chain snapshot block ${genuine.block.number}, claimed by file genuine\\.json \\(unverified\\)`));
    await call('sign', { txId: fixed.txId });
    const good = await call('exportHandoff', { txId: fixed.txId });
    await onlineCall('importFiles', { files: [{ name: good.fileName, text: good.text }] });
    expect((await onlineCall('broadcast', { txId: fixed.txId })).accepted).toBe(true);
  });

  it('removing a block that is not stored, or by a bad id, names the id and changes nothing', async () => {
    const s = open('remove-refusals', NOWHERE);
    const handlers = createStationHandlers(s, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: s.dataDir }) });
    const before = s.store.listAudit().length;
    for (const [args, code] of [
      [{ id: 7 }, 'NOT_FOUND'],
      [{ id: 0 }, 'INVALID_INPUT'],
      [{ id: 'x' }, 'INVALID_INPUT'],
    ] as const) {
      const r = await dispatch(STATION_API, handlers, 'snapshotRemove', args, { onInternalError: () => undefined });
      expect(r.ok === false && [r.error.code, r.error.details?.field]).toEqual([code, 'id']);
    }
    expect(s.store.listAudit().length).toBe(before);
  });
});

describe('airlock snapshot list | remove', () => {
  it('lists the blocks with their source and which one builds use, removes one by id, and refuses an unknown id naming it', async () => {
    const exporter = open('cli-exporter');
    const genuine = JSON.parse((await exporter.snapshotExport({ accounts: [owner.b58] })).text) as Json;
    const forged = structuredClone(genuine);
    forged.block = {
      number: genuine.block.number + 50_000,
      id: (genuine.block.number + 50_000).toString(16).padStart(16, '0') + bytesToHex(randomBytes(24)),
      timestamp: node.clock.now,
    };
    const S = testStation(work.dir, 'cli', { node: NOWHERE, now: () => node.clock.now });
    await S.ok(['snapshot', 'import', jsonFile(work.dir, 'genuine.json', genuine)]);
    await S.ok(['snapshot', 'import', jsonFile(work.dir, 'forged.json', forged)]);

    const listed = await S.run(['snapshot', 'list']);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`block ${forged.block.number}, claimed by file forged\\.json \\(unverified\\), .* old, used for offline builds$`));
    expect(lines[1]).toMatch(new RegExp(`block ${genuine.block.number}, claimed by file genuine\\.json \\(unverified\\), .* old$`));

    const json = await S.ok(['snapshot', 'list']);
    const forgedId = String(json.snapshots[0].id);
    const removed = await S.run(['snapshot', 'remove', forgedId]);
    expect(removed.code).toBe(0);
    expect(removed.stdout.trim()).toBe(
      `Removed block ${forged.block.number} (claimed by file forged.json (unverified)). Offline builds now use block ${genuine.block.number} (claimed by file genuine.json (unverified)).`,
    );
    expect((await S.ok(['snapshot', 'list'])).snapshots.map((e: Json) => e.block.number)).toEqual([genuine.block.number]);

    for (const bad of [forgedId, 'seven']) {
      const r = await S.run(['snapshot', 'remove', bad], { json: true });
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stderr).error).toMatchObject({ code: bad === 'seven' ? 'INVALID_INPUT' : 'NOT_FOUND', details: { field: 'id' } });
    }
  });
});
