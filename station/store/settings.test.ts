// The store's settings (docs/decisions.md §7, "Store"): plain JSON that reads back equal, `__proto__` an
// ordinary key, and what JSON cannot carry exactly refused with the path of the bad member.
import { describe, expect, it } from 'vitest';
import { useTestStore } from '../../test/helpers/store-fixture.ts';

const { store, refused } = useTestStore();

describe('store: settings', () => {
  it('stores settings as plain JSON, __proto__ included as an ordinary key', () => {
    store.setSetting('node.url', 'http://127.0.0.1:8090');
    store.setSetting('expiry', { defaultMs: 43_200_000, warn: [1, 2.5, null, true] });
    store.setSetting('__proto__', { polluted: true });
    store.setSetting('nested', JSON.parse('{"__proto__": {"polluted": true}}') as never);
    expect(store.getSetting('expiry')).toEqual({ defaultMs: 43_200_000, warn: [1, 2.5, null, true] });
    expect(store.getSetting('__proto__')).toEqual({ polluted: true });
    const nested = store.getSetting('nested') as Record<string, unknown>;
    expect(Object.keys(nested)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(store.listSettings().map((s) => s.key)).toEqual(['__proto__', 'expiry', 'nested', 'node.url']);
    expect(store.getSetting('absent')).toBeUndefined();
  });

  it('refuses what JSON cannot carry exactly: bigint, unsafe integers, NaN, Date, bytes, deep nesting, undefined', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = [deep];
    refused(() => store.setSetting('a', 5n as never), 'INVALID_INPUT', 'value');
    refused(() => store.setSetting('a', { amount: 2 ** 60 }), 'INVALID_INPUT', 'value.amount');
    refused(() => store.setSetting('a', [Number.NaN]), 'INVALID_INPUT', 'value[0]');
    refused(() => store.setSetting('a', { when: new Date() } as never), 'INVALID_INPUT', 'value.when');
    refused(() => store.setSetting('a', new Uint8Array(2) as never), 'INVALID_INPUT', 'value');
    refused(() => store.setSetting('a', undefined as never), 'INVALID_INPUT', 'value');
    expect(() => store.setSetting('a', deep as never)).toThrow(/nests deeper than 32/);
    refused(() => store.setSetting('', 1), 'INVALID_INPUT', 'key');
    refused(() => store.setSetting('big', 'x'.repeat(70_000)), 'INVALID_INPUT', 'value');
    refused(
      () =>
        store.setSetting(
          'many',
          Array.from({ length: 50_000 }, () => ({ a: 1 })),
        ),
      'INVALID_INPUT',
      'value',
    );
  });
});
