/**
 * The station API table (issue 8 "The API contract"): every method the renderer may call, declared
 * once with the schema of its argument and result. Preload, IPC, the bridge and the renderer's
 * client all read this table, so a method added here and not implemented is a compile error in main.
 *
 * Method names and arguments follow the station services (station/station.ts, issue 7:
 * keysNew, keysImport, keysList, keysLabel, keysDelete, accountFetch, accountShow, snapshotExport,
 * snapshotImport, build*, buildBatch, sign, status, exportHandoff, importFiles, reissue, broadcast,
 * list, settings, setSetting, auditVerify). Where the services take a file path, the API carries
 * the file's text instead (`textFile()`, 4 MiB; a CSV 8 MiB): the renderer never names a path on
 * the host; main's dialogs and the browser's file input both produce text.
 *
 * Results are the shared views (station-view-schemas.ts: TransactionView, PermissionView,
 * ApprovalView, built by shared/views/view.ts) plus the station's own facts (status, note, expiry,
 * which keys are local). Free text a person typed or a file carried (labels, notes, file names)
 * crosses as it is stored and is escaped by the renderer with shared/base/escape.ts before display.
 *
 * Invariant: results are JSON-safe (no bigint, no byte arrays, no protobuf messages), every result
 * schema is closed (shared/api/station-api.test.ts walks them), and none has room for key bytes: keys
 * cross as addresses only. The schema's output is what crosses to the renderer.
 */
import { OVERRIDABLE_RISKS } from '../approval/signing-risk.ts';
import * as v from 'valibot';
import { defineApi, textFile } from './api-contract.ts';
import { DURATION_RE } from '../base/duration.ts';
import { PRIVATE_KEY_TEXT_RE } from '../base/secrets.ts';
import { TOKEN_ID_RE, TXID_RE } from '../chain/ids.ts';
import { fileNameControl, fileNameControlMessage } from '../files/file-name.ts';
import {
  ADDRESS_VIEW,
  APPROVAL_VIEW,
  CONTRACT_NAMES,
  int64Text,
  PERMISSION_KEY_VIEW,
  PERMISSION_VIEW,
  TRANSACTION_VIEW,
  txIdText,
} from './station-view-schemas.ts';
import { KNOWN_SIGNERS_VIEW, PERMISSION_CHECK_VIEW } from './permission-check-schemas.ts';
import { TOKEN_VIEW } from './token-view-schema.ts';
import { LISTED_CONTRACT_VIEW } from './contract-view-schema.ts';
import {
  MAX_ABI_JSON_BYTES,
  MAX_ADDRESS_TEXT_LENGTH,
  MAX_CONTRACT_NAME_LENGTH,
  MAX_ACCOUNT_NAME_BYTES,
  MAX_LABEL_LENGTH,
  MAX_LIST_LIMIT,
  MAX_NOTE_LENGTH,
  MAX_PERMISSION_JSON_BYTES,
  MAX_TRC20_DECIMALS,
  MAX_VOTES,
  TX_STATUSES,
} from '../base/limits.ts';
import { PROVENANCE_VIEW, TRANSACTION_PROVENANCE_VIEW } from './provenance-schema.ts';
import { EXPORTER_KEY_ARG, EXPORTER_LABEL_ARG, EXPORTER_VIEW, IDENTITY_VIEW, PINNED_EXPORTER_VIEW } from './exporter-schemas.ts';

// ---------------------------------------------------------------------------------------------
// Argument parts

/** An address as a person types it: Base58 T… or 42 hex digits starting 41; the handler parses it. */
const addressArg = v.pipe(v.string(), v.minLength(1, 'an address'), v.maxLength(MAX_ADDRESS_TEXT_LENGTH, 'an address'));
/** A txID in any case; the handler lowercases. */
const txIdArg = v.pipe(v.string(), v.regex(TXID_RE, 'a txID: 64 hex digits'));
/** An amount in smallest units as decimal text (int64 never crosses as a number). */
const amountArg = v.pipe(v.string(), v.regex(/^[0-9]{1,19}$/, 'a whole number of smallest units'));
/** An int64 as decimal text (a sign allowed): the contract's own rule answers 0 or a negative in the node's words. */
const sunArg = v.pipe(v.string(), v.regex(/^-?[0-9]{1,19}$/, 'a whole number of sun'));
/** balance_contract.proto ResourceCode by name. */
const resourceArg = v.picklist(['BANDWIDTH', 'ENERGY', 'TRON_POWER'], 'BANDWIDTH, ENERGY or TRON_POWER');
const tokenIdArg = v.pipe(v.string(), v.regex(TOKEN_ID_RE, 'a token id (digits, such as 1000001)'));
/** `12h`, `90m`, `45s`, `1d`: shared/base/duration.ts parseDuration reads it (the same pattern). */
const durationArg = v.pipe(v.string(), v.regex(DURATION_RE, 'a duration such as 12h, 90m or 30s'));
const labelArg = v.pipe(v.string(), v.maxLength(MAX_LABEL_LENGTH, `a label of at most ${MAX_LABEL_LENGTH} characters`));
const noteArg = v.pipe(v.string(), v.maxLength(MAX_NOTE_LENGTH, `a note of at most ${MAX_NOTE_LENGTH} characters`));
/** A file name: short, and without control characters (issue 16: a NUL answered INTERNAL). */
const fileNameArg = v.pipe(
  v.string(),
  v.maxLength(255, 'a file name of at most 255 characters'),
  v.check(
    (name) => fileNameControl(name) === null,
    (issue) => fileNameControlMessage(fileNameControl(String(issue.input)) ?? 'U+0000'),
  ),
);

