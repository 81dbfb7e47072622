/**
 * A QR code encoder (ISO/IEC 18004), written here so the renderer can show a transaction's txID as
 * a code another device can scan (issue 9, "QR code of the txID"); no dependency. Byte mode (UTF-8),
 * versions 1 to 10 (the smallest that holds the text), error correction L, M, Q or H, Reed-Solomon
 * over GF(256) with the polynomial x^8+x^4+x^3+x^2+1, the eight masks scored with the standard's four
 * penalty rules (the lowest wins, the first on a tie), and the BCH-coded format and version
 * information.
 *
 * Invariant: the matrix decodes to exactly the text given (shared/views/qr.test.ts decodes every version
 * and level with jsqr, a test-only decoder); text that does not fit version 10 is refused with a
 * coded error, never cut.
 */
import { fail } from '../base/errors.ts';

export type QrLevel = 'L' | 'M' | 'Q' | 'H';
export const QR_LEVELS: readonly QrLevel[] = ['L', 'M', 'Q', 'H'];
export const QR_MAX_VERSION = 10;

/** The two format bits of each level (Table 12): not in L, M, Q, H order. */
const LEVEL_BITS: Record<QrLevel, number> = { L: 0b01, M: 0b00, Q: 0b11, H: 0b10 };

/**
 * Per version 1..10 (Table 9): total codewords, then per level L, M, Q, H the error correction
 * codewords per block and the blocks as [count, data codewords] groups.
 */
type Blocks = readonly [ecPerBlock: number, groups: readonly (readonly [count: number, data: number])[]];
const VERSIONS: readonly { total: number; levels: Record<QrLevel, Blocks> }[] = [
  { total: 26, levels: { L: [7, [[1, 19]]], M: [10, [[1, 16]]], Q: [13, [[1, 13]]], H: [17, [[1, 9]]] } },
  { total: 44, levels: { L: [10, [[1, 34]]], M: [16, [[1, 28]]], Q: [22, [[1, 22]]], H: [28, [[1, 16]]] } },
  { total: 70, levels: { L: [15, [[1, 55]]], M: [26, [[1, 44]]], Q: [18, [[2, 17]]], H: [22, [[2, 13]]] } },
  { total: 100, levels: { L: [20, [[1, 80]]], M: [18, [[2, 32]]], Q: [26, [[2, 24]]], H: [16, [[4, 9]]] } },
  {
    total: 134,
    levels: {
      L: [26, [[1, 108]]],
      M: [24, [[2, 43]]],
      Q: [
        18,
        [
          [2, 15],
          [2, 16],
        ],
      ],
      H: [
        22,
        [
          [2, 11],
          [2, 12],
        ],
      ],
    },
  },
  { total: 172, levels: { L: [18, [[2, 68]]], M: [16, [[4, 27]]], Q: [24, [[4, 19]]], H: [28, [[4, 15]]] } },
  {
    total: 196,
    levels: {
      L: [20, [[2, 78]]],
      M: [18, [[4, 31]]],
      Q: [
        18,
        [
          [2, 14],
          [4, 15],
        ],
      ],
      H: [
        26,
        [
          [4, 13],
          [1, 14],
        ],
      ],
    },
  },
  {
    total: 242,
    levels: {
      L: [24, [[2, 97]]],
      M: [
        22,
        [
          [2, 38],
          [2, 39],
        ],
      ],
      Q: [
        22,
        [
          [4, 18],
          [2, 19],
        ],
      ],
      H: [
        26,
        [
          [4, 14],
          [2, 15],
        ],
      ],
    },
  },
  {
    total: 292,
    levels: {
      L: [30, [[2, 116]]],
      M: [
        22,
        [
          [3, 36],
          [2, 37],
        ],
      ],
      Q: [
        20,
        [
          [4, 16],
          [4, 17],
        ],
      ],
      H: [
        24,
        [
          [4, 12],
          [4, 13],
        ],
      ],
    },
  },
  {
    total: 346,
    levels: {
      L: [
        18,
        [
          [2, 68],
          [2, 69],
        ],
      ],
      M: [
        26,
        [
          [4, 43],
          [1, 44],
        ],
      ],
      Q: [
        24,
        [
          [6, 19],
          [2, 20],
        ],
      ],
      H: [
        28,
        [
          [6, 15],
          [2, 16],
        ],
      ],
    },
  },
];

/** Centres of the alignment patterns per version (Annex E), rows and columns alike. */
const ALIGNMENT: readonly (readonly number[])[] = [[], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50]];

