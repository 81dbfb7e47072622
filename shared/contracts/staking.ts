/**
 * Staking contracts in words (docs/decisions.md §17): Stake 1.0 (FreezeBalance 11, UnfreezeBalance 12) and
 * Stake 2.0 (FreezeBalanceV2 54, UnfreezeBalanceV2 55, WithdrawExpireUnfreeze 56,
 * DelegateResource 57, UnDelegateResource 58, CancelAllUnfreezeV2 59). Each describer turns the
 * decoded message into a one-line summary and a field table (fields.ts).
 *
 * Invariant: amounts are shown in TRX with their sun, resources by name (BANDWIDTH, ENERGY), a
 * lock period in blocks with the time it takes, and every address with its label; nothing but the
 * message is read.
 *
 * The Stake 2.0 builders (docs/decisions.md §17 "Builders") follow the describers: `build<Name>(input)` reads the
 * input and runs `validate<Name>(contract)`, the stateless part of the reference node's actuator
 * (FreezeBalanceV2Actuator and the others), in its order and with its messages word for word
 * (CONTRACT_VALIDATE, details.field). So a builder never returns a contract the node would refuse
 * for a reason it can see without chain state. The node checks that the owner account exists right
 * after the owner address; balances, stakes, delegations and the committee's switches are stateful
 * and belong to whoever holds the state (the devnet), which must check the account first when it
 * wants the node's order for a contract with both faults. The chain is taken to run the new
 * resource model (TRON_POWER), as mainnet does, unless `newResourceModel: false` is passed.
 */
import { create } from '@bufbuild/protobuf';
import {
  CancelAllUnfreezeV2ContractSchema,
  DelegateResourceContractSchema,
  FreezeBalanceV2ContractSchema,
  ResourceCode,
  UnDelegateResourceContractSchema,
  UnfreezeBalanceV2ContractSchema,
  WithdrawExpireUnfreezeContractSchema,
  type CancelAllUnfreezeV2Contract,
  type DelegateResourceContract,
  type FreezeBalanceContract,
  type FreezeBalanceV2Contract,
  type UnDelegateResourceContract,
  type UnfreezeBalanceContract,
  type UnfreezeBalanceV2Contract,
  type WithdrawExpireUnfreezeContract,
} from '../gen/protocol/balance_contract_pb.ts';
import { isAddressBytes } from '../chain/address.ts';
import { equalBytes } from '../base/bytes.ts';
import { fail } from '../base/errors.ts';
import { addressInput, booleanInput, int32Input, int64Input, kindOf, messageInput, objectInput, rejectField, within } from '../chain/input.ts';
import { DEFAULT_DELEGATE_LOCK_BLOCKS, MAX_DELEGATE_LOCK_BLOCKS, MIN_STAKE_SUN } from '../base/limits.ts';
import type { AddressInput } from './transfer.ts';
import { sunInWords } from '../base/amount.ts';
import {
  addressRow,
  blocksInWords,
  boolRow,
  durationInWords,
  resourceName,
  row,
  sunRow,
  who,
  type DescribeContext,
  type Description,
  type FieldRow,
} from './fields.ts';

const owner = (ctx: DescribeContext, c: { ownerAddress: Uint8Array }): FieldRow => addressRow(ctx, 'owner_address', 'Account', c.ownerAddress);

export function describeFreezeBalance(c: FreezeBalanceContract, ctx: DescribeContext): Description {
  const fields = [
    owner(ctx, c),
    sunRow('frozen_balance', 'Amount to stake', c.frozenBalance),
    row('frozen_duration', 'Locked for', durationInWords(c.frozenDuration * 86_400_000n)),
    row('resource', 'Resource', resourceName(c.resource)),
  ];
  if (c.receiverAddress.length > 0) fields.push(addressRow(ctx, 'receiver_address', 'Resource goes to', c.receiverAddress));
  const forWhom = c.receiverAddress.length > 0 ? ` for ${who(ctx, c.receiverAddress)}` : '';
  return {
    summary: `Stake ${sunInWords(c.frozenBalance)} for ${resourceName(c.resource)} (Stake 1.0, ${durationInWords(c.frozenDuration * 86_400_000n)})${forWhom}, from ${who(ctx, c.ownerAddress)}`,
    fields,
  };
}

