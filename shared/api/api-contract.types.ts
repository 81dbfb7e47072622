/**
 * Type tests of the API contract (docs/decisions.md §8): run by `npm run typecheck`, not by vitest. Each
 * `@ts-expect-error` line must fail to compile; if the contract's types stopped catching that
 * mistake, the directive itself becomes the error and typecheck fails.
 */
import * as v from 'valibot';
import { defineApi, type ApiClient, type ApiResult, type Handlers, type ResultOf } from './api-contract.ts';

export const API = defineApi({
  greet: { args: v.strictObject({ name: v.string() }), result: v.strictObject({ line: v.string() }) },
  ping: { args: v.undefined(), result: v.literal('pong') },
});
type Api = typeof API;

// A complete, correct handler map compiles.
export const good: Handlers<Api> = {
  greet: ({ name }) => ({ line: `hello ${name}` }),
  ping: async () => 'pong' as const,
};

// @ts-expect-error a handler map missing a method
export const missing: Handlers<Api> = { greet: ({ name }) => ({ line: name }) };

export const wrongArgs: Handlers<Api> = {
  // @ts-expect-error a handler whose argument type differs from the schema's
  greet: ({ name }: { name: number }) => ({ line: String(name) }),
  ping: () => 'pong' as const,
};

export const wrongResult: Handlers<Api> = {
  // @ts-expect-error a handler whose result differs from the schema's
  greet: () => ({ text: 'hello' }),
  ping: () => 'pong' as const,
};

export const extra: Handlers<Api> = {
  greet: () => ({ line: '' }),
  ping: () => 'pong' as const,
  // @ts-expect-error a handler for a method the table does not have
  gone: () => null,
};

// @ts-expect-error a client missing a method
export const partialClient: ApiClient<Api> = { greet: async () => ({ ok: true, value: { line: '' } }) };

export async function clientCalls(client: ApiClient<Api>): Promise<string> {
  const answer: ApiResult<ResultOf<Api, 'greet'>> = await client.greet({ name: 'ana' });
  // @ts-expect-error a wrong argument type
  await client.greet({ name: 1 });
  // @ts-expect-error a missing argument where the schema needs one
  await client.greet();
  await client.ping();
  // @ts-expect-error the value exists only after checking ok
  void answer.value;
  return answer.ok ? answer.value.line : answer.error.code;
}
