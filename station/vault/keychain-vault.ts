/**
 * The OS-keychain vault (docs/decisions.md §7, "Vault"; DESIGN.md decision 7): Secret Service on Linux (pinned,
 * so the library never falls back to the kernel keyring, which forgets keys at reboot), macOS
 * Keychain, Windows Credential Manager, all through `@napi-rs/keyring`.
 *
 * Layout, per station (service names carry the station id, `station-id.ts`):
 * - `Airlock <id>`, account = address: the 32 key bytes, written and read as a binary secret.
 * - `Airlock <id> index`, account = address, password = the address again: the list of keys.
 * - `Airlock <id> api-key`, account = `node`: a hosted node's API key (docs/decisions.md §11), a binary secret.
 * - `Airlock <id> identity`, account = `key`: the station identity key (docs/decisions.md §16, exporter-identity.ts),
 *   a binary secret outside the index, so never listed and never used by `sign`.
 *   Listing uses the library's `findCredentials`, which returns every entry's secret as a JS string
 *   (it cannot be wiped, and on Windows it fails on bytes that are not UTF-16). So it is only ever
 *   called on the index, whose "secrets" are public addresses, never on the key entries.
 * A key is written before its index entry and deleted before it, so a crash leaves at worst a listed
 * address whose key is gone (signing says so; `delete` clears it), never a hidden key.
 *
 * Invariant: fail closed. Any keychain failure becomes VAULT_UNAVAILABLE with what to do; there is
 * no fallback to anything weaker.
 */
import { AsyncEntry, findCredentialsAsync, type EntryOptions } from '@napi-rs/keyring';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { wipe } from '../../shared/base/bytes.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { addressOfPrivateKey, generatePrivateKey, PRIVATE_KEY_LENGTH, signDigest } from '../../shared/chain/keys.ts';
import { keychainAdvice, keychainAuditSeal, type AuditSeal } from './audit-seal.ts';
import { stationId } from './station-id.ts';
import type { ProofChallenge } from '../../shared/files/proof.ts';
import { checkVaultDigest, noIdentity, proofDigestToSign, takeKey, vaultAddress, type Vault, type VaultStatus } from './vault.ts';
import { identityPublicKeyOf, signUnderExporterTag } from './exporter-identity.ts';

const ENTRY_OPTIONS: EntryOptions = { linux: { store: 'secret-service' } };

function unavailable(e: unknown): never {
  if (e instanceof AirlockError) throw e;
  const cause = e instanceof Error ? e.message : String(e);
  fail('VAULT_UNAVAILABLE', `The OS keychain cannot be used (${cause}). ${keychainAdvice()}`, { cause });
}

export class KeychainVault implements Vault {
  readonly kind = 'keychain' as const;
  readonly service: string;
  private readonly indexService: string;
  private seal: AuditSeal | null = null;

  constructor(dataDir: string) {
    this.service = `Airlock ${stationId(dataDir)}`;
    this.indexService = `${this.service} index`;
  }

  private entry(service: string, address: string): AsyncEntry {
    try {
      return new AsyncEntry(service, address, ENTRY_OPTIONS);
    } catch (e) {
      unavailable(e);
    }
  }

  /**
   * Lists, then writes and deletes a probe entry: reads succeed on a Secret Service whose collection
   * is missing or locked, so only a write shows that keys could be kept. On a desktop the write may
   * make the OS ask the person to unlock their keychain, which is what they would need anyway.
   */
  async status(): Promise<VaultStatus> {
    try {
      const n = (await this.list()).length;
      const probe = this.entry(`${this.service} probe`, 'probe');
      try {
        await probe.setPassword('probe');
        await probe.deleteCredential();
      } catch (e) {
        unavailable(e);
      }
      return { kind: this.kind, available: true, message: `OS keychain (${this.service}), ${n} key${n === 1 ? '' : 's'}` };
    } catch (e) {
      return { kind: this.kind, available: false, message: e instanceof Error ? e.message : String(e) };
    }
  }

  async list(): Promise<string[]> {
    let found;
    try {
      found = await findCredentialsAsync(this.indexService);
    } catch (e) {
      unavailable(e);
    }
    return found.map((c) => c.account).sort();
  }

  async has(address: string): Promise<boolean> {
    const key = await this.readKey(vaultAddress(address));
    if (key === null) return false;
    wipe(key);
    return true;
  }

  async generate(): Promise<{ address: string }> {
    const key = generatePrivateKey();
    return { address: (await this.store(key)).address };
  }

  async importKey(secret: Uint8Array): Promise<{ address: string; created: boolean }> {
    return this.store(takeKey(secret));
  }

  /** Keeps `key` (wiping it) unless already held. */
  private async store(key: Uint8Array): Promise<{ address: string; created: boolean }> {
    let read: Uint8Array | null = null;
    try {
      const address = addressToBase58(addressOfPrivateKey(key));
      read = await this.readKey(address);
      if (read !== null) {
        await this.writeIndex(address);
        return { address, created: false };
      }
      const entry = this.entry(this.service, address);
      try {
        await entry.setSecret(key);
      } catch (e) {
        unavailable(e);
      }
      try {
        await this.writeIndex(address);
      } catch (e) {
        await entry.deleteCredential().catch(() => false);
        throw e;
      }
      return { address, created: true };
    } finally {
      wipe(key);
      if (read) wipe(read);
    }
  }

