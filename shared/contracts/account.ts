/**
 * Account and executive contracts in words (issue 17): AccountCreate 0, AccountUpdate 10 (name),
 * SetAccountId 19, WitnessCreate 5 (apply to be an executive) and WitnessUpdate 8 (its url). The
 * reference node calls executives witnesses; the words here are the spec's. Each describer turns
 * the decoded message into a one-line summary and a field table (fields.ts).
 *
 * Invariant: names, ids and urls are chain text and are shown escaped (fields.ts textOf); nothing
 * but the message is read.
 */
import type { AccountCreateContract, AccountUpdateContract, SetAccountIdContract } from '../gen/protocol/account_contract_pb.ts';
import type { WitnessCreateContract, WitnessUpdateContract } from '../gen/protocol/executive_contract_pb.ts';
import { Account_AccountTypeSchema } from '../gen/protocol/core_pb.ts';
import { addressRow, row, textOf, textRow, who, type DescribeContext, type Description } from './fields.ts';

function accountTypeName(type: number): string {
  return Account_AccountTypeSchema.values.find((v) => v.number === type)?.name ?? `unknown type (${type})`;
}

export function describeAccountCreate(c: AccountCreateContract, ctx: DescribeContext): Description {
  return {
    summary: `Create the account ${who(ctx, c.accountAddress)} (${accountTypeName(c.type)}), paid by ${who(ctx, c.ownerAddress)}`,
    fields: [
      addressRow(ctx, 'owner_address', 'Paid by', c.ownerAddress),
      addressRow(ctx, 'account_address', 'New account', c.accountAddress),
      row('type', 'Account type', accountTypeName(c.type)),
    ],
  };
}

export function describeAccountUpdate(c: AccountUpdateContract, ctx: DescribeContext): Description {
  return {
    summary: `Name the account ${who(ctx, c.ownerAddress)} ${textOf(c.accountName)}`,
    fields: [addressRow(ctx, 'owner_address', 'Account', c.ownerAddress), textRow('account_name', 'Name', c.accountName)],
  };
}

export function describeSetAccountId(c: SetAccountIdContract, ctx: DescribeContext): Description {
  return {
    summary: `Set the id of account ${who(ctx, c.ownerAddress)} to ${textOf(c.accountId)}`,
    fields: [addressRow(ctx, 'owner_address', 'Account', c.ownerAddress), textRow('account_id', 'Account id', c.accountId)],
  };
}

export function describeWitnessCreate(c: WitnessCreateContract, ctx: DescribeContext): Description {
  return {
    summary: `Apply for ${who(ctx, c.ownerAddress)} to become an executive candidate, with url ${textOf(c.url)} (the chain charges its fee for this)`,
    fields: [addressRow(ctx, 'owner_address', 'Account', c.ownerAddress), textRow('url', 'Url', c.url)],
  };
}

export function describeWitnessUpdate(c: WitnessUpdateContract, ctx: DescribeContext): Description {
  return {
    summary: `Change the url of executive ${who(ctx, c.ownerAddress)} to ${textOf(c.updateUrl)}`,
    fields: [addressRow(ctx, 'owner_address', 'Executive', c.ownerAddress), textRow('update_url', 'New url', c.updateUrl)],
  };
}
