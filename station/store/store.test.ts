// The station store (issue 7, "Store"): each table's round trip, the checks at the edge (a coded
// error naming the field, nothing written), duplicate signers as a no-op, status rules, settings as
// plain JSON, the audit chain and its triggers, and hostile text. Real SQLite files throughout.
import { statSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AirlockError, type ErrorCode } from '../../shared/base/errors.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { generatePrivateKey } from '../../shared/chain/keys.ts';
import { SCHEMA_VERSION } from './migrations.ts';
import { auditHash, MAX_LABEL_LENGTH, openStore, STORE_FILE_NAME, type Store } from './store.ts';
import { accountBytes, newTransaction, permissionBytes, randomAddress, randomSignature, T0, tempDir, testClock } from '../../test/helpers/store-helpers.ts';

let tmp: ReturnType<typeof tempDir>;
let clock: ReturnType<typeof testClock>;
let store: Store;

beforeEach(() => {
  tmp = tempDir();
  clock = testClock();
  store = openStore({ dataDir: tmp.dir }, { clock: clock.now });
});
afterEach(() => {
  store.close();
  tmp.remove();
});

/** Everything the store holds, to prove a refused call changed nothing. */
function contents(s: Store): unknown {
  return {
    keys: s.listKeys(), accounts: s.listAccounts(), tokens: s.listTokens(), txs: s.listTransactions(), labels: s.listLabels(),
    settings: s.listSettings(), audit: s.listAudit(), snapshot: s.latestChainSnapshot(),
  };
}

/** Runs `call`, expects a coded error naming `field`, and that nothing in the store changed. */
function refused(call: () => unknown, code: ErrorCode, field: string): AirlockError {
  const before = contents(store);
  let caught: unknown;
  try {
    call();
  } catch (e) {
    caught = e;
  }
  expect(caught, `expected ${code} for ${field}`).toBeInstanceOf(AirlockError);
  const err = caught as AirlockError;
  expect(err.code).toBe(code);
  expect(err.details?.field).toBe(field);
  expect(contents(store)).toEqual(before);
  return err;
}

describe('store: opening a data directory', () => {
  it('creates station.sqlite at the latest schema, in WAL with synchronous=FULL and foreign keys on', () => {
    expect(store.file.endsWith(STORE_FILE_NAME)).toBe(true);
    expect(store.schemaVersion()).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(2);
    expect(store.connectionSettings()).toEqual({ journalMode: 'wal', synchronous: 'full', foreignKeys: true });
    expect(store.integrityCheck()).toEqual(['ok']);
  });

  it('keeps the file owner-only and the directory private', () => {
    const nested = `${tmp.dir}/a/b`;
    const s = openStore({ dataDir: nested });
    try {
      expect(statSync(s.file).mode & 0o777).toBe(0o600);
      expect(statSync(nested).mode & 0o777).toBe(0o700);
    } finally {
      s.close();
    }
  });

  it('reopens with everything kept; {file} opens the same database', () => {
    const key = randomAddress();
    store.addKey({ address: key, label: 'k', vault: 'keychain' });
    store.close();
    store = openStore({ file: `${tmp.dir}/${STORE_FILE_NAME}` }, { clock: clock.now });
    expect(store.listKeys().map((k) => bytesToHex(k.address))).toEqual([bytesToHex(key)]);
  });

  it('refuses a location naming both or neither of dataDir and file', () => {
    expect(() => openStore({ dataDir: tmp.dir, file: 'x' } as never)).toThrow(/exactly one/);
    expect(() => openStore({} as never)).toThrow(/exactly one/);
  });

  it('says which file it cannot open, as a coded error: a data directory that is a file, a file that is no database', () => {
    writeFileSync(`${tmp.dir}/plain`, 'not a directory');
    expect(() => openStore({ dataDir: `${tmp.dir}/plain` })).toThrow(expect.objectContaining({ code: 'INTERNAL', message: expect.stringContaining('plain') }));
    writeFileSync(`${tmp.dir}/junk.sqlite`, 'x'.repeat(4096));
    expect(() => openStore({ file: `${tmp.dir}/junk.sqlite` })).toThrow(expect.objectContaining({ code: 'INTERNAL', message: expect.stringMatching(/not a database/) }));
  });
});

