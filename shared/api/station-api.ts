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
import { PRIVATE_KEY_TEXT_RE } from '../base/secrets.ts';
import { txIdText } from './station-view-schemas.ts';
import { KNOWN_SIGNERS_VIEW, PERMISSION_CHECK_VIEW } from './permission-check-schemas.ts';
import { TOKEN_VIEW } from './token-view-schema.ts';
import { LISTED_CONTRACT_VIEW } from './contract-view-schema.ts';
import { MAX_ABI_JSON_BYTES, MAX_ACCOUNT_NAME_BYTES, MAX_LIST_LIMIT, MAX_QUEUE_BATCH, MAX_TRC20_DECIMALS, MAX_VOTES, TX_STATUSES } from '../base/limits.ts';
import { PROVENANCE_VIEW } from './provenance-schema.ts';
import { ACCOUNT_GLANCE_VIEW, TRANSACTION_COST_VIEW } from './cost-view-schemas.ts';
import { EXPORTER_KEY_ARG, EXPORTER_LABEL_ARG, EXPORTER_VIEW, IDENTITY_VIEW, PINNED_EXPORTER_VIEW } from './exporter-schemas.ts';
import {
  apiAddressArg,
  apiTxIdArg,
  apiAmountArg,
  sunArg,
  resourceArg,
  apiTokenIdArg,
  durationArg,
  labelArg,
  apiFileNameArg,
  buildOptions,
  trc20Build,
  contractText,
  contractJsonArg,
  KEY_VIEW,
  VAULT_STATUS,
  ACCOUNT_VIEW,
  ACCOUNT_ENTRY,
  SNAPSHOT_ENTRY,
  STATION_TRANSACTION,
  QUEUE_ENTRY,
  BUILD_RESULT,
  built,
  SETTINGS_VIEW,
  BOOK_ENTRY,
  bookLabelArg,
  FILE_OUT,
  PROVED_KEY_VIEW,
  COMPARISON_VIEW,
  SIGN_WEIGHT_VIEW,
} from './station-parts.ts';

