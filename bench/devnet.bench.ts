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
 * for information only: nothing here asserts a speed. The last column is the node's CPU time per
 * transaction (Linux /proc), which other load on the machine does not inflate the way it inflates
 * wall time. With AIRLOCK_BENCH_PROFILE=DIR the node
 * process also writes a V8 CPU profile (.cpuprofile) into DIR when it stops.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

async function startNodeProcess(): Promise<{ url: string; pid: number | undefined; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [...profileFlags(), '--import', 'tsx', 'devnet/cli.ts', '--port', '0', '--quiet'], {
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
function presign(head: Json, from: Key, to: Key, signers: Key[], count: number, permissionId: number): string[] {
  const number = BigInt((head.block_header.raw_data.number as number | undefined) ?? 0);
  const refBlockBytes = hexToBytes(number.toString(16).padStart(16, '0').slice(12));
  const refBlockHash = hexToBytes((head.blockID as string).slice(16, 32));
  const expiration = BigInt(head.block_header.raw_data.timestamp as number) + 60_000n;
  const bodies: string[] = [];
  for (let i = 0; i < count; i++) {
    const value = create(TransferContractSchema, { ownerAddress: hexToBytes(from.hex), toAddress: hexToBytes(to.hex), amount: BigInt(i + 1) });
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
  firstError?: string;
}

async function run(url: string, pid: number | undefined, name: string, bodies: string[], concurrency: number): Promise<Result> {
  const cpuBefore = cpuMsOf(pid);
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
      const res = await fetch(`${url}/wallet/broadcasttransaction`, { method: 'POST', body });
      const reply = (await res.json()) as Json;
      latencies.push(performance.now() - t0);
      if (reply.result === true) accepted++;
      else firstError ??= `${reply.code}: ${Buffer.from(String(reply.message), 'hex').toString('utf8')}`;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const ms = performance.now() - start;
  const result: Result = { name, concurrency, sent: latencies.length, accepted, ms, latencies };
  if (firstError !== undefined) result.firstError = firstError;
  const cpuAfter = cpuMsOf(pid);
  if (cpuBefore !== undefined && cpuAfter !== undefined) result.nodeCpuMs = cpuAfter - cpuBefore;
  return result;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  console.log(`devnet bench: node ${process.version}, ${(await import('node:os')).cpus().length} CPU(s); each run ≤ ${RUN_MS / 1000} s`);
  const node = await startNodeProcess();
  try {
    const { url, pid } = node;
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

    console.log(`pre-signing ${SINGLE_TXS} single-signature and ${MULTI_TXS} 5-signature transfers...`);
    const head = await post(url, '/wallet/getnowblock', {});
    const singles = presign(head, single, to, [single], SINGLE_TXS, 0);
    const multis = presign(head, multi, to, cosigners, MULTI_TXS, 2);
    // The built-in genesis' first account (alice, the PROTOCOL.md §9.1 test key 11×32) holds the token.
    const holder = key(hexToBytes('11'.repeat(32)));
    await post(url, '/devnet/faucet', { address: holder.hex, amount: 1_000_000n * SUN });
    console.log(`pre-signing ${TRC20_TXS} TRC-20 transfers...`);
    const trc20s = presignTrc20(head, holder, to, TRC20_TXS);

    const results: Result[] = [];
    results.push(await run(url, pid, '1 signature, sequential', singles.slice(0, 500), 1));
    results.push(await run(url, pid, '1 signature', singles.slice(500), 16));
    results.push(await run(url, pid, '5 signatures, sequential', multis.slice(0, 200), 1));
    results.push(await run(url, pid, '5 signatures', multis.slice(200), 16));
    results.push(await run(url, pid, 'TRC-20 transfer, sequential', trc20s.slice(0, 300), 1));
    results.push(await run(url, pid, 'TRC-20 transfer', trc20s.slice(300), 16));

    // What a TRC-20 transfer cost in energy: the receipt of the last one, once in a block.
    await post(url, '/devnet/produceblock', {});
    const lastTrc20 = parseJson(trc20s[trc20s.length - 1]!) as Json;
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
    console.log('| run | in flight | sent | accepted | seconds | validated tx/s | p50 ms | p99 ms | node CPU ms/tx |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      const sorted = [...r.latencies].sort((a, b) => a - b);
      const cpu = r.nodeCpuMs === undefined || r.sent === 0 ? '-' : (r.nodeCpuMs / r.sent).toFixed(2);
      console.log(
        `| ${r.name} | ${r.concurrency} | ${r.sent} | ${r.accepted} | ${(r.ms / 1000).toFixed(2)} | ${(r.accepted / (r.ms / 1000)).toFixed(0)} | ${percentile(sorted, 50).toFixed(2)} | ${percentile(sorted, 99).toFixed(2)} | ${cpu} |`,
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

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
