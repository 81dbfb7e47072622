/**
 * The station API's table for one feature. Tokens (station/tokens/tokens.ts): a token's description,
 * stored or read from the node. Merged with the other features' tables in shared/api/station-api.ts,
 * which refuses a method declared by two.
 */
import * as v from 'valibot';
import { defineApi } from '../api-contract.ts';
import { TOKEN_VIEW } from '../token-view-schema.ts';
import { apiTokenIdArg } from '../station-parts.ts';

export const TOKENS_API = defineApi({
  /** A token by id: stored, or read from the node and stored when missing or when `fetch` asks. */
  tokenShow: { args: v.strictObject({ id: apiTokenIdArg, fetch: v.optional(v.boolean()) }), result: TOKEN_VIEW },
  /** The tokens this station has stored. */
  tokenList: { args: v.undefined(), result: v.strictObject({ tokens: v.pipe(v.array(TOKEN_VIEW), v.maxLength(100_000, 'at most 100000 tokens')) }) },
});
