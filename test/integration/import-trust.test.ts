/**
 * Imports that believe no file over what the station observed (docs/decisions.md §16, medium and low findings),
 * built from public inputs only: handoff files written the way a second station or an attacker
 * writes them, imported through `importFiles`, and the API called through `dispatch`. Rules held:
 * copies of one transaction from different files merge their valid signatures, a conflicting
 * permission claim being a warning that names the file; a new transaction of an account observed
 * from the node counts against the observed permission, never the file's claim; a refused file in
 * a batch leaves nothing of the batch stored; the transaction view of an unknown account answers;
 * saving the node URL answers its schema; key labels and the connection test never hold or echo a
 * private key's text. Real SQLite stores, real keystore vaults, the devnet in-process on port 0.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { dispatch, type ApiResult } from '../../shared/api/api-contract.ts';
import { STATION_API } from '../../shared/api/station-api.ts';
import { signDigest } from '../../shared/chain/keys.ts';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import { type Station } from '../../station/station.ts';
import {
  buildAndSend,
  funded,
  newKey,
  permissionUpdateBody,
  SUN,
  startNode,
  type Json,
  TRANSFER_ONLY_OPS,
  type TestKey,
  type TestNode,
} from '../helpers/devnet-helpers.ts';
import { workDir, keystoreStation } from '../helpers/station-helpers.ts';

let work: { dir: string; remove: () => void };
let node: TestNode;
/** An account whose owner permission is 2 of 2 (k1, k2) on the node. */
let shared: TestKey;
let k1: TestKey;
let k2: TestKey;
let attacker: TestKey;
/** The genuine handoff: built online by a station holding k1, signed by k1 (1 of the 2 needed). */
let genuine: { name: string; text: string };
let txId: string;
let opened = 0;

function open(): Station {
  opened += 1;
  return keystoreStation(join(work.dir, `s${opened}`), node.url, () => node.clock.now);
}
const stations: Station[] = [];
function station(): Station {
  const s = open();
  stations.push(s);
  return s;
}

/** The genuine file with its owner permission replaced by `owner` (a forged claim). */
function withOwner(name: string, owner: Json): { name: string; text: string } {
  const file = JSON.parse(genuine.text) as Json;
  file.permission.permissions.owner_permission = { ...file.permission.permissions.owner_permission, ...owner };
  return { name, text: JSON.stringify(file) };
}

beforeAll(async () => {
  work = workDir('airlock-import-trust-');
  node = await startNode();
  // 100 TRX pays the permission update; the rest, the transfers' multi-signature and activation fees.
  shared = await funded(node, 105n * SUN);
  k1 = newKey();
  k2 = newKey();
  attacker = newKey();
  const owner = {
    type: 'Owner',
    permission_name: 'owner',
    threshold: 2,
    keys: [
      { address: k1.hex, weight: 1 },
      { address: k2.hex, weight: 1 },
    ],
  };
  const { reply } = await buildAndSend(
    node,
    '/wallet/accountpermissionupdate',
    permissionUpdateBody(shared, [{ type: 'Active', permission_name: 'active', threshold: 2, operations: TRANSFER_ONLY_OPS, keys: owner.keys }], owner),
    [shared],
  );
  expect(reply.result).toBe(true);
  await node.block();
  const b = station();
  await b.keysImport({ secret: hexToBytes(k1.priv), label: 'k1' });
  const t = await b.buildTransfer({ from: shared.b58, to: k2.b58, amount: '1' });
  await b.sign({ txId: t.txId });
  const exported = await b.exportHandoff({ txId: t.txId });
  genuine = { name: 'genuine.airlock.json', text: exported.text };
  txId = t.txId;
}, 120_000);

afterAll(async () => {
  for (const s of stations) s.close();
  await node?.stop();
  work?.remove();
});

describe('files of one transaction', () => {
  it('a forged copy imported first does not block the genuine one: its signatures merge, and the conflicting claim is a warning naming the file', async () => {
    const c = station();
    // The attacker's copy: the same transaction, a claimed owner "1 of 1" of the attacker's key, signed by it.
    const forged = JSON.parse(withOwner('forged.airlock.json', { threshold: 1, keys: [{ address: attacker.b58, weight: 1 }] }).text) as Json;
    forged.transaction.signature = [bytesToHex(signDigest(hexToBytes(txId), hexToBytes(attacker.priv)))];
    c.importFiles({ files: [{ name: 'forged.airlock.json', text: JSON.stringify(forged) }] });
    const [imported] = c.importFiles({ files: [genuine] }).results;
    expect(imported!.added).toEqual([k1.b58]);
    expect(imported!.warnings.join(' ')).toMatch(/genuine\.airlock\.json.*another version of permission 0/);
    expect((await c.status({ txId })).status).not.toBe('ready');
  });

  it('a new transaction of an account observed from the node counts against the observed permission, not the file\'s "1 of 1", and says the claim conflicts', async () => {
    const a = station();
    await a.accountFetch({ address: shared.b58 });
    const [imported] = a.importFiles({ files: [withOwner('one-of-one.airlock.json', { threshold: 1, keys: [{ address: k1.b58, weight: 1 }] })] }).results;
    expect(imported!.added).toEqual([k1.b58]);
    expect(imported!.warnings.join(' ')).toMatch(/one-of-one\.airlock\.json.*another version of permission 0.*observed from the node/);
    const shown = await a.status({ txId });
    expect(shown.status).toBe('collecting');
    expect(shown.approval!.threshold).toBe('2');
  });

  it('a refused second file leaves nothing of the batch stored, and the refusal says so', async () => {
    const a = station();
    await a.accountFetch({ address: shared.b58 });
    const other = station();
    await other.keysImport({ secret: hexToBytes(k2.priv), label: 'k2' });
    const t2 = await other.buildTransfer({ from: shared.b58, to: k1.b58, amount: '2' });
    await other.sign({ txId: t2.txId });
    // The second file: a real transaction, signed by a key outside the permission the station observed.
    const bad = JSON.parse((await other.exportHandoff({ txId: t2.txId })).text) as Json;
    bad.permission.permissions.owner_permission.keys = [{ address: attacker.b58, weight: 1 }];
    bad.permission.permissions.owner_permission.threshold = 1;
    bad.transaction.signature = [bytesToHex(signDigest(hexToBytes(t2.txId), hexToBytes(attacker.priv)))];
    expect(() => a.importFiles({ files: [genuine, { name: 'bad.airlock.json', text: JSON.stringify(bad) }] })).toThrow(
      /nothing from these 2 files was imported/,
    );
    expect(a.list().total).toBe(0);
  });
});

