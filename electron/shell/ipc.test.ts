/**
 * The Electron shell's wiring with its Electron objects faked (docs/decisions.md §8): they are across our
 * boundary and the Electron binary cannot run here. Every table method is registered; the sender
 * is checked before the payload is read; a payload that fails its schema gets a clear code; the
 * window options are the hardened ones; navigation, new windows, webviews and permissions are
 * refused; the preload exposes only named methods.
 */
import { describe, expect, it } from 'vitest';
import { ipcChannel } from '../../shared/api/api-contract.ts';
import { registerIpcApi, type FrameLike, type InvokeEventLike, type InvokeListener, type IpcMainLike } from './ipc.ts';
import { buildPreloadApi } from './preload-api.ts';
import {
  APP_ORIGIN,
  hardenSession,
  hardenWebContents,
  isAllowedExternalUrl,
  windowOptions,
  type HardenableContents,
  type PreventableEvent,
} from './window-options.ts';
import { TEST_API } from '../../test/fixtures/shell-api.ts';
import { testHandlers } from '../../test/helpers/shell-helpers.ts';

class FakeIpcMain implements IpcMainLike {
  readonly listeners = new Map<string, InvokeListener>();
  handle(channel: string, listener: InvokeListener): void {
    if (this.listeners.has(channel)) throw new Error(`second handler for ${channel}`);
    this.listeners.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.listeners.delete(channel);
  }
  invoke(channel: string, event: InvokeEventLike, ...args: unknown[]) {
    const listener = this.listeners.get(channel);
    if (!listener) throw new Error(`no handler for ${channel}`);
    return listener(event, ...args);
  }
}

const ourContents = { id: 1 };
const otherContents = { id: 2 };
const topFrame = (url: string): FrameLike => ({ url, parent: null });

function event(sender: unknown, frame: FrameLike | null): InvokeEventLike {
  return { sender, senderFrame: frame };
}

/** A payload whose every property read is recorded. */
function watchedPayload(value: Record<string, unknown>): { payload: object; reads: string[] } {
  const reads: string[] = [];
  const payload = {};
  for (const [key, v] of Object.entries(value)) {
    Object.defineProperty(payload, key, {
      enumerable: true,
      get() {
        reads.push(key);
        return v;
      },
    });
  }
  return { payload, reads };
}

function setup() {
  const ipc = new FakeIpcMain();
  const { handlers, calls } = testHandlers();
  const unregister = registerIpcApi(ipc, TEST_API, handlers, {
    appOrigin: APP_ORIGIN,
    isOurWebContents: (sender) => sender === ourContents,
  });
  return { ipc, calls, unregister };
}

describe('IPC registration', () => {
  it('registers exactly one channel per table method, and removes them again', () => {
    const { ipc, unregister } = setup();
    expect([...ipc.listeners.keys()].sort()).toEqual(Object.keys(TEST_API).map(ipcChannel).sort());
    unregister();
    expect(ipc.listeners.size).toBe(0);
  });

  it('a call from our window’s top frame on our origin reaches the handler', async () => {
    const { ipc, calls } = setup();
    const result = await ipc.invoke(ipcChannel('echo'), event(ourContents, topFrame(`${APP_ORIGIN}/index.html#/queue`)), { text: 'hi' });
    expect(result).toEqual({ ok: true, value: { text: 'hi' } });
    expect(calls).toEqual(['echo']);
  });
});

describe('IPC sender check runs before the payload is read', () => {
  const refusedSenders: Array<[string, InvokeEventLike]> = [
    ['another webContents', event(otherContents, topFrame(`${APP_ORIGIN}/index.html`))],
    ['a subframe of our window', event(ourContents, { url: `${APP_ORIGIN}/frame.html`, parent: topFrame(`${APP_ORIGIN}/index.html`) })],
    ['our window showing another origin', event(ourContents, topFrame('https://evil.example/index.html'))],
    ['our window on a look-alike host', event(ourContents, topFrame('app://station.evil/index.html'))],
    ['our window on file://', event(ourContents, topFrame('file:///tmp/index.html'))],
    ['a frame that is gone (null senderFrame)', event(ourContents, null)],
  ];

  for (const [name, ev] of refusedSenders) {
    it(`refuses ${name} with UNAUTHORIZED, payload untouched, handler not run`, async () => {
      const { ipc, calls } = setup();
      const { payload, reads } = watchedPayload({ text: 'hi' });
      const result = await ipc.invoke(ipcChannel('echo'), ev, payload);
      expect(result).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
      expect(reads).toEqual([]);
      expect(calls).toEqual([]);
    });
  }

  it('the same watched payload from our own frame is read (so the test above can see a read)', async () => {
    const { ipc } = setup();
    const { payload, reads } = watchedPayload({ text: 'hi' });
    expect(await ipc.invoke(ipcChannel('echo'), event(ourContents, topFrame(`${APP_ORIGIN}/`)), payload)).toEqual({ ok: true, value: { text: 'hi' } });
    expect(reads.length).toBeGreaterThan(0);
  });
});

