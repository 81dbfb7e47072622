// The keyed audit chain against someone who can edit the station's database (docs/decisions.md §16): a real
// station on each vault (the keystore, and the OS keychain on the runner's gnome-keyring) writes
// entries through the CLI, then the SQLite file is changed directly with better-sqlite3 (triggers
// dropped) and `airlock audit verify` must name what failed: an entry edited with the whole sha256
// chain after it recomputed, the last 3 entries deleted, every entry deleted, the anchor deleted.
// Also: the anchor one write behind (a crash between commit and anchor) is accepted, two are not;
// a write after a cut tail does not re-anchor over the cut; a group-readable audit key is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Entry } from '@napi-rs/keyring';
import { run } from '../../cli/main.ts';
import { nodeIo, type CliIo } from '../../cli/io.ts';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { addressOfPrivateKey, generatePrivateKey } from '../../shared/chain/keys.ts';
import { STORE_FILE_NAME } from '../../station/store/store.ts';
import { auditHash } from '../../station/store/audit.ts';
import { AUDIT_ANCHOR_FILE, AUDIT_KEY_FILE } from '../../station/vault/audit-seal.ts';
import { STATION_ID_FILE } from '../../station/vault/station-id.ts';
import { TEST_SCRYPT, workDir } from '../helpers/station-helpers.ts';

type VaultKind = 'keystore' | 'keychain';
/** `setting`: no --vault flag, so the station uses the vault its `vault` setting names. */
type VaultChoice = VaultKind | 'setting';
const NOW = 1_790_000_000_000;

let work: { dir: string; remove: () => void };
beforeAll(() => {
  work = workDir('airlock-audit-');
});
afterAll(() => work?.remove());

let made = 0;

/** A fresh station on `vault`, driven through the CLI. */
function station(vault: VaultChoice) {
  const dataDir = join(work.dir, `st${++made}`);
  const passFile = join(work.dir, `st${made}.pass`);
  writeFileSync(passFile, 'correct horse battery staple\n');
  chmodSync(passFile, 0o600);
  const cli = async (args: string[]): Promise<{ code: number; out: string }> => {
    let out = '';
    const io: CliIo = { ...nodeIo(), stdout: (t) => void (out += t), stderr: (t) => void (out += t), now: () => NOW, stationOptions: { scrypt: TEST_SCRYPT } };
    delete io.terminal;
    const argv = [
      '--data-dir',
      dataDir,
      ...(vault === 'setting' ? [] : ['--vault', vault]),
      '--passphrase-file',
      passFile,
      '--node',
      'http://127.0.0.1:9',
      ...args,
    ];
    return { code: await run(argv, io), out };
  };
  const address = () => addressToBase58(addressOfPrivateKey(generatePrivateKey()));
  return {
    dataDir,
    cli,
    /** Some writes: each adds one audit entry (a key, a setting, three labels). */
    async write(): Promise<void> {
      for (const args of [
        ['keys', 'new', '--label', 'audit test'],
        ['settings', 'set', 'expiration', '2h'],
        ['book', 'set', address(), 'a'],
        ['book', 'set', address(), 'b'],
        ['book', 'set', address(), 'c'],
      ]) {
        const r = await cli(args);
        expect(r.code, r.out).toBe(0);
      }
    },
    async verify(): Promise<{ code: number; out: string }> {
      return cli(['audit', 'verify']);
    },
    /** Opens the database directly, as anyone with the file could, with the append-only triggers gone. */
    tamper(change: (db: Database.Database) => void): void {
      const db = new Database(join(dataDir, STORE_FILE_NAME));
      try {
        db.exec('DROP TRIGGER IF EXISTS audit_no_update; DROP TRIGGER IF EXISTS audit_no_delete;');
        change(db);
      } finally {
        db.close();
      }
    },
    deleteAnchor(): void {
      if (vault === 'keystore') rmSync(join(dataDir, AUDIT_ANCHOR_FILE));
      else {
        const id = readFileSync(join(dataDir, STATION_ID_FILE), 'utf8').trim();
        expect(new Entry(`Airlock ${id} audit`, 'anchor', { linux: { store: 'secret-service' } }).deleteCredential()).toBe(true);
      }
    },
  };
}

const count = (db: Database.Database): number => (db.prepare('SELECT count(*) AS n FROM audit').get() as { n: number }).n;

