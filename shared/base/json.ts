/**
 * Lossless JSON for int64 fields. The node prints int64 values (amounts, supplies, times) as bare
 * JSON numbers, and values above 2^53 do not survive `JSON.parse`. `parseJson` keeps every integer
 * that is not a safe JS number as a bigint, using the reviver's source text (ES2025, Node 22 and
 * Chromium); where the runtime lacks that it refuses the input rather than silently rounding.
 * `stringifyJson` writes bigints back as bare numbers.
 *
 * A syntax error is reported by position only (line, column, offset), never with V8's message:
 * that message quotes the text around the bad token, and the text may be a private key pasted
 * where a transaction belongs (docs/decisions.md §6, "secrets in error text").
 *
 * Nesting is bounded (docs/decisions.md §16): text nested deeper than MAX_JSON_DEPTH levels is refused, by a scan
 * before parsing, with BAD_JSON "<what>: the JSON is nested deeper than 64 levels". The reviver
 * recurses, so hostile nesting (5,000 levels) used to end in the engine's "Maximum call stack size
 * exceeded"; no file, request body or node reply Airlock reads comes near 64 levels.
 */
import { AirlockError, fail } from './errors.ts';
import { MAX_JSON_DEPTH } from './limits.ts';

type JsonWithRaw = typeof JSON & { rawJSON?: (text: string) => unknown };

const INTEGER_RE = /^-?\d+$/;

/**
 * Whether JSON text nests no deeper than `maxDepth`, scanned before parsing: iterative, so it
 * cannot itself run out of stack. Brackets inside strings are text, not nesting.
 */
export function jsonDepthWithin(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return false;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
  return true;
}

/**
 * False only when no number in `text` can be an integer beyond 2^53 (whatever the runtime): no run
 * of 16 or more digits and no exponent outside strings. Then parseJson's reviver would return every
 * value unchanged, and plain JSON.parse gives the same result at a fraction of the cost.
 */
export function mayHoldUnsafeInteger(text: string): boolean {
  let inString = false;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c >= 0x30 && c <= 0x39) {
      digits += 1;
      // 2^53 has 16 digits; every integer of 15 digits or fewer is safe.
      if (digits >= 16) return true;
    } else {
      // An exponent always follows a digit (true and false have their e after a letter).
      if ((c === 0x65 || c === 0x45) && digits > 0) return true;
      digits = 0;
      if (c === 0x22) inString = true;
    }
  }
  return false;
}

/** Refuses text nested deeper than `maxDepth`, in words, with BAD_JSON. */
export function checkJsonDepth(text: string, what: string, maxDepth = MAX_JSON_DEPTH): void {
  if (!jsonDepthWithin(text, maxDepth)) {
    fail('BAD_JSON', `${what}: the JSON is nested deeper than ${maxDepth} levels; refusing to read it`, { field: what, maxDepth });
  }
}

export function parseJson(text: string, what = 'JSON'): unknown {
  if (typeof text !== 'string') fail('INVALID_INPUT', `${what}: expected text, got ${typeof text}`, { field: what });
  checkJsonDepth(text, what);
  let value: unknown;
  try {
    // The reviver costs most of the parse; text with no integer it could change skips it.
    if (!mayHoldUnsafeInteger(text)) value = JSON.parse(text);
    else
      value = JSON.parse(text, function (_key, value, context?: { source?: string }) {
        if (typeof value === 'number' && !Number.isSafeInteger(value) && Number.isFinite(value)) {
          const source = context?.source;
          if (source !== undefined && INTEGER_RE.test(source)) return BigInt(source);
          if (source === undefined && Number.isInteger(value)) {
            fail('BAD_JSON', `${what}: an integer is too large to read exactly on this runtime`);
          }
        }
        return value;
      });
  } catch (e) {
    if (e instanceof AirlockError) throw e;
    fail('BAD_JSON', `${what}: ${syntaxErrorText(text)}`, { position: syntaxErrorPosition(text) });
  }
  const twice = duplicateMember(text);
  if (twice !== null) {
    // JSON.parse keeps the last of two same-named members, another reader may keep the first: refused.
    const named = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/.test(twice.key) && !/[0-9a-fA-F]{16}/.test(twice.key) ? `"${twice.key}"` : 'of one name';
    fail(
      'BAD_JSON',
      `${what}: a member ${named} appears twice in one object (the second at line ${twice.at.line}, column ${twice.at.column}); readers disagree on which one counts, so the JSON is refused`,
      { position: twice.at },
    );
  }
  return value;
}

/**
 * The first member of an object whose name an earlier member of the same object already has, in
 * valid JSON `text` (docs/decisions.md §24: "duplicate JSON members in any file are refused"); null when none.
 * Iterative, one pass; names are compared after unescaping ("a" and "\u0061" are the same name).
 */
