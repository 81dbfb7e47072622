/**
 * The station's client for a node's HTTP API (docs/decisions.md §7 "Node client"; PROTOCOL.md §4.3, §7): account,
 * latest block, token by id, fee parameters, getsignweight as a dry run, and broadcast. It uses the
 * global `fetch` and never imports `electron`, so the CLI, the IPC handlers and tests share it.
 *
 * Invariants:
 * - Every request has a deadline (AbortSignal) covering the whole reply, and a reply is read at most
 *   `maxReplyBytes` far: a stalled or endless node cannot hang or flood the station.
 * - Every failure is a coded error that says what to do: NODE_UNREACHABLE (start the station's
 *   node or pass --node), NODE_TIMEOUT, NODE_REPLY (not JSON, too large, wrong shape) and
 *   NODE_ERROR (the node's `{"Error": ...}` or an HTTP error status). A refused broadcast is an
 *   answer, not an error: it comes back in words.
 * - Replies are read leniently (shared/chain/node-json.ts `lenient`): a real node's extra fields are
 *   ignored, but a field we model with a wrong type is still an error. Results are JSON-safe.
 * - Before a broadcast, `comparePermissions` says whether the owner's permissions changed since the
 *   snapshot the signers saw, and what the signatures weigh under the new ones.
 * - The node's dialect (docs/decisions.md §11, shared/chain/dialect.ts) is handled here and nowhere else: every request
 *   body is written in it and every reply translated back to the spec's names in `post`, by the
 *   ENDPOINTS table, so no caller ever sees a java-tron name.
 * - An API key (hosted nodes' `TRON-PRO-API-KEY`) comes from a provider function on each request and
 *   is never kept, logged, or shown: it is checked before `fetch` can quote it, sent only over https
 *   or to this machine, and scrubbed from anything the node sends back.
 */
import type { DescMessage } from '@bufbuild/protobuf';
import { comparePermissions, type PermissionComparison } from './permission-comparison.ts';
import { replaceUnsafe } from '../../shared/base/escape.ts';
import { AccountSchema, BlockHeaderSchema, BlockSchema, TransactionSchema, type Account, type BlockHeader } from '../../shared/gen/protocol/core_pb.ts';
import { AssetIssueContractSchema, type AssetIssueContract } from '../../shared/gen/protocol/contract_pb.ts';
import {
  ReturnSchema,
  Return_response_codeSchema,
  TransactionSignWeightSchema,
  TransactionSignWeight_Result_response_codeSchema,
  type TransactionSignWeight,
} from '../../shared/gen/protocol/api_pb.ts';
import { addressToBase58, addressToHex, parseAddress } from '../../shared/chain/address.ts';
import { accountPermissionsFromAccount } from '../../shared/approval/authorization.ts';
import { bytesToHex, hexToBytes, tryUtf8, utf8ToBytes } from '../../shared/base/bytes.ts';
import {
  chainParameterName,
  dialectOfAccount,
  dialectOfBlock,
  isDialect,
  translateJson,
  type Dialect,
  type DialectEvidence,
} from '../../shared/chain/dialect.ts';
import { AirlockError, excerpt, fail } from '../../shared/base/errors.ts';
import type { HandoffPermission } from '../../shared/files/handoff.ts';
import { jsonSafe, parseJson, stringifyJson } from '../../shared/base/json.ts';
import { messageFromNodeJson } from '../../shared/chain/node-json.ts';
import {
  exportSnapshot,
  permissionsToJson,
  tokenFromAssetIssue,
  type ChainSnapshot,
  type SnapshotAccount,
  type SnapshotBlock,
  type SnapshotToken,
} from '../../shared/files/snapshot.ts';
import { transactionToNodeJson, type SignedTransaction } from '../../shared/chain/transaction.ts';
import { LOCAL_NODE_URL } from '../../shared/chain/networks.ts';
import { fileCarriesToken, saleOfAssetIssue, type TokenSale } from './token-sale.ts';
import { NODE_TIMEOUT_MS, MAX_NODE_REPLY_BYTES, MAX_API_KEY_LENGTH } from '../../shared/base/limits.ts';

/** The embedded local node (devnet/node.ts DEFAULT_PORT; the `local` preset of shared/chain/networks.ts). */
export const DEFAULT_NODE_URL = LOCAL_NODE_URL;
/** The header hosted java-tron nodes (TronGrid) read an API key from. */
export const API_KEY_HEADER = 'TRON-PRO-API-KEY';

