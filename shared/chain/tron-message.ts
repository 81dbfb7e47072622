/**
 * TRON's personal-message digest (TIP-191, as the TRON Ledger app and TronLink sign it):
 * keccak256("\x19TRON Signed Message:\n" ‖ the message's length in decimal ‖ the message). A
 * signature over it can never be a transaction's (a txID is sha256 of Transaction.raw bytes).
 *
 * Invariant: the length is the message's byte length, written in ASCII decimal, as the app hashes it.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes, utf8ToBytes } from '../base/bytes.ts';

export const TRON_MESSAGE_PREFIX = '\x19TRON Signed Message:\n';

/** The 32 bytes a key signs for the personal message `message`. */
export function tronMessageDigest(message: Uint8Array): Uint8Array {
  return keccak_256(concatBytes(utf8ToBytes(`${TRON_MESSAGE_PREFIX}${message.length}`), message));
}
