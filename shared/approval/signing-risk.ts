/**
 * The signer's named override (docs/decisions.md §17, clear signing): a transaction whose screen cannot say in
 * words what it does (a call to no known function, an unknown contract type) is refused for signing
 * unless the signer accepts that risk by its name: `--accept-risk unknown-function` on the CLI's
 * `sign`, `acceptRisk: ['unknown-function']` on the API, a checkbox naming the risk on the sign
 * panel. The station writes each accepted risk to its audit log with the signature.
 *
 * Invariant: only the risks listed in OVERRIDABLE_RISKS can be accepted, and only by name: an
 * override of one risk never lets another through, and an unknown name is refused (not ignored),
 * so a typo cannot sign anything.
 */
import { fail } from '../base/errors.ts';
import { kindOf, rejectField } from '../chain/input.ts';
import type { SigningWarning } from '../contracts/fields.ts';

/** The risks a signer may accept by name. */
export const OVERRIDABLE_RISKS = ['unknown-function', 'unknown-contract-type'] as const;
export type OverridableRisk = (typeof OVERRIDABLE_RISKS)[number];

function isOverridable(value: unknown): value is OverridableRisk {
  return (OVERRIDABLE_RISKS as readonly unknown[]).includes(value);
}

/** The accepted risks of a sign request: absent, one name, or a list of names; anything else is refused. */
export function acceptedRisksInput(value: unknown, field = 'acceptRisk'): OverridableRisk[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.length > OVERRIDABLE_RISKS.length) rejectField(field, `at most ${OVERRIDABLE_RISKS.length} risks`);
  return list.map((r, i) => {
    if (typeof r !== 'string') rejectField(field, `expected a risk's name, got ${kindOf(r)}`);
    if (!isOverridable(r)) rejectField(Array.isArray(value) ? `${field}[${i}]` : field, `the risks that can be accepted are ${OVERRIDABLE_RISKS.join(', ')}`);
    return r;
  });
}

/**
 * Refuses signing while a warning that needs an override has not been accepted by name; returns the
 * accepted risks that were needed (what the audit log records).
 */
export function enforceSigningRisks(warnings: readonly SigningWarning[], accepted: readonly OverridableRisk[]): OverridableRisk[] {
  const needed = [...new Set(warnings.filter((w) => w.needsOverride).map((w) => w.risk))];
  const missing = needed.filter((r) => !(accepted as readonly string[]).includes(r));
  if (missing.length > 0) {
    const why = warnings.filter((w) => w.needsOverride && missing.includes(w.risk)).map((w) => w.text);
    fail('SIGNING_RISK', `not signed: ${why.join('; ')}. To sign it anyway, accept the risk by name: ${missing.join(', ')} (it is written to the audit log)`, {
      field: 'acceptRisk',
      risks: missing,
    });
  }
  return needed.filter(isOverridable);
}
