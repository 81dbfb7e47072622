// The station store's test fixture, shared by the table modules' tests beside station/store/*.ts:
// a store on a fresh data directory with a clock the test controls, a snapshot of everything it
// holds, and `refused`, which expects a coded error naming a field and proves nothing was written.
// `useTestStore()` is the set-up each table's test file shares: a fresh store before every test,
// closed and its directory removed after it.
// Separate from store-helpers.ts because it uses vitest's expect, and the crash child
// (station/store/store-crash-child.ts) runs outside vitest with store-helpers.ts.
import { afterEach, beforeEach, expect } from 'vitest';
import { AirlockError, type ErrorCode } from '../../shared/base/errors.ts';
import { openStore, type Store } from '../../station/store/store.ts';
import { sealIn, tempDir, testClock } from './store-helpers.ts';

/** A store on a fresh data directory, its clock at T0; close the store and remove `tmp` after. */
export function openTestStore(): { tmp: ReturnType<typeof tempDir>; clock: ReturnType<typeof testClock>; store: Store } {
  const tmp = tempDir();
  const clock = testClock();
  return { tmp, clock, store: openStore({ dataDir: tmp.dir }, { clock: clock.now, seal: sealIn(tmp.dir) }) };
}

/** Everything the store holds, to prove a refused call changed nothing. */
export function contents(s: Store): unknown {
  return {
    keys: s.listKeys(),
    accounts: s.listAccounts(),
    tokens: s.listTokens(),
    txs: s.listTransactions(),
    labels: s.listLabels(),
    settings: s.listSettings(),
    audit: s.listAudit(),
    snapshot: s.latestChainSnapshot(),
  };
}

/**
 * `refused(call, code, field)` for the store `current()` returns at call time: runs `call`,
 * expects a coded error naming `field`, and that nothing in the store changed.
 */
export function refusedBy(current: () => Store): (call: () => unknown, code: ErrorCode, field: string) => AirlockError {
  return (call, code, field) => {
    const store = current();
    const before = contents(store);
    let caught: unknown;
    try {
      call();
    } catch (e) {
      caught = e;
    }
    expect(caught, `expected ${code} for ${field}`).toBeInstanceOf(AirlockError);
    const err = caught as AirlockError;
    expect(err.code).toBe(code);
    expect(err.details?.field).toBe(field);
    expect(contents(store)).toEqual(before);
    return err;
  };
}

type TestStore = ReturnType<typeof openTestStore>;

/**
 * Opens a fresh store (openTestStore) before each test of the calling file and closes it and removes
 * its directory after. The answers stand for the current test's store, clock and directory (each
 * property read goes to the one opened for the test running), so a file writes
 * `const { store, clock, tmp, refused } = useTestStore();` once at its top.
 */
export function useTestStore(): { store: Store; clock: TestStore['clock']; tmp: TestStore['tmp']; refused: ReturnType<typeof refusedBy> } {
  let current: TestStore | undefined;
  beforeEach(() => {
    current = openTestStore();
  });
  afterEach(() => {
    current?.store.close();
    current?.tmp.remove();
    current = undefined;
  });
  const now = (): TestStore => current ?? notOpen();
  const live = <T extends object>(pick: (t: TestStore) => T): T =>
    new Proxy({} as T, {
      get(_, key) {
        const target = pick(now());
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return { store: live((t) => t.store), clock: live((t) => t.clock), tmp: live((t) => t.tmp), refused: refusedBy(() => now().store) };
}

function notOpen(): never {
  throw new Error('useTestStore: the store is open only inside a test (beforeEach to afterEach)');
}