export function describeUnfreezeBalance(c: UnfreezeBalanceContract, ctx: DescribeContext): Description {
  const fields = [owner(ctx, c), row('resource', 'Resource', resourceName(c.resource))];
  if (c.receiverAddress.length > 0) fields.push(addressRow(ctx, 'receiver_address', 'Resource was given to', c.receiverAddress));
  const forWhom = c.receiverAddress.length > 0 ? ` given to ${who(ctx, c.receiverAddress)}` : '';
  return { summary: `Release the Stake 1.0 ${resourceName(c.resource)} stake${forWhom} of ${who(ctx, c.ownerAddress)}`, fields };
}

export function describeFreezeBalanceV2(c: FreezeBalanceV2Contract, ctx: DescribeContext): Description {
  return {
    summary: `Stake ${sunInWords(c.frozenBalance)} for ${resourceName(c.resource)}, from ${who(ctx, c.ownerAddress)}`,
    fields: [owner(ctx, c), sunRow('frozen_balance', 'Amount to stake', c.frozenBalance), row('resource', 'Resource', resourceName(c.resource))],
  };
}

export function describeUnfreezeBalanceV2(c: UnfreezeBalanceV2Contract, ctx: DescribeContext): Description {
  return {
    summary: `Start unstaking ${sunInWords(c.unfreezeBalance)} of ${resourceName(c.resource)} stake of ${who(ctx, c.ownerAddress)} (withdrawable after the chain's waiting period)`,
    fields: [owner(ctx, c), sunRow('unfreeze_balance', 'Amount to unstake', c.unfreezeBalance), row('resource', 'Resource', resourceName(c.resource))],
  };
}

export function describeWithdrawExpireUnfreeze(c: WithdrawExpireUnfreezeContract, ctx: DescribeContext): Description {
  return { summary: `Withdraw every unstaked amount whose waiting period has passed to ${who(ctx, c.ownerAddress)}`, fields: [owner(ctx, c)] };
}

export function describeDelegateResource(c: DelegateResourceContract, ctx: DescribeContext): Description {
  const fields = [
    owner(ctx, c),
    row('resource', 'Resource', resourceName(c.resource)),
    sunRow('balance', 'Staked amount whose resource is lent', c.balance),
    addressRow(ctx, 'receiver_address', 'Receiver', c.receiverAddress),
    boolRow('lock', 'Locked', c.lock),
  ];
  if (c.lock || c.lockPeriod !== 0n) fields.push(row('lock_period', 'Lock period', blocksInWords(c.lockPeriod)));
  const lock = c.lock ? `, locked for ${c.lockPeriod === 0n ? 'the default period' : blocksInWords(c.lockPeriod)}` : '';
  return {
    summary: `Lend the ${resourceName(c.resource)} of ${sunInWords(c.balance)} staked by ${who(ctx, c.ownerAddress)} to ${who(ctx, c.receiverAddress)}${lock}`,
    fields,
  };
}

export function describeUnDelegateResource(c: UnDelegateResourceContract, ctx: DescribeContext): Description {
  return {
    summary: `Take back the ${resourceName(c.resource)} of ${sunInWords(c.balance)} that ${who(ctx, c.ownerAddress)} lent to ${who(ctx, c.receiverAddress)}`,
    fields: [
      owner(ctx, c),
      row('resource', 'Resource', resourceName(c.resource)),
      sunRow('balance', 'Staked amount to take back', c.balance),
      addressRow(ctx, 'receiver_address', 'From receiver', c.receiverAddress),
    ],
  };
}

export function describeCancelAllUnfreezeV2(c: CancelAllUnfreezeV2Contract, ctx: DescribeContext): Description {
  return {
    summary: `Cancel every pending unstake of ${who(ctx, c.ownerAddress)}: amounts not yet withdrawable are staked again, withdrawable ones are paid out`,
    fields: [owner(ctx, c)],
  };
}

// ---------------------------------------------------------------------------------------------
// Stake 2.0 builders and the node's stateless rules

