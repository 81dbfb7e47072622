/**
 * Every bound and status list of Airlock in one module (docs/decisions.md §15 "every bound and status list in
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
/** The node's default lifetime of a built transaction when none is asked for (PROTOCOL.md §7): one minute. */
export const DEFAULT_EXPIRATION_MS = 60_000;
/** The station's default life of a new transaction: long enough to pass a USB stick around one working day (12 h). */
export const DEFAULT_EXPIRES_IN_MS = 12 * 60 * 60 * 1000;
/** A transaction with less than this left (1 h) may be re-issued before it expires. */
export const REISSUE_WINDOW_MS = 60 * 60 * 1000;
/** Below this much time left a countdown turns into a warning: the re-issue window, so the warning and Re-issue come together. */
export const EXPIRY_WARNING_MS = REISSUE_WINDOW_MS;

/**
 * How far ahead of this machine's clock a file may date what it claims (a block, an account read, a
 * handoff's permission copy): clocks that keep network time disagree by seconds, not minutes. A file
 * dated later is refused (docs/decisions.md §16: one dated 2100 made every genuine snapshot after it "older";
 * docs/decisions.md §24: ten minutes let a pinned exporter's file outrank reads made after it).
 */
export const MAX_FUTURE_SKEW_MS = 2 * 60 * 1000;
/**
 * How far behind a block's time this station's clock may be before a build warns about it (issue
 * 24: "this clock is 0 s behind the snapshot's block" was a warning): a head block read online is
 * often a few hundred ms "ahead" of a clock that keeps network time; ten seconds is not that.
 */
export const CLOCK_BEHIND_WARN_MS = 10_000;
/**
 * When a fact the station holds (an account's permissions, a token's description, a block) is
 * flagged as old on the screens (docs/decisions.md §16: "26700 d old" showed with no warning): one day, the
 * longest a transaction may live (MAX_EXPIRATION_MS). A permission read longer ago than any
 * transaction built from it can still be valid may have changed since; fetch it again.
 */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;
/**
 * How old this station's observation of an account may be when an online station shows something a
 * signature depends on (a permission diff, weights, a lockout verdict, a signing screen): older than
 * this, or only claimed by a file, and the station reads the account from the node first (docs/decisions.md §24,
 * "Online, the station reads before it shows"). A block is three seconds; a minute is twenty.
 */
export const FRESH_ACCOUNT_MS = 60_000;
/** Claims a transaction's handoff files made that disagree with the station, kept to show: the first this many. */
export const MAX_CLAIMS_PER_TRANSACTION = 20;
/** The node's size limit for a whole transaction (PROTOCOL.md §7). */
export const MAX_TRANSACTION_BYTES = 512_000;
/** MAX_RESULT_SIZE_IN_TX: the room the node counts for one result (PROTOCOL.md §10). */
export const MAX_RESULT_SIZE_IN_TX = 64;
/** The node's TOTAL_SIGN_NUM default: most signatures on one transaction. */
export const MAX_SIGNATURES = 5;
/**
 * Signers shared/chain/verify.ts keeps recovered, newest used last (about 1 MB): a signature is
 * checked more than once (getsignweight then broadcast, an import then the approval view), and
 * each recovery costs a quarter of a millisecond.
 */
export const RECOVERED_SIGNERS_KEPT = 4096;
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
/** UpdateAccountActuator (TransactionUtil.validAccountName): an account name is at most 200 bytes (empty allowed). */
export const MAX_ACCOUNT_NAME_BYTES = 200;
/** MAX_VOTES (VoteWitnessActuator): at most 30 executives in one vote list. */
export const MAX_VOTES = 30;
/** TRX_PRECISION: a Stake 2.0 stake or delegation is at least 1 TRX, in sun. */
export const MIN_STAKE_SUN = 1_000_000n;
/** DELEGATE_PERIOD / BLOCK_PRODUCED_INTERVAL: a locked delegation's default lock, 3 days in 3-second blocks. */
export const DEFAULT_DELEGATE_LOCK_BLOCKS = 86_400n;
/**
 * The largest MAX_DELEGATE_LOCK_PERIOD (chain parameter 78) a proposal may set, in blocks (about a
 * year): the bound a lock period is checked against when the chain's own value is not known.
 */
