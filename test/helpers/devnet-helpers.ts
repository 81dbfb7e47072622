// Helpers for the devnet suites: a devnet on 127.0.0.1 (random port, manual blocks, injectable
// clock), a JSON client over real HTTP, and signing with shared/ exactly as a signer would.
import { spawn, type ChildProcess } from 'node:child_process';
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { expect } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { Transaction_rawSchema, type Transaction_raw } from '../../shared/gen/protocol/core_pb.ts';
import { addressToBase58, addressToHex } from '../../shared/chain/address.ts';
import { bytesToHex, hexToBytes, utf8ToBytes } from '../../shared/base/bytes.ts';
import { addressOfPrivateKey, generatePrivateKey, signDigest } from '../../shared/chain/keys.ts';
import { parseJson, stringifyJson } from '../../shared/base/json.ts';
import { parseGenesis, type Genesis } from '../../devnet/genesis.ts';
import { startDevnet, type Devnet, type DevnetOptions } from '../../devnet/node.ts';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A test key: its private key (hex), address (hex, 41…) and Base58 form. */
export interface TestKey {
  priv: string;
  hex: string;
  b58: string;
}

export function testKey(priv: string | Uint8Array): TestKey {
  const bytes = typeof priv === 'string' ? hexToBytes(priv) : priv;
  const address = addressOfPrivateKey(bytes);
  return { priv: bytesToHex(bytes), hex: addressToHex(address), b58: addressToBase58(address) };
}

export const newKey = (): TestKey => testKey(generatePrivateKey());

/** The default genesis' keys (PROTOCOL.md §9.1 test keys). */
export const K = {
  alice: testKey('11'.repeat(32)),
  bob: testKey('12'.repeat(32)),
  carol: testKey('13'.repeat(32)),
  dave: testKey('21'.repeat(32)),
  k22: testKey('22'.repeat(32)),
  k23: testKey('23'.repeat(32)),
  exec: testKey('31'.repeat(32)),
  block: testKey('32'.repeat(32)),
  k33: testKey('33'.repeat(32)),
};

export const SUN = 1_000_000n;
export const T0 = 1_800_000_000_000;

export interface TestNode {
  devnet: Devnet;
  url: string;
  /** The injected clock: set `clock.now`, then produce a block to move the head. */
  clock: { now: number };
  logs: string[];
  post(path: string, body?: unknown): Promise<Json>;
  /** POST and also return the HTTP status. */
  request(path: string, body?: unknown, init?: { method?: string; headers?: Record<string, string>; raw?: string }): Promise<{ status: number; json: Json }>;
  /** Advances the clock by `ms` and produces a block at that time. */
  block(ms?: number): Promise<void>;
  account(address: string): Promise<Json>;
  balance(address: string): Promise<bigint>;
  /** The head block's timestamp (ms), from /wallet/getnowblock. */
  headTime(): Promise<number>;
  /** /wallet/createtransaction for a native-coin transfer; fails the test if the node refuses to build it. */
  transfer(from?: TestKey, toHex?: string, amount?: number | bigint): Promise<Json>;
  /** /wallet/broadcasttransaction, with the reply's message decoded. */
  broadcast(tx: Json): Promise<{ code?: string; message: string; reply: Json }>;
  stop(): Promise<void>;
}

