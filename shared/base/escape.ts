/**
 * The one escaping of text for people (docs/decisions.md §6 part 2): permission names, token texts, memos, the
 * CLI's and the devnet's JSON output and the quotes in error messages all go through it, so a
 * control, format (bidi overrides such as U+202E, isolates U+2066-2069, marks U+200E/F and U+061C,
 * zero-width), private-use, unassigned, surrogate or line/paragraph-separator character can never
 * rearrange or hide what a signer reads: `ops\u202Eowner` never displays as `opsrenwo`.
 *
 * Two forms: `escapeText` for text shown as text (`\u{202E}`, a backslash doubled so the escaped
 * form cannot be forged by typing it), and `escapeJsonText` for JSON output (a JSON `\u202e`
 * escape: the same value when parsed, so output still round-trips). This module imports nothing,
 * so errors.ts can use it too.
 */
const UNSAFE_CHAR = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/u;
const UNSAFE_CHARS = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/gu;
const UNSAFE_OR_BACKSLASH = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\\]/gu;

/** True when `text` holds a character `escapeText` would escape (a backslash alone does not count). */
export function hasUnsafeText(text: string): boolean {
  return UNSAFE_CHAR.test(text);
}

/**
 * The first character of `text` that `escapeText` would escape, other than a tab or a line feed, or
 * null: the rule for text that travels in a file (a note, a handoff's text), where a line break is
 * fine but a control or bidi character is not. One check for the file readers and for the note
 * written at build, so a note the station accepts is one every handoff file can carry.
 */
export function unsafeCharIn(text: string): string | null {
  for (const c of text) if (c !== '\t' && c !== '\n' && UNSAFE_CHAR.test(c)) return c;
  return null;
}

/**
 * Text for a person to read: each unsafe character becomes `\u{XXXX}` (uppercase hex) and a
 * backslash `\\`; everything else is unchanged. `escapeText('ops\u202Eowner')` = `ops\u{202E}owner`.
 */
export function escapeText(text: string): string {
  return text.replace(UNSAFE_OR_BACKSLASH, (c) => (c === '\\' ? '\\\\' : `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}`));
}

/**
 * `text` with each character `escapeText` would escape replaced by `by` (a backslash kept): for text
 * that is already escaped once, where doubling its backslashes would change what it says (`by`:
 * escapeText), or for a foreign text that is only ever shown (`by`: '?').
 */
export function replaceUnsafe(text: string, by: string | ((c: string) => string)): string {
  return text.replace(UNSAFE_CHARS, (c) => (typeof by === 'string' ? by : by(c)));
}

// A newline is the one control JSON.stringify writes raw, between tokens when it indents.
const UNSAFE_IN_JSON = /(?!\n)[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/gu;

/**
 * JSON text with every unsafe character inside its strings written as a JSON `\uXXXX` escape: the
 * same value when parsed (lossless, so `--visible` output still round-trips), but nothing in it
 * can reorder or hide what a terminal shows. Outside strings JSON.stringify writes only spaces and
 * newlines, which are left alone.
 */
export function escapeJsonText(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (c) => {
    let out = '';
    for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return out;
  });
}
