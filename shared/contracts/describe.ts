/**
 * Every contract type Airlock decodes, in words (docs/decisions.md §17): its describer (its title is the operation
 * catalogue's plain name, docs/decisions.md §26), the one
 * table shared/views/view.ts reads to show any transaction. A describer takes the message decoded
 * from the signed bytes and returns a one-line summary and a field table (fields.ts); the family
 * modules (staking.ts, voting.ts, account.ts, smart-contract.ts, exchange.ts, proposal.ts,
 * market.ts, shielded.ts, token-admin.ts, basic-fields.ts) hold the words.
 *
 * Invariant: the table has an entry for every name in SUPPORTED_CONTRACTS (the `Record` type makes
 * a missing one a compile error), so nothing Airlock decodes lacks words.
 */
import type { Message } from '@bufbuild/protobuf';
import type { SupportedContractName } from '../chain/contract-types.ts';
import type * as Account from '../gen/protocol/account_contract_pb.ts';
import type * as Asset from '../gen/protocol/asset_contract_pb.ts';
import type * as Balance from '../gen/protocol/balance_contract_pb.ts';
import type * as Core from '../gen/protocol/contract_pb.ts';
import type * as Executive from '../gen/protocol/executive_contract_pb.ts';
import type * as Exchange from '../gen/protocol/exchange_contract_pb.ts';
import type * as Market from '../gen/protocol/market_contract_pb.ts';
import type * as Proposal from '../gen/protocol/proposal_contract_pb.ts';
import type * as Shield from '../gen/protocol/shield_contract_pb.ts';
import type * as Smart from '../gen/protocol/smart_contract_pb.ts';
import { sunInWords } from '../base/amount.ts';
import { operationWords } from '../chain/operation-catalogue.ts';
import { describeAccountCreate, describeAccountUpdate, describeSetAccountId, describeWitnessCreate, describeWitnessUpdate } from './account.ts';
import { assetIssueRows, participateRows, permissionUpdateRows, transferAssetRows, transferRows } from './basic-fields.ts';
import { describeExchangeCreate, describeExchangeInject, describeExchangeTransaction, describeExchangeWithdraw } from './exchange.ts';
import { describeMarketCancelOrder, describeMarketSellAsset } from './market.ts';
import { describeProposalApprove, describeProposalCreate, describeProposalDelete } from './proposal.ts';
import { describeShieldedTransfer } from './shielded.ts';
import {
  describeClearAbi,
  describeCreateSmartContract,
  describeTriggerSmartContract,
  describeUpdateEnergyLimit,
  describeUpdateSetting,
} from './smart-contract.ts';
import {
  describeCancelAllUnfreezeV2,
  describeDelegateResource,
  describeFreezeBalance,
  describeFreezeBalanceV2,
  describeUnDelegateResource,
  describeUnfreezeBalance,
  describeUnfreezeBalanceV2,
  describeWithdrawExpireUnfreeze,
} from './staking.ts';
import { describeUnfreezeAsset, describeUpdateAsset } from './token-admin.ts';
import { describeUpdateBrokerage, describeVoteAsset, describeVoteWitness, describeWithdrawBalance } from './voting.ts';
import { who, type DescribeContext, type Description } from './fields.ts';

export interface ContractWords {
  /** The kind in plain words ("Vote for executives"): the operation catalogue's name. */
  title: string;
  describe(message: Message, ctx: DescribeContext): Description;
}

type Describer = Pick<ContractWords, 'describe'>;

/** Wraps a typed describer: the registry is keyed by name, so the message type matches by construction. */
function words<T>(describe: (c: T, ctx: DescribeContext) => Description): Describer {
  return { describe: (m, ctx) => describe(m as unknown as T, ctx) };
}

/** The kind in plain words ("Vote for executives"): the operation catalogue's name (shared/chain/operation-catalogue.ts). */
export function contractTitle(name: SupportedContractName): string {
  return operationWords(name)!.name;
}

