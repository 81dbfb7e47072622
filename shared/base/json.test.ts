/**
 * Lossless JSON (shared/base/json.ts): the node writes int64 values as bare JSON numbers, and those above
 * 2^53 do not survive JSON.parse. parseJson must keep them exactly (as bigint) and stringifyJson must
 * write them back bare, never quoted and never rounded.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AirlockError } from './errors.ts';
import { mayHoldUnsafeInteger, parseJson, stringifyJson } from './json.ts';
import { MAX_JSON_DEPTH } from './limits.ts';

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

describe('parseJson keeps every integer exactly', () => {
  it('2^63-1 is read as the exact bigint', () => {
    const v = parseJson('{"amount": 9223372036854775807}') as { amount: unknown };
    expect(v.amount).toBe(INT64_MAX);
  });

  it('-2^63 is read as the exact bigint', () => {
    expect(parseJson('[-9223372036854775808]')).toEqual([INT64_MIN]);
  });

  it('2^53+1, which JSON.parse would round to 2^53, stays exact', () => {
    expect(JSON.parse('9007199254740993')).toBe(9007199254740992);
    expect(parseJson('9007199254740993')).toBe(9007199254740993n);
  });

  it('safe integers stay numbers', () => {
    expect(parseJson('{"a": 1, "b": 9007199254740991, "c": -5}')).toEqual({ a: 1, b: 9007199254740991, c: -5 });
  });

  it('fractions and exponents stay numbers', () => {
    expect(parseJson('[1.5, 1e300, 12345678901234567890.5]')).toEqual([1.5, 1e300, Number('12345678901234567890.5')]);
  });

  it('nested values are converted too', () => {
    const v = parseJson('{"raw_data":{"contract":[{"parameter":{"value":{"amount":18446744073709551615}}}]}}') as {
      raw_data: { contract: { parameter: { value: { amount: unknown } } }[] };
    };
    expect(v.raw_data.contract[0]!.parameter.value.amount).toBe(2n ** 64n - 1n);
  });

  it('bad JSON is BAD_JSON, prefixed with what was parsed', () => {
    let e: unknown;
    try {
      parseJson('', 'tx file');
    } catch (err) {
      e = err;
    }
    expect(e).toBeInstanceOf(AirlockError);
    expect((e as AirlockError).code).toBe('BAD_JSON');
    expect((e as AirlockError).message).toBe('tx file: not valid JSON: the text ends early, at line 1, column 1 (offset 0)');
  });

  it('the default prefix is JSON', () => {
    expect(() => parseJson('{')).toThrow(/^JSON: /);
  });

  it('a non-string is a TypeError', () => {
    expect(() => parseJson(1 as unknown as string)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', message: 'JSON: expected text, got number' }));
  });
});

describe('stringifyJson writes bigints as bare numbers', () => {
  it('2^63-1 is written bare', () => {
    expect(stringifyJson({ amount: INT64_MAX })).toBe('{"amount":9223372036854775807}');
  });

  it('indents when asked', () => {
    expect(stringifyJson({ a: [1n] }, 2)).toBe('{\n  "a": [\n    1\n  ]\n}');
  });

  it('round-trips with parseJson exactly', () => {
    const text = '{"a":9223372036854775807,"b":-9223372036854775808,"c":1,"d":"9223372036854775807","e":[1.5,null,true]}';
    expect(stringifyJson(parseJson(text))).toBe(text);
  });

  it('JSON.stringify alone would refuse a bigint (why this helper exists)', () => {
    expect(() => JSON.stringify({ a: 1n })).toThrow(TypeError);
  });
});

describe('parseJson refuses nesting deeper than MAX_JSON_DEPTH, in words (issue 16)', () => {
  const deep = (n: number): string => '['.repeat(n) + ']'.repeat(n);

  it('64 levels read; 65 and 5,000 are BAD_JSON "nested deeper than 64 levels", never the engine\'s stack overflow', () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(() => parseJson(deep(64), 'file')).not.toThrow();
    for (const n of [65, 5_000, 200_000]) {
      let caught: unknown;
      try {
        parseJson(deep(n), 'file');
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(AirlockError);
      expect((caught as AirlockError).toData()).toEqual({
        code: 'BAD_JSON',
        message: 'file: the JSON is nested deeper than 64 levels; refusing to read it',
        details: { field: 'file', maxDepth: 64 },
      });
    }
  });

  it('brackets inside strings are text, not nesting', () => {
    expect(parseJson(`{"a":"${'['.repeat(500)}"}`)).toEqual({ a: '['.repeat(500) });
  });
});

describe('parseJson refuses an object with two members of one name (issue 24)', () => {
  it('names the member and where the second one is; the same name escaped counts as the same', () => {
    expect(() => parseJson('{"amount": 1,\n "amount": 1000000}', 'transfer.json')).toThrow(
      'transfer.json: a member "amount" appears twice in one object (the second at line 2, column 2); readers disagree on which one counts, so the JSON is refused',
    );
    expect(() => parseJson('{"a": 1, "\\u0061": 2}')).toThrow(/member "a" appears twice/);
    expect(() => parseJson('[{"x": {"k": 1, "k": 2}}]')).toThrow(/member "k" appears twice/);
    expect(() => parseJson('{"__proto__": 1, "__proto__": 2}')).toThrow(/member "__proto__" appears twice/);
  });

  it('does not quote a name that could be key material', () => {
    const hexName = 'ab'.repeat(32);
    expect(() => parseJson(`{"${hexName}": 1, "${hexName}": 2}`)).toThrow(/a member of one name appears twice/);
    try {
      parseJson(`{"${hexName}": 1, "${hexName}": 2}`);
    } catch (e) {
      expect((e as Error).message).not.toContain(hexName);
    }
  });

  it('takes the same name in different objects, in arrays, and inside strings', () => {
    expect(parseJson('{"a": {"a": 1}, "b": [{"a": 2}, {"a": 3}], "c": "\\"a\\": 1, \\"a\\": 2"}')).toEqual({
      a: { a: 1 },
      b: [{ a: 2 }, { a: 3 }],
      c: '"a": 1, "a": 2',
    });
  });
});

describe('parseJson skips its reviver only when no integer in the text could be beyond 2^53', () => {
  it('a run of 16 digits or an exponent outside strings may hold one; digits in strings, 15-digit numbers and literals do not', () => {
    for (const text of ['9007199254740993', '[-1234567890123456]', '{"a":1e3}', '[2.5E+20]', '{"x":"\\"","n":1234567890123456}']) {
      expect(mayHoldUnsafeInteger(text), text).toBe(true);
    }
    for (const text of [
      '{"a":"12345678901234567890"}',
      '[123456789012345, -123456789012345]',
      '[true,false,null]',
      '{"e":"E1","f":1.5}',
      '"\\"1234567890123456"',
    ]) {
      expect(mayHoldUnsafeInteger(text), text).toBe(false);
    }
  });

  it('gives what the reviver gives on any JSON, big integers included', () => {
    // The reviver parseJson always ran before: unsafe integer literals become bigints, nothing else changes.
    const withReviver = (text: string): unknown =>
      JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
        typeof value === 'number' && !Number.isSafeInteger(value) && Number.isFinite(value) && /^-?\d+$/.test(context?.source ?? '')
          ? BigInt(context!.source!)
          : value,
      );
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer(),
        fc.string(),
        fc.boolean(),
        fc.constant(null),
        fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
      ),
      node: fc.oneof({ depthSize: 'small' }, tie('leaf'), fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(fc.string(), tie('node'), { maxKeys: 4 })),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        const text = stringifyJson(v);
        expect(parseJson(text)).toEqual(withReviver(text));
      }),
      { numRuns: 500 },
    );
  });
});