function reject(message: string, field: string): never {
  return fail('CONTRACT_VALIDATE', message, { field });
}

/** A resource by name (`BANDWIDTH`, `ENERGY`, `TRON_POWER`, any case) or by its ResourceCode number. */
export type ResourceInput = 'BANDWIDTH' | 'ENERGY' | 'TRON_POWER' | string | number;

const RESOURCE_NAMES: Readonly<Record<string, ResourceCode>> = {
  BANDWIDTH: ResourceCode.BANDWIDTH,
  ENERGY: ResourceCode.ENERGY,
  TRON_POWER: ResourceCode.TRON_POWER,
};

/**
 * A resource name or number. A number outside the enum is kept, so the contract's own rule refuses
 * it with the node's message; a name that is none of the three is refused here (the node could not
 * even read it from JSON).
 */
export function resourceInput(value: unknown, field: string): ResourceCode {
  if (typeof value === 'number') return int32Input(value, field) as ResourceCode;
  if (typeof value === 'string' && Object.prototype.hasOwnProperty.call(RESOURCE_NAMES, value.trim().toUpperCase())) {
    return RESOURCE_NAMES[value.trim().toUpperCase()]!;
  }
  return rejectField(field, `expected BANDWIDTH, ENERGY or TRON_POWER, got ${typeof value === 'string' ? 'other text' : kindOf(value)}`);
}

/** What the stateless rules need to know about the chain; each defaults to mainnet's setting. */
export interface StakingRulesContext {
  /** ALLOW_NEW_RESOURCE_MODEL: TRON_POWER may be staked and unstaked (default true, as on mainnet). */
  newResourceModel?: boolean;
  /**
   * MAX_DELEGATE_LOCK_PERIOD in blocks (chain parameter 78). When the chain's value is not known, a
   * lock period is checked against the largest value a proposal may set (limits.ts).
   */
  maxLockPeriod?: bigint;
}

const ownerIn = (i: Record<string, unknown>) => addressInput(i.owner, 'owner');

/** FreezeBalanceV2Actuator's stateless rules, in its order. */
export function validateFreezeBalanceV2(c: FreezeBalanceV2Contract, ctx: StakingRulesContext = {}): void {
  messageInput(c, 'protocol.FreezeBalanceV2Contract', 'validateFreezeBalanceV2: contract');
  if (!isAddressBytes(c.ownerAddress)) reject('Invalid address', 'owner_address');
  if (c.frozenBalance <= 0n) reject('frozenBalance must be positive', 'frozen_balance');
  if (c.frozenBalance < MIN_STAKE_SUN) reject('frozenBalance must be greater than or equal to 1 TRX', 'frozen_balance');
  const newModel = ctx.newResourceModel !== false;
  if (c.resource === ResourceCode.BANDWIDTH || c.resource === ResourceCode.ENERGY || (c.resource === ResourceCode.TRON_POWER && newModel)) return;
  reject(
    c.resource !== ResourceCode.TRON_POWER && newModel
      ? 'ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY、TRON_POWER]'
      : 'ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]',
    'resource',
  );
}

export interface FreezeBalanceV2Input {
  owner: AddressInput;
  /** Sun to stake. */
  amount: bigint | number | string;
  resource: ResourceInput;
}

export function buildFreezeBalanceV2(input: FreezeBalanceV2Input, ctx: StakingRulesContext = {}): FreezeBalanceV2Contract {
  const c = within('buildFreezeBalanceV2', () => {
    const i = objectInput(input, 'input', ['owner', 'amount', 'resource']);
    return create(FreezeBalanceV2ContractSchema, {
      ownerAddress: ownerIn(i),
      frozenBalance: int64Input(i.amount, 'amount'),
      resource: resourceInput(i.resource, 'resource'),
    });
  });
  validateFreezeBalanceV2(c, ctx);
  return c;
}

