// @vitest-environment jsdom
/**
 * The colours chosen in Settings (docs/decisions.md §26, "light and dark"): the choice is stored in the page's
 * storage and applied as data-theme on the root; "as the system sets it" removes the attribute; a
 * stored value that is not one of the three words, or a storage that throws, reads as the system's;
 * and the Settings screen's select applies and keeps the choice.
 */
import { cleanup, fireEvent, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyTheme, chooseTheme, storedTheme, THEME_KEY } from './theme.ts';
import SettingsScreen from '../settings/SettingsScreen.svelte';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

const throwing = {
  getItem: () => {
    throw new Error('denied');
  },
  setItem: () => {
    throw new Error('denied');
  },
};

describe('the colour scheme', () => {
  it('is kept and applied; the system choice removes the attribute', () => {
    expect(storedTheme()).toBe('system');
    chooseTheme('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(storedTheme()).toBe('dark');
    chooseTheme('light');
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    chooseTheme('system');
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(storedTheme()).toBe('system');
  });

  it('reads anything else stored, or a storage that throws, as the system', () => {
    for (const bad of ['DARK', 'dark ', '__proto__', '{"theme":"dark"}', '']) {
      localStorage.setItem(THEME_KEY, bad);
      expect(storedTheme()).toBe('system');
    }
    expect(storedTheme(throwing)).toBe('system');
    // A storage that refuses still shows the choice for this page.
    chooseTheme('dark', throwing);
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    // A value that is not a choice is never applied.
    chooseTheme('sepia' as never);
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    applyTheme('light');
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  });

  it('is chosen on the Settings screen', async () => {
    localStorage.setItem(THEME_KEY, 'light');
    const h = await realStationState();
    renderWithStation(SettingsScreen, h.station);
    const select = screen.getByLabelText('Colours') as HTMLSelectElement;
    expect(select.value).toBe('light');
    expect([...select.options].map((o) => o.textContent)).toEqual(['As the system sets it', 'Light', 'Dark']);
    await fireEvent.change(select, { target: { value: 'dark' } });
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
  });
});
