/**
 * The open transaction's state (docs/decisions.md §9 "Transaction", "Import"): what the station says about it,
 * and the actions on it (sign with one local key, export the handoff file, import and merge files;
 * the desktop app's save and open dialogs where it has them, a download and the file input where not).
 * Every action goes through the API and then shows the station's new answer, never a guess.
 *
 * Invariant (docs/decisions.md §18 "notices belong to their transaction"): an action's notice is kept with the
 * txID it was about and shown only while that transaction is the one open, so "Exported with 1
 * signature(s)." never shows on another.
 *
 * docs/decisions.md §26 (the open transaction follows the chain): `refresh` reads the open transaction again on
 * each beat of the app's poll (app/live.svelte.ts) and when its expiry passes, so it turns confirmed
 * after another station broadcasts it, expired (Re-issue, no Sign) when its time is up, and shows
 * signatures imported or made meanwhile, without a reload. A refresh never overwrites an action's
 * answer: one that lands after an action began, or for a transaction no longer open, is dropped.
 */
import { untrack } from 'svelte';
import { OVERRIDABLE_RISKS, type OverridableRisk } from '../../shared/approval/signing-risk.ts';
import type { ApiClient } from '../../shared/api/api-contract.ts';
import type { ErrorData } from '../../shared/base/errors.ts';
import { importedFrom, sayText } from '../app/words.ts';
import type { StationApi, StationTransaction } from '../../shared/api/station-api.ts';

export interface ImportOutcome {
  files: string[];
  added: number;
  known: number;
  /** For each handoff file, who signed it and what its claims count as (words.ts importedFrom); then the station's warnings. */
  sources: string[];
}

/** The dry run's outcome, shown before the broadcast button is offered. */
export interface Preflight {
  changed: boolean;
  changes: string[];
  comparisonText: string;
  enough: boolean;
  signWeightText: string;
}

/** How many keys of the permission have signed, as the view counts them. */
function signedCount(tx: StationTransaction): number {
  return tx.signers.filter((s) => s.signed).length;
}

export class TransactionState {
  tx = $state.raw<StationTransaction | null>(null);
  error = $state.raw<ErrorData | null>(null);
  busy = $state(false);
  /** The txID the screen shows (set by `load`), kept after a discard so its notice still shows. */
  openTxId = $state<string | null>(null);
  /** The last action's result in words, with the transaction it was about. */
  #notice = $state.raw<{ txId: string; text: string } | null>(null);
  importError = $state.raw<ErrorData | null>(null);
  importOutcome = $state.raw<ImportOutcome | null>(null);
  /** The dry run for the open transaction; null until run (and after anything changes). */
  preflight = $state.raw<Preflight | null>(null);
  readonly #client: ApiClient<StationApi>;
  #refreshing = false;
  /** Counts the actions begun (load, sign, import, dry run, broadcast, discard), so a refresh that raced one is dropped. */
  #actions = 0;
  /** The `open` on its way, with the action count it began at (`open` reuses it while nothing else began). */
  #opening: { txId: string; actions: number; done: Promise<void> } | null = null;

  constructor(client: ApiClient<StationApi>) {
    this.#client = client;
  }

  /** The last action's result in words, for the live region: '' unless it was about the transaction open now. */
  get notice(): string {
    const n = this.#notice;
    return n !== null && n.txId === this.openTxId ? n.text : '';
  }

