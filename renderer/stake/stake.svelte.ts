/**
 * The Stake screen's state (docs/decisions.md §17 "Builders", UI forms): one form for what a treasury does
 * besides paying: stake, unstake, lend and take back a resource, withdraw what was unstaked, cancel
 * pending unstakes, vote, claim rewards and name the account. Amounts are typed in TRX and read
 * back in words with their sun (shared/base/amount.ts). Each field is checked as it is typed by
 * running the very builder the station runs (shared/contracts/staking.ts, voting.ts, account.ts:
 * the reference node's rules and words), and the message goes beside the field the rule names.
 * The permission picker offers only the permissions whose operations allow the chosen contract
 * (renderer/forms/source-account.svelte.ts).
 *
 * Invariant: the build call carries exactly the sun the words show and the vote list as shown;
 * nothing is sent while any field has a problem; the station checks everything again.
 */
import type { ApiClient } from '../../shared/api/api-contract.ts';
import type { LiveState } from '../app/live.svelte.ts';
import type { StationApi } from '../../shared/api/station-api.ts';
import { COIN_DECIMALS, readAmount, sunInWords } from '../../shared/base/amount.ts';
import { AirlockError, type ErrorData } from '../../shared/base/errors.ts';
import { MAX_VOTES } from '../../shared/base/limits.ts';
import { addressTextInput } from '../../shared/chain/input.ts';
import type { SupportedContractName } from '../../shared/chain/contract-types.ts';
import {
  buildCancelAllUnfreezeV2,
  buildDelegateResource,
  buildFreezeBalanceV2,
  buildUnDelegateResource,
  buildUnfreezeBalanceV2,
  buildWithdrawExpireUnfreeze,
} from '../../shared/contracts/staking.ts';
import { buildVoteWitness, buildWithdrawBalance } from '../../shared/contracts/voting.ts';
import { buildAccountUpdate } from '../../shared/contracts/account.ts';
import { SourceAccount } from '../forms/source-account.svelte.ts';
import { clearExpiresNote, expiresInProblem, expiresNoteArgs, noteProblem, reasonOf } from '../forms/field-rules.ts';

export type StakeAction =
  'freeze' | 'unfreeze' | 'delegate' | 'undelegate' | 'withdraw-unfrozen' | 'cancel-unfreeze' | 'vote' | 'withdraw-rewards' | 'account-name';
export type StakeField = 'from' | 'permission' | 'amount' | 'resource' | 'to' | 'lockPeriod' | 'votes' | 'name' | 'expiresIn' | 'note';
export type Resource = 'BANDWIDTH' | 'ENERGY' | 'TRON_POWER';

/** Each action: its words, the contract it builds and the fields it takes (besides From, Permission, Expires in and Note). */
export const STAKE_ACTIONS: Readonly<Record<StakeAction, { label: string; contract: SupportedContractName; fields: readonly StakeField[] }>> = {
  freeze: { label: 'Stake TRX for a resource', contract: 'FreezeBalanceV2Contract', fields: ['amount', 'resource'] },
  unfreeze: { label: 'Unstake (withdrawable after the waiting period)', contract: 'UnfreezeBalanceV2Contract', fields: ['amount', 'resource'] },
  delegate: { label: "Lend a stake's resource", contract: 'DelegateResourceContract', fields: ['amount', 'resource', 'to', 'lockPeriod'] },
  undelegate: { label: 'Take back a resource lent', contract: 'UnDelegateResourceContract', fields: ['amount', 'resource', 'to'] },
  'withdraw-unfrozen': { label: 'Withdraw unstaked TRX', contract: 'WithdrawExpireUnfreezeContract', fields: [] },
  'cancel-unfreeze': { label: 'Cancel pending unstakes', contract: 'CancelAllUnfreezeV2Contract', fields: [] },
  vote: { label: 'Vote for executives', contract: 'VoteWitnessContract', fields: ['votes'] },
  'withdraw-rewards': { label: 'Claim rewards', contract: 'WithdrawBalanceContract', fields: [] },
  'account-name': { label: 'Name the account', contract: 'AccountUpdateContract', fields: ['name'] },
};