const DESCRIBERS: Readonly<Record<SupportedContractName, Describer>> = {
  AccountCreateContract: words<Account.AccountCreateContract>(describeAccountCreate),
  TransferContract: words<Core.TransferContract>((c, ctx) => ({
    summary: `Send ${sunInWords(c.amount)} from ${who(ctx, c.ownerAddress)} to ${who(ctx, c.toAddress)}`,
    fields: transferRows(c, ctx),
  })),
  TransferAssetContract: words<Core.TransferAssetContract>((c, ctx) => ({
    summary: `Send ${c.amount} smallest token units from ${who(ctx, c.ownerAddress)} to ${who(ctx, c.toAddress)}`,
    fields: transferAssetRows(c, ctx),
  })),
  VoteAssetContract: words<Executive.VoteAssetContract>(describeVoteAsset),
  VoteWitnessContract: words<Executive.VoteWitnessContract>(describeVoteWitness),
  WitnessCreateContract: words<Executive.WitnessCreateContract>(describeWitnessCreate),
  AssetIssueContract: words<Core.AssetIssueContract>((c, ctx) => ({
    summary: `Issue a token, owned by ${who(ctx, c.ownerAddress)}`,
    fields: assetIssueRows(c, ctx),
  })),
  WitnessUpdateContract: words<Executive.WitnessUpdateContract>(describeWitnessUpdate),
  ParticipateAssetIssueContract: words<Core.ParticipateAssetIssueContract>((c, ctx) => ({
    summary: `Pay ${sunInWords(c.amount)} to ${who(ctx, c.toAddress)} for a token, from ${who(ctx, c.ownerAddress)}`,
    fields: participateRows(c, ctx),
  })),
  AccountUpdateContract: words<Account.AccountUpdateContract>(describeAccountUpdate),
  FreezeBalanceContract: words<Balance.FreezeBalanceContract>(describeFreezeBalance),
  UnfreezeBalanceContract: words<Balance.UnfreezeBalanceContract>(describeUnfreezeBalance),
  WithdrawBalanceContract: words<Balance.WithdrawBalanceContract>(describeWithdrawBalance),
  UnfreezeAssetContract: words<Asset.UnfreezeAssetContract>(describeUnfreezeAsset),
  UpdateAssetContract: words<Asset.UpdateAssetContract>(describeUpdateAsset),
  ProposalCreateContract: words<Proposal.ProposalCreateContract>(describeProposalCreate),
  ProposalApproveContract: words<Proposal.ProposalApproveContract>(describeProposalApprove),
  ProposalDeleteContract: words<Proposal.ProposalDeleteContract>(describeProposalDelete),
  SetAccountIdContract: words<Account.SetAccountIdContract>(describeSetAccountId),
  CreateSmartContract: words<Smart.CreateSmartContract>(describeCreateSmartContract),
  TriggerSmartContract: words<Smart.TriggerSmartContract>(describeTriggerSmartContract),
  UpdateSettingContract: words<Smart.UpdateSettingContract>(describeUpdateSetting),
  ExchangeCreateContract: words<Exchange.ExchangeCreateContract>(describeExchangeCreate),
  ExchangeInjectContract: words<Exchange.ExchangeInjectContract>(describeExchangeInject),
  ExchangeWithdrawContract: words<Exchange.ExchangeWithdrawContract>(describeExchangeWithdraw),
  ExchangeTransactionContract: words<Exchange.ExchangeTransactionContract>(describeExchangeTransaction),
  UpdateEnergyLimitContract: words<Smart.UpdateEnergyLimitContract>(describeUpdateEnergyLimit),
  AccountPermissionUpdateContract: words<Core.AccountPermissionUpdateContract>((c, ctx) => ({
    summary: `Replace the permissions of ${who(ctx, c.ownerAddress)}`,
    fields: permissionUpdateRows(c, ctx),
  })),
  ClearABIContract: words<Smart.ClearABIContract>(describeClearAbi),
  UpdateBrokerageContract: words<Executive.UpdateBrokerageContract>(describeUpdateBrokerage),
  ShieldedTransferContract: words<Shield.ShieldedTransferContract>(describeShieldedTransfer),
  MarketSellAssetContract: words<Market.MarketSellAssetContract>(describeMarketSellAsset),
  MarketCancelOrderContract: words<Market.MarketCancelOrderContract>(describeMarketCancelOrder),
  FreezeBalanceV2Contract: words<Balance.FreezeBalanceV2Contract>(describeFreezeBalanceV2),
  UnfreezeBalanceV2Contract: words<Balance.UnfreezeBalanceV2Contract>(describeUnfreezeBalanceV2),
  WithdrawExpireUnfreezeContract: words<Balance.WithdrawExpireUnfreezeContract>(describeWithdrawExpireUnfreeze),
  DelegateResourceContract: words<Balance.DelegateResourceContract>(describeDelegateResource),
  UnDelegateResourceContract: words<Balance.UnDelegateResourceContract>(describeUnDelegateResource),
  CancelAllUnfreezeV2Contract: words<Balance.CancelAllUnfreezeV2Contract>(describeCancelAllUnfreezeV2),
};

export const CONTRACT_WORDS = Object.fromEntries(
  Object.entries(DESCRIBERS).map(([name, w]) => [name, { title: contractTitle(name as SupportedContractName), ...w }]),
) as Readonly<Record<SupportedContractName, ContractWords>>;

/** A decoded contract in words: its title, summary and field table. */
export function describeContract(name: SupportedContractName, message: Message, ctx: DescribeContext = {}): Description & { title: string } {
  const w = CONTRACT_WORDS[name];
  return { title: w.title, ...w.describe(message, ctx) };
}