/** UnfreezeBalanceV2Actuator's stateless rules, in its order (the amount's upper bound is the stake: stateful). */
export function validateUnfreezeBalanceV2(c: UnfreezeBalanceV2Contract, ctx: StakingRulesContext = {}): void {
  messageInput(c, 'protocol.UnfreezeBalanceV2Contract', 'validateUnfreezeBalanceV2: contract');
  if (!isAddressBytes(c.ownerAddress)) reject('Invalid address', 'owner_address');
  const newModel = ctx.newResourceModel !== false;
  if (c.resource !== ResourceCode.BANDWIDTH && c.resource !== ResourceCode.ENERGY && !(c.resource === ResourceCode.TRON_POWER && newModel)) {
    reject(
      c.resource !== ResourceCode.TRON_POWER && newModel
        ? 'ResourceCode error.valid ResourceCode[BANDWIDTH、Energy、TRON_POWER]'
        : 'ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]',
      'resource',
    );
  }
  if (c.unfreezeBalance <= 0n) reject(`Invalid unfreeze_balance, [${c.unfreezeBalance}] is error`, 'unfreeze_balance');
}

export interface UnfreezeBalanceV2Input {
  owner: AddressInput;
  /** Sun to unstake. */
  amount: bigint | number | string;
  resource: ResourceInput;
}

export function buildUnfreezeBalanceV2(input: UnfreezeBalanceV2Input, ctx: StakingRulesContext = {}): UnfreezeBalanceV2Contract {
  const c = within('buildUnfreezeBalanceV2', () => {
    const i = objectInput(input, 'input', ['owner', 'amount', 'resource']);
    return create(UnfreezeBalanceV2ContractSchema, {
      ownerAddress: ownerIn(i),
      unfreezeBalance: int64Input(i.amount, 'amount'),
      resource: resourceInput(i.resource, 'resource'),
    });
  });
  validateUnfreezeBalanceV2(c, ctx);
  return c;
}

/**
 * DelegateResourceActuator's stateless rules, in its order. The lock period is the node's
 * (lock_period 0 means the default, DEFAULT_DELEGATE_LOCK_BLOCKS); it is checked only when `lock`
 * is set, as the node does, against `ctx.maxLockPeriod` or, unknown, the largest a chain may allow.
 */
export function validateDelegateResource(c: DelegateResourceContract, ctx: StakingRulesContext = {}): void {
  messageInput(c, 'protocol.DelegateResourceContract', 'validateDelegateResource: contract');
  if (!isAddressBytes(c.ownerAddress)) reject('Invalid address', 'owner_address');
  if (c.balance < MIN_STAKE_SUN) reject('delegateBalance must be greater than or equal to 1 TRX', 'balance');
  if (c.resource !== ResourceCode.BANDWIDTH && c.resource !== ResourceCode.ENERGY)
    reject('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]', 'resource');
  if (!isAddressBytes(c.receiverAddress)) reject('Invalid receiverAddress', 'receiver_address');
  if (equalBytes(c.receiverAddress, c.ownerAddress)) reject('receiverAddress must not be the same as ownerAddress', 'receiver_address');
  if (c.lock) {
    const max = ctx.maxLockPeriod ?? MAX_DELEGATE_LOCK_BLOCKS;
    const period = c.lockPeriod === 0n ? DEFAULT_DELEGATE_LOCK_BLOCKS : c.lockPeriod;
    if (period < 0n || period > max) reject(`The lock period of delegate resource cannot be less than 0 and cannot exceed ${max}!`, 'lock_period');
  }
}

export interface DelegateResourceInput {
  owner: AddressInput;
  receiver: AddressInput;
  /** Staked sun whose resource is lent. */
  amount: bigint | number | string;
  resource: ResourceInput;
  /** Locked: the owner cannot take it back before the lock period ends. */
  lock?: boolean;
  /** Blocks (3 s each); 0 or absent: the node's default of 3 days. Only with `lock`. */
  lockPeriod?: bigint | number | string;
}

