/**
 * The address book's services (docs/decisions.md §10 "Address book"): list, set and delete labels, and the label
 * of one address. The rules of a label are address-book.ts; resolving labels for the views is
 * station/core/labels.ts.
 *
 * Invariant: every change is audited by the store with the write (`label.set`, `label.delete`).
 */
import { addressToBase58 } from '../../shared/chain/address.ts';
import { fail } from '../../shared/base/errors.ts';
import type { StationContext } from '../core/context.ts';
import { lookalikeWarnings, type LabelIndex } from '../core/labels.ts';
import { bookEntries, bookEntryView, bookLabelInput, type BookEntryView } from './address-book.ts';
import { addressTextInput } from '../../shared/chain/input.ts';

export function bookFeature(ctx: StationContext) {
  return {
    /** Every label of the book, sorted by label. */
    bookList(): { entries: BookEntryView[] } {
      return { entries: bookEntries(ctx.store) };
    },

    /** Adds or replaces the label of `address` (audited by the store as `label.set`). */
    bookSet(args: { address: string; label: string }): BookEntryView {
      const a = addressTextInput(args.address, 'address');
      const label = bookLabelInput(args.label, 'label');
      return bookEntryView(ctx.store.setLabel(a, label));
    },

    /** Removes the label of `address` (audited as `label.delete`); NOT_FOUND when it has none. */
    bookDelete(args: { address: string }): { address: string; deleted: boolean } {
      const a = addressTextInput(args.address, 'address');
      if (!ctx.store.deleteLabel(a)) fail('NOT_FOUND', `address: the address book has no label for ${addressToBase58(a)}`, { field: 'address' });
      return { address: addressToBase58(a), deleted: true };
    },

    /** Every label this station knows, read once: for views that show many addresses. */
    labels: (): LabelIndex => ctx.labels(),

    /** One sentence per address `view` names that imitates a known one, for a build's warnings. */
    lookalikeWarnings: (view: unknown): string[] => lookalikeWarnings(ctx.labels(), view),

    /** The label of one address: the key's own, then the book's; null when none. */
    labelOf: (address: Uint8Array | string): string | null => ctx.labels().labelOf(address),
  };
}
