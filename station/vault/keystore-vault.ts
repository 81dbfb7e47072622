/**
 * The keystore vault: keys in one passphrase-encrypted file in the data directory, for machines
 * with no OS keychain (docs/decisions.md §7, "Vault"; the format is in `keystore-file.ts`). Chosen explicitly
 * (`--vault keystore`), never as a fallback for a keychain that failed.
 *
 * The passphrase comes from a `PassphraseSource` (`passphrase.ts`: a prompt, a file or a file
 * descriptor), asked only when keys must be decrypted or the file created; `list` and `has` read
 * the file's address list without it. The vault wipes each passphrase it receives as soon as scrypt
 * has run, keeps only the derived key until `lock()`, and decrypts the keys for each use, wiping
 * them in `finally`. Changes made through one vault object run one at a time (read, change, write),
 * so none is lost to another in flight; across processes the last writer wins whole (the file is
 * replaced atomically), which the station avoids by running one process per data directory.
 *
 * A hosted node's API key (docs/decisions.md §11) lives in a file of its own beside it, `api-key.json`, sealed
 * with AES-256-GCM under the keystore's derived key (so the same passphrase opens it); its
 * associated data binds it to the keystore's salt, so a copy from another station does not open.
 * The station identity key (docs/decisions.md §16) is sealed the same way in `exporter-identity.json`
 * (exporter-identity.ts), its public key readable without the passphrase.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { equalBytes, wipe } from '../../shared/base/bytes.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { addressOfPrivateKey, generatePrivateKey, PRIVATE_KEY_LENGTH, signDigest } from '../../shared/chain/keys.ts';
import {
  checkScryptParams,
  deriveKey,
  KEYSTORE_FILE,
  openKeystore,
  passphraseMatches,
  readKeystoreFile,
  SCRYPT_DEFAULT,
  sealKeystore,
  writeKeystoreFile,
  type DerivedKey,
  type KeystoreFile,
  type ScryptParams,
} from './keystore-file.ts';
import type { PassphraseSource } from './passphrase.ts';
import { fileAuditSeal, type AuditSeal } from './audit-seal.ts';
import type { ProofChallenge } from '../../shared/files/proof.ts';
import { checkVaultDigest, noIdentity, proofDigestToSign, takeKey, vaultAddress, type Vault, type VaultStatus } from './vault.ts';
import { openSealedIdentity, readSealedIdentity, signUnderExporterTag, writeSealedIdentity } from './exporter-identity.ts';

/** The API key's sealed file beside the keystore, and its format tag. */
export const API_KEY_FILE = 'api-key.json';
const API_KEY_FORMAT = 'airlock.api-key';

function apiKeyAad(salt: Uint8Array): Buffer {
  return Buffer.from(JSON.stringify([API_KEY_FORMAT, 1, Buffer.from(salt).toString('hex')]), 'utf8');
}

export interface KeystoreVaultOptions {
  dataDir: string;
  passphrase: PassphraseSource;
  /** scrypt cost for a new file; the default is SCRYPT_DEFAULT. Tests lower it to stay fast. */
  scrypt?: ScryptParams;
}

export class KeystoreVault implements Vault {
  readonly kind = 'keystore' as const;
  readonly path: string;
  private readonly passphrase: PassphraseSource;
  private readonly newParams: ScryptParams;
  private derived: DerivedKey | null = null;
  private seal: AuditSeal | null = null;
  /** The tail of the queue of changes: each waits for the one before to finish. */
  private changes: Promise<unknown> = Promise.resolve();

  constructor(options: KeystoreVaultOptions) {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    this.path = join(options.dataDir, KEYSTORE_FILE);
    this.passphrase = options.passphrase;
    this.newParams = checkScryptParams(options.scrypt ?? SCRYPT_DEFAULT, 'keystore options');
  }

