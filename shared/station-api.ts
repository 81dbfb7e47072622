/**
 * The station API table (issue 8): every method the renderer may call, declared once with the
 * schema of its argument and result. Preload, IPC, the bridge and the renderer's client all read
 * this table, so a method added here and not implemented is a compile error in main.
 *
 * Today it holds only what the shell itself answers. The station services (issue 7: keys,
 * accounts, snapshots, build, sign, status, export, import, merge, reissue, broadcast, batch, list,
 * settings, audit) add their methods here as they land; see electron/README.md for the steps.
 *
 * Invariant: results are JSON-safe views (no bigint, no byte arrays, no protobuf messages) and no
 * result schema has room for key bytes; the schema's output is what crosses to the renderer.
 */
import * as v from 'valibot';
import { defineApi } from './api-contract.ts';

export const STATION_API = defineApi({
  /** Which station this is: for the title bar and the about box. */
  appInfo: {
    args: v.undefined(),
    result: v.strictObject({
      name: v.string(),
      version: v.string(),
      dataDir: v.string(),
    }),
  },
});

export type StationApi = typeof STATION_API;
