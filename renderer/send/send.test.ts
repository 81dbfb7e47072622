// @vitest-environment jsdom
/**
 * The Send screen (docs/decisions.md §9 "build forms"): each field's rule shows its message beside the field as
 * it is typed and clears when fixed; the build call carries the exact sun the words show; the
 * permission is a choice of the stored account's permissions (a number when not stored); a
 * station refusal is one sentence with its detail behind a disclosure; success opens the
 * transaction. Over the real station (test/helpers/real-station.ts) through the real dispatch.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import SendScreen from './SendScreen.svelte';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import { LOOKALIKE_PAIRS } from '../../test/fixtures/lookalike-pairs.ts';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { realStationState, renderWithStation, type Harness } from '../../test/helpers/renderer/station-harness.ts';
import { field, problemOf, type } from '../../test/helpers/renderer/problem-line.ts';
import { recordArgs } from '../../test/helpers/renderer/record-args.ts';
import { ownerAndActive, showStoredPermissions } from '../../test/helpers/renderer/account-permissions.ts';

afterEach(cleanup);

const ACCOUNT = TEST_ADDRESSES.M;
const TO = TEST_ADDRESSES.R;

/** Account M as the station shows a stored one, replaced here: owner 0 and an active 2 named "payments" (every operation). */
function storeAccount(h: Harness): void {
  const { owner, active } = ownerAndActive('payments', new Uint8Array(32).fill(255));
  showStoredPermissions(h, ACCOUNT, [owner, active]);
}

async function setup(options: { stored?: boolean } = {}) {
  const h = await realStationState({ count: 3 });
  if (options.stored) storeAccount(h);
  const seen = recordArgs(h, 'buildTransfer');
  renderWithStation(SendScreen, h.station);
  return { h, seen };
}

