/**
 * The written forms of the chain's two identifiers, each pattern written once (docs/decisions.md §15 "one home
 * per fact"): a token id (PROTOCOL.md §6: the node keys TRC-10 tokens by the decimal text of a
 * positive int64) and a txID (the SHA-256 of raw_data, 32 bytes, as 64 hex digits). The API's
 * schemas, the file readers, the station, the devnet and the renderer's forms all test text
 * against these. The field checks that refuse a bad one live in shared/chain/input.ts.
 *
 * Invariant: this module imports nothing but the int64 bounds, so the renderer's schemas can use it
 * without pulling in the address or signing code.
 */
import { INT64_MAX } from '../base/int64.ts';

/**
 * A token id's text: decimal digits of a positive int64, no sign, spaces or leading zeros
 * ("01000001" names no token). Up to 19 digits; isTokenIdText also holds it to INT64_MAX.
 */
export const TOKEN_ID_RE = /^[1-9][0-9]{0,18}$/;

/** A txID as typed or carried in any case: 64 hex digits (the station lowercases it). */
export const TXID_RE = /^[0-9a-fA-F]{64}$/;

/** A txID as the station stores and shows it: 64 lowercase hex digits. */
export const TXID_SHOWN_RE = /^[0-9a-f]{64}$/;

/** True when `text` is a token id as the node keys tokens (TOKEN_ID_RE and at most INT64_MAX). */
export function isTokenIdText(text: string): boolean {
  return typeof text === 'string' && TOKEN_ID_RE.test(text) && BigInt(text) <= INT64_MAX;
}

/** True when `text` is a txID in either case (TXID_RE). */
export function isTxIdText(text: unknown): text is string {
  return typeof text === 'string' && TXID_RE.test(text);
}
