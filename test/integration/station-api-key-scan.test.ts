/**
 * The live key-bytes scan of docs/decisions.md §8 ("run every method live against a station holding keys,
 * scanning each result for them"): every method of STATION_API is called through `dispatch`, as IPC
 * and the bridge call it, against one real station (SQLite store, keystore vault) holding keys and
 * talking to the devnet in-process on port 0. Each answer, result or coded error, is scanned for
 * the bytes of every key the station holds or held, and of the keystore's passphrase (which
 * `vaultUnlock` carries in), as hex (any case), base64, base64url, raw bytes and a list of byte
 * numbers.
 *
 * Invariant: the cases (test/integration/key-scan/, one file per feature table) name every method of
 * the table once, so a method added to STATION_API without a case fails this test (and the type
 * check: each feature's cases are typed by its table).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch, type ApiResult } from '../../shared/api/api-contract.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { STATION_API, type StationApi } from '../../shared/api/station-api.ts';
import { createFileDialogs } from '../../electron/shell/file-dialogs.ts';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import { openStation, type Station } from '../../station/station.ts';
import { deriveKey, KEYSTORE_FILE, openKeystore, readKeystoreFile } from '../../station/vault/keystore-file.ts';
import { openSealedIdentity, readSealedIdentity } from '../../station/vault/exporter-identity.ts';
import { privateKeyFromHex, publicKeyOf } from '../../shared/chain/keys.ts';
import { funded, newKey, SUN, type TestKey, type TestNode, startNode } from '../helpers/devnet-helpers.ts';
import type { ScanCase, ScanContext } from './key-scan/scan-case.ts';
import { SETTINGS_CASES } from './key-scan/settings.ts';
import { KEYS_CASES } from './key-scan/keys.ts';
import { ADDRESS_BOOK_CASES } from './key-scan/address-book.ts';
import { PROOFS_CASES } from './key-scan/proofs.ts';
import { EXPORTERS_CASES } from './key-scan/exporters.ts';
import { ACCOUNTS_CASES } from './key-scan/accounts.ts';
import { TOKENS_CASES } from './key-scan/tokens.ts';
import { CONTRACTS_CASES } from './key-scan/contracts.ts';
import { PERMISSIONS_CASES } from './key-scan/permissions.ts';
import { BUILD_CASES } from './key-scan/build.ts';
import { TRANSACTIONS_CASES } from './key-scan/transactions.ts';
import { TEST_SCRYPT, workDir } from '../helpers/station-helpers.ts';

const PASSPHRASE = 'a long test passphrase';
/** Another station's identity (a public key), for the pin and unpin cases. */
const OTHER_EXPORTER = bytesToHex(publicKeyOf(privateKeyFromHex('77'.repeat(32)), true));

/** Every way the bytes of `key` could be spelled in a string of an answer. */
function leaksIn(text: string, key: Uint8Array): string | null {
  const hex = bytesToHex(key);
  const b64 = Buffer.from(key).toString('base64').replace(/=+$/, '');
  const b64url = Buffer.from(key).toString('base64url');
  if (text.toLowerCase().includes(hex)) return 'hex';
  if (text.includes(b64)) return 'base64';
  if (text.includes(b64url)) return 'base64url';
  if (Buffer.from(text, 'latin1').includes(Buffer.from(key)) || Buffer.from(text, 'utf8').includes(Buffer.from(key))) return 'raw';
  if (text.replace(/\s/g, '').includes(Array.from(key).join(','))) return 'byte list';
  return null;
}

/** The first leak of any key in `answer`: each string and key of it, and its JSON text as a whole. */
function findLeak(answer: unknown, keys: Uint8Array[]): string | null {
  const strings: string[] = [JSON.stringify(answer)];
  const walk = (value: unknown, depth: number): void => {
    if (depth > 64) return;
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) for (const item of value) walk(item, depth + 1);
    else if (value !== null && typeof value === 'object') {
      for (const [k, item] of Object.entries(value)) {
        strings.push(k);
        walk(item, depth + 1);
      }
    }
  };
  walk(answer, 0);
  for (const [i, key] of keys.entries()) {
    for (const text of strings) {
      const how = leaksIn(text, key);
      if (how !== null) return `key ${i} as ${how}`;
    }
  }
  return null;
}

type Method = keyof StationApi;

let work: { dir: string; remove: () => void };
let node: TestNode;
let station: Station;
let handlers: ReturnType<typeof createStationHandlers>;
let holder: TestKey;
/** Answers of calls made while setting up, scanned with the rest. */
const setup: { method: string; answer: ApiResult<unknown> }[] = [];
const extra = newKey();
const to = newKey();
/** What the cases share; the station's key and node are filled in once they exist. */
const context = { extra, to, passphrase: PASSPHRASE, otherExporter: OTHER_EXPORTER, got: {} } as ScanContext;

/** The features' cases in the order they run (each feature's own in its file's order), then every case marked last. */
function orderedCases(): [Method, ScanCase][] {
  const features = [
    SETTINGS_CASES,
    KEYS_CASES,
    ADDRESS_BOOK_CASES,
    PROOFS_CASES,
    EXPORTERS_CASES,
    ACCOUNTS_CASES,
    TOKENS_CASES,
    CONTRACTS_CASES,
    PERMISSIONS_CASES,
    BUILD_CASES,
    TRANSACTIONS_CASES,
  ];
  const all = features.flatMap((cases) => Object.entries(cases(context)) as [Method, ScanCase][]);
  return [...all.filter(([, c]) => c.last !== true), ...all.filter(([, c]) => c.last === true)];
}

