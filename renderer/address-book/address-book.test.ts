// @vitest-environment jsdom
/**
 * The address book in the renderer (docs/decisions.md §10): the screen's list sorted by label, add and edit with
 * Address, Label and Save label, delete after a confirmation; each field's rule checked as you type
 * with the message next to it (aria-invalid, aria-describedby) and nothing sent while one fails;
 * the look-alike warning as an address is typed and on the transaction screen for the recipient;
 * and labels beside addresses (AddressText) in the queue, the transaction and the keys screens.
 * Over the real station, whose book holds B "Bo desktop" and C "Cy phone".
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { addressToBase58, addressToHex } from '../../shared/chain/address.ts';
import AddressBookScreen from './AddressBookScreen.svelte';
import KeysScreen from '../keys/KeysScreen.svelte';
import QueueScreen from '../queue/QueueScreen.svelte';
import TransactionScreen from '../transaction/TransactionScreen.svelte';
import AddressText from '../ui/AddressText.svelte';
import LookalikeCheck from '../ui/LookalikeCheck.svelte';
import App from '../app/App.svelte';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import { LOOKALIKE_PAIRS } from '../../test/fixtures/lookalike-pairs.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

/** The fake's recipient R is the pair's `known`; its look-alike is `fake`. */
const R = addressToBase58(LOOKALIKE_PAIRS[0]!.known);
const LOOKALIKE = addressToBase58(LOOKALIKE_PAIRS[0]!.fake);
const KEY_HEX = '1111111111111111111111111111111111111111111111111111111111111111';

async function openBook() {
  const h = await realStationState({ count: 3 });
  renderWithStation(AddressBookScreen, h.station);
  await screen.findByText('Bo desktop');
  return h;
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const rowLabels = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('.label')?.textContent ?? '');

