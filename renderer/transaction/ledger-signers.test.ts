// @vitest-environment jsdom
/**
 * docs/decisions.md §23: a Ledger key is marked as a hardware key with its derivation path in the transaction
 * screen's "Who must approve" table, over a real station whose Ledger key (the virtual Ledger) is
 * in the permission of the account the transaction spends from (test/helpers/renderer/ledger-account.ts);
 * the other keys of the permission carry no mark.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import TransactionScreen from './TransactionScreen.svelte';
import { renderWithStation } from '../../test/helpers/renderer/station-harness.ts';
import { withLedgerAccount } from '../../test/helpers/renderer/ledger-account.ts';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';

afterEach(cleanup);

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('who must approve, with a Ledger key in the permission', () => {
  it('marks the Ledger key as a hardware key with its path, and no other key', async () => {
    const { h, ledger, txId } = await withLedgerAccount();
    h.station.router.openTransaction(txId);
    renderWithStation(TransactionScreen, h.station);
    await waitFor(() => expect(h.station.transaction.tx?.view.txID).toBe(txId));
    const table = (await screen.findByRole('table', { name: 'Keys of the permission' })) as HTMLTableElement;
    const rowOf = (address: string) => [...table.tBodies[0]!.rows].find((r) => text(r.cells[0]).startsWith(address))!;
    await waitFor(() => expect(text(rowOf(ledger.address).cells[0])).toBe(`${ledger.address}Ledger ${ledger.path}`));
    expect(ledger.path).toBe("44'/195'/0'/0/0");
    expect(within(rowOf(ledger.address)).getByTitle(/hardware signer/)).toBeTruthy();
    for (const other of [TEST_ADDRESSES.B, TEST_ADDRESSES.C]) expect(text(rowOf(other).cells[0])).toBe(other);
  });
});