  /** Keeps `text` as the notice of transaction `txId` (the one the action was about, taken before it awaited). */
  #say(txId: string, text: string): void {
    this.#notice = { txId, text };
  }

  /**
   * Opens transaction `txId` for the screen: a `load`, unless one for the same transaction is on its
   * way and no action began since, which is then answered for both (docs/decisions.md §27: the queue starts
   * it at the click, before the queue is taken off the page, and the screen asks again as it mounts;
   * the answer is the station's either way, read after the click).
   */
  open(txId: string): Promise<void> {
    const opening = this.#opening;
    if (opening !== null && opening.txId === txId && opening.actions === this.#actions) return opening.done;
    const done = this.load(txId).finally(() => {
      if (this.#opening?.done === done) this.#opening = null;
    });
    // `load` has counted itself as an action by now; any action after it makes the next open read again.
    this.#opening = { txId, actions: this.#actions, done };
    return done;
  }

  /**
   * Reads transaction `txId` for the screen. Another transaction still on screen is cleared first, so
   * the screen never shows (nor its panels ask about) a transaction other than the one opened; the
   * same one stays while it is read again. An answer for a transaction no longer open is dropped.
   */
  async load(txId: string): Promise<void> {
    this.openTxId = txId;
    this.busy = true;
    this.#actions += 1;
    this.preflight = null;
    // Untracked: the screen calls this from an effect, which must not come to depend on `tx`.
    const before = untrack(() => this.tx);
    if (before !== null && before.view.txID.toLowerCase() !== txId.toLowerCase()) this.tx = null;
    const answer = await this.#client.status({ txId });
    if (this.openTxId !== txId) return;
    this.busy = false;
    if (answer.ok) {
      this.tx = answer.value;
      this.error = null;
    } else {
      this.tx = null;
      this.error = answer.error;
    }
  }

  /**
   * Reads the open transaction again, quietly (no busy state, the screen stays as it is until the
   * answer differs). A transaction the station no longer has (discarded elsewhere) shows the
   * station's refusal; any other refusal (a node that cannot be read) leaves the screen as it was.
   */
  async refresh(): Promise<void> {
    const txId = this.openTxId;
    if (txId === null || this.busy || this.#refreshing) return;
    this.#refreshing = true;
    const before = this.#actions;
    try {
      const answer = await this.#client.status({ txId });
      if (this.openTxId !== txId || this.busy || this.#actions !== before) return;
      if (answer.ok) {
        const shown = this.tx;
        if (shown !== null && JSON.stringify(shown) === JSON.stringify(answer.value)) return;
        // A dry run was for the signatures and status it saw; it is asked again once they change.
        if (
          shown === null ||
          shown.status !== answer.value.status ||
          shown.view.txID !== answer.value.view.txID ||
          signedCount(shown) !== signedCount(answer.value)
        )
          this.preflight = null;
        this.tx = answer.value;
        this.error = null;
      } else if (answer.error.code === 'NOT_FOUND') {
        this.tx = null;
        this.preflight = null;
        this.error = answer.error;
      }
    } finally {
      this.#refreshing = false;
    }
  }

  /** Signs with `key`; `acceptRisk` names the risks the signer ticked on the sign panel (docs/decisions.md §17). */
  async sign(key: string, acceptRisk: string[] = []): Promise<void> {
    if (this.tx === null) return;
    const txId = this.tx.view.txID;
    this.busy = true;
    this.#actions += 1;
    const risks = acceptRisk.filter((r): r is OverridableRisk => (OVERRIDABLE_RISKS as readonly string[]).includes(r));
    const answer = await this.#client.sign({ txId, key, ...(risks.length > 0 && { acceptRisk: risks }) });
    this.busy = false;
    if (answer.ok) {
      this.tx = answer.value.transaction;
      this.error = null;
      this.#say(txId, `Signed with ${answer.value.signed.length} key(s).`);
    } else {
      this.error = answer.error;
    }
  }

  /** The handoff file's name and text, for the caller to save; null after an error. */
  async exportFile(): Promise<{ fileName: string; text: string } | null> {
    if (this.tx === null) return null;
    const txId = this.tx.view.txID;
    const answer = await this.#client.exportHandoff({ txId });
    if (!answer.ok) {
      this.error = answer.error;
      return null;
    }
    this.#say(txId, `Exported with ${answer.value.signatures} signature(s).`);
    return { fileName: answer.value.fileName, text: answer.value.text };
  }

  /**
   * Saves the handoff file through the desktop app's save dialog; where there is none (NO_DIALOG,
   * behind the bridge) it falls back to `exportHandoff` and hands the text to `download`. A cancel
   * in the dialog is quiet: no notice, no error.
   */
  async saveHandoff(download: (fileName: string, text: string) => void): Promise<void> {
    if (this.tx === null) return;
    const txId = this.tx.view.txID;
    const answer = await this.#client.saveHandoffFile({ txId });
    if (answer.ok) {
      if (answer.value.saved) this.#say(txId, `Saved the handoff file as ${answer.value.fileName}.`);
      return;
    }
    if (answer.error.code !== 'NO_DIALOG') {
      this.error = answer.error;
      return;
    }
    const file = await this.exportFile();
    if (file) download(file.fileName, file.text);
  }

  /**
   * The desktop app's open dialog: the files chosen, for `importFiles` (empty when the person
   * cancels), or 'no-dialog' behind the bridge, for the caller to open the browser's file picker
   * instead; null after any other refusal, which is kept in `importError`.
   */
  async chooseFiles(): Promise<{ name: string; text: string }[] | 'no-dialog' | null> {
    const answer = await this.#client.openHandoffFiles();
    if (answer.ok) return answer.value.files;
    if (answer.error.code === 'NO_DIALOG') return 'no-dialog';
    this.importError = answer.error;
    this.importOutcome = null;
    return null;
  }

  /**
   * Imports files; a refusal is kept in `importError` and nothing else changes. Returns the txIDs
   * the files carried (one per file), or null after a refusal, so a screen without an open
   * transaction (the queue) can open what arrived.
   */
  async importFiles(files: { name: string; text: string }[]): Promise<string[] | null> {
    this.importError = null;
    this.importOutcome = null;
    this.#actions += 1;
    const answer = await this.#client.importFiles({ files });
    if (!answer.ok) {
      this.importError = answer.error;
      return null;
    }
    const results = answer.value.results;
    this.importOutcome = {
      files: results.map((r) => r.file),
      added: results.reduce((n, r) => n + r.added.length, 0),
      known: results.reduce((n, r) => n + r.known.length, 0),
      // A plain transaction file carries nothing but the transaction, every signature checked: no source to judge.
      sources: results.flatMap((r) => [...(r.kind === 'handoff' ? [importedFrom(r.file, r.exporter)] : []), ...r.warnings.map(sayText)]),
    };
    const open = this.tx?.view.txID;
    if (open !== undefined && results.some((r) => r.txId === open)) await this.load(open);
    return results.map((r) => r.txId);
  }

  /** The dry run before broadcast: the node's permissions against the signers' copy, and getsignweight. */
  async runPreflight(): Promise<void> {
    if (this.tx === null) return;
    this.busy = true;
    this.#actions += 1;
    const answer = await this.#client.preflight({ txId: this.tx.view.txID });
    this.busy = false;
    if (!answer.ok) {
      this.error = answer.error;
      return;
    }
    const { comparison, signWeight } = answer.value;
    this.error = null;
    this.preflight = {
      changed: comparison.changed,
      changes: comparison.changes,
      comparisonText: comparison.text,
      enough: signWeight.enough,
      // In words (app/words.ts): the node's code names what it means, never shows as a code.
      signWeightText: sayText(
        `${signWeight.code}${signWeight.message ? `: ${signWeight.message}` : ''} (weight ${signWeight.weight} of ${signWeight.threshold ?? '?'})`,
      ),
    };
  }

  /** Broadcasts after a dry run that found the signatures enough; the node's answer becomes the notice. */
  async broadcast(): Promise<void> {
    if (this.tx === null || this.preflight === null || !this.preflight.enough) return;
    this.busy = true;
    this.#actions += 1;
    const answer = await this.#client.broadcast({ txId: this.tx.view.txID });
    this.busy = false;
    if (!answer.ok) {
      this.error = answer.error;
      return;
    }
    this.#say(answer.value.txId, answer.value.text);
    await this.load(answer.value.txId);
  }

  /** Re-issues an expired (or nearly expired) transaction; returns the new txID. */
  async reissue(): Promise<string | null> {
    if (this.tx === null) return null;
    this.busy = true;
    this.#actions += 1;
    const answer = await this.#client.reissue({ txId: this.tx.view.txID });
    this.busy = false;
    if (!answer.ok) {
      this.error = answer.error;
      return null;
    }
    // The text is about the new transaction, which the screen opens next.
    this.#say(answer.value.txId, answer.value.text);
    return answer.value.txId;
  }

  /**
   * Discards the open transaction (docs/decisions.md §18), after the screen's confirmation: it leaves the queue
   * and the screen shows the station's answer in its place; a refusal (broadcast, on chain) is the
   * error and nothing changes. True when it was discarded.
   */
  async discard(): Promise<boolean> {
    if (this.tx === null) return false;
    const txId = this.tx.view.txID;
    this.busy = true;
    this.#actions += 1;
    const answer = await this.#client.discard({ txId });
    this.busy = false;
    if (!answer.ok) {
      this.error = answer.error;
      return false;
    }
    this.error = null;
    this.preflight = null;
    this.#say(txId, answer.value.text);
    if (this.openTxId === txId) this.tx = null;
    return true;
  }
}
