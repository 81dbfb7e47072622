/**
 * The station store's argument checks (docs/decisions.md §7, "Store"; docs/decisions.md §15: one home per check): every
 * table module of station/store/ reads its arguments through these before any SQL runs, and the
 * limits on stored text live here beside the checks that enforce them.
 *
 * Invariants this file guards:
 * - A refusal is a coded error whose message names the method and the field (`store.addKey: label
 *   is 201 characters, at most 200`) and whose `details.field` names the field; it never quotes the
 *   value, so a private key pasted into a label does not end up in a log.
 * - Text that UTF-8 cannot carry (a lone surrogate) is refused rather than silently altered; any
 *   other text, control and bidi characters included, passes untouched.
 * - JSON is accepted only when it round-trips exactly (no bigint, no integer beyond 2^53, no Date
 *   or bytes), so what is read back equals what was stored.
 * Checks that are the same as the shared input family (a token id's text, the shape of a plain
 * object) come from shared/chain/input.ts rather than being written again here.
 */
import { ADDRESS_LENGTH, ADDRESS_PREFIX } from '../../shared/chain/address.ts';
import { fail } from '../../shared/base/errors.ts';
import { INT64_MAX } from '../../shared/base/int64.ts';
import { isRecord } from '../../shared/chain/input.ts';
import { isTokenIdText } from '../../shared/chain/ids.ts';
import {
  MAX_BOOK_LABEL_LENGTH,
  MAX_STORE_LIST_LIMIT,
  MAX_FILE_NAME_LENGTH,
  MAX_URL_LENGTH,
  MAX_JSON_LENGTH,
  MAX_STORED_JSON_DEPTH,
} from '../../shared/base/limits.ts';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Where data came from: a node (URL, and the block it was read at when known), a file (a claim),
 * or a file signed by a pinned exporter (docs/decisions.md §16): what that station observed from node `url` at
 * block `blockNumber` at time `at`, carried in file `file` and signed by the exporter whose
 * fingerprint (20 hex digits) and label are named.
 */
export type Source =
  | { kind: 'node'; url: string; blockNumber?: number; blockId?: Uint8Array }
  | { kind: 'file'; file: string }
  | { kind: 'exporter'; file: string; fingerprint: string; label: string; url: string; blockNumber?: number; at: number };

/** Where a signature came from: made here with a local key, read from a handoff file, or merged. */
export type SignatureOrigin = { kind: 'local key' } | { kind: 'file'; file: string } | { kind: 'merge'; file: string };

const ACTION_RE = /^[a-z][a-z0-9._-]{0,63}$/;
const KIND_RE = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
const DECIMAL_RE = /^(0|[1-9][0-9]{0,18})$/;
// With the u flag a paired surrogate is one code point, so this matches only lone ones.
const LONE_SURROGATE_RE = /[\uD800-\uDFFF]/u;

/** Refuses `field` of method `fn`: INVALID_INPUT, the field in details, the value never quoted. */
export function bad(fn: string, field: string, problem: string): never {
  fail('INVALID_INPUT', `${fn}: ${field} ${problem}`, { field });
}

/** A plain object whose own keys are all in `allowed` (an own `__proto__` key is unknown like any other). */
export function checkRecord(value: unknown, fn: string, field: string, allowed: readonly string[]): Record<string, unknown> {
  if (!isRecord(value)) bad(fn, field, 'must be an object');
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) bad(fn, field, `has an unknown member (allowed: ${allowed.join(', ')})`);
  }
  return value;
}

/** Non-empty bytes: exactly `length` long, or at most `max`, when given. */
export function checkBytes(value: unknown, fn: string, field: string, length?: number, max?: number): Uint8Array {
  if (!(value instanceof Uint8Array)) bad(fn, field, 'must be bytes (Uint8Array)');
  if (length !== undefined && value.length !== length) bad(fn, field, `must be ${length} bytes, got ${value.length}`);
  if (max !== undefined && value.length > max) bad(fn, field, `is ${value.length} bytes, at most ${max}`);
  if (value.length === 0) bad(fn, field, 'is empty');
  return value;
}

