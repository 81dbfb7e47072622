// Smart contracts on the local node over real HTTP (docs/decisions.md §17): the TRC-20 deployed at genesis from
// devnet/contracts/trc20-source.ts, read by constant calls, moved by a signed TriggerSmartContract whose
// receipt shows the energy charged, OUT_OF_ENERGY and REVERT recorded as the reference node records
// them with the fee taken, VMActuator's refusals word for word, persistence across a restart, and
// hostile input (megabytes of calldata, bad addresses).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '../../shared/base/bytes.ts';
import { K, newKey, sign, startNode, type Json, type TestKey, type TestNode } from '../../test/helpers/devnet-helpers.ts';
import { decodeEvmString, decodeEvmUint, encodeEvmArguments, evmSelector } from './abi.ts';
import { GENESIS_TOKEN, GENESIS_TOKEN_ADDRESS_BASE58, GENESIS_TOKEN_ADDRESS_HEX } from './genesis-token.ts';

const TOKEN = GENESIS_TOKEN_ADDRESS_HEX;
const ENERGY_FEE = 100n;

let node: TestNode;
beforeAll(async () => {
  node = await startNode();
});
afterAll(async () => {
  await node.stop();
});

const addressArg = (k: TestKey): string => bytesToHex(encodeEvmArguments([{ type: 'address', value: hexToBytes(k.hex) }]));
const transferArgs = (to: TestKey, amount: bigint): string =>
  bytesToHex(
    encodeEvmArguments([
      { type: 'address', value: hexToBytes(to.hex) },
      { type: 'uint256', value: amount },
    ]),
  );

async function constant(n: TestNode, selector: string, parameter = '', owner: TestKey = K.alice): Promise<Json> {
  return n.post('/wallet/triggerconstantcontract', { owner_address: owner.hex, contract_address: TOKEN, function_selector: selector, parameter });
}

async function tokenBalance(n: TestNode, k: TestKey): Promise<bigint> {
  const r = await constant(n, 'balanceOf(address)', addressArg(k));
  expect(r.result).toEqual({ result: true });
  return decodeEvmUint(hexToBytes(r.constant_result[0]));
}

/** triggersmartcontract for transfer(to, amount), signed by `from`, broadcast. */
async function sendTokens(n: TestNode, from: TestKey, to: TestKey, amount: bigint, extra: Json = {}): Promise<{ reply: Json; txid: string }> {
  const built = await n.post('/wallet/triggersmartcontract', {
    owner_address: from.hex,
    contract_address: TOKEN,
    function_selector: 'transfer(address,uint256)',
    parameter: transferArgs(to, amount),
    fee_limit: 100_000_000,
    ...extra,
  });
  expect(built.result).toEqual({ result: true });
  const reply = await n.post('/wallet/broadcasttransaction', sign(built.transaction, from));
  return { reply, txid: built.transaction.txID };
}

