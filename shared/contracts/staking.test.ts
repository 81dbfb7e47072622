// The Stake 2.0 builders (docs/decisions.md §17 "Builders"): each stateless rule of the reference node's
// FreezeBalanceV2, UnfreezeBalanceV2, DelegateResource, UnDelegateResource, WithdrawExpireUnfreeze
// and CancelAllUnfreezeV2 actuators with its exact message, code and field, in the node's order;
// the inputs the builders read (resource names, the lock period only with the lock).
import { describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import {
  CancelAllUnfreezeV2ContractSchema,
  DelegateResourceContractSchema,
  FreezeBalanceV2ContractSchema,
  ResourceCode,
  UnDelegateResourceContractSchema,
  UnfreezeBalanceV2ContractSchema,
  WithdrawExpireUnfreezeContractSchema,
} from '../gen/protocol/balance_contract_pb.ts';
import { addressFromHex } from '../chain/address.ts';
import { AirlockError } from '../base/errors.ts';
import {
  buildCancelAllUnfreezeV2,
  buildDelegateResource,
  buildFreezeBalanceV2,
  buildUnDelegateResource,
  buildUnfreezeBalanceV2,
  buildWithdrawExpireUnfreeze,
  validateCancelAllUnfreezeV2,
  validateDelegateResource,
  validateFreezeBalanceV2,
  validateUnDelegateResource,
  validateUnfreezeBalanceV2,
  validateWithdrawExpireUnfreeze,
} from './staking.ts';

const OWNER = addressFromHex('4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a');
const TO = addressFromHex('412bd0c9fe079c8fca0e3352eb3d02839c371e5c41');
const SHORT = OWNER.slice(0, 20);
const WRONG_PREFIX = Uint8Array.of(0xa0, ...OWNER.slice(1));

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

describe('FreezeBalanceV2: the node stateless rules, in its order', () => {
  const c = (p: object = {}) => create(FreezeBalanceV2ContractSchema, { ownerAddress: OWNER, frozenBalance: 1_000_000n, resource: ResourceCode.ENERGY, ...p });
  it('a good stake passes, for each resource of the new resource model', () => {
    for (const resource of [ResourceCode.BANDWIDTH, ResourceCode.ENERGY, ResourceCode.TRON_POWER])
      expect(() => validateFreezeBalanceV2(c({ resource }))).not.toThrow();
  });
  it.each([
    ['owner too short', { ownerAddress: SHORT }, rule('Invalid address', 'owner_address')],
    ['owner with the wrong prefix', { ownerAddress: WRONG_PREFIX }, rule('Invalid address', 'owner_address')],
    ['amount 0', { frozenBalance: 0n }, rule('frozenBalance must be positive', 'frozen_balance')],
    ['amount negative', { frozenBalance: -5n }, rule('frozenBalance must be positive', 'frozen_balance')],
    ['amount below 1 TRX', { frozenBalance: 999_999n }, rule('frozenBalance must be greater than or equal to 1 TRX', 'frozen_balance')],
    ['an unknown resource', { resource: 7 }, rule('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY、TRON_POWER]', 'resource')],
    ['the address before the amount', { ownerAddress: SHORT, frozenBalance: 0n }, rule('Invalid address', 'owner_address')],
    ['the amount before the resource', { frozenBalance: 0n, resource: 7 }, rule('frozenBalance must be positive', 'frozen_balance')],
  ])('%s', (_n, patch, expected) => expect(refusal(() => validateFreezeBalanceV2(c(patch)))).toEqual(expected));
  it('without the new resource model TRON_POWER and unknown codes get the older message', () => {
    expect(refusal(() => validateFreezeBalanceV2(c({ resource: ResourceCode.TRON_POWER }), { newResourceModel: false }))).toEqual(
      rule('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]', 'resource'),
    );
    expect(refusal(() => validateFreezeBalanceV2(c({ resource: 9 }), { newResourceModel: false }))).toEqual(
      rule('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]', 'resource'),
    );
  });
  it('the builder reads names in any case and refuses other text naming the field', () => {
    expect(buildFreezeBalanceV2({ owner: OWNER, amount: '2000000', resource: 'energy' }).resource).toBe(ResourceCode.ENERGY);
    expect(refusal(() => buildFreezeBalanceV2({ owner: OWNER, amount: 2_000_000n, resource: 'WATER' }))).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'buildFreezeBalanceV2: resource: expected BANDWIDTH, ENERGY or TRON_POWER, got other text',
    });
    expect(refusal(() => buildFreezeBalanceV2({ owner: OWNER, amount: 5, resource: 'ENERGY' }))).toEqual(
      rule('frozenBalance must be greater than or equal to 1 TRX', 'frozen_balance'),
    );
  });
});

