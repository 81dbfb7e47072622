/**
 * The one module of input checks (docs/decisions.md §6 part 3): every value that enters Airlock from a person,
 * a file, the command line or an HTTP body is read here, and a bad one is refused with a coded
 * AirlockError whose message starts with the field and whose `details.field` names it. Builders in
 * shared/, the devnet's request and genesis readers and the CLI all call these instead of writing
 * their own integer, object or address checks.
 *
 * Invariants:
 * - A message never quotes the rejected value when it could be text (a private key pasted into the
 *   wrong field must not come back in an error); it says what kind of value it was.
 * - Integers are exact: int64 accepts a bigint, a safe-integer number or decimal text (the only way
 *   JSON carries values above 2^53 without a lossless parser) and never rounds.
 * - Objects are read key by key from their own enumerable keys into a null-prototype copy, so a key
 *   named `__proto__` or `constructor` is an unknown field like any other, never a prototype or an
 *   inherited property that slips past the check (docs/decisions.md §6 part 2).
 */
import { parseAddress } from './address.ts';
import { isTokenIdText, isTxIdText, TXID_RE } from './ids.ts';
import { checkPermissionId } from './permission-id.ts';
import { hexToBytes, utf8ToBytes } from '../base/bytes.ts';
import { AirlockError, excerpt, fail, shownFileName, shownKey, type ErrorCode } from '../base/errors.ts';
import { MAX_ARG_TEXT_CHARS, MAX_FILE_NAME_ARG_CHARS, MAX_INPUT_FILE_BYTES } from '../base/limits.ts';
import { holdsPrivateKeyText, isPrivateKeyText } from '../base/secrets.ts';
import { unsafeCharIn } from '../base/escape.ts';
import { INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN } from '../base/int64.ts';

/** What kind of value this is, for messages that must not quote the value itself. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Uint8Array) return 'bytes';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'undefined') return 'nothing';
  return `a ${typeof value}`;
}

/** Throws the coded error of a rejected field: `<field>: <reason>`, details.field = field. */
export function rejectField(field: string, reason: string, code: ErrorCode = 'INVALID_INPUT', extra?: Record<string, unknown>): never {
  return fail(code, `${field}: ${reason}`, { field, ...extra });
}

/**
 * A bad argument to a shared/ function: the wrong kind of value or a value out of range. The
 * message names the function and the argument (STYLE.md habit 7); details.field the argument.
 * Its home is here, beside the field checks (docs/decisions.md §27: one check family at the edge); shared/base/
 * and chain/address.ts, which this module imports, refuse with `fail` directly. This is how shared/ keeps habit 7: one coded INVALID_INPUT (see `fail`), not a TypeError or a
 * RangeError, so a bad argument that reaches a boundary is still the caller's input, not a bug.
 */
export function badArgument(message: string, field: string): never {
  return fail('INVALID_INPUT', message, { field });
}

/** Re-throws a coded error from `parse` with `field` in details (its message already names it). */
export function atField<T>(field: string, parse: () => T, code?: ErrorCode): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof AirlockError) fail(code ?? e.code, e.message, { ...e.details, field });
    throw e;
  }
}

const INPUT_CODES: ReadonlySet<ErrorCode> = new Set(['INVALID_INPUT', 'BAD_ADDRESS', 'BAD_HEX', 'BAD_JSON']);

/**
 * Runs `read` (the input reading of a shared/ function) and puts `fn: ` in front of the message of
 * any input error it throws, so the message names the function and the argument (STYLE.md habit
 * 7): `buildTransfer: amount: must be a whole number, got 1.5`. details are kept.
 */
export function within<T>(fn: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof AirlockError && INPUT_CODES.has(e.code) && !e.message.startsWith(`${fn}: `)) {
      fail(e.code, `${fn}: ${e.message}`, e.details);
    }
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// Integers

const DECIMAL_RE = /^-?\d{1,20}$/;

export interface Int64Range {
  min?: bigint;
  max?: bigint;
}

/**
 * An int64 (Java long) field: a bigint, a safe-integer number, or decimal text (`-?digits`, no
 * spaces, no exponent). `range` narrows the int64 range (e.g. `{min: 0n}`).
 */
