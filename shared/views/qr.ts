/**
 * QR symbols for the screens (docs/decisions.md §9 "QR code of the txID", docs/decisions.md §19 "animated QR"): the matrix of
 * a text, made by @paulmillr/qr (ISO/IEC 18004, audited-style small library, no dependency of its
 * own), and the one SVG path the renderer draws it with. docs/decisions.md §19 replaced the hand-written encoder
 * that stood here (versions 1 to 10 only, too small for a UR frame of 200 bytes) with the library,
 * which covers versions 1 to 40 and picks the alphanumeric mode for upper-case UR text by itself.
 *
 * Invariant: the matrix decodes to exactly the text given (shared/views/qr.test.ts decodes it back
 * with the library's decoder and with jsqr, a second, test-only decoder); text that does not fit
 * version 40 is refused with a coded error, never cut. `qrTextOf` reads a camera frame or an image
 * (RGBA pixels, as a canvas gives them) and answers null where it finds no symbol: a frame without
 * a code is the usual case for a camera, not an error.
 */
import encodeQR from '@paulmillr/qr';
import decodeQR from '@paulmillr/qr/decode.js';
import { fail } from '../base/errors.ts';

export type QrLevel = 'L' | 'M' | 'Q' | 'H';
const ECC = { L: 'low', M: 'medium', Q: 'quartile', H: 'high' } as const;

/** The dark (true) and light modules of `text`'s smallest symbol at `level`, without the quiet zone. */
export function qrMatrix(text: string, level: QrLevel = 'M'): boolean[][] {
  try {
    return encodeQR(text, 'raw', { ecc: ECC[level], border: 0 });
  } catch {
    // The library throws for text beyond version 40; its message is not for a person.
    return fail('INVALID_INPUT', `The text is too long for one QR code (level ${level}).`, { field: 'text' });
  }
}

/**
 * The dark modules as one SVG path of `M{x} {y}h{w}v1h-{w}z` runs, offset by a quiet zone of
 * `quiet` modules (the standard asks for 4), and the side of the square view box.
 */
export function qrPath(matrix: readonly (readonly boolean[])[], quiet = 4): { path: string; viewSize: number } {
  const parts: string[] = [];
  matrix.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      if (!row[c]) continue;
      let end = c;
      while (end + 1 < row.length && row[end + 1]) end++;
      parts.push(`M${c + quiet} ${r + quiet}h${end - c + 1}v1h${-(end - c + 1)}z`);
      c = end;
    }
  });
  return { path: parts.join(''), viewSize: matrix.length + 2 * quiet };
}

/** Pixels as a canvas's ImageData holds them: RGBA, row by row. */
export interface QrImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** The text of the QR symbol in `image`, or null when none is found. */
export function qrTextOf(image: QrImage): string | null {
  try {
    return decodeQR(image);
  } catch {
    // The decoder throws for "no finder patterns" and the like: a frame with no readable code.
    return null;
  }
}
