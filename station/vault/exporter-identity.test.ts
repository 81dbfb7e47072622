// The station identity key in each vault (docs/decisions.md §16, exporter-identity.ts): made once and kept, its
// public key the same on every ask; never among the listed keys and never reachable by `sign`; and
// it signs only under the exporter domain tag, so handing it a txID yields no signature that
// counts for that transaction. The keystore seals it under the passphrase, yet shows the public
// key without asking for it; the key bytes are in no file in the clear.
import { mkdtempSync, rmSync } from 'node:fs';
import * as secp from '@noble/secp256k1';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addressFromPublicKey, addressToBase58 } from '../../shared/chain/address.ts';
import { equalBytes } from '../../shared/base/bytes.ts';
import { recoverPublicKey, recoverSigner } from '../../shared/chain/verify.ts';
import { compressedKey, exporterDigest } from '../../shared/files/exporter-signature.ts';
import { KeychainVault } from './keychain-vault.ts';
import { KeystoreVault } from './keystore-vault.ts';
import { MemoryVault } from './memory-vault.ts';
import { openSealedIdentity, readSealedIdentity } from './exporter-identity.ts';
import { deriveKey, KEYSTORE_FILE, readKeystoreFile } from './keystore-file.ts';
import type { Vault } from './vault.ts';
import { codeOf, DIGEST, keyTracesInFiles } from '../../test/helpers/vault-helpers.ts';

const root = mkdtempSync(join(tmpdir(), 'airlock-identity-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const PASS = 'identity test passphrase';
const SCRYPT = { n: 2 ** 14, r: 8, p: 1 };

const vaults: [string, () => Vault][] = [
  ['memory', () => new MemoryVault()],
  ['keychain', () => new KeychainVault(mkdtempSync(join(root, 'kc-')))],
  ['keystore', () => new KeystoreVault({ dataDir: mkdtempSync(join(root, 'ks-')), passphrase: async () => new TextEncoder().encode(PASS), scrypt: SCRYPT })],
];

describe.each(vaults)('the station identity in the %s vault', (_kind, make) => {
  it('is none until made, then one key: the same public key on every ask', async () => {
    const v = make();
    expect(await v.exporterPublicKey()).toBeNull();
    expect(await codeOf(v.signAsExporter(DIGEST))).toBe('NOT_FOUND');
    const made = await v.createExporterIdentity();
    expect(made).toHaveLength(33);
    expect(await v.exporterPublicKey()).toEqual(made);
    expect(await v.createExporterIdentity()).toEqual(made);
  });

  it('is never listed, never signs by address, and signs only under the exporter domain tag', async () => {
    const v = make();
    await v.generate();
    const publicKey = await v.createExporterIdentity();
    const address = addressToBase58(addressFromPublicKey(secp.Point.fromBytes(publicKey).toBytes(false)));
    expect(await v.list()).not.toContain(address);
    expect(await codeOf(v.sign(address, DIGEST))).toBe('NOT_FOUND');
    // Handed a txID, it signs sha256(tag ‖ txID): over the txID itself the signature recovers to someone else.
    const { signature } = await v.signAsExporter(DIGEST);
    expect(addressToBase58(recoverSigner(signature, DIGEST))).not.toBe(address);
    expect(equalBytes(compressedKey(recoverPublicKey(signature, exporterDigest(DIGEST)), 'signer'), publicKey)).toBe(true);
  });
});

describe('the keystore identity', () => {
  it('shows the public key without the passphrase, and keeps the key sealed: in no file in the clear', async () => {
    const dir = mkdtempSync(join(root, 'sealed-'));
    const v = new KeystoreVault({ dataDir: dir, passphrase: async () => new TextEncoder().encode(PASS), scrypt: SCRYPT });
    const made = await v.createExporterIdentity();
    const locked = new KeystoreVault({
      dataDir: dir,
      passphrase: async () => {
        throw new Error('the passphrase was asked for');
      },
      scrypt: SCRYPT,
    });
    expect(await locked.exporterPublicKey()).toEqual(made);
    const file = readKeystoreFile(join(dir, KEYSTORE_FILE))!;
    const derived = await deriveKey(new TextEncoder().encode(PASS), file.kdf.salt, file.kdf);
    const key = openSealedIdentity(dir, readSealedIdentity(dir)!, derived.encryptionKey, derived.salt);
    expect(keyTracesInFiles(key, dir)).toEqual([]);
  });
});
