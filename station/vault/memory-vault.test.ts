// The in-memory vault (station/vault/memory-vault.ts), the test double of the Vault contract the UI
// tests open the real station with: it signs as the other vaults sign, takes and wipes the key
// handed in, wipes each key on delete and every key on close, refuses a missing key with the
// keychain's NOT_FOUND, and cannot be chosen by a setting or a flag.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { addressOfPrivateKey, privateKeyFromHex } from '../../shared/chain/keys.ts';
import { recoverSigner } from '../../shared/chain/verify.ts';
import { MemoryVault } from './memory-vault.ts';
import { parseVaultKind } from './open-vault.ts';
import { codeOf, DIGEST } from '../../test/helpers/vault-helpers.ts';

const HEX = '1111111111111111111111111111111111111111111111111111111111111111';
const ADDRESS = addressToBase58(addressOfPrivateKey(privateKeyFromHex(HEX)));

/** The vault's own copy of a key, to see that it is wiped (the map is private on purpose). */
function heldCopy(v: MemoryVault, address: string): Uint8Array {
  return (v as unknown as { keys: Map<string, Uint8Array> }).keys.get(address)!;
}

describe('the in-memory vault', () => {
  it('takes a key (wiping the bytes handed in), lists it and signs digests that recover to it', async () => {
    const v = new MemoryVault();
    const secret = privateKeyFromHex(HEX);
    expect(await v.importKey(secret)).toEqual({ address: ADDRESS, created: true });
    expect([...secret].every((b) => b === 0)).toBe(true);
    expect(await v.importKey(privateKeyFromHex(HEX))).toEqual({ address: ADDRESS, created: false });
    expect(await v.list()).toEqual([ADDRESS]);
    expect(await v.has(ADDRESS)).toBe(true);
    const signature = await v.sign(ADDRESS, DIGEST);
    expect(addressToBase58(recoverSigner(signature, DIGEST))).toBe(ADDRESS);
    const many = await v.signMany(ADDRESS, [DIGEST, DIGEST]);
    expect(many.map((s) => addressToBase58(recoverSigner(s, DIGEST)))).toEqual([ADDRESS, ADDRESS]);
    const made = await v.generate();
    expect((await v.list()).sort()).toEqual([ADDRESS, made.address].sort());
  });

  it('wipes a key when it is deleted, and refuses to sign with it after (NOT_FOUND)', async () => {
    const v = new MemoryVault();
    await v.importKey(privateKeyFromHex(HEX));
    const copy = heldCopy(v, ADDRESS);
    expect(await v.delete(ADDRESS)).toBe(true);
    expect([...copy].every((b) => b === 0)).toBe(true);
    expect(await v.delete(ADDRESS)).toBe(false);
    expect(await codeOf(v.sign(ADDRESS, DIGEST))).toBe('NOT_FOUND');
    expect(await codeOf(v.signMany(ADDRESS, [DIGEST]))).toBe('NOT_FOUND');
  });

  it('wipes every key and the API key when closed', async () => {
    const v = new MemoryVault();
    await v.importKey(privateKeyFromHex(HEX));
    const copy = heldCopy(v, ADDRESS);
    await v.setApiKey(new TextEncoder().encode('api key'));
    expect(await v.hasApiKey()).toBe(true);
    v.close();
    expect([...copy].every((b) => b === 0)).toBe(true);
    expect(await v.list()).toEqual([]);
    expect(await v.hasApiKey()).toBe(false);
  });

  it('refuses a bad digest and a bad key as the other vaults do', async () => {
    const v = new MemoryVault();
    await v.importKey(privateKeyFromHex(HEX));
    await expect(v.sign(ADDRESS, new Uint8Array(31))).rejects.toThrow(/32 bytes/);
    const bad = new Uint8Array(32);
    await expect(v.importKey(bad)).rejects.toThrow();
    expect(await v.list()).toEqual([ADDRESS]);
  });

  it('cannot be chosen by a setting or a flag: no vault kind names it and only test code imports it', () => {
    expect(() => parseVaultKind('memory')).toThrow(/keychain or keystore/);
    const root = join(import.meta.dirname, '..', '..');
    const importers = ['station', 'electron', 'cli', 'shared']
      .flatMap((dir) => filesUnder(join(root, dir)))
      .filter((f) => /\.(ts|svelte)$/.test(f) && !f.endsWith('.test.ts') && !f.endsWith('memory-vault.ts'))
      .filter((f) => /from\s+['"][^'"]*memory-vault/.test(readFileSync(f, 'utf8')));
    expect(importers).toEqual([]);
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}
