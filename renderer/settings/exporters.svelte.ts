/**
 * The state of Settings' "Trusted exporters" section (docs/decisions.md §16, "Trusted exporters for offline
 * stations"): this station's fingerprint (asked for on request: showing it makes the identity the
 * first time, and from then on every exported snapshot and handoff file is signed), and the
 * exporters this station pins, with pin and unpin. Every rule is the station's: the label's rules
 * are also checked as you type (shared/views/address-label.ts), and nothing is sent while one fails.
 */
import type { ApiClient, ResultOf } from '../../shared/api/api-contract.ts';
import type { ErrorData } from '../../shared/base/errors.ts';
import type { StationApi } from '../../shared/api/station-api.ts';
import { bookLabelProblem } from '../../shared/views/address-label.ts';

export type IdentityView = ResultOf<StationApi, 'exporterShow'>;
export type PinnedExporter = ResultOf<StationApi, 'exporterList'>['exporters'][number];

/** Why `text` cannot label an exporter (the address book's rules), or null. */
export function exporterLabelProblem(text: string): string | null {
  return bookLabelProblem(text);
}

export class ExportersState {
  identity = $state.raw<IdentityView | null>(null);
  pinned = $state.raw<PinnedExporter[]>([]);
  error = $state.raw<ErrorData | null>(null);
  notice = $state('');
  readonly #client: ApiClient<StationApi>;

  constructor(client: ApiClient<StationApi>) {
    this.#client = client;
  }

  async load(): Promise<void> {
    const answer = await this.#client.exporterList();
    if (!answer.ok) {
      this.error = answer.error;
      return;
    }
    this.pinned = answer.value.exporters;
  }

  /** Shows this station's fingerprint, making the identity the first time. */
  async showIdentity(): Promise<void> {
    const answer = await this.#client.exporterShow();
    if (!answer.ok) {
      this.error = answer.error;
      return;
    }
    this.error = null;
    this.identity = answer.value;
  }

  /** Pins `key` under `label`; true when the station pinned it. */
  async pin(key: string, label: string): Promise<boolean> {
    const answer = await this.#client.exporterPin({ key: key.trim(), label });
    if (!answer.ok) {
      this.error = answer.error;
      return false;
    }
    this.error = null;
    this.notice = answer.value.created ? `Pinned ${answer.value.code} as “${answer.value.label}”.` : `${answer.value.code} was pinned already.`;
    await this.load();
    return true;
  }

  async unpin(fingerprint: string): Promise<void> {
    const answer = await this.#client.exporterUnpin({ key: fingerprint });
    if (!answer.ok) {
      this.error = answer.error;
      return;
    }
    this.error = null;
    this.notice = 'Unpinned: its files now import as claims.';
    await this.load();
  }
}
