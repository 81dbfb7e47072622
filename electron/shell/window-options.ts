/**
 * The one place station windows are made and hardened (docs/decisions.md §8, STYLE.md habit 6). Electron's
 * objects are passed in, so this file never imports `electron` and tests run it with fakes.
 *
 * Invariants: every window is sandboxed with context isolation and no Node in any frame or worker;
 * no webview tag; it never navigates away from the page it was given, never opens another window,
 * never attaches a webview, and is granted no permission (camera, notifications, clipboard read,
 * ...). A link leaves the app only when it is on the explicit allow-list, and then opens in the
 * system browser, never inside the app.
 */

/** Our app's origin inside Electron: a privileged custom scheme serving out/renderer. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'station';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export interface WindowOptionsInput {
  /** Absolute path of the built preload (out/preload/preload.cjs). */
  preload: string;
  /** Developer tools only in development builds. */
  devTools: boolean;
}

/** The BrowserWindow options of every station window. */
export function windowOptions(input: WindowOptionsInput) {
  return {
    width: 1280,
    height: 860,
    minWidth: 800,
    minHeight: 600,
    show: false,
    title: 'Airlock',
    autoHideMenuBar: true,
    webPreferences: {
      preload: input.preload,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      devTools: input.devTools,
    },
  } as const;
}

// ---------------------------------------------------------------------------------------------
// External links

/**
 * True when `url` may open in the system browser: https only, no credentials in it, and it starts
 * with one of the allow-list's entries (each a full https URL prefix such as
 * `https://example.org/airlock/docs/`), compared on the parsed origin and path.
 */
export function isAllowedExternalUrl(url: string, allowList: readonly string[]): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:' || target.username !== '' || target.password !== '') return false;
  return allowList.some((entry) => {
    let allowed: URL;
    try {
      allowed = new URL(entry);
    } catch {
      return false;
    }
    return allowed.protocol === 'https:' && allowed.origin === target.origin && target.pathname.startsWith(allowed.pathname);
  });
}

// ---------------------------------------------------------------------------------------------
// Hardening web contents and sessions

/** The part of an Electron event these handlers use. */
export interface PreventableEvent {
  preventDefault(): void;
  readonly url?: string;
}

/** The part of Electron's WebContents the hardening uses. */
export interface HardenableContents {
  on(event: 'will-navigate', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-redirect', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface HardenOptions {
  /** Opens a URL in the system browser (Electron's `shell.openExternal`). */
  openExternal: (url: string) => unknown;
  externalAllowList: readonly string[];
}

/** Every webContents the app creates goes through this (main wires it to 'web-contents-created'). */
export function hardenWebContents(contents: HardenableContents, options: HardenOptions): void {
  const leave = (url: string | undefined): void => {
    if (url !== undefined && isAllowedExternalUrl(url, options.externalAllowList)) void options.openExternal(url);
  };
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    leave(event.url ?? url);
  });
  contents.on('will-redirect', (event) => {
    event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    leave(url);
    return { action: 'deny' };
  });
}

/** The part of Electron's Session the hardening uses. */
export interface HardenableSession {
  setPermissionRequestHandler(handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: () => boolean): void;
}

/** Refuses every permission request and check (the station needs none). */
export function hardenSession(session: HardenableSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
