// @vitest-environment jsdom
/**
 * Importing from the queue (docs/decisions.md §9 "Import"; the two-station flow needs it): a station whose queue
 * is empty, or that has no transaction open, takes a handoff file on the Queue screen. One
 * transaction imported opens it; files of several transactions leave the queue shown, reloaded; a
 * refused file stays on the queue with the refusal.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import QueueScreen from './QueueScreen.svelte';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

function chooseFiles(files: { name: string; text: string }[]) {
  const input = screen.getByLabelText('Handoff or transaction files') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files.map((f) => new File([f.text], f.name, { type: 'application/json' })), configurable: true });
  return fireEvent.change(input);
}

async function queueShown(count = 6) {
  const h = await realStationState({ count });
  renderWithStation(QueueScreen, h.station);
  await screen.findByText(`${count} transaction(s)`);
  return h;
}

describe('importing on the Queue screen', () => {
  it('opens the one transaction a file carried', async () => {
    const h = await queueShown();
    const txId = h.real.txIds[1]!;
    const { text } = await h.real.handlers.exportHandoff({ txId });
    await chooseFiles([{ name: 'one.airlock.json', text }]);
    await waitFor(() => expect(h.station.router.screen).toBe('transaction'));
    expect(h.station.router.txId).toBe(txId);
  });

  it('stays on the queue, reloaded, when the files carry several transactions', async () => {
    const h = await queueShown();
    const files = await Promise.all(
      [4, 5].map(async (i) => ({ name: `f${i}.json`, text: (await h.real.handlers.exportHandoff({ txId: h.real.txIds[i]! })).text })),
    );
    const lists = h.real.calls.filter((c) => c.startsWith('list ')).length;
    await chooseFiles(files);
    await waitFor(() => expect(h.real.calls.filter((c) => c.startsWith('list ')).length).toBeGreaterThan(lists));
    expect(h.station.router.screen).toBe('queue');
    expect(h.station.transaction.importOutcome?.files).toEqual(['f4.json', 'f5.json']);
  });

  it('stays on the queue with the refusal when a file is refused', async () => {
    const h = await queueShown();
    const { text } = await h.real.handlers.exportHandoff({ txId: h.real.txIds[1]! });
    await chooseFiles([{ name: 'cut.json', text: text.slice(0, 40) }]);
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')!.textContent).toMatch(/^The file was refused and nothing in the station changed\. \S/);
    expect(h.station.router.screen).toBe('queue');
    expect(h.station.router.txId).toBeNull();
  });
});
