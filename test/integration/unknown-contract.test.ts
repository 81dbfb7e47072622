/**
 * A contract of a type this version has no message for (docs/decisions.md §17, clear signing): a handoff file
 * whose one contract has an unknown type id and type URL is imported, stored and listed, shown as
 * "Unknown contract type N (URL, size bytes)", refused for signing naming the risk
 * `unknown-contract-type`, and signed only with that override, which the audit log records; it is
 * exported as a handoff file with its bytes and signature, which reads back as unknown. Every
 * other rule still holds (expiry, signer outside the permission), and a known type with bad bytes
 * is still refused at import with nothing stored. Through the station API's `dispatch` on a real
 * station (SQLite file, keystore vault), offline.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, toBinary } from '@bufbuild/protobuf';
import { dispatch, type ApiResult } from '../../shared/api/api-contract.ts';
import { STATION_API } from '../../shared/api/station-api.ts';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { bytesToHex, concatBytes, hexToBytes } from '../../shared/base/bytes.ts';
import { addressOfPrivateKey, generatePrivateKey, signDigest } from '../../shared/chain/keys.ts';
import { txIdOf } from '../../shared/chain/transaction.ts';
import { defaultOwnerPermission } from '../../shared/contracts/permission/rules.ts';
import { permissionsToJson } from '../../shared/files/snapshot.ts';
import { parseHandoff } from '../../shared/files/handoff.ts';
import { stringifyJson } from '../../shared/base/json.ts';
import { MAX_SHOWN_TYPE_URL } from '../../shared/base/limits.ts';
import { Transaction_rawSchema } from '../../shared/gen/protocol/core_pb.ts';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import { openStation, type Station } from '../../station/station.ts';
import { oneAccountSnapshot, TEST_SCRYPT, workDir } from '../helpers/station-helpers.ts';

type Json = Record<string, unknown>;
const T = 1_800_000_000_000;
const key = generatePrivateKey();
const owner = addressOfPrivateKey(key);
const OWNER = addressToBase58(owner);
const stranger = generatePrivateKey();
const permissions = permissionsToJson({ owner: defaultOwnerPermission(owner), actives: [] });
const BLOCK = { number: 500, id: (500).toString(16).padStart(16, '0') + 'ab'.repeat(24), timestamp: T - 30_000 };
const FUTURE_URL = 'type.googleapis.com/protocol.FutureContract';

let work: { dir: string; remove: () => void };
let station: Station;
let call: <T = Json>(method: string, args?: unknown) => Promise<T>;
let refusal: (method: string, args?: unknown) => Promise<{ code: string; message: string; details: Json }>;

/** Raw bytes with one contract of `type` under `typeUrl` whose value is `value` (owner, field 1, first). */
function rawWith(type: number, typeUrl: string, value: Uint8Array, expiration = T + 3_600_000): Uint8Array {
  const raw = create(Transaction_rawSchema, {
    refBlockBytes: hexToBytes('01f4'),
    refBlockHash: hexToBytes(BLOCK.id.slice(16, 32)),
    expiration: BigInt(expiration),
    timestamp: BigInt(T),
    contract: [{ type, parameter: { typeUrl, value } }],
  });
  return toBinary(Transaction_rawSchema, raw);
}

/** A value as a future contract might write it: owner_address (field 1), then an int64 (field 2). */
const FUTURE_VALUE = concatBytes(hexToBytes('0a15'), owner, hexToBytes('10d209'));

/** A handoff file around raw bytes: the transaction JSON (raw_data_hex only) and the owner permission. */
function handoffText(rawBytes: Uint8Array, signatures: Uint8Array[] = []): string {
  return stringifyJson({
    format: 'airlock.handoff',
    version: 1,
    transaction: { visible: false, txID: bytesToHex(txIdOf(rawBytes)), raw_data_hex: bytesToHex(rawBytes), signature: signatures.map(bytesToHex) },
    permission: { address: OWNER, permissions, source: { file: 'x' }, at: T - 1 },
    tokens: [],
    note: '',
  });
}

