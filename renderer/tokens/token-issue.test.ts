// @vitest-environment jsdom
/**
 * The token issue form (renderer/tokens/TokenIssueForm.svelte, docs/decisions.md §10 "Tokens") over the real
 * station: every rule of PROTOCOL.md §6.1 shows the node's message next to its own field as you type
 * and goes when fixed; several broken at once show together; the price's worked example; the fee;
 * an 18-digit supply reaches the contract digit for digit; a private key pasted into the name is
 * never echoed; a valid form builds through buildAssetIssue and opens the transaction.
 */
import { cleanup, fireEvent, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ADDRESSES, TEST_NOW } from '../../test/helpers/real-station.ts';
import { messageOf, openTokenSection } from '../../test/helpers/renderer/token-form-helpers.ts';

afterEach(cleanup);

const PRIVATE_KEY = '0x5f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
const HOUR = 3_600_000;

/** A datetime-local value for `ms` in this machine's time zone, as the input would hold it. */
function local(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

async function open() {
  const { h, form, type } = await openTokenSection('Issue a token');
  const fillValid = async () => {
    await type('From', TEST_ADDRESSES.M);
    await type('Name', 'Gold');
    await type('Abbreviation', 'GLD');
    await type('Precision', '2');
    await type('Total supply', '1000000');
    await type('Price in sun (coin_num)', '1000000');
    await type('Token units for that price (num)', '500');
    await type('Sale starts', local(TEST_NOW + 2 * HOUR));
    await type('Sale ends', local(TEST_NOW + 48 * HOUR));
    await type('URL', 'https://gold.invalid');
  };
  return { h, form, type, fillValid };
}

describe('Issue a token: the rules as you type', () => {
  it.each([
    ['Name', 'trx', "assetName can't be trx (the native coin is called TRX)", 'TRXX'],
    ['Name', 'My Token', 'Invalid assetName (1 to 32 characters, printable ASCII without spaces)', 'MyToken'],
    ['Name', 'A'.repeat(33), 'Invalid assetName (1 to 32 characters, printable ASCII without spaces)', 'A'.repeat(32)],
    ['Abbreviation', 'G L', 'Invalid abbreviation for token (empty, or 1 to 32 characters, printable ASCII without spaces)', ''],
    ['Precision', '7', 'precision cannot exceed 6 (0 to 6 decimals)', '6'],
    ['Total supply', '0', 'TotalSupply must greater than 0!', '1'],
    ['Total supply', '1.234', 'at most 2 decimal places', '1.23'],
    ['Price in sun (coin_num)', '0', 'TrxNum must greater than 0! (the price in sun must be at least 1)', '1'],
    ['Token units for that price (num)', '0', 'Num must greater than 0! (the number of token units for that price must be at least 1)', '3'],
    ['URL', 'x'.repeat(257), 'Invalid url (1 to 256 bytes)', 'https://ok.invalid'],
    ['Description', 'é'.repeat(101), 'Invalid description (at most 200 bytes)', 'é'.repeat(100)],
    ['Free bandwidth per holder (free_asset_net_limit)', '57600000000', 'Invalid FreeAssetNetLimit (0 up to 57,599,999,999)', '57599999999'],
    ['Free bandwidth in total (public_free_asset_net_limit)', '57600000000', 'Invalid PublicFreeAssetNetLimit (0 up to 57,599,999,999)', ''],
  ])('%s %j: the message appears next to the field and goes when fixed', async (label, bad, message, good) => {
    const { form, type, fillValid } = await open();
    await fillValid();
    const input = form.getByLabelText(label);
    expect(messageOf(input)).toBeNull();
    await type(label, bad);
    expect(messageOf(input)).toBe(message);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await type(label, good);
    expect(messageOf(input)).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('each text field takes a bounded length (4096), so a huge paste is cut before any rule reads it', async () => {
    const { form } = await open();
    for (const label of ['Name', 'Abbreviation', 'URL', 'Description'])
      expect([label, form.getByLabelText(label).getAttribute('maxlength')]).toEqual([label, '4096']);
  });

  it('checks the sale window against now and against its start', async () => {
    const { form, type, fillValid } = await open();
    await fillValid();
    await type('Sale starts', local(TEST_NOW - HOUR));
    expect(messageOf(form.getByLabelText('Sale starts'))).toBe('Start time should be greater than HeadBlockTime (the sale must start after now)');
    await type('Sale starts', local(TEST_NOW + 2 * HOUR));
    expect(messageOf(form.getByLabelText('Sale starts'))).toBeNull();
    await type('Sale ends', local(TEST_NOW + HOUR));
    expect(messageOf(form.getByLabelText('Sale ends'))).toBe('End time should be greater than start time');
    await type('Sale ends', local(TEST_NOW + 3 * HOUR));
    expect(messageOf(form.getByLabelText('Sale ends'))).toBeNull();
  });

  it('checks each cded supply row against the supply left and the days allowed', async () => {
    const { form, type, fillValid } = await open();
    await fillValid();
    await fireEvent.click(form.getByRole('button', { name: 'Add a frozen supply row' }));
    await fireEvent.click(form.getByRole('button', { name: 'Add a frozen supply row' }));
    await type('Amount frozen, row 1', '600000');
    await type('Days, row 1', '30');
    await type('Amount frozen, row 2', '500000');
    await type('Days, row 2', '0');
    expect(messageOf(form.getByLabelText('Amount frozen, row 1'))).toBeNull();
    expect(messageOf(form.getByLabelText('Amount frozen, row 2'))).toBe(
      'Frozen supply cannot exceed total supply (the rows together may not freeze more than the supply)',
    );
    expect(messageOf(form.getByLabelText('Days, row 2'))).toBe('frozenDuration must be less than 3652 days and more than 1 days (1 to 3652 days)');
    await type('Amount frozen, row 2', '400000');
    await type('Days, row 2', '3652');
    expect(messageOf(form.getByLabelText('Amount frozen, row 2'))).toBeNull();
    expect(messageOf(form.getByLabelText('Days, row 2'))).toBeNull();
    await fireEvent.click(form.getByRole('button', { name: 'Remove row 1' }));
    expect(form.queryByLabelText('Amount frozen, row 2')).toBeNull();
  });

  it('stops adding cded rows at 10, the most the node takes', async () => {
    const { form } = await open();
    const add = form.getByRole('button', { name: 'Add a frozen supply row' });
    for (let i = 0; i < 10; i++) await fireEvent.click(add);
    expect(form.getAllByLabelText(/^Amount frozen, row/)).toHaveLength(10);
    expect((add as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows every broken rule at once on submit, each by its own field, and builds nothing', async () => {
    const { h, form, type } = await open();
    await type('Name', 'trx');
    await type('Precision', '9');
    await fireEvent.click(form.getByRole('button', { name: 'Build token issue' }));
    expect(messageOf(form.getByLabelText('From'))).toBe('enter an address');
    expect(messageOf(form.getByLabelText('Name'))).toBe("assetName can't be trx (the native coin is called TRX)");
    expect(messageOf(form.getByLabelText('Precision'))).toBe('precision cannot exceed 6 (0 to 6 decimals)');
    expect(messageOf(form.getByLabelText('Total supply'))).toBe('enter an amount');
    expect(messageOf(form.getByLabelText('Sale starts'))).toBe('choose the date and time the sale starts');
    expect(messageOf(form.getByLabelText('URL'))).toBe('Invalid url (1 to 256 bytes)');
    expect(h.real.calls).not.toContain('buildAssetIssue');
  });
});

describe('Issue a token: what it shows and builds', () => {
  it('works the price out in an example, and shows the fee', async () => {
    const { form, type } = await open();
    await type('Abbreviation', 'GLD');
    await type('Precision', '2');
    await type('Price in sun (coin_num)', '1000000');
    await type('Token units for that price (num)', '500');
    expect(form.getByText('1,000,000 sun buy 500 smallest units (5 GLD). At 1 TRX = 1,000,000 sun each: 1 TRX buys 5 GLD; 5 TRX buys 25 GLD.')).toBeTruthy();
    await type('Price in sun (coin_num)', '3');
    await type('Token units for that price (num)', '1');
    await type('Precision', '0');
    expect(form.getByText('3 sun buy 1 smallest units (1 GLD). At 1 TRX = 1,000,000 sun each: 1 TRX buys 333,333 GLD; 5 TRX buys 1,666,666 GLD.')).toBeTruthy();
    expect(form.getByText(/^Fee: 1,024 TRX \(1,024,000,000 sun\)/)).toBeTruthy();
  });

  it('keeps an 18-digit supply exact from the field to the contract the station builds', async () => {
    const { h, form, type, fillValid } = await open();
    await fillValid();
    await type('Precision', '6');
    await type('Total supply', '999999999999.999999');
    expect(form.getByText('Total supply: 999,999,999,999.999999 GLD (999,999,999,999,999,999 smallest units).')).toBeTruthy();
    await fireEvent.click(form.getByRole('button', { name: 'Build token issue' }));
    await waitFor(() => expect(h.station.router.screen).toBe('transaction'));
    expect(h.real.calls).toContain('buildAssetIssue');
    const tx = await h.real.handlers.status({ txId: h.station.router.txId! });
    const c = tx.view.contract;
    expect(c.contract).toBe('AssetIssueContract');
    if (c.contract !== 'AssetIssueContract') return;
    expect(c.totalSupply).toBe('999999999999999999');
    expect(c.precision).toBe(6);
    expect(c.name.text).toBe('Gold');
    expect(c.startTime.ms).toBe(String(new Date(local(TEST_NOW + 2 * HOUR)).getTime()));
  });

  it('starts a clean form after a build: no term of the issue, nor its Expires in or Note, rides into the next draft', async () => {
    const { h, form, type, fillValid } = await open();
    await fillValid();
    await type('Expires in', '20s');
    await type('Note', 'the gold issue');
    await fireEvent.click(form.getByRole('button', { name: 'Build token issue' }));
    await waitFor(() => expect(h.station.router.screen).toBe('transaction'));
    const value = (label: string) => (form.getByLabelText(label) as HTMLInputElement).value;
    await waitFor(() => expect(value('Note')).toBe(''));
    expect(['Expires in', 'Name', 'Abbreviation', 'Total supply', 'Price in sun (coin_num)', 'URL'].map(value)).toEqual(['', '', '', '', '', '']);
    expect([value('From'), value('Precision')]).toEqual([TEST_ADDRESSES.M, '0']);
    // Nothing typed since: no message shows (the build's "tried" went with it).
    expect(messageOf(form.getByLabelText('Name'))).toBeNull();
  });

  it('builds a precision-0 token with its cded schedule and limits', async () => {
    const { h, form, type, fillValid } = await open();
    await fillValid();
    await type('Precision', '0');
    await type('Total supply', '1,000');
    await fireEvent.click(form.getByRole('button', { name: 'Add a frozen supply row' }));
    await type('Amount frozen, row 1', '250');
    await type('Days, row 1', '30');
    await type('Free bandwidth per holder (free_asset_net_limit)', '100');
    await type('Free bandwidth in total (public_free_asset_net_limit)', '10000');
    await fireEvent.click(form.getByRole('button', { name: 'Build token issue' }));
    await waitFor(() => expect(h.station.router.screen).toBe('transaction'));
    const c = (await h.real.handlers.status({ txId: h.station.router.txId! })).view.contract;
    if (c.contract !== 'AssetIssueContract') throw new Error(c.contract);
    expect([c.totalSupply, c.cdedSupply.map((x) => [x.amount, x.days]), c.freeAssetNetLimit, c.publicFreeAssetNetLimit]).toEqual([
      '1000',
      [['250', '30']],
      '100',
      '10000',
    ]);
  });

  it('never echoes a private key pasted into the name, in a message or anywhere on the page', async () => {
    const { form, type, fillValid } = await open();
    await fillValid();
    await type('Name', PRIVATE_KEY);
    expect(messageOf(form.getByLabelText('Name'))).toBe('this looks like a private key: never put a key in a transaction');
    await fireEvent.click(form.getByRole('button', { name: 'Build token issue' }));
    expect(document.body.textContent).not.toContain(PRIVATE_KEY.slice(2, 18));
    await type('Description', `note ${PRIVATE_KEY.slice(2)}`);
    expect(messageOf(form.getByLabelText('Description'))).toBe('this looks like a private key: never put a key in a transaction');
    expect(document.body.textContent).not.toContain(PRIVATE_KEY.slice(2, 18));
  });

  it('refuses bidi and control characters in the name with the rule, and does not echo them', async () => {
    const { form, type, fillValid } = await open();
    await fillValid();
    await type('Name', 'Go\u202Eld');
    expect(messageOf(form.getByLabelText('Name'))).toBe('Invalid assetName (1 to 32 characters, printable ASCII without spaces)');
    await type('Name', 'Go\u0007ld');
    expect(messageOf(form.getByLabelText('Name'))).toBe('Invalid assetName (1 to 32 characters, printable ASCII without spaces)');
    expect(document.body.textContent).not.toContain('\u202E');
    expect(document.body.textContent).not.toContain('\u0007');
  });
});
