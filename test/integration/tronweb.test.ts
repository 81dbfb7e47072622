// Interoperability with TronWeb, an independent implementation of java-tron's JSON and encoding
// (docs/decisions.md §11; a devDependency for tests only, run offline: no network, at most the loopback test node).
// TronWeb reads the station's transactions written in the java-tron dialect and computes the same raw
// bytes and txID; the station imports transactions TronWeb built and signed, and counts their signers.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { TronWeb, utils as tronUtils } from 'tronweb';
import { AccountSchema, TransactionSchema } from '../../shared/gen/protocol/core_pb.ts';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { translateJson } from '../../shared/chain/dialect.ts';
import { parseHandoff, type HandoffPermission } from '../../shared/files/handoff.ts';
import { jsonSafe, stringifyJson } from '../../shared/base/json.ts';
import { addSignature } from '../../shared/chain/keys.ts';
import { buildPermissionUpdate } from '../../shared/contracts/permission/rules.ts';
import { buildAssetIssue, buildParticipate, buildTransferAsset } from '../../shared/contracts/token.ts';
import {
  createTransaction,
  decodeRaw,
  transactionFromNodeJson,
  transactionToNodeJson,
  type ContractCall,
  type SignedTransaction,
} from '../../shared/chain/transaction.ts';
import { buildTransfer } from '../../shared/contracts/transfer.ts';
import { parseContractType, SUPPORTED_CONTRACTS, type SupportedContractName } from '../../shared/chain/contract-types.ts';
import { messageToNodeJson } from '../../shared/chain/node-json.ts';
import { CONTRACT_SAMPLES, SAMPLE_A, SAMPLE_B, SAMPLE_C, SAMPLE_NAMES, sampleMessage } from '../helpers/contract-samples.ts';
import { NodeClient } from '../../station/node/node-client.ts';
import { K, type TestKey } from '../helpers/devnet-helpers.ts';
import { FIXTURES, startJavaTronNode, type JavaTronNode, type Json } from '../helpers/java-tron-node.ts';

/** PROTOCOL.md §9.1 test keys; `priv` as bytes for the station, `privHex` for TronWeb. */
const keyOf = (k: TestKey) => ({ ...k, priv: hexToBytes(k.priv), privHex: k.priv });
const [treasury, k12, k13, k21] = [K.alice, K.bob, K.carol, K.dave].map(keyOf) as [
  ReturnType<typeof keyOf>,
  ReturnType<typeof keyOf>,
  ReturnType<typeof keyOf>,
  ReturnType<typeof keyOf>,
];
const T = 4_102_444_800_000; // 2100-01-01: far enough ahead that nothing here expires
const fields = { refBlockBytes: hexToBytes('d8ed'), refBlockHash: hexToBytes('2e066c3259e756f5'), expiration: T, timestamp: T - 60_000 };
const blockHeader = { ref_block_bytes: 'd8ed', ref_block_hash: '2e066c3259e756f5', expiration: T, timestamp: T - 60_000 };
const ours = (call: ContractCall, ...keys: Uint8Array[]): SignedTransaction =>
  keys.reduce((tx, k) => addSignature(tx, k), createTransaction(call, fields) as SignedTransaction);

