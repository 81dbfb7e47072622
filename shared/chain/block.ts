/**
 * A block as the reference node (java-tron) builds it, read from the node's JSON and proved from its
 * own bytes (docs/decisions.md §24, "a transaction's fate is proven, not told"):
 *
 * - the header's raw part is encoded again as BlockHeader.raw (fields in number order, as java-tron's
 *   protobuf writes them); its sha256 is what the producer signed, and the block id is that hash with
 *   its first 8 bytes replaced by the big-endian block number (BlockCapsule.getBlockId);
 * - each transaction's Merkle leaf is sha256 of the whole Transaction as the block holds it:
 *   raw_data (1), every signature (2) and every ret (5) (TransactionCapsule.getMerkleHash);
 * - the transaction root pairs leaves left to right, hashing sha256(left ‖ right), and carries an odd
 *   last node up unchanged; no transaction gives 32 zero bytes (MerkleTree, BlockCapsule.calcMerkleRoot);
 * - the producer signature is r‖s‖v over the header hash; its signer is checked by the caller against
 *   the block key of an executive it knows (BlockCapsule.validateSignature).
 *
 * Invariants: nothing here trusts a field the bytes can prove: a `blockID` or `txID` that is not the
 * hash of what it names is refused; a transaction's bytes come only from `raw_data_hex` (the readable
 * `raw_data` is not read, so it cannot say something else); every list and number is bounded
 * (limits.ts) before it is walked; every refusal is a coded error (INVALID_INPUT unless the caller
 * names another) naming the field, for the caller to put in its own words (a node's reply, a file).
 */
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, equalBytes } from '../base/bytes.ts';
import { fail, type ErrorCode } from '../base/errors.ts';
import { MAX_BLOCK_RESULTS, MAX_BLOCK_SIGNATURES, MAX_BLOCK_TRANSACTIONS, MAX_MERKLE_DEPTH } from '../base/limits.ts';
import { BlockHeader_rawSchema, Transaction_ResultSchema, type BlockHeader_raw, type Transaction_Result } from '../gen/protocol/core_pb.ts';
import { addressInput, hexInput, int64Input, isRecord, kindOf, listInput, objectInput } from './input.ts';
import { messageFromNodeJson } from './node-json.ts';
import { txIdOf } from './transaction.ts';
import { recoverSigner, SIGNATURE_LENGTH } from './verify.ts';
import type { Address } from './address.ts';

/** The header of a block, with the bytes its id and signature are over. */
export interface BlockHeaderProof {
  number: number;
  /** The block id (32 bytes): the header hash with the number in its first 8 bytes. */
  id: Uint8Array;
  /** BlockHeader.raw as java-tron encodes it. */
  rawBytes: Uint8Array;
  /** sha256(rawBytes): what the producer signed. */
  hash: Uint8Array;
  timestamp: bigint;
  txTrieRoot: Uint8Array;
  parentHash: Uint8Array;
  /** The executive the block names as its producer. */
  producer: Address;
  /** r‖s‖v, 65 bytes. */
  signature: Uint8Array;
}

/** One transaction as the block holds it. */
export interface BlockTransaction {
  txId: Uint8Array;
  /** The Merkle leaf: sha256 of the Transaction's bytes with its signatures and ret. */
  leaf: Uint8Array;
  /** The block's own result: `SUCCESS`, or the contract result it failed with (REVERT, OUT_OF_ENERGY, ...). */
  result: string;
  /** The signatures and `ret` the block holds for it (the leaf is over them; a proof carries them). */
  signatures: Uint8Array[];
  results: Transaction_Result[];
}

export interface ProvenBlock {
  header: BlockHeaderProof;
  transactions: BlockTransaction[];
}

/** A Merkle branch: the leaf's place, how many leaves the tree has, and the sibling hashes bottom up. */
export interface MerkleBranch {
  index: number;
  leafCount: number;
  siblings: Uint8Array[];
}

