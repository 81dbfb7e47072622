// @vitest-environment jsdom
/**
 * The Contracts screen against the real station (issue 17): a contract added with a typed symbol
 * and decimals is listed as claimed, not read from the node (the station is offline); the TRC-20
 * form checks the amount as it is typed with the token's decimals (a seventh decimal is refused
 * before anything is sent), reads the amount back in words, and builds through the API, opening
 * the new transaction; removing the contract empties the list.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import ContractsScreen from './ContractsScreen.svelte';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

const TOKEN = TEST_ADDRESSES.R;

describe('the Contracts screen', () => {
  it('lists a contract, checks the TRC-20 amount as typed, builds, and removes', async () => {
    const h = await realStationState({ count: 3 });
    renderWithStation(ContractsScreen, h.station);
    await screen.findByText(/None yet/);
    await fireEvent.input(screen.getByLabelText('Contract address'), { target: { value: TOKEN } });
    await fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Tether' } });
    await fireEvent.input(screen.getByLabelText('Symbol (if the node cannot be asked)'), { target: { value: 'USDT' } });
    await fireEvent.input(screen.getByLabelText('Decimals (likewise)'), { target: { value: '6' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Add to the list' }));
    await screen.findByText('USDT, 6 decimals (claimed, not read from the node)');

    await fireEvent.input(screen.getByLabelText('From'), { target: { value: TEST_ADDRESSES.M } });
    await fireEvent.input(screen.getByLabelText('To'), { target: { value: TEST_ADDRESSES.A } });
    await fireEvent.input(screen.getByLabelText('Token contract'), { target: { value: TOKEN } });
    await fireEvent.input(screen.getByLabelText('Amount'), { target: { value: '1.0000001' } });
    expect(await screen.findByText('at most 6 decimal places')).toBeTruthy();
    expect(h.real.calls).not.toContain('buildTrc20Transfer');
    await fireEvent.input(screen.getByLabelText('Amount'), { target: { value: '1.5' } });
    expect(await screen.findByText('Sends 1.5 USDT.')).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Build TRC-20 transfer' }));
    await waitFor(() => expect(h.station.router.screen).toBe('transaction'));
    expect(h.real.calls).toContain('buildTrc20Transfer');

    await fireEvent.click(screen.getByRole('button', { name: 'Remove Tether' }));
    await screen.findByText(/None yet/);
  });
});