describe('the TRC-20 deployed at genesis', () => {
  it('sits at the documented address, made by the first genesis account, with its ABI', async () => {
    const c = await node.post('/wallet/getcontract', { value: GENESIS_TOKEN_ADDRESS_BASE58, visible: true });
    expect(c.contract_address).toBe(GENESIS_TOKEN_ADDRESS_BASE58);
    expect(c.origin_address).toBe(K.alice.b58);
    expect(c.bytecode.length).toBeGreaterThan(1000);
    const names = (c.abi.entrys as Json[]).map((e) => e.name).filter(Boolean);
    for (const f of [
      'name',
      'symbol',
      'decimals',
      'totalSupply',
      'balanceOf',
      'transfer',
      'approve',
      'transferFrom',
      'allowance',
      'increaseAllowance',
      'decreaseAllowance',
      'Transfer',
      'Approval',
    ]) {
      expect(names).toContain(f);
    }
    expect(await node.post('/wallet/getcontract', { value: K.bob.hex })).toEqual({});
  });

  it('answers name, symbol, decimals, totalSupply and balanceOf by constant call; the owner holds the supply', async () => {
    expect(decodeEvmString(hexToBytes((await constant(node, 'name()')).constant_result[0]))).toBe(GENESIS_TOKEN.name);
    expect(decodeEvmString(hexToBytes((await constant(node, 'symbol()')).constant_result[0]))).toBe(GENESIS_TOKEN.symbol);
    expect(decodeEvmUint(hexToBytes((await constant(node, 'decimals()')).constant_result[0]))).toBe(BigInt(GENESIS_TOKEN.decimals));
    const supply = await constant(node, 'totalSupply()');
    expect(decodeEvmUint(hexToBytes(supply.constant_result[0]))).toBe(GENESIS_TOKEN.supply);
    expect(supply.energy_used).toBeGreaterThan(0);
    expect(supply.transaction.raw_data.contract[0].type).toBe('TriggerSmartContract');
    expect(await tokenBalance(node, K.carol)).toBe(0n);
  });

  it('the same call costs the same energy every time: nothing stays warm from one run to the next', async () => {
    const first = await constant(node, 'balanceOf(address)', addressArg(K.alice));
    const second = await constant(node, 'balanceOf(address)', addressArg(K.alice));
    expect(second.energy_used).toBe(first.energy_used);
    expect(first.energy_used).toBeGreaterThan(2_100); // a cold storage read
  });

  it('getchainparameters gives the energy price and the fee_limit cap', async () => {
    const list = (await node.post('/wallet/getchainparameters')).chainParameter as Json[];
    expect(list).toContainEqual({ key: 'getEnergyFee', value: 100 });
    expect(list).toContainEqual({ key: 'getMaxFeeLimit', value: 15_000_000_000 });
  });
});

