/**
 * The devnet's blocks as java-tron builds them (docs/decisions.md §24): the `ret` a block holds for each
 * transaction, its Merkle leaf over the bytes with signatures and ret (shared/chain/block.ts), the
 * solidified block (`/walletsolidity/*`; the executive list is devnet/staking/routes.ts's listwitnesses).
 *
 * Invariants:
 * - The `ret` a block's transaction root is computed over is the `ret` every block and transaction
 *   reply prints (one function, `blockResultsOf`), so a station recomputing the root from the
 *   node's JSON gets the header's root.
 * - The solidified head is never above the head and never below 0: head minus the chain's
 *   confirmation depth (0 by default: with one executive, java-tron's solidified block is its head,
 *   as 70 % of one executive's blocks is all of them).
 */
import { create } from '@bufbuild/protobuf';
import { transactionLeafOf } from '../shared/chain/block.ts';
import { Transaction_ResultSchema, type Transaction_Result } from '../shared/gen/protocol/core_pb.ts';
import { evmStoreOf } from './evm/evm-store.ts';
import type { DevnetStore, StoredTransaction } from './store.ts';

/** The contract result word a block records for `txId` (SUCCESS unless a contract call failed). */
export function blockResultWordOf(store: DevnetStore, txId: Uint8Array): string {
  return evmStoreOf(store).getResult(txId)?.result ?? 'SUCCESS';
}

/** The `ret` list a block holds for `txId`: one Result with its contract result, as java-tron writes it. */
export function blockResultsOf(store: DevnetStore, txId: Uint8Array): Transaction_Result[] {
  const word = blockResultWordOf(store, txId);
  const value = Transaction_ResultSchema.field.contractRet.enum!.values.find((v) => v.name === word);
  return [create(Transaction_ResultSchema, { contractRet: value?.number ?? 0 })];
}

/** The Merkle leaf of a stored transaction as its block holds it. */
export function blockLeafOf(store: DevnetStore, tx: StoredTransaction): Uint8Array {
  return transactionLeafOf(tx.rawBytes, tx.signatures, blockResultsOf(store, tx.txId));
}

/** The solidified block number for a head and a confirmation depth. */
export function solidBlockNumber(head: number, depth: number): number {
  return Math.max(0, head - depth);
}
