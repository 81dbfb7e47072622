/**
 * Every contract type Airlock decodes, in words (issue 17): its title and its describer, the one
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
  /** The kind in plain words ("Vote for executives"). */
  title: string;
  describe(message: Message, ctx: DescribeContext): Description;
}

/** Wraps a typed describer: the registry is keyed by name, so the message type matches by construction. */
function words<T>(title: string, describe: (c: T, ctx: DescribeContext) => Description): ContractWords {
  return { title, describe: (m, ctx) => describe(m as unknown as T, ctx) };
}

export const CONTRACT_WORDS: Readonly<Record<SupportedContractName, ContractWords>> = {
  AccountCreateContract: words<Account.AccountCreateContract>('Account creation', describeAccountCreate),
  TransferContract: words<Core.TransferContract>('Transfer', (c, ctx) => ({
    summary: `Send ${sunInWords(c.amount)} from ${who(ctx, c.ownerAddress)} to ${who(ctx, c.toAddress)}`,
    fields: transferRows(c, ctx),
  })),
  TransferAssetContract: words<Core.TransferAssetContract>('Token transfer', (c, ctx) => ({
    summary: `Send ${c.amount} smallest token units from ${who(ctx, c.ownerAddress)} to ${who(ctx, c.toAddress)}`,
    fields: transferAssetRows(c, ctx),
  })),
  VoteAssetContract: words<Executive.VoteAssetContract>('Asset vote', describeVoteAsset),
  VoteWitnessContract: words<Executive.VoteWitnessContract>('Vote for executives', describeVoteWitness),
  WitnessCreateContract: words<Executive.WitnessCreateContract>('Executive application', describeWitnessCreate),
  AssetIssueContract: words<Core.AssetIssueContract>('Token issue', (c, ctx) => ({
    summary: `Issue a token, owned by ${who(ctx, c.ownerAddress)}`,
    fields: assetIssueRows(c, ctx),
  })),
  WitnessUpdateContract: words<Executive.WitnessUpdateContract>('Executive url change', describeWitnessUpdate),
  ParticipateAssetIssueContract: words<Core.ParticipateAssetIssueContract>('Token purchase', (c, ctx) => ({
    summary: `Pay ${sunInWords(c.amount)} to ${who(ctx, c.toAddress)} for a token, from ${who(ctx, c.ownerAddress)}`,
    fields: participateRows(c, ctx),
  })),
  AccountUpdateContract: words<Account.AccountUpdateContract>('Account name', describeAccountUpdate),
  FreezeBalanceContract: words<Balance.FreezeBalanceContract>('Stake (1.0)', describeFreezeBalance),
  UnfreezeBalanceContract: words<Balance.UnfreezeBalanceContract>('Unstake (1.0)', describeUnfreezeBalance),
  WithdrawBalanceContract: words<Balance.WithdrawBalanceContract>('Reward claim', describeWithdrawBalance),
  UnfreezeAssetContract: words<Asset.UnfreezeAssetContract>('Token supply release', describeUnfreezeAsset),
  UpdateAssetContract: words<Asset.UpdateAssetContract>('Token update', describeUpdateAsset),
  ProposalCreateContract: words<Proposal.ProposalCreateContract>('Proposal', describeProposalCreate),
  ProposalApproveContract: words<Proposal.ProposalApproveContract>('Proposal approval', describeProposalApprove),
  ProposalDeleteContract: words<Proposal.ProposalDeleteContract>('Proposal withdrawal', describeProposalDelete),
  SetAccountIdContract: words<Account.SetAccountIdContract>('Account id', describeSetAccountId),
  CreateSmartContract: words<Smart.CreateSmartContract>('Contract deployment', describeCreateSmartContract),
  TriggerSmartContract: words<Smart.TriggerSmartContract>('Contract call', describeTriggerSmartContract),
  UpdateSettingContract: words<Smart.UpdateSettingContract>('Contract energy share', describeUpdateSetting),
  ExchangeCreateContract: words<Exchange.ExchangeCreateContract>('Exchange creation', describeExchangeCreate),
  ExchangeInjectContract: words<Exchange.ExchangeInjectContract>('Exchange deposit', describeExchangeInject),
  ExchangeWithdrawContract: words<Exchange.ExchangeWithdrawContract>('Exchange withdrawal', describeExchangeWithdraw),
  ExchangeTransactionContract: words<Exchange.ExchangeTransactionContract>('Exchange trade', describeExchangeTransaction),
  UpdateEnergyLimitContract: words<Smart.UpdateEnergyLimitContract>('Contract energy limit', describeUpdateEnergyLimit),
  AccountPermissionUpdateContract: words<Core.AccountPermissionUpdateContract>('Permission update', (c, ctx) => ({
    summary: `Replace the permissions of ${who(ctx, c.ownerAddress)}`,
    fields: permissionUpdateRows(c, ctx),
  })),
  ClearABIContract: words<Smart.ClearABIContract>('Contract ABI removal', describeClearAbi),
  UpdateBrokerageContract: words<Executive.UpdateBrokerageContract>('Executive reward share', describeUpdateBrokerage),
  ShieldedTransferContract: words<Shield.ShieldedTransferContract>('Shielded transfer', describeShieldedTransfer),
  MarketSellAssetContract: words<Market.MarketSellAssetContract>('Market order', describeMarketSellAsset),
  MarketCancelOrderContract: words<Market.MarketCancelOrderContract>('Market order cancellation', describeMarketCancelOrder),
  FreezeBalanceV2Contract: words<Balance.FreezeBalanceV2Contract>('Stake', describeFreezeBalanceV2),
  UnfreezeBalanceV2Contract: words<Balance.UnfreezeBalanceV2Contract>('Unstake', describeUnfreezeBalanceV2),
  WithdrawExpireUnfreezeContract: words<Balance.WithdrawExpireUnfreezeContract>('Unstaked withdrawal', describeWithdrawExpireUnfreeze),
  DelegateResourceContract: words<Balance.DelegateResourceContract>('Resource delegation', describeDelegateResource),
  UnDelegateResourceContract: words<Balance.UnDelegateResourceContract>('Resource reclaim', describeUnDelegateResource),
  CancelAllUnfreezeV2Contract: words<Balance.CancelAllUnfreezeV2Contract>('Unstake cancellation', describeCancelAllUnfreezeV2),
};

/** A decoded contract in words: its title, summary and field table. */
export function describeContract(name: SupportedContractName, message: Message, ctx: DescribeContext = {}): Description & { title: string } {
  const w = CONTRACT_WORDS[name];
  return { title: w.title, ...w.describe(message, ctx) };
}