export async function startNode(options: DevnetOptions & { genesisJson?: unknown; firstBlock?: boolean; startAt?: number } = {}): Promise<TestNode> {
  const clock = { now: options.startAt ?? T0 };
  const logs: string[] = [];
  const { genesisJson, firstBlock = true, startAt: _startAt, ...rest } = options;
  const genesis: Genesis | undefined = genesisJson === undefined ? rest.genesis : parseGenesis(genesisJson);
  const devnet = await startDevnet({
    port: 0,
    blockIntervalMs: 'manual',
    clock: () => clock.now,
    log: (line) => logs.push(line),
    ...rest,
    ...(genesis ? { genesis } : {}),
  });
  const request: TestNode['request'] = async (path, body, init = {}) => {
    const res = await fetch(devnet.url + path, {
      method: init.method ?? 'POST',
      headers: init.headers ?? {},
      ...(init.method === 'GET' ? {} : { body: init.raw ?? (body === undefined ? '' : stringifyJson(body)) }),
    });
    const text = await res.text();
    return { status: res.status, json: parseJson(text) as Json };
  };
  const node: TestNode = {
    devnet,
    url: devnet.url,
    clock,
    logs,
    request,
    post: async (path, body) => (await request(path, body)).json,
    block: async (ms = 3000) => {
      clock.now += ms;
      await devnet.produceBlock();
    },
    account: (address) => node.post('/wallet/getaccount', { address, visible: true }),
    balance: async (address) => BigInt((await node.account(address)).balance ?? 0),
    headTime: async () => (await node.post('/wallet/getnowblock')).block_header.raw_data.timestamp as number,
    transfer: async (from = K.alice, toHex = K.bob.hex, amount = 1) => {
      const tx = await node.post('/wallet/createtransaction', { owner_address: from.hex, to_address: toHex, amount });
      expect(tx.Error).toBeUndefined();
      return tx;
    },
    broadcast: async (tx) => {
      const reply = await node.post('/wallet/broadcasttransaction', tx);
      return { code: reply.code, message: reply.message === undefined ? '' : messageText(reply), reply };
    },
    stop: () => devnet.stop(),
  };
  // Move the head past genesis so transactions built now reference a produced block.
  if (firstBlock) await node.block();
  return node;
}

/**
 * A genesis account whose owner permission needs both k22 and k23 (2 of 2), so every transaction
 * it sends carries two signatures and pays MULTI_SIGN_FEE. Its 0.6 coin cannot pay that fee;
 * spread it with another balance where a test needs one.
 */
export const PAIR_ACCOUNT = {
  name: 'pair',
  privateKey: K.k22.priv,
  balance: '600000',
  owner_permission: {
    type: 'Owner',
    permission_name: 'owner',
    threshold: 2,
    keys: [
      { address: K.k22.hex, weight: 1 },
      { address: K.k23.hex, weight: 1 },
    ],
  },
};

/**
 * A createassetissue body for `owner`: the token `name`, 1,000 units sold 1:1 between `start` and
 * `end` (ms), a url made from the name. `extra` overrides or adds fields.
 */
export function assetIssueBody(owner: TestKey, name: string, sale: { start: number; end: number }, extra: Json = {}): Json {
  return {
    owner_address: owner.hex,
    name: hexText(name),
    total_supply: 1_000,
    coin_num: 1,
    num: 1,
    start_time: sale.start,
    end_time: sale.end,
    url: hexText(`https://${name.toLowerCase()}.invalid`),
    ...extra,
  };
}

/** Appends signatures by `keys` to a transaction JSON (the node's shape), as a signer would. */
export function sign(tx: Json, ...keys: TestKey[]): Json {
  const txId = sha256(hexToBytes(tx.raw_data_hex as string));
  const signatures = [...((tx.signature as string[] | undefined) ?? [])];
  for (const k of keys) signatures.push(bytesToHex(signDigest(txId, hexToBytes(k.priv))));
  return { ...tx, signature: signatures };
}

/** A transaction JSON from raw fields we set ourselves (for broadcast edge cases the builders refuse). */
export function rawTransaction(raw: Transaction_raw, ...keys: TestKey[]): Json {
  const rawBytes = toBinary(Transaction_rawSchema, raw);
  const txId = sha256(rawBytes);
  return {
    raw_data_hex: bytesToHex(rawBytes),
    txID: bytesToHex(txId),
    signature: keys.map((k) => bytesToHex(signDigest(txId, hexToBytes(k.priv)))),
  };
}

/** Decodes an unsigned create-endpoint reply's raw bytes, so a test can change one field and re-encode. */
export function rawOf(tx: Json): Transaction_raw {
  return fromBinary(Transaction_rawSchema, hexToBytes(tx.raw_data_hex as string));
}

/** The broadcast reply's message, decoded from hex (visible = false) to text. */
export function messageText(reply: Json): string {
  return new TextDecoder().decode(hexToBytes(reply.message as string));
}

export const hexText = (text: string): string => bytesToHex(utf8ToBytes(text));

