/**
 * A VIRTUAL Ledger with the TRON app, behind the Speculos emulator's HTTP API (`POST /apdu
 * {"data": hex}` answered `{"data": hex}`) on 127.0.0.1 (docs/decisions.md §23). There is no USB device and no
 * Speculos on the test machines; this stands in for both so the station's Ledger flows run end to
 * end against a real HTTP server.
 *
 * Its seed is PUBLISHED and worthless: the BIP-39 test mnemonic "abandon abandon ... about" (no
 * passphrase), derived with BIP-32 here (HMAC-SHA512, secp256k1). Never put funds on its keys.
 *
 * The rules it copies from LedgerHQ/app-tron 0.7.1 (src/handlers/*.c, src/parse.c, app_errors.h):
 * - CLA 0xE0 only (else 6e00); INS 02 address (P1 1 asks the person), 04 sign, 05 sign by hash,
 *   06 configuration, 08 personal message; any other INS 6d00; a bad path 6a8a; Lc over 255 6700.
 * - INS 04 chunks: P1 0x10 alone, 0x00 first (with the path), 0x80 more, 0x90 last; another P1, or
 *   a continuation with no first, 6b00. Each chunk is decoded ON ITS OWN as a Transaction.raw
 *   (which is why the host cuts at top-level fields): a chunk that does not decode is 6a80.
 * - A memo without "Allow data" 6a8b. Contract types: transfers, TRC-10 transfer, votes (at most 5,
 *   more is 6a80), freeze/unfreeze (1.0 and 2.0), delegate/undelegate, withdraw-expired, claim
 *   rewards and TRC-20 transfer/approve of a listed token are signed after review; any other
 *   contract call needs "Custom contracts" (6a8d); permission updates, proposals and account
 *   updates need "Sign by hash" (6a8c); anything else 6a80.
 * - INS 05 needs "Sign by hash" (6a8c) and exactly 32 bytes after the path (6700).
 * - It signs sha256 of exactly the bytes sent (or the hash sent; or keccak256 of the TRON message
 *   prefix, length and message): r‖s‖v, v = 0/1. The person's "Reject" is 6985.
 *
 * What it CANNOT prove: that the real app parses these bytes the same way, or what a real device's
 * screen displays; its `shown` list is its own summary of what it read, not a screen capture.
 * Faults can be injected (`tamper`) to play a hostile or broken device.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fromBinary } from '@bufbuild/protobuf';
import { hmac } from '@noble/hashes/hmac.js';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { Transaction_rawSchema, type Transaction_raw } from '../../shared/gen/protocol/core_pb.ts';
import { TriggerSmartContractSchema } from '../../shared/gen/protocol/smart_contract_pb.ts';
import { VoteWitnessContractSchema } from '../../shared/gen/protocol/executive_contract_pb.ts';
import { addressFromPublicKey, addressToBase58 } from '../../shared/chain/address.ts';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '../../shared/base/bytes.ts';
import { publicKeyOf, signDigest } from '../../shared/chain/keys.ts';
import { tronMessageDigest } from '../../shared/chain/tron-message.ts';
import { LEDGER_TRC20_TOKENS } from '../../shared/devices/ledger-tokens.ts';

/** The BIP-39 test mnemonic: public, for tests only. */
export const TEST_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HARDENED = 0x8000_0000;
const toBig = (b: Uint8Array): bigint => BigInt(`0x${bytesToHex(b) || '0'}`);
const to32 = (n: bigint): Uint8Array => hexToBytes(n.toString(16).padStart(64, '0'));

/** BIP-32 private derivation of `path` from a BIP-39 seed. */
export function derivePrivateKey(seed: Uint8Array, path: readonly number[]): Uint8Array {
  let I: Uint8Array = hmac(sha512, utf8ToBytes('Bitcoin seed'), seed);
  let key: Uint8Array = I.slice(0, 32);
  let chain: Uint8Array = I.slice(32);
  for (const index of path) {
    const i = new Uint8Array(4);
    new DataView(i.buffer).setUint32(0, index);
    const data = index >= HARDENED ? concatBytes(Uint8Array.of(0), key, i) : concatBytes(publicKeyOf(key, true), i);
    I = hmac(sha512, chain, data);
    key = to32((toBig(I.slice(0, 32)) + toBig(key)) % N);
    chain = I.slice(32);
  }
  return key;
}

