// The local node's smart-contract refusals and hostile input (docs/decisions.md §17): VMActuator.call's checks at
// broadcast and the servlets' at build, each with the reference node's words; calldata megabytes
// long; bad addresses; a constant call bounded by its fee_limit; and the contract state surviving a
// restart of a file database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { MAX_BODY_BYTES } from '../../shared/base/limits.ts';
import { K, rawOf, rawTransaction, sign, startNode, type Json, type TestKey, type TestNode } from '../../test/helpers/devnet-helpers.ts';
import { parseGenesis } from '../genesis.ts';
import { decodeEvmUint, encodeEvmArguments } from './abi.ts';
import { GENESIS_TOKEN_ADDRESS_HEX } from './genesis-token.ts';

const TOKEN = GENESIS_TOKEN_ADDRESS_HEX;
const transferArgs = (to: TestKey, amount: bigint): string =>
  bytesToHex(
    encodeEvmArguments([
      { type: 'address', value: hexToBytes(to.hex) },
      { type: 'uint256', value: amount },
    ]),
  );

let node: TestNode;
beforeAll(async () => {
  node = await startNode();
});
afterAll(async () => {
  await node.stop();
});

/** A built transfer transaction with one field of its TriggerSmartContract or raw data changed, signed. */
async function changed(from: TestKey, edit: (raw: ReturnType<typeof rawOf>) => void): Promise<Json> {
  const built = await node.post('/wallet/triggersmartcontract', {
    owner_address: from.hex,
    contract_address: TOKEN,
    function_selector: 'transfer(address,uint256)',
    parameter: transferArgs(K.bob, 1n),
    fee_limit: 10_000_000,
  });
  const raw = rawOf(built.transaction);
  edit(raw);
  return rawTransaction(raw, from);
}

async function refusedWith(tx: Json): Promise<string> {
  const trx0 = await node.balance(K.alice.b58);
  const r = await node.broadcast(tx);
  expect(r.code).toBe('CONTRACT_VALIDATE_ERROR');
  expect(await node.balance(K.alice.b58)).toBe(trx0); // nothing charged
  return r.message;
}

describe('refusals at broadcast (VMActuator.call)', () => {
  it('fee_limit above MAX_FEE_LIMIT or negative', async () => {
    expect(await refusedWith(await changed(K.alice, (raw) => (raw.feeLimit = 15_000_000_001n)))).toBe(
      'Contract validate error : feeLimit must be >= 0 and <= 15000000000',
    );
    expect(await refusedWith(await changed(K.alice, (raw) => (raw.feeLimit = -1n)))).toBe('Contract validate error : feeLimit must be >= 0 and <= 15000000000');
  });

  it('a call value above the balance', async () => {
    const built = await node.post('/wallet/triggersmartcontract', {
      owner_address: K.alice.hex,
      contract_address: TOKEN,
      function_selector: 'transfer(address,uint256)',
      parameter: transferArgs(K.bob, 1n),
      call_value: 1_000_000 * 1_000_000,
      fee_limit: 10_000_000,
    });
    expect(await refusedWith(sign(built.transaction, K.alice))).toBe('Contract validate error : Validate InternalTransfer error, balance is not sufficient.');
  });

  it('token values: negative, an id at or below 1000000, a value without an id, and (devnet) any TRC-10 value at all', async () => {
    const body = (extra: Json): Json => ({ owner_address: K.alice.hex, contract_address: TOKEN, data: 'a9059cbb', fee_limit: 10_000_000, ...extra });
    const cases: [Json, string][] = [
      [{ call_value: -1 }, 'callValue must be >= 0'],
      [{ call_token_value: -1 }, 'tokenValue must be >= 0'],
      [{ token_id: 5 }, 'tokenId must be > 1000000'],
      [{ call_token_value: 5 }, 'invalid arguments with tokenValue = 5, tokenId = 0'],
      [{ call_token_value: 5, token_id: 1_000_001 }, 'this local node does not move TRC-10 tokens into contracts: call_token_value must be 0'],
    ];
    for (const [extra, message] of cases) {
      const built = await node.post('/wallet/triggersmartcontract', body(extra));
      expect(built.result, JSON.stringify(extra)).toEqual({ result: true });
      expect(await refusedWith(sign(built.transaction, K.alice))).toBe(`Contract validate error : ${message}`);
    }
  });

  it('a contract address with no contract', async () => {
    const tx = await changed(K.alice, (raw) => {
      const value = raw.contract[0]!.parameter!.value;
      // contract_address is field 2 of TriggerSmartContract: 0x12 0x15 then 21 bytes.
      const at = bytesToHex(value).indexOf('1215' + TOKEN.toLowerCase());
      expect(at).toBeGreaterThanOrEqual(0);
      value.set(hexToBytes(K.bob.hex), at / 2 + 2);
    });
    expect(await refusedWith(tx)).toBe('Contract validate error : No contract or not a smart contract');
  });
});

