// @vitest-environment jsdom
/**
 * The reader's state (renderer/airgap/scan.svelte.ts, docs/decisions.md §19) over a real station: the parts of
 * a handoff the station exported, fed in scrambled with repeats, import through `importFiles` under
 * the name `scanned handoff <date>` and give the transaction's read-aloud check; the same parts of
 * a copy with one signature byte changed are refused by the station's import (its own sentence),
 * with nothing stored; a frame that is not a UR is refused before the station is asked; a new scan
 * starts from nothing.
 */
import { describe, expect, it } from 'vitest';
import { UrSender } from '../../shared/files/ur.ts';
import { readAloudChecksum } from '../../shared/views/read-aloud.ts';
import { realStationState } from '../../test/helpers/renderer/station-harness.ts';
import { scannedFileName, ScanState } from './scan.svelte.ts';

const AT = Date.UTC(2026, 10, 24, 20, 15, 3);

async function setup() {
  const h = await realStationState({ count: 6 });
  const txId = h.real.txIds[4]!;
  const { text } = await h.real.handlers.exportHandoff({ txId });
  const calls = () => h.real.calls.filter((c) => c.startsWith('importFiles')).length;
  return { h, txId, text, calls, scan: new ScanState(h.station.client, () => AT) };
}

describe('scanning a handoff', () => {
  it('assembles parts in any order, with repeats, and imports them as a file named for the scan', async () => {
    const { txId, text, scan, calls } = await setup();
    const sender = new UrSender('handoff', text, 100);
    const parts = sender.take(sender.pureCount + 4).reverse();
    for (const p of [parts[0]!, parts[0]!, ...parts]) await scan.frame(p.toUpperCase());
    expect(scan.error).toBeNull();
    expect(scan.outcome).toMatchObject({ fileName: 'scanned handoff 2026-11-24 20.15.03', txId, check: readAloudChecksum(txId) });
    expect(scan.outcome!.text).toMatch(
      /^Imported scanned handoff 2026-11-24 20\.15\.03: 0 new signature\(s\), \d already known\. scanned handoff 2026-11-24 20\.15\.03 is not signed by an exporter: what it says of accounts, permissions and tokens is kept as its claim, unverified\.$/,
    );
    expect(calls()).toBe(1);
    expect(scan.open).toBe(false);
  });

  it("a tampered copy is refused by the station's import, in its words, and nothing is stored", async () => {
    const { h, txId, text, scan } = await setup();
    const before = (await h.real.handlers.status({ txId })).view.signatures.length;
    const file = JSON.parse(text) as { transaction: { signature: string[] } };
    const sig = file.transaction.signature[0]!;
    file.transaction.signature[0] = sig.slice(0, 10) + (sig[10] === '0' ? '1' : '0') + sig.slice(11);
    const sender = new UrSender('handoff', JSON.stringify(file), 100);
    for (const p of sender.take(sender.pureCount)) await scan.frame(p);
    expect(scan.importRefused).toBe(true);
    expect(scan.error?.message).toMatch(/^scanned handoff 2026-11-24 20\.15\.03: /);
    expect(scan.outcome).toBeNull();
    expect((await h.real.handlers.status({ txId })).view.signatures.length).toBe(before);
  });

  it('a frame that is not a UR is refused before the station is asked; a new scan starts from nothing', async () => {
    const { text, scan, calls } = await setup();
    await scan.frame('https://example.invalid/');
    expect(scan.error?.message).toMatch(/not part of an Airlock transfer/);
    expect(scan.importRefused).toBe(false);
    expect(calls()).toBe(0);
    scan.reset();
    expect([scan.error, scan.progress, scan.outcome]).toEqual([null, null, null]);
    const sender = new UrSender('handoff', text);
    for (const p of sender.take(sender.pureCount)) await scan.frame(p);
    expect(scan.outcome?.txId).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names a scanned file by kind and time, with no character a file system refuses', () => {
    expect(scannedFileName('snapshot', AT)).toBe('scanned snapshot 2026-11-24 20.15.03');
  });
});
