/**
 * The `app://station` protocol handler: serves the built renderer to the Electron window with the
 * same headers as the bridge (docs/decisions.md §8). Written against the web's Request/Response, which both
 * Electron's `protocol.handle` and Node provide, so tests call it directly.
 *
 * Invariant: only GET and HEAD of files under the renderer root, only on our host, each with the
 * Content-Security-Policy; no file:// page ever exists, so the file protocol's extra privileges
 * (turned off by a fuse as well) never apply.
 */
import { readFile } from 'node:fs/promises';
import { SECURITY_HEADERS } from './content-policy.ts';
import { findStaticFile } from './static-files.ts';
import { APP_HOST } from './window-options.ts';

export function createAppProtocolHandler(rendererRoot: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const headers = new Headers(SECURITY_HEADERS);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      headers.set('Allow', 'GET, HEAD');
      return new Response(null, { status: 405, headers });
    }
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return new Response(null, { status: 404, headers });
    const found = await findStaticFile(rendererRoot, url.pathname);
    if (!found.ok) return new Response(null, { status: found.status, headers });
    headers.set('Content-Type', found.contentType);
    headers.set('Cache-Control', 'no-cache');
    const body = request.method === 'HEAD' ? null : await readFile(found.path);
    return new Response(body, { status: 200, headers });
  };
}