export const MAX_DELEGATE_LOCK_BLOCKS = 10_512_000n;

// ---------------------------------------------------------------------------------------------
// Transactions as the station keeps them

/** Transaction statuses, in the order a transaction moves through them (the store's CHECK list). */
export const TX_STATUSES = ['draft', 'collecting', 'ready', 'broadcast', 'confirmed', 'failed', 'expired'] as const;
export type TxStatus = (typeof TX_STATUSES)[number];

/** Most queue entries one API `list` call returns; the queue pages through more. */
export const MAX_LIST_LIMIT = 20_000;
/** Queue entries a `list` call without `limit` returns (the window's queue and `airlock list`). */
export const LIST_DEFAULT_LIMIT = 250;

/** Most rows one store listing returns: the station's own readers and the benchmarks read more than one API page. */
export const MAX_STORE_LIST_LIMIT = 100_000;

/**
 * Rows the queue fetches at a time (renderer/queue/queue.svelte.ts): a screenful and its margin,
 * so the first page is ready soon; as many as a batch takes, so the first page holds every row
 * "select all" chooses (MAX_QUEUE_BATCH, below).
 */
export const QUEUE_PAGE_SIZE = 100;
/** Queue rows drawn before the list's layout is known (renderer/queue/QueueList.svelte; also the rows drawn where there is no layout, as in the component tests). */
export const QUEUE_FIRST_ROWS = 30;
/**
 * Queue rows drawn beyond the visible ones, above and below, for the queue's first paint
 * (docs/decisions.md §27); after it, QUEUE_OVERSCAN_ROWS, so a quick scroll finds its rows drawn.
 */
export const QUEUE_FIRST_OVERSCAN_ROWS = 2;
/** Queue rows drawn beyond the visible ones, above and below, once the first page is on screen. */
export const QUEUE_OVERSCAN_ROWS = 10;

/** Base58 texts of addresses kept once computed (shared/chain/address.ts): a station's accounts, keys and recipients. */
export const BASE58_MEMO_ENTRIES = 4_096;

/**
 * Longest note kept with a transaction, in characters: a note travels in every handoff file, so it
 * is a sentence, not a document. The API, the store, the batch CSV and the handoff reader agree.
 */
export const MAX_NOTE_LENGTH = 2_000;

/** Longest key or token label the station stores, in characters (the API's argument limit is the same). */
export const MAX_LABEL_LENGTH = 200;

/**
 * Most characters of an unknown contract's type URL a screen shows (docs/decisions.md §17): the reference node's
 * URLs are under 80, and a longer one is cut with an ellipsis, so no file can fill a screen with it.
 */
export const MAX_SHOWN_TYPE_URL = 120;

/** Longest address text an API argument or a form field takes: far above both written forms (34 and 42). */
export const MAX_ADDRESS_TEXT_LENGTH = 100;
/** An exporter's public key or fingerprint as typed (docs/decisions.md §16): 130 hex digits (uncompressed) with room for spaces. */
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
/** Largest text the station takes as a handoff, snapshot or proof file (the formats' own limits are lower). */
export const MAX_INPUT_FILE_BYTES = 16 * 1024 * 1024;
/** Longest text a station service takes in a field that names no bound of its own (a label, a passphrase hint). */
export const MAX_ARG_TEXT_CHARS = 2_000;
/** Longest file name (or path: the station keeps only its last segment) a station service takes. */
export const MAX_FILE_NAME_ARG_CHARS = 4096;
/** How many characters of a long bad input a message may quote (shared/base/errors.ts `excerpt`). */
export const EXCERPT_LENGTH = 6;
/** A bad input up to this long, with no run of QUOTABLE_HEX_RUN hex digits, is quoted whole. */
export const EXCERPT_WHOLE_MAX = 24;
/**
 * A run of this many hex digits may be the start of a private key, so text holding one is cut
 * (excerpt, shownKey) or described (shownArg) instead of quoted.
 */
