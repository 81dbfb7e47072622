/**
 * The one refusal of a date a file states that lies ahead of this station's clock (docs/decisions.md §16, issue
 * 24 "a date ahead of this station's clock by more than a small skew is refused wherever a file
 * states one"): a snapshot's block, its accounts' and contracts' read times, its export time, a
 * pinned exporter's signed facts, a handoff file's permission copy.
 *
 * Invariant: a date later than now + MAX_FUTURE_SKEW_MS never reaches the store; the refusal names
 * the file and the field, says how far ahead the date is, and that nothing was stored.
 */
import { fail } from '../../shared/base/errors.ts';
import { MAX_FUTURE_SKEW_MS } from '../../shared/base/limits.ts';
import { formatDuration } from '../../shared/base/duration.ts';

/**
 * Refuses `at` (ms since the epoch), field `field` of file `file`, when it is ahead of `now` by more
 * than the skew. Without `file` the message starts at the field (a caller that prefixes the file's name).
 */
export function refuseFutureDate(now: number, at: number, field: string, file?: string): void {
  if (at <= now + MAX_FUTURE_SKEW_MS) return;
  const when = Number.isFinite(at) && Math.abs(at) <= 8.64e15 ? new Date(at).toISOString() : String(at);
  fail(
    'INVALID_INPUT',
    `${file === undefined ? '' : `${file}: `}${field}: dated ${when}, later than this station's clock by ${formatDuration(at - now)}; a file dated more than ${formatDuration(MAX_FUTURE_SKEW_MS)} ahead is refused, nothing was stored`,
    { field, ...(file !== undefined && { file }) },
  );
}
