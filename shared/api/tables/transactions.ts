/**
 * The station API's table for one feature. One transaction and the queue (station/transactions/):
 * status, sign, handoff files, re-issue, discard, the dry run and broadcast; the list, live status and
 * batch work. Merged with the other features' tables in shared/api/station-api.ts, which refuses a
 * method declared by two.
 */
import { OVERRIDABLE_RISKS } from '../../approval/signing-risk.ts';
import * as v from 'valibot';
import { BATCH_COST_VIEW, TRANSACTION_COST_VIEW } from '../cost-view-schemas.ts';
import { defineApi, textFile } from '../api-contract.ts';
import { txIdText } from '../station-view-schemas.ts';
import { MAX_LIST_LIMIT, MAX_QUEUE_BATCH, TX_STATUSES } from '../../base/limits.ts';
import { PROVENANCE_VIEW } from '../provenance-schema.ts';
import { EXPORTER_VIEW } from '../exporter-schemas.ts';
import {
  apiAddressArg,
  apiTxIdArg,
  durationArg,
  apiFileNameArg,
  STATION_TRANSACTION,
  QUEUE_ENTRY,
  FILE_OUT,
  COMPARISON_VIEW,
  SIGN_WEIGHT_VIEW,
} from '../station-parts.ts';

/** The rows of a batch (docs/decisions.md §18): 1 to MAX_QUEUE_BATCH txIDs; the station refuses one named twice. */
const queueTxIds = v.pipe(
  v.array(apiTxIdArg),
  v.minLength(1, 'choose at least one transaction'),
  v.maxLength(MAX_QUEUE_BATCH, `at most ${MAX_QUEUE_BATCH} transactions at once`),
);

