/**
 * A transaction's fate proven by the block, not told by the node (docs/decisions.md §24; DESIGN.md decision 17).
 * The node's gettransactioninfobyid answer is only a lead: a fate is proven when
 *
 * 1. the answer names the txID asked;
 * 2. the block it names is at or below the node's head (read once per pass);
 * 3. the block, read once per pass however many transactions it holds, proves its own id and its
 *    transaction root from its transactions (shared/chain/block.ts), and the transaction (same txID)
 *    is one of them;
 * 4. the header's signature recovers to the block key of its producer, and the producer is in the
 *    executive set this station read from the node (`/wallet/listwitnesses`, each executive's block
 *    key from its account's executive permission), kept with the head block it was read at;
 * 5. the result is the block's own `ret`, never the node's word.
 *
 * It is irreversible once the block is at or below the node's solidified head
 * (`/walletsolidity/getnowblock`, else `/wallet/getnodeinfo`'s solidityBlock); a node answering
 * neither leaves every fate "not yet irreversible".
 *
 * Invariants: nothing here writes; every lie or unreadable reply about one block comes back as
 * `unverified` with the reason in words, for that block's transactions only; a block reply is bounded
 * by the node client (size, time) and by the block reader (MAX_BLOCK_TRANSACTIONS); the executive set
 * is read again at most once per pass, when a block names a producer it does not hold.
 */
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { MAX_EXECUTIVE_CANDIDATES, MAX_EXECUTIVES } from '../../shared/base/limits.ts';
import { addressToBase58, addressToHex } from '../../shared/chain/address.ts';
import { blockFromJson, headerSigner, merkleBranchOf, type ProvenBlock } from '../../shared/chain/block.ts';
import { fateProofOf, type SnapshotExecutives, type SnapshotFateProof } from '../../shared/files/fate-proof-file.ts';
import { isRecord, listInput } from '../../shared/chain/input.ts';
import { messageFromNodeJson } from '../../shared/chain/node-json.ts';
import { AccountSchema, type Account } from '../../shared/gen/protocol/core_pb.ts';
import { clean, type NodeClient } from './node-client.ts';

/** The executives this station knows, each with the key that signs its blocks, and the head block it was read at. */
export interface ExecutiveSet {
  readAt: number;
  /** executive address hex → block key address hex */
  blockKeys: Map<string, string>;
  /** Why the node's list could not be read, when it could not (then no block proves anything). */
  unreadable?: string;
}

/** The executive set, or an empty one saying why when the node's list cannot be read (an unreachable node is the caller's error). */
export async function readExecutiveSetOrWhy(node: NodeClient, at: number): Promise<ExecutiveSet> {
  try {
    return await readExecutiveSet(node, at);
  } catch (e) {
    if (!(e instanceof AirlockError) || nodeDown(e) || e.code === 'INTERNAL') throw e;
    return { readAt: at, blockKeys: new Map(), unreadable: clean(e.message) };
  }
}

/** What a block proves about one transaction. */
export type FateProof =
  { kind: 'proven'; block: number; blockId: Uint8Array; result: string; irreversible: boolean } | { kind: 'unverified'; block: number; why: string };

const nodeDown = (e: unknown): boolean => e instanceof AirlockError && (e.code === 'NODE_UNREACHABLE' || e.code === 'NODE_TIMEOUT');

/** A block number the node sent, or undefined when it sent none. */
function blockNumberOf(reply: Record<string, unknown>): number | undefined {
  const raw = isRecord(reply.block_header) && isRecord(reply.block_header.raw_data) ? reply.block_header.raw_data : undefined;
  const n = raw?.number;
  if (n === undefined) return reply.blockID === undefined ? undefined : 0;
  const v = typeof n === 'bigint' ? n : typeof n === 'number' && Number.isSafeInteger(n) ? BigInt(n) : -1n;
  if (v < 0n || v > BigInt(Number.MAX_SAFE_INTEGER))
    fail('NODE_REPLY', `the node sent a head block number that is not a whole number within 2^53`, { field: 'number' });
  return Number(v);
}

/** The node's head block number (getnowblock). */
export async function readHead(node: NodeClient): Promise<number> {
  return (await node.latestBlock()).number;
}

/**
 * The node's solidified block number: `/walletsolidity/getnowblock` (a solidity API on the same URL,
 * as the local node and TronGrid serve it), else java-tron FullNode's `/wallet/getnodeinfo`
 * (`solidityBlock: "Num:N,ID:…"`); null when neither answers (nothing then counts as irreversible).
 */
export async function readSolidHead(node: NodeClient, head: number): Promise<number | null> {
  // A solidified head above the head is a lie: nothing counts as irreversible on its word.
  const within = (n: number | undefined): number | null => (n === undefined || n > head ? null : n);
  const soft = (e: unknown): boolean => e instanceof AirlockError && e.code !== 'INTERNAL' && !nodeDown(e);
  try {
    return within(blockNumberOf(await node.post('/walletsolidity/getnowblock')));
  } catch (e) {
    if (!soft(e)) throw e;
  }
  try {
    const info = await node.post('/wallet/getnodeinfo');
    const m = typeof info.solidityBlock === 'string' ? /^Num:([0-9]{1,16}),/.exec(info.solidityBlock) : null;
    return m ? within(Number(m[1])) : null;
  } catch (e) {
    if (soft(e)) return null;
    throw e;
  }
}

