/**
 * What became of a transaction, asked of the node by its txID (docs/decisions.md §18, "live status": broadcast by
 * anyone, so the txID is all the station needs). gettransactioninfobyid answers with the block,
 * fee and result once the transaction is in a block; before that it answers `{}`, and
 * gettransactionbyid says whether the node holds it at all (waiting for a block) or not.
 *
 * What this module reads is the node's word only: station/node/fate-proof.ts proves it from the block
 * (docs/decisions.md §24) before anything is recorded.
 *
 * Invariants: a transaction counts as in a block only when the node names a whole block number;
 * a transaction in a block that the node ran and marked failed (`result: FAILED`, a receipt result
 * other than SUCCESS) comes back failed with the node's reason in words, never as confirmed; the
 * node's text is cleaned of control characters and capped before it goes anywhere (node-client.ts
 * `clean`). A reply of the wrong shape is NODE_REPLY, as every other read of the node.
 */
import { hexToBytes, tryUtf8 } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { clean, type NodeClient } from './node-client.ts';

/** The node's answer about one txID. */
export type TransactionFate =
  /** `id`: the txID the answer names (lower-case hex), null when it names none; the caller compares it with the one asked. */
  | { kind: 'in block'; id: string | null; block: number; result: string; fee: string; reason: string | null }
  /** The node holds it but has not put it in a block yet. */
  | { kind: 'pending' }
  /** The node does not know it (never broadcast, refused, or dropped). */
  | { kind: 'unknown' };

/** A whole number the node sent as a JSON number (bigint when large) or decimal text. */
function wholeNumber(v: unknown, field: string, node: string): bigint | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'bigint' && v >= 0n) return v;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  if (typeof v === 'string' && /^[0-9]{1,19}$/.test(v)) return BigInt(v);
  fail('NODE_REPLY', `the node at ${node} sent a transaction's ${field} that is not a whole number`, { field, node });
}

/** The node's message, hex-encoded UTF-8 unless visible (PROTOCOL.md §7), as text. */
function messageText(v: unknown): string {
  if (typeof v !== 'string') return '';
  const decoded = /^([0-9a-fA-F]{2})+$/.test(v) ? tryUtf8(hexToBytes(v)) : undefined;
  return clean(decoded ?? v);
}

/** Reads gettransactioninfobyid's reply; undefined when it says nothing about a block (`{}`). */
export function fateFromInfo(info: Record<string, unknown>, node: string): Extract<TransactionFate, { kind: 'in block' }> | undefined {
  const block = wholeNumber(info.blockNumber, 'blockNumber', node);
  if (block === undefined) return undefined;
  if (block > BigInt(Number.MAX_SAFE_INTEGER))
    fail('NODE_REPLY', `the node at ${node} sent a block number beyond any chain's height`, { field: 'blockNumber', node });
  const fee = wholeNumber(info.fee, 'fee', node) ?? 0n;
  const id = typeof info.id === 'string' ? clean(info.id).toLowerCase().slice(0, 64) : null;
  const receipt = typeof info.receipt === 'object' && info.receipt !== null ? (info.receipt as Record<string, unknown>) : {};
  // java-tron: `result: "FAILED"` with `resMessage` for any failure; a contract's outcome in receipt.result.
  const receiptResult = typeof receipt.result === 'string' && receipt.result !== 'SUCCESS' && receipt.result !== 'DEFAULT' ? clean(receipt.result) : null;
  const failed = info.result === 'FAILED' || receiptResult !== null;
  if (!failed) return { kind: 'in block', id, block: Number(block), result: 'SUCCESS', fee: fee.toString(), reason: null };
  const code = receiptResult ?? 'FAILED';
  const message = messageText(info.resMessage);
  return {
    kind: 'in block',
    id,
    block: Number(block),
    result: code,
    fee: fee.toString(),
    reason: `The node put it in block ${block} and it failed there (${code})${message ? `: ${message}` : ''}. The fee was paid; nothing else changed on chain.`,
  };
}

/** Asks `node` what became of the transaction `txId` (64 hex digits): in a block, pending, or unknown. */
export async function lookUpTransaction(node: NodeClient, txId: string): Promise<TransactionFate> {
  const info = await node.post('/wallet/gettransactioninfobyid', { value: txId });
  const inBlock = fateFromInfo(info, node.baseUrl);
  if (inBlock) return inBlock;
  const held = await node.post('/wallet/gettransactionbyid', { value: txId });
  return Object.keys(held).length > 0 ? { kind: 'pending' } : { kind: 'unknown' };
}
