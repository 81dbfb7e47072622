/**
 * `npm run icons`: draws the app icon and writes every size electron-builder uses into build/
 * (docs/decisions.md §8, packaging). No image tool is needed: the drawing is a few shapes measured by distance
 * (anti-aliased by coverage), encoded as PNG with node:zlib, and packed into an ICO by hand.
 *
 *   build/icon.png        1024 px, the source; macOS's .icns is made from it at package time
 *                         (macOS shows 16 to 1024 px; 512 and 1024 for Retina)
 *   build/icon.ico        Windows: 16, 24, 32, 48, 64, 128 and 256 px in one file (installer, taskbar)
 *   build/icons/NxN.png   Linux: 16, 32, 48, 64, 128, 256, 512 px (AppImage, deb, desktop entry)
 *
 * The drawing: a dark rounded square holding a round hatch (an airlock door) with a bolt across
 * it. Outputs are committed; run this again after changing the drawing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

type Rgb = [number, number, number];
const NAVY: Rgb = [0x12, 0x26, 0x3f];
const HATCH: Rgb = [0x1e, 0x3a, 0x5c];
const TEAL: Rgb = [0x7f, 0xd1, 0xc7];

/** Signed distance (in units of the 1024 canvas) from a point to each shape; < 0 is inside. */
function roundBox(x: number, y: number, cx: number, cy: number, hw: number, hh: number, r: number): number {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}
const circle = (x: number, y: number, r: number): number => Math.hypot(x - 512, y - 512) - r;

/** The layers, bottom first. */
const LAYERS: Array<{ color: Rgb; sdf: (x: number, y: number) => number }> = [
  { color: NAVY, sdf: (x, y) => roundBox(x, y, 512, 512, 448, 448, 180) },
  { color: TEAL, sdf: (x, y) => Math.abs(circle(x, y, 276)) - 28 },
  { color: HATCH, sdf: (x, y) => circle(x, y, 220) },
  { color: TEAL, sdf: (x, y) => roundBox(x, y, 512, 512, 212, 34, 30) },
  { color: TEAL, sdf: (x, y) => circle(x, y, 64) },
  { color: NAVY, sdf: (x, y) => circle(x, y, 28) },
];

function render(size: number): Buffer {
  const scale = 1024 / size;
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const x = (px + 0.5) * scale;
      const y = (py + 0.5) * scale;
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (const layer of LAYERS) {
        // Coverage of this pixel: distance measured in pixels, a one-pixel ramp at the edge.
        const cover = Math.min(1, Math.max(0, 0.5 - layer.sdf(x, y) / scale));
        if (cover === 0) continue;
        r = layer.color[0] * cover + r * (1 - cover);
        g = layer.color[1] * cover + g * (1 - cover);
        b = layer.color[2] * cover + b * (1 - cover);
        a = cover + a * (1 - cover);
      }
      const at = (py * size + px) * 4;
      // r, g, b are premultiplied by a; PNG stores straight alpha.
      rgba[at] = a > 0 ? Math.round(r / a) : 0;
      rgba[at + 1] = a > 0 ? Math.round(g / a) : 0;
      rgba[at + 2] = a > 0 ? Math.round(b / a) : 0;
      rgba[at + 3] = Math.round(a * 255);
    }
  }
  return rgba;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export function png(size: number): Buffer {
  const rgba = render(size);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ICO holding PNG images (Windows Vista and later read these). */
function ico(sizes: number[]): Buffer {
  const images = sizes.map((s) => png(s));
  const header = Buffer.alloc(6 + 16 * sizes.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  sizes.forEach((s, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(s >= 256 ? 0 : s, at);
    header.writeUInt8(s >= 256 ? 0 : s, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(images[i]!.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += images[i]!.length;
  });
  return Buffer.concat([header, ...images]);
}

export const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512];
export const WINDOWS_SIZES = [16, 24, 32, 48, 64, 128, 256];

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const build = fileURLToPath(new URL('../build/', import.meta.url));
  mkdirSync(`${build}icons`, { recursive: true });
  writeFileSync(`${build}icon.png`, png(1024));
  for (const s of LINUX_SIZES) writeFileSync(`${build}icons/${s}x${s}.png`, png(s));
  writeFileSync(`${build}icon.ico`, ico(WINDOWS_SIZES));
  console.log('wrote build/icon.png, build/icon.ico and build/icons/');
}