/** Reads the active executives and their block keys from the node, at head block `at`. */
export async function readExecutiveSet(node: NodeClient, at: number): Promise<ExecutiveSet> {
  const reply = await node.post('/wallet/listwitnesses');
  const where = `the node at ${node.baseUrl}`;
  let list: unknown[];
  try {
    list = listInput(reply.witnesses ?? reply.executives ?? [], 'witnesses', MAX_EXECUTIVE_CANDIDATES, 'NODE_REPLY');
  } catch (e) {
    if (e instanceof AirlockError) fail('NODE_REPLY', `${where} sent an executive list Airlock cannot read: ${e.message}`, { node: node.baseUrl });
    throw e;
  }
  const blockKeys = new Map<string, string>();
  for (const w of list) {
    if (blockKeys.size >= MAX_EXECUTIVES) break;
    if (!isRecord(w) || typeof w.address !== 'string' || w.isJobs !== true) continue;
    const account = await node.post('/wallet/getaccount', { address: w.address });
    let parsed: Account;
    try {
      parsed = messageFromNodeJson<Account>(AccountSchema, account, { lenient: true, path: 'account' });
    } catch (e) {
      if (e instanceof AirlockError) fail('NODE_REPLY', `${where} sent an executive's account Airlock cannot read: ${e.message}`, { node: node.baseUrl });
      throw e;
    }
    if (parsed.address.length !== 21) continue;
    const key = parsed.executivePermission?.keys[0]?.address;
    blockKeys.set(addressToHex(parsed.address), addressToHex(key !== undefined && key.length === 21 ? key : parsed.address));
  }
  return { readAt: at, blockKeys };
}

/**
 * One pass's view of the chain: the head, the solidified head, the executive set, and each block read
 * at most once. `prove` answers for one transaction.
 */
export class FateProver {
  private readonly blocks = new Map<number, Promise<ProvenBlock | string>>();
  private executivesReread = false;

  constructor(
    private readonly node: NodeClient,
    readonly head: number,
    readonly solid: number | null,
    private executives: ExecutiveSet,
    private readonly onExecutives: (set: ExecutiveSet) => void,
  ) {}

  /** Blocks this pass read (the benchmark and the tests count them). */
  get blocksRead(): number {
    return this.blocks.size;
  }

  private readBlock(number: number): Promise<ProvenBlock | string> {
    let found = this.blocks.get(number);
    if (!found) {
      found = (async () => {
        try {
          const reply = await this.node.post('/wallet/getblockbynum', { num: number });
          if (Object.keys(reply).length === 0) return `the node has no block ${number}`;
          const block = blockFromJson(reply, `block ${number}`);
          if (block.header.number !== number) return `the node answered block ${number} with block ${block.header.number}`;
          return block;
        } catch (e) {
          if (e instanceof AirlockError) return clean(e.message);
          throw e;
        }
      })();
      this.blocks.set(number, found);
    }
    return found;
  }

  /** The block key the station knows for `producer`, reading the executive set again once per pass when it is not known. */
  private async blockKeyOf(producer: string): Promise<string | undefined> {
    let key = this.executives.blockKeys.get(producer);
    if (key === undefined && !this.executivesReread && this.executives.readAt < this.head) {
      this.executivesReread = true;
      this.executives = await readExecutiveSetOrWhy(this.node, this.head);
      this.onExecutives(this.executives);
      key = this.executives.blockKeys.get(producer);
    }
    return key;
  }

  /** What block `block` proves about transaction `txId` (hex, as asked) that the node answered about as `namedTxId`. */
  async prove(txId: string, namedTxId: string | null, block: number): Promise<FateProof> {
    const unverified = (why: string): FateProof => ({ kind: 'unverified', block, why });
    if (namedTxId !== null && namedTxId.toLowerCase() !== txId.toLowerCase())
      return unverified('the node answered about another transaction than the one asked');
    if (block > this.head) return unverified(`the node names block ${block}, past its own head block ${this.head}`);
    const read = await this.readBlock(block);
    if (typeof read === 'string') return unverified(read);
    const producer = addressToHex(read.header.producer);
    let signer: string;
    try {
      signer = addressToHex(headerSigner(read.header));
    } catch {
      return unverified(`block ${block}'s producer signature recovers no key`);
    }
    const key = await this.blockKeyOf(producer);
    if (key === undefined && this.executives.unreadable !== undefined)
      return unverified(`this station could not read the node's executive list (${this.executives.unreadable})`);
    if (key === undefined)
      return unverified(`block ${block} names producer ${addressToBase58(read.header.producer)}, which is not an executive this station knows`);
    if (key !== signer) return unverified(`block ${block} is not signed by the block key of its producer ${addressToBase58(read.header.producer)}`);
    const asked = txId.toLowerCase();
    const tx = read.transactions.find((t) => bytesToHex(t.txId) === asked);
    if (!tx) return unverified(`the transaction is not in block ${block}`);
    return { kind: 'proven', block, blockId: read.header.id, result: tx.result, irreversible: this.solid !== null && block <= this.solid };
  }

  /** The proof a snapshot carries for a fate this prover proves now, or why it cannot. */
  async proofOf(txId: string, block: number): Promise<SnapshotFateProof | string> {
    const proof = await this.prove(txId, null, block);
    if (proof.kind !== 'proven') return proof.why;
    const read = (await this.readBlock(block)) as ProvenBlock;
    const index = read.transactions.findIndex((t) => bytesToHex(t.txId) === txId.toLowerCase());
    return fateProofOf(
      read.header,
      read.transactions[index]!,
      merkleBranchOf(
        read.transactions.map((t) => t.leaf),
        index,
      ),
    );
  }
}

/** The executive set as a snapshot file writes it. */
export function executivesForFile(set: ExecutiveSet): SnapshotExecutives {
  return {
    block: set.readAt,
    list: [...set.blockKeys].map(([address, key]) => ({ address: addressToBase58(hexToBytes(address)), block_key: addressToBase58(hexToBytes(key)) })),
  };
}
