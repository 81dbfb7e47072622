/**
 * The broadcast order of a batch (docs/decisions.md §26, batch-order.ts): what waits for what, per account, and
 * a stable order that puts each row after what it depends on.
 */
import { describe, expect, it } from 'vitest';
import { planBroadcast, type BatchItem } from './batch-order.ts';

const row = (txId: string, kind: string | null, owner = 'a', permissionId = 0, allowedNow = true): BatchItem => ({
  txId,
  kind,
  owner,
  permissionId,
  allowedNow,
});

describe('planBroadcast', () => {
  it('keeps the chosen order when nothing depends on anything', () => {
    const p = planBroadcast([row('1', 'TransferContract'), row('2', 'TransferAssetContract'), row('3', 'FreezeBalanceV2Contract')]);
    expect(p).toEqual({ order: [0, 1, 2], waitsFor: [[], [], []] });
  });

  it('puts the stake before the delegation, the vote and the unstake, and the vote before the claim', () => {
    const items = [
      row('claim', 'WithdrawBalanceContract'),
      row('unstake', 'UnfreezeBalanceV2Contract'),
      row('vote', 'VoteWitnessContract'),
      row('delegate', 'DelegateResourceContract'),
      row('stake', 'FreezeBalanceV2Contract'),
      row('withdraw', 'WithdrawExpireUnfreezeContract'),
    ];
    const p = planBroadcast(items);
    expect(p.waitsFor).toEqual([[2], [4], [4], [4], [], [1]]);
    expect(p.order.map((i) => items[i]!.txId)).toEqual(['stake', 'unstake', 'vote', 'claim', 'delegate', 'withdraw']);
  });

  it('puts a permission update before the rows it enables (an active permission that does not allow them now), not before the others', () => {
    const items = [
      row('pay', 'TransferContract', 'a', 2, false),
      row('owner-pay', 'TransferContract', 'a', 0, false),
      row('allowed', 'WithdrawBalanceContract', 'a', 2, true),
      row('update', 'AccountPermissionUpdateContract', 'a', 0),
    ];
    const p = planBroadcast(items);
    expect(p.waitsFor).toEqual([[3], [], [], []]);
    expect(p.order).toEqual([1, 2, 3, 0]);
  });

  it("never makes one account's row wait for another account's", () => {
    const p = planBroadcast([
      row('vote', 'VoteWitnessContract', 'a'),
      row('stake', 'FreezeBalanceV2Contract', 'b'),
      row('update', 'AccountPermissionUpdateContract', 'b'),
    ]);
    expect(p).toEqual({ order: [0, 1, 2], waitsFor: [[], [], []] });
  });

  it('an unstake and a cancellation of unstaking form no circle; a row the station cannot read depends on nothing', () => {
    const p = planBroadcast([row('cancel', 'CancelAllUnfreezeV2Contract'), row('unstake', 'UnfreezeBalanceV2Contract'), row('?', null, '')]);
    expect(p).toEqual({ order: [1, 0, 2], waitsFor: [[1], [], []] });
  });

  it('reads __proto__ and other odd kinds as depending on nothing', () => {
    expect(planBroadcast([row('x', '__proto__'), row('y', 'constructor')])).toEqual({ order: [0, 1], waitsFor: [[], []] });
  });
});
