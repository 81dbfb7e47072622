/**
 * The live key-bytes scan of issue 8 ("run every method live against a station holding keys,
 * scanning each result for them"): every method of STATION_API is called through `dispatch`, as IPC
 * and the bridge call it, against one real station (SQLite store, keystore vault) holding keys and
 * talking to the devnet in-process on port 0. Each answer, result or coded error, is scanned for
 * the bytes of every key the station holds or held, and of the keystore's passphrase (which
 * `vaultUnlock` carries in), as hex (any case), base64, base64url, raw bytes and a list of byte
 * numbers.
 *
 * Invariant: the case table below must name every method of the table, so a method added to
 * STATION_API without a case here fails this test (and the type check: the table is typed by it).
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
import { funded, newKey, SUN, TRANSFER_ONLY_OPS, type TestKey, type TestNode, startNode } from '../helpers/devnet-helpers.ts';
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
/** `ok`: the call must succeed here; `any`: a coded error is a fine answer too (it is scanned the same). */
interface Case {
  expect: 'ok' | 'any';
  args: () => unknown;
  /** Runs first: moves the devnet's clock where a case needs it. */
  before?: () => Promise<void>;
}

let work: { dir: string; remove: () => void };
let node: TestNode;
let station: Station;
let handlers: ReturnType<typeof createStationHandlers>;
let holder: TestKey;
/** Answers of calls made while setting up, scanned with the rest. */
const setup: { method: string; answer: ApiResult<unknown> }[] = [];
const extra = newKey();
const to = newKey();
/** Filled as the cases run: what later cases need from earlier answers. */
const got: {
  challenge?: string;
  proof?: { fileName: string; text: string };
  newKey?: string;
  txId?: string;
  spareTxId?: string;
  /** The fresh transaction reissue made of the spare (the spare itself is discarded next). */
  reissuedTxId?: string;
  handoff?: { fileName: string; text: string };
  snapshot?: { fileName: string; text: string };
} = {};

