// The keychain vault against a real Secret Service (docs/decisions.md §7, "Vault"; station/vault/
// keychain-vault.ts). `npm test` provides one: scripts/run-tests.mjs runs vitest inside
// `dbus-run-session` with an unlocked gnome-keyring-daemon when none is reachable. Without one these
// tests fail, saying what to install; they never skip. Proofs of possession (docs/decisions.md §10) are signed here
// only from a challenge for the vault's own key.
//
// Each test uses its own data directory, so its own station id and keychain service, and deletes
// its entries afterwards.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findCredentials } from '@napi-rs/keyring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressToBase58, addressToHex, parseAddress } from '../../shared/chain/address.ts';
import { addressOfPrivateKey, generatePrivateKey } from '../../shared/chain/keys.ts';
import { isLowS, recoverSigner } from '../../shared/chain/verify.ts';
import { encodeOperationsHex } from '../../shared/chain/operations.ts';
import { makeChallenge, permissionUpdateFromJson, proofDigest, type ProofChallenge } from '../../shared/files/proof.ts';
import { KeychainVault } from './keychain-vault.ts';
import { STATION_ID_FILE } from './station-id.ts';
import { codeOf, DIGEST, keyTraces, keyTracesInFiles, recorder } from '../../test/helpers/vault-helpers.ts';

const root = mkdtempSync(join(tmpdir(), 'airlock-keychain-'));
const opened: KeychainVault[] = [];
let n = 0;

function station(dir = join(root, `s${n++}`)): KeychainVault {
  const v = new KeychainVault(dir);
  opened.push(v);
  return v;
}

beforeAll(async () => {
  const status = await station().status();
  if (!status.available) {
    throw new Error(
      `No Secret Service for the keychain tests (${status.message}). Install gnome-keyring and dbus ` +
        '(apt-get install gnome-keyring dbus) and run them through `npm test`, which starts both.',
    );
  }
});

afterAll(async () => {
  for (const v of opened) {
    for (const address of await v.list().catch(() => [])) await v.delete(address);
    await v.deleteApiKey().catch(() => false);
  }
  rmSync(root, { recursive: true, force: true });
});

