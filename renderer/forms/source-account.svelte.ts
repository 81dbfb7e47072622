/**
 * The account a build form spends from (docs/decisions.md §9 "Send" and "Batch"): the `From` text, what it may
 * be (this station's keys and the accounts it knows, offered as suggestions; any address is
 * accepted), and the permissions of the account when the station has it stored, so `Permission` is
 * a choice of its permissions by id and name rather than a number to guess. The rules are the
 * station's own (shared/chain/input.ts addressTextInput, shared/chain/permission-id.ts); the
 * station checks them again.
 *
 * When the form builds one kind of contract (`contract`), only the permissions whose operations
 * allow it are offered (docs/decisions.md §17; shared/chain/operations.ts permissionAllows: the owner always),
 * and a number typed for another is refused with the station's own words.
 *
 * The permissions are the live state's (renderer/app/live.svelte.ts, docs/decisions.md §26): the account is
 * read again on every poll, so a permission update confirmed meanwhile shows without a reload.
 *
 * Invariant: the permissions shown are always those of the account From names now (an answer
 * about an account the person has since typed over is never shown).
 */
import type { ApiClient } from '../../shared/api/api-contract.ts';
import { addressToBase58, type Address } from '../../shared/chain/address.ts';
import { addressTextInput } from '../../shared/chain/input.ts';
import type { StationApi } from '../../shared/api/station-api.ts';
import { checkPermissionId } from '../../shared/chain/permission-id.ts';
import { checkPermissionAllows, permissionAllows, type PermissionGrant } from '../../shared/chain/operations.ts';
import { parseContractType, type SupportedContractName } from '../../shared/chain/contract-types.ts';
import { hexToBytes } from '../../shared/base/bytes.ts';
import { CONTRACT_WORDS } from '../../shared/contracts/describe.ts';
import type { AccountView } from '../../shared/api/station-api.ts';
import type { LiveState } from '../app/live.svelte.ts';
import { reasonOf } from './field-rules.ts';

/** A permission that may sign a transaction (owner or an active; never the executive). */
export interface PermissionChoice {
  id: number;
  name: string;
  type: string;
  /** The operations mask as 64 hex digits; null for the owner (which has none). */
  operations: string | null;
}

/** A choice of a picker: the permission with its label (`2 treasury (3 operations)`; the name arrives escaped). */
export interface LabelledChoice extends PermissionChoice {
  label: string;
}

/** The signing permissions of a stored account (owner and actives; never the executive), as the pickers offer them. */
export function signingChoices(account: AccountView): LabelledChoice[] {
  return account.permissions
    .filter((p) => p.slot !== 'executive')
    .map((p) => ({
      id: p.id,
      name: p.name,
      type: p.type,
      operations: p.operations?.hex ?? null,
      label: `${p.id} ${p.name}${p.slot === 'owner' ? '' : ` (${p.operations?.names.length ?? 0} operations)`}`,
    }));
}

/** The choices whose operations allow `contract` (the owner always): what a build form's picker lists. */
export function offeredFor<T extends PermissionChoice>(choices: readonly T[], contract: SupportedContractName): T[] {
  const typeId = parseContractType(contract);
  return choices.filter((p) => permissionAllows(grantOf(p), typeId));
}

/**
 * Why the permissions `offeredFor` leaves out are missing from the picker (docs/decisions.md §18: a person who
 * knows the account has an active permission must not wonder where it went), or null when every
 * permission is offered. Names arrive escaped in the station's views.
 */
export function notOfferedText(choices: readonly PermissionChoice[], contract: SupportedContractName): string | null {
  const offered = new Set(offeredFor(choices, contract).map((p) => p.id));
  const missing = choices.filter((p) => !offered.has(p.id));
  if (missing.length === 0) return null;
  const names = missing.map((p) => `${p.id} “${p.name}”`).join(', ');
  const they = missing.length === 1 ? 'its operations do' : 'their operations do';
  return `Not offered: ${names}: ${they} not include “${CONTRACT_WORDS[contract].title}”, so the chain would refuse it signed under ${missing.length === 1 ? 'it' : 'them'}.`;
}

/** A choice as the operations rule reads it (the view's type name back to its number). */
function grantOf(p: PermissionChoice): PermissionGrant {
  const type = p.type === 'Owner' ? 0 : p.type === 'Active' ? 2 : 1;
  return { type, id: p.id, permissionName: p.name, operations: p.operations === null ? new Uint8Array(0) : hexToBytes(p.operations) };
}

