/**
 * The address book (docs/decisions.md §10 "Address book: labels for addresses, used everywhere an address is
 * shown; a warning when an address looks like a known one but differs"). Labels live in the store's
 * `address_book` table (migration 2; store.setLabel/listLabels/deleteLabel write the audit entries
 * `label.set` and `label.delete` with the write). This module reads a label a person typed and lists
 * the book; resolving the label of any address for the views (a key's own label first, then the
 * book's) is station/core/labels.ts, shared by every feature.
 *
 * Invariants:
 * - A stored label passed shared/views/address-label.ts (the rules the renderer checks as you type): at
 *   most 64 characters, no control, bidi or invisible character (refused, not escaped: a label
 *   exists to identify an address at a glance), and not a private key (refused without being
 *   stored, echoed or logged). `__proto__` is just text: labels are kept in Maps, never as keys
 *   of plain objects.
 * - Messages name the field and the rule, never the label's text.
 * Never imports `electron`.
 */
import { addressToBase58 } from '../../shared/chain/address.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { bookLabelProblem } from '../../shared/views/address-label.ts';
import { kindOf, rejectField } from '../../shared/chain/input.ts';
import type { Store } from '../store/store.ts';

/** One entry of the book as the API and the CLI show it. */
export interface BookEntryView {
  address: string;
  hex: string;
  /** As stored (it holds no character that needs escaping: bookLabelInput refuses them). */
  label: string;
  updatedAt: number;
}

/**
 * A label as typed, by shared/views/address-label.ts's rules: trimmed, 1 to 64 characters, nothing that
 * displays differently from its text, and not a private key. Refusals are INVALID_INPUT naming `field`.
 */
export function bookLabelInput(value: unknown, field = 'label'): string {
  if (typeof value !== 'string') rejectField(field, `must be text, got ${kindOf(value)}`);
  const problem = bookLabelProblem(value);
  if (problem !== null) rejectField(field, problem);
  return value.trim();
}

export function bookEntryView(r: { address: Uint8Array; label: string; updatedAt: number }): BookEntryView {
  return { address: addressToBase58(r.address), hex: bytesToHex(r.address), label: r.label, updatedAt: r.updatedAt };
}

/** The whole book, sorted by label then address (the store's order). */
export function bookEntries(store: Store): BookEntryView[] {
  return store.listLabels().map(bookEntryView);
}