describe('store: keys (metadata only)', () => {
  it('adds, lists, labels and deletes, each with an audit entry', () => {
    const a = randomAddress();
    const rec = store.addKey({ address: a, label: 'ops', vault: 'keystore' });
    expect(rec).toEqual({ address: a, label: 'ops', vault: 'keystore', createdAt: T0 });
    expect(store.getKey(a)).toEqual(rec);
    clock.advance(5);
    expect(store.labelKey(a, 'ops 2').label).toBe('ops 2');
    store.deleteKey(a);
    expect(store.listKeys()).toEqual([]);
    expect(store.listAudit().map((e) => e.action)).toEqual(['key.add', 'key.label', 'key.delete']);
  });

  it('refuses a second key for the same address, an unknown vault and a short address', () => {
    const a = randomAddress();
    store.addKey({ address: a, vault: 'keychain' });
    refused(() => store.addKey({ address: a, vault: 'keychain' }), 'CONFLICT', 'address');
    refused(() => store.addKey({ address: randomAddress(), vault: 'plaintext' as never }), 'INVALID_INPUT', 'vault');
    refused(() => store.addKey({ address: a.subarray(1), vault: 'keychain' }), 'BAD_ADDRESS', 'address');
    refused(() => store.addKey({ address: randomAddress(), vault: 'keychain', secret: 'x' } as never), 'INVALID_INPUT', 'input');
    refused(() => store.addKey(JSON.parse('{"__proto__": {"vault": "keychain"}, "vault": "keychain"}') as never), 'INVALID_INPUT', 'input');
  });

  it('says NOT_FOUND for labelling or deleting an unknown key', () => {
    refused(() => store.labelKey(randomAddress(), 'x'), 'NOT_FOUND', 'address');
    refused(() => store.deleteKey(randomAddress()), 'NOT_FOUND', 'address');
  });

  it('has no column that could hold a secret', () => {
    const db = new Database(store.file, { readonly: true });
    try {
      const columns = (db.pragma('table_info(keys)') as { name: string }[]).map((c) => c.name);
      expect(columns).toEqual(['address', 'label', 'vault', 'created_at']);
    } finally {
      db.close();
    }
  });
});

describe('store: accounts, chain snapshots, tokens', () => {
  it('keeps an account snapshot with its source, and replaces it with a newer one', () => {
    const a = randomAddress();
    const blockId = new Uint8Array(32).fill(7);
    const first = store.putAccount({ address: a, account: accountBytes(a), source: { kind: 'node', url: 'http://127.0.0.1:8090', blockNumber: 12, blockId }, fetchedAt: T0 - 10 });
    expect(store.getAccount(a)).toEqual(first);
    expect(first.source).toEqual({ kind: 'node', url: 'http://127.0.0.1:8090', blockNumber: 12, blockId });
    clock.advance(1000);
    store.putAccount({ address: a, account: accountBytes(a), source: { kind: 'file', file: 'snapshot.json' }, fetchedAt: T0 + 500 });
    expect(store.getAccount(a)).toMatchObject({ source: { kind: 'file', file: 'snapshot.json' }, fetchedAt: T0 + 500, storedAt: T0 + 1000 });
    expect(store.listAccounts()).toHaveLength(1);
  });

  it('refuses account bytes of another address, bytes that are no Account, and a bad source', () => {
    const a = randomAddress();
    const source = { kind: 'file' as const, file: 'f' };
    refused(() => store.putAccount({ address: a, account: accountBytes(randomAddress()), source, fetchedAt: T0 }), 'INVALID_INPUT', 'account');
    refused(() => store.putAccount({ address: a, account: new Uint8Array([0xff, 0xff, 0xff]), source, fetchedAt: T0 }), 'INVALID_INPUT', 'account');
    refused(() => store.putAccount({ address: a, account: accountBytes(a), source: { kind: 'node', url: 'file:///etc/passwd' }, fetchedAt: T0 }), 'INVALID_INPUT', 'source.url');
    refused(() => store.putAccount({ address: a, account: accountBytes(a), source: { kind: 'usb' } as never, fetchedAt: T0 }), 'INVALID_INPUT', 'source.kind');
    refused(() => store.putAccount({ address: a, account: accountBytes(a), source, fetchedAt: -1 }), 'INVALID_INPUT', 'fetchedAt');
  });

  it('gives the snapshot of the highest block, whatever the order of import; a repeat import is the same record', () => {
    const source = { kind: 'file' as const, file: 'chain.json' };
    const high = store.putChainSnapshot({ blockNumber: 200, blockId: new Uint8Array(32).fill(2), blockTimestamp: T0, source });
    clock.advance(10);
    store.putChainSnapshot({ blockNumber: 100, blockId: new Uint8Array(32).fill(1), blockTimestamp: T0 - 300_000, source });
    expect(store.latestChainSnapshot()).toEqual(high);
    const again = store.putChainSnapshot({ blockNumber: 200, blockId: new Uint8Array(32).fill(2), blockTimestamp: T0, source });
    expect(again).toEqual(high);
    expect(store.listAudit().filter((e) => e.action === 'chain.snapshot')).toHaveLength(2);
    refused(() => store.putChainSnapshot({ blockNumber: 1, blockId: new Uint8Array(31), blockTimestamp: T0, source }), 'INVALID_INPUT', 'blockId');
  });

  it('keeps token metadata with int64 amounts as decimal text', () => {
    const owner = randomAddress();
    const token = {
      id: '1000001', name: 'Gold', abbreviation: 'GLD', precision: 6, owner, totalSupply: '9223372036854775807',
      description: 'd', url: 'https://gold.invalid', source: { kind: 'node' as const, url: 'http://127.0.0.1:1' },
    };
    expect(store.putToken(token)).toEqual({ ...token, storedAt: T0 });
    expect(store.getToken('1000001')).toEqual({ ...token, storedAt: T0 });
    expect(store.getToken('1000002')).toBeUndefined();
    refused(() => store.putToken({ ...token, totalSupply: '9223372036854775808' }), 'INVALID_INPUT', 'totalSupply');
    refused(() => store.putToken({ ...token, totalSupply: 5n as never }), 'INVALID_INPUT', 'totalSupply');
    refused(() => store.putToken({ ...token, precision: 7 }), 'INVALID_INPUT', 'precision');
    refused(() => store.putToken({ ...token, id: '01' }), 'INVALID_INPUT', 'id');
  });
});

