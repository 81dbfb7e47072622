// A build the account cannot pay is refused before anyone signs (docs/decisions.md §25, station/core/cost-refusal.ts),
// per builder family, on a real station and the devnet over loopback HTTP: a TRX transfer, a TRC-20
// transfer, a token issue and a permission update, each from an account holding less than the
// estimate's total and what the contract moves; the refusal names the shortfall in TRX and where
// the figures came from, and nothing is stored. The same transaction from an account that can pay
// is built. Offline, a station holding a snapshot's claim refuses the same way, saying it is the
// snapshot's claim; with no claim to go on it builds and does not guess.
import { beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_TOKEN_ADDRESS_BASE58 } from '../../devnet/evm/genesis-token.ts';
import { funded, K, newKey, permissionUpdateBody, SUN, type TestKey } from '../helpers/devnet-helpers.ts';
import { devnetApiStations } from '../helpers/devnet-station-helpers.ts';
import { encodeOperationsHex } from '../../shared/chain/operations.ts';

const devnet = devnetApiStations('airlock-build-unpayable-');
const station = devnet.station;

let A: ReturnType<typeof station>;
beforeAll(async () => {
  A = station('a', devnet.node.url);
  await A.contractAdd({ address: GENESIS_TOKEN_ADDRESS_BASE58 });
}, 60_000);

/** The refusal of `build`, with the store's transaction count unchanged. */
async function refused(build: () => unknown): Promise<{ message: string; details: { shortBy: string } }> {
  const before = (await A.list({})).total;
  const error = await Promise.resolve()
    .then(build)
    .then(
      () => {
        throw new Error('built, though the account cannot pay');
      },
      (e: unknown) => e as { code: string; message: string; details: { shortBy: string } },
    );
  expect(error).toMatchObject({ code: 'CONTRACT_VALIDATE', details: { field: 'from' } });
  expect((await A.list({})).total).toBe(before);
  return error;
}

const READ_AT = 'as read from http://127\\.0\\.0\\.1:\\d+ at block \\d+';

async function account(balance: bigint): Promise<TestKey> {
  const k = await funded(devnet.node, balance);
  await A.accountFetch({ address: k.b58 });
  return k;
}

describe('a build the account cannot pay is refused before anyone signs', () => {
  it('a TRX transfer: the amount and the activation fee against the balance, the shortfall named', async () => {
    const poor = await account(5n * SUN);
    const e = await refused(() => A.buildTransfer({ from: poor.b58, to: newKey().b58, amount: String(5n * SUN) }));
    expect(e.message).toMatch(
      new RegExp(
        `^from: not built: The account cannot pay this transaction: it holds 5 TRX and needs 5\\.1 TRX \\(0\\.1 TRX of fees and 5 TRX it sends or stakes\\)\\. It is short by 0\\.1 TRX, after what its free and staked bandwidth and its staked energy cover \\(${READ_AT}\\)\\.$`,
      ),
    );
    expect(e.details.shortBy).toBe('100000');
    // What it can pay is built: 4 TRX to a new address leaves 0.9 TRX.
    const built = await A.buildTransfer({ from: poor.b58, to: newKey().b58, amount: String(4n * SUN) });
    expect(built.txId).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a TRC-20 transfer: the energy the constant call measured, burned at the energy price, against the balance', async () => {
    const poor = await account(1_000n);
    const e = await refused(() => A.buildTrc20Transfer({ from: poor.b58, token: GENESIS_TOKEN_ADDRESS_BASE58, to: K.bob.b58, amount: '1', feeLimit: '50' }));
    expect(e.message).toMatch(
      /^from: not built: The account cannot pay this transaction: after its staked energy it needs [\d.]+ TRX of energy for the call and holds 0\.001 TRX for it, so the call would run out of energy, fail and still burn it\. It is short by [\d.]+ TRX, /,
    );
    expect(BigInt(e.details.shortBy)).toBeGreaterThan(0n);
    await A.keysImport({ privateKeyHex: K.alice.priv, label: 'alice' });
    await A.accountFetch({ address: K.alice.b58 });
    const built = await A.buildTrc20Transfer({ from: K.alice.b58, token: GENESIS_TOKEN_ADDRESS_BASE58, to: K.bob.b58, amount: '1', feeLimit: '50' });
    expect(built.txId).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a token issue: the chain's asset-issue fee against the balance", async () => {
    const poor = await account(100n * SUN);
    const head = await devnet.node.headTime();
    const issue = (owner: string) =>
      JSON.stringify({
        owner_address: owner,
        name: 'Tin',
        abbr: 'TIN',
        total_supply: 1_000,
        precision: 0,
        coin_num: 1,
        num: 1,
        start_time: head + 60_000,
        end_time: head + 86_400_000,
        url: 'https://tin.invalid',
        visible: true,
      });
    const e = await refused(() => A.buildAssetIssue({ json: issue(poor.b58) }));
    expect(e.message).toMatch(/it holds 100 TRX and needs 1024 TRX \(1024 TRX of fees\)\. It is short by 924 TRX, /);
    const rich = await account(2_000n * SUN);
    expect((await A.buildAssetIssue({ json: issue(rich.b58) })).txId).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a permission update: the chain's update fee against the balance", async () => {
    const poor = await account(50n * SUN);
    const body = (k: TestKey) =>
      JSON.stringify({
        ...permissionUpdateBody(k, [
          {
            type: 'Active',
            permission_name: 'pay',
            threshold: 1,
            operations: encodeOperationsHex(['TransferContract']),
            keys: [{ address: k.b58, weight: 1 }],
          },
        ]),
        visible: true,
      });
    const e = await refused(() => A.buildPermissionUpdate({ json: body(poor), acceptRisk: 'owner-unseen-keys' }));
    expect(e.message).toMatch(/it holds 50 TRX and needs 100 TRX \(100 TRX of fees\)\. It is short by 50 TRX, /);
    const rich = await account(200n * SUN);
    expect((await A.buildPermissionUpdate({ json: body(rich), acceptRisk: 'owner-unseen-keys' })).txId).toMatch(/^[0-9a-f]{64}$/);
  });

  it("offline: refused from the snapshot's claim, said as such; with no claim the build is not refused on a guess", async () => {
    const poor = await account(5n * SUN);
    const B = station('b', 'http://127.0.0.1:9');
    const bare = station('bare', 'http://127.0.0.1:9');
    const file = await A.snapshotExport({ accounts: [poor.b58] });
    await B.snapshotImport({ fileName: 'poor.json', text: file.text });
    await expect(B.buildTransfer({ from: poor.b58, to: newKey().b58, amount: String(5n * SUN) })).rejects.toMatchObject({
      code: 'CONTRACT_VALIDATE',
      message: expect.stringMatching(
        new RegExp(
          `It is short by 0\\.1 TRX, .* \\(as claimed, from the snapshot of block ${file.block.number} \\(poor\\.json\\), not read from the node\\)\\.$`,
        ),
      ),
    });
    expect((await B.list({})).total).toBe(0);
    // A snapshot without the costs member (as an older station writes): no claim, so no refusal on a guess.
    const old = JSON.parse(file.text) as Record<string, unknown>;
    delete old.costs;
    delete old.exporter;
    await bare.snapshotImport({ fileName: 'old.json', text: JSON.stringify(old) });
    expect((await bare.buildTransfer({ from: poor.b58, to: newKey().b58, amount: String(5n * SUN) })).txId).toMatch(/^[0-9a-f]{64}$/);
  });
});