export const mnemonicSeed = (mnemonic: string): Uint8Array =>
  pbkdf2(sha512, utf8ToBytes(mnemonic.normalize('NFKD')), utf8ToBytes('mnemonic'), { c: 2048, dkLen: 64 });

/** What the person at the device does when asked. */
export type Decision = 'approve' | 'reject';

export interface VirtualLedgerOptions {
  allowData?: boolean;
  customContracts?: boolean;
  signByHash?: boolean;
  /** Asked at each confirmation; default approve. */
  decide?: (what: ShownRequest) => Decision;
  /** Rewrites an answer before it goes out, or 'hang' to never answer (a device that stops). */
  tamper?: (apdu: Uint8Array, answer: Uint8Array, count: number) => Uint8Array | 'hang';
}

/** What the virtual device read before asking the person (its own summary, not a screen). */
export interface ShownRequest {
  ins: 'address' | 'transaction' | 'hash' | 'message';
  path: string;
  contractType?: string;
  permissionId?: number;
  owner?: string;
  memo?: boolean;
  hash?: string;
}

const FULL = new Set([
  'TransferContract',
  'TransferAssetContract',
  'VoteWitnessContract',
  'FreezeBalanceContract',
  'UnfreezeBalanceContract',
  'FreezeBalanceV2Contract',
  'UnfreezeBalanceV2Contract',
  'DelegateResourceContract',
  'UnDelegateResourceContract',
  'WithdrawExpireUnfreezeContract',
  'WithdrawBalanceContract',
]);
const BY_HASH = new Set([
  'AccountPermissionUpdateContract',
  'ProposalCreateContract',
  'ProposalApproveContract',
  'ProposalDeleteContract',
  'AccountUpdateContract',
]);
const TOKENS = new Set(LEDGER_TRC20_TOKENS.map(([hex]) => hex));
const TYPE_NAMES: Record<number, string> = {
  1: 'TransferContract',
  2: 'TransferAssetContract',
  4: 'VoteWitnessContract',
  10: 'AccountUpdateContract',
  11: 'FreezeBalanceContract',
  12: 'UnfreezeBalanceContract',
  13: 'WithdrawBalanceContract',
  16: 'ProposalCreateContract',
  17: 'ProposalApproveContract',
  18: 'ProposalDeleteContract',
  31: 'TriggerSmartContract',
  41: 'ExchangeCreateContract',
  46: 'AccountPermissionUpdateContract',
  54: 'FreezeBalanceV2Contract',
  55: 'UnfreezeBalanceV2Contract',
  56: 'WithdrawExpireUnfreezeContract',
  57: 'DelegateResourceContract',
  58: 'UnDelegateResourceContract',
};

class Refusal extends Error {
  constructor(readonly sw: number) {
    super(sw.toString(16));
  }
}

export class VirtualLedger {
  readonly seed = mnemonicSeed(TEST_MNEMONIC);
  settings: { allowData: boolean; customContracts: boolean; signByHash: boolean };
  decide: (what: ShownRequest) => Decision;
  tamper: VirtualLedgerOptions['tamper'];
  /** Every request it asked the person about, in order. */
  readonly shown: ShownRequest[] = [];
  /** Commands received. */
  apdus = 0;
  private server: Server | null = null;
  private tx: { path: number[]; hash: Uint8Array[]; type?: string; permissionId: number; owner?: Uint8Array; memo: boolean; needs: number | null } | null =
    null;
  private msg: { path: number[]; left: number; parts: Uint8Array[]; total: number } | null = null;

  constructor(options: VirtualLedgerOptions = {}) {
    this.settings = { allowData: options.allowData ?? false, customContracts: options.customContracts ?? false, signByHash: options.signByHash ?? false };
    this.decide = options.decide ?? (() => 'approve');
    this.tamper = options.tamper;
  }

  /** The address of `path` on this device. */
  addressOf(path: readonly number[]): string {
    return addressToBase58(addressFromPublicKey(publicKeyOf(derivePrivateKey(this.seed, path))));
  }

