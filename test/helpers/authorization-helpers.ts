/**
 * What the tests of shared/approval/authorization.ts share (authorization*.test.ts): the reference
 * vectors, six keys and their addresses, transactions to sign, permissions and accounts to check them
 * against, and the error and signature helpers. No tests here; the rules under test are in the
 * test files' headers (PROTOCOL.md §3, §4.1-§4.3, §9).
 */
import { readFileSync } from 'node:fs';
import { create } from '@bufbuild/protobuf';
import { expect } from 'vitest';
import { AccountPermissionUpdateContractSchema, TransferContractSchema } from '../../shared/gen/protocol/contract_pb.ts';
import {
  KeySchema,
  PermissionSchema,
  PermissionType,
  Transaction_ContractSchema,
  Transaction_rawSchema,
  type Permission,
} from '../../shared/gen/protocol/core_pb.ts';
import { type Address } from '../../shared/chain/address.ts';
import { bytesToHex, concatBytes, hexToBytes } from '../../shared/base/bytes.ts';
import { AirlockError } from '../../shared/base/errors.ts';
import { addSignature, addressOfPrivateKey, privateKeyFromHex } from '../../shared/chain/keys.ts';
import { defaultActiveOperations } from '../../shared/chain/operations.ts';
import { defaultActivePermission, defaultOwnerPermission } from '../../shared/contracts/permission/rules.ts';
import { buildRaw, createTransaction, encodeRaw, type ContractCall, type SignedTransaction } from '../../shared/chain/transaction.ts';
import { type AccountPermissions } from '../../shared/approval/authorization.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures

export const VECTORS_URL = new URL('../fixtures/vectors/reference.json', import.meta.url);
export interface TxVector {
  description: string;
  contract: Record<string, unknown>;
  raw_data_hex: string;
  txID: string;
  signatures: string[];
  recovered_signers: string[];
}
export const VECTORS = JSON.parse(readFileSync(VECTORS_URL, 'utf8')) as { transactions: TxVector[] };
export const UTIL_TEST = VECTORS.transactions.find((t) => t.description.includes('UtilTest'))!;
export const ASSET_2SIG = VECTORS.transactions.find((t) => t.description.includes('Permission_id 2'))!;
export const OWNER_1SIG = VECTORS.transactions.find((t) => t.description.includes('TransferContract 1000000'))!;

export function vectorTx(v: TxVector): SignedTransaction {
  return { rawBytes: hexToBytes(v.raw_data_hex), signatures: v.signatures.map((s) => hexToBytes(s)) };
}

export const PRIV = {
  k11: privateKeyFromHex('11'.repeat(32)),
  k12: privateKeyFromHex('12'.repeat(32)),
  k13: privateKeyFromHex('13'.repeat(32)),
  k21: privateKeyFromHex('21'.repeat(32)),
  k22: privateKeyFromHex('22'.repeat(32)),
  k23: privateKeyFromHex('23'.repeat(32)),
};
export const A = addressOfPrivateKey(PRIV.k11); // the account in most tests
export const B = addressOfPrivateKey(PRIV.k12);
export const C = addressOfPrivateKey(PRIV.k13);
export const D = addressOfPrivateKey(PRIV.k21);
export const E = addressOfPrivateKey(PRIV.k22);
export const X = addressOfPrivateKey(PRIV.k23); // never a key

export const RAW = {
  refBlockBytes: hexToBytes('d8ed'),
  refBlockHash: hexToBytes('2e066c3259e756f5'),
  expiration: 1651906644000n,
  timestamp: 1651906586162n,
};

export const TRANSFER_ID = 1;
export const PERMISSION_UPDATE_ID = 46;

export function transfer(owner: Address, permissionId = 0): SignedTransaction {
  const call: ContractCall = {
    type: 'TransferContract',
    value: create(TransferContractSchema, { ownerAddress: owner, toAddress: D, amount: 1_000_000n }),
  };
  if (permissionId === 1) {
    // Airlock never builds a Permission_id 1 transaction (spec §2.4), but a node can be sent one.
    const raw = buildRaw(call, RAW);
    raw.contract[0]!.PermissionId = 1;
    return { rawBytes: encodeRaw(raw), signatures: [] };
  }
  const { rawBytes, signatures } = createTransaction({ ...call, permissionId }, RAW);
  return { rawBytes, signatures };
}

