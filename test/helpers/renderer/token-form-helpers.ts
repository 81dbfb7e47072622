/**
 * Shared by the token form tests (token-transfer, token-issue, token-participate): the Tokens
 * screen mounted over a fresh fake station with one of its sections in hand, and the rule message
 * a field shows, found the way assistive technology finds it (aria-describedby).
 */
import { fireEvent, screen, within } from '@testing-library/svelte';
import TokensScreen from '../../../renderer/tokens/TokensScreen.svelte';
import { fakeStationState, renderWithStation } from './station-harness.ts';

/** The Tokens screen with the section named `section`; `type` sets a field of it by its label. */
export function openTokenSection(section: 'Transfer a token' | 'Issue a token' | 'Take part in a token sale') {
  const h = fakeStationState({ count: 0 });
  h.station.router.go('tokens');
  renderWithStation(TokensScreen, h.station);
  const form = within(screen.getByRole('region', { name: section }));
  const type = async (label: string, value: string) => fireEvent.input(form.getByLabelText(label), { target: { value } });
  return { h, form, type };
}

/** The message tied to a field through aria-describedby (the `-error` id), or null. */
export function messageOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length === 0 ? null : document.getElementById(ids[0]!)!.textContent;
}
