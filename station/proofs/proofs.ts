/**
 * Proofs of possession on a station (docs/decisions.md §10, "Proof of possession"; formats in shared/files/proof.ts
 * and docs/handoff.md). The station proposing a permission change makes a challenge for each new
 * key and keeps it as pending (store: `key_proofs`, migration 4); the station holding the key signs
 * it in its vault; the proposing station imports the proof, which is stored only when it answers a
 * pending challenge made here, exactly as made, signed by the key, before it expired, and never
 * answered before. The Station class (services.ts) calls these with parsed addresses.
 *
 * Invariants: a refused file stores nothing and is refused with one sentence naming the file and
 * the field; a nonce counts once (a replayed proof is refused); key bytes stay in the vault, which
 * signs only a challenge it reads itself (vault.ts `proofDigestToSign`).
 */
import { randomBytes } from 'node:crypto';
import { addressToBase58, parseAddress, type Address } from '../../shared/chain/address.ts';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { parseBoundedJson } from '../../shared/files/envelope.ts';
import {
  describeChallenge,
  makeChallenge,
  NONCE_LENGTH,
  parseChallenge,
  permissionUpdateFromJson,
  proofFileName,
  proofPersonalMessage,
  stringifyChallenge,
  stringifyProof,
  type ProofChallenge,
} from '../../shared/files/proof.ts';
import { makeProofFile, parseProof } from '../../shared/files/proof-signature.ts';
import type { Store } from '../store/store.ts';
import type { KeyProofRecord } from '../store/proofs.ts';
import type { KeyRecord } from '../store/keys.ts';
import type { Vault } from '../vault/vault.ts';
import { MAX_PERMISSION_JSON_BYTES, MAX_PROOF_FILE_NAME } from '../../shared/base/limits.ts';

export interface ProofDeps {
  store: Store;
  vault: () => Vault;
  now: () => number;
  /** Signs a personal message with a key on a Ledger; the signature checked to recover to it. */
  device?: (key: KeyRecord, message: Uint8Array) => Promise<Uint8Array>;
}

export interface ProofChallengeView {
  fileName: string;
  text: string;
  account: string;
  key: string;
  permissionHash: string;
  nonce: string;
  expiresAt: number;
}

export interface ProofSignView {
  fileName: string;
  text: string;
  account: string;
  key: string;
  permissionHash: string;
  /** What was signed, in words (shared/files/proof.ts describeChallenge). */
  words: string[];
}

export interface ProvedKeyView {
  account: string;
  key: string;
  permissionHash: string;
  nonce: string;
  /** When this station verified and stored the proof, ms since the epoch. */
  provedAt: number;
  fileName: string;
}

/** A challenge for `key` to prove it is held, for the proposed permissions `permissionJson` of `account`; stored as pending. */
export function makeProofChallenge(
  deps: ProofDeps,
  input: { account: Address; key: Address; permissionJson: string; lifetimeMs?: number },
): ProofChallengeView {
  const contract = permissionUpdateFromJson(parseBoundedJson(input.permissionJson, 'permissionJson', MAX_PERMISSION_JSON_BYTES));
  const challenge = makeChallenge({
    account: input.account,
    key: input.key,
    contract,
    nonce: new Uint8Array(randomBytes(NONCE_LENGTH)),
    now: deps.now(),
    ...(input.lifetimeMs !== undefined && { lifetimeMs: input.lifetimeMs }),
  });
  deps.store.addProofChallenge({
    nonce: hexToBytes(challenge.nonce),
    account: input.account,
    permissionHash: hexToBytes(challenge.permissionHash),
    key: input.key,
    createdAt: challenge.createdAt,
    expiresAt: challenge.expiresAt,
  });
  return {
    fileName: proofFileName(challenge, 'challenge'),
    text: stringifyChallenge(challenge),
    account: challenge.account,
    key: challenge.key,
    permissionHash: challenge.permissionHash,
    nonce: challenge.nonce,
    expiresAt: challenge.expiresAt,
  };
}

