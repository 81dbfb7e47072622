/**
 * The key vault's contract (docs/decisions.md §7, "Vault"; DESIGN.md decision 7). Two backends implement it: the
 * OS keychain (`keychain-vault.ts`) and a passphrase-encrypted keystore file (`keystore-vault.ts`).
 *
 * Invariant: private key bytes never leave this layer. Callers name keys by address (Base58, the
 * chain's `T…` form) and get back addresses and 65-byte signatures, nothing else. Key bytes handed
 * in (`importKey`) are owned by the vault from then on and wiped before the call returns, whatever
 * happens. Every method is async because a keychain may wait on the person (an unlock prompt) and
 * scrypt runs off the main thread; the Electron main process must not block on either.
 */
import { addressToBase58, parseAddress } from '../../shared/chain/address.ts';
import { wipe } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { checkPrivateKey } from '../../shared/chain/keys.ts';
import { proofDigest, readChallenge, type ProofChallenge } from '../../shared/files/proof.ts';
import type { AuditSeal } from './audit-seal.ts';

export type VaultKind = 'keychain' | 'keystore';

export interface VaultStatus {
  kind: VaultKind;
  /** False when the vault cannot be used now; `message` then says why and what to do. */
  available: boolean;
  message?: string;
}

export interface Vault {
  readonly kind: VaultKind;
  /** Never throws: a missing keychain or a damaged keystore is reported, not raised. */
  status(): Promise<VaultStatus>;
  /** Makes a new key from the OS's CSPRNG and keeps it. */
  generate(): Promise<{ address: string }>;
  /**
   * Keeps a 32-byte private key. Always wipes `secret`, on success and on error. Importing a key
   * the vault already holds changes nothing and says so with `created: false`.
   */
  importKey(secret: Uint8Array): Promise<{ address: string; created: boolean }>;
  /** Addresses of the keys held, sorted. */
  list(): Promise<string[]>;
  has(address: string): Promise<boolean>;
  /** Removes the key for good. False when there was none. */
  delete(address: string): Promise<boolean>;
  /** Signs a 32-byte digest (a txID): r‖s‖v, v = 0/1, low S (shared/chain/keys.ts `signDigest`). */
  sign(address: string, digest: Uint8Array): Promise<Uint8Array>;
  /**
   * Signs many digests with one key, reading (and wiping) the key once: a CSV batch of 10,000
   * transfers would otherwise read and decrypt it 10,000 times. Same signatures as `sign`.
   */
  signMany(address: string, digests: readonly Uint8Array[]): Promise<Uint8Array[]>;
  /**
   * Signs a proof of possession (docs/decisions.md §10, shared/files/proof.ts) with the key `address`. It takes the
   * challenge, never a digest: the vault reads it again strictly (anything that is not a challenge
   * for this very key is refused) and signs only its domain-separated digest, which cannot be a
   * txID. There is deliberately no way to have the vault sign other 32 bytes as a proof.
   */
  signProof(address: string, challenge: ProofChallenge): Promise<Uint8Array>;
  /**
   * The station identity (docs/decisions.md §16, exporter-identity.ts): its compressed public key, or null when
   * none was made yet. Never among `list()`, never usable by `sign`.
   */
  exporterPublicKey(): Promise<Uint8Array | null>;
  /** Makes the station identity from the OS's CSPRNG unless there is one; its compressed public key either way. */
  createExporterIdentity(): Promise<Uint8Array>;
  /**
   * Signs sha256(EXPORTER_DOMAIN ‖ bodyDigest) (shared/files/exporter-signature.ts) with the identity
   * key: never a digest the caller chose, so it cannot sign a transaction or a proof. NOT_FOUND when
   * there is no identity.
   */
  signAsExporter(bodyDigest: Uint8Array): Promise<{ publicKey: Uint8Array; signature: Uint8Array }>;
  /** Forgets anything cached for this session (the keystore's derived key). Idempotent. */
  lock(): void;
  /**
   * A hosted node's API key (docs/decisions.md §11): one entry of its own kind beside the keys, never listed or
   * used as one. `setApiKey` replaces any earlier key and always wipes `secret`.
   */
  setApiKey(secret: Uint8Array): Promise<void>;
  /** The stored API key, or null; the caller wipes it. */
  readApiKey(): Promise<Uint8Array | null>;
  /** Whether an API key is stored (the keystore answers without its passphrase). */
  hasApiKey(): Promise<boolean>;
  /** Removes the API key. False when there was none. */
  deleteApiKey(): Promise<boolean>;
  /**
   * The station's audit seal (docs/decisions.md §16, audit-seal.ts): the HMAC key chaining the audit log and
   * the anchor kept outside the database. Synchronous and usable while the vault is locked; the
   * caller gets MACs, never the key.
   */
  auditSeal(): AuditSeal;
}

/** Any address form the shared parser accepts, as the Base58 name the vault files keys under. */
export function vaultAddress(address: string, what = 'address'): string {
  if (typeof address !== 'string') throw new TypeError(`${what}: expected a string`);
  return addressToBase58(parseAddress(address, what));
}

/** The refusal of an exporter signature asked of a vault with no station identity. */
export function noIdentity(): never {
  fail('NOT_FOUND', 'this station has no identity yet: show it (Settings, Trusted exporters) to make one', { field: 'identity' });
}

export function checkVaultDigest(digest: Uint8Array): Uint8Array {
  if (!(digest instanceof Uint8Array)) throw new TypeError('sign: digest must be bytes');
  if (digest.length !== 32) throw new RangeError(`sign: digest must be 32 bytes, got ${digest.length}`);
  return digest;
}

/**
 * The digest a proof of `challenge` signs, after reading the challenge strictly (shared/files/proof.ts
 * readChallenge refuses a transaction, a proof, an unknown version or member) and checking it asks
 * `address` itself. Expiry is the station's to judge: the vault has no clock.
 */
export function proofDigestToSign(address: string, challenge: unknown): Uint8Array {
  const c = readChallenge(challenge, 'challenge');
  if (c.key !== address) fail('PERMISSION', `challenge.key: the challenge asks ${c.key} to prove it is held, not ${address}`, { field: 'challenge.key' });
  return proofDigest(c);
}

/** Checks a key handed to `importKey`; a bad one is wiped before the error goes up (the vault owns it). */
export function takeKey(secret: Uint8Array): Uint8Array {
  try {
    return checkPrivateKey(secret, 'key');
  } catch (e) {
    if (secret instanceof Uint8Array) wipe(secret);
    throw e;
  }
}
