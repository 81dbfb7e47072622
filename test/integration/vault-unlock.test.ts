/**
 * The keystore's passphrase from the UI (docs/decisions.md §9, "Keystore passphrase from the UI"): a keystore
 * station opened as the desktop app opens it (no passphrase source) is locked; `vaultUnlock` holds
 * the passphrase in main after proving it against the keystore, `vaultLock` and close wipe it. All
 * through `dispatch` over the real handlers, a real SQLite store and a real keystore file.
 *
 * Invariants checked: a wrong passphrase is the vault's KEYSTORE_PASSPHRASE and changes nothing
 * (no file, no held passphrase); the bytes handed to the station are zeros after a refusal, a lock
 * and a close; the passphrase appears in no answer, error, log line, store file or keystore file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatch, type ApiResult } from '../../shared/api/api-contract.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { STATION_API, type StationApi } from '../../shared/api/station-api.ts';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import { openStation, type Station } from '../../station/station.ts';
import { KEYSTORE_FILE } from '../../station/vault/keystore-file.ts';
import { newKey } from '../helpers/devnet-helpers.ts';
import { TEST_SCRYPT, workDir } from '../helpers/station-helpers.ts';

/** Text outside ASCII, with a bidi mark and a control character: a passphrase may be any text. */
const PASSPHRASE = 'Pässwörd \u202E ✓\u0007 of the vault';
const WRONG = 'Pässwörd \u202E ✓\u0007 of the vaulT';

let work: { dir: string; remove: () => void };
let station: Station;
let handlers: ReturnType<typeof createStationHandlers>;
const answers: ApiResult<unknown>[] = [];
const logged: string[] = [];

async function call<M extends keyof StationApi>(method: M, args?: unknown): Promise<ApiResult<unknown>> {
  const answer = await dispatch(STATION_API, handlers, method, args, { onInternalError: (m, cause) => logged.push(`${m} ${String(cause)}`) });
  answers.push(answer);
  return answer;
}

function open(): void {
  station = openStation({ dataDir: join(work.dir, 'st'), vault: 'keystore', scrypt: TEST_SCRYPT });
  handlers = createStationHandlers(station, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: station.dataDir }) });
}

const status = async () => ((await call('keysStatus')) as { ok: true; value: { locked: boolean; message: string | null } }).value;
const code = (a: ApiResult<unknown>) => (a.ok ? 'ok' : a.error.code);

beforeEach(() => {
  work = workDir('airlock-unlock-');
  answers.length = 0;
  logged.length = 0;
  open();
});

afterEach(() => {
  station.close();
  work.remove();
});

