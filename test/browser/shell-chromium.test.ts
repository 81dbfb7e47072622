/**
 * The bridge in a real browser (docs/decisions.md §8): a page served by the bridge loads in Debian's headless
 * Chromium, its Content-Security-Policy stops an inline script and `eval`, and the renderer's own
 * client calls the API through the bridge with the token it took from the URL fragment, which is
 * then gone from the address bar. A call without the token is refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge, type Bridge } from '../../electron/shell/bridge.ts';
import { TEST_API, type ShellTest } from '../fixtures/shell-api.ts';
import { launchChromium, testHandlers } from '../helpers/shell-helpers.ts';

let dir: string;
let bridge: Bridge;
let context: BrowserContext;
let page: Page;
const consoleLines: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'airlock-chromium-'));
  await build({
    configFile: false,
    root: fileURLToPath(new URL('../fixtures/shell-page/', import.meta.url)),
    logLevel: 'warn',
    build: { outDir: join(dir, 'site'), emptyOutDir: true, minify: false },
  });
  bridge = await startBridge({ table: TEST_API, handlers: testHandlers().handlers, staticDir: join(dir, 'site') });
  context = await launchChromium(join(dir, 'profile'));
  page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (message) => consoleLines.push(message.text()));
}, 60_000);

afterAll(async () => {
  await context?.close();
  await bridge?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function pageReport(): Promise<ShellTest> {
  await page.waitForFunction(() => (globalThis as unknown as { shellTest?: ShellTest }).shellTest?.done === true);
  return page.evaluate(() => (globalThis as unknown as { shellTest: ShellTest }).shellTest);
}

describe('a page served by the bridge in headless Chromium', () => {
  it('calls the API through the bridge with the token from the fragment, then drops the fragment', async () => {
    await page.goto(bridge.address);
    const report = await pageReport();
    expect(report.echo).toEqual({ ok: true, value: { text: 'from chromium' } });
    expect(report.sum).toEqual({ ok: true, value: { total: 42 } });
    expect(report.bad).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', details: { field: 'values[0]' } } });
    expect(report.hashAfterConnect).toBe('');
    expect(page.url()).toBe(`${bridge.origin}/`);
    expect(page.url()).not.toContain(bridge.token);
  });

  it('the Content-Security-Policy blocks the inline script and eval', async () => {
    const report = await pageReport();
    expect(report.evalBlocked).toBe(true);
    expect(await page.evaluate(() => (globalThis as unknown as { inlineScriptRan?: boolean }).inlineScriptRan)).toBeUndefined();
    expect(consoleLines.some((line) => line.includes('Content Security Policy'))).toBe(true);
  });

  it('a call from the page without the token is refused', async () => {
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/echo', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"text":"x"}' });
      return { status: response.status, body: await response.json() };
    });
    expect(status).toMatchObject({ status: 401, body: { ok: false, error: { code: 'UNAUTHORIZED' } } });
  });

  it('a reload of the same tab keeps working without the fragment', async () => {
    await page.reload();
    const report = await pageReport();
    expect(report.echo).toEqual({ ok: true, value: { text: 'from chromium' } });
  });

  it('a fresh tab opened without the token gets UNAUTHORIZED data, not a crash', async () => {
    const other = await context.newPage();
    try {
      // sessionStorage is per tab, so this tab has no token.
      await other.goto(`${bridge.origin}/`);
      await other.waitForFunction(() => (globalThis as unknown as { shellTest?: ShellTest }).shellTest?.done === true);
      const report = await other.evaluate(() => (globalThis as unknown as { shellTest: ShellTest }).shellTest);
      expect(report.echo).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    } finally {
      await other.close();
    }
  });
});
