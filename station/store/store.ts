/**
 * The station's store (docs/decisions.md §7, "Store"): one SQLite file per station data directory holding key
 * metadata (never a secret), accounts with the permission snapshot each came with, chain snapshots
 * for TaPoS, tokens, transactions with their signatures, address-book labels, pinned exporters, proofs of possession
 * (challenges made here and the proofs that answered them), settings, and an append-only audit log
 * whose entries are chained by HMAC-SHA256 under a key the vault holds, with an anchor (count and
 * head) the vault keeps outside this file (audit.ts; docs/decisions.md §16).
 *
 * This file opens the database and composes the `Store` from one module per table (docs/decisions.md §15):
 * keys.ts, accounts.ts, snapshots.ts, tokens.ts, transactions.ts (with signatures),
 * address-book.ts, exporters.ts (pinned exporters), proofs.ts, settings.ts and audit.ts, each owning its statements and row
 * mapping; their argument checks are row-checks.ts. It is the one public entry: callers import
 * every store name from here.
 *
 * Invariants this file guards:
 * - Durability: WAL with synchronous=FULL, so a write reported as done (above all a signature) is
 *   on disk before the call returns and survives a crash or power loss.
 * - Every write is one SQLite transaction together with its audit entry: both land or neither
 *   (`atomic` and the one audit append below, which every table module writes through). After the
 *   outermost transaction that appended commits, the audit anchor is moved (database first, anchor
 *   after; audit.ts says why a crash between them leaves it at most one entry behind).
 * - Input is checked at the edge, before any SQL runs: a bad field is a coded error naming the
 *   method and the field, and nothing is written. Messages name fields and limits, never quote
 *   values (a pasted private key must not end up in a log).
 * - Text is stored verbatim (control and bidi characters included) and never interpreted; text
 *   that UTF-8 cannot carry (a lone surrogate) is refused rather than silently altered.
 * - Values leave the store as plain data: numbers, strings, Uint8Array, no bigint, no Buffer.
 *
 * Only station/store/ imports better-sqlite3; it never imports `electron`.
 */
