/**
 * The proof of possession file's signature (docs/decisions.md §10; the format is in shared/files/proof.ts and
 * docs/handoff.md): reading a proof file strictly and checking that its signature recovers
 * (shared/chain/verify.ts) to the key its challenge names, over that challenge's domain-separated digest.
 *
 * Kept apart from shared/files/proof.ts because recovery loads libsecp256k1 as WebAssembly: the renderer
 * reads challenges (to show what signing one means) but never checks a signature, so it imports
 * only shared/files/proof.ts and its bundle stays without the 1.2 MB module. The station checks every
 * proof here before storing it.
 *
 * Invariant: a proof is valid only when its signature recovers to the challenge's key, over the
 * challenge's digest or (a key on a Ledger, docs/decisions.md §23) over the TRON personal-message digest of
 * `proofPersonalMessage`, which names that digest; anything else is a coded refusal naming
 * `proof.signature`.
 */
import { addressToBase58 } from '../chain/address.ts';
import { bytesToHex, hexToBytes } from '../base/bytes.ts';
import { parseBoundedJson, strictObject } from './envelope.ts';
import { AirlockError, fail } from '../base/errors.ts';
import {
  CHALLENGE_KIND,
  checkVersionAndKind,
  PROOF_KIND,
  PROOF_MEMBERS,
  PROOF_VERSION,
  proofDigest,
  proofPersonalMessage,
  readChallenge,
  type ProofChallenge,
  type ProofFile,
} from './proof.ts';
import { recoverSigner, SIGNATURE_LENGTH } from '../chain/verify.ts';
import { tronMessageDigest } from '../chain/tron-message.ts';
import { MAX_PROOF_FILE_BYTES } from '../base/limits.ts';

/** A proof file for `challenge` with `signature`, checked as a receiving station will check it. */
export function makeProofFile(challenge: ProofChallenge, signature: Uint8Array): ProofFile {
  const file: ProofFile = { version: PROOF_VERSION, kind: PROOF_KIND, challenge: readChallenge(challenge, 'challenge'), signature: bytesToHex(signature) };
  verifyProof(file);
  return file;
}

export interface VerifiedProof {
  challenge: ProofChallenge;
  signature: Uint8Array;
}

/** Reads a proof file's text: strict, not expired, and signed by the challenge's key. */
export function parseProof(text: unknown, now: number): VerifiedProof {
  const value = parseBoundedJson(text, 'proof', MAX_PROOF_FILE_BYTES);
  checkVersionAndKind(value, 'proof', PROOF_KIND, {
    [CHALLENGE_KIND]: 'this is a challenge (not yet answered); sign it on the station that holds the key with proof sign',
  });
  const v = strictObject(value, 'proof', PROOF_MEMBERS);
  const challenge = readChallenge(v.challenge, 'proof.challenge', now);
  if (typeof v.signature !== 'string' || !/^[0-9a-fA-F]{130}$/.test(v.signature)) {
    fail('BAD_JSON', `proof.signature: expected ${SIGNATURE_LENGTH} bytes as ${SIGNATURE_LENGTH * 2} hex digits`, { field: 'proof.signature' });
  }
  const file: ProofFile = { version: PROOF_VERSION, kind: PROOF_KIND, challenge, signature: v.signature.toLowerCase() };
  return { challenge, signature: verifyProof(file) };
}

/** The signature's bytes when it recovers to the challenge's key; a coded refusal otherwise. */
function verifyProof(file: ProofFile): Uint8Array {
  const signature = hexToBytes(file.signature, 'proof.signature');
  let signer: string;
  try {
    signer = addressToBase58(recoverSigner(signature, proofDigest(file.challenge)));
    // A key on a Ledger (docs/decisions.md §23) signs the challenge as a TRON personal message instead.
    if (signer !== file.challenge.key) signer = addressToBase58(recoverSigner(signature, tronMessageDigest(proofPersonalMessage(file.challenge))));
  } catch (e) {
    if (e instanceof AirlockError)
      fail('PERMISSION', `proof.signature: no key can be recovered from it (${e.message}); the file was changed or damaged`, { field: 'proof.signature' });
    throw e;
  }
  if (signer !== file.challenge.key) {
    fail('PERMISSION', `proof.signature: it was not made by ${file.challenge.key} over this challenge; the file was changed, or another key signed it`, {
      field: 'proof.signature',
    });
  }
  return signature;
}
