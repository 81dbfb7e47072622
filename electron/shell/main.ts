/**
 * The Electron main entry (docs/decisions.md §8): wiring only. It imports `electron` and hands Electron's
 * objects to the plain modules beside it, which hold the logic and are tested without Electron:
 * window-options (hardened windows and sessions), app-protocol (the renderer at app://station),
 * ipc (the API table over IPC, sender checked first), file-dialogs, launch-options and the local
 * node (station/node/local-node.ts: started when the station's node setting is the default).
 *
 * Invariants: one instance per data directory (the lock lives in the user-data directory, which
 * `--data-dir` moves); every webContents is hardened the moment it exists; the API is registered
 * before the first window loads. Built by Vite to out/main/main.js (scripts/build-shell.ts); it
 * never runs through tsx.
 */
import { app, BrowserWindow, dialog, ipcMain, protocol, session, shell, type WebContents } from 'electron';
import { join } from 'node:path';
import type { Handlers } from '../../shared/api/api-contract.ts';
import { STATION_API, type StationApi } from '../../shared/api/station-api.ts';
import { createAppProtocolHandler } from './app-protocol.ts';
import { createFileDialogs } from './file-dialogs.ts';
import { registerIpcApi } from './ipc.ts';
import { createStationHandlers } from './station-handlers.ts';
import { openStation } from '../../station/station.ts';
import { DEFAULT_STATUS_REFRESH_MS } from '../../shared/base/limits.ts';
import { localNodeForStation, stopBeforeQuit } from '../../station/node/local-node.ts';
import { parseLaunchArgs } from './launch-options.ts';
import { APP_ORIGIN, APP_SCHEME, hardenWebContents, windowOptions } from './window-options.ts';
import { grantCameraOnly } from './camera-permission.ts';

/** Links the app may open in the system browser. Empty until the UI has documentation to link to. */
const EXTERNAL_LINKS: readonly string[] = [];

const launch = parseLaunchArgs(process.argv.slice(1), process.cwd());
if (launch.dataDir !== undefined) app.setPath('userData', launch.dataDir);

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true } }]);

const ourContents = new Set<WebContents>();
let mainWindow: BrowserWindow | null = null;

function createMainWindow(): void {
  const win = new BrowserWindow(windowOptions({ preload: join(import.meta.dirname, '../preload/preload.cjs'), devTools: !app.isPackaged }));
  const contents = win.webContents;
  ourContents.add(contents);
  contents.once('destroyed', () => ourContents.delete(contents));
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    mainWindow = null;
  });
  mainWindow = win;
  void win.loadURL(`${APP_ORIGIN}/index.html`);
}

async function start(): Promise<void> {
  // Every permission refused but the camera, for our own window at app://station (the QR reader, docs/decisions.md §19).
  grantCameraOnly<WebContents>(session.defaultSession, { isOurs: (c) => ourContents.has(c), appOrigin: APP_ORIGIN });
  session.defaultSession.protocol.handle(APP_SCHEME, createAppProtocolHandler(join(import.meta.dirname, '../renderer')));

  const dialogs = createFileDialogs({
    showOpenDialog: (options) => (mainWindow ? dialog.showOpenDialog(mainWindow, options) : dialog.showOpenDialog(options)),
    showSaveDialog: (options) => (mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options)),
  });
  const dataDir = app.getPath('userData');
  // docs/decisions.md §18: the app's station asks the node about its open transactions by itself.
  const station = openStation({ dataDir, statusRefreshMs: DEFAULT_STATUS_REFRESH_MS });
  // On the default network (a first run) the station runs its own local node, as `npm start` does.
  // A node that cannot start (port taken) is reported; the station still opens, offline.
  const node = await localNodeForStation(station.settings().node, { dataDir }).catch((cause: unknown) => {
    console.error('airlock: the local node did not start:', cause);
    return null;
  });
  app.on(
    'will-quit',
    stopBeforeQuit(
      node,
      () => app.quit(),
      (cause) => console.error('airlock: error while stopping the local node:', cause),
    ),
  );
  // will-quit fires again once the node has stopped: the store is closed the first time only.
  let stationOpen = true;
  app.on('will-quit', () => {
    if (stationOpen) station.close();
    stationOpen = false;
  });
  const handlers: Handlers<StationApi> = createStationHandlers(station, {
    appInfo: () => ({ name: app.getName(), version: app.getVersion(), dataDir }),
    dialogs,
  });
  registerIpcApi(ipcMain, STATION_API, handlers, {
    appOrigin: APP_ORIGIN,
    isOurWebContents: (sender) => ourContents.has(sender as WebContents),
    onInternalError: (method, cause) => console.error(`airlock: ${method} failed:`, cause),
  });
  createMainWindow();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow === null) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, { openExternal: (url) => shell.openExternal(url), externalAllowList: EXTERNAL_LINKS });
  });
  app.on('window-all-closed', () => app.quit());
  app.whenReady().then(start, (error: unknown) => {
    console.error('airlock: could not start', error);
    app.exit(1);
  });
}
