/**
 * What the tests of the devnet's HTTP endpoints share (devnet/http*.test.ts): the reference
 * vectors, the node's exception prefixes, a genesis with one two-of-two account, and
 * `useHttpNode()`, which starts that devnet on 127.0.0.1 before a file's tests (with one token on
 * sale for the token endpoints) and stops it after. No tests here.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { create, toBinary } from '@bufbuild/protobuf';
import { Transaction_ContractSchema, type Transaction_raw } from '../../shared/gen/protocol/core_pb.ts';
import { TransferContractSchema } from '../../shared/gen/protocol/contract_pb.ts';
import { hexToBytes } from '../../shared/base/bytes.ts';
import { DEFAULT_GENESIS_JSON } from '../../devnet/genesis.ts';
import { buildAndSend, hexText, K, PAIR_ACCOUNT, rawOf, startNode, type Json, type TestKey, type TestNode } from './devnet-helpers.ts';

export const VECTORS = JSON.parse(readFileSync(new URL('../fixtures/vectors/reference.json', import.meta.url), 'utf8')) as {
  transactions: { raw_data_hex: string; txID: string; signatures: string[]; contract: { owner_address: string } }[];
};

export const VALIDATE = 'class org.tron.core.exception.ContractValidateException : ';
export const PERMISSION = 'class org.tron.core.exception.PermissionException : ';
/** The local node's ACTIVE_DEFAULT_OPERATIONS: mainnet's today, with 48, 49 and 51-59 (devnet/genesis.ts). */
export const DEFAULT_OPS = '7fff1fc0033efb0f' + '00'.repeat(24);
export const TOKEN = '1000001';

// The default genesis plus one account whose owner needs two of two keys and cannot pay the
// multi-signature fee.
export const GENESIS = {
  ...DEFAULT_GENESIS_JSON,
  accounts: [...DEFAULT_GENESIS_JSON.accounts, PAIR_ACCOUNT],
};

export let node: TestNode;

export const broadcast = (tx: Json): ReturnType<TestNode['broadcast']> => node.broadcast(tx);
export const built = (from?: TestKey, to?: string, amount?: number | bigint): Promise<Json> => node.transfer(from, to, amount);

/** The raw data of `tx` with its TransferContract's owner replaced (the endpoints refuse unknown owners). */
export function ownedBy(tx: Json, ownerHex: string): Transaction_raw {
  const raw = rawOf(tx);
  const c = create(TransferContractSchema, { ownerAddress: hexToBytes(ownerHex), toAddress: hexToBytes(K.bob.hex), amount: 1n });
  raw.contract[0] = create(Transaction_ContractSchema, {
    type: 1,
    parameter: { typeUrl: 'type.googleapis.com/protocol.TransferContract', value: toBinary(TransferContractSchema, c) },
  });
  return raw;
}

/**
 * Starts the test devnet before the calling file's tests and stops it after; `node` is that devnet.
 * Each test file runs its own, so no file depends on what another one sent.
 */
export function useHttpNode(): void {
  beforeAll(async () => {
    node = await startNode({ genesisJson: GENESIS });
    // A token for the token endpoints: sale open from the next block on, for ten days.
    const { reply } = await buildAndSend(
      node,
      '/wallet/createassetissue',
      {
        owner_address: K.carol.hex,
        name: hexText('HTTPTOK'),
        total_supply: 1_000_000,
        coin_num: 2,
        num: 1,
        start_time: node.clock.now + 1_000,
        end_time: node.clock.now + 10 * 86_400_000,
        url: hexText('https://example.invalid'),
      },
      [K.carol],
    );
    expect(reply.result).toBe(true);
    await node.block();
  });
  afterAll(() => node.stop());
}