/** The form field a node rule names (its details.field: the contract's field). */
function formField(contractField: unknown): StakeField {
  const f = typeof contractField === 'string' ? contractField : '';
  if (f === 'owner_address') return 'from';
  if (f === 'receiver_address' || f === 'to') return 'to';
  if (f === 'lock_period' || f === 'lockPeriod') return 'lockPeriod';
  if (f === 'resource') return 'resource';
  if (f === 'account_name' || f === 'name') return 'name';
  if (f.startsWith('votes')) return 'votes';
  return 'amount';
}

export interface StakeOutcome {
  txId: string;
  basis: string;
  warnings: string[];
}

/** A well-formed address standing in for an owner not yet typed, so the other rules still answer. */
const STAND_IN = Uint8Array.of(0x41, ...new Uint8Array(20));

export class StakeState {
  readonly source: SourceAccount;
  action = $state<StakeAction>('freeze');
  amount = $state('');
  resource = $state<Resource>('ENERGY');
  to = $state('');
  lock = $state(false);
  lockPeriod = $state('');
  votes = $state<{ executive: string; count: string }[]>([{ executive: '', count: '' }]);
  name = $state('');
  expiresIn = $state('');
  note = $state('');
  submitted = $state(false);
  busy = $state(false);
  error = $state.raw<ErrorData | null>(null);
  last = $state.raw<StakeOutcome | null>(null);
  readonly #client: ApiClient<StationApi>;

  constructor(client: ApiClient<StationApi>, live: LiveState) {
    this.#client = client;
    this.source = new SourceAccount(client, live, STAKE_ACTIONS.freeze.contract);
  }

  /** Switches the action; the permission picker follows its contract. */
  choose(action: StakeAction): void {
    this.action = action;
    this.source.contract = STAKE_ACTIONS[action].contract;
    this.error = null;
  }

  readonly sun: bigint | null = $derived.by(() => {
    const r = readAmount(this.amount, COIN_DECIMALS);
    return r.ok ? r.units : null;
  });

  readonly amountWords: string | null = $derived(this.sun === null || this.sun === 0n ? null : sunInWords(this.sun));

  readonly problems: Record<StakeField, string | null> = $derived.by(() => {
    const out: Record<StakeField, string | null> = {
      from: this.source.fromProblem,
      permission: this.source.permissionProblem,
      amount: null,
      resource: null,
      to: null,
      lockPeriod: null,
      votes: null,
      name: null,
      expiresIn: expiresInProblem(this.expiresIn),
      note: noteProblem(this.note),
    };
    const fields = STAKE_ACTIONS[this.action].fields;
    const owner = this.source.owner ?? STAND_IN;
    // What the person typed, read first; a field that does not read yet gets its own words.
    let to: Uint8Array | null = null;
    if (fields.includes('amount')) {
      const r = readAmount(this.amount, COIN_DECIMALS);
      if (!r.ok) out.amount = r.reason;
    }
    if (fields.includes('to')) {
      try {
        to = addressTextInput(this.to, 'To');
      } catch (e) {
        out.to = this.to.trim() === '' ? 'enter the receiving account' : reasonOf(e, 'To');
      }
    }
    let lockPeriod = 0n;
    if (fields.includes('lockPeriod') && this.lock && this.lockPeriod.trim() !== '') {
      if (/^[0-9]{1,19}$/.test(this.lockPeriod.trim())) lockPeriod = BigInt(this.lockPeriod.trim());
      else out.lockPeriod = 'a whole number of blocks (3 seconds each), or empty for the default of 3 days';
    }
    const votes: { executive: Uint8Array; count: bigint }[] = [];
    if (fields.includes('votes')) {
      if (this.votes.length > MAX_VOTES) out.votes = `at most ${MAX_VOTES} executives in one vote`;
      this.votes.forEach((v, i) => {
        if (out.votes !== null) return;
        try {
          const executive = addressTextInput(v.executive, `Vote ${i + 1}`);
          if (!/^[0-9]{1,19}$/.test(v.count.trim())) out.votes = `Vote ${i + 1}: the count is a whole number of votes`;
          else votes.push({ executive, count: BigInt(v.count.trim()) });
        } catch (e) {
          out.votes = `Vote ${i + 1}: ${v.executive.trim() === '' ? "enter the executive's address" : reasonOf(e, `Vote ${i + 1}`)}`;
        }
      });
    }
    if (fields.some((f) => out[f] !== null)) return out;
    // Every field reads: the node's own rules, through the builder the station runs.
    try {
      this.contractOf(owner, to ?? STAND_IN, lockPeriod, votes);
    } catch (e) {
      if (!(e instanceof AirlockError)) throw e;
      const field = formField(e.details?.field);
      if (field !== 'from' || this.source.owner !== null) out[field] ??= reasonOf(e, field);
    }
    return out;
  });