/** The data codewords a version holds at a level. */
export function dataCapacity(version: number, level: QrLevel): number {
  const [, groups] = VERSIONS[version - 1]!.levels[level];
  return groups.reduce((sum, [count, data]) => sum + count * data, 0);
}

/** Bits of the byte mode's character count: 8 up to version 9, 16 from 10 (Table 3). */
const countBits = (version: number): number => (version <= 9 ? 8 : 16);

/** Most bytes of text a version holds at a level in byte mode. */
export function byteCapacity(version: number, level: QrLevel): number {
  return Math.floor((dataCapacity(version, level) * 8 - 4 - countBits(version)) / 8);
}

// ---- GF(256) and Reed-Solomon

const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  // A second period, so a product's log sum needs no modulo.
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
}

const gfMul = (a: number, b: number): number => (a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!);

/** The generator polynomial (x - α^0)(x - α^1)…(x - α^(n-1)), highest power first, leading 1 left out. */
function generator(n: number): Uint8Array {
  let poly = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(poly.length + 1).fill(0);
    poly.forEach((c, j) => {
      next[j]! ^= c;
      next[j + 1]! ^= gfMul(c, EXP[i]!);
    });
    poly = next;
  }
  return Uint8Array.from(poly.slice(1));
}

/** The `ecLength` error correction codewords of one block: the remainder of data·x^n by the generator. */
export function reedSolomon(data: Uint8Array, ecLength: number): Uint8Array {
  const gen = generator(ecLength);
  const rem = new Uint8Array(ecLength);
  for (const byte of data) {
    const factor = byte ^ rem[0]!;
    rem.copyWithin(0, 1);
    rem[ecLength - 1] = 0;
    for (let i = 0; i < ecLength; i++) rem[i]! ^= gfMul(gen[i]!, factor);
  }
  return rem;
}

// ---- BCH-coded format and version information

/** Remainder of `value · x^shift` by `poly` over GF(2). */
function bchRemainder(value: number, shift: number, poly: number): number {
  const degree = Math.floor(Math.log2(poly));
  let r = value << shift;
  for (let bit = Math.floor(Math.log2(r || 1)); bit >= degree; bit--) if (r & (1 << bit)) r ^= poly << (bit - degree);
  return r;
}

/** The 15 format bits (level, mask, BCH(15,5) with x^10+x^8+x^5+x^4+x^2+x+1), XORed with 101010000010010. */
export function formatBits(level: QrLevel, mask: number): number {
  const data = (LEVEL_BITS[level] << 3) | mask;
  return ((data << 10) | bchRemainder(data, 10, 0b10100110111)) ^ 0b101010000010010;
}

/** The 18 version bits of versions 7 and up (BCH(18,6) with x^12+x^11+x^10+x^9+x^8+x^5+x^2+1), unmasked. */
export function versionBits(version: number): number {
  return (version << 12) | bchRemainder(version, 12, 0b1111100100101);
}

// ---- the matrix

/** The eight mask conditions (Table 10), by row i and column j: true flips the module. */
const MASKS: readonly ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i + j) % 2) + ((i * j) % 3)) % 2 === 0,
];

class Grid {
  readonly size: number;
  readonly dark: boolean[][];
  /** Finder, timing, alignment, format and version modules: never data, never masked. */
  readonly reserved: boolean[][];

  constructor(size: number) {
    this.size = size;
    this.dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
    this.reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  }

  fix(row: number, col: number, dark: boolean): void {
    this.dark[row]![col] = dark;
    this.reserved[row]![col] = true;
  }
}

function drawFunctionPatterns(grid: Grid, version: number): void {
  const n = grid.size;
  // Finders with their light separators, at three corners.
  for (const [r0, c0] of [
    [0, 0],
    [0, n - 7],
    [n - 7, 0],
  ] as const) {
    for (let dr = -1; dr <= 7; dr++) {
      for (let dc = -1; dc <= 7; dc++) {
        const r = r0 + dr;
        const c = c0 + dc;
        if (r < 0 || c < 0 || r >= n || c >= n) continue;
        const ring = Math.max(Math.abs(dr - 3), Math.abs(dc - 3));
        grid.fix(r, c, ring !== 2 && ring !== 4);
      }
    }
  }
  for (let i = 8; i < n - 8; i++) {
    grid.fix(6, i, i % 2 === 0);
    grid.fix(i, 6, i % 2 === 0);
  }
  const centres = ALIGNMENT[version - 1]!;
  for (const r of centres) {
    for (const c of centres) {
      // The three corners where a finder sits get none.
      if ((r === 6 && c === 6) || (r === 6 && c === n - 7) || (r === n - 7 && c === 6)) continue;
      for (let dr = -2; dr <= 2; dr++) for (let dc = -2; dc <= 2; dc++) grid.fix(r + dr, c + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
    }
  }
  // Reserve the format areas now (drawn after masking), and the dark module.
  drawFormat(grid, 0);
  grid.fix(n - 8, 8, true);
  if (version >= 7) {
    const bits = versionBits(version);
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >> i) & 1) === 1;
      const a = n - 11 + (i % 3);
      const b = Math.floor(i / 3);
      grid.fix(b, a, dark);
      grid.fix(a, b, dark);
    }
  }
}

