// The store's keys table (docs/decisions.md §7, "Store"): metadata only, one row per address, each write
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
    expect(rec).toEqual({ address: a, label: 'ops', vault: 'keystore', createdAt: T0, device: null });
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

  it('keeps a Ledger key with its path and app version, and no other key with one (issue 23)', () => {
    const a = randomAddress();
    const device = { path: "44'/195'/0'/0/0", appVersion: '0.7.1' };
    expect(store.addKey({ address: a, label: 'ledger', vault: 'ledger', device })).toEqual({
      address: a,
      label: 'ledger',
      vault: 'ledger',
      createdAt: T0,
      device,
    });
    expect(store.getKey(a)?.device).toEqual(device);
    refused(() => store.addKey({ address: randomAddress(), vault: 'ledger' }), 'INVALID_INPUT', 'device');
    refused(() => store.addKey({ address: randomAddress(), vault: 'keychain', device }), 'INVALID_INPUT', 'device');
    refused(() => store.addKey({ address: randomAddress(), vault: 'ledger', device: { path: '', appVersion: '0.7.1' } }), 'INVALID_INPUT', 'device.path');
    expect(store.listKeys()).toHaveLength(1);
    // The table itself refuses a ledger row without its path, and a path on any other row.
    const db = new Database(store.file);
    try {
      expect(() => db.prepare("INSERT INTO keys VALUES (?, '', 'ledger', 0, NULL, NULL)").run(randomAddress())).toThrow(/CHECK/);
      expect(() => db.prepare("INSERT INTO keys VALUES (?, '', 'keychain', 0, 'p', '1')").run(randomAddress())).toThrow(/CHECK/);
    } finally {
      db.close();
    }
  });

  it('says NOT_FOUND for labelling or deleting an unknown key', () => {
    refused(() => store.labelKey(randomAddress(), 'x'), 'NOT_FOUND', 'address');
    refused(() => store.deleteKey(randomAddress()), 'NOT_FOUND', 'address');
  });

  it('has no column that could hold a secret', () => {
    const db = new Database(store.file, { readonly: true });
    try {
      const columns = (db.pragma('table_info(keys)') as { name: string }[]).map((c) => c.name);
      // device_path and device_app (docs/decisions.md §23): where a Ledger key lives, never a secret of it.
      expect(columns).toEqual(['address', 'label', 'vault', 'created_at', 'device_path', 'device_app']);
    } finally {
      db.close();
    }
  });
});