export function int64Input(value: unknown, field: string, range: Int64Range = {}): bigint {
  let n: bigint;
  if (typeof value === 'bigint') n = value;
  else if (typeof value === 'number') {
    if (!Number.isInteger(value)) rejectField(field, `expected an integer, got ${value}`);
    if (!Number.isSafeInteger(value)) rejectField(field, `${value} cannot be read exactly; pass it as a string`);
    n = BigInt(value);
  } else if (typeof value === 'string' && DECIMAL_RE.test(value)) n = BigInt(value);
  else rejectField(field, `expected an integer, got ${kindOf(value)}`);
  const min = range.min ?? INT64_MIN;
  const max = range.max ?? INT64_MAX;
  if (n < min || n > max) {
    const bounds = range.min === undefined && range.max === undefined ? 'the int64 range' : `${min}..${max}`;
    rejectField(field, `${shownInteger(n)} is outside ${bounds}`);
  }
  return n;
}

/**
 * An out-of-range integer as a message may show it: whole up to 20 digits (anything near the int64
 * range), else only its length. A private key written in decimal is 70-odd digits and is never
 * read back (docs/decisions.md §6, "secrets in error text").
 */
function shownInteger(n: bigint): string {
  const digits = (n < 0n ? -n : n).toString();
  return digits.length <= 20 ? n.toString() : `a number of ${digits.length} digits`;
}

export interface Int32Range {
  min?: number;
  max?: number;
}

/** An int32 (Java int) field, read as int64Input reads and then held to 32 bits (or `range`). */
export function int32Input(value: unknown, field: string, range: Int32Range = {}): number {
  const min = range.min ?? INT32_MIN;
  const max = range.max ?? INT32_MAX;
  const n = int64Input(value, field);
  if (n < BigInt(min) || n > BigInt(max)) {
    rejectField(field, `${n} is outside ${range.min === undefined && range.max === undefined ? 'the int32 range' : `${min}..${max}`}`);
  }
  return Number(n);
}

// ---------------------------------------------------------------------------------------------
// Bytes, text, addresses

/** Hex text (optional 0x) → bytes, of exactly `length` bytes when given. BAD_HEX otherwise. */
export function hexInput(value: unknown, field: string, length?: number): Uint8Array {
  if (typeof value !== 'string') rejectField(field, `must be hex text, got ${kindOf(value)}`);
  const bytes = atField(field, () => hexToBytes(value, field));
  if (length !== undefined && bytes.length !== length) rejectField(field, `expected ${length} bytes, got ${bytes.length}`, 'BAD_HEX');
  return bytes;
}

/** Bytes given as a Uint8Array (copied) or as hex text; `length` when it must be exact. */
export function bytesInput(value: unknown, field: string, length?: number): Uint8Array {
  if (value instanceof Uint8Array) {
    if (length !== undefined && value.length !== length) rejectField(field, `expected ${length} bytes, got ${value.length}`);
    return value.slice();
  }
  if (typeof value === 'string') return hexInput(value, field, length);
  return rejectField(field, `must be bytes or hex text, got ${kindOf(value)}`);
}

/** Text or bytes meant as text → its UTF-8 bytes (a copy). */
export function textInput(value: unknown, field: string): Uint8Array {
  if (typeof value === 'string') return utf8ToBytes(value);
  if (value instanceof Uint8Array) return value.slice();
  return rejectField(field, `must be text or bytes, got ${kindOf(value)}`);
}

/** A non-empty string. */
export function stringInput(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0) rejectField(field, `must be text, got ${value === '' ? 'empty text' : kindOf(value)}`);
  return value;
}

/** true or false; `"true"`/`"false"` too, as the node reads its `visible` flag from a query string. */
export function booleanInput(value: unknown, field: string): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  return rejectField(field, `must be true or false, got ${kindOf(value)}`);
}

/**
 * An address: text in either written form (`41…` hex, `T…` Base58Check), refused with BAD_ADDRESS
 * when it does not parse; or bytes, copied as given, so a contract's own rule reports a bad length
 * or prefix with the node's message.
 */
