// @vitest-environment jsdom
/**
 * Taking part in a token sale (renderer/tokens/TokenParticipateForm.svelte, docs/decisions.md §10 "Tokens")
 * over the real station: the token by id shows its price and window and whether the sale is open
 * now; the TRX amount is read back as what it buys (floor(amount × num / coin_num), PROTOCOL.md
 * §6.2); the node's rules show next to their fields; the build pays the token's issuer through
 * buildParticipate and opens the transaction.
 */
import { cleanup, fireEvent, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ADDRESSES, TEST_NOW } from '../../test/helpers/real-station.ts';
import { saleDate } from './token-rules.ts';
import { messageOf, openTokenSection } from '../../test/helpers/renderer/token-form-helpers.ts';
import { recordArgs } from '../../test/helpers/renderer/record-args.ts';

afterEach(cleanup);

const open = async () => openTokenSection('Take part in a token sale');

describe('Take part in a token sale', () => {
  it('shows the price, the window open now, and what the amount buys; builds paying the issuer', async () => {
    const { h, form, type } = await open();
    await type('From', TEST_ADDRESSES.M);
    await type('Token ID', '1000001');
    await waitFor(() => expect(form.getByText(/\(GLD\)/)).toBeTruthy());
    expect(form.getByText('1,000,000 sun buy 500 smallest units')).toBeTruthy();
    expect(form.getByText('open now')).toBeTruthy();
    expect(form.getByText('Gold\\u{202E}dlog')).toBeTruthy();
    expect(form.getByText(/Gold bars\\u\{2066\} held in trust/)).toBeTruthy();
    expect(form.getByText(/hidden or direction-changing characters/)).toBeTruthy();
    await type('Amount (TRX)', '10');
    expect(form.getByText('10 TRX buys 50 GLD.')).toBeTruthy();
    await type('Amount (TRX)', '0.5');
    expect(form.getByText('0.5 TRX buys 2.5 GLD.')).toBeTruthy();
    await fireEvent.click(form.getByRole('button', { name: 'Build participation' }));
    await waitFor(() => expect(h.station.router.screen).toBe('transaction'));
    expect(h.real.calls).toContain('buildParticipate 1000001 500000');
    const c = (await h.real.handlers.status({ txId: h.station.router.txId! })).view.contract;
    if (c.contract !== 'ParticipateAssetIssueContract') throw new Error(c.contract);
    expect([c.owner.base58, c.issuer.base58, c.amount]).toEqual([TEST_ADDRESSES.M, TEST_ADDRESSES.R, '500000']);
  });

  it('does not carry the amount, Expires in or Note across builds', async () => {
    const { h, form, type } = await open();
    const seen = recordArgs(h, 'buildParticipate');
    const value = (label: string) => (form.getByLabelText(label) as HTMLInputElement).value;
    await type('From', TEST_ADDRESSES.M);
    await type('Token ID', '1000001');
    await waitFor(() => expect(form.getByText(/\(GLD\)/)).toBeTruthy());
    await type('Amount (TRX)', '1');
    await type('Expires in', '20s');
    await type('Note', 'buy gold');
    await fireEvent.click(form.getByRole('button', { name: 'Build participation' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    await waitFor(() => expect(value('Note')).toBe(''));
    expect([value('Expires in'), value('Amount (TRX)')]).toEqual(['', '']);
    await type('Amount (TRX)', '2');
    await fireEvent.click(form.getByRole('button', { name: 'Build participation' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual([
      { from: TEST_ADDRESSES.M, to: TEST_ADDRESSES.R, token: '1000001', amount: '1000000', permissionId: 0, expiresIn: '20s', note: 'buy gold' },
      { from: TEST_ADDRESSES.M, to: TEST_ADDRESSES.R, token: '1000001', amount: '2000000', permissionId: 0 },
    ]);
  });

  it('says when the sale has ended or not begun, next to the token, and builds nothing', async () => {
    const { h, form, type } = await open();
    await type('From', TEST_ADDRESSES.M);
    await type('Amount (TRX)', '1');
    await type('Token ID', '1000002');
    await waitFor(() => expect(form.getByText('ended')).toBeTruthy());
    const ended = (await h.real.handlers.tokenShow({ id: '1000002' })).sale!.endTime;
    expect(messageOf(form.getByLabelText('Token ID'))).toBe(`the sale ended on ${saleDate(ended)}: nothing can be bought now`);
    await type('Token ID', '1000003');
    await waitFor(() => expect(form.getByText('not begun')).toBeTruthy());
    // docs/decisions.md §18: a sale not begun says when it opens, in local time, never the node's "No longer valid period!".
    const opens = (await h.real.handlers.tokenShow({ id: '1000003' })).sale!.startTime;
    expect(opens).toBe(TEST_NOW + 3_600_000);
    expect(messageOf(form.getByLabelText('Token ID'))).toBe(`the sale opens on ${saleDate(opens)}: nothing can be bought before then`);
    expect(saleDate(opens)).toBe(new Date(TEST_NOW + 3_600_000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
    await fireEvent.click(form.getByRole('button', { name: 'Build participation' }));
    expect(h.real.calls.filter((c) => c.startsWith('buildParticipate'))).toEqual([]);
  });

  it('refuses an amount that buys nothing, more than 6 decimals, and the issuer buying from itself', async () => {
    const { form, type } = await open();
    await type('Token ID', '1000001');
    await waitFor(() => expect(form.getByText(/\(GLD\)/)).toBeTruthy());
    const amount = form.getByLabelText('Amount (TRX)');
    await type('Amount (TRX)', '0.000001');
    expect(messageOf(amount)).toBe('Can not process the exchange!');
    await type('Amount (TRX)', '0.0000001');
    expect(messageOf(amount)).toBe('at most 6 decimal places');
    await type('Amount (TRX)', '0.002');
    expect(messageOf(amount)).toBeNull();
    expect(form.getByText('0.002 TRX buys 0.01 GLD.')).toBeTruthy();
    await type('From', TEST_ADDRESSES.R);
    expect(messageOf(form.getByLabelText('From'))).toBe('Cannot participate asset Issue yourself !');
    await type('From', TEST_ADDRESSES.M);
    expect(messageOf(form.getByLabelText('From'))).toBeNull();
  });

  it('needs the token known: an unknown id says so and builds nothing', async () => {
    const { h, form, type } = await open();
    await type('From', TEST_ADDRESSES.M);
    await type('Amount (TRX)', '1');
    await type('Token ID', '1000009');
    await waitFor(() => expect(form.getByText(/Token 1000009 is not known to this station/)).toBeTruthy());
    expect(messageOf(form.getByLabelText('Token ID'))).toMatch(/^this station does not know this token yet/);
    await fireEvent.click(form.getByRole('button', { name: 'Build participation' }));
    expect(h.real.calls.filter((c) => c.startsWith('buildParticipate'))).toEqual([]);
  });
});
