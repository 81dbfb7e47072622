/**
 * The permission editor's state (docs/decisions.md §10 "Permission editor", "Lockout guard"): the account as
 * the station stores it (accountShow, or accountFetch from the node), an editable draft of its
 * permissions (shared/contracts/permission/draft.ts), every rule checked as the person types (checkDraft, in
 * the renderer, so each message sits next to its field at once), and — whenever the draft passes —
 * the station's own answer (permissionCheck: the same rules again, the diff, the fee and the
 * lockout verdict, which needs the keys the station has seen sign). Build sends the draft's JSON
 * to buildPermissionUpdate, with the named risk only when the person ticked the override, under
 * the permission chosen (an active permission that allows AccountPermissionUpdateContract, so a
 * multi-signature treasury changes its own permissions, docs/decisions.md §17 "by clicking"), with Expires in
 * and Note as every build form.
 *
 * Invariant: the renderer never decides the guard. It only shows the station's verdict; the
 * station refuses a lockout in buildPermissionUpdate whatever the renderer sends.
 */
import type { ApiClient } from '../../shared/api/api-contract.ts';
import type { ErrorData } from '../../shared/base/errors.ts';
import type { StationApi } from '../../shared/api/station-api.ts';
import type { PermissionCheckResult } from '../../shared/api/permission-check-schemas.ts';
import {
  checkDraft,
  draftFromAccountView,
  newActiveDraft,
  type AccountDraft,
  type DraftCheck,
  type PermissionDraft,
} from '../../shared/contracts/permission/draft.ts';
import { MAX_ACTIVE_PERMISSIONS, MAX_KEYS_PER_PERMISSION } from '../../shared/base/limits.ts';
import { clearExpiresNote, expiresNoteArgs, expiresNoteProblems } from '../forms/field-rules.ts';

type AccountView = Extract<Awaited<ReturnType<ApiClient<StationApi>['accountShow']>>, { ok: true }>['value'];

export class PermissionsState {
  /** The account loaded; null before a load. */
  account = $state.raw<AccountView | null>(null);
  /** The draft being edited (deeply reactive, so inputs bind to its fields). */
  draft = $state<AccountDraft | null>(null);
  /** The station's answer for the current draft; null while the draft breaks a rule or before it answers. */
  analysis = $state.raw<PermissionCheckResult | null>(null);
  /** The person ticked the override that names the risk. */
  acceptRisk = $state(false);
  /**
   * docs/decisions.md §18 (spec §4.10): the person says the producing node already holds the executive
   * permission's new key. An update that changes that key halts block production otherwise, so it
   * is not built before this is ticked; it is cleared whenever the station answers again.
   */
  producerReady = $state(false);
  error = $state.raw<ErrorData | null>(null);
  busy = $state(false);
  /** Permission, Expires in and Note of the build (renderer/forms/BuildOptionsFields.svelte). */
  options = $state({ permission: '0', expiresIn: '', note: '' });
  readonly #client: ApiClient<StationApi>;
  /** Drops a station answer for a draft the person has already changed. */
  #asked = 0;
  #lastJson: string | null = null;
  #lastInputs: readonly unknown[] = [];

  constructor(client: ApiClient<StationApi>) {
    this.#client = client;
  }

  /** Every rule checked locally, as typed (once per change, however many fields read it). */
  check = $derived.by((): DraftCheck | null => {
    if (!this.draft || !this.account) return null;
    const isExecutive = this.account.permissions.some((p) => p.slot === 'executive');
    try {
      return checkDraft($state.snapshot(this.draft) as AccountDraft, { isExecutive });
    } catch (e) {
      // A draft past the editor's own limits (an account file with dozens of keys): said, not thrown.
      return { issues: [{ field: 'draft', message: e instanceof Error ? e.message : 'the draft cannot be read' }], contract: null, json: null };
    }
  });

  /** Loads the account as stored here (`fetch`: from the node first) and starts a draft from it. */
  async load(address: string, fetch = false): Promise<boolean> {
    const a = address.trim();
    this.busy = true;
    const answer = fetch ? await this.#client.accountFetch({ address: a }) : await this.#client.accountShow({ address: a });
    this.busy = false;
    if (!answer.ok) {
      this.error = answer.error;
      return false;
    }
    this.error = null;
    this.account = answer.value;
    this.draft = draftFromAccountView(answer.value);
    this.analysis = null;
    this.#lastJson = null;
    this.acceptRisk = false;
    return true;
  }

  /** Starts the draft over from the loaded permissions. */
  reset(): void {
    if (this.account) this.draft = draftFromAccountView(this.account);
    this.analysis = null;
    this.acceptRisk = false;
  }

  get canAddActive(): boolean {
    return (this.draft?.actives.length ?? MAX_ACTIVE_PERMISSIONS) < MAX_ACTIVE_PERMISSIONS;
  }

