/**
 * The devnet's HTTP surface: the spec's seven endpoints, what a client needs around them, and two
 * devnet-only helpers, with the reference node's JSON shapes and messages (PROTOCOL.md §4.3, §7).
 * See devnet/README.md for the list.
 *
 * Input hygiene is the point of this file: a body over 1 MiB (413), malformed JSON, wrong types,
 * bad hex, unknown keys, an unknown path (404), a foreign Host or Origin header (403) all get a
 * `{"Error": "..."}` reply with a 4xx status, never a crash or a stack trace. Validation failures
 * of a contract answer 200 with the node's `{"Error": "class ... : <msg>"}`, as the node does.
 *
 * Invariant: request bodies are never logged (one of them carries a private key), and
 * /wallet/addtransactionsign answers only to a loopback peer and never echoes the key.
 *
 * Memory is bounded (issue 6 "node memory"; README "Limits"): at most `maxConnections` open
 * connections; when they are all open, a new one first evicts the connection idle longest (a
 * keep-alive connection between requests, or one that has sent nothing yet), as servers do, so idle
 * connections can never starve new clients (issue 16); only when every connection is in the middle
 * of a request is the new one answered 503 and closed. At most `maxBufferedBytes` of request
 * bodies held across all connections (the request that would pass it gets a 503 and is dropped),
 * and a body must arrive whole within `bodyTimeoutMs` of its headers (else 408 and dropped).
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type DescMessage, type Message } from '@bufbuild/protobuf';
import {
  AccountSchema,
  BlockHeaderSchema,
  type Transaction_raw,
} from '../shared/gen/protocol/core_pb.ts';
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
import { AirlockError, excerpt } from '../shared/base/errors.ts';
import { parseJson, stringifyJson } from '../shared/base/json.ts';
import { escapeJsonText } from '../shared/base/escape.ts';
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
import type { StoredBlock, StoredTransaction } from './store.ts';
import { MAX_BODY_BYTES } from '../shared/base/limits.ts';


type Json = Record<string, unknown>;

/** Thrown by a handler to answer with a status other than 200. */
class HttpReply extends Error {
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

type Handler = (req: Request) => Json;

const JAVA = {
  validate: 'class org.tron.core.exception.ContractValidateException',
  permission: 'class org.tron.core.exception.PermissionException',
  signatureFormat: 'class org.tron.core.exception.SignatureFormatException',
  signature: 'class java.security.SignatureException',
};

const INPUT_CODES = new Set(['INVALID_INPUT', 'BAD_HEX', 'BAD_JSON', 'BAD_ADDRESS', 'BAD_KEY', 'BAD_TRANSACTION', 'UNKNOWN_FIELD', 'NON_CANONICAL', 'UNSUPPORTED_CONTRACT', 'PERMISSION']);

// ---------------------------------------------------------------------------------------------
// Reading request fields

function readVisible(body: Json): boolean {
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

function storedTransactionJson(stored: StoredTransaction, visible: boolean): Json {
  const { visible: _v, ...json } = transactionToNodeJson({ rawBytes: stored.rawBytes, signatures: stored.signatures }, { visible });
  const out: Json = { ret: [{ contractRet: 'SUCCESS' }] };
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
    out.transactions = block.txIds.map((id) => storedTransactionJson(chain.store.getTransaction(id)!, visible));
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
    const visible = body.visible !== undefined
      ? readVisible(body)
      : isRecord(inner) ? readVisible(inner) : false;
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

function routes(chain: Chain, control: { produceBlock: () => unknown }): Map<string, { handler: Handler; get: boolean }> {
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
  post('/wallet/broadcasttransaction', ({ body, visible }) => {
    const { tx, raw } = readTransaction(body);
    return broadcastJson(chain.broadcast(tx, raw), visible);
  });
  both('/wallet/getaccount', ({ body, visible }) => {
    const account = chain.getAccount(readAddress(body, 'address'));
    return account ? messageToNodeJson(AccountSchema, account, { visible }) : {};
  });
  both('/wallet/getnowblock', ({ visible }) => blockJson(chain, chain.headBlock(), visible));
  both('/wallet/getblockbynum', ({ body, visible }) => {
    const block = chain.store.getBlock(Number(int64Input(body.num, 'num', { min: 0n, max: 2n ** 53n })));
    return block ? blockJson(chain, block, visible) : {};
  });
  both('/wallet/gettransactionbyid', ({ body, visible }) => {
    const stored = chain.store.getTransaction(readTxId(body));
    return stored ? storedTransactionJson(stored, visible) : {};
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

// ---------------------------------------------------------------------------------------------
// The server

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function hostOf(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.indexOf(':');
  return colon === -1 ? h : h.slice(0, colon);
}

function originAllowed(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

function send(res: ServerResponse, status: number, body: Json, close = false): void {
  // Lossless: control and bidi characters in names go out as JSON escapes (issue 6).
  const text = escapeJsonText(stringifyJson(body));
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(close ? { connection: 'close' } : {}),
  });
  res.end(text);
}

function queryBody(url: URL): Json {
  const out: Json = Object.create(null) as Json;
  for (const [k, v] of url.searchParams) out[k] = v;
  return out;
}

/** What the server holds at most at once, and how long it waits for a body. */
export interface HttpLimits {
  /** Open connections, idle keep-alive ones included. Default 256. */
  maxConnections: number;
  /** Request body bytes held across all connections. Default 64 MiB (64 maximal bodies). */
  maxBufferedBytes: number;
  /** ms from a request's headers to the last byte of its body; also the headers' own limit. Default 10,000. */
  bodyTimeoutMs: number;
}

export const DEFAULT_HTTP_LIMITS: Readonly<HttpLimits> = { maxConnections: 256, maxBufferedBytes: 64 * MAX_BODY_BYTES, bodyTimeoutMs: 10_000 };

/** The server's own accounting, for tests and `/devnet/info`-style monitoring. */
export interface HttpStats {
  connections: number;
  bufferedBytes: number;
  /** The most body bytes ever held at once. */
  peakBufferedBytes: number;
  refusedConnections: number;
  /** Idle connections closed to make room for a new one. */
  evictedIdleConnections: number;
  /** Requests refused because the body budget was spent. */
  refusedBodies: number;
  /** Uploads cut because their body did not arrive in time. */
  timedOutBodies: number;
}

export interface DevnetServerOptions {
  log: (line: string) => void;
  produceBlock: () => unknown;
  limits?: Partial<HttpLimits>;
}

export interface DevnetServer {
  server: Server;
  stats(): HttpStats;
}

function checkLimits(given: Partial<HttpLimits> | undefined): HttpLimits {
  const limits = { ...DEFAULT_HTTP_LIMITS, ...given };
  for (const [name, value] of Object.entries(limits)) int64Input(value, `limits.${name}`, { min: 1n, max: BigInt(Number.MAX_SAFE_INTEGER) });
  return limits;
}

/** A whole HTTP/1.1 reply written straight to a socket the HTTP layer will not serve. */
function rawReply(status: number, body: Json): string {
  const text = stringifyJson(body);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${text}`;
}

const REFUSED = Symbol('refused connection');
/** How many requests a connection is in the middle of (pipelining can make it more than one). */
const ACTIVE = Symbol('requests in progress');

/** Closed to make room for a newer connection; its slot was freed when it was chosen. */
const EVICTED = Symbol('evicted idle connection');

type TrackedSocket = Socket & { [REFUSED]?: true; [ACTIVE]?: number; [EVICTED]?: true };

/** Creates (does not start) the HTTP server for `chain`. */
export function createDevnetServer(chain: Chain, options: DevnetServerOptions): DevnetServer {
  const table = routes(chain, { produceBlock: options.produceBlock });
  const limits = checkLimits(options.limits);
  const stats: HttpStats = { connections: 0, bufferedBytes: 0, peakBufferedBytes: 0, refusedConnections: 0, evictedIdleConnections: 0, refusedBodies: 0, timedOutBodies: 0 };
  // Open connections with no request in progress, oldest idle first (a Set keeps insertion order):
  // the ones a new connection may evict when all slots are taken.
  const idle = new Set<TrackedSocket>();
  const server = createServer({ connectionsCheckingInterval: Math.min(1_000, limits.bodyTimeoutMs) }, (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket as TrackedSocket;
    if (socket[REFUSED]) return;
    socket[ACTIVE] = (socket[ACTIVE] ?? 0) + 1;
    idle.delete(socket);
    res.once('close', () => {
      socket[ACTIVE] = (socket[ACTIVE] ?? 1) - 1;
      // Back at the end of the idle order: it became idle just now.
      if (socket[ACTIVE] === 0 && !socket.destroyed) idle.add(socket);
    });
    const started = Date.now();
    const finish = (status: number, body: Json, close = false): void => {
      send(res, status, body, close);
      options.log(`${req.method} ${path} ${status} ${Date.now() - started}ms`);
    };
    let path = '?';
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://127.0.0.1');
      // An unknown path is logged and answered cut, as any input may be a pasted key.
      path = table.has(url.pathname) ? url.pathname : excerpt(url.pathname);
    } catch {
      finish(400, { Error: 'bad request path' });
      return;
    }
    const host = req.headers.host;
    if (host === undefined || !LOOPBACK_HOSTS.has(hostOf(host))) {
      finish(403, { Error: 'the devnet answers only to Host 127.0.0.1, localhost or [::1]' });
      req.resume();
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !originAllowed(origin)) {
      finish(403, { Error: 'the devnet answers only to pages served from 127.0.0.1, localhost or [::1]' });
      req.resume();
      return;
    }
    const route = table.get(path);
    if (!route) {
      finish(404, { Error: `no endpoint ${path}` });
      req.resume();
      return;
    }
    if (req.method !== 'POST' && !(req.method === 'GET' && route.get)) {
      finish(405, { Error: `${path} takes ${route.get ? 'GET or POST' : 'POST'}` });
      req.resume();
      return;
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    // Answer first, then drop the connection so the rest of the upload is never read.
    const refuse = (status: number, error: string): void => {
      res.once('finish', () => req.socket.destroy());
      finish(status, { Error: error }, true);
    };
    const tooLarge = (): void => refuse(413, `request body is larger than ${MAX_BODY_BYTES} bytes`);
    if (declared > MAX_BODY_BYTES) {
      tooLarge();
      return;
    }
    let chunks: Buffer[] = [];
    let size = 0;
    let held = 0;
    let aborted = false;
    const release = (): void => {
      stats.bufferedBytes -= held;
      held = 0;
      chunks = [];
    };
    const stop = (): void => {
      aborted = true;
      clearTimeout(timer);
      release();
    };
    const timer = setTimeout(() => {
      if (aborted) return;
      stop();
      stats.timedOutBodies++;
      refuse(408, `request body not received within ${limits.bodyTimeoutMs} ms`);
    }, limits.bodyTimeoutMs);
    res.once('close', stop);
    req.on('data', (chunk: Buffer) => {
      if (aborted) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        stop();
        tooLarge();
        return;
      }
      if (stats.bufferedBytes + chunk.length > limits.maxBufferedBytes) {
        stop();
        stats.refusedBodies++;
        refuse(503, `the node is busy: request bodies in flight would pass ${limits.maxBufferedBytes} bytes; try again`);
        return;
      }
      held += chunk.length;
      stats.bufferedBytes += chunk.length;
      stats.peakBufferedBytes = Math.max(stats.peakBufferedBytes, stats.bufferedBytes);
      chunks.push(chunk);
    });
    req.on('error', stop);
    req.on('end', () => {
      if (aborted) return;
      clearTimeout(timer);
      let status = 200;
      let body: Json;
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        release();
        let input: Json;
        if (req.method === 'GET') {
          input = queryBody(url);
        } else if (text.trim() === '') {
          input = {};
        } else {
          const parsed = parseJson(text, 'request body');
          if (!isRecord(parsed)) rejectField('request body', 'expected a JSON object');
          input = ownEntries(parsed);
        }
        body = route.handler({ body: input, visible: readVisible(input), remoteAddress: req.socket.remoteAddress });
      } catch (e) {
        if (e instanceof HttpReply) {
          status = e.status;
          body = e.body;
        } else if (e instanceof AirlockError && INPUT_CODES.has(e.code)) {
          status = 400;
          body = { Error: e.message };
        } else if (e instanceof AirlockError && e.code === 'NOT_FOUND') {
          status = 404;
          body = { Error: e.message };
        } else {
          // Anything but a coded error is a bug (an engine TypeError included, issue 6): 500, and
          // its message, which may quote the request, goes only to the log.
          status = 500;
          body = { Error: 'internal error (see the devnet log)' };
          options.log(`internal error on ${path}: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
        }
      }
      finish(status, body);
    });
  });
  server.on('connection', (socket: TrackedSocket) => {
    if (stats.connections >= limits.maxConnections) {
      // Evict the connection idle longest rather than turn the new client away: an idle keep-alive
      // connection costs its client only a reconnect, a refused client gets no service at all.
      const oldest = idle.values().next();
      if (!oldest.done) {
        idle.delete(oldest.value);
        stats.evictedIdleConnections++;
        // Its slot is free now, not when its close event comes; the close handler then skips it.
        stats.connections--;
        oldest.value[EVICTED] = true;
        oldest.value.destroy();
      }
    }
    if (stats.connections >= limits.maxConnections) {
      // Over the limit: answer without reading anything, then close. The HTTP layer still sees
      // the socket, so REFUSED tells the request handler to leave it alone.
      stats.refusedConnections++;
      socket[REFUSED] = true;
      socket.end(rawReply(503, { Error: `the node is busy: ${limits.maxConnections} connections are open; try again` }));
      socket.once('finish', () => socket.destroy());
      return;
    }
    stats.connections++;
    idle.add(socket);
    socket.once('close', () => {
      if (!socket[EVICTED]) stats.connections--;
      idle.delete(socket);
    });
  });
  // The body timer above gives the JSON reply; Node's own limits are the backstop for headers
  // that never finish and for anything the timer misses.
  server.headersTimeout = limits.bodyTimeoutMs;
  server.requestTimeout = 2 * limits.bodyTimeoutMs;
  // Idle keep-alive connections stay open a minute: a client that is busy signing for a few
  // seconds should not find its pooled connection closed under it.
  server.keepAliveTimeout = 60_000;
  return { server, stats: () => ({ ...stats }) };
}
