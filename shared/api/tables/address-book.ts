/**
 * The station API's table for one feature. The address book (station/address-book/book.ts). Merged
 * with the other features' tables in shared/api/station-api.ts, which refuses a method declared by
 * two.
 */
import * as v from 'valibot';
import { defineApi } from '../api-contract.ts';
import { apiAddressArg, BOOK_ENTRY, bookLabelArg } from '../station-parts.ts';

export const ADDRESS_BOOK_API = defineApi({
  /** The address book, sorted by label (station/address-book/address-book.ts). */
  bookList: { args: v.undefined(), result: v.strictObject({ entries: v.array(BOOK_ENTRY) }) },
  /**
   * Adds or replaces a label. The station trims it and refuses an empty one, more than 64
   * characters, control/bidi/invisible characters, and 64 hex digits (a private key pasted by
   * mistake), naming the field and never quoting the text.
   */
  bookSet: { args: v.strictObject({ address: apiAddressArg, label: bookLabelArg }), result: BOOK_ENTRY },
  /** Removes a label; NOT_FOUND when the address has none. */
  bookDelete: { args: v.strictObject({ address: apiAddressArg }), result: v.strictObject({ address: v.string(), deleted: v.boolean() }) },
});