describe('store: transactions', () => {
  it('stores the bytes and the permission the signers saw, and lists newest first with signature counts', () => {
    const account = randomAddress();
    const permission = permissionBytes([randomAddress(), randomAddress()]);
    const a = store.insertTransaction(newTransaction({ account, permission, note: 'rent' }));
    clock.advance(1);
    const b = store.insertTransaction(newTransaction({ account, status: 'collecting' }));
    clock.advance(1);
    const c = store.insertTransaction(newTransaction());
    store.addSignature({ txId: b.txId, signer: randomAddress(), signature: randomSignature(), origin: { kind: 'local key' } });
    store.addSignature({ txId: b.txId, signer: randomAddress(), signature: randomSignature(), origin: { kind: 'file', file: 'x.json' } });
    expect(store.getTransaction(a.txId)).toEqual(a);
    expect(a.permission).toEqual(permission);
    const all = store.listTransactions();
    expect(all.map((t) => bytesToHex(t.txId))).toEqual([c, b, a].map((t) => bytesToHex(t.txId)));
    expect(all.map((t) => t.signatureCount)).toEqual([0, 2, 0]);
    expect(store.listTransactions({ account }).map((t) => t.status)).toEqual(['collecting', 'draft']);
    expect(store.listTransactions({ status: 'collecting' })).toHaveLength(1);
    expect(store.listTransactions({ status: ['draft', 'collecting'], limit: 2 })).toHaveLength(2);
    expect(store.listTransactions({ limit: 2, offset: 2 }).map((t) => bytesToHex(t.txId))).toEqual([bytesToHex(a.txId)]);
    expect(store.getTransaction(b.txId)!.signatureCount).toBe(2);
  });

  it('lists transactions stored in the same millisecond newest first, in the order they were stored', () => {
    const ids = Array.from({ length: 20 }, () => bytesToHex(store.insertTransaction(newTransaction()).txId));
    expect(store.listTransactions().map((t) => bytesToHex(t.txId))).toEqual(ids.reverse());
  });

  it('keeps the signature count exact when rows change outside the store (triggers)', () => {
    const tx = store.insertTransaction(newTransaction());
    for (let i = 0; i < 3; i++) store.addSignature({ txId: tx.txId, signer: randomAddress(), signature: randomSignature(), origin: { kind: 'local key' } });
    const db = new Database(store.file);
    try {
      db.prepare('DELETE FROM signatures WHERE signer = (SELECT signer FROM signatures LIMIT 1)').run();
    } finally {
      db.close();
    }
    expect(store.getTransaction(tx.txId)!.signatureCount).toBe(2);
    expect(store.listTransactions()[0]!.signatureCount).toBe(2);
  });

  it('refuses a txID that is not the sha256 of the raw bytes, and a txID already stored', () => {
    const tx = newTransaction();
    refused(() => store.insertTransaction({ ...tx, txId: new Uint8Array(32) }), 'BAD_TRANSACTION', 'txId');
    store.insertTransaction(tx);
    refused(() => store.insertTransaction({ ...tx, note: 'from a file' }), 'CONFLICT', 'txId');
  });

  it('refuses bad fields one by one, naming each', () => {
    const tx = newTransaction();
    refused(() => store.insertTransaction({ ...tx, kind: 'Transfer Contract' }), 'INVALID_INPUT', 'kind');
    refused(() => store.insertTransaction({ ...tx, permissionId: -1 }), 'INVALID_INPUT', 'permissionId');
    refused(() => store.insertTransaction({ ...tx, expiration: 1.5 }), 'INVALID_INPUT', 'expiration');
    refused(() => store.insertTransaction({ ...tx, status: 'signed' as never }), 'INVALID_INPUT', 'status');
    refused(() => store.insertTransaction({ ...tx, permission: new Uint8Array([0x0a, 0xff]) }), 'INVALID_INPUT', 'permission');
    refused(() => store.insertTransaction({ ...tx, raw: new Uint8Array(0) }), 'INVALID_INPUT', 'raw');
    refused(() => store.insertTransaction({ ...tx, account: new Uint8Array(21) }), 'BAD_ADDRESS', 'account');
    refused(() => store.listTransactions({ status: 'pending' as never }), 'INVALID_INPUT', 'status');
    refused(() => store.listTransactions({ limit: 1e9 }), 'INVALID_INPUT', 'limit');
  });

  it('moves status forward, keeps the node answer, and treats confirmed and expired as final', () => {
    const tx = store.insertTransaction(newTransaction());
    clock.advance(7);
    const sent = store.setStatus(tx.txId, 'broadcast', { nodeAnswer: 'SUCCESS' });
    expect(sent).toMatchObject({ status: 'broadcast', nodeAnswer: 'SUCCESS', updatedAt: T0 + 7, createdAt: T0 });
    expect(store.setStatus(tx.txId, 'confirmed').nodeAnswer).toBe('SUCCESS');
    refused(() => store.setStatus(tx.txId, 'ready'), 'CONFLICT', 'status');
    const other = store.insertTransaction(newTransaction({ status: 'collecting' }));
    refused(() => store.setStatus(other.txId, 'draft'), 'CONFLICT', 'status');
    store.setStatus(other.txId, 'expired');
    refused(() => store.setStatus(other.txId, 'collecting'), 'CONFLICT', 'status');
    refused(() => store.setStatus(new Uint8Array(32), 'ready'), 'NOT_FOUND', 'txId');
    expect(store.listAudit().filter((e) => e.action === 'transaction.status').map((e) => e.details)).toEqual([
      { from: 'draft', to: 'broadcast', nodeAnswer: 'SUCCESS' }, { from: 'broadcast', to: 'confirmed' }, { from: 'collecting', to: 'expired' },
    ]);
  });
});

