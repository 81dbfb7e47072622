/**
 * A camera for the air-gap browser tests (docs/decisions.md §19): the frames an animated QR code draws in one
 * station's page, read back from its SVG, become a Y4M video (YUV4MPEG2: a header, then frames of
 * 4:2:0 planes, written here) that Chromium's fake camera plays to the other station
 * (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture`, the permission prompt
 * answered by `--use-fake-ui-for-media-stream`). Used by test/browser/airgap-chromium.test.ts
 * (handoffs) and airgap-snapshot-chromium.test.ts (snapshots).
 *
 * Invariant: a symbol reaches the video exactly as the page drew it; a path this reader does not
 * understand throws rather than giving a different symbol.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { UrAssembler } from '../../shared/files/ur.ts';

const WIDTH = 640;
const HEIGHT = 480;

/** The modules of an SVG drawn by QrCode*.svelte: `M{x} {y}h{w}v1h-{w}z` runs in a view box with a quiet zone of 4. */
export function modulesOf(d: string, viewSize: number): boolean[][] {
  const size = viewSize - 8;
  const m = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const runs = [...d.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)];
  if (runs.map((r) => r[0]).join('') !== d) throw new Error('the QR path holds something other than runs of modules');
  for (const [, x, y, w] of runs) for (let c = 0; c < Number(w); c++) m[Number(y) - 4]![Number(x) - 4 + c] = true;
  return m;
}

/**
 * A Y4M video of `symbols` (each held for `hold` video frames at 10 frames a second): YUV4MPEG2,
 * 4:2:0 (a full luma plane, then quarter-size Cb and Cr planes at 128: grey), the symbol centred
 * on white with its quiet zone, as large as fits.
 */
export function y4m(symbols: boolean[][][], hold = 2): Buffer {
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frames: Buffer[] = [header];
  for (const m of symbols) {
    const scale = Math.floor((HEIGHT - 20) / (m.length + 8));
    const side = m.length * scale;
    const x0 = Math.floor((WIDTH - side) / 2);
    const y0 = Math.floor((HEIGHT - side) / 2);
    const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
    for (let r = 0; r < m.length; r++)
      for (let c = 0; c < m.length; c++)
        if (m[r]![c])
          for (let dy = 0; dy < scale; dy++) luma.fill(0, (y0 + r * scale + dy) * WIDTH + x0 + c * scale, (y0 + r * scale + dy) * WIDTH + x0 + (c + 1) * scale);
    for (let i = 0; i < hold; i++) frames.push(Buffer.from('FRAME\n', 'ascii'), luma, chroma);
  }
  return Buffer.concat(frames);
}

/** The number of pure parts a `figure.animated-qr` says it has (`N parts; frame k shown...`). */
export async function pureParts(figure: Locator): Promise<number> {
  return Number(/^(\d+) parts/.exec((await figure.locator('figcaption p').first().textContent())!)![1]);
}

/** Distinct symbols drawn by `figure` (read as drawn, with the UR part each carries, polled every 20 ms of `page`) until `enough` says so. */
async function collectSymbols(page: Page, figure: Locator, enough: (parts: string[]) => boolean): Promise<{ part: string; modules: boolean[][] }[]> {
  const seen = new Map<string, { part: string; modules: boolean[][] }>();
  while (!enough([...seen.values()].map((s) => s.part))) {
    const svg = figure.locator('svg');
    const [d, viewBox, part] = await Promise.all([svg.locator('path').getAttribute('d'), svg.getAttribute('viewBox'), svg.getAttribute('data-part')]);
    if (!seen.has(d!)) seen.set(d!, { part: part!, modules: modulesOf(d!, Number(viewBox!.split(' ')[2])) });
    await page.waitForTimeout(20);
  }
  return [...seen.values()];
}

/**
 * The symbols for a camera video that leaves out every fourth frame drawn: at least `atLeast` are
 * read, and more until the ones kept assemble by themselves (checked here with the station's own
 * UrAssembler). A looping video adds no new parts, and the fountain parts of a transfer depend on
 * its bytes, so a fixed count of frames is sometimes not enough; this makes the video enough
 * whenever its every frame is read, which is what the scanner is tested for.
 */
export async function symbolsLeavingOutEveryFourth(page: Page, figure: Locator, atLeast: number): Promise<boolean[][][]> {
  const kept = <T>(all: T[]): T[] => all.filter((_, i) => i % 4 !== 3);
  const assembles = (parts: string[]): boolean => {
    const assembler = new UrAssembler(() => 0);
    return parts.some((part) => assembler.receive(part).done);
  };
  const symbols = await collectSymbols(page, figure, (parts) => parts.length >= atLeast && assembles(kept(parts)));
  return kept(symbols).map((s) => s.modules);
}

/** A headless Chromium (fresh profile `dir/profile-<name>`) whose camera plays `video` (written to `dir/<name>.y4m`). */
export function browserWithCamera(dir: string, name: string, video: Buffer, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const file = join(dir, `${name}.y4m`);
  writeFileSync(file, video);
  return chromium.launchPersistentContext(join(dir, `profile-${name}`), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`,
    ],
  });
}

/**
 * Waits for the Scan QR screen (`section`) to end a camera scan: its outcome, a refusal, or an
 * alert (the camera could not start). A refusal or an alert then fails the caller's next check in
 * the screen's own words; a scan still running at `timeout` throws with what the screen says of
 * its progress (parts received, frames read), so a stall reads differently from a slow machine.
 */
export async function scanEnded(section: Locator, timeout: number): Promise<void> {
  try {
    await section.locator('.outcome, .error, [role=alert]').first().waitFor({ timeout });
  } catch (e) {
    const said = ((await section.textContent().catch(() => null)) ?? '').replace(/\s+/g, ' ').trim();
    throw new Error(`the scan did not end within ${timeout} ms; the screen says: ${said}`, { cause: e });
  }
}