export function addressInput(value: unknown, field: string): Uint8Array {
  if (typeof value === 'string') return atField(field, () => parseAddress(value, field));
  if (value instanceof Uint8Array) return value.slice();
  return rejectField(field, `must be an address (bytes, 41… hex or T… Base58), got ${kindOf(value)}`);
}

/**
 * An address a person typed or a file carried (a form field, a CSV cell, a command-line argument):
 * trimmed text in either written form. Text that looks like a private key (64 hex digits) gets its
 * own message, since pasting one into an address field is the likeliest slip; it is never quoted.
 */
export function addressTextInput(value: unknown, field: string): Uint8Array {
  if (typeof value !== 'string' || value.trim() === '') rejectField(field, 'must be an address (Base58 T… or hex 41…)', 'BAD_ADDRESS');
  const t = value.trim();
  if (isPrivateKeyText(t)) {
    rejectField(field, 'this looks like a private key, not an address; an address is Base58 (T…) or 42 hex digits starting 41', 'BAD_ADDRESS');
  }
  return addressInput(t, field);
}

/**
 * A note kept with a transaction (local, but it travels in handoff files to every co-signer): at
 * most `max` characters, and never a run of 64 hex digits, which may be a private key pasted by
 * mistake (a txID looks the same; a note names one by its first digits). Never quoted.
 */