/** The 15 format bits, bit 0 the least significant, in both of their places. */
function drawFormat(grid: Grid, bits: number): void {
  const n = grid.size;
  const bit = (i: number) => ((bits >> i) & 1) === 1;
  // Around the top-left finder: down column 8 (skipping the timing row), then left along row 8.
  for (let i = 0; i <= 5; i++) grid.fix(i, 8, bit(i));
  grid.fix(7, 8, bit(6));
  grid.fix(8, 8, bit(7));
  grid.fix(8, 7, bit(8));
  for (let i = 9; i < 15; i++) grid.fix(8, 14 - i, bit(i));
  // Split between the other two finders: along row 8 from the right, then up column 8 from the bottom.
  for (let i = 0; i < 8; i++) grid.fix(8, n - 1 - i, bit(i));
  for (let i = 8; i < 15; i++) grid.fix(n - 15 + i, 8, bit(i));
}

/** Places the codewords' bits in the two-column zigzag from the bottom right, skipping the timing column. */
function placeData(grid: Grid, codewords: Uint8Array): void {
  const n = grid.size;
  let index = 0;
  let upward = true;
  for (let right = n - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let step = 0; step < n; step++) {
      const row = upward ? n - 1 - step : step;
      for (const col of [right, right - 1]) {
        if (grid.reserved[row]![col]) continue;
        // Bits past the last codeword are the remainder bits: light.
        const byte = codewords[index >> 3];
        grid.dark[row]![col] = byte !== undefined && ((byte >> (7 - (index & 7))) & 1) === 1;
        index++;
      }
    }
    upward = !upward;
  }
}

function applyMask(grid: Grid, mask: number): void {
  const condition = MASKS[mask]!;
  for (let r = 0; r < grid.size; r++) for (let c = 0; c < grid.size; c++) if (!grid.reserved[r]![c] && condition(r, c)) grid.dark[r]![c] = !grid.dark[r]![c];
}

/**
 * The penalty score of a finished symbol (section 7.8.3): N1 = 3 points for each run of five same
 * modules in a row or column, plus one per module beyond five; N2 = 3 per 2×2 block of one colour;
 * N3 = 40 per 1:1:3:1:1 finder-like pattern with four light modules on one side (the area around
 * the symbol counts as light); N4 = 10 per full 5 % the dark share is away from 50 %.
 */
export function qrPenalty(matrix: readonly (readonly boolean[])[]): number {
  const n = matrix.length;
  const at = (r: number, c: number) => matrix[r]![c]!;
  let score = 0;
  const lines: boolean[][] = [];
  for (let i = 0; i < n; i++) {
    lines.push(matrix[i]!.slice());
    lines.push(Array.from({ length: n }, (_, r) => at(r, i)));
  }
  const finderA = [false, false, false, false, true, false, true, true, true, false, true];
  const finderB = finderA.slice().reverse();
  for (const line of lines) {
    let run = 1;
    for (let i = 1; i <= n; i++) {
      if (i < n && line[i] === line[i - 1]) run++;
      else {
        if (run >= 5) score += 3 + (run - 5);
        run = 1;
      }
    }
    const padded = [...new Array<boolean>(4).fill(false), ...line, ...new Array<boolean>(4).fill(false)];
    for (let i = 0; i + 11 <= padded.length; i++) {
      const window = padded.slice(i, i + 11);
      if (finderA.every((b, k) => window[k] === b)) score += 40;
      if (finderB.every((b, k) => window[k] === b)) score += 40;
    }
  }
  for (let r = 0; r + 1 < n; r++) {
    for (let c = 0; c + 1 < n; c++) {
      const d = at(r, c);
      if (at(r, c + 1) === d && at(r + 1, c) === d && at(r + 1, c + 1) === d) score += 3;
    }
  }
  let dark = 0;
  for (const row of matrix) for (const m of row) if (m) dark++;
  score += 10 * Math.floor(Math.abs((dark * 100) / (n * n) - 50) / 5);
  return score;
}