  async status(): Promise<VaultStatus> {
    try {
      const file = readKeystoreFile(this.path);
      if (file === null) return { kind: this.kind, available: true, message: `no keystore yet at ${this.path}; the first key creates it` };
      const n = file.addresses.length;
      return { kind: this.kind, available: true, message: `keystore ${this.path}, ${n} key${n === 1 ? '' : 's'}` };
    } catch (e) {
      return { kind: this.kind, available: false, message: e instanceof Error ? e.message : String(e) };
    }
  }

  async list(): Promise<string[]> {
    return [...(readKeystoreFile(this.path)?.addresses ?? [])].sort();
  }

  async has(address: string): Promise<boolean> {
    return (await this.list()).includes(vaultAddress(address));
  }

  async generate(): Promise<{ address: string }> {
    return { address: (await this.add(generatePrivateKey())).address };
  }

  async importKey(secret: Uint8Array): Promise<{ address: string; created: boolean }> {
    return this.add(takeKey(secret));
  }

  async delete(address: string): Promise<boolean> {
    const name = vaultAddress(address);
    return this.oneAtATime(() => this.remove(name));
  }

  private async remove(name: string): Promise<boolean> {
    const file = readKeystoreFile(this.path);
    if (file === null || !file.addresses.includes(name)) return false;
    const { key, keys } = await this.unlock(file);
    const at = file.addresses.indexOf(name);
    const rest = new Uint8Array(keys.length - PRIVATE_KEY_LENGTH);
    try {
      rest.set(keys.subarray(0, at * PRIVATE_KEY_LENGTH), 0);
      rest.set(keys.subarray((at + 1) * PRIVATE_KEY_LENGTH), at * PRIVATE_KEY_LENGTH);
      writeKeystoreFile(
        this.path,
        sealKeystore(
          key,
          file.addresses.filter((a) => a !== name),
          rest,
        ),
      );
      return true;
    } finally {
      wipe(keys);
      wipe(rest);
    }
  }

  async sign(address: string, digest: Uint8Array): Promise<Uint8Array> {
    const name = vaultAddress(address);
    checkVaultDigest(digest);
    const file = readKeystoreFile(this.path);
    const at = file?.addresses.indexOf(name) ?? -1;
    if (file === null || at < 0) fail('NOT_FOUND', `No key for ${name} in the keystore ${this.path}`, { field: 'address', address: name });
    const { keys } = await this.unlock(file);
    try {
      return signDigest(digest, keys.subarray(at * PRIVATE_KEY_LENGTH, (at + 1) * PRIVATE_KEY_LENGTH));
    } finally {
      wipe(keys);
    }
  }

  async signMany(address: string, digests: readonly Uint8Array[]): Promise<Uint8Array[]> {
    const name = vaultAddress(address);
    digests.forEach(checkVaultDigest);
    const file = readKeystoreFile(this.path);
    const at = file?.addresses.indexOf(name) ?? -1;
    if (file === null || at < 0) fail('NOT_FOUND', `No key for ${name} in the keystore ${this.path}`, { field: 'address', address: name });
    const { keys } = await this.unlock(file);
    try {
      const key = keys.subarray(at * PRIVATE_KEY_LENGTH, (at + 1) * PRIVATE_KEY_LENGTH);
      return digests.map((d) => signDigest(d, key));
    } finally {
      wipe(keys);
    }
  }

  async signProof(address: string, challenge: ProofChallenge): Promise<Uint8Array> {
    const name = vaultAddress(address);
    return this.sign(name, proofDigestToSign(name, challenge));
  }

  /**
   * Proves the passphrase against the file now (asking the source unless this session already
   * holds the derived key): KEYSTORE_PASSPHRASE when it is wrong, and the derived key dropped.
   * False when there is no keystore yet, so nothing to check the passphrase against.
   */
  async checkPassphrase(): Promise<boolean> {
    const file = readKeystoreFile(this.path);
    if (file === null) return false;
    const { keys } = await this.unlock(file);
    wipe(keys);
    return true;
  }

  lock(): void {
    if (this.derived) wipe(this.derived.encryptionKey);
    this.derived = null;
  }

