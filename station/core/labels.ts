/**
 * Labels for the views (docs/decisions.md §10 "labels for addresses, used everywhere an address is shown; a
 * warning when an address looks like a known one but differs"): `LabelIndex` resolves the label of
 * any address (a key's own label first, then the address book's), and `lookalikeWarnings` says when
 * an address a view names imitates a known one. Shared by every feature that shows addresses; the
 * book itself (reading and storing labels) is station/address-book/.
 *
 * Invariants: labels are kept in Maps, never as keys of plain objects (`__proto__` is just text);
 * a warning quotes a label only escaped (shared/base/escape.ts).
 */
import { addressToBase58, parseAddress } from '../../shared/chain/address.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { escapeText } from '../../shared/base/escape.ts';
import { lookalikeOf } from '../../shared/views/lookalike.ts';
import type { Store } from '../store/store.ts';

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

/** One sentence per address `view` names that imitates a known one (shared/views/lookalike.ts), for a build's warnings. */
export function lookalikeWarnings(labels: LabelIndex, view: unknown): string[] {
  return addressesIn(view).flatMap((address) => {
    const l = labels.lookalike(address);
    if (l === null) return [];
    const name = l.label === null ? '' : ` ("${escapeText(l.label)}")`;
    return [`look-alike address: ${address} is not in the address book but starts and ends like ${l.imitates}${name}; check every character`];
  });
}