describe('the API through dispatch', () => {
  let api: ReturnType<typeof createStationHandlers>;
  const call = (method: string, args?: unknown): Promise<ApiResult<unknown>> => dispatch(STATION_API, api, method, args, { onInternalError: () => undefined });

  beforeAll(() => {
    const s = station();
    api = createStationHandlers(s, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: s.dataDir }) });
  });

  it('the transaction view of an account the station does not know answers, with the approval unknown', async () => {
    const stranger = await funded(node, 10n * SUN);
    const unsigned = await node.transfer(stranger, k1.hex, 1);
    const signature = bytesToHex(signDigest(hexToBytes(unsigned.txID as string), hexToBytes(stranger.priv)));
    const file = { name: 'plain.json', text: JSON.stringify({ txID: unsigned.txID, raw_data_hex: unsigned.raw_data_hex, signature: [signature] }) };
    expect((await call('importFiles', { files: [file] })).ok).toBe(true);
    const shown = await call('status', { txId: unsigned.txID });
    expect(shown.ok ? 'ok' : `${shown.error.code} ${shown.error.message}`).toBe('ok');
    expect((shown as { value: { approval: unknown } }).value.approval).toBeNull();
  });

  it('saving the node URL answers a result matching its schema, with the probe text', async () => {
    const saved = await call('setSetting', { key: 'node', value: node.url });
    expect(saved.ok ? 'ok' : `${saved.error.code} ${saved.error.message}`).toBe('ok');
    expect((saved as { value: { node: string; probe?: string } }).value).toMatchObject({ node: node.url, probe: expect.any(String) });
  });

  it('a key label that is a private key is refused without quoting it, by keysNew, keysImport and keysLabel', async () => {
    const secret = attacker.priv;
    const label = `my key ${secret}`;
    const answers = [await call('keysNew', { label }), await call('keysImport', { privateKeyHex: k2.priv, label })];
    const made = await call('keysNew', { label: 'plain' });
    expect(made.ok).toBe(true);
    answers.push(await call('keysLabel', { address: (made as { value: { address: string } }).value.address, label: `0x${secret}` }));
    for (const a of answers) {
      expect(a.ok === false && a.error.code).toBe('INVALID_INPUT');
      expect(JSON.stringify(a)).not.toContain(secret.slice(8, 40));
    }
    const keys = (await call('keysList')) as { ok: true; value: { keys: { label: string }[] } };
    expect(keys.value.keys.map((k) => k.label)).toEqual(['plain']);
  });

  it('a key label with a control, bidi or zero-width character is refused as an address-book label is, by keysNew, keysImport and keysLabel', async () => {
    const before = ((await call('keysList')) as { ok: true; value: { keys: unknown[] } }).value.keys.length;
    const made = (await call('keysNew', { label: 'desk' })) as { ok: true; value: { address: string } };
    for (const label of ['cold\u202Ekey', 'bell\u0007', 'two\nlines', 'zero\u200Bwidth']) {
      const answers = [
        await call('keysNew', { label }),
        await call('keysImport', { privateKeyHex: k2.priv, label }),
        await call('keysLabel', { address: made.value.address, label }),
      ];
      for (const a of answers) {
        expect(a.ok === false && a.error).toMatchObject({ code: 'INVALID_INPUT', details: { field: 'label' } });
        expect(a.ok === false && a.error.message).toMatch(/invisible character; a label must read exactly as it is stored, so nothing was stored$/);
      }
    }
    const keys = ((await call('keysList')) as { ok: true; value: { keys: { label: string }[] } }).value.keys;
    expect(keys.length).toBe(before + 1);
    expect(keys.map((k) => k.label)).toContain('desk');
  });

  it('the connection test never echoes a URL holding a private key, and describes it instead', async () => {
    const secret = attacker.priv;
    const answer = await call('nodeTest', { url: `http://127.0.0.1:1/${secret}` });
    expect(answer.ok).toBe(true);
    expect(JSON.stringify(answer)).not.toContain(secret.slice(8, 40));
    expect((answer as { value: { ok: boolean; text: string } }).value).toMatchObject({ ok: false, text: expect.stringMatching(/64 hex digits/) });
  });
});
