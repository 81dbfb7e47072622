// @vitest-environment jsdom
/**
 * docs/decisions.md §23: in the permission editor, a key of the permission that this station holds on a Ledger
 * is marked as a hardware key with its derivation path, as loaded and as typed; a key typed over it
 * loses the mark. A real station with the virtual Ledger (test/helpers/renderer/ledger-account.ts).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import PermissionsScreen from './PermissionsScreen.svelte';
import { renderWithStation } from '../../test/helpers/renderer/station-harness.ts';
import { ACCOUNT_N, withLedgerAccount } from '../../test/helpers/renderer/ledger-account.ts';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';

afterEach(cleanup);

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const cellOf = (group: HTMLElement, label: string): HTMLElement => within(group).getByLabelText(label).closest('td')!;

describe('the permission editor with a Ledger key in the permission', () => {
  it('marks the Ledger key with its path, only while the field holds its address', async () => {
    const { h, ledger } = await withLedgerAccount();
    h.station.router.openAccount(ACCOUNT_N, 'permissions');
    renderWithStation(PermissionsScreen, h.station);
    const owner = await screen.findByRole('group', { name: 'Owner permission' });
    const mark = `Ledger ${ledger.path}`;
    await waitFor(() => expect(text(cellOf(owner, 'Key 1 address'))).toContain(mark));
    expect(text(cellOf(owner, 'Key 2 address'))).not.toContain('Ledger');
    expect(text(cellOf(owner, 'Key 3 address'))).not.toContain('Ledger');
    // Typed over with another key: no mark; typed back (with spaces around it): the mark again.
    const field = within(owner).getByLabelText('Key 1 address');
    await fireEvent.input(field, { target: { value: TEST_ADDRESSES.A } });
    expect(text(cellOf(owner, 'Key 1 address'))).not.toContain('Ledger');
    await fireEvent.input(field, { target: { value: ` ${ledger.address} ` } });
    expect(text(cellOf(owner, 'Key 1 address'))).toContain(mark);
  });
});
