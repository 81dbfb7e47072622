// docs/decisions.md §25 "the cost offline", on two real stations and the devnet over loopback HTTP: station A
// (online) exports a snapshot that carries the chain's parameters, the account's resources and the
// energy of the contract calls it holds unsent (shared/files/snapshot-costs.ts); station B, whose
// node answers nothing, imports it and A's handoff files and says what each transaction will cost,
// the same figures A reads from the node, marked claimed, from the snapshot of block N. Without a
// snapshot B says it is offline; a call the snapshot has no estimate for is said to be unknown
// offline; a snapshot whose costs are dated ahead of B's clock is refused and nothing is kept; an
// older snapshot imported later does not replace a newer one's figures.
import { beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_TOKEN_ADDRESS_BASE58 } from '../../devnet/evm/genesis-token.ts';
import { K, newKey } from '../helpers/devnet-helpers.ts';
import { devnetApiStations } from '../helpers/devnet-station-helpers.ts';
import { MAX_FUTURE_SKEW_MS } from '../../shared/base/limits.ts';

const devnet = devnetApiStations('airlock-cost-offline-');
const station = devnet.station;

let A: ReturnType<typeof station>;
beforeAll(async () => {
  A = station('a', devnet.node.url);
  await A.keysImport({ privateKeyHex: K.alice.priv, label: 'alice' });
  await A.accountFetch({ address: K.alice.b58 });
  await A.accountFetch({ address: K.bob.b58 });
  await A.contractAdd({ address: GENESIS_TOKEN_ADDRESS_BASE58 });
}, 60_000);

/** Station B, offline (nothing answers on port 9), holding A's handoff files of `txIds`. */
async function offlineB(name: string, txIds: string[]) {
  const B = station(name, 'http://127.0.0.1:9');
  for (const txId of txIds) await B.importFiles({ files: [{ name: `${txId.slice(0, 8)}.airlock.json`, text: (await A.exportHandoff({ txId })).text }] });
  return B;
}

/** The figures that must agree between the node's answer and the snapshot's claim. */
const figures = (c: Awaited<ReturnType<typeof A.transactionCost>>) => ({
  bytes: c.bytes,
  bandwidth: c.bandwidth,
  items: c.items,
  total: c.total,
  balance: c.balance,
  balanceAfter: c.balanceAfter,
  energy: c.energy,
  canPay: c.canPay,
});

describe('the cost on an offline station, from the snapshot', () => {
  it('without a snapshot it says offline in words; with one, the same figures as online, marked claimed at the block', async () => {
    const toNew = await A.buildTransfer({ from: K.alice.b58, to: newKey().b58, amount: '1000', note: 'to a new address' });
    const toBob = await A.buildTransfer({ from: K.alice.b58, to: K.bob.b58, amount: '1000', note: 'to bob' });
    const call = await A.buildTrc20Transfer({ from: K.alice.b58, token: GENESIS_TOKEN_ADDRESS_BASE58, to: newKey().b58, amount: '1', feeLimit: '20' });
    const B = await offlineB('b', [toNew.txId, toBob.txId, call.txId]);
    await expect(B.transactionCost({ txId: toNew.txId })).rejects.toMatchObject({
      code: 'NODE_UNREACHABLE',
      message: expect.stringMatching(/nothing answers at http:\/\/127\.0\.0\.1:9/),
    });

    const file = await A.snapshotExport({ accounts: [K.alice.b58, K.bob.b58] });
    await B.snapshotImport({ fileName: 'costs.json', text: file.text });
    for (const { txId } of [toNew, toBob, call]) {
      const online = await A.transactionCost({ txId });
      const offline = await B.transactionCost({ txId });
      expect(figures(offline)).toEqual(figures(online));
      expect(offline.claimed).toEqual({
        file: 'costs.json',
        block: file.block.number,
        text: `claimed, from the snapshot of block ${file.block.number} (costs.json), not read from the node`,
      });
      expect(offline.provenance).toEqual({ node: devnet.node.url, block: file.block.number });
      expect(offline.text).toContain(`(claimed, from the snapshot of block ${file.block.number} (costs.json), not read from the node)`);
      expect(online.claimed).toBeUndefined();
    }
    // The recipient of the first transfer is in no snapshot: counted as new, and said so.
    expect((await B.transactionCost({ txId: toNew.txId })).warnings[0]).toMatch(/^Offline, whether T\w+ exists is not known: it is counted as a new address/);
    expect((await B.transactionCost({ txId: call.txId })).energy?.needed).toMatch(/^[1-9]\d{3,}$/);
  });

  it('a contract call the snapshot carries no estimate for: its energy is unknown offline, and the whole fee limit is counted', async () => {
    const file = await A.snapshotExport({ accounts: [K.alice.b58] });
    const later = await A.buildTrc20Transfer({ from: K.alice.b58, token: GENESIS_TOKEN_ADDRESS_BASE58, to: newKey().b58, amount: '2', feeLimit: '20' });
    const B = await offlineB('b2', [later.txId]);
    await B.snapshotImport({ fileName: 'before-the-call.json', text: file.text });
    const cost = await B.transactionCost({ txId: later.txId });
    expect(cost.energy).toMatchObject({ feeLimitCheck: 'unknown', feeLimit: '20000000' });
    expect(cost.energy?.needed).toBeUndefined();
    expect(cost.warnings[0]).toBe("Offline, a contract call's energy cannot be estimated: the snapshot carries no estimate for this call.");
    expect(BigInt(cost.totalAtMost)).toBe(BigInt(cost.total) + 20_000_000n);
  });

  it('costs dated ahead of the clock are refused and nothing is kept; an older snapshot does not replace a newer one', async () => {
    const built = await A.buildTransfer({ from: K.alice.b58, to: K.bob.b58, amount: '5' });
    const B = await offlineB('b3', [built.txId]);
    const older = await A.snapshotExport({ accounts: [K.alice.b58, K.bob.b58] });
    await devnet.node.block();
    devnet.node.clock.now += 3_000;
    const newer = await A.snapshotExport({ accounts: [K.alice.b58, K.bob.b58] });
    expect(newer.block.number).toBeGreaterThan(older.block.number);

    const ahead = JSON.parse(newer.text) as { costs: { at: number }; exporter?: unknown };
    ahead.costs.at = devnet.node.clock.now + MAX_FUTURE_SKEW_MS + 60_000;
    delete ahead.exporter;
    await expect(Promise.resolve().then(() => B.snapshotImport({ fileName: 'ahead.json', text: JSON.stringify(ahead) }))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/^ahead\.json: costs\.at: dated .* nothing was stored$/),
    });
    await expect(B.transactionCost({ txId: built.txId })).rejects.toMatchObject({ code: 'NODE_UNREACHABLE' });

    await B.snapshotImport({ fileName: 'newer.json', text: newer.text });
    await B.snapshotImport({ fileName: 'older.json', text: older.text });
    expect((await B.transactionCost({ txId: built.txId })).claimed).toMatchObject({ file: 'newer.json', block: newer.block.number });
  });
});