const CALLS: [string, ContractCall][] = [
  ['TransferContract', { type: 'TransferContract', value: buildTransfer({ owner: treasury.hex, to: k21.hex, amount: 1_000_000 }), permissionId: 2 }],
  [
    'TransferAssetContract',
    { type: 'TransferAssetContract', value: buildTransferAsset({ owner: treasury.hex, to: k21.hex, tokenId: '1000001', amount: 100 }) },
  ],
  [
    'ParticipateAssetIssueContract',
    { type: 'ParticipateAssetIssueContract', value: buildParticipate({ owner: k21.hex, issuer: treasury.hex, tokenId: '1000001', amount: 2_000_000 }) },
  ],
  [
    'AssetIssueContract (cded_supply → frozen_supply, coin_num → trx_num)',
    {
      type: 'AssetIssueContract',
      value: buildAssetIssue({
        owner: treasury.hex,
        name: 'AIR',
        abbr: 'AIR',
        totalSupply: 1_000_000,
        precision: 2,
        coinNum: 2,
        num: 3,
        startTime: T + 1_000,
        endTime: T + 86_400_000,
        description: 'a token',
        url: 'https://example.invalid',
        freeAssetNetLimit: 1_000,
        publicFreeAssetNetLimit: 2_000,
        cdedSupply: [{ amount: 500, days: 3 }],
      }),
    },
  ],
  [
    'AccountPermissionUpdateContract (executive → witness, type Witness)',
    {
      type: 'AccountPermissionUpdateContract',
      value: buildPermissionUpdate(
        {
          owner: treasury.hex,
          ownerPermission: { name: 'owner', threshold: 1, keys: [{ address: treasury.hex, weight: 1 }] },
          executive: { name: 'witness', threshold: 1, keys: [{ address: treasury.hex, weight: 1 }] },
          actives: [
            {
              name: 'treasury',
              threshold: 2,
              operations: ['TransferContract', 'TransferAssetContract'],
              keys: [
                { address: k12.hex, weight: 1 },
                { address: k13.hex, weight: 1 },
              ],
            },
          ],
        },
        { isExecutive: true },
      ),
    },
  ],
];

describe("TronWeb reads the station's transactions in the java-tron dialect", () => {
  for (const [what, call] of CALLS) {
    it(`${what}: same raw bytes and txID; TronWeb recovers our signer`, () => {
      const tx = ours(call, treasury.priv);
      const spec = transactionToNodeJson(tx);
      const javaTron = jsonSafe(translateJson(TransactionSchema, spec, 'java-tron')) as Json;
      const pb = tronUtils.transaction.txJsonToPb(javaTron);
      expect(tronUtils.transaction.txPbToRawDataHex(pb).toLowerCase()).toBe(bytesToHex(tx.rawBytes));
      expect(tronUtils.transaction.txPbToTxID(pb).replace(/^0x/, '')).toBe(spec.txID);
      expect(tronUtils.transaction.txCheck(javaTron)).toBe(true);
      expect(tronUtils.crypto.ecRecover(spec.txID, spec.signature![0]!).toLowerCase()).toBe(treasury.hex);
    });
  }

  it("the spec's names are not java-tron's: TronWeb reading them drops the price and the frozen supply", () => {
    const [, call] = CALLS.find(([w]) => w.startsWith('AssetIssueContract'))!;
    const spec = jsonSafe(transactionToNodeJson(ours(call))) as Json;
    expect(tronUtils.transaction.txCheck(spec)).toBe(false);
  });
});