beforeAll(async () => {
  work = workDir('airlock-unknown-contract-');
  station = openStation({
    dataDir: join(work.dir, 'station'),
    nodeUrl: 'http://127.0.0.1:9',
    dialect: 'spec',
    clock: () => T,
    vault: 'keystore',
    scrypt: TEST_SCRYPT,
    passphrase: async () => new TextEncoder().encode('a long test passphrase'),
  });
  const handlers = createStationHandlers(station, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: station.dataDir }) });
  const run = (method: string, args?: unknown): Promise<ApiResult<unknown>> =>
    dispatch(STATION_API, handlers, method, args, { onInternalError: () => undefined });
  call = async <T = Json>(method: string, args?: unknown): Promise<T> => {
    const r = await run(method, args);
    if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
    return r.value as T;
  };
  refusal = async (method, args) => {
    const r = await run(method, args);
    if (r.ok) throw new Error(`${method}: expected a refusal`);
    return { code: r.error.code, message: r.error.message, details: (r.error.details ?? {}) as Json };
  };
  await call('snapshotImport', {
    fileName: 'snap.json',
    text: oneAccountSnapshot(OWNER, permissions, T),
  });
  await station.keysImport({ secret: key.slice(), label: 'treasurer' });
}, 60_000);

afterAll(() => {
  station?.close();
  work?.remove();
});

