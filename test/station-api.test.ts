/**
 * The real station API table (shared/station-api.ts, issue 8 "no API result carries key bytes"):
 * every result schema is closed, so a handler cannot pass through data nobody declared, and no
 * result field is named for secret material. The walk covers every method the table will ever
 * have; the live scan of results for key bytes belongs with the station services' handlers.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { STATION_API } from '../shared/station-api.ts';
import { defineApi } from '../shared/api-contract.ts';

/**
 * Schema types that only ever let declared, JSON-safe data through. A record is not among them:
 * its keys are whatever the handler put there, so a result lists items with named fields instead.
 */
const CLOSED = new Set([
  'string', 'number', 'boolean', 'null', 'undefined', 'literal', 'picklist', 'enum',
  'object', 'strict_object', 'array', 'tuple', 'strict_tuple', 'optional', 'nullable', 'nullish',
  'exact_optional', 'non_optional', 'non_nullable', 'non_nullish', 'union', 'variant',
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
