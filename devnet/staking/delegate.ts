/**
 * Resource delegation on the devnet: DelegateResource (57) and UnDelegateResource (58), with the
 * rules, order and refusal messages of java-tron's DelegateResourceActuator and
 * UnDelegateResourceActuator. A delegation lends the resource of staked coins to another account;
 * with `lock` it cannot be taken back for `lock_period` blocks (3 s each; 0 means the node's
 * default of 3 days, 86,400 blocks), at most MAX_DELEGATE_LOCK_PERIOD blocks.
 *
 * Simplification: delegation does not subtract the staked bandwidth or energy already used
 * (staking/resources.ts consumes it), so the whole staked amount is available to delegate and an
 * undelegation moves no usage.
 *
 * Invariant: what an owner has delegated equals the sum of its delegation records, and the
 * receiver's acquired amount rises and falls with them (DelegatedResourceStore).
 */
import type { DelegateResourceContract, UnDelegateResourceContract } from '../../shared/gen/protocol/balance_contract_pb.ts';
import { ResourceCode } from '../../shared/gen/protocol/balance_contract_pb.ts';
import { Account_AccountType } from '../../shared/gen/protocol/core_pb.ts';
import { isAddressBytes } from '../../shared/chain/address.ts';
import { bytesToHex, equalBytes } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { BLOCK_INTERVAL_MS } from '../../shared/chain/tapos.ts';
import type { Actuator, ActuatorContext, ExecutionResult } from '../actuators.ts';
import { changeStake, stakeStore, SUN_PER_VOTE, type Delegation, type StakeResource, type StakeStore } from './state.ts';

/** DELEGATE_PERIOD / BLOCK_PRODUCED_INTERVAL: the default lock, 3 days in blocks. */
const DEFAULT_LOCK_BLOCKS = (3n * 86_400_000n) / BigInt(BLOCK_INTERVAL_MS);

function invalid(message: string): never {
  fail('CONTRACT_VALIDATE', message);
}

const RESOURCE_NAME = ['BANDWIDTH', 'ENERGY'] as const;

/** supportMaxDelegateLockPeriod: a lock period of one's own choosing, when the committee raised the maximum. */
function customLocks(ctx: ActuatorContext): boolean {
  return ctx.params.numeric.MAX_DELEGATE_LOCK_PERIOD > DEFAULT_LOCK_BLOCKS && ctx.params.numeric.UNFREEZE_DELAY_DAYS > 0n;
}

function lockBlocks(ctx: ActuatorContext, c: DelegateResourceContract): bigint {
  return customLocks(ctx) && c.lockPeriod !== 0n ? c.lockPeriod : DEFAULT_LOCK_BLOCKS;
}

function emptyDelegation(from: Uint8Array, to: Uint8Array, locked: boolean): Delegation {
  return { from, to, locked, amount: [0n, 0n], expireTime: [0n, 0n] };
}

/** DelegatedResourceStore.unLockExpireResource: a locked amount whose lock has passed becomes unlocked. */
function unlockExpired(stakes: StakeStore, from: Uint8Array, to: Uint8Array, now: bigint): void {
  const lock = stakes.getDelegation(from, to, true);
  if (!lock || (lock.expireTime[0] >= now && lock.expireTime[1] >= now)) return;
  const unlock = stakes.getDelegation(from, to, false) ?? emptyDelegation(from, to, false);
  for (const r of [0, 1] as const) {
    if (lock.expireTime[r] < now) {
      unlock.amount[r] += lock.amount[r];
      unlock.expireTime[r] = 0n;
      lock.amount[r] = 0n;
      lock.expireTime[r] = 0n;
    }
  }
  stakes.putDelegation(lock);
  stakes.putDelegation(unlock);
}

// ---------------------------------------------------------------------------------------------
// DelegateResourceContract

function validateDelegate(ctx: ActuatorContext, c: DelegateResourceContract): void {
  if (ctx.params.numeric.UNFREEZE_DELAY_DAYS <= 0n) invalid('Not support Delegate resource transaction, need to be opened by the committee');
  if (!isAddressBytes(c.ownerAddress)) invalid('Invalid address');
  if (!ctx.store.getAccount(c.ownerAddress)) invalid(`Account[${bytesToHex(c.ownerAddress)}] not exists`);
  if (c.balance < SUN_PER_VOTE) invalid('delegateBalance must be greater than or equal to 1 TRX');
  const s = stakeStore(ctx.store).getStake(c.ownerAddress);
  if (c.resource === ResourceCode.BANDWIDTH) {
    if (s.frozen[0] < c.balance) invalid('delegateBalance must be less than or equal to available FreezeBandwidthV2 balance');
  } else if (c.resource === ResourceCode.ENERGY) {
    if (s.frozen[1] < c.balance) invalid('delegateBalance must be less than or equal to available FreezeEnergyV2 balance');
  } else {
    invalid('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]');
  }
  if (!isAddressBytes(c.receiverAddress)) invalid('Invalid receiverAddress');
  if (equalBytes(c.receiverAddress, c.ownerAddress)) invalid('receiverAddress must not be the same as ownerAddress');
  const receiver = ctx.store.getAccount(c.receiverAddress);
  if (!receiver) invalid(`Account[${bytesToHex(c.receiverAddress)}] not exists`);
  if (c.lock && customLocks(ctx)) {
    const blocks = lockBlocks(ctx, c);
    const max = ctx.params.numeric.MAX_DELEGATE_LOCK_PERIOD;
    if (blocks < 0n || blocks > max) invalid(`The lock period of delegate resource cannot be less than 0 and cannot exceed ${max}!`);
    const previous = stakeStore(ctx.store).getDelegation(c.ownerAddress, c.receiverAddress, true);
    if (previous) {
      const name = RESOURCE_NAME[c.resource as StakeResource];
      const remain = previous.expireTime[c.resource as StakeResource] - ctx.headBlockTime;
      if (blocks * BigInt(BLOCK_INTERVAL_MS) < remain) {
        invalid(`The lock period for ${name} this time cannot be less than the remaining time[${remain}ms] of the last lock period for ${name}!`);
      }
    }
  }
  if (receiver.type === Account_AccountType.Contract) invalid('Do not allow delegate resources to contract addresses');
}

