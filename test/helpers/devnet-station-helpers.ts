/**
 * The set-up the station-over-devnet tests (the cost tests: offline costs, unpayable builds, batch
 * totals) each wrote the same way: a temporary folder, a devnet node on loopback, and stations
 * opened in that folder answering through the API's handlers (apiStations) on the node's clock.
 * Calling `devnetApiStations` in a test file's top level registers its own beforeAll and afterAll;
 * invariant: every station and vault opened is closed, the node stopped and the folder removed
 * after the file's tests, whatever they did; `node` is the one started for this file.
 */
import { afterAll, beforeAll } from 'vitest';
import { startNode, type TestNode } from './devnet-helpers.ts';
import { apiStations, workDir } from './station-helpers.ts';

export function devnetApiStations(prefix: string) {
  let work: { dir: string; remove: () => void } | undefined;
  let node: TestNode | undefined;
  const started = (): TestNode => {
    if (node === undefined) throw new Error(`${prefix}: the devnet node is started in beforeAll, before any test`);
    return node;
  };
  const stations = apiStations(
    () => work!.dir,
    () => started().clock.now,
  );
  beforeAll(async () => {
    work = workDir(prefix);
    node = await startNode();
  }, 60_000);
  afterAll(async () => {
    stations.closeAll();
    await node?.stop();
    work?.remove();
  });
  return {
    /** A station named `name` (its folder in the work folder) on `nodeUrl`, answering through the API's handlers. */
    station: stations.open,
    /** The devnet node this file's beforeAll started. */
    get node(): TestNode {
      return started();
    },
  };
}
