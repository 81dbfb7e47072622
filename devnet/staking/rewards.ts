/**
 * The devnet's reward model and WithdrawBalanceContract (13), after java-tron's
 * WithdrawBalanceActuator and MortgageService, simplified as devnet/staking/README.md says:
 *
 * - Every produced block pays WITNESS_PAY_PER_BLOCK to the block's executive, and
 *   WITNESS_127_PAY_PER_BLOCK shared by every executive with votes in proportion to its votes.
 * - Of each executive's share it keeps BROKERAGE_PERCENT (the node's default brokerage, 20%) in its
 *   `allowance`; the rest goes to its voters in proportion to their votes, into their accrued
 *   `reward` (rounded down per voter; the remainder is not paid). An executive nobody votes for
 *   keeps all of its share.
 * - A voter's accrued reward moves to its allowance when it votes, unstakes or withdraws
 *   (MortgageService.withdrawReward); /wallet/getReward answers the accrued amount.
 * - WithdrawBalance pays the allowance into the balance, at most once per
 *   WITNESS_ALLOWANCE_FROZEN_TIME staking days, and never to a genesis executive.
 *
 * Invariant: rewards are minted only by `payBlockRewards`, inside the block's SQLite transaction,
 * and leave an account only through WithdrawBalance.
 */
import type { WithdrawBalanceContract } from '../../shared/gen/protocol/balance_contract_pb.ts';
import { isAddressBytes } from '../../shared/chain/address.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { INT64_MAX } from '../../shared/base/int64.ts';
import type { Actuator, ActuatorContext, ExecutionResult } from '../actuators.ts';
import { stakeStore, type StakeAccount } from './state.ts';

/** DelegationStore.DEFAULT_BROKERAGE: the share of its rewards an executive keeps, in percent. */
const BROKERAGE_PERCENT = 20n;

function invalid(message: string): never {
  fail('CONTRACT_VALIDATE', message);
}

/** Guava's LongMath.checkedAdd, whose message the node passes on. */
export function checkedAdd(a: bigint, b: bigint): bigint {
  const sum = a + b;
  if (sum > INT64_MAX || sum < -INT64_MAX - 1n) invalid(`overflow: checkedAdd(${a}, ${b})`);
  return sum;
}

/** MortgageService.withdrawReward: the voter's accrued reward moves into its allowance. */
export function collectReward(s: StakeAccount): void {
  s.allowance += s.reward;
  s.reward = 0n;
}

/** Pays one executive's share: its brokerage to itself, the rest to its voters by their votes. */
function payExecutive(ctx: ActuatorContext, executive: Uint8Array, amount: bigint): void {
  if (amount <= 0n) return;
  const stakes = stakeStore(ctx.store);
  const voters = stakes.votersOf(executive);
  const total = voters.reduce((sum, v) => sum + v.votes, 0n);
  const own = stakes.getStake(executive);
  if (total === 0n) {
    own.allowance += amount;
    stakes.putStake(executive, own);
    return;
  }
  const kept = (amount * BROKERAGE_PERCENT) / 100n;
  own.allowance += kept;
  stakes.putStake(executive, own);
  const pool = amount - kept;
  for (const v of voters) {
    const s = stakes.getStake(v.voter);
    s.reward += (pool * v.votes) / total;
    stakes.putStake(v.voter, s);
  }
}

/** The rewards of one block produced for `producer` (called inside the block's transaction). */
export function payBlockRewards(ctx: ActuatorContext, producer: Uint8Array): void {
  const n = ctx.params.numeric;
  if (!ctx.store.hasAccount(producer)) return;
  payExecutive(ctx, producer, n.WITNESS_PAY_PER_BLOCK);
  const totals = stakeStore(ctx.store).executiveVoteTotals();
  const all = totals.reduce((sum, t) => sum + t.votes, 0n);
  if (all === 0n) return;
  for (const t of totals) payExecutive(ctx, t.executive, (n.WITNESS_127_PAY_PER_BLOCK * t.votes) / all);
}

/** MortgageService.queryReward: what /wallet/getReward answers (voter rewards not yet collected). */
export function queryReward(ctx: Pick<ActuatorContext, 'store'>, address: Uint8Array): bigint {
  return ctx.store.hasAccount(address) ? stakeStore(ctx.store).getStake(address).reward : 0n;
}

// ---------------------------------------------------------------------------------------------
// WithdrawBalanceContract (WithdrawBalanceActuator)

function validateWithdrawBalance(ctx: ActuatorContext, c: WithdrawBalanceContract): void {
  if (!isAddressBytes(c.ownerAddress)) invalid('Invalid address');
  const account = ctx.store.getAccount(c.ownerAddress);
  const readable = bytesToHex(c.ownerAddress);
  if (!account) invalid(`Account[${readable}] not exists`);
  // Every executive here is a genesis one (the devnet runs no WitnessCreate): the node's "guard representatives".
  if (account.isExecutive) invalid(`Account[${readable}] is a guard representative and is not allowed to withdraw Balance`);
  const s = stakeStore(ctx.store).getStake(c.ownerAddress);
  const n = ctx.params.numeric;
  if (ctx.headBlockTime - s.latestWithdrawTime < n.WITNESS_ALLOWANCE_FROZEN_TIME * n.FROZEN_PERIOD_MS) {
    invalid(`The last withdraw time is ${s.latestWithdrawTime}, less than 24 hours`);
  }
  if (s.allowance <= 0n && s.reward <= 0n) invalid('witnessAccount does not have any reward');
  checkedAdd(account.balance, s.allowance);
}

function executeWithdrawBalance(ctx: ActuatorContext, c: WithdrawBalanceContract): ExecutionResult {
  const stakes = stakeStore(ctx.store);
  const s = stakes.getStake(c.ownerAddress);
  collectReward(s);
  const account = ctx.store.getAccount(c.ownerAddress)!;
  account.balance += s.allowance;
  s.allowance = 0n;
  s.latestWithdrawTime = ctx.headBlockTime;
  ctx.store.putAccount(account);
  stakes.putStake(c.ownerAddress, s);
  return { fee: 0n };
}

/** The actuator of WithdrawBalanceContract (the one contract of this module). */
export function withdrawBalanceActuator(ctx: ActuatorContext, c: WithdrawBalanceContract): Actuator {
  return { validate: () => validateWithdrawBalance(ctx, c), execute: () => executeWithdrawBalance(ctx, c), createsAccount: () => false };
}
