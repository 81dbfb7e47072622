/**
 * The devnet's route table: the spec's seven endpoints, what a client needs around them, and two
 * devnet-only helpers, each a handler from a parsed JSON body to the reference node's JSON reply and
 * messages (PROTOCOL.md §4.3, §7; devnet/README.md lists them). devnet/http.ts serves this table.
 *
 * Input is read strictly (wrong types, bad hex, unknown keys throw a coded AirlockError, which the
 * server answers 400); validation failures of a contract answer 200 with the node's
 * `{"Error": "class ... : <msg>"}`, as the node does. Invariant: /wallet/addtransactionsign answers
 * only to a loopback peer and never echoes the key, and no handler logs a request body.
 */
import { type DescMessage, type Message } from '@bufbuild/protobuf';
import { AccountSchema, BlockHeaderSchema, type Transaction_raw } from '../shared/gen/protocol/core_pb.ts';
import { AssetIssueContractSchema } from '../shared/gen/protocol/contract_pb.ts';
import { addressToBase58 } from '../shared/chain/address.ts';
import { bytesToHex, hexToBytes, utf8ToBytes, wipe } from '../shared/base/bytes.ts';
import {
  addressInput,
  booleanInput,
  hexInput,
  int32Input,
  int64Input,
  isRecord,
  objectInput,
  ownEntries,
  rejectField,
  stringInput,
} from '../shared/chain/input.ts';
import { AirlockError } from '../shared/base/errors.ts';
import { privateKeyFromHex, addressOfPrivateKey, signDigest } from '../shared/chain/keys.ts';
import { messageFromNodeJson, messageToNodeJson } from '../shared/chain/node-json.ts';
import { SUPPORTED_CONTRACTS, type SupportedContractName } from '../shared/chain/contract-types.ts';
import {
  accountPermissionsFromAccount,
  approvedList,
  checkContractPermission,
  readSigningFacts,
  resolvePermission,
  signWeight,
} from '../shared/approval/authorization.ts';
import { checkSignable, checkSigner } from '../shared/approval/sign-check.ts';
import { signedTransactionFromNodeJson, transactionToNodeJson, TRANSACTION_JSON_KEYS, type SignedTransaction } from '../shared/chain/transaction.ts';
import { parseRaw, type Chain } from './chain.ts';
import { approvedListToNodeJson, signWeightToNodeJson } from './replies.ts';
import { addContractInfo, getContract, triggerConstantContract, triggerSmartContract } from './evm/routes.ts';
import { broadcastWithEvm } from './evm/trigger.ts';
import type { StoredBlock, StoredTransaction } from './store.ts';
import { blockResultWordOf } from './blocks.ts';
import { stakeAccountJson, stakingQueries, STAKING_CREATE_ENDPOINTS } from './staking/routes.ts';
import { TOTAL_ENERGY_LIMIT, TOTAL_NET_LIMIT } from './staking/resources.ts';

export type Json = Record<string, unknown>;

/** Thrown by a handler to answer with a status other than 200. */
export class HttpReply extends Error {
  readonly status: number;
  readonly body: Json;

  constructor(status: number, body: Json) {
    super(String(body.Error ?? status));
    this.status = status;
    this.body = body;
  }
}

interface Request {
  body: Json;
  visible: boolean;
  remoteAddress: string | undefined;
}

type Handler = (req: Request) => Json | Promise<Json>;

const JAVA = {
  validate: 'class org.tron.core.exception.ContractValidateException',
  permission: 'class org.tron.core.exception.PermissionException',
  signatureFormat: 'class org.tron.core.exception.SignatureFormatException',
  signature: 'class java.security.SignatureException',
};

export const INPUT_CODES = new Set([
  'INVALID_INPUT',
  'BAD_HEX',
  'BAD_JSON',
  'BAD_ADDRESS',
  'BAD_KEY',
  'BAD_TRANSACTION',
  'UNKNOWN_FIELD',
  'NON_CANONICAL',
  'UNSUPPORTED_CONTRACT',
  'PERMISSION',
]);

// ---------------------------------------------------------------------------------------------
// Reading request fields

export function readVisible(body: Json): boolean {
  const v = body.visible;
  return v === undefined || v === null ? false : booleanInput(v, 'visible');
}

