/**
 * The real station API table (shared/api/station-api.ts, docs/decisions.md §8 "no API result carries key bytes"):
 * every result schema is closed, so a handler cannot pass through data nobody declared, and no
 * result field is named for secret material. The walk covers every method the table will ever
 * have; the live scan of results for key bytes belongs with the station services' handlers.
 * Hostile arguments (oversized files, thousands of items, unknown and __proto__ keys, a key pasted
 * where a txID belongs) are refused by the argument schemas, naming the field, before any handler.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { STATION_API, type StationApi } from './station-api.ts';
import { defineApi, dispatch, joinApis, type Handlers } from './api-contract.ts';
import type { OneHome } from '../base/one-home.ts';
import { readdirSync } from 'node:fs';
import { MAX_FILE_BYTES } from '../base/limits.ts';

/**
 * Schema types that only ever let declared, JSON-safe data through. A record is not among them:
 * its keys are whatever the handler put there, so a result lists items with named fields instead.
 */
const CLOSED = new Set([
  'string',
  'number',
  'boolean',
  'null',
  'undefined',
  'literal',
  'picklist',
  'enum',
  'object',
  'strict_object',
  'array',
  'tuple',
  'strict_tuple',
  'optional',
  'nullable',
  'nullish',
  'exact_optional',
  'non_optional',
  'non_nullable',
  'non_nullish',
  'union',
  'variant',
]);
const SECRET_NAME = /priv|secret|seed|mnemonic|passphrase|password|keystore/i;

type AnySchema = v.GenericSchema & Record<string, unknown>;

/** Every problem in a result schema, as `path: reason`. */
function openParts(root: v.GenericSchema, path = '(result)'): string[] {
  const schema = root as AnySchema;
  const problems: string[] = [];
  if (!CLOSED.has(schema.type)) problems.push(`${path}: ${schema.type} lets undeclared data through`);
  const children: Array<[string, AnySchema]> = [];
  if (schema.entries) {
    for (const [key, child] of Object.entries(schema.entries as Record<string, AnySchema>)) {
      if (SECRET_NAME.test(key)) problems.push(`${path}.${key}: a field named for secret material`);
      children.push([`${path}.${key}`, child]);
    }
  }
  if (schema.item) children.push([`${path}[]`, schema.item as AnySchema]);
  if (schema.wrapped) children.push([path, schema.wrapped as AnySchema]);
  for (const [i, option] of ((schema.options as AnySchema[] | undefined) ?? []).entries()) {
    if (typeof option === 'object') children.push([`${path}|${i}`, option]);
  }
  for (const [i, item] of ((schema.items as AnySchema[] | undefined) ?? []).entries()) children.push([`${path}[${i}]`, item]);
  for (const [childPath, child] of children) problems.push(...openParts(child, childPath));
  return problems;
}

describe('the station API table', () => {
  for (const [method, spec] of Object.entries(STATION_API)) {
    it(`${method}: its result schema is closed and names no secret`, () => {
      expect(openParts(spec.result)).toEqual([]);
    });
  }

  it('the walk finds open schemas and secret-named fields wherever they hide', () => {
    const probe = defineApi({
      leaky: {
        args: v.undefined(),
        result: v.strictObject({
          keys: v.array(v.strictObject({ address: v.string(), privateKey: v.string() })),
          extra: v.optional(v.unknown()),
          rest: v.looseObject({}),
          either: v.union([v.string(), v.record(v.string(), v.string())]),
        }),
      },
    });
    expect(openParts(probe.leaky.result)).toEqual([
      '(result).keys[].privateKey: a field named for secret material',
      '(result).extra: unknown lets undeclared data through',
      '(result).rest: loose_object lets undeclared data through',
      '(result).either|1: record lets undeclared data through',
    ]);
  });
});

describe('the station API table refuses hostile arguments before any handler runs', () => {
  const reached: string[] = [];
  const handlers = Object.fromEntries(
    Object.keys(STATION_API).map((method) => [
      method,
      () => {
        reached.push(method);
        throw new Error('a handler ran');
      },
    ]),
  ) as unknown as Handlers<StationApi>;

  async function refused(method: string, args: unknown) {
    const answer = await dispatch(STATION_API, handlers, method, args);
    expect(answer.ok).toBe(false);
    return (answer as { ok: false; error: { code: string; message: string; details?: Record<string, unknown> } }).error;
  }

  it('a file larger than the limit, naming the field', async () => {
    const error = await refused('importFiles', { files: [{ name: 'big.json', text: 'x'.repeat(MAX_FILE_BYTES + 1) }] });
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.details?.field).toBe('files[0].text');
  });

  it('thousands of files, an unknown field, a __proto__ key, a list limit over the maximum', async () => {
    expect((await refused('importFiles', { files: Array.from({ length: 5000 }, () => ({ name: 'a', text: '{}' })) })).details?.field).toBe('files');
    expect((await refused('sign', { txId: 'a'.repeat(64), extra: 1 })).details?.field).toBe('extra');
    expect((await refused('keysLabel', JSON.parse('{"address":"T","label":"x","__proto__":{"admin":true}}'))).code).toBe('INVALID_INPUT');
    expect((await refused('list', { limit: 1_000_000 })).details?.field).toBe('limit');
  });

  it('a private key pasted where a txID belongs is refused without quoting it', async () => {
    const key = 'ab'.repeat(31) + 'zz';
    const error = await refused('keysImport', { privateKeyHex: key });
    expect(error.details?.field).toBe('privateKeyHex');
    expect(JSON.stringify(error)).not.toContain(key);
    const asTx = await refused('status', { txId: `${'cd'.repeat(32)}00` });
    expect(JSON.stringify(asTx)).not.toContain('cd'.repeat(32));
  });

  it('no handler ran for any of them', () => {
    expect(reached).toEqual([]);
  });
});

describe('one table per feature, one home per method', () => {
  const one = { args: v.undefined(), result: v.string() };
  const first = defineApi({ shared: one, alone: one });
  const second = defineApi({ shared: one, other: one });

  it('a method declared by two feature tables is refused when the tables are joined', () => {
    expect(() => joinApis(first, second)).toThrow('shared is declared by two tables');
    expect(Object.keys(joinApis(first, defineApi({ other: one })))).toEqual(['shared', 'alone', 'other']);
  });

  it('and does not compile', () => {
    // @ts-expect-error OneHome names `shared`, declared by both tables
    const twice: OneHome<[typeof first, typeof second]> = true;
    const once: OneHome<[typeof first, ReturnType<typeof defineApi<{ other: typeof one }>>]> = true;
    expect([twice, once]).toEqual([true, true]);
  });

  it('the station API is every feature table of shared/api/tables/, joined', async () => {
    const files = readdirSync(new URL('./tables/', import.meta.url)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const methods: string[] = [];
    for (const file of files) {
      const module = (await import(`./tables/${file}`)) as Record<string, Record<string, unknown>>;
      for (const table of Object.values(module)) methods.push(...Object.keys(table));
    }
    expect(methods.sort()).toEqual(Object.keys(STATION_API).sort());
  });
});
