/**
 * Durations: the units of time in ms, a duration in words (`formatDuration`), and how long a new
 * transaction lives, as people write it: `12h`, `90m`, `45s`, `1d`, or plain ms
 * (docs/decisions.md §7 `--expires-in`, the `expiration` setting; docs/decisions.md §9's build forms check it as you type).
 * One rule for the command line, the station's services, the API's argument schema and the
 * renderer, so a value the form accepts is one the station accepts. It imports only errors.ts and limits.ts: the
 * API table uses its pattern, and the preload bundles that table.
 *
 * Invariant: a duration is longer than 0 and at most MAX_EXPIRATION_MS (24 h, shared/base/limits.ts), the longest
 * expiration the node accepts; the message never quotes the text.
 */
import { fail } from './errors.ts';
import { MAX_EXPIRATION_MS } from './limits.ts';

/** The units of time, in ms: the one home of these numbers (docs/decisions.md §27: `DAY_MS` was declared five times). */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Digits and an optional unit; the API's argument schema uses the same pattern. */
export const DURATION_RE = /^[0-9]{1,9}(ms|s|m|min|h|d)?$/;

/** What each unit a person may write is worth, in ms. */
export const UNIT_MS = { ms: 1, s: SECOND_MS, m: MINUTE_MS, min: MINUTE_MS, h: HOUR_MS, d: DAY_MS } as const;

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

/** A duration in words: `2 h 5 min`, `40 s`, `3 d 4 h` (the sign is dropped: callers say "ago" or "ahead"). */
export function formatDuration(ms: number): string {
  const s = Math.floor(Math.abs(ms) / SECOND_MS);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return m % 60 === 0 ? `${h} h` : `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}
