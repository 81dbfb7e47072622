/**
 * The station API contract (docs/decisions.md §8, DESIGN.md decision 8): how a table of station methods is
 * declared once, what its handlers and clients must look like, and `dispatch`, the one function
 * every transport (Electron IPC, the loopback HTTP bridge, tests) calls to run a method.
 *
 * A table maps each method name to a valibot schema for its argument and one for its result. The
 * TypeScript types of handler maps and clients are derived from it, so a handler or client that
 * misses a method, or has the wrong argument or result type, does not compile.
 *
 * Invariants `dispatch` guards, whatever the transport:
 * - The argument is JSON data within size and depth bounds (no `__proto__` key, no bigint, no
 *   byte array, no class instance), then valid for its schema, before any handler runs. A failure
 *   is INVALID_INPUT naming the field path, and its message never quotes the input (a private key
 *   pasted into the wrong field must not come back in an error).
 * - Results are always checked against their schema, in production too, and the schema's output is
 *   what crosses: a field the schema does not declare never leaves the main process, and a result
 *   that does not match is a station bug reported as INTERNAL rather than shown.
 * - A throw becomes data: an AirlockError its own `{code, message, details}`, anything else
 *   INTERNAL with a fixed message. The thrown text is never sent, because it could hold secrets.
 */
import * as v from 'valibot';
import { AirlockError, ERROR_CODES, excerpt, shownKey, type ErrorData } from '../base/errors.ts';
import { MAX_FILE_BYTES, MAX_PAYLOAD_BYTES, MAX_LISTED_ISSUES } from '../base/limits.ts';
import { joinOnce, type Joined } from '../base/one-home.ts';
/** Re-exported for station/ and electron/, which import it from here until the lead re-points them. */

// ---------------------------------------------------------------------------------------------
// Declaring a table

/** One method: the schema of its single argument and of its result. */
export interface ApiMethod<A extends v.GenericSchema = v.GenericSchema, R extends v.GenericSchema = v.GenericSchema> {
  readonly args: A;
  readonly result: R;
}

export type ApiTable = { readonly [method: string]: ApiMethod };

/** Method names become IPC channels and URL paths, so they are plain camelCase identifiers. */
const METHOD_NAME_RE = /^[a-z][A-Za-z0-9]{0,63}$/;

/**
 * Declares a table. Checks at load time what types cannot: every name is a plain identifier and
 * every entry has both schemas. The table is frozen so no code can add a method at run time.
 */
export function defineApi<const T extends ApiTable>(table: T): T {
  for (const [name, method] of Object.entries(table)) {
    if (!METHOD_NAME_RE.test(name)) throw new TypeError(`defineApi: method name ${JSON.stringify(name)} is not a camelCase identifier`);
    if (!method || typeof method.args !== 'object' || typeof method.result !== 'object') {
      throw new TypeError(`defineApi: ${name} needs an args schema and a result schema`);
    }
    if (method.args.async || method.result.async) throw new TypeError(`defineApi: ${name} uses an async schema; schemas check data only`);
  }
  return Object.freeze({ ...table }) as T;
}

/**
 * One table of several, each a feature's (shared/api/tables/): the station's API is the features'
 * tables side by side, and a method declared by two of them is refused (shared/base/one-home.ts).
 */
export function joinApis<const Ts extends readonly ApiTable[]>(...tables: Ts): Joined<Ts> {
  return Object.freeze(joinOnce('tables', ...tables)) as Joined<Ts>;
}

export type MethodName<T extends ApiTable> = Extract<keyof T, string>;
/** The argument a handler receives (the schema's output, after any transforms). */
export type ArgsOf<T extends ApiTable, M extends MethodName<T>> = v.InferOutput<T[M]['args']>;
/** The argument a client sends (the schema's input). */
export type ArgsInputOf<T extends ApiTable, M extends MethodName<T>> = v.InferInput<T[M]['args']>;
/** What a handler returns (the result schema's input). */
export type HandlerResultOf<T extends ApiTable, M extends MethodName<T>> = v.InferInput<T[M]['result']>;
/** What a client receives in `value` (the result schema's output). */
export type ResultOf<T extends ApiTable, M extends MethodName<T>> = v.InferOutput<T[M]['result']>;

export type ApiResult<V> = { ok: true; value: V } | { ok: false; error: ErrorData };

/** One handler per method; a missing one or a wrong signature is a compile error. */
export type Handlers<T extends ApiTable> = {
  readonly [M in MethodName<T>]: (args: ArgsOf<T, M>) => HandlerResultOf<T, M> | Promise<HandlerResultOf<T, M>>;
};

