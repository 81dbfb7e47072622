// The shell's one permission (electron/shell/camera-permission.ts, docs/decisions.md §19): the camera, for the
// station's own window at app://station, and nothing else: not the microphone (nor camera and
// microphone together), no other permission, no other window, no other origin. Both Electron
// handlers are installed on a plain object standing in for the Session; nothing imports electron.
import { describe, expect, it } from 'vitest';
import { cameraAllowed, grantCameraOnly, type PermissionSession } from './camera-permission.ts';
import { APP_ORIGIN } from './window-options.ts';

const camera = { permission: 'media', ours: true, origin: `${APP_ORIGIN}/index.html`, mediaTypes: ['video'] };

describe('cameraAllowed', () => {
  it('grants the camera to our window at our origin', () => {
    expect(cameraAllowed(camera, APP_ORIGIN)).toBe(true);
    expect(cameraAllowed({ ...camera, origin: APP_ORIGIN }, APP_ORIGIN)).toBe(true);
  });

  it('refuses the microphone, alone or with the camera, and a request naming no medium', () => {
    expect(cameraAllowed({ ...camera, mediaTypes: ['audio'] }, APP_ORIGIN)).toBe(false);
    expect(cameraAllowed({ ...camera, mediaTypes: ['video', 'audio'] }, APP_ORIGIN)).toBe(false);
    expect(cameraAllowed({ ...camera, mediaTypes: [] }, APP_ORIGIN)).toBe(false);
    expect(cameraAllowed({ ...camera, mediaTypes: ['unknown'] }, APP_ORIGIN)).toBe(false);
  });

  it('refuses every other permission', () => {
    for (const permission of [
      'notifications',
      'clipboard-read',
      'geolocation',
      'midi',
      'midiSysex',
      'display-capture',
      'openExternal',
      'fullscreen',
      'pointerLock',
      'hid',
      'serial',
      'usb',
    ]) {
      expect(cameraAllowed({ ...camera, permission }, APP_ORIGIN), permission).toBe(false);
    }
  });

  it('refuses another window and every other origin', () => {
    expect(cameraAllowed({ ...camera, ours: false }, APP_ORIGIN)).toBe(false);
    for (const origin of ['http://127.0.0.1:8123/', 'https://station/', 'app://station.evil/', 'app://other/', 'file:///etc/passwd', 'null', '', 'not a url']) {
      expect(cameraAllowed({ ...camera, origin }, APP_ORIGIN), origin).toBe(false);
    }
  });
});

describe('grantCameraOnly on a session', () => {
  type Contents = { id: number };
  const ours: Contents = { id: 1 };
  const stranger: Contents = { id: 2 };

  function installed() {
    let request: Parameters<PermissionSession<Contents>['setPermissionRequestHandler']>[0] | undefined;
    let check: Parameters<PermissionSession<Contents>['setPermissionCheckHandler']>[0] | undefined;
    grantCameraOnly<Contents>(
      { setPermissionRequestHandler: (h) => (request = h), setPermissionCheckHandler: (h) => (check = h) },
      { isOurs: (c) => c === ours, appOrigin: APP_ORIGIN },
    );
    const ask = (contents: Contents, permission: string, details: { requestingUrl?: string; mediaTypes?: string[] }) => {
      let granted: boolean | undefined;
      request!(contents, permission, (g) => (granted = g), details);
      return granted;
    };
    return { ask, check: check! };
  }

  it('the request handler answers every request, granting only the camera to our window', () => {
    const { ask } = installed();
    expect(ask(ours, 'media', { requestingUrl: `${APP_ORIGIN}/index.html`, mediaTypes: ['video'] })).toBe(true);
    expect(ask(ours, 'media', { requestingUrl: `${APP_ORIGIN}/index.html`, mediaTypes: ['audio'] })).toBe(false);
    expect(ask(ours, 'media', { requestingUrl: `${APP_ORIGIN}/index.html` })).toBe(false);
    expect(ask(stranger, 'media', { requestingUrl: `${APP_ORIGIN}/index.html`, mediaTypes: ['video'] })).toBe(false);
    expect(ask(ours, 'media', { requestingUrl: 'http://127.0.0.1:9/', mediaTypes: ['video'] })).toBe(false);
    expect(ask(ours, 'notifications', { requestingUrl: `${APP_ORIGIN}/index.html` })).toBe(false);
  });

  it('the check handler follows the same rule', () => {
    const { check } = installed();
    expect(check(ours, 'media', APP_ORIGIN, { mediaType: 'video' })).toBe(true);
    expect(check(ours, 'media', APP_ORIGIN, { mediaType: 'audio' })).toBe(false);
    expect(check(null, 'media', APP_ORIGIN, { mediaType: 'video' })).toBe(false);
    expect(check(stranger, 'media', APP_ORIGIN, { mediaType: 'video' })).toBe(false);
    expect(check(ours, 'media', 'https://example.invalid', { mediaType: 'video' })).toBe(false);
    expect(check(ours, 'media', APP_ORIGIN, { mediaType: 'video', securityOrigin: 'https://example.invalid' })).toBe(false);
    expect(check(ours, 'clipboard-read', APP_ORIGIN, {})).toBe(false);
  });
});
