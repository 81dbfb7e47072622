/**
 * The builders of what a treasury runs besides payments (docs/decisions.md §17 "Builders"): Stake 2.0 (stake,
 * unstake, lend and take back a resource, withdraw what was unstaked, cancel pending unstakes), the
 * vote for executives, the claim of rewards and the account's name. Each method reads its
 * arguments (shared/chain/input.ts), builds the contract with its family's
 * builder (shared/contracts/staking.ts, voting.ts, account.ts: the reference node's stateless rules
 * and messages) and hands it to the context's transaction maker.
 *
 * Invariants: every field is checked before anything is stored; the maker refuses a permission
 * whose operations do not allow the contract, naming both (shared/chain/operations.ts), so no
 * builder here can store a transaction its signers could never make count.
 */
import {
  buildCancelAllUnfreezeV2,
  buildDelegateResource,
  buildFreezeBalanceV2,
  buildUnDelegateResource,
  buildUnfreezeBalanceV2,
  buildWithdrawExpireUnfreeze,
} from '../../shared/contracts/staking.ts';
import { buildVoteWitness, buildWithdrawBalance } from '../../shared/contracts/voting.ts';
import { buildAccountUpdate } from '../../shared/contracts/account.ts';
import { int64Input, listInput, objectInput, addressTextInput, textArg } from '../../shared/chain/input.ts';
import { MAX_ACCOUNT_NAME_BYTES, MAX_VOTES } from '../../shared/base/limits.ts';
import type { BuildOptions, TransactionMaker } from '../core/transaction-maker.ts';
import type { BuildView } from '../core/views.ts';

/** A stake's arguments: sun as decimal text, the resource by name. */
export interface StakeArgs extends BuildOptions {
  from: string;
  amount: string;
  resource: string;
}

/** A delegation's arguments; `to` receives the resource. */
export interface DelegateArgs extends StakeArgs {
  to: string;
  lock?: boolean;
  /** Blocks (3 s each); absent or 0: the node's default, 3 days. Only with `lock`. */
  lockPeriod?: string;
}

export interface VoteArgs extends BuildOptions {
  from: string;
  /** The whole new vote list (it replaces the account's earlier votes). */
  votes: { executive: string; count: string }[];
}

/** Sun as the node reads it: any int64, so the contract's own rule answers a 0 or a negative in the node's words. */
const sunArg = (value: unknown, field: string): bigint => int64Input(value, field);

export function stakingFeature(maker: TransactionMaker) {
  return {
    async buildFreeze(args: StakeArgs): Promise<BuildView> {
      const from = addressTextInput(args.from, 'from');
      const c = buildFreezeBalanceV2({ owner: from, amount: sunArg(args.amount, 'amount'), resource: args.resource });
      return maker.buildCall({ type: 'FreezeBalanceV2Contract', value: c }, from, args);
    },

    async buildUnfreeze(args: StakeArgs): Promise<BuildView> {
      const from = addressTextInput(args.from, 'from');
      const c = buildUnfreezeBalanceV2({ owner: from, amount: sunArg(args.amount, 'amount'), resource: args.resource });
      return maker.buildCall({ type: 'UnfreezeBalanceV2Contract', value: c }, from, args);
    },

    async buildDelegate(args: DelegateArgs): Promise<BuildView> {
      const from = addressTextInput(args.from, 'from');
      const c = buildDelegateResource({
        owner: from,
        receiver: addressTextInput(args.to, 'to'),
        amount: sunArg(args.amount, 'amount'),
        resource: args.resource,
        ...(args.lock !== undefined && { lock: args.lock }),
        ...(args.lockPeriod !== undefined && { lockPeriod: int64Input(args.lockPeriod, 'lock-period') }),
      });
      return maker.buildCall({ type: 'DelegateResourceContract', value: c }, from, args);
    },

    async buildUndelegate(args: StakeArgs & { to: string }): Promise<BuildView> {
      const from = addressTextInput(args.from, 'from');
      const c = buildUnDelegateResource({
        owner: from,
        receiver: addressTextInput(args.to, 'to'),
        amount: sunArg(args.amount, 'amount'),
        resource: args.resource,
      });
      return maker.buildCall({ type: 'UnDelegateResourceContract', value: c }, from, args);
    },

    async buildWithdrawUnfrozen(args: { from: string } & BuildOptions): Promise<BuildView> {
      const from = addressTextInput(args.from, 'from');
      return maker.buildCall({ type: 'WithdrawExpireUnfreezeContract', value: buildWithdrawExpireUnfreeze({ owner: from }) }, from, args);
    },

    async buildCancelUnfreeze(args: { from: string } & BuildOptions): Promise<BuildView> {
      const from = addressTextInput(args.from, 'from');
      return maker.buildCall({ type: 'CancelAllUnfreezeV2Contract', value: buildCancelAllUnfreezeV2({ owner: from }) }, from, args);
    },

    async buildVote(args: VoteArgs): Promise<BuildView> {
      const from = addressTextInput(args.from, 'from');
      // One more than the node allows is read, so its own "more than maxVoteNumber" rule answers.
      const votes = listInput(args.votes, 'votes', MAX_VOTES + 1).map((item, i) => {
        const v = objectInput(item, `votes[${i}]`, ['executive', 'count']);
        return { executive: addressTextInput(v.executive, `votes[${i}].executive`), count: int64Input(v.count, `votes[${i}].count`) };
      });
      return maker.buildCall({ type: 'VoteWitnessContract', value: buildVoteWitness({ owner: from, votes }) }, from, args);
    },

    async buildWithdrawRewards(args: { from: string } & BuildOptions): Promise<BuildView> {
      const from = addressTextInput(args.from, 'from');
      return maker.buildCall({ type: 'WithdrawBalanceContract', value: buildWithdrawBalance({ owner: from }) }, from, args);
    },

    async buildAccountName(args: { from: string; name: string } & BuildOptions): Promise<BuildView> {
      const from = addressTextInput(args.from, 'from');
      // Text a little longer than the node's byte limit is read, so its own "Invalid accountName" answers.
      const name = textArg(args.name, 'name', MAX_ACCOUNT_NAME_BYTES * 4);
      return maker.buildCall({ type: 'AccountUpdateContract', value: buildAccountUpdate({ owner: from, name }) }, from, args);
    },
  };
}