/** The options every build takes (services BuildOptions). */
const buildOptions = {
  permissionId: v.optional(v.pipe(v.number(), v.integer('a whole number'), v.minValue(0, '0 or more'), v.maxValue(2 ** 31 - 1, 'at most 2^31-1'))),
  expiresIn: v.optional(durationArg),
  note: v.optional(noteArg),
};

/** A TRC-20 build's token, amount, units and fee limit (TRX text); the builder reads the amount with the token's decimals. */
const trc20Build = {
  token: addressArg,
  amount: v.pipe(v.string(), v.maxLength(120, 'an amount of at most 120 characters')),
  units: v.optional(v.picklist(['tokens', 'smallest'])),
  feeLimit: v.optional(v.pipe(v.string(), v.maxLength(40, 'a fee limit in TRX'))),
  ...buildOptions,
};
/** A contract's name, or a TRC-20 symbol or name typed by hand. */
const contractText = v.pipe(v.string(), v.maxLength(MAX_CONTRACT_NAME_LENGTH, `at most ${MAX_CONTRACT_NAME_LENGTH} characters`));

/** The node's contract JSON (AssetIssueContract, AccountPermissionUpdateContract) as text. */
const contractJsonArg = v.pipe(v.string(), v.maxBytes(MAX_PERMISSION_JSON_BYTES, `contract JSON of at most ${MAX_PERMISSION_JSON_BYTES} bytes`));

export const VAULT_KINDS = ['keychain', 'keystore'] as const;

// ---------------------------------------------------------------------------------------------
// Result parts

export const KEY_VIEW = v.strictObject({
  address: v.string(),
  hex: v.string(),
  /** As stored; the renderer escapes it for display. */
  label: v.string(),
  vault: v.picklist(VAULT_KINDS),
  createdAt: v.number(),
});

const VAULT_STATUS = v.strictObject({
  kind: v.picklist(VAULT_KINDS),
  available: v.boolean(),
  /** What to do when it is locked or missing; null when available. */
  message: v.nullable(v.string()),
  /** The keystore waits for its passphrase (`vaultUnlock`): signing and key changes answer VAULT_LOCKED. */
  locked: v.boolean(),
});

/** Where an account's state came from (the services' SourceView): a node at a block, a file, or a file signed by a pinned exporter (issue 16). */
const SOURCE_VIEW = v.strictObject({
  kind: v.picklist(['node', 'file', 'exporter']),
  node: v.optional(v.string()),
  block: v.optional(v.number()),
  file: v.optional(v.string()),
  /** The pinned exporter's label and fingerprint code, for kind `exporter`. */
  exporter: v.optional(v.strictObject({ label: v.string(), fingerprint: v.string() })),
  /** In words: `node http://… at block 12` or `file snap.json`. */
  text: v.string(),
});

/** A permission's key with its label (a key's own, then the address book's); null when none. */
const LABELLED_KEY = v.strictObject({ ...PERMISSION_KEY_VIEW.entries, label: v.nullable(v.string()) });

export const ACCOUNT_VIEW = v.strictObject({
  address: v.string(),
  hex: v.string(),
  balance: int64Text,
  tokens: v.array(v.strictObject({ id: v.string(), balance: int64Text })),
  /** The account's label (a key's own, then the address book's), as stored; null when none. */
  label: v.nullable(v.string()),
  /** Each permission's view (shared/views/view.ts permissionView) with the slot it fills; each key with its label. */
  permissions: v.array(v.strictObject({ ...PERMISSION_VIEW.entries, keys: v.array(LABELLED_KEY), slot: v.picklist(['owner', 'executive', 'active']) })),
  source: SOURCE_VIEW,
  /** The source judged (issue 16): observed from the node or claimed by a file, its age, stale when old. */
  provenance: PROVENANCE_VIEW,
  fetchedAt: v.number(),
  ageMs: v.number(),
  age: v.string(),
});