/** In the order they run; every method of STATION_API has one (checked below). */
const CASES: Record<Method, Case> = {
  appInfo: { expect: 'ok', args: () => undefined },
  keysStatus: { expect: 'ok', args: () => undefined },
  vaultUnlock: { expect: 'ok', args: () => ({ passphrase: PASSPHRASE }) },
  keysNew: { expect: 'ok', args: () => ({ label: 'made here' }) },
  keysImport: { expect: 'ok', args: () => ({ privateKeyHex: holder.priv, label: 'holder' }) },
  keysLabel: { expect: 'ok', args: () => ({ address: holder.b58, label: 'the holder' }) },
  keysList: { expect: 'ok', args: () => undefined },
  bookSet: { expect: 'ok', args: () => ({ address: to.b58, label: 'landlord' }) },
  bookList: { expect: 'ok', args: () => undefined },
  // The holder proves its key to this same station: challenge, sign in the vault, import, list.
  proofChallenge: {
    expect: 'ok',
    args: () => ({
      account: holder.b58,
      key: holder.b58,
      permissionJson: JSON.stringify({
        owner_address: holder.b58,
        owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: holder.b58, weight: 1 }] },
        actives: [{ type: 'Active', permission_name: 'pay', threshold: 1, operations: TRANSFER_ONLY_OPS, keys: [{ address: holder.b58, weight: 1 }] }],
        visible: true,
      }),
    }),
  },
  proofSign: { expect: 'ok', args: () => ({ text: got.challenge }) },
  proofImport: { expect: 'ok', args: () => ({ fileName: got.proof!.fileName, text: got.proof!.text }) },
  proofList: { expect: 'ok', args: () => ({ account: holder.b58 }) },
  accountFetch: { expect: 'ok', args: () => ({ address: holder.b58 }) },
  accountShow: { expect: 'ok', args: () => ({ address: holder.b58 }) },
  accountResources: { expect: 'ok', args: () => ({ address: holder.b58 }) },
  accountsList: { expect: 'ok', args: () => undefined },
  // The station's identity is made first, so the snapshot and handoff files below are signed with it.
  exporterShow: { expect: 'ok', args: () => undefined },
  exporterPin: { expect: 'ok', args: () => ({ key: OTHER_EXPORTER, label: 'online desk' }) },
  exporterList: { expect: 'ok', args: () => undefined },
  exporterUnpin: { expect: 'ok', args: () => ({ key: OTHER_EXPORTER }) },
  snapshotExport: { expect: 'ok', args: () => ({ accounts: [holder.b58] }) },
  snapshotImport: { expect: 'ok', args: () => ({ fileName: got.snapshot!.fileName, text: got.snapshot!.text }) },
  snapshotList: { expect: 'ok', args: () => undefined },
  // No block 999999 is stored: NOT_FOUND is the answer scanned (the online builds below need no block).
  snapshotRemove: { expect: 'any', args: () => ({ id: 999_999 }) },
  buildTransfer: { expect: 'ok', args: () => ({ from: holder.b58, to: to.b58, amount: '2000000', note: 'rent' }) },
  buildTransferAsset: { expect: 'any', args: () => ({ from: holder.b58, to: to.b58, token: '1000001', amount: '5' }) },
  buildParticipate: { expect: 'any', args: () => ({ from: holder.b58, to: to.b58, token: '1000001', amount: '5' }) },
  // No token is issued on this devnet: NOT_FOUND from the node is the answer scanned.
  tokenShow: { expect: 'any', args: () => ({ id: '1000001', fetch: true }) },
  tokenList: { expect: 'ok', args: () => undefined },
  // The devnet of this branch runs no EVM: the constant calls fail, so no TRC-20 facts; scanned all the same.
  contractAdd: { expect: 'any', args: () => ({ address: to.b58, name: 'Token', symbol: 'TKN', decimals: 6 }) },
  contractList: { expect: 'ok', args: () => undefined },
  buildTrc20Transfer: { expect: 'any', args: () => ({ from: holder.b58, to: extra.b58, token: to.b58, amount: '1.5' }) },
  buildTrc20Approve: { expect: 'any', args: () => ({ from: holder.b58, spender: extra.b58, token: to.b58, amount: 'unlimited' }) },
  contractRemove: { expect: 'any', args: () => ({ address: to.b58 }) },
  buildAssetIssue: {
    expect: 'any',
    args: () => ({
      json: JSON.stringify({
        owner_address: holder.b58,
        name: Buffer.from('Gold').toString('hex'),
        abbr: Buffer.from('GLD').toString('hex'),
        total_supply: 1_000_000,
        precision: 2,
        coin_num: 1,
        num: 1,
        start_time: node.clock.now + 60_000,
        end_time: node.clock.now + 86_400_000,
        url: Buffer.from('https://gold.invalid').toString('hex'),
        visible: true,
      }),
    }),
  },
  permissionCheck: {
    expect: 'ok',
    args: () => ({
      json: JSON.stringify({
        owner_address: holder.b58,
        owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: holder.b58, weight: 1 }] },
        actives: [{ type: 'Active', permission_name: 'pay', threshold: 1, operations: TRANSFER_ONLY_OPS, keys: [{ address: holder.b58, weight: 1 }] }],
        visible: true,
      }),
    }),
  },
  knownSigners: { expect: 'ok', args: () => undefined },
  buildPermissionUpdate: {
    expect: 'any',
    args: () => ({
      json: JSON.stringify({
        owner_address: holder.b58,
        owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: holder.b58, weight: 1 }] },
        actives: [{ type: 'Active', permission_name: 'pay', threshold: 1, operations: TRANSFER_ONLY_OPS, keys: [{ address: holder.b58, weight: 1 }] }],
        visible: true,
      }),
    }),
  },
  buildFreeze: { expect: 'ok', args: () => ({ from: holder.b58, amount: '1000000', resource: 'ENERGY' }) },
  buildUnfreeze: { expect: 'ok', args: () => ({ from: holder.b58, amount: '1000000', resource: 'ENERGY' }) },
  buildDelegate: { expect: 'ok', args: () => ({ from: holder.b58, to: to.b58, amount: '1000000', resource: 'ENERGY', lock: true, lockPeriod: '100' }) },
  buildUndelegate: { expect: 'ok', args: () => ({ from: holder.b58, to: to.b58, amount: '1000000', resource: 'ENERGY' }) },
  buildWithdrawUnfrozen: { expect: 'ok', args: () => ({ from: holder.b58 }) },
  buildCancelUnfreeze: { expect: 'ok', args: () => ({ from: holder.b58 }) },
  buildVote: { expect: 'ok', args: () => ({ from: holder.b58, votes: [{ executive: to.b58, count: '1' }] }) },
  buildWithdrawRewards: { expect: 'ok', args: () => ({ from: holder.b58 }) },
  buildAccountName: { expect: 'ok', args: () => ({ from: holder.b58, name: 'treasury' }) },
  buildBatch: { expect: 'ok', args: () => ({ csv: `to,amount,token,note\n${to.b58},1000,,one\n${extra.b58},2000,,two\n`, from: holder.b58, sign: true }) },
  status: { expect: 'ok', args: () => ({ txId: got.txId }) },
  transactionCost: { expect: 'ok', args: () => ({ txId: got.txId }) },
  sign: { expect: 'ok', args: () => ({ txId: got.txId }) },
  exportHandoff: { expect: 'ok', args: () => ({ txId: got.txId }) },
  saveHandoffFile: { expect: 'ok', args: () => ({ txId: got.txId }) },
  openHandoffFiles: { expect: 'ok', args: () => undefined },
  importFiles: { expect: 'ok', args: () => ({ files: [{ name: got.handoff!.fileName, text: got.handoff!.text }] }) },
  preflight: { expect: 'ok', args: () => ({ txId: got.txId }) },
  broadcast: { expect: 'ok', args: () => ({ txId: got.txId }) },
  // 11.5 h on, the batch's first transfer has half an hour left: reissue makes a fresh one.
  reissue: { expect: 'ok', before: () => node.block(11.5 * 3_600_000), args: () => ({ txId: got.spareTxId, expiresIn: '1h' }) },
  // The transfer just re-issued was never broadcast: discarding it leaves the new one.
  discard: { expect: 'ok', args: () => ({ txId: got.spareTxId }) },
  list: { expect: 'ok', args: () => ({}) },
  transactionsRefreshStatus: { expect: 'ok', args: () => undefined },
  // Issue 18: the batch of two (the broadcast one and the reissued one) and their total.
  queueBatch: { expect: 'ok', args: () => ({ action: 'export', txIds: [got.txId, got.reissuedTxId], merged: true }) },
  queueTotals: { expect: 'ok', args: () => ({ txIds: [got.txId, got.reissuedTxId] }) },
  settings: { expect: 'ok', args: () => undefined },
  setSetting: { expect: 'ok', args: () => ({ key: 'expiration', value: '2h' }) },
  nodeTest: { expect: 'ok', args: () => ({}) },
  auditVerify: { expect: 'ok', args: () => undefined },
  bookDelete: { expect: 'ok', args: () => ({ address: to.b58 }) },
  vaultLock: { expect: 'ok', args: () => undefined },
  keysDelete: { expect: 'ok', args: () => ({ address: extra.b58 }) },
};

