/**
 * The keystore's lock as the renderer sees it (docs/decisions.md §9, "Keystore passphrase from the UI"): the
 * vault's status, and whether the passphrase prompt is asked for because an action answered
 * VAULT_LOCKED. `watch(client)` wraps the station client so every such answer, from any screen,
 * opens the prompt (App.svelte shows it above the screen), and the action waits: once the prompt
 * unlocks the keystore it is sent again and its answer is the one the screen gets (docs/decisions.md §26: after
 * an unlock in the middle of Sign the signature was not made, and the notice said "Try the action
 * again"); dismissed, the screen gets the VAULT_LOCKED answer as before.
 *
 * Invariant: the passphrase is never kept here, in a `$state` field or anywhere else: `unlock`
 * passes the text it is given straight to `vaultUnlock`, and the prompt clears its field before
 * the call goes out (PassphrasePrompt.svelte).
 */
import type { ApiClient, ApiResult } from '../../shared/api/api-contract.ts';
import type { ErrorData } from '../../shared/base/errors.ts';
import type { StationApi } from '../../shared/api/station-api.ts';
import type { ResultOf } from '../../shared/api/api-contract.ts';

/** The vault's status as the API table declares it (one home: shared/api/station-api.ts). */
type VaultStatus = ResultOf<StationApi, 'vaultLock'>;

export class VaultState {
  status = $state.raw<VaultStatus | null>(null);
  /** An action answered VAULT_LOCKED: the prompt shows until the keystore is unlocked or dismissed. */
  prompting = $state(false);
  error = $state.raw<ErrorData | null>(null);
  busy = $state(false);
  notice = $state('');
  readonly #client: ApiClient<StationApi>;
  /** Actions that answered VAULT_LOCKED, each waiting to hear whether the prompt unlocked the keystore. */
  #waiting: ((unlocked: boolean) => void)[] = [];

  constructor(client: ApiClient<StationApi>) {
    this.#client = client;
  }

  #release(unlocked: boolean): number {
    const waiting = this.#waiting.splice(0);
    for (const resume of waiting) resume(unlocked);
    return waiting.length;
  }

  /** The same client, except that an answer VAULT_LOCKED also opens the passphrase prompt. */
  watch(client: ApiClient<StationApi>): ApiClient<StationApi> {
    const watched: Record<string, (args?: unknown) => Promise<ApiResult<unknown>>> = {};
    for (const [method, call] of Object.entries(client) as [string, (args?: unknown) => Promise<ApiResult<unknown>>][]) {
      watched[method] = async (args?: unknown) => {
        const answer = await call(args);
        if (!answer.ok && answer.error.code === 'VAULT_LOCKED') {
          this.prompting = true;
          if (this.status) this.status = { ...this.status, locked: true };
          // The action goes on once the keystore is unlocked (sent again, once), or ends locked if the prompt is dismissed.
          const unlocked = await new Promise<boolean>((resume) => this.#waiting.push(resume));
          if (unlocked) return call(args);
        }
        return answer;
      };
    }
    return watched as ApiClient<StationApi>;
  }

  async load(): Promise<void> {
    const answer = await this.#client.keysStatus();
    if (answer.ok) this.status = answer.value;
  }

  /** Sends the passphrase once; true when the keystore took it. A refusal is kept in `error`. */
  async unlock(passphrase: string): Promise<boolean> {
    this.busy = true;
    const answer = await this.#client.vaultUnlock({ passphrase });
    this.busy = false;
    if (!answer.ok) {
      this.error = answer.error;
      return false;
    }
    this.status = answer.value;
    this.error = null;
    this.prompting = false;
    const resumed = this.#release(true);
    this.notice = resumed > 0 ? 'The keystore is unlocked; the action you asked for goes on.' : 'The keystore is unlocked.';
    return true;
  }

  async lock(): Promise<void> {
    const answer = await this.#client.vaultLock();
    if (!answer.ok) {
      this.error = answer.error;
      return;
    }
    this.status = answer.value;
    this.error = null;
    this.notice = 'The keystore is locked; its passphrase is forgotten.';
  }

  dismiss(): void {
    this.prompting = false;
    this.error = null;
    this.#release(false);
  }
}
