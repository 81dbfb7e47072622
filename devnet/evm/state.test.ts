// The EVM's state on the devnet's store (docs/decisions.md §17): an EVM balance is the TRON account's TRX
// balance, a run writes nothing until it is applied, applying adds each balance's change to the
// account as it is then (after the transaction's fees), value sent to an address with no account
// creates it, a reverted run leaves nothing; and a write that lands while a broadcast's call is
// running makes the call run again instead of applying a run made against other state.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, concatBytes, hexToBytes } from '../../shared/base/bytes.ts';
import { K, sign, startNode, type TestNode } from '../../test/helpers/devnet-helpers.ts';
import { DevnetStore, newAccount } from '../store.ts';
import { decodeEvmUint, encodeEvmArguments } from './abi.ts';
import { evmStoreOf } from './evm-store.ts';
import { GENESIS_TOKEN_ADDRESS_HEX } from './genesis-token.ts';
import { runEvm } from './machine.ts';
import { applyOverlay } from './state.ts';

const ALICE = hexToBytes(K.alice.hex);
const CONTRACT = hexToBytes('41' + 'c0'.repeat(20));
const FRESH = hexToBytes('41' + 'f1'.repeat(20));
const HEAD = { number: 1, timestampMs: 1_800_000_000_000 };

function storeWith(code: string): DevnetStore {
  const store = new DevnetStore();
  const alice = newAccount(ALICE, 0n);
  alice.balance = 1_000n;
  store.putAccount(alice);
  store.putAccount(newAccount(CONTRACT, 0n));
  evmStoreOf(store).putContract({ address: CONTRACT, origin: ALICE, name: 't', abi: '[]', code: hexToBytes(code), nonce: 1n });
  return store;
}

const balance = (store: DevnetStore, address: Uint8Array): bigint | undefined => store.getAccount(address)?.balance;
const apply = (store: DevnetStore, writes: Awaited<ReturnType<typeof runEvm>>['writes']): void =>
  applyOverlay(writes, store, evmStoreOf(store), { createAccount: (a) => newAccount(a, 0n), origin: ALICE });

describe('the TRX balance bridge', () => {
  it('a call value leaves the caller and reaches the contract, and only once applied', async () => {
    const store = storeWith('00'); // STOP: accepts any value
    const run = await runEvm(store, { caller: ALICE, contract: CONTRACT, data: new Uint8Array(0), value: 700n, gasLimit: 100_000n, head: HEAD });
    expect(run.result).toBe('SUCCESS');
    expect(balance(store, ALICE)).toBe(1_000n);
    apply(store, run.writes);
    expect(balance(store, ALICE)).toBe(300n);
    expect(balance(store, CONTRACT)).toBe(700n);
    store.close();
  });

  it('applies changes, not balances: a fee taken after the run still counts', async () => {
    const store = storeWith('00');
    const run = await runEvm(store, { caller: ALICE, contract: CONTRACT, data: new Uint8Array(0), value: 700n, gasLimit: 100_000n, head: HEAD });
    const alice = store.getAccount(ALICE)!;
    alice.balance -= 100n; // the transaction's bandwidth fee, taken after the run
    store.putAccount(alice);
    apply(store, run.writes);
    expect(balance(store, ALICE)).toBe(200n);
    store.close();
  });

  it('value forwarded to an address with no account creates its TRON account', async () => {
    // CALL(gas, FRESH, CALLVALUE, 0, 0, 0, 0); STOP
    const code = '6000600060006000' + '34' + '73' + bytesToHex(FRESH.subarray(1)) + '5a' + 'f1' + '00';
    const store = storeWith(code);
    const run = await runEvm(store, { caller: ALICE, contract: CONTRACT, data: new Uint8Array(0), value: 250n, gasLimit: 100_000n, head: HEAD });
    expect(run.result).toBe('SUCCESS');
    expect(store.hasAccount(FRESH)).toBe(false);
    apply(store, run.writes);
    expect(balance(store, FRESH)).toBe(250n);
    expect(balance(store, CONTRACT)).toBe(0n);
    expect(balance(store, ALICE)).toBe(750n);
    store.close();
  });

  it('a reverted run carries no writes: the value stays with the caller', async () => {
    const store = storeWith('60006000fd'); // REVERT(0, 0)
    const run = await runEvm(store, { caller: ALICE, contract: CONTRACT, data: new Uint8Array(0), value: 700n, gasLimit: 100_000n, head: HEAD });
    expect(run.result).toBe('REVERT');
    apply(store, run.writes);
    expect(balance(store, ALICE)).toBe(1_000n);
    expect(balance(store, CONTRACT)).toBe(0n);
    store.close();
  });
});

