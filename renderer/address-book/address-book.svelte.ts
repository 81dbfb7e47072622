/**
 * The address book's state (docs/decisions.md §10 "Address book"): the book's labels and this station's keys,
 * which together are the addresses the station knows. Every screen that shows or takes an address
 * reads it: `labelOf` for the label beside an address, `lookalikeOf` for the look-alike warning
 * (shared/views/lookalike.ts) wherever an address is typed. The station resolves labels in its own views
 * too; this copy serves what the person is typing, before anything is sent.
 */
import type { ApiClient } from '../../shared/api/api-contract.ts';
import type { ErrorData } from '../../shared/base/errors.ts';
import { parseAddress, addressToBase58 } from '../../shared/chain/address.ts';
import { bookLabelProblem } from '../../shared/views/address-label.ts';
import { lookalikeOf } from '../../shared/views/lookalike.ts';
import type { BookEntry, KeyView, StationApi } from '../../shared/api/station-api.ts';
import { takeAnswer } from '../app/outcome.ts';

export type BookSort = 'label' | 'label-desc' | 'address';

/** Compares by code unit, the same in every locale (labels are short; no collation surprises). */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The Base58 form of a typed address (hex 41… converted), or null when it does not parse. */
export function typedAddress(text: string): string | null {
  try {
    return addressToBase58(parseAddress(text.trim()));
  } catch {
    return null;
  }
}

/** The label rule's message for the field (shared/views/address-label.ts), or null. */
export function labelProblem(text: string): string | null {
  const p = bookLabelProblem(text);
  return p === null ? null : `The label ${p}.`;
}

export class AddressBookState {
  entries = $state.raw<BookEntry[]>([]);
  keys = $state.raw<KeyView[]>([]);
  sort = $state<BookSort>('label');
  error = $state.raw<ErrorData | null>(null);
  notice = $state('');
  readonly #client: ApiClient<StationApi>;

  constructor(client: ApiClient<StationApi>) {
    this.#client = client;
  }

  /** Whether `load` has answered once: screens that only need the known addresses load once. */
  loaded = $state(false);

  /** Loads the book and the keys unless they were loaded already (LookalikeCheck calls it). */
  async ensureLoaded(): Promise<void> {
    if (!this.loaded) await this.load();
  }

  async load(): Promise<void> {
    const [book, keys] = await Promise.all([this.#client.bookList(), this.#client.keysList()]);
    if (book.ok) this.entries = book.value.entries;
    if (keys.ok) this.keys = keys.value.keys;
    this.error = !book.ok ? book.error : !keys.ok ? keys.error : null;
    this.loaded = true;
  }

  /** The entries in the order chosen. */
  get sorted(): BookEntry[] {
    const list = [...this.entries];
    if (this.sort === 'address') return list.sort((a, b) => byText(a.address, b.address));
    list.sort((a, b) => byText(a.label, b.label) || byText(a.address, b.address));
    return this.sort === 'label-desc' ? list.reverse() : list;
  }

  /** Every address the station knows: the book's and the keys'. */
  get known(): string[] {
    return [...this.entries.map((e) => e.address), ...this.keys.map((k) => k.address)];
  }

  /** A key's own label first, then the book's, as the station resolves them; null when none. */
  labelOf(address: string): string | null {
    const a = typedAddress(address) ?? address;
    const key = this.keys.find((k) => k.address === a);
    if (key && key.label !== '') return key.label;
    return this.entries.find((e) => e.address === a)?.label ?? null;
  }

  /** The known address a typed one imitates, with its label; null when none (or when it is known). */
  lookalikeOf(address: string): { imitates: string; label: string | null } | null {
    const imitates = lookalikeOf(address, this.known);
    return imitates === null ? null : { imitates, label: this.labelOf(imitates) };
  }

  save(address: string, label: string): Promise<boolean> {
    return takeAnswer(this, this.#client.bookSet({ address: address.trim(), label }), 'Label saved.');
  }

  remove(address: string): Promise<boolean> {
    return takeAnswer(this, this.#client.bookDelete({ address }), 'Label deleted.');
  }
}
