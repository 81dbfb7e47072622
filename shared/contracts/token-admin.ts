/**
 * The issuer's token contracts in words (docs/decisions.md §17): UnfreezeAsset 14 (release cded supply whose
 * days have passed) and UpdateAsset 15 (description, url, free bandwidth limits). Issue, transfer
 * and purchase are token.ts's.
 *
 * Invariant: description and url are chain text and are shown escaped; nothing but the message is read.
 */
import type { UnfreezeAssetContract, UpdateAssetContract } from '../gen/protocol/asset_contract_pb.ts';
import { addressRow, countRow, textOf, textRow, who, type DescribeContext, type Description } from './fields.ts';

export function describeUnfreezeAsset(c: UnfreezeAssetContract, ctx: DescribeContext): Description {
  return {
    summary: `Release the cded supply of the token issued by ${who(ctx, c.ownerAddress)} whose days have passed`,
    fields: [addressRow(ctx, 'owner_address', 'Issuer', c.ownerAddress)],
  };
}

export function describeUpdateAsset(c: UpdateAssetContract, ctx: DescribeContext): Description {
  return {
    summary: `Update the token issued by ${who(ctx, c.ownerAddress)}: url ${textOf(c.url)}, free bandwidth per account ${c.newLimit}, in all ${c.newPublicLimit}`,
    fields: [
      addressRow(ctx, 'owner_address', 'Issuer', c.ownerAddress),
      textRow('description', 'Description', c.description),
      textRow('url', 'Url', c.url),
      countRow('new_limit', 'Free bandwidth per account', c.newLimit),
      countRow('new_public_limit', 'Free bandwidth for all accounts', c.newPublicLimit),
    ],
  };
}
