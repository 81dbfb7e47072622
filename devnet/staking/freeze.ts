/**
 * Stake 2.0 on the devnet: FreezeBalanceV2 (54), UnfreezeBalanceV2 (55), WithdrawExpireUnfreeze (56)
 * and CancelAllUnfreezeV2 (59), with the rules, order and refusal messages of java-tron's actuators
 * of the same names (ALLOW_NEW_RESOURCE_MODEL off, as on mainnet: TRON_POWER is not a resource).
 *
 * An unstake waits UNFREEZE_DELAY_DAYS staking days (FROZEN_PERIOD_MS each; the reference's 14
 * days by default) before WithdrawExpireUnfreeze pays it out; UNFREEZE_DELAY_DAYS 0 turns Stake 2.0
 * off, as the committee parameter does. Unstaking below the votes cast scales the votes down.
 *
 * Invariant: balance + frozen + unfrozen of an account only moves between those three (and, for
 * delegation, to the delegated amount): staking creates and burns nothing.
 */
import type {
  CancelAllUnfreezeV2Contract,
  FreezeBalanceV2Contract,
  UnfreezeBalanceV2Contract,
  WithdrawExpireUnfreezeContract,
} from '../../shared/gen/protocol/balance_contract_pb.ts';
import { ResourceCode } from '../../shared/gen/protocol/balance_contract_pb.ts';
import { isAddressBytes } from '../../shared/chain/address.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { UNFREEZE_MAX_TIMES } from '../../shared/base/limits.ts';
import type { Account } from '../../shared/gen/protocol/core_pb.ts';
import type { Actuator, ActuatorContext, ExecutionResult } from '../actuators.ts';
import { changeStake, stakeStore, SUN_PER_VOTE, tronPower, votesUsed, type StakeAccount, type StakeResource } from './state.ts';
import { checkedAdd, collectReward } from './rewards.ts';

function invalid(message: string): never {
  fail('CONTRACT_VALIDATE', message);
}

/** supportUnfreezeDelay: Stake 2.0 runs only with a positive unfreeze delay. */
function requireStakeV2(ctx: ActuatorContext, what: string): void {
  if (ctx.params.numeric.UNFREEZE_DELAY_DAYS <= 0n) invalid(`Not support ${what} transaction, need to be opened by the committee`);
}

/** The owner account, or the node's refusal; `missing` is the message's ending, which differs by actuator. */
function ownerOf(ctx: ActuatorContext, owner: Uint8Array, missing = '] not exists'): Account {
  if (!isAddressBytes(owner)) invalid('Invalid address');
  const account = ctx.store.getAccount(owner);
  if (!account) invalid(`Account[${bytesToHex(owner)}${missing}`);
  return account;
}

/** Unstakes whose delay has passed, and what they pay out, at head-block time `now`. */
function expired(s: StakeAccount, now: bigint): bigint {
  return s.unfrozen.filter((u) => u.expireTime <= now).reduce((sum, u) => sum + u.amount, 0n);
}

// ---------------------------------------------------------------------------------------------
// FreezeBalanceV2Contract

function validateFreeze(ctx: ActuatorContext, c: FreezeBalanceV2Contract): void {
  requireStakeV2(ctx, 'FreezeV2');
  const account = ownerOf(ctx, c.ownerAddress);
  if (c.frozenBalance <= 0n) invalid('frozenBalance must be positive');
  if (c.frozenBalance < SUN_PER_VOTE) invalid('frozenBalance must be greater than or equal to 1 TRX');
  if (c.frozenBalance > account.balance) invalid('frozenBalance must be less than or equal to accountBalance');
  if (c.resource !== ResourceCode.BANDWIDTH && c.resource !== ResourceCode.ENERGY) invalid('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]');
}

function executeFreeze(ctx: ActuatorContext, c: FreezeBalanceV2Contract): ExecutionResult {
  const stakes = stakeStore(ctx.store);
  const account = ctx.store.getAccount(c.ownerAddress)!;
  const s = stakes.getStake(c.ownerAddress);
  changeStake(stakes, s, c.resource as StakeResource, c.frozenBalance, 0n);
  account.balance -= c.frozenBalance;
  ctx.store.putAccount(account);
  stakes.putStake(c.ownerAddress, s);
  return { fee: 0n };
}

// ---------------------------------------------------------------------------------------------
// UnfreezeBalanceV2Contract

function validateUnfreeze(ctx: ActuatorContext, c: UnfreezeBalanceV2Contract): void {
  requireStakeV2(ctx, 'UnfreezeV2');
  ownerOf(ctx, c.ownerAddress, '] does not exist');
  const s = stakeStore(ctx.store).getStake(c.ownerAddress);
  if (c.resource === ResourceCode.BANDWIDTH) {
    if (s.frozen[0] <= 0n) invalid('no frozenBalance(BANDWIDTH)');
  } else if (c.resource === ResourceCode.ENERGY) {
    if (s.frozen[1] <= 0n) invalid('no frozenBalance(Energy)');
  } else {
    invalid('ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]');
  }
  const frozen = s.frozen[c.resource as StakeResource];
  if (!(c.unfreezeBalance > 0n && c.unfreezeBalance <= frozen)) invalid(`Invalid unfreeze_balance, [${c.unfreezeBalance}] is error`);
  const waiting = s.unfrozen.filter((u) => u.expireTime > ctx.headBlockTime).length;
  if (waiting >= UNFREEZE_MAX_TIMES) invalid('Invalid unfreeze operation, unfreezing times is over limit');
}

