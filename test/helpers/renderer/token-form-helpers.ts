/**
 * Shared by the token form tests (token-transfer, token-issue, token-participate): the Tokens
 * screen mounted over a fresh real station with one of its sections in hand, and the rule message
 * a field shows, found the way assistive technology finds it (aria-describedby).
 *
 * Token 1000001 reaches the forms with a name and a description holding bidirectional controls,
 * as a hostile node could send them: the station refuses such text in a snapshot, so its
 * `tokenShow` and `tokenList` answers are wrapped here to carry them as the station's token view
 * carries any text (escaped, shared/base/escape.ts, with `hiddenCharacters`); the forms must show
 * the escape and never the raw character.
 */
import { fireEvent, screen, within } from '@testing-library/svelte';
import { escapeText } from '../../../shared/base/escape.ts';
import TokensScreen from '../../../renderer/tokens/TokensScreen.svelte';
import { realStationState, renderWithStation, type Harness } from './station-harness.ts';

type TokenAnswer = Awaited<ReturnType<Harness['real']['handlers']['tokenShow']>>;
const hostile = (token: TokenAnswer): TokenAnswer =>
  token.id === '1000001'
    ? { ...token, name: escapeText('Gold\u202Edlog'), description: escapeText('Gold bars\u2066 held in trust'), hiddenCharacters: true }
    : token;

/** The Tokens screen with the section named `section`; `type` sets a field of it by its label. */
export async function openTokenSection(section: 'Transfer a token' | 'Issue a token' | 'Take part in a token sale') {
  const h = await realStationState({ count: 0 });
  const { tokenShow, tokenList } = h.real.handlers;
  h.real.handlers.tokenShow = async (args) => hostile(await tokenShow(args));
  h.real.handlers.tokenList = async () => ({ tokens: (await tokenList(undefined)).tokens.map(hostile) });
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
