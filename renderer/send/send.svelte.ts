/**
 * The Send screen's state (docs/decisions.md §9 "build forms"): a TRX transfer built by the station's
 * `buildTransfer`. The amount is typed in TRX and converted to sun by digits (shared/base/amount.ts),
 * read back in words; every field is checked as it is typed with the rules the station applies
 * again (addresses, amount above 0 and within int64, not to yourself as shared/contracts/transfer.ts says,
 * the permission id, the expiration by shared/base/duration.ts).
 *
 * Invariant: the build call carries exactly the sun the words show; nothing is sent while any
 * field has a problem.
 */
import type { ApiClient } from '../../shared/api/api-contract.ts';
import type { LiveState } from '../app/live.svelte.ts';
import { readAmount, sunInWords } from '../../shared/base/amount.ts';
import type { ErrorData } from '../../shared/base/errors.ts';
import { addressTextInput } from '../../shared/chain/input.ts';
import type { StationApi } from '../../shared/api/station-api.ts';
import { buildTransfer } from '../../shared/contracts/transfer.ts';
import { COIN_DECIMALS } from '../../shared/base/amount.ts';
import { SourceAccount } from '../forms/source-account.svelte.ts';
import { clearExpiresNote, expiresInProblem, expiresNoteArgs, noteProblem, reasonOf } from '../forms/field-rules.ts';
import type { Provenance } from '../../shared/api/provenance-schema.ts';

export type SendField = 'from' | 'to' | 'amount' | 'permission' | 'expiresIn' | 'note';

export interface BuildOutcome {
  txId: string;
  basis: string;
  warnings: string[];
  /** Whose word the reference block is, and the permission the weights count against (docs/decisions.md §16). */
  block: Provenance;
  permission: Provenance;
}

export class SendState {
  readonly source: SourceAccount;
  to = $state('');
  amount = $state('');
  expiresIn = $state('');
  note = $state('');
  /** The station's default expiration (settings), shown when Expires in is left empty. */
  defaultExpiration = $state('');
  /** A build was asked for: problems of empty fields are shown too. */
  submitted = $state(false);
  busy = $state(false);
  error = $state.raw<ErrorData | null>(null);
  last = $state.raw<BuildOutcome | null>(null);
  readonly #client: ApiClient<StationApi>;

  constructor(client: ApiClient<StationApi>, live: LiveState) {
    this.#client = client;
    this.source = new SourceAccount(client, live, 'TransferContract');
  }

  /** The amount in sun, or null while it does not read. */
  readonly sun: bigint | null = $derived.by(() => {
    const r = readAmount(this.amount, COIN_DECIMALS);
    return r.ok && r.units > 0n ? r.units : null;
  });

  /** "1.5 TRX = 1,500,000 sun", or null. */
  readonly amountWords: string | null = $derived(this.sun === null ? null : sunInWords(this.sun));

  readonly problems: Record<SendField, string | null> = $derived.by(() => {
    const amount = readAmount(this.amount, COIN_DECIMALS);
    let to: string | null = null;
    let toAddress: Uint8Array | null = null;
    try {
      toAddress = addressTextInput(this.to, 'To');
    } catch (e) {
      to = this.to.trim() === '' ? 'enter the recipient' : reasonOf(e, 'To');
    }
    const owner = this.source.owner;
    if (owner !== null && toAddress !== null) {
      // The builder's own rule and message (the node's): "Cannot transfer TRX to yourself."
      try {
        buildTransfer({ owner, to: toAddress, amount: 1n });
      } catch (e) {
        to = reasonOf(e, 'To');
      }
    }
    return {
      from: this.source.fromProblem,
      to,
      amount: !amount.ok ? amount.reason : amount.units === 0n ? 'must be more than 0' : null,
      permission: this.source.permissionProblem,
      expiresIn: expiresInProblem(this.expiresIn),
      note: noteProblem(this.note),
    };
  });

  readonly ready: boolean = $derived(Object.values(this.problems).every((p) => p === null));

  async load(): Promise<void> {
    const [settings] = await Promise.all([this.#client.settings(), this.source.loadSuggestions()]);
    if (settings.ok) this.defaultExpiration = settings.value.expiration;
  }

  /**
   * Builds the transfer. Returns what the station answered (txID, basis, warnings), or null when
   * a field has a problem or the station refused (then `error` holds its answer).
   */
  async build(): Promise<BuildOutcome | null> {
    this.submitted = true;
    const sun = this.sun;
    const permissionId = this.source.permissionId;
    if (!this.ready || sun === null || permissionId === null || this.busy) return null;
    this.busy = true;
    try {
      const answer = await this.#client.buildTransfer({
        from: this.source.from.trim(),
        to: this.to.trim(),
        amount: sun.toString(),
        permissionId,
        ...expiresNoteArgs(this),
      });
      if (!answer.ok) {
        this.error = answer.error;
        return null;
      }
      this.error = null;
      this.last = {
        txId: answer.value.txId,
        basis: answer.value.basis,
        warnings: answer.value.warnings,
        block: answer.value.block,
        permission: answer.value.transaction.provenance.permission,
      };
      // A new transfer starts empty, so a second click cannot send the same one again by accident,
      // and the next draft takes the station's default expiration, not this one's.
      this.to = '';
      this.amount = '';
      clearExpiresNote(this);
      this.submitted = false;
      return this.last;
    } finally {
      this.busy = false;
    }
  }
}
