/**
 * The audit seal (docs/decisions.md §16, "the audit chain is keyed"): a per-station HMAC-SHA256 key and the
 * audit anchor, both kept by the vault layer, outside the station's database. The store chains
 * its audit entries with `mac` and keeps the anchor (entry count and head MAC, itself MACed) with
 * `writeAnchor` after each commit, so an edit with recomputed hashes, a cut tail or an emptied log
 * cannot be made to verify from the database alone.
 *
 * Where each vault keeps it:
 * - keychain: two binary entries under `Airlock <id> audit`, accounts `key` and `anchor`.
 * - keystore: `audit-key` and `audit-anchor` beside keystore.json, owner-only (0600) and refused
 *   when group or others may read them. Not under the passphrase, on purpose: the store appends
 *   entries while the keystore is locked (SECURITY.md gives the trade-off).
 * - memory (tests): a `memoryAuditSeal()` that forgets everything when dropped.
 *
 * Invariants: the key bytes never leave this module: callers get MACs, never the key, and no
 * message quotes it. The key is made once from the OS's CSPRNG (exclusive create) and never
 * replaced; a damaged key is refused, not regenerated (that would silently re-key the log).
 * Writes are synchronous because the store appends inside its SQLite transaction.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Entry, type EntryOptions } from '@napi-rs/keyring';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, wipe } from '../../shared/base/bytes.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { MAX_ANCHOR_BYTES } from '../../shared/base/limits.ts';

/** What the store needs from the vault to key its audit log; it never sees the key. */
export interface AuditSeal {
  /**
   * HMAC-SHA256 of each item under the station's audit key, making the key on first use. Takes a
   * list so that verifying a long log reads the key (a keychain round trip) once, not per entry.
   */
  mac(data: readonly Uint8Array[]): Uint8Array[];
  /** Whether the audit key exists (a station that never keyed its log has none). */
  keyed(): boolean;
  /** The anchor bytes last written, or null when there are none. */
  readAnchor(): Uint8Array | null;
  /** Replaces the anchor durably before returning. */
  writeAnchor(anchor: Uint8Array): void;
}

export const AUDIT_KEY_FILE = 'audit-key';
export const AUDIT_ANCHOR_FILE = 'audit-anchor';
const KEY_LENGTH = 32;

/** Where a seal keeps its two values; the key is read into bytes the seal wipes after use. */
interface SealStorage {
  readKey(): Uint8Array | null;
  /** Creates the key only if there is none; returns false when one existed. */
  createKey(key: Uint8Array): boolean;
  readAnchor(): Uint8Array | null;
  writeAnchor(anchor: Uint8Array): void;
}

class Seal implements AuditSeal {
  constructor(
    private readonly storage: SealStorage,
    private readonly where: string,
  ) {}

  mac(data: readonly Uint8Array[]): Uint8Array[] {
    let key = this.storage.readKey();
    if (key === null) {
      const fresh = new Uint8Array(randomBytes(KEY_LENGTH));
      try {
        this.storage.createKey(fresh);
      } finally {
        wipe(fresh);
      }
      key = this.storage.readKey();
      if (key === null) fail('VAULT_UNAVAILABLE', `${this.where}: the audit key could not be kept`);
    }
    try {
      if (key.length !== KEY_LENGTH) fail('VAULT_UNAVAILABLE', `${this.where}: the audit key is damaged (not ${KEY_LENGTH} bytes); restore it from a backup`);
      return data.map((d) => hmac(sha256, key, d));
    } finally {
      wipe(key);
    }
  }

  keyed(): boolean {
    const key = this.storage.readKey();
    if (key === null) return false;
    wipe(key);
    return true;
  }

  readAnchor(): Uint8Array | null {
    return this.storage.readAnchor();
  }

  writeAnchor(anchor: Uint8Array): void {
    if (anchor.length > MAX_ANCHOR_BYTES) fail('INTERNAL', 'audit anchor: too long');
    this.storage.writeAnchor(anchor);
  }

  /** Copies key and anchor to `to` (a new vault of the same station) unless it holds a key already. */
  copyTo(to: Seal): void {
    const key = this.storage.readKey();
    if (key === null) return;
    try {
      to.storage.createKey(key);
    } finally {
      wipe(key);
    }
    const anchor = this.storage.readAnchor();
    if (anchor !== null && to.storage.readAnchor() === null) to.storage.writeAnchor(anchor);
  }
}

/**
 * Moves the station's audit seal from the vault it used to the one it switches to (`settings set
 * vault`), so the keyed chain goes on under the same key. The key goes from one vault store to the
 * other inside this module; nothing outside sees it. A seal not made here is left alone.
 */
export function moveAuditSeal(from: AuditSeal, to: AuditSeal): void {
  if (from instanceof Seal && to instanceof Seal) from.copyTo(to);
}

// ---- owner-only files (the keystore vault)

