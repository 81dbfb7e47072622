/**
 * The renderer's way to the station (docs/decisions.md §8): `connectStation(table)` returns the typed client over
 * whichever transport this page has. In the Electron window the preload has exposed
 * `window.airlock`; in a browser the page was opened from the bridge's printed address
 * `http://127.0.0.1:PORT/#token=TOKEN`, so the token is taken from the fragment and the fragment is
 * removed from the address bar and history at once (it never reaches a server log, a Referer or a
 * bookmark). Screens call the client and cannot tell which transport is underneath.
 *
 * The token is kept in sessionStorage, scoped to this tab and this bridge's origin (the port is
 * random per launch), so reloading the page keeps working; closing the tab forgets it.
 */
import { PRELOAD_GLOBAL, type ApiClient, type ApiTable } from '../../shared/api/api-contract.ts';
import { bridgeTransport, createApiClient, preloadTransport, type PreloadApi } from '../../shared/api/api-client.ts';

const TOKEN_KEY = 'airlock.bridgeToken';

/** Reads `#token=…` once, strips it from the URL, and remembers it for reloads of this tab. */
export function takeBridgeToken(): string | null {
  const params = new URLSearchParams(location.hash.slice(1));
  const fromUrl = params.get('token');
  if (fromUrl !== null) {
    params.delete('token');
    const rest = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
    try {
      sessionStorage.setItem(TOKEN_KEY, fromUrl);
    } catch {
      // Storage can be disabled; the token then lasts until the page is reloaded.
    }
    return fromUrl;
  }
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function connectStation<T extends ApiTable>(table: T): ApiClient<T> {
  const exposed = (window as unknown as Record<string, unknown>)[PRELOAD_GLOBAL];
  if (typeof exposed === 'object' && exposed !== null) {
    return createApiClient(table, preloadTransport(exposed as PreloadApi));
  }
  return createApiClient(table, bridgeTransport({ origin: location.origin, token: takeBridgeToken(), fetch: (url, init) => window.fetch(url, init) }));
}