describe('keychain vault on the Secret Service', () => {
  it('signs a proof of possession only from a challenge for its own key (issue 10)', async () => {
    const v = station();
    const key = generatePrivateKey();
    const { address } = await v.importKey(Uint8Array.from(key));
    const owner = addressToBase58(addressOfPrivateKey(generatePrivateKey()));
    const contract = permissionUpdateFromJson({
      visible: true,
      owner_address: owner,
      owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address, weight: 1 }] },
      actives: [
        { type: 'Active', permission_name: 'pay', threshold: 1, operations: encodeOperationsHex(['TransferContract']), keys: [{ address, weight: 1 }] },
      ],
    });
    const challenge = makeChallenge({ account: parseAddress(owner), key: parseAddress(address), contract, nonce: new Uint8Array(32).fill(3), now: Date.now() });
    const signature = await v.signProof(address, challenge);
    expect(addressToBase58(recoverSigner(signature, proofDigest(challenge)))).toBe(address);
    expect(await codeOf(v.signProof(address, { raw_data_hex: '0a02', txID: '00'.repeat(32) } as unknown as ProofChallenge))).toBe('UNSUPPORTED_VERSION');
    expect(await codeOf(v.signProof(address, { ...challenge, key: owner }))).toBe('PERMISSION');
    expect(keyTraces(key, Buffer.from(signature).toString('hex'), 'signature')).toEqual([]);
  });

  it('generate, import, list, sign, delete; signatures recover to the key address', async () => {
    const dir = join(root, `s${n++}`);
    const v = station(dir);
    expect(await v.list()).toEqual([]);
    const { address: a } = await v.generate();
    const key = generatePrivateKey();
    const given = Uint8Array.from(key);
    const imported = await v.importKey(given);
    const b = addressToBase58(addressOfPrivateKey(key));
    expect(imported).toEqual({ address: b, created: true });
    expect(given.every((x) => x === 0)).toBe(true);
    expect(await v.list()).toEqual([a, b].sort());
    for (const address of [a, b]) {
      const sig = await v.sign(address, DIGEST);
      expect(sig.length).toBe(65);
      expect(isLowS(sig)).toBe(true);
      expect(addressToBase58(recoverSigner(sig, DIGEST))).toBe(address);
    }
    // Hex addresses name the same key.
    expect(await v.has(addressToHex(addressOfPrivateKey(key)))).toBe(true);
    expect(await v.importKey(Uint8Array.from(key))).toEqual({ address: b, created: false });
    expect(await v.delete(b)).toBe(true);
    expect(await v.delete(b)).toBe(false);
    expect(await v.has(b)).toBe(false);
    expect(await v.list()).toEqual([a]);
    expect(await codeOf(v.sign(b, DIGEST))).toBe('NOT_FOUND');
    // The same data directory reopened is the same station, with the same keys.
    const reopened = station(dir);
    expect(await reopened.list()).toEqual([a]);
    expect(addressToBase58(recoverSigner(await reopened.sign(a, DIGEST), DIGEST))).toBe(a);
  });

  it("two stations (two data directories) on one keychain never see each other's keys", async () => {
    const one = station();
    const two = station();
    expect(one.service).not.toBe(two.service);
    const { address } = await one.generate();
    expect(await two.list()).toEqual([]);
    expect(await two.has(address)).toBe(false);
    expect(await codeOf(two.sign(address, DIGEST))).toBe('NOT_FOUND');
    expect(await two.delete(address)).toBe(false);
    expect(await one.has(address)).toBe(true);
  });

  it('entries are filed under the station id kept in the data directory, the key as a 32-byte secret', async () => {
    const dir = join(root, `s${n++}`);
    const v = station(dir);
    const { address } = await v.generate();
    const id = readFileSync(join(dir, STATION_ID_FILE), 'utf8').trim();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(v.service).toBe(`Airlock ${id}`);
    // The index lists addresses; its "secrets" are the addresses themselves.
    expect(findCredentials(`Airlock ${id} index`)).toEqual([{ account: address, password: address }]);
  });

  it("a hosted node's API key (issue 11): an entry of its own kind, never listed as a key, per station, wiped after it is kept", async () => {
    const dir = join(root, `s${n++}`);
    const v = station(dir);
    const other = station();
    const { address } = await v.generate();
    expect(await v.hasApiKey()).toBe(false);
    const given = new TextEncoder().encode('3f0c9e1a-7b2d-4c5e-9a8f-1d2e3c4b5a69');
    await v.setApiKey(given);
    expect(given.every((b) => b === 0)).toBe(true);
    expect(new TextDecoder().decode((await v.readApiKey())!)).toBe('3f0c9e1a-7b2d-4c5e-9a8f-1d2e3c4b5a69');
    expect(await v.hasApiKey()).toBe(true);
    expect(await v.list()).toEqual([address]);
    expect(await other.hasApiKey()).toBe(false);
    const id = readFileSync(join(dir, STATION_ID_FILE), 'utf8').trim();
    expect(findCredentials(`Airlock ${id} api-key`).map((c) => c.account)).toEqual(['node']);
    expect(await v.deleteApiKey()).toBe(true);
    expect(await v.readApiKey()).toBeNull();
    expect(await v.has(address)).toBe(true);
  });

  it('a damaged station-id file is refused, not replaced', () => {
    const dir = join(root, `s${n++}`);
    station(dir);
    writeFileSync(join(dir, STATION_ID_FILE), 'not an id\n');
    expect(() => new KeychainVault(dir)).toThrow(/station-id is damaged/);
    expect(readFileSync(join(dir, STATION_ID_FILE), 'utf8')).toBe('not an id\n');
  });

  it('hostile input: a key of the wrong length, 0 or >= n is BAD_KEY and wiped; a bad address or digest is refused', async () => {
    const v = station();
    const N = Buffer.from('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141', 'hex');
    for (const key of [new Uint8Array(31).fill(9), new Uint8Array(64).fill(9), new Uint8Array(32), new Uint8Array(N), new Uint8Array(32).fill(0xff)]) {
      expect(await codeOf(v.importKey(key))).toBe('BAD_KEY');
      expect(key.every((x) => x === 0)).toBe(true);
    }
    expect(await v.list()).toEqual([]);
    const { address } = await v.generate();
    await expect(v.sign(address, new Uint8Array(33))).rejects.toThrow(/32 bytes/);
    expect(await codeOf(v.sign('T' + 'x'.repeat(33), DIGEST))).toBe('BAD_ADDRESS');
    expect(await codeOf(v.has('\u202e' + address))).toBe('BAD_ADDRESS');
  });

  it('no file in the data directory, result or error message holds the key, raw or hex', async () => {
    const dir = join(root, `s${n++}`);
    const v = station(dir);
    const key = generatePrivateKey();
    const address = addressToBase58(addressOfPrivateKey(key));
    const { outputs, record } = recorder();
    await record(v.importKey(Uint8Array.from(key)));
    await record(v.importKey(Uint8Array.from(key)));
    await record(v.list());
    await record(v.status());
    await record(v.has(address));
    await record(v.sign(address, DIGEST).then((s) => Buffer.from(s).toString('hex')));
    await record(v.importKey(Uint8Array.from(key.subarray(1))));
    await record(v.delete(address));
    expect(outputs.length).toBe(9);
    expect([...keyTracesInFiles(key, dir), ...keyTraces(key, JSON.stringify(outputs), 'outputs')]).toEqual([]);
  });
});

