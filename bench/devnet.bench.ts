/**
 * `npm run bench:devnet`: sustained validated transactions per second of the devnet, and the
 * latency of /wallet/broadcasttransaction over loopback HTTP, for single-signature transfers, for
 * 5-signature transfers (a 5-of-5 active permission, Permission_id 2), and for TRC-20 transfers of
 * the genesis token (TriggerSmartContract run in the node's EVM, docs/decisions.md §17) beside TRX transfers.
 *
 * The node runs as `npm run devnet` does (devnet/cli.ts, in-memory state, a block every 3 s) in
 * its own process; this process is the client. Every transaction is built and signed before the
 * clock starts, then broadcast with a fixed number of requests in flight. Each run stops when its
 * transactions are spent or after RUN_MS, so the whole bench takes well under a minute. Figures are
 * for information only: nothing here asserts a speed. Two CPU columns: the node's CPU time per
 * transaction (Linux /proc), which other load on the machine does not inflate the way it inflates
 * wall time, and the client's (process.cpuUsage), which says whether the client kept up. With
 * AIRLOCK_BENCH_PROFILE=DIR the node process also writes a V8 CPU profile (.cpuprofile) into DIR
 * when it stops.
 *
 * The station sends getsignweight before each broadcast, so one more load does that (5 signatures).
 *
 * Side by side: `npm run bench:devnet -- --base DIR [--rounds N] [--runs single,multi,trc20,station]`
 * runs the same load against this checkout's node and the node of the checkout in DIR (a copy of
 * main with its node_modules), interleaved A/B, B/A, A/B… with a fresh node for every run of each,
 * only one node alive at a time, and prints every round and the medians. The load is always built
 * and sent by this checkout's client, so only the node differs.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { create } from '@bufbuild/protobuf';
import { TransferContractSchema } from '../shared/gen/protocol/contract_pb.ts';
import { TriggerSmartContractSchema } from '../shared/gen/protocol/smart_contract_pb.ts';
import { encodeEvmCall } from '../devnet/evm/abi.ts';
import { GENESIS_TOKEN_ADDRESS_HEX } from '../devnet/evm/genesis-token.ts';
import { addressToHex } from '../shared/chain/address.ts';
import { bytesToHex, hexToBytes } from '../shared/base/bytes.ts';
import { addressOfPrivateKey, generatePrivateKey, signDigest } from '../shared/chain/keys.ts';
import { recoverSigner, recoveryBackend } from '../shared/chain/verify.ts';
import { parseJson, stringifyJson } from '../shared/base/json.ts';
import { createTransaction, transactionToNodeJson } from '../shared/chain/transaction.ts';
import { sized } from './smoke.ts';

const RUN_MS = sized(5_000, 1_000);
const SINGLE_TXS = sized(2_500, 20);
const MULTI_TXS = sized(700, 10);
const TRC20_TXS = sized(1_500, 10);
/** fee_limit of each TRC-20 transfer: 100 coin, far above what one uses. */
const TRC20_FEE_LIMIT = 100n * 1_000_000n;
const SUN = 1_000_000n;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** AIRLOCK_BENCH_PROFILE=DIR writes the node's V8 CPU profile there when it stops (devnet/README.md "Performance"). */
function profileFlags(): string[] {
  const dir = process.env.AIRLOCK_BENCH_PROFILE;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/**
 * CPU time (user + system, ms) the node process has used so far, from /proc on Linux (clock ticks
 * of 10 ms); undefined elsewhere. Unlike wall time it does not grow when other processes take the
 * cores, so ms per transaction says what the node's own work costs.
 */
function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Starts the node of the checkout in `dir` (its devnet/cli.ts through its own tsx). */
async function startNodeProcess(dir: string): Promise<{ url: string; pid: number | undefined; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [...profileFlags(), '--import', 'tsx', 'devnet/cli.ts', '--port', '0', '--quiet'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = out.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) resolve(m[1]!);
    });
    void exited.then(() => reject(new Error(`the devnet exited early:\n${out}`)));
  });
  return {
    url,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function post(url: string, path: string, body: unknown): Promise<Json> {
  const res = await fetch(url + path, { method: 'POST', body: stringifyJson(body) });
  return parseJson(await res.text()) as Json;
}

interface Key {
  priv: Uint8Array;
  hex: string;
}

function key(priv: Uint8Array = generatePrivateKey()): Key {
  return { priv, hex: addressToHex(addressOfPrivateKey(priv)) };
}

/** Builds and signs `count` transfers locally, referencing the node's head block `head`. */
function presign(head: Json, from: Key, to: Key, signers: Key[], count: number, permissionId: number, firstAmount = 0): string[] {
  const number = BigInt((head.block_header.raw_data.number as number | undefined) ?? 0);
  const refBlockBytes = hexToBytes(number.toString(16).padStart(16, '0').slice(12));
  const refBlockHash = hexToBytes((head.blockID as string).slice(16, 32));
  const expiration = BigInt(head.block_header.raw_data.timestamp as number) + 60_000n;
  const bodies: string[] = [];
  for (let i = 0; i < count; i++) {
    const value = create(TransferContractSchema, { ownerAddress: hexToBytes(from.hex), toAddress: hexToBytes(to.hex), amount: BigInt(firstAmount + i + 1) });
    const tx = createTransaction({ type: 'TransferContract', value, permissionId }, { refBlockBytes, refBlockHash, expiration, timestamp: BigInt(Date.now()) });
    const signatures = signers.map((s) => signDigest(tx.txId, s.priv));
    bodies.push(stringifyJson(transactionToNodeJson({ rawBytes: tx.rawBytes, signatures })));
  }
  return bodies;
}

/**
 * Builds and signs `count` TRC-20 transfers of the genesis token from `from` (its holder) to `to`,
 * each of a different amount so every txID differs.
 */
function presignTrc20(head: Json, from: Key, to: Key, count: number): string[] {
  const number = BigInt((head.block_header.raw_data.number as number | undefined) ?? 0);
  const refBlockBytes = hexToBytes(number.toString(16).padStart(16, '0').slice(12));
  const refBlockHash = hexToBytes((head.blockID as string).slice(16, 32));
  const expiration = BigInt(head.block_header.raw_data.timestamp as number) + 60_000n;
  const bodies: string[] = [];
  for (let i = 0; i < count; i++) {
    const data = encodeEvmCall('transfer(address,uint256)', [
      { type: 'address', value: hexToBytes(to.hex) },
      { type: 'uint256', value: BigInt(i + 1) },
    ]);
    const value = create(TriggerSmartContractSchema, { ownerAddress: hexToBytes(from.hex), contractAddress: hexToBytes(GENESIS_TOKEN_ADDRESS_HEX), data });
    const tx = createTransaction(
      { type: 'TriggerSmartContract', value, permissionId: 0 },
      { refBlockBytes, refBlockHash, expiration, timestamp: BigInt(Date.now()), feeLimit: TRC20_FEE_LIMIT },
    );
    bodies.push(stringifyJson(transactionToNodeJson({ rawBytes: tx.rawBytes, signatures: [signDigest(tx.txId, from.priv)] })));
  }
  return bodies;
}

interface Result {
  name: string;
  concurrency: number;
  sent: number;
  accepted: number;
  ms: number;
  latencies: number[];
  /** CPU ms the node used during the run, when the platform tells. */
  nodeCpuMs?: number;
  /** CPU ms this process (the client) used during the run. */
  clientCpuMs: number;
  firstError?: string;
}

const BROADCAST = ['/wallet/broadcasttransaction'];
/** What the station sends for each transaction it broadcasts: the dry run, then the broadcast (ARCHITECTURE.md, "broadcast"). */
const STATION_BROADCAST = ['/wallet/getsignweight', '/wallet/broadcasttransaction'];

/** Sends each body to each of `paths` in turn; the last reply says whether it was accepted. */
async function run(url: string, pid: number | undefined, name: string, bodies: string[], concurrency: number, paths = BROADCAST): Promise<Result> {
  const cpuBefore = cpuMsOf(pid);
  const clientBefore = process.cpuUsage();
  const latencies: number[] = [];
  let next = 0;
  let accepted = 0;
  let firstError: string | undefined;
  const start = performance.now();
  const deadline = start + RUN_MS;
  const worker = async (): Promise<void> => {
    while (next < bodies.length && performance.now() < deadline) {
      const body = bodies[next++]!;
      const t0 = performance.now();
      let reply: Json = {};
      for (const path of paths) reply = (await (await fetch(url + path, { method: 'POST', body })).json()) as Json;
      latencies.push(performance.now() - t0);
      if (reply.result === true) accepted++;
      else firstError ??= `${reply.code}: ${Buffer.from(String(reply.message), 'hex').toString('utf8')}`;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const ms = performance.now() - start;
  const client = process.cpuUsage(clientBefore);
  const result: Result = { name, concurrency, sent: latencies.length, accepted, ms, latencies, clientCpuMs: (client.user + client.system) / 1000 };
  if (firstError !== undefined) result.firstError = firstError;
  const cpuAfter = cpuMsOf(pid);
  if (cpuBefore !== undefined && cpuAfter !== undefined) result.nodeCpuMs = cpuAfter - cpuBefore;
  return result;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The figures of one run: validated tx/s, latency percentiles, node and client CPU ms per transaction. */
interface Figures {
  txPerS: number;
  p50: number;
  p99: number;
  nodeCpu: number;
  clientCpu: number;
}

function figuresOf(r: Result): Figures {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  return {
    txPerS: r.accepted / (r.ms / 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    nodeCpu: r.nodeCpuMs === undefined || r.sent === 0 ? NaN : r.nodeCpuMs / r.sent,
    clientCpu: r.sent === 0 ? NaN : r.clientCpuMs / r.sent,
  };
}

const fixed = (v: number, digits: number): string => (Number.isNaN(v) ? '-' : v.toFixed(digits));

/** The loads a run can send: one name per kind of transaction. */
type LoadName = 'single' | 'multi' | 'trc20' | 'station';
const LOAD_NAMES: readonly LoadName[] = ['single', 'multi', 'trc20', 'station'];

interface Loads {
  single: string[];
  multi: string[];
  trc20: string[];
  /** 5-signature transfers sent as the station sends them: getsignweight, then broadcast. */
  station: string[];
}

/**
 * A fresh node of the checkout in `dir`, with the bench's accounts: a funded single signer, an
 * account whose Permission_id 2 is a 5-of-5 transfer permission, the genesis token's holder; and
 * the load pre-signed against its head block (only the kinds asked for).
 */
async function openSession(
  dir: string,
  kinds: readonly LoadName[],
): Promise<{ node: Awaited<ReturnType<typeof startNodeProcess>>; loads: Loads; head: Json; single: Key }> {
  const node = await startNodeProcess(dir);
  try {
    const { url } = node;
    const single = key();
    const multi = key();
    const to = key();
    const cosigners = [key(), key(), key(), key(), key()];
    for (const k of [single, multi, to]) await post(url, '/devnet/faucet', { address: k.hex, amount: 1_000_000n * SUN });

    // A 5-of-5 active permission that may only transfer (Permission_id 2).
    const update = await post(url, '/wallet/accountpermissionupdate', {
      owner_address: multi.hex,
      owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: multi.hex, weight: 1 }] },
      actives: [
        {
          type: 'Active',
          permission_name: 'five',
          threshold: 5,
          operations: '02' + '00'.repeat(31),
          keys: cosigners.map((k) => ({ address: k.hex, weight: 1 })),
        },
      ],
    });
    const signedUpdate = { ...update, signature: [bytesToHex(signDigest(hexToBytes(update.txID as string), multi.priv))] };
    const accepted = await post(url, '/wallet/broadcasttransaction', signedUpdate);
    if (accepted.result !== true) throw new Error(`permission update refused: ${JSON.stringify(accepted)}`);

    const head = await post(url, '/wallet/getnowblock', {});
    const loads: Loads = { single: [], multi: [], trc20: [], station: [] };
    if (kinds.includes('single')) loads.single = presign(head, single, to, [single], SINGLE_TXS, 0);
    if (kinds.includes('multi')) loads.multi = presign(head, multi, to, cosigners, MULTI_TXS, 2);
    // Other amounts than the multi load's, so both can run against one node.
    if (kinds.includes('station')) loads.station = presign(head, multi, to, cosigners, MULTI_TXS, 2, MULTI_TXS);
    if (kinds.includes('trc20')) {
      // The built-in genesis' first account (alice, the PROTOCOL.md §9.1 test key 11×32) holds the token.
      const holder = key(hexToBytes('11'.repeat(32)));
      await post(url, '/devnet/faucet', { address: holder.hex, amount: 1_000_000n * SUN });
      loads.trc20 = presignTrc20(head, holder, to, TRC20_TXS);
    }
    return { node, loads, head, single };
  } catch (e) {
    await node.stop();
    throw e;
  }
}

/** The bench as it always ran: one node of this checkout, each load sequentially and 16 in flight. */
async function singleCheckout(): Promise<void> {
  console.log(`pre-signing ${SINGLE_TXS} single-signature, 2 × ${MULTI_TXS} 5-signature and ${TRC20_TXS} TRC-20 transfers...`);
  const { node, loads, head, single } = await openSession(process.cwd(), LOAD_NAMES);
  try {
    const { url, pid } = node;
    const results: Result[] = [];
    results.push(await run(url, pid, '1 signature, sequential', loads.single.slice(0, 500), 1));
    results.push(await run(url, pid, '1 signature', loads.single.slice(500), 16));
    results.push(await run(url, pid, '5 signatures, sequential', loads.multi.slice(0, 200), 1));
    results.push(await run(url, pid, '5 signatures', loads.multi.slice(200), 16));
    results.push(await run(url, pid, '5 signatures, getsignweight then broadcast', loads.station, 16, STATION_BROADCAST));
    results.push(await run(url, pid, 'TRC-20 transfer, sequential', loads.trc20.slice(0, 300), 1));
    results.push(await run(url, pid, 'TRC-20 transfer', loads.trc20.slice(300), 16));

    // What a TRC-20 transfer cost in energy: the receipt of the last one, once in a block.
    await post(url, '/devnet/produceblock', {});
    const lastTrc20 = parseJson(loads.trc20[loads.trc20.length - 1]!) as Json;
    const receipt = await post(url, '/wallet/gettransactioninfobyid', { value: lastTrc20.txID });

    // What one signature costs the node: it recovers every signer's address (shared/chain/verify.ts).
    const probe = hexToBytes(head.blockID as string);
    const sig = signDigest(probe, single.priv);
    const t0 = performance.now();
    for (let i = 0; i < 100; i++) recoverSigner(sig, probe);
    const recoverMs = (performance.now() - t0) / 100;

    console.log('');
    console.log(
      `one secp256k1 signer recovery (shared/chain/verify.ts, ${recoveryBackend()}) takes ${recoverMs.toFixed(2)} ms here; the node does one per signature`,
    );
    console.log('');
    console.log('| run | in flight | sent | accepted | seconds | validated tx/s | p50 ms | p99 ms | node CPU ms/tx | client CPU ms/tx |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      const f = figuresOf(r);
      console.log(
        `| ${r.name} | ${r.concurrency} | ${r.sent} | ${r.accepted} | ${(r.ms / 1000).toFixed(2)} | ${f.txPerS.toFixed(0)} | ${f.p50.toFixed(2)} | ${f.p99.toFixed(2)} | ${fixed(f.nodeCpu, 2)} | ${fixed(f.clientCpu, 2)} |`,
      );
      if (r.firstError) console.log(`  first refusal: ${r.firstError}`);
    }
    if (receipt.receipt) {
      console.log('');
      console.log(
        `a TRC-20 transfer's receipt: ${receipt.receipt.result}, ${receipt.receipt.energy_usage_total} energy, ${receipt.receipt.energy_fee} sun of energy fee`,
      );
    }
  } finally {
    await node.stop();
  }
}

const LOAD_TITLES: Record<LoadName, string> = {
  single: '1 signature',
  multi: '5 signatures',
  trc20: 'TRC-20 transfer',
  station: '5 sigs, signweight+broadcast',
};

/**
 * This checkout (A) against the checkout in `baseDir` (B), the same load 16 in flight, `rounds`
 * times, in the order A B, B A, A B…: each side's runs meet the same spread of background load.
 */
async function sideBySide(baseDir: string, rounds: number, kinds: readonly LoadName[]): Promise<void> {
  const sides = [
    { label: 'branch', dir: process.cwd() },
    { label: 'base', dir: baseDir },
  ];
  console.log(`side by side: branch = this checkout, base = ${baseDir}`);
  console.log(`${rounds} round(s), loads ${kinds.join(', ')}, 16 in flight; a fresh node per side and round`);
  const figures = new Map<string, Figures[]>();
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const { node, loads } = await openSession(side.dir, kinds);
      try {
        for (const kind of kinds) {
          const r = await run(node.url, node.pid, LOAD_TITLES[kind], loads[kind], 16, kind === 'station' ? STATION_BROADCAST : BROADCAST);
          if (r.firstError) console.log(`  ${side.label}, ${kind}: first refusal: ${r.firstError}`);
          const f = figuresOf(r);
          const k = `${kind}|${side.label}`;
          figures.set(k, [...(figures.get(k) ?? []), f]);
          console.log(
            `round ${round + 1} ${side.label.padEnd(6)} ${LOAD_TITLES[kind].padEnd(28)} ${f.txPerS.toFixed(0).padStart(5)} tx/s  node ${fixed(f.nodeCpu, 3)} ms/tx  client ${fixed(f.clientCpu, 3)} ms/tx  p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms`,
          );
        }
      } finally {
        await node.stop();
      }
    }
  }
  console.log('');
  // Other load only ever adds time, so beside the medians the best round says most about the node itself.
  console.log(`medians of ${rounds} round(s), and the best round's tx/s and node CPU:`);
  console.log('');
  console.log('| load | node | validated tx/s | best tx/s | node CPU ms/tx | best node CPU | client CPU ms/tx | p50 ms | p99 ms |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const kind of kinds) {
    for (const side of sides) {
      const list = figures.get(`${kind}|${side.label}`) ?? [];
      const m = (pick: (f: Figures) => number): number => median(list.map(pick));
      const bestRate = Math.max(...list.map((f) => f.txPerS));
      const bestCpu = Math.min(...list.map((f) => f.nodeCpu).filter((v) => !Number.isNaN(v)));
      const cells = [
        LOAD_TITLES[kind],
        side.label,
        m((f) => f.txPerS).toFixed(0),
        bestRate.toFixed(0),
        fixed(
          m((f) => f.nodeCpu),
          3,
        ),
        Number.isFinite(bestCpu) ? bestCpu.toFixed(3) : '-',
        fixed(
          m((f) => f.clientCpu),
          3,
        ),
        m((f) => f.p50).toFixed(1),
        m((f) => f.p99).toFixed(1),
      ];
      console.log(`| ${cells.join(' | ')} |`);
    }
  }
}