/**
 * UnfreezeBalanceV2Actuator.updateVote: when the tron power left is below the votes cast, each
 * vote is scaled by power / votes (rounded down) and votes that reach 0 are dropped.
 */
function scaleVotes(s: StakeAccount): void {
  const total = votesUsed(s);
  const power = tronPower(s);
  if (total === 0n || power >= total * SUN_PER_VOTE) return;
  s.votes = s.votes.map((v) => ({ address: v.address, count: (v.count * power) / (total * SUN_PER_VOTE) })).filter((v) => v.count > 0n);
}

function executeUnfreeze(ctx: ActuatorContext, c: UnfreezeBalanceV2Contract): ExecutionResult {
  const stakes = stakeStore(ctx.store);
  const now = ctx.headBlockTime;
  const s = stakes.getStake(c.ownerAddress);
  collectReward(s);
  const account = ctx.store.getAccount(c.ownerAddress)!;
  // Unstakes already due are paid out first (unfreezeExpire), then the new one waits its delay.
  account.balance += expired(s, now);
  s.unfrozen = s.unfrozen.filter((u) => u.expireTime > now);
  const n = ctx.params.numeric;
  const resource = c.resource as StakeResource;
  s.unfrozen.push({ resource, amount: c.unfreezeBalance, expireTime: now + n.UNFREEZE_DELAY_DAYS * n.FROZEN_PERIOD_MS });
  changeStake(stakes, s, resource, -c.unfreezeBalance, 0n);
  scaleVotes(s);
  ctx.store.putAccount(account);
  stakes.putStake(c.ownerAddress, s);
  return { fee: 0n };
}

// ---------------------------------------------------------------------------------------------
// WithdrawExpireUnfreezeContract

function validateWithdrawExpire(ctx: ActuatorContext, c: WithdrawExpireUnfreezeContract): void {
  requireStakeV2(ctx, 'WithdrawExpireUnfreeze');
  const account = ownerOf(ctx, c.ownerAddress);
  const total = expired(stakeStore(ctx.store).getStake(c.ownerAddress), ctx.headBlockTime);
  // The trailing space is the node's.
  if (total <= 0n) invalid('no unFreeze balance to withdraw ');
  checkedAdd(account.balance, total);
}

function executeWithdrawExpire(ctx: ActuatorContext, c: WithdrawExpireUnfreezeContract): ExecutionResult {
  const stakes = stakeStore(ctx.store);
  const s = stakes.getStake(c.ownerAddress);
  const account = ctx.store.getAccount(c.ownerAddress)!;
  account.balance += expired(s, ctx.headBlockTime);
  s.unfrozen = s.unfrozen.filter((u) => u.expireTime > ctx.headBlockTime);
  ctx.store.putAccount(account);
  stakes.putStake(c.ownerAddress, s);
  return { fee: 0n };
}

// ---------------------------------------------------------------------------------------------
// CancelAllUnfreezeV2Contract

function validateCancelAll(ctx: ActuatorContext, c: CancelAllUnfreezeV2Contract): void {
  ownerOf(ctx, c.ownerAddress);
  if (stakeStore(ctx.store).getStake(c.ownerAddress).unfrozen.length === 0) invalid('No unfreezeV2 list to cancel');
}

/** Unstakes still waiting are staked again; those already due are paid out. */
function executeCancelAll(ctx: ActuatorContext, c: CancelAllUnfreezeV2Contract): ExecutionResult {
  const stakes = stakeStore(ctx.store);
  const s = stakes.getStake(c.ownerAddress);
  const account = ctx.store.getAccount(c.ownerAddress)!;
  for (const u of s.unfrozen) {
    if (u.expireTime > ctx.headBlockTime) changeStake(stakes, s, u.resource, u.amount, 0n);
    else account.balance += u.amount;
  }
  s.unfrozen = [];
  ctx.store.putAccount(account);
  stakes.putStake(c.ownerAddress, s);
  return { fee: 0n };
}

// ---------------------------------------------------------------------------------------------

/** The actuator of one of this module's four contracts, or undefined for any other type. */
export function freezeActuator(ctx: ActuatorContext, type: string, contract: unknown): Actuator | undefined {
  const run = <C>(validate: (x: ActuatorContext, c: C) => void, execute: (x: ActuatorContext, c: C) => ExecutionResult): Actuator => ({
    validate: () => validate(ctx, contract as C),
    execute: () => execute(ctx, contract as C),
    createsAccount: () => false,
  });
  switch (type) {
    case 'FreezeBalanceV2Contract':
      return run(validateFreeze, executeFreeze);
    case 'UnfreezeBalanceV2Contract':
      return run(validateUnfreeze, executeUnfreeze);
    case 'WithdrawExpireUnfreezeContract':
      return run(validateWithdrawExpire, executeWithdrawExpire);
    case 'CancelAllUnfreezeV2Contract':
      return run(validateCancelAll, executeCancelAll);
    default:
      return undefined;
  }
}