describe('keychain vault: fails closed, saying what to do', () => {
  function child(
    env: NodeJS.ProcessEnv,
    wrap?: string,
  ): Record<string, { error?: { code: string; message: string } }> & { status: { available: boolean; message: string } } {
    const dir = join(root, `s${n++}`);
    const node = [process.execPath, '--import', 'tsx', 'test/fixtures/vault/keychain-child.ts', dir];
    const run = wrap
      ? spawnSync('dbus-run-session', ['--', 'sh', '-c', `${wrap}; exec "$@"`, 'sh', ...node], { encoding: 'utf8', env })
      : spawnSync(node[0]!, node.slice(1), { encoding: 'utf8', env });
    if (run.error) throw new Error(`could not start the child (${run.error.message}); install dbus (apt-get install dbus)`);
    try {
      return JSON.parse(run.stdout);
    } catch {
      throw new Error(`child failed: ${run.stderr}`);
    }
  }

  function expectFailsClosed(out: ReturnType<typeof child>, ops: string[]): void {
    expect(out.status.available).toBe(false);
    expect(out.status.message).toMatch(/gnome-keyring/);
    for (const op of ops) {
      expect(out[op]!.error?.code, op).toBe('VAULT_UNAVAILABLE');
      expect(out[op]!.error?.message).toMatch(/install and start gnome-keyring/);
      expect(out[op]!.error?.message).toMatch(/Settings, Vault \(airlock settings set vault keystore\)/);
    }
  }

  it('no D-Bus session (no DBUS_SESSION_BUS_ADDRESS): VAULT_UNAVAILABLE, never the kernel keyring or a file', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_RUNTIME_DIR: join(root, 'no-runtime') };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    expectFailsClosed(child(env), ['generate', 'list', 'importKey', 'auditSeal']);
  });

  it('a Secret Service with no unlocked collection: VAULT_UNAVAILABLE', () => {
    const data = mkdtempSync(join(root, 'xdg-'));
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_DATA_HOME: data };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    const out = child(env, 'gnome-keyring-daemon --start --components=secrets >/dev/null');
    // Searching works there (and truthfully finds nothing); keeping a key does not.
    expect(out.list).toEqual({ ok: [] });
    expectFailsClosed(out, ['generate', 'importKey', 'auditSeal']);
  });
});
