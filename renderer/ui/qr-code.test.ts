// @vitest-environment jsdom
/**
 * The txID's QR code on the transaction screen (docs/decisions.md §9, renderer/ui/QrCode.svelte): an SVG
 * named "QR code of the transaction ID", one path of dark modules inside a quiet zone of four, no
 * inline style, and the txID as text beside it. The path drawn in the page is read back into
 * modules and decoded with jsqr (test-only), so what a camera would see is the open txID.
 * docs/decisions.md §27: the txID's text comes at once and the code after the first paint, never another
 * text's code meanwhile; a code drawn before (ui/qr-drawing.ts, the last QR_DRAWINGS_KEPT) comes at once.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/svelte';
import jsQR from 'jsqr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TransactionScreen from '../transaction/TransactionScreen.svelte';
import QrCode from './QrCode.svelte';
import { keptQrDrawing, qrDrawing } from './qr-drawing.ts';
import { QR_DRAWINGS_KEPT } from '../../shared/base/limits.ts';
import { qrMatrix, qrPath } from '../../shared/views/qr.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

/** A txID-like text of 64 hex digits, distinct per `n`. */
const hexText = (n: number): string => n.toString(16).padStart(64, 'c');

describe('the QR code drawn after the first paint', () => {
  it('shows the text at once and its code after the frame, never the code of the text before', async () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
    const paint = async (): Promise<void> => {
      for (const f of frames.splice(0)) f();
      await new Promise((r) => setTimeout(r, 0));
    };
    const [a, b] = [hexText(1001), hexText(1002)];
    const view = render(QrCode, { props: { text: a } });
    const caption = (): string => view.container.querySelector('figcaption')!.textContent!;
    const shownPath = (): string | null =>
      screen.queryByRole('img', { name: 'QR code of the transaction ID' })?.querySelector('path')?.getAttribute('d') ?? null;
    /** `text` captioned at once, its code absent until a frame is painted, then the code that reads as `text`. */
    const drawnAfterPaint = async (text: string): Promise<void> => {
      expect(caption()).toBe(text);
      expect(shownPath()).toBeNull();
      await paint();
      await waitFor(() => expect(shownPath()).not.toBeNull());
      expect(jsQR(pixelsOfPath(shownPath()!, 45), 135, 135)?.data).toBe(text);
    };
    await drawnAfterPaint(a);
    await view.rerender({ text: b });
    await drawnAfterPaint(b);
    // Drawn before: back at once, without waiting for a frame.
    await view.rerender({ text: a });
    expect(jsQR(pixelsOfPath(shownPath()!, 45), 135, 135)?.data).toBe(a);
  });

  it('keeps the last QR_DRAWINGS_KEPT drawings, each the one the encoder gives for its text', () => {
    const texts = Array.from({ length: QR_DRAWINGS_KEPT + 1 }, (_, i) => hexText(2000 + i));
    expect(keptQrDrawing(texts[0]!)).toBeNull();
    for (const t of texts) expect(qrDrawing(t)).toEqual(qrPath(qrMatrix(t, 'M'), 4));
    // The oldest went when one more came; the rest are kept as they were computed.
    expect(keptQrDrawing(texts[0]!)).toBeNull();
    for (const t of texts.slice(1)) expect(keptQrDrawing(t)).toEqual(qrPath(qrMatrix(t, 'M'), 4));
    expect(keptQrDrawing(texts[1]!.toUpperCase())).toBeNull();
  });
});
