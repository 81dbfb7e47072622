/**
 * The QR drawing of a txID, computed once (docs/decisions.md §27; bench/README.md "Every click fast"): the SVG path
 * of shared/views/qr.ts for a text at level M with the standard quiet zone of four modules, kept for
 * the last QR_DRAWINGS_KEPT texts, so reopening a transaction (or the screen drawing it again after
 * a refresh) draws its code at once instead of encoding it again (2-17 ms a code in Chromium).
 *
 * Invariant: a kept drawing is the one `qrPath(qrMatrix(text, 'M'), 4)` gives for that exact text
 * (the key is the whole text, case kept); the oldest is forgotten first, so memory stays bounded.
 */
import { QR_DRAWINGS_KEPT } from '../../shared/base/limits.ts';
import { qrMatrix, qrPath } from '../../shared/views/qr.ts';

export interface QrDrawing {
  /** The dark modules as one SVG path. */
  path: string;
  /** The side of the square view box, quiet zone included. */
  viewSize: number;
}

const kept = new Map<string, QrDrawing>();

/** The drawing of `text` if it was computed lately, without computing it. */
export function keptQrDrawing(text: string): QrDrawing | null {
  const known = kept.get(text);
  if (known === undefined) return null;
  // The most recently used is the last forgotten.
  kept.delete(text);
  kept.set(text, known);
  return known;
}

/** The drawing of `text`: the kept one, or computed now and kept. */
export function qrDrawing(text: string): QrDrawing {
  const known = keptQrDrawing(text);
  if (known !== null) return known;
  const drawn = qrPath(qrMatrix(text, 'M'), 4);
  kept.set(text, drawn);
  while (kept.size > QR_DRAWINGS_KEPT) kept.delete(kept.keys().next().value!);
  return drawn;
}