describe('refusals when building, and hostile input', () => {
  it('no such contract: the build and the constant call say so in the node words', async () => {
    const body = { owner_address: K.alice.hex, contract_address: K.bob.hex, function_selector: 'totalSupply()' };
    const built = await node.post('/wallet/triggersmartcontract', body);
    expect(built).toEqual({
      result: { code: 'CONTRACT_VALIDATE_ERROR', message: bytesToHex(new TextEncoder().encode('No contract or not a valid smart contract')) },
    });
    const visible = await node.post('/wallet/triggerconstantcontract', { ...body, visible: true });
    expect(visible).toEqual({ result: { code: 'CONTRACT_VALIDATE_ERROR', message: 'Smart contract is not exist.' } });
  });

  it('owner_address or contract_address missing: the servlet\'s "isn\'t set."', async () => {
    const r = await node.post('/wallet/triggersmartcontract', { contract_address: TOKEN, visible: true });
    expect(r).toEqual({ result: { code: 'OTHER_ERROR', message: "class java.security.InvalidParameterException : owner_address isn't set." } });
    const c = await node.post('/wallet/triggerconstantcontract', { owner_address: K.alice.hex, visible: true });
    expect(c.result.message).toBe("class java.security.InvalidParameterException : contract_address isn't set.");
  });

  it('bad addresses and bad hex are a 400 naming the field; unknown fields too', async () => {
    for (const [body, field] of [
      [{ owner_address: 'T123', contract_address: TOKEN }, 'owner_address'],
      [{ owner_address: K.alice.hex, contract_address: '41' + '00'.repeat(5) }, 'contract_address'],
      [{ owner_address: K.alice.hex, contract_address: TOKEN, data: 'zz' }, 'data'],
      [{ owner_address: K.alice.hex, contract_address: TOKEN, function_selector: 'f()', parameter: '0xg1' }, 'parameter'],
      [{ owner_address: K.alice.hex, contract_address: TOKEN, __proto__x: 1 }, '__proto__x'],
    ] as [Json, string][]) {
      const r = await node.request('/wallet/triggersmartcontract', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.Error).toContain(field);
    }
  });

  it('calldata megabytes long: the body limit answers 413; half a megabyte builds no transaction past the size limit', async () => {
    const huge = 'ab'.repeat(MAX_BODY_BYTES);
    const r = await node.request('/wallet/triggerconstantcontract', { owner_address: K.alice.hex, contract_address: TOKEN, data: huge });
    expect(r.status).toBe(413);
    const big = 'a9059cbb' + '00'.repeat(520_000);
    const built = await node.request('/wallet/triggersmartcontract', { owner_address: K.alice.hex, contract_address: TOKEN, data: big });
    expect(built.status).toBe(400);
    expect(built.json.Error).toMatch(/transaction too big/);
  });

  it('long calldata in a constant call runs, bounded, and changes nothing', async () => {
    const data = 'a9059cbb' + transferArgs(K.bob, 1n) + 'ff'.repeat(200_000);
    const r = await node.post('/wallet/triggerconstantcontract', { owner_address: K.alice.hex, contract_address: TOKEN, data });
    expect(r.result).toEqual({ result: true });
    expect(decodeEvmUint(hexToBytes(r.constant_result[0]))).toBe(1n);
    const bob = await node.post('/wallet/triggerconstantcontract', {
      owner_address: K.alice.hex,
      contract_address: TOKEN,
      function_selector: 'balanceOf(address)',
      parameter: bytesToHex(encodeEvmArguments([{ type: 'address', value: hexToBytes(K.bob.hex) }])),
    });
    expect(decodeEvmUint(hexToBytes(bob.constant_result[0]))).toBe(0n); // the constant transfer was not kept
  });

  it('a constant call is bounded by its fee_limit / ENERGY_FEE', async () => {
    const r = await node.post('/wallet/triggerconstantcontract', {
      owner_address: K.alice.hex,
      contract_address: TOKEN,
      function_selector: 'totalSupply()',
      fee_limit: 100,
      visible: true,
    });
    expect(r.result.code).toBe('OTHER_ERROR');
    expect(r.result.message).toMatch(/^Not enough energy: the call needs more than its limit of 1 energy/);
  });

  it('a genesis with ENERGY_FEE 0 is refused, naming it', () => {
    expect(() => parseGenesis({ accounts: [{ privateKey: K.alice.priv, balance: 1 }], parameters: { ENERGY_FEE: 0 } })).toThrow(
      /genesis\.parameters\.ENERGY_FEE/,
    );
  });
});

describe('persistence', () => {
  it('code, storage and receipts survive a restart of a file database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'airlock-evm-'));
    try {
      const dbFile = join(dir, 'chain.sqlite');
      const first = await startNode({ dbFile });
      const built = await first.post('/wallet/triggersmartcontract', {
        owner_address: K.alice.hex,
        contract_address: TOKEN,
        function_selector: 'transfer(address,uint256)',
        parameter: transferArgs(K.dave, 4_242n),
        fee_limit: 10_000_000,
      });
      expect((await first.broadcast(sign(built.transaction, K.alice))).reply.result).toBe(true);
      await first.block();
      const before = await first.post('/wallet/gettransactioninfobyid', { value: built.transaction.txID });
      await first.stop();
      const second = await startNode({ dbFile, firstBlock: false });
      try {
        const bal = await second.post('/wallet/triggerconstantcontract', {
          owner_address: K.alice.hex,
          contract_address: TOKEN,
          function_selector: 'balanceOf(address)',
          parameter: bytesToHex(encodeEvmArguments([{ type: 'address', value: hexToBytes(K.dave.hex) }])),
        });
        expect(decodeEvmUint(hexToBytes(bal.constant_result[0]))).toBe(4_242n);
        expect(await second.post('/wallet/gettransactioninfobyid', { value: built.transaction.txID })).toEqual(before);
        expect((await second.post('/wallet/getcontract', { value: TOKEN })).contract_address).toBe(TOKEN);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