  private async writeIndex(address: string): Promise<void> {
    try {
      await this.entry(this.indexService, address).setPassword(address);
    } catch (e) {
      unavailable(e);
    }
  }

  /** The key bytes for `address`, or null; the caller wipes them. */
  private async readKey(address: string): Promise<Uint8Array | null> {
    let raw: number[] | null;
    try {
      raw = await this.entry(this.service, address).getSecret();
    } catch (e) {
      unavailable(e);
    }
    if (raw === null) return null;
    try {
      if (raw.length !== PRIVATE_KEY_LENGTH) {
        fail('VAULT_UNAVAILABLE', `The keychain entry for ${address} in ${this.service} is not a 32-byte key; delete it and import the key again`, { address });
      }
      return Uint8Array.from(raw);
    } finally {
      raw.fill(0);
    }
  }

  async delete(address: string): Promise<boolean> {
    const name = vaultAddress(address);
    try {
      const hadKey = await this.entry(this.service, name).deleteCredential();
      const hadIndex = await this.entry(this.indexService, name).deleteCredential();
      return hadKey || hadIndex;
    } catch (e) {
      unavailable(e);
    }
  }

  async sign(address: string, digest: Uint8Array): Promise<Uint8Array> {
    const name = vaultAddress(address);
    checkVaultDigest(digest);
    const key = await this.readKey(name);
    if (key === null) fail('NOT_FOUND', `No key for ${name} in this station's keychain`, { field: 'address', address: name });
    try {
      return signDigest(digest, key);
    } finally {
      wipe(key);
    }
  }

  async signMany(address: string, digests: readonly Uint8Array[]): Promise<Uint8Array[]> {
    const name = vaultAddress(address);
    digests.forEach(checkVaultDigest);
    const key = await this.readKey(name);
    if (key === null) fail('NOT_FOUND', `No key for ${name} in this station's keychain`, { field: 'address', address: name });
    try {
      return digests.map((d) => signDigest(d, key));
    } finally {
      wipe(key);
    }
  }

  async signProof(address: string, challenge: ProofChallenge): Promise<Uint8Array> {
    const name = vaultAddress(address);
    return this.sign(name, proofDigestToSign(name, challenge));
  }

  lock(): void {
    // Nothing is cached: every use reads the key from the keychain and wipes it.
  }

  async setApiKey(secret: Uint8Array): Promise<void> {
    try {
      await this.entry(`${this.service} api-key`, 'node').setSecret(secret);
    } catch (e) {
      unavailable(e);
    } finally {
      wipe(secret);
    }
  }

  async readApiKey(): Promise<Uint8Array | null> {
    return this.readSecret(`${this.service} api-key`, 'node');
  }

  /** A binary secret beside the keys (the API key, the identity), or null; the caller wipes it. */
  private async readSecret(service: string, account: string): Promise<Uint8Array | null> {
    let raw: number[] | null;
    try {
      raw = await this.entry(service, account).getSecret();
    } catch (e) {
      unavailable(e);
    }
    if (raw === null) return null;
    const out = Uint8Array.from(raw);
    raw.fill(0);
    return out;
  }

  async hasApiKey(): Promise<boolean> {
    const k = await this.readApiKey();
    if (k) wipe(k);
    return k !== null;
  }

  async deleteApiKey(): Promise<boolean> {
    try {
      return await this.entry(`${this.service} api-key`, 'node').deleteCredential();
    } catch (e) {
      unavailable(e);
    }
  }

  /** The identity key's bytes, or null; the caller wipes them. */
  private readIdentity(): Promise<Uint8Array | null> {
    return this.readSecret(`${this.service} identity`, 'key');
  }

  async exporterPublicKey(): Promise<Uint8Array | null> {
    const key = await this.readIdentity();
    if (key === null) return null;
    try {
      return identityPublicKeyOf(key);
    } finally {
      wipe(key);
    }
  }

  async createExporterIdentity(): Promise<Uint8Array> {
    const held = await this.exporterPublicKey();
    if (held !== null) return held;
    const key = generatePrivateKey();
    try {
      await this.entry(`${this.service} identity`, 'key').setSecret(key);
      return identityPublicKeyOf(key);
    } catch (e) {
      unavailable(e);
    } finally {
      wipe(key);
    }
  }

  async signAsExporter(bodyDigest: Uint8Array): Promise<{ publicKey: Uint8Array; signature: Uint8Array }> {
    const key = await this.readIdentity();
    if (key === null) noIdentity();
    try {
      return signUnderExporterTag(key, null, bodyDigest);
    } finally {
      wipe(key);
    }
  }

  /** The audit key and anchor: two entries of their own under `Airlock <id> audit`. */
  auditSeal(): AuditSeal {
    return (this.seal ??= keychainAuditSeal(this.service));
  }
}
