/**
 * The signer's view of a stored transaction (docs/decisions.md §18 "the signer's screen"): what the builder saw,
 * recomputed on THIS station from the transaction's bytes, so a second signer who was handed only a
 * file does not sign blind.
 *
 * - A permission update: the station's own `checkPermissionUpdate` (shared/approval/permission-check.ts,
 *   the function `permissionCheck` answers the builder with): the diff against the permissions this
 *   station holds for the account, with labels and the provenance of that copy (observed or claimed,
 *   records.ts provenanceOf), the fee under the permission that signs, and the lockout verdict
 *   against the keys THIS station has seen sign (station/core/signers-seen.ts, the one place
 *   that decides it).
 * - A token issue: its price, sale window, frozen schedule and limits (token-issue-words.ts).
 * - Every transaction: the next step in words.
 *
 * Invariants: nothing here is taken from a file's claim about the contract, only from the signed
 * bytes and this station's own store; no rule of the check is re-implemented; labels in the words
 * are escaped (shared/base/escape.ts).
 */
import { fromBinary } from '@bufbuild/protobuf';
import { AccountSchema, type Permission } from '../../shared/gen/protocol/core_pb.ts';
import type { AccountPermissionUpdateContract, AssetIssueContract } from '../../shared/gen/protocol/contract_pb.ts';
import type { Address } from '../../shared/chain/address.ts';
import { accountPermissionsFromAccount, cannotCountWords, type AccountPermissions } from '../../shared/approval/authorization.ts';
import { checkPermissionUpdate } from '../../shared/approval/permission-check.ts';
import { defaultOwnerPermission } from '../../shared/contracts/permission/rules.ts';
import { escapeText } from '../../shared/base/escape.ts';
import { groupDigits } from '../../shared/base/amount.ts';
import type { decodeRawShowingUnknown } from '../../shared/chain/transaction.ts';
import type { SignerPermissionUpdateView, SignerView } from '../../shared/api/signer-view-schema.ts';
import type { TransactionRecord } from '../store/transactions.ts';
import { signersSeen } from './signers-seen.ts';
import type { StationContext } from './context.ts';
import { provenanceOf } from './records.ts';
import { tokenIssueWords } from './token-issue-words.ts';
import type { ChainFateView } from './chain-report.ts';
import type { ApprovalNumbers } from './views.ts';
import type { TxStatus } from '../../shared/base/limits.ts';

/** What the next step depends on: the shown status, what the chain said, and the approval's numbers. */
export interface NextStepInput {
  status: TxStatus;
  chain: ChainFateView | null;
  numbers: ApprovalNumbers;
  /** The node's answer when the stored permission can count no signature of this transaction (cannot run it, is missing or of the wrong type), with what it names; else null. */
  refusal?: { answer: string; permissionId: number; contractTitle: string } | null;
}

/** A key in the words: its label (escaped), else its address. */
type NameOf = (address: string) => string;

/** The next step in words, for every transaction and every status. */
export function nextStep(t: NextStepInput, nameOf: NameOf): string {
  const { status, chain, numbers: n } = t;
  if (chain !== null) {
    const who = chain.observed ? '' : ` (as file ${escapeText(chain.claimedBy ?? 'unknown')} claims)`;
    return chain.result === 'SUCCESS'
      ? `confirmed in block ${groupDigits(String(chain.block))}${who}: nothing more to do`
      : `failed in block ${groupDigits(String(chain.block))}${who}: ${chain.reason ?? chain.result}; build it again if it is still wanted`;
  }
  if (status === 'confirmed') return 'confirmed: nothing more to do';
  if (status === 'broadcast') return 'broadcast: wait for the node to put it in a block';
  if (status === 'failed') return "failed: read the node's answer, then build it again if it is still wanted";
  if (status === 'expired') return 'expired: re-issue it and collect the signatures again';
  if (n.threshold === null && t.refusal) {
    const { answer, permissionId, contractTitle } = t.refusal;
    const why = cannotCountWords(answer, permissionId, contractTitle) ?? escapeText(answer);
    return `no signature can make it valid (${why}): discard it and build it again under a permission that allows it`;
  }
  if (n.threshold === null) return "this station does not know the account's permissions: import a snapshot or fetch the account to count the signatures";
  if (n.missing === null || n.missing === '0') return 'ready: run the dry run, then broadcast';
  if (!n.canComplete) {
    return `cannot be completed: the keys that have not signed carry less than the ${n.missing} more weight it needs; re-issue it under a permission that can`;
  }
  const names = n.couldSign.map((k) => `${nameOf(k.address)}${k.local ? ' (this station)' : ''}`).join(', ');
  const local = n.couldSign.some((k) => k.local);
  const remote = n.couldSign.some((k) => !k.local);
  const todo = local && remote ? 'sign here, or export the file for the others' : local ? 'sign here' : 'export the file for them';
  return `needs ${n.missing} more of: ${names}; ${todo}`;
}

