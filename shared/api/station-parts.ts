/**
 * The parts the station API table is made of (docs/decisions.md §15: station-api.ts had grown past the line
 * cap): the argument schemas a person's input crosses (addresses, amounts, txIDs, labels, file
 * names, build options) and the result views of the station's own facts (keys, accounts, the
 * queue, settings, proofs). shared/api/station-api.ts assembles the table from them.
 *
 * Invariant: as the table's: every result schema is closed and JSON-safe, with no room for key
 * bytes; every argument schema bounds its size before the station reads it.
 */
import * as v from 'valibot';
import { DURATION_RE } from '../base/duration.ts';
import { TOKEN_ID_RE, TXID_RE } from '../chain/ids.ts';
import { fileNameControl, fileNameControlMessage } from '../files/file-name.ts';
import {
  ADDRESS_VIEW,
  APPROVAL_VIEW,
  TRANSACTION_KINDS,
  int64Text,
  PERMISSION_KEY_VIEW,
  PERMISSION_VIEW,
  TRANSACTION_VIEW,
  txIdText,
} from './station-view-schemas.ts';
import {
  MAX_ADDRESS_TEXT_LENGTH,
  MAX_CONTRACT_NAME_LENGTH,
  MAX_LABEL_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_PERMISSION_JSON_BYTES,
  TX_STATUSES,
} from '../base/limits.ts';
import { PROVENANCE_VIEW, TRANSACTION_PROVENANCE_VIEW } from './provenance-schema.ts';
import { SIGNERS_SCREEN_VIEW } from './signer-view-schema.ts';

// ---------------------------------------------------------------------------------------------
// Argument parts

/** An address as a person types it: Base58 T… or 42 hex digits starting 41; the handler parses it. */
export const apiAddressArg = v.pipe(v.string(), v.minLength(1, 'an address'), v.maxLength(MAX_ADDRESS_TEXT_LENGTH, 'an address'));
/** A txID in any case; the handler lowercases. */
export const apiTxIdArg = v.pipe(v.string(), v.regex(TXID_RE, 'a txID: 64 hex digits'));
/** An amount in smallest units as decimal text (int64 never crosses as a number). */
export const apiAmountArg = v.pipe(v.string(), v.regex(/^[0-9]{1,19}$/, 'a whole number of smallest units'));
/** An int64 as decimal text (a sign allowed): the contract's own rule answers 0 or a negative in the node's words. */
export const sunArg = v.pipe(v.string(), v.regex(/^-?[0-9]{1,19}$/, 'a whole number of sun'));
/** balance_contract.proto ResourceCode by name. */
export const resourceArg = v.picklist(['BANDWIDTH', 'ENERGY', 'TRON_POWER'], 'BANDWIDTH, ENERGY or TRON_POWER');
export const apiTokenIdArg = v.pipe(v.string(), v.regex(TOKEN_ID_RE, 'a token id (digits, such as 1000001)'));
/** `12h`, `90m`, `45s`, `1d`: shared/base/duration.ts parseDuration reads it (the same pattern). */
export const durationArg = v.pipe(v.string(), v.regex(DURATION_RE, 'a duration such as 12h, 90m or 30s'));
export const labelArg = v.pipe(v.string(), v.maxLength(MAX_LABEL_LENGTH, `a label of at most ${MAX_LABEL_LENGTH} characters`));
export const noteArg = v.pipe(v.string(), v.maxLength(MAX_NOTE_LENGTH, `a note of at most ${MAX_NOTE_LENGTH} characters`));
/** A file name: short, and without control characters (docs/decisions.md §16: a NUL answered INTERNAL). */
export const apiFileNameArg = v.pipe(
  v.string(),
  v.maxLength(255, 'a file name of at most 255 characters'),
  v.check(
    (name) => fileNameControl(name) === null,
    (issue) => fileNameControlMessage(fileNameControl(String(issue.input)) ?? 'U+0000'),
  ),
);

/** The options every build takes (services BuildOptions). */
export const buildOptions = {
  permissionId: v.optional(v.pipe(v.number(), v.integer('a whole number'), v.minValue(0, '0 or more'), v.maxValue(2 ** 31 - 1, 'at most 2^31-1'))),
  expiresIn: v.optional(durationArg),
  note: v.optional(noteArg),
};

