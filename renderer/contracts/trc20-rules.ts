/**
 * The TRC-20 form's rules as you type (docs/decisions.md §17 "TRC-20 builders ... with checks as you type"), as
 * plain functions of the text in each field: addresses read by shared/chain/address.ts, the amount
 * by shared/contracts/abi-amount.ts with the token's decimals (whole tokens only when the station
 * knows them), the fee limit in TRX up to the node's maximum. The station checks everything again
 * when it builds: nothing here is trusted, it only tells a person early. `From` and `Permission`
 * are the shared build-form fields (renderer/forms/source-account.svelte.ts), with their own rules;
 * `Expires in` and `Note` take the one rule of every build form (renderer/forms/field-rules.ts).
 *
 * Invariant: no message quotes what was typed (a private key pasted by mistake is never echoed).
 */
import { readAmount } from '../../shared/base/amount.ts';
import { readTokenUnits } from '../../shared/contracts/abi-amount.ts';
import { MAX_FEE_LIMIT_SUN } from '../../shared/base/limits.ts';
import { addressFieldProblem, expiresNoteProblems, type ExpiresNoteText } from '../forms/field-rules.ts';

/** What is typed; Expires in and Note (empty: the station's default; no note) as every build form types them. */
export interface Trc20Text extends ExpiresNoteText {
  kind: 'transfer' | 'approve';
  to: string;
  token: string;
  amount: string;
  feeLimit: string;
}

type Trc20FieldErrors = Record<string, string>;

/** The form's messages, and the amount in smallest units when it reads. `decimals`: the token's, or null when not known. */
export function trc20Problems(t: Trc20Text, decimals: number | null): { errors: Trc20FieldErrors; units: bigint | null } {
  const errors: Trc20FieldErrors = {};
  for (const f of ['to', 'token'] as const) {
    const p = addressFieldProblem(t[f]);
    if (p !== null) errors[f] = p;
  }
  let units: bigint | null = null;
  if (decimals === null) errors.amount = "the token's decimals are not known: list the contract while the node answers";
  else {
    const r = readTokenUnits(t.amount, decimals, { allowUnlimited: t.kind === 'approve' });
    if (!r.ok) errors.amount = r.reason;
    else if (r.units === 0n) errors.amount = 'must be more than 0';
    else units = r.units;
  }
  if (t.feeLimit.trim() !== '') {
    const f = readAmount(t.feeLimit, 6);
    if (!f.ok) errors.feeLimit = f.reason;
    else if (f.units === 0n || f.units > MAX_FEE_LIMIT_SUN) errors.feeLimit = 'from 0.000001 to 15,000 TRX';
  }
  return { errors: { ...errors, ...expiresNoteProblems(t) }, units };
}
