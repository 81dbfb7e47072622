/**
 * The queue's first paint draws few rows, the rest after it (docs/decisions.md §27; bench/README.md "Every click fast"),
 * in headless Chromium over the real station (200 transactions) through the bridge: when the first
 * row is filled, the list holds the visible rows and QUEUE_FIRST_OVERSCAN_ROWS below them; once that
 * has been painted, QUEUE_OVERSCAN_ROWS below them, each filled, so a quick scroll finds its rows
 * drawn. The rows counted are those the page holds at the moment the first one is filled, recorded
 * in the page (a MutationObserver set before the app loads), not polled.
 */
import { describe, expect, it } from 'vitest';
import { servedForWindows } from '../helpers/real-bridge.ts';
import { QUEUE_FIRST_OVERSCAN_ROWS, QUEUE_OVERSCAN_ROWS } from '../../shared/base/limits.ts';

const station = servedForWindows('queue-first-paint', { count: 200, now: () => Date.now() });

/** Set before the app loads: the number of rows the list holds when its first row is filled. */
const RECORD_FIRST_ROWS = `
  new MutationObserver((_, observer) => {
    if (document.querySelector('tr[data-status] button.open') === null) return;
    globalThis.__firstRows = document.querySelectorAll('tr.entry').length;
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
`;

describe("the queue's first paint", () => {
  it('holds the visible rows and a few more, then more once painted', async () => {
    const page = await station.window({ width: 1280, height: 900 });
    await page.addInitScript({ content: RECORD_FIRST_ROWS });
    await page.goto(station.bridge.address);
    await page.getByText('200 transaction(s)').waitFor();
    const visible = await page.evaluate<number>(`(() => {
      const list = document.querySelector('.scroller');
      const row = list.querySelector('tr[data-status]');
      return Math.ceil(list.clientHeight / row.getBoundingClientRect().height);
    })()`);
    expect(visible).toBeGreaterThan(3);
    expect(await page.evaluate<number>('globalThis.__firstRows')).toBe(visible + 2 * QUEUE_FIRST_OVERSCAN_ROWS);
    // After the paint: the longer overscan below, every row filled.
    await page.waitForFunction(`document.querySelectorAll('tr.entry').length === ${visible + 2 * QUEUE_OVERSCAN_ROWS}`);
    expect(await page.locator('tr.entry[data-status]').count()).toBe(visible + 2 * QUEUE_OVERSCAN_ROWS);
  });
});
