// @vitest-environment jsdom
/**
 * docs/decisions.md §23: the queue's "Could still sign" marks a key this station holds on a Ledger as a hardware
 * key with its path. A real station with the virtual Ledger (test/helpers/renderer/ledger-account.ts)
 * and one unsigned transfer from an account whose owner is 2-of-3 over [that Ledger key, B, C].
 */
import { cleanup, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import QueueScreen from './QueueScreen.svelte';
import { renderWithStation } from '../../test/helpers/renderer/station-harness.ts';
import { withLedgerAccount } from '../../test/helpers/renderer/ledger-account.ts';

afterEach(cleanup);

describe('could still sign, with a Ledger key', () => {
  it('names the Ledger key with its path, and the other keys without', async () => {
    const { h, ledger } = await withLedgerAccount();
    renderWithStation(QueueScreen, h.station);
    const could = () => document.querySelector('td.could')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    await waitFor(() => expect(could()).toContain('Cy phone'));
    expect(document.querySelectorAll('td.could')).toHaveLength(1);
    await waitFor(() => expect(could()).toBe(`desk ledger (here) (Ledger ${ledger.path}), Bo desktop, Cy phone`));
  });
});
