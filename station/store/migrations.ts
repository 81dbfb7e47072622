/**
 * The station store's schema as an ordered list of migrations (docs/decisions.md §7, "Store"). Each entry moves
 * the database from version N-1 to N; `PRAGMA user_version` records the version reached. At open,
 * `applyMigrations` runs every pending step, each in its own SQLite transaction together with the
 * new user_version, so a crash leaves the database at a whole version, never half-way.
 *
 * Invariants: a published migration is never edited (stations in the field already ran it; add a
 * new one instead), versions are 1, 2, 3… without gaps, and a database whose version is above the
 * last one here was written by a newer Airlock and is refused, not "downgraded" by guesswork.
 *
 * The audit table's triggers make it append-only from any connection, including a hand-opened
 * sqlite3 shell; `verifyAudit` in audit.ts catches what is done by dropping them, recomputed
 * hashes and cut tails included, by the key and anchor the vault keeps (version 5, docs/decisions.md §16).
 */
import type Database from 'better-sqlite3';
import { fail } from '../../shared/base/errors.ts';

export interface Migration {
  /** The user_version the database has after this step. */
  version: number;
  /** One line for logs and the README. */
  description: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'core tables: keys, accounts, chain snapshots, tokens, transactions, signatures, settings, audit log',
    sql: `
CREATE TABLE keys (
  address BLOB PRIMARY KEY CHECK (length(address) = 21),
  label TEXT NOT NULL,
  vault TEXT NOT NULL CHECK (vault IN ('keychain', 'keystore')),
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE accounts (
  address BLOB PRIMARY KEY CHECK (length(address) = 21),
  account BLOB NOT NULL,
  source TEXT NOT NULL,
  fetched_at INTEGER NOT NULL,
  stored_at INTEGER NOT NULL
) STRICT;

CREATE TABLE chain_snapshots (
  id INTEGER PRIMARY KEY,
  block_number INTEGER NOT NULL CHECK (block_number >= 0),
  block_id BLOB NOT NULL CHECK (length(block_id) = 32),
  block_timestamp INTEGER NOT NULL,
  source TEXT NOT NULL,
  imported_at INTEGER NOT NULL,
  UNIQUE (block_number, block_id)
) STRICT;

CREATE TABLE tokens (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  abbreviation TEXT NOT NULL,
  precision INTEGER NOT NULL CHECK (precision BETWEEN 0 AND 6),
  owner BLOB NOT NULL CHECK (length(owner) = 21),
  total_supply TEXT NOT NULL,
  description TEXT NOT NULL,
  url TEXT NOT NULL,
  source TEXT NOT NULL,
  stored_at INTEGER NOT NULL
) STRICT;

CREATE TABLE transactions (
  txid BLOB PRIMARY KEY CHECK (length(txid) = 32),
  raw BLOB NOT NULL,
  kind TEXT NOT NULL,
  account BLOB NOT NULL CHECK (length(account) = 21),
  permission_id INTEGER NOT NULL,
  expiration INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('draft', 'collecting', 'ready', 'broadcast', 'confirmed', 'failed', 'expired')),
  node_answer TEXT,
  note TEXT NOT NULL,
  permission BLOB,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE signatures (
  txid BLOB NOT NULL REFERENCES transactions (txid),
  signer BLOB NOT NULL CHECK (length(signer) = 21),
  signature BLOB NOT NULL CHECK (length(signature) = 65),
  signed_at INTEGER NOT NULL,
  origin TEXT NOT NULL CHECK (origin IN ('local key', 'file', 'merge')),
  origin_file TEXT,
  PRIMARY KEY (txid, signer)
) STRICT, WITHOUT ROWID;

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE audit (
  seq INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  action TEXT NOT NULL,
  subject TEXT NOT NULL,
  details TEXT NOT NULL,
  prev_hash BLOB NOT NULL CHECK (length(prev_hash) = 32),
  hash BLOB NOT NULL CHECK (length(hash) = 32)
) STRICT;

CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only: UPDATE refused'); END;

CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only: DELETE refused'); END;
`,
  },
  {
    version: 2,
    description: 'indexes for listing transactions by status and by account; the address book',
    sql: `
CREATE INDEX transactions_by_status ON transactions (status, created_at);
CREATE INDEX transactions_by_account ON transactions (account, created_at);
CREATE INDEX transactions_by_created ON transactions (created_at);

CREATE TABLE address_book (
  address BLOB PRIMARY KEY CHECK (length(address) = 21),
  label TEXT NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
`,
  },
  {
    version: 3,
    description: 'signature count kept on each transaction row by triggers, so a listing does not count',
    sql: `
ALTER TABLE transactions ADD COLUMN signature_count INTEGER NOT NULL DEFAULT 0;
UPDATE transactions SET signature_count = (SELECT count(*) FROM signatures s WHERE s.txid = transactions.txid);

CREATE TRIGGER signatures_count_insert AFTER INSERT ON signatures
BEGIN UPDATE transactions SET signature_count = signature_count + 1 WHERE txid = NEW.txid; END;

CREATE TRIGGER signatures_count_delete AFTER DELETE ON signatures
BEGIN UPDATE transactions SET signature_count = signature_count - 1 WHERE txid = OLD.txid; END;
`,
  },
  {
    version: 4,
    description: 'proofs of possession: challenges made here (pending) and the proofs that answered them',
    // One row per challenge, found by its nonce. A row is pending (no signature, no verified_at)
    // until a proof answers it; both are set together, once, so a nonce is never answered twice.
    sql: `
CREATE TABLE key_proofs (
  nonce BLOB PRIMARY KEY CHECK (length(nonce) = 32),
  account BLOB NOT NULL CHECK (length(account) = 21),
  permission_hash BLOB NOT NULL CHECK (length(permission_hash) = 32),
  key BLOB NOT NULL CHECK (length(key) = 21),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL CHECK (expires_at > created_at),
  signature BLOB CHECK (signature IS NULL OR length(signature) = 65),
  verified_at INTEGER,
  file_name TEXT,
  CHECK ((signature IS NULL) = (verified_at IS NULL))
) STRICT, WITHOUT ROWID;

CREATE INDEX key_proofs_by_account ON key_proofs (account, permission_hash);
`,
  },
  {
    version: 5,
    description: "the keyed audit chain: each entry says whether it carries a sha256 hash (before) or an HMAC-SHA256 under the vault's audit key",
    // Marks every existing entry as written under the sha256 rule. The key is the vault's, which
    // SQL cannot reach: the store's first append (or `audit verify`) after this step verifies
    // these entries once by that rule, then writes the `audit.keyed` entry that starts the keyed
    // chain and says what it found (audit.ts). The append-only triggers stay as they were.
    sql: `
ALTER TABLE audit ADD COLUMN keyed INTEGER NOT NULL DEFAULT 0 CHECK (keyed IN (0, 1));
`,
  },
  {
    version: 6,
    description: 'where each transaction came from: built here against an observed permission, built here against a claimed one, or imported',
    // docs/decisions.md §16, "seen signing means proved": a stored signature proves its key is held only on a
    // transaction this station built after observing that key named (signers-seen.ts). Rows stored
    // before this step are marked 'imported', the safe default: their origin was never recorded,
    // so their signatures stop counting as "seen signing" (keys held here and proofs still count).
    sql: `
ALTER TABLE transactions ADD COLUMN origin TEXT NOT NULL DEFAULT 'imported' CHECK (origin IN ('built-observed', 'built-claimed', 'imported'));
`,
  },
  {
    version: 7,
    description: 'pinned exporters: the stations whose signed snapshot and handoff files this station treats as observed',
    // docs/decisions.md §16, "trusted exporters for offline stations": one row per pinned identity, keyed by its
    // fingerprint (80 bits of sha256 of the compressed public key, shared/files/exporter-signature.ts);
    // the public key is kept once known (pinned from a file, or seen on a file that verified).
    sql: `
CREATE TABLE pinned_exporters (
  fingerprint TEXT PRIMARY KEY CHECK (length(fingerprint) = 20 AND fingerprint NOT GLOB '*[^0-9a-f]*'),
  public_key BLOB CHECK (public_key IS NULL OR length(public_key) = 33),
  label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 64),
  pinned_at INTEGER NOT NULL
) STRICT;
`,
  },
  {
    version: 8,
    description: "the station's list of smart contracts: name, imported ABI, TRC-20 symbol, name and decimals and where they came from",
    // docs/decisions.md §17 "Smart-contract calls": a call to a listed contract is decoded with its imported ABI
    // and its token amounts are shown in the token's units; a call to any other contract is flagged.
    sql: `
CREATE TABLE contracts (
  address BLOB PRIMARY KEY CHECK (length(address) = 21),
  name TEXT NOT NULL,
  abi TEXT NOT NULL,
  symbol TEXT,
  token_name TEXT,
  decimals INTEGER CHECK (decimals IS NULL OR decimals BETWEEN 0 AND 18),
  source TEXT NOT NULL,
  stored_at INTEGER NOT NULL
) STRICT;
`,
  },
  {
    version: 9,
    description: "what the chain says became of each transaction: block, result, fee paid, the node's reason, who said so and when it was last asked",
    // docs/decisions.md §18, "live status". Self-contained: it only adds nullable columns and an index, so it
    // can be renumbered at merge without touching any other entry. `chain_source` is a Source
    // (table.ts sourceToText): a node this station asked (observed) or a file (a claim).
    // `chain_checked_at` orders the next pass (least recently asked first); existing rows start
    // unasked (NULL) and unsettled (no block), so the first pass asks about every open one.
    sql: `
ALTER TABLE transactions ADD COLUMN chain_block INTEGER CHECK (chain_block IS NULL OR chain_block >= 0);
ALTER TABLE transactions ADD COLUMN chain_result TEXT;
ALTER TABLE transactions ADD COLUMN chain_fee TEXT CHECK (chain_fee IS NULL OR chain_fee GLOB '[0-9]*');
ALTER TABLE transactions ADD COLUMN chain_reason TEXT;
ALTER TABLE transactions ADD COLUMN chain_source TEXT;
ALTER TABLE transactions ADD COLUMN chain_checked_at INTEGER;
CREATE INDEX transactions_by_check ON transactions (status, chain_checked_at);
`,
  },
  {
    version: 10,
    description: 'keys on a hardware signer (a Ledger): the keys table takes the vault ledger, with the derivation path and the app version seen',
    // docs/decisions.md §23. SQLite cannot change a CHECK, so the table is rebuilt with its rows (nothing refers
    // to it). A ledger key has a path and an app version and no secret anywhere; any other key has
    // neither. Self-contained: it can be renumbered at merge without touching any other entry.
    sql: `
CREATE TABLE keys_v10 (
  address BLOB PRIMARY KEY CHECK (length(address) = 21),
  label TEXT NOT NULL,
  vault TEXT NOT NULL CHECK (vault IN ('keychain', 'keystore', 'ledger')),
  created_at INTEGER NOT NULL,
  device_path TEXT,
  device_app TEXT,
  CHECK ((vault = 'ledger') = (device_path IS NOT NULL AND device_app IS NOT NULL))
) STRICT;
INSERT INTO keys_v10 (address, label, vault, created_at) SELECT address, label, vault, created_at FROM keys;
DROP TABLE keys;
ALTER TABLE keys_v10 RENAME TO keys;
`,
  },
  {
    version: 11,
    description: "an index for the queue's page by shown status: stored status, expiration, account",
    // The queue filters, counts and lists the accounts of a status as shown now (an open transaction
    // past its expiration shows as expired, station/store/transaction-list.ts): ranges over status and
    // expiration, with the account in the index, so a count or the accounts of a status read no row.
    // Self-contained: it can be renumbered at merge without touching any other entry.
    sql: `
CREATE INDEX transactions_by_shown ON transactions (status, expiration, account);
`,
  },
];

