/**
 * The store's `chain_snapshots` table (docs/decisions.md §7, "Store"): recent blocks (number, id, timestamp)
 * that an offline station builds TaPoS references from, with where each came from.
 *
 * Invariants: a block (number and id) is stored once; importing it again returns the stored
 * record and writes nothing, not even an audit entry. The latest snapshot is the highest block,
 * whatever the order of import. Blocks can be listed and removed one by one (docs/decisions.md §16: a forged
 * block with a high number pinned every offline build and could not be taken out); a removal is one
 * transaction with its audit entry, and removing a block that is not there changes nothing.
 */
import { bytesToHex } from '../../shared/base/bytes.ts';
import { checkBytes, checkNonNegative, checkRecord, checkSource, type Source } from './row-checks.ts';
import { sourceFromText, sourceToText, u8, type StoreContext } from './table.ts';
import { MAX_LIST_LIMIT } from '../../shared/base/limits.ts';

export interface ChainSnapshotInput {
  blockNumber: number;
  /** 32-byte block id. */
  blockId: Uint8Array;
  /** The block's timestamp, ms since the epoch. */
  blockTimestamp: number;
  source: Source;
}
export interface ChainSnapshotRecord extends ChainSnapshotInput {
  id: number;
  importedAt: number;
}

interface SnapshotRow {
  id: number;
  block_number: number;
  block_id: Uint8Array;
  block_timestamp: number;
  source: string;
  imported_at: number;
}

function snapshotFromRow(r: SnapshotRow): ChainSnapshotRecord {
  return {
    id: r.id,
    blockNumber: r.block_number,
    blockId: u8(r.block_id),
    blockTimestamp: r.block_timestamp,
    source: sourceFromText(r.source),
    importedAt: r.imported_at,
  };
}

export type SnapshotTable = ReturnType<typeof snapshotTable>;

export function snapshotTable({ db, atomic, now, audit }: StoreContext) {
  const stmts = {
    findSnapshot: db.prepare<[number, Uint8Array], SnapshotRow>('SELECT * FROM chain_snapshots WHERE block_number = ? AND block_id = ?'),
    insertSnapshot: db.prepare('INSERT INTO chain_snapshots (block_number, block_id, block_timestamp, source, imported_at) VALUES (?, ?, ?, ?, ?)'),
    latestSnapshot: db.prepare<[], SnapshotRow>('SELECT * FROM chain_snapshots ORDER BY block_number DESC, imported_at DESC LIMIT 1'),
    listSnapshots: db.prepare<[number], SnapshotRow>('SELECT * FROM chain_snapshots ORDER BY block_number DESC, imported_at DESC LIMIT ?'),
    getSnapshot: db.prepare<[number], SnapshotRow>('SELECT * FROM chain_snapshots WHERE id = ?'),
    deleteSnapshot: db.prepare('DELETE FROM chain_snapshots WHERE id = ?'),
  };

  return {
    /** Records a recent block for TaPoS. The same block imported again returns the stored record. */
    putChainSnapshot(input: ChainSnapshotInput): ChainSnapshotRecord {
      const fn = 'store.putChainSnapshot';
      const v = checkRecord(input, fn, 'input', ['blockNumber', 'blockId', 'blockTimestamp', 'source']);
      const blockNumber = checkNonNegative(v.blockNumber, fn, 'blockNumber');
      const blockId = checkBytes(v.blockId, fn, 'blockId', 32);
      const blockTimestamp = checkNonNegative(v.blockTimestamp, fn, 'blockTimestamp');
      const source = checkSource(v.source, fn, 'source');
      return atomic(() => {
        const existing = stmts.findSnapshot.get(blockNumber, blockId);
        if (existing) return snapshotFromRow(existing);
        const at = now();
        const id = Number(stmts.insertSnapshot.run(blockNumber, blockId, blockTimestamp, sourceToText(source), at).lastInsertRowid);
        audit(at, 'chain.snapshot', bytesToHex(blockId), JSON.stringify({ blockNumber, blockTimestamp }));
        return { id, blockNumber, blockId, blockTimestamp, source, importedAt: at };
      });
    },

    /** The stored blocks, highest first (the first is the one offline builds use), at most `limit`. */
    listChainSnapshots(limit = MAX_LIST_LIMIT): ChainSnapshotRecord[] {
      const n = checkNonNegative(limit, 'store.listChainSnapshots', 'limit');
      return stmts.listSnapshots.all(Math.min(n, MAX_LIST_LIMIT)).map(snapshotFromRow);
    },

    /** Removes the stored block `id` with its audit entry; the removed record, or undefined when there is none. */
    removeChainSnapshot(id: number): ChainSnapshotRecord | undefined {
      const n = checkNonNegative(id, 'store.removeChainSnapshot', 'id');
      return atomic(() => {
        const row = stmts.getSnapshot.get(n);
        if (!row) return undefined;
        stmts.deleteSnapshot.run(n);
        const removed = snapshotFromRow(row);
        audit(
          now(),
          'chain.snapshot.remove',
          bytesToHex(removed.blockId),
          JSON.stringify({ id: n, blockNumber: removed.blockNumber, source: sourceToText(removed.source) }),
        );
        return removed;
      });
    },

    /** The snapshot of the highest block known, or undefined. */
    latestChainSnapshot(): ChainSnapshotRecord | undefined {
      const row = stmts.latestSnapshot.get();
      return row && snapshotFromRow(row);
    },
  };
}