describe('the station imports transactions TronWeb built and signed, and counts their signers', () => {
  const tronWeb = new TronWeb({ fullHost: 'http://127.0.0.1:9' });
  // The treasury's permissions as the java-tron test node has them, in the spec's names.
  const account = translateJson(AccountSchema, FIXTURES.accounts[0], 'spec') as Json;
  const permission: HandoffPermission = {
    address: treasury.b58,
    permissions: {
      owner_permission: account.owner_permission,
      executive_permission: account.executive_permission,
      active_permission: account.active_permission,
    },
    source: { file: 'test' },
    at: T - 120_000,
  };
  const now = T - 30_000;
  const signed = (tx: Json, ...keys: { privHex: string }[]): Json => keys.reduce((t, k) => tronUtils.crypto.signTransaction(k.privHex, t), structuredClone(tx));

  it('a 2-of-2 transfer under the active permission: both signers counted, complete', async () => {
    const tx = await tronWeb.transactionBuilder.sendTrx(k21.b58, 1_000_000, treasury.b58, { blockHeader, permissionId: 2 } as never);
    const one = parseHandoff(stringifyJson(signed(tx, k12)), { now, permission });
    expect(one).toMatchObject({
      kind: 'transaction',
      txID: tx.txID,
      contractType: 'TransferContract',
      permissionId: 2,
      weight: 1,
      threshold: 2,
      missing: 1,
      complete: false,
    });
    const both = parseHandoff(stringifyJson(signed(tx, k12, k13)), { now, permission });
    expect(both).toMatchObject({
      weight: 2,
      complete: true,
      signers: [
        { address: k12.b58, weight: 1 },
        { address: k13.b58, weight: 1 },
      ],
    });
    // TronWeb writes v as 27/28; the station keeps the signature bytes as they came.
    expect(both.transaction.signature).toEqual((signed(tx, k12, k13).signature as string[]).map((s) => s.toLowerCase()));
  });

  it('a token issue with frozen_supply and trx_num, a token transfer and a purchase, each signed by the owner', async () => {
    const built: Json[] = [
      await tronWeb.transactionBuilder.createToken(
        {
          name: 'AIR',
          abbreviation: 'AIR',
          description: 'a token',
          url: 'https://example.invalid',
          totalSupply: 1_000_000,
          trxRatio: 2,
          tokenRatio: 3,
          saleStart: T + 1_000,
          saleEnd: T + 86_400_000,
          freeBandwidth: 0,
          freeBandwidthLimit: 0,
          frozenAmount: 500,
          frozenDuration: 3,
          precision: 2,
          blockHeader,
        } as never,
        treasury.b58,
      ),
      await tronWeb.transactionBuilder.sendToken(k21.b58, 100, '1000001', treasury.b58, { blockHeader } as never),
    ];
    for (const tx of built) {
      const got = parseHandoff(stringifyJson(signed(tx, treasury)), { now, permission });
      expect(got).toMatchObject({ txID: tx.txID, owner: treasury.b58, permissionId: 0, complete: true, signers: [{ address: treasury.b58, weight: 1 }] });
    }
    const issue = parseHandoff(stringifyJson(built[0]!), { now });
    const value = (issue.transaction.raw_data!.contract as Json[])[0]!.parameter.value as Json;
    expect(value).toMatchObject({ coin_num: 2, num: 3, cded_supply: [{ cded_amount: 500, cded_days: 3 }] });
    const purchase = await tronWeb.transactionBuilder.purchaseToken(treasury.b58, '1000001', 2_000_000, k21.b58, { blockHeader } as never);
    expect(parseHandoff(stringifyJson(signed(purchase, k21)), { now })).toMatchObject({
      contractType: 'ParticipateAssetIssueContract',
      checked: false,
      signers: [{ address: k21.b58, weight: null }],
    });
  });

  it('a permission update with a witness permission reads as the executive permission', async () => {
    const tx = await tronWeb.transactionBuilder.updateAccountPermissions(
      treasury.b58,
      { type: 0, permission_name: 'owner', threshold: 1, keys: [{ address: treasury.b58, weight: 1 }] },
      { type: 1, id: 1, permission_name: 'witness', threshold: 1, keys: [{ address: treasury.b58, weight: 1 }] },
      [
        {
          type: 2,
          id: 2,
          permission_name: 'treasury',
          threshold: 2,
          operations: '0600000000000000000000000000000000000000000000000000000000000000',
          keys: [
            { address: k12.b58, weight: 1 },
            { address: k13.b58, weight: 1 },
          ],
        },
      ],
      { blockHeader } as never,
    );
    const got = parseHandoff(stringifyJson(signed(tx, treasury)), { now, permission });
    expect(got).toMatchObject({ contractType: 'AccountPermissionUpdateContract', complete: true, signers: [{ address: treasury.b58 }] });
    const value = (got.transaction.raw_data!.contract as Json[])[0]!.parameter.value as Json;
    expect(value.executive).toMatchObject({ type: 'Executive', id: 1, permission_name: 'witness' });
    expect(value.witness).toBeUndefined();
  });
});

