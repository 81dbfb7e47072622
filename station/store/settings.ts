/**
 * The store's `settings` table (docs/decisions.md §7, "Store"): the station's preferences (node URL, default
 * expiry…) as key → plain JSON.
 *
 * Invariants: a value is plain JSON that reads back equal to what was stored (no bigint, no
 * integer beyond 2^53, no bytes or class instances: row-checks.ts checkJson); a key is just data,
 * so `__proto__` is an ordinary key and listing returns pairs, never an object a key could
 * pollute; every write is one transaction with its audit entry (which names the key only).
 */
import { checkJson, checkText, type JsonValue } from './row-checks.ts';
import type { StoreContext } from './table.ts';
import { MAX_SETTING_KEY_LENGTH } from '../../shared/base/limits.ts';

export type SettingTable = ReturnType<typeof settingTable>;

export function settingTable({ db, atomic, now, audit }: StoreContext) {
  const stmts = {
    getSetting: db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?'),
    setSetting: db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
    listSettings: db.prepare<[], { key: string; value: string }>('SELECT key, value FROM settings ORDER BY key'),
  };

  return {
    getSetting(key: string): JsonValue | undefined {
      const k = checkText(key, 'store.getSetting', 'key', MAX_SETTING_KEY_LENGTH, false);
      const row = stmts.getSetting.get(k);
      return row && (JSON.parse(row.value) as JsonValue);
    },

    /** Stores plain JSON: no bigint, no integer beyond 2^53, no bytes or class instances. */
    setSetting(key: string, value: JsonValue): void {
      const fn = 'store.setSetting';
      const k = checkText(key, fn, 'key', MAX_SETTING_KEY_LENGTH, false);
      const text = checkJson(value, fn, 'value');
      atomic(() => {
        stmts.setSetting.run(k, text);
        audit(now(), 'setting.set', k, '{}');
      });
    },

    /** Every setting as `{key, value}` pairs (an array, so a key such as `__proto__` is just data). */
    listSettings(): { key: string; value: JsonValue }[] {
      return stmts.listSettings.all().map((r) => ({ key: r.key, value: JSON.parse(r.value) as JsonValue }));
    },
  };
}
