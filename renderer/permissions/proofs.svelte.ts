/**
 * Proofs of possession (docs/decisions.md §10; formats in shared/files/proof.ts): the keys proved to this station,
 * the challenge file chosen for signing (read here first, so the person sees in words what the key
 * will prove before anything is signed), and the last outcome or refusal. The station reads and
 * checks every file again; what is read here is only for showing.
 *
 * `provedKeys(proofs, account, permissionHash)` is what the permission editor (h4) uses to mark the
 * new keys that have proved themselves for exactly the permissions being proposed.
 */
import type { ApiClient } from '../../shared/api/api-contract.ts';
import { AirlockError, type ErrorData } from '../../shared/base/errors.ts';
import { describeChallenge, parseChallenge, permissionHashOf, permissionUpdateFromJson, type ProofChallenge } from '../../shared/files/proof.ts';
import { parseJson } from '../../shared/base/json.ts';
import type { StationApi } from '../../shared/api/station-api.ts';
import type { ProvedKey } from '../../shared/api/station-parts.ts';
import type { Clock } from '../app/clock.svelte.ts';

/** The keys (Base58) proved for `account` and exactly the permissions with `permissionHash`. */
export function provedKeys(proofs: readonly ProvedKey[], account: string, permissionHash: string): string[] {
  return [...new Set(proofs.filter((p) => p.account === account && p.permissionHash === permissionHash).map((p) => p.key))];
}

/** The permission hash of proposed permissions as the node's AccountPermissionUpdateContract JSON text, or null when they do not read. */
export function proposedPermissionHash(permissionJson: string): string | null {
  try {
    return permissionHashOf(permissionUpdateFromJson(parseJson(permissionJson, 'permissionJson')));
  } catch {
    return null;
  }
}

function errorData(e: unknown): ErrorData {
  return e instanceof AirlockError ? e.toData() : { code: 'INTERNAL', message: 'the file could not be read' };
}

export interface SavedFile {
  fileName: string;
  text: string;
}

export class ProofsState {
  proofs = $state.raw<ProvedKey[]>([]);
  /** The challenge chosen for signing, read and described, until it is signed or set aside. */
  toSign = $state.raw<{ fileName: string; text: string; challenge: ProofChallenge; words: string[] } | null>(null);
  error = $state.raw<ErrorData | null>(null);
  /** Which action the error answers, so it is shown next to that action. */
  errorOf = $state<'challenge' | 'sign' | 'import' | 'list' | null>(null);
  notice = $state('');
  readonly #client: ApiClient<StationApi>;
  readonly #clock: Clock;

  constructor(client: ApiClient<StationApi>, clock: Clock) {
    this.#client = client;
    this.#clock = clock;
  }

  #fail(where: 'challenge' | 'sign' | 'import' | 'list', error: ErrorData): null {
    this.error = error;
    this.errorOf = where;
    this.notice = '';
    return null;
  }

  #ok(notice: string): void {
    this.error = null;
    this.errorOf = null;
    this.notice = notice;
  }

  async load(account?: string): Promise<void> {
    const answer = await this.#client.proofList(account === undefined ? {} : { account });
    if (answer.ok) this.proofs = answer.value.proofs;
    else this.#fail('list', answer.error);
  }

  provedKeys(account: string, permissionHash: string): string[] {
    return provedKeys(this.proofs, account, permissionHash);
  }

  /** Asks the station for a challenge file for `key`; the caller saves it. */
  async challenge(account: string, key: string, permissionJson: string): Promise<SavedFile | null> {
    const answer = await this.#client.proofChallenge({ account, key, permissionJson });
    if (!answer.ok) return this.#fail('challenge', answer.error);
    this.#ok(`Challenge made for ${answer.value.key}: carry ${answer.value.fileName} to the station that holds the key.`);
    return { fileName: answer.value.fileName, text: answer.value.text };
  }

  /** Reads a challenge file to show what signing it means; nothing is signed yet. */
  read(fileName: string, text: string): boolean {
    try {
      const challenge = parseChallenge(text, this.#clock.now);
      this.toSign = { fileName, text, challenge, words: describeChallenge(challenge) };
      this.#ok('');
      return true;
    } catch (e) {
      this.toSign = null;
      this.#fail('sign', errorData(e));
      return false;
    }
  }

  /** Signs the challenge that was read (the station checks it all again); the caller saves the proof. */
  async sign(): Promise<SavedFile | null> {
    const chosen = this.toSign;
    if (chosen === null) return null;
    const answer = await this.#client.proofSign({ text: chosen.text });
    if (!answer.ok) return this.#fail('sign', answer.error);
    this.toSign = null;
    this.#ok(`Signed with ${answer.value.key}: carry ${answer.value.fileName} back to the station that asked.`);
    return { fileName: answer.value.fileName, text: answer.value.text };
  }

  cancel(): void {
    this.toSign = null;
  }

  async importProof(fileName: string, text: string): Promise<boolean> {
    const answer = await this.#client.proofImport({ fileName, text });
    if (!answer.ok) return this.#fail('import', answer.error) ?? false;
    this.#ok(`${answer.value.key} proved it is held, for the permissions with hash ${answer.value.permissionHash.slice(0, 16)}….`);
    await this.load();
    return true;
  }
}
