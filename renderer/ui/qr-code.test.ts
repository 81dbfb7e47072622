// @vitest-environment jsdom
/**
 * The txID's QR code on the transaction screen (docs/decisions.md §9, renderer/ui/QrCode.svelte): an SVG
 * named "QR code of the transaction ID", one path of dark modules inside a quiet zone of four, no
 * inline style, and the txID as text beside it. The path drawn in the page is read back into
 * modules and decoded with jsqr (test-only), so what a camera would see is the open txID.
 */
import { cleanup, screen, waitFor } from '@testing-library/svelte';
import jsQR from 'jsqr';
import { afterEach, describe, expect, it } from 'vitest';
import TransactionScreen from '../transaction/TransactionScreen.svelte';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

/** The modules of `M{x} {y}h{w}v1h-{w}z` runs, in a `size`-square view box, as RGBA pixels. */
function pixelsOfPath(d: string, size: number, scale = 3): Uint8ClampedArray {
  const dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const runs = [...d.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)];
  expect(runs.map((r) => r[0]).join('')).toBe(d);
  for (const [, x, y, w] of runs) for (let c = 0; c < Number(w); c++) dark[Number(y)]![Number(x) + c] = true;
  const px = size * scale;
  const data = new Uint8ClampedArray(px * px * 4).fill(255);
  for (let y = 0; y < px; y++)
    for (let x = 0; x < px; x++) if (dark[Math.floor(y / scale)]![Math.floor(x / scale)]) data.fill(0, (y * px + x) * 4, (y * px + x) * 4 + 3);
  return data;
}

describe('the QR code of the txID', () => {
  it('is an SVG with its accessible name that decodes to the open txID, with the txID as text', async () => {
    const h = await realStationState({ count: 6 });
    const txId = h.real.txIds[2]!;
    h.station.router.openTransaction(txId);
    renderWithStation(TransactionScreen, h.station);
    const svg = await screen.findByRole('img', { name: 'QR code of the transaction ID' });
    expect(svg.tagName.toLowerCase()).toBe('svg');
    expect(svg.hasAttribute('style')).toBe(false);
    const paths = svg.querySelectorAll('path');
    expect(paths.length).toBe(1);
    const [, , w, hgt] = svg.getAttribute('viewBox')!.split(' ').map(Number);
    // Version 5 (37 modules) plus a quiet zone of 4 on each side.
    expect([w, hgt]).toEqual([45, 45]);
    const d = paths[0]!.getAttribute('d')!;
    // Nothing dark inside the quiet zone.
    for (const [, x, y] of d.matchAll(/M(\d+) (\d+)/g)) {
      expect(Number(x)).toBeGreaterThanOrEqual(4);
      expect(Number(y)).toBeGreaterThanOrEqual(4);
      expect(Number(y)).toBeLessThan(41);
    }
    const decoded = jsQR(pixelsOfPath(d, 45), 45 * 3, 45 * 3);
    expect(decoded?.data).toBe(txId);
    expect(svg.closest('figure')!.querySelector('figcaption')!.textContent).toBe(txId);
  });

  it('follows the transaction when another one opens', async () => {
    const h = await realStationState({ count: 6 });
    h.station.router.openTransaction(h.real.txIds[0]!);
    renderWithStation(TransactionScreen, h.station);
    const first = (await screen.findByRole('img', { name: 'QR code of the transaction ID' })).querySelector('path')!.getAttribute('d');
    h.station.router.openTransaction(h.real.txIds[1]!);
    await waitFor(() => expect(screen.getByRole('img', { name: 'QR code of the transaction ID' }).closest('figure')!.textContent).toContain(h.real.txIds[1]!));
    const second = screen.getByRole('img', { name: 'QR code of the transaction ID' }).querySelector('path')!.getAttribute('d');
    expect(second).not.toBe(first);
    expect(jsQR(pixelsOfPath(second!, 45), 135, 135)?.data).toBe(h.real.txIds[1]);
  });
});
