/**
 * What the tests of shared/contracts/token.ts share (token*.test.ts): two addresses, a head block
 * time, the reference vectors, the exact-error helpers and AssetIssueContract builders. No tests
 * here; the rules under test (PROTOCOL.md §6.1-6.3, spec §4.5-4.7) are in the test files' headers.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { clone, create } from '@bufbuild/protobuf';
import { AssetIssueContract_CdedSupplySchema, AssetIssueContractSchema, type AssetIssueContract } from '../../shared/gen/protocol/contract_pb.ts';
import { buildAssetIssue, validateAssetIssue, type AssetIssueInput } from '../../shared/contracts/token.ts';
import { addressFromHex } from '../../shared/chain/address.ts';
import { hexToBytes } from '../../shared/base/bytes.ts';
import { AirlockError } from '../../shared/base/errors.ts';
import { type RawFields } from '../../shared/chain/transaction.ts';

export const OWNER_HEX = '4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a'; // key 11×32
export const TO_HEX = '412bd0c9fe079c8fca0e3352eb3d02839c371e5c41'; // key 21×32
export const OWNER = addressFromHex(OWNER_HEX);
export const TO = addressFromHex(TO_HEX);
export const HEAD = 1_700_000_000_000n;

export interface VectorTx {
  contract: Record<string, unknown>;
  ref_block_bytes: string;
  ref_block_hash: string;
  expiration: number;
  timestamp: number;
  raw_data_hex: string;
  txID: string;
}
export const vectors = JSON.parse(readFileSync(new URL('../fixtures/vectors/reference.json', import.meta.url), 'utf8')) as {
  transactions: VectorTx[];
};

export function rawFieldsOf(v: VectorTx): RawFields {
  return {
    refBlockBytes: hexToBytes(v.ref_block_bytes),
    refBlockHash: hexToBytes(v.ref_block_hash),
    expiration: v.expiration,
    timestamp: v.timestamp,
  };
}

/** Runs `f` and checks it throws AirlockError(code, message) with details.field = field (when given). */
export function expectError(f: () => unknown, code: string, message: string, field?: string): AirlockError {
  let thrown: unknown;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  expect(thrown, `expected "${message}"`).toBeInstanceOf(AirlockError);
  const err = thrown as AirlockError;
  expect({ code: err.code, message: err.message }).toEqual({ code, message });
  if (field !== undefined) expect(err.details?.field).toBe(field);
  return err;
}

export const expectInvalid = (f: () => unknown, message: string, field?: string) => expectError(f, 'CONTRACT_VALIDATE', message, field);

export function baseInput(): AssetIssueInput {
  return {
    owner: OWNER_HEX,
    name: 'AIRLOCK',
    abbr: 'AIR',
    totalSupply: 1_000_000_000n,
    precision: 6,
    coinNum: 1_000_000,
    num: 10,
    startTime: HEAD + 60_000n,
    endTime: HEAD + 86_400_000n,
    description: 'A test token',
    url: 'https://example.com',
    freeAssetNetLimit: 1000,
    publicFreeAssetNetLimit: 10_000,
    cdedSupply: [{ amount: 1000, days: 30 }],
  };
}

/** A valid issue contract with some fields replaced, not yet validated. */
export function issue(patch: Partial<AssetIssueContract> = {}): AssetIssueContract {
  const c = clone(AssetIssueContractSchema, buildAssetIssue(baseInput(), { headBlockTime: HEAD }));
  return Object.assign(c, patch);
}

export const cded = (amount: bigint, days: bigint) => create(AssetIssueContract_CdedSupplySchema, { cdedAmount: amount, cdedDays: days });
export const bytesOf = (n: number, b: number) => new Uint8Array(n).fill(b);
export const ok = (c: AssetIssueContract) => expect(() => validateAssetIssue(c, { headBlockTime: HEAD })).not.toThrow();
export const check = (c: AssetIssueContract) => () => validateAssetIssue(c, { headBlockTime: HEAD });
