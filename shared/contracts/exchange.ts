/**
 * Bancor exchange contracts in words (docs/decisions.md §17): ExchangeCreate 41, ExchangeInject 42,
 * ExchangeWithdraw 43 and ExchangeTransaction 44. Token ids are text ("_" is the coin); amounts are
 * shown in TRX with sun for the coin and in a known token's units, else in smallest units.
 *
 * Invariant: a token id that is not plain text is shown as hex, never as text; nothing but the
 * message is read.
 */
import type {
  ExchangeCreateContract,
  ExchangeInjectContract,
  ExchangeTransactionContract,
  ExchangeWithdrawContract,
} from '../gen/protocol/exchange_contract_pb.ts';
import { addressRow, countRow, row, tokenAmount, tokenIdText, tokenName, who, type DescribeContext, type Description } from './fields.ts';

export function describeExchangeCreate(c: ExchangeCreateContract, ctx: DescribeContext): Description {
  const first = tokenAmount(ctx, tokenIdText(c.firstTokenId), c.firstTokenBalance);
  const second = tokenAmount(ctx, tokenIdText(c.secondTokenId), c.secondTokenBalance);
  return {
    summary: `Create an exchange between ${tokenName(ctx, c.firstTokenId)} and ${tokenName(ctx, c.secondTokenId)}, putting in ${first} and ${second}, from ${who(ctx, c.ownerAddress)}`,
    fields: [
      addressRow(ctx, 'owner_address', 'Creator', c.ownerAddress),
      row('first_token_id', 'First token', tokenName(ctx, c.firstTokenId)),
      row('first_token_balance', 'First token amount', first),
      row('second_token_id', 'Second token', tokenName(ctx, c.secondTokenId)),
      row('second_token_balance', 'Second token amount', second),
    ],
  };
}

function poolRows(c: ExchangeInjectContract | ExchangeWithdrawContract, ctx: DescribeContext, what: string): Description['fields'] {
  return [
    addressRow(ctx, 'owner_address', 'Exchange creator', c.ownerAddress),
    countRow('exchange_id', 'Exchange', c.exchangeId),
    row('token_id', 'Token', tokenName(ctx, c.tokenId)),
    row('quant', what, tokenAmount(ctx, tokenIdText(c.tokenId), c.quant)),
  ];
}

export function describeExchangeInject(c: ExchangeInjectContract, ctx: DescribeContext): Description {
  return {
    summary: `Add ${tokenAmount(ctx, tokenIdText(c.tokenId), c.quant)} (and the matching amount of the other token) to exchange ${c.exchangeId}, from ${who(ctx, c.ownerAddress)}`,
    fields: poolRows(c, ctx, 'Amount to add'),
  };
}

export function describeExchangeWithdraw(c: ExchangeWithdrawContract, ctx: DescribeContext): Description {
  return {
    summary: `Take ${tokenAmount(ctx, tokenIdText(c.tokenId), c.quant)} (and the matching amount of the other token) out of exchange ${c.exchangeId}, to ${who(ctx, c.ownerAddress)}`,
    fields: poolRows(c, ctx, 'Amount to take out'),
  };
}

export function describeExchangeTransaction(c: ExchangeTransactionContract, ctx: DescribeContext): Description {
  const sold = tokenAmount(ctx, tokenIdText(c.tokenId), c.quant);
  return {
    summary: `Sell ${sold} on exchange ${c.exchangeId} for at least ${c.expected} smallest units of the other token, from ${who(ctx, c.ownerAddress)}`,
    fields: [
      addressRow(ctx, 'owner_address', 'Seller', c.ownerAddress),
      countRow('exchange_id', 'Exchange', c.exchangeId),
      row('token_id', 'Token sold', tokenName(ctx, c.tokenId)),
      row('quant', 'Amount sold', sold),
      countRow('expected', 'Least to receive (smallest units of the other token)', c.expected),
    ],
  };
}
