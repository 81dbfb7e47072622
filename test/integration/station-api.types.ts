/**
 * Type tests of the station API's view schemas (shared/api/station-view-schemas.ts): run by
 * `npm run typecheck`. Each schema's output type and the shared view it carries must be mutually
 * assignable, so neither can drift from the other; the `@ts-expect-error` lines prove the check
 * itself notices a drift.
 */
import * as v from 'valibot';
import type { SupportedContractName, TransactionKind } from '../../shared/chain/contract-types.ts';
import type { SignWeightCode } from '../../shared/approval/authorization.ts';
import type { Dialect } from '../../shared/chain/dialect.ts';
import { NODE_DIALECTS } from '../../shared/api/station-parts.ts';
import type { AddressView, TextView, TimeView } from '../../shared/base/display.ts';
import type { TransferView } from '../../shared/contracts/transfer.ts';
import type { AssetIssueView } from '../../shared/contracts/token.ts';
import type {
  ApprovalView,
  ContractView,
  ParticipateTokenView,
  PermissionUpdateView,
  PermissionView,
  SignatureView,
  TransactionView,
  TransferAssetTokenView,
} from '../../shared/views/view.ts';
import {
  ADDRESS_VIEW,
  APPROVAL_VIEW,
  ASSET_ISSUE_VIEW,
  CONTRACT_NAMES,
  TRANSACTION_KINDS,
  CONTRACT_VIEW,
  PARTICIPATE_TOKEN_VIEW,
  PERMISSION_UPDATE_VIEW,
  PERMISSION_VIEW,
  SIGN_WEIGHT_CODES,
  SIGNATURE_VIEW,
  TEXT_VIEW,
  TIME_VIEW,
  TRANSACTION_VIEW,
  TRANSFER_ASSET_TOKEN_VIEW,
  TRANSFER_VIEW,
} from '../../shared/api/station-view-schemas.ts';
import type { PermissionCheckView } from '../../shared/approval/permission-check.ts';
import type { LockoutReport } from '../../shared/approval/lockout.ts';
import type { PermissionsDiff } from '../../shared/contracts/permission/diff.ts';
import type { PermissionUpdateFee } from '../../shared/approval/permission-fee.ts';
import { LOCKOUT_VIEW, PERMISSION_CHECK_VIEW, PERMISSION_UPDATE_FEE_VIEW, PERMISSIONS_DIFF_VIEW } from '../../shared/api/permission-check-schemas.ts';
import { TOKEN_VIEW } from '../../shared/api/token-view-schema.ts';
import { ACCOUNT_GLANCE_VIEW, TRANSACTION_COST_VIEW } from '../../shared/api/cost-view-schemas.ts';
import type { TransactionCostView } from '../../station/transactions/cost.ts';
import type { AccountGlance } from '../../station/accounts/glance-view.ts';
import type { TokenView } from '../../station/core/token-details.ts';

/** true only when A and B are assignable both ways. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Out<S extends v.GenericSchema> = v.InferOutput<S>;

export const sameAddress: Same<Out<typeof ADDRESS_VIEW>, AddressView> = true;
export const sameTime: Same<Out<typeof TIME_VIEW>, TimeView> = true;
export const sameText: Same<Out<typeof TEXT_VIEW>, TextView> = true;
export const samePermission: Same<Out<typeof PERMISSION_VIEW>, PermissionView> = true;
export const sameTransfer: Same<Out<typeof TRANSFER_VIEW>, TransferView> = true;
export const sameTransferAsset: Same<Out<typeof TRANSFER_ASSET_TOKEN_VIEW>, TransferAssetTokenView> = true;
export const sameParticipate: Same<Out<typeof PARTICIPATE_TOKEN_VIEW>, ParticipateTokenView> = true;
export const sameAssetIssue: Same<Out<typeof ASSET_ISSUE_VIEW>, AssetIssueView> = true;
export const samePermissionUpdate: Same<Out<typeof PERMISSION_UPDATE_VIEW>, PermissionUpdateView> = true;
export const sameContract: Same<Out<typeof CONTRACT_VIEW>, ContractView> = true;
export const sameSignature: Same<Out<typeof SIGNATURE_VIEW>, SignatureView> = true;
export const sameTransaction: Same<Out<typeof TRANSACTION_VIEW>, TransactionView> = true;
export const sameApproval: Same<Out<typeof APPROVAL_VIEW>, ApprovalView> = true;
export const sameContractNames: Same<(typeof CONTRACT_NAMES)[number], SupportedContractName> = true;
export const sameTransactionKinds: Same<(typeof TRANSACTION_KINDS)[number], TransactionKind> = true;
export const sameSignWeightCodes: Same<(typeof SIGN_WEIGHT_CODES)[number], SignWeightCode> = true;
export const sameDialects: Same<(typeof NODE_DIALECTS)[number], Dialect> = true;
export const sameLockout: Same<Out<typeof LOCKOUT_VIEW>, LockoutReport> = true;
export const samePermissionsDiff: Same<Out<typeof PERMISSIONS_DIFF_VIEW>, PermissionsDiff> = true;
export const samePermissionFee: Same<Out<typeof PERMISSION_UPDATE_FEE_VIEW>, PermissionUpdateFee> = true;
export const samePermissionCheck: Same<Out<typeof PERMISSION_CHECK_VIEW>, PermissionCheckView> = true;
export const sameToken: Same<Out<typeof TOKEN_VIEW>, TokenView> = true;
export const sameTransactionCost: Same<Out<typeof TRANSACTION_COST_VIEW>, TransactionCostView> = true;
export const sameAccountGlance: Same<Out<typeof ACCOUNT_GLANCE_VIEW>, AccountGlance> = true;

// The check notices a view with a field the schema lacks, and a field whose type differs.
// @ts-expect-error a missing field
export const driftMissing: Same<Out<typeof TRANSACTION_VIEW>, TransactionView & { extra: string }> = true;
// @ts-expect-error a nullable field the view does not allow null in
export const driftNullable: Same<Out<typeof APPROVAL_VIEW>, Omit<ApprovalView, 'threshold'> & { threshold: string }> = true;
