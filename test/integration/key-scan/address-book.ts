/**
 * The key-bytes scan's cases for the address book: the methods of shared/api/tables/address-book.ts, in the order they
 * run (test/integration/station-api-key-scan.test.ts runs the features' cases in its own order).
 */
import type { ScanCases, ScanContext } from './scan-case.ts';

export const ADDRESS_BOOK_CASES = (t: ScanContext): ScanCases<'address-book'> => ({
  bookSet: { expect: 'ok', args: () => ({ address: t.to.b58, label: 'landlord' }) },
  bookList: { expect: 'ok', args: () => undefined },
  bookDelete: { last: true, expect: 'ok', args: () => ({ address: t.to.b58 }) },
});
