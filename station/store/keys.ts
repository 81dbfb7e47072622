/**
 * The store's `keys` table (docs/decisions.md §7, "Store"): which addresses a vault holds a key for, with a
 * label and which vault; a hardware signer's key (docs/decisions.md §23) with its derivation path and app version. Metadata only: no column here can hold a secret (the vault keeps those).
 *
 * Invariants: one row per address (a second add is CONFLICT, never an overwrite); every write is
 * one transaction with its audit entry.
 */
import { bytesToHex } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { checkAddressField, checkOneOf, checkRecord, checkText } from './row-checks.ts';
import { u8, type StoreContext } from './table.ts';
import { MAX_LABEL_LENGTH } from '../../shared/base/limits.ts';

/** Which vault holds a key, as the keys table records it; `ledger`: a hardware signer holds it (docs/decisions.md §23), no secret is stored. */
export type KeyVault = 'keychain' | 'keystore' | 'ledger';
export const VAULTS: readonly KeyVault[] = ['keychain', 'keystore', 'ledger'];

/** Where a hardware key lives: its derivation path and the TRON app version the station saw. */
export interface KeyDevice {
  path: string;
  appVersion: string;
}

export interface KeyInput {
  address: Uint8Array;
  label?: string;
  vault: KeyVault;
  /** Required for `ledger`, refused for any other vault. */
  device?: KeyDevice;
}
export interface KeyRecord {
  address: Uint8Array;
  label: string;
  vault: KeyVault;
  createdAt: number;
  device: KeyDevice | null;
}

interface KeyRow {
  address: Uint8Array;
  label: string;
  vault: KeyVault;
  created_at: number;
  device_path: string | null;
  device_app: string | null;
}

const keyFromRow = (r: KeyRow): KeyRecord => ({
  address: u8(r.address),
  label: r.label,
  vault: r.vault,
  createdAt: r.created_at,
  device: r.device_path !== null && r.device_app !== null ? { path: r.device_path, appVersion: r.device_app } : null,
});

export type KeyTable = ReturnType<typeof keyTable>;

export function keyTable({ db, atomic, now, audit }: StoreContext) {
  const stmts = {
    insertKey: db.prepare('INSERT INTO keys (address, label, vault, created_at, device_path, device_app) VALUES (?, ?, ?, ?, ?, ?)'),
    getKey: db.prepare<[Uint8Array], KeyRow>('SELECT * FROM keys WHERE address = ?'),
    listKeys: db.prepare<[], KeyRow>('SELECT * FROM keys ORDER BY created_at, address'),
    labelKey: db.prepare('UPDATE keys SET label = ? WHERE address = ?'),
    deleteKey: db.prepare('DELETE FROM keys WHERE address = ?'),
  };

  return {
    /** Records that a vault holds the key of `address`. CONFLICT when that address is already known. */
    addKey(input: KeyInput): KeyRecord {
      const fn = 'store.addKey';
      const v = checkRecord(input, fn, 'input', ['address', 'label', 'vault', 'device']);
      const address = checkAddressField(v.address, fn, 'address');
      const label = v.label === undefined ? '' : checkText(v.label, fn, 'label', MAX_LABEL_LENGTH);
      const vault = checkOneOf(v.vault, fn, 'vault', VAULTS);
      if ((vault === 'ledger') !== (v.device !== undefined))
        fail('INVALID_INPUT', `${fn}: a ledger key has a device (path and app version) and no other key has one`, { field: 'device' });
      const d = v.device === undefined ? null : checkRecord(v.device, fn, 'device', ['path', 'appVersion']);
      const path = d === null ? null : checkText(d.path, fn, 'device.path', 120, false);
      const app = d === null ? null : checkText(d.appVersion, fn, 'device.appVersion', 32, false);
      return atomic(() => {
        if (stmts.getKey.get(address)) fail('CONFLICT', `${fn}: a key for this address is already stored`, { field: 'address', address: bytesToHex(address) });
        const at = now();
        stmts.insertKey.run(address, label, vault, at, path, app);
        audit(at, 'key.add', bytesToHex(address), JSON.stringify(path === null ? { vault } : { vault, path, app }));
        return { address, label, vault, createdAt: at, device: path === null || app === null ? null : { path, appVersion: app } };
      });
    },

    getKey(address: Uint8Array): KeyRecord | undefined {
      const row = stmts.getKey.get(checkAddressField(address, 'store.getKey', 'address'));
      return row && keyFromRow(row);
    },

    listKeys(): KeyRecord[] {
      return stmts.listKeys.all().map(keyFromRow);
    },

    labelKey(address: Uint8Array, label: string): KeyRecord {
      const fn = 'store.labelKey';
      const a = checkAddressField(address, fn, 'address');
      const l = checkText(label, fn, 'label', MAX_LABEL_LENGTH);
      return atomic(() => {
        if (stmts.labelKey.run(l, a).changes === 0) fail('NOT_FOUND', `${fn}: no key for this address`, { field: 'address', address: bytesToHex(a) });
        audit(now(), 'key.label', bytesToHex(a), '{}');
        return keyFromRow(stmts.getKey.get(a)!);
      });
    },

    /** Forgets the key's metadata (the vault deletes the secret). NOT_FOUND when unknown. */
    deleteKey(address: Uint8Array): void {
      const fn = 'store.deleteKey';
      const a = checkAddressField(address, fn, 'address');
      atomic(() => {
        if (stmts.deleteKey.run(a).changes === 0) fail('NOT_FOUND', `${fn}: no key for this address`, { field: 'address', address: bytesToHex(a) });
        audit(now(), 'key.delete', bytesToHex(a), '{}');
      });
    },
  };
}