/** One stored account in the list to pick from (the services' `accountsList`): no permissions, which accountShow gives. */
const ACCOUNT_ENTRY = v.strictObject({
  address: v.string(),
  /** The account's label (a key's own, then the address book's), as stored; null when none. */
  label: v.nullable(v.string()),
  source: SOURCE_VIEW,
  /** The source judged (issue 16): observed from the node or claimed by a file, its age, stale when old. */
  provenance: PROVENANCE_VIEW,
  fetchedAt: v.number(),
  ageMs: v.number(),
  age: v.string(),
});

/** A stored block in the snapshot list (the services' SnapshotEntryView). */
const SNAPSHOT_ENTRY = v.strictObject({
  id: v.number(),
  block: v.strictObject({ number: v.number(), id: v.string(), timestamp: v.number() }),
  provenance: PROVENANCE_VIEW,
  importedAt: v.number(),
  inUse: v.boolean(),
});

/** A key of the permission, with what this station knows about it. */
const SIGNER_VIEW = v.strictObject({
  address: ADDRESS_VIEW,
  weight: int64Text,
  /** A key label from this station's keys or address book, as stored; null when unknown. */
  label: v.nullable(v.string()),
  signed: v.boolean(),
  /** This station holds the key. */
  local: v.boolean(),
});

/** An address that imitates a known one (shared/views/lookalike.ts), with the known one's label. */
export const LOOKALIKE_VIEW = v.strictObject({ address: v.string(), imitates: v.string(), label: v.nullable(v.string()) });

/**
 * What the chain says became of a transaction (issue 18, live status; station/core/chain-report.ts):
 * observed when this station asked a node itself, else claimed by the file named in `claimedBy`.
 */
export const CHAIN_FATE_VIEW = v.strictObject({
  block: v.number(),
  /** SUCCESS, or the node's code for one that failed in its block. */
  result: v.string(),
  /** The fee paid, sun as decimal text. */
  fee: int64Text,
  /** For a failed one, the node's reason in words. */
  reason: v.nullable(v.string()),
  observed: v.boolean(),
  claimedBy: v.nullable(v.string()),
  /** The fact in words. */
  text: v.string(),
});

/**
 * One transaction as the station knows it (the services' `status`): the view decoded from the
 * signed bytes, its approval against the permission the signers saw, and the store's facts.
 */
export const STATION_TRANSACTION = v.strictObject({
  view: TRANSACTION_VIEW,
  /** Null when the station does not know the account's permissions. */
  approval: v.nullable(APPROVAL_VIEW),
  /** Every key of the permission; empty without an approval. */
  signers: v.array(SIGNER_VIEW),
  status: v.picklist(TX_STATUSES),
  /** As stored; escaped for display by the renderer. */
  note: v.string(),
  /** The node's answer in words after broadcast; null before. */
  nodeAnswer: v.nullable(v.string()),
  /** Issue 18: its fate on chain, observed or claimed; null until reported. */
  chain: v.nullable(CHAIN_FATE_VIEW),
  createdAt: v.number(),
  /** ms until expiry when the answer was made (negative once expired). */
  expiresInMs: v.number(),
  /** The transaction as the node's JSON (Base58 addresses), pretty-printed and escaped. */
  nodeJson: v.string(),
  /** True when the services would re-issue it (expired, or close to expiry, and not on chain). */
  reissuable: v.boolean(),
  /** Every address the view names, and every signer's, that has a label (a key's own, then the address book's). */
  labels: v.array(v.strictObject({ address: v.string(), label: v.string() })),
  /**
   * Addresses the view names that are neither in the book nor this station's keys but share the
   * first and last characters of one that is (shared/views/lookalike.ts): `imitates` and its label.
   */
  lookalikes: v.array(LOOKALIKE_VIEW),
  /** Where the permission the weights count against and the amount's token description came from, and every conflicting claim (issue 16). */
  provenance: TRANSACTION_PROVENANCE_VIEW,
});

/** One row of the queue (the services' `list`): enough to draw it without decoding the bytes again. */
export const QUEUE_ENTRY = v.strictObject({
  txId: txIdText,
  kind: v.picklist(CONTRACT_NAMES),
  /** The kind in plain words (view.title). */
  title: v.string(),
  account: v.string(),
  /** The account's label (a key's own, then the address book's); null when none. */
  accountLabel: v.nullable(v.string()),
  /** The amount with its unit, or the change in words ("2 of 3 keys"): from the view's summary parts. */
  amount: v.string(),
  status: v.picklist(TX_STATUSES),
  weight: int64Text,
  threshold: v.nullable(int64Text),
  signatureCount: v.number(),
  /** Keys that have not signed and could still add weight, with whether this station holds them. */
  canStillSign: v.array(v.strictObject({ address: v.string(), weight: int64Text, local: v.boolean(), label: v.nullable(v.string()) })),
  /** ms since the epoch. */
  expiration: v.number(),
  note: v.string(),
  /** Issue 18: its fate on chain, observed or claimed; null until reported. */
  chain: v.nullable(CHAIN_FATE_VIEW),
  /** Issue 18: for a failed one, the node's reason in words (its refusal, or why it failed in its block); null otherwise. */
  failure: v.nullable(v.string()),
});