const BLOCK_KEYS = ['blockID', 'block_header', 'transactions'];
const HEADER_KEYS = ['raw_data', 'executive_signature'];
const TRANSACTION_KEYS = ['ret', 'signature', 'txID', 'raw_data', 'raw_data_hex'];

/** The block id java-tron gives a header hash: the 8-byte big-endian number, then bytes 8..32 of the hash. */
export function blockIdOf(number: number, headerHash: Uint8Array): Uint8Array {
  const id = Uint8Array.from(headerHash);
  new DataView(id.buffer).setBigUint64(0, BigInt(number));
  return id;
}

/** sha256(left ‖ right), an inner node of java-tron's transaction tree. */
function parent(left: Uint8Array, right: Uint8Array): Uint8Array {
  return sha256(concatBytes(left, right));
}

/** The transaction root over `leaves` (already hashed), as java-tron's MerkleTree computes it. */
export function merkleRootOf(leaves: readonly Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return new Uint8Array(32);
  let level = [...leaves];
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? parent(level[i]!, level[i + 1]!) : level[i]!);
    level = next;
  }
  return level[0]!;
}

/** The branch proving leaf `index` of `leaves` under merkleRootOf(leaves). */
export function merkleBranchOf(leaves: readonly Uint8Array[], index: number): MerkleBranch {
  if (!Number.isSafeInteger(index) || index < 0 || index >= leaves.length)
    fail('INVALID_INPUT', `merkleBranchOf: index ${index} is not a leaf of ${leaves.length}`, { field: 'index' });
  const siblings: Uint8Array[] = [];
  let level = [...leaves];
  let at = index;
  while (level.length > 1) {
    const partner = at % 2 === 0 ? at + 1 : at - 1;
    if (partner < level.length) siblings.push(level[partner]!);
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? parent(level[i]!, level[i + 1]!) : level[i]!);
    level = next;
    at = Math.floor(at / 2);
  }
  return { index, leafCount: leaves.length, siblings };
}

/**
 * The root `leaf` reaches through `branch`, or null when the branch does not fit its own shape
 * (index outside the tree, too few or too many siblings, a sibling that is not 32 bytes).
 */
export function rootFromBranch(leaf: Uint8Array, branch: MerkleBranch): Uint8Array | null {
  const { index, leafCount, siblings } = branch;
  if (!Number.isSafeInteger(leafCount) || leafCount < 1 || leafCount > MAX_BLOCK_TRANSACTIONS) return null;
  if (!Number.isSafeInteger(index) || index < 0 || index >= leafCount) return null;
  if (!Array.isArray(siblings) || siblings.length > MAX_MERKLE_DEPTH) return null;
  let hash = leaf;
  let at = index;
  let width = leafCount;
  let used = 0;
  while (width > 1) {
    const partner = at % 2 === 0 ? at + 1 : at - 1;
    if (partner < width) {
      const sibling = siblings[used++];
      if (!(sibling instanceof Uint8Array) || sibling.length !== 32) return null;
      hash = at % 2 === 0 ? parent(hash, sibling) : parent(sibling, hash);
    }
    at = Math.floor(at / 2);
    width = Math.ceil(width / 2);
  }
  return used === siblings.length ? hash : null;
}

/** The wire form of one length-delimited field. */
function field(fieldNumber: number, bytes: Uint8Array): Uint8Array {
  const length: number[] = [];
  let n = bytes.length;
  do {
    length.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    n >>>= 7;
  } while (n > 0);
  return concatBytes(Uint8Array.of((fieldNumber << 3) | 2), Uint8Array.from(length), bytes);
}

/** A transaction's Merkle leaf: sha256 of Transaction {raw_data, signature..., ret...} as the block holds it. */
export function transactionLeafOf(rawBytes: Uint8Array, signatures: readonly Uint8Array[], results: readonly Transaction_Result[]): Uint8Array {
  const ret = results.map((r) => field(5, toBinary(Transaction_ResultSchema, r)));
  return sha256(concatBytes(field(1, rawBytes), ...signatures.map((s) => field(2, s)), ...ret));
}