export function noteInput(value: unknown, field: string, max = 2_000): string {
  if (typeof value !== 'string') rejectField(field, `must be text, got ${kindOf(value)}`);
  if (value.length > max) rejectField(field, `longer than ${max} characters`);
  if (holdsPrivateKeyText(value)) {
    rejectField(
      field,
      'holds 64 hex digits in a row, which may be a private key; a note travels in handoff files, so it is refused (to name a transaction, write the first 12 digits of its txID)',
    );
  }
  // The handoff file's rule (shared/files/envelope.ts plainText), checked when the note is written:
  // a note the station built with U+202E could never be exported (docs/decisions.md §16).
  const unsafe = unsafeCharIn(value);
  if (unsafe !== null) {
    const code = `U+${unsafe.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    rejectField(field, `holds a control or bidirectional-override character (${code}), which could hide or reorder what it says; write it without`);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Token ids and txIDs (their patterns: shared/chain/ids.ts)

/** A token id given as decimal text, a safe-integer number or a bigint → its exact decimal text. */
export function tokenIdInput(value: unknown, field: string): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'bigint') text = value.toString();
  else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) rejectField(field, `${value} is not a whole number that can be read exactly`);
    text = String(value);
  } else return rejectField(field, `must be a token id (decimal text, a whole number or a bigint), got ${kindOf(value)}`);
  if (text.length === 0) rejectField(field, 'empty');
  if (!isTokenIdText(text)) {
    // Quoted only through excerpt: the text may be a secret pasted into the wrong field.
    if (/^[1-9][0-9]*$/.test(text)) rejectField(field, `${excerpt(text)} is larger than any token id (int64)`);
    rejectField(field, `${excerpt(text)} is not a token id (decimal digits such as 1000001; no sign, spaces or leading zeros)`);
  }
  return text;
}

/**
 * A txID given as 64 hex digits in either case → its bytes (32). The refusal never quotes the value:
 * 64 hex digits is also what a private key looks like.
 */
export function txIdInput(value: unknown, field: string): Uint8Array {
  if (!isTxIdText(value)) rejectField(field, 'expected a txID (64 hex digits)');
  return hexToBytes(value, field);
}

// ---------------------------------------------------------------------------------------------
// Objects and lists

export interface ObjectInputOptions {
  /** The code of the refusal: INVALID_INPUT (default), or BAD_JSON where the input is a JSON document. */
  code?: ErrorCode;
}

/** A plain object's own keys, read safely (`__proto__` included when it is an own key). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

/**
 * An object whose every own key is in `known`, returned as a null-prototype copy: reading a key
 * that is absent gives undefined, never something inherited, and `__proto__`/`constructor` are
 * unknown keys like any other. The refusal names the first unknown key and lists the known ones.
 */
export function objectInput(
  value: unknown,
  field: string,
  known: ReadonlySet<string> | readonly string[],
  options: ObjectInputOptions = {},
): Record<string, unknown> {
  const code = options.code ?? 'INVALID_INPUT';
  if (!isRecord(value)) rejectField(field, `expected an object, got ${kindOf(value)}`, code);
  const allowed: ReadonlySet<string> = known instanceof Set ? known : new Set(known as readonly string[]);
  const out = ownEntries(value);
  for (const key of Object.keys(out)) {
    // The key is quoted only as shownKey allows: a pasted secret can be a key too.
    if (!allowed.has(key)) rejectField(`${field}.${shownKey(key)}`, `unknown field (known: ${[...allowed].join(', ')})`, code);
  }
  return out;
}

/**
 * A null-prototype copy of an object's own enumerable string keys. Assigning `__proto__` on a
 * null-prototype object makes an ordinary own key, so nothing here can change a prototype.
 */
export function ownEntries(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    Object.defineProperty(out, key, { value: value[key], enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** A list, with at most `max` items when given; `code` as in objectInput. */
export function listInput(value: unknown, field: string, max?: number, code: ErrorCode = 'INVALID_INPUT'): unknown[] {
  if (!Array.isArray(value)) rejectField(field, `expected a list, got ${kindOf(value)}`, code);
  if (max !== undefined && value.length > max) rejectField(field, `${value.length} items, at most ${max} allowed`, code, { limit: max });
  return value;
}

/** INVALID_INPUT unless `value` is a protobuf-es message of `typeName` (e.g. "protocol.TransferContract"). */
export function messageInput(value: unknown, typeName: string, field: string): void {
  if (!isRecord(value) || (value as { $typeName?: unknown }).$typeName !== typeName) {
    rejectField(field, `must be a ${typeName.replace(/^protocol\./, '')} message, got ${kindOf(value)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The station's argument readers (docs/decisions.md §27: one check family at the station's edge): every service checks each
// argument with these, by field name, before it reads or writes anything (DESIGN: "every field is
// checked BEFORE anything is stored"), so a field is refused the same way whichever feature reads
// it. A refused txID or text is never quoted whole (64 hex digits may be a private key).

/** Text of at most `max` characters. */
export function textArg(value: unknown, field: string, max = MAX_ARG_TEXT_CHARS): string {
  if (typeof value !== 'string') rejectField(field, `must be text, got ${kindOf(value)}`);
  if (value.length > max) rejectField(field, `longer than ${max} characters`);
  return value;
}

/** An amount in smallest units: int64Input, at least 1. */
export function amountArg(value: unknown, field: string): bigint {
  return int64Input(value, field, { min: 1n });
}

/** A txID in either case (shared/chain/ids.ts TXID_RE), as its 32 bytes. */
export function txIdArg(value: unknown, field = 'txid'): Uint8Array {
  if (typeof value !== 'string' || !TXID_RE.test(value)) fail('INVALID_INPUT', `${field}: expected a txID (64 hex digits)`, { field });
  return hexToBytes(value);
}

/** A Permission_id as a number or decimal text; absent is 0, the owner (checkPermissionId has the rule). */
export function permissionIdArg(value: unknown, field = 'permission-id'): number {
  if (value === undefined) return 0;
  const n = typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0 || n > INT32_MAX)
    fail('INVALID_INPUT', `${field}: expected a whole number (0 owner, 2 and up active)`, { field });
  return checkPermissionId(n, field);
}

/**
 * A file's name as the station shows and stores it: the last path segment (either separator), or
 * `file` when that is empty or a dot name, and described instead of quoted when it may hold a key
 * (shownFileName). The station never opens it: files come in and go out as text.
 */
export function fileNameArg(value: unknown, field: string): string {
  return shownFileName(baseName(textArg(value, field, MAX_FILE_NAME_ARG_CHARS)));
}

/** A file's own name, never a path: the last segment, or `file` when that is empty or a dot name. */
export function baseName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  return last === '' || last === '.' || last === '..' ? 'file' : last;
}

/** A file's text, bounded by `max` characters. */
export function fileTextArg(value: unknown, field: string, max = MAX_INPUT_FILE_BYTES): string {
  return textArg(value, field, max);
}