describe('a keystore station without a passphrase source (the desktop app)', () => {
  it('is locked; key changes answer VAULT_LOCKED naming the passphrase, and nothing is stored', async () => {
    const s = await status();
    expect(s.locked).toBe(true);
    expect(s.message).toMatch(/no keystore yet: choose its passphrase \(at least 8 bytes\)/i);
    const made = await call('keysNew', { label: 'x' });
    expect(code(made)).toBe('VAULT_LOCKED');
    expect(!made.ok && made.error.details?.field).toBe('passphrase');
    expect(code(await call('keysImport', { privateKeyHex: newKey().priv }))).toBe('VAULT_LOCKED');
    expect(station.keysList().keys).toEqual([]);
    expect(existsSync(join(station.dataDir, KEYSTORE_FILE))).toBe(false);
  });

  it('unlock makes the first keystore with the passphrase; lock and a new session need it again; a wrong one changes nothing', async () => {
    expect(code(await call('vaultUnlock', { passphrase: 'short' }))).toBe('INVALID_INPUT');
    expect((await status()).locked).toBe(true);

    const unlocked = await call('vaultUnlock', { passphrase: PASSPHRASE });
    expect(unlocked).toMatchObject({ ok: true, value: { kind: 'keystore', locked: false } });
    const key = newKey();
    expect(code(await call('keysImport', { privateKeyHex: key.priv, label: 'k' }))).toBe('ok');
    expect(code(await call('keysNew', { label: 'made' }))).toBe('ok');

    // A wrong passphrase while unlocked: refused by the vault, and the right one stays held.
    const wrong = await call('vaultUnlock', { passphrase: WRONG });
    expect(code(wrong)).toBe('KEYSTORE_PASSPHRASE');
    expect((await status()).locked).toBe(false);
    expect(code(await call('keysNew', { label: 'still' }))).toBe('ok');
    const keystore = readFileSync(join(station.dataDir, KEYSTORE_FILE));

    expect(await call('vaultLock')).toMatchObject({ ok: true, value: { locked: true } });
    expect((await status()).message).toMatch(/locked: enter its passphrase/);
    expect(code(await call('keysDelete', { address: key.b58 }))).toBe('VAULT_LOCKED');
    // Wrong while locked: still locked, the keystore file not touched.
    expect(code(await call('vaultUnlock', { passphrase: WRONG }))).toBe('KEYSTORE_PASSPHRASE');
    expect((await status()).locked).toBe(true);
    expect(readFileSync(join(station.dataDir, KEYSTORE_FILE)).equals(keystore)).toBe(true);

    // A new session (the app restarted) starts locked and opens with the same passphrase.
    station.close();
    open();
    expect((await status()).locked).toBe(true);
    expect(code(await call('vaultUnlock', { passphrase: PASSPHRASE }))).toBe('ok');
    expect(code(await call('keysDelete', { address: key.b58 }))).toBe('ok');
    expect(
      station
        .keysList()
        .keys.map((k) => k.label)
        .sort(),
    ).toEqual(['made', 'still']);
  });

  it('the CLI opens the keystore the UI made with the same text as UTF-8 bytes (no normalising)', async () => {
    expect(code(await call('vaultUnlock', { passphrase: PASSPHRASE }))).toBe('ok');
    expect(code(await call('keysNew', { label: 'ui' }))).toBe('ok');
    station.close();
    const asked: string[] = [];
    station = openStation({
      dataDir: join(work.dir, 'st'),
      vault: 'keystore',
      scrypt: TEST_SCRYPT,
      passphrase: async (purpose) => (asked.push(purpose), new TextEncoder().encode(PASSPHRASE)),
    });
    expect(station.vaultLocked()).toBe(false);
    const key = newKey();
    await station.keysImport({ secret: Buffer.from(key.priv, 'hex') });
    expect(asked).toEqual(['unlock']);
    handlers = createStationHandlers(station, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: station.dataDir }) });
  });

  it('hostile arguments are refused by field before anything is held', async () => {
    const refused = [
      await call('vaultUnlock', { passphrase: 'x'.repeat(1_025) }),
      await call('vaultUnlock', { passphrase: '' }),
      await call('vaultUnlock', { passphrase: 'ab\uD800cd-long-enough' }),
      await call('vaultUnlock', { passphrase: 5 }),
      await call('vaultUnlock', JSON.parse('{"passphrase":"long enough text","__proto__":{"polluted":true}}')),
      await call('vaultUnlock', { passphrase: 'long enough text', extra: 1 }),
      await call('vaultUnlock', { passphrase: { nested: [[[['deep']]]] } }),
      // 1,024 characters of two bytes each: within the characters, beyond the vault's 1024 bytes.
      await call('vaultUnlock', { passphrase: 'é'.repeat(1_024) }),
    ];
    for (const a of refused) {
      expect(code(a)).toBe('INVALID_INPUT');
      expect(!a.ok && typeof a.error.details?.field === 'string').toBe(true);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await status()).locked).toBe(true);
  });

  it('a keychain station refuses a passphrase', async () => {
    station.close();
    station = openStation({ dataDir: join(work.dir, 'kc'), vault: 'keychain' });
    handlers = createStationHandlers(station, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: station.dataDir }) });
    expect(code(await call('vaultUnlock', { passphrase: PASSPHRASE }))).toBe('INVALID_INPUT');
    expect(station.vaultLocked()).toBe(false);
  });
});

describe('the held bytes are wiped', () => {
  const bytes = () => new TextEncoder().encode(PASSPHRASE);
  const zero = (b: Uint8Array) => b.every((x) => x === 0);

  it('on vaultLock, on close, on a refusal, and when another passphrase replaces them', async () => {
    const first = bytes();
    await station.vaultUnlock(first);
    expect(zero(first)).toBe(false);
    await station.keysNew({ label: 'a' });
    const second = bytes();
    await station.vaultUnlock(second);
    expect(zero(first)).toBe(true);
    await station.vaultLock();
    expect(zero(second)).toBe(true);

    const wrong = new TextEncoder().encode(WRONG);
    await expect(station.vaultUnlock(wrong)).rejects.toMatchObject({ code: 'KEYSTORE_PASSPHRASE' });
    expect(zero(wrong)).toBe(true);

    const third = bytes();
    await station.vaultUnlock(third);
    station.close();
    expect(zero(third)).toBe(true);
    open();
  });
});

