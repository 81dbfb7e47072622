// The store's audit log (docs/decisions.md §7 and §16): entries chained by HMAC-SHA256 under the vault's audit
// key across connections, append-only by triggers, and verifyAudit naming the first entry edited,
// removed or forged.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openStore } from './store.ts';
import { auditHash } from './audit.ts';
import { useTestStore } from '../../test/helpers/store-fixture.ts';
import { sealIn } from '../../test/helpers/store-helpers.ts';

const { tmp, clock, store, refused } = useTestStore();

describe('store: the audit log', () => {
  it('chains each entry to the one before, and verifies', () => {
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
    const other = openStore({ dataDir: tmp.dir }, { clock: clock.now, seal: sealIn(tmp.dir) });
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
      db.prepare('UPDATE audit SET details = \'{"i":99}\' WHERE seq = 3').run();
      expect(store.verifyAudit()).toMatchObject({ ok: false, firstBad: 3, entries: 2 });
      db.prepare('UPDATE audit SET details = \'{"i":2}\' WHERE seq = 3').run();
      expect(store.verifyAudit()).toEqual({ ok: true, entries: 5 });
      db.prepare('DELETE FROM audit WHERE seq = 2').run();
      expect(store.verifyAudit()).toMatchObject({ ok: false, firstBad: 3, reason: expect.stringMatching(/missing/) });
    } finally {
      db.close();
    }
  });

  it('notices an edited entry whose sha256 was recomputed: its MAC under the vault key no longer matches (issue 16)', () => {
    for (let i = 0; i < 3; i++) store.appendAudit({ action: 'step', details: { i } });
    const [, second] = store.listAudit();
    const forged = '{"i":42}';
    const db = new Database(store.file);
    try {
      db.exec('DROP TRIGGER audit_no_update;');
      db.prepare('UPDATE audit SET details = ?, hash = ? WHERE seq = 2').run(
        forged,
        auditHash(2, second!.at, second!.action, second!.subject, forged, second!.prevHash),
      );
      expect(store.verifyAudit()).toMatchObject({ ok: false, firstBad: 2, entries: 1, reason: expect.stringMatching(/changed after it was written .*MAC/) });
    } finally {
      db.close();
    }
  });
});
