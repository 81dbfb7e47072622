/**
 * Lossless JSON for int64 fields. The node prints int64 values (amounts, supplies, times) as bare
 * JSON numbers, and values above 2^53 do not survive `JSON.parse`. `parseJson` keeps every integer
 * that is not a safe JS number as a bigint, using the reviver's source text (ES2025, Node 22 and
 * Chromium); where the runtime lacks that it refuses the input rather than silently rounding.
 * `stringifyJson` writes bigints back as bare numbers.
 */
import { fail } from './errors.ts';

type JsonWithRaw = typeof JSON & { rawJSON?: (text: string) => unknown };

const INTEGER_RE = /^-?\d+$/;

export function parseJson(text: string, what = 'JSON'): unknown {
  if (typeof text !== 'string') throw new TypeError(`${what}: expected text, got ${typeof text}`);
  try {
    return JSON.parse(text, function (_key, value, context?: { source?: string }) {
      if (typeof value === 'number' && !Number.isSafeInteger(value) && Number.isFinite(value)) {
        const source = context?.source;
        if (source !== undefined && INTEGER_RE.test(source)) return BigInt(source);
        if (source === undefined && Number.isInteger(value)) {
          throw new RangeError(`integer ${value} is too large to read exactly on this runtime`);
        }
      }
      return value;
    });
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    fail('BAD_JSON', `${what}: ${reason}`);
  }
}

export function stringifyJson(value: unknown, indent?: number): string {
  const J = JSON as JsonWithRaw;
  const rawJSON = J.rawJSON;
  if (!rawJSON) {
    return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v), indent);
  }
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? rawJSON(v.toString()) : v), indent);
}