/** The version a database has once every migration here has run. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Throws INTERNAL when the list itself is malformed: a gap or a repeat would skip or rerun SQL. */
function checkList(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) fail('INTERNAL', `migrations: entry ${i} has version ${m.version}, expected ${i + 1}`);
  });
}

/**
 * Brings `db` to the last version in `migrations` and returns the version it started at. Refuses a
 * database newer than the list (STORE_VERSION). Each step commits with its user_version.
 */
export function applyMigrations(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number {
  checkList(migrations);
  const start = refuseNewer(db, migrations.length);
  for (const m of migrations.slice(start)) {
    db.transaction(() => {
      // Read again under the write lock: another process may have run this step meanwhile.
      if ((db.pragma('user_version', { simple: true }) as number) >= m.version) return;
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
  return start;
}

/**
 * Returns the database's version, or throws STORE_VERSION when it is above `latest`. Reads only:
 * the store calls it before touching any setting of a file it may not own.
 */
export function refuseNewer(db: Database.Database, latest = SCHEMA_VERSION): number {
  const start = db.pragma('user_version', { simple: true }) as number;
  if (start > latest) {
    fail(
      'STORE_VERSION',
      `store: the database is at schema version ${start}, and this Airlock knows versions up to ${latest}; ` +
        'it was written by a newer Airlock. Open it with that version (or newer); nothing was changed.',
      { found: start, supported: latest },
    );
  }
  return start;
}
