/**
 * The rule for a file name or path Airlock is handed (docs/decisions.md §16, "a NUL in a file name is INTERNAL"):
 * no control character, C0 (NUL, newline, escape...), DEL or C1. The operating system refuses a NUL
 * with an engine error that became INTERNAL, and a newline or escape in a name shown on a screen or
 * a terminal can forge a line of output. Used by the station API's file name arguments
 * (shared/api/station-api.ts) and every path the CLI reads or writes (cli/io.ts, cli/station.ts).
 *
 * Invariant: a refusal is INVALID_INPUT naming the field and the code point, never quoting the name
 * (it may be a key pasted into the wrong box).
 */
import { fail } from '../base/errors.ts';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f]/;

/** The first control character of `name` as U+XXXX, or null when it has none. */
export function fileNameControl(name: string): string | null {
  const found = CONTROL_RE.exec(name);
  return found === null ? null : `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Words for the refusal, shared by the API schema and the CLI. */
export function fileNameControlMessage(codePoint: string): string {
  return `the file name contains a control character (${codePoint}${codePoint === 'U+0000' ? ', NUL' : ''}), which no file name Airlock reads or writes may hold; rename the file`;
}

/** Refuses a file name or path holding a control character, naming `field`. */
export function checkFileName(name: string, field: string): void {
  const codePoint = fileNameControl(name);
  if (codePoint !== null) fail('INVALID_INPUT', `${field}: ${fileNameControlMessage(codePoint)}`, { field });
}