/** The data codewords: mode 0100, count, the bytes, terminator, pad to a byte, then 0xEC 0x11 alternately. */
function dataCodewords(bytes: Uint8Array, version: number, level: QrLevel): Uint8Array {
  const capacity = dataCapacity(version, level);
  const bits: number[] = [];
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >> i) & 1);
  };
  push(0b0100, 4);
  push(bytes.length, countBits(version));
  for (const b of bytes) push(b, 8);
  push(0, Math.min(4, capacity * 8 - bits.length));
  while (bits.length % 8 !== 0) bits.push(0);
  const out = new Uint8Array(capacity);
  for (let i = 0; i < bits.length; i += 8) out[i / 8] = bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0);
  for (let i = bits.length / 8, pad = 0; i < capacity; i++, pad++) out[i] = pad % 2 === 0 ? 0xec : 0x11;
  return out;
}

/** Splits the data into blocks, adds each block's error correction, and interleaves both (section 7.6). */
function interleave(data: Uint8Array, version: number, level: QrLevel): Uint8Array {
  const [ecLength, groups] = VERSIONS[version - 1]!.levels[level];
  const blocks: Uint8Array[] = [];
  let offset = 0;
  for (const [count, length] of groups) {
    for (let k = 0; k < count; k++) {
      blocks.push(data.subarray(offset, offset + length));
      offset += length;
    }
  }
  const ecc = blocks.map((b) => reedSolomon(b, ecLength));
  const out: number[] = [];
  const longest = Math.max(...blocks.map((b) => b.length));
  for (let i = 0; i < longest; i++) for (const b of blocks) if (i < b.length) out.push(b[i]!);
  for (let i = 0; i < ecLength; i++) for (const e of ecc) out.push(e[i]!);
  return Uint8Array.from(out);
}

export interface QrSymbol {
  version: number;
  level: QrLevel;
  mask: number;
  /** matrix[row][column], true for a dark module; no quiet zone. */
  matrix: boolean[][];
}

export interface QrOptions {
  /** Forces a mask 0..7 instead of the lowest penalty (for known-answer tests). */
  mask?: number;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Encodes `text` as UTF-8 in byte mode in the smallest version 1..10 that holds it at `level`. */
export function qrSymbol(text: string, level: QrLevel = 'M', options: QrOptions = {}): QrSymbol {
  if (typeof text !== 'string') fail('INVALID_INPUT', 'text: expected a string', { field: 'text' });
  if (!QR_LEVELS.includes(level)) fail('INVALID_INPUT', 'level: expected L, M, Q or H', { field: 'level' });
  const { mask } = options;
  if (mask !== undefined && !(Number.isInteger(mask) && mask >= 0 && mask <= 7)) fail('INVALID_INPUT', 'mask: expected 0 to 7', { field: 'mask' });
  // A lone surrogate would be encoded as U+FFFD and scan back as other text.
  if (LONE_SURROGATE.test(text)) fail('INVALID_INPUT', 'text: contains a lone UTF-16 surrogate', { field: 'text' });
  const bytes = new TextEncoder().encode(text);
  let version = 1;
  while (version <= QR_MAX_VERSION && bytes.length > byteCapacity(version, level)) version++;
  if (version > QR_MAX_VERSION) {
    fail(
      'INVALID_INPUT',
      `text: ${bytes.length} bytes do not fit a QR code of version ${QR_MAX_VERSION} at level ${level} (at most ${byteCapacity(QR_MAX_VERSION, level)})`,
      { field: 'text' },
    );
  }
  const codewords = interleave(dataCodewords(bytes, version, level), version, level);
  const build = (m: number): Grid => {
    const grid = new Grid(17 + 4 * version);
    drawFunctionPatterns(grid, version);
    placeData(grid, codewords);
    applyMask(grid, m);
    drawFormat(grid, formatBits(level, m));
    return grid;
  };
  if (mask !== undefined) return { version, level, mask, matrix: build(mask).dark };
  let best: { mask: number; grid: Grid; score: number } | null = null;
  for (let m = 0; m < 8; m++) {
    const grid = build(m);
    const score = qrPenalty(grid.dark);
    if (best === null || score < best.score) best = { mask: m, grid, score };
  }
  return { version, level, mask: best!.mask, matrix: best!.grid.dark };
}

/** The symbol's modules only: matrix[row][column], true for dark. */
export function qrMatrix(text: string, level: QrLevel = 'M', options: QrOptions = {}): boolean[][] {
  return qrSymbol(text, level, options).matrix;
}

/**
 * The dark modules as one SVG path (`M x y h1 v1 h-1 z` per module, runs along a row merged),
 * offset by a quiet zone of `quiet` modules; the view box is `size + 2·quiet` square.
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
