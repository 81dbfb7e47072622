/**
 * Replies shaped for the node's HTTP API (PROTOCOL.md §4.1-4.3): /wallet/getsignweight and
 * /wallet/getapprovedlist as the reference node writes them, around the results of
 * shared/approval/authorization.ts. They belong to the devnet, not to shared/: the station shows the
 * JSON-safe views of shared/views/view.ts instead (docs/decisions.md §6 part 3).
 *
 * Invariant: the embedded transaction is written from the kept bytes, never re-encoded, and a
 * contract Airlock cannot show still gets txID, raw_data_hex and its signatures.
 */
import { create, fromBinary } from '@bufbuild/protobuf';
import { Transaction_rawSchema } from '../shared/gen/protocol/core_pb.ts';
import {
  TransactionApprovedList_Result_response_codeSchema,
  TransactionApprovedListSchema,
  TransactionSignWeight_Result_response_codeSchema,
  TransactionSignWeightSchema,
} from '../shared/gen/protocol/api_pb.ts';
import { bytesToHex } from '../shared/base/bytes.ts';
import { messageToNodeJson } from '../shared/chain/node-json.ts';
import { rawToNodeJson, transactionToNodeJson, txIdOf, type SignedTransaction } from '../shared/chain/transaction.ts';
import type { ApprovedListResult, SignWeightResult } from '../shared/approval/authorization.ts';

/**
 * The embedded TransactionExtention: {result: {result: true}, txid, transaction}. The transaction
 * prints as the node's transaction JSON without `visible`; when its contract cannot be shown, the
 * readable `raw_data` is left out (txID, raw_data_hex and signatures are always there).
 */
function extentionJson(tx: SignedTransaction, visible: boolean): Record<string, unknown> {
  const txId = txIdOf(tx.rawBytes);
  let transaction: Record<string, unknown>;
  try {
    const { visible: _visible, ...rest } = transactionToNodeJson(tx, { visible });
    transaction = rest as unknown as Record<string, unknown>;
  } catch {
    transaction = {};
    try {
      transaction.raw_data = rawToNodeJson(fromBinary(Transaction_rawSchema, tx.rawBytes), visible);
    } catch {
      // Not printable as the node's JSON: leave raw_data out.
    }
    transaction.raw_data_hex = bytesToHex(tx.rawBytes);
    transaction.txID = bytesToHex(txId);
    if (tx.signatures.length > 0) transaction.signature = tx.signatures.map(bytesToHex);
  }
  return { result: { result: true }, txid: bytesToHex(txId), transaction };
}

function enumNumber(schema: { values: readonly { name: string; number: number }[] }, name: string): number {
  const v = schema.values.find((x) => x.name === name);
  if (!v) throw new RangeError(`unknown result code ${name}`);
  return v.number;
}

/** /wallet/getsignweight's reply: permission, approved_list, current_weight, result, transaction. */
export function signWeightToNodeJson(result: SignWeightResult, tx: SignedTransaction, options: { visible?: boolean } = {}): Record<string, unknown> {
  const visible = options.visible ?? false;
  const message = create(TransactionSignWeightSchema, {
    permission: result.permission,
    approvedList: result.approvedList ?? [],
    currentWeight: result.currentWeight ?? 0n,
    result: {
      code: enumNumber(TransactionSignWeight_Result_response_codeSchema, result.result.code),
      message: result.result.message ?? '',
    },
  });
  return { ...messageToNodeJson(TransactionSignWeightSchema, message, { visible }), transaction: extentionJson(tx, visible) };
}

/** /wallet/getapprovedlist's reply: approved_list, result, transaction. */
export function approvedListToNodeJson(result: ApprovedListResult, tx: SignedTransaction, options: { visible?: boolean } = {}): Record<string, unknown> {
  const visible = options.visible ?? false;
  const message = create(TransactionApprovedListSchema, {
    approvedList: result.approvedList,
    result: {
      code: enumNumber(TransactionApprovedList_Result_response_codeSchema, result.result.code),
      message: result.result.message ?? '',
    },
  });
  return { ...messageToNodeJson(TransactionApprovedListSchema, message, { visible }), transaction: extentionJson(tx, visible) };
}
