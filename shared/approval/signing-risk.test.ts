// The signer's named override (signing-risk.ts): a warning that needs an override refuses signing
// until that risk is accepted by name; accepting another risk does not help; an unknown risk name is
// refused; what was needed and accepted is returned for the audit log.
import { describe, expect, it } from 'vitest';
import { AirlockError } from '../base/errors.ts';
import { acceptedRisksInput, enforceSigningRisks } from './signing-risk.ts';

const UNKNOWN = { risk: 'unknown-function', text: 'Not decoded: the selector 0xdeadbeef is not known', needsOverride: true };
const UNLISTED = { risk: 'unlisted-contract', text: 'not in the list', needsOverride: false };

function refusal(f: () => unknown): AirlockError {
  try {
    f();
  } catch (e) {
    if (e instanceof AirlockError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('signing risks', () => {
  it('a call to no known function is refused without the override, naming the risk', () => {
    const e = refusal(() => enforceSigningRisks([UNLISTED, UNKNOWN], []));
    expect(e.code).toBe('SIGNING_RISK');
    expect(e.message).toContain('selector 0xdeadbeef');
    expect(e.message).toContain('accept the risk by name: unknown-function');
    expect(e.details).toEqual({ field: 'acceptRisk', risks: ['unknown-function'] });
  });
  it('accepted by name it passes, and the accepted risk is returned for the audit log', () => {
    expect(enforceSigningRisks([UNLISTED, UNKNOWN], ['unknown-function'])).toEqual(['unknown-function']);
  });
  it('accepting another risk does not let this one through', () => {
    expect(refusal(() => enforceSigningRisks([UNKNOWN], ['unknown-contract-type'])).code).toBe('SIGNING_RISK');
  });
  it('warnings that need no override never block, and nothing is audited for them', () => {
    expect(enforceSigningRisks([UNLISTED], [])).toEqual([]);
    expect(enforceSigningRisks([UNLISTED], ['unknown-function'])).toEqual([]);
  });
  it('an unknown risk name is refused, not ignored', () => {
    expect(refusal(() => acceptedRisksInput('unknown-functions')).message).toContain(
      'the risks that can be accepted are unknown-function, unknown-contract-type',
    );
    expect(refusal(() => acceptedRisksInput(['unknown-function', 7])).code).toBe('INVALID_INPUT');
    expect(acceptedRisksInput('unknown-function')).toEqual(['unknown-function']);
    expect(acceptedRisksInput(undefined)).toEqual([]);
  });
});
