// @vitest-environment jsdom
/**
 * Settings, Trusted exporters, in the renderer (docs/decisions.md §16): this station's fingerprint shown as
 * words on request, an exporter pinned by the fingerprint read aloud and listed with its words,
 * unpinned; a label with a bidi override or a pasted private key refused as you type with nothing
 * sent; and the station's own refusal (pinning this station's own identity) shown as it words it.
 * Over the real station (test/helpers/real-station.ts), through the real API.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import SettingsScreen from './SettingsScreen.svelte';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

/** Another station's identity, as its screen would read it out. */
const OTHER = { key: '02' + '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798', label: 'online desk' };

async function openSettings() {
  const h = await realStationState({ count: 1 });
  renderWithStation(SettingsScreen, h.station);
  await screen.findByRole('heading', { name: 'Trusted exporters' });
  return h;
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('Settings, Trusted exporters', () => {
  it("shows this station's fingerprint as 16 words when asked, the same the station gives", async () => {
    const h = await openSettings();
    expect(h.real.calls).not.toContain('exporterShow');
    await fireEvent.click(screen.getByRole('button', { name: "Show this station's fingerprint" }));
    const words = await screen.findByLabelText('Read aloud');
    const shown = await h.real.handlers.exporterShow(undefined);
    expect(words.textContent).toBe(shown.words.join(' '));
    expect(shown.words).toHaveLength(16);
    expect(screen.getByText(shown.code)).toBeTruthy();
  });

  it('pins an exporter, lists it with its words, and unpins it', async () => {
    const h = await openSettings();
    expect(screen.getByText('No exporters pinned.')).toBeTruthy();
    await fireEvent.input(field('Public key or fingerprint'), { target: { value: OTHER.key } });
    await fireEvent.input(field('Label'), { target: { value: OTHER.label } });
    await fireEvent.click(screen.getByRole('button', { name: 'Pin exporter' }));
    const row = (await screen.findByText(OTHER.label)).closest('tr')!;
    const listed = (await h.real.handlers.exporterList(undefined)).exporters;
    expect(listed).toHaveLength(1);
    expect(within(row).getByText(listed[0]!.code)).toBeTruthy();
    expect(within(row).getByText(listed[0]!.words.join(' '))).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: `Unpin ${OTHER.label}` }));
    await screen.findByText('No exporters pinned.');
    expect((await h.real.handlers.exporterList(undefined)).exporters).toEqual([]);
  });

  it('refuses a label with a bidi override or a pasted private key as you type, and sends nothing', async () => {
    const h = await openSettings();
    await fireEvent.input(field('Public key or fingerprint'), { target: { value: OTHER.key } });
    for (const bad of ['desk\u202Eexe', '11'.repeat(32)]) {
      await fireEvent.input(field('Label'), { target: { value: bad } });
      expect(field('Label').getAttribute('aria-invalid')).toBe('true');
      await fireEvent.click(screen.getByRole('button', { name: 'Pin exporter' }));
    }
    expect(screen.getByText(/private key/)).toBeTruthy();
    expect(h.real.calls).not.toContain('exporterPin');
  });

  it("shows the station's refusal to pin its own fingerprint", async () => {
    await openSettings();
    await fireEvent.click(screen.getByRole('button', { name: "Show this station's fingerprint" }));
    const code = (await screen.findByText(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/)).textContent!;
    await fireEvent.input(field('Public key or fingerprint'), { target: { value: code } });
    await fireEvent.input(field('Label'), { target: { value: 'me' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Pin exporter' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain("this station's own identity"));
    expect(screen.getByText('No exporters pinned.')).toBeTruthy();
  });
});