describe('the passphrase is never written or answered', () => {
  it('no answer, error, log line, store file or keystore file holds it, in any spelling', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await call('vaultUnlock', { passphrase: PASSPHRASE });
      await call('keysNew', { label: 'one' });
      await call('vaultUnlock', { passphrase: WRONG });
      await call('vaultLock');
      await call('keysNew', { label: 'two' });
      await call('vaultUnlock', { passphrase: WRONG });
      await call('keysStatus');
      const printed = [...log.mock.calls, ...warn.mock.calls].map((c) => c.map(String).join(' '));
      station.close();
      const files = readdirSync(station.dataDir).map((f) => readFileSync(join(station.dataDir, f)));
      open();
      for (const secret of [PASSPHRASE, WRONG]) {
        const utf8 = Buffer.from(secret, 'utf8');
        const spellings = [secret, 'Pässwörd', bytesToHex(utf8), utf8.toString('base64'), Array.from(utf8).join(',')];
        const texts = [...answers.map((a) => JSON.stringify(a)), ...logged, ...printed];
        for (const s of spellings) {
          expect(texts.filter((t) => t.includes(s))).toEqual([]);
        }
        for (const f of files) {
          expect(f.includes(utf8)).toBe(false);
          expect(f.includes(Buffer.from('Pässwörd', 'utf16le'))).toBe(false);
        }
      }
      expect(files.length).toBeGreaterThan(1);
    } finally {
      log.mockRestore();
      warn.mockRestore();
    }
  });
});

describe('a private key typed as the passphrase (secrets-in-errors style)', () => {
  it('every refusal, from the schema or the vault, quotes no 8-character run of it', async () => {
    expect(code(await call('vaultUnlock', { passphrase: PASSPHRASE }))).toBe('ok');
    expect(code(await call('keysNew', { label: 'one' }))).toBe('ok');
    const key = newKey().priv;
    const runs = Array.from({ length: key.length - 7 }, (_, i) => key.slice(i, i + 8));
    const refused = [
      await call('vaultUnlock', { passphrase: key }),
      await call('vaultUnlock', { passphrase: `0x${key.toUpperCase()}` }),
      await call('vaultUnlock', { passphrase: key.repeat(20) }),
      await call('vaultUnlock', { passphrase: `${key}\uDC00` }),
      await call('vaultUnlock', { passphrase: BigInt(`0x${key}`).toString() }),
      await call('vaultUnlock', { passphrase: [key] }),
      await call('vaultUnlock', { [key]: PASSPHRASE }),
    ];
    expect(refused.map(code)).toEqual([
      'KEYSTORE_PASSPHRASE',
      'KEYSTORE_PASSPHRASE',
      'INVALID_INPUT',
      'INVALID_INPUT',
      'KEYSTORE_PASSPHRASE',
      'INVALID_INPUT',
      'INVALID_INPUT',
    ]);
    for (const a of refused) {
      const text = JSON.stringify(a).toLowerCase();
      expect(runs.find((r) => text.includes(r))).toBeUndefined();
    }
    // The right passphrase is still the one held.
    expect((await status()).locked).toBe(false);
  });
});

describe('choosing the vault in Settings (setSetting vault)', () => {
  it('takes effect at once while the station holds no key, and is refused once it holds one', async () => {
    const s = openStation({ dataDir: join(work.dir, 'choose'), scrypt: TEST_SCRYPT });
    try {
      const h = createStationHandlers(s, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: s.dataDir }) });
      const ask = (method: keyof StationApi, args?: unknown) => dispatch(STATION_API, h, method, args);
      expect(s.vaultKind()).toBe('keychain');
      const chosen = await ask('setSetting', { key: 'vault', value: 'keystore' });
      expect(chosen.ok && (chosen.value as { vault: string }).vault).toBe('keystore');
      // The next key operation uses the keystore: locked until its passphrase is chosen.
      const st = await ask('keysStatus');
      expect(st.ok && st.value).toMatchObject({ kind: 'keystore', locked: true });
      expect((await ask('vaultUnlock', { passphrase: PASSPHRASE })).ok).toBe(true);
      expect((await ask('keysNew', { label: 'first' })).ok).toBe(true);
      const back = await ask('setSetting', { key: 'vault', value: 'keychain' });
      expect(back.ok ? 'ok' : back.error.code).toBe('CONFLICT');
      expect(back.ok ? '' : back.error.message).toMatch(/holds 1 key\(s\) in the keystore file/);
      expect(s.vaultKind()).toBe('keystore');
      expect(s.keysList().keys).toHaveLength(1);
    } finally {
      s.close();
    }
  });
});
