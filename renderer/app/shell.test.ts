// @vitest-environment jsdom
/**
 * The app shell (docs/decisions.md §26), over the real test station: the side navigation lists the station's
 * accounts (the Accounts screen's stored list) by label and the ends of the address, never the
 * whole address in a button's name; choosing one opens its overview: what it holds (the balance and
 * the token by its name and decimals), who can do what in words, and its transactions, asked of the
 * station for that account only and with a filter of its own (the Queue screen's stays as the
 * person left it). The Menu button says whether the folded navigation is open.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import App from './App.svelte';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';
import { QUEUE_PAGE_SIZE } from '../../shared/base/limits.ts';

afterEach(cleanup);

async function openApp() {
  const h = await realStationState({ count: 4 });
  renderWithStation(App, h.station, { station: h.station });
  const accounts = screen.getByRole('navigation', { name: 'Accounts' });
  const m = await within(accounts).findByTitle(TEST_ADDRESSES.M);
  return { h, accounts, m };
}

describe('the side navigation', () => {
  it('lists the stored accounts by the ends of their address, the screens beside them', async () => {
    const { accounts, m } = await openApp();
    expect(within(accounts).getAllByRole('button')).toHaveLength(1);
    expect(m.textContent).toContain(`${TEST_ADDRESSES.M.slice(0, 6)}…${TEST_ADDRESSES.M.slice(-6)}`);
    // One button in the window is named by M's whole address: the Accounts screen's, not this one.
    expect(m.textContent).not.toContain(TEST_ADDRESSES.M);
    const screens = within(screen.getByRole('navigation', { name: 'Screens' }))
      .getAllByRole('button')
      .map((b) => b.textContent?.trim());
    expect(screens).toEqual(['Queue', 'Scan QR', 'Send', 'Batch', 'Stake & vote', 'Tokens', 'Contracts', 'Accounts', 'Address book', 'Keys', 'Settings']);
  });

  it('opens and closes the folded navigation with Menu', async () => {
    await openApp();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    const folded = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect(folded.classList.contains('open')).toBe(false);
    await fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(folded.classList.contains('open')).toBe(true);
    // Choosing a screen closes it again.
    await fireEvent.click(within(screen.getByRole('navigation', { name: 'Screens' })).getByRole('button', { name: 'Keys' }));
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(await screen.findByRole('heading', { name: 'Keys', level: 2 })).toBeTruthy();
  });
});

describe("an account's overview", () => {
  it('shows what it holds, who can do what and its own transactions', async () => {
    const { h, m } = await openApp();
    await fireEvent.click(m);
    expect(m.getAttribute('aria-current')).toBe('page');
    expect(h.station.router.screen).toBe('overview');
    const holds = await screen.findByRole('region', { name: 'What it holds' });
    // The snapshot's 1234.5 TRX, and 2500 units of token 1000001 (Gold, precision 2) as 25 GLD.
    await within(holds).findByText('1,234.5 TRX');
    await within(holds).findByText('25');
    expect(holds.textContent).toContain('GLD');
    expect(holds.textContent).toContain('Gold, token 1000001');

    const who = screen.getByRole('region', { name: 'Who can do what' });
    expect(within(who).getByRole('table')).toBeTruthy();
    expect(who.textContent).toContain('Ana laptop');

    const rows = screen.getByRole('region', { name: 'Transactions' });
    await within(rows).findByText('4 of this account');
    expect(h.real.calls).toContain(`list - ${TEST_ADDRESSES.M} 0 ${QUEUE_PAGE_SIZE}`);
    await waitFor(() => expect(within(rows).getAllByRole('button', { name: /^Open / })).toHaveLength(4));
    // A row's sub-line, cut with an ellipsis in a narrow cell, is whole in its title.
    const notes = [...rows.querySelectorAll('.note')];
    expect(notes.length).toBeGreaterThan(0);
    for (const n of notes) expect(n.getAttribute('title')).toBe(n.textContent?.trim());
    // The Queue screen's own filter is untouched.
    expect(h.station.queue.account).toBe('');

    // Its status filter asks the station again, for this account.
    await fireEvent.change(within(rows).getByLabelText('Status'), { target: { value: 'ready' } });
    await waitFor(() => expect(h.real.calls).toContain(`list ready ${TEST_ADDRESSES.M} 0 ${QUEUE_PAGE_SIZE}`));
  });

  it('opens the permission editor and the Accounts screen on the account', async () => {
    const { h, m } = await openApp();
    await fireEvent.click(m);
    await fireEvent.click(await screen.findByRole('button', { name: 'Details and snapshots' }));
    expect(h.station.router.screen).toBe('accounts');
    expect(h.station.router.account).toBe(TEST_ADDRESSES.M);
    await fireEvent.click(m);
    await fireEvent.click(await screen.findByRole('button', { name: 'Edit permissions' }));
    expect(h.station.router.screen).toBe('permissions');
    expect(h.station.router.account).toBe(TEST_ADDRESSES.M);
  });
});
