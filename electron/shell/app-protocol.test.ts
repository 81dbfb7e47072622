/**
 * The `app://station` protocol handler (docs/decisions.md §8), called with real web Requests: files of the
 * renderer root with the Content-Security-Policy, GET/HEAD only, our host only, no traversal.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler } from './app-protocol.ts';
import { CONTENT_SECURITY_POLICY } from './content-policy.ts';
import { APP_ORIGIN } from './window-options.ts';

let dir: string;
let handle: (request: Request) => Promise<Response>;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'airlock-app-'));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><p>station</p>');
  writeFileSync(join(dir, 'renderer', 'main.js'), 'export {}');
  writeFileSync(join(dir, 'secret.txt'), 'outside');
  handle = createAppProtocolHandler(join(dir, 'renderer'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('app://station', () => {
  it('serves index.html with the CSP, nosniff and its content type', async () => {
    const response = await handle(new Request(`${APP_ORIGIN}/index.html`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('station');
    expect((await handle(new Request(`${APP_ORIGIN}/main.js`))).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('HEAD has no body; other methods are 405', async () => {
    const head = await handle(new Request(`${APP_ORIGIN}/index.html`, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await handle(new Request(`${APP_ORIGIN}/index.html`, { method: 'POST', body: 'x' }));
    expect(post.status).toBe(405);
    expect(post.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('another host, a missing file and traversal are refused', async () => {
    expect((await handle(new Request('app://other/index.html'))).status).toBe(404);
    expect((await handle(new Request(`${APP_ORIGIN}/missing.html`))).status).toBe(404);
    for (const path of ['/..%2fsecret.txt', '/%2e%2e/secret.txt', '/%2e%2e%2fsecret.txt']) {
      const response = await handle(new Request(`${APP_ORIGIN}${path}`));
      expect(response.status, path).not.toBe(200);
      expect(await response.text()).not.toContain('outside');
    }
  });
});
