/**
 * The QR encoder (shared/views/qr.ts, issue 9 "QR code of the txID"): every symbol it makes is decoded
 * back with jsqr (a test-only decoder, devDependency) from pixels drawn here, for txIDs, every
 * version 1 to 10 at every level, and random text; its pieces are checked against answers worked
 * out from the standard's tables (ISO/IEC 18004): Reed-Solomon on the standard's own example,
 * format and version information bits, and the penalty rules on small matrices.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import jsQR from 'jsqr';
import { byteCapacity, formatBits, qrMatrix, qrPath, qrPenalty, qrSymbol, QR_LEVELS, reedSolomon, versionBits, type QrLevel } from './qr.ts';
import { AirlockError } from '../base/errors.ts';

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

function decode(matrix: boolean[][]): { text: string; bytes: number[]; version: number } | null {
  const { data, size } = pixels(matrix);
  const r = jsQR(data, size, size, { inversionAttempts: 'dontInvert' });
  return r === null ? null : { text: r.data, bytes: r.binaryData, version: r.version };
}

const utf8 = (s: string) => [...new TextEncoder().encode(s)];

/** The first copy of the format information, most significant bit first (row 8 left to right, then column 8 upward). */
function formatCopyOne(m: boolean[][]): number {
  let bits = 0;
  for (let c = 0; c <= 8; c++) if (c !== 6) bits = (bits << 1) | (m[8]![c] ? 1 : 0);
  for (let r = 7; r >= 0; r--) if (r !== 6) bits = (bits << 1) | (m[r]![8] ? 1 : 0);
  return bits;
}

/** The second copy: column 8 from the bottom up (7 bits), then row 8's last 8 modules left to right. */
function formatCopyTwo(m: boolean[][]): number {
  const n = m.length;
  let bits = 0;
  for (let r = n - 1; r >= n - 7; r--) bits = (bits << 1) | (m[r]![8] ? 1 : 0);
  for (let c = n - 8; c < n; c++) bits = (bits << 1) | (m[8]![c] ? 1 : 0);
  return bits;
}

const TXID = 'f3a1c9e27b4d08a6c5e1f2093b7d4a6e8c0f1b2a3d4e5f60718293a4b5c6d7e8';

