/**
 * The station's context (docs/decisions.md §15 "station.ts composes one folder per feature"): the plumbing every
 * feature shares, made once per station by `openStation` and handed to each feature. It holds the
 * store, the clock, the vault (opened on first use, with the passphrase held from the UI) and the
 * node (its URL, its dialect, probed once per new URL, and its API key), plus the label index.
 *
 * Invariants:
 * - One vault per station: the instance is replaced only here (`replaceVault`), and the previous one
 *   is locked (its derived key wiped) when it goes.
 * - The stored API key is sent to the node whose origin it was set for, never elsewhere.
 * - Messages name no CLI command: the station speaks to a desktop user as much as to a terminal.
 * Never imports `electron`.
 */
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { DEFAULT_EXPIRES_IN_MS } from '../../shared/base/limits.ts';
import { wipe } from '../../shared/base/bytes.ts';
import { DIALECTS, isDialect, type Dialect } from '../../shared/chain/dialect.ts';
import { DEFAULT_NODE_URL, NodeClient } from '../node/node-client.ts';
import { openStore, type Store } from '../store/store.ts';
import { openVault } from '../vault/open-vault.ts';
import { KeystoreVault } from '../vault/keystore-vault.ts';
import { HeldPassphrase } from '../vault/held-passphrase.ts';
import type { PassphrasePurpose, PassphraseSource } from '../vault/passphrase.ts';
import type { ScryptParams } from '../vault/keystore-file.ts';
import type { Vault, VaultKind } from '../vault/vault.ts';
import { LabelIndex } from './labels.ts';

/** Settings the station reads, by key. */
export const SETTING_NODE = 'node';
export const SETTING_EXPIRATION = 'expiration';
export const SETTING_VAULT = 'vault';
/** The node's JSON dialect (shared/chain/dialect.ts): `spec` (default, the local node) or `java-tron`. */
export const SETTING_DIALECT = 'dialect';
/**
 * The dialect of each node URL the station has talked to (docs/decisions.md §11): probed once when a URL is new,
 * then used for every call to it; the `dialect` setting overrides it for the current node.
 */
export const SETTING_NODE_DIALECTS = 'node-dialects';
/** The origin (scheme://host:port) the stored API key belongs to: it is sent to that node only. */
export const SETTING_API_KEY_ORIGIN = 'api-key-origin';

export interface StationOptions {
  dataDir: string;
  /** Overrides the `node` setting for this session (`--node URL`). */
  nodeUrl?: string;
  /** Overrides the node's dialect for this session (`--dialect`, or a `--network` preset's). */
  dialect?: Dialect;
  /** Where one-line notices go (the dialect probe's suggestion); the CLI writes them on stderr. */
  notice?: (line: string) => void;
  /** ms since the epoch; default Date.now. */
  clock?: () => number;
  /** Overrides the `vault` setting (default keychain). */
  vault?: VaultKind;
  /** Asked by the keystore vault only, and only when it must decrypt or create its file. */
  passphrase?: PassphraseSource;
  /** scrypt cost for a new keystore (tests lower it). */
  scrypt?: ScryptParams;
  nodeTimeoutMs?: number;
  /**
   * docs/decisions.md §18, live status: ms between the passes the station runs by itself to ask the node what
   * became of its open transactions (station/transactions/status-refresh.ts). Undefined or 0: no
   * passes of its own (the CLI); the desktop app passes DEFAULT_STATUS_REFRESH_MS.
   */
  statusRefreshMs?: number;
  /**
   * docs/decisions.md §26: ms between node lookups while a batch broadcast waits for a row's dependency to be in
   * a block (default BATCH_WAIT_POLL_MS; the tests, whose node makes a block when told, pass less).
   */
  batchWaitPollMs?: number;
  /**
   * A vault object to use instead of opening the `vault` kind: code only, never a setting or a
   * flag (the tests pass station/vault/memory-vault.ts here). Its `kind` is the kind reported.
   */
  vaultBackend?: Vault;
  /** docs/decisions.md §23: ms the station waits for one Ledger answer (default LEDGER_EXCHANGE_TIMEOUT_MS; tests lower it). */
  ledgerTimeoutMs?: number;
}

