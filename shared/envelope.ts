/**
 * Versioned JSON file envelopes: the handoff file and the chain snapshot file (issue 7,
 * docs/handoff.md) both open with `{"format": "airlock.<kind>", "version": N, ...}`. This module
 * reads such a file from untrusted text: a size limit before parsing, the format and version
 * before anything else (an unknown one says so, rather than failing on a field), and objects read
 * through a key allow-list so an unknown member, `__proto__` or `constructor` included, is an error
 * naming its path. Values are copied into null-prototype records so nothing read can reach a
 * prototype.
 */
import { badArgument, fail, shownKey, excerpt } from './errors.ts';
import { parseJson } from './json.ts';

export interface EnvelopeKind {
  /** The `format` string, e.g. `airlock.handoff`. */
  format: string;
  /** The only version this Airlock reads. */
  version: number;
  /** The largest file accepted, in bytes of UTF-8. */
  maxBytes: number;
}

export type JsonRecord = Record<string, unknown>;

/** Parses text after checking its size (bytes of UTF-8, counted without encoding a huge string). */
export function parseBoundedJson(text: unknown, what: string, maxBytes: number): unknown {
  if (typeof text !== 'string') badArgument(`${what}: expected the file's text, got ${typeof text}`, what);
  // A UTF-16 code unit encodes to at most 3 bytes, so only a borderline length needs an exact count.
  if (text.length > maxBytes || (text.length * 3 > maxBytes && new TextEncoder().encode(text).length > maxBytes)) {
    fail('BAD_JSON', `${what}: the file is larger than ${maxBytes} bytes; refusing to read it`, { field: what, limit: maxBytes });
  }
  try {
    return parseJson(text, what);
  } catch {
    // V8's message quotes the text near the bad token, which may be a pasted key: say only where.
    fail('BAD_JSON', `${what}: the file is not valid JSON`, { field: what });
  }
}

/** Checks `format` and `version` first, so a newer or foreign file gets a message saying which. */
export function checkEnvelope(value: unknown, kind: EnvelopeKind, what: string): JsonRecord {
  if (!isRecord(value)) fail('BAD_JSON', `${what}: expected a JSON object`, { field: what });
  const format = value.format;
  if (format !== kind.format) {
    const shown = typeof format === 'string' ? excerpt(format) : format === undefined ? 'missing' : typeof format;
    fail('UNSUPPORTED_VERSION', `${what}.format: expected "${kind.format}", got ${shown}; this is not a file Airlock reads here`, { field: 'format' });
  }
  const version = value.version;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    fail('BAD_JSON', `${what}.version: expected a whole number of 1 or more`, { field: 'version' });
  }
  if (version !== kind.version) {
    fail(
      'UNSUPPORTED_VERSION',
      `${what}.version: ${kind.format} version ${version} is ${version > kind.version ? 'newer than' : 'not'} the version this Airlock reads (${kind.version})${version > kind.version ? '; update Airlock to read it' : ''}`,
      { field: 'version', version, supported: kind.version },
    );
  }
  return value;
}

export function isRecord(v: unknown): v is JsonRecord {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The object at `path` with only the listed keys, copied into a null-prototype record. A missing
 * required key or any other key is an error naming its path.
 */
export function strictObject(v: unknown, path: string, required: readonly string[], optional: readonly string[] = []): JsonRecord {
  if (!isRecord(v)) fail('BAD_JSON', `${path}: expected an object, got ${kindOf(v)}`, { field: path });
  const known = new Set([...required, ...optional]);
  const out = Object.create(null) as JsonRecord;
  for (const key of Object.keys(v)) {
    if (!known.has(key)) fail('BAD_JSON', `${path}.${shownKey(key)}: unknown field (known: ${[...known].join(', ')})`, { field: `${path}.${shownKey(key)}` });
    out[key] = v[key];
  }
  for (const key of required) if (out[key] === undefined) fail('BAD_JSON', `${path}.${key}: missing`, { field: `${path}.${key}` });
  return out;
}

/** A list at `path` of at most `max` items. */
export function boundedList(v: unknown, path: string, max: number): unknown[] {
  if (!Array.isArray(v)) fail('BAD_JSON', `${path}: expected a list, got ${kindOf(v)}`, { field: path });
  if (v.length > max) fail('BAD_JSON', `${path}: ${v.length} items, at most ${max} allowed`, { field: path, limit: max });
  return v;
}

/** Control characters and bidirectional overrides: text that could make a screen lie. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const DECEPTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** A string at `path` of at most `max` UTF-16 units, without control or bidi-override characters (tab and newline allowed). */
export function plainText(v: unknown, path: string, max: number): string {
  if (typeof v !== 'string') fail('BAD_JSON', `${path}: expected a string, got ${kindOf(v)}`, { field: path });
  if (v.length > max) fail('BAD_JSON', `${path}: longer than ${max} characters`, { field: path, limit: max });
  if (DECEPTIVE.test(v)) fail('BAD_JSON', `${path}: contains a control or bidirectional-override character`, { field: path });
  return v;
}

/** A whole number at `path` within [min, max] (both safe integers). */
export function safeInteger(v: unknown, path: string, min: number, max: number = Number.MAX_SAFE_INTEGER): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max) {
    fail('BAD_JSON', `${path}: expected a whole number from ${min} to ${max}`, { field: path });
  }
  return v;
}

/** An int64 at `path`, as a JSON number or a decimal string; returned as a decimal string. */
export function int64Text(v: unknown, path: string, min = 0n): string {
  let n: bigint | undefined;
  if (typeof v === 'number' && Number.isSafeInteger(v)) n = BigInt(v);
  else if (typeof v === 'bigint') n = v;
  else if (typeof v === 'string' && /^-?\d{1,19}$/.test(v)) n = BigInt(v);
  if (n === undefined || n < min || n > 9_223_372_036_854_775_807n) {
    fail('BAD_JSON', `${path}: expected a whole number from ${min} to 2^63-1 (a number, or a string of digits)`, { field: path });
  }
  return n.toString();
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}
