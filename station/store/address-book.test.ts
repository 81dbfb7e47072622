// The store's address book (issue 7, "Store"): labels set, replaced and forgotten; an empty label refused.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Store } from './store.ts';
import { randomAddress, T0 } from '../../test/helpers/store-helpers.ts';
import { openTestStore, refusedBy } from '../../test/helpers/store-fixture.ts';

let tmp: ReturnType<typeof openTestStore>['tmp'];
let clock: ReturnType<typeof openTestStore>['clock'];
let store: Store;
beforeEach(() => {
  ({ tmp, clock, store } = openTestStore());
});
afterEach(() => {
  store.close();
  tmp.remove();
});
const refused = refusedBy(() => store);

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
