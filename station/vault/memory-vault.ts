/**
 * An in-memory vault (the `Vault` contract of vault.ts), for tests that open the real station
 * without an OS keychain or a keystore file: the renderer's component tests, the Chromium tests,
 * the renderer benchmark and the screenshots script. It is a test double across a boundary this
 * project owns, so it keeps the contract's rules: key bytes handed in are taken (and the caller's
 * copy wiped), every key is wiped when deleted and when the vault is closed, and a missing key is
 * the same NOT_FOUND the keychain vault gives.
 *
 * Invariant: nothing in production can select it. It is not a `VaultKind` (it reports `keychain`,
 * the vault with no passphrase it stands in for), `openVault` and the `vault` setting never name it,
 * and a station uses it only when code passes an instance to `openStation` (`vaultBackend`).
 */
import { addressToBase58 } from '../../shared/chain/address.ts';
import { wipe } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { addressOfPrivateKey, generatePrivateKey, signDigest } from '../../shared/chain/keys.ts';
import type { ProofChallenge } from '../../shared/files/proof.ts';
import { checkVaultDigest, noIdentity, proofDigestToSign, takeKey, vaultAddress, type Vault, type VaultStatus } from './vault.ts';
import { identityPublicKeyOf, signUnderExporterTag } from './exporter-identity.ts';
import { memoryAuditSeal, type AuditSeal } from './audit-seal.ts';

export class MemoryVault implements Vault {
  readonly kind = 'keychain' as const;
  /** Base58 address → the vault's own copy of the key. */
  private readonly keys = new Map<string, Uint8Array>();
  private apiKey: Uint8Array | null = null;
  /** The station identity key (docs/decisions.md §16), apart from the signing keys. */
  private identity: Uint8Array | null = null;
  /** The audit key and anchor, in memory like the keys: one per vault object (docs/decisions.md §16). */
  private readonly seal = memoryAuditSeal();

  auditSeal(): AuditSeal {
    return this.seal;
  }

  async status(): Promise<VaultStatus> {
    const n = this.keys.size;
    return { kind: this.kind, available: true, message: `in-memory vault (tests), ${n} key${n === 1 ? '' : 's'}` };
  }

  async generate(): Promise<{ address: string }> {
    return { address: this.keep(generatePrivateKey()).address };
  }

  async importKey(secret: Uint8Array): Promise<{ address: string; created: boolean }> {
    return this.keep(takeKey(secret));
  }

  /** Keeps a copy of `key` unless held already; `key` itself is always wiped. */
  private keep(key: Uint8Array): { address: string; created: boolean } {
    try {
      const address = addressToBase58(addressOfPrivateKey(key));
      if (this.keys.has(address)) return { address, created: false };
      this.keys.set(address, Uint8Array.from(key));
      return { address, created: true };
    } finally {
      wipe(key);
    }
  }

  async list(): Promise<string[]> {
    return [...this.keys.keys()].sort();
  }

  async has(address: string): Promise<boolean> {
    return this.keys.has(vaultAddress(address));
  }

  async delete(address: string): Promise<boolean> {
    const name = vaultAddress(address);
    const key = this.keys.get(name);
    if (!key) return false;
    wipe(key);
    this.keys.delete(name);
    return true;
  }

  private key(address: string): Uint8Array {
    const name = vaultAddress(address);
    const key = this.keys.get(name);
    if (!key) fail('NOT_FOUND', `No key for ${name} in this station's vault`, { field: 'address', address: name });
    return key;
  }

  async sign(address: string, digest: Uint8Array): Promise<Uint8Array> {
    checkVaultDigest(digest);
    return signDigest(digest, this.key(address));
  }

  async signMany(address: string, digests: readonly Uint8Array[]): Promise<Uint8Array[]> {
    digests.forEach(checkVaultDigest);
    const key = this.key(address);
    return digests.map((d) => signDigest(d, key));
  }

  async signProof(address: string, challenge: ProofChallenge): Promise<Uint8Array> {
    const name = vaultAddress(address);
    return this.sign(name, proofDigestToSign(name, challenge));
  }

  async exporterPublicKey(): Promise<Uint8Array | null> {
    return this.identity === null ? null : identityPublicKeyOf(this.identity);
  }

  async createExporterIdentity(): Promise<Uint8Array> {
    this.identity ??= generatePrivateKey();
    return identityPublicKeyOf(this.identity);
  }

  async signAsExporter(bodyDigest: Uint8Array): Promise<{ publicKey: Uint8Array; signature: Uint8Array }> {
    if (this.identity === null) noIdentity();
    return signUnderExporterTag(this.identity, null, bodyDigest);
  }

  lock(): void {
    // Nothing is derived or cached beside the keys themselves, which live until delete or close.
  }

  /** Wipes every key and the API key: the end of the test station's life. */
  close(): void {
    for (const key of this.keys.values()) wipe(key);
    this.keys.clear();
    if (this.apiKey) wipe(this.apiKey);
    this.apiKey = null;
    if (this.identity) wipe(this.identity);
    this.identity = null;
  }

  async setApiKey(secret: Uint8Array): Promise<void> {
    try {
      if (this.apiKey) wipe(this.apiKey);
      this.apiKey = Uint8Array.from(secret);
    } finally {
      wipe(secret);
    }
  }

  async readApiKey(): Promise<Uint8Array | null> {
    return this.apiKey === null ? null : Uint8Array.from(this.apiKey);
  }

  async hasApiKey(): Promise<boolean> {
    return this.apiKey !== null;
  }

  async deleteApiKey(): Promise<boolean> {
    if (this.apiKey === null) return false;
    wipe(this.apiKey);
    this.apiKey = null;
    return true;
  }
}
