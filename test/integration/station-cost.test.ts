// docs/decisions.md §25 through the station: a transaction built and stored by the station, its cost read from
// the node before signing (station/transactions/cost.ts, the service and `airlock cost`), then
// signed, broadcast and sealed; the receipt's fee is the estimate, for a transfer to a new address
// (activation), a transfer to a known one (free bandwidth) and a TRC-20 transfer (energy from the
// node's constant call). `airlock status` adds the same cost block while the transaction is unsent,
// and says why not when offline. An unknown or malformed txID is refused by name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Station } from '../../station/station.ts';
import { GENESIS_TOKEN_ADDRESS_BASE58 } from '../../devnet/evm/genesis-token.ts';
import { K, newKey, startNode, SUN, type TestNode } from '../helpers/devnet-helpers.ts';
import { keyFile, keystoreStation, testStation, workDir, type TestStation } from '../helpers/station-helpers.ts';
import { hexToBytes } from '../../shared/base/bytes.ts';

let node: TestNode;
let work: { dir: string; remove: () => void };
let station: Station;
let S: TestStation;

beforeAll(async () => {
  node = await startNode();
  work = workDir();
  station = keystoreStation(join(work.dir, 'st'), node.url, () => node.clock.now);
  await station.keysImport({ secret: hexToBytes(K.alice.priv) });
  await station.accountFetch({ address: K.alice.b58 });
  await station.contractAdd({ address: GENESIS_TOKEN_ADDRESS_BASE58 });
  S = testStation(work.dir, 'cli', { node: node.url, now: () => node.clock.now });
  await S.ok(['keys', 'import', '--key-file', keyFile(work.dir, 'alice.key', K.alice.priv)]);
  await S.ok(['account', 'fetch', K.alice.b58]);
}, 60_000);

afterAll(async () => {
  station?.close();
  await node?.stop();
  work?.remove();
});

async function signSendFee(txId: string): Promise<bigint> {
  await station.sign({ txId });
  const sent = await station.broadcast({ txId });
  expect(sent.accepted).toBe(true);
  await node.block();
  const info = await node.post('/wallet/gettransactioninfobyid', { value: txId });
  return BigInt(info.fee ?? 0);
}

