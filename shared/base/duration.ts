/**
 * How long a new transaction lives, as people write it: `12h`, `90m`, `45s`, `1d`, or plain ms
 * (issue 7 `--expires-in`, the `expiration` setting; issue 9's build forms check it as you type).
 * One rule for the command line, the station's services, the API's argument schema and the
 * renderer, so a value the form accepts is one the station accepts. It imports only errors.ts and limits.ts: the
 * API table uses its pattern, and the preload bundles that table.
 *
 * Invariant: a duration is longer than 0 and at most MAX_EXPIRATION_MS (24 h, shared/base/limits.ts), the longest
 * expiration the node accepts; the message never quotes the text.
 */
import { fail } from './errors.ts';
import { MAX_EXPIRATION_MS } from './limits.ts';

/** Digits and an optional unit; the API's argument schema uses the same pattern. */
export const DURATION_RE = /^[0-9]{1,9}(ms|s|m|min|h|d)?$/;

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `12h` → 43,200,000 ms; a safe-integer number is taken as ms. INVALID_INPUT naming `field` otherwise. */
export function parseDuration(value: unknown, field = 'expires-in'): number {
  let ms: number;
  if (typeof value === 'number' && Number.isSafeInteger(value)) ms = value;
  else {
    const m = typeof value === 'string' ? DURATION_RE.exec(value.trim()) : null;
    if (!m) fail('INVALID_INPUT', `${field}: expected a duration such as 12h, 90m or 30s`, { field });
    ms = Number(m[0].replace(/[a-z]+$/, '')) * UNIT_MS[(m[1] ?? 'ms') as keyof typeof UNIT_MS];
  }
  if (ms <= 0) fail('INVALID_INPUT', `${field}: must be longer than 0`, { field });
  if (ms > MAX_EXPIRATION_MS) fail('INVALID_INPUT', `${field}: at most 24h (the node refuses a longer expiration)`, { field });
  return ms;
}