describe('a contract of an unknown type', () => {
  const raw = rawWith(77, FUTURE_URL, FUTURE_VALUE);
  const txId = bytesToHex(txIdOf(raw));

  it('is imported, listed and shown as unknown with its type id, URL and size', async () => {
    const imported = await call<{ results: Json[] }>('importFiles', { files: [{ name: 'future.airlock.json', text: handoffText(raw) }] });
    expect(imported.results[0]).toMatchObject({ txId, newTransaction: true });
    const shown = await call<{ view: Json; status: string }>('status', { txId });
    expect(shown.view).toMatchObject({
      kind: 'UnknownContract',
      kindId: 77,
      title: 'Unknown contract type',
      summary: `Unknown contract type 77 (${FUTURE_URL}, ${FUTURE_VALUE.length} bytes) from ${OWNER}`,
      contract: { contract: 'UnknownContract', typeId: 77, typeUrl: FUTURE_URL, size: FUTURE_VALUE.length },
      owner: { base58: OWNER },
      warnings: [{ risk: 'unknown-contract-type', needsOverride: true }],
    });
    // The station's answer (the CLI's and the window's alike) carries the undecoded contract as its id, URL and size.
    expect(JSON.parse((await station.status({ txId })).nodeJson)).toEqual({ type: 77, type_url: FUTURE_URL, size: FUTURE_VALUE.length });
    const list = await call<{ entries: Json[] }>('list', {});
    expect(list.entries.find((e) => e.txId === txId)).toMatchObject({ kind: 'UnknownContract', title: 'Unknown contract type' });
  });

  it('is refused for signing naming the risk, and signed with the override, which the audit log records', async () => {
    const audit = station.store.listAudit().length;
    const refused = await refusal('sign', { txId, key: OWNER });
    expect(refused.code).toBe('SIGNING_RISK');
    expect(refused.message).toContain('Unknown contract type 77');
    expect(refused.message).toContain('unknown-contract-type');
    expect(refused.details.risks).toEqual(['unknown-contract-type']);
    expect(station.store.listSignatures(hexToBytes(txId))).toEqual([]);
    expect(station.store.listAudit().length).toBe(audit);
    // Another risk's override does not let it through.
    expect((await refusal('sign', { txId, key: OWNER, acceptRisk: ['unknown-function'] })).code).toBe('SIGNING_RISK');
    const signed = await call<{ signed: string[] }>('sign', { txId, key: OWNER, acceptRisk: ['unknown-contract-type'] });
    expect(signed.signed).toEqual([OWNER]);
    const entry = station.store.listAudit().find((e) => e.action === 'sign.accept-risk' && e.subject === txId);
    expect(entry).toMatchObject({ details: { risks: ['unknown-contract-type'], signer: OWNER } });
    expect((await call<{ ok: boolean }>('auditVerify')).ok).toBe(true);
  });

  it('is exported as a handoff file carrying raw_data_hex and the signature, which reads back as unknown', async () => {
    const out = await call<{ text: string; signatures: number }>('exportHandoff', { txId });
    expect(out.signatures).toBe(1);
    const file = JSON.parse(out.text) as { transaction: Json };
    expect(file.transaction.raw_data).toBeUndefined();
    expect(file.transaction.raw_data_hex).toBe(bytesToHex(raw));
    const back = parseHandoff(out.text, { now: T });
    expect(back).toMatchObject({ txID: txId, contractType: 'UnknownContract', complete: true, signers: [{ address: OWNER }] });
  });

  it('whose type URL is long or carries a bidi control is shown cut and escaped, the same on every screen', async () => {
    const url = `type.googleapis.com/protocol.\u202EtcartnoC${'x'.repeat(200)}`;
    const long = rawWith(80, url, FUTURE_VALUE);
    const id = bytesToHex(txIdOf(long));
    await call('importFiles', { files: [{ name: 'long.airlock.json', text: handoffText(long) }] });
    const shown = await call<{ view: { contract: { typeUrl: string }; summary: string } }>('status', { txId: id });
    const typeUrl = shown.view.contract.typeUrl;
    expect(typeUrl).toBe(`${url.slice(0, MAX_SHOWN_TYPE_URL).replace('\u202E', '\\u{202E}')}…`);
    expect(shown.view.summary).toContain(`(${typeUrl}, ${FUTURE_VALUE.length} bytes)`);
    expect(JSON.parse((await station.status({ txId: id })).nodeJson)).toEqual({ type: 80, type_url: typeUrl, size: FUTURE_VALUE.length });
  });

  it('keeps every other rule: a signer outside the permission and an expired one are refused, nothing stored', async () => {
    const other = rawWith(78, FUTURE_URL, FUTURE_VALUE);
    const count = station.store.listTransactions({}).length;
    const bad = await refusal('importFiles', { files: [{ name: 'stranger.airlock.json', text: handoffText(other, [signDigest(txIdOf(other), stranger)]) }] });
    expect(bad.code).toBe('PERMISSION');
    const old = rawWith(78, FUTURE_URL, FUTURE_VALUE, T - 1);
    expect((await refusal('importFiles', { files: [{ name: 'old.airlock.json', text: handoffText(old) }] })).code).toBe('EXPIRED');
    expect(station.store.listTransactions({}).length).toBe(count);
  });

  it('whose value does not open with an owner address is refused, nothing stored', async () => {
    const noOwner = rawWith(79, FUTURE_URL, hexToBytes('10d209'));
    const count = station.store.listTransactions({}).length;
    const r = await refusal('importFiles', { files: [{ name: 'no-owner.airlock.json', text: handoffText(noOwner) }] });
    expect(r.code).toBe('UNSUPPORTED_CONTRACT');
    expect(r.message).toContain('owner address');
    expect(station.store.listTransactions({}).length).toBe(count);
  });
});

describe('a known contract type with bad bytes stays refused', () => {
  it('a TransferContract carrying an unknown field, or an unknown id under a known type URL, is refused at import, nothing stored', async () => {
    const count = station.store.listTransactions({}).length;
    const transfer = concatBytes(hexToBytes('0a15'), owner, hexToBytes('1215'), addressOfPrivateKey(stranger), hexToBytes('1864'), hexToBytes('f80101'));
    const corrupt = rawWith(1, 'type.googleapis.com/protocol.TransferContract', transfer);
    expect((await refusal('importFiles', { files: [{ name: 'corrupt.airlock.json', text: handoffText(corrupt) }] })).code).toBe('UNKNOWN_FIELD');
    const mislabelled = rawWith(77, 'type.googleapis.com/protocol.TransferContract', FUTURE_VALUE);
    expect((await refusal('importFiles', { files: [{ name: 'mislabelled.airlock.json', text: handoffText(mislabelled) }] })).code).toBe('UNSUPPORTED_CONTRACT');
    expect(station.store.listTransactions({}).length).toBe(count);
  });
});
