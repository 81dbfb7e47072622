/**
 * The devnet's chain: genesis, block production (spec §4.10), TaPoS references, the transactions
 * the create endpoints build, and the broadcast pipeline in the reference node's order with its
 * response codes and messages (PROTOCOL.md §3, §7).
 *
 * Broadcast applies a transaction at once, inside one SQLite transaction, and leaves it pending;
 * the next block takes every pending transaction in arrival order. So getaccount shows the effect
 * immediately (as java-tron's pending state does), gettransactioninfobyid answers {} until the
 * block is produced, and getnowblock lists the transaction after it.
 *
 * Invariants:
 * - A rejected transaction leaves the state exactly as it was (one SQLite transaction per
 *   broadcast; a throw rolls it back).
 * - A block is signed by the key in the executive account's executive permission
 *   (PROTOCOL.md §8, last item); if no configured block key matches it, no block is produced.
 * - The block key is only ever used for blocks: a transaction is judged by the owner/active
 *   permissions of its owner account, never by the executive permission (spec §5.5).
 */
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { sha256 } from '@noble/hashes/sha2.js';
import {
  BlockHeader_rawSchema,
  BlockHeaderSchema,
  Transaction_rawSchema,
  type Account,
  type BlockHeader,
  type Transaction_raw,
} from '../shared/gen/protocol/core_pb.ts';
import { addressToBase58, isAddressBytes, type Address } from '../shared/chain/address.ts';
import { bytesToHex, equalBytes } from '../shared/base/bytes.ts';
import { AirlockError, fail } from '../shared/base/errors.ts';
import { addressOfPrivateKey, signDigest } from '../shared/chain/keys.ts';
import { SIGNATURE_LENGTH } from '../shared/chain/verify.ts';
import { INT64_MAX } from '../shared/base/int64.ts';
import type { SupportedContractName } from '../shared/chain/contract-types.ts';
import { accountPermissionsFromAccount, readSigningFacts, verifyTransactionSignatures, type AccountPermissions } from '../shared/approval/authorization.ts';
import {
  broadcastSize,
  createTransaction,
  decodeRaw,
  encodeSignedTransaction,
  type DecodedTransaction,
  type SignedTransaction,
} from '../shared/chain/transaction.ts';
import { DEFAULT_EXPIRATION_MS } from '../shared/base/limits.ts';
import { actuatorFor, createAccount, type ActuatorContext } from './actuators.ts';
import { blockLeafOf, solidBlockNumber } from './blocks.ts';
import { blockIdOf, merkleRootOf } from '../shared/chain/block.ts';
import { payBlockRewards } from './staking/rewards.ts';
import { recoveredUsage, useStakedNet } from './staking/resources.ts';
import {
  DEFAULT_MASK_PARAMETERS,
  DEFAULT_NUMERIC_PARAMETERS,
  genesisFingerprint,
  genesisPermissions,
  genesisToJson,
  parseGenesis,
  type ChainParameters,
  type Genesis,
  type MaskParameter,
  type NumericParameter,
} from './genesis.ts';
import { newAccount, type DevnetStore, type StoredBlock, type TransactionReceipt } from './store.ts';
import { parseJson, stringifyJson } from '../shared/base/json.ts';
// BLOCK_INTERVAL_MS is BLOCK_PRODUCED_INTERVAL: the next slot is this long after the head block (PROTOCOL.md §10).
import { BLOCK_INTERVAL_MS, RECENT_BLOCKS, taposOf } from '../shared/chain/tapos.ts';
import { MAX_EXPIRATION_MS, MAX_RESULT_SIZE_IN_TX, MAX_TRANSACTION_BYTES } from '../shared/base/limits.ts';

/** Return.response_code names the broadcast reply can carry (PROTOCOL.md §1.6). */
export type ResponseCode =
  | 'SIGERROR'
  | 'CONTRACT_VALIDATE_ERROR'
  | 'CONTRACT_EXE_ERROR'
  | 'BANDWITH_ERROR'
  | 'DUP_TRANSACTION_ERROR'
  | 'TAPOS_ERROR'
  | 'TOO_BIG_TRANSACTION_ERROR'
  | 'TRANSACTION_EXPIRATION_ERROR'
  | 'OTHER_ERROR';

