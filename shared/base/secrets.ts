/**
 * What a private key looks like as text, written once (docs/decisions.md §6 "secrets in error text", docs/decisions.md §15
 * "one home per fact"). A secp256k1 private key is 32 bytes, which people copy as 64 hex digits,
 * with or without `0x`. Every place that must not store, send or quote a pasted key asks here:
 * address fields (a key pasted where an address belongs is the likeliest slip), labels, notes that
 * travel in handoff files, the keys the station imports, and the excerpt rules that decide how much
 * of a bad input an error message may quote (shared/base/errors.ts).
 *
 * Invariant: one pattern, a run of hex digits, and its lengths below; nothing else in the product
 * writes its own `[0-9a-fA-F]{64}` (test/repo/one-home.test.ts keeps names single; a grep in the
 * reshape report keeps patterns single).
 */

/** Hex digits in a private key's written form: 32 bytes, two digits each. */
export const PRIVATE_KEY_HEX_DIGITS = 64;

/**
 * Text that is exactly a private key as people paste it: 64 hex digits, with or without 0x. The
 * station's keysImport argument is checked against it, so it is exported as a RegExp for valibot.
 */
export const PRIVATE_KEY_TEXT_RE = new RegExp(`^(0x)?[0-9a-fA-F]{${PRIVATE_KEY_HEX_DIGITS}}$`);

const hexRuns = new Map<number, RegExp>();

/** True when `text` holds a run of at least `length` hex digits (one regex per length, built once). */
export function hasHexRun(text: string, length: number): boolean {
  let re = hexRuns.get(length);
  if (re === undefined) {
    re = new RegExp(`[0-9a-fA-F]{${length}}`);
    hexRuns.set(length, re);
  }
  return re.test(text);
}

/** True when the whole of `text` is a private key's written form (64 hex digits, optional 0x). */
export function isPrivateKeyText(text: string): boolean {
  return PRIVATE_KEY_TEXT_RE.test(text);
}

/**
 * True when `text` holds a private key anywhere: a run of 64 or more hex digits (a key inside a
 * longer run is still a key). Used for free text that leaves the station: notes, labels, URLs.
 */
export function holdsPrivateKeyText(text: string): boolean {
  return hasHexRun(text, PRIVATE_KEY_HEX_DIGITS);
}