/**
 * Why the node could not be asked, in words (docs/decisions.md §24: "a slow node is reported as slow, not as
 * absent"): nothing answers at the URL (NODE_UNREACHABLE), or something answers but not in time
 * (NODE_TIMEOUT): then it is there, and waiting or another node helps, not starting one.
 */
export function nodeAbsentOrSlow(url: string, code: 'NODE_UNREACHABLE' | 'NODE_TIMEOUT'): string {
  return code === 'NODE_TIMEOUT'
    ? `the node at ${url} is slow: it accepted the request but did not answer in time (busy, or far away); try again, or choose a faster node in the settings`
    : `nothing answers at ${url}: start the station's local node, or choose another node in the settings`;
}

export class StationContext {
  readonly dataDir: string;
  readonly store: Store;
  readonly options: StationOptions;
  private readonly clock: () => number;
  private vaultInstance: Vault | null = null;
  /** The passphrase typed in the desktop app (`vaultUnlock`), held in main until `vaultLock` or close. */
  readonly heldPassphrase = new HeldPassphrase();

  constructor(options: StationOptions) {
    this.options = options;
    this.dataDir = options.dataDir;
    this.clock = options.clock ?? Date.now;
    // The audit log is keyed by the vault's seal (docs/decisions.md §16), asked for at the first write.
    this.store = openStore({ dataDir: options.dataDir }, { clock: this.clock, seal: () => this.vault().auditSeal() });
  }

  now(): number {
    return this.clock();
  }

  close(): void {
    this.heldPassphrase.clear();
    this.vaultInstance?.lock();
    this.store.close();
  }

  /** Every label this station knows, read once: for views that show many addresses. */
  labels(): LabelIndex {
    return new LabelIndex(this.store);
  }

  defaultExpiresInMs(): number {
    const s = this.store.getSetting(SETTING_EXPIRATION);
    return typeof s === 'number' ? s : DEFAULT_EXPIRES_IN_MS;
  }

  // ---- the vault

  vaultKind(): VaultKind {
    if (this.options.vaultBackend) return this.options.vaultBackend.kind;
    if (this.options.vault) return this.options.vault;
    const s = this.store.getSetting(SETTING_VAULT);
    return s === 'keystore' ? 'keystore' : 'keychain';
  }

  vault(): Vault {
    if (!this.vaultInstance) this.vaultInstance = this.options.vaultBackend ?? this.openVaultWith((purpose) => this.passphraseFor(purpose));
    return this.vaultInstance;
  }

  /** A vault of the station's kind asking `passphrase`; only tests and benchmarks lower the keystore's cost. */
  openVaultWith(passphrase: PassphraseSource, kind: VaultKind = this.vaultKind()): Vault {
    return kind === 'keystore' && this.options.scrypt
      ? new KeystoreVault({ dataDir: this.dataDir, passphrase, scrypt: this.options.scrypt })
      : openVault(kind, { dataDir: this.dataDir, passphrase });
  }

  /** Locks the vault in use and puts `next` in its place (null: the next use opens one). */
  replaceVault(next: Vault | null): void {
    this.vaultInstance?.lock();
    this.vaultInstance = next;
  }

  /** Wipes the keystore's derived key; the vault stays open and asks again on its next use. */
  lockVault(): void {
    this.vaultInstance?.lock();
  }

  /** The held passphrase, else the options' source (the CLI's prompt or file), else VAULT_LOCKED. */
  async passphraseFor(purpose: PassphrasePurpose): Promise<Uint8Array> {
    const held = this.heldPassphrase.copy(purpose);
    if (held !== null) return held;
    if (this.options.passphrase) return this.options.passphrase(purpose);
    fail('VAULT_LOCKED', 'the keystore is locked: enter its passphrase to unlock it', { field: 'passphrase' });
  }

  // ---- the node

  nodeUrl(): string {
    if (this.options.nodeUrl !== undefined) return this.options.nodeUrl;
    const s = this.store.getSetting(SETTING_NODE);
    return typeof s === 'string' ? s : DEFAULT_NODE_URL;
  }

