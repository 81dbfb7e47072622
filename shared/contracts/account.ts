/**
 * Account and executive contracts in words (docs/decisions.md §17): AccountCreate 0, AccountUpdate 10 (name),
 * SetAccountId 19, WitnessCreate 5 (apply to be an executive) and WitnessUpdate 8 (its url). The
 * reference node calls executives witnesses; the words here are the spec's. Each describer turns
 * the decoded message into a one-line summary and a field table (fields.ts).
 *
 * Invariant: names, ids and urls are chain text and are shown escaped (fields.ts textOf); nothing
 * but the message is read.
 *
 * `buildAccountUpdate` (docs/decisions.md §17 "Builders") reads the input and runs `validateAccountUpdate`, the
 * stateless part of UpdateAccountActuator in the node's order with its messages word for word
 * (CONTRACT_VALIDATE): the name first, then the owner. Whether the account exists, already has a
 * name, or the name is taken are stateful (the devnet's). The node allows an empty name. A name
 * holding 64 hex digits in a row is refused before the node's rules: it may be a private key.
 */
import { create } from '@bufbuild/protobuf';
import {
  AccountUpdateContractSchema,
  type AccountCreateContract,
  type AccountUpdateContract,
  type SetAccountIdContract,
} from '../gen/protocol/account_contract_pb.ts';
import { isAddressBytes } from '../chain/address.ts';
import { fail } from '../base/errors.ts';
import { addressInput, messageInput, objectInput, rejectField, textInput, within } from '../chain/input.ts';
import { holdsPrivateKeyText } from '../base/secrets.ts';
import { MAX_ACCOUNT_NAME_BYTES } from '../base/limits.ts';
import type { AddressInput } from './transfer.ts';
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

/** UpdateAccountActuator's stateless rules, in its order: the name (at most 200 bytes), then the owner. */
export function validateAccountUpdate(c: AccountUpdateContract): void {
  messageInput(c, 'protocol.AccountUpdateContract', 'validateAccountUpdate: contract');
  if (c.accountName.length > MAX_ACCOUNT_NAME_BYTES) fail('CONTRACT_VALIDATE', 'Invalid accountName', { field: 'account_name' });
  if (!isAddressBytes(c.ownerAddress)) fail('CONTRACT_VALIDATE', 'Invalid ownerAddress', { field: 'owner_address' });
}

export interface AccountUpdateInput {
  owner: AddressInput;
  /** The account's name, as text (UTF-8) or bytes. */
  name: string | Uint8Array;
}

export function buildAccountUpdate(input: AccountUpdateInput): AccountUpdateContract {
  const c = within('buildAccountUpdate', () => {
    const i = objectInput(input, 'input', ['owner', 'name']);
    // A name is public on chain for good: 64 hex digits in a row may be a private key pasted by mistake.
    if (typeof i.name === 'string' && holdsPrivateKeyText(i.name))
      rejectField('name', 'holds 64 hex digits in a row, which may be a private key; an account name is public on chain, so it is refused');
    return create(AccountUpdateContractSchema, { accountName: textInput(i.name, 'name'), ownerAddress: addressInput(i.owner, 'owner') });
  });
  validateAccountUpdate(c);
  return c;
}