describe('UnfreezeBalanceV2: the node stateless rules, in its order', () => {
  const c = (p: object = {}) => create(UnfreezeBalanceV2ContractSchema, { ownerAddress: OWNER, unfreezeBalance: 1n, resource: ResourceCode.BANDWIDTH, ...p });
  it('any positive amount passes (the stake bounds it: stateful)', () => expect(() => validateUnfreezeBalanceV2(c())).not.toThrow());
  it.each([
    ['owner', { ownerAddress: SHORT }, rule('Invalid address', 'owner_address')],
    ['an unknown resource', { resource: 5 }, rule('ResourceCode error.valid ResourceCode[BANDWIDTH、Energy、TRON_POWER]', 'resource')],
    ['amount 0', { unfreezeBalance: 0n }, rule('Invalid unfreeze_balance, [0] is error', 'unfreeze_balance')],
    ['amount negative', { unfreezeBalance: -3n }, rule('Invalid unfreeze_balance, [-3] is error', 'unfreeze_balance')],
    [
      'the resource before the amount',
      { resource: 5, unfreezeBalance: 0n },
      rule('ResourceCode error.valid ResourceCode[BANDWIDTH、Energy、TRON_POWER]', 'resource'),
    ],
  ])('%s', (_n, patch, expected) => expect(refusal(() => validateUnfreezeBalanceV2(c(patch)))).toEqual(expected));
  it('without the new resource model TRON_POWER is refused with the older message', () => {
    expect(refusal(() => validateUnfreezeBalanceV2(c({ resource: ResourceCode.TRON_POWER }), { newResourceModel: false }))).toEqual(
      rule('ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]', 'resource'),
    );
  });
  it('the builder', () => expect(buildUnfreezeBalanceV2({ owner: OWNER, amount: 7, resource: 'BANDWIDTH' }).unfreezeBalance).toBe(7n));
});

describe('DelegateResource: the node stateless rules, in its order', () => {
  const c = (p: object = {}) =>
    create(DelegateResourceContractSchema, { ownerAddress: OWNER, resource: ResourceCode.ENERGY, balance: 1_000_000n, receiverAddress: TO, ...p });
  it('a good delegation passes, locked or not', () => {
    expect(() => validateDelegateResource(c())).not.toThrow();
    expect(() => validateDelegateResource(c({ lock: true, lockPeriod: 0n }))).not.toThrow();
    expect(() => validateDelegateResource(c({ lock: true, lockPeriod: 864_000n }), { maxLockPeriod: 864_000n })).not.toThrow();
  });
  it.each([
    ['owner', { ownerAddress: SHORT }, rule('Invalid address', 'owner_address')],
    ['amount below 1 TRX', { balance: 999_999n }, rule('delegateBalance must be greater than or equal to 1 TRX', 'balance')],
    ['amount 0', { balance: 0n }, rule('delegateBalance must be greater than or equal to 1 TRX', 'balance')],
    ['TRON_POWER cannot be lent', { resource: ResourceCode.TRON_POWER }, rule('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]', 'resource')],
    ['receiver', { receiverAddress: SHORT }, rule('Invalid receiverAddress', 'receiver_address')],
    ['receiver is the owner', { receiverAddress: OWNER }, rule('receiverAddress must not be the same as ownerAddress', 'receiver_address')],
    [
      'a negative lock period',
      { lock: true, lockPeriod: -1n },
      rule('The lock period of delegate resource cannot be less than 0 and cannot exceed 10512000!', 'lock_period'),
    ],
    ['the amount before the resource', { balance: 0n, resource: 9 }, rule('delegateBalance must be greater than or equal to 1 TRX', 'balance')],
    [
      'the resource before the receiver',
      { resource: 9, receiverAddress: SHORT },
      rule('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]', 'resource'),
    ],
    [
      'the receiver before the lock',
      { receiverAddress: OWNER, lock: true, lockPeriod: -1n },
      rule('receiverAddress must not be the same as ownerAddress', 'receiver_address'),
    ],
  ])('%s', (_n, patch, expected) => expect(refusal(() => validateDelegateResource(c(patch)))).toEqual(expected));
  it("a lock period over the chain's maximum names that maximum; without the lock the node does not look at it", () => {
    expect(refusal(() => validateDelegateResource(c({ lock: true, lockPeriod: 864_001n }), { maxLockPeriod: 864_000n }))).toEqual(
      rule('The lock period of delegate resource cannot be less than 0 and cannot exceed 864000!', 'lock_period'),
    );
    expect(() => validateDelegateResource(c({ lock: false, lockPeriod: -1n }))).not.toThrow();
  });
  it('the builder refuses a lock period without the lock, naming it', () => {
    expect(refusal(() => buildDelegateResource({ owner: OWNER, receiver: TO, amount: 1_000_000, resource: 'ENERGY', lockPeriod: 100 }))).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'lockPeriod',
    });
    const built = buildDelegateResource({ owner: OWNER, receiver: TO, amount: 1_000_000, resource: 'ENERGY', lock: true, lockPeriod: 100 });
    expect({ lock: built.lock, lockPeriod: built.lockPeriod }).toEqual({ lock: true, lockPeriod: 100n });
  });
});

