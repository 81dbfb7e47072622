/**
 * The read-aloud checksum of a txID (docs/decisions.md §9 "the txID with a short checksum people can read aloud
 * to compare between screens"). Two people comparing 64 hex digits over the phone skip digits; they
 * compare five characters instead.
 *
 * Scheme (stable: the CLI and other tools may print it too): sha256 of the txID's 32 bytes, its
 * first 25 bits as five Crockford base32 characters (0-9 and A-Z without I, L, O, U, so nothing
 * reads as another character), shown as `ABC-DE` and spoken with the NATO alphabet and digit
 * names. Hashing again means a change anywhere in the txID changes the checksum (a prefix would
 * miss a typo at the end); 25 bits make an accidental match of two different txIDs 1 in 33 million.
 * It is a comparison aid, not a security check: the txID itself is what the signature covers.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToFixedBytes } from '../base/bytes.ts';

/** Crockford base32: 0-9 and A-Z without I, L, O, U (also the exporter fingerprint's alphabet, shared/files/exporter-signature.ts). */
export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The word each Crockford character is read aloud as (NATO alphabet, digit names); also the exporter fingerprint's words. */
export const SPOKEN: Readonly<Record<string, string>> = {
  '0': 'zero',
  '1': 'one',
  '2': 'two',
  '3': 'three',
  '4': 'four',
  '5': 'five',
  '6': 'six',
  '7': 'seven',
  '8': 'eight',
  '9': 'nine',
  A: 'Alfa',
  B: 'Bravo',
  C: 'Charlie',
  D: 'Delta',
  E: 'Echo',
  F: 'Foxtrot',
  G: 'Golf',
  H: 'Hotel',
  J: 'Juliett',
  K: 'Kilo',
  M: 'Mike',
  N: 'November',
  P: 'Papa',
  Q: 'Quebec',
  R: 'Romeo',
  S: 'Sierra',
  T: 'Tango',
  V: 'Victor',
  W: 'Whiskey',
  X: 'X-ray',
  Y: 'Yankee',
  Z: 'Zulu',
};

export interface ReadAloud {
  /** `ABC-DE` */
  code: string;
  /** One word per character, in order. */
  words: string[];
}

export function readAloudChecksum(txIdHex: string): ReadAloud {
  const digest = sha256(hexToFixedBytes(txIdHex.toLowerCase(), 32, 'txID'));
  // The first 25 bits: bytes 0-3 give 32, of which the top 25 are used.
  const bits = ((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!) >>> 7;
  let chars = '';
  for (let i = 4; i >= 0; i--) chars += CROCKFORD[(bits >>> (i * 5)) & 31];
  return { code: `${chars.slice(0, 3)}-${chars.slice(3)}`, words: [...chars].map((c) => SPOKEN[c]!) };
}