function refuseShared(path: string): boolean {
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    fail(
      'VAULT_UNAVAILABLE',
      `${path} may be read by other users (mode ${(mode & 0o777).toString(8)}); make it owner-only (chmod 600 ${basename(path)}) and try again`,
      { path },
    );
  }
  return true;
}

function readOwnerOnly(path: string): Uint8Array | null {
  if (!refuseShared(path)) return null;
  const text = readFileSync(path, 'utf8').trim();
  if (!/^([0-9a-f]{2})+$/.test(text) || text.length > 2 * MAX_ANCHOR_BYTES) fail('VAULT_UNAVAILABLE', `${path} is damaged; restore it from a backup`, { path });
  return hexToBytes(text);
}

/**
 * Writes `path` through a temp file, fsync and rename (0600), then syncs the folder. `exclusive`
 * links instead of renaming, so of two processes making the key at once one wins and the other
 * reads it, rather than replacing it.
 */
function writeOwnerOnly(path: string, bytes: Uint8Array, exclusive: boolean): boolean {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, `${bytesToHex(bytes)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    if (exclusive) {
      try {
        linkSync(temp, path);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw e;
      } finally {
        rmSync(temp, { force: true });
      }
    } else renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
  if (process.platform !== 'win32') {
    const dir = openSync(dirname(path), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  }
  return true;
}

/** The seal of a keystore station: two owner-only files in `dataDir`. */
export function fileAuditSeal(dataDir: string): AuditSeal {
  const keyPath = join(dataDir, AUDIT_KEY_FILE);
  const anchorPath = join(dataDir, AUDIT_ANCHOR_FILE);
  return new Seal(
    {
      readKey: () => readOwnerOnly(keyPath),
      createKey: (key) => writeOwnerOnly(keyPath, key, true),
      readAnchor: () => readOwnerOnly(anchorPath),
      writeAnchor: (anchor) => void writeOwnerOnly(anchorPath, anchor, false),
    },
    keyPath,
  );
}

// ---- the OS keychain

const ENTRY_OPTIONS: EntryOptions = { linux: { store: 'secret-service' } };

/** What a person can do about a keychain that cannot be used, per platform. */
export function keychainAdvice(platform: NodeJS.Platform = process.platform): string {
  const keystore = 'or keep keys in a passphrase-encrypted keystore file instead: Settings, Vault (airlock settings set vault keystore)';
  if (platform === 'darwin') return `Unlock the login keychain (Keychain Access, or \`security unlock-keychain\`), ${keystore}.`;
  if (platform === 'win32') return `Sign in to Windows with a profile that has Credential Manager, ${keystore}.`;
  return (
    'On a desktop, unlock the login keyring. Without one, install and start gnome-keyring ' +
    '(`apt-get install gnome-keyring dbus`; run inside a D-Bus session with ' +
    '`gnome-keyring-daemon --unlock --components=secrets`), ' +
    keystore +
    '.'
  );
}

/**
 * A keychain call of the audit seal; a failure is VAULT_UNAVAILABLE in words, with what to do and
 * the keystore named (docs/decisions.md §24: every audited CLI command failed with the raw D-Bus error).
 */
function keychainCall<T>(service: string, call: () => T): T {
  try {
    return call();
  } catch (e) {
    if (e instanceof AirlockError) throw e;
    const cause = e instanceof Error ? e.message : String(e);
    fail('VAULT_UNAVAILABLE', `The OS keychain cannot be used to keep this station's audit seal (${service}; ${cause}). ${keychainAdvice()}`, { cause });
  }
}

/** The seal of a keychain station: entries `key` and `anchor` under `<service> audit`. */
export function keychainAuditSeal(service: string): AuditSeal {
  const name = `${service} audit`;
  const entry = (account: string): Entry => keychainCall(name, () => new Entry(name, account, ENTRY_OPTIONS));
  const read = (account: string): Uint8Array | null => {
    const raw = keychainCall(name, () => entry(account).getSecret());
    if (raw === null) return null;
    const out = Uint8Array.from(raw);
    raw.fill(0);
    return out;
  };
  return new Seal(
    {
      readKey: () => read('key'),
      createKey: (key) => {
        if (read('key') !== null) return false;
        keychainCall(name, () => entry('key').setSecret(key));
        return true;
      },
      readAnchor: () => read('anchor'),
      writeAnchor: (anchor) => keychainCall(name, () => entry('anchor').setSecret(anchor)),
    },
    name,
  );
}

// ---- memory (tests, and a vault that keeps nothing on disk)

/** A seal held in this process only: gone when the object is. */
export function memoryAuditSeal(): AuditSeal {
  let key: Uint8Array | null = null;
  let anchor: Uint8Array | null = null;
  return new Seal(
    {
      readKey: () => (key === null ? null : Uint8Array.from(key)),
      createKey: (k) => {
        if (key !== null) return false;
        key = Uint8Array.from(k);
        return true;
      },
      readAnchor: () => (anchor === null ? null : Uint8Array.from(anchor)),
      writeAnchor: (a) => void (anchor = Uint8Array.from(a)),
    },
    'memory',
  );
}
