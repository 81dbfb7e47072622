/**
 * What opening a row needs, made while the person reads the queue (docs/decisions.md §27 "every click answers
 * fast"): the transaction screen writes its expiry in local time (app/format.ts `localTime`), and
 * the first such formatter a page makes costs Chromium 10-12 ms, which the first open paid between
 * the click and its answer. Once the queue's first page is on screen, the formatter is made when
 * the page is next idle (ui/after-paint.ts), so the open finds it made.
 *
 * Invariant: it runs once per page and only after the queue's first page is drawn (after the paint,
 * then at idle), so it never delays the queue becoming interactive; it changes nothing on screen.
 */
import { localTime } from '../app/format.ts';
import { afterPaint } from '../ui/after-paint.ts';

let prepared = false;

/** Makes, at the page's next idle moment after this paint, what the first open of a transaction would otherwise make. */
export function prepareOpening(): void {
  if (prepared) return;
  prepared = true;
  afterPaint(() => void localTime(Date.now()));
}
