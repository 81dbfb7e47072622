/**
 * The proof of a transaction's fate a snapshot file carries (docs/decisions.md §24; format in docs/handoff.md):
 * the block header's bytes and producer signature, the signatures and `ret` the block holds for the
 * transaction, and its Merkle branch; and, beside the transactions, the executive set the exporter
 * read from its node (each executive with its block key) and the head block it was read at. An
 * offline station checks the fate itself (`checkFateProof`) against the transaction bytes it holds.
 *
 * Invariants: read strictly and bounded like every file member (hex of fixed lengths, at most
 * MAX_MERKLE_DEPTH siblings, MAX_BLOCK_SIGNATURES signatures, MAX_BLOCK_RESULTS results, MAX_EXECUTIVES
 * executives, no address twice); `checkFateProof` proves or says in words why not, and never trusts
 * the file's `block` or `result` beyond what the header and `ret` bytes say.
 */
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { bytesToHex, equalBytes, hexToBytes } from '../base/bytes.ts';
import { AirlockError, fail } from '../base/errors.ts';
import { MAX_BLOCK_RESULTS, MAX_BLOCK_SIGNATURES, MAX_BLOCK_TRANSACTIONS, MAX_EXECUTIVES, MAX_MERKLE_DEPTH } from '../base/limits.ts';
import { addressToBase58, addressToHex, parseAddress } from '../chain/address.ts';
import {
  blockHeaderFromBytes,
  headerSigner,
  resultWordOf,
  rootFromBranch,
  transactionLeafOf,
  type BlockHeaderProof,
  type MerkleBranch,
} from '../chain/block.ts';
import { txIdOf } from '../chain/transaction.ts';
import { Transaction_ResultSchema, type Transaction_Result } from '../gen/protocol/core_pb.ts';
import { boundedList, safeInteger, strictObject } from './envelope.ts';

/** One fate's proof as the file writes it (hex throughout). */
export interface SnapshotFateProof {
  /** BlockHeader.raw as java-tron encodes it. */
  header: string;
  /** The producer's signature over sha256(header), r‖s‖v. */
  signature: string;
  /** The signatures the block holds for the transaction. */
  signatures: string[];
  /** The `ret` entries the block holds for it, each a Transaction.Result message. */
  ret: string[];
  index: number;
  leaf_count: number;
  siblings: string[];
}

/** The executives the exporter knew, each with its block key (Base58), read at head block `block`. */
export interface SnapshotExecutives {
  block: number;
  list: { address: string; block_key: string }[];
}

const hexOf = (v: unknown, path: string, bytes?: number): string => {
  const pattern = bytes === undefined ? /^([0-9a-f]{2}){1,4096}$/ : new RegExp(`^[0-9a-f]{${bytes * 2}}$`);
  if (typeof v !== 'string' || !pattern.test(v))
    fail('BAD_JSON', `${path}: expected ${bytes === undefined ? 'lower-case hex' : `${bytes} bytes as lower-case hex`}`, { field: path });
  return v;
};

/** Reads a `proof` member strictly. */
export function readFateProof(v: unknown, path: string): SnapshotFateProof {
  const p = strictObject(v, path, ['header', 'signature', 'signatures', 'ret', 'index', 'leaf_count', 'siblings']);
  return {
    header: hexOf(p.header, `${path}.header`),
    signature: hexOf(p.signature, `${path}.signature`, 65),
    signatures: boundedList(p.signatures, `${path}.signatures`, MAX_BLOCK_SIGNATURES).map((s, i) => hexOf(s, `${path}.signatures[${i}]`)),
    ret: boundedList(p.ret, `${path}.ret`, MAX_BLOCK_RESULTS).map((s, i) => (s === '' ? '' : hexOf(s, `${path}.ret[${i}]`))),
    index: safeInteger(p.index, `${path}.index`, 0, MAX_BLOCK_TRANSACTIONS - 1),
    leaf_count: safeInteger(p.leaf_count, `${path}.leaf_count`, 1, MAX_BLOCK_TRANSACTIONS),
    siblings: boundedList(p.siblings, `${path}.siblings`, MAX_MERKLE_DEPTH).map((s, i) => hexOf(s, `${path}.siblings[${i}]`, 32)),
  };
}