describe('store: signatures', () => {
  it('stores a signature with its origin and an audit entry in the same commit', () => {
    const tx = store.insertTransaction(newTransaction());
    const signer = randomAddress();
    const signature = randomSignature();
    clock.advance(3);
    const r = store.addSignature({ txId: tx.txId, signer, signature, origin: { kind: 'merge', file: 'b.airlock.json' } });
    expect(r).toEqual({ added: true, signature: { txId: tx.txId, signer, signature, origin: { kind: 'merge', file: 'b.airlock.json' }, signedAt: T0 + 3 } });
    expect(store.listSignatures(tx.txId)).toEqual([r.signature]);
    const last = store.listAudit().at(-1)!;
    expect(last).toMatchObject({ action: 'signature.add', subject: bytesToHex(tx.txId), details: { signer: bytesToHex(signer), origin: 'merge', file: 'b.airlock.json' } });
  });

  it('treats the same signer again as a no-op reported as such: one row, one audit entry, the first signature kept', () => {
    const tx = store.insertTransaction(newTransaction());
    const signer = randomAddress();
    const first = store.addSignature({ txId: tx.txId, signer, signature: randomSignature(), origin: { kind: 'local key' } });
    const auditBefore = store.listAudit().length;
    const again = store.addSignature({ txId: tx.txId, signer, signature: randomSignature(), origin: { kind: 'file', file: 'f' } });
    expect(again).toEqual({ added: false, signature: first.signature });
    expect(store.listSignatures(tx.txId)).toHaveLength(1);
    expect(store.listAudit()).toHaveLength(auditBefore);
  });

  it('refuses a signature for an unknown transaction, of the wrong length, or from nowhere', () => {
    const tx = store.insertTransaction(newTransaction());
    const ok = { txId: tx.txId, signer: randomAddress(), signature: randomSignature(), origin: { kind: 'local key' as const } };
    refused(() => store.addSignature({ ...ok, txId: new Uint8Array(32).fill(9) }), 'NOT_FOUND', 'txId');
    refused(() => store.addSignature({ ...ok, signature: new Uint8Array(64) }), 'INVALID_INPUT', 'signature');
    refused(() => store.addSignature({ ...ok, origin: { kind: 'file' } as never }), 'INVALID_INPUT', 'origin.file');
    refused(() => store.addSignature({ ...ok, origin: { kind: 'telepathy' } as never }), 'INVALID_INPUT', 'origin.kind');
  });

  it('is backed by a foreign key: no signature row can point at a missing transaction', () => {
    const db = new Database(store.file);
    try {
      db.pragma('foreign_keys = ON');
      expect(() => db.prepare("INSERT INTO signatures VALUES (zeroblob(32), zeroblob(21), zeroblob(65), 0, 'local key', NULL)").run()).toThrow(/FOREIGN KEY/);
    } finally {
      db.close();
    }
  });
});