export const QUOTABLE_HEX_RUN = 8;
/** File names are looser (they carry a txID's first 12 digits); half a private key is still too much. */
export const FILE_NAME_HEX_RUN = 32;
/** Longest argument a message may quote; a longer one is described, not shown. */
export const SHOWN_ARG_MAX = 200;
/** A handoff file as base64 is 4/3 its size; 8 MiB leaves room for it and the rest of a call. */
export const MAX_PAYLOAD_BYTES = 8 * 1024 * 1024;
/** Largest batch CSV the station reads (the API's argument limit is the same). */
export const MAX_CSV_BYTES = 8 * 1024 * 1024;
/** Most data rows in one batch: a batch is signed row by row, and 10,000 is a day's payroll. */
export const MAX_BATCH_ROWS = 10_000;
/** Rows per buildBatch call from the Batch screen: small enough that progress moves every second or so on a slow station. */
export const BATCH_CHUNK_ROWS = 200;
/**
 * Most queue rows one batch action (sign, export, broadcast) takes, and most handoff files one
 * merged file carries (docs/decisions.md §18): an import takes at most 100 files, so a merged file of this many
 * imports whole on another station.
 */
export const MAX_QUEUE_BATCH = 100;
/**
 * docs/decisions.md §26, batch broadcast in dependency order: ms between the node lookups while a row waits for
 * a row it depends on to be in a block (a block is produced every 3 s), and the longest it waits
 * before the dependent row is left unsent (about 20 blocks: a block that took longer is news).
 */
export const BATCH_WAIT_POLL_MS = 1_000;
export const BATCH_WAIT_MAX_MS = 60_000;
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
/** How long a new proof challenge stays answerable (7 days): long enough to carry a file to the holder and back. */
export const DEFAULT_CHALLENGE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
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

// ---------------------------------------------------------------------------------------------
// Votes and Stake 2.0 (the reference node's Parameter.ChainConstant and UnfreezeBalanceV2Actuator)

/** UNFREEZE_MAX_TIMES: most unstakes of one account waiting out their delay at once. */
export const UNFREEZE_MAX_TIMES = 32;

// Live status (docs/decisions.md §18): the station asking the node what became of its transactions

/** How often a station asks the node about its open transactions, by default (ms between passes). */
export const DEFAULT_STATUS_REFRESH_MS = 5_000;
/** The shortest interval a station may be given: tests use it; a person never needs faster. */
export const MIN_STATUS_REFRESH_MS = 100;
/** The longest interval: a queue that waits longer than this for news no longer "refreshes by itself". */
export const MAX_STATUS_REFRESH_MS = 10 * 60 * 1000;
/** Most transactions one pass asks the node about (two lookups each at most); the rest wait for the next pass. */
export const MAX_STATUS_LOOKUPS_PER_PASS = 200;
/** How many of an account's confirmed transactions are looked through for a permission update (station/core/fresh-account.ts). */
export const CONFIRMED_LOOKED_AT = 200;
/** Rows per MAC call while the audit log is verified: bounds memory, and a long log costs few keychain reads. */
export const AUDIT_WALK_CHUNK = 2048;
/** The largest time a JavaScript Date holds, in ms (±8.64e15, ECMA-262 "Time Values"): a later time has no date to show. */
export const MAX_DATE_MS = 8_640_000_000_000_000n;
/**
 * How long after its expiration a transaction is still asked about: one that reached a block did so
 * before it expired, and a station offline for a week should still learn it; older ones are left.
 */
