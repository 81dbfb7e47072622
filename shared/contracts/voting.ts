/**
 * Voting and reward contracts in words (docs/decisions.md §17): VoteWitness 4 (votes for executives),
 * VoteAsset 3 (the old asset vote), WithdrawBalance 13 (claim rewards) and UpdateBrokerage 49 (an
 * executive's share of rewards). Each describer turns the decoded message into a one-line summary
 * and a field table (fields.ts).
 *
 * Invariant: every vote is a row of its own (address with label, count), so a signer sees the
 * whole list, and the total is shown beside it; nothing but the message is read.
 *
 * Builders (docs/decisions.md §17 "Builders"): `buildVoteWitness` and `buildWithdrawBalance` read the input and
 * run `validate<Name>`, the stateless part of VoteWitnessActuator and WithdrawBalanceActuator in the
 * node's order with its messages word for word (CONTRACT_VALIDATE). The node checks each vote's
 * candidate (account and executive exist) right after that vote's own rules, and the voter's tron
 * power after the list: stateful, the devnet's. An empty list is refused ("VoteNumber must more
 * than 0"): the node has no vote that withdraws every vote.
 */
import { create } from '@bufbuild/protobuf';
import {
  VoteWitnessContract_VoteSchema,
  VoteWitnessContractSchema,
  type UpdateBrokerageContract,
  type VoteAssetContract,
  type VoteWitnessContract,
} from '../gen/protocol/executive_contract_pb.ts';
import { WithdrawBalanceContractSchema, type WithdrawBalanceContract } from '../gen/protocol/balance_contract_pb.ts';
import { isAddressBytes } from '../chain/address.ts';
import { fail } from '../base/errors.ts';
import { addressInput, int64Input, listInput, messageInput, objectInput, within } from '../chain/input.ts';
import { MAX_VOTES } from '../base/limits.ts';
import type { AddressInput } from './transfer.ts';
import { groupDigits } from '../base/amount.ts';
import { addressRow, boolRow, countRow, row, who, type DescribeContext, type Description, type FieldRow } from './fields.ts';

export function describeVoteWitness(c: VoteWitnessContract, ctx: DescribeContext): Description {
  const fields: FieldRow[] = [addressRow(ctx, 'owner_address', 'Voter', c.ownerAddress)];
  let total = 0n;
  c.votes.forEach((v, i) => {
    total += v.voteCount;
    fields.push(addressRow(ctx, `votes[${i}].vote_address`, `Vote ${i + 1}: executive`, v.voteAddress));
    fields.push(countRow(`votes[${i}].vote_count`, `Vote ${i + 1}: votes`, v.voteCount));
  });
  fields.push(row('votes', 'Total votes', `${groupDigits(total.toString())} in ${c.votes.length} vote${c.votes.length === 1 ? '' : 's'}`));
  if (c.support) fields.push(boolRow('support', 'Support (unused by the node)', c.support));
  const list = c.votes.map((v) => `${groupDigits(v.voteCount.toString())} for ${who(ctx, v.voteAddress)}`).join(', ');
  return {
    summary:
      c.votes.length === 0
        ? `Withdraw every vote of ${who(ctx, c.ownerAddress)}`
        : `Vote as ${who(ctx, c.ownerAddress)}, replacing earlier votes: ${list} (${groupDigits(total.toString())} votes in all)`,
    fields,
  };
}

export function describeVoteAsset(c: VoteAssetContract, ctx: DescribeContext): Description {
  const fields: FieldRow[] = [addressRow(ctx, 'owner_address', 'Voter', c.ownerAddress)];
  c.voteAddress.forEach((a, i) => fields.push(addressRow(ctx, `vote_address[${i}]`, `Vote ${i + 1}: address`, a)));
  fields.push(boolRow('support', 'Support', c.support), countRow('count', 'Count', c.count));
  return {
    summary: `Asset vote (a contract the node does not run) by ${who(ctx, c.ownerAddress)} for ${c.voteAddress.length} address(es), count ${c.count}`,
    fields,
  };
}