function readString(body: Json, key: string): string {
  return stringInput(body[key], key);
}

function readAddress(body: Json, key: string): Uint8Array {
  return addressInput(readString(body, key), key);
}

function readTxId(body: Json): Uint8Array {
  return hexInput(readString(body, 'value'), 'value', 32);
}

/**
 * A transaction in the node's JSON, read leniently about its contents (any number of contracts,
 * any contract type) so the pipeline can answer with the node's own codes, but strictly about its
 * form: `raw_data_hex` is authoritative, and when `raw_data` is also given it must encode to the
 * same bytes (the real node rebuilds from `raw_data` alone; we refuse a mismatch rather than guess
 * which was meant). A `txID` must be the hash of the bytes. `ret` is ignored, as the node resets it.
 */
function readTransaction(json: unknown, what = 'transaction'): { tx: SignedTransaction; raw: Transaction_raw } {
  const { rawBytes, signatures } = signedTransactionFromNodeJson(json, { what, code: 'INVALID_INPUT', visibleText: true });
  return { tx: { rawBytes, signatures }, raw: parseRaw(rawBytes) };
}

/** The spec's "Body: transaction" also arrives wrapped as {"transaction": {...}}; accept both. */
function transactionBody(body: Json): Json {
  if (body.transaction !== undefined && body.raw_data === undefined && body.raw_data_hex === undefined) {
    const out = ownEntries(objectInput(body.transaction, 'transaction', TRANSACTION_JSON_KEYS));
    if (body.visible !== undefined) out.visible = body.visible;
    return out;
  }
  return body;
}

// ---------------------------------------------------------------------------------------------
// Writing replies

function storedTransactionJson(chain: Chain, stored: StoredTransaction, visible: boolean): Json {
  const { visible: _v, ...json } = transactionToNodeJson({ rawBytes: stored.rawBytes, signatures: stored.signatures }, { visible });
  // The ret the block's transaction root was computed over (devnet/blocks.ts), pending ones alike.
  const out: Json = { ret: [{ contractRet: blockResultWordOf(chain.store, stored.txId) }] };
  if (json.signature) out.signature = json.signature;
  out.txID = json.txID;
  out.raw_data = json.raw_data;
  out.raw_data_hex = json.raw_data_hex;
  return out;
}

function blockJson(chain: Chain, block: StoredBlock, visible: boolean): Json {
  const out: Json = {
    blockID: bytesToHex(block.id),
    block_header: messageToNodeJson(BlockHeaderSchema, block.header, { visible }),
  };
  if (block.txIds.length > 0) {
    out.transactions = block.txIds.map((id) => storedTransactionJson(chain, chain.store.getTransaction(id)!, visible));
  }
  return out;
}

function transactionInfoJson(chain: Chain, stored: StoredTransaction): Json {
  if (stored.blockNumber === null) return {};
  const block = chain.store.getBlock(stored.blockNumber)!;
  const r = stored.receipt;
  const out: Json = { id: bytesToHex(stored.txId) };
  if (r.fee > 0n) out.fee = r.fee;
  out.blockNumber = stored.blockNumber;
  out.blockTimeStamp = block.timestamp;
  out.contractResult = [''];
  const receipt: Json = {};
  if (r.netUsage > 0n) receipt.net_usage = r.netUsage;
  if (r.netFee > 0n) receipt.net_fee = r.netFee;
  out.receipt = receipt;
  addContractInfo(chain, stored, out, receipt);
  if (r.assetIssueId !== undefined) out.assetIssueID = r.assetIssueId;
  return out;
}

/** The node's broadcast reply: JsonFormat(Return) + txid; `message` is hex unless visible. */
function broadcastJson(outcome: ReturnType<Chain['broadcast']>, visible: boolean): Json {
  const txid = bytesToHex(outcome.txId);
  if (outcome.ok) return { result: true, txid };
  return { code: outcome.code, message: visible ? outcome.message : bytesToHex(utf8ToBytes(outcome.message)), txid };
}

/** `{"Error": "<exception class> : <msg>"}`, the servlets' error shape. */
function javaError(cls: string, message: string): Json {
  return { Error: `${cls} : ${message}` };
}

// ---------------------------------------------------------------------------------------------
// Endpoints