/** A 21-byte address starting 0x41; BAD_ADDRESS otherwise. */
export function checkAddressField(value: unknown, fn: string, field: string): Uint8Array {
  if (!(value instanceof Uint8Array)) bad(fn, field, 'must be address bytes (Uint8Array)');
  if (value.length !== ADDRESS_LENGTH || value[0] !== ADDRESS_PREFIX) {
    fail('BAD_ADDRESS', `${fn}: ${field} must be ${ADDRESS_LENGTH} bytes starting with 0x41`, { field });
  }
  return value;
}

/** Text of at most `max` code units that UTF-8 can store; empty only when `allowEmpty`. */
export function checkText(value: unknown, fn: string, field: string, max: number, allowEmpty = true): string {
  if (typeof value !== 'string') bad(fn, field, 'must be text');
  if (!allowEmpty && value.length === 0) bad(fn, field, 'is empty');
  if (value.length > max) bad(fn, field, `is ${value.length} characters, at most ${max}`);
  if (LONE_SURROGATE_RE.test(value)) bad(fn, field, 'holds a lone UTF-16 surrogate, which UTF-8 cannot store');
  return value;
}

/** A safe integer in [min, max]. */
export function checkInteger(value: unknown, fn: string, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) bad(fn, field, 'must be a whole number');
  if (value < min || value > max) bad(fn, field, `must be between ${min} and ${max}`);
  return value;
}

/** A time or count that is a whole number from 0 up. */
export function checkNonNegative(value: unknown, fn: string, field: string): number {
  return checkInteger(value, fn, field, 0, Number.MAX_SAFE_INTEGER);
}

/** A listing's `limit`: 0 to MAX_STORE_LIST_LIMIT rows. */
export function checkListBounds(value: unknown, fn: string, field: string): number {
  return checkInteger(value, fn, field, 0, MAX_STORE_LIST_LIMIT);
}

export function checkOneOf<T extends string>(value: unknown, fn: string, field: string, options: readonly T[]): T {
  if (typeof value !== 'string' || !(options as readonly string[]).includes(value)) {
    bad(fn, field, `must be one of ${options.join(', ')}`);
  }
  return value as T;
}

/** A token id as the node keys tokens (shared/chain/input.ts isTokenIdText: decimal, positive int64). */
export function checkTokenId(value: unknown, fn: string, field: string): string {
  if (typeof value !== 'string' || !isTokenIdText(value)) bad(fn, field, 'must be a token id in decimal');
  return value;
}

/** An int64 amount from 0 up as decimal text (a JSON number cannot carry it exactly). */
export function checkDecimalAmount(value: unknown, fn: string, field: string): string {
  if (typeof value !== 'string' || !DECIMAL_RE.test(value) || BigInt(value) > INT64_MAX) {
    bad(fn, field, 'must be a whole number in decimal text, at most 2^63-1');
  }
  return value;
}

/** A contract type name (TransferContract, …). */
export function checkContractKind(value: unknown, fn: string, field: string): string {
  if (typeof value !== 'string' || !KIND_RE.test(value)) bad(fn, field, 'must be a contract type name');
  return value;
}

/** An audit action: a short verb ([a-z0-9._-], at most 64). */
export function checkAction(value: unknown, fn: string, field: string): string {
  if (typeof value !== 'string' || !ACTION_RE.test(value)) bad(fn, field, 'must be a short name ([a-z0-9._-], at most 64)');
  return value;
}

function checkUrl(value: unknown, fn: string, field: string): string {
  const text = checkText(value, fn, field, MAX_URL_LENGTH, false);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    bad(fn, field, 'is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') bad(fn, field, 'must be an http or https URL');
  return text;
}

