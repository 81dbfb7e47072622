// Helpers for the station store's tests and its crash child: fresh data directories, a clock the
// test controls, and well-formed rows (random txIDs over random raw bytes, 21-byte addresses).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create, toBinary } from '@bufbuild/protobuf';
import { AccountSchema, PermissionSchema, PermissionType } from '../../shared/gen/protocol/core_pb.ts';
import { txIdOf } from '../../shared/chain/transaction.ts';
import type { TransactionInput } from '../../station/store/transactions.ts';
import { fileAuditSeal, type AuditSeal } from '../../station/vault/audit-seal.ts';

export const T0 = 1_790_000_000_000;

/**
 * The audit seal a store test opens with: the keystore vault's own owner-only files in `dir`, so
 * a reopened store (or another process on the same directory) keeps the same audit key and anchor.
 */
export function sealIn(dir: string): () => AuditSeal {
  return () => fileAuditSeal(dir);
}

export function tempDir(prefix = 'airlock-store-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A clock that moves only when told to. */
export function testClock(start = T0): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => (t += ms) };
}

export function randomAddress(): Uint8Array {
  const a = new Uint8Array(randomBytes(21));
  a[0] = 0x41;
  return a;
}

export function randomSignature(): Uint8Array {
  return new Uint8Array(randomBytes(65));
}

export function accountBytes(address: Uint8Array): Uint8Array {
  return toBinary(AccountSchema, create(AccountSchema, { address, balance: 5n }));
}

export function permissionBytes(keys: Uint8Array[]): Uint8Array {
  return toBinary(
    PermissionSchema,
    create(PermissionSchema, {
      type: PermissionType.Active,
      id: 2,
      permissionName: 'active',
      threshold: 2n,
      operations: new Uint8Array(32),
      keys: keys.map((address) => ({ address, weight: 1n })),
    }),
  );
}

export function newTransaction(over: Partial<TransactionInput> = {}): TransactionInput {
  const raw = new Uint8Array(randomBytes(120));
  return {
    txId: txIdOf(raw),
    raw,
    kind: 'TransferContract',
    account: randomAddress(),
    permissionId: 2,
    expiration: T0 + 3_600_000,
    ...over,
  };
}
