/**
 * The store's `audit` table read and written from outside (issue 7, "Store"): entries services
 * append themselves, listing, and the walk that verifies the sha256 chain. The append every write
 * shares lives in store.ts; this module holds the hash both use.
 *
 * Invariants: entry n carries the hash of entry n-1 (zeros for the first) and its own hash over
 * its stored fields, so `verifyAudit` names the first entry that was edited, removed or forged;
 * details are plain JSON and never carry secret text.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, equalBytes, utf8ToBytes } from '../../shared/base/bytes.ts';
import { checkAction, checkJsonObject, checkListBounds, checkNonNegative, checkRecord, checkText, MAX_LABEL_LENGTH, MAX_LIST_LIMIT, type JsonValue } from './row-checks.ts';
import { u8, type StoreContext } from './table.ts';

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
  hash: Uint8Array;
}
export type AuditVerification =
  | { ok: true; entries: number }
  | { ok: false; entries: number; firstBad: number; reason: string };

/** The prevHash of the first entry. */
export const ZERO_HASH = new Uint8Array(32);

/** The hash an audit entry carries: sha256 over its fields as stored and the previous hash. */
export function auditHash(seq: number, at: number, action: string, subject: string, details: string, prevHash: Uint8Array): Uint8Array {
  return sha256(utf8ToBytes(JSON.stringify([seq, at, action, subject, details, bytesToHex(prevHash)])));
}

interface AuditRow { seq: number; at: number; action: string; subject: string; details: string; prev_hash: Uint8Array; hash: Uint8Array }

const auditFromRow = (r: AuditRow): AuditEntry => ({
  seq: r.seq,
  at: r.at,
  action: r.action,
  subject: r.subject,
  details: JSON.parse(r.details) as { [key: string]: JsonValue },
  prevHash: u8(r.prev_hash),
  hash: u8(r.hash),
});

export type AuditTable = ReturnType<typeof auditTable>;

export function auditTable({ db, atomic, now, audit }: StoreContext) {
  const stmts = {
    listAudit: db.prepare<[number, number], AuditRow>('SELECT * FROM audit WHERE seq > ? ORDER BY seq LIMIT ?'),
    allAudit: db.prepare<[], AuditRow>('SELECT * FROM audit ORDER BY seq'),
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
      const limit = o.limit === undefined ? MAX_LIST_LIMIT : checkListBounds(o.limit, fn, 'limit');
      return stmts.listAudit.all(after, limit).map(auditFromRow);
    },

    /**
     * Walks the whole chain: numbering 1, 2, 3…, each prevHash equal to the hash before (zeros for
     * the first), each hash recomputed from the stored fields. Names the first entry that fails.
     * (Removing entries from the end cannot be seen from inside the chain; keep the last hash
     * elsewhere to catch that.)
     */
    verifyAudit(): AuditVerification {
      let expectedSeq = 1;
      let prev: Uint8Array = ZERO_HASH;
      for (const r of stmts.allAudit.iterate()) {
        const bad = (reason: string): AuditVerification => ({ ok: false, entries: expectedSeq - 1, firstBad: r.seq, reason });
        if (r.seq !== expectedSeq) return bad(`entry ${r.seq} follows entry ${expectedSeq - 1}: entries are missing`);
        if (!equalBytes(u8(r.prev_hash), prev)) return bad(`entry ${r.seq} does not carry the hash of the entry before it`);
        const hash = auditHash(r.seq, r.at, r.action, r.subject, r.details, u8(r.prev_hash));
        if (!equalBytes(hash, u8(r.hash))) return bad(`entry ${r.seq} was changed after it was written (its hash does not match)`);
        prev = hash;
        expectedSeq++;
      }
      return { ok: true, entries: expectedSeq - 1 };
    },
  };
}
