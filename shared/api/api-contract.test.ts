/**
 * The API contract's dispatch (docs/decisions.md §8): the argument is checked (JSON data, bounds, schema) before
 * any handler runs, with INVALID_INPUT naming the field and never quoting the input; results are
 * checked and only declared fields cross; throws become data without their text.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ARG_LIMITS,
  INTERNAL_MESSAGE,
  base64File,
  checkJsonData,
  defineApi,
  dispatch,
  hasMethod,
  toApiResult,
  type ApiResult,
} from './api-contract.ts';
import { TEST_API } from '../../test/fixtures/shell-api.ts';
import { SECRET_TEXT, testHandlers } from '../../test/helpers/shell-helpers.ts';
import { MAX_FILE_BYTES } from '../base/limits.ts';

function nestedArrays(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function errorOf(result: ApiResult<unknown>) {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}

describe('dispatch: argument checks come before the handler', () => {
  it('a valid call reaches the handler and returns its value', async () => {
    const { handlers, calls } = testHandlers();
    expect(await dispatch(TEST_API, handlers, 'echo', { text: 'hello' })).toEqual({ ok: true, value: { text: 'hello' } });
    expect(calls).toEqual(['echo']);
  });

  it('a wrong type is INVALID_INPUT naming the field path, and the handler never runs', async () => {
    const { handlers, calls } = testHandlers();
    const error = errorOf(await dispatch(TEST_API, handlers, 'sum', { values: [1, 2, 'three'] }));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.details?.field).toBe('values[2]');
    expect(error.message).toBe('sum: values[2]: expected number, got a string');
    expect(calls).toEqual([]);
  });

  it('a missing field and an unknown field are each named', async () => {
    const { handlers, calls } = testHandlers();
    const missing = errorOf(await dispatch(TEST_API, handlers, 'echo', {}));
    expect(missing).toMatchObject({ code: 'INVALID_INPUT', details: { field: 'text' } });
    expect(missing.message).toBe('echo: text: required');
    const unknown = errorOf(await dispatch(TEST_API, handlers, 'echo', { text: 'a', extra: 1 }));
    expect(unknown).toMatchObject({ code: 'INVALID_INPUT', message: 'echo: extra: unknown field', details: { field: 'extra' } });
    expect(calls).toEqual([]);
  });

  it('a failed check never quotes the input (a key pasted into the wrong field stays out of the error)', async () => {
    const { handlers } = testHandlers();
    for (const args of [{ id: `${SECRET_TEXT}00` }, { id: 5 }, { text: SECRET_TEXT }]) {
      const error = errorOf(await dispatch(TEST_API, handlers, 'txId', args));
      expect(JSON.stringify(error)).not.toContain(SECRET_TEXT);
    }
    // A key pasted as a field name or a method name is cut too.
    const asKey = errorOf(await dispatch(TEST_API, handlers, 'echo', { text: 'a', [SECRET_TEXT]: 1 }));
    expect(asKey.message).toBe(`echo: "${SECRET_TEXT.slice(0, 6)}…": unknown field`);
    expect(JSON.stringify(errorOf(await dispatch(TEST_API, handlers, SECRET_TEXT, {})))).not.toContain(SECRET_TEXT);
    const tooLong = errorOf(await dispatch(TEST_API, handlers, 'echo', { text: SECRET_TEXT.repeat(2) }));
    expect(tooLong.details?.field).toBe('text');
    expect(JSON.stringify(tooLong)).not.toContain(SECRET_TEXT);
  });

  it('a __proto__ key is refused, at the top and deep inside', async () => {
    const { handlers, calls } = testHandlers();
    const top = JSON.parse('{"text":"a","__proto__":{"polluted":true}}');
    expect(errorOf(await dispatch(TEST_API, handlers, 'echo', top))).toMatchObject({ code: 'INVALID_INPUT', details: { field: '__proto__' } });
    const deep = JSON.parse('{"tree":{"a":[{"__proto__":{"x":1}}]}}');
    expect(errorOf(await dispatch(TEST_API, handlers, 'nested', deep))).toMatchObject({ details: { field: 'tree.a[0].__proto__' } });
    expect(calls).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('nesting deeper than the limit is refused without recursion, even 100,000 levels deep', async () => {
    const { handlers, calls } = testHandlers();
    const error = errorOf(await dispatch(TEST_API, handlers, 'nested', { tree: nestedArrays(100_000) }));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toContain(`deeper than ${DEFAULT_ARG_LIMITS.maxDepth} levels`);
    // Just inside the limit passes (the argument object and `tree` are two of the levels).
    expect(await dispatch(TEST_API, handlers, 'nested', { tree: nestedArrays(DEFAULT_ARG_LIMITS.maxDepth - 2) })).toEqual({ ok: true, value: { ok: true } });
    expect(calls).toEqual(['nested']);
  });

  it('too many values and too much text are refused', async () => {
    const { handlers } = testHandlers();
    const many = errorOf(await dispatch(TEST_API, handlers, 'nested', { tree: new Array(DEFAULT_ARG_LIMITS.maxNodes).fill(0) }));
    expect(many.message).toContain('more than');
    const text = errorOf(await dispatch(TEST_API, handlers, 'nested', { tree: 'x'.repeat(DEFAULT_ARG_LIMITS.maxTextChars + 1) }));
    expect(text.message).toContain('characters of text');
  });

  it('values JSON cannot carry (what a structured clone over IPC could) are refused', async () => {
    const { handlers, calls } = testHandlers();
    for (const tree of [new Map(), new Date(0), new Uint8Array(4), 10n, Number.NaN, Infinity, undefined, new Array(3), () => 1]) {
      const result = await dispatch(TEST_API, handlers, 'nested', { tree });
      expect(result.ok, String(tree)).toBe(false);
    }
    expect(calls).toEqual([]);
  });

  it('an unknown method is NOT_FOUND, including names every object has', async () => {
    const { handlers } = testHandlers();
    for (const name of ['nope', 'toString', '__proto__', 'constructor', 'hasOwnProperty']) {
      expect(errorOf(await dispatch(TEST_API, handlers, name, {})).code).toBe('NOT_FOUND');
    }
    expect(hasMethod(TEST_API, 'echo')).toBe(true);
    expect(hasMethod(TEST_API, 'toString')).toBe(false);
  });

  it('a method with no argument takes undefined and refuses anything else', async () => {
    const { handlers } = testHandlers();
    expect(await dispatch(TEST_API, handlers, 'count', undefined)).toEqual({ ok: true, value: { calls: 1 } });
    expect(errorOf(await dispatch(TEST_API, handlers, 'count', { x: 1 })).code).toBe('INVALID_INPUT');
  });
});

describe('dispatch: byte payloads', () => {
  it('base64 within the size limit passes; over it, or not base64, is refused', async () => {
    const { handlers } = testHandlers();
    const ok = Buffer.alloc(1024, 7).toString('base64');
    expect(await dispatch(TEST_API, handlers, 'upload', { file: ok })).toEqual({ ok: true, value: { size: ok.length } });
    const big = errorOf(await dispatch(TEST_API, handlers, 'upload', { file: Buffer.alloc(1025, 7).toString('base64') }));
    expect(big).toMatchObject({ code: 'INVALID_INPUT', details: { field: 'file' } });
    expect(big.message).toContain('at most 1024 bytes');
    expect(errorOf(await dispatch(TEST_API, handlers, 'upload', { file: 'not base64!' })).details?.field).toBe('file');
  });

  it('a file of exactly MAX_FILE_BYTES passes as base64, one byte more does not (no regex stack overflow at 5.6 MB)', () => {
    const schema = base64File();
    expect(v.safeParse(schema, Buffer.alloc(MAX_FILE_BYTES, 1).toString('base64')).success).toBe(true);
    expect(v.safeParse(schema, Buffer.alloc(MAX_FILE_BYTES + 1, 1).toString('base64')).success).toBe(false);
    for (const bad of ['AAA', 'A===', '====', 'AA==AA==', 'AA\nAA==', 'AA-_']) expect(v.safeParse(schema, bad).success, bad).toBe(false);
    for (const good of ['', 'AA==', 'AAA=', 'AAAA']) expect(v.safeParse(schema, good).success, good).toBe(true);
  });

  it('text files are limited in UTF-8 bytes, not characters', async () => {
    const { handlers } = testHandlers();
    expect((await dispatch(TEST_API, handlers, 'upload', { file: '', note: 'é'.repeat(32) })).ok).toBe(true);
    expect(errorOf(await dispatch(TEST_API, handlers, 'upload', { file: '', note: 'é'.repeat(33) })).details?.field).toBe('note');
  });
});

describe('dispatch: results and throws', () => {
  it('only the fields a result schema declares cross', async () => {
    const { handlers } = testHandlers();
    const result = await dispatch(TEST_API, handlers, 'sum', { values: [1, 2, 3] });
    expect(result).toEqual({ ok: true, value: { total: 6 } });
    expect(JSON.stringify(result)).not.toContain(SECRET_TEXT);
  });

  it('a result that does not match its schema is INTERNAL, and the cause goes only to the log hook', async () => {
    const table = defineApi({ broken: { args: v.undefined(), result: v.strictObject({ n: v.number() }) } });
    const logged: unknown[] = [];
    const result = await dispatch(table, { broken: () => ({ n: 'one' }) as unknown as { n: number } }, 'broken', undefined, {
      onInternalError: (_m, cause) => logged.push(cause),
    });
    expect(errorOf(result)).toEqual({ code: 'INTERNAL', message: INTERNAL_MESSAGE, details: { method: 'broken' } });
    expect(String(logged[0])).toContain('result does not match its schema at n');
  });

  it('an AirlockError crosses as its own data', async () => {
    const { handlers } = testHandlers();
    expect(errorOf(await dispatch(TEST_API, handlers, 'fail', { kind: 'airlock' }))).toEqual({
      code: 'NOT_FOUND',
      message: 'no transaction abc',
      details: { field: 'txid' },
    });
  });

  it('any other throw is INTERNAL with a fixed message: the thrown text never crosses', async () => {
    const { handlers } = testHandlers();
    for (const kind of ['error', 'type'] as const) {
      const logged: unknown[] = [];
      const error = errorOf(await dispatch(TEST_API, handlers, 'fail', { kind }, { onInternalError: (_m, e) => logged.push(e) }));
      expect(error).toEqual({ code: 'INTERNAL', message: INTERNAL_MESSAGE, details: { method: 'fail' } });
      expect(JSON.stringify(error)).not.toContain(SECRET_TEXT);
      expect(logged).toHaveLength(1);
    }
  });

  it('a handler missing at run time (a table and handler map out of step) is INTERNAL, not a crash', async () => {
    const { handlers } = testHandlers();
    const { echo: _echo, ...rest } = handlers;
    expect(errorOf(await dispatch(TEST_API, rest as typeof handlers, 'echo', { text: 'a' })).code).toBe('INTERNAL');
  });
});

describe('defineApi and the client-side envelope', () => {
  it('refuses method names that cannot be channels or URL paths', () => {
    const method = { args: v.undefined(), result: v.null() };
    for (const name of ['', 'Upper', 'with-dash', 'a/b', '__proto__', 'x'.repeat(65)]) {
      expect(() => defineApi({ [name]: method }), name).toThrow(TypeError);
    }
    expect(Object.isFrozen(defineApi({ fine: method }))).toBe(true);
  });

  it('toApiResult passes a well-formed answer and turns anything else into INTERNAL', () => {
    expect(toApiResult({ ok: true, value: 3 })).toEqual({ ok: true, value: 3 });
    expect(toApiResult({ ok: false, error: { code: 'NOT_FOUND', message: 'm' } })).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'm' } });
    for (const bad of [undefined, '<html>', { ok: 'yes' }, { ok: false, error: { code: 'MADE_UP', message: 'm' } }]) {
      expect(toApiResult(bad)).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    }
  });

  it('checkJsonData accepts plain JSON data, including null-prototype objects', () => {
    expect(checkJsonData({ a: [1, 'b', null, true, { c: Object.assign(Object.create(null), { d: 1 }) }] })).toEqual({ ok: true });
  });
});
