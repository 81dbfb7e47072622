/**
 * Finding a file of the built renderer for a URL path, for the bridge and for the Electron app
 * protocol alike (docs/decisions.md §8). GET of public files only: the renderer bundle holds no secret.
 *
 * Invariant: a request never reads outside the root. Each path segment is decoded once, and a
 * segment that is empty, `.`/`..`, hidden (`.env`), or contains a slash, backslash or NUL after
 * decoding is refused; the resolved real path (symlinks followed) must still lie under the root's
 * real path.
 */
import { realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';

export const CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
});

export type StaticLookup = { ok: true; path: string; contentType: string; size: number } | { ok: false; status: 400 | 404 };

export async function findStaticFile(root: string, pathname: string): Promise<StaticLookup> {
  if (!pathname.startsWith('/')) return { ok: false, status: 400 };
  const raw = pathname.slice(1).split('/');
  if (raw[raw.length - 1] === '') raw[raw.length - 1] = 'index.html';
  const segments: string[] = [];
  for (const part of raw) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return { ok: false, status: 400 };
    }
    if (segment === '' || segment.startsWith('.') || /[/\\\0]/.test(segment)) return { ok: false, status: 404 };
    segments.push(segment);
  }
  try {
    const base = await realpath(root);
    const file = await realpath(join(base, ...segments));
    if (!file.startsWith(base + sep)) return { ok: false, status: 404 };
    const info = await stat(file);
    if (!info.isFile()) return { ok: false, status: 404 };
    const contentType = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    return { ok: true, path: file, contentType, size: info.size };
  } catch {
    return { ok: false, status: 404 };
  }
}