/** The account's permissions as this station holds them, and where that copy came from. */
function heldPermissions(ctx: StationContext, account: Address, now: number) {
  const r = ctx.store.getAccount(account);
  if (!r) return { current: { address: account, actives: [] } as AccountPermissions, isExecutive: false, against: provenanceOf(null, null, now) };
  const message = fromBinary(AccountSchema, r.account);
  const current = accountPermissionsFromAccount(message);
  return { current, isExecutive: message.isExecutive || current.executive !== undefined, against: provenanceOf(r.source, r.fetchedAt, now) };
}

/**
 * The permission update checked here: against the permissions held for its account; the fee under
 * the permission the signers count against (stored with the transaction), else the held one of its
 * Permission_id, else the owner (the default one when none is held).
 */
function permissionUpdateView(
  ctx: StationContext,
  c: AccountPermissionUpdateContract,
  permissionId: number,
  stored: Permission | null,
  now: number,
): SignerPermissionUpdateView {
  const held = heldPermissions(ctx, c.ownerAddress, now);
  const owner = held.current.owner ?? defaultOwnerPermission(c.ownerAddress);
  const signing = stored ?? (permissionId === 0 ? owner : (held.current.actives.find((p) => p.id === permissionId) ?? owner));
  const { local, seen } = signersSeen(ctx.store);
  const check = checkPermissionUpdate(c, {
    account: c.ownerAddress,
    current: held.current,
    isExecutive: held.isExecutive,
    signing,
    knownSigners: seen,
    localKeys: local,
  });
  const labels = ctx.labels();
  const addresses = new Set(
    check.diff.permissions.flatMap((p) => [...p.keysAdded, ...p.keysRemoved, ...p.weightsChanged, ...p.keysKept].map((k) => k.address)),
  );
  return {
    check,
    against: held.against,
    labels: [...addresses].flatMap((address) => {
      const label = address.startsWith('T') ? labels.labelOf(address) : null;
      return label === null ? [] : [{ address, label }];
    }),
  };
}

/** The signer's view of `record`, whose bytes decoded to `decoded`; `next` is what the next step depends on. */
export function signerView(
  ctx: StationContext,
  record: TransactionRecord,
  decoded: ReturnType<typeof decodeRawShowingUnknown>,
  stored: Permission | null,
  next: NextStepInput,
  now: number,
  accountRead: string | null = null,
): SignerView {
  const labels = ctx.labels();
  const nameOf: NameOf = (address) => {
    const label = labels.labelOf(address);
    return label === null || label === '' ? address : escapeText(label);
  };
  return {
    nextStep: nextStep(next, nameOf),
    accountRead,
    permissionUpdate:
      decoded.contractType === 'AccountPermissionUpdateContract'
        ? permissionUpdateView(ctx, decoded.contract as AccountPermissionUpdateContract, record.permissionId, stored, now)
        : null,
    tokenIssue: decoded.contractType === 'AssetIssueContract' ? tokenIssueWords(decoded.contract as AssetIssueContract, now) : null,
  };
}