describe('UnDelegateResource: the node stateless rules, in its order', () => {
  const c = (p: object = {}) =>
    create(UnDelegateResourceContractSchema, { ownerAddress: OWNER, resource: ResourceCode.ENERGY, balance: 1n, receiverAddress: TO, ...p });
  it('a good one passes', () => expect(() => validateUnDelegateResource(c())).not.toThrow());
  it.each([
    ['owner', { ownerAddress: SHORT }, rule('Invalid address', 'owner_address')],
    ['receiver', { receiverAddress: SHORT }, rule('Invalid receiverAddress', 'receiver_address')],
    ['receiver is the owner', { receiverAddress: OWNER }, rule('receiverAddress must not be the same as ownerAddress', 'receiver_address')],
    ['amount 0', { balance: 0n }, rule('unDelegateBalance must be more than 0 TRX', 'balance')],
    ['TRON_POWER', { resource: ResourceCode.TRON_POWER }, rule('ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]', 'resource')],
    [
      'the receiver before the amount',
      { receiverAddress: OWNER, balance: 0n },
      rule('receiverAddress must not be the same as ownerAddress', 'receiver_address'),
    ],
    ['the amount before the resource', { balance: 0n, resource: 4 }, rule('unDelegateBalance must be more than 0 TRX', 'balance')],
  ])('%s', (_n, patch, expected) => expect(refusal(() => validateUnDelegateResource(c(patch)))).toEqual(expected));
  it('the builder', () => expect(buildUnDelegateResource({ owner: OWNER, receiver: TO, amount: 3, resource: 'BANDWIDTH' }).balance).toBe(3n));
});

describe('WithdrawExpireUnfreeze and CancelAllUnfreezeV2: the owner address', () => {
  it('a bad owner is "Invalid address"', () => {
    expect(refusal(() => validateWithdrawExpireUnfreeze(create(WithdrawExpireUnfreezeContractSchema, { ownerAddress: SHORT })))).toEqual(
      rule('Invalid address', 'owner_address'),
    );
    expect(refusal(() => validateCancelAllUnfreezeV2(create(CancelAllUnfreezeV2ContractSchema, { ownerAddress: WRONG_PREFIX })))).toEqual(
      rule('Invalid address', 'owner_address'),
    );
  });
  it('the builders take the owner only', () => {
    expect(buildWithdrawExpireUnfreeze({ owner: OWNER }).ownerAddress).toEqual(OWNER);
    expect(buildCancelAllUnfreezeV2({ owner: OWNER }).ownerAddress).toEqual(OWNER);
    expect(refusal(() => buildCancelAllUnfreezeV2({ owner: OWNER, amount: 1 } as never))).toMatchObject({ code: 'INVALID_INPUT', field: 'input.amount' });
  });
});
