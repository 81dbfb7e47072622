/**
 * The station's views (docs/decisions.md §7 "plain data in, JSON-safe views out"): what every service returns.
 * Shared by the features (station/<feature>/) and read by the CLI and the API handlers. What a method
 * of the API table answers is the table's own type (a build, sign, reissue, the dry run, broadcast,
 * a batch), so the CLI's `--json` and the window receive the same object.
 *
 * Invariant: no bigint, Uint8Array or protobuf message in any of them, and never key bytes (the
 * vault only hands back addresses and signatures); a file travels as its name and its text.
 */
import type { ApprovalView, PermissionKeyView, PermissionView, TransactionView as SharedTransactionView } from '../../shared/views/view.ts';
import type { Dialect } from '../../shared/chain/dialect.ts';
import type { SnapshotBlock } from '../../shared/files/snapshot.ts';

import type { VaultKind } from '../vault/vault.ts';
import { type TxStatus } from '../../shared/base/limits.ts';
import type { ChainFateView } from './chain-report.ts';
import type { Provenance, TransactionProvenance } from '../../shared/api/provenance-schema.ts';
import type { ExporterView } from './exporter-trust.ts';
import type { SignerView } from '../../shared/api/signer-view-schema.ts';
import type { ResultOf } from '../../shared/api/api-contract.ts';
import type { StationApi } from '../../shared/api/station-api.ts';

export interface SettingsView {
  node: string;
  dialect: Dialect;
  expiration: string;
  expiresInMs: number;
  vault: VaultKind;
  /** How the station reaches a Ledger (docs/decisions.md §23): `usb` or `speculos:http://127.0.0.1:PORT`. */
  ledger: string;
  /** Whether an API key is stored for this node; the key itself is never in a view. */
  apiKey: boolean;
}

/** The vault's status for the UI: `locked` when the keystore waits for its passphrase (`vaultUnlock`). */
export interface VaultStatusView {
  kind: VaultKind;
  available: boolean;
  message: string | null;
  locked: boolean;
}

// Views (JSON-safe)

export interface StationKeyView {
  address: string;
  hex: string;
  label: string;
  /** `ledger`: a key on a hardware signer (docs/decisions.md §23); the station holds no secret of it. */
  vault: VaultKind | 'ledger';
  createdAt: number;
  /** A hardware key's derivation path and the TRON app version seen when it was added; null for a vault key. */
  device: { path: string; appVersion: string } | null;
}

export interface SourceView {
  /** `node` with URL and block, `file` with its name, or `exporter`: a file signed by a pinned exporter, what it observed from `node` at `block`. */
  kind: 'node' | 'file' | 'exporter';
  node?: string;
  block?: number;
  file?: string;
  /** For `exporter`: its label and fingerprint code (docs/decisions.md §16). */
  exporter?: { label: string; fingerprint: string };
  /** In words: `node http://… at block 12` or `file snap.json`. */
  text: string;
}

export interface PermissionEntryView extends Omit<PermissionView, 'keys'> {
  /** Which slot: owner, executive or active. */
  slot: 'owner' | 'executive' | 'active';
  /** Each key with its label (the key's own, then the address book's; address-book.ts). */
  keys: (PermissionKeyView & { label: string | null })[];
}

export interface StationAccountView {
  address: string;
  hex: string;
  /** The account's label (a key's own, then the address book's); null when none. */
  label: string | null;
  balance: string;
  tokens: { id: string; balance: string }[];
  permissions: PermissionEntryView[];
  source: SourceView;
  /** The same source judged (docs/decisions.md §16): observed or claimed by a file, its age, stale when old. */
  provenance: Provenance;
  fetchedAt: number;
  ageMs: number;
  age: string;
}

/** One stored account in accountsList. */
export type AccountEntryView = Pick<StationAccountView, 'address' | 'label' | 'source' | 'provenance' | 'fetchedAt' | 'ageMs' | 'age'>;

export interface ApprovalNumbers {
  /** null when the station does not know the permission (a plain transaction file, no account). */
  weight: string;
  threshold: string | null;
  missing: string | null;
  signers: { address: string; weight: string }[];
  /** Keys of the permission that have not signed yet; `local` when this station holds the key. */
  couldSign: { address: string; weight: string; local: boolean }[];
  /** True when the keys that have not signed together carry at least the missing weight. */
  canComplete: boolean;
}