export const STATUS_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;
/** How often a visible queue re-reads its rows (ms): the station's own passes find the news, the queue shows it. */
export const QUEUE_POLL_MS = 3_000;
/** Most accounts the renderer's live state keeps re-reading for the pickers (renderer/app/live.svelte.ts); the oldest asked is let go. */
export const MAX_LIVE_ACCOUNTS = 16;
/** Most transactions the live state follows for the screens' last-built links; the oldest followed is let go. */
export const MAX_LIVE_TRANSACTIONS = 32;
/** How many of an account's newest confirmed transactions the live state reads for a permission update newer than its stored copy. */
export const LIVE_UPDATES_SCANNED = 25;
/**
 * Most transactions one block may hold: java-tron's blocks are at most 2,000,000 bytes
 * (BLOCK_MAX_SIZE) and a transaction is at least ~100, so a reply listing more is not a block.
 */
export const MAX_BLOCK_TRANSACTIONS = 20_000;
/** Levels of a transaction tree over MAX_BLOCK_TRANSACTIONS leaves: a longer Merkle branch proves nothing. */
export const MAX_MERKLE_DEPTH = 15;
/** Most signatures one transaction in a block may carry (the node's TOTAL_SIGN_NUM can be raised up to 32 by a devnet). */
export const MAX_BLOCK_SIGNATURES = 32;
/** Most `ret` entries one transaction in a block may carry (java-tron writes one). */
export const MAX_BLOCK_RESULTS = 4;
/**
 * Most active executives whose block keys a station reads from a node's list: java-tron has 27
 * (MAX_ACTIVE_WITNESS_NUM); a list naming more active ones is read up to this many, the rest ignored.
 */
export const MAX_EXECUTIVES = 127;
/** Most entries of a node's executive list (candidates included) a station reads at all. */
export const MAX_EXECUTIVE_CANDIDATES = 10_000;
/** The deepest confirmation depth a devnet may be started with (blocks between its head and its solidified block). */
export const MAX_DEVNET_CONFIRMATION_DEPTH = 1_000;
/** Most fates a snapshot export passes on with their proofs (about 2 KB each; the file is at most 8 MiB). */
export const MAX_SNAPSHOT_FATE_PROOFS = 2_000;
/** Most transactions whose fate one snapshot file may carry. */
export const MAX_SNAPSHOT_TRANSACTIONS = 10_000;

// The animated QR air gap (docs/decisions.md §19, shared/files/ur.ts)

/**
 * Most parts a UR transfer may claim (its `ur:type/N-M/` M). Checked on the first frame, before
 * the fountain decoder allocates a list of M entries: a frame claiming 4 billion parts is refused.
 * 1,000 parts of the largest fragment hold MAX_UR_MESSAGE_BYTES.
 */
export const MAX_UR_PARTS = 1_000;
/** Longest text one frame may hold: a version-40 QR symbol carries at most 4,296 alphanumeric characters. */
export const MAX_UR_PART_CHARS = 4_296;
/** Largest file one UR transfer may carry: a 5-signature handoff is a few KiB, a snapshot of many accounts more. */
export const MAX_UR_MESSAGE_BYTES = 1024 * 1024;
/** Fragment sizes a sender may choose (bytes of the file per QR frame): denser frames need a steadier camera. */
export const MIN_UR_FRAGMENT_BYTES = 10;
export const MAX_UR_FRAGMENT_BYTES = 1_000;
/**
 * The default density: 200 bytes a frame make a version-11 symbol (61 modules at level L) that laptop
 * and phone cameras read at arm's length; a 5-signature handoff (3.7 KB) is 19 frames.
 */
export const DEFAULT_UR_FRAGMENT_BYTES = 200;
/** Frames a second the sender may show: above 20 a 30 fps camera sees torn symbols. */
export const MIN_QR_FRAMES_PER_SECOND = 1;
export const MAX_QR_FRAMES_PER_SECOND = 20;
export const DEFAULT_QR_FRAMES_PER_SECOND = 5;
/** How long a scan may go on without completing: a transfer that never completes is given up, not held open. */
export const MAX_UR_SCAN_MS = 10 * 60 * 1000;

