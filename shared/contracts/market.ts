/**
 * Order-book market contracts in words (docs/decisions.md §17): MarketSellAsset 52 and MarketCancelOrder 53.
 * Token ids are text ("_" is the coin); amounts in TRX with sun or a known token's units.
 *
 * Invariant: nothing but the message is read; an order id is shown whole as hex.
 */
import type { MarketCancelOrderContract, MarketSellAssetContract } from '../gen/protocol/market_contract_pb.ts';
import { addressRow, hexRow, row, tokenAmount, tokenIdText, tokenName, who, type DescribeContext, type Description } from './fields.ts';

export function describeMarketSellAsset(c: MarketSellAssetContract, ctx: DescribeContext): Description {
  const sell = tokenAmount(ctx, tokenIdText(c.sellTokenId), c.sellTokenQuantity);
  const buy = tokenAmount(ctx, tokenIdText(c.buyTokenId), c.buyTokenQuantity);
  return {
    summary: `Place an order to sell ${sell} for at least ${buy}, from ${who(ctx, c.ownerAddress)}`,
    fields: [
      addressRow(ctx, 'owner_address', 'Seller', c.ownerAddress),
      row('sell_token_id', 'Token sold', tokenName(ctx, c.sellTokenId)),
      row('sell_token_quantity', 'Amount sold', sell),
      row('buy_token_id', 'Token bought', tokenName(ctx, c.buyTokenId)),
      row('buy_token_quantity', 'Least to receive', buy),
    ],
  };
}

export function describeMarketCancelOrder(c: MarketCancelOrderContract, ctx: DescribeContext): Description {
  return {
    summary: `Cancel market order 0x${[...c.orderId].map((b) => b.toString(16).padStart(2, '0')).join('')} of ${who(ctx, c.ownerAddress)}`,
    fields: [addressRow(ctx, 'owner_address', 'Seller', c.ownerAddress), hexRow('order_id', 'Order', c.orderId)],
  };
}
