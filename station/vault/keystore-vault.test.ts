// The keystore vault (docs/decisions.md §7, "Vault"; station/vault/keystore-*.ts): keys in one
// passphrase-encrypted file. Round trips, the file's format and cost, and each way a file can be bad
// (wrong passphrase, corrupted, truncated, unknown version, hostile parameters) with its own code.
// Tests create files at scrypt n = 2^14 (the lowest a file may ask for) to stay fast; one test
// proves a default file records the documented cost.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { addressOfPrivateKey, generatePrivateKey } from '../../shared/chain/keys.ts';
import { isLowS, recoverSigner } from '../../shared/chain/verify.ts';
import { KEYSTORE_FILE, SCRYPT_DEFAULT } from './keystore-file.ts';
import { KeystoreVault } from './keystore-vault.ts';
import { openVault, parseVaultKind } from './open-vault.ts';
import type { PassphraseSource } from './passphrase.ts';
import { codeOf, DIGEST, keyTraces, keyTracesInFiles, recorder } from '../../test/helpers/vault-helpers.ts';

const root = mkdtempSync(join(tmpdir(), 'airlock-keystore-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const FAST = { n: 2 ** 14, r: 8, p: 1 };

function fixed(text: string, calls: string[] = []): PassphraseSource {
  return async (purpose) => {
    calls.push(purpose);
    return new TextEncoder().encode(text);
  };
}
const never: PassphraseSource = async () => {
  throw new Error('the passphrase was asked for');
};

function vault(dataDir = join(root, `s${n++}`), passphrase = fixed('correct horse battery')): KeystoreVault {
  return new KeystoreVault({ dataDir, passphrase, scrypt: FAST });
}

async function vaultWithKey(): Promise<{ v: KeystoreVault; dir: string; address: string; key: Uint8Array }> {
  const dir = join(root, `s${n++}`);
  const v = vault(dir);
  const key = generatePrivateKey();
  const { address } = await v.importKey(Uint8Array.from(key));
  return { v, dir, address, key };
}

describe('keystore vault: keys round trip', () => {
  it('generate, import, list, sign, delete; signatures recover to the key address', async () => {
    const dir = join(root, `s${n++}`);
    const v = vault(dir);
    expect(await v.list()).toEqual([]);
    const { address: a } = await v.generate();
    const key = generatePrivateKey();
    const expected = addressToBase58(addressOfPrivateKey(key));
    const imported = await v.importKey(Uint8Array.from(key));
    expect(imported).toEqual({ address: expected, created: true });
    expect(await v.list()).toEqual([a, expected].sort());
    for (const address of [a, expected]) {
      const sig = await v.sign(address, DIGEST);
      expect(sig.length).toBe(65);
      expect(isLowS(sig)).toBe(true);
      expect(addressToBase58(recoverSigner(sig, DIGEST))).toBe(address);
    }
    expect(await v.has(expected)).toBe(true);
    expect(await v.delete(expected)).toBe(true);
    expect(await v.delete(expected)).toBe(false);
    expect(await v.list()).toEqual([a]);
    expect(await codeOf(v.sign(expected, DIGEST))).toBe('NOT_FOUND');
    // A second process (a new vault object) reads the same file with the same passphrase.
    const again = vault(dir);
    expect(addressToBase58(recoverSigner(await again.sign(a, DIGEST), DIGEST))).toBe(a);
  });

  it('importKey wipes the caller buffer, and importing a held key again changes nothing', async () => {
    const v = vault();
    const key = generatePrivateKey();
    const given = Uint8Array.from(key);
    const { address } = await v.importKey(given);
    expect(given.every((b) => b === 0)).toBe(true);
    const before = readFileSync(join((v as unknown as { path: string }).path));
    expect(await v.importKey(Uint8Array.from(key))).toEqual({ address, created: false });
    expect(readFileSync(v.path)).toEqual(before);
  });

  it('changes made at once through one vault all land (none lost to another in flight)', async () => {
    const v = vault();
    const made = await Promise.all([v.generate(), v.generate(), v.generate(), v.importKey(generatePrivateKey())]);
    expect(await v.list()).toEqual(made.map((m) => m.address).sort());
    await Promise.all(made.slice(0, 2).map((m) => v.delete(m.address)));
    expect(await v.list()).toEqual(
      made
        .slice(2)
        .map((m) => m.address)
        .sort(),
    );
  });

  it('list and has need no passphrase; the passphrase is asked once per session and again after lock()', async () => {
    const { dir, address } = await vaultWithKey();
    const reader = vault(dir, never);
    expect(await reader.list()).toEqual([address]);
    expect(await reader.has(address)).toBe(true);
    const calls: string[] = [];
    const signer = vault(dir, fixed('correct horse battery', calls));
    await signer.sign(address, DIGEST);
    await signer.sign(address, DIGEST);
    expect(calls).toEqual(['unlock']);
    signer.lock();
    await signer.sign(address, DIGEST);
    expect(calls).toEqual(['unlock', 'unlock']);
  });

  it('the file is mode 0600, replaced atomically (no temp file left), and records the format', async () => {
    const { v, dir, address } = await vaultWithKey();
    await v.generate();
    expect(statSync(v.path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).sort()).toEqual([KEYSTORE_FILE]);
    const json = JSON.parse(readFileSync(v.path, 'utf8'));
    expect(json).toMatchObject({ format: 'airlock.keystore', version: 1, kdf: { name: 'scrypt', ...FAST }, cipher: { name: 'aes-256-gcm' } });
    expect(json.addresses).toContain(address);
    expect(json.ciphertext).toMatch(/^[0-9a-f]{128}$/);
    expect(json.kdf.salt).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a new file gets the documented scrypt cost (n = 2^17, r = 8, p = 1) by default', async () => {
    const dir = join(root, `s${n++}`);
    const v = new KeystoreVault({ dataDir: dir, passphrase: fixed('correct horse battery') });
    await v.generate();
    expect(JSON.parse(readFileSync(v.path, 'utf8')).kdf).toMatchObject({ n: 2 ** 17, r: 8, p: 1 });
    expect(SCRYPT_DEFAULT).toEqual({ n: 2 ** 17, r: 8, p: 1 });
  });

  it('a weaker cost than 2^14 is refused when creating', () => {
    expect(() => new KeystoreVault({ dataDir: join(root, `s${n++}`), passphrase: never, scrypt: { n: 2 ** 12, r: 8, p: 1 } })).toThrow(
      /scrypt parameters out of range/,
    );
  });
});

describe('keystore vault: bad files each say what is wrong', () => {
  it('a wrong passphrase: KEYSTORE_PASSPHRASE, and the file is unchanged', async () => {
    const { dir, address } = await vaultWithKey();
    const before = readFileSync(join(dir, KEYSTORE_FILE));
    const wrong = vault(dir, fixed('correct horse battery!'));
    expect(await codeOf(wrong.sign(address, DIGEST))).toBe('KEYSTORE_PASSPHRASE');
    expect(await codeOf(wrong.generate())).toBe('KEYSTORE_PASSPHRASE');
    expect(await codeOf(wrong.delete(address))).toBe('KEYSTORE_PASSPHRASE');
    await expect(wrong.sign(address, DIGEST)).rejects.toThrow(/Wrong passphrase/);
    expect(readFileSync(join(dir, KEYSTORE_FILE))).toEqual(before);
  });

  it('a changed payload byte, tag or listed address: KEYSTORE_CORRUPT (authenticated, not just parsed)', async () => {
    const { v, dir } = await vaultWithKey();
    const second = (await v.generate()).address;
    const path = join(dir, KEYSTORE_FILE);
    const good = JSON.parse(readFileSync(path, 'utf8'));
    const edits: Array<(j: typeof good) => void> = [
      (j) => (j.ciphertext = (j.ciphertext[0] === '0' ? '1' : '0') + j.ciphertext.slice(1)),
      (j) => (j.cipher.tag = (j.cipher.tag[0] === '0' ? '1' : '0') + j.cipher.tag.slice(1)),
      (j) => (j.addresses = [...j.addresses].reverse()),
    ];
    for (const edit of edits) {
      const j = structuredClone(good);
      edit(j);
      writeFileSync(path, JSON.stringify(j));
      expect(await codeOf(vault(dir).sign(second, DIGEST))).toBe('KEYSTORE_CORRUPT');
    }
  });

  it('a file cut short anywhere: KEYSTORE_TRUNCATED; text that is whole but not a keystore: KEYSTORE_CORRUPT', async () => {
    const { dir } = await vaultWithKey();
    const path = join(dir, KEYSTORE_FILE);
    const good = readFileSync(path);
    for (const cut of [0, 1, 10, Math.floor(good.length / 2), good.length - 3]) {
      writeFileSync(path, good.subarray(0, cut));
      expect(await codeOf(vault(dir, never).list()), `cut at ${cut}`).toBe('KEYSTORE_TRUNCATED');
      expect((await vault(dir, never).status()).available).toBe(false);
    }
    for (const text of ['hello', '{"format": "airlock.keystore"}}', '[]', '{"format":"other","version":1}', '\u0000\u0001']) {
      writeFileSync(path, text);
      expect(await codeOf(vault(dir, never).list()), text).toBe('KEYSTORE_CORRUPT');
    }
  });

  it('an unknown version: KEYSTORE_VERSION, naming the version', async () => {
    const { dir } = await vaultWithKey();
    const path = join(dir, KEYSTORE_FILE);
    const j = JSON.parse(readFileSync(path, 'utf8'));
    j.version = 2;
    writeFileSync(path, JSON.stringify(j));
    expect(await codeOf(vault(dir, never).list())).toBe('KEYSTORE_VERSION');
    await expect(vault(dir, never).list()).rejects.toThrow(/version 2 is not one this Airlock reads/);
  });

  it('hostile parameters (huge or weak scrypt cost, odd lengths, __proto__, a 5 MB file) are refused before any passphrase is asked', async () => {
    const { dir, address } = await vaultWithKey();
    const path = join(dir, KEYSTORE_FILE);
    const good = JSON.parse(readFileSync(path, 'utf8'));
    const edits: Array<(j: typeof good) => void> = [
      (j) => (j.kdf.n = 2 ** 30),
      (j) => (j.kdf.n = 2 ** 10),
      (j) => (j.kdf.n = 3 * 2 ** 14),
      (j) => (j.kdf.r = 1e9),
      (j) => (j.kdf.salt = 'ab'),
      (j) => (j.cipher.iv = 'zz'.repeat(12)),
      (j) => (j.ciphertext = j.ciphertext + '00'),
      (j) => (j.addresses = [address, address]),
      (j) => (j.addresses = ['__proto__']),
      (j) => (j.addresses = { __proto__: [] }),
    ];
    for (const edit of edits) {
      const j = structuredClone(good);
      edit(j);
      writeFileSync(path, JSON.stringify(j));
      expect(await codeOf(vault(dir, never).sign(address, DIGEST))).toBe('KEYSTORE_CORRUPT');
    }
    writeFileSync(path, `{"format":"airlock.keystore","version":1,"pad":"${'a'.repeat(5 * 1024 * 1024)}"}`);
    expect(await codeOf(vault(dir, never).list())).toBe('KEYSTORE_CORRUPT');
  });
});

describe('keystore vault: hostile keys and the key-bytes scan', () => {
  it('a key of the wrong length, 0, n or above n: BAD_KEY, the buffer wiped, nothing stored', async () => {
    const v = vault();
    const N = Buffer.from('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141', 'hex');
    const Nplus = Buffer.from(N);
    Nplus[31]! += 1;
    const bad = [
      new Uint8Array(31).fill(7),
      new Uint8Array(33).fill(7),
      new Uint8Array(32),
      new Uint8Array(N),
      new Uint8Array(Nplus),
      new Uint8Array(32).fill(0xff),
    ];
    for (const key of bad) {
      expect(await codeOf(v.importKey(key))).toBe('BAD_KEY');
      expect(key.every((b) => b === 0)).toBe(true);
    }
    expect(await v.list()).toEqual([]);
    await expect(v.sign(addressToBase58(addressOfPrivateKey(generatePrivateKey())), new Uint8Array(31))).rejects.toThrow(/32 bytes/);
  });

  it('no file, result or error message holds the key, raw or hex', async () => {
    const dir = join(root, `s${n++}`);
    const v = vault(dir);
    const key = generatePrivateKey();
    const { outputs, record } = recorder();
    await record(v.importKey(Uint8Array.from(key)));
    const address = addressToBase58(addressOfPrivateKey(key));
    await record(v.list());
    await record(v.status());
    await record(v.sign(address, DIGEST).then((s) => Buffer.from(s).toString('hex')));
    await record(vault(dir, fixed('wrong passphrase')).sign(address, DIGEST));
    const path = join(dir, KEYSTORE_FILE);
    const j = JSON.parse(readFileSync(path, 'utf8'));
    j.ciphertext = (j.ciphertext[0] === '0' ? '1' : '0') + j.ciphertext.slice(1);
    writeFileSync(path, JSON.stringify(j));
    await record(vault(dir).sign(address, DIGEST));
    writeFileSync(path, JSON.stringify(j).slice(0, 100));
    await record(vault(dir).sign(address, DIGEST));
    await record(v.importKey(Uint8Array.from(key.subarray(0, 31))));
    expect(outputs.length).toBeGreaterThanOrEqual(8);
    expect([...keyTracesInFiles(key, dir), ...keyTraces(key, JSON.stringify(outputs), 'outputs')]).toEqual([]);
  });
});

describe('openVault: the station picks its vault explicitly', () => {
  it('--vault keystore opens the keystore, keychain the keychain; anything else is refused naming the option', () => {
    const dataDir = join(root, `s${n++}`);
    expect(openVault(parseVaultKind('keystore'), { dataDir, passphrase: never }).kind).toBe('keystore');
    expect(openVault(parseVaultKind('keychain'), { dataDir, passphrase: never }).kind).toBe('keychain');
    for (const bad of ['plaintext', 'Keychain', '', undefined, '__proto__']) {
      expect(() => parseVaultKind(bad)).toThrow(/--vault: expected keychain or keystore/);
    }
  });
});

describe("keystore vault: a hosted node's API key (issue 11)", () => {
  const API_KEY = '3f0c9e1a-7b2d-4c5e-9a8f-1d2e3c4b5a69';
  const bytes = (): Uint8Array => new TextEncoder().encode(API_KEY);

  it('round trips in a sealed file of its own, wiping what it was given; keys and the key list are untouched', async () => {
    const { v, dir, address } = await vaultWithKey();
    expect(await v.hasApiKey()).toBe(false);
    expect(await v.readApiKey()).toBeNull();
    const given = bytes();
    await v.setApiKey(given);
    expect(given.every((b) => b === 0)).toBe(true);
    expect(new TextDecoder().decode((await v.readApiKey())!)).toBe(API_KEY);
    expect(await v.list()).toEqual([address]);
    expect((await v.sign(address, DIGEST)).length).toBe(65);
    // Another session with the same passphrase reads it; `has` needs no passphrase at all.
    expect(new TextDecoder().decode((await vault(dir).readApiKey())!)).toBe(API_KEY);
    expect(await vault(dir, never).hasApiKey()).toBe(true);
    const files = readdirSync(dir).filter((f) => f !== KEYSTORE_FILE && f !== 'station-id');
    expect(files).toContain('api-key.json');
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8');
      expect(text.includes(API_KEY) || text.includes(Buffer.from(API_KEY).toString('hex'))).toBe(false);
    }
    expect(await v.deleteApiKey()).toBe(true);
    expect(await v.deleteApiKey()).toBe(false);
    expect(await v.readApiKey()).toBeNull();
    expect(await v.list()).toEqual([address]);
  });

  it('on a station with no keystore yet it creates an empty one (asking for a new passphrase) to seal under', async () => {
    const dir = join(root, `s${n++}`);
    const calls: string[] = [];
    const v = vault(dir, fixed('correct horse battery', calls));
    await v.setApiKey(bytes());
    expect(calls).toEqual(['create']);
    expect(await v.list()).toEqual([]);
    const { address } = await v.generate();
    expect(await v.list()).toEqual([address]);
    expect(new TextDecoder().decode((await vault(dir).readApiKey())!)).toBe(API_KEY);
  });

  it('a wrong passphrase, a changed file, or the file of another station does not open, and nothing quotes the key', async () => {
    const one = await vaultWithKey();
    const two = await vaultWithKey();
    await one.v.setApiKey(bytes());
    await two.v.setApiKey(new TextEncoder().encode('another-key'));
    expect(await codeOf(vault(one.dir, fixed('wrong passphrase')).readApiKey())).toBe('KEYSTORE_PASSPHRASE');
    const path = join(one.dir, 'api-key.json');
    const sealed = readFileSync(path, 'utf8');
    const j = JSON.parse(sealed);
    j.ciphertext = (j.ciphertext[0] === '0' ? '1' : '0') + j.ciphertext.slice(1);
    writeFileSync(path, JSON.stringify(j));
    const changed = vault(one.dir).readApiKey();
    expect(await codeOf(changed)).toBe('KEYSTORE_CORRUPT');
    writeFileSync(path, '{"format":"airlock.api-key","version":1,"iv":"zz"}');
    expect(await codeOf(vault(one.dir).readApiKey())).toBe('KEYSTORE_CORRUPT');
    // The same passphrase on another station: the salt bound in differs, so the copy does not open.
    writeFileSync(join(two.dir, 'api-key.json'), sealed);
    const message = await vault(two.dir)
      .readApiKey()
      .then(
        () => 'opened',
        (e: Error) => e.message,
      );
    expect(message).toContain('cannot be read; set it again');
    expect(message).not.toContain(API_KEY);
  });
});
