/**
 * The address book (issue 10 "Address book: labels for addresses, used everywhere an address is
 * shown; a warning when an address looks like a known one but differs"). Labels live in the store's
 * `address_book` table (migration 2; store.setLabel/listLabels/deleteLabel write the audit entries
 * `label.set` and `label.delete` with the write). This module reads a label a person typed, lists
 * the book, and resolves the label of any address for the views (`LabelIndex`): a key's own label
 * first, then the book's.
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
import { addressToBase58, parseAddress } from '../../shared/chain/address.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { bookLabelProblem } from '../../shared/views/address-label.ts';
import { kindOf, rejectField } from '../../shared/chain/input.ts';
import { lookalikeOf } from '../../shared/views/lookalike.ts';
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

/**
 * The labels this station knows, read once for many lookups (a queue page, a transaction's keys):
 * a key's own non-empty label first, then the address book's.
 */
export class LabelIndex {
  readonly #byHex = new Map<string, string>();
  readonly #keys = new Set<string>();
  readonly #book = new Set<string>();
  #known: string[] | null = null;

  constructor(store: Store) {
    for (const b of store.listLabels()) {
      const hex = bytesToHex(b.address);
      this.#book.add(hex);
      this.#byHex.set(hex, b.label);
    }
    for (const k of store.listKeys()) {
      const hex = bytesToHex(k.address);
      this.#keys.add(hex);
      if (k.label !== '') this.#byHex.set(hex, k.label);
    }
  }

  /** The label of `address` (bytes, Base58 or hex text), or null when it has none or is not an address. */
  labelOf(address: Uint8Array | string): string | null {
    const hex = hexOf(address);
    return hex === null ? null : (this.#byHex.get(hex) ?? null);
  }

  /** Whether this station holds the key of `address`. */
  isLocal(address: Uint8Array | string): boolean {
    const hex = hexOf(address);
    return hex !== null && this.#keys.has(hex);
  }

  /** Base58 of every address in the book or among the keys: what a look-alike imitates. */
  known(): string[] {
    if (this.#known === null) {
      // Base58 costs a double sha256 each: made once per index, and only when a view needs it.
      this.#known = [...new Set([...this.#keys, ...this.#book])].map((h) => addressToBase58(parseAddress(h)));
    }
    return this.#known;
  }

  /** The known address `address` imitates, with its label; null when it imitates none (shared/views/lookalike.ts). */
  lookalike(address: string): { imitates: string; label: string | null } | null {
    const imitates = lookalikeOf(address, this.known());
    return imitates === null ? null : { imitates, label: this.labelOf(imitates) };
  }
}

function hexOf(address: Uint8Array | string): string | null {
  if (address instanceof Uint8Array) return bytesToHex(address);
  try {
    return bytesToHex(parseAddress(address));
  } catch {
    return null;
  }
}

/**
 * Every Base58 address a shared view names (objects shaped `{hex, base58}`, shared/base/display.ts
 * AddressView), in the order met, without repeats: the owner, the recipient, a permission's keys.
 */
export function addressesIn(view: unknown): string[] {
  const out = new Set<string>();
  const walk = (x: unknown, depth: number): void => {
    if (depth > 32 || typeof x !== 'object' || x === null) return;
    if (Array.isArray(x)) {
      for (const item of x) walk(item, depth + 1);
      return;
    }
    const r = x as Record<string, unknown>;
    if (typeof r.hex === 'string' && typeof r.base58 === 'string' && Object.keys(r).length === 2) {
      out.add(r.base58);
      return;
    }
    for (const value of Object.values(r)) walk(value, depth + 1);
  };
  walk(view, 0);
  return [...out];
}