describe('the cost before signing, against the receipt', () => {
  it('a transfer to a new address pays the activation fee; one to a known address pays nothing', async () => {
    const fresh = await station.buildTransfer({ from: K.alice.b58, to: newKey().b58, amount: '1' });
    const cost = await station.transactionCost({ txId: fresh.txId });
    expect(cost.bandwidth).toBe('activation-fee');
    expect(cost.total).toBe('100000');
    expect(cost.provenance).toEqual({ node: node.url, block: expect.any(Number) });
    expect(cost.signatures).toBe(1);
    expect(await signSendFee(fresh.txId)).toBe(100_000n);
    node.clock.now += 1;
    const known = await station.buildTransfer({ from: K.alice.b58, to: K.bob.b58, amount: '1' });
    const free = await station.transactionCost({ txId: known.txId });
    expect(free.total).toBe('0');
    expect(await signSendFee(known.txId)).toBe(0n);
  });

  it('a TRC-20 transfer: the energy from the constant call, burned at the energy price', async () => {
    const built = await station.buildTrc20Transfer({ from: K.alice.b58, token: GENESIS_TOKEN_ADDRESS_BASE58, to: newKey().b58, amount: '1', feeLimit: '20' });
    const cost = await station.transactionCost({ txId: built.txId });
    expect(BigInt(cost.energy!.needed!)).toBeGreaterThan(10_000n);
    expect(cost.energy?.feeLimitCheck).toBe('ok');
    expect(await signSendFee(built.txId)).toBe(BigInt(cost.total));
  });

  it('`airlock cost` prints the same in words, with the node and block it was read at', async () => {
    node.clock.now += 1;
    const built = await S.ok(['build', 'transfer', '--from', K.alice.b58, '--to', newKey().b58, '--amount', String(2n * SUN)]);
    const run = await S.run(['cost', built.txId]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('total 0.1 TRX (bandwidth 0.1 TRX)');
    expect(run.stdout).toContain(`read from ${node.url} at block`);
    await S.ok(['contract', 'add', GENESIS_TOKEN_ADDRESS_BASE58]);
    const call = await S.ok([
      'build',
      'trc20-transfer',
      '--from',
      K.alice.b58,
      '--to',
      newKey().b58,
      '--token',
      GENESIS_TOKEN_ADDRESS_BASE58,
      '--amount',
      '1',
      '--fee-limit',
      '1',
    ]);
    const low = await S.run(['cost', call.txId]);
    expect(low.code).toBe(0);
    expect(low.stdout).toMatch(/fee limit 1 TRX \(too-low\); proposed \d+(\.\d+)? TRX/);
    expect(low.stdout).toContain('warning: The fee limit 1 TRX is below');
  });

  it('`airlock status` prints the same cost block under the transaction while unsent, and says why not when offline', async () => {
    node.clock.now += 1;
    const built = await S.ok(['build', 'transfer', '--from', K.alice.b58, '--to', newKey().b58, '--amount', String(3n * SUN)]);
    const cost = await S.run(['cost', built.txId]);
    const status = await S.run(['status', built.txId]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(built.txId);
    expect(status.stdout).toContain(`\ncost before signing:\n${cost.stdout}`);
    expect(status.stdout).toContain('total 0.1 TRX (bandwidth 0.1 TRX)');
    // --json keeps the status view as it was; the cost's JSON is `airlock --json cost`.
    expect(await S.ok(['status', built.txId])).not.toHaveProperty('cost');
    const offline = testStation(work.dir, 'cli', { node: 'http://127.0.0.1:9', now: () => node.clock.now });
    const cold = await offline.run(['status', built.txId]);
    expect(cold.code).toBe(0);
    expect(cold.stdout).toContain(built.txId);
    expect(cold.stdout).toContain('cost: not shown: the station is offline: nothing answers at http://127.0.0.1:9');
    expect(cold.stdout).not.toContain('cost before signing');
  });

  it('`airlock status` of a transaction already sent prints no cost block (its receipt says what it paid)', async () => {
    node.clock.now += 1;
    const built = await S.ok(['build', 'transfer', '--from', K.alice.b58, '--to', K.bob.b58, '--amount', '1']);
    expect((await S.run(['status', built.txId])).stdout).toMatch(/^cost before signing:$/m);
    await S.ok(['sign', built.txId]);
    await S.ok(['broadcast', built.txId]);
    const status = await S.run(['status', built.txId]);
    expect(status.code).toBe(0);
    expect(status.stdout).not.toMatch(/^cost/m);
  });

  it('an unknown or malformed txID is refused naming it, before any node is asked', async () => {
    const offline = keystoreStation(join(work.dir, 'off'), 'http://127.0.0.1:9', () => node.clock.now);
    try {
      await expect(offline.transactionCost({ txId: 'ab'.repeat(32) })).rejects.toThrow(/no transaction/);
      await expect(offline.transactionCost({ txId: 'not hex' })).rejects.toThrow(/txid: expected a txID/);
    } finally {
      offline.close();
    }
  });

  it('`airlock cost TXID TXID` sums the rows per account and says whether it can pay all of them', async () => {
    node.clock.now += 1;
    const one = await S.ok(['build', 'transfer', '--from', K.alice.b58, '--to', newKey().b58, '--amount', String(SUN)]);
    const two = await S.ok(['build', 'transfer', '--from', K.alice.b58, '--to', newKey().b58, '--amount', String(2n * SUN)]);
    const run = await S.run(['cost', one.txId, two.txId]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`^${K.alice.b58}: 2 row\\(s\\), fees and burns 0\\.2 TRX, sent or staked 3 TRX, balance [\\d.]+ TRX: it can pay all of them \\(read from `),
    );
  });
});
