/**
 * The date formatter kept by app/format.ts `localTime` and made ahead by prepare-open.ts (docs/decisions.md §27):
 * keeping one formatter changes nothing a person reads (each moment is written exactly as
 * `toLocaleString` with the same options writes it, in this process's locale and zone, a moment a
 * browser cannot show as its milliseconds), and preparing it ahead runs once per page.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localTime } from '../app/format.ts';
import { AFTER_PAINT_FALLBACK_MS } from '../../shared/base/limits.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const OPTIONS = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;

describe('localTime with its one formatter', () => {
  it('writes every moment as toLocaleString with the same options does', () => {
    const moments = [0, 1_795_000_000_123, Date.UTC(2026, 2, 29, 1, 30), Date.UTC(2026, 9, 25, 0, 59, 59, 999), -86_400_000, 8.64e15];
    for (const ms of moments) expect(localTime(ms)).toBe(new Date(ms).toLocaleString(undefined, OPTIONS));
    expect(localTime(8.64e15 + 1)).toBe(`${8.64e15 + 1} ms`);
  });
});

describe('prepareOpening', () => {
  it('makes the formatter once, after the paint, however often the queue draws', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    // A fresh module: its formatter not made yet in this test's import.
    vi.resetModules();
    const { prepareOpening } = await import('./prepare-open.ts');
    const format = await import('../app/format.ts');
    prepareOpening();
    prepareOpening();
    expect(made).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_FALLBACK_MS + 10);
    expect(made).toHaveBeenCalledTimes(1);
    prepareOpening();
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_FALLBACK_MS + 10);
    format.localTime(Date.now());
    expect(made).toHaveBeenCalledTimes(1);
  });
});