export function describeWithdrawBalance(c: WithdrawBalanceContract, ctx: DescribeContext): Description {
  return {
    summary: `Claim the voting and block rewards of ${who(ctx, c.ownerAddress)}`,
    fields: [addressRow(ctx, 'owner_address', 'Account', c.ownerAddress)],
  };
}

export function describeUpdateBrokerage(c: UpdateBrokerageContract, ctx: DescribeContext): Description {
  const share = c.brokerage >= 0 && c.brokerage <= 100 ? `shares ${100 - c.brokerage}% with its voters` : 'a share outside 0-100%, which the node refuses';
  return {
    summary: `Executive ${who(ctx, c.ownerAddress)} keeps ${c.brokerage}% of its rewards and ${share}`,
    fields: [addressRow(ctx, 'owner_address', 'Executive', c.ownerAddress), row('brokerage', 'Share kept by the executive', `${c.brokerage}%`)],
  };
}

// ---------------------------------------------------------------------------------------------
// Builders and the node's stateless rules

function reject(message: string, field: string): never {
  return fail('CONTRACT_VALIDATE', message, { field });
}

/** VoteWitnessActuator's stateless rules, in its order. */
export function validateVoteWitness(c: VoteWitnessContract): void {
  messageInput(c, 'protocol.VoteWitnessContract', 'validateVoteWitness: contract');
  if (!isAddressBytes(c.ownerAddress)) reject('Invalid address', 'owner_address');
  if (c.votes.length === 0) reject('VoteNumber must more than 0', 'votes');
  if (c.votes.length > MAX_VOTES) reject(`VoteNumber more than maxVoteNumber ${MAX_VOTES}`, 'votes');
  c.votes.forEach((v, i) => {
    if (!isAddressBytes(v.voteAddress)) reject('Invalid vote address!', `votes[${i}].vote_address`);
    if (v.voteCount <= 0n) reject('vote count must be greater than 0', `votes[${i}].vote_count`);
  });
}

export interface VoteInput {
  /** The executive (candidate) voted for. */
  executive: AddressInput;
  /** Votes, one per TRX of tron power. */
  count: bigint | number | string;
}

export interface VoteWitnessInput {
  owner: AddressInput;
  /** The whole new vote list: it replaces the voter's earlier votes. */
  votes: VoteInput[];
}

export function buildVoteWitness(input: VoteWitnessInput): VoteWitnessContract {
  const c = within('buildVoteWitness', () => {
    const i = objectInput(input, 'input', ['owner', 'votes']);
    // Read one more than the node allows, so its own "more than maxVoteNumber" rule answers.
    const list = listInput(i.votes, 'votes', MAX_VOTES + 1);
    return create(VoteWitnessContractSchema, {
      ownerAddress: addressInput(i.owner, 'owner'),
      votes: list.map((item, n) => {
        const v = objectInput(item, `votes[${n}]`, ['executive', 'count']);
        return create(VoteWitnessContract_VoteSchema, {
          voteAddress: addressInput(v.executive, `votes[${n}].executive`),
          voteCount: int64Input(v.count, `votes[${n}].count`),
        });
      }),
    });
  });
  validateVoteWitness(c);
  return c;
}

/** WithdrawBalanceActuator's one stateless rule (the reward, the 24-hour wait and guard status are stateful). */
export function validateWithdrawBalance(c: WithdrawBalanceContract): void {
  messageInput(c, 'protocol.WithdrawBalanceContract', 'validateWithdrawBalance: contract');
  if (!isAddressBytes(c.ownerAddress)) reject('Invalid address', 'owner_address');
}

export function buildWithdrawBalance(input: { owner: AddressInput }): WithdrawBalanceContract {
  const c = within('buildWithdrawBalance', () =>
    create(WithdrawBalanceContractSchema, { ownerAddress: addressInput(objectInput(input, 'input', ['owner']).owner, 'owner') }),
  );
  validateWithdrawBalance(c);
  return c;
}
