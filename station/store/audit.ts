/**
 * The store's `audit` table (docs/decisions.md §7 and §16): the append every write shares, listing, and the walk
 * that verifies the chain against the anchor kept outside the database.
 *
 * Two rules chain entries. Entries written before docs/decisions.md §16 (`keyed` = 0) carry sha256 over their
 * fields and the previous hash. From the `audit.keyed` entry on (`keyed` = 1; a station keyed from
 * its first write has no such marker, its entry 1 is keyed) each entry carries
 * HMAC-SHA256, under the station's audit key held by the vault (station/vault/audit-seal.ts), over
 * the previous MAC and its fields; the store only ever calls the vault's `mac`, never sees the key.
 * The first append after the upgrade verifies the old entries once by the sha256 rule and writes
 * `audit.keyed` saying what it found; the keyed chain starts there and covers the old entries too,
 * since it chains to their last hash.
 *
 * The anchor: the entry count and the head MAC, MACed with the same key, kept by the vault (a
 * keychain entry or an owner-only file), rewritten after every commit that appended. Order:
 * database commit first, anchor after, under the database's write lock so two processes cannot
 * move it backwards. A crash between the two leaves the anchor exactly one entry behind; verify
 * accepts that one entry because it carries a valid MAC (only the key holder can add entries, so
 * an entry beyond the anchor is never a removal) and the next write anchors it. The anchor is
 * never moved over a log that does not extend it, so a cut tail stays visible.
 *
 * Invariants: `verifyAudit` names the first entry edited, removed or forged, a tail cut off, an
 * emptied log and a deleted anchor; details are plain JSON and never carry secret text.
 */
import type Database from 'better-sqlite3';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, equalBytes, hexToBytes, utf8ToBytes } from '../../shared/base/bytes.ts';
import type { AuditSeal } from '../vault/audit-seal.ts';
import { checkAction, checkJsonObject, checkListBounds, checkNonNegative, checkRecord, checkText, type JsonValue } from './row-checks.ts';
import { u8, type StoreContext } from './table.ts';
import { AUDIT_WALK_CHUNK, MAX_LABEL_LENGTH, MAX_STORE_LIST_LIMIT } from '../../shared/base/limits.ts';

export interface AuditInput {
  /** A short verb: `key.add`, `signature.add`, `broadcast`… ([a-z0-9._-], at most 64). */
  action: string;
  /** What it is about (a txID or an address in hex), or ''. */
  subject?: string;
  details?: { [key: string]: JsonValue };
}
export interface AuditEntry {
  seq: number;
  at: number;
  action: string;
  subject: string;
  details: { [key: string]: JsonValue };
  prevHash: Uint8Array;
  /** sha256 for an entry written before the chain was keyed, its HMAC-SHA256 after. */
  hash: Uint8Array;
}
export type AuditVerification = { ok: true; entries: number } | { ok: false; entries: number; firstBad: number; reason: string };

/** The prevHash of the first entry. */
export const ZERO_HASH = new Uint8Array(32);

/** Tables every row of which was written together with an audit entry (the store's write rule). */
const WRITTEN_TABLES = [
  'keys',
  'accounts',
  'transactions',
  'address_book',
  'settings',
  'tokens',
  'chain_snapshots',
  'key_proofs',
  'contracts',
  'pinned_exporters',
];

/** The action of the entry that starts the keyed chain. */
export const AUDIT_KEYED_ACTION = 'audit.keyed';

/** The rule before docs/decisions.md §16: sha256 over an entry's fields as stored and the previous hash. */
export function auditHash(seq: number, at: number, action: string, subject: string, details: string, prevHash: Uint8Array): Uint8Array {
  return sha256(utf8ToBytes(JSON.stringify([seq, at, action, subject, details, bytesToHex(prevHash)])));
}

/** What the keyed rule MACs: the previous MAC and the entry's fields, domain-separated. */
function macInput(seq: number, at: number, action: string, subject: string, details: string, prevHash: Uint8Array): Uint8Array {
  return utf8ToBytes(JSON.stringify(['airlock.audit.entry', bytesToHex(prevHash), seq, at, action, subject, details]));
}

/** The keyed rule: HMAC-SHA256, computed by the vault, over `macInput`. */
function auditMac(seal: AuditSeal, seq: number, at: number, action: string, subject: string, details: string, prevHash: Uint8Array): Uint8Array {
  return seal.mac([macInput(seq, at, action, subject, details, prevHash)])[0]!;
}

