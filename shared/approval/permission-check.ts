/**
 * The station's answer about a proposed permission update (docs/decisions.md §10; the `permissionCheck` API
 * method and the guard in `buildPermissionUpdate`): every broken rule (shared/contracts/permission/rules.ts, with
 * the editor's field paths of permission-draft.ts), the diff against the current permissions
 * (permission-diff.ts), the fee (permission-fee.ts) and the lockout verdict (lockout.ts), put
 * together once so the station services and the renderer's fake station answer alike.
 *
 * `enforceLockout` is the guard itself: `refused` always throws LOCKOUT; `needs-override` throws
 * LOCKOUT unless the caller passed the named risk (`owner-unseen-keys`). The station calls it
 * before anything is built or stored.
 */
import type { AccountPermissionUpdateContract } from '../gen/protocol/contract_pb.ts';
import type { Permission } from '../gen/protocol/core_pb.ts';
import type { Address } from '../chain/address.ts';
import { fail } from '../base/errors.ts';
import { lockoutCheck, OWNER_UNSEEN_KEYS, type LockoutReport } from './lockout.ts';
import { defaultOwnerPermission, permissionUpdateIssues } from '../contracts/permission/rules.ts';
import { diffPermission, diffPermissionSets, type PermissionSet, type PermissionsDiff } from '../contracts/permission/diff.ts';
import { draftField, type DraftIssue } from '../contracts/permission/draft.ts';
import { permissionUpdateFee, type PermissionUpdateFee } from './permission-fee.ts';

/** The risks `buildPermissionUpdate` takes in `acceptRisk` (one today). */
export const ACCEPTABLE_RISKS = [OWNER_UNSEEN_KEYS] as const;
export type AcceptableRisk = (typeof ACCEPTABLE_RISKS)[number];

export interface PermissionCheckContext {
  account: Address;
  /** The account's permissions now; a missing owner is the default one the node uses. */
  current: PermissionSet;
  isExecutive: boolean;
  /** The permission that will sign the update (owner, or an active allowed to update permissions). */
  signing: Permission;
  knownSigners: ReadonlyArray<Address | string>;
  localKeys: ReadonlyArray<Address | string>;
  availableContractTypes?: Uint8Array;
}

export interface PermissionCheckView {
  /** True when the node would accept the contract. */
  valid: boolean;
  /** Every broken rule, at the editor's field paths (`actives.1.keys.0.weight`). */
  issues: DraftIssue[];
  diff: PermissionsDiff;
  fee: PermissionUpdateFee;
  /** Null while the contract breaks a rule (it cannot be built anyway). */
  lockout: LockoutReport | null;
  /** In words: the verdict and the fee. */
  text: string;
}

export function checkPermissionUpdate(contract: AccountPermissionUpdateContract, ctx: PermissionCheckContext): PermissionCheckView {
  const issues = permissionUpdateIssues(contract, {
    isExecutive: ctx.isExecutive,
    ...(ctx.availableContractTypes && { availableContractTypes: ctx.availableContractTypes }),
  }).map((i) => ({ field: draftField(i.field), message: i.message }));
  const current = { ...ctx.current, owner: ctx.current.owner ?? defaultOwnerPermission(ctx.account) };
  const next: PermissionSet = {
    ...(contract.owner && { owner: contract.owner }),
    ...(contract.executive && { executive: contract.executive }),
    actives: contract.actives,
  };
  const diff = diffPermissionSets(current, next);
  const fee = permissionUpdateFee(ctx.signing);
  const lockout = issues.length === 0 ? lockoutCheck(next, { knownSigners: ctx.knownSigners, localKeys: ctx.localKeys }) : null;
  const verdict =
    lockout === null
      ? `The update breaks ${issues.length} rule${issues.length === 1 ? '' : 's'} of the node.`
      : lockout.verdict === 'ok'
        ? 'The lockout guard passes it.'
        : lockout.verdict === 'refused'
          ? 'The lockout guard refuses it.'
          : `The lockout guard needs the risk "${OWNER_UNSEEN_KEYS}" accepted.`;
  const text = [verdict, ...(lockout?.reasons ?? []), `Fee: ${fee.text}.`].join(' ');
  return { valid: issues.length === 0, issues, diff, fee, lockout, text };
}

/**
 * The keys an update gives the executive permission that it does not hold now (`current`: the
 * account's permissions as the station has them). A block producer's blocks are signed by that key
 * (spec §4.10 "Block producer node configuration"), so its node must hold a new one before the
 * update is in a block, or the chain it produces for stops (docs/decisions.md §18: the local chain halted at
 * block 441).
 */
export function executiveKeysAdded(contract: AccountPermissionUpdateContract, current: PermissionSet | null): string[] {
  if (!contract.executive) return [];
  return diffPermission('executive', 1, current?.executive, contract.executive).keysAdded.map((k) => k.address);
}

/**
 * The station's rule for a new block key: an update adding executive keys is built only when the
 * caller says the producing node holds them (`executiveKeyHeld: true`); otherwise LOCKOUT naming
 * the keys and the node configuration to set. The editor's warning asks the same question first.
 */
export function enforceExecutiveKeyHeld(added: readonly string[], held: boolean | undefined): void {
  if (added.length === 0 || held === true) return;
  fail(
    'LOCKOUT',
    `The update makes ${added.join(', ')} the key that signs this account's blocks: the producing node must hold it first (its localexecutive setting, with localExecutiveAccountAddress), or the chain stops. Set it, then build again saying the key is held. Nothing was built.`,
    { field: 'executive', verdict: 'executive-key', keys: [...added] },
  );
}

/**
 * The guard: throws LOCKOUT (details: verdict, risk) when the lockout report refuses, or needs an
 * override and `acceptRisk` does not name its risk. `acceptRisk` other than a known risk is refused
 * as input, never ignored.
 */
export function enforceLockout(lockout: LockoutReport, acceptRisk: unknown): void {
  if (acceptRisk !== undefined && !(ACCEPTABLE_RISKS as readonly unknown[]).includes(acceptRisk)) {
    fail('INVALID_INPUT', `accept-risk: the only risk that can be accepted is "${OWNER_UNSEEN_KEYS}"`, { field: 'accept-risk' });
  }
  if (lockout.verdict === 'refused') {
    fail('LOCKOUT', `The lockout guard refuses this update: ${lockout.reasons.join(' ')} Nothing was built.`, { field: 'owner', verdict: 'refused' });
  }
  if (lockout.verdict === 'needs-override' && acceptRisk !== lockout.risk) {
    fail('LOCKOUT', `The lockout guard needs the risk "${OWNER_UNSEEN_KEYS}" accepted: ${lockout.reasons.join(' ')} Nothing was built.`, {
      field: 'accept-risk',
      verdict: 'needs-override',
      risk: lockout.risk,
    });
  }
}
