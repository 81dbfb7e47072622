/**
 * The benchmarks' short smoke mode: with AIRLOCK_BENCH_SMOKE=1 every bench/*.bench.ts runs each of
 * its measurements once on small inputs, so `npm run check` (scripts/bench-smoke.mjs) proves that
 * none has rotted (a selector that no longer exists, an API that moved) without taking a
 * benchmark's time. Nothing reads the figures of a smoke run, and nothing asserts a speed.
 *
 * Invariant: a smoke run goes through the same code as a real one; only counts shrink.
 */
export const SMOKE = process.env.AIRLOCK_BENCH_SMOKE === '1';

/** `full` in a real run, `small` in a smoke run. */
export function sized<T>(full: T, small: T): T {
  return SMOKE ? small : full;
}
