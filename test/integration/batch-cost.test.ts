// Batch totals include the costs (docs/decisions.md §25, `batchCost` in station/transactions/cost.ts), on a real
// station and the devnet over loopback HTTP through dispatch: three transfers each payable alone sum
// to more than the account holds, so the answer says it cannot pay all of them and by how much; the
// fees are the sum of the rows' fees (one pays the activation fee); offline with no snapshot the rows
// are named as not costed; an empty or oversized choice is refused by name.
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../shared/api/api-contract.ts';
import { STATION_API } from '../../shared/api/station-api.ts';
import { funded, K, newKey, SUN } from '../helpers/devnet-helpers.ts';
import { devnetApiStations } from '../helpers/devnet-station-helpers.ts';
import type { BatchCostView } from '../../station/transactions/cost.ts';

const devnet = devnetApiStations('airlock-batch-cost-');
const station = devnet.station;

describe('batch totals include the costs', () => {
  it('sums the fees and what the rows send per account, and says whether it can pay all of them', async () => {
    const A = station('a', devnet.node.url);
    const payer = await funded(devnet.node, 10n * SUN);
    await A.accountFetch({ address: payer.b58 });
    const rows = [
      await A.buildTransfer({ from: payer.b58, to: K.bob.b58, amount: String(4n * SUN) }),
      await A.buildTransfer({ from: payer.b58, to: K.bob.b58, amount: String(4_500_000n) }),
      await A.buildTransfer({ from: payer.b58, to: newKey().b58, amount: String(3n * SUN) }),
    ].map((b) => b.txId);
    const answer = await dispatch(STATION_API, A, 'batchCost', { txIds: rows });
    if (!answer.ok) throw new Error(answer.error.message);
    const costs = await Promise.all(rows.map((txId) => A.transactionCost({ txId })));
    const fees = costs.reduce((s, c) => s + BigInt(c.totalAtMost), 0n);
    expect(fees).toBe(100_000n);
    expect(answer.value).toMatchObject({
      fees: '100000',
      canPayAll: false,
      unknown: [],
      accounts: [{ account: payer.b58, rows: 3, fees: '100000', moves: '11500000', balance: '10000000', canPay: false, shortBy: '1600000' }],
    });
    expect((answer.value as BatchCostView).text).toMatch(
      new RegExp(
        `^${payer.b58}: 3 row\\(s\\), fees and burns 0\\.1 TRX, sent or staked 11\\.5 TRX, balance 10 TRX: it cannot pay all of them, short by 1\\.6 TRX \\(read from `,
      ),
    );
    const two = await dispatch(STATION_API, A, 'batchCost', { txIds: rows.slice(0, 2) });
    expect(two).toMatchObject({ ok: true, value: { canPayAll: true, accounts: [{ canPay: true, moves: '8500000' }] } });
    expect(two.ok && (two.value as BatchCostView).accounts[0]!.shortBy).toBeUndefined();
  });

  it('offline with no snapshot: the rows are named as not costed; a bad choice is refused by name', async () => {
    const A = station('b', devnet.node.url);
    const payer = await funded(devnet.node, 10n * SUN);
    await A.accountFetch({ address: payer.b58 });
    const built = await A.buildTransfer({ from: payer.b58, to: K.bob.b58, amount: '1' });
    const file = await A.exportHandoff({ txId: built.txId });
    const B = station('b-offline', 'http://127.0.0.1:9');
    await B.importFiles({ files: [{ name: 'pay.airlock.json', text: file.text }] });
    const answer = await dispatch(STATION_API, B, 'batchCost', { txIds: [built.txId] });
    expect(answer).toMatchObject({ ok: true, value: { canPayAll: false, accounts: [], unknown: [{ txId: built.txId }] } });
    expect(answer.ok && (answer.value as BatchCostView).text).toBe('1 row(s) not costed: offline, and no imported snapshot carries the account');
    expect(await dispatch(STATION_API, B, 'batchCost', { txIds: [] })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});