  /**
   * Runs `call` against the node; when nothing answers, the error says to start the station's
   * node or choose another, naming the URL tried; when the node is slow, it says so (nodeAbsentOrSlow). A node URL the station has not seen is probed
   * for its dialect first (`learnDialect`).
   */
  async online<T>(call: (node: NodeClient) => Promise<T>): Promise<T> {
    try {
      return await call(await this.nodeReady());
    } catch (e) {
      if (e instanceof AirlockError && (e.code === 'NODE_UNREACHABLE' || e.code === 'NODE_TIMEOUT')) {
        fail(e.code, nodeAbsentOrSlow(this.nodeUrl(), e.code), { ...e.details, field: 'node' });
      }
      throw e;
    }
  }

  /** The node client in the dialect the station holds for the node (set for this session, stored, or probed now). */
  async nodeReady(): Promise<NodeClient> {
    if (this.options.dialect === undefined && this.nodeDialects()[this.nodeUrl()] === undefined && this.nodeUrl() !== DEFAULT_NODE_URL)
      await this.learnDialect();
    return this.node();
  }

  node(): NodeClient {
    return this.clientFor(this.nodeUrl(), this.dialect());
  }

  private clientFor(url: string, dialect: Dialect): NodeClient {
    return new NodeClient({
      baseUrl: url,
      clock: this.clock,
      dialect,
      apiKey: () => this.apiKeyFor(url),
      ...(this.options.nodeTimeoutMs !== undefined && { timeoutMs: this.options.nodeTimeoutMs }),
    });
  }

  /** The stored API key, only for the node whose origin it was set for (never sent elsewhere). */
  private async apiKeyFor(url: string): Promise<string | undefined> {
    const origin = this.store.getSetting(SETTING_API_KEY_ORIGIN);
    if (typeof origin !== 'string' || origin !== new URL(url).origin) return undefined;
    const bytes = await this.vault().readApiKey();
    if (bytes === null) return undefined;
    try {
      return new TextDecoder().decode(bytes);
    } finally {
      wipe(bytes);
    }
  }

  /** The session's dialect, else the one stored for the node URL, else the `dialect` setting, else `spec`. */
  dialect(): Dialect {
    if (this.options.dialect !== undefined) return this.options.dialect;
    const known = this.nodeDialects()[this.nodeUrl()];
    if (isDialect(known)) return known;
    const s = this.store.getSetting(SETTING_DIALECT);
    return isDialect(s) ? s : 'spec';
  }

  private nodeDialects(): Record<string, Dialect> {
    const s = this.store.getSetting(SETTING_NODE_DIALECTS);
    const out: Record<string, Dialect> = Object.create(null) as Record<string, Dialect>;
    if (typeof s === 'object' && s !== null && !Array.isArray(s)) for (const [url, d] of Object.entries(s)) if (isDialect(d)) out[url] = d;
    return out;
  }

  rememberDialect(url: string, dialect: Dialect): void {
    // Bounded: a station that has seen many URLs keeps the latest 100.
    const entries = Object.entries(this.nodeDialects())
      .filter(([u]) => u !== url)
      .slice(-99);
    this.store.setSetting(SETTING_NODE_DIALECTS, Object.fromEntries([...entries, [url, dialect]]));
  }

  /**
   * Probes the node at `url` once (node-client.ts probeDialect), stores the suggestion for it and
   * says so in one line through `notice`. With no suggestion, the current dialect is stored, so the
   * probe is not repeated, and the line says to set it by hand.
   */
  async learnDialect(url = this.nodeUrl()): Promise<{ dialect: Dialect; suggested: boolean; text: string }> {
    const probe = await this.clientFor(url, 'spec').probeDialect();
    const known = this.nodeDialects()[url];
    const stored = this.store.getSetting(SETTING_DIALECT);
    const fallback: Dialect = this.options.dialect ?? known ?? (isDialect(stored) ? stored : 'spec');
    const dialect = probe.dialect ?? fallback;
    this.rememberDialect(url, dialect);
    const text = probe.dialect
      ? `${probe.text} The station will use the ${dialect} dialect for it; change the dialect setting to ${DIALECTS.find((d) => d !== dialect)} if that is wrong.`
      : `${probe.text} The station will use ${dialect} for it until you set the dialect setting (spec or java-tron).`;
    this.options.notice?.(text);
    return { dialect, suggested: probe.dialect !== null, text };
  }
}
