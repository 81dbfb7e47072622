/**
 * The Contracts screen's state (docs/decisions.md §17 "Smart-contract calls"): the station's list of contracts
 * (`contractList`, `contractAdd`, `contractRemove`) and the TRC-20 form (`buildTrc20Transfer`,
 * `buildTrc20Approve`, with Expires in and Note as every build form) with what was typed and the station's last refusal. The account and the
 * permission come from the shared `From`/`Permission` fields, which offer only the permissions whose
 * operations allow TriggerSmartContract (the owner always), so a multi-signature account's payment is
 * built under its active permission (docs/decisions.md §17 "by clicking"). The station checks everything again;
 * on success the screen opens the new transaction.
 */
import type { ApiClient } from '../../shared/api/api-contract.ts';
import type { LiveState } from '../app/live.svelte.ts';
import type { ErrorData } from '../../shared/base/errors.ts';
import type { StationApi } from '../../shared/api/station-api.ts';
import type { Trc20Text } from './trc20-rules.ts';
import { SourceAccount } from '../forms/source-account.svelte.ts';
import { expiresNoteArgs } from '../forms/field-rules.ts';

/** A listed contract as the API shows it (shared/api/contract-view-schema.ts). */
export interface ListedView {
  address: string;
  name: string | null;
  functions: string[];
  trc20: { symbol: string | null; name: string | null; decimals: number | null; observed: boolean; fromNode: boolean; source: string } | null;
  storedAt: number;
}

/** The TRC-20 form as it opens, and as it is again after a build. */
const TRC20_EMPTY: Trc20Text = { kind: 'transfer', to: '', token: '', amount: '', feeLimit: '', expiresIn: '', note: '' };

export class ContractsState {
  listed = $state.raw<ListedView[]>([]);
  error = $state.raw<ErrorData | null>(null);
  busy = $state(false);
  add = $state({ address: '', name: '', abi: '', symbol: '', decimals: '' });
  trc20 = $state<Trc20Text>({ ...TRC20_EMPTY });
  /** From and Permission: a transfer and an approval are both a TriggerSmartContract. */
  readonly source: SourceAccount;
  /** Every message shows once the TRC-20 build was tried, else those of fields typed in. */
  tried = $state(false);
  readonly #client: ApiClient<StationApi>;

  constructor(client: ApiClient<StationApi>, live: LiveState) {
    this.#client = client;
    this.source = new SourceAccount(client, live, 'TriggerSmartContract');
  }

  /** The decimals of a listed token, or null. */
  decimalsOf(address: string): number | null {
    return this.listed.find((c) => c.address === address.trim())?.trc20?.decimals ?? null;
  }

  async load(): Promise<void> {
    await this.source.loadSuggestions();
    const answer = await this.#client.contractList(undefined);
    if (answer.ok) this.listed = answer.value.contracts;
    else this.error = answer.error;
  }

  async addContract(): Promise<boolean> {
    this.busy = true;
    const a = this.add;
    const answer = await this.#client.contractAdd({
      address: a.address.trim(),
      ...(a.name.trim() !== '' && { name: a.name.trim() }),
      ...(a.abi.trim() !== '' && { abi: a.abi }),
      ...(a.symbol.trim() !== '' && { symbol: a.symbol.trim() }),
      ...(/^[0-9]{1,2}$/.test(a.decimals.trim()) && { decimals: Number(a.decimals.trim()) }),
    });
    this.busy = false;
    if (!answer.ok) {
      this.error = answer.error;
      return false;
    }
    this.error = null;
    this.add = { address: '', name: '', abi: '', symbol: '', decimals: '' };
    await this.load();
    return true;
  }

  async remove(address: string): Promise<void> {
    const answer = await this.#client.contractRemove({ address });
    if (!answer.ok) this.error = answer.error;
    await this.load();
  }

  /** Builds the TRC-20 call; the new txID, or null after a refusal (in `error`). */
  async build(): Promise<string | null> {
    this.tried = true;
    // Not a permission id at all: its problem shows beside the field; there is nothing to send.
    const permissionId = this.source.permissionId;
    if (permissionId === null) return null;
    this.busy = true;
    const t = this.trc20;
    const common = {
      from: this.source.from.trim(),
      token: t.token.trim(),
      amount: t.amount.trim(),
      permissionId,
      ...(t.feeLimit.trim() !== '' && { feeLimit: t.feeLimit.trim() }),
      ...expiresNoteArgs(t),
    };
    const answer =
      t.kind === 'transfer'
        ? await this.#client.buildTrc20Transfer({ ...common, to: t.to.trim() })
        : await this.#client.buildTrc20Approve({ ...common, spender: t.to.trim() });
    this.busy = false;
    if (!answer.ok) {
      this.error = answer.error;
      return null;
    }
    this.error = null;
    // The next call starts from a clean form (the kind and the token stay): a transfer's recipient,
    // amount, fee limit, Expires in or note never rides along onto the approval built after it.
    this.trc20 = { ...TRC20_EMPTY, kind: t.kind, token: t.token };
    this.tried = false;
    return answer.value.txId;
  }
}