/**
 * Gives the API key for the node, or undefined for none; called once per request, so the key can
 * live in the vault and is never held by the client. The value is opaque: it is sent as it is.
 */
export type ApiKeyProvider = () => string | undefined | Promise<string | undefined>;

/**
 * What each endpoint the client uses carries, for the dialect translation: the message its request
 * body and its reply are node JSON of. `chainParameters` is getchainparameters' key list.
 */
const ENDPOINTS: Readonly<Record<string, { request?: DescMessage; reply?: DescMessage | 'chainParameters' }>> = {
  '/wallet/getnowblock': { reply: BlockSchema },
  '/wallet/getblock': { reply: BlockSchema },
  '/wallet/getblockbynum': { reply: BlockSchema },
  '/walletsolidity/getnowblock': { reply: BlockSchema },
  '/wallet/getaccount': { reply: AccountSchema },
  '/wallet/getassetissuebyid': { reply: AssetIssueContractSchema },
  '/wallet/getchainparameters': { reply: 'chainParameters' },
  '/wallet/getsignweight': { request: TransactionSchema, reply: TransactionSignWeightSchema },
  '/wallet/broadcasttransaction': { request: TransactionSchema, reply: ReturnSchema },
};

/** Broadcast result codes (Return.response_code, PROTOCOL.md §7) in words, with the way forward. */
const BROADCAST_MEANINGS: Readonly<Record<string, string>> = {
  SIGERROR: 'A signature is wrong, from a key outside the permission, or the signatures do not reach its threshold; collect the missing signatures',
  CONTRACT_VALIDATE_ERROR: "The node's checks of the contract failed (balance, permission, token rules); the message says which",
  CONTRACT_EXE_ERROR: 'The contract passed the checks but failed when the node ran it',
  BANDWITH_ERROR: 'The owner has too little bandwidth, and too little balance to pay for it',
  DUP_TRANSACTION_ERROR: 'The node already has this transaction; it may already be in a block',
  TAPOS_ERROR: 'The node does not know the reference block (too old, or from another network); build the transaction again from a recent block',
  TOO_BIG_TRANSACTION_ERROR: 'The transaction is bigger than the node accepts',
  TRANSACTION_EXPIRATION_ERROR: 'The transaction has expired, or expires too far ahead; reissue it and collect the signatures again',
  SERVER_BUSY: 'The node is busy; try again in a moment',
  NO_CONNECTION: 'The node has no peers to pass the transaction on to; try again later or use another node',
  NOT_ENOUGH_EFFECTIVE_CONNECTION: 'The node has too few peers to pass the transaction on to; try again later or use another node',
  BLOCK_UNSOLIDIFIED: 'The node is behind the chain; try again later or use another node',
  OTHER_ERROR: 'The node failed for another reason; the message says why',
};

export interface NodeClientOptions {
  /** The node's base URL; default DEFAULT_NODE_URL. */
  baseUrl?: string;
  timeoutMs?: number;
  maxReplyBytes?: number;
  /** ms since the epoch; default Date.now. */
  clock?: () => number;
  /** The node's JSON dialect (shared/chain/dialect.ts); default `spec`. `probeDialect` suggests one. */
  dialect?: Dialect;
  /** The API key of a hosted node, sent as TRON-PRO-API-KEY; default none. */
  apiKey?: ApiKeyProvider;
}

/** What `probeDialect` found: the suggested dialect and the evidence, in words. */
export interface DialectProbe {
  /** The suggestion; null when no reply named anything only one dialect uses. */
  dialect: Dialect | null;
  /** Each reply that told, and the key that gave it away. */
  evidence: (DialectEvidence & { reply: 'block' | 'account' })[];
  text: string;
}

export interface SignWeightView {
  /** getsignweight's result code; ENOUGH_PERMISSION when the node printed `"result": {}`. */
  code: string;
  message: string;
  /** Base58 signers the node counted. */
  approved: string[];
  weight: number | string;
  threshold: number | string | null;
  enough: boolean;
}

