// @vitest-environment jsdom
/**
 * The Import panel says where each imported handoff file comes from (docs/decisions.md §16, "say on screen which
 * is which"): signed by an exporter this station has not pinned (its claims kept as claims, with
 * the station's warning and the fingerprint to compare), or by a pinned one (what it says counts as
 * observed). Two real stations (test/helpers/real-station.ts): A exports, signing with its
 * identity key; B imports on its Queue screen, first without pinning A, then after pinning it.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import QueueScreen from './QueueScreen.svelte';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

function chooseFiles(files: { name: string; text: string }[]) {
  const input = screen.getByLabelText('Handoff or transaction files') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files.map((f) => new File([f.text], f.name, { type: 'application/json' })), configurable: true });
  return fireEvent.change(input);
}

describe('where an imported file comes from', () => {
  it('names the exporter and whether its claims count, before and after pinning it', async () => {
    const a = await realStationState({ count: 6 });
    const b = await realStationState({ count: 0 });
    const identity = await a.real.handlers.exporterShow(undefined);
    const first = (await a.real.handlers.exportHandoff({ txId: a.real.txIds[1]! })).text;
    const second = (await a.real.handlers.exportHandoff({ txId: a.real.txIds[2]! })).text;

    renderWithStation(QueueScreen, b.station);
    await chooseFiles([
      { name: 'from-a.airlock.json', text: first },
      { name: 'other.airlock.json', text: second },
    ]);
    let list = await screen.findByRole('list', { name: 'Where the imported files come from' });
    const unpinned = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(unpinned).toContain(
      `from-a.airlock.json is signed by exporter ${identity.code}, which this station has not pinned: what it says is kept as its claim, unverified.`,
    );
    // The station's own warning follows, with the fingerprint words to compare by voice.
    expect(unpinned.some((t) => t!.startsWith(`from-a.airlock.json: signed by exporter ${identity.code} (${identity.words.join(' ')})`))).toBe(true);

    await b.real.handlers.exporterPin({ key: identity.publicKey, label: 'Station A' });
    await chooseFiles([{ name: 'again.airlock.json', text: second }]);
    await waitFor(() => expect(b.station.transaction.importOutcome?.files).toEqual(['again.airlock.json']));
    list = await screen.findByRole('list', { name: 'Where the imported files come from' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`again.airlock.json is signed by the pinned exporter “Station A” (${identity.code}): what it says counts as observed.`]);
  });
});
