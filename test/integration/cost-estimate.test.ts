// docs/decisions.md §25: the cost estimated before signing (shared/approval/costs.ts) against the fee in the
// receipt after, on the local node, for each kind of transaction the station builds: exactly, the
// chain being deterministic here (the node's constant call runs the same EVM on the same state, so
// the energy estimate is exact too; the stated bound for energy is 0 on this node). Includes a first
// TRC-20 transfer to a new holder, a transfer to a new address, a memo, a 3-signature transaction,
// bandwidth burned once the free bytes are used, staked bandwidth, and a fee limit too low (warned
// as such, and the burn it causes predicted). Prints the estimate-versus-receipt table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { accountCostFacts, costParameters, estimateCost, type CostEstimate } from '../../shared/approval/costs.ts';
import { DEFAULT_GENESIS_JSON } from '../../devnet/genesis.ts';
import { encodeEvmArguments } from '../../devnet/evm/abi.ts';
import { GENESIS_TOKEN_ADDRESS_HEX } from '../../devnet/evm/genesis-token.ts';
import {
  assetIssueBody,
  funded,
  hexText,
  K,
  newKey,
  sign,
  startNode,
  SUN,
  testKey,
  type Json,
  type TestKey,
  type TestNode,
} from '../helpers/devnet-helpers.ts';

const whale = testKey('43'.repeat(32));
const INT64_MAX = 2n ** 63n - 1n;
/** Three keys, all needed: every transaction of this account carries three signatures. */
const trio = [K.k22, K.k23, K.k33];
const treasury = testKey('44'.repeat(32));

let node: TestNode;
const table: string[] = [];

beforeAll(async () => {
  node = await startNode({
    genesisJson: {
      ...DEFAULT_GENESIS_JSON,
      // Mainnet's values today, where the reference code's default is 0.
      parameters: { MEMO_FEE: 1_000_000, CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT: 1_000_000 },
      accounts: [
        ...DEFAULT_GENESIS_JSON.accounts,
        { name: 'whale', privateKey: whale.priv, balance: INT64_MAX.toString() },
        {
          name: 'treasury',
          privateKey: treasury.priv,
          balance: (1_000n * SUN).toString(),
          owner_permission: { type: 'Owner', permission_name: 'owner', threshold: 3, keys: trio.map((k) => ({ address: k.hex, weight: 1 })) },
        },
      ],
    },
  });
});
afterAll(async () => {
  await node.stop();
  console.log(['| case | bandwidth | energy (stake / burned) | estimate, sun | receipt fee, sun |', '|---|---|---|---:|---:|', ...table].join('\n'));
});

async function chainFees(): Promise<Record<string, unknown>> {
  const list = (await node.post('/wallet/getchainparameters')).chainParameter as { key: string; value?: number }[];
  return Object.fromEntries(list.map((p) => [p.key, p.value]));
}

interface Asked {
  signatures?: number;
  recipient?: string;
  energy?: bigint;
}

/** The estimate, read as the station reads it: parameters, the owner's resources and balance, the recipient's existence. */
async function estimate(owner: TestKey, tx: Json, asked: Asked = {}): Promise<CostEstimate> {
  const { parameters } = costParameters(await chainFees());
  const account = await node.account(owner.b58);
  const resource = await node.post('/wallet/getaccountresource', { address: owner.hex });
  const recipientExists =
    asked.recipient === undefined ? undefined : Object.keys(await node.post('/wallet/getaccount', { address: asked.recipient })).length > 0;
  return estimateCost(
    {
      rawBytes: hexToBytes(tx.raw_data_hex),
      signatures: asked.signatures ?? 1,
      ...(recipientExists === undefined ? {} : { recipientExists }),
      ...(asked.energy === undefined ? {} : { energy: asked.energy }),
    },
    parameters,
    accountCostFacts(account.balance, resource),
  );
}

/** Signs, broadcasts, seals a block; the receipt's fee and the balance after. */
async function send(owner: TestKey, tx: Json, signers: TestKey[]): Promise<{ fee: bigint; balance: bigint; info: Json }> {
  const reply = await node.post('/wallet/broadcasttransaction', sign(tx, ...signers));
  expect(reply.result).toBe(true);
  await node.block();
  const info = await node.post('/wallet/gettransactioninfobyid', { value: reply.txid });
  return { fee: BigInt(info.fee ?? 0), balance: await node.balance(owner.b58), info };
}