describe('qrMatrix decodes back to its text', () => {
  it('a txID at every level: the exact text, in the version the length needs', () => {
    for (const level of QR_LEVELS) {
      const s = qrSymbol(TXID, level);
      const d = decode(s.matrix);
      expect(d?.text, level).toBe(TXID);
      expect(d?.version, level).toBe(s.version);
      expect(s.matrix.length).toBe(17 + 4 * s.version);
    }
    // 64 bytes: version 4 at L holds 78, version 5 at M holds 84 (version 4 at M only 62).
    expect(qrSymbol(TXID, 'L').version).toBe(4);
    expect(qrSymbol(TXID, 'M').version).toBe(5);
  });

  it('every version 1 to 10 at every level, filled to its capacity', () => {
    for (const level of QR_LEVELS) {
      for (let version = 1; version <= 10; version++) {
        const n = byteCapacity(version, level);
        const text = Array.from({ length: n }, (_, i) => String.fromCharCode(33 + ((i * 7 + version) % 90))).join('');
        const s = qrSymbol(text, level);
        expect(s.version, `${level} v${version}`).toBe(version);
        const d = decode(s.matrix);
        expect(d?.text, `${level} v${version}`).toBe(text);
        expect(d?.version).toBe(version);
        // One byte more needs the next version.
        if (version < 10) expect(qrSymbol(`${text}x`, level).version).toBe(version + 1);
      }
    }
  });

  it('each of the eight masks, forced, still decodes', () => {
    for (let mask = 0; mask < 8; mask++) {
      const m = qrMatrix(TXID, 'Q', { mask });
      expect(decode(m)?.text, `mask ${mask}`).toBe(TXID);
    }
  });

  it('random text (UTF-8, any plane) decodes to the same bytes and text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.constantFrom<QrLevel>('L', 'M', 'Q', 'H'), (text, level) => {
        if (utf8(text).length > byteCapacity(10, level)) return;
        const d = decode(qrMatrix(text, level));
        expect(d?.bytes).toEqual(utf8(text));
        expect(d?.text).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it('the empty text is a valid version 1 symbol', () => {
    const s = qrSymbol('', 'M');
    expect(s.version).toBe(1);
    expect(decode(s.matrix)?.bytes).toEqual([]);
  });
});

describe('known answers from the standard', () => {
  it("Reed-Solomon: the standard's example (1-M, data 01234567) gives its ten error correction codewords", () => {
    // ISO/IEC 18004 Annex I: the 16 data codewords of "01234567" at 1-M and the 10 it lists after them.
    const data = Uint8Array.from([0x10, 0x20, 0x0c, 0x56, 0x61, 0x80, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11]);
    expect([...reedSolomon(data, 10)]).toEqual([0xa5, 0x24, 0xd4, 0xc1, 0xed, 0x36, 0xc7, 0x87, 0x2c, 0x55]);
  });

  it('format bits: mask 0 at each level, and 1-M mask 2 as worked out by hand', () => {
    // Mask 0: the data bits are 0, so the BCH part is 0 and the code is the level bits XOR 101010000010010.
    expect(formatBits('L', 0)).toBe(0b111011111000100);
    expect(formatBits('M', 0)).toBe(0b101010000010010);
    expect(formatBits('Q', 0)).toBe(0b011010101011111);
    expect(formatBits('H', 0)).toBe(0b001011010001001);
    // M = 00, mask 010: 00010 · x^10 = 1 0000 0000 000; minus the generator 10100110111 shifted once
    // leaves 1001101110; 00010 1001101110 XOR 101010000010010 = 101111001111100 (the Annex I symbol's).
    expect(formatBits('M', 2)).toBe(0b101111001111100);
  });

  it('format bits sit in both copies of the matrix, for each level and mask', () => {
    for (const level of QR_LEVELS) {
      for (let mask = 0; mask < 8; mask++) {
        const m = qrMatrix('airlock', level, { mask });
        expect(formatCopyOne(m), `${level}/${mask}`).toBe(formatBits(level, mask));
        expect(formatCopyTwo(m), `${level}/${mask}`).toBe(formatBits(level, mask));
        expect(m[m.length - 8]![8], 'the dark module').toBe(true);
      }
    }
    expect(formatCopyOne(qrMatrix('01234567', 'M', { mask: 2 }))).toBe(0b101111001111100);
  });

  it('version information of versions 7 to 10 (Annex D), in both blocks', () => {
    expect(versionBits(7)).toBe(0x07c94);
    expect(versionBits(8)).toBe(0x085bc);
    expect(versionBits(9)).toBe(0x09a99);
    expect(versionBits(10)).toBe(0x0a4d3);
    const text = 'x'.repeat(byteCapacity(6, 'M') + 1);
    const s = qrSymbol(text, 'M');
    expect(s.version).toBe(7);
    const n = s.matrix.length;
    for (let i = 0; i < 18; i++) {
      const bit = ((0x07c94 >> i) & 1) === 1;
      // Bit i: the block above the bottom-left finder at row n-11+i%3, column i/3, and its mirror top right.
      expect(s.matrix[n - 11 + (i % 3)]![Math.floor(i / 3)], `bit ${i}`).toBe(bit);
      expect(s.matrix[Math.floor(i / 3)]![n - 11 + (i % 3)], `bit ${i}`).toBe(bit);
    }
  });

  it('finder, separator and timing patterns of a version 1 symbol', () => {
    const m = qrMatrix('a', 'M');
    const finder = ['#######', '#.....#', '#.###.#', '#.###.#', '#.###.#', '#.....#', '#######'];
    const rows = (r0: number, c0: number) =>
      Array.from({ length: 7 }, (_, r) =>
        m[r0 + r]!.slice(c0, c0 + 7)
          .map((d) => (d ? '#' : '.'))
          .join(''),
      );
    expect(rows(0, 0)).toEqual(finder);
    expect(rows(0, 14)).toEqual(finder);
    expect(rows(14, 0)).toEqual(finder);
    expect(m[7]!.slice(0, 8).some(Boolean)).toBe(false);
    expect(m[6]!.slice(8, 13)).toEqual([true, false, true, false, true]);
    expect([8, 9, 10, 11, 12].map((r) => m[r]![6])).toEqual([true, false, true, false, true]);
  });
});

describe('the mask is the one with the lowest penalty', () => {
  it('penalty rules on hand-made matrices', () => {
    const all = (n: number, dark: boolean) => Array.from({ length: n }, () => new Array<boolean>(n).fill(dark));
    // 5×5 all dark: N1 10 runs of 5 (3 each) = 30, N2 16 blocks = 48, N4 100 % dark = 10 steps of 5 % = 100.
    expect(qrPenalty(all(5, true))).toBe(178);
    // 6×6 checkerboard: no runs, no blocks, no finder look-alike, exactly half dark: 0.
    expect(qrPenalty(Array.from({ length: 6 }, (_, r) => Array.from({ length: 6 }, (_, c) => (r + c) % 2 === 0)))).toBe(0);
    // A 7×7 light field with row 3 = 1011101. N1: six light rows of 7 (5 each) and light columns 1
    // and 5 (5 each) = 40; N2: the 24 blocks in rows 0-2 and 4-6 (row 3 has no two light side by
    // side) = 72; N3: row 3 with the outside counted as light matches 0000 1011101 and 1011101 0000 =
    // 80; N4: 5 of 49 dark is 10.2 %, 7 whole steps of 5 % from half = 70.
    const m = all(7, false);
    [1, 0, 1, 1, 1, 0, 1].forEach((d, c) => (m[3]![c] = d === 1));
    expect(qrPenalty(m)).toBe(262);
  });

  it('the chosen mask scores lowest of the eight (first on a tie)', () => {
    for (const text of [TXID, 'a', 'Airlock station', 'x'.repeat(150)]) {
      const s = qrSymbol(text, 'M');
      const scores = Array.from({ length: 8 }, (_, mask) => qrPenalty(qrMatrix(text, 'M', { mask })));
      expect(s.mask, text).toBe(scores.indexOf(Math.min(...scores)));
      expect(s.matrix).toEqual(qrMatrix(text, 'M', { mask: s.mask }));
    }
  });
});

describe('refusals', () => {
  it('text too long for version 10, a lone surrogate, a bad level or mask: INVALID_INPUT naming the field', () => {
    const cases: [() => unknown, string][] = [
      [() => qrMatrix('x'.repeat(byteCapacity(10, 'M') + 1), 'M'), 'text'],
      [() => qrMatrix('ab\uD800cd'), 'text'],
      [() => qrMatrix('a', 'X' as QrLevel), 'level'],
      [() => qrMatrix('a', 'M', { mask: 8 }), 'mask'],
      [() => qrMatrix(1 as unknown as string), 'text'],
    ];
    for (const [f, field] of cases) {
      try {
        f();
        expect.unreachable(field);
      } catch (e) {
        expect(e).toBeInstanceOf(AirlockError);
        expect((e as AirlockError).code).toBe('INVALID_INPUT');
        expect((e as AirlockError).details?.field).toBe(field);
      }
    }
    expect(qrMatrix('x'.repeat(byteCapacity(10, 'M')), 'M').length).toBe(57);
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
