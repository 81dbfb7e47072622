/**
 * Staking contracts in words (issue 17): Stake 1.0 (FreezeBalance 11, UnfreezeBalance 12) and
 * Stake 2.0 (FreezeBalanceV2 54, UnfreezeBalanceV2 55, WithdrawExpireUnfreeze 56,
 * DelegateResource 57, UnDelegateResource 58, CancelAllUnfreezeV2 59). Each describer turns the
 * decoded message into a one-line summary and a field table (fields.ts).
 *
 * Invariant: amounts are shown in TRX with their sun, resources by name (BANDWIDTH, ENERGY), a
 * lock period in blocks with the time it takes, and every address with its label; nothing but the
 * message is read.
 */
import type {
  CancelAllUnfreezeV2Contract,
  DelegateResourceContract,
  FreezeBalanceContract,
  FreezeBalanceV2Contract,
  UnDelegateResourceContract,
  UnfreezeBalanceContract,
  UnfreezeBalanceV2Contract,
  WithdrawExpireUnfreezeContract,
} from '../gen/protocol/balance_contract_pb.ts';
import { sunInWords } from '../base/amount.ts';
import {
  addressRow,
  blocksInWords,
  boolRow,
  durationInWords,
  resourceName,
  row,
  sunRow,
  who,
  type DescribeContext,
  type Description,
  type FieldRow,
} from './fields.ts';

const owner = (ctx: DescribeContext, c: { ownerAddress: Uint8Array }): FieldRow => addressRow(ctx, 'owner_address', 'Account', c.ownerAddress);

export function describeFreezeBalance(c: FreezeBalanceContract, ctx: DescribeContext): Description {
  const fields = [
    owner(ctx, c),
    sunRow('frozen_balance', 'Amount to stake', c.frozenBalance),
    row('frozen_duration', 'Locked for', durationInWords(c.frozenDuration * 86_400_000n)),
    row('resource', 'Resource', resourceName(c.resource)),
  ];
  if (c.receiverAddress.length > 0) fields.push(addressRow(ctx, 'receiver_address', 'Resource goes to', c.receiverAddress));
  const forWhom = c.receiverAddress.length > 0 ? ` for ${who(ctx, c.receiverAddress)}` : '';
  return {
    summary: `Stake ${sunInWords(c.frozenBalance)} for ${resourceName(c.resource)} (Stake 1.0, ${durationInWords(c.frozenDuration * 86_400_000n)})${forWhom}, from ${who(ctx, c.ownerAddress)}`,
    fields,
  };
}

export function describeUnfreezeBalance(c: UnfreezeBalanceContract, ctx: DescribeContext): Description {
  const fields = [owner(ctx, c), row('resource', 'Resource', resourceName(c.resource))];
  if (c.receiverAddress.length > 0) fields.push(addressRow(ctx, 'receiver_address', 'Resource was given to', c.receiverAddress));
  const forWhom = c.receiverAddress.length > 0 ? ` given to ${who(ctx, c.receiverAddress)}` : '';
  return { summary: `Release the Stake 1.0 ${resourceName(c.resource)} stake${forWhom} of ${who(ctx, c.ownerAddress)}`, fields };
}

export function describeFreezeBalanceV2(c: FreezeBalanceV2Contract, ctx: DescribeContext): Description {
  return {
    summary: `Stake ${sunInWords(c.frozenBalance)} for ${resourceName(c.resource)}, from ${who(ctx, c.ownerAddress)}`,
    fields: [owner(ctx, c), sunRow('frozen_balance', 'Amount to stake', c.frozenBalance), row('resource', 'Resource', resourceName(c.resource))],
  };
}

export function describeUnfreezeBalanceV2(c: UnfreezeBalanceV2Contract, ctx: DescribeContext): Description {
  return {
    summary: `Start unstaking ${sunInWords(c.unfreezeBalance)} of ${resourceName(c.resource)} stake of ${who(ctx, c.ownerAddress)} (withdrawable after the chain's waiting period)`,
    fields: [owner(ctx, c), sunRow('unfreeze_balance', 'Amount to unstake', c.unfreezeBalance), row('resource', 'Resource', resourceName(c.resource))],
  };
}

export function describeWithdrawExpireUnfreeze(c: WithdrawExpireUnfreezeContract, ctx: DescribeContext): Description {
  return { summary: `Withdraw every unstaked amount whose waiting period has passed to ${who(ctx, c.ownerAddress)}`, fields: [owner(ctx, c)] };
}

export function describeDelegateResource(c: DelegateResourceContract, ctx: DescribeContext): Description {
  const fields = [
    owner(ctx, c),
    row('resource', 'Resource', resourceName(c.resource)),
    sunRow('balance', 'Staked amount whose resource is lent', c.balance),
    addressRow(ctx, 'receiver_address', 'Receiver', c.receiverAddress),
    boolRow('lock', 'Locked', c.lock),
  ];
  if (c.lock || c.lockPeriod !== 0n) fields.push(row('lock_period', 'Lock period', blocksInWords(c.lockPeriod)));
  const lock = c.lock ? `, locked for ${c.lockPeriod === 0n ? 'the default period' : blocksInWords(c.lockPeriod)}` : '';
  return {
    summary: `Lend the ${resourceName(c.resource)} of ${sunInWords(c.balance)} staked by ${who(ctx, c.ownerAddress)} to ${who(ctx, c.receiverAddress)}${lock}`,
    fields,
  };
}

export function describeUnDelegateResource(c: UnDelegateResourceContract, ctx: DescribeContext): Description {
  return {
    summary: `Take back the ${resourceName(c.resource)} of ${sunInWords(c.balance)} that ${who(ctx, c.ownerAddress)} lent to ${who(ctx, c.receiverAddress)}`,
    fields: [
      owner(ctx, c),
      row('resource', 'Resource', resourceName(c.resource)),
      sunRow('balance', 'Staked amount to take back', c.balance),
      addressRow(ctx, 'receiver_address', 'From receiver', c.receiverAddress),
    ],
  };
}

export function describeCancelAllUnfreezeV2(c: CancelAllUnfreezeV2Contract, ctx: DescribeContext): Description {
  return {
    summary: `Cancel every pending unstake of ${who(ctx, c.ownerAddress)}: amounts not yet withdrawable are staked again, withdrawable ones are paid out`,
    fields: [owner(ctx, c)],
  };
}
