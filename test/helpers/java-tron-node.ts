/**
 * A test node on loopback that answers in java-tron's dialect (docs/decisions.md §11), from the recorded reply
 * shapes in test/fixtures/java-tron/ (README there says where each shape comes from). It is not a
 * chain: it holds the fixture accounts and token, one head block, and checks what a java-tron node
 * would check of a broadcast that matters to the station's flow, using TronWeb as the independent
 * reader of java-tron's JSON:
 * - the request's `raw_data` is rebuilt the way java-tron does (it ignores raw_data_hex): TronWeb's
 *   txJsonToPb must give the same bytes and txID, else the signatures are over other bytes (SIGERROR);
 * - the signers (recovered by TronWeb) must be in the named permission and reach its threshold
 *   (getsignweight's and broadcast's SIGERROR answers, PROTOCOL.md §4.1, §7).
 * Every request is recorded (path, headers, body) so tests can assert what went on the wire.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { utils as tronUtils } from 'tronweb';
import { ENUM_RENAMES, FIELD_RENAMES, type Dialect } from '../../shared/chain/dialect.ts';
import type { Json } from './devnet-helpers.ts';

export type { Json };

const ONLY: Record<Dialect, Set<string>> = {
  spec: new Set([...Object.values(FIELD_RENAMES), ...Object.values(ENUM_RENAMES)].flatMap((t) => Object.keys(t))),
  'java-tron': new Set([...Object.values(FIELD_RENAMES), ...Object.values(ENUM_RENAMES)].flatMap((t) => Object.values(t))),
};

/**
 * The names only `dialect` uses, found as keys or as permission types anywhere in `v` (a value such
 * as a permission *called* "witness" is data, not a name).
 */
export function namesOnlyIn(dialect: Dialect, v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) v.forEach((x) => namesOnlyIn(dialect, x, out));
  else if (typeof v === 'object' && v !== null) {
    for (const [k, x] of Object.entries(v)) {
      if (ONLY[dialect].has(k)) out.push(k);
      if (k === 'type' && typeof x === 'string' && ONLY[dialect].has(x)) out.push(x);
      namesOnlyIn(dialect, x, out);
    }
  }
  return out;
}

function fixture(name: string): Json {
  return JSON.parse(readFileSync(new URL(`../fixtures/java-tron/${name}`, import.meta.url), 'utf8')) as Json;
}
export const FIXTURES = {
  accounts: fixture('getaccount.json').accounts as Json[],
  block: fixture('getnowblock.json').reply as Json,
  tokens: fixture('getassetissuebyid.json').tokens as Json[],
  chainParameters: fixture('getchainparameters.json').reply as Json,
  broadcast: fixture('broadcast.json'),
};

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Json;
}

export interface JavaTronNode {
  url: string;
  requests: RecordedRequest[];
  /** Transactions the node accepted, as sent. */
  accepted: Json[];
  /** Answers the next broadcasts with these replies (their `txid` filled in), in order. */
  refuseNext(...replies: Json[]): void;
  /** Answers the next request to `path` with this raw reply text. */
  answerNext(path: string, text: string): void;
  stop(): Promise<void>;
}

const hexOf = (v: unknown): string => (typeof v === 'string' ? v.toLowerCase() : '');

/** What java-tron would compute for the transaction's signatures (getsignweight's fields). */
function signWeight(tx: Json): { permission?: Json; approved: string[]; weight: number; txid: string; error?: { code: string; message: string } } {
  const pb = tronUtils.transaction.txJsonToPb(tx);
  const txid = tronUtils.transaction.txPbToTxID(pb).replace(/^0x/, '');
  const contract = tx.raw_data?.contract?.[0];
  const owner = hexOf(contract?.parameter?.value?.owner_address);
  const account = FIXTURES.accounts.find((a) => a.address === owner);
  if (!account) return { approved: [], weight: 0, txid, error: { code: 'PERMISSION_ERROR', message: 'Account does not exist!' } };
  const id = contract.Permission_id ?? 0;
  const permission =
    id === 0 ? account.owner_permission : id === 1 ? account.witness_permission : (account.active_permission as Json[]).find((p) => p.id === id);
  if (!permission) return { approved: [], weight: 0, txid, error: { code: 'PERMISSION_ERROR', message: 'Permission for this, does not exist!' } };
  const approved: string[] = [];
  let weight = 0;
  for (const sig of (tx.signature ?? []) as string[]) {
    const signer = tronUtils.crypto.ecRecover(txid, sig).toLowerCase();
    const key = (permission.keys as Json[]).find((k) => k.address === signer);
    if (!key)
      return {
        permission,
        approved: [],
        weight: 0,
        txid,
        error: { code: 'PERMISSION_ERROR', message: `${sig} is signed by ${tronUtils.address.fromHex(signer)} but it is not contained of permission.` },
      };
    approved.push(signer);
    weight += key.weight as number;
  }
  return { permission, approved, weight, txid };
}