describe('a write during the run', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startNode();
  });
  afterAll(async () => {
    await node.stop();
  });

  it('makes the call run again against the new state', async () => {
    const store = node.devnet.chain.store;
    const evm = evmStoreOf(store);
    const token = hexToBytes(GENESIS_TOKEN_ADDRESS_HEX);
    // balanceOf is the contract's mapping at slot 3 (name 0, symbol 1, totalSupply 2; decimals is immutable).
    const aliceSlot = keccak_256(concatBytes(new Uint8Array(12), ALICE.subarray(1), new Uint8Array(31), new Uint8Array([3])));
    expect(decodeEvmUint(concatBytes(new Uint8Array(32 - evm.getSlot(token, aliceSlot).length), evm.getSlot(token, aliceSlot)))).toBeGreaterThan(0n);
    // Another write empties alice's token balance just after the run first reads it.
    const read = evm.getSlot.bind(evm);
    let fired = false;
    evm.getSlot = (address, slot): Uint8Array => {
      const value = read(address, slot);
      if (!fired && bytesToHex(slot) === bytesToHex(aliceSlot)) {
        fired = true;
        evm.putSlot(address, slot, new Uint8Array(0));
      }
      return value;
    };
    try {
      const built = await node.post('/wallet/triggersmartcontract', {
        owner_address: K.alice.hex,
        contract_address: GENESIS_TOKEN_ADDRESS_HEX,
        function_selector: 'transfer(address,uint256)',
        parameter: bytesToHex(
          encodeEvmArguments([
            { type: 'address', value: hexToBytes(K.bob.hex) },
            { type: 'uint256', value: 5n },
          ]),
        ),
        fee_limit: 10_000_000,
      });
      const reply = await node.post('/wallet/broadcasttransaction', sign(built.transaction, K.alice));
      expect(reply.result).toBe(true);
      expect(fired).toBe(true);
      await node.block();
      const info = await node.post('/wallet/gettransactioninfobyid', { value: built.transaction.txID });
      // Run again, the transfer saw the emptied balance and reverted; the emptied slot stays empty.
      expect(info.receipt.result).toBe('REVERT');
      expect(evm.getSlot(token, aliceSlot).length).toBe(0);
    } finally {
      evm.getSlot = read;
    }
  });

  it('is refused, changing nothing, when writes keep coming while the call runs', async () => {
    const store = node.devnet.chain.store;
    const evm = evmStoreOf(store);
    const token = hexToBytes(GENESIS_TOKEN_ADDRESS_HEX);
    const read = evm.getSlot.bind(evm);
    let writes = 0;
    evm.getSlot = (address, slot): Uint8Array => {
      evm.putSlot(token, new Uint8Array(32).fill(0xee), new Uint8Array([++writes]));
      return read(address, slot);
    };
    try {
      const trx0 = await node.balance(K.alice.b58);
      const built = await node.post('/wallet/triggersmartcontract', {
        owner_address: K.alice.hex,
        contract_address: GENESIS_TOKEN_ADDRESS_HEX,
        function_selector: 'totalSupply()',
        fee_limit: 10_000_000,
      });
      const r = await node.broadcast(sign(built.transaction, K.alice));
      expect(r.code).toBe('CONTRACT_EXE_ERROR');
      expect(r.message).toBe(
        'Contract execute error : the contract call has no run against the current state (other writes kept coming while it ran); broadcast it again',
      );
      expect(writes).toBeGreaterThanOrEqual(3);
      evm.getSlot = read;
      expect(await node.balance(K.alice.b58)).toBe(trx0);
    } finally {
      evm.getSlot = read;
    }
  });
});