/** The block's own word for a transaction's result (ret[0].contractRet; a plain transfer has SUCCESS). */
export function resultWordOf(results: readonly Transaction_Result[]): string {
  const first = results[0];
  if (first === undefined) return 'SUCCESS';
  // ret = FAILED without a contract result is java-tron's generic failure.
  const words = Transaction_ResultSchema.field.contractRet.enum!.values;
  const word = words.find((v) => v.number === first.contractRet)?.name ?? 'UNKNOWN';
  if (word === 'DEFAULT') return first.ret === 1 ? 'FAILED' : 'SUCCESS';
  return word;
}

/** Reads one transaction of a block: bytes from raw_data_hex, txID checked, leaf computed. */
function blockTransactionOf(json: unknown, at: string, code: ErrorCode): BlockTransaction {
  const t = objectInput(json, at, TRANSACTION_KEYS, { code });
  if (typeof t.raw_data_hex !== 'string')
    fail(code, `${at}.raw_data_hex: expected the transaction's bytes as hex, got ${kindOf(t.raw_data_hex)}`, { field: `${at}.raw_data_hex` });
  const rawBytes = hexInput(t.raw_data_hex, `${at}.raw_data_hex`);
  const txId = txIdOf(rawBytes);
  if (typeof t.txID !== 'string' || !equalBytes(hexInput(t.txID, `${at}.txID`, 32), txId))
    fail(code, `${at}.txID: is not the hash of raw_data_hex (which is ${bytesToHex(txId)})`, { field: `${at}.txID` });
  const signatures =
    t.signature === undefined ? [] : listInput(t.signature, `${at}.signature`, MAX_BLOCK_SIGNATURES, code).map((s, i) => hexInput(s, `${at}.signature[${i}]`));
  const results =
    t.ret === undefined
      ? []
      : listInput(t.ret, `${at}.ret`, MAX_BLOCK_RESULTS, code).map((r, i) =>
          messageFromNodeJson<Transaction_Result>(Transaction_ResultSchema, r, { path: `${at}.ret[${i}]` }),
        );
  return { txId, leaf: transactionLeafOf(rawBytes, signatures, results), result: resultWordOf(results), signatures, results };
}

/** Reads the header JSON ({raw_data, executive_signature}) and proves its id against `blockId` when given. */
export function blockHeaderFromJson(json: unknown, blockId: unknown, what = 'block', code: ErrorCode = 'INVALID_INPUT'): BlockHeaderProof {
  const h = objectInput(json, `${what}.block_header`, HEADER_KEYS, { code });
  if (!isRecord(h.raw_data))
    fail(code, `${what}.block_header.raw_data: expected an object, got ${kindOf(h.raw_data)}`, { field: `${what}.block_header.raw_data` });
  const raw = messageFromNodeJson<BlockHeader_raw>(BlockHeader_rawSchema, h.raw_data, { path: `${what}.block_header.raw_data` });
  const number = Number(int64Input(raw.number, `${what}.block_header.raw_data.number`, { min: 0n, max: BigInt(Number.MAX_SAFE_INTEGER) }));
  const rawBytes = toBinary(BlockHeader_rawSchema, raw);
  const hash = sha256(rawBytes);
  const id = blockIdOf(number, hash);
  if (blockId !== undefined && (typeof blockId !== 'string' || !equalBytes(hexInput(blockId, `${what}.blockID`, 32), id)))
    fail(code, `${what}.blockID: is not the id of its header (which is ${bytesToHex(id)})`, { field: `${what}.blockID` });
  if (raw.txTrieRoot.length !== 32)
    fail(code, `${what}.block_header.raw_data.txTrieRoot: expected 32 bytes, got ${raw.txTrieRoot.length}`, {
      field: `${what}.block_header.raw_data.txTrieRoot`,
    });
  const producer = addressInput(bytesToHex(raw.executiveAddress), `${what}.block_header.raw_data.executive_address`);
  if (typeof h.executive_signature !== 'string')
    fail(code, `${what}.block_header.executive_signature: the header is not signed`, { field: `${what}.block_header.executive_signature` });
  const signature = hexInput(h.executive_signature, `${what}.block_header.executive_signature`, SIGNATURE_LENGTH);
  return { number, id, rawBytes, hash, timestamp: raw.timestamp, txTrieRoot: raw.txTrieRoot, parentHash: raw.parentHash, producer, signature };
}

