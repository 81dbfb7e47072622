// @vitest-environment jsdom
/**
 * The account at a glance component (renderer/accounts/AccountGlance.svelte, docs/decisions.md §25) over the real
 * station (test/helpers/real-station.ts, offline: it has no node and holds no glance), through the
 * real dispatch: a station that cannot answer is shown in words naming the account and the way
 * forward, never as figures; and an answer for an address the component is no longer asked about
 * is dropped (the slower answer for the first account arrives after the second account's and does
 * not replace it). The figures themselves are shown in Chromium over the devnet
 * (test/browser/account-glance-chromium.test.ts).
 */
import { cleanup, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import AccountGlance from './AccountGlance.svelte';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

describe('the account at a glance component', () => {
  it('offline with no glance held, it says so in words naming the account, and shows no figures', async () => {
    const h = await realStationState({ count: 1 });
    renderWithStation(AccountGlance, h.station, { address: TEST_ADDRESSES.M });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`nor does this station hold a glance of ${TEST_ADDRESSES.M} from a snapshot`);
    expect(screen.queryByText('Balance')).toBeNull();
  });

  it('an answer for an address no longer asked about is dropped', async () => {
    const h = await realStationState({ count: 1 });
    const real = h.real.handlers.accountResources;
    let releaseFirst = (): void => undefined;
    const firstHeld = new Promise<void>((r) => (releaseFirst = r));
    h.real.handlers.accountResources = async (args) => {
      if (args.address === TEST_ADDRESSES.M) await firstHeld;
      return real(args);
    };
    const shown = renderWithStation(AccountGlance, h.station, { address: TEST_ADDRESSES.M });
    await shown.rerender({ address: TEST_ADDRESSES.B });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(TEST_ADDRESSES.B));
    releaseFirst();
    // The first account's answer comes now; the region still speaks of the second.
    await new Promise((r) => setTimeout(r, 50));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(TEST_ADDRESSES.B));
    expect(screen.getByRole('alert').textContent).not.toContain(TEST_ADDRESSES.M);
  });
});
