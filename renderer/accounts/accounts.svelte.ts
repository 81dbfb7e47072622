/**
 * The Accounts screen's state (docs/decisions.md §10 "Accounts"): the accounts this station has stored
 * (`accountsList`), the one shown (`accountShow`), fetching one from the node (`accountFetch`) and
 * importing a chain snapshot file (`snapshotImport`). Every view shown is the station's answer;
 * after a fetch or an import the list is read again rather than patched here. And the stored blocks
 * offline builds reference (`snapshotList`), each removable (`snapshotRemove`, docs/decisions.md §16: a forged
 * block with a high number pinned every offline build). And a snapshot of chosen accounts read from
 * the node now (`snapshotExport`, docs/decisions.md §19), for a file or an animated QR code.
 */
import type { ApiClient } from '../../shared/api/api-contract.ts';
import type { ErrorData } from '../../shared/base/errors.ts';
import type { ResultOf } from '../../shared/api/api-contract.ts';
import type { AccountEntry, AccountView, SnapshotEntry, StationApi } from '../../shared/api/station-api.ts';
import { importedFrom, sayText } from '../app/words.ts';

export class AccountsState {
  list = $state.raw<AccountEntry[]>([]);
  /** The account shown, as accountShow or accountFetch answered. */
  account = $state.raw<AccountView | null>(null);
  error = $state.raw<ErrorData | null>(null);
  /** What the last fetch or import did, in one sentence. */
  notice = $state('');
  busy = $state(false);
  /** The stored blocks, highest first: the first is the one offline builds use. */
  blocks = $state.raw<SnapshotEntry[]>([]);
  readonly #client: ApiClient<StationApi>;

  constructor(client: ApiClient<StationApi>) {
    this.#client = client;
  }

  async loadList(): Promise<void> {
    const answer = await this.#client.accountsList();
    if (answer.ok) this.list = answer.value.accounts;
    else this.error = answer.error;
  }

  async #take(call: () => Promise<{ ok: true; value: AccountView } | { ok: false; error: ErrorData }>, done: string): Promise<boolean> {
    this.busy = true;
    try {
      const answer = await call();
      if (!answer.ok) {
        this.error = answer.error;
        return false;
      }
      this.error = null;
      this.account = answer.value;
      this.notice = done;
      return true;
    } finally {
      this.busy = false;
    }
  }

  async loadBlocks(): Promise<void> {
    const answer = await this.#client.snapshotList();
    if (answer.ok) this.blocks = answer.value.snapshots;
    else this.error = answer.error;
  }

  /** Removes stored block `id`, then reads the list again; the notice says which block builds use now. */
  async removeBlock(id: number): Promise<boolean> {
    this.busy = true;
    try {
      const answer = await this.#client.snapshotRemove({ id });
      if (!answer.ok) {
        this.error = answer.error;
        return false;
      }
      this.error = null;
      const { removed, next } = answer.value;
      this.notice = `Removed block ${removed.block.number}. ${next === null ? 'No block is left: offline builds need a new snapshot.' : `Offline builds now use block ${next.block.number}.`}`;
      await this.loadBlocks();
      return true;
    } finally {
      this.busy = false;
    }
  }

  show(address: string): Promise<boolean> {
    return this.#take(() => this.#client.accountShow({ address }), '');
  }

  async fetch(address: string): Promise<boolean> {
    const ok = await this.#take(() => this.#client.accountFetch({ address }), 'Fetched from the node and stored.');
    if (ok) await this.loadList();
    return ok;
  }

  /**
   * Imports a snapshot file, then shows `address` when the file stored it, else the file's only
   * stored account. Accounts the station kept because its copy is newer are named in the notice.
   */
  async importSnapshot(fileName: string, text: string, address: string): Promise<boolean> {
    this.busy = true;
    let answer;
    try {
      answer = await this.#client.snapshotImport({ fileName, text });
    } finally {
      this.busy = false;
    }
    if (!answer.ok) {
      this.error = answer.error;
      return false;
    }
    this.error = null;
    const r = answer.value;
    const stored = r.accounts.filter((a) => a.stored);
    const kept = [
      ...r.accounts.filter((a) => !a.stored).map((a) => `${a.address}: ${a.reason ?? 'kept'}`),
      ...r.tokensKept.map((t) => `token ${t.id}: ${t.reason}`),
    ];
    await this.loadList();
    await this.loadBlocks();
    const wanted = stored.find((a) => a.address === address.trim()) ?? (stored.length === 1 ? stored[0] : undefined);
    if (wanted) await this.show(wanted.address);
    this.notice = [
      `Imported ${r.file}: block ${r.block.number} (${r.age} old), ${stored.length} account(s) stored, ${r.tokens.length} token(s).`,
      importedFrom(r.file, r.exporter),
      ...r.warnings.map(sayText),
      ...kept,
    ].join(' ');
    return true;
  }

  /**
   * A snapshot of `addresses` read from the node now (online only: offline, the station refuses and
   * the refusal is kept in `error`), or null then. Nothing is stored on this station by an export.
   */
  async exportSnapshot(addresses: string[]): Promise<ResultOf<StationApi, 'snapshotExport'> | null> {
    this.busy = true;
    try {
      const answer = await this.#client.snapshotExport({ accounts: addresses });
      if (!answer.ok) {
        this.error = answer.error;
        return null;
      }
      this.error = null;
      const r = answer.value;
      this.notice = `Exported a snapshot of block ${r.block.number}: ${r.accounts.length} account(s), ${r.tokens.length} token(s)${r.exporter ? ', signed by this station' : ''}.`;
      return r;
    } finally {
      this.busy = false;
    }
  }
}