/** A method whose argument schema accepts `undefined` may be called with no argument. */
type ClientArgs<T extends ApiTable, M extends MethodName<T>> = undefined extends ArgsInputOf<T, M> ? [args?: ArgsInputOf<T, M>] : [args: ArgsInputOf<T, M>];

/** What the renderer holds: one async function per method, never rejecting, same on every transport. */
export type ApiClient<T extends ApiTable> = {
  readonly [M in MethodName<T>]: (...args: ClientArgs<T, M>) => Promise<ApiResult<ResultOf<T, M>>>;
};

/** True when `name` is a method of the table itself (not `toString`, `__proto__`, ...). */
export function hasMethod<T extends ApiTable>(table: T, name: string): name is MethodName<T> {
  return Object.hasOwn(table, name) && METHOD_NAME_RE.test(name);
}

// ---------------------------------------------------------------------------------------------
// Transport names, in one place for preload, main, the bridge and the client

/** The global the preload exposes in the renderer (`window.airlock`). */
export const PRELOAD_GLOBAL = 'airlock';
/** The bridge answers `POST /api/<method>`. */
export const API_PATH_PREFIX = '/api/';

/** The IPC channel of a method. */
export function ipcChannel(method: string): string {
  return `airlock:${method}`;
}

// ---------------------------------------------------------------------------------------------
// Limits

export interface ArgLimits {
  /** Nesting of arrays and objects. JSON data from the UI is shallow; deep input is an attack. */
  maxDepth: number;
  /** Values and keys in total. */
  maxNodes: number;
  /** Characters in all strings and keys together; matches the bridge's body limit. */
  maxTextChars: number;
}

export const DEFAULT_ARG_LIMITS: Readonly<ArgLimits> = Object.freeze({
  maxDepth: 32,
  maxNodes: 200_000,
  maxTextChars: MAX_PAYLOAD_BYTES,
});

/** Results are built by us; the walk only proves they are JSON data, so its bounds are wide. */
const RESULT_LIMITS: Readonly<ArgLimits> = Object.freeze({
  maxDepth: 64,
  maxNodes: 10_000_000,
  maxTextChars: 256 * 1024 * 1024,
});

// ---------------------------------------------------------------------------------------------
// Schemas for byte payloads

/** A file carried as UTF-8 text (handoff and snapshot files are JSON), at most `maxBytes` of UTF-8. */
export function textFile(maxBytes: number = MAX_FILE_BYTES) {
  return v.pipe(v.string(), v.maxBytes(maxBytes, `a file of at most ${maxBytes} bytes`));
}