describe('the address book screen', () => {
  it('opens from the header tab Address book', async () => {
    const h = await realStationState({ count: 1 });
    renderWithStation(App, h.station, { station: h.station });
    await fireEvent.click(within(screen.getByRole('navigation', { name: 'Screens' })).getByRole('button', { name: 'Address book' }));
    expect(await screen.findByRole('heading', { name: 'Address book' })).toBeTruthy();
    expect(h.station.router.screen).toBe('addressBook');
  });

  it('lists the book by label, and the Label header reverses the order', async () => {
    await openBook();
    expect(rowLabels()).toEqual(['Bo desktop', 'Cy phone']);
    const header = screen.getByRole('columnheader', { name: /Label/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await fireEvent.click(within(header).getByRole('button'));
    expect(rowLabels()).toEqual(['Cy phone', 'Bo desktop']);
    expect(header.getAttribute('aria-sort')).toBe('descending');
  });

  it('saves a new label and shows it in the list', async () => {
    const h = await openBook();
    await fireEvent.input(field('Address'), { target: { value: addressToHex(LOOKALIKE_PAIRS[0]!.known) } });
    await fireEvent.input(field('Label'), { target: { value: 'Acme rent' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save label' }));
    await screen.findByText('Acme rent');
    expect(h.real.calls).toContain('bookSet');
    expect(rowLabels()).toEqual(['Acme rent', 'Bo desktop', 'Cy phone']);
    await waitFor(() => expect(field('Address').value).toBe(''));
  });

  it('edits an entry in place: the form says it replaces the old label', async () => {
    await openBook();
    await fireEvent.click(screen.getByRole('button', { name: `Edit the label of ${TEST_ADDRESSES.B}` }));
    expect(field('Address').value).toBe(TEST_ADDRESSES.B);
    expect(screen.getByText('This replaces the label “Bo desktop”.')).toBeTruthy();
    await fireEvent.input(field('Label'), { target: { value: 'Bo laptop' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save label' }));
    await screen.findByText('Bo laptop');
    expect(rowLabels()).toEqual(['Bo laptop', 'Cy phone']);
  });

  it('says as you type that a private key is not an address, and sends nothing', async () => {
    const h = await openBook();
    await fireEvent.input(field('Address'), { target: { value: KEY_HEX } });
    expect(field('Address').getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(field('Address').getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(message.textContent).toMatch(/looks like a private key/);
    expect(message.textContent).not.toContain(KEY_HEX);
    await fireEvent.input(field('Label'), { target: { value: 'x' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save label' }));
    expect(h.real.calls).not.toContain('bookSet');
  });

  it.each([
    ['a bidi override', 'Bob \u202Eevil', /invisible character/],
    ['65 characters', 'x'.repeat(65), /at most 64/],
    ['a private key', KEY_HEX, /looks like a private key/],
  ])('checks the label as you type: %s', async (_what, label, rule) => {
    const h = await openBook();
    await fireEvent.input(field('Address'), { target: { value: TEST_ADDRESSES.A } });
    await fireEvent.input(field('Label'), { target: { value: label } });
    expect(field('Label').getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(field('Label').getAttribute('aria-describedby')!)!;
    expect(message.textContent).toMatch(rule);
    await fireEvent.click(screen.getByRole('button', { name: 'Save label' }));
    expect(h.real.calls).not.toContain('bookSet');
  });

  it("shows the station's refusal when the renderer's check is bypassed", async () => {
    const h = await openBook();
    expect(await h.station.addressBook.save(TEST_ADDRESSES.A, 'Bob \u202Eevil')).toBe(false);
    expect(h.station.addressBook.error).toMatchObject({ code: 'INVALID_INPUT', details: { field: 'label' } });
  });

  it('warns as you type an address that looks like a known one, naming both with the middles marked', async () => {
    const h = await openBook();
    expect(await h.station.addressBook.save(LOOKALIKE, 'Landlord')).toBe(true);
    await fireEvent.input(field('Address'), { target: { value: R } });
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toMatch(/Warning: look-alike address/);
    expect(warning.textContent).toContain('“Landlord”');
    const marks = [...warning.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toHaveLength(2);
    expect(warning.textContent).toContain(R);
    expect(warning.textContent).toContain(LOOKALIKE);
    expect(R.includes(marks[0]!) && LOOKALIKE.includes(marks[1]!)).toBe(true);
    expect(field('Address').getAttribute('aria-describedby')).toContain(warning.id);
    // The known address itself is no look-alike.
    await fireEvent.input(field('Address'), { target: { value: LOOKALIKE } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('deletes only after a confirmation', async () => {
    const h = await openBook();
    await fireEvent.click(screen.getByRole('button', { name: `Delete the label of ${TEST_ADDRESSES.B}` }));
    expect(h.real.calls).not.toContain('bookDelete');
    await fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(rowLabels()).toEqual(['Bo desktop', 'Cy phone']);
    await fireEvent.click(screen.getByRole('button', { name: `Delete the label of ${TEST_ADDRESSES.B}` }));
    await fireEvent.click(screen.getByRole('button', { name: `Yes, delete the label of ${TEST_ADDRESSES.B}` }));
    await waitFor(() => expect(rowLabels()).toEqual(['Cy phone']));
    expect(h.real.calls).toContain('bookDelete');
  });
});

describe('labels and warnings on the other screens', () => {
  it('AddressText shows the label escaped, the short address, and the whole address for readers', async () => {
    renderWithStation(AddressText, (await realStationState()).station, { address: TEST_ADDRESSES.D, label: 'old key \u202Eevil' });
    const text = document.querySelector('.address-text')!;
    expect(text.getAttribute('title')).toBe(TEST_ADDRESSES.D);
    expect(text.querySelector('.label')!.textContent).toBe('old key \\u{202E}evil');
    expect(text.querySelector('code')!.textContent).toBe(`${TEST_ADDRESSES.D.slice(0, 6)}…${TEST_ADDRESSES.D.slice(-6)}`);
    expect(text.querySelector('.visually-hidden')!.textContent).toBe(TEST_ADDRESSES.D);
  });

  it('the transaction screen labels the signers and warns about a look-alike recipient', async () => {
    const h = await realStationState({ count: 3 });
    h.station.router.openTransaction(h.real.txIds[1]!);
    renderWithStation(TransactionScreen, h.station);
    await waitFor(() => expect(h.station.transaction.tx).not.toBeNull());
    const keys = within(screen.getByRole('table', { name: 'Keys of the permission' }));
    // The station lists the keys that signed (B) before those that could still sign.
    expect(
      keys
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('.label')?.textContent ?? null),
    ).toEqual(['Bo desktop', 'Ana laptop', 'Cy phone']);
    expect(screen.queryByRole('alert')).toBeNull();

    expect(await h.station.addressBook.save(LOOKALIKE, 'Landlord')).toBe(true);
    expect(await h.station.addressBook.save(TEST_ADDRESSES.M, 'Treasury')).toBe(true);
    await h.station.transaction.load(h.real.txIds[1]!);
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain(R);
    expect(warning.textContent).toContain('“Landlord”');
    // From and To with the labels the station resolved; the recipient has none.
    const parties = document.querySelector('dl.parties')!;
    const [from, to] = [...parties.querySelectorAll('dd .address-text')];
    expect(from!.querySelector('.label')!.textContent).toBe('Treasury');
    expect(from!.getAttribute('title')).toBe(TEST_ADDRESSES.M);
    expect(to!.querySelector('.label')).toBeNull();
    expect(to!.getAttribute('title')).toBe(R);
  });

  it('LookalikeCheck, for any field where an address is typed, loads the book once and warns about a look-alike only', async () => {
    const h = await realStationState({ count: 1 });
    expect(await h.station.addressBook.save(LOOKALIKE, 'Landlord')).toBe(true);
    h.station.addressBook.loaded = false;
    const shown = renderWithStation(LookalikeCheck, h.station, { address: R, id: 'to-lookalike' });
    const warning = await screen.findByRole('alert');
    expect(warning.id).toBe('to-lookalike');
    expect(warning.textContent).toContain('“Landlord”');
    await shown.rerender({ address: TEST_ADDRESSES.B, id: 'to-lookalike' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the queue shows the labels of the keys that could still sign', async () => {
    const h = await realStationState({ count: 3 });
    renderWithStation(QueueScreen, h.station);
    // Transaction 1 is signed by B: A (here) and C could sign. Transaction 0 has expired: nobody
    // can sign it any more, so it offers nobody (docs/decisions.md §26).
    await screen.findAllByText('Ana laptop (here), Cy phone');
    expect(h.station.queue.entryAt(1)!.canStillSign.map((k) => k.label)).toEqual(['Ana laptop', 'Cy phone']);
    expect(h.station.queue.entryAt(0)).toMatchObject({ status: 'expired', canStillSign: [] });
  });

  it('the keys screen shows each address in full for readers', async () => {
    const h = await realStationState({ count: 1 });
    renderWithStation(KeysScreen, h.station);
    await screen.findByText(TEST_ADDRESSES.A);
    expect(screen.getByText(TEST_ADDRESSES.A).classList.contains('visually-hidden')).toBe(true);
  });
});
