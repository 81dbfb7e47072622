// The queue says what each row moves (docs/decisions.md §26: its Amount column said "Contract call", "Stake",
// "Reward claim" instead of the amount, so a TRC-20 payment of 250.75 ATD and a 5,000 TRX stake
// read the same as a claim; a transfer said "2.5 coin" beside "3.5 TRX"). Built on a real station
// against the local node in process, read back through `queue` as the desktop app reads it, with
// the kind in words beside each amount; the batch total of a stake says what it moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { kindAndAmount, NO_AMOUNT } from '../../shared/base/amount.ts';
import { GENESIS_TOKEN_ADDRESS_BASE58 } from '../../devnet/evm/genesis-token.ts';
import { type Station } from '../../station/station.ts';
import { funded, K, startNode, SUN, type TestNode } from '../helpers/devnet-helpers.ts';
import { keystoreStation, workDir } from '../helpers/station-helpers.ts';

let node: TestNode;
let work: { dir: string; remove: () => void };
let s: Station;

beforeAll(async () => {
  node = await startNode();
  work = workDir();
  s = keystoreStation(join(work.dir, 'q'), node.url, () => node.clock.now);
});
afterAll(async () => {
  s.close();
  await node.stop();
  work.remove();
});

describe('the queue says what each row moves', () => {
  it('gives every kind its amount in words, TRX in one unit name and TRC-20 in the token units', async () => {
    const from = K.alice.b58;
    const payee = (await funded(node, SUN)).b58;
    await s.accountFetch({ address: from });
    await s.contractAdd({ address: GENESIS_TOKEN_ADDRESS_BASE58 });
    const built = {
      transfer: await s.buildTransfer({ from, to: payee, amount: '2500000' }),
      trc20: await s.buildTrc20Transfer({ from, to: payee, token: GENESIS_TOKEN_ADDRESS_BASE58, amount: '250.75' }),
      stake: await s.buildFreeze({ from, amount: String(5_000n * SUN), resource: 'ENERGY' }),
      unstake: await s.buildUnfreeze({ from, amount: String(12n * SUN), resource: 'BANDWIDTH' }),
      delegate: await s.buildDelegate({ from, to: payee, amount: String(1_500n * SUN), resource: 'ENERGY' }),
      vote: await s.buildVote({ from, votes: [{ executive: K.exec.b58, count: '1200' }] }),
      claim: await s.buildWithdrawRewards({ from }),
    };
    const { entries } = s.list({});
    const row = (txId: string) => entries.find((e) => e.txId === txId)!;
    expect(Object.fromEntries(Object.entries(built).map(([k, b]) => [k, [row(b.txId).title, row(b.txId).amount]]))).toEqual({
      transfer: ['Transfer', '2.5 TRX'],
      trc20: ['Contract call', `250.75 ATD (contract ${GENESIS_TOKEN_ADDRESS_BASE58})`],
      stake: ['Stake', '5,000 TRX for energy'],
      unstake: ['Unstake', '12 TRX from bandwidth'],
      delegate: ['Resource delegation', '1,500 TRX of energy'],
      vote: ['Vote for executives', '1,200 votes for 1 executive'],
      claim: ['Reward claim', 'all unclaimed rewards'],
    });
    // No row repeats its kind as its amount ("Reward claim of Reward claim").
    for (const e of entries) expect(e.amount.toLowerCase()).not.toContain(e.title.toLowerCase());
    // A kind that moves no amount says so, and is named by its kind alone.
    const name = await s.buildAccountName({ from, name: 'treasury' });
    expect(s.list({}).entries.find((e) => e.txId === name.txId)).toMatchObject({ title: 'Account name', amount: '—' });
  });

  it('the total of a stake says what it stakes, not "nothing paid out"', async () => {
    const stake = s.list({}).entries.find((e) => e.title === 'Stake')!;
    expect(s.queueTotals({ txIds: [stake.txId] }).text).toBe('Nothing is paid out; stakes 5,000 TRX.');
  });
});

describe('kindAndAmount', () => {
  it('names a row by its kind and what it moves, or its kind alone when it moves nothing', () => {
    expect(kindAndAmount('Reward claim', 'all unclaimed rewards')).toBe('Reward claim of all unclaimed rewards');
    expect(kindAndAmount('Account name', NO_AMOUNT)).toBe('Account name');
  });
});