  private get apiKeyPath(): string {
    return join(this.path, '..', API_KEY_FILE);
  }

  /** The derived key of the keystore, creating an empty keystore when there is none yet. */
  private async derivedKey(): Promise<DerivedKey> {
    const file = readKeystoreFile(this.path);
    if (file === null) {
      const key = await this.create();
      writeKeystoreFile(this.path, sealKeystore(key, [], new Uint8Array(0)));
      return key;
    }
    const { key, keys } = await this.unlock(file);
    wipe(keys);
    return key;
  }

  setApiKey(secret: Uint8Array): Promise<void> {
    return this.oneAtATime(async () => {
      try {
        const key = await this.derivedKey();
        const iv = new Uint8Array(randomBytes(12));
        const cipher = createCipheriv('aes-256-gcm', key.encryptionKey, iv);
        cipher.setAAD(apiKeyAad(key.salt));
        const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
        const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
        const temp = `${this.apiKeyPath}.${randomBytes(6).toString('hex')}.tmp`;
        writeFileSync(
          temp,
          `${JSON.stringify({ format: API_KEY_FORMAT, version: 1, iv: hex(iv), tag: hex(cipher.getAuthTag()), ciphertext: hex(ciphertext) })}\n`,
          { mode: 0o600, flag: 'wx' },
        );
        renameSync(temp, this.apiKeyPath);
      } finally {
        wipe(secret);
      }
    });
  }

