/**
 * `npm run serve -- [--data-dir DIR]`: the station in a browser (issue 8 "the same handlers over
 * HTTP"): builds the renderer, opens the station in DIR (default `.station-data/`), and serves the
 * station API handlers (electron/shell/station-handlers.ts) and the renderer through the loopback
 * bridge, printing the one address to open: `http://127.0.0.1:PORT/#token=TOKEN`. The node is the
 * station's `node` setting (the local node, `npm start`, by default). Ctrl-C stops it.
 *
 * Until `npm start` falls back to this where Electron cannot start, it is how to use the UI on a
 * machine without Electron.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startBridge } from '../electron/shell/bridge.ts';
import { createStationHandlers } from '../electron/shell/station-handlers.ts';
import { openStation } from '../electron/station/services.ts';
import { STATION_API } from '../shared/station-api.ts';
import { buildRenderer } from './build-renderer.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { 'data-dir': { type: 'string', default: '.station-data' } } });
const dataDir = resolve(values['data-dir']!);
const staticDir = join(root, 'out', 'renderer');
await buildRenderer(staticDir);
const station = openStation({ dataDir });
const bridge = await startBridge({
  table: STATION_API,
  handlers: createStationHandlers(station, { appInfo: () => ({ name: 'Airlock', version: '0.1.0', dataDir }) }),
  staticDir,
  onInternalError: (method, cause) => console.error(`airlock: ${method} failed:`, cause),
});
console.log(`Airlock station (${dataDir}) at ${bridge.address}`);
const stop = async (): Promise<void> => {
  await bridge.close();
  station.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
