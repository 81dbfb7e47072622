/**
 * Voting and reward contracts in words (issue 17): VoteWitness 4 (votes for executives),
 * VoteAsset 3 (the old asset vote), WithdrawBalance 13 (claim rewards) and UpdateBrokerage 49 (an
 * executive's share of rewards). Each describer turns the decoded message into a one-line summary
 * and a field table (fields.ts).
 *
 * Invariant: every vote is a row of its own (address with label, count), so a signer sees the
 * whole list, and the total is shown beside it; nothing but the message is read.
 */
import type { UpdateBrokerageContract, VoteAssetContract, VoteWitnessContract } from '../gen/protocol/executive_contract_pb.ts';
import type { WithdrawBalanceContract } from '../gen/protocol/balance_contract_pb.ts';
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