/** A TRC-20 build's token, amount, units and fee limit (TRX text); the builder reads the amount with the token's decimals. */
export const trc20Build = {
  token: apiAddressArg,
  amount: v.pipe(v.string(), v.maxLength(120, 'an amount of at most 120 characters')),
  units: v.optional(v.picklist(['tokens', 'smallest'])),
  feeLimit: v.optional(v.pipe(v.string(), v.maxLength(40, 'a fee limit in TRX'))),
  ...buildOptions,
};
/** A contract's name, or a TRC-20 symbol or name typed by hand. */
export const contractText = v.pipe(v.string(), v.maxLength(MAX_CONTRACT_NAME_LENGTH, `at most ${MAX_CONTRACT_NAME_LENGTH} characters`));

/** The node's contract JSON (AssetIssueContract, AccountPermissionUpdateContract) as text. */
export const contractJsonArg = v.pipe(v.string(), v.maxBytes(MAX_PERMISSION_JSON_BYTES, `contract JSON of at most ${MAX_PERMISSION_JSON_BYTES} bytes`));

export const VAULT_KINDS = ['keychain', 'keystore'] as const;

// ---------------------------------------------------------------------------------------------
// Result parts

export const KEY_VIEW = v.strictObject({
  address: v.string(),
  hex: v.string(),
  /** As stored; the renderer escapes it for display. */
  label: v.string(),
  /** `ledger`: a key on a hardware signer (docs/decisions.md §23), no secret held here. */
  vault: v.picklist([...VAULT_KINDS, 'ledger']),
  createdAt: v.number(),
  /** A hardware key's derivation path and the TRON app version seen; null for a vault key. */
  device: v.nullable(v.strictObject({ path: v.string(), appVersion: v.string() })),
});

/** What a Ledger will show for a stored transaction (docs/decisions.md §23, shared/devices/ledger-screens.ts LedgerPlan) and which Ledger keys here can sign it. */
export const LEDGER_PLAN_VIEW = v.strictObject({
  txId: v.string(),
  mode: v.picklist(['full', 'hash', 'refused']),
  command: v.nullable(v.picklist(['transaction', 'hash'])),
  screens: v.array(v.strictObject({ title: v.string(), value: v.string() })),
  needs: v.array(v.strictObject({ setting: v.picklist(['allowData', 'customContracts', 'signByHash']), name: v.string(), why: v.string() })),
  refusal: v.nullable(v.string()),
  hash: v.nullable(v.string()),
  apdus: v.number(),
  keys: v.array(v.strictObject({ address: v.string(), path: v.string(), label: v.string() })),
});

export const VAULT_STATUS = v.strictObject({
  kind: v.picklist(VAULT_KINDS),
  available: v.boolean(),
  /** What to do when it is locked or missing; null when available. */
  message: v.nullable(v.string()),
  /** The keystore waits for its passphrase (`vaultUnlock`): signing and key changes answer VAULT_LOCKED. */
  locked: v.boolean(),
});

/** Where an account's state came from (the services' SourceView): a node at a block, a file, or a file signed by a pinned exporter (docs/decisions.md §16). */
export const SOURCE_VIEW = v.strictObject({
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
export const LABELLED_KEY = v.strictObject({ ...PERMISSION_KEY_VIEW.entries, label: v.nullable(v.string()) });

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
  /** The source judged (docs/decisions.md §16): observed from the node or claimed by a file, its age, stale when old. */
  provenance: PROVENANCE_VIEW,
  fetchedAt: v.number(),
  ageMs: v.number(),
  age: v.string(),
});

/** One stored account in the list to pick from (the services' `accountsList`): no permissions, which accountShow gives. */
export const ACCOUNT_ENTRY = v.strictObject({
  address: v.string(),
  /** The account's label (a key's own, then the address book's), as stored; null when none. */
  label: v.nullable(v.string()),
  source: SOURCE_VIEW,
  /** The source judged (docs/decisions.md §16): observed from the node or claimed by a file, its age, stale when old. */
  provenance: PROVENANCE_VIEW,
  fetchedAt: v.number(),
  ageMs: v.number(),
  age: v.string(),
});

/** A stored block in the snapshot list (the services' SnapshotEntryView). */
export const SNAPSHOT_ENTRY = v.strictObject({
  id: v.number(),
  block: v.strictObject({ number: v.number(), id: v.string(), timestamp: v.number() }),
  provenance: PROVENANCE_VIEW,
  importedAt: v.number(),
  inUse: v.boolean(),
});

/** A key of the permission, with what this station knows about it. */
export const SIGNER_VIEW = v.strictObject({
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
 * What the chain says became of a transaction (docs/decisions.md §18, live status; station/core/chain-report.ts):
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
  /** docs/decisions.md §18: its fate on chain, observed or claimed; null until reported. */
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
  /** Where the permission the weights count against and the amount's token description came from, and every conflicting claim (docs/decisions.md §16). */
  provenance: TRANSACTION_PROVENANCE_VIEW,
  /** docs/decisions.md §18: what the builder saw, recomputed on this station from the bytes, and the next step in words. */
  signer: SIGNERS_SCREEN_VIEW,
});