/** Rebuilds a header proof from the raw header bytes and its signature (a snapshot carries these). */
export function blockHeaderFromBytes(rawBytes: Uint8Array, signature: Uint8Array, what = 'block header'): BlockHeaderProof {
  let raw: BlockHeader_raw;
  try {
    raw = fromBinary(BlockHeader_rawSchema, rawBytes);
  } catch {
    fail('INVALID_INPUT', `${what}: is not a block header`, { field: what });
  }
  const canonical = toBinary(BlockHeader_rawSchema, raw);
  if (!equalBytes(canonical, rawBytes)) fail('INVALID_INPUT', `${what}: is not written as the node writes a block header`, { field: what });
  const number = Number(int64Input(raw.number, `${what}.number`, { min: 0n, max: BigInt(Number.MAX_SAFE_INTEGER) }));
  if (raw.txTrieRoot.length !== 32) fail('INVALID_INPUT', `${what}.txTrieRoot: expected 32 bytes`, { field: `${what}.txTrieRoot` });
  if (!(signature instanceof Uint8Array) || signature.length !== SIGNATURE_LENGTH)
    fail('INVALID_INPUT', `${what}: the signature must be ${SIGNATURE_LENGTH} bytes`, { field: `${what}.signature` });
  const producer = addressInput(bytesToHex(raw.executiveAddress), `${what}.executive_address`);
  const hash = sha256(rawBytes);
  return {
    number,
    id: blockIdOf(number, hash),
    rawBytes,
    hash,
    timestamp: raw.timestamp,
    txTrieRoot: raw.txTrieRoot,
    parentHash: raw.parentHash,
    producer,
    signature,
  };
}

/**
 * Reads a getblockbynum / getnowblock reply (spec dialect: `executive_address`,
 * `executive_signature`; the node client translates java-tron's names) and proves what it can from the
 * bytes alone: the block id, every txID, and the transaction root recomputed from the transactions.
 * The producer's signature is checked by `headerSigner` and the caller's executive set.
 */
export function blockFromJson(json: unknown, what = 'block', code: ErrorCode = 'INVALID_INPUT'): ProvenBlock {
  const b = objectInput(json, what, BLOCK_KEYS, { code });
  if (b.block_header === undefined) fail(code, `${what}: has no block_header (no such block)`, { field: `${what}.block_header` });
  const header = blockHeaderFromJson(b.block_header, b.blockID, what, code);
  const list = b.transactions === undefined ? [] : listInput(b.transactions, `${what}.transactions`, MAX_BLOCK_TRANSACTIONS, code);
  const transactions = list.map((t, i) => blockTransactionOf(t, `${what}.transactions[${i}]`, code));
  const root = merkleRootOf(transactions.map((t) => t.leaf));
  if (!equalBytes(root, header.txTrieRoot))
    fail(code, `${what}: its transactions do not hash to the header's txTrieRoot (they give ${bytesToHex(root)}); the block was altered`, {
      field: `${what}.block_header.raw_data.txTrieRoot`,
    });
  return { header, transactions };
}

/** The address whose key signed the header (throws COMPUTE_ADDRESS/SIGNATURE_FORMAT for a signature that recovers no key). */
export function headerSigner(header: BlockHeaderProof): Address {
  return recoverSigner(header.signature, header.hash);
}