/** Reads the `executives` member strictly: Base58 addresses, none twice. */
export function readExecutives(v: unknown, path: string): SnapshotExecutives {
  const e = strictObject(v, path, ['block', 'list']);
  const seen = new Set<string>();
  const list = boundedList(e.list, `${path}.list`, MAX_EXECUTIVES).map((x, i) => {
    const at = `${path}.list[${i}]`;
    const item = strictObject(x, at, ['address', 'block_key']);
    const address = addressToBase58(parseAddress(String(item.address), `${at}.address`));
    if (seen.has(address)) fail('BAD_JSON', `${at}.address: ${address} appears twice`, { field: `${at}.address` });
    seen.add(address);
    return { address, block_key: addressToBase58(parseAddress(String(item.block_key), `${at}.block_key`)) };
  });
  return { block: safeInteger(e.block, `${path}.block`, 0), list };
}

/** The proof of one transaction of a block, as the file writes it. */
export function fateProofOf(
  header: BlockHeaderProof,
  tx: { signatures: Uint8Array[]; results: Transaction_Result[] },
  branch: MerkleBranch,
): SnapshotFateProof {
  return {
    header: bytesToHex(header.rawBytes),
    signature: bytesToHex(header.signature),
    signatures: tx.signatures.map(bytesToHex),
    ret: tx.results.map((r) => bytesToHex(toBinary(Transaction_ResultSchema, r))),
    index: branch.index,
    leaf_count: branch.leafCount,
    siblings: branch.siblings.map(bytesToHex),
  };
}

/**
 * Checks that `proof` proves `fate` of the transaction whose bytes are `rawBytes`, under the block
 * keys of `executives`: the header is a block header numbered `fate.block`, signed by the block key
 * of its producer, an executive of the list; the transaction, with the proof's signatures and ret, is
 * a leaf whose branch reaches the header's transaction root; the ret says `fate.result`. Returns
 * null when it proves, else why not, in words.
 */
export function checkFateProof(
  rawBytes: Uint8Array,
  fate: { txid: string; block: number; result: string },
  proof: SnapshotFateProof,
  executives: SnapshotExecutives,
): string | null {
  try {
    if (bytesToHex(txIdOf(rawBytes)) !== fate.txid.toLowerCase()) return 'the proof is for other transaction bytes';
    const header = blockHeaderFromBytes(hexToBytes(proof.header), hexToBytes(proof.signature), 'proof.header');
    if (header.number !== fate.block) return `the proof's header is block ${header.number}, not block ${fate.block}`;
    const results = proof.ret.map((r) => {
      const bytes = hexToBytes(r);
      const result = fromBinary(Transaction_ResultSchema, bytes);
      if (!equalBytes(toBinary(Transaction_ResultSchema, result), bytes))
        fail('BAD_JSON', 'a ret entry is not written as the node writes it', { field: 'proof.ret' });
      return result;
    });
    if (resultWordOf(results) !== fate.result) return `the block's ret says ${resultWordOf(results)}, not ${fate.result}`;
    const leaf = transactionLeafOf(
      rawBytes,
      proof.signatures.map((x) => hexToBytes(x)),
      results,
    );
    const root = rootFromBranch(leaf, { index: proof.index, leafCount: proof.leaf_count, siblings: proof.siblings.map((x) => hexToBytes(x)) });
    if (root === null || !equalBytes(root, header.txTrieRoot)) return `the transaction's branch does not reach block ${header.number}'s transaction root`;
    const producer = addressToBase58(header.producer);
    const entry = executives.list.find((e) => e.address === producer);
    if (!entry) return `block ${header.number} names producer ${producer}, which is not in the file's executive list`;
    if (addressToHex(headerSigner(header)) !== addressToHex(parseAddress(entry.block_key)))
      return `block ${header.number} is not signed by the block key of its producer ${producer}`;
    return null;
  } catch (e) {
    if (e instanceof AirlockError) return e.message;
    return 'the proof cannot be read';
  }
}
