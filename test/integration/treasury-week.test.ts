// A treasury's whole week through Airlock (docs/decisions.md §17, "Tests" and "Done when"): two real stations
// (each its own data directory, SQLite store and keystore vault) and the local node in-process on
// loopback, every transaction handed from one station to the other by handoff file
// (exportHandoff, then importFiles) and signed two of three. The account's active permission 2
// allows exactly what the week runs (TRX and TRC-10 payments, a TRC-20 call, a stake for energy, a
// delegation, a vote, a reward withdrawal and a permission update); each step's effect is read
// back from the node. The rules it guards: a build under a permission whose operations lack the
// contract is refused before anything is signed or stored (PROTOCOL.md §3 item 4); and a permission
// update re-stating a real mainnet account's operations with bits 48-59 is built, signed and
// accepted by a node whose masks are mainnet's (devnet/genesis.ts), and read back bit for bit.
// Only the station's public methods are used (the services the API handlers call).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { encodeOperationsHex, MAINNET_ACTIVE_DEFAULT_OPERATIONS_HEX, decodeOperations, encodeOperationBits } from '../../shared/chain/operations.ts';
import { decodeEvmUint, encodeEvmArguments } from '../../devnet/evm/abi.ts';
import { GENESIS_TOKEN_ADDRESS_BASE58, GENESIS_TOKEN_ADDRESS_HEX } from '../../devnet/evm/genesis-token.ts';
import { type Station } from '../../station/station.ts';
import { assetIssueBody, buildAndSend, K, newKey, startNode, SUN, type Json, type TestNode, WEEK_OPERATIONS } from '../helpers/devnet-helpers.ts';
import { workDir, keystoreStation } from '../helpers/station-helpers.ts';

/** Alice, a genesis account, is the treasury: she deployed the genesis TRC-20 (ATD) and holds all of it. */
const TREASURY = K.alice;
const ATD = GENESIS_TOKEN_ADDRESS_BASE58;
/**
 * A real mainnet account's active operations as a wallet writes them today: the node's current
 * default (7fff1fc0033efb0f…, with 48, 49 and 51-59) plus AccountPermissionUpdateContract (46), so
 * the same two-of-three can change permissions again.
 */
const MAINNET_TREASURY_OPS = bytesToHex(encodeOperationBits([...decodeOperations(MAINNET_ACTIVE_DEFAULT_OPERATIONS_HEX).ids, 46]));

let node: TestNode;
let work: { dir: string; remove: () => void };
let A: Station;
let B: Station;
const opened: Station[] = [];
const keys: Record<'a1' | 'b1' | 'c1', string> = { a1: '', b1: '', c1: newKey().b58 };
const payee = newKey();
let tokenId: string;

function open(name: string): Station {
  const s = keystoreStation(join(work.dir, name), node.url, () => node.clock.now);
  opened.push(s);
  return s;
}

function permissionJson(actives: Json[]): Json {
  return {
    visible: true,
    owner_address: TREASURY.b58,
    owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: TREASURY.b58, weight: 1 }] },
    actives,
  };
}

const treasuryActive = (operations: string): Json => ({
  type: 'Active',
  permission_name: 'treasury',
  threshold: 2,
  operations,
  keys: [keys.a1, keys.b1, keys.c1].map((address) => ({ address, weight: 1 })),
});

/**
 * The two-station round: A (holding a1) signs and exports the handoff file; B (holding b1) imports
 * it, signs and broadcasts; a block is produced. Returns the node's transaction info.
 */
async function handOffAndSend(txId: string): Promise<Json> {
  expect((await A.sign({ txId })).signed).toEqual([keys.a1]);
  const file = await A.exportHandoff({ txId });
  const imported = await B.importFiles({ files: [{ name: file.fileName, text: file.text }] });
  expect(imported.results[0]).toMatchObject({ txId, added: [keys.a1] });
  expect((await B.sign({ txId })).signed).toEqual([keys.b1]);
  const sent = await B.broadcast({ txId });
  expect({ accepted: sent.accepted, text: sent.accepted ? '' : sent.text }).toEqual({ accepted: true, text: '' });
  await node.block();
  const info = await node.post('/wallet/gettransactioninfobyid', { value: txId });
  expect(info.id).toBe(txId);
  return info;
}

