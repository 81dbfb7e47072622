/**
 * The station API over the real station services (electron/shell/station-handlers.ts, docs/decisions.md §8):
 * a real station (SQLite store, keystore vault, offline from a chain snapshot) called through
 * `dispatch`, as IPC and the bridge call it. Every answer passes its result schema; files cross as
 * text; a tampered handoff file is refused with nothing stored; and no result of any call carries
 * the bytes of a key the station holds, in hex or base64 (the scan of every method is
 * station-api-key-scan.test.ts). Against the devnet on port 0: `preflight`
 * answers the dry run and flags a permission changed on chain, and status carries the ApprovalView.
 */
import { join } from 'node:path';
import { create } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermissionSchema, PermissionType } from '../../shared/gen/protocol/core_pb.ts';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { dispatch, type ApiResult } from '../../shared/api/api-contract.ts';
import { addressOfPrivateKey, generatePrivateKey } from '../../shared/chain/keys.ts';
import { defaultActiveOperations } from '../../shared/chain/operations.ts';
import { defaultOwnerPermission } from '../../shared/contracts/permission/rules.ts';
import { permissionsToJson } from '../../shared/files/snapshot.ts';
import { STATION_API, type StationTransaction } from '../../shared/api/station-api.ts';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createFileDialogs, type DialogBackend } from '../../electron/shell/file-dialogs.ts';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import { baseName } from '../../shared/chain/input.ts';
import { type Station } from '../../station/station.ts';
import {
  buildAndSend,
  funded,
  newKey,
  permissionUpdateBody,
  startNode,
  SUN,
  TRANSFER_ONLY_OPS,
  type TestKey,
  type TestNode,
} from '../helpers/devnet-helpers.ts';
import { offlineApiStation, workDir, keystoreStation } from '../helpers/station-helpers.ts';

const T = 1_800_000_000_000;
const keys = Array.from({ length: 3 }, () => generatePrivateKey());
const signers = keys.map((k) => addressOfPrivateKey(k));
const owner = addressOfPrivateKey(generatePrivateKey());
const OWNER = addressToBase58(owner);
const permission = create(PermissionSchema, {
  type: PermissionType.Active,
  id: 2,
  permissionName: 'pair',
  threshold: 2n,
  operations: defaultActiveOperations(),
  keys: signers.map((address) => ({ address, weight: 1n })),
});
let work: { dir: string; remove: () => void };
let station: Station;
let handlers: ReturnType<typeof createStationHandlers>;
const answers: unknown[] = [];

async function call(method: string, args?: unknown): Promise<ApiResult<unknown>> {
  const answer = await dispatch(STATION_API, handlers, method, args, { onInternalError: (m, cause) => console.error(m, cause) });
  answers.push(answer);
  return answer;
}
async function ok<T = Record<string, unknown>>(method: string, args?: unknown): Promise<T> {
  const answer = await call(method, args);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as T;
}

beforeAll(async () => {
  work = workDir('airlock-handlers-');
  let snapshot: string;
  ({ station, handlers, snapshot } = offlineApiStation(work.dir, T, OWNER, permissionsToJson({ owner: defaultOwnerPermission(owner), actives: [permission] })));
  await ok('snapshotImport', { fileName: '../../etc/snap.json', text: snapshot });
}, 60_000);

afterAll(() => {
  station?.close();
  work?.remove();
});

