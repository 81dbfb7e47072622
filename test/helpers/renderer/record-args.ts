/**
 * What a screen sent: `recordArgs(h, method)` wraps one handler of a real test station so the
 * arguments of each call are kept in order and the real handler still answers (the station's own
 * rules and answers, nothing stubbed). The build-form tests read it to see exactly what reached
 * the station, such as no Expires in or Note carried into the next build.
 */
import type { Harness } from './station-harness.ts';

type Handlers = Harness['real']['handlers'];

/** The arguments of every call to `method` from now on, in order (the array fills as calls come). */
export function recordArgs(h: Harness, method: keyof Handlers): unknown[] {
  const seen: unknown[] = [];
  const handlers = h.real.handlers as unknown as Record<string, (args: unknown) => unknown>;
  const real = handlers[method]!;
  handlers[method] = (args) => {
    seen.push(args);
    return real(args);
  };
  return seen;
}
