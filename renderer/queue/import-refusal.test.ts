// @vitest-environment jsdom
/**
 * Import refusal (docs/decisions.md §9 "a file that fails any check is refused with one clear sentence and the
 * detail behind a disclosure; nothing in the store changes"): a handoff file exported by the
 * station is imported back after one signature byte is changed; one of another format is refused in
 * the UI's words (docs/decisions.md §18, renderer/app/words.ts).
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import TransactionScreen from '../transaction/TransactionScreen.svelte';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

async function setup() {
  const h = await realStationState({ count: 12 });
  const txId = h.real.txIds[4]!; // signed by B
  h.station.router.openTransaction(txId);
  renderWithStation(TransactionScreen, h.station);
  await waitFor(() => expect(h.station.transaction.tx).not.toBeNull());
  const exported = await h.real.handlers.exportHandoff({ txId });
  return { h, txId, text: exported.text };
}

function chooseFile(name: string, text: string) {
  const input = screen.getByLabelText('Handoff or transaction files') as HTMLInputElement;
  const file = new File([text], name, { type: 'application/json' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  return fireEvent.change(input);
}

describe('importing a file', () => {
  it('refuses a tampered file with one sentence, the reason behind a disclosure, and changes nothing', async () => {
    const { h, txId, text } = await setup();
    const before = JSON.stringify(await h.real.handlers.status({ txId }));
    const file = JSON.parse(text) as { transaction: { signature: string[] } };
    const sig = file.transaction.signature[0]!;
    file.transaction.signature[0] = `${sig.slice(0, 10)}${sig[10] === '0' ? '1' : '0'}${sig.slice(11)}`;
    await chooseFile('tampered.json', JSON.stringify(file));

    const alert = await screen.findByRole('alert');
    const sentence = alert.querySelector('p')!;
    expect(sentence.textContent).toMatch(/^The file was refused and nothing in the station changed\. \S/);
    const details = alert.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe('Details');
    expect(details.textContent).toMatch(/Code\s*[A-Z_]+/);
    expect(h.station.transaction.importOutcome).toBeNull();
    expect(JSON.stringify(await h.real.handlers.status({ txId }))).toBe(before);
  });

  it("refuses a file of another format in the person's words: no field path, flag or command (issue 18)", async () => {
    const { h, txId, text } = await setup();
    const before = JSON.stringify(await h.real.handlers.status({ txId }));
    await chooseFile('other.json', JSON.stringify({ ...(JSON.parse(text) as object), format: 'someone.else' }));
    const sentence = (await screen.findByRole('alert')).querySelector('p')!.textContent!;
    expect(sentence).toMatch(/^The file was refused and nothing in the station changed\. This is not a file Airlock reads here/);
    expect(sentence).not.toMatch(/handoff\.format|--|airlock [a-z]|[A-Z]+_[A-Z]+/);
    expect(JSON.stringify(await h.real.handlers.status({ txId }))).toBe(before);
  });

  it('imports the untouched file and says what it added', async () => {
    const { h, text } = await setup();
    await chooseFile('good.json', text);
    const status = await screen.findByText(/^Imported good\.json: 0 new signature\(s\), 1 already known\.$/);
    expect(status).toBeTruthy();
    expect(h.station.transaction.importError).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