async function check(name: string, owner: TestKey, tx: Json, asked: Asked, signers: TestKey[] = [owner]): Promise<{ e: CostEstimate; info: Json }> {
  node.clock.now += 1;
  const e = await estimate(owner, tx, asked);
  expect(e.canPay).toBe(true);
  const { fee, balance, info } = await send(owner, tx, signers);
  const energy = e.energy?.needed === undefined ? '' : `${e.energy.needed} (${e.energy.fromStake} / ${e.energy.burned})`;
  table.push(`| ${name} | ${e.bytes} B, ${e.bandwidth} | ${energy} | ${e.total} | ${fee} |`);
  expect(BigInt(e.total)).toBe(fee);
  expect(BigInt(e.balanceAfter)).toBe(balance);
  // The signed size with the signatures counted before they exist: the node's own byte count.
  if (info.receipt.net_usage !== undefined) expect(e.bytes).toBe(String(info.receipt.net_usage));
  if (info.receipt.net_fee !== undefined && e.bandwidth === 'burned') expect(BigInt(info.receipt.net_fee)).toBe(BigInt(e.bytes) * 10n);
  return { e, info };
}

async function transfer(from: TestKey, to: string, amount: bigint, memo?: string): Promise<Json> {
  node.clock.now += 1;
  const tx = await node.post('/wallet/createtransaction', {
    owner_address: from.hex,
    to_address: to,
    amount: amount.toString(),
    ...(memo ? { extra_data: hexText(memo) } : {}),
  });
  expect(tx.Error).toBeUndefined();
  return tx;
}

async function built(path: string, body: Json): Promise<Json> {
  node.clock.now += 1;
  const tx = await node.post(path, body);
  expect(tx.Error).toBeUndefined();
  return tx;
}

describe('TRX transfers', () => {
  it('free bandwidth: nothing to pay', async () => {
    const { e } = await check('transfer, free bandwidth', K.alice, await transfer(K.alice, K.bob.hex, 5n), { recipient: K.bob.hex });
    expect(e.bandwidth).toBe('free');
    expect(e.total).toBe('0');
  });

  it('to a new address: the activation fee and the system contract fee', async () => {
    const to = newKey().hex;
    const { e } = await check('transfer to a new address', K.alice, await transfer(K.alice, to, 5n), { recipient: to });
    expect(e.bandwidth).toBe('activation-fee');
    expect(e.items).toEqual([
      { name: 'bandwidth', sun: '100000' },
      { name: 'activation', sun: '1000000' },
    ]);
  });

  it('with a memo: the memo fee', async () => {
    const { e } = await check('transfer with a memo', K.alice, await transfer(K.alice, K.bob.hex, 5n, 'invoice 2026-11'), { recipient: K.bob.hex });
    expect(e.items).toEqual([{ name: 'memo', sun: '1000000' }]);
  });

  it('three signatures: the multi-signature fee, and the size counts all three', async () => {
    const { e } = await check('transfer, 3 signatures', treasury, await transfer(treasury, K.bob.hex, 5n), { recipient: K.bob.hex, signatures: 3 }, trio);
    expect(e.items).toEqual([{ name: 'multi-signature', sun: '1000000' }]);
  });

  it('the free bytes used up: the bytes are burned at the bandwidth price', async () => {
    const owner = await funded(node, 100n * SUN);
    const memo = 'x'.repeat(3_000);
    await check('transfer, 3,000-byte memo (free)', owner, await transfer(owner, K.bob.hex, 1n, memo), { recipient: K.bob.hex });
    const { e } = await check('transfer, 3,000-byte memo (burned)', owner, await transfer(owner, K.bob.hex, 2n, memo), { recipient: K.bob.hex });
    expect(e.bandwidth).toBe('burned');
    expect(e.items[0]).toEqual({ name: 'bandwidth', sun: (BigInt(e.bytes) * 10n).toString() });
  });

  it('staked bandwidth pays the bytes', async () => {
    const owner = await funded(node, 1_000n * SUN);
    await check(
      'stake 500 TRX for bandwidth',
      owner,
      await built('/wallet/freezebalancev2', { owner_address: owner.hex, frozen_balance: (500n * SUN).toString() }),
      {},
    );
    const { e } = await check('transfer, staked bandwidth', owner, await transfer(owner, K.bob.hex, 1n), { recipient: K.bob.hex });
    expect(e.bandwidth).toBe('staked');
  });

  it('an account that cannot pay is told so in words, and the node refuses it too', async () => {
    // The transfer itself fits the balance (so the node builds it), its memo fee does not.
    const owner = await funded(node, 1_000_000n);
    const tx = await transfer(owner, K.bob.hex, 500_000n, 'rent');
    const e = await estimate(owner, tx, { recipient: K.bob.hex });
    expect(e.canPay).toBe(false);
    expect(e.balanceAfter).toBe('-500000');
    expect(e.refusal).toBe('The account cannot pay this transaction: it holds 1 TRX and needs 1.5 TRX (1 TRX of fees and 0.5 TRX it sends or stakes).');
    const reply = await node.post('/wallet/broadcasttransaction', sign(tx, owner));
    expect(reply.result).toBeUndefined();
    expect(await node.balance(owner.b58)).toBe(1_000_000n);
  });
});