const BUILD_RESULT = v.strictObject({
  txId: txIdText,
  transaction: STATION_TRANSACTION,
  /** Where TaPoS and the times came from, in words. */
  basis: v.string(),
  /** The reference block's provenance: the node's head, or a snapshot file's claim, and its age. */
  block: PROVENANCE_VIEW,
  warnings: v.array(v.string()),
});

/** A build method: its own arguments and the options every build takes, answered with the build's result. */
const built = <T extends v.ObjectEntries>(entries: T) => ({ args: v.strictObject({ ...entries, ...buildOptions }), result: BUILD_RESULT });

/** shared/chain/dialect.ts DIALECTS, written out so the renderer's bundle does not take the translator (the type test keeps them equal). */
export const NODE_DIALECTS = ['spec', 'java-tron'] as const;

const SETTINGS_VIEW = v.strictObject({
  node: v.string(),
  /** Which HTTP dialect the node speaks (shared/chain/dialect.ts). */
  dialect: v.picklist(NODE_DIALECTS),
  expiration: v.string(),
  expiresInMs: v.number(),
  vault: v.picklist(VAULT_KINDS),
});

/** One address-book entry; the label holds no character that needs escaping (the station refuses them). */
export const BOOK_ENTRY = v.strictObject({ address: v.string(), hex: v.string(), label: v.string(), updatedAt: v.number() });
/** Bounded here; the station's rules (64 characters after trimming, no invisible characters, not a key) name themselves. */
const bookLabelArg = v.pipe(v.string(), v.maxLength(256, 'a label of at most 64 characters'));

/** A file handed to the renderer to save (save dialog in Electron, a download in a browser). */
const FILE_OUT = { fileName: v.string(), text: v.string() };

/** A key proved to this station (station/proofs/proofs.ts ProvedKeyView). */
const PROVED_KEY_VIEW = v.strictObject({
  account: v.string(),
  key: v.string(),
  /** sha256 of the proposed AccountPermissionUpdateContract's bytes, hex (shared/files/proof.ts). */
  permissionHash: v.string(),
  nonce: v.string(),
  provedAt: v.number(),
  /** As the proof file was named when imported; escaped for display by the renderer. */
  fileName: v.string(),
});
export type ProvedKey = v.InferOutput<typeof PROVED_KEY_VIEW>;

const COMPARISON_VIEW = v.strictObject({
  changed: v.boolean(),
  changes: v.array(v.string()),
  text: v.string(),
});

const SIGN_WEIGHT_VIEW = v.strictObject({
  code: v.string(),
  message: v.string(),
  approved: v.array(v.string()),
  weight: int64Text,
  threshold: v.nullable(int64Text),
  enough: v.boolean(),
});

// ---------------------------------------------------------------------------------------------
// The table