// Smart-contract calls (docs/decisions.md §17: ABI decoding, TRC-20 builds)

/**
 * Most call data the station decodes into words, in bytes. A TRC-20 call is 68 to 100 bytes and a
 * large batch call a few KiB; longer data is shown as not decoded (and so needs the unknown-function
 * override), so a megabyte of hostile calldata costs one length check.
 */
export const MAX_CALLDATA_BYTES = 64 * 1024;
/** Call data that is not decoded is shown word by word: at most this many words get a row each, the rest are counted in one row. */
export const MAX_CALL_WORD_ROWS = 64;
/** Most tuple and array levels an ABI type may nest: real contracts use two or three. */
export const MAX_ABI_DEPTH = 8;
/** Most elements one decoded dynamic array may claim; a larger length word is refused before anything is read. */
export const MAX_ABI_ARRAY_LENGTH = 1_024;
/** Most values one decode may produce: offsets that point back at shared data cannot multiply the work past this. */
export const MAX_ABI_DECODED_VALUES = 4_096;
/** Largest imported ABI JSON, in characters: a large contract's ABI is tens of KiB. */
export const MAX_ABI_JSON_BYTES = 1024 * 1024;
/** Most functions one imported ABI may hold. */
export const MAX_ABI_FUNCTIONS = 1_000;
/** Most parameters (or tuple components) one function or tuple may have. */
export const MAX_ABI_PARAMS = 64;
/** Most contracts the station's list holds. */
export const MAX_KNOWN_CONTRACTS = 1_000;
/** Most contracts in one chain snapshot file's `contracts` section: a whole station's list. */
export const MAX_SNAPSHOT_CONTRACTS = MAX_KNOWN_CONTRACTS;
/** Longest name the station keeps for a contract, and for a TRC-20 name or symbol read from a node, in characters. */
export const MAX_CONTRACT_NAME_LENGTH = 64;
/** Most decimals a TRC-20 token may declare and still be shown in its units: ERC-20 practice (18), and formatGrouped's range. */
export const MAX_TRC20_DECIMALS = 18;
/** The fee limit a TRC-20 build sets when none is given: 100 TRX, in sun (a transfer burns well under 30 TRX of energy). */
export const DEFAULT_TRC20_FEE_LIMIT_SUN = 100_000_000n;
/**
 * A fee limit above this draws a warning on the signer's screen (docs/decisions.md §24 finding): 1,000 TRX, in
 * sun, ten times the default of a TRC-20 build and far above what any real call burns (a TRC-20
 * transfer burns tens of TRX of energy); a person signing a limit this high should know it.
 */
export const HIGH_FEE_LIMIT_SUN = 1_000_000_000n;
/** The reference node's getMaxFeeLimit on mainnet: 15,000 TRX, in sun. A larger fee_limit is refused. */
export const MAX_FEE_LIMIT_SUN = 15_000_000_000n;
/**
 * An approval above this many whole tokens is flagged as large when the holder's balance is not
 * known (with a known balance, anything above the balance is). A billion whole tokens.
 */
export const LARGE_APPROVAL_WHOLE_TOKENS = 1_000_000_000n;

/**
 * maxEnergyLimitForConstant: the most energy a constant call (triggerconstantcontract) may use on
 * the local node, as the reference node's default; a fee_limit lowers it (devnet/evm/routes.ts).
 */
export const CONSTANT_CALL_ENERGY_LIMIT = 100_000_000n;

/**
 * The connection test (Settings) reports a chain whose head block is older than this as not moving
 * (docs/decisions.md §18: a producer halted after an executive-key change and the test still showed a tick).
 * Twenty missed 3-second slots: a chain that produces is never this far behind, a halted one soon is.
 */
export const HEAD_STALLED_AFTER_MS = 60_000;

// ---------------------------------------------------------------------------------------------
// Bounds that lived beside their one user until docs/decisions.md §27 (one home for every bound)