export function duplicateMember(text: string): { key: string; at: JsonPosition } | null {
  const stack: (Set<string> | null)[] = [];
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      line += 1;
      lineStart = i + 1;
    } else if (c === 0x7b) stack.push(new Set());
    else if (c === 0x5b) stack.push(null);
    else if (c === 0x7d || c === 0x5d) stack.pop();
    else if (c === 0x22) {
      const start = i;
      for (i += 1; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i += 1;
      const members = stack[stack.length - 1];
      if (!members) continue;
      let j = i + 1;
      while (j < text.length && (text[j] === ' ' || text[j] === '\t' || text[j] === '\r' || text[j] === '\n')) j++;
      if (text[j] !== ':') continue;
      const quoted = text.slice(start, i + 1);
      // Only a name with an escape needs unescaping; JSON.parse does it as every reader would.
      const key = quoted.includes('\\') ? (JSON.parse(quoted) as string) : quoted.slice(1, -1);
      if (members.has(key)) return { key, at: { offset: start, line, column: start - lineStart + 1 } };
      members.add(key);
    }
  }
  return null;
}

export interface JsonPosition {
  /** UTF-16 offset of the first character JSON cannot accept (the text's length if it ends early). */
  offset: number;
  line: number;
  column: number;
}

function syntaxErrorText(text: string): string {
  const at = syntaxErrorPosition(text);
  if (at === undefined) return 'not valid JSON';
  const where = `line ${at.line}, column ${at.column} (offset ${at.offset})`;
  return at.offset >= text.length ? `not valid JSON: the text ends early, at ${where}` : `not valid JSON at ${where}`;
}

const ESCAPES = '"\\/bfnrt';
const HEX_DIGIT_RE = /^[0-9a-fA-F]$/;

/**
 * Where `text` stops being JSON (RFC 8259), found by a scanner of our own so the error names a
 * position and nothing else. Iterative, so deep nesting cannot overflow the stack. Undefined when
 * the scanner finds no error (then JSON.parse failed for a reason it does not model).
 */
export function syntaxErrorPosition(text: string): JsonPosition | undefined {
  const offset = syntaxErrorOffset(text);
  if (offset < 0) return undefined;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (text.charCodeAt(i) === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset, line, column: offset - lineStart + 1 };
}

function syntaxErrorOffset(text: string): number {
  const n = text.length;
  let i = 0;
  const stack: boolean[] = []; // true: inside an object, false: inside an array
  const space = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return;
      i++;
    }
  };
  // At a '"': moves past the string, or stops at the bad character and returns false.
  const string = (): boolean => {
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return true;
      }
      if (c < 0x20) return false;
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          // The error is at the first character that is not a hex digit, as V8 reports it.
          for (let k = i + 2; k < i + 6; k++) {
            if (k >= n || !HEX_DIGIT_RE.test(text[k]!)) {
              i = k;
              return false;
            }
          }
          i += 6;
        } else if (e !== undefined && ESCAPES.includes(e)) {
          i += 2;
        } else {
          i++;
          return false;
        }
        continue;
      }
      i++;
    }
    return false;
  };
  const digits = (): boolean => {
    const start = i;
    while (i < n && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i++;
    return i > start;
  };
  // At a '-' or a digit: moves past the number, or stops where a digit was needed.
  const number = (): boolean => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else if (!digits()) return false;
    if (text[i] === '.') {
      i++;
      if (!digits()) return false;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!digits()) return false;
    }
    return true;
  };
  // At an object key: the key, the colon and the space after it.
  const key = (): boolean => {
    space();
    if (text[i] !== '"' || !string()) return false;
    space();
    if (text[i] !== ':') return false;
    i++;
    return true;
  };
  let wantValue = true;
  for (;;) {
    space();
    if (wantValue) {
      const c = text[i];
      if (c === '{' || c === '[') {
        i++;
        space();
        if (text[i] === (c === '{' ? '}' : ']')) {
          i++;
          wantValue = false;
          continue;
        }
        stack.push(c === '{');
        if (c === '{' && !key()) return i;
        continue;
      }
      if (c === '"') {
        if (!string()) return i;
      } else if (c === 't' || c === 'f' || c === 'n') {
        // Compared letter by letter: the error is at the first letter that differs, as V8 reports it.
        const word = c === 't' ? 'true' : c === 'f' ? 'false' : 'null';
        for (const letter of word) {
          if (text[i] !== letter) return i;
          i++;
        }
      } else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
        if (!number()) return i;
      } else {
        return i;
      }
      wantValue = false;
      continue;
    }
    if (stack.length === 0) return i < n ? i : -1;
    const inObject = stack[stack.length - 1]!;
    const c = text[i];
    if (c === ',') {
      i++;
      if (inObject && !key()) return i;
      wantValue = true;
    } else if (c === (inObject ? '}' : ']')) {
      i++;
      stack.pop();
    } else {
      return i;
    }
  }
}

export function stringifyJson(value: unknown, indent?: number): string {
  const J = JSON as JsonWithRaw;
  const rawJSON = J.rawJSON;
  if (!rawJSON) {
    return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v), indent);
  }
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? rawJSON(v.toString()) : v), indent);
}

/**
 * A deep copy that JSON carries without loss or surprise: a bigint becomes a number when it is a
 * safe integer and a decimal string otherwise (every reader in shared/ accepts both for int64),
 * bytes become hex. For results that cross a boundary (docs/decisions.md §6: no bigint, no Uint8Array).
 */
export function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
  }
  if (value instanceof Uint8Array) return Array.from(value, (b) => b.toString(16).padStart(2, '0')).join('');
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = jsonSafe(v);
    return out;
  }
  return value;
}
