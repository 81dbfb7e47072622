// @vitest-environment jsdom
/**
 * Importing a private key on the Keys screen (docs/decisions.md §26: 63 digits got only the browser's native
 * message): a key that is not 64 hex digits is refused in the station's words beside the field,
 * naming how many digits it has and never quoting it, and nothing is sent; 64 digits import.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import KeysScreen from './KeysScreen.svelte';
import { keyImportProblem } from './keys.svelte.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

const KEY = '7e'.repeat(32);

describe('the key import field', () => {
  it('says what is wrong with 63 digits beside the field, quotes nothing and sends nothing', async () => {
    const h = await realStationState({ count: 1 });
    renderWithStation(KeysScreen, h.station);
    const field = (await screen.findByLabelText('Private key to import (64 hex digits)')) as HTMLInputElement;
    await fireEvent.input(field, { target: { value: KEY.slice(1) } });
    await fireEvent.click(screen.getByRole('button', { name: 'Import the key' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('A private key is 64 hex digits (0-9, a-f); this one has 63. Nothing was sent.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(field.value).toBe('');
    expect(document.body.innerHTML).not.toContain(KEY.slice(1, 20));
    expect(h.real.calls).not.toContain('keysImport');

    await fireEvent.input(field, { target: { value: `0x${KEY}` } });
    await fireEvent.click(screen.getByRole('button', { name: 'Import the key' }));
    await waitFor(() => expect(h.real.calls).toContain('keysImport'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names other characters and an empty field, without quoting them', () => {
    expect(keyImportProblem(`${KEY.slice(2)}zz`)).toBe('A private key is 64 hex digits (0-9, a-f); this text has other characters. Nothing was sent.');
    expect(keyImportProblem('  ')).toBe('Type or paste the private key: 64 hex digits (0-9, a-f). Nothing was sent.');
    expect(keyImportProblem(` ${KEY} `)).toBeNull();
  });
});