  readonly ready: boolean = $derived(Object.values(this.problems).every((p) => p === null));

  /** The contract the form describes, built by the shared builder (which throws the node's refusal). */
  private contractOf(owner: Uint8Array, to: Uint8Array, lockPeriod: bigint, votes: { executive: Uint8Array; count: bigint }[]): unknown {
    const amount = this.sun ?? 0n;
    const resource = this.resource;
    switch (this.action) {
      case 'freeze':
        return buildFreezeBalanceV2({ owner, amount, resource });
      case 'unfreeze':
        return buildUnfreezeBalanceV2({ owner, amount, resource });
      case 'delegate':
        return buildDelegateResource({ owner, receiver: to, amount, resource, lock: this.lock, ...(this.lock && { lockPeriod }) });
      case 'undelegate':
        return buildUnDelegateResource({ owner, receiver: to, amount, resource });
      case 'withdraw-unfrozen':
        return buildWithdrawExpireUnfreeze({ owner });
      case 'cancel-unfreeze':
        return buildCancelAllUnfreezeV2({ owner });
      case 'vote':
        return buildVoteWitness({ owner, votes: votes.map((v) => ({ executive: v.executive, count: v.count })) });
      case 'withdraw-rewards':
        return buildWithdrawBalance({ owner });
      case 'account-name':
        return buildAccountUpdate({ owner, name: this.name });
    }
  }

  addVote(): void {
    if (this.votes.length < MAX_VOTES) this.votes.push({ executive: '', count: '' });
  }

  removeVote(i: number): void {
    this.votes.splice(i, 1);
    if (this.votes.length === 0) this.votes.push({ executive: '', count: '' });
  }

  async load(): Promise<void> {
    await this.source.loadSuggestions();
  }

  /** Asks the station to build; returns its answer, or null when a field has a problem or it refused (`error`). */
  async build(): Promise<StakeOutcome | null> {
    this.submitted = true;
    const permissionId = this.source.permissionId;
    if (!this.ready || permissionId === null || this.busy) return null;
    this.busy = true;
    try {
      const from = this.source.from.trim();
      const options = { permissionId, ...expiresNoteArgs(this) };
      const amount = (this.sun ?? 0n).toString();
      const c = this.#client;
      const answer = await (() => {
        switch (this.action) {
          case 'freeze':
            return c.buildFreeze({ from, amount, resource: this.resource, ...options });
          case 'unfreeze':
            return c.buildUnfreeze({ from, amount, resource: this.resource, ...options });
          case 'delegate':
            return c.buildDelegate({
              from,
              to: this.to.trim(),
              amount,
              resource: this.resource,
              ...(this.lock && { lock: true, ...(this.lockPeriod.trim() !== '' && { lockPeriod: this.lockPeriod.trim() }) }),
              ...options,
            });
          case 'undelegate':
            return c.buildUndelegate({ from, to: this.to.trim(), amount, resource: this.resource, ...options });
          case 'withdraw-unfrozen':
            return c.buildWithdrawUnfrozen({ from, ...options });
          case 'cancel-unfreeze':
            return c.buildCancelUnfreeze({ from, ...options });
          case 'vote':
            return c.buildVote({ from, votes: this.votes.map((v) => ({ executive: v.executive.trim(), count: v.count.trim() })), ...options });
          case 'withdraw-rewards':
            return c.buildWithdrawRewards({ from, ...options });
          case 'account-name':
            return c.buildAccountName({ from, name: this.name, ...options });
        }
      })();
      if (!answer.ok) {
        this.error = answer.error;
        return null;
      }
      this.error = null;
      this.last = { txId: answer.value.txId, basis: answer.value.basis, warnings: answer.value.warnings };
      // A new form starts empty, so a second click cannot build the same one again by accident:
      // every field of this build (the action, resource and From stay), and Expires in and Note.
      this.amount = '';
      this.to = '';
      this.lock = false;
      this.lockPeriod = '';
      this.votes = [{ executive: '', count: '' }];
      this.name = '';
      clearExpiresNote(this);
      this.submitted = false;
      return this.last;
    } finally {
      this.busy = false;
    }
  }
}