// A flat character class, not repeated groups: a grouped pattern overflows the regex engine's stack
// on a multi-megabyte file. The length check below makes it canonical padded base64.
const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decoded size of canonical padded base64 text. */
function base64Size(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

/** Bytes carried as padded base64, at most `maxBytes` once decoded. */
export function base64File(maxBytes: number = MAX_FILE_BYTES) {
  return v.pipe(
    v.string(),
    v.maxLength(Math.ceil(maxBytes / 3) * 4, `base64 of at most ${maxBytes} bytes`),
    v.regex(BASE64_RE, 'padded base64'),
    v.check((text) => text.length % 4 === 0, 'padded base64'),
    v.check((text) => base64Size(text) <= maxBytes, `base64 of at most ${maxBytes} bytes`),
  );
}

// ---------------------------------------------------------------------------------------------
// JSON data check

type PathItem = string | number;

/**
 * `a.b[3].c`, the same field notation the rest of Airlock uses in `details.field`. Keys come from
 * the input, so an odd one (pasted text, a key where a name belongs) is shown cut, as `shownKey`
 * does everywhere else.
 */
export function formatPath(path: readonly PathItem[]): string {
  let out = '';
  for (const item of path) {
    if (typeof item === 'number') out += `[${item}]`;
    else out += out === '' ? shownKey(item) : `.${shownKey(item)}`;
  }
  return out;
}

export type JsonCheck = { ok: true } | { ok: false; field: string; reason: string };

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Proves a value is JSON data within limits: null, booleans, finite numbers, strings, arrays and
 * plain objects, with no `__proto__` key. Iterative, so hostile nesting cannot overflow the stack,
 * and it stops at the first bound crossed. Over IPC a structured clone could carry Maps, Dates,
 * typed arrays or `undefined`, which JSON over the bridge cannot; refusing them keeps the two
 * transports equal.
 */
export function checkJsonData(value: unknown, limits: Readonly<ArgLimits> = DEFAULT_ARG_LIMITS): JsonCheck {
  // Each entry points at its parent; a path is spelled out only for a refusal.
  interface Item {
    value: unknown;
    parent: Item | null;
    key: PathItem;
    depth: number;
  }
  const pathOf = (item: Item | null, last?: PathItem): string => {
    const path: PathItem[] = last === undefined ? [] : [last];
    for (let at = item; at !== null && at.parent !== null; at = at.parent) path.push(at.key);
    return formatPath(path.reverse()) || '(argument)';
  };
  const refuse = (item: Item | null, reason: string, last?: PathItem): JsonCheck => ({ ok: false, field: pathOf(item, last), reason });
  const stack: Item[] = [{ value, parent: null, key: '', depth: 0 }];
  let nodes = 0;
  let chars = 0;
  while (stack.length > 0) {
    const item = stack.pop()!;
    nodes += 1;
    if (nodes > limits.maxNodes) return refuse(item, `more than ${limits.maxNodes} values`);
    const x = item.value;
    if (x === null || typeof x === 'boolean') continue;
    if (typeof x === 'number') {
      if (!Number.isFinite(x)) return refuse(item, 'not a finite number');
      continue;
    }
    if (typeof x === 'string') {
      chars += x.length;
      if (chars > limits.maxTextChars) return refuse(item, `more than ${limits.maxTextChars} characters of text`);
      continue;
    }
    if (x === undefined) return refuse(item, 'undefined is not JSON data');
    if (typeof x !== 'object') return refuse(item, `a ${typeof x} is not JSON data`);
    if (item.depth >= limits.maxDepth) return refuse(item, `nested deeper than ${limits.maxDepth} levels`);
    const depth = item.depth + 1;
    if (Array.isArray(x)) {
      if (nodes + stack.length + x.length > limits.maxNodes) return refuse(item, `more than ${limits.maxNodes} values`);
      for (let i = x.length - 1; i >= 0; i--) {
        if (!Object.hasOwn(x, i)) return refuse(item, 'a hole in an array is not JSON data', i);
        stack.push({ value: x[i], parent: item, key: i, depth });
      }
      continue;
    }
    if (!isPlainObject(x)) return refuse(item, 'only plain objects are JSON data');
    const keys = Object.keys(x);
    if (nodes + stack.length + keys.length > limits.maxNodes) return refuse(item, `more than ${limits.maxNodes} values`);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (key === '__proto__') return refuse(item, 'the key __proto__ is not allowed', key);
      chars += key.length;
      if (chars > limits.maxTextChars) return refuse(item, `more than ${limits.maxTextChars} characters of text`, key);
      stack.push({ value: (x as Record<string, unknown>)[key], parent: item, key, depth });
    }
  }
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Schema issues as safe messages

function kindOf(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  if (typeof input === 'object') return 'an object';
  return typeof input === 'undefined' ? 'nothing' : `a ${typeof input}`;
}

/**
 * valibot's default messages quote the received value; ours never do. A message written into a
 * schema by its author (`v.regex(re, 'a txID: 64 hex digits')`) is kept, since it names no input.
 */
function safeIssueMessage(issue: v.BaseIssue<unknown>): string {
  if (issue.type === 'strict_object' && issue.expected === 'never') return 'unknown field';
  if (issue.kind === 'schema') {
    // valibot names the missing key as "expected"; the field path already says which.
    if (issue.input === undefined && issue.path !== undefined) return 'required';
    return `expected ${issue.expected ?? issue.type}, got ${kindOf(issue.input)}`;
  }
  return issue.expected ? `fails ${issue.type.replaceAll('_', ' ')} (expected ${issue.expected})` : `fails ${issue.type.replaceAll('_', ' ')}`;
}

const SAFE_CONFIG = { abortEarly: false, message: safeIssueMessage } as const;

function issueField(issue: v.BaseIssue<unknown>): string {
  const path = (issue.path ?? []).map((p) => (typeof p.key === 'number' ? p.key : String(p.key)));
  return formatPath(path) || '(argument)';
}

function issuesToError(method: string, issues: readonly v.BaseIssue<unknown>[]): ErrorData {
  const listed = issues.slice(0, MAX_LISTED_ISSUES).map((issue) => ({ field: issueField(issue), message: issue.message }));
  const first = listed[0]!;
  return {
    code: 'INVALID_INPUT',
    message: `${method}: ${first.field}: ${first.message}`,
    details: { method, field: first.field, issues: listed },
  };
}

// ---------------------------------------------------------------------------------------------
// Dispatch

export interface DispatchOptions {
  limits?: Readonly<ArgLimits>;
  /**
   * Told about every INTERNAL outcome with the real cause, for the main process's log. It must not
   * forward the error to the renderer; `dispatch` already answered with a generic message.
   */
  onInternalError?: (method: string, cause: unknown) => void;
}

/** The fixed message of every INTERNAL answer. */
export const INTERNAL_MESSAGE = 'the station hit an internal error; the details are in its log';

function internal(method: string, options: DispatchOptions, cause: unknown): ApiResult<never> {
  try {
    options.onInternalError?.(method, cause);
  } catch {
    // A failing logger must not turn an answer into a throw.
  }
  return { ok: false, error: { code: 'INTERNAL', message: INTERNAL_MESSAGE, details: { method } } };
}

function errorToData(method: string, error: unknown, options: DispatchOptions): ApiResult<never> {
  if (error instanceof AirlockError) {
    const data = error.toData();
    // details cross the transport too, so they must be JSON data like everything else.
    if (data.details !== undefined && !checkJsonData(data.details, RESULT_LIMITS).ok) {
      return { ok: false, error: { code: data.code, message: data.message } };
    }
    return { ok: false, error: data };
  }
  return internal(method, options, error);
}

/**
 * Runs `method` of `table` with `rawArgs` as it arrived from a transport. Never throws or
 * rejects: every outcome is an ApiResult. The caller has already decided the sender is trusted.
 */
export async function dispatch<T extends ApiTable>(
  table: T,
  handlers: Handlers<T>,
  method: string,
  rawArgs: unknown,
  options: DispatchOptions = {},
): Promise<ApiResult<unknown>> {
  if (!hasMethod(table, method)) {
    return { ok: false, error: { code: 'NOT_FOUND', message: `no API method ${excerpt(method)}` } };
  }
  const spec = table[method]!;
  const handler = (handlers as Record<string, unknown>)[method];
  if (typeof handler !== 'function' || !Object.hasOwn(handlers, method)) {
    return internal(method, options, new Error(`no handler registered for ${method}`));
  }

  // No argument at all is how a method without one is called; inside an argument undefined is refused.
  const shape = rawArgs === undefined ? ({ ok: true } as const) : checkJsonData(rawArgs, options.limits ?? DEFAULT_ARG_LIMITS);
  if (!shape.ok) {
    return { ok: false, error: { code: 'INVALID_INPUT', message: `${method}: ${shape.field}: ${shape.reason}`, details: { method, field: shape.field } } };
  }
  const args = v.safeParse(spec.args, rawArgs, SAFE_CONFIG);
  if (!args.success) return { ok: false, error: issuesToError(method, args.issues) };

  let produced: unknown;
  try {
    produced = await (handler as (a: unknown) => unknown)(args.output);
  } catch (error) {
    return errorToData(method, error, options);
  }

  const result = v.safeParse(spec.result, produced, SAFE_CONFIG);
  if (!result.success) {
    const first = result.issues[0];
    return internal(method, options, new Error(`${method}: result does not match its schema at ${first ? issueField(first) : '?'}: ${first?.message ?? ''}`));
  }
  const json = checkJsonData(result.output, RESULT_LIMITS);
  if (!json.ok) return internal(method, options, new Error(`${method}: result is not JSON data at ${json.field}: ${json.reason}`));
  return { ok: true, value: result.output };
}

// ---------------------------------------------------------------------------------------------
// Reading an answer on the client side

const ERROR_DATA = v.object({
  code: v.picklist(ERROR_CODES),
  message: v.string(),
  details: v.optional(v.record(v.string(), v.unknown())),
});

const ENVELOPE = v.variant('ok', [v.object({ ok: v.literal(true), value: v.unknown() }), v.object({ ok: v.literal(false), error: ERROR_DATA })]);

/**
 * What a client makes of whatever a transport answered: a well-formed ApiResult as it is, anything
 * else (an HTML error page, a crash) INTERNAL. A transport never rejects past this point.
 */
export function toApiResult(answer: unknown): ApiResult<unknown> {
  const parsed = v.safeParse(ENVELOPE, answer);
  if (!parsed.success) return { ok: false, error: { code: 'INTERNAL', message: 'the station sent an answer that is not an API result' } };
  return parsed.output as ApiResult<unknown>;
}
