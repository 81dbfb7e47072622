// @vitest-environment jsdom
/**
 * `afterPaint` (docs/decisions.md §27): what a screen draws after its answer runs once, after the next frame
 * (and at idle where the page has idle callbacks), or after AFTER_PAINT_FALLBACK_MS where no frame
 * comes (a hidden window); cancelled, it never runs.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from './after-paint.ts';
import { AFTER_PAINT_FALLBACK_MS } from '../../shared/base/limits.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('afterPaint', () => {
  it('runs once, after the next animation frame, not before', async () => {
    const frames: (() => void)[] = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
    let runs = 0;
    afterPaint(() => runs++);
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(0);
    frames.shift()!();
    // Queued from the frame's callback: runs after the frame is painted, not inside the callback.
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_FALLBACK_MS * 3);
    expect(runs).toBe(1);
  });

  it('runs after the fallback delay when no frame comes, and once only when the frame comes later', async () => {
    const frames: (() => void)[] = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
    vi.stubGlobal('cancelAnimationFrame', () => frames.splice(0));
    let runs = 0;
    afterPaint(() => runs++);
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_FALLBACK_MS - 1);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBe(1);
    for (const f of frames.splice(0)) f();
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_FALLBACK_MS);
    expect(runs).toBe(1);
  });

  it('never runs once cancelled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    let runs = 0;
    const cancel = afterPaint(() => runs++);
    cancel();
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_FALLBACK_MS * 3);
    expect(runs).toBe(0);
  });
});
