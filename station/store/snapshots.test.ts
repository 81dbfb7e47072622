// The store's chain snapshots (docs/decisions.md §7, "Store"): the latest is the highest block whatever the
// order of import, and importing a block again is the same record with no new write.
import { describe, expect, it } from 'vitest';
import { T0 } from '../../test/helpers/store-helpers.ts';
import { useTestStore } from '../../test/helpers/store-fixture.ts';

const { clock, store, refused } = useTestStore();

describe('store: chain snapshots', () => {
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

  it('lists the blocks highest first and removes one by id with its audit entry; an unknown id changes nothing', () => {
    const high = store.putChainSnapshot({
      blockNumber: 900,
      blockId: new Uint8Array(32).fill(9),
      blockTimestamp: T0,
      source: { kind: 'file', file: 'forged.json' },
    });
    const low = store.putChainSnapshot({
      blockNumber: 100,
      blockId: new Uint8Array(32).fill(1),
      blockTimestamp: T0,
      source: { kind: 'file', file: 'real.json' },
    });
    expect(store.listChainSnapshots().map((r) => r.blockNumber)).toEqual([900, 100]);
    expect(store.removeChainSnapshot(high.id)).toEqual(high);
    expect(store.listChainSnapshots()).toEqual([low]);
    expect(store.latestChainSnapshot()).toEqual(low);
    const removals = store.listAudit().filter((e) => e.action === 'chain.snapshot.remove');
    expect(removals).toHaveLength(1);
    expect(removals[0]!.details).toMatchObject({ id: high.id, blockNumber: 900 });
    const before = store.listAudit().length;
    expect(store.removeChainSnapshot(high.id)).toBeUndefined();
    expect(store.listAudit()).toHaveLength(before);
    refused(() => store.removeChainSnapshot(-1), 'INVALID_INPUT', 'id');
  });
});
