/**
 * The one permission the desktop shell grants (docs/decisions.md §19 "a true air gap"): the camera, to the
 * station's own window at its own origin (app://station), so the renderer's QR reader can call
 * getUserMedia({video}). Electron's objects are passed in, so this file never imports `electron`
 * and its test runs it with plain objects (STYLE.md habit 10).
 *
 * Invariant: every other request is refused: the microphone (a request for audio and video is
 * refused whole, not trimmed), every other permission (notifications, clipboard, geolocation,
 * MIDI, ...), any webContents that is not a station window, any other origin (a page that got into
 * a frame, a file: URL, the loopback bridge's http origin). Requests and checks follow one rule,
 * `cameraAllowed`, so what Chromium asks before a request and the request itself cannot disagree.
 */

/** What Electron tells the handlers about a permission, reduced to what the rule reads. */
export interface PermissionAsk {
  /** Electron's permission name: 'media' for camera and microphone. */
  permission: string;
  /** Whether the asking webContents is one of the station's windows. */
  ours: boolean;
  /** The URL or origin of the page asking. */
  origin: string;
  /** The media asked for: 'video', 'audio' (a request lists them, a check names one; 'unknown' when Chromium cannot say). */
  mediaTypes: readonly string[];
}

/**
 * The scheme and host of a URL, or '' when it does not parse (a malformed URL is no origin of ours).
 * Built by hand: WHATWG URL gives a non-special scheme such as app: the opaque origin "null", while
 * Chromium, where app: is registered as standard, gives app://station.
 */
function originOf(url: string): string {
  try {
    const u = new URL(url);
    return u.host === '' ? '' : `${u.protocol}//${u.host}`;
  } catch {
    return '';
  }
}

/** The rule: the camera only, for our own window at our own origin. */
export function cameraAllowed(ask: PermissionAsk, appOrigin: string): boolean {
  if (ask.permission !== 'media' || !ask.ours) return false;
  if (originOf(ask.origin) !== appOrigin) return false;
  return ask.mediaTypes.length > 0 && ask.mediaTypes.every((t) => t === 'video');
}

/** The part of Electron's Session the rule is installed on. */
export interface PermissionSession<C> {
  setPermissionRequestHandler(
    handler: (contents: C, permission: string, callback: (granted: boolean) => void, details: { requestingUrl?: string; mediaTypes?: string[] }) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (contents: C | null, permission: string, requestingOrigin: string, details: { mediaType?: string; securityOrigin?: string }) => boolean,
  ): void;
}

/** Installs the rule as the session's request and check handlers. */
export function grantCameraOnly<C>(session: PermissionSession<C>, options: { isOurs: (contents: C) => boolean; appOrigin: string }): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(
      cameraAllowed(
        { permission, ours: options.isOurs(contents), origin: details.requestingUrl ?? '', mediaTypes: details.mediaTypes ?? [] },
        options.appOrigin,
      ),
    );
  });
  session.setPermissionCheckHandler((contents, permission, requestingOrigin, details) =>
    cameraAllowed(
      {
        permission,
        ours: contents !== null && options.isOurs(contents),
        origin: details.securityOrigin ?? requestingOrigin,
        mediaTypes: details.mediaType === undefined ? [] : [details.mediaType],
      },
      options.appOrigin,
    ),
  );
}