export function checkSource(value: unknown, fn: string, field: string): Source {
  const kind = checkRecord(value, fn, field, ['kind', 'url', 'blockNumber', 'blockId', 'file', 'fingerprint', 'label', 'at']).kind;
  if (kind === 'node') {
    const v = checkRecord(value, fn, field, ['kind', 'url', 'blockNumber', 'blockId']);
    const out: Source = { kind: 'node', url: checkUrl(v.url, fn, `${field}.url`) };
    if (v.blockNumber !== undefined) out.blockNumber = checkNonNegative(v.blockNumber, fn, `${field}.blockNumber`);
    if (v.blockId !== undefined) out.blockId = checkBytes(v.blockId, fn, `${field}.blockId`, 32);
    return out;
  }
  if (kind === 'file') {
    const v = checkRecord(value, fn, field, ['kind', 'file']);
    return { kind: 'file', file: checkText(v.file, fn, `${field}.file`, MAX_FILE_NAME_LENGTH, false) };
  }
  if (kind === 'exporter') {
    const v = checkRecord(value, fn, field, ['kind', 'file', 'fingerprint', 'label', 'url', 'blockNumber', 'at']);
    if (typeof v.fingerprint !== 'string' || !/^[0-9a-f]{20}$/.test(v.fingerprint)) bad(fn, `${field}.fingerprint`, 'must be 20 lowercase hex digits');
    const out: Source = {
      kind: 'exporter',
      file: checkText(v.file, fn, `${field}.file`, MAX_FILE_NAME_LENGTH, false),
      fingerprint: v.fingerprint,
      label: checkText(v.label, fn, `${field}.label`, MAX_BOOK_LABEL_LENGTH, false),
      url: checkUrl(v.url, fn, `${field}.url`),
      at: checkNonNegative(v.at, fn, `${field}.at`),
    };
    if (v.blockNumber !== undefined) out.blockNumber = checkNonNegative(v.blockNumber, fn, `${field}.blockNumber`);
    return out;
  }
  bad(fn, `${field}.kind`, "must be 'node', 'file' or 'exporter'");
}

export function checkOrigin(value: unknown, fn: string, field: string): SignatureOrigin {
  const kind = checkRecord(value, fn, field, ['kind', 'file']).kind;
  if (kind === 'local key') {
    checkRecord(value, fn, field, ['kind']);
    return { kind };
  }
  if (kind === 'file' || kind === 'merge') {
    const v = checkRecord(value, fn, field, ['kind', 'file']);
    return { kind, file: checkText(v.file, fn, `${field}.file`, MAX_FILE_NAME_LENGTH, false) };
  }
  bad(fn, `${field}.kind`, "must be 'local key', 'file' or 'merge'");
}

/** A key short and plain enough to name in a message; anything else (hex a key could hide in) is named by position. */
function readableKey(key: string): boolean {
  return /^[A-Za-z_$][\w$]{0,39}$/.test(key) && !/[0-9a-fA-F]{16}/.test(key);
}

/** Checks `value` is plain JSON that round-trips exactly, and returns its text. */
export function checkJson(value: unknown, fn: string, field: string): string {
  const walk = (v: unknown, path: string, depth: number): void => {
    if (depth > MAX_STORED_JSON_DEPTH) bad(fn, path, `nests deeper than ${MAX_STORED_JSON_DEPTH} levels`);
    if (v === null || typeof v === 'boolean') return;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) bad(fn, path, 'must be a finite number');
      if (Number.isInteger(v) && !Number.isSafeInteger(v)) bad(fn, path, 'is an integer beyond 2^53; store it as decimal text');
      return;
    }
    if (typeof v === 'string') {
      if (LONE_SURROGATE_RE.test(v)) bad(fn, path, 'holds a lone UTF-16 surrogate');
      return;
    }
    if (typeof v === 'bigint') bad(fn, path, 'is a bigint; store it as decimal text');
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${path}[${i}]`, depth + 1));
      return;
    }
    if (typeof v === 'object') {
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) bad(fn, path, 'must be plain JSON (no Date, bytes or class instances)');
      Object.entries(v).forEach(([k, item], i) => {
        const keyPath = `${path}${readableKey(k) ? `.${k}` : `{key #${i}}`}`;
        if (LONE_SURROGATE_RE.test(k)) bad(fn, keyPath, 'is a key with a lone UTF-16 surrogate');
        walk(item, keyPath, depth + 1);
      });
      return;
    }
    bad(fn, path, `must be JSON (got ${typeof v})`);
  };
  walk(value, field, 0);
  const text = JSON.stringify(value);
  if (text.length > MAX_JSON_LENGTH) bad(fn, field, `is ${text.length} characters as JSON, at most ${MAX_JSON_LENGTH}`);
  return text;
}

/** Plain JSON that is an object (audit details), as text. */
export function checkJsonObject(value: unknown, fn: string, field: string): string {
  if (!isRecord(value)) bad(fn, field, 'must be an object');
  return checkJson(value, fn, field);
}
