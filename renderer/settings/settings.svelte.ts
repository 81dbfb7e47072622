/**
 * The settings screen's state (docs/decisions.md §9 "Settings"): the node URL with a connection test and the
 * default expiration. The colours are not the station's: renderer/app/theme.ts keeps them in the window.
 */
import type { ApiClient } from '../../shared/api/api-contract.ts';
import { sayError } from '../app/words.ts';
import type { ErrorData } from '../../shared/base/errors.ts';
import type { StationApi } from '../../shared/api/station-api.ts';

export class SettingsState {
  node = $state('');
  expiration = $state('');
  dialect = $state<'spec' | 'java-tron'>('spec');
  vault = $state<'keychain' | 'keystore'>('keychain');
  error = $state.raw<ErrorData | null>(null);
  test = $state.raw<{ ok: boolean; text: string } | null>(null);
  notice = $state('');
  readonly #client: ApiClient<StationApi>;

  constructor(client: ApiClient<StationApi>) {
    this.#client = client;
  }

  async load(): Promise<void> {
    const answer = await this.#client.settings();
    if (!answer.ok) {
      this.error = answer.error;
      return;
    }
    this.node = answer.value.node;
    this.expiration = answer.value.expiration;
    this.dialect = answer.value.dialect;
    this.vault = answer.value.vault;
    this.error = null;
  }

  async save(key: 'node' | 'dialect' | 'expiration' | 'vault', value: string): Promise<void> {
    const answer = await this.#client.setSetting({ key, value });
    if (!answer.ok) {
      this.error = answer.error;
      return;
    }
    this.error = null;
    this.node = answer.value.node;
    this.expiration = answer.value.expiration;
    this.dialect = answer.value.dialect;
    this.vault = answer.value.vault;
    this.notice = 'Saved.';
  }

  async testNode(url: string): Promise<void> {
    this.test = null;
    const answer = await this.#client.nodeTest({ url });
    this.test = answer.ok ? { ok: answer.value.ok, text: answer.value.text } : { ok: false, text: sayError(answer.error) };
  }
}