describe('TriggerSmartContract', () => {
  it('builds the transaction like the reference node: fee_limit in raw_data, calldata = selector + parameter', async () => {
    const built = await node.post('/wallet/triggersmartcontract', {
      owner_address: K.alice.b58,
      contract_address: GENESIS_TOKEN_ADDRESS_BASE58,
      function_selector: 'transfer(address,uint256)',
      parameter: transferArgs(K.bob, 7n),
      fee_limit: 20_000_000,
      visible: true,
    });
    expect(built.result).toEqual({ result: true });
    const raw = built.transaction.raw_data;
    expect(raw.fee_limit).toBe(20_000_000);
    const value = raw.contract[0].parameter.value;
    expect(value).toMatchObject({ owner_address: K.alice.b58, contract_address: GENESIS_TOKEN_ADDRESS_BASE58 });
    expect(value.data).toBe('a9059cbb' + transferArgs(K.bob, 7n));
    expect(built.transaction.visible).toBe(true);
  });

  it('a signed transfer moves the balance; the receipt shows energy, its fee, the log and SUCCESS', async () => {
    const bob0 = await tokenBalance(node, K.bob);
    const alice0 = await tokenBalance(node, K.alice);
    const trx0 = await node.balance(K.alice.b58);
    const { reply, txid } = await sendTokens(node, K.alice, K.bob, 1_500n);
    expect(reply).toEqual({ result: true, txid });
    expect(await tokenBalance(node, K.bob)).toBe(bob0 + 1_500n);
    expect(await tokenBalance(node, K.alice)).toBe(alice0 - 1_500n);
    await node.block();
    const info = await node.post('/wallet/gettransactioninfobyid', { value: txid });
    const energy = BigInt(info.receipt.energy_usage_total);
    expect(energy).toBeGreaterThan(5_000n);
    expect(BigInt(info.receipt.energy_fee)).toBe(energy * ENERGY_FEE);
    expect(info.receipt.result).toBe('SUCCESS');
    expect(info.result).toBeUndefined();
    expect(info.contract_address).toBe(TOKEN);
    expect(decodeEvmUint(hexToBytes(info.contractResult[0]))).toBe(1n); // transfer returned true
    expect(BigInt(info.fee)).toBe(energy * ENERGY_FEE + BigInt(info.receipt.net_fee ?? 0));
    expect(await node.balance(K.alice.b58)).toBe(trx0 - BigInt(info.fee));
    expect(info.log).toHaveLength(1);
    expect(info.log[0].address).toBe(TOKEN.slice(2));
    expect(info.log[0].topics).toEqual([
      bytesToHex(keccak_256(utf8ToBytes('Transfer(address,address,uint256)'))),
      K.alice.hex.slice(2).padStart(64, '0'),
      K.bob.hex.slice(2).padStart(64, '0'),
    ]);
    expect(decodeEvmUint(hexToBytes(info.log[0].data))).toBe(1_500n);
    const tx = await node.post('/wallet/gettransactionbyid', { value: txid });
    expect(tx.ret).toEqual([{ contractRet: 'SUCCESS' }]);
  });

  it('a fee_limit too low: OUT_OF_ENERGY, the whole limit charged, no token moves', async () => {
    const bob0 = await tokenBalance(node, K.bob);
    const trx0 = await node.balance(K.alice.b58);
    const { reply, txid } = await sendTokens(node, K.alice, K.bob, 10n, { fee_limit: 1_000 });
    expect(reply.result).toBe(true);
    expect(await tokenBalance(node, K.bob)).toBe(bob0);
    await node.block();
    const info = await node.post('/wallet/gettransactioninfobyid', { value: txid });
    expect(info.receipt).toMatchObject({ energy_usage_total: 10, energy_fee: 1_000, result: 'OUT_OF_ENERGY' });
    expect(info.result).toBe('FAILED');
    expect(new TextDecoder().decode(hexToBytes(info.resMessage))).toMatch(/^Not enough energy/);
    expect(info.log).toBeUndefined();
    expect(await node.balance(K.alice.b58)).toBe(trx0 - BigInt(info.fee));
    expect(BigInt(info.fee)).toBeGreaterThanOrEqual(1_000n);
    expect((await node.post('/wallet/gettransactionbyid', { value: txid })).ret).toEqual([{ contractRet: 'OUT_OF_ENERGY' }]);
  });

  it('a balance too small for the fee_limit: the limit is what the balance buys, all of it charged', async () => {
    const poor = newKey();
    await node.post('/devnet/faucet', { address: poor.hex, amount: 1_000 });
    const { reply, txid } = await sendTokens(node, poor, K.bob, 0n);
    expect(reply.result).toBe(true);
    await node.block();
    const info = await node.post('/wallet/gettransactioninfobyid', { value: txid });
    expect(info.receipt).toMatchObject({ energy_usage_total: 10, energy_fee: 1_000, result: 'OUT_OF_ENERGY' });
    expect(await node.balance(poor.b58)).toBe(0n);
  });

  it('a transfer of more than the balance: REVERT with the reason, the energy used charged, nothing moves', async () => {
    const poor = K.carol;
    expect(await tokenBalance(node, poor)).toBe(0n);
    const trx0 = await node.balance(poor.b58);
    const { reply, txid } = await sendTokens(node, poor, K.bob, 1n);
    expect(reply.result).toBe(true);
    await node.block();
    const info = await node.post('/wallet/gettransactioninfobyid', { value: txid });
    expect(info.receipt.result).toBe('REVERT');
    expect(info.result).toBe('FAILED');
    expect(new TextDecoder().decode(hexToBytes(info.resMessage))).toBe('REVERT opcode executed');
    const energy = BigInt(info.receipt.energy_usage_total);
    expect(energy).toBeGreaterThan(0n);
    expect(energy).toBeLessThan(1_000_000n); // not the whole limit: a revert returns what it did not use
    expect(BigInt(info.receipt.energy_fee)).toBe(energy * ENERGY_FEE);
    // Error(string) carrying the contract's reason.
    expect(info.contractResult[0].startsWith(bytesToHex(evmSelector('Error(string)')))).toBe(true);
    expect(decodeEvmString(hexToBytes(info.contractResult[0]).subarray(4))).toBe('TRC20: transfer amount exceeds balance');
    expect(await node.balance(poor.b58)).toBe(trx0 - BigInt(info.fee));
    expect(await tokenBalance(node, poor)).toBe(0n);
    expect((await node.post('/wallet/gettransactionbyid', { value: txid })).ret).toEqual([{ contractRet: 'REVERT' }]);
  });

  it('a call value to the non-payable token reverts and the TRX stays with the caller (fee aside)', async () => {
    const trx0 = await node.balance(K.alice.b58);
    const { reply, txid } = await sendTokens(node, K.alice, K.bob, 1n, { call_value: 5 * 1_000_000 });
    expect(reply.result).toBe(true);
    await node.block();
    const info = await node.post('/wallet/gettransactioninfobyid', { value: txid });
    expect(info.receipt.result).toBe('REVERT');
    expect(await node.balance(K.alice.b58)).toBe(trx0 - BigInt(info.fee));
    expect(await node.balance(GENESIS_TOKEN_ADDRESS_BASE58)).toBe(0n);
  });
});