describe('IPC payload checks', () => {
  const trusted = event(ourContents, topFrame(`${APP_ORIGIN}/index.html`));

  it('a payload that fails its schema is INVALID_INPUT naming the field; the handler does not run', async () => {
    const { ipc, calls } = setup();
    const result = await ipc.invoke(ipcChannel('sum'), trusted, { values: [1, 'x'] });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', details: { field: 'values[1]' } } });
    expect(calls).toEqual([]);
  });

  it('a structured-clone value JSON cannot carry is refused like any bad input', async () => {
    const { ipc } = setup();
    expect(await ipc.invoke(ipcChannel('nested'), trusted, { tree: new Uint8Array(3) })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', details: { field: 'tree' } },
    });
  });

  it('more than one argument is refused', async () => {
    const { ipc, calls } = setup();
    expect(await ipc.invoke(ipcChannel('echo'), trusted, { text: 'a' }, 'extra')).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(calls).toEqual([]);
  });
});

describe('window options', () => {
  it('every window is sandboxed and isolated, with no Node and no webview tag', () => {
    const options = windowOptions({ preload: '/app/out/preload/preload.cjs', devTools: false });
    expect(options.webPreferences).toMatchObject({
      preload: '/app/out/preload/preload.cjs',
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
      devTools: false,
    });
  });
});

class FakeContents implements HardenableContents {
  readonly listeners = new Map<string, (event: PreventableEvent, url: string) => void>();
  openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  on(name: string, listener: (event: PreventableEvent, url: string) => void): unknown {
    this.listeners.set(name, listener);
    return this;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.openHandler = handler;
  }
  fire(name: string, url: string): boolean {
    let prevented = false;
    this.listeners.get(name)!({ preventDefault: () => (prevented = true), url }, url);
    return prevented;
  }
}

describe('web contents hardening', () => {
  const allowList = ['https://docs.airlock.example/manual/'];

  function hardened() {
    const contents = new FakeContents();
    const opened: string[] = [];
    hardenWebContents(contents, { openExternal: (url) => opened.push(url), externalAllowList: allowList });
    return { contents, opened };
  }

  it('navigation is refused, to our own origin and elsewhere', () => {
    const { contents, opened } = hardened();
    expect(contents.fire('will-navigate', `${APP_ORIGIN}/other.html`)).toBe(true);
    expect(contents.fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(opened).toEqual([]);
  });

  it('an allow-listed link opens in the system browser, never in the app', () => {
    const { contents, opened } = hardened();
    expect(contents.fire('will-navigate', 'https://docs.airlock.example/manual/keys')).toBe(true);
    expect(contents.openHandler!({ url: 'https://docs.airlock.example/manual/' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://docs.airlock.example/manual/keys', 'https://docs.airlock.example/manual/']);
  });

  it('window.open is denied, and a link off the list opens nothing', () => {
    const { contents, opened } = hardened();
    for (const url of ['https://evil.example/', 'http://docs.airlock.example/manual/', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect(contents.openHandler!({ url })).toEqual({ action: 'deny' });
    }
    expect(opened).toEqual([]);
  });

  it('a webview is never attached', () => {
    const { contents } = hardened();
    expect(contents.fire('will-attach-webview', '')).toBe(true);
  });

  it('the external allow-list matches https origin and path prefix, with no credentials', () => {
    expect(isAllowedExternalUrl('https://docs.airlock.example/manual/a', allowList)).toBe(true);
    expect(isAllowedExternalUrl('https://docs.airlock.example/other', allowList)).toBe(false);
    expect(isAllowedExternalUrl('https://docs.airlock.example.evil/manual/', allowList)).toBe(false);
    expect(isAllowedExternalUrl('https://user:pw@docs.airlock.example/manual/', allowList)).toBe(false);
    expect(isAllowedExternalUrl('http://docs.airlock.example/manual/', allowList)).toBe(false);
    expect(isAllowedExternalUrl('not a url', allowList)).toBe(false);
    expect(isAllowedExternalUrl('https://docs.airlock.example/manual/', [])).toBe(false);
  });

  it('every permission request and check is refused', () => {
    let request: ((c: unknown, p: string, cb: (granted: boolean) => void) => void) | undefined;
    let check: (() => boolean) | undefined;
    hardenSession({ setPermissionRequestHandler: (h) => (request = h), setPermissionCheckHandler: (h) => (check = h) });
    const answers: boolean[] = [];
    for (const permission of ['media', 'notifications', 'clipboard-read', 'geolocation']) request!({}, permission, (g) => answers.push(g));
    expect(answers).toEqual([false, false, false, false]);
    expect(check!()).toBe(false);
  });
});

describe('preload API', () => {
  it('one function per method, each on its own channel with exactly one argument', async () => {
    const sent: unknown[][] = [];
    const api = buildPreloadApi(Object.keys(TEST_API), async (...args) => {
      sent.push(args);
      return { ok: true, value: null };
    });
    expect(Object.keys(api).sort()).toEqual(Object.keys(TEST_API).sort());
    expect(Object.isFrozen(api)).toBe(true);
    await (api.echo as (...a: unknown[]) => Promise<unknown>)({ text: 'a' }, 'smuggled', 'airlock:fail');
    expect(sent).toEqual([[ipcChannel('echo'), { text: 'a' }]]);
  });
});
