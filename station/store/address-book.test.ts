// The store's address book (docs/decisions.md §7, "Store"): labels set, replaced and forgotten; an empty label refused.
import { describe, expect, it } from 'vitest';
import { randomAddress, T0 } from '../../test/helpers/store-helpers.ts';
import { useTestStore } from '../../test/helpers/store-fixture.ts';

const { clock, store, refused } = useTestStore();

describe('store: address book', () => {
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
});
