// The store's versioned migrations (docs/decisions.md §7: "Migrations from an empty directory and from the
// previous schema"): an empty directory gets the latest schema, a database left at version 1 with
// data is upgraded with every row kept, a newer database is refused untouched, and the list of
// migrations has no gaps.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AirlockError } from '../../shared/base/errors.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { applyMigrations, MIGRATIONS, SCHEMA_VERSION, type Migration } from './migrations.ts';
import { openStore, STORE_FILE_NAME } from './store.ts';
import { auditHash } from './audit.ts';
import { accountBytes, newTransaction, randomAddress, randomSignature, sealIn, T0, tempDir, testClock } from '../../test/helpers/store-helpers.ts';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.remove());

function tables(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (
      db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'index', 'trigger') AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as {
        name: string;
      }[]
    ).map((r) => r.name);
  } finally {
    db.close();
  }
}

describe('store migrations', () => {
  it('numbers migrations 1, 2, 3… with no gap', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
  });

  it('creates the latest schema in an empty directory', () => {
    const store = openStore({ dataDir: tmp.dir }, { seal: sealIn(tmp.dir) });
    store.close();
    const file = join(tmp.dir, STORE_FILE_NAME);
    expect(tables(file)).toEqual([
      'accounts',
      'address_book',
      'audit',
      'audit_no_delete',
      'audit_no_update',
      'chain_snapshots',
      'contracts',
      'key_proofs',
      'key_proofs_by_account',
      'keys',
      'pinned_exporters',
      'settings',
      'signatures',
      'signatures_count_delete',
      'signatures_count_insert',
      'tokens',
      'transactions',
      'transactions_by_account',
      'transactions_by_check',
      'transactions_by_created',
      'transactions_by_shown',
      'transactions_by_status',
    ]);
    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    } finally {
      db.close();
    }
  });

  it('upgrades a database left at version 1 with data in it, keeping every row and the audit chain', () => {
    const file = join(tmp.dir, STORE_FILE_NAME);
    // Version 1 as a station of that release wrote it, through the store of that release.
    const raw = new Database(file);
    applyMigrations(raw, MIGRATIONS.slice(0, 1));
    expect(raw.pragma('user_version', { simple: true })).toBe(1);
    raw.close();
    const clock = testClock();
    // Rows as a version-1 station wrote them (the v1 layout is frozen, so raw SQL is exact).
    const key = randomAddress();
    const account = randomAddress();
    const tx = newTransaction({ account });
    const signer = randomAddress();
    const signature = randomSignature();
    {
      const db = new Database(file);
      db.pragma('foreign_keys = ON');
      db.prepare("INSERT INTO keys VALUES (?, 'old key', 'keychain', ?)").run(key, T0);
      db.prepare('INSERT INTO accounts VALUES (?, ?, \'{"kind":"file","file":"snap.json"}\', ?, ?)').run(account, accountBytes(account), T0, T0);
      db.prepare("INSERT INTO transactions VALUES (?, ?, 'TransferContract', ?, 2, ?, 'collecting', NULL, 'old note', NULL, ?, ?)").run(
        tx.txId,
        tx.raw,
        account,
        tx.expiration,
        T0,
        T0,
      );
      db.prepare("INSERT INTO signatures VALUES (?, ?, ?, ?, 'local key', NULL)").run(tx.txId, signer, signature, T0);
      db.prepare("INSERT INTO settings VALUES ('node.url', '\"http://127.0.0.1:8090\"')").run();
      let prev: Uint8Array = new Uint8Array(32);
      for (const [seq, action] of [
        [1, 'key.add'],
        [2, 'signature.add'],
      ] as const) {
        const hash = auditHash(seq, T0, action, 'old', '{}', prev);
        db.prepare('INSERT INTO audit VALUES (?, ?, ?, ?, ?, ?, ?)').run(seq, T0, action, 'old', '{}', prev, hash);
        prev = hash;
      }
      db.close();
    }
    expect(tables(file)).not.toContain('address_book');

    const store = openStore({ dataDir: tmp.dir }, { clock: clock.now, seal: sealIn(tmp.dir) });
    try {
      expect(store.schemaVersion()).toBe(SCHEMA_VERSION);
      expect(store.getKey(key)).toEqual({ address: key, label: 'old key', vault: 'keychain', createdAt: T0, device: null });
      expect(store.getAccount(account)!.source).toEqual({ kind: 'file', file: 'snap.json' });
      const got = store.getTransaction(tx.txId)!;
      // Version 3 counted the signature that was already there.
      expect(got).toMatchObject({ status: 'collecting', note: 'old note', signatureCount: 1, raw: tx.raw });
      expect(store.listSignatures(tx.txId).map((s) => bytesToHex(s.signature))).toEqual([bytesToHex(signature)]);
      expect(store.listTransactions()[0]!.signatureCount).toBe(1);
      store.addSignature({ txId: tx.txId, signer: randomAddress(), signature: randomSignature(), origin: { kind: 'local key' } });
      expect(store.getTransaction(tx.txId)!.signatureCount).toBe(2);
      expect(store.getSetting('node.url')).toBe('http://127.0.0.1:8090');
      // What version 2 adds works on the upgraded file.
      store.setLabel(account, 'treasury');
      expect(store.getLabel(account)!.label).toBe('treasury');
      expect(store.listTransactions({ status: 'collecting', account })).toHaveLength(1);
      // Version 5 (docs/decisions.md §16): the two old entries were verified by sha256 once, and `audit.keyed`
      // (entry 3) starts the keyed chain, saying what it found.
      expect(store.listAudit().map((e) => [e.seq, e.action])).toEqual([
        [1, 'key.add'],
        [2, 'signature.add'],
        [3, 'audit.keyed'],
        [4, 'signature.add'],
        [5, 'label.set'],
      ]);
      expect(store.listAudit()[2]!.details).toEqual({ entries: 2, legacy: 'intact' });
      expect(store.verifyAudit()).toEqual({ ok: true, entries: 5 });
      expect(store.integrityCheck()).toEqual(['ok']);
    } finally {
      store.close();
    }
  });

  it('upgrades a version-4 audit log to the keyed chain (5): the old entries verified once, by sha256, and audit.keyed says what it found', () => {
    const file = join(tmp.dir, STORE_FILE_NAME);
    const clock = testClock();
    {
      const v4 = new Database(file);
      applyMigrations(v4, MIGRATIONS.slice(0, 4));
      // Three entries by the sha256 rule; the second edited afterwards (its hash no longer matches).
      let prev: Uint8Array = new Uint8Array(32);
      for (const seq of [1, 2, 3]) {
        const hash = auditHash(seq, T0, 'step', '', '{}', prev);
        v4.prepare('INSERT INTO audit VALUES (?, ?, ?, ?, ?, ?, ?)').run(seq, T0, 'step', '', seq === 2 ? '{"edited":true}' : '{}', prev, hash);
        prev = hash;
      }
      v4.close();
    }
    const store = openStore({ dataDir: tmp.dir }, { clock: clock.now, seal: sealIn(tmp.dir) });
    try {
      expect(store.schemaVersion()).toBe(SCHEMA_VERSION);
      store.setSetting('k', 1);
      const [keyed, after] = store.listAudit({ afterSeq: 3 });
      expect(keyed).toMatchObject({ seq: 4, action: 'audit.keyed', details: { entries: 3, legacy: 'altered', firstBad: 2 } });
      expect(keyed!.prevHash).toEqual(store.listAudit()[2]!.hash);
      expect(after).toMatchObject({ seq: 5, action: 'setting.set' });
      // The altered old entry stays reported: keying records it, it does not bless it.
      expect(store.verifyAudit()).toMatchObject({
        ok: false,
        firstBad: 2,
        reason: expect.stringMatching(/entry 2 was changed after it was written \(its hash/),
      });
    } finally {
      store.close();
    }
  });

  it('upgrades a version-5 transaction to 6 as imported, the origin that proves no key: its origin was never recorded', () => {
    const file = join(tmp.dir, STORE_FILE_NAME);
    const tx = newTransaction({ account: randomAddress() });
    {
      const v5 = new Database(file);
      applyMigrations(v5, MIGRATIONS.slice(0, 5));
      v5.prepare(
        "INSERT INTO transactions (txid, raw, kind, account, permission_id, expiration, status, node_answer, note, permission, created_at, updated_at) VALUES (?, ?, 'TransferContract', ?, 0, ?, 'draft', NULL, 'old', NULL, ?, ?)",
      ).run(tx.txId, tx.raw, tx.account, tx.expiration, T0, T0);
      v5.close();
    }
    const store = openStore({ dataDir: tmp.dir }, { clock: testClock().now, seal: sealIn(tmp.dir) });
    try {
      expect(store.schemaVersion()).toBe(SCHEMA_VERSION);
      expect(store.getTransaction(tx.txId)).toMatchObject({ note: 'old', origin: 'imported' });
    } finally {
      store.close();
    }
  });

  it('upgrades a version-8 database with open transactions to 9 (issue 18, live status): none has a fate yet, each is asked about, a fate is kept', () => {
    const file = join(tmp.dir, STORE_FILE_NAME);
    const account = randomAddress();
    const open = newTransaction({ account });
    const done = newTransaction({ account });
    {
      const v8 = new Database(file);
      applyMigrations(v8, MIGRATIONS.slice(0, 8));
      const insert = v8.prepare(
        'INSERT INTO transactions (txid, raw, kind, account, permission_id, expiration, status, node_answer, note, permission, created_at, updated_at, origin) ' +
          "VALUES (?, ?, 'TransferContract', ?, 0, ?, ?, NULL, 'old', NULL, ?, ?, 'imported')",
      );
      insert.run(open.txId, open.raw, account, open.expiration, 'collecting', T0, T0);
      insert.run(done.txId, done.raw, account, done.expiration, 'confirmed', T0, T0 + 1);
      v8.close();
    }
    const store = openStore({ dataDir: tmp.dir }, { clock: testClock().now, seal: sealIn(tmp.dir) });
    try {
      expect(store.schemaVersion()).toBe(SCHEMA_VERSION);
      expect(store.getTransaction(open.txId)).toMatchObject({ note: 'old', status: 'collecting', chain: null });
      expect(store.listTransactions().map((t) => t.chain)).toEqual([null, null]);
      // The open one is asked about; the confirmed one is not.
      expect(store.listUnsettled({ statuses: ['collecting', 'ready', 'broadcast'], expiredAfter: 0, limit: 10 })).toEqual([open.txId]);
      const fate = {
        block: 12,
        result: 'SUCCESS',
        fee: '100000',
        reason: null,
        source: { kind: 'node' as const, url: 'http://127.0.0.1:8090', blockNumber: 12 },
      };
      store.recordChainFate(open.txId, fate);
      expect(store.getTransaction(open.txId)!.chain).toEqual(fate);
      // A node's block settles it: it is asked about no more.
      expect(store.listUnsettled({ statuses: ['collecting'], expiredAfter: 0, limit: 10 })).toEqual([]);
      expect(store.listAudit().map((e) => e.action)).toEqual(['transaction.chain']);
      expect(store.verifyAudit()).toEqual({ ok: true, entries: 1 });
    } finally {
      store.close();
    }
    // The columns' own checks hold on the upgraded file.
    const db = new Database(file);
    try {
      expect(() => db.prepare("UPDATE transactions SET chain_fee = '-1'").run()).toThrow(/CHECK/);
      expect(() => db.prepare('UPDATE transactions SET chain_block = -1').run()).toThrow(/CHECK/);
    } finally {
      db.close();
    }
  });

  it('upgrades a version-6 station with data to 7, whose pinned exporters start empty and take a pin', () => {
    const file = join(tmp.dir, STORE_FILE_NAME);
    const tx = newTransaction({ account: randomAddress() });
    {
      const v6 = new Database(file);
      applyMigrations(v6, MIGRATIONS.slice(0, 6));
      v6.prepare(
        "INSERT INTO transactions (txid, raw, kind, account, permission_id, expiration, status, node_answer, note, permission, created_at, updated_at, origin) VALUES (?, ?, 'TransferContract', ?, 0, ?, 'draft', NULL, 'kept', NULL, ?, ?, 'built-claimed')",
      ).run(tx.txId, tx.raw, tx.account, tx.expiration, T0, T0);
      v6.close();
    }
    const store = openStore({ dataDir: tmp.dir }, { clock: testClock().now, seal: sealIn(tmp.dir) });
    try {
      expect(store.schemaVersion()).toBe(SCHEMA_VERSION);
      expect(store.getTransaction(tx.txId)).toMatchObject({ note: 'kept', origin: 'built-claimed' });
      expect(store.listPinnedExporters()).toEqual([]);
      store.pinExporter({ fingerprint: '00112233445566778899', publicKey: null, label: 'online desk' });
      expect(store.listPinnedExporters()).toMatchObject([{ fingerprint: '00112233445566778899', label: 'online desk' }]);
    } finally {
      store.close();
    }
  });

  it('upgrades a database left at version 3 with data to version 4, whose key proofs keep a nonce to one answer', () => {
    const file = join(tmp.dir, STORE_FILE_NAME);
    const clock = testClock();
    const tx = newTransaction({ account: randomAddress() });
    {
      const v3 = new Database(file);
      applyMigrations(v3, MIGRATIONS.slice(0, 3));
      v3.prepare(
        "INSERT INTO transactions (txid, raw, kind, account, permission_id, expiration, status, node_answer, note, permission, created_at, updated_at) VALUES (?, ?, 'TransferContract', ?, 0, ?, 'draft', NULL, 'kept', NULL, ?, ?)",
      ).run(tx.txId, tx.raw, tx.account, tx.expiration, T0, T0);
      v3.close();
    }
    expect(tables(file)).not.toContain('key_proofs');
    const store = openStore({ dataDir: tmp.dir }, { clock: clock.now, seal: sealIn(tmp.dir) });
    try {
      expect(store.schemaVersion()).toBe(SCHEMA_VERSION);
      expect(store.getTransaction(tx.txId)!.note).toBe('kept');
      const nonce = new Uint8Array(32).fill(9);
      const input = { nonce, account: randomAddress(), permissionHash: new Uint8Array(32).fill(1), key: randomAddress(), createdAt: T0, expiresAt: T0 + 1000 };
      expect(store.addProofChallenge(input)).toMatchObject({ signature: null, verifiedAt: null });
      expect(() => store.addProofChallenge(input)).toThrow(/already stored/);
      expect(store.listProofs()).toEqual([]);
      const signature = randomSignature();
      expect(store.recordProof({ nonce, signature, fileName: 'p.json' })).toMatchObject({ signature, fileName: 'p.json' });
      expect(() => store.recordProof({ nonce, signature, fileName: 'again.json' })).toThrow(/answered already/);
      expect(() => store.recordProof({ nonce: new Uint8Array(32), signature, fileName: 'p.json' })).toThrow(/no challenge/);
      expect(store.listProofs(input.account).map((p) => p.fileName)).toEqual(['p.json']);
      expect(store.listProofs(randomAddress())).toEqual([]);
      expect(store.listAudit().map((e) => e.action)).toEqual(['proof.challenge', 'proof.verified']);
      expect(store.verifyAudit()).toEqual({ ok: true, entries: 2 });
    } finally {
      store.close();
    }
  });

  it('refuses a database written by a newer Airlock, and changes nothing in it', () => {
    const file = join(tmp.dir, STORE_FILE_NAME);
    openStore({ file }, { seal: sealIn(tmp.dir) }).close();
    const db = new Database(file);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const before = readFileSync(file);
    let caught: unknown;
    try {
      openStore({ file }, { seal: sealIn(tmp.dir) });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(AirlockError);
    expect((caught as AirlockError).code).toBe('STORE_VERSION');
    expect((caught as AirlockError).message).toMatch(/newer Airlock/);
    expect((caught as AirlockError).details).toEqual({ found: SCHEMA_VERSION + 1, supported: SCHEMA_VERSION });
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('leaves a database at its old version when a migration step fails part-way', () => {
    const file = join(tmp.dir, STORE_FILE_NAME);
    const db = new Database(file);
    try {
      const broken: Migration[] = [
        ...MIGRATIONS,
        { version: MIGRATIONS.length + 1, description: 'broken', sql: 'CREATE TABLE extra (x); SELECT nonsense FROM nowhere;' },
      ];
      expect(() => applyMigrations(db, broken)).toThrow();
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'extra'").get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  it('refuses a list of migrations with a gap', () => {
    const db = new Database(':memory:');
    try {
      expect(() => applyMigrations(db, [MIGRATIONS[0]!, { ...MIGRATIONS[1]!, version: 3 }])).toThrow(/expected 2/);
    } finally {
      db.close();
    }
  });
});

describe('migration 8: the list of smart contracts', () => {
  it('upgrades a version-7 database with transactions to 8: rows kept, the contracts table empty and usable, its writes audited', () => {
    const file = join(tmp.dir, STORE_FILE_NAME);
    const tx = newTransaction({ account: randomAddress() });
    {
      const v7 = new Database(file);
      applyMigrations(v7, MIGRATIONS.slice(0, 7));
      v7.prepare(
        "INSERT INTO transactions (txid, raw, kind, account, permission_id, expiration, status, node_answer, note, permission, created_at, updated_at) VALUES (?, ?, 'TransferContract', ?, 0, ?, 'draft', NULL, 'kept', NULL, ?, ?)",
      ).run(tx.txId, tx.raw, tx.account, tx.expiration, T0, T0);
      v7.close();
    }
    expect(tables(file)).not.toContain('contracts');
    const store = openStore({ dataDir: tmp.dir }, { clock: testClock().now, seal: sealIn(tmp.dir) });
    try {
      expect(store.schemaVersion()).toBe(SCHEMA_VERSION);
      expect(store.getTransaction(tx.txId)!.note).toBe('kept');
      expect(store.listContracts()).toEqual([]);
      const address = randomAddress();
      const put = store.putContract({
        address,
        name: 'Token',
        abi: '[]',
        symbol: 'TKN',
        tokenName: null,
        decimals: 6,
        source: { kind: 'file', file: 'typed' },
      });
      expect(store.getContract(address)).toEqual(put);
      const { storedAt: _at, ...input } = put;
      expect(() => store.putContract({ ...input, decimals: 19 })).toThrow(/decimals must be between 0 and 18/);
      expect(store.removeContract(address)).toBe(true);
      expect(store.listAudit().map((e) => e.action)).toEqual(['contract.put', 'contract.remove']);
    } finally {
      store.close();
    }
  });
});

describe("migration 11: the queue's index by shown status", () => {
  it('upgrades a version-10 station with transactions to 11: rows kept, and a page by shown status reads through the new index', () => {
    const file = join(tmp.dir, STORE_FILE_NAME);
    const account = randomAddress();
    const open = newTransaction({ account, expiration: T0 + 1_000 });
    const late = newTransaction({ account, expiration: T0 - 1_000 });
    {
      const v10 = new Database(file);
      applyMigrations(v10, MIGRATIONS.slice(0, 10));
      const insert = v10.prepare(
        "INSERT INTO transactions (txid, raw, kind, account, permission_id, expiration, status, node_answer, note, permission, created_at, updated_at, origin) VALUES (?, ?, 'TransferContract', ?, 0, ?, 'collecting', NULL, 'kept', NULL, ?, ?, 'imported')",
      );
      insert.run(open.txId, open.raw, account, open.expiration, T0, T0);
      insert.run(late.txId, late.raw, account, late.expiration, T0 + 1, T0 + 1);
      v10.close();
    }
    expect(tables(file)).not.toContain('transactions_by_shown');
    const store = openStore({ dataDir: tmp.dir }, { clock: testClock().now, seal: sealIn(tmp.dir) });
    try {
      expect(store.schemaVersion()).toBe(SCHEMA_VERSION);
      expect(store.listTransactionRows({}).map((r) => r.txKey)).toEqual([late, open].map((t) => bytesToHex(t.txId)));
      expect(store.listTransactionRows({ status: 'expired', now: T0 }).map((r) => r.txKey)).toEqual([bytesToHex(late.txId)]);
      expect(store.countTransactionRows({ status: 'collecting', now: T0 })).toBe(1);
    } finally {
      store.close();
    }
    expect(tables(file)).toContain('transactions_by_shown');
    const db = new Database(file, { readonly: true });
    try {
      const plan = db.prepare("EXPLAIN QUERY PLAN SELECT count(*) FROM transactions t WHERE t.status = 'collecting' AND t.expiration > ?").all(T0) as {
        detail: string;
      }[];
      expect(plan.map((p) => p.detail).join('\n')).toContain('transactions_by_shown');
    } finally {
      db.close();
    }
  });
});
