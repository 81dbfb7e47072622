/**
 * Small display helpers shared by the screens (docs/decisions.md §9): time left in words, and free text a person
 * or a file typed (labels, notes, file names) escaped with shared/base/escape.ts, the one escaping for
 * people. Names and memos from the chain arrive already escaped in the views.
 */
import { escapeText } from '../../shared/base/escape.ts';

export function shown(text: string): string {
  return escapeText(text);
}

/** `2 h 05 min`, `4 min 10 s`, `35 s`. */
export function duration(ms: number): string {
  const s = Math.floor(Math.abs(ms) / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(sec).padStart(2, '0')} s`;
  return `${sec} s`;
}

/**
 * A moment in the person's local time, to the second and no finer (docs/decisions.md §18: "times in local time
 * without milliseconds"): `24 Nov 2026, 13:05:09` in the locale's order. A moment outside the
 * dates a browser can show is written as its milliseconds, so nothing is hidden.
 */
export function localTime(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return `${ms} ms`;
  return localTimeFormat().format(d);
}

/**
 * The one formatter of `localTime`, made on first use and kept (docs/decisions.md §27): making one costs
 * Chromium 10-12 ms (the locale's patterns), which `toLocaleString` with options paid on every call.
 * It formats exactly as `toLocaleString(undefined, sameOptions)` does.
 */
let timeFormat: Intl.DateTimeFormat | null = null;
function localTimeFormat(): Intl.DateTimeFormat {
  timeFormat ??= new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return timeFormat;
}

/** An address cut for a narrow column; the full one is in the title and on the transaction screen. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-6)}` : address;
}
