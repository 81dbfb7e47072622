/**
 * The store's `address_book` table (docs/decisions.md §7, "Store"): labels people give to addresses, shown
 * beside an address wherever the station prints one.
 *
 * Invariants: one label per address (setting again replaces it), a label is never empty and is
 * stored verbatim, and every write is one transaction with its audit entry (which names the
 * address, never the label text).
 */
import { bytesToHex } from '../../shared/base/bytes.ts';
import { checkAddressField, checkText } from './row-checks.ts';
import { u8, type StoreContext } from './table.ts';
import { MAX_LABEL_LENGTH } from '../../shared/base/limits.ts';

export interface LabelRecord {
  address: Uint8Array;
  label: string;
  updatedAt: number;
}

interface LabelRow {
  address: Uint8Array;
  label: string;
  updated_at: number;
}

function labelFromRow(r: LabelRow): LabelRecord {
  return { address: u8(r.address), label: r.label, updatedAt: r.updated_at };
}

export type AddressBookTable = ReturnType<typeof addressBookTable>;

export function addressBookTable({ db, atomic, now, audit }: StoreContext) {
  const stmts = {
    setLabel: db.prepare(
      `INSERT INTO address_book (address, label, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (address) DO UPDATE SET label = excluded.label, updated_at = excluded.updated_at`,
    ),
    getLabel: db.prepare<[Uint8Array], LabelRow>('SELECT * FROM address_book WHERE address = ?'),
    listLabels: db.prepare<[], LabelRow>('SELECT * FROM address_book ORDER BY label, address'),
    deleteLabel: db.prepare('DELETE FROM address_book WHERE address = ?'),
  };

  return {
    setLabel(address: Uint8Array, label: string): LabelRecord {
      const fn = 'store.setLabel';
      const a = checkAddressField(address, fn, 'address');
      const l = checkText(label, fn, 'label', MAX_LABEL_LENGTH, false);
      return atomic(() => {
        const at = now();
        stmts.setLabel.run(a, l, at);
        audit(at, 'label.set', bytesToHex(a), '{}');
        return { address: a, label: l, updatedAt: at };
      });
    },

    getLabel(address: Uint8Array): LabelRecord | undefined {
      const row = stmts.getLabel.get(checkAddressField(address, 'store.getLabel', 'address'));
      return row && labelFromRow(row);
    },

    listLabels(): LabelRecord[] {
      return stmts.listLabels.all().map(labelFromRow);
    },

    /** Returns whether there was a label to delete. */
    deleteLabel(address: Uint8Array): boolean {
      const a = checkAddressField(address, 'store.deleteLabel', 'address');
      return atomic(() => {
        if (stmts.deleteLabel.run(a).changes === 0) return false;
        audit(now(), 'label.delete', bytesToHex(a), '{}');
        return true;
      });
    },
  };
}