export interface BroadcastResult {
  accepted: boolean;
  txID: string;
  /** The node's code on refusal (SIGERROR, TAPOS_ERROR, ...). */
  code?: string;
  /** The node's message, decoded to text. */
  message?: string;
  /** On refusal: what the code means and what to do, in words. */
  meaning?: string;
  /** The answer in words. */
  text: string;
}

/** Control characters from a node's text, replaced before they reach a terminal, and a cap on length. */
export function clean(text: string): string {
  // Every character escape.ts escapes (control, bidi, zero-width, separators), not only C0/C1 and the overrides.
  const t = replaceUnsafe(text, '?');
  return t.length > 500 ? `${t.slice(0, 500)}…` : t;
}

function checkBaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    fail('INVALID_INPUT', '--node: expected a URL such as http://127.0.0.1:8090', { field: 'node' });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    fail('INVALID_INPUT', '--node: the node URL must start with http:// or https://', { field: 'node' });
  if (parsed.username || parsed.password) fail('INVALID_INPUT', '--node: put no user name or password in the node URL', { field: 'node' });
  // A query would end up before /wallet/... and, holding a key, in every snapshot and message that names the node.
  if (parsed.search || parsed.hash)
    fail('INVALID_INPUT', '--node: put no query (?...) or fragment (#...) in the node URL; give an API key through the API key setting', { field: 'node' });
  return parsed.href.replace(/\/+$/, '');
}

