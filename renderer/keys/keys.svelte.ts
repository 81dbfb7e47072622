/**
 * The keys screen's state (docs/decisions.md §9 "Keys"): this station's keys (addresses and labels only: key
 * bytes never cross the API), which vault holds them, and the vault's status; keys on a Ledger
 * (docs/decisions.md §23) with their derivation path.
 */
import type { ApiClient } from '../../shared/api/api-contract.ts';
import type { ErrorData } from '../../shared/base/errors.ts';
import type { KeyView, StationApi } from '../../shared/api/station-api.ts';
import { takeAnswer } from '../app/outcome.ts';

export class KeysState {
  keys = $state.raw<KeyView[]>([]);
  vault = $state.raw<{ kind: string; available: boolean; message: string | null; locked: boolean } | null>(null);
  error = $state.raw<ErrorData | null>(null);
  notice = $state('');
  readonly #client: ApiClient<StationApi>;
  /** The first load, so screens that only mark keys (ui/HardwareMark.svelte) ask the station once. */
  #first: Promise<void> | null = null;

  constructor(client: ApiClient<StationApi>) {
    this.#client = client;
  }

  /** Loads the list unless it was loaded (or is loading) already: for screens that only read it. */
  ensureLoaded(): Promise<void> {
    return (this.#first ??= this.load());
  }

  async load(): Promise<void> {
    this.#first ??= Promise.resolve();
    const [status, list] = await Promise.all([this.#client.keysStatus(), this.#client.keysList()]);
    if (status.ok) this.vault = status.value;
    if (list.ok) this.keys = list.value.keys;
    this.error = !list.ok ? list.error : !status.ok ? status.error : null;
  }

  create(label: string): Promise<boolean> {
    return takeAnswer(this, this.#client.keysNew({ label }), 'Key created.');
  }

  importKey(privateKeyHex: string, label: string): Promise<boolean> {
    return takeAnswer(this, this.#client.keysImport({ privateKeyHex, label }), 'Key imported.');
  }

  relabel(address: string, label: string): Promise<boolean> {
    return takeAnswer(this, this.#client.keysLabel({ address, label }), 'Label saved.');
  }

  /**
   * docs/decisions.md §23: adds the key of the Ledger the `ledger` setting reaches (account index or path),
   * once the person confirms its address on the device's screen; the station says what happened.
   */
  addLedger(choice: { account?: number; path?: string }, label: string): Promise<boolean> {
    return takeAnswer(
      this,
      this.#client.keysLedgerAdd({ ...choice, ...(label !== '' && { label }) }),
      'Ledger key added: its address was confirmed on the device.',
    );
  }

  remove(address: string): Promise<boolean> {
    return takeAnswer(this, this.#client.keysDelete({ address }), 'Key deleted.');
  }
}

/**
 * What is wrong with a private key typed for import, in the station's words, or null (docs/decisions.md §26: 63
 * digits got only the browser's own message). Never quotes the text: it is a secret, or nearly one.
 */
export function keyImportProblem(text: string): string | null {
  const hex = text.trim().replace(/^0x/i, '');
  if (hex === '') return 'Type or paste the private key: 64 hex digits (0-9, a-f). Nothing was sent.';
  if (!/^[0-9a-fA-F]*$/.test(hex)) return 'A private key is 64 hex digits (0-9, a-f); this text has other characters. Nothing was sent.';
  if (hex.length !== 64) return `A private key is 64 hex digits (0-9, a-f); this one has ${hex.length}. Nothing was sent.`;
  return null;
}
