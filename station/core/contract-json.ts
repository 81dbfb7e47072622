/**
 * A contract's JSON as a station method takes it (docs/decisions.md §8): the value itself (the CLI has
 * read its file), or its text (the desktop app's API sends text), read here with the one strict JSON
 * reader (shared/base/json.ts parseJson) so the window and the command line read the same text alike.
 *
 * Invariants: text is read depth first and int64 exactly, and a member named twice is refused, all
 * as BAD_JSON naming `json`; a value that is not text is passed on unchanged to the contract reader,
 * which checks it.
 */
import { parseJson } from '../../shared/base/json.ts';

/** `json` as the value the contract readers take: text is parsed, anything else is passed on. */
export function contractJsonValue(json: unknown): unknown {
  return typeof json === 'string' ? parseJson(json, 'json') : json;
}
