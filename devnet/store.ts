/**
 * The devnet's state in SQLite (better-sqlite3): accounts, tokens, blocks, transactions with their
 * results, and the dynamic properties (fees, TOKEN_ID_NUM, ...). A file database runs in WAL mode;
 * without a file the state lives in ':memory:'.
 *
 * Accounts and tokens are stored as their protobuf bytes (the Account and AssetIssueContract
 * messages of PROTOCOL.md §1.4/§1.5), so what getaccount prints is exactly what was stored.
 * Bandwidth bookkeeping, which the Account message does not carry, sits in two extra columns.
 *
 * Invariant: callers change state only inside `transaction(fn)`; an exception thrown by `fn` rolls
 * every write back, so a rejected transaction leaves no trace (docs/decisions.md §3, "state is untouched").
 */
import Database from 'better-sqlite3';
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { AccountSchema, BlockHeaderSchema, type Account, type BlockHeader } from '../shared/gen/protocol/core_pb.ts';
import { AssetIssueContractSchema, type AssetIssueContract } from '../shared/gen/protocol/contract_pb.ts';
import { bytesToHex, hexToBytes } from '../shared/base/bytes.ts';
import { isTokenIdText } from '../shared/chain/ids.ts';

const SCHEMA_VERSION = '1';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS properties (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS accounts (
  address BLOB PRIMARY KEY,
  data BLOB NOT NULL,
  net_usage INTEGER NOT NULL DEFAULT 0,
  net_time INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS tokens (id INTEGER PRIMARY KEY, owner BLOB NOT NULL, data BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS blocks (
  number INTEGER PRIMARY KEY,
  id BLOB NOT NULL,
  timestamp INTEGER NOT NULL,
  header BLOB NOT NULL,
  tx_ids BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS transactions (
  txid BLOB PRIMARY KEY,
  seq INTEGER NOT NULL,
  raw BLOB NOT NULL,
  signatures TEXT NOT NULL,
  fee INTEGER NOT NULL,
  info TEXT NOT NULL,
  block_number INTEGER
);
CREATE INDEX IF NOT EXISTS transactions_pending ON transactions (seq) WHERE block_number IS NULL;
`;

export interface StoredBlock {
  number: number;
  id: Uint8Array;
  timestamp: number;
  header: BlockHeader;
  txIds: Uint8Array[];
}

/** What the node records about an applied transaction (its receipt; see chain.ts). */
export interface TransactionReceipt {
  /** Total sun taken from the owner: bandwidth + multi-sign fee + the contract's own fee. */
  fee: bigint;
  netUsage: bigint;
  netFee: bigint;
  multiSignFee: bigint;
  /** MEMO_FEE, when the transaction carries a memo. */
  memoFee: bigint;
  /** Set for AssetIssueContract. */
  assetIssueId?: string;
}

export interface StoredTransaction {
  txId: Uint8Array;
  rawBytes: Uint8Array;
  signatures: Uint8Array[];
  receipt: TransactionReceipt;
  blockNumber: number | null;
}

interface AccountRow {
  data: Uint8Array;
  net_usage: number | bigint;
  net_time: number | bigint;
}
interface BlockRow {
  number: number;
  id: Uint8Array;
  timestamp: number;
  header: Uint8Array;
  tx_ids: Uint8Array;
}
interface TxRow {
  txid: Uint8Array;
  raw: Uint8Array;
  signatures: string;
  fee: number | bigint;
  info: string;
  block_number: number | null;
}

function hexList(list: Uint8Array[]): string {
  return JSON.stringify(list.map(bytesToHex));
}

function fromHexList(text: string): Uint8Array[] {
  return (JSON.parse(text) as string[]).map((h) => hexToBytes(h));
}

function splitIds(blob: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i + 32 <= blob.length; i += 32) out.push(Uint8Array.from(blob.subarray(i, i + 32)));
  return out;
}

/** better-sqlite3 returns Buffers; callers compare with Uint8Array helpers, so normalise. */
function u8(b: Uint8Array): Uint8Array {
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

export class DevnetStore {
  readonly db: Database.Database;
  readonly file: string;
  private readonly stmts;
  private seq: number;

  constructor(file?: string) {
    this.file = file ?? ':memory:';
    this.db = new Database(this.file);
    if (file) this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.defaultSafeIntegers(true);
    this.db.exec(SCHEMA);
    const db = this.db;
    this.stmts = {
      getMeta: db.prepare('SELECT value FROM meta WHERE key = ?'),
      setMeta: db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value'),
      getProp: db.prepare('SELECT value FROM properties WHERE name = ?'),
      setProp: db.prepare('INSERT INTO properties (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value'),
      getAccount: db.prepare('SELECT data, net_usage, net_time FROM accounts WHERE address = ?'),
      putAccount: db.prepare('INSERT INTO accounts (address, data) VALUES (?, ?) ON CONFLICT(address) DO UPDATE SET data = excluded.data'),
      setNet: db.prepare('UPDATE accounts SET net_usage = ?, net_time = ? WHERE address = ?'),
      getToken: db.prepare('SELECT data FROM tokens WHERE id = ?'),
      putToken: db.prepare('INSERT INTO tokens (id, owner, data) VALUES (?, ?, ?)'),
      listTokens: db.prepare('SELECT data FROM tokens ORDER BY id'),
      getBlock: db.prepare('SELECT number, id, timestamp, header, tx_ids FROM blocks WHERE number = ?'),
      headBlock: db.prepare('SELECT number, id, timestamp, header, tx_ids FROM blocks ORDER BY number DESC LIMIT 1'),
      putBlock: db.prepare('INSERT INTO blocks (number, id, timestamp, header, tx_ids) VALUES (?, ?, ?, ?, ?)'),
      getTx: db.prepare('SELECT txid, raw, signatures, fee, info, block_number FROM transactions WHERE txid = ?'),
      hasTx: db.prepare('SELECT 1 FROM transactions WHERE txid = ?'),
      putTx: db.prepare('INSERT INTO transactions (txid, seq, raw, signatures, fee, info) VALUES (?, ?, ?, ?, ?, ?)'),
      pendingTx: db.prepare('SELECT txid FROM transactions WHERE block_number IS NULL ORDER BY seq'),
      setTxBlock: db.prepare('UPDATE transactions SET block_number = ? WHERE txid = ?'),
      maxSeq: db.prepare('SELECT coalesce(max(seq), 0) AS s FROM transactions'),
    };
    this.seq = Number((this.stmts.maxSeq.get() as { s: bigint }).s);
  }

  /** Runs `fn` in one SQLite transaction: all of its writes or none. */
  transaction<T>(fn: () => T): T {
    const seqBefore = this.seq;
    try {
      return this.db.transaction(fn)();
    } catch (e) {
      this.seq = seqBefore;
      throw e;
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  getMeta(key: string): string | undefined {
    return (this.stmts.getMeta.get(key) as { value: string } | undefined)?.value;
  }

  setMeta(key: string, value: string): void {
    this.stmts.setMeta.run(key, value);
  }

  /** True when the database already holds a chain (a genesis block). */
  isInitialised(): boolean {
    return this.getMeta('schema') !== undefined;
  }

  markInitialised(): void {
    this.setMeta('schema', SCHEMA_VERSION);
  }

  getProperty(name: string): string | undefined {
    return (this.stmts.getProp.get(name) as { value: string } | undefined)?.value;
  }

  setProperty(name: string, value: string): void {
    this.stmts.setProp.run(name, value);
  }

  getAccount(address: Uint8Array): Account | undefined {
    const row = this.stmts.getAccount.get(address) as AccountRow | undefined;
    return row ? fromBinary(AccountSchema, u8(row.data)) : undefined;
  }

  hasAccount(address: Uint8Array): boolean {
    return this.stmts.getAccount.get(address) !== undefined;
  }

  putAccount(account: Account): void {
    this.stmts.putAccount.run(account.address, toBinary(AccountSchema, account));
  }

  /** Free-bandwidth bookkeeping: bytes used and the head-block time (ms) of the last use. */
  getNet(address: Uint8Array): { usage: bigint; time: bigint } {
    const row = this.stmts.getAccount.get(address) as AccountRow | undefined;
    return { usage: BigInt(row?.net_usage ?? 0), time: BigInt(row?.net_time ?? 0) };
  }

  setNet(address: Uint8Array, usage: bigint, time: bigint): void {
    this.stmts.setNet.run(usage, time, address);
  }

  /**
   * The token with this id. An id is the decimal text of a positive Java long (TOKEN_ID_NUM + 1),
   * looked up as that exact text, as the node's V2 store keys it: "01000001" or a number beyond
   * int64 names no token (rather than token 1000001, or an error from SQLite).
   */
  getToken(id: string): AssetIssueContract | undefined {
    if (!isTokenIdText(id)) return undefined;
    const row = this.stmts.getToken.get(BigInt(id)) as { data: Uint8Array } | undefined;
    return row ? fromBinary(AssetIssueContractSchema, u8(row.data)) : undefined;
  }

  putToken(token: AssetIssueContract): void {
    this.stmts.putToken.run(BigInt(token.id), token.ownerAddress, toBinary(AssetIssueContractSchema, token));
  }

  listTokens(): AssetIssueContract[] {
    return (this.stmts.listTokens.all() as { data: Uint8Array }[]).map((r) => fromBinary(AssetIssueContractSchema, u8(r.data)));
  }

  private block(row: BlockRow | undefined): StoredBlock | undefined {
    if (!row) return undefined;
    return {
      number: Number(row.number),
      id: u8(row.id),
      timestamp: Number(row.timestamp),
      header: fromBinary(BlockHeaderSchema, u8(row.header)),
      txIds: splitIds(u8(row.tx_ids)),
    };
  }

  getBlock(number: number): StoredBlock | undefined {
    return this.block(this.stmts.getBlock.get(number) as BlockRow | undefined);
  }

  headBlock(): StoredBlock | undefined {
    return this.block(this.stmts.headBlock.get() as BlockRow | undefined);
  }

  /** Stores a block and marks its transactions as included in it. */
  putBlock(block: StoredBlock): void {
    const ids = new Uint8Array(block.txIds.length * 32);
    block.txIds.forEach((id, i) => ids.set(id, i * 32));
    this.stmts.putBlock.run(block.number, block.id, block.timestamp, toBinary(BlockHeaderSchema, block.header), ids);
    for (const id of block.txIds) this.stmts.setTxBlock.run(block.number, id);
  }

  hasTransaction(txId: Uint8Array): boolean {
    return this.stmts.hasTx.get(txId) !== undefined;
  }

  getTransaction(txId: Uint8Array): StoredTransaction | undefined {
    const row = this.stmts.getTx.get(txId) as TxRow | undefined;
    if (!row) return undefined;
    const info = JSON.parse(row.info) as Record<string, string>;
    const receipt: TransactionReceipt = {
      fee: BigInt(row.fee),
      netUsage: BigInt(info.netUsage ?? '0'),
      netFee: BigInt(info.netFee ?? '0'),
      multiSignFee: BigInt(info.multiSignFee ?? '0'),
      memoFee: BigInt(info.memoFee ?? '0'),
    };
    if (info.assetIssueId !== undefined) receipt.assetIssueId = info.assetIssueId;
    return {
      txId: u8(row.txid),
      rawBytes: u8(row.raw),
      signatures: fromHexList(row.signatures),
      receipt,
      blockNumber: row.block_number === null ? null : Number(row.block_number),
    };
  }

  putTransaction(txId: Uint8Array, rawBytes: Uint8Array, signatures: Uint8Array[], receipt: TransactionReceipt): void {
    const info: Record<string, string> = {
      netUsage: receipt.netUsage.toString(),
      netFee: receipt.netFee.toString(),
      multiSignFee: receipt.multiSignFee.toString(),
    };
    if (receipt.memoFee > 0n) info.memoFee = receipt.memoFee.toString();
    if (receipt.assetIssueId !== undefined) info.assetIssueId = receipt.assetIssueId;
    this.seq += 1;
    this.stmts.putTx.run(txId, this.seq, rawBytes, hexList(signatures), receipt.fee, JSON.stringify(info));
  }

  /** Accepted transactions not yet in a block, oldest first. */
  pendingTransactionIds(): Uint8Array[] {
    return (this.stmts.pendingTx.all() as { txid: Uint8Array }[]).map((r) => u8(r.txid));
  }
}

export function newAccount(address: Uint8Array, createTime: bigint): Account {
  return create(AccountSchema, { address, createTime });
}
