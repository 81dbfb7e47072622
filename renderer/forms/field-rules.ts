/**
 * The general field rules of every form (docs/decisions.md §27 "one form system"): which messages show, the
 * private-key guard, the one address rule, and the build options every build form has (Permission,
 * Expires in, Note) read as you type and turned into the API's arguments. Plain functions of the
 * text in each field, so the screens and their tests share them; the station runs its own checks
 * again when it builds: nothing here is trusted, it only tells a person early.
 *
 * Invariant: no message quotes what was typed (a private key pasted by mistake is never echoed).
 */
import { parseAddress } from '../../shared/chain/address.ts';
import { holdsPrivateKeyText } from '../../shared/base/secrets.ts';
import { MAX_NOTE_LENGTH } from '../../shared/base/limits.ts';
import { parseDuration } from '../../shared/base/duration.ts';
import { AirlockError } from '../../shared/base/errors.ts';

export type FieldErrors = Record<string, string>;

/**
 * The messages a form shows: all of them once its submit was tried, else those of fields typed in
 * (a field keyed `cded.<i>.amount` is the i-th cded row's amount; a key naming no text field, such
 * as `cded` or `form`, always shows).
 */
export function visibleErrors(all: FieldErrors, tried: boolean, typed: object): FieldErrors {
  if (tried) return all;
  const text = typed as Record<string, unknown> & { cded?: Record<string, string>[] };
  const typedIn = (field: string): boolean => {
    const m = /^cded\.([0-9]+)\.(amount|days)$/.exec(field);
    const value = m ? text.cded?.[Number(m[1])]?.[m[2]!] : text[field];
    return typeof value !== 'string' || value !== '';
  };
  return Object.fromEntries(Object.entries(all).filter(([f]) => typedIn(f)));
}

/**
 * The message a field of Send, Stake or Batch shows: its rule's `problem` once the field holds
 * something other than spaces, or once a build was asked for; before that, none.
 */
export function problemShown(value: string, submitted: boolean, problem: string | null): string | null {
  return value.trim() !== '' || submitted ? problem : null;
}

/** True when `text` holds 64 hex digits in a row: the form of a private key (shared/base/secrets.ts). */
export function looksLikePrivateKey(text: string): boolean {
  return holdsPrivateKeyText(text);
}

export const KEY_WARNING = 'this looks like a private key: never put a key in a transaction';

/**
 * The one address rule of every field where an address is typed (the build forms, the address book,
 * Accounts, TRC-20), with one wording: the problem, or null when `text` is an address.
 */
export function addressFieldProblem(text: string): string | null {
  const t = text.trim();
  if (t === '') return 'enter an address';
  if (looksLikePrivateKey(t)) return 'this looks like a private key, not an address; an address is Base58 (T…) or 42 hex digits starting 41';
  try {
    parseAddress(t);
    return null;
  } catch {
    return 'not an address: Base58 (T…, 34 characters) or 42 hex digits starting 41';
  }
}

/** The reason of a coded error without the `field: ` it starts with, for a message beside that field. */
export function reasonOf(e: unknown, field: string): string {
  if (!(e instanceof AirlockError)) throw e;
  return e.message.startsWith(`${field}: `) ? e.message.slice(field.length + 2) : e.message;
}

/** The one rule of an `Expires in` field (empty: the station's default), by shared/base/duration.ts, the station's own reader. */
export function expiresInProblem(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    parseDuration(text, 'Expires in');
    return null;
  } catch (e) {
    return reasonOf(e, 'Expires in');
  }
}

/** The one rule of a `Note` field: kept on this station and in handoff files, so bounded and never a private key. */
export function noteProblem(text: string): string | null {
  if (text.length > MAX_NOTE_LENGTH) return `at most ${MAX_NOTE_LENGTH.toLocaleString('en')} characters`;
  if (looksLikePrivateKey(text)) return KEY_WARNING;
  return null;
}

/** Expires in and Note as every build form types them (forms/ExpiresNoteFields.svelte shows both). */
export interface ExpiresNoteText {
  expiresIn: string;
  note: string;
}

/** The problems of Expires in and Note, keyed by field (`expiresIn`, `note`). */
export function expiresNoteProblems(o: ExpiresNoteText): FieldErrors {
  const errors: FieldErrors = {};
  const expires = expiresInProblem(o.expiresIn);
  if (expires !== null) errors.expiresIn = expires;
  const note = noteProblem(o.note);
  if (note !== null) errors.note = note;
  return errors;
}

/** Expires in and Note as the API takes them: an empty Expires in leaves the station's default, an empty Note none. */
export function expiresNoteArgs(o: ExpiresNoteText): { expiresIn?: string; note?: string } {
  return {
    ...(o.expiresIn.trim() !== '' && { expiresIn: o.expiresIn.trim() }),
    ...(o.note !== '' && { note: o.note }),
  };
}

/**
 * After a build the station answered with a transaction: Expires in and Note start empty, so the
 * next draft takes the station's default and no note of the last one (docs/decisions.md §27: Send kept a
 * 20-second Expires in, the Contracts form carried a transfer's note onto an approval).
 */
export function clearExpiresNote(o: ExpiresNoteText): void {
  o.expiresIn = '';
  o.note = '';
}

/** The build options every form has: Permission, Expires in, Note. */
export interface BuildOptionsText extends ExpiresNoteText {
  permission: string;
}

export function optionsProblems(o: BuildOptionsText): FieldErrors {
  const errors: FieldErrors = {};
  const p = o.permission.trim();
  if (!/^[0-9]{1,10}$/.test(p) || Number(p) > 2 ** 31 - 1) errors.permission = 'a permission id: 0 for owner, 2 and up for an active';
  else if (p === '1') errors.permission = 'permission 1 is the executive permission, which never signs a transaction';
  return { ...errors, ...expiresNoteProblems(o) };
}

/** The options as the API takes them (an empty Expires in leaves the station's default). */
export function optionsArgs(o: BuildOptionsText): { permissionId: number; expiresIn?: string; note?: string } {
  return { permissionId: Number(o.permission.trim()), ...expiresNoteArgs(o) };
}