describe('TRC-20 transfers (energy from the constant call)', () => {
  const args = (to: string, amount: bigint): string =>
    bytesToHex(
      encodeEvmArguments([
        { type: 'address', value: hexToBytes(to) },
        { type: 'uint256', value: amount },
      ]),
    );

  async function tokenTransfer(from: TestKey, to: string, feeLimit: bigint): Promise<{ tx: Json; energy: bigint }> {
    const call = {
      owner_address: from.hex,
      contract_address: GENESIS_TOKEN_ADDRESS_HEX,
      function_selector: 'transfer(address,uint256)',
      parameter: args(to, 1n),
    };
    const constant = await node.post('/wallet/triggerconstantcontract', call);
    expect(constant.result).toEqual({ result: true });
    const reply = await built('/wallet/triggersmartcontract', { ...call, fee_limit: feeLimit.toString() });
    return { tx: reply.transaction, energy: BigInt(constant.energy_used) };
  }

  it('a first transfer to a new holder, then to the same holder again (less energy): energy burned at the energy price', async () => {
    const holder = newKey().hex;
    const first = await tokenTransfer(K.alice, holder, 10n * SUN);
    const a = await check('TRC-20, first to a new holder', K.alice, first.tx, { energy: first.energy });
    expect(a.e.energy?.feeLimitCheck).toBe('ok');
    expect(BigInt(a.info.receipt.energy_usage_total)).toBe(first.energy);
    const again = await tokenTransfer(K.alice, holder, 10n * SUN);
    const b = await check('TRC-20, to an existing holder', K.alice, again.tx, { energy: again.energy });
    expect(again.energy).toBeLessThan(first.energy);
    expect(BigInt(b.info.receipt.energy_fee)).toBe(BigInt(b.e.energy!.burned!));
  });

  it('a fee limit too low: warned, and the burn of the failed call is what the estimate said', async () => {
    const low = await tokenTransfer(K.alice, newKey().hex, 1n * SUN);
    const { e, info } = await check('TRC-20, fee limit 1 TRX (too low)', K.alice, low.tx, { energy: low.energy });
    expect(e.energy?.feeLimitCheck).toBe('too-low');
    expect(e.warnings[0]).toContain('it will fail and still burn 1 TRX');
    expect(info.receipt.result).toBe('OUT_OF_ENERGY');
  });

  it('a fee limit far above the estimate is flagged, and staked energy pays before any burn', async () => {
    await check(
      'stake for energy (whale)',
      whale,
      await built('/wallet/freezebalancev2', { owner_address: whale.hex, frozen_balance: (10n ** 16n).toString(), resource: 'ENERGY' }),
      {},
    );
    const toWhale = await tokenTransfer(K.alice, whale.hex, 100n * SUN);
    await check('TRC-20 to the whale', K.alice, toWhale.tx, { energy: toWhale.energy });
    const staked = await tokenTransfer(whale, K.bob.hex, 1_000n * SUN);
    const { e } = await check('TRC-20, staked energy, fee limit 1,000 TRX', whale, staked.tx, { energy: staked.energy });
    expect(e.energy?.fromStake).toBe(staked.energy.toString());
    expect(e.energy?.feeLimitCheck).toBe('far-above');
  });
});

describe('fees of the contracts themselves', () => {
  it('a permission update, a token issue, a vote: their own fees', async () => {
    const owner = await funded(node, 2_000n * SUN);
    await check(
      'permission update',
      owner,
      await built('/wallet/accountpermissionupdate', {
        owner_address: owner.hex,
        owner: { type: 0, permission_name: 'owner', threshold: 1, keys: [{ address: owner.hex, weight: 1 }] },
        actives: [
          {
            type: 2,
            permission_name: 'active',
            threshold: 1,
            operations: '7fff1fc0033e0300000000000000000000000000000000000000000000000000',
            keys: [{ address: owner.hex, weight: 1 }],
          },
        ],
      }),
      {},
    );
    const now = await node.headTime();
    const issue = await check(
      'token issue',
      owner,
      await built('/wallet/createassetissue', assetIssueBody(owner, 'COSTS', { start: now + 60_000, end: now + 600_000 })),
      {},
    );
    expect(issue.e.items).toEqual([{ name: 'contract-fee', sun: '1024000000' }]);
    await check(
      'stake 100 TRX for energy',
      owner,
      await built('/wallet/freezebalancev2', { owner_address: owner.hex, frozen_balance: (100n * SUN).toString(), resource: 'ENERGY' }),
      {},
    );
    await check(
      'vote',
      owner,
      await built('/wallet/votewitnessaccount', { owner_address: owner.hex, votes: [{ vote_address: K.exec.hex, vote_count: 100 }] }),
      {},
    );
  });
});