import { mkdirSync, openSync, closeSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { applyMigrations, refuseNewer } from './migrations.ts';
import { bad, checkRecord, checkText } from './row-checks.ts';
import type { StoreContext } from './table.ts';
import { accountTable, type AccountTable } from './accounts.ts';
import { addressBookTable, type AddressBookTable } from './address-book.ts';
import { exporterTable, type ExporterTable } from './exporters.ts';
import { auditChain, auditTable, type AuditTable } from './audit.ts';
import type { AuditSeal } from '../vault/audit-seal.ts';
import { keyTable, type KeyTable } from './keys.ts';
import { proofTable, type ProofTable } from './proofs.ts';
import { settingTable, type SettingTable } from './settings.ts';
import { snapshotTable, type SnapshotTable } from './snapshots.ts';
import { tokenTable, type TokenTable } from './tokens.ts';
import { contractTable, type ContractTable } from './contracts.ts';
import { transactionTable, type TransactionTable } from './transactions.ts';
import { transactionListTable, type TransactionListTable } from './transaction-list.ts';
import { chainFateTable, type ChainFateTable } from './chain-fate.ts';

/** The file a station keeps inside its data directory. */
export const STORE_FILE_NAME = 'station.sqlite';

export type StoreClock = () => number;

export type StoreLocation = { dataDir: string } | { file: string };
export interface StoreOptions {
  /** ms since the epoch; injected so tests and replays control time. Default Date.now. */
  clock?: StoreClock;
  /**
   * The vault's audit seal (station/vault/audit-seal.ts), asked for at the first append or verify,
   * not at open: the station learns which vault it uses from a setting in this very store.
   */
  seal: () => AuditSeal;
}

/** What the store is besides its tables: the file, its connection and `atomic`. */
interface StoreCore {
  /** Absolute or relative path of the SQLite file. */
  readonly file: string;
  close(): void;
  /** The schema version the file is at (SCHEMA_VERSION of migrations.ts once open). */
  schemaVersion(): number;
  /** The durability settings of this connection, for diagnostics (`airlock doctor`, tests). */
  connectionSettings(): { journalMode: string; synchronous: 'off' | 'normal' | 'full' | 'extra'; foreignKeys: boolean };
  /** SQLite's own consistency check of the file: `['ok']` when sound. */
  integrityCheck(): string[];
  /**
   * Runs `fn` as one SQLite transaction (nested calls become savepoints): either every write in it
   * lands, with its audit entries, or none does. For services that store several things at once.
   */
  atomic<T>(fn: () => T): T;
}

/**
 * One open station store: the core and every table's methods on one object. An interface over the
 * tables' own types, so a method is written once (in its table module) and two tables cannot
 * declare the same name with different signatures.
 */
export interface Store
  extends
    StoreCore,
    KeyTable,
    AccountTable,
    SnapshotTable,
    TokenTable,
    ContractTable,
    TransactionTable,
    TransactionListTable,
    ChainFateTable,
    AddressBookTable,
    ExporterTable,
    ProofTable,
    SettingTable,
    AuditTable {}

/** Opens the connection with the crash-safe settings, migrates it, and composes the table modules. */
function connect(file: string, clock: StoreClock, seal: () => AuditSeal): Store {
  const db = new Database(file);
  try {
    refuseNewer(db);
    // synchronous=FULL in WAL mode syncs the log at every commit: a reported write survives power loss.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    applyMigrations(db);
  } catch (e) {
    db.close();
    throw e;
  }

  // Set by an append, cleared once the outermost transaction has committed and anchored it.
  let appended = false;
  const atomic = <T>(fn: () => T): T => {
    if (db.inTransaction) return db.transaction(fn).immediate();
    appended = false;
    const result = db.transaction(fn).immediate();
    if (appended) {
      appended = false;
      try {
        chain.anchor();
      } catch (e) {
        if (!(e instanceof AirlockError)) throw e;
        fail(
          e.code,
          `${e.message} The change itself was saved; the audit log's anchor was not moved, so audit verify reports it until a later write succeeds.`,
          e.details,
        );
      }
    }
    return result;
  };
  const now = (): number => {
    const t = clock();
    if (!Number.isSafeInteger(t) || t < 0) fail('INTERNAL', 'store: the clock returned something that is not a time in ms');
    return t;
  };
  // Asked at each use, not kept: the station may move to another vault (and its seal) while open.
  const chain = auditChain(db, seal, atomic, now);
  // Runs inside the caller's write transaction, so two connections (the CLI and the app) writing
  // to one station still make one chain.
  const audit: StoreContext['audit'] = (at, action, subject, detailsText) => {
    const entry = chain.append(at, action, subject, detailsText);
    appended = true;
    return entry;
  };
  const ctx: StoreContext = { db, atomic, now, audit, verifyAudit: () => chain.verify() };

  const core: StoreCore = {
    file,
    close() {
      if (db.open) db.close();
    },
    schemaVersion() {
      return db.pragma('user_version', { simple: true }) as number;
    },
    connectionSettings() {
      const sync = db.pragma('synchronous', { simple: true }) as number;
      return {
        journalMode: db.pragma('journal_mode', { simple: true }) as string,
        synchronous: (['off', 'normal', 'full', 'extra'] as const)[sync] ?? 'off',
        foreignKeys: db.pragma('foreign_keys', { simple: true }) === 1,
      };
    },
    integrityCheck() {
      return (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    },
    atomic,
  };
  return {
    ...core,
    ...keyTable(ctx),
    ...accountTable(ctx),
    ...snapshotTable(ctx),
    ...tokenTable(ctx),
    ...contractTable(ctx),
    ...transactionTable(ctx),
    ...transactionListTable(ctx),
    ...chainFateTable(ctx),
    ...addressBookTable(ctx),
    ...exporterTable(ctx),
    ...proofTable(ctx),
    ...settingTable(ctx),
    ...auditTable(ctx),
  };
}

/**
 * Opens (creating when absent) the store of one station: `{dataDir}` uses `station.sqlite` inside
 * that directory, created with mode 0700; `{file}` names the file itself. Runs pending migrations
 * and refuses a database written by a newer Airlock (STORE_VERSION).
 */
export function openStore(location: StoreLocation, options: StoreOptions): Store {
  const fn = 'openStore';
  const loc = checkRecord(location, fn, 'location', ['dataDir', 'file']);
  const clock = options.clock ?? Date.now;
  if (typeof clock !== 'function') bad(fn, 'clock', 'must be a function');
  if (typeof options.seal !== 'function') bad(fn, 'seal', "must be a function giving the vault's audit seal");
  const dir = loc.dataDir === undefined ? undefined : checkText(loc.dataDir, fn, 'dataDir', 4096, false);
  const given = loc.file === undefined ? undefined : checkText(loc.file, fn, 'file', 4096, false);
  if ((dir === undefined) === (given === undefined)) bad(fn, 'location', 'must give exactly one of dataDir and file');
  const file = given ?? join(dir!, STORE_FILE_NAME);
  try {
    if (dir !== undefined) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      if (!statSync(dir).isDirectory()) bad(fn, 'dataDir', 'is not a directory');
    }
    // Create the file owner-only before SQLite does; SQLite gives its -wal and -shm files the same mode.
    closeSync(openSync(file, 'a', 0o600));
    return connect(file, clock, options.seal);
  } catch (e) {
    if (e instanceof AirlockError) throw e;
    const reason = e instanceof Error ? e.message : String(e);
    fail('INTERNAL', `${fn}: cannot open the station's database ${file}: ${reason}`, { file });
  }
}
