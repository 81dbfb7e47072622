// @vitest-environment jsdom
/**
 * The keystore's passphrase in the UI (docs/decisions.md §9, "Keystore passphrase from the UI"), over the real
 * station's keystore variant (locked until `vaultUnlock` gets its passphrase): the prompt on the
 * Keys screen, the same prompt above any screen whose action answered VAULT_LOCKED, a wrong
 * passphrase shown next to the field, the Lock button, and the field cleared as it is sent with
 * the text kept in no state and no page text.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../app/App.svelte';
import KeysScreen from './KeysScreen.svelte';
import PassphrasePrompt from '../ui/PassphrasePrompt.svelte';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

const PASSPHRASE = 'correct horse battery staple';

async function typeAndSend(container: HTMLElement, text: string): Promise<HTMLInputElement> {
  const field = within(container).getByLabelText('Keystore passphrase') as HTMLInputElement;
  await fireEvent.input(field, { target: { value: text } });
  await fireEvent.click(within(container).getByRole('button', { name: 'Unlock' }));
  return field;
}

describe('the Keys screen of a keystore station', () => {
  it('prompts while locked; a wrong passphrase is shown at the field; the right one unlocks; Lock locks again', async () => {
    const h = await realStationState({ count: 3, keystorePassphrase: PASSPHRASE });
    renderWithStation(KeysScreen, h.station);
    const prompt = (await screen.findByRole('heading', { name: 'Unlock the keystore' })).closest('section')!;

    const field = await typeAndSend(prompt, 'not it');
    expect(field.value).toBe('');
    const alert = await within(prompt).findByRole('alert');
    expect(alert.textContent).toContain('Wrong passphrase');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = field.getAttribute('aria-describedby')!.split(' ');
    expect(described.some((id) => document.getElementById(id)?.contains(alert))).toBe(true);

    await typeAndSend(prompt, PASSPHRASE);
    await screen.findByRole('button', { name: 'Lock the keystore' });
    expect(screen.queryByLabelText('Keystore passphrase')).toBeNull();
    expect(h.real.calls.filter((c) => c.startsWith('vault'))).toEqual(['vaultUnlock', 'vaultUnlock']);

    await fireEvent.click(screen.getByRole('button', { name: 'Lock the keystore' }));
    await screen.findByLabelText('Keystore passphrase');
    expect(h.real.calls).toContain('vaultLock');
    expect(screen.queryByRole('button', { name: 'Lock the keystore' })).toBeNull();
  });

  it('a keychain station shows neither the prompt nor the Lock button', async () => {
    const h = await realStationState({ count: 3 });
    renderWithStation(KeysScreen, h.station);
    await screen.findByText(/the system keychain/);
    expect(screen.queryByLabelText('Keystore passphrase')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lock the keystore' })).toBeNull();
  });
});

describe('an action that answers VAULT_LOCKED', () => {
  it('opens the prompt above the screen; after unlocking, the action waiting goes on: the signature is made without a second click (issue 26)', async () => {
    const h = await realStationState({ count: 6, keystorePassphrase: PASSPHRASE });
    h.station.router.openTransaction(h.real.txIds[4]!); // signed by B; A here can complete it
    render(App, { props: { station: h.station } });
    const sign = await screen.findByRole('button', { name: new RegExp(`^Sign with Ana laptop \\(${TEST_ADDRESSES.A}\\)`) });
    expect(screen.queryByLabelText('Keystore passphrase')).toBeNull();

    await fireEvent.click(sign);
    const prompt = (await screen.findByRole('heading', { name: 'Unlock the keystore' })).closest('section')!;
    const field = await typeAndSend(prompt, PASSPHRASE);
    await waitFor(() => expect(screen.queryByLabelText('Keystore passphrase')).toBeNull());
    expect(field.value).toBe('');

    await waitFor(() => expect(h.station.transaction.tx?.signers.find((s) => s.address.base58 === TEST_ADDRESSES.A)?.signed).toBe(true));
    expect(h.real.calls.filter((c) => c.startsWith('sign '))).toHaveLength(2);
    expect(h.station.vault.notice).toBe('The keystore is unlocked; the action you asked for goes on.');

    // The text went out once and is kept nowhere: not in the vault's state, not in the page.
    const v = h.station.vault;
    expect(JSON.stringify([v.status, v.error, v.notice, v.prompting, v.busy])).not.toContain('horse');
    expect(document.body.innerHTML).not.toContain('horse');
    for (const input of document.querySelectorAll('input')) expect(input.value).not.toContain('horse');
  });

  it('"Not now" closes the prompt without unlocking', async () => {
    const h = await realStationState({ count: 6, keystorePassphrase: PASSPHRASE });
    h.station.router.openTransaction(h.real.txIds[4]!);
    render(App, { props: { station: h.station } });
    await fireEvent.click(await screen.findByRole('button', { name: /^Sign with Ana laptop/ }));
    await fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByLabelText('Keystore passphrase')).toBeNull());
    expect(h.real.calls).not.toContain('vaultUnlock');
  });
});

describe('choosing the passphrase of a keystore not made yet', () => {
  it('asks for it twice; two different texts send nothing, the same twice is sent', async () => {
    const h = await realStationState({ count: 3, keystorePassphrase: PASSPHRASE });
    h.station.vault.status = {
      kind: 'keystore',
      available: false,
      locked: true,
      message: 'There is no keystore yet: choose its passphrase (at least 8 bytes); the first key creates the keystore with it.',
    };
    renderWithStation(PassphrasePrompt, h.station, { id: 'first' });
    const prompt = screen.getByRole('heading', { name: 'Choose the keystore passphrase' }).closest('section')!;
    // One unit for the rule, the station's (docs/decisions.md §26: "8 bytes" in its message, "8 characters" in the prompt).
    expect(prompt.textContent).toContain('at least 8 bytes');
    expect(prompt.textContent).not.toMatch(/8 characters/);
    const first = within(prompt).getByLabelText('Keystore passphrase') as HTMLInputElement;
    const again = within(prompt).getByLabelText('The same passphrase again') as HTMLInputElement;
    await fireEvent.input(first, { target: { value: PASSPHRASE } });
    await fireEvent.input(again, { target: { value: `${PASSPHRASE}!` } });
    await fireEvent.click(within(prompt).getByRole('button', { name: 'Create the keystore' }));
    expect(within(prompt).getByText('The two passphrases differ: type the same one twice. Nothing was sent.')).toBeTruthy();
    expect(again.getAttribute('aria-invalid')).toBe('true');
    expect(h.real.calls.filter((c) => c === 'vaultUnlock')).toEqual([]);
    expect([first.value, again.value]).toEqual(['', '']);

    await fireEvent.input(first, { target: { value: PASSPHRASE } });
    await fireEvent.input(again, { target: { value: PASSPHRASE } });
    await fireEvent.click(within(prompt).getByRole('button', { name: 'Create the keystore' }));
    await waitFor(() => expect(h.real.calls.filter((c) => c === 'vaultUnlock')).toEqual(['vaultUnlock']));
  });
});
