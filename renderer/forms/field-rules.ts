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
import { MAX_EXPIRATION_MS, MAX_NOTE_LENGTH } from '../../shared/base/limits.ts';
import { DURATION_RE, UNIT_MS } from '../../shared/base/duration.ts';

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

/** The build options every form has: Permission, Expires in, Note. */
export interface BuildOptionsText {
  permission: string;
  expiresIn: string;
  note: string;
}

export function optionsProblems(o: BuildOptionsText): FieldErrors {
  const errors: FieldErrors = {};
  const p = o.permission.trim();
  if (!/^[0-9]{1,10}$/.test(p) || Number(p) > 2 ** 31 - 1) errors.permission = 'a permission id: 0 for owner, 2 and up for an active';
  else if (p === '1') errors.permission = 'permission 1 is the executive permission, which never signs a transaction';
  const e = o.expiresIn.trim();
  if (e !== '') {
    const life = durationMs(e);
    if (life === null) errors.expiresIn = 'a duration such as 12h, 90m or 30s';
    else if (life <= 0 || life > MAX_EXPIRATION_MS) errors.expiresIn = 'longer than 0 and at most 24h (the node refuses a longer expiration)';
  }
  if (o.note.length > MAX_NOTE_LENGTH) errors.note = 'at most 2,000 characters';
  else if (looksLikePrivateKey(o.note)) errors.note = KEY_WARNING;
  return errors;
}

/** A typed duration in ms by shared/base/duration.ts's pattern and units, or null when it does not read. */
function durationMs(text: string): number | null {
  const m = DURATION_RE.exec(text);
  if (!m) return null;
  return Number(m[0].slice(0, m[0].length - (m[1]?.length ?? 0))) * UNIT_MS[(m[1] ?? 'ms') as keyof typeof UNIT_MS];
}

/** The options as the API takes them (an empty Expires in leaves the station's default). */
export function optionsArgs(o: BuildOptionsText): { permissionId: number; expiresIn?: string; note?: string } {
  return {
    permissionId: Number(o.permission.trim()),
    ...(o.expiresIn.trim() !== '' && { expiresIn: o.expiresIn.trim() }),
    ...(o.note !== '' && { note: o.note }),
  };
}
