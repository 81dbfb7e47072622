/**
 * Handlers for the shell tests' API table (test/fixtures/shell-api.ts), recording each call so a
 * test can tell whether a handler ran. `sum` returns an undeclared `secret` field, which must not
 * cross; `fail` throws each kind of error a handler can throw. `launchChromium` opens the browser
 * the bridge tests drive.
 */
import { chromium, type BrowserContext } from 'playwright-core';
import { AirlockError } from '../../shared/base/errors.ts';
import type { Handlers } from '../../shared/api/api-contract.ts';
import type { TestApi } from '../fixtures/shell-api.ts';

/** Debian's Chromium, headless, with nothing that reaches the network by itself. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A fresh headless Chromium with its profile in `profileDir` (a new temporary directory); `viewport` in CSS pixels, `deviceScaleFactor` device pixels per CSS pixel. */
export function launchChromium(
  profileDir: string,
  options: { viewport?: { width: number; height: number }; deviceScaleFactor?: number } = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, { executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS, ...options });
}

export const SECRET_TEXT = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export function testHandlers(): { handlers: Handlers<TestApi>; calls: string[] } {
  const calls: string[] = [];
  const handlers: Handlers<TestApi> = {
    echo: ({ text }) => {
      calls.push('echo');
      return { text };
    },
    sum: ({ values }) => {
      calls.push('sum');
      return { total: values.reduce((a, b) => a + b, 0), secret: SECRET_TEXT } as { total: number };
    },
    count: () => {
      calls.push('count');
      return { calls: calls.length };
    },
    txId: ({ id }) => {
      calls.push('txId');
      return { id };
    },
    fail: async ({ kind }) => {
      calls.push('fail');
      if (kind === 'airlock') throw new AirlockError('NOT_FOUND', 'no transaction abc', { field: 'txid' });
      if (kind === 'type') throw new TypeError(`bad key ${SECRET_TEXT}`);
      throw new Error(`database at /home/x failed with key ${SECRET_TEXT}`);
    },
    upload: ({ file }) => {
      calls.push('upload');
      return { size: file.length };
    },
    nested: () => {
      calls.push('nested');
      return { ok: true };
    },
  };
  return { handlers, calls };
}
