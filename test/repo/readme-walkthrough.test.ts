/**
 * The README's station walkthrough runs as written (docs/decisions.md §7 "Done when"): every ```sh walkthrough
 * block of README.md, in order, as one bash script with `set -eu`, in an empty folder, with `npx
 * airlock` standing for the real bin/airlock.mjs under Node 22 and the node URL the README uses
 * (`npm start`'s http://127.0.0.1:8090) replaced by a local node started here on a free port with
 * the real clock and 1 s blocks. The payments must land: Bob's account ends with both TRX payments
 * and the TRC-20 one.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../devnet/node.ts';
import { addressFromBase58, addressToHex } from '../../shared/chain/address.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const quote = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;

function walkthroughBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] | undefined;
  for (const line of markdown.split('\n')) {
    if (current) {
      if (line.startsWith('```')) {
        blocks.push(current.join('\n'));
        current = undefined;
      } else current.push(line);
    } else if (line.trim() === '```sh walkthrough') current = [];
  }
  return blocks;
}

function runBash(script: string, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => void (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('README walkthrough', () => {
  let devnet: Devnet;
  let dir: string;
  beforeAll(async () => {
    devnet = await startDevnet({ port: 0, blockIntervalMs: 1_000 });
    dir = mkdtempSync(join(tmpdir(), 'airlock-walkthrough-'));
  });
  afterAll(async () => {
    await devnet?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs every step, online and air-gapped, and the payments land', async () => {
    const blocks = walkthroughBlocks(readFileSync(join(repoRoot, 'README.md'), 'utf8'));
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    const airlock = `${quote(process.execPath)} ${quote(join(repoRoot, 'bin/airlock.mjs'))}`;
    const script = ['set -eu', ...blocks, 'echo "BOB=$B1"'].join('\n').replaceAll('npx airlock', airlock).replaceAll('http://127.0.0.1:8090', devnet.url);
    const r = await runBash(script, dir);
    expect({ code: r.code, stderr: r.code === 0 ? '' : r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(r.stdout).toContain('payments');
    expect(r.stdout).toContain('confirmed');
    const bob = /BOB=(T\w+)/.exec(r.stdout)![1]!;
    const reply = await fetch(`${devnet.url}/wallet/getaccount`, { method: 'POST', body: JSON.stringify({ address: bob, visible: true }) });
    expect(((await reply.json()) as { balance?: number }).balance).toBe(3_000_000);
    // The TRC-20 payment landed: 12.5 ATD (6 decimals) in Bob's token balance, read by a constant call.
    const call = await fetch(`${devnet.url}/wallet/triggerconstantcontract`, {
      method: 'POST',
      body: JSON.stringify({
        owner_address: bob,
        contract_address: 'TRrvMn1whRaaqi4Dq8amyePrDDVzYpidgk',
        function_selector: 'balanceOf(address)',
        parameter: '0'.repeat(24) + addressToHex(addressFromBase58(bob)).slice(2),
        visible: true,
      }),
    });
    expect(BigInt('0x' + ((await call.json()) as { constant_result: string[] }).constant_result[0])).toBe(12_500_000n);
  }, 300_000);
});