describe('the token contract (devnet/contracts/trc20-source.ts)', () => {
  /** Signs and broadcasts `signature(args)` from `from`, produces a block, returns the receipt. */
  async function call(from: TestKey, signature: string, args: Parameters<typeof encodeEvmArguments>[0]): Promise<Json> {
    const built = await node.post('/wallet/triggersmartcontract', {
      owner_address: from.hex,
      contract_address: TOKEN,
      function_selector: signature,
      parameter: bytesToHex(encodeEvmArguments(args)),
      fee_limit: 100_000_000,
    });
    expect((await node.post('/wallet/broadcasttransaction', sign(built.transaction, from))).result).toBe(true);
    await node.block();
    return node.post('/wallet/gettransactioninfobyid', { value: built.transaction.txID });
  }
  const addr = (k: TestKey): { type: 'address'; value: Uint8Array } => ({ type: 'address', value: hexToBytes(k.hex) });
  const amount = (n: bigint): { type: 'uint256'; value: bigint } => ({ type: 'uint256', value: n });
  async function allowance(owner: TestKey, spender: TestKey): Promise<bigint> {
    const r = await constant(node, 'allowance(address,address)', bytesToHex(encodeEvmArguments([addr(owner), addr(spender)])));
    return decodeEvmUint(hexToBytes(r.constant_result[0]));
  }

  it('approve, transferFrom within the allowance, increase and decrease; an overdraft of the allowance reverts', async () => {
    const approved = await call(K.alice, 'approve(address,uint256)', [addr(K.dave), amount(100n)]);
    expect(approved.receipt.result).toBe('SUCCESS');
    expect(approved.log[0].topics[0]).toBe(bytesToHex(keccak_256(utf8ToBytes('Approval(address,address,uint256)'))));
    expect(await allowance(K.alice, K.dave)).toBe(100n);
    const carol0 = await tokenBalance(node, K.carol);
    expect((await call(K.dave, 'transferFrom(address,address,uint256)', [addr(K.alice), addr(K.carol), amount(60n)])).receipt.result).toBe('SUCCESS');
    expect(await tokenBalance(node, K.carol)).toBe(carol0 + 60n);
    expect(await allowance(K.alice, K.dave)).toBe(40n);
    const over = await call(K.dave, 'transferFrom(address,address,uint256)', [addr(K.alice), addr(K.carol), amount(41n)]);
    expect(over.receipt.result).toBe('REVERT');
    expect(decodeEvmString(hexToBytes(over.contractResult[0]).subarray(4))).toBe('TRC20: transfer amount exceeds allowance');
    expect((await call(K.alice, 'increaseAllowance(address,uint256)', [addr(K.dave), amount(10n)])).receipt.result).toBe('SUCCESS');
    expect(await allowance(K.alice, K.dave)).toBe(50n);
    const below = await call(K.alice, 'decreaseAllowance(address,uint256)', [addr(K.dave), amount(51n)]);
    expect(below.receipt.result).toBe('REVERT');
    expect((await call(K.alice, 'decreaseAllowance(address,uint256)', [addr(K.dave), amount(50n)])).receipt.result).toBe('SUCCESS');
    expect(await allowance(K.alice, K.dave)).toBe(0n);
  });
});
