/**
 * One answer per question (docs/decisions.md §8, §27): `airlock build|status|sign|list|import|settings
 * set --json` prints exactly the object the desktop window receives through the loopback bridge for
 * the same call. Two
 * identical stations (one data directory copied before the first build, the same clock, the same
 * chain snapshot, the same keystore) answer the same transaction; station A through the command
 * line, station B through the real bridge over HTTP on loopback (electron/shell/bridge.ts over
 * electron/shell/station-handlers.ts). Signatures are deterministic (RFC 6979), so even `sign`'s
 * answers, signature bytes and all, must be deep-equal.
 *
 * Invariant guarded: the station's features answer in the API table's shape themselves and the
 * shell adds nothing, so the two transports cannot drift apart.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { addressOfPrivateKey, generatePrivateKey } from '../../shared/chain/keys.ts';
import { STATION_API } from '../../shared/api/station-api.ts';
import { startBridge, type Bridge } from '../../electron/shell/bridge.ts';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import type { Station } from '../../station/station.ts';
import { keyFile, keystoreStation, oneAccountSnapshot, testStation, workDir, type TestStation } from '../helpers/station-helpers.ts';
import { pairAccount } from '../helpers/pair-account.ts';

const T = 1_800_000_000_000;
/** A node URL nothing answers on: both stations build offline from the snapshot. */
const NO_NODE = 'http://127.0.0.1:9';
const { keys, signers, OWNER, permissions } = pairAccount();
const TO = addressToBase58(addressOfPrivateKey(generatePrivateKey()));

let work: { dir: string; remove: () => void };
let cli: TestStation;
let station: Station;
let bridge: Bridge;

/** What the window receives: POST /api/<method> with the bridge's token, as renderer/app/api-client.ts sends it. */
async function windowCall(method: string, args: unknown): Promise<unknown> {
  const response = await fetch(`${bridge.origin}/api/${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bridge.token}` },
    body: JSON.stringify(args),
  });
  const answer = (await response.json()) as { ok: boolean; value?: unknown; error?: { code: string; message: string } };
  if (!answer.ok) throw new Error(`${method}: ${answer.error!.code} ${answer.error!.message}`);
  return answer.value;
}

beforeAll(async () => {
  work = workDir('airlock-same-answer-');
  cli = testStation(work.dir, 'a', { node: NO_NODE, now: () => T });
  const snapshot = join(work.dir, 'snap.json');
  writeFileSync(snapshot, oneAccountSnapshot(OWNER, permissions, T));
  await cli.ok(['keys', 'import', '--key-file', keyFile(work.dir, 'k0.key', bytesToHex(keys[0]!))]);
  await cli.ok(['snapshot', 'import', snapshot]);
  // Station B: a copy of A before anything is built, opened with A's passphrase and clock, served by the bridge.
  cpSync(cli.dataDir, join(work.dir, 'b'), { recursive: true });
  station = keystoreStation(join(work.dir, 'b'), NO_NODE, () => T, 'correct horse battery staple');
  bridge = await startBridge({
    table: STATION_API,
    handlers: createStationHandlers(station, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: station.dataDir }) }),
  });
}, 60_000);

afterAll(async () => {
  await bridge?.close();
  station?.close();
  work?.remove();
});

describe('airlock --json and the window answer alike', () => {
  let txId: string;

  it('build: the same built transaction, in the API table shape', async () => {
    const printed = await cli.ok(['build', 'transfer', '--from', OWNER, '--to', TO, '--amount', '5', '--permission-id', '2', '--note', 'rent']);
    const received = await windowCall('buildTransfer', { from: OWNER, to: TO, amount: '5', permissionId: 2, note: 'rent' });
    expect(printed).toEqual(received);
    // The shape is the table's: the shared view under `view`, labelled signers, no station-only keys.
    expect(Object.keys(printed.transaction).sort()).toEqual(
      [
        'approval',
        'chain',
        'createdAt',
        'expiresInMs',
        'labels',
        'lookalikes',
        'nodeAnswer',
        'nodeJson',
        'note',
        'provenance',
        'reissuable',
        'signer',
        'signers',
        'status',
        'view',
      ].sort(),
    );
    txId = printed.txId;
  });

  it('status: the same transaction view', async () => {
    expect(await cli.ok(['status', txId])).toEqual(await windowCall('status', { txId }));
  });

  it('sign: the same signature, status and view, and status after it too', async () => {
    const printed = await cli.ok(['sign', txId]);
    const received = await windowCall('sign', { txId });
    expect(printed).toEqual(received);
    expect(printed).toMatchObject({ signed: [addressToBase58(signers[0]!)], status: 'collecting', transaction: { approval: { weight: '1' } } });
    expect(printed.transaction.view.signatures).toHaveLength(1);
    expect(await cli.ok(['status', txId])).toEqual(await windowCall('status', { txId }));
  });

  it('list: the same page of the queue, whole and filtered', async () => {
    const printed = await cli.ok(['list']);
    expect(printed).toEqual(await windowCall('list', {}));
    expect(printed).toMatchObject({ total: 1, accounts: [OWNER], entries: [{ txId, status: 'collecting', note: 'rent' }] });
    expect(await cli.ok(['list', '--status', 'collecting', '--account', OWNER, '--limit', '5'])).toEqual(
      await windowCall('list', { status: 'collecting', account: OWNER, limit: 5 }),
    );
    expect(await cli.ok(['list', '--status', 'draft'])).toEqual(await windowCall('list', { status: 'draft' }));
  });

  it('import: the same { results } for one file, a transaction both stations know', async () => {
    const file = join(work.dir, 'rent.airlock.json');
    await cli.ok(['export', txId, file]);
    const printed = await cli.ok(['import', file]);
    expect(printed).toEqual(await windowCall('importFiles', { files: [{ name: 'rent.airlock.json', text: readFileSync(file, 'utf8') }] }));
    expect(printed).toMatchObject({ results: [{ file: 'rent.airlock.json', txId, newTransaction: false, added: [] }] });
  });

  it('settings set: the same settings after the change', async () => {
    const printed = await cli.ok(['settings', 'set', 'expiration', '20h']);
    expect(printed).toEqual(await windowCall('setSetting', { key: 'expiration', value: '20h' }));
    expect(printed).toMatchObject({ expiration: '20 h', expiresInMs: 20 * 3_600_000 });
  });
});