describe('store: address book and settings', () => {
  it('labels addresses and forgets labels', () => {
    const a = randomAddress();
    store.setLabel(a, 'Alice');
    clock.advance(1);
    expect(store.setLabel(a, 'Alice (cold)')).toEqual({ address: a, label: 'Alice (cold)', updatedAt: T0 + 1 });
    expect(store.listLabels()).toEqual([{ address: a, label: 'Alice (cold)', updatedAt: T0 + 1 }]);
    expect(store.deleteLabel(a)).toBe(true);
    expect(store.deleteLabel(a)).toBe(false);
    expect(store.getLabel(a)).toBeUndefined();
    refused(() => store.setLabel(a, ''), 'INVALID_INPUT', 'label');
  });

  it('stores settings as plain JSON, __proto__ included as an ordinary key', () => {
    store.setSetting('node.url', 'http://127.0.0.1:8090');
    store.setSetting('expiry', { defaultMs: 43_200_000, warn: [1, 2.5, null, true] });
    store.setSetting('__proto__', { polluted: true });
    store.setSetting('nested', JSON.parse('{"__proto__": {"polluted": true}}') as never);
    expect(store.getSetting('expiry')).toEqual({ defaultMs: 43_200_000, warn: [1, 2.5, null, true] });
    expect(store.getSetting('__proto__')).toEqual({ polluted: true });
    const nested = store.getSetting('nested') as Record<string, unknown>;
    expect(Object.keys(nested)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(store.listSettings().map((s) => s.key)).toEqual(['__proto__', 'expiry', 'nested', 'node.url']);
    expect(store.getSetting('absent')).toBeUndefined();
  });

  it('refuses what JSON cannot carry exactly: bigint, unsafe integers, NaN, Date, bytes, deep nesting, undefined', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = [deep];
    refused(() => store.setSetting('a', 5n as never), 'INVALID_INPUT', 'value');
    refused(() => store.setSetting('a', { amount: 2 ** 60 }), 'INVALID_INPUT', 'value.amount');
    refused(() => store.setSetting('a', [Number.NaN]), 'INVALID_INPUT', 'value[0]');
    refused(() => store.setSetting('a', { when: new Date() } as never), 'INVALID_INPUT', 'value.when');
    refused(() => store.setSetting('a', new Uint8Array(2) as never), 'INVALID_INPUT', 'value');
    refused(() => store.setSetting('a', undefined as never), 'INVALID_INPUT', 'value');
    expect(() => store.setSetting('a', deep as never)).toThrow(/nests deeper than 32/);
    refused(() => store.setSetting('', 1), 'INVALID_INPUT', 'key');
    refused(() => store.setSetting('big', 'x'.repeat(70_000)), 'INVALID_INPUT', 'value');
    refused(() => store.setSetting('many', Array.from({ length: 50_000 }, () => ({ a: 1 }))), 'INVALID_INPUT', 'value');
  });
});

