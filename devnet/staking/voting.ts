/**
 * Votes and account names on the devnet: VoteWitnessContract (4) and AccountUpdateContract (10),
 * with the rules, order and refusal messages of java-tron's VoteWitnessActuator and
 * UpdateAccountActuator.
 *
 * A vote list replaces the account's previous one whole; its total, in coins, may not pass the
 * account's tron power (every coin staked under Stake 2.0, lent ones included). Votes count at
 * once (the reference node counts them at the next maintenance period); /wallet/listwitnesses shows
 * the totals. An account name is set once (ALLOW_UPDATE_ACCOUNT_NAME is 0, as on mainnet) and no
 * two accounts share one.
 *
 * Invariant: an account's votes never exceed its tron power when cast; unstaking scales them down
 * (freeze.ts), so the sum of votes never passes what is staked.
 */
import type { VoteWitnessContract } from '../../shared/gen/protocol/executive_contract_pb.ts';
import type { AccountUpdateContract } from '../../shared/gen/protocol/account_contract_pb.ts';
import { isAddressBytes } from '../../shared/chain/address.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { INT64_MAX } from '../../shared/base/int64.ts';
import { MAX_ACCOUNT_NAME_BYTES, MAX_VOTES } from '../../shared/base/limits.ts';
import type { Actuator, ActuatorContext, ExecutionResult } from '../actuators.ts';
import { stakeStore, SUN_PER_VOTE, tronPower } from './state.ts';
import { checkedAdd, collectReward } from './rewards.ts';

function invalid(message: string): never {
  fail('CONTRACT_VALIDATE', message);
}

// ---------------------------------------------------------------------------------------------
// VoteWitnessContract

function validateVote(ctx: ActuatorContext, c: VoteWitnessContract): void {
  if (!isAddressBytes(c.ownerAddress)) invalid('Invalid address');
  const readableOwner = bytesToHex(c.ownerAddress);
  if (c.votes.length === 0) invalid('VoteNumber must more than 0');
  if (c.votes.length > MAX_VOTES) invalid(`VoteNumber more than maxVoteNumber ${MAX_VOTES}`);
  let sum = 0n;
  for (const vote of c.votes) {
    if (!isAddressBytes(vote.voteAddress)) invalid('Invalid vote address!');
    if (vote.voteCount <= 0n) invalid('vote count must be greater than 0');
    const readable = bytesToHex(vote.voteAddress);
    const candidate = ctx.store.getAccount(vote.voteAddress);
    if (!candidate) invalid(`Account[${readable}] not exists`);
    // The devnet's executives are its genesis block producers: the node's WitnessStore.
    if (!candidate.isExecutive) invalid(`Witness[${readable}] not exists`);
    sum = checkedAdd(sum, vote.voteCount);
  }
  if (!ctx.store.getAccount(c.ownerAddress)) invalid(`Account[${readableOwner}] not exists`);
  const power = tronPower(stakeStore(ctx.store).getStake(c.ownerAddress));
  const inSun = sum * SUN_PER_VOTE;
  if (inSun > INT64_MAX) invalid(`overflow: checkedMultiply(${sum}, ${SUN_PER_VOTE})`);
  if (inSun > power) invalid(`The total number of votes[${inSun}] is greater than the tronPower[${power}]`);
}

function executeVote(ctx: ActuatorContext, c: VoteWitnessContract): ExecutionResult {
  const stakes = stakeStore(ctx.store);
  const s = stakes.getStake(c.ownerAddress);
  collectReward(s);
  s.votes = c.votes.map((v) => ({ address: v.voteAddress.slice(), count: v.voteCount }));
  stakes.putStake(c.ownerAddress, s);
  return { fee: 0n };
}

// ---------------------------------------------------------------------------------------------
// AccountUpdateContract

function validateAccountUpdate(ctx: ActuatorContext, c: AccountUpdateContract): void {
  // TransactionUtil.validAccountName: empty is allowed, else at most 200 bytes.
  if (c.accountName.length > MAX_ACCOUNT_NAME_BYTES) invalid('Invalid accountName');
  if (!isAddressBytes(c.ownerAddress)) invalid('Invalid ownerAddress');
  const account = ctx.store.getAccount(c.ownerAddress);
  if (!account) invalid('Account does not exist');
  if (account.accountName.length > 0) invalid('This account name is already existed');
  if (stakeStore(ctx.store).nameTaken(c.accountName)) invalid('This name is existed');
}

function executeAccountUpdate(ctx: ActuatorContext, c: AccountUpdateContract): ExecutionResult {
  const account = ctx.store.getAccount(c.ownerAddress)!;
  account.accountName = c.accountName.slice();
  ctx.store.putAccount(account);
  stakeStore(ctx.store).indexName(c.accountName, c.ownerAddress);
  return { fee: 0n };
}

// ---------------------------------------------------------------------------------------------

/** The actuator of VoteWitnessContract or AccountUpdateContract, or undefined for any other type. */
export function votingActuator(ctx: ActuatorContext, type: string, contract: unknown): Actuator | undefined {
  if (type === 'VoteWitnessContract') {
    const c = contract as VoteWitnessContract;
    return { validate: () => validateVote(ctx, c), execute: () => executeVote(ctx, c), createsAccount: () => false };
  }
  if (type === 'AccountUpdateContract') {
    const c = contract as AccountUpdateContract;
    return { validate: () => validateAccountUpdate(ctx, c), execute: () => executeAccountUpdate(ctx, c), createsAccount: () => false };
  }
  return undefined;
}
