/**
 * The transport-neutral half of the renderer's station client (docs/decisions.md §8): `createApiClient` turns an
 * API table and a transport into one async function per method, and the two transports the app has,
 * the preload's exposed methods (Electron IPC) and the loopback HTTP bridge. The DOM half that picks
 * one (reading `window.airlock` or the token in the URL fragment) is renderer/app/api-client.ts.
 *
 * Invariant: the renderer cannot tell which transport it has. Both send the argument as JSON data
 * (the client round-trips it through JSON first, so `undefined` members, Dates or Maps arrive the
 * same way on both), and both answer with an ApiResult; nothing rejects, a transport failure is
 * INTERNAL data.
 */
import { API_PATH_PREFIX, toApiResult, type ApiClient, type ApiResult, type ApiTable } from './api-contract.ts';

/** Sends one call and resolves with whatever came back (an ApiResult when all is well). */
export type Transport = (method: string, args: unknown) => Promise<unknown>;

const NO_ANSWER: ApiResult<never> = { ok: false, error: { code: 'INTERNAL', message: 'the station did not answer' } };

/** Exactly what JSON would carry, or undefined for "no argument". */
function asJsonData(args: unknown): unknown {
  if (args === undefined) return undefined;
  return JSON.parse(JSON.stringify(args)) as unknown;
}

export function createApiClient<T extends ApiTable>(table: T, transport: Transport): ApiClient<T> {
  const client: Record<string, (args?: unknown) => Promise<ApiResult<unknown>>> = {};
  for (const method of Object.keys(table)) {
    client[method] = async (args?: unknown) => {
      let payload: unknown;
      try {
        payload = asJsonData(args);
      } catch {
        return { ok: false, error: { code: 'INVALID_INPUT', message: `${method}: the argument is not JSON data`, details: { method } } };
      }
      try {
        return toApiResult(await transport(method, payload));
      } catch {
        return NO_ANSWER;
      }
    };
  }
  return Object.freeze(client) as unknown as ApiClient<T>;
}

/** The methods the preload exposes: one function per method name, each taking one argument. */
export type PreloadApi = Readonly<Record<string, (args: unknown) => Promise<unknown>>>;

export function preloadTransport(exposed: PreloadApi): Transport {
  return (method, args) => {
    const call = Object.hasOwn(exposed, method) ? exposed[method] : undefined;
    if (typeof call !== 'function') return Promise.resolve(NO_ANSWER);
    return call(args);
  };
}

/** The part of `fetch` the bridge transport uses, so this module needs no DOM types. */
export type FetchLike = (
  url: string,
  init: {
    method: 'POST';
    headers: Record<string, string>;
    body: string;
    credentials: 'omit';
    cache: 'no-store';
    redirect: 'error';
    referrerPolicy: 'no-referrer';
  },
) => Promise<{ text(): Promise<string> }>;

export interface BridgeTransportOptions {
  /** The bridge's origin, `http://127.0.0.1:PORT` (the page's own origin in a browser). */
  origin: string;
  /** The per-launch token; without one the bridge answers UNAUTHORIZED. */
  token: string | null;
  fetch: FetchLike;
}

/** `POST /api/<method>` with the argument as JSON and the token as a bearer credential. */
export function bridgeTransport(options: BridgeTransportOptions): Transport {
  return async (method, args) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (options.token !== null) headers.Authorization = `Bearer ${options.token}`;
    const response = await options.fetch(`${options.origin}${API_PATH_PREFIX}${method}`, {
      method: 'POST',
      headers,
      body: args === undefined ? '' : JSON.stringify(args),
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'error',
      referrerPolicy: 'no-referrer',
    });
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  };
}
