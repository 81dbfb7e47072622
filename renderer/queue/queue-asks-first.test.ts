// @vitest-environment jsdom
/**
 * The queue asks for its first page before anything else it asks (docs/decisions.md §27): QueueScreen starts
 * `list` before its children mount (the list's Ledger marks ask for `keysList`, and measuring its
 * rows forces a layout in a browser), so the station reads the page while the screen is drawn.
 */
import { cleanup, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import QueueScreen from './QueueScreen.svelte';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

describe('the queue on mount', () => {
  it('asks for the first page before the keys its rows mark', async () => {
    const h = await realStationState({ count: 5 });
    const before = h.real.calls.length;
    renderWithStation(QueueScreen, h.station);
    await screen.findByText('5 transaction(s)');
    const asked = h.real.calls.slice(before);
    expect(asked[0]).toMatch(/^list /);
    expect(asked).toContain('keysList');
  });
});