const hexText = (text: string): string => Buffer.from(text, 'utf8').toString('hex');

export async function startJavaTronNode(): Promise<JavaTronNode> {
  const requests: RecordedRequest[] = [];
  const accepted: Json[] = [];
  const refusals: Json[] = [];
  const canned = new Map<string, string[]>();

  const answer = (path: string, body: Json): Json => {
    switch (path) {
      case '/wallet/getnowblock':
        return FIXTURES.block;
      case '/wallet/getblock': {
        const { transactions: _t, ...header } = FIXTURES.block;
        return header;
      }
      case '/wallet/getaccount':
        return FIXTURES.accounts.find((a) => a.address === hexOf(body.address)) ?? {};
      case '/wallet/getassetissuebyid':
        return FIXTURES.tokens.find((t) => t.id === String(body.value)) ?? {};
      case '/wallet/getchainparameters':
        return FIXTURES.chainParameters;
      case '/wallet/getsignweight': {
        const w = signWeight(body);
        const out: Json = {};
        if (w.permission) out.permission = w.permission;
        if (w.error) out.result = w.error;
        else {
          if (w.approved.length > 0) Object.assign(out, { approved_list: w.approved, current_weight: w.weight });
          out.result = w.weight >= (w.permission!.threshold as number) ? {} : { code: 'NOT_ENOUGH_PERMISSION' };
        }
        out.transaction = { result: { result: true }, txid: w.txid, transaction: body };
        return out;
      }
      case '/wallet/broadcasttransaction': {
        const w = signWeight(body);
        const refusal = refusals.shift();
        if (refusal) return { ...refusal, ...(refusal.txid !== undefined ? { txid: w.txid } : {}) };
        const sigError = (message: string): Json => ({ code: 'SIGERROR', message: hexText(`Validate signature error: ${message}`), txid: w.txid });
        // java-tron signs over what it rebuilds from raw_data: other bytes, other signers.
        if (
          w.txid !== hexOf(body.txID) ||
          tronUtils.transaction.txPbToRawDataHex(tronUtils.transaction.txJsonToPb(body)).toLowerCase() !== hexOf(body.raw_data_hex)
        ) {
          return sigError('raw_data does not encode to the signed bytes');
        }
        if (w.error)
          return w.error.code === 'PERMISSION_ERROR' ? sigError(w.error.message) : { code: 'OTHER_ERROR', message: hexText(w.error.message), txid: w.txid };
        if (w.weight < (w.permission!.threshold as number)) return sigError('sig error');
        accepted.push(body);
        return { result: true, txid: w.txid };
      }
      // No blocks are made here: an accepted transaction stays pending (held, no receipt), and one
      // never seen is java-tron's empty object on both lookups.
      case '/wallet/gettransactioninfobyid':
        return {};
      case '/wallet/gettransactionbyid':
        return accepted.find((t) => hexOf(t.txID) === hexOf(body.value)) ?? {};
      default:
        return { Error: `no such servlet: ${path}` };
    }
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      let body: Json;
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        body = text === '' ? {} : (JSON.parse(text) as Json);
      } catch {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Error: 'class com.alibaba.fastjson.JSONException : syntax error' }));
        return;
      }
      requests.push({ path, headers: req.headers, body });
      const queued = canned.get(path)?.shift();
      if (queued !== undefined) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(queued);
        return;
      }
      let reply: Json;
      try {
        reply = answer(path, body);
      } catch (e) {
        reply = { Error: `class java.lang.IllegalArgumentException : ${(e as Error).message}` };
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    accepted,
    refuseNext: (...replies) => void refusals.push(...replies),
    answerNext: (path, text) => void canned.set(path, [...(canned.get(path) ?? []), text]),
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
