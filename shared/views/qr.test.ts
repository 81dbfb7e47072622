/**
 * QR symbols (shared/views/qr.ts, docs/decisions.md §9 and §19): what @paulmillr/qr encodes for the screens is
 * decoded back with jsqr (a second, test-only decoder) from pixels drawn here: a txID in the
 * version its length needs, UR frames at the densities a sender may pick (alphanumeric mode, so an
 * upper-case frame makes a smaller symbol than the same text in lower case), random text; text
 * beyond version 40 is refused in words; qrPath draws one rectangle per run of dark modules.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import jsQR from 'jsqr';
import { qrMatrix, qrPath, type QrLevel } from './qr.ts';
import { AirlockError } from '../base/errors.ts';
import { UrSender } from '../files/ur.ts';

/** Draws the matrix with a quiet zone of 4 at `scale` pixels a module, as RGBA for jsqr. */
function pixels(matrix: boolean[][], scale = 3): { data: Uint8ClampedArray; size: number } {
  const modules = matrix.length + 8;
  const size = modules * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const r = Math.floor(y / scale) - 4;
      const c = Math.floor(x / scale) - 4;
      if (matrix[r]?.[c] === true) data.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3);
    }
  }
  return { data, size };
}

function decode(matrix: boolean[][]): { text: string; version: number } | null {
  const { data, size } = pixels(matrix);
  const r = jsQR(data, size, size, { inversionAttempts: 'dontInvert' });
  return r === null ? null : { text: r.data, version: r.version };
}

const TXID = 'f3a1c9e27b4d08a6c5e1f2093b7d4a6e8c0f1b2a3d4e5f60718293a4b5c6d7e8';
const LEVELS: QrLevel[] = ['L', 'M', 'Q', 'H'];

describe('qrMatrix decodes back to its text', () => {
  it('a txID at every level, in the smallest version that holds 64 bytes', () => {
    for (const level of LEVELS) {
      const m = qrMatrix(TXID, level);
      const d = decode(m);
      expect(d?.text, level).toBe(TXID);
      expect(m.length).toBe(17 + 4 * d!.version);
    }
    // 64 bytes: version 4 at L holds 78, version 5 at M holds 84 (version 4 at M only 62).
    expect(qrMatrix(TXID, 'L').length).toBe(33);
    expect(qrMatrix(TXID, 'M').length).toBe(37);
  });

  it('UR frames at the densities a sender may pick; upper case takes the denser alphanumeric mode', () => {
    for (const fragment of [50, 200, 500]) {
      const part = new UrSender('handoff', 'x'.repeat(3000), fragment).next().toUpperCase();
      const m = qrMatrix(part, 'L');
      expect(decode(m)?.text, `fragment ${fragment}`).toBe(part);
      expect(m.length, `fragment ${fragment}`).toBeLessThan(qrMatrix(part.toLowerCase(), 'L').length);
    }
  });

  it('random text (UTF-8, any plane) decodes to the same text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        expect(decode(qrMatrix(text, 'M'))?.text).toBe(text);
      }),
      { numRuns: 40 },
    );
  });

  it('text beyond version 40 is refused in words, never cut', () => {
    const error = (() => {
      try {
        qrMatrix('x'.repeat(3000), 'H');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AirlockError);
    expect((error as AirlockError).message).toBe('The text is too long for one QR code (level H).');
    expect((error as AirlockError).details).toEqual({ field: 'text' });
  });
});

describe('qrPath', () => {
  it('one rectangle per run of dark modules, offset by the quiet zone', () => {
    const { path, viewSize } = qrPath(
      [
        [true, true, false],
        [false, false, false],
        [false, true, false],
      ],
      4,
    );
    expect(viewSize).toBe(11);
    expect(path).toBe('M4 4h2v1h-2zM5 6h1v1h-1z');
  });
});