/** One row of the queue (the services' `list`): enough to draw it without decoding the bytes again. */
export const QUEUE_ENTRY = v.strictObject({
  txId: txIdText,
  kind: v.picklist(TRANSACTION_KINDS),
  /** The kind in plain words (view.title). */
  title: v.string(),
  account: v.string(),
  /** The account's label (a key's own, then the address book's); null when none. */
  accountLabel: v.nullable(v.string()),
  /** The amount with its unit, or the change in words ("2 of 3 keys"): from the view's summary parts. */
  amount: v.string(),
  /**
   * docs/decisions.md §16: true when a token the amount is counted in is described only by a file's claim (its
   * name and decimals not read from a node), so the queue marks the amount unverified as the
   * transaction screen does.
   */
  amountClaimed: v.boolean(),
  status: v.picklist(TX_STATUSES),
  weight: int64Text,
  threshold: v.nullable(int64Text),
  signatureCount: v.number(),
  /** Keys that have not signed and could still add weight, with whether this station holds them. */
  canStillSign: v.array(v.strictObject({ address: v.string(), weight: int64Text, local: v.boolean(), label: v.nullable(v.string()) })),
  /** ms since the epoch. */
  expiration: v.number(),
  note: v.string(),
  /** docs/decisions.md §18: its fate on chain, observed or claimed; null until reported. */
  chain: v.nullable(CHAIN_FATE_VIEW),
  /** docs/decisions.md §18: for a failed one, the node's reason in words (its refusal, or why it failed in its block); null otherwise. */
  failure: v.nullable(v.string()),
  /**
   * docs/decisions.md §18: who it pays or names (station/transactions/queue-payment.ts): an address with its
   * label, or for a transaction without a recipient what it is in words (`text`).
   */
  recipient: v.strictObject({ address: v.nullable(v.string()), label: v.nullable(v.string()), text: v.string() }),
});

export const BUILD_RESULT = v.strictObject({
  txId: txIdText,
  transaction: STATION_TRANSACTION,
  /** Where TaPoS and the times came from, in words. */
  basis: v.string(),
  /** The reference block's provenance: the node's head, or a snapshot file's claim, and its age. */
  block: PROVENANCE_VIEW,
  warnings: v.array(v.string()),
});

/** A build method: its own arguments and the options every build takes, answered with the build's result. */
export const built = <T extends v.ObjectEntries>(entries: T) => ({ args: v.strictObject({ ...entries, ...buildOptions }), result: BUILD_RESULT });

/** shared/chain/dialect.ts DIALECTS, written out so the renderer's bundle does not take the translator (the type test keeps them equal). */
export const NODE_DIALECTS = ['spec', 'java-tron'] as const;

export const SETTINGS_VIEW = v.strictObject({
  node: v.string(),
  /** Which HTTP dialect the node speaks (shared/chain/dialect.ts). */
  dialect: v.picklist(NODE_DIALECTS),
  expiration: v.string(),
  expiresInMs: v.number(),
  vault: v.picklist(VAULT_KINDS),
  /** How the station reaches a Ledger (docs/decisions.md §23): `usb` or `speculos:http://127.0.0.1:PORT`. */
  ledger: v.string(),
});

/** One address-book entry; the label holds no character that needs escaping (the station refuses them). */
export const BOOK_ENTRY = v.strictObject({ address: v.string(), hex: v.string(), label: v.string(), updatedAt: v.number() });
/** Bounded here; the station's rules (64 characters after trimming, no invisible characters, not a key) name themselves. */
export const bookLabelArg = v.pipe(v.string(), v.maxLength(256, 'a label of at most 64 characters'));

/** A file handed to the renderer to save (save dialog in Electron, a download in a browser). */
export const FILE_OUT = { fileName: v.string(), text: v.string() };

/** A key proved to this station (station/proofs/proofs.ts ProvedKeyView). */
export const PROVED_KEY_VIEW = v.strictObject({
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

export const COMPARISON_VIEW = v.strictObject({
  changed: v.boolean(),
  changes: v.array(v.string()),
  text: v.string(),
});

export const SIGN_WEIGHT_VIEW = v.strictObject({
  code: v.string(),
  message: v.string(),
  approved: v.array(v.string()),
  weight: int64Text,
  threshold: v.nullable(int64Text),
  enough: v.boolean(),
});
