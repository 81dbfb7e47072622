/**
 * The Tokens screen's state (docs/decisions.md §10 "Tokens"): the tokens the station knows (`tokenShow`,
 * `tokenList`), and the three forms (transfer a token, issue one, take part in a sale) with what
 * was typed, the rules' messages as you type (token-rules.ts) and the last build's refusal. A build
 * goes to the station, which checks everything again; on success the screen opens the new
 * transaction.
 *
 * A token lookup answered for an id the person has already changed is dropped, so a slow answer
 * never puts another token's precision under the amount being typed.
 */
import type { ApiClient } from '../../shared/api/api-contract.ts';
import { isTokenIdText } from '../../shared/chain/ids.ts';
import type { ErrorData } from '../../shared/base/errors.ts';
import type { StationApi } from '../../shared/api/station-api.ts';
import type { TokenApiView } from '../../shared/api/token-view-schema.ts';
import {
  issueJson,
  issueProblems,
  participateProblems,
  transferProblems,
  type CdedRowText,
  type IssueText,
  type ParticipateText,
  type TransferText,
} from './token-rules.ts';
import { clearExpiresNote, optionsArgs } from '../forms/field-rules.ts';

export type TokenSection = 'transfer' | 'issue' | 'participate';

const OPTIONS = { permission: '0', expiresIn: '', note: '' };

/** The issue form as it opens (From and Permission as given): empty but for precision 0. */
function emptyIssue(from: string, permission: string): IssueText {
  return {
    from,
    name: '',
    abbr: '',
    totalSupply: '',
    precision: '0',
    coinNum: '',
    num: '',
    start: '',
    end: '',
    cded: [],
    freeLimit: '',
    publicLimit: '',
    url: '',
    description: '',
    ...OPTIONS,
    permission,
  };
}

/** What the screen knows of one token id: the station's view, or why it has none. */
export type TokenLookup = { state: 'loading' } | { state: 'known'; token: TokenApiView } | { state: 'unknown'; error: ErrorData };

export class TokensState {
  /** By token id. */
  lookups = $state.raw<Record<string, TokenLookup>>({});
  stored = $state.raw<TokenApiView[]>([]);
  listError = $state.raw<ErrorData | null>(null);
  busy = $state<TokenSection | null>(null);
  /** The station's refusal of the last build of each form. */
  buildError = $state.raw<Record<TokenSection, ErrorData | null>>({ transfer: null, issue: null, participate: null });
  /** A form shows every message once its submit was tried, else only those of fields typed in. */
  tried = $state<Record<TokenSection, boolean>>({ transfer: false, issue: false, participate: false });

  transfer = $state<TransferText>({ from: '', to: '', tokenId: '', amount: '', ...OPTIONS });
  participate = $state<ParticipateText>({ from: '', tokenId: '', amount: '', ...OPTIONS });
  issue = $state<IssueText>(emptyIssue('', '0'));

  readonly #client: ApiClient<StationApi>;

  constructor(client: ApiClient<StationApi>) {
    this.#client = client;
  }

  /** The station's view of token `id`, when it has answered with one. */
  known(id: string): TokenApiView | null {
    const l = this.lookups[id.trim()];
    return l?.state === 'known' ? l.token : null;
  }

  async loadList(): Promise<void> {
    const answer = await this.#client.tokenList();
    if (answer.ok) {
      this.stored = answer.value.tokens;
      this.listError = null;
      const next = { ...this.lookups };
      for (const t of answer.value.tokens) next[t.id] = { state: 'known', token: t };
      this.lookups = next;
    } else this.listError = answer.error;
  }

  /** Asks the station for token `id` (read from the node when it has none stored, or when `fetch`). */
  async lookup(id: string, fetch = false): Promise<void> {
    const key = id.trim();
    if (!isTokenIdText(key)) return;
    if (!fetch && this.lookups[key]?.state === 'known') return;
    this.lookups = { ...this.lookups, [key]: { state: 'loading' } };
    const answer = await this.#client.tokenShow({ id: key, ...(fetch && { fetch: true }) });
    this.lookups = { ...this.lookups, [key]: answer.ok ? { state: 'known', token: answer.value } : { state: 'unknown', error: answer.error } };
    if (answer.ok && !this.stored.some((t) => t.id === key)) this.stored = [...this.stored, answer.value];
  }

  addCdedRow(): void {
    this.issue.cded = [...this.issue.cded, { amount: '', days: '' } satisfies CdedRowText];
  }

  removeCdedRow(i: number): void {
    this.issue.cded = this.issue.cded.filter((_, j) => j !== i);
  }

  /** Builds the token transfer; the new txID, or null (the messages say why). */
  async buildTransfer(): Promise<string | null> {
    this.tried.transfer = true;
    const t = this.transfer;
    const token = this.known(t.tokenId);
    const { errors, units } = transferProblems(t, token);
    if (Object.keys(errors).length > 0 || units === null) return null;
    return this.#built('transfer', () =>
      this.#client.buildTransferAsset({ from: t.from.trim(), to: t.to.trim(), token: t.tokenId.trim(), amount: units.toString(), ...optionsArgs(t) }),
    );
  }

  async buildParticipate(now: number): Promise<string | null> {
    this.tried.participate = true;
    const t = this.participate;
    const token = this.known(t.tokenId);
    const { errors, sun } = participateProblems(t, token, now);
    if (Object.keys(errors).length > 0 || sun === null || token === null) return null;
    return this.#built('participate', () =>
      this.#client.buildParticipate({ from: t.from.trim(), to: token.owner, token: t.tokenId.trim(), amount: sun.toString(), ...optionsArgs(t) }),
    );
  }

  async buildIssue(now: number): Promise<string | null> {
    this.tried.issue = true;
    const { contract } = issueProblems(this.issue, now);
    if (contract === null) return null;
    return this.#built('issue', () => this.#client.buildAssetIssue({ json: issueJson(contract), ...optionsArgs(this.issue) }));
  }

  async #built(section: TokenSection, call: () => ReturnType<ApiClient<StationApi>['buildTransferAsset']>): Promise<string | null> {
    this.busy = section;
    const answer = await call();
    this.busy = null;
    this.buildError = { ...this.buildError, [section]: answer.ok ? null : answer.error };
    if (!answer.ok) return null;
    this.#clear(section);
    return answer.value.txId;
  }

  /**
   * After a build the station answered with a transaction, its form starts again: the fields of
   * that one build (recipient, amount, the issue's terms) and Expires in and Note are emptied, so
   * nothing of it rides along into the next draft; From, Permission and the token chosen stay.
   */
  #clear(section: TokenSection): void {
    if (section === 'transfer') {
      this.transfer.to = '';
      this.transfer.amount = '';
      clearExpiresNote(this.transfer);
    } else if (section === 'participate') {
      this.participate.amount = '';
      clearExpiresNote(this.participate);
    } else Object.assign(this.issue, emptyIssue(this.issue.from, this.issue.permission));
    this.tried = { ...this.tried, [section]: false };
  }
}