/** A broadcast refused with the node's code and client-facing message; `detail` is for the log. */
export class Rejection extends Error {
  readonly code: ResponseCode;
  readonly detail: string | undefined;

  constructor(code: ResponseCode, message: string, detail?: string) {
    super(message);
    this.name = 'Rejection';
    this.code = code;
    this.detail = detail;
  }
}

export type BroadcastOutcome = { ok: true; txId: Uint8Array } | { ok: false; txId: Uint8Array; code: ResponseCode; message: string };

export interface ProducedBlock {
  number: number;
  /** Block id, hex. */
  id: string;
  timestamp: number;
  /** txIDs in block order, hex. */
  transactions: string[];
  /** The executive account the block is for (Base58). */
  executive: string;
  /** The address of the key that signed the block (Base58). */
  signer: string;
}

export interface ChainOptions {
  clock: () => number;
  log: (line: string) => void;
  /** Writes more state into a new chain with its genesis (the genesis TRC-20, devnet/evm/genesis-token.ts). */
  atGenesis?: (store: DevnetStore, createTime: bigint) => void;
  /** Blocks between the head and the solidified block (default 0, java-tron's answer for one executive). */
  confirmationDepth?: number;
}

/**
 * The block a TaPoS slot names: of the last RECENT_BLOCKS blocks up to `head`, the one whose
 * number ends in the two bytes `slot` (each newer block overwrites the slot it shares), or
 * undefined when no block has that slot yet.
 */