/** A node on this machine: an API key may travel to it over plain http. */
/** Whether the URL names this machine (an API key may go there over plain http). */
export function isLoopbackUrl(baseUrl: string): boolean {
  const host = new URL(baseUrl).hostname;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The API key from its provider, checked so that no later step (fetch's header check) can quote it. */
async function readApiKey(provider: ApiKeyProvider | undefined, baseUrl: string): Promise<string | undefined> {
  if (provider === undefined) return undefined;
  let key: unknown;
  try {
    key = await provider();
  } catch (e) {
    if (e instanceof AirlockError) throw e;
    fail('INTERNAL', 'the API key for the node could not be read', { node: baseUrl });
  }
  if (key === undefined || key === '') return undefined;
  if (typeof key !== 'string' || key.length > MAX_API_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    fail('INVALID_INPUT', `the API key for the node must be 1 to ${MAX_API_KEY_LENGTH} printable ASCII characters without spaces; set it again`, {
      field: 'apiKey',
    });
  }
  // A private key pasted into the API key setting would otherwise go to the node in every request.
  if (/^(0x)?[0-9a-fA-F]{64}$/.test(key)) {
    fail(
      'INVALID_INPUT',
      'the API key for the node has the form of a private key (64 hex digits), so it is not sent; hosted nodes issue keys shaped like a UUID (8-4-4-4-12 hex digits). If this was a private key, move its funds: it was typed outside the vault',
      { field: 'apiKey' },
    );
  }
  if (!baseUrl.startsWith('https:') && !isLoopbackUrl(baseUrl)) {
    fail('INVALID_INPUT', `an API key is sent only over https:// (or to a node on this machine); ${baseUrl} would carry it in the clear`, {
      field: 'apiKey',
      node: baseUrl,
    });
  }
  return key;
}

/** The reply text with the API key, plain or hex-encoded (a java-tron message), taken out. */
function scrubKey(text: string, key: string | undefined): string {
  if (key === undefined) return text;
  const mark = '[API key]';
  const hex = bytesToHex(utf8ToBytes(key));
  return text
    .split(key)
    .join(mark)
    .replace(new RegExp(hex, 'gi'), bytesToHex(utf8ToBytes(mark)));
}

export class NodeClient {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly maxReplyBytes: number;
  readonly dialect: Dialect;
  private readonly clock: () => number;
  private readonly apiKey: ApiKeyProvider | undefined;

  constructor(options: NodeClientOptions = {}) {
    this.baseUrl = checkBaseUrl(options.baseUrl ?? DEFAULT_NODE_URL);
    this.timeoutMs = options.timeoutMs ?? NODE_TIMEOUT_MS;
    this.maxReplyBytes = options.maxReplyBytes ?? MAX_NODE_REPLY_BYTES;
    if (!Number.isSafeInteger(this.timeoutMs) || this.timeoutMs <= 0) throw new RangeError('NodeClient: timeoutMs must be a positive whole number');
    if (!Number.isSafeInteger(this.maxReplyBytes) || this.maxReplyBytes <= 0) throw new RangeError('NodeClient: maxReplyBytes must be a positive whole number');
    this.clock = options.clock ?? Date.now;
    const dialect = options.dialect ?? 'spec';
    if (!isDialect(dialect)) fail('INVALID_INPUT', "dialect: expected 'spec' or 'java-tron'", { field: 'dialect' });
    this.dialect = dialect;
    if (options.apiKey !== undefined && typeof options.apiKey !== 'function') throw new TypeError('NodeClient: apiKey must be a function that gives the key');
    this.apiKey = options.apiKey;
  }

  /**
   * POSTs `body` to `path` and returns the reply object; every failure is a coded NODE_* error. For
   * the endpoints in ENDPOINTS, the body is written in the node's dialect and the reply comes back
   * in the spec's names.
   */
  async post(path: string, body: unknown = {}): Promise<Record<string, unknown>> {
    const shape = this.dialect === 'spec' ? undefined : ENDPOINTS[path];
    const sent = shape?.request ? translateJson(shape.request, body, this.dialect) : body;
    const reply = await this.exchange(path, sent);
    if (shape?.reply === undefined) return reply;
    try {
      return shape.reply === 'chainParameters'
        ? chainParametersIn(reply, 'spec')
        : (translateJson(shape.reply, reply, 'spec', path) as Record<string, unknown>);
    } catch (e) {
      if (e instanceof AirlockError)
        fail('NODE_REPLY', `the node at ${this.baseUrl} sent a reply Airlock cannot read: ${e.message}`, { node: this.baseUrl, field: e.details?.field });
      throw e;
    }
  }

  /** One request as it goes on the wire, no translation. */
  private async exchange(path: string, body: unknown): Promise<Record<string, unknown>> {
    const url = this.baseUrl + path;
    const where = `the node at ${this.baseUrl}`;
    const key = await readApiKey(this.apiKey, this.baseUrl);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (key !== undefined) headers[API_KEY_HEADER] = key;
    const signal = AbortSignal.timeout(this.timeoutMs);
    let status: number;
    let text: string;
    try {
      const res = await fetch(url, { method: 'POST', body: stringifyJson(body), headers, signal, redirect: 'error' });
      status = res.status;
      text = scrubKey(await this.readBody(res, path), key);
    } catch (e) {
      if (e instanceof AirlockError) throw e;
      if (signal.aborted) {
        fail('NODE_TIMEOUT', `${where} did not answer ${path} within ${this.timeoutMs} ms; check that it is running and not overloaded, or pass --node URL`, {
          node: this.baseUrl,
          path,
        });
      }
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      const reason = scrubKey(cause?.code ?? cause?.message ?? (e instanceof Error ? e.message : String(e)), key);
      fail('NODE_UNREACHABLE', `cannot reach ${where} (${clean(reason)}): start the station's local node (npm start) or pass --node URL`, {
        node: this.baseUrl,
        path,
      });
    }
    let json: unknown;
    try {
      json = parseJson(text, path);
    } catch {
      if (status >= 400) fail('NODE_ERROR', `${where} refused ${path}: HTTP ${status}`, { node: this.baseUrl, path, status });
      fail('NODE_REPLY', `${where} answered ${path} with something that is not JSON (HTTP ${status}); is ${this.baseUrl} a node's HTTP API?`, {
        node: this.baseUrl,
        path,
        status,
      });
    }
    const isObject = typeof json === 'object' && json !== null && !Array.isArray(json);
    const error = isObject ? (json as Record<string, unknown>).Error : undefined;
    if (error !== undefined || status >= 400) {
      const said = typeof error === 'string' ? clean(error) : `HTTP ${status}`;
      fail('NODE_ERROR', `${where} refused ${path}: ${said}`, { node: this.baseUrl, path, status });
    }
    if (!isObject) fail('NODE_REPLY', `${where} answered ${path} with JSON that is not an object`, { node: this.baseUrl, path });
    return json as Record<string, unknown>;
  }

  private async readBody(res: Response, path: string): Promise<string> {
    const declared = Number(res.headers.get('content-length'));
    const tooBig = (): never =>
      fail('NODE_REPLY', `the node at ${this.baseUrl} answered ${path} with more than ${this.maxReplyBytes} bytes; refusing to read it`, {
        node: this.baseUrl,
        path,
        limit: this.maxReplyBytes,
      });
    if (Number.isFinite(declared) && declared > this.maxReplyBytes) {
      await res.body?.cancel();
      tooBig();
    }
    if (!res.body) return '';
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > this.maxReplyBytes) {
        await reader.cancel();
        tooBig();
      }
      chunks.push(value);
    }
    const all = new Uint8Array(total);
    let at = 0;
    for (const c of chunks) {
      all.set(c, at);
      at += c.length;
    }
    return new TextDecoder().decode(all);
  }

  /** A reply read leniently into `schema`; a modelled field of the wrong shape is NODE_REPLY. */
  private read<T>(schema: Parameters<typeof messageFromNodeJson>[0], json: unknown, path: string): T {
    try {
      return messageFromNodeJson(schema, json, { lenient: true, path }) as T;
    } catch (e) {
      if (e instanceof AirlockError)
        fail('NODE_REPLY', `the node at ${this.baseUrl} sent a reply Airlock cannot read: ${e.message}`, { node: this.baseUrl, field: e.details?.field });
      throw e;
    }
  }

  /** The head block: number, id and timestamp (TaPoS comes from them, shared/chain/tapos.ts). */
  async latestBlock(): Promise<SnapshotBlock> {
    const reply = await this.post('/wallet/getnowblock');
    const id = reply.blockID;
    if (typeof id !== 'string' || !/^[0-9a-fA-F]{64}$/.test(id))
      fail('NODE_REPLY', `the node at ${this.baseUrl} sent a block without a 32-byte blockID`, { node: this.baseUrl, field: 'blockID' });
    const header = this.read<BlockHeader>(BlockHeaderSchema, reply.block_header, 'block_header');
    const number = Number(header.rawData?.number ?? 0n);
    const timestamp = Number(header.rawData?.timestamp ?? 0n);
    if (BigInt(`0x${id.slice(0, 16)}`) !== BigInt(number))
      fail('NODE_REPLY', `the node at ${this.baseUrl} sent block ${number} whose id names another number`, { node: this.baseUrl, field: 'blockID' });
    return { number, id: id.toLowerCase(), timestamp };
  }

  /**
   * An account's permissions, balance and token balances, with the block it was read at. An account
   * the node does not have comes back with `exists: false` and no permissions of its own.
   */
  async account(address: string, at?: SnapshotBlock): Promise<SnapshotAccount> {
    const bytes = parseAddress(address, 'address');
    const block = at ?? (await this.latestBlock());
    const reply = await this.post('/wallet/getaccount', { address: addressToHex(bytes) });
    const when = this.clock();
    const source = { node: this.baseUrl, block: block.number };
    if (Object.keys(reply).length === 0) {
      return { address: addressToBase58(bytes), exists: false, permissions: { active_permission: [] }, balance: '0', tokens: [], source, at: when };
    }
    const account = this.read<Account>(AccountSchema, reply, 'account');
    if (bytesToHex(account.address) !== bytesToHex(bytes))
      fail('NODE_REPLY', `the node at ${this.baseUrl} answered for another account than ${addressToBase58(bytes)}`, { node: this.baseUrl, field: 'address' });
    const tokens = Object.entries(account.assetV2)
      .map(([id, balance]) => ({ id, balance: balance.toString() }))
      .sort((a, b) => a.id.length - b.id.length || (a.id < b.id ? -1 : 1));
    return {
      address: addressToBase58(bytes),
      exists: true,
      permissions: permissionsToJson(accountPermissionsFromAccount(account)),
      balance: account.balance.toString(),
      tokens,
      source,
      at: when,
    };
  }

  /** A token's metadata by id; NOT_FOUND when the node has no such token. */
  async token(id: string): Promise<SnapshotToken> {
    return tokenFromAssetIssue(await this.assetIssue(id));
  }

  /** The token's metadata and its sale, cded schedule and bandwidth limits (token-details.ts). */
  async tokenDetails(id: string): Promise<{ token: SnapshotToken; sale: TokenSale }> {
    const c = await this.assetIssue(id);
    return { token: tokenFromAssetIssue(c), sale: saleOfAssetIssue(c) };
  }

  /** getassetissuebyid (PROTOCOL.md §4: a missing token is `{}`), checked to be the token asked for. */
  private async assetIssue(id: string): Promise<AssetIssueContract> {
    if (typeof id !== 'string' || !/^[1-9]\d{0,18}$/.test(id))
      fail('INVALID_INPUT', `token: expected a token id (digits), got ${typeof id === 'string' ? excerpt(id) : typeof id}`, { field: 'token' });
    const reply = await this.post('/wallet/getassetissuebyid', { value: id });
    if (Object.keys(reply).length === 0) fail('NOT_FOUND', `token ${id} does not exist on the node at ${this.baseUrl}`, { field: 'token' });
    const token = this.read<AssetIssueContract>(AssetIssueContractSchema, reply, 'token');
    if (token.id !== id)
      fail('NODE_REPLY', `the node at ${this.baseUrl} answered token ${clean(token.id)} when asked for ${id}`, { node: this.baseUrl, field: 'id' });
    return token;
  }

  /** The node's fee parameters (getchainparameters entries whose name ends in Fee), in sun. */
  async fees(): Promise<Record<string, number | string>> {
    const reply = await this.post('/wallet/getchainparameters');
    const list = Array.isArray(reply.chainParameter) ? reply.chainParameter : [];
    const out: Record<string, number | string> = {};
    for (const entry of list) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { key, value } = entry as { key?: unknown; value?: unknown };
      if (typeof key !== 'string' || !/^get[A-Za-z]{1,60}Fee$/.test(key)) continue;
      if (value !== undefined && typeof value !== 'number' && typeof value !== 'bigint') continue;
      out[key] = jsonSafe(value ?? 0) as number | string;
    }
    return out;
  }

  /** getsignweight: what the node says the signatures weigh, without broadcasting. */
  async signWeight(tx: SignedTransaction): Promise<SignWeightView> {
    const reply = await this.post('/wallet/getsignweight', transactionToNodeJson(tx));
    const { transaction: _t, ...rest } = reply;
    const sw = this.read<TransactionSignWeight>(TransactionSignWeightSchema, rest, 'signweight');
    const code = TransactionSignWeight_Result_response_codeSchema.values.find((v) => v.number === (sw.result?.code ?? 0))?.name ?? 'OTHER_ERROR';
    const threshold = sw.permission ? sw.permission.threshold : null;
    return {
      code,
      message: clean(sw.result?.message ?? ''),
      approved: sw.approvedList.map((a) => addressToBase58(a)),
      weight: jsonSafe(sw.currentWeight) as number | string,
      threshold: threshold === null ? null : (jsonSafe(threshold) as number | string),
      enough: code === 'ENOUGH_PERMISSION',
    };
  }

  /** Broadcasts; the node's answer in words (a refusal is returned, not thrown). */
  async broadcast(tx: SignedTransaction): Promise<BroadcastResult> {
    const json = transactionToNodeJson(tx);
    const reply = await this.post('/wallet/broadcasttransaction', json);
    // The txID of the bytes sent: the node's `txid` is its word, and a hostile node could write anything there.
    const txID = json.txID;
    if (reply.result === true) {
      return { accepted: true, txID, text: `The node accepted transaction ${txID}; it goes into the next block.` };
    }
    const code =
      typeof reply.code === 'string' ? clean(reply.code) : (Return_response_codeSchema.values.find((v) => v.number === reply.code)?.name ?? 'OTHER_ERROR');
    const raw = typeof reply.message === 'string' ? reply.message : '';
    // The node's message is hex-encoded UTF-8 unless visible (PROTOCOL.md §7).
    const decoded = /^([0-9a-fA-F]{2})+$/.test(raw) ? tryUtf8(hexToBytes(raw)) : undefined;
    const message = clean(decoded ?? raw);
    const meaning = Object.prototype.hasOwnProperty.call(BROADCAST_MEANINGS, code) ? BROADCAST_MEANINGS[code] : undefined;
    return {
      accepted: false,
      txID,
      code,
      message,
      ...(meaning ? { meaning } : {}),
      text: `The node refused transaction ${txID}: ${code}${message ? `: ${message}` : ''}.${meaning ? ` ${meaning}.` : ''}`,
    };
  }

  /**
   * Which dialect the node speaks, from its head block (the producer's address key) and one account
   * (`address`, else the block's producer, whose executive permission names it). Call it once for a
   * new node URL and keep the suggestion in the settings; it sends no translation of its own.
   */
  async probeDialect(address?: string): Promise<DialectProbe> {
    const evidence: DialectProbe['evidence'] = [];
    const block = await this.exchange('/wallet/getnowblock', {});
    const fromBlock = dialectOfBlock(block);
    if (fromBlock) evidence.push({ ...fromBlock, reply: 'block' });
    const raw = (block.block_header as { raw_data?: Record<string, unknown> } | undefined)?.raw_data;
    const producer = raw?.witness_address ?? raw?.executive_address;
    const who = address !== undefined ? addressToHex(parseAddress(address, 'address')) : typeof producer === 'string' ? producer : undefined;
    if (who !== undefined) {
      const fromAccount = dialectOfAccount(await this.exchange('/wallet/getaccount', { address: who }));
      if (fromAccount) evidence.push({ ...fromAccount, reply: 'account' });
    }
    const said = [...new Set(evidence.map((e) => e.dialect))];
    const seen = evidence.map((e) => `${e.seen} in the ${e.reply} reply`).join(' and ');
    if (said.length === 1) {
      const dialect = said[0]!;
      return { dialect, evidence, text: `The node at ${this.baseUrl} speaks the ${dialect} dialect (it wrote ${seen}).` };
    }
    if (said.length > 1) {
      return { dialect: null, evidence, text: `The node at ${this.baseUrl} mixes both dialects (${seen}); set the dialect by hand.` };
    }
    return {
      dialect: null,
      evidence,
      text: `The node at ${this.baseUrl} sent nothing that only one dialect names; set the dialect by hand (spec for Airlock's own node, java-tron for any other).`,
    };
  }

  /**
   * Whether the account's permissions changed since `snapshot` (what the signers saw), given the
   * account as the node has it `now`; with `tx`, its signatures weighed under the current ones.
   */
  comparePermissions(snapshot: HandoffPermission | SnapshotAccount, now: SnapshotAccount, tx?: SignedTransaction): PermissionComparison {
    return comparePermissions(snapshot, now, tx);
  }

  /** Fetches the owner's account and compares it with `snapshot`; then getsignweight as a dry run. */
  async preflight(
    tx: SignedTransaction,
    snapshot: HandoffPermission | SnapshotAccount,
  ): Promise<{ comparison: PermissionComparison; signWeight: SignWeightView }> {
    const now = await this.account(snapshot.address);
    return { comparison: comparePermissions(snapshot, now, tx), signWeight: await this.signWeight(tx) };
  }

  /** A chain snapshot of `accounts` and `tokens` at the head block, with the node's fees. */
  async snapshot(accounts: string[], tokens: string[] = []): Promise<ChainSnapshot> {
    const block = await this.latestBlock();
    const accountList: SnapshotAccount[] = [];
    for (const a of accounts) accountList.push(await this.account(a, block));
    const tokenList: SnapshotToken[] = [];
    // A token whose chain texts the file format refuses (a bidi override in its description) is
    // left out, as in a handoff file: the snapshot's result lists the tokens it holds.
    for (const t of tokens) {
      const token = await this.token(t);
      if (fileCarriesToken(token)) tokenList.push(token);
    }
    return exportSnapshot({ node: this.baseUrl, block, accounts: accountList, tokens: tokenList, fees: await this.fees(), exportedAt: this.clock() });
  }
}

/**
 * Probes the node at `baseUrl` once (NodeClient.probeDialect) and returns the suggestion. A preset
 * (shared/chain/networks.ts) already names its dialect and needs no probe.
 */
export async function probeDialect(
  baseUrl: string,
  options: Omit<NodeClientOptions, 'baseUrl' | 'dialect'> & { address?: string } = {},
): Promise<DialectProbe> {
  const { address, ...rest } = options;
  return new NodeClient({ ...rest, baseUrl }).probeDialect(address);
}

/** getchainparameters' `chainParameter` keys in dialect `to`; other members are left alone. */
function chainParametersIn(reply: Record<string, unknown>, to: Dialect): Record<string, unknown> {
  if (!Array.isArray(reply.chainParameter)) return reply;
  return {
    ...reply,
    chainParameter: reply.chainParameter.map((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null || typeof (entry as { key?: unknown }).key !== 'string') return entry;
      const e = entry as { key: string };
      return { ...e, key: chainParameterName(e.key, to) };
    }),
  };
}
