// The store's accounts table (docs/decisions.md §7, "Store"): a snapshot kept with its source and replaced by
// a newer one; bytes that are not the Account of that address, and bad sources, refused.
import { describe, expect, it } from 'vitest';
import { accountBytes, randomAddress, T0 } from '../../test/helpers/store-helpers.ts';
import { useTestStore } from '../../test/helpers/store-fixture.ts';

const { clock, store, refused } = useTestStore();

describe('store: accounts', () => {
  it('keeps an account snapshot with its source, and replaces it with a newer one', () => {
    const a = randomAddress();
    const blockId = new Uint8Array(32).fill(7);
    const first = store.putAccount({
      address: a,
      account: accountBytes(a),
      source: { kind: 'node', url: 'http://127.0.0.1:8090', blockNumber: 12, blockId },
      fetchedAt: T0 - 10,
    });
    expect(store.getAccount(a)).toEqual(first);
    expect(first.source).toEqual({ kind: 'node', url: 'http://127.0.0.1:8090', blockNumber: 12, blockId });
    clock.advance(1000);
    store.putAccount({ address: a, account: accountBytes(a), source: { kind: 'file', file: 'snapshot.json' }, fetchedAt: T0 + 500 });
    expect(store.getAccount(a)).toMatchObject({ source: { kind: 'file', file: 'snapshot.json' }, fetchedAt: T0 + 500, storedAt: T0 + 1000 });
    expect(store.listAccounts()).toHaveLength(1);
  });

  it('refuses account bytes of another address, bytes that are no Account, and a bad source', () => {
    const a = randomAddress();
    const source = { kind: 'file' as const, file: 'f' };
    refused(() => store.putAccount({ address: a, account: accountBytes(randomAddress()), source, fetchedAt: T0 }), 'INVALID_INPUT', 'account');
    refused(() => store.putAccount({ address: a, account: new Uint8Array([0xff, 0xff, 0xff]), source, fetchedAt: T0 }), 'INVALID_INPUT', 'account');
    refused(
      () => store.putAccount({ address: a, account: accountBytes(a), source: { kind: 'node', url: 'file:///etc/passwd' }, fetchedAt: T0 }),
      'INVALID_INPUT',
      'source.url',
    );
    refused(() => store.putAccount({ address: a, account: accountBytes(a), source: { kind: 'usb' } as never, fetchedAt: T0 }), 'INVALID_INPUT', 'source.kind');
    refused(() => store.putAccount({ address: a, account: accountBytes(a), source, fetchedAt: -1 }), 'INVALID_INPUT', 'fetchedAt');
  });
});