export function recentBlockNumber(head: number, slot: number): number | undefined {
  const back = (((head - slot) % RECENT_BLOCKS) + RECENT_BLOCKS) % RECENT_BLOCKS;
  const number = head - back;
  return number >= 0 ? number : undefined;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export class Chain {
  readonly store: DevnetStore;
  readonly params: ChainParameters;
  readonly genesis: Genesis;
  private head: StoredBlock;
  private readonly clock: () => number;
  private readonly log: (line: string) => void;
  private readonly producerKeys: { key: Uint8Array; address: Address }[];
  /** Blocks between the head and the solidified block (devnet/blocks.ts). */
  readonly confirmationDepth: number;

  private constructor(store: DevnetStore, genesis: Genesis, head: StoredBlock, options: ChainOptions) {
    this.store = store;
    this.genesis = genesis;
    this.params = genesis.parameters;
    this.head = head;
    this.clock = options.clock;
    this.log = options.log;
    this.producerKeys = genesis.producer.keys.map((key) => ({ key, address: addressOfPrivateKey(key) }));
    this.confirmationDepth = options.confirmationDepth ?? 0;
  }

  /**
   * Opens the chain in `store`: writes genesis into an empty store, or checks that a stored chain
   * was made from the same genesis. With no genesis given, a stored chain keeps its own.
   */
  static open(store: DevnetStore, genesis: Genesis | undefined, fallback: Genesis, options: ChainOptions): Chain {
    if (store.isInitialised()) {
      const storedJson = store.getMeta('genesis');
      if (storedJson === undefined) fail('INTERNAL', `${store.file}: the database has no genesis record`);
      const stored = parseGenesis(parseJson(storedJson, 'stored genesis'));
      let active = stored;
      if (genesis) {
        // A genesis without a timestamp took the first start's clock; compare it with that time.
        const given = genesis.timestamp === undefined ? { ...genesis, timestamp: stored.timestamp } : genesis;
        if (genesisFingerprint(given) !== genesisFingerprint(stored)) {
          fail('INVALID_INPUT', `${store.file} holds a chain made from a different genesis; start with that genesis, or use a new --db file`);
        }
        active = { ...stored, producer: genesis.producer };
      }
      const head = store.headBlock();
      if (!head) fail('INTERNAL', `${store.file}: the database has no blocks`);
      return new Chain(store, active, head, options);
    }
    const g = genesis ?? fallback;
    const timestamp = g.timestamp ?? Math.floor(options.clock() / BLOCK_INTERVAL_MS) * BLOCK_INTERVAL_MS;
    const fixed: Genesis = { ...g, timestamp };
    const head = store.transaction(() => Chain.writeGenesis(store, fixed, options.atGenesis));
    return new Chain(store, fixed, head, options);
  }

  private static writeGenesis(store: DevnetStore, g: Genesis, atGenesis?: ChainOptions['atGenesis']): StoredBlock {
    for (const [name, value] of Object.entries(g.parameters.numeric)) store.setProperty(name, value.toString());
    for (const [name, value] of Object.entries(g.parameters.masks)) store.setProperty(name, bytesToHex(value));
    const ctx: ActuatorContext = { store, params: g.parameters, headBlockTime: BigInt(g.timestamp!) };
    for (const a of g.accounts) {
      const account = newAccount(a.address, ctx.headBlockTime);
      account.accountName = new TextEncoder().encode(a.name);
      account.balance = a.balance;
      account.isExecutive = a.executive;
      if (g.parameters.numeric.ALLOW_MULTI_SIGN === 1n) {
        const stored = genesisPermissions(a, g.parameters);
        account.ownerPermission = stored.owner;
        account.activePermission = stored.actives;
        if (stored.executive) account.executivePermission = stored.executive;
      }
      store.putAccount(account);
    }
    atGenesis?.(store, ctx.headBlockTime);
    const raw = create(BlockHeader_rawSchema, { timestamp: BigInt(g.timestamp!), txTrieRoot: new Uint8Array(32), parentHash: new Uint8Array(32) });
    const hash = sha256(toBinary(BlockHeader_rawSchema, raw));
    const block: StoredBlock = {
      number: 0,
      id: blockIdOf(0, hash),
      timestamp: g.timestamp!,
      header: create(BlockHeaderSchema, { rawData: raw }),
      txIds: [],
    };
    store.putBlock(block);
    store.setMeta('genesis', stringifyJson(genesisToJson(g)));
    store.markInitialised();
    return block;
  }

  // -------------------------------------------------------------------------------------------
  // Reads

  headBlock(): StoredBlock {
    return this.head;
  }

  /** The solidified block: the newest block no fork can take back (head minus the confirmation depth). */
  solidBlock(): StoredBlock {
    return this.store.getBlock(solidBlockNumber(this.head.number, this.confirmationDepth))!;
  }

  headBlockTime(): bigint {
    return BigInt(this.head.timestamp);
  }

  getAccount(address: Uint8Array): Account | undefined {
    return this.store.getAccount(address);
  }

  /** Chain parameters as the node's names → values (masks as hex), for /devnet/info. */
  parameterList(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const name of Object.keys(DEFAULT_NUMERIC_PARAMETERS) as NumericParameter[]) out[name] = this.params.numeric[name].toString();
    out.TOKEN_ID_NUM = this.store.getProperty('TOKEN_ID_NUM') ?? out.TOKEN_ID_NUM!;
    for (const name of Object.keys(DEFAULT_MASK_PARAMETERS) as MaskParameter[]) out[name] = bytesToHex(this.params.masks[name]);
    return out;
  }

  private context(): ActuatorContext {
    return { store: this.store, params: this.params, headBlockTime: this.headBlockTime() };
  }

  // -------------------------------------------------------------------------------------------
  // Blocks

  /** The key that must sign this executive's blocks: its executive permission's key (spec §4.10). */
  blockSigner(): { key: Uint8Array; address: Address } {
    const executive = this.store.getAccount(this.genesis.producer.executiveAddress);
    if (!executive) fail('NOT_FOUND', `executive account ${addressToBase58(this.genesis.producer.executiveAddress)} does not exist`);
    const permissionKey = this.params.numeric.ALLOW_MULTI_SIGN === 1n ? executive.executivePermission?.keys[0]?.address : undefined;
    const expected = permissionKey ?? executive.address;
    const found = this.producerKeys.find((k) => equalBytes(k.address, expected));
    if (!found) {
      const shown = isAddressBytes(expected) ? addressToBase58(expected) : bytesToHex(expected);
      fail('PERMISSION', `Executive permission is wrong: no localexecutive key belongs to ${shown}, the key of the executive permission`);
    }
    return found;
  }

  /**
   * Seals the pending transactions into a new block signed by the executive's block key.
   * `timestamp` (ms) defaults to the clock, and is always after the head block's.
   */
  produceBlock(options: { timestamp?: number } = {}): ProducedBlock {
    const signer = this.blockSigner();
    const parent = this.head;
    const timestamp = Math.max(options.timestamp ?? this.clock(), parent.timestamp + 1);
    const number = parent.number + 1;
    const txIds = this.store.pendingTransactionIds();
    // Each leaf is over the transaction as the block holds it: signatures and ret included (java-tron).
    const leaves = txIds.map((id) => blockLeafOf(this.store, this.store.getTransaction(id)!));
    const raw = create(BlockHeader_rawSchema, {
      timestamp: BigInt(timestamp),
      txTrieRoot: merkleRootOf(leaves),
      parentHash: parent.id,
      number: BigInt(number),
      executiveAddress: this.genesis.producer.executiveAddress,
    });
    const hash = sha256(toBinary(BlockHeader_rawSchema, raw));
    const header: BlockHeader = create(BlockHeaderSchema, { rawData: raw, executiveSignature: signDigest(hash, signer.key) });
    const block: StoredBlock = { number, id: blockIdOf(number, hash), timestamp, header, txIds };
    this.store.transaction(() => {
      this.store.putBlock(block);
      payBlockRewards(this.context(), this.genesis.producer.executiveAddress);
    });
    this.head = block;
    const produced: ProducedBlock = {
      number,
      id: bytesToHex(block.id),
      timestamp,
      transactions: txIds.map(bytesToHex),
      executive: addressToBase58(this.genesis.producer.executiveAddress),
      signer: addressToBase58(signer.address),
    };
    this.log(`block #${number} ${produced.id} with ${txIds.length} transaction(s), signed by ${produced.signer}`);
    return produced;
  }

  // -------------------------------------------------------------------------------------------
  // Building transactions (the create endpoints, PROTOCOL.md §7 "Transactions the node builds")

  /**
   * Validates the contract against current state (throws CONTRACT_VALIDATE with the node's
   * message), then builds the unsigned transaction: TaPoS from the head block, expiration = head
   * block time + 60 s, timestamp = now.
   */
  buildTransaction(
    type: SupportedContractName,
    contract: unknown,
    options: { permissionId?: number; data?: Uint8Array; feeLimit?: bigint } = {},
  ): SignedTransaction & { txId: Uint8Array } {
    actuatorFor(this.context(), type, contract).validate();
    const head = this.head;
    return createTransaction(
      { type, value: contract as never, permissionId: options.permissionId ?? 0 },
      {
        ...taposOf(head),
        expiration: BigInt(head.timestamp + DEFAULT_EXPIRATION_MS),
        timestamp: BigInt(this.clock()),
        ...(options.data && options.data.length > 0 ? { data: options.data } : {}),
        ...(options.feeLimit ? { feeLimit: options.feeLimit } : {}),
      },
    );
  }

  // -------------------------------------------------------------------------------------------
  // Broadcast (PROTOCOL.md §7)

  /** Checks and applies a signed transaction. Never throws for a bad transaction: see the outcome. */
  broadcast(tx: SignedTransaction, raw: Transaction_raw): BroadcastOutcome {
    const txId = sha256(tx.rawBytes);
    try {
      this.check(tx, raw, txId);
      const decoded = this.decode(tx.rawBytes);
      const receipt = this.store.transaction(() => this.apply(tx, decoded, txId));
      this.log(`accepted ${bytesToHex(txId)} ${decoded.contractType} fee ${receipt.fee}`);
      return { ok: true, txId };
    } catch (e) {
      const r = e instanceof Rejection ? e : this.unexpected(e);
      this.log(`refused ${bytesToHex(txId)}: ${r.code} ${r.detail ?? r.message}`);
      return { ok: false, txId, code: r.code, message: r.message };
    }
  }

  private unexpected(e: unknown): Rejection {
    if (!(e instanceof AirlockError)) this.log(`internal error in broadcast: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return new Rejection('OTHER_ERROR', `Error: ${message(e)}`);
  }

  /** Steps 2-5.5 of PROTOCOL.md §7: everything before the state changes. */
  private check(tx: SignedTransaction, raw: Transaction_raw, txId: Uint8Array): void {
    const head = this.head;
    if (raw.contract.length === 0) throw new Rejection('CONTRACT_VALIDATE_ERROR', 'Contract validate error : No contract!');
    if (raw.expiration < BigInt(head.timestamp + BLOCK_INTERVAL_MS)) {
      throw new Rejection('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired', `expiration ${raw.expiration} is before the next slot`);
    }
    this.checkSignatures(tx);
    if (raw.contract.length !== 1) {
      throw new Rejection(
        'CONTRACT_VALIDATE_ERROR',
        `Contract validate error : tx ${bytesToHex(txId)} contract size should be exactly 1, this is extend feature ,actual :${raw.contract.length}`,
      );
    }
    this.checkTapos(raw);
    // Manager.validateCommon: the size without `ret` plus room for two results. Its second test (the
    // size with `ret`) cannot fail after this one here, because the devnet never keeps a `ret`.
    const withResult = broadcastSize(tx);
    if (withResult > MAX_TRANSACTION_BYTES) {
      throw new Rejection(
        'TOO_BIG_TRANSACTION_ERROR',
        `Too big transaction with result, TxId ${bytesToHex(txId)}, the size is ${withResult} bytes, maxTxSize ${MAX_TRANSACTION_BYTES}`,
      );
    }
    if (raw.expiration <= BigInt(head.timestamp) || raw.expiration > BigInt(head.timestamp + MAX_EXPIRATION_MS)) {
      throw new Rejection(
        'TRANSACTION_EXPIRATION_ERROR',
        'Transaction expired',
        `Transaction expiration, transaction expiration time is ${raw.expiration}, but headBlockTime is ${head.timestamp}`,
      );
    }
    if (this.store.hasTransaction(txId)) throw new Rejection('DUP_TRANSACTION_ERROR', 'Dup transaction.');
  }

  private checkSignatures(tx: SignedTransaction): void {
    let account: AccountPermissions | undefined;
    try {
      const facts = readSigningFacts(tx.rawBytes);
      const owner = facts.ownerAddress;
      const found = owner && owner.length > 0 ? this.store.getAccount(owner) : undefined;
      account = found ? accountPermissionsFromAccount(found) : undefined;
      verifyTransactionSignatures(tx, account, { maxSignatures: Number(this.params.numeric.TOTAL_SIGN_NUM) });
    } catch (e) {
      if (e instanceof AirlockError && e.code === 'UNSUPPORTED_CONTRACT') {
        throw new Rejection('CONTRACT_VALIDATE_ERROR', `Contract validate error : ${e.message}`);
      }
      if (e instanceof AirlockError) throw new Rejection('SIGERROR', `Validate signature error: ${e.message}`);
      throw e;
    }
  }

  /** TaPoS: ref_block_bytes names one of the recent 65,536 blocks and ref_block_hash matches its id. */
  private checkTapos(raw: Transaction_raw): void {
    const head = this.head.number;
    const slotBytes = raw.refBlockBytes;
    let block: StoredBlock | undefined;
    if (slotBytes.length === 2) {
      const number = recentBlockNumber(head, (slotBytes[0]! << 8) | slotBytes[1]!);
      // Most transactions reference the head, which is in memory: no read and decode of its row.
      if (number !== undefined) block = number === head ? this.head : this.store.getBlock(number);
    }
    const refHex = bytesToHex(raw.refBlockHash);
    if (!block) {
      throw new Rejection('TAPOS_ERROR', 'Tapos check error.', `Tapos failed, block not found, ref block ${bytesToHex(slotBytes)}, ${refHex}`);
    }
    const expected = taposOf(block).refBlockHash;
    if (!equalBytes(expected, raw.refBlockHash)) {
      throw new Rejection(
        'TAPOS_ERROR',
        'Tapos check error.',
        `Tapos failed, different block hash, ${block.number}, ${refHex} , recent block ${bytesToHex(expected)}`,
      );
    }
  }

  private decode(rawBytes: Uint8Array): DecodedTransaction {
    try {
      return decodeRaw(rawBytes);
    } catch (e) {
      if (e instanceof AirlockError && (e.code === 'UNSUPPORTED_CONTRACT' || e.code === 'BAD_TRANSACTION')) {
        throw new Rejection('CONTRACT_VALIDATE_ERROR', `Contract validate error : ${e.message}`);
      }
      throw new Rejection('OTHER_ERROR', `Error: ${message(e)}`);
    }
  }

  /** Steps 5.7-5.10: bandwidth, multi-sign fee, the contract's validation and execution. */
  private apply(tx: SignedTransaction, decoded: DecodedTransaction, txId: Uint8Array): TransactionReceipt {
    const ctx: ActuatorContext = { ...this.context(), transaction: { txId, feeLimit: decoded.raw.feeLimit } };
    const actuator = actuatorFor(ctx, decoded.contractType, decoded.contract);
    const receipt: TransactionReceipt = { fee: 0n, netUsage: 0n, netFee: 0n, multiSignFee: 0n, memoFee: 0n };
    this.consumeBandwidth(tx, decoded, txId, actuator.createsAccount(), receipt);
    this.consumeMultiSignFee(tx, decoded, receipt);
    this.consumeMemoFee(decoded, receipt);
    try {
      actuator.validate();
    } catch (e) {
      if (e instanceof AirlockError && e.code === 'CONTRACT_VALIDATE') {
        throw new Rejection('CONTRACT_VALIDATE_ERROR', `Contract validate error : ${e.message}`);
      }
      throw e;
    }
    let result;
    try {
      result = actuator.execute();
    } catch (e) {
      if (e instanceof AirlockError) throw new Rejection('CONTRACT_EXE_ERROR', `Contract execute error : ${e.message}`);
      throw e;
    }
    receipt.fee = receipt.netFee + receipt.multiSignFee + receipt.memoFee + result.fee;
    if (result.assetIssueId !== undefined) receipt.assetIssueId = result.assetIssueId;
    this.store.putTransaction(txId, tx.rawBytes, tx.signatures, receipt);
    return receipt;
  }

  /**
   * BandwidthProcessor.consume, without token free bandwidth and the global public limit. Bytes =
   * the transaction without `ret` + 64. A transaction that creates an account uses the owner's
   * staked bandwidth when what is left covers its bytes, else pays CREATE_ACCOUNT_FEE; any other
   * uses staked bandwidth, then the free FREE_NET_LIMIT bytes (each recovering linearly over a day
   * of head-block time), and when neither covers all its bytes burns TRANSACTION_FEE sun per byte.
   */
  private consumeBandwidth(tx: SignedTransaction, decoded: DecodedTransaction, txId: Uint8Array, createsAccount: boolean, receipt: TransactionReceipt): void {
    const owner = this.store.getAccount(decoded.ownerAddress);
    if (!owner) {
      throw new Rejection('CONTRACT_VALIDATE_ERROR', `Contract validate error : account [${addressToBase58(decoded.ownerAddress)}] does not exist`);
    }
    const size = BigInt(encodeSignedTransaction(tx).length);
    const bytes = size + BigInt(MAX_RESULT_SIZE_IN_TX);
    const n = this.params.numeric;
    const now = this.headBlockTime();
    const insufficient = (detail: string): Rejection => new Rejection('BANDWITH_ERROR', 'Account resource insufficient error.', detail);
    if (createsAccount) {
      const bare = size - BigInt(tx.signatures.length * SIGNATURE_LENGTH);
      if (bare > n.MAX_CREATE_ACCOUNT_TX_SIZE) {
        throw new Rejection(
          'TOO_BIG_TRANSACTION_ERROR',
          `Too big new account transaction, TxId ${bytesToHex(txId)}, the size is ${bare} bytes, maxTxSize ${n.MAX_CREATE_ACCOUNT_TX_SIZE}`,
        );
      }
      if (useStakedNet(this.store, owner.address, bytes, now)) {
        receipt.netUsage = bytes;
        return;
      }
      const fee = n.CREATE_ACCOUNT_FEE;
      if (owner.balance < fee) {
        throw insufficient(`account [${addressToBase58(owner.address)}] has insufficient bandwidth[${bytes}] and balance[${fee}] to create new account`);
      }
      owner.balance -= fee;
      this.store.putAccount(owner);
      receipt.netFee = fee;
      return;
    }
    if (useStakedNet(this.store, owner.address, bytes, now)) {
      receipt.netUsage = bytes;
      return;
    }
    const net = this.store.getNet(owner.address);
    const used = recoveredUsage(net.usage, net.time, now);
    if (used + bytes <= n.FREE_NET_LIMIT) {
      this.store.setNet(owner.address, used + bytes, now);
      receipt.netUsage = bytes;
      return;
    }
    const fee = n.TRANSACTION_FEE * bytes;
    if (owner.balance < fee) {
      throw insufficient(`account [${addressToBase58(owner.address)}] has insufficient bandwidth[${bytes}] and balance[${fee}]`);
    }
    owner.balance -= fee;
    this.store.putAccount(owner);
    receipt.netFee = fee;
  }

  /** Manager.consumeMemoFee: a transaction with a memo (raw data `data`) costs MEMO_FEE, when it is not 0. */
  private consumeMemoFee(decoded: DecodedTransaction, receipt: TransactionReceipt): void {
    const fee = this.params.numeric.MEMO_FEE;
    if (decoded.raw.data.length === 0 || fee === 0n) return;
    const owner = this.store.getAccount(decoded.ownerAddress)!;
    if (owner.balance < fee) {
      throw new Rejection(
        'BANDWITH_ERROR',
        'Account resource insufficient error.',
        `account ${addressToBase58(owner.address)} insufficient balance[${fee}] to memo fee`,
      );
    }
    owner.balance -= fee;
    this.store.putAccount(owner);
    receipt.memoFee = fee;
  }

  /** Manager.consumeMultiSignFee: more than one signature costs MULTI_SIGN_FEE (PROTOCOL.md §3). */
  private consumeMultiSignFee(tx: SignedTransaction, decoded: DecodedTransaction, receipt: TransactionReceipt): void {
    if (tx.signatures.length <= 1) return;
    const fee = this.params.numeric.MULTI_SIGN_FEE;
    const owner = this.store.getAccount(decoded.ownerAddress)!;
    if (owner.balance < fee) {
      throw new Rejection(
        'BANDWITH_ERROR',
        'Account resource insufficient error.',
        `account ${addressToBase58(owner.address)} insufficient balance[${fee}] to multiSign`,
      );
    }
    owner.balance -= fee;
    this.store.putAccount(owner);
    receipt.multiSignFee = fee;
  }

  // -------------------------------------------------------------------------------------------
  // Devnet-only

  /** The faucet: credits `amount` sun to `address`, creating the account if needed. Not a transaction. */
  faucet(address: Address, amount: bigint): Account {
    return this.store.transaction(() => {
      const account = this.store.getAccount(address) ?? createAccount(this.context(), address);
      account.balance += amount;
      if (account.balance > INT64_MAX) fail('INVALID_INPUT', 'amount: the balance would overflow int64');
      this.store.putAccount(account);
      return account;
    });
  }
}

/** Parses raw bytes leniently (any number of contracts), for broadcast. */
export function parseRaw(rawBytes: Uint8Array): Transaction_raw {
  try {
    return fromBinary(Transaction_rawSchema, rawBytes);
  } catch (e) {
    fail('BAD_TRANSACTION', `raw_data_hex: not a transaction encoding (${message(e)})`, { field: 'raw_data_hex' });
  }
}