describe('TronWeb against the java-tron test node, the station broadcasting what TronWeb built', () => {
  let node: JavaTronNode;
  beforeAll(async () => {
    node = await startJavaTronNode();
  });
  afterAll(() => node.stop());

  it('TronWeb takes its reference block from the fixture block; the station counts, dry-runs and broadcasts it', async () => {
    const tronWeb = new TronWeb({ fullHost: node.url });
    const tx = await tronWeb.transactionBuilder.sendTrx(k21.b58, 5, treasury.b58, { permissionId: 2 } as never);
    expect(node.requests.some((r) => r.path === '/wallet/getblock')).toBe(true);
    expect(tx.raw_data.ref_block_hash).toBe(FIXTURES.block.blockID.slice(16, 32));
    const signedTx = [k12, k13].reduce((t: Json, k) => tronUtils.crypto.signTransaction(k.privHex, t), tx as Json);
    const client = new NodeClient({ baseUrl: node.url, dialect: 'java-tron' });
    const station = transactionFromNodeJson(signedTx);
    expect(bytesToHex(station.txId)).toBe(tx.txID);
    expect((await client.signWeight(station)).enough).toBe(true);
    expect(await client.broadcast(station)).toMatchObject({ accepted: true, txID: tx.txID });
  });
});

// ---------------------------------------------------------------------------------------------
// Every contract type (docs/decisions.md §17): the same JSON gives the same raw bytes and txID in TronWeb.

/** TronWeb's generated protobuf classes (google-protobuf), loaded by importing tronweb above. */
const requireCjs = createRequire(import.meta.url);
// VoteAssetContract's classes are not loaded by TronWeb's builder; its generated file registers them.
requireCjs('../../node_modules/tronweb/lib/esm/protocol/core/contract/vote_asset_contract_pb.cjs');
const AnyPb = requireCjs('google-protobuf/google/protobuf/any_pb.js') as { Any: new () => { pack(bytes: Uint8Array, name: string): void } };
const Proto = (globalThis as unknown as { TronWebProto: Record<string, any> }).TronWebProto; // eslint-disable-line @typescript-eslint/no-explicit-any

/** raw_data built by TronWeb's own classes around contract bytes, as its buildCommonTransaction does. */
function tronWebRaw(typeId: number, name: string, contractBytes: Uint8Array, permissionId: number): Uint8Array {
  const any = new AnyPb.Any();
  any.pack(contractBytes, `protocol.${name}`);
  const contract = new Proto.Transaction.Contract();
  contract.setType(typeId);
  contract.setParameter(any);
  contract.setPermissionId(permissionId);
  const raw = new Proto.Transaction.raw();
  raw.addContract(contract);
  raw.setRefBlockBytes(fields.refBlockBytes);
  raw.setRefBlockHash(fields.refBlockHash);
  raw.setExpiration(fields.expiration);
  raw.setTimestamp(fields.timestamp);
  return raw.serializeBinary() as Uint8Array;
}