/** Every key the keystore holds now, decrypted here in the test (the scan's reference, never an answer). */
async function heldKeys(dataDir: string): Promise<Uint8Array[]> {
  const path = join(dataDir, KEYSTORE_FILE);
  const file = readKeystoreFile(path);
  if (file === null) return [];
  const derived = await deriveKey(new TextEncoder().encode(PASSPHRASE), file.kdf.salt, file.kdf);
  const all = openKeystore(file, derived, path);
  const keys: Uint8Array[] = file.addresses.map((_, i) => all.slice(i * 32, i * 32 + 32));
  // The station identity key (issue 16), sealed beside the keystore: scanned for like the signing keys.
  const identity = readSealedIdentity(dataDir);
  if (identity !== null) keys.push(openSealedIdentity(dataDir, identity, derived.encryptionKey, derived.salt));
  return keys;
}

beforeAll(async () => {
  work = workDir('airlock-keyscan-');
  node = await startNode();
  holder = await funded(node, 1_000n * SUN);
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
    const missing = Object.keys(STATION_API).filter((m) => !Object.hasOwn(CASES, m));
    const unknown = Object.keys(CASES).filter((m) => !Object.hasOwn(STATION_API, m));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  it('runs each case through dispatch; no answer, result or error, carries the bytes of a key held', async () => {
    const answers: { method: string; answer: ApiResult<unknown> }[] = [];
    expect(setup.map((s) => s.answer.ok)).toEqual([true]);
    const failures: string[] = [];
    for (const method of Object.keys(CASES) as Method[]) {
      const spec = CASES[method];
      await spec.before?.();
      const answer = await dispatch(STATION_API, handlers, method, spec.args(), { onInternalError: (m, cause) => console.error(m, cause) });
      answers.push({ method, answer });
      if (spec.expect === 'ok' && !answer.ok) failures.push(`${method}: ${answer.error.code} ${answer.error.message}`);
      if (!answer.ok) continue;
      const value = answer.value as Record<string, unknown>;
      if (method === 'proofChallenge') got.challenge = value.text as string;
      if (method === 'proofSign') got.proof = { fileName: value.fileName as string, text: value.text as string };
      if (method === 'keysNew') got.newKey = value.address as string;
      if (method === 'snapshotExport') got.snapshot = { fileName: value.fileName as string, text: value.text as string };
      if (method === 'buildTransfer') got.txId = value.txId as string;
      if (method === 'exportHandoff') got.handoff = { fileName: value.fileName as string, text: value.text as string };
      if (method === 'reissue') got.reissuedTxId = value.txId as string;
      if (method === 'buildBatch') got.spareTxId = (value.rows as { txId: string }[])[0]!.txId;
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
