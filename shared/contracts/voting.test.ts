// The vote and the reward claim (docs/decisions.md §17 "Builders"): each stateless rule of the reference node's
// VoteWitnessActuator and WithdrawBalanceActuator with its exact message, code and field, in the
// node's order; the vote list's bounds (empty refused, at most 30).
import { describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { VoteWitnessContract_VoteSchema, VoteWitnessContractSchema } from '../gen/protocol/executive_contract_pb.ts';
import { WithdrawBalanceContractSchema } from '../gen/protocol/balance_contract_pb.ts';
import { addressFromHex } from '../chain/address.ts';
import { AirlockError } from '../base/errors.ts';
import { buildVoteWitness, buildWithdrawBalance, validateVoteWitness, validateWithdrawBalance } from './voting.ts';

const OWNER = addressFromHex('4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a');
const SR = addressFromHex('412bd0c9fe079c8fca0e3352eb3d02839c371e5c41');
const SHORT = OWNER.slice(0, 20);

function refusal(f: () => unknown): { code: string; message: string; field: unknown } {
  try {
    f();
  } catch (e) {
    if (!(e instanceof AirlockError)) throw e;
    return { code: e.code, message: e.message, field: e.details?.field };
  }
  throw new Error('expected a refusal');
}
const rule = (message: string, field: string) => ({ code: 'CONTRACT_VALIDATE', message, field });
const vote = (voteAddress: Uint8Array, voteCount: bigint) => create(VoteWitnessContract_VoteSchema, { voteAddress, voteCount });

describe('VoteWitness: the node stateless rules, in its order', () => {
  const c = (p: object = {}) => create(VoteWitnessContractSchema, { ownerAddress: OWNER, votes: [vote(SR, 10n)], ...p });
  it('a good list passes, up to 30 votes', () => {
    expect(() => validateVoteWitness(c())).not.toThrow();
    expect(() => validateVoteWitness(c({ votes: Array.from({ length: 30 }, () => vote(SR, 1n)) }))).not.toThrow();
  });
  it.each([
    ['owner', { ownerAddress: SHORT }, rule('Invalid address', 'owner_address')],
    ['an empty list', { votes: [] }, rule('VoteNumber must more than 0', 'votes')],
    ['31 votes', { votes: Array.from({ length: 31 }, () => vote(SR, 1n)) }, rule('VoteNumber more than maxVoteNumber 30', 'votes')],
    ['a bad executive address', { votes: [vote(SR, 1n), vote(SHORT, 1n)] }, rule('Invalid vote address!', 'votes[1].vote_address')],
    ['a count of 0', { votes: [vote(SR, 0n)] }, rule('vote count must be greater than 0', 'votes[0].vote_count')],
    ['a negative count', { votes: [vote(SR, -1n)] }, rule('vote count must be greater than 0', 'votes[0].vote_count')],
    ['the owner before the list', { ownerAddress: SHORT, votes: [] }, rule('Invalid address', 'owner_address')],
    ['the address before the count', { votes: [vote(SHORT, 0n)] }, rule('Invalid vote address!', 'votes[0].vote_address')],
  ])('%s', (_n, patch, expected) => expect(refusal(() => validateVoteWitness(c(patch)))).toEqual(expected));
  it('the builder reads a list of executive and count, and the node answers 31 votes, not the reader', () => {
    const built = buildVoteWitness({ owner: OWNER, votes: [{ executive: SR, count: '5' }] });
    expect(built.votes.map((v) => v.voteCount)).toEqual([5n]);
    expect(refusal(() => buildVoteWitness({ owner: OWNER, votes: Array.from({ length: 31 }, () => ({ executive: SR, count: 1 })) }))).toEqual(
      rule('VoteNumber more than maxVoteNumber 30', 'votes'),
    );
    expect(refusal(() => buildVoteWitness({ owner: OWNER, votes: [{ executive: SR, count: 1, weight: 2 } as never] }))).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'votes[0].weight',
    });
  });
});

describe('WithdrawBalance', () => {
  it('a bad owner is "Invalid address"; the builder takes the owner only', () => {
    expect(refusal(() => validateWithdrawBalance(create(WithdrawBalanceContractSchema, { ownerAddress: SHORT })))).toEqual(
      rule('Invalid address', 'owner_address'),
    );
    expect(buildWithdrawBalance({ owner: OWNER }).ownerAddress).toEqual(OWNER);
  });
});