function executeDelegate(ctx: ActuatorContext, c: DelegateResourceContract): ExecutionResult {
  const stakes = stakeStore(ctx.store);
  const now = ctx.headBlockTime;
  const r = c.resource as StakeResource;
  unlockExpired(stakes, c.ownerAddress, c.receiverAddress, now);
  const record = stakes.getDelegation(c.ownerAddress, c.receiverAddress, c.lock) ?? emptyDelegation(c.ownerAddress, c.receiverAddress, c.lock);
  record.amount[r] += c.balance;
  record.expireTime[r] = c.lock ? now + lockBlocks(ctx, c) * BigInt(BLOCK_INTERVAL_MS) : 0n;
  stakes.putDelegation(record);
  const receiver = stakes.getStake(c.receiverAddress);
  receiver.acquired[r] += c.balance;
  stakes.putStake(c.receiverAddress, receiver);
  const owner = stakes.getStake(c.ownerAddress);
  // Kept becomes lent: the owner's weight (and tron power) stays the same.
  changeStake(stakes, owner, r, -c.balance, c.balance);
  stakes.putStake(c.ownerAddress, owner);
  return { fee: 0n };
}

// ---------------------------------------------------------------------------------------------
// UnDelegateResourceContract

function validateUnDelegate(ctx: ActuatorContext, c: UnDelegateResourceContract): void {
  if (ctx.params.numeric.UNFREEZE_DELAY_DAYS <= 0n) invalid('Not support unDelegate resource transaction, need to be opened by the committee');
  if (!isAddressBytes(c.ownerAddress)) invalid('Invalid address');
  if (!ctx.store.getAccount(c.ownerAddress)) invalid(`Account[${bytesToHex(c.ownerAddress)}] does not exist`);
  if (!isAddressBytes(c.receiverAddress)) invalid('Invalid receiverAddress');
  if (equalBytes(c.receiverAddress, c.ownerAddress)) invalid('receiverAddress must not be the same as ownerAddress');
  const stakes = stakeStore(ctx.store);
  const unlocked = stakes.getDelegation(c.ownerAddress, c.receiverAddress, false);
  const locked = stakes.getDelegation(c.ownerAddress, c.receiverAddress, true);
  if (!unlocked && !locked) invalid('delegated Resource does not exist');
  if (c.balance <= 0n) invalid('unDelegateBalance must be more than 0 TRX');
  if (c.resource !== ResourceCode.BANDWIDTH && c.resource !== ResourceCode.ENERGY) invalid('ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]');
  const r = c.resource as StakeResource;
  let available = unlocked?.amount[r] ?? 0n;
  if (locked && locked.expireTime[r] < ctx.headBlockTime) available += locked.amount[r];
  if (available < c.balance) {
    invalid(
      r === ResourceCode.BANDWIDTH
        ? `insufficient delegatedFrozenBalance(BANDWIDTH), request=${c.balance}, unlock_balance=${available}`
        : `insufficient delegateFrozenBalance(Energy), request=${c.balance}, unlock_balance=${available}`,
    );
  }
}

function executeUnDelegate(ctx: ActuatorContext, c: UnDelegateResourceContract): ExecutionResult {
  const stakes = stakeStore(ctx.store);
  const r = c.resource as StakeResource;
  if (ctx.store.hasAccount(c.receiverAddress)) {
    const receiver = stakes.getStake(c.receiverAddress);
    receiver.acquired[r] = receiver.acquired[r] < c.balance ? 0n : receiver.acquired[r] - c.balance;
    stakes.putStake(c.receiverAddress, receiver);
  }
  unlockExpired(stakes, c.ownerAddress, c.receiverAddress, ctx.headBlockTime);
  const unlocked = stakes.getDelegation(c.ownerAddress, c.receiverAddress, false)!;
  unlocked.amount[r] -= c.balance;
  unlocked.expireTime[r] = 0n;
  stakes.putDelegation(unlocked);
  const owner = stakes.getStake(c.ownerAddress);
  changeStake(stakes, owner, r, c.balance, -c.balance);
  stakes.putStake(c.ownerAddress, owner);
  return { fee: 0n };
}

// ---------------------------------------------------------------------------------------------

/** The actuator of DelegateResourceContract or UnDelegateResourceContract, or undefined for any other type. */
export function delegateActuator(ctx: ActuatorContext, type: string, contract: unknown): Actuator | undefined {
  if (type === 'DelegateResourceContract') {
    const c = contract as DelegateResourceContract;
    return { validate: () => validateDelegate(ctx, c), execute: () => executeDelegate(ctx, c), createsAccount: () => false };
  }
  if (type === 'UnDelegateResourceContract') {
    const c = contract as UnDelegateResourceContract;
    return { validate: () => validateUnDelegate(ctx, c), execute: () => executeUnDelegate(ctx, c), createsAccount: () => false };
  }
  return undefined;
}