export interface Suggestion {
  address: string;
  /** As stored (a key label); escaped by the screen. */
  label: string;
}

export class SourceAccount {
  from = $state('');
  /** The permission id as typed or chosen: text, since the number input may hold anything. */
  permission = $state('0');
  suggestions = $state.raw<Suggestion[]>([]);
  /** The contract the form builds, when it builds one kind: permissions are offered for it only. */
  contract = $state<SupportedContractName | null>(null);
  readonly #client: ApiClient<StationApi>;
  readonly #live: LiveState;

  constructor(client: ApiClient<StationApi>, live: LiveState, contract?: SupportedContractName) {
    this.#client = client;
    this.#live = live;
    if (contract !== undefined) this.contract = contract;
  }

  /** The stored account's signing permissions, as the live state last read them; null when the station does not have it stored. */
  readonly permissions: PermissionChoice[] | null = $derived.by(() => {
    const owner = this.owner;
    const account = owner === null ? null : this.#live.accountOf(addressToBase58(owner));
    return account === null || account === undefined ? null : signingChoices(account);
  });

  /** The permissions offered for the contract: those whose operations allow it (all when no contract is set). */
  readonly offered: PermissionChoice[] | null = $derived.by(() => {
    const contract = this.contract;
    if (this.permissions === null || contract === null) return this.permissions;
    return offeredFor(this.permissions, contract);
  });

  /** Why some of the account's permissions are not offered for the contract; null when none is left out. */
  readonly notOffered: string | null = $derived.by(() => {
    const contract = this.contract;
    return this.permissions === null || contract === null ? null : notOfferedText(this.permissions, contract);
  });

  /** After the contract or the account changed: the choice moves to an offered permission (the owner first). */
  settleChoice(): void {
    const offered = this.offered;
    if (offered !== null && !offered.some((p) => String(p.id) === this.permission.trim())) this.permission = String(offered[0]?.id ?? 0);
  }

  /** The address From names, or null. */
  readonly owner: Address | null = $derived.by(() => {
    try {
      return addressTextInput(this.from, 'From');
    } catch {
      return null;
    }
  });

  readonly fromProblem: string | null = $derived.by(() => {
    try {
      addressTextInput(this.from, 'From');
      return null;
    } catch (e) {
      return this.from.trim() === '' ? 'enter the account to spend from' : reasonOf(e, 'From');
    }
  });

  readonly permissionId: number | null = $derived.by(() => {
    const t = this.permission.trim();
    if (!/^[0-9]{1,10}$/.test(t)) return null;
    try {
      return checkPermissionId(Number(t), 'Permission');
    } catch {
      return null;
    }
  });

  readonly permissionProblem: string | null = $derived.by(() => {
    const t = this.permission.trim();
    if (!/^[0-9]{1,10}$/.test(t)) return 'a whole number: 0 for owner, 2 and up for an active permission';
    try {
      checkPermissionId(Number(t), 'Permission');
    } catch (e) {
      return reasonOf(e, 'Permission');
    }
    const chosen = this.permissions?.find((p) => p.id === Number(t));
    if (this.permissions !== null && chosen === undefined) return 'this account has no such permission';
    if (chosen !== undefined && this.contract !== null) {
      try {
        checkPermissionAllows(grantOf(chosen), parseContractType(this.contract), 'Permission');
      } catch (e) {
        return reasonOf(e, 'Permission');
      }
    }
    return null;
  });

  /** This station's keys and the accounts it has transactions for, as suggestions for From. */
  async loadSuggestions(): Promise<void> {
    const [keys, list] = await Promise.all([this.#client.keysList(), this.#client.list({ limit: 1 })]);
    const out = new Map<string, Suggestion>();
    if (list.ok) for (const a of list.value.accounts) out.set(a, { address: a, label: 'account' });
    if (keys.ok) for (const k of keys.value.keys) out.set(k.address, { address: k.address, label: k.label === '' ? 'key of this station' : k.label });
    this.suggestions = [...out.values()];
  }

  /**
   * Has the live state follow the account From names, for its permissions (read now, and again on
   * every poll). Not stored (or not an address yet): the permission is a plain number.
   */
  async lookup(): Promise<void> {
    const owner = this.owner;
    if (owner === null) return;
    await this.#live.watch(addressToBase58(owner));
    this.settleChoice();
  }
}