/** Node JSON keys of the create endpoints that are not contract fields. */
const CREATE_EXTRAS = new Set(['visible', 'Permission_id', 'permission_id']);

function createHandler(chain: Chain, type: SupportedContractName, allowMemo: boolean): Handler {
  const schema: DescMessage = SUPPORTED_CONTRACTS[type];
  return ({ body, visible }) => {
    // A null-prototype copy: a "__proto__" key stays a key, and the contract reader refuses it.
    const fields = ownEntries(body);
    for (const k of Object.keys(fields)) if (CREATE_EXTRAS.has(k) || (allowMemo && k === 'extra_data')) delete fields[k];
    const idKey = body.Permission_id !== undefined ? 'Permission_id' : 'permission_id';
    const permissionId = body[idKey] === undefined || body[idKey] === null ? 0 : int32Input(body[idKey], idKey, { min: 0 });
    let data: Uint8Array | undefined;
    if (allowMemo && body.extra_data !== undefined && body.extra_data !== null) {
      const text = readString(body, 'extra_data');
      data = visible ? utf8ToBytes(text) : hexToBytes(text, 'extra_data');
    }
    const contract = messageFromNodeJson<Message>(schema, fields, { visible, path: type });
    let tx;
    try {
      tx = chain.buildTransaction(type, contract, { permissionId, ...(data ? { data } : {}) });
    } catch (e) {
      if (e instanceof AirlockError && e.code === 'CONTRACT_VALIDATE') return javaError(JAVA.validate, e.message);
      throw e;
    }
    return transactionToNodeJson(tx, { visible }) as unknown as Json;
  };
}

export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

function addTransactionSign(chain: Chain): Handler {
  return ({ body, remoteAddress }) => {
    if (!isLoopback(remoteAddress)) {
      throw new HttpReply(403, { Error: '/wallet/addtransactionsign answers only on loopback: it takes a private key' });
    }
    objectInput(body, 'request body', ['transaction', 'privateKey', 'visible']);
    if (typeof body.privateKey !== 'string') rejectField('privateKey', 'expected 64 hex digits');
    const inner = body.transaction;
    const visible = body.visible !== undefined ? readVisible(body) : isRecord(inner) ? readVisible(inner) : false;
    const { tx } = readTransaction(inner, 'transaction');
    const key = privateKeyFromHex(body.privateKey, 'privateKey');
    try {
      const facts = readSigningFacts(tx.rawBytes);
      if (facts.contractCount === 0 || facts.ownerAddress === undefined) {
        return javaError(JAVA.permission, facts.ownerUnreadable ?? 'Invalid transaction: no valid contract');
      }
      const owner = chain.getAccount(facts.ownerAddress);
      if (!owner) return javaError(JAVA.permission, 'Account is not exist!');
      try {
        const permission = resolvePermission(accountPermissionsFromAccount(owner), facts.ownerAddress, facts.permissionId!, 'broadcast');
        checkContractPermission(permission, facts.contractTypeId!, facts.permissionId!, 'broadcast');
        // The checks every signer shares (shared/approval/sign-check.ts), against the account's permission.
        const check = checkSignable(tx, { permission });
        checkSigner(check, addressOfPrivateKey(key));
      } catch (e) {
        if (e instanceof AirlockError && e.code === 'SIGNATURE_FORMAT') return javaError(JAVA.signatureFormat, e.message);
        if (e instanceof AirlockError && e.code === 'COMPUTE_ADDRESS') return javaError(JAVA.signature, e.message);
        if (e instanceof AirlockError && e.code === 'PERMISSION') return javaError(JAVA.permission, e.message);
        throw e;
      }
      const signed: SignedTransaction = { rawBytes: tx.rawBytes, signatures: [...tx.signatures, signDigest(facts.txId, key)] };
      return transactionToNodeJson(signed, { visible }) as unknown as Json;
    } finally {
      wipe(key);
    }
  };
}

