// @vitest-environment jsdom
/**
 * The Batch screen's cost of the built rows (docs/decisions.md §25, ui/BatchCost.svelte), over a real station: with a
 * test devnet holding account M (10,000 TRX), two rows of 6,000 TRX each (the CSV in sun) are built; asked, the
 * screen shows the station's `batchCost` answer: the rows' fees summed, what they send, and that
 * the account cannot pay all of them, short by how much; offline with no snapshot facts it says
 * the rows were not costed.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import BatchScreen from './BatchScreen.svelte';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';
import { startNodeWithM, TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import type { TestNode } from '../../test/helpers/devnet-helpers.ts';

afterEach(cleanup);

let node: TestNode;
beforeAll(async () => {
  node = await startNodeWithM();
});
afterAll(() => node?.stop());

async function buildRows(csv: string): Promise<void> {
  await fireEvent.input(screen.getByLabelText('CSV text'), { target: { value: csv } });
  await fireEvent.input(screen.getByLabelText('From'), { target: { value: TEST_ADDRESSES.M } });
  await fireEvent.click(screen.getByRole('button', { name: 'Build the batch' }));
  await waitFor(() => expect(screen.getByText(/^All 2 rows were built and stored/)).toBeTruthy());
}

const texts = (): string[] => [...document.querySelectorAll('.batch-cost p.cost-text')].map((p) => p.textContent ?? '');

describe('the Batch screen says what the built rows will cost', () => {
  it('sums the fees and what the rows send, and says the account cannot pay all of them', async () => {
    const h = await realStationState({ count: 0, node: node.url, tokens: false });
    renderWithStation(BatchScreen, h.station);
    await buildRows(`to,amount,token,note\n${TEST_ADDRESSES.R},6000000000,,one\n${TEST_ADDRESSES.D},6000000000,,two\n`);
    await fireEvent.click(screen.getByRole('button', { name: 'What the built rows will cost' }));
    await waitFor(() => expect(texts().length).toBeGreaterThan(0));
    const answer = await h.real.handlers.batchCost({ txIds: h.real.txIds.slice(-2) });
    expect(texts().join('\n')).toBe(answer.text);
    expect(answer.canPayAll).toBe(false);
    expect(answer.accounts[0]).toMatchObject({ account: TEST_ADDRESSES.M, rows: 2, moves: '12000000000', canPay: false });
    expect(texts()[0]).toMatch(/: it cannot pay all of them, short by 200\d(\.\d+)? TRX \(read from /);
    expect(document.querySelector('.batch-cost p.short')).not.toBeNull();
  });

  it('offline with no snapshot facts: the rows were not costed', async () => {
    const h = await realStationState({ count: 0 });
    renderWithStation(BatchScreen, h.station);
    await buildRows(`to,amount,token,note\n${TEST_ADDRESSES.R},1,,one\n${TEST_ADDRESSES.D},1,,two\n`);
    await fireEvent.click(screen.getByRole('button', { name: 'What the built rows will cost' }));
    await waitFor(() => expect(texts()).toEqual(['2 row(s) not costed: offline, and no imported snapshot carries the account']));
  });
});