async function atdBalance(address: string): Promise<bigint> {
  const r = await node.post('/wallet/triggerconstantcontract', {
    owner_address: TREASURY.hex,
    contract_address: GENESIS_TOKEN_ADDRESS_HEX,
    function_selector: 'balanceOf(address)',
    parameter: bytesToHex(encodeEvmArguments([{ type: 'address', value: hexToBytes(address) }])),
  });
  expect(r.result).toEqual({ result: true });
  return decodeEvmUint(hexToBytes(r.constant_result[0]));
}

async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code: string; message: string };
    return { code: err.code, message: err.message };
  }
  throw new Error('expected a refusal');
}

beforeAll(async () => {
  node = await startNode();
  work = workDir('airlock-week-');
  A = open('a');
  B = open('b');
  // The treasury's own TRC-10 token, issued by the owner straight at the node (not part of the week).
  const issued = await buildAndSend(
    node,
    '/wallet/createassetissue',
    assetIssueBody(TREASURY, 'WEEK', { start: node.clock.now + 60_000, end: node.clock.now + 86_400_000 }),
    [TREASURY],
  );
  expect(issued.reply.result).toBe(true);
  await node.block();
  tokenId = (await node.account(TREASURY.b58)).asset_issued_ID;
  await A.keysImport({ secret: hexToBytes(TREASURY.priv), label: 'owner' });
  keys.a1 = (await A.keysNew({ label: 'a1' })).address;
  keys.b1 = (await B.keysNew({ label: 'b1' })).address;
  // The payee must exist before resources can be delegated to it.
  expect((await node.post('/devnet/faucet', { address: payee.hex, amount: 1n * SUN })).result).toBe(true);

  // The owner sets permission 2, 2-of-3 for the week's contracts, and permission 3 for TRX only.
  const update = await A.buildPermissionUpdate({
    json: permissionJson([
      treasuryActive(encodeOperationsHex(WEEK_OPERATIONS)),
      {
        type: 'Active',
        permission_name: 'payments',
        threshold: 1,
        operations: encodeOperationsHex(['TransferContract']),
        keys: [{ address: keys.a1, weight: 1 }],
      },
    ]),
  });
  expect((await A.sign({ txId: update.txId })).signed).toEqual([TREASURY.b58]);
  expect((await A.broadcast({ txId: update.txId })).accepted).toBe(true);
  await node.block();
  await A.accountFetch({ address: TREASURY.b58 });
  // The token's symbol and decimals, read from the node by constant calls.
  expect((await A.contractAdd({ address: ATD })).trc20).toMatchObject({ symbol: 'ATD', decimals: 6, observed: true });
}, 120_000);

afterAll(async () => {
  for (const s of opened) s.close();
  await node?.stop();
  work?.remove();
});