export function routes(chain: Chain, control: { produceBlock: () => unknown }): Map<string, { handler: Handler; get: boolean }> {
  const r = new Map<string, { handler: Handler; get: boolean }>();
  const post = (path: string, handler: Handler): void => void r.set(path, { handler, get: false });
  const both = (path: string, handler: Handler): void => void r.set(path, { handler, get: true });

  // The spec's seven (PROTOCOL.md §4.3).
  post('/wallet/accountpermissionupdate', createHandler(chain, 'AccountPermissionUpdateContract', false));
  post('/wallet/addtransactionsign', addTransactionSign(chain));
  post('/wallet/getapprovedlist', ({ body }) => {
    const json = transactionBody(body);
    const visible = readVisible(json);
    const { tx } = readTransaction(json);
    const facts = readSigningFacts(tx.rawBytes);
    const exists = facts.ownerAddress !== undefined && facts.ownerAddress.length > 0 && chain.store.hasAccount(facts.ownerAddress);
    const maxSignatures = Number(chain.params.numeric.TOTAL_SIGN_NUM);
    return approvedListToNodeJson(approvedList(tx, undefined, { accountExists: exists, maxSignatures }), tx, { visible });
  });
  post('/wallet/getsignweight', ({ body }) => {
    const json = transactionBody(body);
    const visible = readVisible(json);
    const { tx } = readTransaction(json);
    const facts = readSigningFacts(tx.rawBytes);
    const owner = facts.ownerAddress !== undefined && facts.ownerAddress.length > 0 ? chain.getAccount(facts.ownerAddress) : undefined;
    return signWeightToNodeJson(signWeight(tx, owner ? accountPermissionsFromAccount(owner) : undefined), tx, { visible });
  });
  post('/wallet/createassetissue', createHandler(chain, 'AssetIssueContract', false));
  post('/wallet/participateassetissue', createHandler(chain, 'ParticipateAssetIssueContract', false));
  post('/wallet/transferasset', createHandler(chain, 'TransferAssetContract', true));

  // Around them.
  post('/wallet/createtransaction', createHandler(chain, 'TransferContract', true));
  // Stake 2.0, votes, rewards and account names (devnet/staking/).
  for (const [path, type] of STAKING_CREATE_ENDPOINTS) post(path, createHandler(chain, type, false));
  for (const [path, handler] of stakingQueries(chain)) both(path, handler);
  post('/wallet/broadcasttransaction', async ({ body, visible }) => {
    const { tx, raw } = readTransaction(body);
    return broadcastJson(await broadcastWithEvm(chain, tx, raw), visible);
  });
  // Smart contracts (devnet/evm/).
  post('/wallet/triggersmartcontract', ({ body, visible }) => triggerSmartContract(chain, body, visible));
  post('/wallet/triggerconstantcontract', ({ body, visible }) => triggerConstantContract(chain, body, visible));
  both('/wallet/getcontract', ({ body, visible }) => getContract(chain, body, visible));
  both('/wallet/getaccount', ({ body, visible }) => {
    const account = chain.getAccount(readAddress(body, 'address'));
    return account ? { ...messageToNodeJson(AccountSchema, account, { visible }), ...stakeAccountJson(chain.store, account.address, visible) } : {};
  });
  both('/wallet/getnowblock', ({ visible }) => blockJson(chain, chain.headBlock(), visible));
  both('/wallet/getblockbynum', ({ body, visible }) => {
    const block = chain.store.getBlock(Number(int64Input(body.num, 'num', { min: 0n, max: 2n ** 53n })));
    return block ? blockJson(chain, block, visible) : {};
  });
  // The solidity node's view (java-tron's /walletsolidity/*): the chain up to the solidified block only.
  both('/walletsolidity/getnowblock', ({ visible }) => blockJson(chain, chain.solidBlock(), visible));
  both('/walletsolidity/getblockbynum', ({ body, visible }) => {
    const num = Number(int64Input(body.num, 'num', { min: 0n, max: 2n ** 53n }));
    const block = num <= chain.solidBlock().number ? chain.store.getBlock(num) : undefined;
    return block ? blockJson(chain, block, visible) : {};
  });
  both('/wallet/gettransactionbyid', ({ body, visible }) => {
    const stored = chain.store.getTransaction(readTxId(body));
    return stored ? storedTransactionJson(chain, stored, visible) : {};
  });
  both('/wallet/gettransactioninfobyid', ({ body }) => {
    const stored = chain.store.getTransaction(readTxId(body));
    return stored ? transactionInfoJson(chain, stored) : {};
  });
  both('/wallet/getassetissuebyid', ({ body, visible }) => {
    const v = body.value;
    const id = typeof v === 'number' || typeof v === 'bigint' ? String(v) : readString(body, 'value');
    const token = chain.store.getToken(id);
    return token ? messageToNodeJson(AssetIssueContractSchema, token, { visible }) : {};
  });
  both('/wallet/getassetissuelist', ({ visible }) => {
    const tokens = chain.store.listTokens();
    return tokens.length === 0 ? {} : { assetIssue: tokens.map((t) => messageToNodeJson(AssetIssueContractSchema, t, { visible })) };
  });
  both('/wallet/getchainparameters', () => {
    const n = chain.params.numeric;
    const list: [string, bigint][] = [
      ['getCreateAccountFee', n.CREATE_ACCOUNT_FEE],
      ['getTransactionFee', n.TRANSACTION_FEE],
      ['getAssetIssueFee', n.ASSET_ISSUE_FEE],
      ['getCreateNewAccountFeeInSystemContract', n.CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT],
      ['getAllowSameTokenName', n.ALLOW_SAME_TOKEN_NAME],
      ['getAllowMultiSign', n.ALLOW_MULTI_SIGN],
      ['getUpdateAccountPermissionFee', n.UPDATE_ACCOUNT_PERMISSION_FEE],
      ['getMultiSignFee', n.MULTI_SIGN_FEE],
      ['getFreeNetLimit', n.FREE_NET_LIMIT],
      ['getUnfreezeDelayDays', n.UNFREEZE_DELAY_DAYS],
      ['getMaxDelegateLockPeriod', n.MAX_DELEGATE_LOCK_PERIOD],
      ['getWitnessPayPerBlock', n.WITNESS_PAY_PER_BLOCK],
      ['getWitness127PayPerBlock', n.WITNESS_127_PAY_PER_BLOCK],
      // Devnet-only keys (devnet/staking/README.md): the 24 h withdraw rule's days, and a staking day's length.
      ['getWitnessAllowanceFrozenTime', n.WITNESS_ALLOWANCE_FROZEN_TIME],
      ['getDevnetFrozenPeriodMs', n.FROZEN_PERIOD_MS],
      ['getEnergyFee', n.ENERGY_FEE],
      ['getMaxFeeLimit', n.MAX_FEE_LIMIT],
      ['getMemoFee', n.MEMO_FEE],
      ['getMaxCreateAccountTxSize', n.MAX_CREATE_ACCOUNT_TX_SIZE],
      ['getTotalNetLimit', TOTAL_NET_LIMIT],
      ['getTotalEnergyLimit', TOTAL_ENERGY_LIMIT],
      ['getTotalEnergyCurrentLimit', TOTAL_ENERGY_LIMIT],
    ];
    return { chainParameter: list.map(([key, value]) => (value === 0n ? { key } : { key, value })) };
  });

  // Devnet only.
  post('/devnet/faucet', ({ body, visible }) => {
    const address = readAddress(body, 'address');
    const amount = int64Input(body.amount, 'amount', { min: 1n, max: FAUCET_MAX_SUN });
    const account = chain.faucet(address, amount);
    return { result: true, address: visible ? addressToBase58(address) : bytesToHex(address), balance: account.balance };
  });
  post('/devnet/produceblock', () => control.produceBlock() as Json);
  both('/devnet/info', () => {
    const head = chain.headBlock();
    const signer = (() => {
      try {
        return addressToBase58(chain.blockSigner().address);
      } catch (e) {
        return `none (${e instanceof Error ? e.message : String(e)})`;
      }
    })();
    return {
      head: { number: head.number, blockID: bytesToHex(head.id), timestamp: head.timestamp },
      genesisBlockID: bytesToHex(chain.store.getBlock(0)!.id),
      executive: addressToBase58(chain.genesis.producer.executiveAddress),
      blockSigner: signer,
      accounts: chain.genesis.accounts.map((a) => ({
        name: a.name,
        address: addressToBase58(a.address),
        balance: chain.getAccount(a.address)?.balance ?? 0n,
        executive: a.executive,
      })),
      parameters: chain.parameterList(),
    };
  });
  return r;
}

/** Most sun one faucet call gives: 1,000,000 coins. */
export const FAUCET_MAX_SUN = 1_000_000_000_000n;