/**
 * The deepest nesting of arrays and objects any JSON reader of untrusted input accepts. The deepest
 * real input (a block of transactions from the node, a permission update inside a handoff file) is
 * under 16 levels.
 */
export const MAX_JSON_DEPTH = 64;

/** How long the node client waits for a node's answer by default (station/node/node-client.ts). */
export const NODE_TIMEOUT_MS = 10_000;

/** The largest node reply read, by default: far above any reply the station asks for (a 1,000-token list is ~1 MB). */
export const MAX_NODE_REPLY_BYTES = 4 * 1024 * 1024;

/** Longest API key sent; hosted keys are UUIDs (36 characters). */
export const MAX_API_KEY_LENGTH = 256;

/** How many handoff or transaction files one station import takes. */
export const MAX_IMPORT_FILES = 100;

/** The keystore file's size: far above any real keystore (10,000 keys take about 1 MB); a bigger file is refused unread. */
export const KEYSTORE_MAX_BYTES = 4 * 1024 * 1024;

/** The scrypt parameters a keystore file may ask for: below this is too weak to accept, above it a denial of service. */
export const SCRYPT_LIMITS = { minN: 2 ** 14, maxN: 2 ** 20, maxR: 16, maxP: 4, maxMemory: 1024 * 1024 * 1024 } as const;

/** Longest vault passphrase taken, in UTF-8 bytes (scrypt reads it whole). */
export const PASSPHRASE_MAX_BYTES = 1024;

/** A new keystore's passphrase must be at least this long; scrypt slows guessing, it cannot stop it. */
export const PASSPHRASE_MIN_BYTES = 8;

/**
 * The store's limits on stored text (station/store/row-checks.ts), in UTF-16 code units (what
 * `.length` counts): a node's answer kept with a transaction.
 */
export const MAX_NODE_ANSWER_LENGTH = 65_536;

/** A stored file name (a proof's, an import's). */
export const MAX_FILE_NAME_LENGTH = 1_024;

/** A stored token's URL. */
export const MAX_URL_LENGTH = 2_048;

/** A setting's key. */
export const MAX_SETTING_KEY_LENGTH = 200;

/** A stored setting value or audit details, as JSON text. */
export const MAX_JSON_LENGTH = 65_536;

/** How deep a stored setting or audit detail may nest (the store's own bound, below parseJson's). */
export const MAX_STORED_JSON_DEPTH = 32;

/**
 * Request body bytes all API calls may hold at once, by default: four maximal bodies (32 MiB). Each
 * body is held as bytes, text and parsed value while its call runs, so this bounds the bridge's
 * memory for uploads whatever a token holder sends.
 */
export const BRIDGE_MAX_IN_FLIGHT_BYTES = 4 * MAX_PAYLOAD_BYTES;

/** Longest amount text read at all (shared/base/amount.ts): int64 has 19 digits, so anything longer is refused unread. */
export const MAX_AMOUNT_TEXT = 40;

/** Longest token amount text read for a uint256 (shared/contracts/abi-amount.ts): 2^256 has 78 digits; with commas and a point, 120 characters is more than any uint256 written out. */
export const MAX_ABI_AMOUNT_TEXT = 120;

/** Longest name a proof file is saved or imported under (the common file-system limit). */
export const MAX_PROOF_FILE_NAME = 255;

/** The audit chain's anchor as the vault keeps it: a few hundred bytes, so a bigger one is refused unread. */
export const MAX_ANCHOR_BYTES = 4096;

/** Longest result code a transaction's fate keeps: node codes are short words (SUCCESS, OUT_OF_ENERGY). */
export const MAX_CHAIN_RESULT_LENGTH = 64;

/** How many handoff files one open dialog may bring: importFiles takes at most this many. */
export const MAX_OPENED_FILES = 20;

/** Most problems an API argument check lists in details; the first is the message. */
export const MAX_LISTED_ISSUES = 10;

