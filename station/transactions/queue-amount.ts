/**
 * The queue's Amount column (docs/decisions.md §26 "The queue says what each row moves": it said "Contract
 * call", "Stake", "Reward claim" instead of the amount, so a TRC-20 payment of 250.75 ATD and a
 * 5,000 TRX stake read the same as a claim): what each kind of row moves, in words, read from the
 * transaction's own bytes. TRX with thousands separators and one unit name ("TRX", never "coin");
 * a TRC-20 payment in the token's units when the station holds its decimals (queue-payment.ts);
 * stakes, unstakes, delegations with their resource; votes counted; a reward claim "all unclaimed
 * rewards", since the chain decides the sum.
 *
 * Invariant: the amount never repeats the kind's name (the row's accessible name is "<kind> of
 * <amount>": "Stake of 5,000 TRX for energy", never "Reward claim of Reward claim"); a kind that
 * moves no amount says NO_AMOUNT, and the screens name it by its kind alone.
 */
import { COIN_DECIMALS, formatGrouped, groupDigits, NO_AMOUNT } from '../../shared/base/amount.ts';
import { ResourceCode } from '../../shared/gen/protocol/balance_contract_pb.ts';
import type { decodeRawShowingUnknown } from '../../shared/chain/transaction.ts';
import { decodeCall } from '../../shared/contracts/abi-calls.ts';
import type { TransactionView } from '../../shared/views/view.ts';
import type { StationContext } from '../core/context.ts';
import { queueAssets } from './queue-payment.ts';

type Decoded = ReturnType<typeof decodeRawShowingUnknown>;

const trx = (sun: bigint): string => `${formatGrouped(sun, COIN_DECIMALS)} TRX`;

const RESOURCE_WORDS: Readonly<Record<number, string>> = {
  [ResourceCode.BANDWIDTH]: 'bandwidth',
  [ResourceCode.ENERGY]: 'energy',
  [ResourceCode.TRON_POWER]: 'voting power',
};
const resource = (code: unknown): string => (typeof code === 'number' && Object.hasOwn(RESOURCE_WORDS, code) ? RESOURCE_WORDS[code]! : 'a resource');

/** The amount a row moves, in words. */
export function queueAmount(ctx: StationContext, view: TransactionView, decoded: Decoded): string {
  const v = view.contract;
  switch (v.contract) {
    case 'TransferContract':
      return `${v.amountCoin} TRX`;
    case 'TransferAssetContract':
      return v.amountTokens !== null && v.token !== null
        ? `${v.amountTokens} ${v.token.abbr ?? v.token.name ?? 'tokens'}`
        : `${v.amount} units of token ${v.tokenId ?? `0x${v.assetName.hex}`}`;
    case 'ParticipateAssetIssueContract':
      return `${v.amountCoin} TRX for token ${v.tokenId ?? `0x${v.assetName.hex}`}`;
    case 'AssetIssueContract':
      return `issue ${v.name.text ?? `0x${v.name.hex}`}`;
    case 'AccountPermissionUpdateContract':
      return v.ownerPermission ? `owner: ${v.ownerPermission.threshold} of ${v.ownerPermission.keys.length} keys` : 'permission change';
  }
  if (!('contract' in decoded)) return NO_AMOUNT;
  const c = decoded.contract as unknown as Record<string, unknown>;
  switch (decoded.contractType) {
    case 'FreezeBalanceV2Contract':
    case 'FreezeBalanceContract':
      return `${trx(c.frozenBalance as bigint)} for ${resource(c.resource)}`;
    case 'UnfreezeBalanceV2Contract':
      return `${trx(c.unfreezeBalance as bigint)} from ${resource(c.resource)}`;
    case 'UnfreezeBalanceContract':
      return `all staked for ${resource(c.resource)}`;
    case 'DelegateResourceContract':
      return `${trx(c.balance as bigint)} of ${resource(c.resource)}`;
    case 'UnDelegateResourceContract':
      return `${trx(c.balance as bigint)} of ${resource(c.resource)}`;
    case 'WithdrawExpireUnfreezeContract':
      return 'all unstaked TRX past its wait';
    case 'CancelAllUnfreezeV2Contract':
      return 'all pending unstakes';
    case 'WithdrawBalanceContract':
      return 'all unclaimed rewards';
    case 'VoteWitnessContract': {
      const votes = c.votes as { voteCount: bigint }[];
      const total = votes.reduce((sum, x) => sum + x.voteCount, 0n);
      if (votes.length === 0) return 'no votes (all withdrawn)';
      return `${groupDigits(total.toString())} vote${total === 1n ? '' : 's'} for ${votes.length} executive${votes.length === 1 ? '' : 's'}`;
    }
    case 'TriggerSmartContract': {
      const call = decodeCall(c.data as Uint8Array);
      const paid = queueAssets(ctx, decoded).map(
        (a) => `${a.decimals === null ? groupDigits(a.units.toString()) : formatGrouped(a.units, a.decimals)} ${a.unit}`,
      );
      if (call.outcome === 'decoded' && call.source === 'trc20' && call.fn.name === 'approve') return 'an allowance to spend TRC-20 tokens';
      return paid.length > 0 ? paid.join(' and ') : NO_AMOUNT;
    }
    default:
      return NO_AMOUNT;
  }
}