interface BenchArgs {
  base?: string;
  rounds: number;
  kinds: LoadName[];
}

function parseArgs(argv: string[]): BenchArgs {
  const args: BenchArgs = { rounds: sized(5, 1), kinds: ['single', 'multi'] };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--base') {
      const dir = resolve(value());
      if (!existsSync(join(dir, 'devnet', 'cli.ts'))) throw new Error(`--base: ${dir} is not a checkout of this repository (no devnet/cli.ts)`);
      if (!existsSync(join(dir, 'node_modules')))
        throw new Error(`--base: ${dir} has no node_modules (link this checkout's: ln -s ${resolve('node_modules')} ${dir}/node_modules)`);
      args.base = dir;
    } else if (flag === '--rounds') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1 || n > 100) throw new Error('--rounds: expected 1-100');
      args.rounds = n;
    } else if (flag === '--runs') {
      const kinds = value().split(',');
      for (const k of kinds) if (!(LOAD_NAMES as readonly string[]).includes(k)) throw new Error(`--runs: expected a list of ${LOAD_NAMES.join(', ')}`);
      args.kinds = kinds as LoadName[];
    } else {
      throw new Error(`unknown flag ${flag}; usage: npm run bench:devnet -- [--base DIR [--rounds N] [--runs single,multi,trc20,station]]`);
    }
  }
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  console.log(`devnet bench: node ${process.version}, ${(await import('node:os')).cpus().length} CPU(s); each run ≤ ${RUN_MS / 1000} s`);
  if (args.base !== undefined) await sideBySide(args.base, args.rounds, args.kinds);
  else await singleCheckout();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
