/**
 * The operation catalogue (docs/decisions.md §26): one entry per contract type, each in one group with words,
 * the lookups by id and name, the grouping and the presets.
 */
import { describe, expect, it } from 'vitest';
import { CONTRACT_TYPES } from './contract-types.ts';
import { groupOperations, OPERATION_CATALOGUE, OPERATION_GROUPS, OPERATION_PRESETS, operationLabel, operationWords } from './operation-catalogue.ts';

describe('the operation catalogue', () => {
  it('has one entry for every contract type of the reference node, with its id, a group and words', () => {
    expect(OPERATION_CATALOGUE.map((o) => [o.id, o.type])).toEqual(CONTRACT_TYPES.map((t) => [t.id, t.name]));
    for (const o of OPERATION_CATALOGUE) {
      expect(OPERATION_GROUPS).toContain(o.group);
      expect(o.name).not.toMatch(/Contract$/);
      expect(o.meaning).toMatch(/^[A-Z].*\.$/);
      expect(o.verb).toMatch(/^[a-z]/);
    }
  });

  it('gives every plain name once, so a person can tell any two operations apart', () => {
    const names = OPERATION_CATALOGUE.map((o) => o.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('fills every group', () => {
    for (const g of OPERATION_GROUPS) expect(OPERATION_CATALOGUE.some((o) => o.group === g)).toBe(true);
  });

  it('finds an operation by id or java-tron name and invents nothing for an unknown one', () => {
    expect(operationWords(54)?.name).toBe('Stake');
    expect(operationWords('TransferContract')).toMatchObject({ id: 1, name: 'Transfer', group: 'Payments', verb: 'send TRX' });
    expect(operationWords(7)).toBeUndefined();
    expect(operationWords('__proto__')).toBeUndefined();
    expect(operationWords('constructor')).toBeUndefined();
    expect(operationLabel('FreezeBalanceV2Contract')).toBe('Stake (FreezeBalanceV2Contract)');
    expect(operationLabel(7)).toBe('contract type 7');
  });

  it('groups names in catalogue order, leaving out empty groups and names it does not know', () => {
    const grouped = groupOperations(['VoteWitnessContract', 'TransferAssetContract', 'TransferContract', 'NotAContract']);
    expect(grouped.map((g) => [g.group, g.operations.map((o) => o.type)])).toEqual([
      ['Payments', ['TransferContract', 'TransferAssetContract']],
      ['Voting and governance', ['VoteWitnessContract']],
    ]);
  });

  it('offers presets that pick from what is offered: payments only, and everything but permission changes', () => {
    const offered = OPERATION_CATALOGUE.map((o) => o.type);
    const preset = (id: string) => OPERATION_PRESETS.find((p) => p.id === id)!;
    expect(preset('payments').select(offered)).toEqual(['TransferContract', 'TransferAssetContract']);
    const allBut = preset('all-but-permissions').select(offered);
    expect(allBut).not.toContain('AccountPermissionUpdateContract');
    expect(allBut).toHaveLength(offered.length - 1);
    expect(preset('payments').select(['TransferContract'])).toEqual(['TransferContract']);
    expect(preset('staking-voting').select(offered)).toEqual(
      expect.arrayContaining(['FreezeBalanceV2Contract', 'DelegateResourceContract', 'VoteWitnessContract', 'WithdrawBalanceContract']),
    );
    expect(preset('staking-voting').select(offered)).not.toContain('TransferContract');
    expect(preset('none').select(offered)).toEqual([]);
  });
});
