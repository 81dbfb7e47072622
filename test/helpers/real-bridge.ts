/**
 * The built renderer served by the real loopback bridge over the real station
 * (test/helpers/real-station.ts: a temporary directory, an in-memory vault, no node), for the
 * Chromium tests of one screen at a time: a fresh temporary directory, the renderer built into it
 * (scripts/build-renderer.ts), the station opened and seeded with `options`, and the bridge started
 * on a free port. The caller closes the bridge, then the station, and removes `dir` (which is also
 * where browser profiles go).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startBridge, type Bridge } from '../../electron/shell/bridge.ts';
import { STATION_API } from '../../shared/api/station-api.ts';
import { buildRenderer } from '../../scripts/build-renderer.ts';
import { openRealStation, type RealStation, type RealStationOptions } from './real-station.ts';
import { launchChromium } from './shell-helpers.ts';

export async function serveRealStation(name: string, options: RealStationOptions): Promise<{ dir: string; real: RealStation; bridge: Bridge }> {
  const dir = mkdtempSync(join(tmpdir(), `airlock-${name}-`));
  await buildRenderer(join(dir, 'renderer'));
  const real = await openRealStation(options);
  const bridge = await startBridge({ table: STATION_API, handlers: real.handlers, staticDir: join(dir, 'renderer') });
  return { dir, real, bridge };
}

/**
 * A real station served for a whole file of browser tests that open many Chromium windows (the
 * layout, contrast and accessibility checks): its beforeAll serves it (serveRealStation), its
 * afterAll closes every window opened, then the bridge and the station, and removes the directory.
 * `window(viewport)` opens a Chromium of its own on a fresh profile (as the desktop app's first
 * start would have), at device scale 1, and answers its page, not yet navigated.
 */
export function servedForWindows(name: string, options: RealStationOptions) {
  let served: { dir: string; real: RealStation; bridge: Bridge } | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    served = await serveRealStation(name, options);
  }, 120_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await served?.bridge.close();
    served?.real.close();
    if (served) rmSync(served.dir, { recursive: true, force: true });
  });
  const get = () => served ?? notServed(name);
  return {
    get real(): RealStation {
      return get().real;
    },
    get bridge(): Bridge {
      return get().bridge;
    },
    async window(viewport: { width: number; height: number }): Promise<Page> {
      const context = await launchChromium(mkdtempSync(join(get().dir, 'profile-')), { viewport, deviceScaleFactor: 1 });
      contexts.push(context);
      return context.pages()[0] ?? (await context.newPage());
    },
  };
}

function notServed(name: string): never {
  throw new Error(`${name}: the station is served in beforeAll, before any test`);
}
