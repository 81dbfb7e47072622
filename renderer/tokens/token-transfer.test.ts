// @vitest-environment jsdom
/**
 * The token transfer form (renderer/tokens/TokenTransferForm.svelte, docs/decisions.md §10 "Tokens", docs/decisions.md §9's
 * end-to-end path) over the real station: the token chosen by id is shown with its name (escaped),
 * abbreviation and precision; the amount typed in whole tokens converts to the exact integer for
 * precisions 0, 2 and 6 (an 18-digit amount too), read back in words; each rule's message appears
 * next to its field and goes when fixed; the build goes through buildTransferAsset and opens the
 * transaction.
 */
import { cleanup, fireEvent, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import { messageOf, openTokenSection } from '../../test/helpers/renderer/token-form-helpers.ts';
import { recordArgs } from '../../test/helpers/renderer/record-args.ts';

afterEach(cleanup);

const PRIVATE_KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

const open = async () => openTokenSection('Transfer a token');

describe('Transfer a token', () => {
  it('shows the token by id with its escaped name, abbreviation and precision, and converts the amount exactly', async () => {
    const { form, type } = await open();
    await type('Token ID', '1000001');
    await waitFor(() => expect(form.getByText('Gold\\u{202E}dlog')).toBeTruthy());
    expect(form.getByText(/\(GLD\), id 1000001/)).toBeTruthy();
    expect(form.getByText(/^2 decimals/)).toBeTruthy();
    // The raw override character is nowhere in the page: only its escape.
    expect(document.body.textContent).not.toContain('\u202E');
    await type('Amount', '12.34');
    expect(form.getByText('Sends 12.34 GLD (1,234 smallest units).')).toBeTruthy();
  });

  it('refuses more decimals than the precision next to the field, and the message goes once fixed', async () => {
    const { form, type } = await open();
    await type('Token ID', '1000001');
    await waitFor(() => expect(form.getByText(/\(GLD\)/)).toBeTruthy());
    const amount = form.getByLabelText('Amount');
    await type('Amount', '1.234');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(amount)).toBe('at most 2 decimal places');
    await type('Amount', '1.23');
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    expect(messageOf(amount)).toBeNull();
    expect(form.getByText('Sends 1.23 GLD (123 smallest units).')).toBeTruthy();
  });

  it('reads whole units only for a token of precision 0', async () => {
    const { form, type } = await open();
    await type('Token ID', '1000002');
    await waitFor(() => expect(form.getByText(/\(WHL\)/)).toBeTruthy());
    await type('Amount', '7.5');
    expect(messageOf(form.getByLabelText('Amount'))).toBe('whole units only: this amount has no decimals');
    await type('Amount', '1,007');
    expect(form.getByText('Sends 1,007 WHL.')).toBeTruthy();
  });

  it('converts an 18-digit amount of a precision-6 token exactly, digit for digit', async () => {
    const { h, form, type } = await open();
    await type('From', TEST_ADDRESSES.M);
    await type('To', TEST_ADDRESSES.R);
    await type('Token ID', '1000003');
    await waitFor(() => expect(form.getByText(/\(MIC\)/)).toBeTruthy());
    await type('Amount', '999999999999.999999');
    expect(form.getByText('Sends 999,999,999,999.999999 MIC (999,999,999,999,999,999 smallest units).')).toBeTruthy();
    await type('Amount', '0.000001');
    expect(form.getByText('Sends 0.000001 MIC (1 smallest unit).')).toBeTruthy();
    await type('Amount', '999999999999.999999');
    await fireEvent.click(form.getByRole('button', { name: 'Build token transfer' }));
    await waitFor(() => expect(h.station.router.screen).toBe('transaction'));
    expect(h.real.calls).toContain('buildTransferAsset 1000003 999999999999999999');
    expect(h.station.router.txId).toBe(h.real.txIds.at(-1));
  });

  it('builds with the exact integer through buildTransferAsset and opens the new transaction', async () => {
    const { h, form, type } = await open();
    await type('From', TEST_ADDRESSES.M);
    await type('To', TEST_ADDRESSES.R);
    await type('Token ID', '1000001');
    await waitFor(() => expect(form.getByText(/\(GLD\)/)).toBeTruthy());
    await type('Amount', '0.5');
    await type('Note', 'payroll');
    await fireEvent.click(form.getByRole('button', { name: 'Build token transfer' }));
    await waitFor(() => expect(h.station.router.screen).toBe('transaction'));
    expect(h.real.calls).toContain('buildTransferAsset 1000001 50');
  });

  it('does not carry the recipient, amount, Expires in or Note across builds', async () => {
    const { h, form, type } = await open();
    const seen = recordArgs(h, 'buildTransferAsset');
    const value = (label: string) => (form.getByLabelText(label) as HTMLInputElement).value;
    await type('From', TEST_ADDRESSES.M);
    await type('To', TEST_ADDRESSES.R);
    await type('Token ID', '1000001');
    await waitFor(() => expect(form.getByText(/\(GLD\)/)).toBeTruthy());
    await type('Amount', '0.5');
    await type('Expires in', '20s');
    await type('Note', 'payroll');
    await fireEvent.click(form.getByRole('button', { name: 'Build token transfer' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    await waitFor(() => expect(value('Note')).toBe(''));
    expect([value('Expires in'), value('To'), value('Amount')]).toEqual(['', '', '']);
    expect([value('From'), value('Token ID')]).toEqual([TEST_ADDRESSES.M, '1000001']);
    await type('To', TEST_ADDRESSES.R);
    await type('Amount', '1');
    await fireEvent.click(form.getByRole('button', { name: 'Build token transfer' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual([
      { from: TEST_ADDRESSES.M, to: TEST_ADDRESSES.R, token: '1000001', amount: '50', permissionId: 0, expiresIn: '20s', note: 'payroll' },
      { from: TEST_ADDRESSES.M, to: TEST_ADDRESSES.R, token: '1000001', amount: '100', permissionId: 0 },
    ]);
  });

  it('shows every message on submit of an empty form and builds nothing', async () => {
    const { h, form } = await open();
    await fireEvent.click(form.getByRole('button', { name: 'Build token transfer' }));
    expect(messageOf(form.getByLabelText('From'))).toBe('enter an address');
    expect(messageOf(form.getByLabelText('To'))).toBe('enter an address');
    expect(messageOf(form.getByLabelText('Token ID'))).toBe('enter the token id, such as 1000001');
    expect(messageOf(form.getByLabelText('Amount'))).toBe('enter an amount');
    expect(h.real.calls.filter((c) => c.startsWith('build'))).toEqual([]);
  });

  it('says a pasted private key is one, without echoing it anywhere but the field itself', async () => {
    const { form, type } = await open();
    await type('To', PRIVATE_KEY);
    expect(messageOf(form.getByLabelText('To'))).toMatch(/looks like a private key/);
    const inputs = [...document.querySelectorAll('input')].map((i) => i.value).join(' ');
    expect(inputs).toContain(PRIVATE_KEY);
    expect(document.body.textContent).not.toContain(PRIVATE_KEY);
    expect(document.body.textContent).not.toContain(PRIVATE_KEY.slice(0, 16));
  });

  it('says when a token is not known and reads the amount in smallest units', async () => {
    const { form, type } = await open();
    await type('Token ID', '1000009');
    await waitFor(() => expect(form.getByText(/Token 1000009 is not known to this station/)).toBeTruthy());
    await type('Amount', '25');
    expect(form.getByText('Sends 25 units of token 1000009.')).toBeTruthy();
  });

  it("shows the station's refusal with its message when it will not build", async () => {
    const { h, form, type } = await open();
    await type('From', TEST_ADDRESSES.A);
    await type('To', TEST_ADDRESSES.R);
    await type('Token ID', '1000001');
    await waitFor(() => expect(form.getByText(/\(GLD\)/)).toBeTruthy());
    await type('Amount', '1');
    await fireEvent.click(form.getByRole('button', { name: 'Build token transfer' }));
    await waitFor(() =>
      expect(form.getByRole('alert').textContent).toMatch(
        /The station did not build it: from: this station has no copy of account \S+: fetch it from the node/,
      ),
    );
    expect(h.station.router.screen).toBe('tokens');
  });

  it("offers the From account's permissions as a select once the station has the account, and sends the one chosen", async () => {
    const { h, form, type } = await open();
    const permission = (
      id: number,
      type: 'Owner' | 'Active',
      name: string,
      slot: 'owner' | 'active',
      ops: [string, string] = ['04', 'TransferAssetContract'],
    ) => ({
      type,
      id,
      name,
      nameEscaped: false,
      threshold: '1',
      keys: [],
      slot,
      operations: slot === 'owner' ? null : { hex: ops[0] + '00'.repeat(31), names: [ops[1]], unknown: [] },
    });
    // The station's account M, shown with an active 2 it does not have, so the build is refused; and
    // an active 3 that may only send TRX, which a token transfer does not offer (docs/decisions.md §17).
    const show = h.real.handlers.accountShow;
    h.real.handlers.accountShow = async (args) => ({
      ...(await show(args)),
      permissions: [
        permission(0, 'Owner', 'owner', 'owner'),
        permission(2, 'Active', 'pay', 'active'),
        permission(3, 'Active', 'trx', 'active', ['02', 'TransferContract']),
      ],
    });
    expect(form.getByLabelText('Permission').tagName).toBe('INPUT');
    await type('From', TEST_ADDRESSES.M);
    await waitFor(() => expect(form.getByLabelText('Permission').tagName).toBe('SELECT'));
    const select = form.getByLabelText('Permission') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['0', '0 owner'],
      ['2', '2 pay (1 operations)'],
    ]);
    // docs/decisions.md §18: the one left out is named with the reason, tied to the select.
    expect(document.getElementById(select.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Not offered: 3 “trx”: its operations do not include “Token transfer”, so the chain would refuse it signed under it.',
    );
    expect(select.value).toBe('0');
    await fireEvent.change(select, { target: { value: '2' } });
    await type('To', TEST_ADDRESSES.R);
    await type('Token ID', '1000001');
    await waitFor(() => expect(form.getByText(/\(GLD\)/)).toBeTruthy());
    await type('Amount', '1');
    await fireEvent.click(form.getByRole('button', { name: 'Build token transfer' }));
    // Account M has no permission 2: the station's refusal names the id that crossed.
    await waitFor(() => expect(form.getByRole('alert').textContent).toMatch(/has no permission 2/));
  });

  it('takes a plain number when the account is not stored, refusing 1 (the executive never signs)', async () => {
    const { form, type } = await open();
    // The station stores account M (from its snapshot); R is an address it has no account for.
    await type('From', TEST_ADDRESSES.R);
    const input = form.getByLabelText('Permission');
    expect(input.tagName).toBe('INPUT');
    await type('Permission', '1');
    expect(messageOf(input)).toBe('permission 1 is the executive permission, which never signs a transaction');
    await type('Permission', '2');
    expect(messageOf(input)).toBeNull();
  });
});
