/**
 * Tokens (docs/decisions.md §10 "Tokens"): a token by id from the store, or read from the node
 * (getassetissuebyid) and stored when the store lacks it or the caller asks; and the stored list.
 * The view and the sale's storage are station/core/token-details.ts.
 *
 * Invariant: a stored token is shown offline as it was read, with its source and age; an unknown
 * one needs the node (NODE_UNREACHABLE says so) or a snapshot.
 */
import { addressToBase58 } from '../../shared/chain/address.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { kindOf, rejectField, tokenIdInput } from '../../shared/chain/input.ts';
import type { TokenRecord } from '../store/tokens.ts';
import type { StationContext } from '../core/context.ts';
import { provenanceOf, putTokenWithSale, sourceView } from '../core/records.ts';
import { nodeSourceAtHead } from '../core/provenance.ts';
import { getTokenSale, tokenView, type TokenView } from '../core/token-details.ts';

export function tokensFeature(ctx: StationContext) {
  const storedTokenView = (t: TokenRecord): TokenView =>
    tokenView(t, getTokenSale(ctx.store, t.id), addressToBase58(t.owner), sourceView(t.source).text, provenanceOf(t.source, t.storedAt, ctx.now()), ctx.now());

  return {
    async tokenShow(args: { id: string; fetch?: boolean }): Promise<TokenView> {
      const id = tokenIdInput(args.id, 'id');
      if (args.fetch !== undefined && typeof args.fetch !== 'boolean') rejectField('fetch', `must be true or false, got ${kindOf(args.fetch)}`);
      if (args.fetch === true || !ctx.store.getToken(id)) {
        const { token, sale, source } = await ctx.online(async (node) => {
          try {
            const at = await nodeSourceAtHead(node, ctx.nodeUrl());
            return { ...(await node.tokenDetails(id)), source: at };
          } catch (e) {
            if (e instanceof AirlockError && e.code === 'NOT_FOUND')
              fail('NOT_FOUND', `id: token ${id} does not exist on the node at ${ctx.nodeUrl()}`, { field: 'id' });
            throw e;
          }
        });
        putTokenWithSale(ctx.store, token, sale, source);
      }
      return storedTokenView(ctx.store.getToken(id)!);
    },

    /** Every token this station has stored, by id. */
    tokenList(): { tokens: TokenView[] } {
      return { tokens: ctx.store.listTokens().map(storedTokenView) };
    },
  };
}