describe("a treasury's week, two stations, two of three", () => {
  it('permission 2 allows exactly the contracts of the week', async () => {
    const p = (await node.account(TREASURY.b58)).active_permission.find((x: Json) => x.id === 2);
    expect(decodeOperations(p.operations).names).toEqual([
      'TransferContract',
      'TransferAssetContract',
      'VoteWitnessContract',
      'WithdrawBalanceContract',
      'TriggerSmartContract',
      'AccountPermissionUpdateContract',
      'FreezeBalanceV2Contract',
      'DelegateResourceContract',
    ]);
  });

  it('pays in TRX', async () => {
    const before = await node.balance(payee.b58);
    const b = await A.buildTransfer({ from: TREASURY.b58, to: payee.b58, amount: '2500000', permissionId: 2 });
    await handOffAndSend(b.txId);
    expect((await node.balance(payee.b58)) - before).toBe(2_500_000n);
  });

  it('pays in a TRC-10 token', async () => {
    const b = await A.buildTransferAsset({ from: TREASURY.b58, to: payee.b58, token: tokenId, amount: '40', permissionId: 2 });
    await handOffAndSend(b.txId);
    expect((await node.account(payee.b58)).assetV2).toEqual([{ key: tokenId, value: 40 }]);
  });

  it('pays in TRC-20: the balance moves and the receipt shows the energy', async () => {
    const [payer0, payee0] = [await atdBalance(TREASURY.hex), await atdBalance(payee.hex)];
    const b = await A.buildTrc20Transfer({ from: TREASURY.b58, to: payee.b58, token: ATD, amount: '12.5', permissionId: 2 });
    expect(b.transaction.view.summary).toContain('12.5 ATD');
    const info = await handOffAndSend(b.txId);
    expect(info.receipt.result).toBe('SUCCESS');
    expect(BigInt(info.receipt.energy_usage_total)).toBeGreaterThan(0n);
    expect(await atdBalance(payee.hex)).toBe(payee0 + 12_500_000n);
    expect(await atdBalance(TREASURY.hex)).toBe(payer0 - 12_500_000n);
  });

  it('the same TRC-20 build under a permission lacking TriggerSmartContract is refused before anything is signed or stored', async () => {
    const count = A.list().total;
    expect(await refusal(A.buildTrc20Transfer({ from: TREASURY.b58, to: payee.b58, token: ATD, amount: '12.5', permissionId: 3 }))).toEqual({
      code: 'PERMISSION',
      message: "active permission 3 'payments' does not allow TriggerSmartContract",
    });
    expect(A.list().total).toBe(count);
  });

  it('stakes for energy and delegates part of it', async () => {
    const freeze = await A.buildFreeze({ from: TREASURY.b58, amount: '200000000', resource: 'ENERGY', permissionId: 2 });
    await handOffAndSend(freeze.txId);
    expect((await node.account(TREASURY.b58)).frozenV2).toContainEqual({ type: 'ENERGY', amount: 200_000_000 });
    const delegate = await A.buildDelegate({ from: TREASURY.b58, to: payee.b58, amount: '50000000', resource: 'ENERGY', permissionId: 2 });
    await handOffAndSend(delegate.txId);
    const r = await node.post('/wallet/getdelegatedresourcev2', { fromAddress: TREASURY.b58, toAddress: payee.b58, visible: true });
    expect(r.delegatedResource).toEqual([expect.objectContaining({ frozen_balance_for_energy: 50_000_000 })]);
  });

  it('votes, and after some blocks withdraws the reward', async () => {
    const vote = await A.buildVote({ from: TREASURY.b58, votes: [{ executive: K.exec.b58, count: '150' }], permissionId: 2 });
    await handOffAndSend(vote.txId);
    expect((await node.account(TREASURY.b58)).votes).toEqual([{ vote_address: K.exec.b58, vote_count: 150 }]);
    for (let i = 0; i < 3; i++) await node.block();
    const reward = BigInt((await node.post('/wallet/getReward', { address: TREASURY.b58, visible: true })).reward);
    expect(reward).toBeGreaterThan(0n);
    const before = await node.balance(TREASURY.b58);
    const withdraw = await A.buildWithdrawRewards({ from: TREASURY.b58, permissionId: 2 });
    const info = await handOffAndSend(withdraw.txId);
    // The blocks between the vote's reading and the withdrawal add to what accrued.
    const paid = (await node.balance(TREASURY.b58)) - before + BigInt(info.fee ?? 0);
    expect(paid).toBeGreaterThanOrEqual(reward);
    // What accrued was paid out; only the block holding the withdrawal has accrued anything since.
    expect((await node.account(TREASURY.b58)).latest_withdraw_time).toBeGreaterThan(0);
    expect(BigInt((await node.post('/wallet/getReward', { address: TREASURY.b58, visible: true })).reward)).toBeLessThan(reward);
  });

  it("re-states a real mainnet account's operations (bits 48-59), signed two of three, and the node keeps them bit for bit", async () => {
    expect(decodeOperations(MAINNET_TREASURY_OPS).ids.filter((id) => id >= 48)).toEqual([48, 49, 51, 52, 53, 54, 55, 56, 57, 58, 59]);
    const update = await A.buildPermissionUpdate({ json: permissionJson([treasuryActive(MAINNET_TREASURY_OPS)]), permissionId: 2 });
    await handOffAndSend(update.txId);
    const actives = (await node.account(TREASURY.b58)).active_permission;
    expect(actives.map((p: Json) => [p.id, p.permission_name, p.operations])).toEqual([[2, 'treasury', MAINNET_TREASURY_OPS]]);
    const shown = await A.accountFetch({ address: TREASURY.b58 });
    const active = shown.permissions.find((p) => p.slot === 'active');
    expect(active?.operations?.hex).toBe(MAINNET_TREASURY_OPS);
  });
});