  addActive(): void {
    if (!this.draft || !this.canAddActive) return;
    this.draft.actives.push(newActiveDraft());
  }

  removeActive(index: number): void {
    this.draft?.actives.splice(index, 1);
  }

  canAddKey(p: PermissionDraft): boolean {
    return p.keys.length < MAX_KEYS_PER_PERMISSION;
  }

  addKey(p: PermissionDraft): void {
    if (this.canAddKey(p)) p.keys.push({ address: '', weight: '1' });
  }

  removeKey(p: PermissionDraft, index: number): void {
    p.keys.splice(index, 1);
  }

  toggleOperation(p: PermissionDraft, name: string, on: boolean): void {
    const has = p.operations.includes(name);
    if (on && !has) p.operations.push(name);
    if (!on && has) p.operations.splice(p.operations.indexOf(name), 1);
  }

  /** Ticks (`on`) or clears every one of `names` (a group's All / None, docs/decisions.md §26); the others stay as they are. */
  setGroup(p: PermissionDraft, names: readonly string[], on: boolean): void {
    for (const name of names) this.toggleOperation(p, name, on);
  }

  /** Replaces the whole list (a preset, docs/decisions.md §26), in the order given, each name once. */
  setOperations(p: PermissionDraft, names: readonly string[]): void {
    p.operations.splice(0, p.operations.length, ...new Set(names));
  }

  /**
   * Asks the station about the draft's JSON (diff, fee, verdict); a stale answer is dropped. The
   * verdict also rests on what the station holds besides the JSON (docs/decisions.md §18: it stayed at "needs
   * your override" after the proofs were imported, until a field was edited): `inputs` are those
   * facts as the screen has them (the proofs list, the account read), and a new one of any of them
   * asks again with the same JSON.
   */
  async analyse(json: string | null, inputs: readonly unknown[] = []): Promise<void> {
    const sameInputs = inputs.length === this.#lastInputs.length && inputs.every((x, i) => x === this.#lastInputs[i]);
    if (json === this.#lastJson && sameInputs && (json === null || this.analysis !== null)) return;
    this.#lastJson = json;
    this.#lastInputs = inputs;
    const asked = ++this.#asked;
    if (json === null) {
      this.analysis = null;
      return;
    }
    const answer = await this.#client.permissionCheck({ json });
    if (asked !== this.#asked) return;
    if (!answer.ok) {
      this.analysis = null;
      this.error = answer.error;
      return;
    }
    this.error = null;
    this.analysis = answer.value;
    if (answer.value.lockout?.verdict !== 'needs-override') this.acceptRisk = false;
    this.producerReady = false;
  }

  /** The executive permission's keys the update adds (a new block key, spec §4.10); empty when it adds none. */
  get newExecutiveKeys(): string[] {
    return this.analysis?.diff.permissions.filter((d) => d.slot === 'executive').flatMap((d) => d.keysAdded.map((k) => k.address)) ?? [];
  }

  /** Whether Build may be pressed: the draft passes, the station answered, the verdict allows it, and a new block key is confirmed held. */
  get canBuild(): boolean {
    const verdict = this.analysis?.lockout?.verdict;
    if (this.newExecutiveKeys.length > 0 && !this.producerReady) return false;
    if (Object.keys(this.optionErrors).length > 0) return false;
    return !this.busy && this.check?.json != null && this.analysis?.valid === true && (verdict === 'ok' || (verdict === 'needs-override' && this.acceptRisk));
  }

  /** The problems of Permission, Expires in and Note, by field. */
  get optionErrors(): Record<string, string> {
    const o = this.options;
    const errors: Record<string, string> = {};
    // The picker offers only permissions that allow the update (owner first); a typed number is read here.
    if (!/^[0-9]{1,10}$/.test(o.permission.trim()) || o.permission.trim() === '1') errors.permission = 'a permission id: 0 for owner, 2 and up for an active';
    return { ...errors, ...expiresNoteProblems(o) };
  }

  /** Builds the update; the txID on success. */
  async build(): Promise<string | null> {
    const json = this.check?.json;
    if (!json) return null;
    this.busy = true;
    const answer = await this.#client.buildPermissionUpdate({
      json,
      permissionId: Number(this.options.permission.trim()),
      ...expiresNoteArgs(this.options),
      ...(this.acceptRisk && { acceptRisk: 'owner-unseen-keys' as const }),
      ...(this.newExecutiveKeys.length > 0 && this.producerReady && { executiveKeyHeld: true as const }),
    });
    this.busy = false;
    if (!answer.ok) {
      this.error = answer.error;
      return null;
    }
    this.error = null;
    clearExpiresNote(this.options);
    return answer.value.txId;
  }
}
