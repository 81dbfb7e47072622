/**
 * Property tests for shared/chain/dialect.ts (docs/decisions.md §11): on generated accounts, tokens and transactions,
 * spec → java-tron → spec is the identity; the java-tron side carries no spec-only name; and what
 * reads back from it encodes to the same bytes (the dialects differ in names, never in bytes).
 */
import { create, toBinary, type DescMessage, type Message } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AccountPermissionUpdateContractSchema, AssetIssueContractSchema, TransferContractSchema } from '../gen/protocol/contract_pb.ts';
import { AccountSchema, PermissionSchema, TransactionSchema, type Permission } from '../gen/protocol/core_pb.ts';
import { translateJson } from './dialect.ts';
import { messageFromNodeJson, messageToNodeJson } from './node-json.ts';
import { typeUrlFor } from './contract-types.ts';
import { namesOnlyIn } from '../../test/helpers/java-tron-node.ts';

const INT64_MAX = 2n ** 63n - 1n;
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => Uint8Array.of(0x41, ...b));
const int64 = fc.bigInt({ min: 0n, max: INT64_MAX });
const int32 = fc.integer({ min: 0, max: 2 ** 31 - 1 });
const name = fc.string({ maxLength: 12 });

const permission = (type: 0 | 1 | 2): fc.Arbitrary<Permission> =>
  fc
    .record({
      id: fc.integer({ min: 0, max: 10 }),
      permissionName: name,
      threshold: int64,
      operations: fc.uint8Array({ maxLength: 32 }),
      keys: fc.array(fc.record({ address, weight: int64 }), { maxLength: 5 }),
    })
    .map((p) => create(PermissionSchema, { ...p, type, keys: p.keys.map((k) => ({ ...k })) }));
const anyPermission = fc.constantFrom(0 as const, 1 as const, 2 as const).chain(permission);
const maybe = <T>(a: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(a, { nil: undefined });

const account = fc
  .record({
    address,
    balance: int64,
    isExecutive: fc.boolean(),
    createTime: int64,
    cdedSupply: fc.array(fc.record({ cdedBalance: int64, expireTime: int64 }), { maxLength: 3 }),
    ownerPermission: maybe(permission(0)),
    executivePermission: maybe(permission(1)),
    activePermission: fc.array(anyPermission, { maxLength: 3 }),
    assetV2: fc.dictionary(fc.integer({ min: 1_000_001, max: 9_999_999 }).map(String), int64, { maxKeys: 3 }),
  })
  .map((a) => create(AccountSchema, a));

const token = fc
  .record({
    ownerAddress: address,
    name: fc.uint8Array({ maxLength: 8 }),
    totalSupply: int64,
    coinNum: int32,
    num: int32,
    precision: fc.integer({ min: 0, max: 6 }),
    startTime: int64,
    endTime: int64,
    url: fc.uint8Array({ maxLength: 8 }),
    id: fc.integer({ min: 1_000_001, max: 9_999_999 }).map(String),
    cdedSupply: fc.array(fc.record({ cdedAmount: int64, cdedDays: int64 }), { maxLength: 4 }),
  })
  .map((t) => create(AssetIssueContractSchema, t));

const permissionUpdate = fc
  .record({ ownerAddress: address, owner: permission(0), executive: maybe(permission(1)), actives: fc.array(permission(2), { minLength: 1, maxLength: 3 }) })
  .map((u) => create(AccountPermissionUpdateContractSchema, u));
const transfer = fc.record({ ownerAddress: address, toAddress: address, amount: int64 }).map((t) => create(TransferContractSchema, t));

const contract: fc.Arbitrary<{ type: number; name: string; schema: DescMessage; value: Message }> = fc.oneof(
  token.map((value) => ({ type: 6, name: 'AssetIssueContract', schema: AssetIssueContractSchema, value })),
  permissionUpdate.map((value) => ({ type: 46, name: 'AccountPermissionUpdateContract', schema: AccountPermissionUpdateContractSchema, value })),
  transfer.map((value) => ({ type: 1, name: 'TransferContract', schema: TransferContractSchema, value })),
);
const transaction = fc
  .record({
    c: contract,
    permissionId: fc.integer({ min: 0, max: 9 }),
    refBlockBytes: fc.uint8Array({ minLength: 2, maxLength: 2 }),
    refBlockHash: fc.uint8Array({ minLength: 8, maxLength: 8 }),
    expiration: int64,
    timestamp: int64,
    signature: fc.array(fc.uint8Array({ minLength: 65, maxLength: 65 }), { maxLength: 3 }),
  })
  .map(({ c, permissionId, signature, ...raw }) =>
    create(TransactionSchema, {
      signature,
      rawData: {
        ...raw,
        contract: [
          { type: c.type, PermissionId: permissionId, parameter: { typeUrl: typeUrlFor(c.name), value: toBinary(c.schema as never, c.value as never) } },
        ],
      },
    }),
  );

describe('spec → java-tron → spec is the identity', () => {
  for (const [what, schema, arb] of [
    ['accounts', AccountSchema, account],
    ['tokens', AssetIssueContractSchema, token],
    ['transactions', TransactionSchema, transaction],
  ] as [string, DescMessage, fc.Arbitrary<Message>][]) {
    it(`on generated ${what}; the java-tron side names nothing of the spec's and reads back to the same bytes`, () => {
      fc.assert(
        fc.property(arb, (message) => {
          const spec = messageToNodeJson(schema, message);
          const javaTron = translateJson(schema, spec, 'java-tron');
          expect(translateJson(schema, javaTron, 'spec')).toEqual(spec);
          expect(namesOnlyIn('spec', javaTron)).toEqual([]);
          const back = messageFromNodeJson(schema, translateJson(schema, javaTron, 'spec'));
          expect(toBinary(schema, back)).toEqual(toBinary(schema, message));
        }),
        { numRuns: 200 },
      );
    });
  }
});