describe('the station API over the services', () => {
  let txId: string;

  it('imports keys by hex and lists them by address only', async () => {
    const imported = await ok<{ key: { address: string }; created: boolean }>('keysImport', { privateKeyHex: bytesToHex(keys[0]!), label: 'first' });
    expect(imported).toMatchObject({ key: { address: addressToBase58(signers[0]!) }, created: true });
    await ok('keysImport', { privateKeyHex: `0x${bytesToHex(keys[1]!)}`, label: 'second' });
    const list = await ok<{ keys: { address: string; label: string }[] }>('keysList');
    expect(list.keys.map((k) => k.label).sort()).toEqual(['first', 'second']);
  });

  it('builds from the snapshot, lists it in the queue with its amount and who could still sign', async () => {
    const built = await ok<{ txId: string; transaction: { view: { summary: string }; status: string } }>('buildTransfer', {
      from: OWNER,
      to: addressToBase58(signers[2]!),
      amount: '1500000',
      permissionId: 2,
      note: 'rent',
    });
    txId = built.txId;
    expect(built.transaction.view.summary).toMatch(/^Send 1\.5 TRX from /);
    const queue = await ok<{
      total: number;
      entries: { txId: string; amount: string; canStillSign: { address: string; local: boolean }[] }[];
      accounts: string[];
    }>('list', { account: OWNER });
    expect(queue.total).toBe(1);
    expect(queue.accounts).toEqual([OWNER]);
    expect(queue.entries[0]).toMatchObject({ txId, amount: '1.5 TRX' });
    expect(queue.entries[0]!.canStillSign.map((k) => k.local)).toEqual([true, true, false]);
  });

  it('signs with one local key of the permission, and the transaction shows who signed', async () => {
    const signed = await ok<{
      signed: string[];
      transaction: { signers: { address: { base58: string }; signed: boolean; local: boolean; label: string | null }[] };
    }>('sign', { txId, key: addressToBase58(signers[0]!) });
    expect(signed.signed).toEqual([addressToBase58(signers[0]!)]);
    expect(signed.transaction.signers.map((s) => [s.label, s.signed, s.local])).toEqual([
      ['first', true, true],
      ['second', false, true],
      [null, false, false],
    ]);
  });

  it('exports the handoff file as text, and a tampered copy is refused with nothing stored', async () => {
    const file = await ok<{ fileName: string; text: string; signatures: number }>('exportHandoff', { txId });
    expect(file.signatures).toBe(1);
    const before = JSON.stringify(await ok('status', { txId }));
    const tampered = JSON.parse(file.text) as { transaction: { signature: string[] } };
    const sig = tampered.transaction.signature[0]!;
    tampered.transaction.signature[0] = `${sig.slice(0, 20)}${sig[20] === '0' ? '1' : '0'}${sig.slice(21)}`;
    const refused = await call('importFiles', { files: [{ name: 'tampered.json', text: JSON.stringify(tampered) }] });
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(await ok('status', { txId }))).toBe(before);
    const again = await ok<{ results: { known: string[]; added: string[] }[] }>('importFiles', {
      files: [
        { name: 'copy.json', text: file.text },
        { name: 'copy.json', text: file.text },
      ],
    });
    expect(again.results.map((r) => r.added.length)).toEqual([0, 0]);
  });

  it('behind the bridge (no dialogs) open and save answer NO_DIALOG naming the browser way, nothing written', async () => {
    const save = await call('saveHandoffFile', { txId });
    expect(save.ok === false && [save.error.code, save.error.message]).toEqual(['NO_DIALOG', expect.stringContaining('download')]);
    const open = await call('openHandoffFiles');
    expect(open.ok === false && [open.error.code, open.error.message]).toEqual(['NO_DIALOG', expect.stringContaining("browser's file picker")]);
  });

  it('with the desktop dialogs: save writes the handoff where the person chose, open reads it back for importFiles', async () => {
    const chosen = join(work.dir, 'chosen.airlock.json');
    let answer: { save: Awaited<ReturnType<DialogBackend['showSaveDialog']>>; open: Awaited<ReturnType<DialogBackend['showOpenDialog']>> } = {
      save: { canceled: true },
      open: { canceled: true, filePaths: [] },
    };
    const asked: string[] = [];
    const dialogs = createFileDialogs({
      showOpenDialog: async (o) => (asked.push(o.title), answer.open),
      showSaveDialog: async (o) => (asked.push(`${o.title}: ${o.defaultPath}`), answer.save),
    });
    const desk = createStationHandlers(station, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: station.dataDir }), dialogs });
    const run = (method: string, args?: unknown) => dispatch(STATION_API, desk, method, args);

    // Cancelled: nothing written, the suggested name answered.
    expect(await run('saveHandoffFile', { txId })).toEqual({ ok: true, value: { saved: false, fileName: `${txId.slice(0, 12)}.airlock.json`, txId } });
    expect(existsSync(chosen)).toBe(false);
    expect(asked).toEqual([`Save the handoff file: ${txId.slice(0, 12)}.airlock.json`]);

    answer = { save: { canceled: false, filePath: chosen }, open: { canceled: false, filePaths: [chosen] } };
    expect(await run('saveHandoffFile', { txId: txId.toUpperCase() })).toEqual({ ok: true, value: { saved: true, fileName: 'chosen.airlock.json', txId } });
    const exported = await ok<{ text: string }>('exportHandoff', { txId });
    expect(readFileSync(chosen, 'utf8')).toBe(exported.text);
    const opened = await run('openHandoffFiles');
    expect(opened).toEqual({ ok: true, value: { files: [{ name: 'chosen.airlock.json', text: exported.text }] } });

    // More files than importFiles takes are refused by name; a cancelled open is no files.
    answer.open = { canceled: false, filePaths: Array.from({ length: 21 }, () => chosen) };
    const many = await run('openHandoffFiles');
    expect(many.ok === false && [many.error.code, many.error.details?.field]).toEqual(['INVALID_INPUT', 'files']);
    answer.open = { canceled: true, filePaths: [] };
    expect(await run('openHandoffFiles')).toEqual({ ok: true, value: { files: [] } });
    // A file that is not UTF-8 is refused naming it, not echoed.
    writeFileSync(chosen, Buffer.from([0xff, 0xfe, 0x41]));
    answer.open = { canceled: false, filePaths: [chosen] };
    const bad = await run('openHandoffFiles');
    expect(bad.ok === false && [bad.error.code, bad.error.message]).toEqual(['INVALID_INPUT', 'chosen.airlock.json: not UTF-8 text']);
  });

  it('preflight offline says the node does not answer, and a txID that is not 64 hex digits is refused by name', async () => {
    const before = JSON.stringify(await ok('status', { txId }));
    const offline = await call('preflight', { txId });
    expect(offline.ok === false && [offline.error.code, offline.error.details?.field]).toEqual(['NODE_UNREACHABLE', 'node']);
    const bad = await call('preflight', { txId: `${txId.slice(0, 63)}\u202e` });
    expect(bad.ok === false && bad.error.code).toBe('INVALID_INPUT');
    expect(bad.ok === false && bad.error.message).toContain('txId');
    expect(JSON.stringify(await ok('status', { txId }))).toBe(before);
  });

  it('settings, the audit log and the vault status answer', async () => {
    expect(await ok('settings')).toMatchObject({ node: 'http://127.0.0.1:9', vault: 'keystore' });
    expect(await ok('auditVerify')).toMatchObject({ ok: true, firstBad: null });
    expect(await ok('keysStatus')).toMatchObject({ kind: 'keystore' });
    expect(await ok('nodeTest', {})).toMatchObject({ ok: false, block: null });
  });

  it('builds a batch chunk with rows numbered from firstRow, each row with its status; a repeated row is refused by number with nothing stored', async () => {
    const to = addressToBase58(signers[2]!);
    const csv = `to,amount,token,note\n${to},7,,a\n${to},8,,b\n`;
    const built = await ok<{ count: number; signed: number; rows: { row: number; txId: string; status: string }[] }>('buildBatch', {
      csv,
      from: OWNER,
      permissionId: 2,
      firstRow: 202,
      sign: true,
    });
    expect(built.count).toBe(2);
    expect(built.rows.map((r) => [r.row, r.status])).toEqual([
      [202, 'ready'],
      [203, 'ready'],
    ]);
    const total = (await ok<{ total: number }>('list', {})).total;
    const repeated = await call('buildBatch', { csv: `to,amount,token,note\n${to},9,,a\n${to},9,,b\n`, from: OWNER, permissionId: 2, firstRow: 402 });
    expect(repeated.ok).toBe(false);
    if (repeated.ok) return;
    expect(repeated.error.message).toMatch(/^csv row 403: the same recipient, amount and token as row 402/);
    expect(repeated.error.details).toMatchObject({ row: 403 });
    expect((await ok<{ total: number }>('list', {})).total).toBe(total);
    const bad = await call('buildBatch', { csv, from: OWNER, firstRow: 1 });
    expect(bad.ok).toBe(false);
  });

  it('no answer of any call carried the bytes of a key the station holds', () => {
    const text = JSON.stringify(answers);
    for (const key of keys.slice(0, 2)) {
      expect(text.toLowerCase()).not.toContain(bytesToHex(key));
      expect(text).not.toContain(Buffer.from(key).toString('base64'));
    }
    expect(answers.length).toBeGreaterThan(10);
  });

  it('errors the window shows name no CLI command: an unknown account and an unreachable node say what to do in words', async () => {
    const stranger = addressToBase58(addressOfPrivateKey(generatePrivateKey()));
    const unknown = await call('accountShow', { address: stranger });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const offline = await call('accountFetch', { address: stranger });
    expect(offline).toMatchObject({ ok: false, error: { code: 'NODE_UNREACHABLE' } });
    for (const answer of [unknown, offline]) {
      const message = answer.ok ? '' : answer.error.message;
      expect(message).not.toMatch(/\bairlock |--node|--passphrase|npm start/);
    }
    expect(unknown.ok ? '' : unknown.error.message).toContain(`this station has no copy of account ${stranger}: fetch it from the node, or import a snapshot`);
  });

  it('a file name from the renderer is only ever a base name', () => {
    expect(baseName('../../etc/passwd')).toBe('passwd');
    expect(baseName('..\\..\\boot.ini')).toBe('boot.ini');
    expect(baseName('..')).toBe('file');
    expect(baseName('')).toBe('file');
  });
});