/** Every key the keystore holds now, decrypted here in the test (the scan's reference, never an answer). */
async function heldKeys(dataDir: string): Promise<Uint8Array[]> {
  const path = join(dataDir, KEYSTORE_FILE);
  const file = readKeystoreFile(path);
  if (file === null) return [];
  const derived = await deriveKey(new TextEncoder().encode(PASSPHRASE), file.kdf.salt, file.kdf);
  const all = openKeystore(file, derived, path);
  const keys: Uint8Array[] = file.addresses.map((_, i) => all.slice(i * 32, i * 32 + 32));
  // The station identity key (docs/decisions.md §16), sealed beside the keystore: scanned for like the signing keys.
  const identity = readSealedIdentity(dataDir);
  if (identity !== null) keys.push(openSealedIdentity(dataDir, identity, derived.encryptionKey, derived.salt));
  return keys;
}

beforeAll(async () => {
  work = workDir('airlock-keyscan-');
  node = await startNode();
  holder = await funded(node, 1_000n * SUN);
  Object.assign(context, { holder, node });
  station = openStation({
    dataDir: join(work.dir, 'st'),
    nodeUrl: node.url,
    clock: () => node.clock.now,
    vault: 'keystore',
    scrypt: TEST_SCRYPT,
    passphrase: async () => new TextEncoder().encode(PASSPHRASE),
  });
  // The native dialogs' stand-in: the person always picks the same file in the work directory.
  const picked = join(work.dir, 'picked.airlock.json');
  const dialogs = createFileDialogs({
    showOpenDialog: async () => ({ canceled: false, filePaths: [picked] }),
    showSaveDialog: async () => ({ canceled: false, filePath: picked }),
  });
  handlers = createStationHandlers(station, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: station.dataDir }), dialogs });
  // A second imported key, for keysDelete to remove at the end.
  setup.push({ method: 'keysImport', answer: await dispatch(STATION_API, handlers, 'keysImport', { privateKeyHex: extra.priv, label: 'extra' }) });
}, 60_000);

afterAll(async () => {
  station?.close();
  await node?.stop();
  work?.remove();
});

describe('every station API method, live, against a station holding keys', () => {
  it('the scanner finds a key spelled in each way it looks for', () => {
    const key = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) & 0xff);
    const spelled = [
      bytesToHex(key).toUpperCase(),
      Buffer.from(key).toString('base64'),
      Buffer.from(key).toString('base64url'),
      Buffer.from(key).toString('latin1'),
      `[${Array.from(key).join(', ')}]`,
    ];
    for (const text of spelled) expect(findLeak({ ok: false, error: { message: `x ${text} y` } }, [key])).not.toBeNull();
    expect(findLeak({ nested: { [bytesToHex(key)]: 1 } }, [key])).not.toBeNull();
    expect(findLeak({ ok: true, value: { text: 'nothing here' } }, [key])).toBeNull();
  });

  it('has a case for every method of the table, and no case for a method the table lacks', () => {
    const named = orderedCases().map(([m]) => m);
    const missing = Object.keys(STATION_API).filter((m) => !named.includes(m as Method));
    const unknown = named.filter((m) => !Object.hasOwn(STATION_API, m));
    const twice = named.filter((m, i) => named.indexOf(m) !== i);
    expect({ missing, unknown, twice }).toEqual({ missing: [], unknown: [], twice: [] });
  });

  it('runs each case through dispatch; no answer, result or error, carries the bytes of a key held', async () => {
    const answers: { method: string; answer: ApiResult<unknown> }[] = [];
    expect(setup.map((s) => s.answer.ok)).toEqual([true]);
    const failures: string[] = [];
    for (const [method, spec] of orderedCases()) {
      await spec.before?.();
      const answer = await dispatch(STATION_API, handlers, method, spec.args(), { onInternalError: (m, cause) => console.error(m, cause) });
      answers.push({ method, answer });
      if (spec.expect === 'ok' && !answer.ok) failures.push(`${method}: ${answer.error.code} ${answer.error.message}`);
      if (answer.ok) spec.keep?.(answer.value as Record<string, unknown>);
    }
    expect(failures).toEqual([]);
    expect(answers.map((a) => a.method).sort()).toEqual(Object.keys(STATION_API).sort());

    // The reference: every key in the keystore now, plus the ones the test handed in (one deleted).
    const keys = [...(await heldKeys(station.dataDir)), Buffer.from(holder.priv, 'hex'), Buffer.from(extra.priv, 'hex')];
    expect(keys.length).toBe(5);
    // The keystore's passphrase, which vaultUnlock carried in, is scanned for the same way.
    keys.push(new TextEncoder().encode(PASSPHRASE));
    const leaks = [...setup, ...answers].flatMap(({ method, answer }) => {
      const leak = findLeak(answer, keys);
      return leak === null ? [] : [`${method}: ${leak}`];
    });
    expect(leaks).toEqual([]);
  }, 120_000);
});