/** The rows of a batch (issue 18): 1 to MAX_QUEUE_BATCH txIDs; the station refuses one named twice. */
const queueTxIds = v.pipe(
  v.array(apiTxIdArg),
  v.minLength(1, 'choose at least one transaction'),
  v.maxLength(MAX_QUEUE_BATCH, `at most ${MAX_QUEUE_BATCH} transactions at once`),
);

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
  keysLabel: { args: v.strictObject({ address: apiAddressArg, label: labelArg }), result: KEY_VIEW },
  keysDelete: { args: v.strictObject({ address: apiAddressArg }), result: v.strictObject({ address: v.string(), deleted: v.boolean() }) },

  // ---- accounts and snapshots
  accountFetch: { args: v.strictObject({ address: apiAddressArg }), result: ACCOUNT_VIEW },
  accountShow: { args: v.strictObject({ address: apiAddressArg }), result: ACCOUNT_VIEW },
  /** Issue 25: the account at a glance, read from the node now (station/accounts/glance.ts). */
  accountResources: { args: v.strictObject({ address: apiAddressArg }), result: ACCOUNT_GLANCE_VIEW },
  /** The accounts stored on this station, newest read first: what the Accounts screen offers to pick from. */
  accountsList: { args: v.undefined(), result: v.strictObject({ accounts: v.array(ACCOUNT_ENTRY) }) },
  snapshotExport: {
    args: v.strictObject({ accounts: v.pipe(v.array(apiAddressArg), v.maxLength(100, 'at most 100 accounts')) }),
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
    args: v.strictObject({ fileName: apiFileNameArg, text: textFile() }),
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
      /** Issue 17: contracts of the file stored in this station's list, and those not taken, each with why. */
      contracts: v.array(v.string()),
      contractsKept: v.array(v.strictObject({ address: v.string(), reason: v.string() })),
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
  buildTransfer: { args: v.strictObject({ from: apiAddressArg, to: apiAddressArg, amount: apiAmountArg, ...buildOptions }), result: BUILD_RESULT },
  buildTransferAsset: {
    args: v.strictObject({ from: apiAddressArg, to: apiAddressArg, token: apiTokenIdArg, amount: apiAmountArg, ...buildOptions }),
    result: BUILD_RESULT,
  },
  buildParticipate: {
    args: v.strictObject({ from: apiAddressArg, to: apiAddressArg, token: apiTokenIdArg, amount: apiAmountArg, ...buildOptions }),
    result: BUILD_RESULT,
  },
  buildAssetIssue: { args: v.strictObject({ json: contractJsonArg, ...buildOptions }), result: BUILD_RESULT },
  /** TRC-20 builds (station/contracts/trc20-builds.ts): amount in whole tokens, or smallest units with `units: 'smallest'`. */
  buildTrc20Transfer: { args: v.strictObject({ from: apiAddressArg, to: apiAddressArg, ...trc20Build }), result: BUILD_RESULT },
  buildTrc20Approve: { args: v.strictObject({ from: apiAddressArg, spender: apiAddressArg, ...trc20Build }), result: BUILD_RESULT },
  // Issue 17 (station/build/staking.ts): sun as decimal text, any int64, so the node's own rules answer.
  buildFreeze: built({ from: apiAddressArg, amount: sunArg, resource: resourceArg }),
  buildUnfreeze: built({ from: apiAddressArg, amount: sunArg, resource: resourceArg }),
  buildDelegate: built({
    from: apiAddressArg,
    to: apiAddressArg,
    amount: sunArg,
    resource: resourceArg,
    lock: v.optional(v.boolean()),
    lockPeriod: v.optional(sunArg),
  }),
  buildUndelegate: built({ from: apiAddressArg, to: apiAddressArg, amount: sunArg, resource: resourceArg }),
  buildWithdrawUnfrozen: built({ from: apiAddressArg }),
  buildCancelUnfreeze: built({ from: apiAddressArg }),
  buildVote: built({
    from: apiAddressArg,
    votes: v.pipe(v.array(v.strictObject({ executive: apiAddressArg, count: sunArg })), v.maxLength(MAX_VOTES, `at most ${MAX_VOTES} votes`)),
  }),
  buildWithdrawRewards: built({ from: apiAddressArg }),
  buildAccountName: built({ from: apiAddressArg, name: v.pipe(v.string(), v.maxLength(4 * MAX_ACCOUNT_NAME_BYTES, 'a name of at most 200 bytes')) }),
  /** `acceptRisk` names the one risk the lockout guard lets a person accept (shared/approval/lockout.ts). */
  buildPermissionUpdate: {
    args: v.strictObject({
      json: contractJsonArg,
      acceptRisk: v.optional(v.picklist(['owner-unseen-keys'])),
      /** The producing node holds the new block key the update gives the executive permission (spec §4.10). */
      executiveKeyHeld: v.optional(v.boolean()),
      ...buildOptions,
    }),
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
      from: apiAddressArg,
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
  status: { args: v.strictObject({ txId: apiTxIdArg }), result: STATION_TRANSACTION },
  /** Issue 25: what the transaction will cost the account, read from the node now (station/transactions/cost.ts). */
  transactionCost: { args: v.strictObject({ txId: apiTxIdArg }), result: TRANSACTION_COST_VIEW },
  /**
   * Signs with `key` (which must be a local key of the permission), or every such key when absent.
   * `acceptRisk` names the risks the signer accepts (shared/approval/signing-risk.ts), audited.
   */
  sign: {
    args: v.strictObject({ txId: apiTxIdArg, key: v.optional(apiAddressArg), acceptRisk: v.optional(v.array(v.picklist(OVERRIDABLE_RISKS))) }),
    result: v.strictObject({ txId: txIdText, signed: v.array(v.string()), status: v.picklist(TX_STATUSES), transaction: STATION_TRANSACTION }),
  },
  exportHandoff: {
    args: v.strictObject({ txId: apiTxIdArg }),
    result: v.strictObject({ ...FILE_OUT, txId: txIdText, signatures: v.number(), exporter: v.nullable(EXPORTER_VIEW) }),
  },
  /**
   * The desktop app's save dialog for a handoff file (issue 8): the handoff of `exportHandoff`
   * written where the person chooses; `saved: false` when they cancel. Behind the bridge there is no
   * dialog: NO_DIALOG, and the renderer saves `exportHandoff`'s text as a download.
   */
  saveHandoffFile: {
    args: v.strictObject({ txId: apiTxIdArg }),
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
      files: v.pipe(
        v.array(v.strictObject({ name: apiFileNameArg, text: textFile() })),
        v.minLength(1, 'at least one file'),
        v.maxLength(20, 'at most 20 files'),
      ),
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
    args: v.strictObject({ txId: apiTxIdArg, expiresIn: v.optional(durationArg) }),
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
  /**
   * Issue 18: discards a transaction that is not on chain and was never broadcast; it leaves the
   * queue with its signatures, and the audit log keeps what it was. Refused in words (CONFLICT)
   * for one broadcast, confirmed, or that the node holds or has in a block.
   */
  discard: {
    args: v.strictObject({ txId: apiTxIdArg }),
    result: v.strictObject({ txId: txIdText, kind: v.string(), signatures: v.number(), text: v.string() }),
  },
  /** The dry run before broadcast: permissions now against the signers' copy, and getsignweight. */
  preflight: {
    args: v.strictObject({ txId: apiTxIdArg }),
    result: v.strictObject({ comparison: COMPARISON_VIEW, signWeight: SIGN_WEIGHT_VIEW }),
  },
  broadcast: {
    args: v.strictObject({ txId: apiTxIdArg }),
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
      account: v.optional(apiAddressArg),
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
  /**
   * Issue 18, batch work on the queue (station/transactions/queue-batch.ts): signs, exports or
   * broadcasts each chosen row with the single-row operation, so every rule applies per row; a
   * row's refusal is its result in words and the batch goes on. An export answers the files' text
   * (one per row, or one merged handoff file with `merged`); the renderer saves them.
   */
  queueBatch: {
    args: v.strictObject({
      action: v.picklist(['sign', 'export', 'broadcast']),
      txIds: queueTxIds,
      merged: v.optional(v.boolean()),
    }),
    result: v.strictObject({
      action: v.picklist(['sign', 'export', 'broadcast']),
      rows: v.array(
        v.strictObject({ txId: txIdText, ok: v.boolean(), status: v.nullable(v.picklist(TX_STATUSES)), text: v.string(), code: v.nullable(v.string()) }),
      ),
      files: v.array(v.strictObject({ fileName: v.string(), text: v.string() })),
      done: v.number(),
      refused: v.number(),
      text: v.string(),
    }),
  },
  /** Issue 18: the total per asset of the chosen rows, with thousands separators and the token's provenance. */
  queueTotals: {
    args: v.strictObject({
      txIds: queueTxIds,
    }),
    result: v.strictObject({
      totals: v.array(
        v.strictObject({ asset: v.string(), amount: v.string(), provenance: v.picklist(['node', 'observed', 'claimed', 'unknown']), rows: v.number() }),
      ),
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
  tokenShow: { args: v.strictObject({ id: apiTokenIdArg, fetch: v.optional(v.boolean()) }), result: TOKEN_VIEW },
  /** The tokens this station has stored. */
  tokenList: { args: v.undefined(), result: v.strictObject({ tokens: v.pipe(v.array(TOKEN_VIEW), v.maxLength(100_000, 'at most 100000 tokens')) }) },

  // ---- the station's list of smart contracts (station/contracts/contracts.ts)
  contractAdd: {
    args: v.strictObject({
      address: apiAddressArg,
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
  contractRemove: { args: v.strictObject({ address: apiAddressArg }), result: v.strictObject({ address: v.string(), removed: v.literal(true) }) },

  // ---- address book
  /** The address book, sorted by label (station/address-book/address-book.ts). */
  bookList: { args: v.undefined(), result: v.strictObject({ entries: v.array(BOOK_ENTRY) }) },
  /**
   * Adds or replaces a label. The station trims it and refuses an empty one, more than 64
   * characters, control/bidi/invisible characters, and 64 hex digits (a private key pasted by
   * mistake), naming the field and never quoting the text.
   */
  bookSet: { args: v.strictObject({ address: apiAddressArg, label: bookLabelArg }), result: BOOK_ENTRY },
  /** Removes a label; NOT_FOUND when the address has none. */
  bookDelete: { args: v.strictObject({ address: apiAddressArg }), result: v.strictObject({ address: v.string(), deleted: v.boolean() }) },

  // ---- proofs of possession
  /**
   * A challenge file for `key` to prove it is held (issue 10, shared/files/proof.ts), for the proposed
   * permissions of `account` given as the node's AccountPermissionUpdateContract JSON; the station
   * keeps it as pending until a proof answers it.
   */
  proofChallenge: {
    args: v.strictObject({ account: apiAddressArg, key: apiAddressArg, permissionJson: contractJsonArg }),
    result: v.strictObject({ ...FILE_OUT, account: v.string(), key: v.string(), permissionHash: v.string(), nonce: v.string(), expiresAt: v.number() }),
  },
  /** Signs a challenge file with the key it names (held by this station, in its vault): the proof file. */
  proofSign: {
    args: v.strictObject({ text: textFile() }),
    result: v.strictObject({ ...FILE_OUT, account: v.string(), key: v.string(), permissionHash: v.string(), words: v.array(v.string()) }),
  },
  /** Verifies a proof file against the pending challenge it answers and stores it; a refusal stores nothing. */
  proofImport: { args: v.strictObject({ fileName: apiFileNameArg, text: textFile() }), result: PROVED_KEY_VIEW },
  /** Keys proved to this station (of one account when given), with the permission hash each proved. */
  proofList: {
    args: v.strictObject({ account: v.optional(apiAddressArg) }),
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
