/**
 * The station API over Electron IPC (docs/decisions.md §8, STYLE.md habits 3-4): one `ipcMain.handle` channel
 * per table method, `airlock:<method>`. Electron's ipcMain is passed in, so this file never imports
 * `electron` and tests drive it with a fake.
 *
 * Invariant: the sender is checked before the payload is touched. A message is served only when it
 * comes from one of our own windows' top frame and that frame shows our app origin
 * (`app://station`); anything else (an iframe, a page that navigated elsewhere, another
 * webContents) gets UNAUTHORIZED and its payload is never read. Then `dispatch` checks the payload
 * against the method's schema. Handlers never throw across IPC: every outcome is an ApiResult.
 */
import { dispatch, ipcChannel, type ApiResult, type ApiTable, type DispatchOptions, type Handlers } from '../../shared/api/api-contract.ts';

/** The part of an Electron frame (WebFrameMain) the check reads. */
export interface FrameLike {
  readonly url: string;
  readonly parent: FrameLike | null;
}

/** The part of Electron's IpcMainInvokeEvent the check reads. */
export interface InvokeEventLike {
  readonly sender: unknown;
  readonly senderFrame: FrameLike | null;
}

export type InvokeListener = (event: InvokeEventLike, payload?: unknown, ...extra: unknown[]) => Promise<ApiResult<unknown>>;

/** The part of Electron's ipcMain this module uses. */
export interface IpcMainLike {
  handle(channel: string, listener: InvokeListener): void;
  removeHandler(channel: string): void;
}

export interface IpcOptions extends DispatchOptions {
  /** True for the webContents of a window this app created. */
  isOurWebContents: (sender: unknown) => boolean;
  /** The app's origin, e.g. `app://station`. */
  appOrigin: string;
}

/**
 * Whether `url` is a page of our app. Compared on scheme and host, not `URL.origin`, because a
 * custom scheme's origin is the opaque "null" in Node's URL parser.
 */
export function isAppUrl(url: string, appOrigin: string): boolean {
  try {
    const page = new URL(url);
    const app = new URL(appOrigin);
    return page.protocol === app.protocol && page.host === app.host && page.username === '' && page.password === '';
  } catch {
    return false;
  }
}

/** The sender check, in the order it must run: our window, its top frame, our origin. */
export function isTrustedSender(event: InvokeEventLike, options: Pick<IpcOptions, 'isOurWebContents' | 'appOrigin'>): boolean {
  if (!options.isOurWebContents(event.sender)) return false;
  const frame = event.senderFrame;
  if (frame === null || frame.parent !== null) return false;
  return isAppUrl(frame.url, options.appOrigin);
}

const REFUSED: ApiResult<never> = {
  ok: false,
  error: { code: 'UNAUTHORIZED', message: 'the station API answers only to the app’s own window' },
};

/** Registers every method of `table`; returns a function that removes them again. */
export function registerIpcApi<T extends ApiTable>(ipcMain: IpcMainLike, table: T, handlers: Handlers<T>, options: IpcOptions): () => void {
  const channels: string[] = [];
  for (const method of Object.keys(table)) {
    const channel = ipcChannel(method);
    ipcMain.handle(channel, async (event, payload, ...extra) => {
      if (!isTrustedSender(event, options)) return REFUSED;
      if (extra.length > 0) {
        return { ok: false, error: { code: 'INVALID_INPUT', message: `${method}: takes one argument`, details: { method } } };
      }
      return dispatch(table, handlers, method, payload, options);
    });
    channels.push(channel);
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}