export interface StationTransactionView extends ApprovalNumbers {
  txId: string;
  kind: string;
  account: string;
  permissionId: number;
  /** Stored status, with `expired` derived at read when the time has passed. */
  status: TxStatus;
  expiration: number;
  expiresInMs: number;
  timeLeft: string;
  note: string;
  nodeAnswer: string | null;
  /** docs/decisions.md §18: what the chain says became of it (observed, or claimed by a file); null until reported. */
  chain: ChainFateView | null;
  signatureCount: number;
  createdAt: number;
  /** The node's JSON of the contract (Base58 addresses), decoded from the stored bytes. */
  contract: Record<string, unknown>;
  /** The shared transaction view (shared/views/view.ts): what the signer reads, decoded from the bytes. */
  details: SharedTransactionView;
  /**
   * The shared approval view (shared/views/view.ts approvalView) against the permission stored with the
   * transaction, the one the signers count against; null when the station does not know it.
   */
  approval: ApprovalView | null;
  /**
   * Where the permission the weights count against and the token description of the amount came
   * from, and every claim that disagrees with what the station holds (docs/decisions.md §16).
   */
  provenance: TransactionProvenance;
  /** docs/decisions.md §18: the signer's view (signer-view.ts): a permission update's check, a token issue in words, the next step. */
  signer: SignerView;
}

export interface ListEntryView {
  txId: string;
  kind: string;
  account: string;
  status: TxStatus;
  weight: string;
  threshold: string | null;
  signatureCount: number;
  expiration: number;
  note: string;
  /** docs/decisions.md §18: what the chain says became of it (observed, or claimed by a file); null until reported. */
  chain: ChainFateView | null;
}

/**
 * A build's answer (the API table's BUILD_RESULT): the txID, the transaction in the API's shape
 * (core/transaction-api.ts), where TaPoS and the times came from in words (`basis`), the reference
 * block's provenance (`block`) and the warnings.
 */
export type BuildView = ResultOf<StationApi, 'buildTransfer'>;

/** A signing's answer: who signed, the status now, and the transaction in the API's shape. */
export type SignView = ResultOf<StationApi, 'sign'>;

/** A re-issue's answer: a build's, with the txID it replaces and what became of its signatures in words. */
export type ReissueView = ResultOf<StationApi, 'reissue'>;

export interface ImportFileView {
  file: string;
  txId: string;
  kind: 'handoff' | 'transaction';
  /** New signatures this file added. */
  added: string[];
  /** Signatures the store already had. */
  known: string[];
  newTransaction: boolean;
  warnings: string[];
  /** Who signed the file as its exporter (docs/decisions.md §16); null when unsigned. */
  exporter: ExporterView | null;
}

/**
 * The dry run before broadcast (docs/decisions.md §8 `preflight`): what broadcast checks, without
 * broadcasting: the node's permissions now against the copy the signers counted against, and the
 * node's getsignweight for the signatures collected (int64 as text).
 */
export type PreflightView = ResultOf<StationApi, 'preflight'>;

/** Broadcast's answer: the dry run's two parts and what the node said, in words. */
export type BroadcastView = ResultOf<StationApi, 'broadcast'>;

export interface SnapshotImportView {
  file: string;
  block: { number: number; id: string; timestamp: number };
  age: string;
  accounts: { address: string; stored: boolean; reason?: string }[];
  tokens: string[];
  /** docs/decisions.md §18: txIDs of transactions held here whose fate on chain the file claims (recorded as its claim). */
  transactions: string[];
  /** Tokens of the file left as this station holds them, each with why (a description observed from the node). */
  tokensKept: { id: string; reason: string }[];
  /** docs/decisions.md §17: contracts of the file stored in this station's list (Base58), their TRC-20 facts as the file's source says. */
  contracts: string[];
  /** Contracts of the file left as this station holds them, each with why. */
  contractsKept: { address: string; reason: string }[];
  /** docs/decisions.md §25: accounts whose glance the file's was stored for, and those kept over it, each with why. */
  glances: string[];
  glancesKept: { address: string; reason: string }[];
  /** Who signed the file as its exporter (docs/decisions.md §16); null when unsigned. */
  exporter: ExporterView | null;
  /** E.g. a signature by an exporter this station has not pinned. */
  warnings: string[];
}

/** A stored block an offline build can reference (snapshotList), with where it came from. */
export interface SnapshotEntryView {
  /** The number snapshotRemove takes. */
  id: number;
  block: { number: number; id: string; timestamp: number };
  /** Observed or claimed by its snapshot file; its age is the block's. */
  provenance: Provenance;
  importedAt: number;
  /** The highest block: the one offline builds use now. */
  inUse: boolean;
}

/** A handoff file made for carrying: its suggested name and its text (the caller writes it). */
export interface HandoffFileView {
  fileName: string;
  text: string;
  txId: string;
  signatures: number;
  /** This station's identity, when it signed the file (docs/decisions.md §16); null when it has none. */
  exporter: ExporterView | null;
}

/** A snapshot made from the node: its suggested name and its text (the caller writes it). */
export interface SnapshotFileView {
  fileName: string;
  text: string;
  block: SnapshotBlock;
  accounts: string[];
  tokens: string[];
  /** docs/decisions.md §25: the accounts the file carries at a glance (one the node has not, or cannot describe, has none). */
  glances: string[];
  /** This station's identity, when it signed the file (docs/decisions.md §16); null when it has none. */
  exporter: ExporterView | null;
}

/** What buildBatch made: one file row, txID and status per transaction, in row order. */
export type BatchView = ResultOf<StationApi, 'buildBatch'>;
