/**
 * The preload (docs/decisions.md §8, STYLE.md habit 5): exposes the station API table's methods by name as
 * `window.airlock`, through contextBridge, and nothing else. Built by Vite into one CommonJS file
 * (out/preload/preload.cjs) whose only import is `electron`, as a sandboxed preload requires.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { PRELOAD_GLOBAL } from '../../shared/api/api-contract.ts';
import { STATION_API } from '../../shared/api/station-api.ts';
import { buildPreloadApi } from './preload-api.ts';

contextBridge.exposeInMainWorld(
  PRELOAD_GLOBAL,
  buildPreloadApi(Object.keys(STATION_API), (channel, payload) => ipcRenderer.invoke(channel, payload)),
);
