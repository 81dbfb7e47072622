/**
 * The devnet's staking, voting and reward contracts in one registration point: actuators.ts asks
 * here for any contract type it does not run itself, and chain.ts pays each block's rewards through
 * here. The contracts: FreezeBalanceV2, UnfreezeBalanceV2, WithdrawExpireUnfreeze,
 * CancelAllUnfreezeV2 (freeze.ts), DelegateResource, UnDelegateResource (delegate.ts),
 * VoteWitness, AccountUpdate (voting.ts) and WithdrawBalance (rewards.ts).
 *
 * Invariant: a contract type is run by exactly one module; any other type gets undefined, and
 * actuators.ts refuses it before any state changes.
 */
import type { WithdrawBalanceContract } from '../../shared/gen/protocol/balance_contract_pb.ts';
import type { Actuator, ActuatorContext } from '../actuators.ts';
import { delegateActuator } from './delegate.ts';
import { freezeActuator } from './freeze.ts';
import { withdrawBalanceActuator } from './rewards.ts';
import { votingActuator } from './voting.ts';

/** The actuator of a staking, voting or reward contract, or undefined when `type` is none of them. */
export function stakingActuator(ctx: ActuatorContext, type: string, contract: unknown): Actuator | undefined {
  if (type === 'WithdrawBalanceContract') return withdrawBalanceActuator(ctx, contract as WithdrawBalanceContract);
  return freezeActuator(ctx, type, contract) ?? delegateActuator(ctx, type, contract) ?? votingActuator(ctx, type, contract);
}
