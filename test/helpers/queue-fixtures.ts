/**
 * Queue rows the seeded real station (real-station.ts) does not build offline, imported through its
 * API as handoff files, for the tests of batch work and the queue's recipient column (docs/decisions.md §18): a
 * contract call whose data decodes to no known function (signing it needs a risk named), and a
 * permission change of account M (a transaction that pays no one). Both count against M's 2-of-3
 * owner permission, carried in the file as a claim.
 */
import { create } from '@bufbuild/protobuf';
import { addressFromBase58 } from '../../shared/chain/address.ts';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { createTransaction, type ContractCall } from '../../shared/chain/transaction.ts';
import { exportHandoff, stringifyHandoff } from '../../shared/files/handoff.ts';
import { permissionsToJson } from '../../shared/files/snapshot.ts';
import { PermissionSchema, PermissionType } from '../../shared/gen/protocol/core_pb.ts';
import { AccountPermissionUpdateContractSchema } from '../../shared/gen/protocol/contract_pb.ts';
import { TriggerSmartContractSchema } from '../../shared/gen/protocol/smart_contract_pb.ts';
import { TEST_ADDRESSES, type RealStation } from './real-station.ts';

function ownerOfM() {
  return create(PermissionSchema, {
    type: PermissionType.Owner,
    permissionName: 'owner',
    threshold: 2n,
    keys: (['A', 'B', 'C'] as const).map((k) => ({ address: addressFromBase58(TEST_ADDRESSES[k]), weight: 1n })),
  });
}

async function importContract(s: RealStation, contract: ContractCall, name: string): Promise<string> {
  const now = s.now();
  const tx = createTransaction(contract, {
    refBlockBytes: hexToBytes('0001'),
    refBlockHash: hexToBytes('00'.repeat(8)),
    expiration: now + 3_600_000,
    timestamp: now,
    feeLimit: 10_000_000n,
  });
  const permission = { address: TEST_ADDRESSES.M, permissions: permissionsToJson({ owner: ownerOfM(), actives: [] }), source: { file: name }, at: now };
  await s.handlers.importFiles({ files: [{ name, text: stringifyHandoff(exportHandoff({ tx, permission, now })) }] });
  return bytesToHex(tx.txId);
}

/** A call of contract 0x41 22…22 with data 0xdeadbeef from M: its txID. */
export function importUnknownCall(s: RealStation): Promise<string> {
  const call = create(TriggerSmartContractSchema, {
    ownerAddress: addressFromBase58(TEST_ADDRESSES.M),
    contractAddress: hexToBytes('41' + '22'.repeat(20)),
    data: hexToBytes('deadbeef'),
  });
  return importContract(s, { type: 'TriggerSmartContract', value: call }, 'call.airlock.json');
}

/** M's owner permission set again as it is (2 of A, B, C): its txID. */
export function importPermissionChange(s: RealStation): Promise<string> {
  const update = create(AccountPermissionUpdateContractSchema, { ownerAddress: addressFromBase58(TEST_ADDRESSES.M), owner: ownerOfM(), actives: [] });
  return importContract(s, { type: 'AccountPermissionUpdateContract', value: update }, 'permissions.airlock.json');
}
