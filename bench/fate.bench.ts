/**
 * `npm run bench:fate`: one status pass that proves fates (docs/decisions.md §24, station/node/fate-proof.ts)
 * against the local node in this process over loopback HTTP: 200 open transactions spread over 50
 * blocks (4 a block). A pass asks the node about each transaction, reads the head, the solidified
 * head, the executive list (once per station) and each of the 50 blocks once, recomputes each
 * block's transaction root, recovers each producer signature, and records 200 fates. The issue's
 * target: ≤ 2 s. The first station built and broadcast them; the others imported the same handoff
 * files, so each pass starts cold (its own executive set, no block read yet).
 * Figures are for information only: nothing here asserts a speed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startDevnet } from '../devnet/node.ts';
import { createStationHandlers } from '../electron/shell/station-handlers.ts';
import { generatePrivateKey, addressOfPrivateKey } from '../shared/chain/keys.ts';
import { addressToBase58 } from '../shared/chain/address.ts';
import { openStation, type Station } from '../station/station.ts';
import { MemoryVault } from '../station/vault/memory-vault.ts';

const TRANSACTIONS = 200;
const PER_BLOCK = 4;
const STATIONS = 4;
const ALICE = '11'.repeat(32);

const dir = mkdtempSync(join(tmpdir(), 'airlock-bench-fate-'));
let now = 1_800_000_000_000;
const devnet = await startDevnet({ port: 0, blockIntervalMs: 'manual', clock: () => now });
const block = async (): Promise<void> => {
  now += 3000;
  await devnet.produceBlock();
};
await block();

const open: { station: Station; vault: MemoryVault }[] = [];
function station(name: string) {
  const vault = new MemoryVault();
  const s = openStation({ dataDir: join(dir, name), nodeUrl: devnet.url, clock: () => now, vaultBackend: vault });
  open.push({ station: s, vault });
  return { station: s, api: createStationHandlers(s, { appInfo: () => ({ name, version: 'bench', dataDir: s.dataDir }) }) };
}

try {
  console.log(`fate bench: node ${process.version}; ${TRANSACTIONS} open transactions over ${TRANSACTIONS / PER_BLOCK} blocks, the devnet over loopback`);
  const first = station('a');
  await first.api.keysImport({ privateKeyHex: ALICE, label: 'alice' });
  const alice = addressToBase58(addressOfPrivateKey(Uint8Array.from(Buffer.from(ALICE, 'hex'))));
  await first.api.accountFetch({ address: alice });
  const files: { name: string; text: string }[] = [];
  for (let i = 0; i < TRANSACTIONS; i++) {
    const b = await first.api.buildTransfer({ from: alice, to: addressToBase58(addressOfPrivateKey(generatePrivateKey())), amount: String(1000 + i) });
    await first.api.sign({ txId: b.txId });
    const f = await first.api.exportHandoff({ txId: b.txId });
    files.push({ name: f.fileName, text: f.text });
    if (!(await first.api.broadcast({ txId: b.txId })).accepted) throw new Error(`broadcast ${i} refused`);
    if ((i + 1) % PER_BLOCK === 0) await block();
  }
  const others = [];
  for (let s = 1; s < STATIONS; s++) {
    const o = station(`s${s}`);
    for (let at = 0; at < files.length; at += 100) await o.api.importFiles({ files: files.slice(at, at + 100) });
    others.push(o);
  }
  console.log('\n| station | asked | recorded | blocks read | ms |\n|---|---:|---:|---:|---:|');
  const times: number[] = [];
  for (const [i, s] of [first, ...others].entries()) {
    const t0 = performance.now();
    const pass = await s.station.transactionsRefreshStatus();
    const ms = performance.now() - t0;
    times.push(ms);
    console.log(
      `| ${i === 0 ? 'built and broadcast them' : `imported them (${i})`} | ${pass.asked} | ${pass.changes.length} | ${pass.blocksRead} | ${ms.toFixed(0)} |`,
    );
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `\none pass over ${TRANSACTIONS} transactions in ${TRANSACTIONS / PER_BLOCK} blocks: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, worst ${sorted.at(-1)!.toFixed(0)} ms (target ≤ 2000 ms)`,
  );
} finally {
  for (const o of open) {
    o.station.close();
    o.vault.close();
  }
  await devnet.stop();
  rmSync(dir, { recursive: true, force: true });
}