export function buildDelegateResource(input: DelegateResourceInput, ctx: StakingRulesContext = {}): DelegateResourceContract {
  const c = within('buildDelegateResource', () => {
    const i = objectInput(input, 'input', ['owner', 'receiver', 'amount', 'resource', 'lock', 'lockPeriod']);
    const lock = i.lock === undefined ? false : booleanInput(i.lock, 'lock');
    const lockPeriod = i.lockPeriod === undefined ? 0n : int64Input(i.lockPeriod, 'lockPeriod');
    // The node ignores a lock period without the lock; a signer would read it as a lock, so it is refused.
    if (!lock && lockPeriod !== 0n) rejectField('lockPeriod', 'a lock period needs lock: the node ignores it on an unlocked delegation');
    return create(DelegateResourceContractSchema, {
      ownerAddress: ownerIn(i),
      resource: resourceInput(i.resource, 'resource'),
      balance: int64Input(i.amount, 'amount'),
      receiverAddress: addressInput(i.receiver, 'receiver'),
      lock,
      lockPeriod,
    });
  });
  validateDelegateResource(c, ctx);
  return c;
}

/** UnDelegateResourceActuator's stateless rules, in its order (what was lent and its lock are stateful). */
export function validateUnDelegateResource(c: UnDelegateResourceContract): void {
  messageInput(c, 'protocol.UnDelegateResourceContract', 'validateUnDelegateResource: contract');
  if (!isAddressBytes(c.ownerAddress)) reject('Invalid address', 'owner_address');
  if (!isAddressBytes(c.receiverAddress)) reject('Invalid receiverAddress', 'receiver_address');
  if (equalBytes(c.receiverAddress, c.ownerAddress)) reject('receiverAddress must not be the same as ownerAddress', 'receiver_address');
  if (c.balance <= 0n) reject('unDelegateBalance must be more than 0 TRX', 'balance');
  if (c.resource !== ResourceCode.BANDWIDTH && c.resource !== ResourceCode.ENERGY)
    reject('ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]', 'resource');
}

export interface UnDelegateResourceInput {
  owner: AddressInput;
  receiver: AddressInput;
  /** Staked sun whose resource is taken back. */
  amount: bigint | number | string;
  resource: ResourceInput;
}

export function buildUnDelegateResource(input: UnDelegateResourceInput): UnDelegateResourceContract {
  const c = within('buildUnDelegateResource', () => {
    const i = objectInput(input, 'input', ['owner', 'receiver', 'amount', 'resource']);
    return create(UnDelegateResourceContractSchema, {
      ownerAddress: ownerIn(i),
      resource: resourceInput(i.resource, 'resource'),
      balance: int64Input(i.amount, 'amount'),
      receiverAddress: addressInput(i.receiver, 'receiver'),
    });
  });
  validateUnDelegateResource(c);
  return c;
}

/** WithdrawExpireUnfreezeActuator's one stateless rule (what is withdrawable is stateful). */
export function validateWithdrawExpireUnfreeze(c: WithdrawExpireUnfreezeContract): void {
  messageInput(c, 'protocol.WithdrawExpireUnfreezeContract', 'validateWithdrawExpireUnfreeze: contract');
  if (!isAddressBytes(c.ownerAddress)) reject('Invalid address', 'owner_address');
}

export function buildWithdrawExpireUnfreeze(input: { owner: AddressInput }): WithdrawExpireUnfreezeContract {
  const c = within('buildWithdrawExpireUnfreeze', () =>
    create(WithdrawExpireUnfreezeContractSchema, { ownerAddress: ownerIn(objectInput(input, 'input', ['owner'])) }),
  );
  validateWithdrawExpireUnfreeze(c);
  return c;
}

/** CancelAllUnfreezeV2Actuator's one stateless rule (whether anything is pending is stateful). */
export function validateCancelAllUnfreezeV2(c: CancelAllUnfreezeV2Contract): void {
  messageInput(c, 'protocol.CancelAllUnfreezeV2Contract', 'validateCancelAllUnfreezeV2: contract');
  if (!isAddressBytes(c.ownerAddress)) reject('Invalid address', 'owner_address');
}

export function buildCancelAllUnfreezeV2(input: { owner: AddressInput }): CancelAllUnfreezeV2Contract {
  const c = within('buildCancelAllUnfreezeV2', () =>
    create(CancelAllUnfreezeV2ContractSchema, { ownerAddress: ownerIn(objectInput(input, 'input', ['owner'])) }),
  );
  validateCancelAllUnfreezeV2(c);
  return c;
}