describe.each<VaultKind>(['keystore', 'keychain'])('audit verify on a %s station', (vault) => {
  it('an untampered log verifies, in words', async () => {
    const s = station(vault);
    await s.write();
    const r = await s.verify();
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/The audit log is intact: 5 entries/);
  });

  it('catches an entry edited with every later sha256 hash recomputed: its MAC fails, from that entry', async () => {
    const s = station(vault);
    await s.write();
    s.tamper((db) => {
      const rows = db.prepare('SELECT * FROM audit ORDER BY seq').all() as Array<{
        seq: number;
        at: number;
        action: string;
        subject: string;
        details: string;
        prev_hash: Uint8Array;
        hash: Uint8Array;
      }>;
      rows[1]!.details = '{"forged":true}';
      const update = db.prepare('UPDATE audit SET details = ?, prev_hash = ?, hash = ? WHERE seq = ?');
      for (let i = 1; i < rows.length; i++) {
        const r = rows[i]!;
        r.prev_hash = rows[i - 1]!.hash;
        r.hash = auditHash(r.seq, r.at, r.action, r.subject, r.details, r.prev_hash);
        update.run(r.details, r.prev_hash, r.hash, r.seq);
      }
    });
    const r = await s.verify();
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/AUDIT_BROKEN/);
    expect(r.out).toMatch(/entry 2 was changed after it was written \(its MAC under the station's audit key does not match\)/);
  });

  it('catches a truncated tail: the last 3 entries deleted', async () => {
    const s = station(vault);
    await s.write();
    s.tamper((db) => db.prepare('DELETE FROM audit WHERE seq > 2').run());
    const r = await s.verify();
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/the log ends at entry 2, but the anchor says 5: entries 3 to 5 were removed from the end/);
  });

  it('catches an emptied log: the anchor says it held 5', async () => {
    const s = station(vault);
    await s.write();
    s.tamper((db) => {
      db.prepare('DELETE FROM audit').run();
      expect(count(db)).toBe(0);
    });
    const r = await s.verify();
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/the log is empty, but the anchor says it held 5 entries: it was emptied/);
  });

  it('catches a deleted anchor while the log holds entries', async () => {
    const s = station(vault);
    await s.write();
    s.deleteAnchor();
    const r = await s.verify();
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/the anchor kept outside the database is missing, yet the log holds 5 entries/);
  });

  it('a write after a cut tail does not re-anchor over the cut', async () => {
    const s = station(vault);
    await s.write();
    s.tamper((db) => db.prepare('DELETE FROM audit WHERE seq > 2').run());
    expect((await s.cli(['settings', 'set', 'expiration', '3h'])).code).toBe(0);
    const short = await s.verify();
    expect(short.code).toBe(1);
    expect(short.out).toMatch(/the log ends at entry 3, but the anchor says 5/);
    // Written back up to the anchor's count, the log's entry 5 is not the one the anchor named.
    for (const h of ['4h', '5h']) expect((await s.cli(['settings', 'set', 'expiration', h])).code).toBe(0);
    const r = await s.verify();
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/entry 5 is not the one the anchor names as the head: the log was rewritten from there/);
  });
});

describe('audit verify across a change of vault', () => {
  it('keeps one keyed chain when `settings set vault keystore` moves a keychain station (its audit key and anchor move too)', async () => {
    const s = station('setting');
    const label = ['book', 'set', addressToBase58(addressOfPrivateKey(generatePrivateKey())), 'x'];
    expect((await s.cli(label)).code).toBe(0);
    expect((await s.cli(['settings', 'set', 'vault', 'keystore'])).code).toBe(0);
    expect((await s.cli(['settings', 'set', 'expiration', '3h'])).code).toBe(0);
    const r = await s.verify();
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/intact: 3 entries/);
    expect(readFileSync(join(s.dataDir, AUDIT_KEY_FILE), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
  });
});

describe('audit verify: the anchor one write behind (keystore station)', () => {
  it('accepts the anchor exactly one entry behind (a crash between commit and anchor), not two', async () => {
    const s = station('keystore');
    await s.write();
    const anchor = join(s.dataDir, AUDIT_ANCHOR_FILE);
    const saved = join(work.dir, 'anchor.saved');
    copyFileSync(anchor, saved);
    expect((await s.cli(['settings', 'set', 'expiration', '3h'])).code).toBe(0);
    copyFileSync(saved, anchor);
    const one = await s.verify();
    expect(one.code, one.out).toBe(0);
    expect(one.out).toMatch(/intact: 6 entries/);
    expect((await s.cli(['settings', 'set', 'expiration', '4h'])).code).toBe(0);
    copyFileSync(saved, anchor);
    const two = await s.verify();
    expect(two.code).toBe(1);
    expect(two.out).toMatch(/entries 6 to 7 are beyond the anchor \(it says 5\)/);
  });

  it('refuses an audit key file that group or others may read, and writes nothing', async () => {
    const s = station('keystore');
    await s.write();
    chmodSync(join(s.dataDir, AUDIT_KEY_FILE), 0o640);
    const w = await s.cli(['settings', 'set', 'expiration', '3h']);
    expect(w.code).toBe(1);
    expect(w.out).toMatch(/may be read by other users \(mode 640\); make it owner-only/);
    expect(w.out).not.toMatch(/[0-9a-f]{64}/);
    chmodSync(join(s.dataDir, AUDIT_KEY_FILE), 0o600);
    const r = await s.verify();
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/intact: 5 entries/);
  });
});

describe('audit verify on a keystore station whose key and anchor files were deleted (issue 24)', () => {
  it('with the log emptied too: refused, since the station holds rows only logged writes make', async () => {
    const s = station('keystore');
    await s.write();
    rmSync(join(s.dataDir, AUDIT_KEY_FILE));
    rmSync(join(s.dataDir, AUDIT_ANCHOR_FILE));
    s.tamper((db) => db.prepare('DELETE FROM audit').run());
    const r = await s.verify();
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /the audit key and anchor kept outside the database are missing and the log is empty, yet the station holds \d+ row\(s\) that only logged writes make/,
    );
  });

  it('with the log left: refused too (its entries no longer verify under any key)', async () => {
    const s = station('keystore');
    await s.write();
    rmSync(join(s.dataDir, AUDIT_KEY_FILE));
    rmSync(join(s.dataDir, AUDIT_ANCHOR_FILE));
    expect((await s.verify()).code).toBe(1);
  });

  it('a station that never wrote verifies empty', async () => {
    const s = station('keystore');
    const r = await s.verify();
    expect(r.code, r.out).toBe(0);
  });
});
