/**
 * The rules of an address-book label (docs/decisions.md §10 "Address book"), in one place for the renderer
 * (checked as you type) and the station (station/address-book/address-book.ts, checked again before
 * anything is stored).
 *
 * A label identifies an address at a glance, so it must read exactly as it is stored: after
 * trimming, 1 to 64 characters, and no control, format (bidi overrides, isolates, zero-width),
 * private-use, unassigned or separator character: these are refused rather than escaped. A label of
 * 64 hex digits is a private key pasted into the wrong field: refused, and never quoted back.
 * Everything else, `__proto__` included, is just text. Reasons name the rule, never the text.
 */
import { hasUnsafeText } from '../base/escape.ts';
import { isPrivateKeyText } from '../base/secrets.ts';
import { MAX_BOOK_LABEL_LENGTH } from '../base/limits.ts';

/** Why `text` cannot be a label (a sentence without the text), or null when it can; checks the trimmed text. */
export function bookLabelProblem(text: string): string | null {
  const label = text.trim();
  // First, so a pasted key is named for what it is, whatever else is wrong with it.
  if (isPrivateKeyText(label)) return 'this looks like a private key (64 hex digits), not a label; it was not stored. Keys are imported on the Keys screen';
  if (label === '') return 'is empty; to remove a label, delete the entry';
  if (label.length > MAX_BOOK_LABEL_LENGTH) return `is ${label.length} characters, at most ${MAX_BOOK_LABEL_LENGTH}`;
  if (hasUnsafeText(label)) return 'holds a control, bidi, zero-width or other invisible character; a label must read exactly as it is stored';
  return null;
}