export const TRANSACTIONS_API = defineApi({
  status: { args: v.strictObject({ txId: apiTxIdArg }), result: STATION_TRANSACTION },
  /** docs/decisions.md §25: what the transaction will cost the account, read from the node now (station/transactions/cost.ts). */
  transactionCost: { args: v.strictObject({ txId: apiTxIdArg }), result: TRANSACTION_COST_VIEW },
  /**
   * Signs with `key` (which must be a local key of the permission), or every such key when absent.
   * `acceptRisk` names the risks the signer accepts (shared/approval/signing-risk.ts), audited.
   */
  sign: {
    args: v.strictObject({ txId: apiTxIdArg, key: v.optional(apiAddressArg), acceptRisk: v.optional(v.array(v.picklist(OVERRIDABLE_RISKS))) }),
    result: v.strictObject({ txId: txIdText, signed: v.array(v.string()), status: v.picklist(TX_STATUSES), transaction: STATION_TRANSACTION }),
  },
  exportHandoff: {
    args: v.strictObject({ txId: apiTxIdArg }),
    result: v.strictObject({ ...FILE_OUT, txId: txIdText, signatures: v.number(), exporter: v.nullable(EXPORTER_VIEW) }),
  },
  /**
   * The desktop app's save dialog for a handoff file (docs/decisions.md §8): the handoff of `exportHandoff`
   * written where the person chooses; `saved: false` when they cancel. Behind the bridge there is no
   * dialog: NO_DIALOG, and the renderer saves `exportHandoff`'s text as a download.
   */
  saveHandoffFile: {
    args: v.strictObject({ txId: apiTxIdArg }),
    result: v.strictObject({ saved: v.boolean(), fileName: v.string(), txId: txIdText }),
  },
  /**
   * The desktop app's open dialog for handoff or transaction files: their names and text, for
   * `importFiles`; empty when the person cancels. Behind the bridge: NO_DIALOG, and the renderer
   * uses the browser's file input.
   */
  openHandoffFiles: {
    args: v.undefined(),
    result: v.strictObject({ files: v.array(v.strictObject({ name: v.string(), text: v.string() })) }),
  },
  /**
   * Imports and merges handoff or transaction files. A file that fails any check refuses the whole
   * call with a coded error (message: one sentence; details: what failed), and nothing is stored.
   */
  importFiles: {
    args: v.strictObject({
      files: v.pipe(
        v.array(v.strictObject({ name: apiFileNameArg, text: textFile() })),
        v.minLength(1, 'at least one file'),
        v.maxLength(20, 'at most 20 files'),
      ),
    }),
    result: v.strictObject({
      results: v.array(
        v.strictObject({
          file: v.string(),
          txId: txIdText,
          kind: v.picklist(['handoff', 'transaction']),
          added: v.array(v.string()),
          known: v.array(v.string()),
          newTransaction: v.boolean(),
          warnings: v.array(v.string()),
          exporter: v.nullable(EXPORTER_VIEW),
        }),
      ),
    }),
  },
  reissue: {
    args: v.strictObject({ txId: apiTxIdArg, expiresIn: v.optional(durationArg) }),
    result: v.strictObject({
      old: txIdText,
      txId: txIdText,
      transaction: STATION_TRANSACTION,
      basis: v.string(),
      /** The reference block's provenance, as a build's (docs/decisions.md §16). */
      block: PROVENANCE_VIEW,
      warnings: v.array(v.string()),
      text: v.string(),
    }),
  },
  /**
   * docs/decisions.md §18: discards a transaction that is not on chain and was never broadcast; it leaves the
   * queue with its signatures, and the audit log keeps what it was. Refused in words (CONFLICT)
   * for one broadcast, confirmed, or that the node holds or has in a block.
   */
  discard: {
    args: v.strictObject({ txId: apiTxIdArg }),
    result: v.strictObject({ txId: txIdText, kind: v.string(), signatures: v.number(), text: v.string() }),
  },
  /** The dry run before broadcast: permissions now against the signers' copy, and getsignweight. */
  preflight: {
    args: v.strictObject({ txId: apiTxIdArg }),
    result: v.strictObject({ comparison: COMPARISON_VIEW, signWeight: SIGN_WEIGHT_VIEW }),
  },
  broadcast: {
    args: v.strictObject({ txId: apiTxIdArg }),
    result: v.strictObject({
      txId: txIdText,
      accepted: v.boolean(),
      status: v.picklist(TX_STATUSES),
      text: v.string(),
      comparison: COMPARISON_VIEW,
      signWeight: SIGN_WEIGHT_VIEW,
    }),
  },

  list: {
    args: v.strictObject({
      status: v.optional(v.picklist(TX_STATUSES)),
      account: v.optional(apiAddressArg),
      offset: v.optional(v.pipe(v.number(), v.integer('a whole number'), v.minValue(0, '0 or more'))),
      limit: v.optional(v.pipe(v.number(), v.integer('a whole number'), v.minValue(1, '1 or more'), v.maxValue(MAX_LIST_LIMIT, `at most ${MAX_LIST_LIMIT}`))),
    }),
    result: v.strictObject({
      /** Entries matching the filter, before offset and limit. */
      total: v.number(),
      entries: v.array(QUEUE_ENTRY),
      /** Every account with a transaction, for the filter's choices. */
      accounts: v.array(v.string()),
    }),
  },
  /**
   * docs/decisions.md §18, live status: one pass asking the node what became of every open transaction (the
   * station also runs passes by itself); a pass under way is joined, never run twice at once.
   */
  transactionsRefreshStatus: {
    args: v.undefined(),
    result: v.strictObject({
      asked: v.number(),
      changes: v.array(v.strictObject({ txId: txIdText, status: v.picklist(TX_STATUSES), block: v.number(), text: v.string() })),
      waiting: v.number(),
      /** docs/decisions.md §24: reported in a block, not (yet) proven irreversible: "unverified: why" or "not yet irreversible". */
      unverified: v.array(v.strictObject({ txId: txIdText, block: v.number(), text: v.string() })),
      blocksRead: v.number(),
      text: v.string(),
    }),
  },
  /**
   * docs/decisions.md §18, batch work on the queue (station/transactions/queue-batch.ts): signs, exports or
   * broadcasts each chosen row with the single-row operation, so every rule applies per row; a
   * row's refusal is its result in words and the batch goes on. An export answers the files' text
   * (one per row, or one merged handoff file with `merged`); the renderer saves them.
   */
  queueBatch: {
    args: v.strictObject({
      action: v.picklist(['sign', 'export', 'broadcast']),
      txIds: queueTxIds,
      merged: v.optional(v.boolean()),
    }),
    result: v.strictObject({
      action: v.picklist(['sign', 'export', 'broadcast']),
      rows: v.array(
        v.strictObject({
          txId: txIdText,
          ok: v.boolean(),
          status: v.nullable(v.picklist(TX_STATUSES)),
          text: v.string(),
          code: v.nullable(v.string()),
          /** docs/decisions.md §26: a broadcast row's rows of this batch it waited for to be in a block. */
          waitsFor: v.array(txIdText),
        }),
      ),
      files: v.array(v.strictObject({ fileName: v.string(), text: v.string() })),
      done: v.number(),
      refused: v.number(),
      text: v.string(),
    }),
  },
  /** docs/decisions.md §18: the total per asset of the chosen rows, with thousands separators and the token's provenance. */
  /** docs/decisions.md §25: the chosen rows' fees and burns per paying account, and whether it can pay all of them. */
  batchCost: { args: v.strictObject({ txIds: queueTxIds }), result: BATCH_COST_VIEW },
  queueTotals: {
    args: v.strictObject({
      txIds: queueTxIds,
    }),
    result: v.strictObject({
      totals: v.array(
        v.strictObject({ asset: v.string(), amount: v.string(), provenance: v.picklist(['node', 'observed', 'claimed', 'unknown']), rows: v.number() }),
      ),
      /** docs/decisions.md §26: the TRX the rows stake ("5,000 TRX"), which a total of what is paid out leaves out; null when none. */
      staked: v.nullable(v.string()),
      text: v.string(),
    }),
  },
});