/** Signs a challenge file with the key it names, which this station must hold; returns the proof file. */
export async function signProofChallenge(deps: ProofDeps, text: string): Promise<ProofSignView> {
  const challenge = parseChallenge(text, deps.now());
  const key = parseAddress(challenge.key);
  const held = deps.store.getKey(key);
  if (!held) {
    fail('NOT_FOUND', `challenge.key: this station holds no key for ${challenge.key}; the challenge is signed on the station that holds it`, {
      field: 'challenge.key',
    });
  }
  // A key on a Ledger (docs/decisions.md §23) signs the challenge as a personal message on the device.
  const signature =
    held.vault === 'ledger' && deps.device ? await deps.device(held, proofPersonalMessage(challenge)) : await deps.vault().signProof(challenge.key, challenge);
  const file = makeProofFile(challenge, signature);
  deps.store.appendAudit({
    action: 'proof.sign',
    subject: challenge.nonce,
    details: { account: challenge.account, key: challenge.key, permissionHash: challenge.permissionHash },
  });
  return {
    fileName: proofFileName(challenge, 'proof'),
    text: stringifyProof(file),
    account: challenge.account,
    key: challenge.key,
    permissionHash: challenge.permissionHash,
    words: describeChallenge(challenge),
  };
}

/** The members of a challenge a proof must carry exactly as this station made it. */
const COMPARED: readonly (keyof ProofChallenge)[] = ['account', 'key', 'permissionHash', 'createdAt', 'expiresAt'];

function storedValue(r: KeyProofRecord, member: keyof ProofChallenge): string | number {
  switch (member) {
    case 'account':
      return addressToBase58(r.account);
    case 'key':
      return addressToBase58(r.key);
    case 'permissionHash':
      return bytesToHex(r.permissionHash);
    case 'createdAt':
      return r.createdAt;
    default:
      return r.expiresAt;
  }
}

/** Verifies a proof file against the pending challenge it answers and stores it. */
export function importProofFile(deps: ProofDeps, input: { fileName: string; text: string }): ProvedKeyView {
  const name = input.fileName;
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_PROOF_FILE_NAME)
    fail('INVALID_INPUT', `fileName: from 1 to ${MAX_PROOF_FILE_NAME} characters`, { field: 'fileName' });
  let nonce: Uint8Array;
  let signature: Uint8Array;
  try {
    const proof = parseProof(input.text, deps.now());
    const c = proof.challenge;
    signature = proof.signature;
    nonce = hexToBytes(c.nonce);
    const stored = deps.store.getProof(nonce);
    if (!stored) {
      fail('NOT_FOUND', 'proof.challenge.nonce: this station made no challenge with this nonce; a proof is imported on the station that asked for it', {
        field: 'proof.challenge.nonce',
      });
    }
    if (stored.verifiedAt !== null) {
      fail('CONFLICT', `proof.challenge.nonce: this challenge was answered already, on ${new Date(stored.verifiedAt).toISOString()}; a proof counts once`, {
        field: 'proof.challenge.nonce',
      });
    }
    for (const member of COMPARED) {
      if (storedValue(stored, member) !== c[member]) {
        const what = member === 'permissionHash' ? 'it proves other permissions than the ones this station asked about' : 'the proof answers another challenge';
        fail('PERMISSION', `proof.challenge.${member}: differs from the challenge this station made; ${what}`, { field: `proof.challenge.${member}` });
      }
    }
  } catch (e) {
    if (e instanceof AirlockError) fail(e.code, `${name}: ${e.message}`, { ...e.details, file: name });
    throw e;
  }
  return provedKey(deps.store.recordProof({ nonce, signature, fileName: name }));
}

function provedKey(r: KeyProofRecord): ProvedKeyView {
  return {
    account: addressToBase58(r.account),
    key: addressToBase58(r.key),
    permissionHash: bytesToHex(r.permissionHash),
    nonce: bytesToHex(r.nonce),
    provedAt: r.verifiedAt ?? 0,
    fileName: r.fileName ?? '',
  };
}

/** Keys whose proofs this station verified, oldest first; of one account when given. */
export function listProvedKeys(deps: ProofDeps, account?: Address): ProvedKeyView[] {
  return deps.store.listProofs(account).map(provedKey);
}