// Hardware signers (docs/decisions.md §23): the TRON Ledger app's own bounds (LedgerHQ/app-tron 0.7.x)

/** Bytes of one APDU's data the host sends the TRON app: hw-app-trx's CHUNK_SIZE, which the app's buffers assume. */
export const LEDGER_CHUNK_SIZE = 250;
/** Components of a derivation path the app reads (parse.h MAX_BIP32_PATH). */
export const LEDGER_MAX_PATH_DEPTH = 10;
/** Votes the app's VoteWitnessContract decoder holds (its nanopb options): more is refused as unreadable. */
export const LEDGER_MAX_VOTES = 5;
/** The station's own cap on a personal message sent to the device (a proof challenge is well under it). */
export const LEDGER_MAX_MESSAGE_BYTES = 16 * 1024;
/** Highest account index `keys ledger add --account N` takes: a hardened index is below 2^31. */
export const LEDGER_MAX_ACCOUNT_INDEX = 2_147_483_647;
/**
 * How long the station waits for one device answer: a person reads the screens and presses the
 * buttons within it, or the exchange is abandoned (the device then shows its idle screen again).
 */
export const LEDGER_EXCHANGE_TIMEOUT_MS = 5 * 60 * 1000;
/** Bytes of a device's answer the station reads (a signature is 65 + 2; an address answer about 105). */
export const LEDGER_MAX_ANSWER_BYTES = 512;

/**
 * docs/decisions.md §25, the cost estimate (shared/approval/costs.ts): the fee limit proposed for a contract call
 * is the estimated energy's full price plus this many percent, so a call that needs a little more
 * energy than the constant call said still succeeds.
 */
export const FEE_LIMIT_MARGIN_PERCENT = 20n;
/** A fee limit more than this many times the estimated energy's full price is flagged as far above it (a wrong estimate or a typo then burns that much). */
export const FEE_LIMIT_FAR_ABOVE_FACTOR = 10n;
/** Most accounts the account at a glance asks getdelegatedresourcev2 about, each way (station/accounts/glance.ts); it says when there were more. */
export const MAX_GLANCE_DELEGATIONS = 50;
/** docs/decisions.md §25, a snapshot's `costs` (shared/files/snapshot-costs.ts): the largest amount or resource figure it may state (10^17 sun is more than all TRX). */
export const MAX_SNAPSHOT_COST_VALUE = 10n ** 17n;
/** Contract-call energy estimates a snapshot carries per account (the exporter's pending calls). */
export const MAX_SNAPSHOT_ENERGY_ESTIMATES = 16;
/** Bytes of one estimated call's data a snapshot carries. */
export const MAX_SNAPSHOT_CALL_DATA_BYTES = 1_024;
/** docs/decisions.md §25: most TRC-10 holdings the account at a glance lists (by id); it says when there were more. */
export const MAX_GLANCE_TOKENS = 100;
/** docs/decisions.md §25: most TRC-20 balances the account at a glance asks for (the station's listed contracts, in list order); it says when there were more. */
export const MAX_GLANCE_TRC20 = 50;
/** docs/decisions.md §25: digits of a TRC-20 balance (a uint256 has at most 78). */
export const MAX_TRC20_BALANCE_DIGITS = 78;
/** docs/decisions.md §25: most account glances one chain snapshot carries (one per account at most). */
export const MAX_SNAPSHOT_GLANCES = 1_000;

// ---------------------------------------------------------------------------------------------
// The renderer's drawing order (docs/decisions.md §27; bench/README.md "Every click fast")

/**
 * The longest a part drawn after the first paint (renderer/ui/after-paint.ts) waits for an animation
 * frame: a hidden window draws no frames, and what it defers must still be there when it is shown.
 */
export const AFTER_PAINT_FALLBACK_MS = 100;
/** QR drawings of txIDs kept once computed (renderer/ui/qr-drawing.ts): reopening a transaction draws its code at once. */
export const QR_DRAWINGS_KEPT = 16;
