// @vitest-environment jsdom
/**
 * "Saved." in Settings is seen, not only heard (docs/decisions.md §18: it was in a screen-reader-only box): a
 * setting changed through the real station shows the notice in a status region that is not
 * visually hidden, and the station holds the new value.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import SettingsScreen from './SettingsScreen.svelte';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

describe('Settings', () => {
  it('says "Saved." where a person sees it', async () => {
    const h = await realStationState({ count: 1 });
    renderWithStation(SettingsScreen, h.station);
    const input = (await screen.findByLabelText(/^Default expiration of new transactions/)) as HTMLInputElement;
    await waitFor(() => expect(input.value).not.toBe(''));
    await fireEvent.input(input, { target: { value: '90m' } });
    await fireEvent.submit(input.closest('form')!);
    const notice = await screen.findByText('Saved.');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.closest('.visually-hidden')).toBeNull();
    expect((await h.real.handlers.settings(undefined)).expiration).toBe('1 h 30 min');
  });
});
