// The snapshot's `costs` member (docs/decisions.md §25, shared/files/snapshot-costs.ts): it round-trips and a
// file without it reads as before; every part is read strictly as a claim: known members only
// (`__proto__` too is refused), parameter names the estimate uses, amounts whole and bounded, no
// account twice, the estimates bounded and their data hex, and the block not past the snapshot's.
import { describe, expect, it } from 'vitest';
import { exportSnapshot, parseSnapshot, stringifySnapshot } from './snapshot.ts';
import { MAX_SNAPSHOT_CALL_DATA_BYTES, MAX_SNAPSHOT_COST_VALUE, MAX_SNAPSHOT_ENERGY_ESTIMATES } from '../base/limits.ts';

const T0 = 1_800_000_000_000;
const block = { number: 7, id: '0000000000000007' + 'ab'.repeat(24), timestamp: T0 };
const base = () => exportSnapshot({ node: 'http://127.0.0.1:8090', block, accounts: [], exportedAt: T0 + 1 });
const ALICE = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const account = () => ({
  address: ALICE,
  exists: true,
  balance: '1000000',
  free_net_used: '0',
  free_net_limit: '5000',
  net_used: '0',
  net_limit: '0',
  energy_used: '0',
  energy_limit: '0',
  energy_estimates: [{ contract: CONTRACT, data: 'A9059CBB', call_value: '0', energy: '29650' }],
});
const costs = (over: Record<string, unknown> = {}) => ({
  block: 7,
  at: T0,
  parameters: { getTransactionFee: '1000', getEnergyFee: 420 },
  accounts: [account()],
  ...over,
});
const withCosts = (c: unknown): string => JSON.stringify({ ...base(), costs: c });

describe('snapshot costs member', () => {
  it('round-trips (amounts as decimal text, call data lowercase) and is absent from a file that has none', () => {
    expect(parseSnapshot(stringifySnapshot(base()))).not.toHaveProperty('costs');
    const read = parseSnapshot(withCosts(costs()));
    expect(read.costs).toEqual({
      block: 7,
      at: T0,
      parameters: { getTransactionFee: '1000', getEnergyFee: '420' },
      accounts: [{ ...account(), energy_estimates: [{ contract: CONTRACT, data: 'a9059cbb', call_value: '0', energy: '29650' }] }],
    });
    expect(parseSnapshot(stringifySnapshot(read))).toEqual(read);
  });

  it('refuses unknown members and __proto__ keys anywhere, naming where', () => {
    expect(() => parseSnapshot(withCosts({ ...costs(), extra: 1 }))).toThrow(/snapshot\.costs/);
    expect(() => parseSnapshot(withCosts(JSON.parse(`{"block":7,"at":${T0},"parameters":{},"accounts":[],"__proto__":{"x":1}}`)))).toThrow(/snapshot\.costs/);
    expect(() => parseSnapshot(withCosts(costs({ parameters: JSON.parse('{"__proto__":"1"}') })))).toThrow(
      /snapshot\.costs\.parameters: .*__proto__.* is not a chain parameter the cost estimate uses/,
    );
    expect(() => parseSnapshot(withCosts(costs({ parameters: { getWhatever: '1' } })))).toThrow(
      /getWhatever.* is not a chain parameter the cost estimate uses/,
    );
    const proto = JSON.stringify(account()).replace('{', '{"__proto__":{"balance":"1"},');
    expect(() => parseSnapshot(withCosts(costs({ accounts: [JSON.parse(proto)] })))).toThrow(/snapshot\.costs\.accounts\[0\]/);
  });

  it('refuses amounts that are not whole, negative or beyond any chain, naming the field', () => {
    expect(() => parseSnapshot(withCosts(costs({ parameters: { getEnergyFee: '-1' } })))).toThrow(/snapshot\.costs\.parameters\.getEnergyFee/);
    expect(() => parseSnapshot(withCosts(costs({ parameters: { getEnergyFee: 1.5 } })))).toThrow(/snapshot\.costs\.parameters\.getEnergyFee/);
    expect(() => parseSnapshot(withCosts(costs({ accounts: [{ ...account(), balance: (MAX_SNAPSHOT_COST_VALUE + 1n).toString() }] })))).toThrow(
      /snapshot\.costs\.accounts\[0\]\.balance: larger than/,
    );
    expect(() => parseSnapshot(withCosts(costs({ accounts: [{ ...account(), energy_limit: '1e9' }] })))).toThrow(
      /snapshot\.costs\.accounts\[0\]\.energy_limit/,
    );
    expect(() => parseSnapshot(withCosts(costs({ accounts: [{ ...account(), exists: 'yes' }] })))).toThrow(/snapshot\.costs\.accounts\[0\]\.exists/);
  });

  it('refuses an account twice, too many estimates, call data that is not hex or too long, and a block past the snapshot', () => {
    expect(() => parseSnapshot(withCosts(costs({ accounts: [account(), account()] })))).toThrow(/snapshot\.costs\.accounts\[1\]\.address: .* appears twice/);
    const many = Array.from({ length: MAX_SNAPSHOT_ENERGY_ESTIMATES + 1 }, () => account().energy_estimates[0]);
    expect(() => parseSnapshot(withCosts(costs({ accounts: [{ ...account(), energy_estimates: many }] })))).toThrow(/energy_estimates/);
    const estimate = (data: string) => costs({ accounts: [{ ...account(), energy_estimates: [{ ...account().energy_estimates[0], data }] }] });
    expect(() => parseSnapshot(withCosts(estimate('zz')))).toThrow(/energy_estimates\[0\]\.data: expected the call's data as hex/);
    expect(() => parseSnapshot(withCosts(estimate('abc')))).toThrow(/energy_estimates\[0\]\.data/);
    expect(() => parseSnapshot(withCosts(estimate('ab'.repeat(MAX_SNAPSHOT_CALL_DATA_BYTES + 1))))).toThrow(/energy_estimates\[0\]\.data/);
    expect(() => parseSnapshot(withCosts(costs({ block: 8 })))).toThrow(/snapshot\.costs\.block: block 8 is past the snapshot's block 7/);
  });
});