/** The anchor: the count and head of the log, MACed so that it cannot be written without the key. */
interface Anchor {
  count: number;
  head: Uint8Array;
}
const ANCHOR_FORMAT = 'airlock.audit-anchor';

function anchorMac(seal: AuditSeal, a: Anchor): string {
  return bytesToHex(seal.mac([utf8ToBytes(JSON.stringify([ANCHOR_FORMAT, a.count, bytesToHex(a.head)]))])[0]!);
}

function encodeAnchor(seal: AuditSeal, a: Anchor): Uint8Array {
  return utf8ToBytes(JSON.stringify({ format: ANCHOR_FORMAT, version: 1, count: a.count, head: bytesToHex(a.head), mac: anchorMac(seal, a) }));
}

/** The anchor the vault holds: null when there is none, 'forged' when its MAC does not match. */
function readAnchor(seal: AuditSeal): Anchor | null | 'forged' {
  const bytes = seal.readAnchor();
  if (bytes === null) return null;
  try {
    const j = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as Record<string, unknown>;
    const { count, head, mac } = j;
    if (j.format !== ANCHOR_FORMAT || j.version !== 1 || !Number.isSafeInteger(count) || (count as number) < 0) return 'forged';
    if (typeof head !== 'string' || !/^[0-9a-f]{64}$/.test(head) || typeof mac !== 'string') return 'forged';
    const a = { count: count as number, head: hexToBytes(head) };
    return anchorMac(seal, a) === mac ? a : 'forged';
  } catch {
    return 'forged';
  }
}

interface AuditRow {
  seq: number;
  at: number;
  action: string;
  subject: string;
  details: string;
  prev_hash: Uint8Array;
  hash: Uint8Array;
  keyed: number;
}

const auditFromRow = (r: AuditRow): AuditEntry => ({
  seq: r.seq,
  at: r.at,
  action: r.action,
  subject: r.subject,
  details: JSON.parse(r.details) as { [key: string]: JsonValue },
  prevHash: u8(r.prev_hash),
  hash: u8(r.hash),
});

type Walk = { ok: true; entries: number; keyed: boolean } | { ok: false; entries: number; firstBad: number; reason: string };

/**
 * Walks the chain inside the database: numbering 1, 2, 3…, each prevHash equal to the hash before
 * (zeros for the first), unkeyed entries only before the keyed ones, the first keyed entry an
 * `audit.keyed`, and each hash recomputed by its rule. `seal` null walks the unkeyed rule only.
 */
function walk(rows: Iterable<AuditRow>, seal: AuditSeal | null): Walk {
  let expectedSeq = 1;
  let prev: Uint8Array = ZERO_HASH;
  let keyed = false;
  // Rows are checked in chunks whose keyed entries are MACed in one call (one read of the key).
  // Comparing each link with the previous row's stored hash is the same as with its recomputed
  // one: the walk stops at the first row whose stored hash is wrong.
  const check = (chunk: AuditRow[]): Walk | null => {
    const keyedRows = chunk.filter((r) => r.keyed === 1);
    const macs =
      seal === null || keyedRows.length === 0 ? [] : seal.mac(keyedRows.map((r) => macInput(r.seq, r.at, r.action, r.subject, r.details, u8(r.prev_hash))));
    let k = 0;
    for (const r of chunk) {
      const bad = (reason: string): Walk => ({ ok: false, entries: expectedSeq - 1, firstBad: r.seq, reason });
      if (r.seq !== expectedSeq) return bad(`entry ${r.seq} follows entry ${expectedSeq - 1}: entries are missing`);
      if (!equalBytes(u8(r.prev_hash), prev)) return bad(`entry ${r.seq} does not carry the hash of the entry before it`);
      if (r.keyed === 1 && !keyed) {
        // A station keyed from its first write needs no marker; after old entries one says so.
        if (r.seq !== 1 && r.action !== AUDIT_KEYED_ACTION) return bad(`entry ${r.seq} is the first keyed entry but does not start the keyed chain`);
        keyed = true;
      } else if (r.keyed !== 1 && keyed) {
        return bad(`entry ${r.seq} is not keyed, yet the keyed chain began before it`);
      }
      if (keyed && seal === null) return { ok: true, entries: expectedSeq - 1, keyed };
      const hash = keyed ? macs[k++]! : auditHash(r.seq, r.at, r.action, r.subject, r.details, u8(r.prev_hash));
      if (!equalBytes(hash, u8(r.hash))) {
        return bad(`entry ${r.seq} was changed after it was written (its ${keyed ? "MAC under the station's audit key" : 'hash'} does not match)`);
      }
      prev = hash;
      expectedSeq++;
    }
    return null;
  };
  let chunk: AuditRow[] = [];
  for (const r of rows) {
    chunk.push(r);
    if (chunk.length === AUDIT_WALK_CHUNK) {
      const out = check(chunk);
      if (out !== null) return out;
      chunk = [];
    }
  }
  return check(chunk) ?? { ok: true, entries: expectedSeq - 1, keyed };
}

