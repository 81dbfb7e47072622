/**
 * Look-alike addresses (docs/decisions.md §10 "Address book": a warning when an address looks like a known one
 * but differs). People check an address by its first and last few characters; an attacker who
 * grinds keys until the ends match (address poisoning) gets an address that passes that glance.
 * So an address that is NOT known (in the address book or a key of this station) but shares the
 * first LOOKALIKE_PREFIX and last LOOKALIKE_SUFFIX characters of its Base58 form with a known one
 * is a look-alike of it.
 *
 * Invariants: a known address is never flagged (the identical address is not a look-alike of
 * itself); the answer depends only on the Base58 text, so the station and the renderer agree.
 * Addresses typed as hex (41…) are compared in their Base58 form. Plain string work: no node:*.
 */
import { addressToBase58, parseAddress } from '../chain/address.ts';

/** How many leading Base58 characters a glance checks (the first is always `T`). */
export const LOOKALIKE_PREFIX = 4;
/** How many trailing Base58 characters a glance checks. */
export const LOOKALIKE_SUFFIX = 4;

/** The Base58 form of `address` (hex 41… converted), or null when it is not an address. */
function base58Of(address: string): string | null {
  const t = address.trim();
  if (t.length < LOOKALIKE_PREFIX + LOOKALIKE_SUFFIX) return null;
  if (t.startsWith('T')) return t;
  if (!/^(0x)?41[0-9a-fA-F]{40}$/.test(t)) return null;
  try {
    return addressToBase58(parseAddress(t.replace(/^0x/, '')));
  } catch {
    return null;
  }
}

/** Whether two different texts share the glanced-at ends. */
function sameEnds(a: string, b: string): boolean {
  return (
    a !== b &&
    a.length === b.length &&
    a.slice(0, LOOKALIKE_PREFIX) === b.slice(0, LOOKALIKE_PREFIX) &&
    a.slice(-LOOKALIKE_SUFFIX) === b.slice(-LOOKALIKE_SUFFIX)
  );
}

/**
 * The known address `address` imitates, or null: null when `address` is itself known, when it is not
 * an address, or when no known address shares its first and last characters. `known` holds Base58
 * addresses (the book's and the keys'); entries that are not text are ignored.
 */
export function lookalikeOf(address: string, known: readonly string[]): string | null {
  if (typeof address !== 'string' || !Array.isArray(known)) return null;
  const a = base58Of(address);
  if (a === null) return null;
  let match: string | null = null;
  for (const k of known) {
    if (typeof k !== 'string') continue;
    if (k === a) return null;
    if (match === null && sameEnds(a, k)) match = k;
  }
  return match;
}

/** An address cut in three for a warning: the ends it shares with the other, and the middle that differs. */
export interface AddressParts {
  start: string;
  middle: string;
  end: string;
}

/**
 * `address` and `other` each cut where they start and stop differing (the longest common prefix and,
 * in what is left, the longest common suffix), so a warning can highlight the middles.
 */
export function differingParts(address: string, other: string): { address: AddressParts; other: AddressParts } {
  let p = 0;
  while (p < address.length && p < other.length && address[p] === other[p]) p++;
  let s = 0;
  while (s < address.length - p && s < other.length - p && address[address.length - 1 - s] === other[other.length - 1 - s]) s++;
  const cut = (x: string): AddressParts => ({ start: x.slice(0, p), middle: x.slice(p, x.length - s), end: x.slice(x.length - s) });
  return { address: cut(address), other: cut(other) };
}