describe('the dry run and the approval against a real node', () => {
  let node: TestNode;
  let live: Station;
  let api: ReturnType<typeof createStationHandlers>;
  let holder: TestKey;
  let txId: string;
  const liveOk = async <T = Record<string, unknown>>(method: string, args?: unknown): Promise<T> => {
    const answer = await dispatch(STATION_API, api, method, args, { onInternalError: (m, cause) => console.error(m, cause) });
    if (!answer.ok) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
    return answer.value as T;
  };

  beforeAll(async () => {
    node = await startNode();
    holder = await funded(node, 1_000n * SUN);
    live = keystoreStation(join(work.dir, 'live'), node.url, () => node.clock.now);
    api = createStationHandlers(live, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: live.dataDir }) });
    await liveOk('keysImport', { privateKeyHex: holder.priv, label: 'holder' });
    const built = await liveOk<{ txId: string }>('buildTransfer', { from: holder.b58, to: addressToBase58(signers[0]!), amount: '2000000' });
    txId = built.txId;
    await liveOk('sign', { txId });
  }, 60_000);

  afterAll(async () => {
    live?.close();
    await node?.stop();
  });

  it('status carries the approval against the stored owner permission: weight 1 of 1, enough', async () => {
    const status = await liveOk<StationTransaction>('status', { txId });
    expect(status.approval).toMatchObject({ weight: '1', threshold: '1', missing: '0', enough: true, permission: { type: 'Owner', id: 0 } });
    expect(status.approval!.signers.map((s) => s.address.base58)).toEqual([holder.b58]);
    const queue = await liveOk<{ entries: { txId: string; weight: string; threshold: string | null }[] }>('list', {});
    expect(queue.entries.find((e) => e.txId === txId)).toMatchObject({ weight: '1', threshold: '1' });
  });

  it('preflight returns the dry run: the same permissions, and the node finds the signature enough', async () => {
    const dry = await liveOk<{
      comparison: { changed: boolean; changes: string[] };
      signWeight: { enough: boolean; weight: string; threshold: string | null; approved: string[] };
    }>('preflight', { txId });
    expect(dry.comparison).toMatchObject({ changed: false, changes: [] });
    expect(dry.signWeight).toMatchObject({ enough: true, weight: '1', threshold: '1', approved: [holder.b58] });
  });

  it('preflight flags a permission changed on chain since signing, and broadcast then refuses with nothing stored', async () => {
    // Someone else's station makes the owner permission 2 of 2: the holder's one signature is short.
    const other = newKey();
    const owner2 = {
      type: 'Owner',
      permission_name: 'owner',
      threshold: 2,
      keys: [
        { address: holder.hex, weight: 1 },
        { address: other.hex, weight: 1 },
      ],
    };
    const active = { type: 'Active', permission_name: 'active', threshold: 1, operations: TRANSFER_ONLY_OPS, keys: [{ address: holder.hex, weight: 1 }] };
    const { reply } = await buildAndSend(node, '/wallet/accountpermissionupdate', permissionUpdateBody(holder, [active], owner2), [holder]);
    expect(reply.result).toBe(true);
    await node.block();
    const dry = await liveOk<{
      comparison: { changed: boolean; changes: string[]; text: string };
      signWeight: { enough: boolean; weight: string; threshold: string | null };
    }>('preflight', { txId });
    expect(dry.comparison.changed).toBe(true);
    expect(dry.comparison.changes.length).toBeGreaterThan(0);
    expect(dry.comparison.text).toContain('changed since the snapshot the signers saw');
    expect(dry.signWeight).toMatchObject({ enough: false, weight: '1', threshold: '2' });
    const before = live.store.getTransaction(hexToBytes(txId))!;
    const refused = await dispatch(STATION_API, api, 'broadcast', { txId });
    expect(refused.ok === false && refused.error.code).toBe('PERMISSION');
    expect(live.store.getTransaction(hexToBytes(txId))).toEqual(before);
    // The station's own approval still counts against the permission the signers saw.
    expect((await liveOk<StationTransaction>('status', { txId })).approval).toMatchObject({ weight: '1', threshold: '1', enough: true });
  });
});