  async readApiKey(): Promise<Uint8Array | null> {
    if (!existsSync(this.apiKeyPath)) return null;
    const broken = (): never => fail('KEYSTORE_CORRUPT', `${this.apiKeyPath}: the stored API key cannot be read; set it again (airlock settings set-api-key)`);
    let sealed: { iv: Uint8Array; tag: Uint8Array; ciphertext: Uint8Array };
    try {
      const j = JSON.parse(readFileSync(this.apiKeyPath, 'utf8')) as Record<string, unknown>;
      const bytes = (v: unknown): Uint8Array => (typeof v === 'string' && /^([0-9a-f]{2}){1,1100}$/.test(v) ? new Uint8Array(Buffer.from(v, 'hex')) : broken());
      if (j.format !== API_KEY_FORMAT || j.version !== 1) broken();
      sealed = { iv: bytes(j.iv), tag: bytes(j.tag), ciphertext: bytes(j.ciphertext) };
    } catch {
      return broken();
    }
    const key = await this.derivedKey();
    const decipher = createDecipheriv('aes-256-gcm', key.encryptionKey, sealed.iv);
    decipher.setAAD(apiKeyAad(key.salt));
    try {
      decipher.setAuthTag(sealed.tag);
      return new Uint8Array(Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]));
    } catch {
      return broken();
    }
  }

  async hasApiKey(): Promise<boolean> {
    return existsSync(this.apiKeyPath);
  }

  async deleteApiKey(): Promise<boolean> {
    const had = existsSync(this.apiKeyPath);
    rmSync(this.apiKeyPath, { force: true });
    return had;
  }

  async exporterPublicKey(): Promise<Uint8Array | null> {
    return readSealedIdentity(join(this.path, '..'))?.publicKey ?? null;
  }

  createExporterIdentity(): Promise<Uint8Array> {
    return this.oneAtATime(async () => {
      const dir = join(this.path, '..');
      const held = readSealedIdentity(dir);
      if (held !== null) return held.publicKey;
      const derived = await this.derivedKey();
      const key = generatePrivateKey();
      try {
        return writeSealedIdentity(dir, derived.encryptionKey, derived.salt, key);
      } finally {
        wipe(key);
      }
    });
  }

  async signAsExporter(bodyDigest: Uint8Array): Promise<{ publicKey: Uint8Array; signature: Uint8Array }> {
    const dir = join(this.path, '..');
    const sealed = readSealedIdentity(dir);
    if (sealed === null) noIdentity();
    const derived = await this.derivedKey();
    const key = openSealedIdentity(dir, sealed, derived.encryptionKey, derived.salt);
    try {
      return signUnderExporterTag(key, sealed.publicKey, bodyDigest);
    } finally {
      wipe(key);
    }
  }

  /**
   * The audit key and anchor: owner-only files beside the keystore, readable without the
   * passphrase because the store appends entries while the keystore is locked (SECURITY.md).
   */
  auditSeal(): AuditSeal {
    return (this.seal ??= fileAuditSeal(join(this.path, '..')));
  }

  private oneAtATime<T>(change: () => Promise<T>): Promise<T> {
    const next = this.changes.then(change, change);
    this.changes = next.catch(() => undefined);
    return next;
  }

  /** Adds `secret` (always wiped), creating the file on the first key. */
  private add(secret: Uint8Array): Promise<{ address: string; created: boolean }> {
    return this.oneAtATime(() => this.addNow(secret));
  }

  private async addNow(secret: Uint8Array): Promise<{ address: string; created: boolean }> {
    let keys: Uint8Array | null = null;
    let all: Uint8Array | null = null;
    try {
      const address = addressToBase58(addressOfPrivateKey(secret));
      const file = readKeystoreFile(this.path);
      let key: DerivedKey;
      let addresses: string[];
      if (file === null) {
        key = await this.create();
        keys = new Uint8Array(0);
        addresses = [];
      } else {
        ({ key, keys } = await this.unlock(file));
        addresses = file.addresses;
        if (addresses.includes(address)) return { address, created: false };
      }
      all = new Uint8Array(keys.length + PRIVATE_KEY_LENGTH);
      all.set(keys, 0);
      all.set(secret, keys.length);
      writeKeystoreFile(this.path, sealKeystore(key, [...addresses, address], all));
      return { address, created: true };
    } finally {
      wipe(secret);
      if (keys) wipe(keys);
      if (all) wipe(all);
    }
  }

  /** A fresh salt and derived key for a new file. */
  private async create(): Promise<DerivedKey> {
    const passphrase = await this.passphrase('create');
    try {
      this.lock();
      this.derived = await deriveKey(passphrase, new Uint8Array(randomBytes(32)), this.newParams);
      return this.derived;
    } finally {
      wipe(passphrase);
    }
  }

  /**
   * Derives the key for `file` (asking for the passphrase unless this session already has it for
   * the same salt and cost), then decrypts and proves every key against its listed address.
   */
  private async unlock(file: KeystoreFile): Promise<{ key: DerivedKey; keys: Uint8Array }> {
    const cached = this.derived;
    const same =
      cached !== null &&
      equalBytes(cached.salt, file.kdf.salt) &&
      cached.params.n === file.kdf.n &&
      cached.params.r === file.kdf.r &&
      cached.params.p === file.kdf.p;
    if (!same) {
      this.lock();
      const passphrase = await this.passphrase('unlock');
      try {
        const { salt, ...params } = file.kdf;
        this.derived = await deriveKey(passphrase, salt, params);
      } finally {
        wipe(passphrase);
      }
    }
    const key = this.derived!;
    if (!passphraseMatches(file, key)) {
      this.lock();
      fail('KEYSTORE_PASSPHRASE', `Wrong passphrase for the keystore ${this.path}`);
    }
    const keys = openKeystore(file, key, this.path);
    try {
      file.addresses.forEach((address, i) => {
        const derivedAddress = addressToBase58(addressOfPrivateKey(keys.subarray(i * PRIVATE_KEY_LENGTH, (i + 1) * PRIVATE_KEY_LENGTH)));
        if (derivedAddress !== address) fail('KEYSTORE_CORRUPT', `${this.path}: a key does not match its listed address; restore the file from a backup`);
      });
    } catch (e) {
      wipe(keys);
      if (e instanceof AirlockError && e.code === 'KEYSTORE_CORRUPT') throw e;
      fail('KEYSTORE_CORRUPT', `${this.path}: a stored key is not a valid secp256k1 key; restore the file from a backup`);
    }
    return { key, keys };
  }
}
