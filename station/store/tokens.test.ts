// The store's tokens table (docs/decisions.md §7, "Store"): metadata round trip with int64 amounts as
// decimal text; ids and amounts that are not exact int64 decimal text refused.
import { describe, expect, it } from 'vitest';
import { randomAddress, T0 } from '../../test/helpers/store-helpers.ts';
import { useTestStore } from '../../test/helpers/store-fixture.ts';

const { store, refused } = useTestStore();

describe('store: tokens', () => {
  it('keeps token metadata with int64 amounts as decimal text', () => {
    const owner = randomAddress();
    const token = {
      id: '1000001',
      name: 'Gold',
      abbreviation: 'GLD',
      precision: 6,
      owner,
      totalSupply: '9223372036854775807',
      description: 'd',
      url: 'https://gold.invalid',
      source: { kind: 'node' as const, url: 'http://127.0.0.1:1' },
    };
    expect(store.putToken(token)).toEqual({ ...token, storedAt: T0 });
    expect(store.getToken('1000001')).toEqual({ ...token, storedAt: T0 });
    expect(store.getToken('1000002')).toBeUndefined();
    refused(() => store.putToken({ ...token, totalSupply: '9223372036854775808' }), 'INVALID_INPUT', 'totalSupply');
    refused(() => store.putToken({ ...token, totalSupply: 5n as never }), 'INVALID_INPUT', 'totalSupply');
    refused(() => store.putToken({ ...token, precision: 7 }), 'INVALID_INPUT', 'precision');
    refused(() => store.putToken({ ...token, id: '01' }), 'INVALID_INPUT', 'id');
  });

  it('looks a token up only by an id a token can have: the same check as putToken, int64 bound included', () => {
    expect(store.getToken('9223372036854775807')).toBeUndefined();
    refused(() => store.getToken('9223372036854775808'), 'INVALID_INPUT', 'id');
    refused(() => store.getToken('01'), 'INVALID_INPUT', 'id');
  });
});
