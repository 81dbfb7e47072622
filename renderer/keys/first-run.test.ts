// @vitest-environment jsdom
/**
 * The first start on a machine without a keyring (docs/decisions.md §18, "A first-run path"), over a real
 * station whose vault is the OS keychain and whose D-Bus session address leads nowhere
 * (test/helpers/real-station.ts firstRunWithoutKeychain): the Keys screen says in words that there
 * is no keychain and offers the keystore file, never the keychain's raw D-Bus error; choosing it
 * saves the setting and the screen asks for the new keystore's passphrase. The empty queue says
 * what to do first, each step a button to its screen.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import KeysScreen from './KeysScreen.svelte';
import QueueScreen from '../queue/QueueScreen.svelte';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

describe('a first start without a keychain', () => {
  it('offers the keystore in words in place of the raw error, and choosing it asks for its passphrase', async () => {
    const h = await realStationState({ firstRunWithoutKeychain: true });
    // The station itself still fails closed with its own (command-line) words.
    const status = await h.real.handlers.keysStatus(undefined);
    expect([status.kind, status.available]).toEqual(['keychain', false]);

    const { container } = renderWithStation(KeysScreen, h.station);
    const offer = await screen.findByRole('heading', { name: 'No system keychain on this computer' });
    expect(offer).toBeTruthy();
    expect(container.textContent).not.toMatch(/zbus|\/run\/user|D-Bus|airlock settings|gnome-keyring/);

    await fireEvent.click(screen.getByRole('button', { name: 'Use a keystore file' }));
    await screen.findByRole('heading', { name: 'Choose the keystore passphrase' });
    expect((await h.real.handlers.settings(undefined)).vault).toBe('keystore');
    expect(screen.queryByRole('heading', { name: 'No system keychain on this computer' })).toBeNull();
    // Both status readers have their answer before the station closes.
    await waitFor(() => expect([h.station.keys.vault?.kind, h.station.vault.status?.kind]).toEqual(['keystore', 'keystore']));
  });

  it('an empty queue says what to do first, each step a button to its screen', async () => {
    const h = await realStationState({ firstRunWithoutKeychain: true });
    renderWithStation(QueueScreen, h.station);
    await screen.findByRole('heading', { name: 'Nothing to sign yet: where to start' });
    await fireEvent.click(screen.getByRole('button', { name: 'Open Keys' }));
    expect(h.station.router.screen).toBe('keys');
    await fireEvent.click(screen.getByRole('button', { name: 'Open Accounts' }));
    expect(h.station.router.screen).toBe('accounts');
  });

  it('a queue with transactions shows no first steps', async () => {
    const h = await realStationState({ count: 2 });
    renderWithStation(QueueScreen, h.station);
    await screen.findByText('2 transaction(s)');
    expect(screen.queryByRole('heading', { name: 'Nothing to sign yet: where to start' })).toBeNull();
  });
});
