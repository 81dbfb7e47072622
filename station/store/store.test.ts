// The station store's opening and `atomic` (docs/decisions.md §7, "Store"): a data directory gets
// station.sqlite at the latest schema with the crash-safe settings, owner-only; a bad location or
// file is a coded error naming it; an atomic block that throws leaves nothing behind. The tables'
// own tests are beside their modules (keys.test.ts, transactions.test.ts, …). Real SQLite files throughout.
import { statSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { SCHEMA_VERSION } from './migrations.ts';
import { openStore, STORE_FILE_NAME, type Store } from './store.ts';
import { newTransaction, randomAddress, sealIn } from '../../test/helpers/store-helpers.ts';
import { contents, openTestStore } from '../../test/helpers/store-fixture.ts';

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

describe('store: opening a data directory', () => {
  it('creates station.sqlite at the latest schema, in WAL with synchronous=FULL and foreign keys on', () => {
    expect(store.file.endsWith(STORE_FILE_NAME)).toBe(true);
    expect(store.schemaVersion()).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(2);
    expect(store.connectionSettings()).toEqual({ journalMode: 'wal', synchronous: 'full', foreignKeys: true });
    expect(store.integrityCheck()).toEqual(['ok']);
  });

  it('keeps the file owner-only and the directory private', () => {
    const nested = `${tmp.dir}/a/b`;
    const s = openStore({ dataDir: nested }, { seal: sealIn(nested) });
    try {
      expect(statSync(s.file).mode & 0o777).toBe(0o600);
      expect(statSync(nested).mode & 0o777).toBe(0o700);
    } finally {
      s.close();
    }
  });

  it('reopens with everything kept; {file} opens the same database', () => {
    const key = randomAddress();
    store.addKey({ address: key, label: 'k', vault: 'keychain' });
    store.close();
    store = openStore({ file: `${tmp.dir}/${STORE_FILE_NAME}` }, { clock: clock.now, seal: sealIn(tmp.dir) });
    expect(store.listKeys().map((k) => bytesToHex(k.address))).toEqual([bytesToHex(key)]);
  });

  it('refuses a location naming both or neither of dataDir and file', () => {
    expect(() => openStore({ dataDir: tmp.dir, file: 'x' } as never, { seal: sealIn(tmp.dir) })).toThrow(/exactly one/);
    expect(() => openStore({} as never, { seal: sealIn(tmp.dir) })).toThrow(/exactly one/);
  });

  it('says which file it cannot open, as a coded error: a data directory that is a file, a file that is no database', () => {
    writeFileSync(`${tmp.dir}/plain`, 'not a directory');
    expect(() => openStore({ dataDir: `${tmp.dir}/plain` }, { seal: sealIn(tmp.dir) })).toThrow(
      expect.objectContaining({ code: 'INTERNAL', message: expect.stringContaining('plain') }),
    );
    writeFileSync(`${tmp.dir}/junk.sqlite`, 'x'.repeat(4096));
    expect(() => openStore({ file: `${tmp.dir}/junk.sqlite` }, { seal: sealIn(tmp.dir) })).toThrow(
      expect.objectContaining({ code: 'INTERNAL', message: expect.stringMatching(/not a database/) }),
    );
  });
});

describe('store: atomic', () => {
  it('rolls back every write of an atomic block that throws, audit entries included', () => {
    const before = contents(store);
    expect(() =>
      store.atomic(() => {
        store.addKey({ address: randomAddress(), vault: 'keychain' });
        store.insertTransaction(newTransaction());
        throw new Error('stop');
      }),
    ).toThrow('stop');
    expect(contents(store)).toEqual(before);
  });
});