/** A protobuf writer from field numbers alone, for the contracts TronWeb has no classes for (51-53). */
const wire = {
  varint(n: bigint): number[] {
    const out: number[] = [];
    let v = BigInt.asUintN(64, n);
    do {
      out.push(Number(v & 0x7fn) | (v > 0x7fn ? 0x80 : 0));
      v >>= 7n;
    } while (v > 0n);
    return out;
  },
  int(no: number, n: bigint | number): number[] {
    return n === 0 || n === 0n ? [] : [...wire.varint(BigInt(no << 3)), ...wire.varint(BigInt(n))];
  },
  bytes(no: number, b: Uint8Array | number[]): number[] {
    return b.length === 0 ? [] : [...wire.varint(BigInt((no << 3) | 2)), ...wire.varint(BigInt(b.length)), ...b];
  },
};
const h = (s: string): Uint8Array => hexToBytes(s);
const S = CONTRACT_SAMPLES;
const HAND_WRITTEN: Partial<Record<SupportedContractName, () => Uint8Array>> = {
  MarketSellAssetContract: () => {
    const j = S.MarketSellAssetContract as Json;
    return Uint8Array.from([
      ...wire.bytes(1, h(j.owner_address)),
      ...wire.bytes(2, h(j.sell_token_id)),
      ...wire.int(3, j.sell_token_quantity),
      ...wire.bytes(4, h(j.buy_token_id)),
      ...wire.int(5, j.buy_token_quantity),
    ]);
  },
  MarketCancelOrderContract: () => Uint8Array.from([...wire.bytes(1, h(SAMPLE_A)), ...wire.bytes(2, h((S.MarketCancelOrderContract as Json).order_id))]),
  ShieldedTransferContract: () => {
    const j = S.ShieldedTransferContract as Json;
    const r = j.receive_description[0] as Json;
    const receive = [
      ...wire.bytes(1, h(r.value_commitment)),
      ...wire.bytes(2, h(r.note_commitment)),
      ...wire.bytes(3, h(r.epk)),
      ...wire.bytes(4, h(r.c_enc)),
      ...wire.bytes(5, h(r.c_out)),
      ...wire.bytes(6, h(r.zkproof)),
    ];
    return Uint8Array.from([
      ...wire.bytes(1, h(j.transparent_from_address)),
      ...wire.int(2, j.from_amount),
      ...wire.bytes(4, receive),
      ...wire.bytes(5, h(j.binding_signature)),
    ]);
  },
  VoteAssetContract: () => {
    const c = new Proto.VoteAssetContract();
    c.setOwnerAddress(h(SAMPLE_A));
    c.setVoteAddressList([h(SAMPLE_B), h(SAMPLE_C)]);
    c.setSupport(true);
    c.setCount(3);
    return c.serializeBinary() as Uint8Array;
  },
  UnfreezeAssetContract: () => {
    const c = new Proto.UnfreezeAssetContract();
    c.setOwnerAddress(h(SAMPLE_A));
    return c.serializeBinary() as Uint8Array;
  },
};

describe('every contract type: our bytes and txID are what TronWeb builds from the same JSON (offline)', () => {
  it('the sample table covers every contract type Airlock decodes', () => {
    expect(SAMPLE_NAMES.sort()).toEqual(Object.keys(SUPPORTED_CONTRACTS).sort());
  });

  for (const name of SAMPLE_NAMES) {
    const typeId = parseContractType(name);
    const byHand = HAND_WRITTEN[name];
    it(`${typeId} ${name}: ${byHand ? "TronWeb's protobuf classes (its builder has none)" : "TronWeb's transaction builder"} agree`, () => {
      const tx = createTransaction({ type: name, value: sampleMessage(name), permissionId: 3 }, fields);
      const spec = transactionToNodeJson(tx);
      if (byHand) {
        const theirs = tronWebRaw(typeId, name, byHand(), 3);
        expect(bytesToHex(theirs)).toBe(bytesToHex(tx.rawBytes));
        expect(bytesToHex(sha256(theirs))).toBe(spec.txID);
      } else {
        const javaTron = jsonSafe(translateJson(TransactionSchema, spec, 'java-tron')) as Json;
        // Type 0 is proto3's default, so the node's JSON (and ours) leaves `type` out; TronWeb picks
        // its builder by that name, so it is told.
        if (typeId === 0) expect(javaTron.raw_data.contract[0].type).toBeUndefined();
        javaTron.raw_data.contract[0].type = name;
        const pb = tronUtils.transaction.txJsonToPb(javaTron);
        expect(tronUtils.transaction.txPbToRawDataHex(pb).toLowerCase()).toBe(bytesToHex(tx.rawBytes));
        expect(tronUtils.transaction.txPbToTxID(pb).replace(/^0x/, '')).toBe(spec.txID);
      }
      // And back: the bytes decode to the same contract, of the same type.
      const decoded = decodeRaw(tx.rawBytes);
      expect([decoded.contractType, decoded.contractTypeId, decoded.permissionId]).toEqual([name, typeId, 3]);
      expect(messageToNodeJson(SUPPORTED_CONTRACTS[name], decoded.contract)).toEqual(messageToNodeJson(SUPPORTED_CONTRACTS[name], sampleMessage(name)));
    });
  }
});
