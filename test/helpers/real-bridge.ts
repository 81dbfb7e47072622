/**
 * The built renderer served by the real loopback bridge over the real station
 * (test/helpers/real-station.ts: a temporary directory, an in-memory vault, no node), for the
 * Chromium tests of one screen at a time: a fresh temporary directory, the renderer built into it
 * (scripts/build-renderer.ts), the station opened and seeded with `options`, and the bridge started
 * on a free port. The caller closes the bridge, then the station, and removes `dir` (which is also
 * where browser profiles go).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBridge, type Bridge } from '../../electron/shell/bridge.ts';
import { STATION_API } from '../../shared/api/station-api.ts';
import { buildRenderer } from '../../scripts/build-renderer.ts';
import { openRealStation, type RealStation, type RealStationOptions } from './real-station.ts';

export async function serveRealStation(name: string, options: RealStationOptions): Promise<{ dir: string; real: RealStation; bridge: Bridge }> {
  const dir = mkdtempSync(join(tmpdir(), `airlock-${name}-`));
  await buildRenderer(join(dir, 'renderer'));
  const real = await openRealStation(options);
  const bridge = await startBridge({ table: STATION_API, handlers: real.handlers, staticDir: join(dir, 'renderer') });
  return { dir, real, bridge };
}
