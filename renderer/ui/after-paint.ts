/**
 * Drawing the answer first and the rest after (docs/decisions.md §27; bench/README.md "Every click fast"):
 * `afterPaint(run)` calls `run` once the frame that shows what is on screen now has been painted and
 * the page is idle (or AFTER_PAINT_FALLBACK_MS later at the latest), so
 * a click's answer reaches the screen before the parts below it (a QR code, a table of every field)
 * are computed and drawn.
 *
 * Invariant: `run` is called exactly once unless the returned cancel is called first, even where no
 * frame is drawn (a hidden window, a test's DOM without frames): then after AFTER_PAINT_FALLBACK_MS.
 * Nothing here reads layout, so deferring never forces a layout of its own.
 */
import { AFTER_PAINT_FALLBACK_MS } from '../../shared/base/limits.ts';

/** Calls `run` after the next frame has been painted (or after the fallback delay); answers the cancel. */
export function afterPaint(run: () => void): () => void {
  let state: 'waiting' | 'queued' | 'done' = 'waiting';
  const timers: ReturnType<typeof setTimeout>[] = [];
  let frame: number | null = null;
  let idle: number | null = null;
  const fire = (): void => {
    if (state === 'done') return;
    state = 'done';
    cancel();
    run();
  };
  // A frame's callbacks run before it is laid out and painted; a task queued from one runs after.
  // An idle callback yields to the tasks already waiting (an answer arriving, the next click), so
  // what was deferred never holds them up; the fallback bounds the wait when the page is never idle.
  const painted = (): void => {
    if (state !== 'waiting') return;
    state = 'queued';
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(fire, { timeout: AFTER_PAINT_FALLBACK_MS });
    else timers.push(setTimeout(fire, 0));
  };
  const cancel = (): void => {
    if (frame !== null && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    if (idle !== null && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    frame = null;
    idle = null;
    for (const t of timers.splice(0)) clearTimeout(t);
  };
  if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(painted);
  timers.push(setTimeout(painted, AFTER_PAINT_FALLBACK_MS));
  return () => {
    state = 'done';
    cancel();
  };
}
