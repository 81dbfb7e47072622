// @vitest-environment jsdom
/**
 * A discarded draft is no longer offered as the last build (docs/decisions.md §26: after Discard, Send still
 * offered "Open the transaction" for the discarded draft). Over a real test station: Send builds a
 * transfer and stays to show a warning with the button; the transaction is discarded through the
 * station state's client, as the transaction screen does; the button is gone.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import SendScreen from '../send/SendScreen.svelte';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('Discard', () => {
  it("clears Send's link to the transaction it discarded", async () => {
    const h = await realStationState({ count: 1 });
    const real = h.real.handlers.buildTransfer;
    h.real.handlers.buildTransfer = async (args) => ({ ...(await real(args)), warnings: ['a warning, so the screen stays'] });
    renderWithStation(SendScreen, h.station);
    await type('From', TEST_ADDRESSES.M);
    await type('To', TEST_ADDRESSES.R);
    await type('Amount (TRX)', '3');
    await fireEvent.click(screen.getByRole('button', { name: 'Build transfer' }));
    await screen.findByRole('button', { name: 'Open the transaction' });
    const txId = h.station.send.last!.txId;

    // Another transaction's discard leaves the link alone.
    expect((await h.station.client.discard({ txId: h.real.txIds[0]! })).ok).toBe(true);
    expect(screen.getByRole('button', { name: 'Open the transaction' })).toBeTruthy();

    expect((await h.station.client.discard({ txId })).ok).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open the transaction' })).toBeNull());
    expect(h.station.send.last).toBeNull();
  });
});
