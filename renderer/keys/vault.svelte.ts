/**
 * The keystore's lock as the renderer sees it (issue 9, "Keystore passphrase from the UI"): the
 * vault's status, and whether the passphrase prompt is asked for because an action answered
 * VAULT_LOCKED. `watch(client)` wraps the station client so every such answer, from any screen,
 * opens the prompt (App.svelte shows it above the screen).
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

  constructor(client: ApiClient<StationApi>) {
    this.#client = client;
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
    this.notice = 'The keystore is unlocked. Try the action again.';
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
  }
}