describe('Send: rules checked as you type', () => {
  it('an address field shows its problem beside it, marked invalid, and clears when fixed', async () => {
    await setup();
    await type('To', 'Tnotanaddress');
    expect(problemOf('To')).toMatch(/not Base58|checksum|decodes to/);
    expect(field('To').getAttribute('aria-invalid')).toBe('true');
    await type('To', TO);
    expect(problemOf('To')).toBe('');
    expect(field('To').getAttribute('aria-invalid')).toBeNull();
  });

  it('a To that starts and ends like a labelled address but differs warns beside the field', async () => {
    const { h } = await setup();
    expect(await h.station.addressBook.save(TO, 'Landlord')).toBe(true);
    const lookalike = addressToBase58(LOOKALIKE_PAIRS[0]!.fake);
    await type('To', lookalike);
    const warning = await screen.findByRole('alert');
    expect(warning.id).toBe('send-to-lookalike');
    expect(field('To').getAttribute('aria-describedby')!.split(' ')).toContain('send-to-lookalike');
    expect(warning.textContent).toContain('“Landlord”');
    await type('To', TO);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('every field takes a bounded length, so a huge paste is cut before any rule reads it', async () => {
    await setup();
    expect(['From', 'To', 'Amount (TRX)', 'Expires in', 'Note', 'Permission'].map((l) => [l, field(l).getAttribute('maxlength')])).toEqual([
      ['From', '128'],
      ['To', '128'],
      ['Amount (TRX)', '64'],
      ['Expires in', '32'],
      ['Note', '2000'],
      ['Permission', '16'],
    ]);
  });

  it('a private key pasted into To is named as such and never shown back', async () => {
    await setup();
    const key = 'ab12cd34'.repeat(8);
    await type('To', key);
    expect(problemOf('To')).toMatch(/looks like a private key/);
    expect(document.body.textContent).not.toContain('ab12cd34');
  });

  it('a private key pasted into the amount, or a 100,000-character note, is refused without being shown back', async () => {
    await setup();
    const key = '9f8e7d6c'.repeat(8);
    await type('Amount (TRX)', key);
    expect(problemOf('Amount (TRX)')).toBe('too long for an amount (at most 40 characters)');
    await type('Amount (TRX)', '1'.repeat(39));
    expect(problemOf('Amount (TRX)')).toMatch(/^too large/);
    await type('Note', `x\u202E${'n'.repeat(100_000)}`);
    expect(problemOf('Note')).toBe('at most 2,000 characters');
    expect(document.body.textContent).not.toContain('9f8e7d6c');
  });

  it('a private key pasted into the note is refused with the one note rule of every build form, never echoed, and nothing is sent', async () => {
    const { seen } = await setup();
    await type('From', ACCOUNT);
    await type('To', TO);
    await type('Amount (TRX)', '1');
    await type('Note', `rent ${'9f8e7d6c'.repeat(8)}`);
    expect(problemOf('Note')).toBe('this looks like a private key: never put a key in a transaction');
    expect(field('Note').getAttribute('aria-invalid')).toBe('true');
    await fireEvent.click(screen.getByRole('button', { name: 'Build transfer' }));
    expect(seen).toEqual([]);
    expect(document.body.textContent).not.toContain('9f8e7d6c');
  });

  it('amount: more than 0, at most 6 decimals, within int64; read back in words', async () => {
    await setup();
    await type('Amount (TRX)', '0');
    expect(problemOf('Amount (TRX)')).toBe('must be more than 0');
    await type('Amount (TRX)', '1.0000001');
    expect(problemOf('Amount (TRX)')).toBe('at most 6 decimal places');
    await type('Amount (TRX)', '9223372036855');
    expect(problemOf('Amount (TRX)')).toMatch(/^too large/);
    await type('Amount (TRX)', '1.5');
    expect(problemOf('Amount (TRX)')).toBe('');
    expect(screen.getByText('1.5 TRX = 1,500,000 sun')).toBeTruthy();
  });

  it("From and To may not be the same account (the node's own message)", async () => {
    await setup();
    await type('From', ACCOUNT);
    await type('To', ACCOUNT);
    expect(problemOf('To')).toBe('Cannot transfer TRX to yourself.');
    await type('To', TO);
    expect(problemOf('To')).toBe('');
  });

  it("expiration follows the station's duration rule; the permission id refuses 1", async () => {
    await setup();
    await type('Expires in', '25h');
    expect(problemOf('Expires in')).toBe('at most 24h (the node refuses a longer expiration)');
    await type('Expires in', '2 hours');
    expect(problemOf('Expires in')).toBe('expected a duration such as 12h, 90m or 30s');
    await type('Expires in', '90m');
    expect(problemOf('Expires in')).not.toMatch(/expected|at most 24h \(/);
    await type('Permission', '1');
    expect(problemOf('Permission')).toMatch(/executive permission, which never signs/);
    await type('Permission', 'x');
    expect(problemOf('Permission')).toMatch(/a whole number/);
  });

  it('empty required fields are named only once a build is asked for, and nothing is sent', async () => {
    const { seen } = await setup();
    expect(problemOf('To')).toBe('');
    await fireEvent.click(screen.getByRole('button', { name: 'Build transfer' }));
    expect(problemOf('From')).toBe('enter the account to spend from');
    expect(problemOf('To')).toBe('enter the recipient');
    expect(problemOf('Amount (TRX)')).toBe('enter an amount');
    expect(seen).toEqual([]);
  });
});

describe('Send: building', () => {
  it('sends the exact sun, then opens the new transaction', async () => {
    const { h, seen } = await setup();
    await type('From', ACCOUNT);
    await type('To', TO);
    await type('Amount (TRX)', '1,234.000001');
    await type('Note', 'rent for May');
    await fireEvent.click(screen.getByRole('button', { name: 'Build transfer' }));
    await waitFor(() => expect(h.station.router.screen).toBe('transaction'));
    expect(seen).toEqual([{ from: ACCOUNT, to: TO, amount: '1234000001', permissionId: 0, note: 'rent for May' }]);
    const txId = h.station.router.txId!;
    expect(h.real.txIds).toContain(txId);
    const built = await h.real.handlers.status({ txId });
    expect(built.view.summary).toMatch(/1234\.000001/);
  });

  it('does not carry Expires in or Note across builds: the next draft takes the station default and no note', async () => {
    const { seen } = await setup();
    await type('From', ACCOUNT);
    await type('To', TO);
    await type('Amount (TRX)', '1');
    await type('Expires in', '20s');
    await type('Note', 'first');
    await fireEvent.click(screen.getByRole('button', { name: 'Build transfer' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    await waitFor(() => expect(field('Expires in').value).toBe(''));
    expect(field('Note').value).toBe('');
    expect(field('From').value).toBe(ACCOUNT);
    await type('To', TO);
    await type('Amount (TRX)', '2');
    await fireEvent.click(screen.getByRole('button', { name: 'Build transfer' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual([
      { from: ACCOUNT, to: TO, amount: '1000000', permissionId: 0, expiresIn: '20s', note: 'first' },
      { from: ACCOUNT, to: TO, amount: '2000000', permissionId: 0 },
    ]);
  });

  it('when the station adds a warning the screen stays to show it, with the basis and a button to open the transaction', async () => {
    const h = await realStationState({ count: 1 });
    const real = h.real.handlers.buildTransfer;
    h.real.handlers.buildTransfer = async (args) => ({
      ...(await real(args)),
      warnings: ['the snapshot is 23 h old: transactions built from it can live only 59 min more'],
    });
    renderWithStation(SendScreen, h.station);
    await type('From', ACCOUNT);
    await type('To', TO);
    await type('Amount (TRX)', '3');
    await fireEvent.click(screen.getByRole('button', { name: 'Build transfer' }));
    await screen.findByText(/the snapshot is 23 h old/);
    expect(h.station.router.screen).toBe('queue');
    expect(screen.getByText(/built from offline: the chain snapshot block 100, claimed by file snapshot\.json \(unverified\), 1 h old\./)).toBeTruthy();
    // docs/decisions.md §16: the block is a snapshot file's word, and the screen marks it so.
    expect(screen.getByText(/^Reference block/).textContent).toContain('⚠ unverified claim from file snapshot.json');
    await fireEvent.click(screen.getByRole('button', { name: 'Open the transaction' }));
    expect(h.station.router.screen).toBe('transaction');
    expect(h.station.router.txId).toBe(h.real.txIds[1]);
  });

  it("offers the stored account's permissions by id and name and sends the one chosen", async () => {
    const { h, seen } = await setup({ stored: true });
    await type('From', ACCOUNT);
    const select = await waitFor(() => {
      const el = field('Permission');
      expect(el.tagName).toBe('SELECT');
      return el as unknown as HTMLSelectElement;
    });
    expect([...select.options].map((o) => o.textContent)).toEqual(['0 — owner (Owner)', '2 — payments (Active)']);
    expect(select.value).toBe('0');
    await fireEvent.change(select, { target: { value: '2' } });
    await type('To', TO);
    await type('Amount (TRX)', '2');
    await fireEvent.click(screen.getByRole('button', { name: 'Build transfer' }));
    // The station's account M has only the owner permission: the station's refusal, shown as one sentence.
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')!.textContent).toMatch(/^The station did not build the transfer\. The permission: account \S+ has no permission 2/);
    expect(alert.querySelector('details')!.open).toBe(false);
    expect(alert.querySelector('details')!.textContent).toMatch(/Code\s*PERMISSION/);
    expect(seen).toEqual([{ from: ACCOUNT, to: TO, amount: '2000000', permissionId: 2 }]);
    expect(h.station.router.screen).toBe('queue');
  });

  it('a station refusal for an account it does not know is one sentence, detail behind a disclosure', async () => {
    const { h } = await setup();
    await type('From', TEST_ADDRESSES.B);
    await type('To', TO);
    await type('Amount (TRX)', '1');
    await fireEvent.click(screen.getByRole('button', { name: 'Build transfer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')!.textContent).toMatch(
      /^The station did not build the transfer\. from: this station has no copy of account \S+: fetch it from the node/,
    );
    expect(alert.querySelector('details')!.textContent).toMatch(/Code\s*NOT_FOUND.*Field\s*from/);
    expect(h.real.txIds).toHaveLength(3);
  });
});