/** createtransaction + sign + broadcast; returns the broadcast reply and the signed tx. */
export async function sendTransfer(
  node: TestNode,
  from: TestKey,
  to: string,
  amount: bigint | number,
  signers: TestKey[] = [from],
  permissionId = 0,
): Promise<{ reply: Json; tx: Json }> {
  const built = await node.post('/wallet/createtransaction', {
    owner_address: from.hex,
    to_address: to,
    amount,
    ...(permissionId ? { Permission_id: permissionId } : {}),
  });
  if (built.Error) throw new Error(`createtransaction: ${built.Error}`);
  const tx = sign(built, ...signers);
  return { reply: await node.post('/wallet/broadcasttransaction', tx), tx };
}

/** Builds with a create endpoint, signs with `signers`, broadcasts. */
export async function buildAndSend(node: TestNode, path: string, body: Json, signers: TestKey[]): Promise<{ reply: Json; tx: Json; built: Json }> {
  const built = await node.post(path, body);
  if (built.Error) throw new Error(`${path}: ${built.Error}`);
  const tx = sign(built, ...signers);
  return { reply: await node.post('/wallet/broadcasttransaction', tx), tx, built };
}

/** Funds a fresh key from the faucet. */
export async function funded(node: TestNode, amount: bigint = 10_000n * SUN): Promise<TestKey> {
  const k = newKey();
  const r = await node.post('/devnet/faucet', { address: k.hex, amount });
  if (r.result !== true) throw new Error(`faucet: ${JSON.stringify(r)}`);
  return k;
}

/** An AccountPermissionUpdateContract body: owner single key, `actives` as given. */
export function permissionUpdateBody(owner: TestKey, actives: Json[], ownerPermission?: Json, executive?: Json): Json {
  return {
    owner_address: owner.hex,
    owner: ownerPermission ?? { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: owner.hex, weight: 1 }] },
    ...(executive ? { executive } : {}),
    actives,
  };
}

/** The operations mask allowing only TransferContract (type 1). */
export const TRANSFER_ONLY_OPS = '02' + '00'.repeat(31);

/** The contract types a treasury week runs under its permission 2 (test/integration/treasury-week.test.ts and its Chromium twin), and nothing else. */
export const WEEK_OPERATIONS = [
  'TransferContract',
  'TransferAssetContract',
  'VoteWitnessContract',
  'WithdrawBalanceContract',
  'TriggerSmartContract',
  'AccountPermissionUpdateContract',
  'FreezeBalanceV2Contract',
  'DelegateResourceContract',
] as const;

/** A child process whose stdout and stderr are collected, with a wait for a line matching a pattern. */
export interface WatchedProcess {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
  waitFor: (re: RegExp) => Promise<RegExpMatchArray>;
}

/**
 * Spawns `command` and watches its output. With `group`, the child leads its own process group, so
 * `stopGroup` reaches what it started too (npm runs a script through a shell and tsx). `env`
 * replaces the environment the child inherits.
 */
export function spawnWatched(command: string, args: string[], options: { group?: boolean; env?: NodeJS.ProcessEnv } = {}): WatchedProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: options.group ?? false, ...(options.env && { env: options.env }) });
  let out = '';
  const listeners: (() => void)[] = [];
  const onData = (chunk: Buffer): void => {
    out += chunk.toString('utf8');
    listeners.forEach((l) => l());
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = (re: RegExp): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const m = out.match(re);
        if (m) resolve(m);
      };
      listeners.push(check);
      check();
      void exit.then(() => {
        check();
        reject(new Error(`${command} ${args.join(' ')} exited before printing ${re}:\n${out}`));
      });
    });
  return { child, output: () => out, exit, waitFor };
}

/** Sends `signal` to the whole process group of a child spawned with `group: true`. */
export function stopGroup(run: WatchedProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  process.kill(-run.child.pid!, signal);
}

/** `npm run devnet` without npm: devnet/cli.ts under this Node with the tsx loader. */
export function runDevnetCli(args: string[]): WatchedProcess {
  return spawnWatched(process.execPath, ['--import', 'tsx', 'devnet/cli.ts', ...args]);
}
