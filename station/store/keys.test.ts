// The store's keys table (issue 7, "Store"): metadata only, one row per address, each write
// audited, refusals naming the field with nothing written, and no column that could hold a secret.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { randomAddress, T0 } from '../../test/helpers/store-helpers.ts';
import { useTestStore } from '../../test/helpers/store-fixture.ts';

const { clock, store, refused } = useTestStore();

describe('store: keys (metadata only)', () => {
  it('adds, lists, labels and deletes, each with an audit entry', () => {
    const a = randomAddress();
    const rec = store.addKey({ address: a, label: 'ops', vault: 'keystore' });
    expect(rec).toEqual({ address: a, label: 'ops', vault: 'keystore', createdAt: T0 });
    expect(store.getKey(a)).toEqual(rec);
    clock.advance(5);
    expect(store.labelKey(a, 'ops 2').label).toBe('ops 2');
    store.deleteKey(a);
    expect(store.listKeys()).toEqual([]);
    expect(store.listAudit().map((e) => e.action)).toEqual(['key.add', 'key.label', 'key.delete']);
  });

  it('refuses a second key for the same address, an unknown vault and a short address', () => {
    const a = randomAddress();
    store.addKey({ address: a, vault: 'keychain' });
    refused(() => store.addKey({ address: a, vault: 'keychain' }), 'CONFLICT', 'address');
    refused(() => store.addKey({ address: randomAddress(), vault: 'plaintext' as never }), 'INVALID_INPUT', 'vault');
    refused(() => store.addKey({ address: a.subarray(1), vault: 'keychain' }), 'BAD_ADDRESS', 'address');
    refused(() => store.addKey({ address: randomAddress(), vault: 'keychain', secret: 'x' } as never), 'INVALID_INPUT', 'input');
    refused(() => store.addKey(JSON.parse('{"__proto__": {"vault": "keychain"}, "vault": "keychain"}') as never), 'INVALID_INPUT', 'input');
  });

  it('says NOT_FOUND for labelling or deleting an unknown key', () => {
    refused(() => store.labelKey(randomAddress(), 'x'), 'NOT_FOUND', 'address');
    refused(() => store.deleteKey(randomAddress()), 'NOT_FOUND', 'address');
  });

  it('has no column that could hold a secret', () => {
    const db = new Database(store.file, { readonly: true });
    try {
      const columns = (db.pragma('table_info(keys)') as { name: string }[]).map((c) => c.name);
      expect(columns).toEqual(['address', 'label', 'vault', 'created_at']);
    } finally {
      db.close();
    }
  });
});
