/**
 * The built renderer served by the real loopback bridge over the fake station
 * (test/fixtures/station-fake.ts), for the Chromium tests of one screen at a time: a fresh temporary
 * directory, the renderer built into it (scripts/build-renderer.ts), the fake made with `options`,
 * and the bridge started on a free port. The caller closes the bridge and removes `dir` (which is
 * also where browser profiles go).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBridge, type Bridge } from '../../electron/shell/bridge.ts';
import { STATION_API } from '../../shared/api/station-api.ts';
import { buildRenderer } from '../../scripts/build-renderer.ts';
import { createFakeStation, type FakeStation, type FakeStationOptions } from '../fixtures/station-fake.ts';

export async function serveFakeStation(name: string, options: FakeStationOptions): Promise<{ dir: string; fake: FakeStation; bridge: Bridge }> {
  const dir = mkdtempSync(join(tmpdir(), `airlock-${name}-`));
  await buildRenderer(join(dir, 'renderer'));
  const fake = createFakeStation(options);
  const bridge = await startBridge({ table: STATION_API, handlers: fake.handlers, staticDir: join(dir, 'renderer') });
  return { dir, fake, bridge };
}
