// Reading the node's gettransactioninfobyid reply (docs/decisions.md §18, live status), in the shapes the local
// node and java-tron send: `{}` says nothing about a block; a block with no failure is SUCCESS with
// its fee; java-tron's `result: FAILED` with a hex `resMessage`, or a receipt result other than
// SUCCESS, is a failure with the node's reason in words, never a confirmation; a block number that
// is not a whole number is the node's error (NODE_REPLY). lookUpTransaction against the devnet is
// covered by test/integration/live-status.test.ts.
import { describe, expect, it } from 'vitest';
import { bytesToHex, utf8ToBytes } from '../../shared/base/bytes.ts';
import { fateFromInfo } from './transaction-fate.ts';

const NODE = 'http://127.0.0.1:8090';

describe('fateFromInfo', () => {
  it('says nothing for {} (not in a block yet)', () => {
    expect(fateFromInfo({}, NODE)).toBeUndefined();
  });

  it('reads a block with its fee as SUCCESS, the fee 0 when the node leaves it out', () => {
    expect(fateFromInfo({ id: 'AB', blockNumber: 12, fee: 1_100_000, receipt: { net_fee: 100_000 } }, NODE)).toEqual({
      kind: 'in block',
      id: 'ab',
      block: 12,
      result: 'SUCCESS',
      fee: '1100000',
      reason: null,
    });
    expect(fateFromInfo({ blockNumber: 3n, receipt: { net_usage: 200, result: 'SUCCESS' } }, NODE)).toMatchObject({ block: 3, fee: '0', result: 'SUCCESS' });
  });

  it("reads java-tron's failure in a block as failed, with the decoded message and the contract's result", () => {
    const reverted = fateFromInfo(
      { blockNumber: 40, fee: 2_000, result: 'FAILED', resMessage: bytesToHex(utf8ToBytes('REVERT opcode executed')), receipt: { result: 'REVERT' } },
      NODE,
    );
    expect(reverted).toMatchObject({ block: 40, result: 'REVERT', fee: '2000' });
    expect(reverted!.reason).toBe(
      'The node put it in block 40 and it failed there (REVERT): REVERT opcode executed. The fee was paid; nothing else changed on chain.',
    );
    expect(fateFromInfo({ blockNumber: 41, result: 'FAILED' }, NODE)).toMatchObject({
      result: 'FAILED',
      reason: expect.stringMatching(/failed there \(FAILED\)\./),
    });
    // A receipt's failure alone is enough.
    expect(fateFromInfo({ blockNumber: 42, receipt: { result: 'OUT_OF_ENERGY' } }, NODE)).toMatchObject({ result: 'OUT_OF_ENERGY' });
  });

  it("cleans the node's text of control characters", () => {
    const f = fateFromInfo({ blockNumber: 1, result: 'FAILED', resMessage: 'bad\u202Ename\u0007' }, NODE);
    expect(f!.reason).toContain('bad?name?');
  });

  it('refuses a block number or fee that is not a whole number', () => {
    expect(() => fateFromInfo({ blockNumber: -1 }, NODE)).toThrow(expect.objectContaining({ code: 'NODE_REPLY' }));
    expect(() => fateFromInfo({ blockNumber: 'twelve' }, NODE)).toThrow(/blockNumber that is not a whole number/);
    expect(() => fateFromInfo({ blockNumber: 1, fee: 1.5 }, NODE)).toThrow(/fee that is not a whole number/);
  });
});