export const STATION_API = defineApi({
  /** Which station this is: for the title bar and the about box. */
  appInfo: {
    args: v.undefined(),
    result: v.strictObject({ name: v.string(), version: v.string(), dataDir: v.string() }),
  },

  // ---- keys
  keysStatus: { args: v.undefined(), result: VAULT_STATUS },
  keysList: { args: v.undefined(), result: v.strictObject({ keys: v.array(KEY_VIEW) }) },
  keysNew: { args: v.strictObject({ label: v.optional(labelArg) }), result: KEY_VIEW },
  /**
   * The one argument that carries a secret, as 64 hex digits: the handler turns it into bytes for
   * the vault, which wipes them. The result names the address only.
   */
  keysImport: {
    args: v.strictObject({ privateKeyHex: v.pipe(v.string(), v.regex(PRIVATE_KEY_TEXT_RE, 'a private key: 64 hex digits')), label: v.optional(labelArg) }),
    result: v.strictObject({ key: KEY_VIEW, created: v.boolean() }),
  },
  keysLabel: { args: v.strictObject({ address: addressArg, label: labelArg }), result: KEY_VIEW },
  keysDelete: { args: v.strictObject({ address: addressArg }), result: v.strictObject({ address: v.string(), deleted: v.boolean() }) },

  // ---- accounts and snapshots
  accountFetch: { args: v.strictObject({ address: addressArg }), result: ACCOUNT_VIEW },
  accountShow: { args: v.strictObject({ address: addressArg }), result: ACCOUNT_VIEW },
  /** The accounts stored on this station, newest read first: what the Accounts screen offers to pick from. */
  accountsList: { args: v.undefined(), result: v.strictObject({ accounts: v.array(ACCOUNT_ENTRY) }) },
  snapshotExport: {
    args: v.strictObject({ accounts: v.pipe(v.array(addressArg), v.maxLength(100, 'at most 100 accounts')) }),
    result: v.strictObject({
      ...FILE_OUT,
      block: v.strictObject({ number: v.number(), id: v.string(), timestamp: v.number() }),
      accounts: v.array(v.string()),
      tokens: v.array(v.string()),
      /** This station's identity when it signed the file (issue 16); null when it has none. */
      exporter: v.nullable(EXPORTER_VIEW),
    }),
  },
  snapshotImport: {
    args: v.strictObject({ fileName: fileNameArg, text: textFile() }),
    result: v.strictObject({
      file: v.string(),
      block: v.strictObject({ number: v.number(), id: v.string(), timestamp: v.number() }),
      age: v.string(),
      accounts: v.array(v.strictObject({ address: v.string(), stored: v.boolean(), reason: v.optional(v.string()) })),
      tokens: v.array(v.string()),
      /** Issue 18: transactions held here whose fate on chain the file claims. */
      transactions: v.array(txIdText),
      /** Tokens of the file not taken, each with why: this station observed their description from the node. */
      tokensKept: v.array(v.strictObject({ id: v.string(), reason: v.string() })),
      /** Who signed the file as its exporter (issue 16); null when unsigned. */
      exporter: v.nullable(EXPORTER_VIEW),
      warnings: v.array(v.string()),
    }),
  },

  /** The stored blocks, highest first (the first is the one offline builds reference), each with its provenance. */
  snapshotList: { args: v.undefined(), result: v.strictObject({ snapshots: v.array(SNAPSHOT_ENTRY) }) },
  /** Removes one stored block (a forged one pins every offline build); the block used from then on, or null. */
  snapshotRemove: {
    args: v.strictObject({ id: v.pipe(v.number(), v.integer('a whole number'), v.minValue(1, 'a block number from the list')) }),
    result: v.strictObject({ removed: SNAPSHOT_ENTRY, next: v.nullable(SNAPSHOT_ENTRY) }),
  },

  // ---- build
  buildTransfer: { args: v.strictObject({ from: addressArg, to: addressArg, amount: amountArg, ...buildOptions }), result: BUILD_RESULT },
  buildTransferAsset: {
    args: v.strictObject({ from: addressArg, to: addressArg, token: tokenIdArg, amount: amountArg, ...buildOptions }),
    result: BUILD_RESULT,
  },
  buildParticipate: { args: v.strictObject({ from: addressArg, to: addressArg, token: tokenIdArg, amount: amountArg, ...buildOptions }), result: BUILD_RESULT },
  buildAssetIssue: { args: v.strictObject({ json: contractJsonArg, ...buildOptions }), result: BUILD_RESULT },
  /** TRC-20 builds (station/contracts/trc20-builds.ts): amount in whole tokens, or smallest units with `units: 'smallest'`. */
  buildTrc20Transfer: { args: v.strictObject({ from: addressArg, to: addressArg, ...trc20Build }), result: BUILD_RESULT },
  buildTrc20Approve: { args: v.strictObject({ from: addressArg, spender: addressArg, ...trc20Build }), result: BUILD_RESULT },
  // Issue 17 (station/build/staking.ts): sun as decimal text, any int64, so the node's own rules answer.
  buildFreeze: built({ from: addressArg, amount: sunArg, resource: resourceArg }),
  buildUnfreeze: built({ from: addressArg, amount: sunArg, resource: resourceArg }),
  buildDelegate: built({
    from: addressArg,
    to: addressArg,
    amount: sunArg,
    resource: resourceArg,
    lock: v.optional(v.boolean()),
    lockPeriod: v.optional(sunArg),
  }),
  buildUndelegate: built({ from: addressArg, to: addressArg, amount: sunArg, resource: resourceArg }),
  buildWithdrawUnfrozen: built({ from: addressArg }),
  buildCancelUnfreeze: built({ from: addressArg }),
  buildVote: built({
    from: addressArg,
    votes: v.pipe(v.array(v.strictObject({ executive: addressArg, count: sunArg })), v.maxLength(MAX_VOTES, `at most ${MAX_VOTES} votes`)),
  }),
  buildWithdrawRewards: built({ from: addressArg }),
  buildAccountName: built({ from: addressArg, name: v.pipe(v.string(), v.maxLength(4 * MAX_ACCOUNT_NAME_BYTES, 'a name of at most 200 bytes')) }),
  /** `acceptRisk` names the one risk the lockout guard lets a person accept (shared/approval/lockout.ts). */
  buildPermissionUpdate: {
    args: v.strictObject({ json: contractJsonArg, acceptRisk: v.optional(v.picklist(['owner-unseen-keys'])), ...buildOptions }),
    result: BUILD_RESULT,
  },
  /**
   * A CSV of `to,amount,token,note` rows from one account (shared/files/batch-csv.ts); a per-row result.
   * `firstRow` numbers the rows when the CSV is a chunk of a larger file (the header stays row 1).
   */
  buildBatch: {
    args: v.strictObject({
      // shared/files/batch-csv.ts MAX_CSV_BYTES, written out: importing it would put the builders in the preload.
      csv: textFile(8 * 1024 * 1024),
      from: addressArg,
      sign: v.optional(v.boolean()),
      firstRow: v.optional(
        v.pipe(v.number(), v.integer('a whole number'), v.minValue(2, '2 or more (row 1 is the header)'), v.maxValue(2 ** 31 - 1, 'at most 2^31-1')),
      ),
      ...buildOptions,
    }),
    result: v.strictObject({
      count: v.number(),
      signed: v.number(),
      basis: v.string(),
      warnings: v.array(v.string()),
      rows: v.array(v.strictObject({ row: v.number(), txId: txIdText, status: v.picklist(TX_STATUSES) })),
    }),
  },

  // ---- one transaction
  status: { args: v.strictObject({ txId: txIdArg }), result: STATION_TRANSACTION },
  /**
   * Signs with `key` (which must be a local key of the permission), or every such key when absent.
   * `acceptRisk` names the risks the signer accepts (shared/approval/signing-risk.ts), audited.
   */
  sign: {
    args: v.strictObject({ txId: txIdArg, key: v.optional(addressArg), acceptRisk: v.optional(v.array(v.picklist(OVERRIDABLE_RISKS))) }),
    result: v.strictObject({ txId: txIdText, signed: v.array(v.string()), status: v.picklist(TX_STATUSES), transaction: STATION_TRANSACTION }),
  },
  exportHandoff: {
    args: v.strictObject({ txId: txIdArg }),
    result: v.strictObject({ ...FILE_OUT, txId: txIdText, signatures: v.number(), exporter: v.nullable(EXPORTER_VIEW) }),
  },
  /**
   * The desktop app's save dialog for a handoff file (issue 8): the handoff of `exportHandoff`
   * written where the person chooses; `saved: false` when they cancel. Behind the bridge there is no
   * dialog: NO_DIALOG, and the renderer saves `exportHandoff`'s text as a download.
   */
  saveHandoffFile: {
    args: v.strictObject({ txId: txIdArg }),
    result: v.strictObject({ saved: v.boolean(), fileName: v.string(), txId: txIdText }),
  },
  /**
   * The desktop app's open dialog for handoff or transaction files: their names and text, for
   * `importFiles`; empty when the person cancels. Behind the bridge: NO_DIALOG, and the renderer
   * uses the browser's file input.
   */
  openHandoffFiles: {
    args: v.undefined(),
    result: v.strictObject({ files: v.array(v.strictObject({ name: v.string(), text: v.string() })) }),
  },
  /**
   * Imports and merges handoff or transaction files. A file that fails any check refuses the whole
   * call with a coded error (message: one sentence; details: what failed), and nothing is stored.
   */
  importFiles: {
    args: v.strictObject({
      files: v.pipe(v.array(v.strictObject({ name: fileNameArg, text: textFile() })), v.minLength(1, 'at least one file'), v.maxLength(20, 'at most 20 files')),
    }),
    result: v.strictObject({
      results: v.array(
        v.strictObject({
          file: v.string(),
          txId: txIdText,
          kind: v.picklist(['handoff', 'transaction']),
          added: v.array(v.string()),
          known: v.array(v.string()),
          newTransaction: v.boolean(),
          warnings: v.array(v.string()),
          exporter: v.nullable(EXPORTER_VIEW),
        }),
      ),
    }),
  },
  reissue: {
    args: v.strictObject({ txId: txIdArg, expiresIn: v.optional(durationArg) }),
    result: v.strictObject({
      old: txIdText,
      txId: txIdText,
      transaction: STATION_TRANSACTION,
      basis: v.string(),
      /** The reference block's provenance, as a build's (issue 16). */
      block: PROVENANCE_VIEW,
      warnings: v.array(v.string()),
      text: v.string(),
    }),
  },
  /** The dry run before broadcast: permissions now against the signers' copy, and getsignweight. */
  preflight: {
    args: v.strictObject({ txId: txIdArg }),
    result: v.strictObject({ comparison: COMPARISON_VIEW, signWeight: SIGN_WEIGHT_VIEW }),
  },
  broadcast: {
    args: v.strictObject({ txId: txIdArg }),
    result: v.strictObject({
      txId: txIdText,
      accepted: v.boolean(),
      status: v.picklist(TX_STATUSES),
      text: v.string(),
      comparison: COMPARISON_VIEW,
      signWeight: SIGN_WEIGHT_VIEW,
    }),
  },

  // ---- the queue
  list: {
    args: v.strictObject({
      status: v.optional(v.picklist(TX_STATUSES)),
      account: v.optional(addressArg),
      offset: v.optional(v.pipe(v.number(), v.integer('a whole number'), v.minValue(0, '0 or more'))),
      limit: v.optional(v.pipe(v.number(), v.integer('a whole number'), v.minValue(1, '1 or more'), v.maxValue(MAX_LIST_LIMIT, `at most ${MAX_LIST_LIMIT}`))),
    }),
    result: v.strictObject({
      /** Entries matching the filter, before offset and limit. */
      total: v.number(),
      entries: v.array(QUEUE_ENTRY),
      /** Every account with a transaction, for the filter's choices. */
      accounts: v.array(v.string()),
    }),
  },
  /**
   * Issue 18, live status: one pass asking the node what became of every open transaction (the
   * station also runs passes by itself); a pass under way is joined, never run twice at once.
   */
  transactionsRefreshStatus: {
    args: v.undefined(),
    result: v.strictObject({
      asked: v.number(),
      changes: v.array(v.strictObject({ txId: txIdText, status: v.picklist(TX_STATUSES), block: v.number(), text: v.string() })),
      waiting: v.number(),
      text: v.string(),
    }),
  },

  // ---- vault passphrase (the keystore unlocked from the UI)
  /**
   * The keystore's passphrase typed in the desktop app (the one argument besides `keysImport`'s that
   * carries a secret): main turns it into UTF-8 bytes held only there, as the vault's passphrase
   * source, until `vaultLock` or the station closes. Checked against the keystore first: a wrong one
   * is KEYSTORE_PASSPHRASE and nothing is held. The result is the vault's status.
   */
  vaultUnlock: {
    args: v.strictObject({
      passphrase: v.pipe(
        v.string(),
        v.minLength(1, 'a passphrase'),
        v.maxLength(1_024, 'a passphrase of at most 1024 characters'),
        // A lone surrogate would reach the keystore as U+FFFD: another passphrase than the one typed.
        v.check((s) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s), 'a passphrase of well-formed text'),
      ),
    }),
    result: VAULT_STATUS,
  },
  /** Wipes the held passphrase and the keystore's derived key; the vault's status after. */
  vaultLock: { args: v.undefined(), result: VAULT_STATUS },

  // ---- tokens
  /** A token by id: stored, or read from the node and stored when missing or when `fetch` asks. */
  tokenShow: { args: v.strictObject({ id: tokenIdArg, fetch: v.optional(v.boolean()) }), result: TOKEN_VIEW },
  /** The tokens this station has stored. */
  tokenList: { args: v.undefined(), result: v.strictObject({ tokens: v.pipe(v.array(TOKEN_VIEW), v.maxLength(100_000, 'at most 100000 tokens')) }) },

  // ---- the station's list of smart contracts (station/contracts/contracts.ts)
  contractAdd: {
    args: v.strictObject({
      address: addressArg,
      name: v.optional(contractText),
      abi: v.optional(v.pipe(v.string(), v.maxLength(MAX_ABI_JSON_BYTES, 'an ABI of at most 1 MiB'))),
      symbol: v.optional(contractText),
      tokenName: v.optional(contractText),
      decimals: v.optional(
        v.pipe(v.number(), v.integer('a whole number'), v.minValue(0, '0 or more'), v.maxValue(MAX_TRC20_DECIMALS, `at most ${MAX_TRC20_DECIMALS}`)),
      ),
    }),
    result: LISTED_CONTRACT_VIEW,
  },
  contractList: { args: v.undefined(), result: v.strictObject({ contracts: v.array(LISTED_CONTRACT_VIEW) }) },
  contractRemove: { args: v.strictObject({ address: addressArg }), result: v.strictObject({ address: v.string(), removed: v.literal(true) }) },

  // ---- address book
  /** The address book, sorted by label (station/address-book/address-book.ts). */
  bookList: { args: v.undefined(), result: v.strictObject({ entries: v.array(BOOK_ENTRY) }) },
  /**
   * Adds or replaces a label. The station trims it and refuses an empty one, more than 64
   * characters, control/bidi/invisible characters, and 64 hex digits (a private key pasted by
   * mistake), naming the field and never quoting the text.
   */
  bookSet: { args: v.strictObject({ address: addressArg, label: bookLabelArg }), result: BOOK_ENTRY },
  /** Removes a label; NOT_FOUND when the address has none. */
  bookDelete: { args: v.strictObject({ address: addressArg }), result: v.strictObject({ address: v.string(), deleted: v.boolean() }) },

  // ---- proofs of possession
  /**
   * A challenge file for `key` to prove it is held (issue 10, shared/files/proof.ts), for the proposed
   * permissions of `account` given as the node's AccountPermissionUpdateContract JSON; the station
   * keeps it as pending until a proof answers it.
   */
  proofChallenge: {
    args: v.strictObject({ account: addressArg, key: addressArg, permissionJson: contractJsonArg }),
    result: v.strictObject({ ...FILE_OUT, account: v.string(), key: v.string(), permissionHash: v.string(), nonce: v.string(), expiresAt: v.number() }),
  },
  /** Signs a challenge file with the key it names (held by this station, in its vault): the proof file. */
  proofSign: {
    args: v.strictObject({ text: textFile() }),
    result: v.strictObject({ ...FILE_OUT, account: v.string(), key: v.string(), permissionHash: v.string(), words: v.array(v.string()) }),
  },
  /** Verifies a proof file against the pending challenge it answers and stores it; a refusal stores nothing. */
  proofImport: { args: v.strictObject({ fileName: fileNameArg, text: textFile() }), result: PROVED_KEY_VIEW },
  /** Keys proved to this station (of one account when given), with the permission hash each proved. */
  proofList: {
    args: v.strictObject({ account: v.optional(addressArg) }),
    result: v.strictObject({ proofs: v.array(PROVED_KEY_VIEW) }),
  },

  // ---- trusted exporters (issue 16; station/exporters/exporters.ts)
  /** This station's identity: its fingerprint in words and hex, made on first use. */
  exporterShow: { args: v.undefined(), result: IDENTITY_VIEW },
  /** Pins an exporter by its public key or fingerprint under a label; its signed files then count as observed. */
  exporterPin: {
    args: v.strictObject({ key: EXPORTER_KEY_ARG, label: EXPORTER_LABEL_ARG }),
    result: v.strictObject({ ...PINNED_EXPORTER_VIEW.entries, created: v.boolean() }),
  },
  /** Removes a pin (by fingerprint or public key); NOT_FOUND when there is none. */
  exporterUnpin: { args: v.strictObject({ key: EXPORTER_KEY_ARG }), result: v.strictObject({ fingerprint: v.string(), removed: v.boolean() }) },
  /** The pinned exporters, sorted by label. */
  exporterList: { args: v.undefined(), result: v.strictObject({ exporters: v.array(PINNED_EXPORTER_VIEW) }) },

  // ---- permission analysis (lockout guard, known signers)
  /**
   * A proposed AccountPermissionUpdateContract checked without building it: every broken rule at
   * the editor's field paths, the diff against the stored account, the fee under the signing
   * permission (`permissionId`, default owner), and the lockout verdict (null while a rule breaks).
   */
  permissionCheck: { args: v.strictObject({ json: contractJsonArg, permissionId: buildOptions.permissionId }), result: PERMISSION_CHECK_VIEW },
  /** The keys the lockout guard counts as seen: held here, or with a verified signature stored. */
  knownSigners: { args: v.undefined(), result: KNOWN_SIGNERS_VIEW },

  // ---- settings, node, audit
  settings: { args: v.undefined(), result: SETTINGS_VIEW },
  setSetting: {
    args: v.strictObject({
      key: v.picklist(['node', 'dialect', 'expiration', 'vault']),
      value: v.pipe(v.string(), v.maxLength(2_048, 'at most 2048 characters')),
    }),
    // A new node URL is probed for its dialect and the result says how that went (issue 16: the
    // station's `probe` did not match a bare SETTINGS_VIEW and saving the URL answered INTERNAL).
    result: v.strictObject({ ...SETTINGS_VIEW.entries, probe: v.optional(v.string()) }),
  },
  /** The connection test: the node's head block, or why it did not answer. */
  nodeTest: {
    args: v.strictObject({ url: v.optional(v.pipe(v.string(), v.maxLength(2_048, 'a URL of at most 2048 characters'))) }),
    result: v.strictObject({ ok: v.boolean(), url: v.string(), block: v.nullable(v.number()), text: v.string() }),
  },
  auditVerify: {
    args: v.undefined(),
    result: v.strictObject({ ok: v.boolean(), entries: v.number(), firstBad: v.nullable(v.number()), reason: v.nullable(v.string()), text: v.string() }),
  },
});

export type StationApi = typeof STATION_API;
export type StationTransaction = v.InferOutput<typeof STATION_TRANSACTION>;
export type QueueEntry = v.InferOutput<typeof QUEUE_ENTRY>;
export type KeyView = v.InferOutput<typeof KEY_VIEW>;
export type BookEntry = v.InferOutput<typeof BOOK_ENTRY>;
export type AccountView = v.InferOutput<typeof ACCOUNT_VIEW>;
export type AccountEntry = v.InferOutput<typeof ACCOUNT_ENTRY>;
export type SnapshotEntry = v.InferOutput<typeof SNAPSHOT_ENTRY>;
