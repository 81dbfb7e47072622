/**
 * The station API's table for one feature. The builders (station/builders/,
 * station/contracts/trc20-builds.ts, station/permissions/permissions.ts): every transaction the
 * station makes, each answering the build's view. Merged with the other features' tables in
 * shared/api/station-api.ts, which refuses a method declared by two.
 */
import * as v from 'valibot';
import { defineApi, textFile } from '../api-contract.ts';
import { txIdText } from '../station-view-schemas.ts';
import { MAX_ACCOUNT_NAME_BYTES, MAX_VOTES, TX_STATUSES } from '../../base/limits.ts';
import {
  apiAddressArg,
  apiAmountArg,
  sunArg,
  resourceArg,
  apiTokenIdArg,
  buildOptions,
  trc20Build,
  contractJsonArg,
  BUILD_RESULT,
  built,
} from '../station-parts.ts';

export const BUILD_API = defineApi({
  buildTransfer: { args: v.strictObject({ from: apiAddressArg, to: apiAddressArg, amount: apiAmountArg, ...buildOptions }), result: BUILD_RESULT },
  buildTransferAsset: {
    args: v.strictObject({ from: apiAddressArg, to: apiAddressArg, token: apiTokenIdArg, amount: apiAmountArg, ...buildOptions }),
    result: BUILD_RESULT,
  },
  buildParticipate: {
    args: v.strictObject({ from: apiAddressArg, to: apiAddressArg, token: apiTokenIdArg, amount: apiAmountArg, ...buildOptions }),
    result: BUILD_RESULT,
  },
  buildAssetIssue: { args: v.strictObject({ json: contractJsonArg, ...buildOptions }), result: BUILD_RESULT },
  /** TRC-20 builds (station/contracts/trc20-builds.ts): amount in whole tokens, or smallest units with `units: 'smallest'`. */
  buildTrc20Transfer: { args: v.strictObject({ from: apiAddressArg, to: apiAddressArg, ...trc20Build }), result: BUILD_RESULT },
  buildTrc20Approve: { args: v.strictObject({ from: apiAddressArg, spender: apiAddressArg, ...trc20Build }), result: BUILD_RESULT },
  // docs/decisions.md §17 (station/builders/staking.ts): sun as decimal text, any int64, so the node's own rules answer.
  buildFreeze: built({ from: apiAddressArg, amount: sunArg, resource: resourceArg }),
  buildUnfreeze: built({ from: apiAddressArg, amount: sunArg, resource: resourceArg }),
  buildDelegate: built({
    from: apiAddressArg,
    to: apiAddressArg,
    amount: sunArg,
    resource: resourceArg,
    lock: v.optional(v.boolean()),
    lockPeriod: v.optional(sunArg),
  }),
  buildUndelegate: built({ from: apiAddressArg, to: apiAddressArg, amount: sunArg, resource: resourceArg }),
  buildWithdrawUnfrozen: built({ from: apiAddressArg }),
  buildCancelUnfreeze: built({ from: apiAddressArg }),
  buildVote: built({
    from: apiAddressArg,
    votes: v.pipe(v.array(v.strictObject({ executive: apiAddressArg, count: sunArg })), v.maxLength(MAX_VOTES, `at most ${MAX_VOTES} votes`)),
  }),
  buildWithdrawRewards: built({ from: apiAddressArg }),
  buildAccountName: built({ from: apiAddressArg, name: v.pipe(v.string(), v.maxLength(4 * MAX_ACCOUNT_NAME_BYTES, 'a name of at most 200 bytes')) }),
  /** `acceptRisk` names the one risk the lockout guard lets a person accept (shared/approval/lockout.ts). */
  buildPermissionUpdate: {
    args: v.strictObject({
      json: contractJsonArg,
      acceptRisk: v.optional(v.picklist(['owner-unseen-keys'])),
      /** The producing node holds the new block key the update gives the executive permission (spec §4.10). */
      executiveKeyHeld: v.optional(v.boolean()),
      ...buildOptions,
    }),
    result: BUILD_RESULT,
  },
  /**
   * A CSV of `to,amount,token,note` rows from one account (shared/files/batch-csv.ts); a per-row result.
   * `firstRow` numbers the rows when the CSV is a chunk of a larger file (the header stays row 1).
   */
  buildBatch: {
    args: v.strictObject({
      // shared/files/batch-csv.ts MAX_CSV_BYTES, written out: importing it would put the builders in the preload.
      csv: textFile(8 * 1024 * 1024),
      from: apiAddressArg,
      sign: v.optional(v.boolean()),
      firstRow: v.optional(
        v.pipe(v.number(), v.integer('a whole number'), v.minValue(2, '2 or more (row 1 is the header)'), v.maxValue(2 ** 31 - 1, 'at most 2^31-1')),
      ),
      ...buildOptions,
    }),
    result: v.strictObject({
      count: v.number(),
      signed: v.number(),
      basis: v.string(),
      warnings: v.array(v.string()),
      rows: v.array(v.strictObject({ row: v.number(), txId: txIdText, status: v.picklist(TX_STATUSES) })),
    }),
  },
});
