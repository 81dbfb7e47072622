/**
 * The store's `pinned_exporters` table (docs/decisions.md §16, "Trusted exporters for offline stations"; migration
 * 7): the station identities whose signed snapshot and handoff files this station treats as
 * observed (shared/files/exporter-signature.ts), each with the label a person gave it and when.
 *
 * Invariants: one row per fingerprint (pinning again keeps the first row and fills in a public key
 * it lacked, never changes one it has); a label is 1 to 64 characters; every write is one
 * transaction with its audit entry, which names the fingerprint and never the label text.
 */
import { bytesToHex } from '../../shared/base/bytes.ts';
import { MAX_BOOK_LABEL_LENGTH } from '../../shared/base/limits.ts';
import { bad, checkBytes, checkText } from './row-checks.ts';
import { u8, type StoreContext } from './table.ts';

export interface PinnedExporterRecord {
  /** 20 lowercase hex digits. */
  fingerprint: string;
  /** The compressed public key (33 bytes), when known. */
  publicKey: Uint8Array | null;
  label: string;
  pinnedAt: number;
}

interface PinnedRow {
  fingerprint: string;
  public_key: Uint8Array | null;
  label: string;
  pinned_at: number;
}

function pinnedFromRow(r: PinnedRow): PinnedExporterRecord {
  return { fingerprint: r.fingerprint, publicKey: r.public_key === null ? null : u8(r.public_key), label: r.label, pinnedAt: r.pinned_at };
}

function checkFingerprint(value: unknown, fn: string): string {
  if (typeof value !== 'string' || !/^[0-9a-f]{20}$/.test(value)) bad(fn, 'fingerprint', 'must be 20 lowercase hex digits');
  return value;
}

export type ExporterTable = ReturnType<typeof exporterTable>;

export function exporterTable({ db, atomic, now, audit }: StoreContext) {
  const stmts = {
    insert: db.prepare('INSERT INTO pinned_exporters (fingerprint, public_key, label, pinned_at) VALUES (?, ?, ?, ?)'),
    fillKey: db.prepare('UPDATE pinned_exporters SET public_key = ? WHERE fingerprint = ? AND public_key IS NULL'),
    get: db.prepare<[string], PinnedRow>('SELECT * FROM pinned_exporters WHERE fingerprint = ?'),
    list: db.prepare<[], PinnedRow>('SELECT * FROM pinned_exporters ORDER BY label, fingerprint'),
    remove: db.prepare('DELETE FROM pinned_exporters WHERE fingerprint = ?'),
  };

  return {
    /** Pins `fingerprint` under `label`; `created: false` (and nothing changed but a missing public key) when it is pinned already. */
    pinExporter(args: { fingerprint: string; publicKey: Uint8Array | null; label: string }): { record: PinnedExporterRecord; created: boolean } {
      const fn = 'store.pinExporter';
      const fingerprint = checkFingerprint(args.fingerprint, fn);
      const publicKey = args.publicKey === null ? null : checkBytes(args.publicKey, fn, 'publicKey', 33);
      const label = checkText(args.label, fn, 'label', MAX_BOOK_LABEL_LENGTH, false);
      return atomic(() => {
        const held = stmts.get.get(fingerprint);
        if (held) {
          if (publicKey !== null && held.public_key === null) {
            stmts.fillKey.run(publicKey, fingerprint);
            audit(now(), 'exporter.key', fingerprint, JSON.stringify({ publicKey: bytesToHex(publicKey) }));
          }
          return { record: pinnedFromRow(stmts.get.get(fingerprint)!), created: false };
        }
        const at = now();
        stmts.insert.run(fingerprint, publicKey, label, at);
        audit(at, 'exporter.pin', fingerprint, JSON.stringify(publicKey === null ? {} : { publicKey: bytesToHex(publicKey) }));
        return { record: { fingerprint, publicKey, label, pinnedAt: at }, created: true };
      });
    },

    getPinnedExporter(fingerprint: string): PinnedExporterRecord | undefined {
      const row = stmts.get.get(checkFingerprint(fingerprint, 'store.getPinnedExporter'));
      return row && pinnedFromRow(row);
    },

    listPinnedExporters(): PinnedExporterRecord[] {
      return stmts.list.all().map(pinnedFromRow);
    },

    /** Returns whether there was a pin to remove. */
    unpinExporter(fingerprint: string): boolean {
      const f = checkFingerprint(fingerprint, 'store.unpinExporter');
      return atomic(() => {
        if (stmts.remove.run(f).changes === 0) return false;
        audit(now(), 'exporter.unpin', f, '{}');
        return true;
      });
    },
  };
}
