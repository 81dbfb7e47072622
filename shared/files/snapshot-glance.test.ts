// The snapshot's `glances` section read strictly (shared/files/snapshot-glance.ts, docs/decisions.md §25): what
// is read is what was written; each list is bounded by its limit in shared/base/limits.ts; a token,
// contract, executive or account appears once; a TRC-20 balance is decimal text of at most 78
// digits or null; an unknown member (`__proto__` too) is refused; each error names its field.
import { describe, expect, it } from 'vitest';
import { MAX_GLANCE_DELEGATIONS, MAX_GLANCE_TOKENS, MAX_GLANCE_TRC20, MAX_SNAPSHOT_GLANCES, MAX_VOTES, UNFREEZE_MAX_TIMES } from '../base/limits.ts';
import { readGlances, type SnapshotGlance } from './snapshot-glance.ts';

const A = 'TNm26GkETxuG1K294uc6LiB5aPcECeHXtw';
const B = 'TCZ8JGYoFqNhzttNHDz8bnJGjzM7q7Cdeg';

function glance(address = A): SnapshotGlance {
  return {
    address,
    block: 7,
    blockTime: 1_800_000_000_000,
    source: { node: 'http://127.0.0.1:8090', block: 7 },
    at: 1_800_000_001_000,
    balance: '850000000',
    tokens: [{ id: '1000001', balance: '1000' }],
    tokensCut: false,
    trc20: [
      { contract: B, balance: '1'.repeat(78) },
      { contract: A, balance: null },
    ],
    trc20Cut: false,
    bandwidth: { freeUsed: '0', freeLimit: '5000', stakedUsed: '12', stakedLimit: '900' },
    energy: { used: '3', limit: '40' },
    staked: { bandwidth: '90000000', energy: '45000000', tronPower: '0' },
    lentOut: { bandwidth: '10000000', energy: '0' },
    borrowed: { bandwidth: '0', energy: '0' },
    unstaking: [{ resource: 'ENERGY', amount: '5000000', withdrawableAt: 1_801_000_000_000 }],
    withdrawableNow: '0',
    votes: [{ executive: B, count: '20' }],
    votingPower: { total: '145', used: '20' },
    rewards: { unclaimed: '422400000', allowance: '0' },
    delegationsOut: [{ account: B, bandwidth: '10000000', energy: '0', bandwidthLockedUntil: 1_800_300_000_000, energyLockedUntil: 0 }],
    delegationsIn: [],
    delegationsCut: false,
  };
}

const read = (edit: (g: Record<string, unknown>) => void): (() => unknown) => {
  const g = JSON.parse(JSON.stringify(glance())) as Record<string, unknown>;
  edit(g);
  return () => readGlances([g], 'glances');
};

describe("the snapshot's glances section", () => {
  it('reads back what was written', () => {
    expect(readGlances(JSON.parse(JSON.stringify([glance(), glance(B)])), 'glances')).toEqual([glance(), glance(B)]);
  });

  const many = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
  const bounds: [string, number, (g: Record<string, unknown>, n: number) => void, string][] = [
    ['tokens', MAX_GLANCE_TOKENS, (g, n) => (g.tokens = many(n, (i) => ({ id: String(1_000_001 + i), balance: '1' }))), 'glances[0].tokens'],
    ['trc20', MAX_GLANCE_TRC20, (g, n) => (g.trc20 = many(n, () => ({ contract: A, balance: '1' }))), 'glances[0].trc20'],
    [
      'unstaking',
      UNFREEZE_MAX_TIMES,
      (g, n) => (g.unstaking = many(n, () => ({ resource: 'ENERGY', amount: '1', withdrawableAt: 1 }))),
      'glances[0].unstaking',
    ],
    ['votes', MAX_VOTES, (g, n) => (g.votes = many(n, () => ({ executive: B, count: '1' }))), 'glances[0].votes'],
    [
      'delegationsIn',
      2 * MAX_GLANCE_DELEGATIONS,
      (g, n) => (g.delegationsIn = many(n, () => ({ account: B, bandwidth: '1', energy: '0', bandwidthLockedUntil: 0, energyLockedUntil: 0 }))),
      'glances[0].delegationsIn',
    ],
  ];
  for (const [what, max, fill, field] of bounds) {
    it(`refuses more than ${max} ${what}, naming the list`, () => {
      expect(read((g) => fill(g, max + 1))).toThrow(field);
    });
  }

  it(`refuses more than ${MAX_SNAPSHOT_GLANCES} glances`, () => {
    expect(() =>
      readGlances(
        Array.from({ length: MAX_SNAPSHOT_GLANCES + 1 }, () => ({})),
        'glances',
      ),
    ).toThrow('glances');
  });

  it('refuses an account, token or contract twice', () => {
    expect(() => readGlances(JSON.parse(JSON.stringify([glance(), glance()])), 'glances')).toThrow(`glances[1]: account ${A} appears twice`);
    expect(read((g) => (g.tokens = [0, 1].map(() => ({ id: '1000001', balance: '1' }))))).toThrow('token 1000001 appears twice');
    expect(read((g) => (g.trc20 = [0, 1].map(() => ({ contract: B, balance: '1' }))))).toThrow(`contract ${B} appears twice`);
  });

  it('a TRC-20 balance is at most 78 digits of decimal text, or null', () => {
    expect(read((g) => ((g.trc20 as { balance: unknown }[])[0]!.balance = '1'.repeat(79)))).toThrow('glances[0].trc20[0].balance');
    expect(read((g) => ((g.trc20 as { balance: unknown }[])[0]!.balance = 12))).toThrow('glances[0].trc20[0].balance');
    expect(read((g) => ((g.trc20 as { balance: unknown }[])[0]!.balance = '012'))).toThrow('glances[0].trc20[0].balance');
  });

  it('refuses an amount that is not a whole number of at least 0, a time that is not whole ms, a member it does not know', () => {
    expect(read((g) => ((g.energy as Record<string, unknown>).used = '-3'))).toThrow('glances[0].energy.used');
    expect(read((g) => ((g.unstaking as Record<string, unknown>[])[0]!.withdrawableAt = 1.5))).toThrow('glances[0].unstaking[0].withdrawableAt');
    expect(read((g) => ((g.votingPower as Record<string, unknown>).extra = '1'))).toThrow('glances[0].votingPower');
    expect(read((g) => Object.defineProperty(g, '__proto__', { value: { balance: '1' }, enumerable: true }))).toThrow('__proto__');
    expect(read((g) => delete g.delegationsCut)).toThrow('glances[0].delegationsCut: missing');
  });
});