export function permissionUpdate(owner: Address, permissionId: number): SignedTransaction {
  const value = create(AccountPermissionUpdateContractSchema, {
    ownerAddress: owner,
    owner: defaultOwnerPermission(owner),
    actives: [defaultActivePermission(owner)],
  });
  const { rawBytes, signatures } = createTransaction({ type: 'AccountPermissionUpdateContract', value, permissionId }, RAW);
  return { rawBytes, signatures };
}

export function signed(tx: SignedTransaction, ...keys: Uint8Array[]): SignedTransaction {
  return keys.reduce((t, k) => addSignature(t, k), tx);
}

/** The signature `priv` makes over `tx`. */
export function sigOf(tx: SignedTransaction, priv: Uint8Array): Uint8Array {
  return signed(tx, priv).signatures[0]!;
}

export function withSignatures(tx: SignedTransaction, signatures: Uint8Array[]): SignedTransaction {
  return { rawBytes: tx.rawBytes, signatures };
}

/** Raw bytes with TaPoS and times but no contract. */
export const NO_CONTRACT_RAW = encodeRaw(create(Transaction_rawSchema, { ...RAW }));

/** Raw bytes with a contract type Airlock has no schema for (VoteWitnessContract, 4). */
export const UNSUPPORTED_RAW = encodeRaw(
  create(Transaction_rawSchema, {
    ...RAW,
    contract: [
      create(Transaction_ContractSchema, {
        // CustomContract: a type of the reference node with no message, so nothing can read its owner.
        type: 20,
        parameter: { typeUrl: 'type.googleapis.com/protocol.CustomContract', value: concatBytes(new Uint8Array([0x0a, 21]), A) },
      }),
    ],
  }),
);

export function key(address: Uint8Array, weight: bigint | number = 1n) {
  return create(KeySchema, { address, weight: BigInt(weight) });
}

export function ownerPerm(keys: ReturnType<typeof key>[], threshold: bigint): Permission {
  return create(PermissionSchema, { type: PermissionType.Owner, id: 0, permissionName: 'owner', threshold, keys });
}

export function activePerm(id: number, keys: ReturnType<typeof key>[], threshold: bigint, operations = defaultActiveOperations()): Permission {
  return create(PermissionSchema, { type: PermissionType.Active, id, permissionName: `active${id}`, threshold, operations, keys });
}

export function account(fields: Partial<AccountPermissions> = {}): AccountPermissions {
  return { address: A, actives: [], ...fields };
}

/** A 2-of-3 owner (A, B, C weight 1 each) and an active id 2 with weights A 2, B 3 (threshold 5). */
export const MULTI = account({
  owner: ownerPerm([key(A), key(B), key(C)], 2n),
  actives: [activePerm(2, [key(A, 2n), key(B, 3n)], 5n)],
});

export function errorOf(fn: () => unknown): AirlockError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AirlockError) return e;
    throw e;
  }
  throw new Error('expected an AirlockError, nothing was thrown');
}

export function expectError(fn: () => unknown, code: string, message: string): AirlockError {
  const e = errorOf(fn);
  expect(e.message).toBe(message);
  expect(e.code).toBe(code);
  return e;
}

export const hexes = (list: Uint8Array[] | undefined) => list?.map(bytesToHex);

// secp256k1 group order, for building the malleated (high-S) twin of a signature.
export const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

export function highS(sig: Uint8Array): Uint8Array {
  const s = BigInt('0x' + bytesToHex(sig.subarray(32, 64)));
  const out = sig.slice(0, 65);
  out.set(hexToBytes((N - s).toString(16).padStart(64, '0')), 32);
  out[64] = sig[64]! ^ 1;
  return out;
}

export function withV(sig: Uint8Array, v: number): Uint8Array {
  const out = sig.slice();
  out[64] = v;
  return out;
}