describe('store: the audit log', () => {
  it('chains each entry to the one before by sha256, and verifies', () => {
    store.appendAudit({ action: 'broadcast', subject: 'ab', details: { ok: true } });
    store.appendAudit({ action: 'export', details: { file: 'x.json' } });
    const [a, b] = store.listAudit();
    expect(a!.prevHash).toEqual(new Uint8Array(32));
    expect(b!.prevHash).toEqual(a!.hash);
    expect(store.listAudit({ afterSeq: 1 })).toEqual([b]);
    expect(store.verifyAudit()).toEqual({ ok: true, entries: 2 });
    refused(() => store.appendAudit({ action: 'Bad Action' }), 'INVALID_INPUT', 'action');
    refused(() => store.appendAudit({ action: 'x', details: [] as never }), 'INVALID_INPUT', 'details');
  });

  it('stays one chain when two connections (the CLI and the app) write to the same station', () => {
    const other = openStore({ dataDir: tmp.dir }, { clock: clock.now });
    try {
      for (let i = 0; i < 10; i++) {
        (i % 2 === 0 ? store : other).appendAudit({ action: 'write', details: { i } });
        if (i % 3 === 0) (i % 2 === 0 ? other : store).setSetting(`k${i}`, i);
      }
      expect(store.verifyAudit()).toEqual({ ok: true, entries: 14 });
      expect(other.listAudit().map((e) => e.seq)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    } finally {
      other.close();
    }
  });

  it('refuses UPDATE and DELETE from any connection (triggers)', () => {
    store.appendAudit({ action: 'one' });
    const db = new Database(store.file);
    try {
      expect(() => db.prepare("UPDATE audit SET action = 'two'").run()).toThrow(/append-only: UPDATE refused/);
      expect(() => db.prepare('DELETE FROM audit').run()).toThrow(/append-only: DELETE refused/);
    } finally {
      db.close();
    }
    expect(store.verifyAudit()).toEqual({ ok: true, entries: 1 });
  });

  it('names the first entry edited by hand (triggers dropped), and a gap where an entry was removed', () => {
    for (let i = 0; i < 5; i++) store.appendAudit({ action: 'step', details: { i } });
    const db = new Database(store.file);
    try {
      db.exec('DROP TRIGGER audit_no_update; DROP TRIGGER audit_no_delete;');
      db.prepare("UPDATE audit SET details = '{\"i\":99}' WHERE seq = 3").run();
      expect(store.verifyAudit()).toMatchObject({ ok: false, firstBad: 3, entries: 2 });
      db.prepare("UPDATE audit SET details = '{\"i\":2}' WHERE seq = 3").run();
      expect(store.verifyAudit()).toEqual({ ok: true, entries: 5 });
      db.prepare('DELETE FROM audit WHERE seq = 2').run();
      expect(store.verifyAudit()).toMatchObject({ ok: false, firstBad: 3, reason: expect.stringMatching(/missing/) });
    } finally {
      db.close();
    }
  });

  it('notices an edited entry whose hash was recomputed: the next entry no longer chains to it', () => {
    for (let i = 0; i < 3; i++) store.appendAudit({ action: 'step', details: { i } });
    const [, second] = store.listAudit();
    const forged = '{"i":42}';
    const db = new Database(store.file);
    try {
      db.exec('DROP TRIGGER audit_no_update;');
      db.prepare('UPDATE audit SET details = ?, hash = ? WHERE seq = 2')
        .run(forged, auditHash(2, second!.at, second!.action, second!.subject, forged, second!.prevHash));
      expect(store.verifyAudit()).toMatchObject({ ok: false, firstBad: 3, entries: 2, reason: expect.stringMatching(/does not carry the hash/) });
    } finally {
      db.close();
    }
  });
});

describe('store: hostile input', () => {
  const tricky = [
    'Alice\u202Eecilc\u202C', // right-to-left override
    'line\nbreak\r\ttab\u0007bell\u001b[31m',
    'nul\u0000inside',
    '\u200Bzero\u200Dwidth\uFEFF',
    'emoji 🔑 and 𝕏',
    '<script>alert(1)</script>',
    "'); DROP TABLE keys; --",
  ];

  it('stores control, bidi, NUL and markup characters verbatim in labels, notes and settings', () => {
    for (const text of tricky) {
      const a = randomAddress();
      store.addKey({ address: a, label: text, vault: 'keychain' });
      expect(store.getKey(a)!.label).toBe(text);
      store.setLabel(a, text);
      expect(store.getLabel(a)!.label).toBe(text);
      const tx = store.insertTransaction(newTransaction({ note: text }));
      expect(store.getTransaction(tx.txId)!.note).toBe(text);
      store.setSetting(text, { text });
      expect(store.getSetting(text)).toEqual({ text });
    }
    expect(store.listKeys()).toHaveLength(tricky.length);
    expect(store.verifyAudit().ok).toBe(true);
  });

  it('refuses text UTF-8 cannot carry (a lone surrogate) instead of altering it', () => {
    refused(() => store.addKey({ address: randomAddress(), label: 'half \uD83D', vault: 'keychain' }), 'INVALID_INPUT', 'label');
    refused(() => store.insertTransaction(newTransaction({ note: '\uDC00' })), 'INVALID_INPUT', 'note');
  });

  it('refuses huge strings with their length and the limit, storing nothing', () => {
    const huge = 'A'.repeat(5_000_000);
    const err = refused(() => store.addKey({ address: randomAddress(), label: huge, vault: 'keychain' }), 'INVALID_INPUT', 'label');
    expect(err.message).toContain(`at most ${MAX_LABEL_LENGTH}`);
    refused(() => store.insertTransaction(newTransaction({ note: huge })), 'INVALID_INPUT', 'note');
    const tx = store.insertTransaction(newTransaction());
    refused(() => store.setStatus(tx.txId, 'failed', { nodeAnswer: huge }), 'INVALID_INPUT', 'nodeAnswer');
    refused(() => store.insertTransaction(newTransaction({ raw: new Uint8Array(600_000) })), 'INVALID_INPUT', 'raw');
  });

  it('never quotes a private key pasted where data belongs', () => {
    const pasted = bytesToHex(generatePrivateKey());
    const attempts: (() => unknown)[] = [
      () => store.addKey({ address: pasted as never, vault: 'keychain' }),
      () => store.setLabel(randomAddress(), pasted.repeat(10)),
      () => store.putToken({ id: pasted, name: 'n', abbreviation: 'a', precision: 0, owner: randomAddress(), totalSupply: '1', description: '', url: '', source: { kind: 'file', file: 'f' } }),
      () => store.listTransactions({ account: pasted as never }),
      () => store.setSetting('k', { [pasted]: 1n } as never),
    ];
    for (const attempt of attempts) {
      expect(attempt).toThrow(AirlockError);
      try {
        attempt();
      } catch (e) {
        const text = JSON.stringify((e as AirlockError).toData());
        expect(text).not.toContain(pasted);
        expect(text.toLowerCase()).not.toContain(pasted.slice(0, 16));
      }
    }
  });

  it('holds thousands of rows: 3,000 transactions with 2 signatures each list with the right counts', () => {
    const txs = store.atomic(() => Array.from({ length: 3_000 }, (_, i) => {
      clock.advance(1);
      const tx = store.insertTransaction(newTransaction({ status: i % 3 === 0 ? 'ready' : 'collecting' }));
      for (let s = 0; s < 2; s++) store.addSignature({ txId: tx.txId, signer: randomAddress(), signature: randomSignature(), origin: { kind: 'local key' } });
      return tx;
    }));
    const all = store.listTransactions();
    expect(all).toHaveLength(3_000);
    expect(all.every((t) => t.signatureCount === 2)).toBe(true);
    expect(bytesToHex(all[0]!.txId)).toBe(bytesToHex(txs.at(-1)!.txId));
    expect(store.listTransactions({ status: 'ready' })).toHaveLength(1_000);
    expect(store.verifyAudit()).toEqual({ ok: true, entries: 9_000 });
  });

  it('rolls back every write of an atomic block that throws, audit entries included', () => {
    const before = contents(store);
    expect(() => store.atomic(() => {
      store.addKey({ address: randomAddress(), vault: 'keychain' });
      store.insertTransaction(newTransaction());
      throw new Error('stop');
    })).toThrow('stop');
    expect(contents(store)).toEqual(before);
  });
});
