/**
 * Every bound and status list of Airlock in one module (issue 15 "every bound and status list in
 * one module"): list sizes, text lengths, file sizes, signature and key counts, the transaction
 * statuses. Each line says why it has its value: the reference node's rule (PROTOCOL.md), or the
 * station's own choice and what it protects. A module that checks a bound imports it from here, so
 * the API, the store, the file readers, the devnet and the forms cannot drift apart (before this
 * module `MAX_LIST_LIMIT` was 100,000 in the store and 20,000 in the API).
 *
 * Invariant: plain values only, no imports, so every layer (shared/base up to the renderer) can use
 * it; test/repo/one-home.test.ts fails when another module exports one of these names again.
 */

// ---------------------------------------------------------------------------------------------
// The reference node's rules (PROTOCOL.md)

/** The furthest ahead of the head block an expiration may be (PROTOCOL.md §7): 24 hours. */
export const MAX_EXPIRATION_MS = 86_400_000;

/**
 * How far ahead of this machine's clock a file may date what it claims (a block, an account read):
 * clocks disagree by seconds, not hours. A snapshot dated later is refused (issue 16: one dated 2100
 * made every genuine snapshot after it "older").
 */
export const MAX_FUTURE_SKEW_MS = 10 * 60 * 1000;
/** The node's size limit for a whole transaction (PROTOCOL.md §7). */
export const MAX_TRANSACTION_BYTES = 512_000;
/** MAX_RESULT_SIZE_IN_TX: the room the node counts for one result (PROTOCOL.md §10). */
export const MAX_RESULT_SIZE_IN_TX = 64;
/** The node's TOTAL_SIGN_NUM default: most signatures on one transaction. */
export const MAX_SIGNATURES = 5;
/** Spec §8: at most 8 active permissions per account. */
export const MAX_ACTIVE_PERMISSIONS = 8;
/** Spec §8 and the node's TOTAL_SIGN_NUM default: at most 5 keys per permission. */
export const MAX_KEYS_PER_PERMISSION = 5;
/** Spec §2.2: a permission name is at most 32 bytes. */
export const MAX_PERMISSION_NAME_BYTES = 32;
/** PROTOCOL.md §6.1: a token name (and abbreviation) is at most 32 bytes. */
export const MAX_TOKEN_NAME_BYTES = 32;
/** PROTOCOL.md §6.1: a token's URL is at most 256 bytes. */
export const MAX_URL_BYTES = 256;
/** PROTOCOL.md §6.1: a token's description is at most 200 bytes. */
export const MAX_DESCRIPTION_BYTES = 200;
/** MAX_FROZEN_SUPPLY_NUMBER (PROTOCOL.md §6.1): most cded_supply entries in one issue. */
export const MAX_CDED_SUPPLY_ENTRIES = 10;
/** MIN_FROZEN_SUPPLY_TIME (PROTOCOL.md §6.1): a cded_supply entry locks for at least a day. */
export const MIN_CDED_DAYS = 1;
/** MAX_FROZEN_SUPPLY_TIME (PROTOCOL.md §6.1): and for at most ten years, in days. */
export const MAX_CDED_DAYS = 3652;
/** PROTOCOL.md §6.1: free_asset_net_limit and public_free_asset_net_limit must be below this. */
export const ONE_DAY_NET_LIMIT = 57_600_000_000n;
/** PROTOCOL.md §6.1: a token has at most 6 decimals, as TRX does. */
export const MAX_PRECISION = 6;

// ---------------------------------------------------------------------------------------------
// Transactions as the station keeps them

/** Transaction statuses, in the order a transaction moves through them (the store's CHECK list). */
export const TX_STATUSES = ['draft', 'collecting', 'ready', 'broadcast', 'confirmed', 'failed', 'expired'] as const;
export type TxStatus = (typeof TX_STATUSES)[number];

/** Most queue entries one API `list` call returns; the queue pages through more. */
export const MAX_LIST_LIMIT = 20_000;

/** Most rows one store listing returns: the CLI's `list` and the benchmarks read more than one API page. */
export const MAX_STORE_LIST_LIMIT = 100_000;

/**
 * Longest note kept with a transaction, in characters: a note travels in every handoff file, so it
 * is a sentence, not a document. The API, the store, the batch CSV and the handoff reader agree.
 */
export const MAX_NOTE_LENGTH = 2_000;

/** Longest key or token label the station stores, in characters (the API's argument limit is the same). */
export const MAX_LABEL_LENGTH = 200;

/** Longest address text an API argument or a form field takes: far above both written forms (34 and 42). */
export const MAX_ADDRESS_TEXT_LENGTH = 100;
/** An exporter's public key or fingerprint as typed (issue 16): 130 hex digits (uncompressed) with room for spaces. */
export const MAX_EXPORTER_KEY_TEXT_LENGTH = 200;

/** Longest permission-update JSON a proof or a build reads: a full account's permissions are a few KiB. */
export const MAX_PERMISSION_JSON_BYTES = 256 * 1024;

/** Longest address-book label, in UTF-16 units (what a text field counts), after trimming. */
export const MAX_BOOK_LABEL_LENGTH = 64;

/** Most keys one permission may hold for the signer-set analysis (2^n sets; the spec's limit is 5). */
export const MAX_ANALYSED_KEYS = 10;

// ---------------------------------------------------------------------------------------------
// Files and payloads

/** The largest file (handoff, chain snapshot) that crosses the API, in bytes. */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** A handoff file as base64 is 4/3 its size; 8 MiB leaves room for it and the rest of a call. */
export const MAX_PAYLOAD_BYTES = 8 * 1024 * 1024;
/** Largest batch CSV the station reads (the API's argument limit is the same). */
export const MAX_CSV_BYTES = 8 * 1024 * 1024;
/** Most data rows in one batch: a batch is signed row by row, and 10,000 is a day's payroll. */
export const MAX_BATCH_ROWS = 10_000;
/** Most token descriptions one handoff file carries (a transaction names one token; room for more). */
export const MAX_HANDOFF_TOKENS = 16;
/** Most accounts in one chain snapshot file. */
export const MAX_SNAPSHOT_ACCOUNTS = 1_000;
/** Most tokens in one chain snapshot file. */
export const MAX_SNAPSHOT_TOKENS = 1_000;
/** Longest node URL a snapshot may name (the usual browser limit). */
export const MAX_SNAPSHOT_URL_LENGTH = 2_048;
/** Most token balances of one account in a snapshot. */
export const MAX_SNAPSHOT_TOKEN_BALANCES = 10_000;
/** Most fee entries (chain parameters) in a snapshot. */
export const MAX_SNAPSHOT_FEES = 64;
/** A challenge or proof file is a few hundred bytes; anything above this is not one. */
export const MAX_PROOF_FILE_BYTES = 16 * 1024;
/** The longest a proof challenge may live: a proof that old says little about who holds the key now. */
export const MAX_CHALLENGE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Most bytes a secret file (a CLI key file) may hold: 64 hex digits and some whitespace fit easily. */
export const SECRET_FILE_MAX_BYTES = 4096;
/** The devnet's largest request body. A maximal transaction (512,000 bytes) fits as hex. */
export const MAX_BODY_BYTES = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Permission drafts (the editor's input, before the node's rules)

/** Most items in any list of a permission draft: far above a valid draft, so a larger one is refused outright. */
export const MAX_DRAFT_LIST = 64;
/** Longest text field of a permission draft, for the same reason. */
export const MAX_DRAFT_TEXT = 4096;
