/**
 * Versioned JSON file envelopes: the handoff file and the chain snapshot file (docs/decisions.md §7,
 * docs/handoff.md) both open with `{"format": "airlock.<kind>", "version": N, ...}`. This module
 * reads such a file from untrusted text: a size limit before parsing, the format and version
 * before anything else (an unknown one says so, rather than failing on a field), and objects read
 * through a key allow-list so an unknown member, `__proto__` or `constructor` included, is an error
 * naming its path. Values are copied into null-prototype records so nothing read can reach a
 * prototype.
 *
 * Both envelopes may carry one optional `exporter` member (docs/decisions.md §16): the signature of the station
 * that exported the file, checked by shared/files/exporter-signature.ts, never by the format readers.
 */
import { AirlockError, fail, excerpt } from '../base/errors.ts';
import { unsafeCharIn } from '../base/escape.ts';
import { badArgument, atField, int64Input, isRecord, kindOf, listInput, objectInput } from '../chain/input.ts';
import { parseJson } from '../base/json.ts';

export interface EnvelopeKind {
  /** The `format` string, e.g. `airlock.handoff`. */
  format: string;
  /** The only version this Airlock reads. */
  version: number;
  /** The largest file accepted, in bytes of UTF-8. */
  maxBytes: number;
}

export type JsonRecord = Record<string, unknown>;

/** The optional member of a snapshot or handoff file carrying its exporter's key and signature (exporter-signature.ts). */
export const EXPORTER_MEMBER = 'exporter';

/** Parses text after checking its size (bytes of UTF-8, counted without encoding a huge string). */
export function parseBoundedJson(text: unknown, what: string, maxBytes: number): unknown {
  if (typeof text !== 'string') badArgument(`${what}: expected the file's text, got ${typeof text}`, what);
  // A UTF-16 code unit encodes to at most 3 bytes, so only a borderline length needs an exact count.
  if (text.length > maxBytes || (text.length * 3 > maxBytes && new TextEncoder().encode(text).length > maxBytes)) {
    fail('BAD_JSON', `${what}: the file is larger than ${maxBytes} bytes; refusing to read it`, { field: what, limit: maxBytes });
  }
  try {
    return parseJson(text, what);
  } catch (e) {
    // parseJson says only where (V8's own message would quote text near the bad token, perhaps a
    // pasted key); its position is kept so a person can find the fault.
    if (e instanceof AirlockError) fail(e.code, e.message, { field: what, ...e.details });
    throw e;
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

/**
 * The object at `path` with only the listed keys, copied into a null-prototype record
 * (shared/chain/input.ts `objectInput`). A missing required key or any other key is an error naming its path.
 */
export function strictObject(v: unknown, path: string, required: readonly string[], optional: readonly string[] = []): JsonRecord {
  const out = objectInput(v, path, [...required, ...optional], { code: 'BAD_JSON' });
  for (const key of required) if (out[key] === undefined) fail('BAD_JSON', `${path}.${key}: missing`, { field: `${path}.${key}` });
  return out;
}

/** A list at `path` of at most `max` items (shared/chain/input.ts `listInput`). */
export function boundedList(v: unknown, path: string, max: number): unknown[] {
  return listInput(v, path, max, 'BAD_JSON');
}

/** A string at `path` of at most `max` UTF-16 units, without control or bidi-override characters (tab and newline allowed). */
export function plainText(v: unknown, path: string, max: number): string {
  if (typeof v !== 'string') fail('BAD_JSON', `${path}: expected a string, got ${kindOf(v)}`, { field: path });
  if (v.length > max) fail('BAD_JSON', `${path}: longer than ${max} characters`, { field: path, limit: max });
  // Tab and newline are allowed; every other character shared/base/escape.ts would escape is refused.
  if (unsafeCharIn(v) !== null) fail('BAD_JSON', `${path}: contains a control or bidirectional-override character`, { field: path });
  return v;
}

/** A whole number at `path` within [min, max] (both safe integers), read by shared/chain/input.ts. */
export function safeInteger(v: unknown, path: string, min: number, max: number = Number.MAX_SAFE_INTEGER): number {
  if (typeof v !== 'number') fail('BAD_JSON', `${path}: expected a whole number from ${min} to ${max}`, { field: path });
  return Number(atField(path, () => int64Input(v, path, { min: BigInt(min), max: BigInt(max) }), 'BAD_JSON'));
}

/** An int64 at `path`, as a JSON number or a decimal string (shared/chain/input.ts); returned as a decimal string. */
export function int64Field(v: unknown, path: string, min = 0n): string {
  return atField(path, () => int64Input(v, path, { min }), 'BAD_JSON').toString();
}
