/**
 * Committee proposal contracts in words (docs/decisions.md §17): ProposalCreate 16 (chain parameter changes),
 * ProposalApprove 17 and ProposalDelete 18. Each parameter change is a row of its own, by id: the
 * names of chain parameters are the node's to define, so the id is what is shown.
 *
 * Invariant: every parameter in the signed map appears in the table; nothing but the message is read.
 */
import type { ProposalApproveContract, ProposalCreateContract, ProposalDeleteContract } from '../gen/protocol/proposal_contract_pb.ts';
import { groupDigits } from '../base/amount.ts';
import { addressRow, countRow, row, who, type DescribeContext, type Description, type FieldRow } from './fields.ts';

export function describeProposalCreate(c: ProposalCreateContract, ctx: DescribeContext): Description {
  const entries = Object.entries(c.parameters);
  const fields: FieldRow[] = [addressRow(ctx, 'owner_address', 'Proposer', c.ownerAddress)];
  for (const [id, value] of entries) fields.push(row(`parameters[${id}]`, `Chain parameter ${id}`, `set to ${groupDigits(value.toString())}`));
  const list = entries.map(([id, value]) => `parameter ${id} = ${value}`).join(', ');
  return { summary: `Propose ${entries.length} chain parameter change(s): ${list || '(none)'}, as ${who(ctx, c.ownerAddress)}`, fields };
}

export function describeProposalApprove(c: ProposalApproveContract, ctx: DescribeContext): Description {
  const act = c.isAddApproval ? 'Approve' : 'Withdraw the approval of';
  return {
    summary: `${act} proposal ${c.proposalId}, as ${who(ctx, c.ownerAddress)}`,
    fields: [
      addressRow(ctx, 'owner_address', 'Executive', c.ownerAddress),
      countRow('proposal_id', 'Proposal', c.proposalId),
      row('is_add_approval', 'Approval', c.isAddApproval ? 'add' : 'remove'),
    ],
  };
}

export function describeProposalDelete(c: ProposalDeleteContract, ctx: DescribeContext): Description {
  return {
    summary: `Withdraw proposal ${c.proposalId}, as its proposer ${who(ctx, c.ownerAddress)}`,
    fields: [addressRow(ctx, 'owner_address', 'Proposer', c.ownerAddress), countRow('proposal_id', 'Proposal', c.proposalId)],
  };
}
