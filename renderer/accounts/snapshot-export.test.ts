// @vitest-environment jsdom
/**
 * Exporting a snapshot from the Accounts screen (docs/decisions.md §19, SnapshotExport.svelte), over a real
 * station and a real devnet on loopback whose genesis holds account M (`npm run devnet` as a child
 * process: under this project's browser resolution the devnet cannot find its TRC-20 source, so it
 * runs in plain Node; its clock is the real one, so the stations' are too): the
 * ticked accounts are read from the node and saved as a file (the browser's download, read from
 * the anchor clicked: jsdom neither downloads nor navigates) that a second, offline station
 * imports; or shown as an animated QR code whose frames, read from the page as they change,
 * assemble into a snapshot that station imports too. With nothing ticked the station is not
 * asked; on a station whose node does not answer, the refusal is shown and nothing is saved or drawn.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UrAssembler } from '../../shared/files/ur.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_GENESIS_JSON } from '../../devnet/genesis.ts';
import { runDevnetCli, testKey, type WatchedProcess } from '../../test/helpers/devnet-helpers.ts';
import { openRealStation, TEST_ADDRESSES, TEST_KEY_HEX } from '../../test/helpers/real-station.ts';
import { captureDownloads } from '../../test/helpers/renderer/downloads.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';
import AccountsScreen from './AccountsScreen.svelte';

let dir: string;
let devnet: WatchedProcess;
let nodeUrl: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'airlock-snapshot-export-'));
  const M = testKey(TEST_KEY_HEX.M);
  const account = { name: 'm', privateKey: M.priv, balance: '12345678900' };
  writeFileSync(join(dir, 'genesis.json'), JSON.stringify({ ...DEFAULT_GENESIS_JSON, accounts: [...DEFAULT_GENESIS_JSON.accounts, account] }));
  devnet = runDevnetCli(['--quiet', '--port', '0', '--block-interval', 'manual', '--genesis', join(dir, 'genesis.json')]);
  nodeUrl = (await devnet.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/))[1]!;
}, 120_000);
afterAll(() => {
  devnet?.child.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const downloads = captureDownloads();
afterEach(cleanup);

async function open(online: boolean) {
  const h = await realStationState({ count: 1, now: Date.now, tokens: false, ...(online && { node: nodeUrl }) });
  renderWithStation(AccountsScreen, h.station);
  await screen.findByRole('button', { name: TEST_ADDRESSES.M });
  return h;
}

const tick = (address: string) => fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(address) }));

/** A second station with no node, as on the offline side: imports `text` and answers what it stored. */
async function importOffline(text: string) {
  const b = await openRealStation({ count: 0, now: Date.now, tokens: false });
  try {
    const r = await b.handlers.snapshotImport({ fileName: 'carried.json', text });
    const shown = await b.handlers.accountShow({ address: TEST_ADDRESSES.M });
    return { stored: r.accounts.filter((a) => a.stored).map((a) => a.address), balance: shown.balance };
  } finally {
    b.close();
  }
}

describe('exporting a snapshot from the Accounts screen', () => {
  it('saves the ticked accounts, read from the node now, as a file another station imports', async () => {
    await open(true);
    await tick(TEST_ADDRESSES.M);
    await fireEvent.click(screen.getByRole('button', { name: 'Export snapshot' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toMatch(/^snapshot-\d+\.json$/);
    const text = await downloads[0]!.text;
    expect(JSON.parse(text).accounts.map((a: { address: string }) => a.address)).toEqual([TEST_ADDRESSES.M]);
    expect(screen.getByRole('status').textContent).toMatch(/^Exported a snapshot of block \d+: 1 account\(s\), 0 token\(s\)/);
    // The node's balance, not the seeded snapshot's: the file was read from the node at the click.
    expect(await importOffline(text)).toEqual({ stored: [TEST_ADDRESSES.M], balance: '12345678900' });
  });

  it('shows them as an animated QR code of type airlock-snapshot whose frames assemble into the file', async () => {
    await open(true);
    await tick(TEST_ADDRESSES.M);
    await fireEvent.click(screen.getByRole('button', { name: 'Show as animated QR code' }));
    const svg = await screen.findByRole('img', { name: 'Animated QR code of the snapshot' });
    expect(downloads).toEqual([]);
    const assembler = new UrAssembler(Date.now);
    // Each poll reads the frame drawn now; the code runs on by itself until enough were seen.
    await waitFor(
      () => {
        const part = svg.closest('figure')!.querySelector('svg')!.getAttribute('data-part')!;
        expect(part.startsWith('ur:airlock-snapshot/')).toBe(true);
        expect(assembler.receive(part).done).toBe(true);
      },
      { timeout: 60_000, interval: 50 },
    );
    expect(assembler.result!.kind).toBe('snapshot');
    expect(await importOffline(assembler.result!.text)).toEqual({ stored: [TEST_ADDRESSES.M], balance: '12345678900' });
    await fireEvent.click(screen.getByRole('button', { name: 'Hide the QR code' }));
    expect(screen.queryByRole('img', { name: 'Animated QR code of the snapshot' })).toBeNull();
  }, 90_000);

  it('asks for a ticked account before asking the station', async () => {
    const h = await open(true);
    await fireEvent.click(screen.getByRole('button', { name: 'Show as animated QR code' }));
    expect(screen.getByRole('alert').textContent).toBe('Tick at least one account to put in the snapshot.');
    expect(h.real.calls).not.toContain('snapshotExport');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it("offline, shows the station's refusal and saves and draws nothing", async () => {
    const h = await open(false);
    await tick(TEST_ADDRESSES.M);
    await fireEvent.click(screen.getByRole('button', { name: 'Export snapshot' }));
    await waitFor(() => expect(h.real.calls).toContain('snapshotExport'));
    await screen.findByText(/node/i, { selector: '.error > p' });
    await fireEvent.click(screen.getByRole('button', { name: 'Show as animated QR code' }));
    await waitFor(() => expect(h.real.calls.filter((c) => c === 'snapshotExport')).toHaveLength(2));
    expect(downloads).toEqual([]);
    expect(screen.queryByRole('img', { name: 'Animated QR code of the snapshot' })).toBeNull();
  });
});