  /** Starts the HTTP API on 127.0.0.1 (port 0: a free one); returns its URL. */
  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (c: Buffer) => parts.push(c));
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/apdu') {
          res.writeHead(404).end();
          return;
        }
        let apdu: Uint8Array;
        try {
          apdu = hexToBytes((JSON.parse(Buffer.concat(parts).toString('utf8')) as { data: string }).data);
        } catch {
          res.writeHead(400).end();
          return;
        }
        const count = ++this.apdus;
        let answer = this.handle(apdu);
        if (this.tamper) {
          const t = this.tamper(apdu, answer, count);
          if (t === 'hang') return; // never answers; the client's deadline ends it
          answer = t;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: bytesToHex(answer) }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  /** One APDU in, the answer (data ‖ status word) out. */
  handle(apdu: Uint8Array): Uint8Array {
    try {
      return concatBytes(this.dispatch(apdu), Uint8Array.of(0x90, 0x00));
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      return Uint8Array.of(e.sw >> 8, e.sw & 0xff);
    }
  }

  private dispatch(apdu: Uint8Array): Uint8Array {
    if (apdu.length < 5) throw new Refusal(0x6700);
    const [cla, ins, p1, p2, lc] = apdu as unknown as [number, number, number, number, number];
    if (cla !== 0xe0) throw new Refusal(0x6e00);
    if (apdu.length !== 5 + lc) throw new Refusal(0x6700);
    const data = apdu.subarray(5);
    switch (ins) {
      case 0x06:
        return Uint8Array.of((this.settings.allowData ? 1 : 0) | (this.settings.customContracts ? 2 : 0) | (this.settings.signByHash ? 8 : 0), 0, 7, 1);
      case 0x02:
        return this.address(p1, p2, data);
      case 0x04:
        return this.sign(p1, p2, data);
      case 0x05:
        return this.signHash(p1, p2, data);
      case 0x08:
        return this.message(p1, p2, data);
      default:
        throw new Refusal(0x6d00);
    }
  }

  private readPath(data: Uint8Array): { path: number[]; rest: Uint8Array } {
    const depth = data[0] ?? 0;
    if (depth < 1 || depth > 10 || data.length < 1 + 4 * depth) throw new Refusal(0x6a8a);
    const view = new DataView(data.buffer, data.byteOffset, data.length);
    const path = Array.from({ length: depth }, (_, i) => view.getUint32(1 + 4 * i));
    if (path[0] !== 44 + HARDENED || path[1] !== 195 + HARDENED) throw new Refusal(0x6a8a);
    return { path, rest: data.subarray(1 + 4 * depth) };
  }

  private pathText = (path: readonly number[]): string => path.map((i) => (i >= HARDENED ? `${i - HARDENED}'` : `${i}`)).join('/');

  private ask(what: ShownRequest): void {
    this.shown.push(what);
    if (this.decide(what) === 'reject') throw new Refusal(0x6985);
  }

  private address(p1: number, p2: number, data: Uint8Array): Uint8Array {
    if (p1 > 1 || p2 !== 0) throw new Refusal(0x6b00);
    const { path } = this.readPath(data);
    const publicKey = publicKeyOf(derivePrivateKey(this.seed, path));
    const address = utf8ToBytes(addressToBase58(addressFromPublicKey(publicKey)));
    if (p1 === 1) this.ask({ ins: 'address', path: this.pathText(path), owner: new TextDecoder().decode(address) });
    return concatBytes(Uint8Array.of(65), publicKey, Uint8Array.of(address.length), address);
  }

  private sign(p1: number, p2: number, data: Uint8Array): Uint8Array {
    if (p2 !== 0) throw new Refusal(0x6b00);
    let chunk = data;
    if (p1 === 0x10 || p1 === 0x00) {
      const { path, rest } = this.readPath(data);
      this.tx = { path, hash: [], permissionId: 0, memo: false, needs: null };
      chunk = rest;
    } else if (p1 !== 0x80 && p1 !== 0x90) throw new Refusal(0x6b00);
    const tx = this.tx;
    if (!tx) throw new Refusal(0x6b00);
    tx.hash.push(chunk.slice());
    try {
      this.readChunk(tx, chunk);
    } catch (e) {
      this.tx = null;
      throw e;
    }
    if (p1 === 0x00 || p1 === 0x80) return new Uint8Array(0);
    this.tx = null;
    if (!tx.type) throw new Refusal(0x6a80);
    if (tx.needs !== null) throw new Refusal(tx.needs);
    const raw = concatBytes(...tx.hash);
    this.ask({
      ins: 'transaction',
      path: this.pathText(tx.path),
      contractType: tx.type,
      permissionId: tx.permissionId,
      owner: addressToBase58(tx.owner!),
      memo: tx.memo,
    });
    return signDigest(sha256(raw), derivePrivateKey(this.seed, tx.path));
  }

  /** Decodes one chunk on its own, as the app does, and notes what it needs. */
  private readChunk(tx: NonNullable<VirtualLedger['tx']>, chunk: Uint8Array): void {
    let raw: Transaction_raw;
    try {
      raw = fromBinary(Transaction_rawSchema, chunk);
    } catch {
      throw new Refusal(0x6a80);
    }
    if (raw.data.length > 0) {
      tx.memo = true;
      if (!this.settings.allowData) throw new Refusal(0x6a8b);
    }
    const c = raw.contract[0];
    if (!c) return;
    if (raw.contract.length > 1 || !c.parameter) throw new Refusal(0x6a80);
    const type = TYPE_NAMES[c.type];
    tx.type = type ?? `type ${c.type}`;
    tx.permissionId = c.PermissionId;
    const value = c.parameter.value;
    // Field 1 of every contract here is its owner.
    if (value[0] === 0x0a && value[1] === 21) tx.owner = value.slice(2, 23);
    else throw new Refusal(0x6a80);
    if (type === 'VoteWitnessContract') {
      if (fromBinary(VoteWitnessContractSchema, value).votes.length > 5) throw new Refusal(0x6a80);
    } else if (type === 'TriggerSmartContract') {
      const t = fromBinary(TriggerSmartContractSchema, value);
      const selector = bytesToHex(t.data.subarray(0, 4));
      const known = TOKENS.has(bytesToHex(t.contractAddress)) && (selector === 'a9059cbb' || selector === '095ea7b3') && t.data.length === 68;
      if (!known && !this.settings.customContracts) tx.needs = 0x6a8d;
    } else if (type && BY_HASH.has(type)) {
      if (!this.settings.signByHash) tx.needs = 0x6a8c;
    } else if (!type || !FULL.has(type)) throw new Refusal(0x6a80);
  }

  private signHash(p1: number, p2: number, data: Uint8Array): Uint8Array {
    if (p1 !== 0 || p2 !== 0) throw new Refusal(0x6b00);
    if (!this.settings.signByHash) throw new Refusal(0x6a8c);
    const { path, rest } = this.readPath(data);
    if (rest.length !== 32) throw new Refusal(0x6700);
    this.ask({ ins: 'hash', path: this.pathText(path), hash: bytesToHex(rest) });
    return signDigest(rest, derivePrivateKey(this.seed, path));
  }

  private message(p1: number, p2: number, data: Uint8Array): Uint8Array {
    if (p2 !== 0) throw new Refusal(0x6b00);
    let part = data;
    if (p1 === 0x00) {
      const { path, rest } = this.readPath(data);
      if (rest.length < 4) throw new Refusal(0x6700);
      const total = new DataView(rest.buffer, rest.byteOffset, 4).getUint32(0);
      this.msg = { path, left: total, parts: [], total };
      part = rest.subarray(4);
    } else if (p1 !== 0x80 || !this.msg) throw new Refusal(0x6b00);
    const m = this.msg!;
    if (part.length > m.left) throw new Refusal(0x6700);
    m.parts.push(part.slice());
    m.left -= part.length;
    if (m.left > 0) return new Uint8Array(0);
    this.msg = null;
    const message = concatBytes(...m.parts);
    this.ask({ ins: 'message', path: this.pathText(m.path), hash: bytesToHex(tronMessageDigest(message)) });
    return signDigest(tronMessageDigest(message), derivePrivateKey(this.seed, m.path));
  }
}

/** Starts a virtual device; returns it with its `speculos:` setting text. */
export async function startVirtualLedger(options: VirtualLedgerOptions = {}): Promise<{ device: VirtualLedger; url: string; setting: string }> {
  const device = new VirtualLedger(options);
  const url = await device.start();
  return { device, url, setting: `speculos:${url}` };
}