/** The append, keying and anchoring store.ts builds once per connection. */
export interface AuditChain {
  /** Appends one entry chained to the last; the caller is inside a write transaction. */
  append(at: number, action: string, subject: string, detailsText: string): AuditEntry;
  /** Called after the outermost transaction committed: moves the anchor to the log's head. */
  anchor(): void;
  verify(): AuditVerification;
}

export function auditChain(db: Database.Database, seal: () => AuditSeal, atomic: <T>(fn: () => T) => T, now: () => number): AuditChain {
  const stmts = {
    last: db.prepare<[], { seq: number; hash: Uint8Array }>('SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1'),
    at: db.prepare<[number], { hash: Uint8Array }>('SELECT hash FROM audit WHERE seq = ?'),
    anyKeyed: db.prepare<[], { seq: number }>('SELECT seq FROM audit WHERE keyed = 1 LIMIT 1'),
    // Rows only an audited write makes (docs/decisions.md §24): their presence means a log was written, and so anchored.
    written: db.prepare<[], { n: number }>(`SELECT ${WRITTEN_TABLES.map((t) => `(SELECT count(*) FROM ${t})`).join(' + ')} AS n`),
    all: db.prepare<[], AuditRow>('SELECT * FROM audit ORDER BY seq'),
    insert: db.prepare('INSERT INTO audit (seq, at, action, subject, details, prev_hash, hash, keyed) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
  };
  // Once this connection has seen the keyed chain it stays keyed; saves a query per append.
  let keyedSeen = false;

  const head = (): Anchor => {
    const last = stmts.last.get();
    return last === undefined ? { count: 0, head: ZERO_HASH } : { count: last.seq, head: u8(last.hash) };
  };

  const insert = (s: AuditSeal, at: number, action: string, subject: string, detailsText: string): AuditEntry => {
    const { count, head: prevHash } = head();
    const seq = count + 1;
    const hash = auditMac(s, seq, at, action, subject, detailsText, prevHash);
    stmts.insert.run(seq, at, action, subject, detailsText, prevHash, hash, 1);
    return { seq, at, action, subject, details: JSON.parse(detailsText) as AuditEntry['details'], prevHash, hash };
  };

  /**
   * Keys the chain of a station whose vault holds no audit key yet: verifies the entries before
   * it once by the sha256 rule, anchors them, and writes `audit.keyed` saying what was found.
   */
  const keyChain = (s: AuditSeal, at: number): void => {
    const old = walk(stmts.all.iterate(), null);
    const start = head();
    s.writeAnchor(encodeAnchor(s, start));
    if (start.count === 0) return;
    const found = old.ok ? { legacy: 'intact' } : { legacy: 'altered', firstBad: old.firstBad, reason: old.reason };
    insert(s, at, AUDIT_KEYED_ACTION, '', JSON.stringify({ entries: start.count, ...found }));
  };

  const isKeyed = (): boolean => (keyedSeen ||= stmts.anyKeyed.get() !== undefined);

  const moveAnchor = (): void => {
    const s = seal();
    // Under the write lock: no other connection appends or anchors meanwhile, so the anchor
    // only moves forward, and only over a log that still holds the entry it named.
    db.transaction(() => {
      // A missing or forged anchor stays as it is: rewriting it would hide what verify must report.
      const was = readAnchor(s);
      if (was === null || was === 'forged') return;
      const cur = head();
      const then = stmts.at.get(was.count);
      if (was.count > 0 && (then === undefined || !equalBytes(u8(then.hash), was.head))) return;
      s.writeAnchor(encodeAnchor(s, cur));
    }).immediate();
  };

  return {
    append(at, action, subject, detailsText) {
      const s = seal();
      if (!isKeyed() && !s.keyed()) keyChain(s, at);
      return insert(s, at, action, subject, detailsText);
    },

    anchor: moveAnchor,

    verify() {
      const s = seal();
      // A station upgraded to docs/decisions.md §16 that has not written since: key it now, then verify.
      if (!isKeyed() && !s.keyed() && stmts.last.get() !== undefined) {
        atomic(() => keyChain(s, now()));
        moveAnchor();
      }
      const inside = walk(stmts.all.iterate(), s);
      if (!inside.ok) return inside;
      const n = inside.entries;
      const anchor = readAnchor(s);
      const fail = (firstBad: number, reason: string): AuditVerification => ({ ok: false, entries: n, firstBad, reason });
      if (anchor === 'forged') return fail(1, "the anchor kept outside the database does not carry the station's MAC: it was forged or damaged");
      if (anchor === null) {
        // docs/decisions.md §24: an empty log with neither key nor anchor verifies only on a station that never wrote;
        // one holding rows that only audited writes make had a log, anchored, and all three were removed.
        const rows = n === 0 && !s.keyed() ? stmts.written.get()!.n : 0;
        if (rows > 0)
          return fail(
            1,
            `the audit key and anchor kept outside the database are missing and the log is empty, yet the station holds ${rows} row(s) that only logged writes make: the log, its key and its anchor were removed`,
          );
        if (n === 0 && !s.keyed()) return { ok: true, entries: 0 };
        return fail(
          1,
          `the anchor kept outside the database is missing, yet ${n === 0 ? 'the station has written entries before (its audit key exists)' : `the log holds ${n} entries`}`,
        );
      }
      if (n === 0 && anchor.count > 0) return fail(1, `the log is empty, but the anchor says it held ${anchor.count} entries: it was emptied`);
      if (n < anchor.count)
        return fail(n + 1, `the log ends at entry ${n}, but the anchor says ${anchor.count}: entries ${n + 1} to ${anchor.count} were removed from the end`);
      if (anchor.count > 0) {
        const then = stmts.at.get(anchor.count);
        if (then === undefined || !equalBytes(u8(then.hash), anchor.head)) {
          return fail(anchor.count, `entry ${anchor.count} is not the one the anchor names as the head: the log was rewritten from there`);
        }
      }
      // One entry beyond the anchor is a write whose anchoring a crash cut off (see the top).
      if (n > anchor.count + 1)
        return fail(
          anchor.count + 2,
          `entries ${anchor.count + 1} to ${n} are beyond the anchor (it says ${anchor.count}): they were added without the station`,
        );
      if (!inside.keyed && n > 0) return fail(1, 'the log was never keyed, yet the station holds an anchor for it');
      return { ok: true, entries: n };
    },
  };
}

export type AuditTable = ReturnType<typeof auditTable>;

export function auditTable({ db, atomic, now, audit, verifyAudit }: StoreContext) {
  const stmts = {
    listAudit: db.prepare<[number, number], AuditRow>('SELECT * FROM audit WHERE seq > ? ORDER BY seq LIMIT ?'),
  };

  return {
    /** Appends an entry chained to the one before. Never put secret text in `details`. */
    appendAudit(input: AuditInput): AuditEntry {
      const fn = 'store.appendAudit';
      const v = checkRecord(input, fn, 'input', ['action', 'subject', 'details']);
      const action = checkAction(v.action, fn, 'action');
      const subject = v.subject === undefined ? '' : checkText(v.subject, fn, 'subject', MAX_LABEL_LENGTH);
      const details = v.details === undefined ? '{}' : checkJsonObject(v.details, fn, 'details');
      return atomic(() => audit(now(), action, subject, details));
    },

    /** Entries after `afterSeq` (default: from the first), oldest first. */
    listAudit(options: { afterSeq?: number; limit?: number } = {}): AuditEntry[] {
      const fn = 'store.listAudit';
      const o = checkRecord(options, fn, 'options', ['afterSeq', 'limit']);
      const after = o.afterSeq === undefined ? 0 : checkNonNegative(o.afterSeq, fn, 'afterSeq');
      const limit = o.limit === undefined ? MAX_STORE_LIST_LIMIT : checkListBounds(o.limit, fn, 'limit');
      return stmts.listAudit.all(after, limit).map(auditFromRow);
    },

    /**
     * Walks the whole chain (numbering, each entry carrying the hash before, each hash or MAC
     * recomputed), then checks the count and head against the anchor the vault keeps: names the
     * first entry edited, forged or removed, a cut tail, an emptied log or a missing anchor.
     */
    verifyAudit(): AuditVerification {
      return verifyAudit();
    },
  };
}
