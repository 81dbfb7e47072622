/**
 * A real station (station-harness.ts) holding a Ledger key (docs/decisions.md §23) that an account's permission
 * names: the virtual Ledger (test/helpers/virtual-ledger.ts) is the `ledger` setting, its account 0
 * is added as a key, and a snapshot of account N (owner 2-of-3 over [that Ledger key, B, C]) is
 * imported, with one unsigned transfer from N built. For the screens that list keys for a signer.
 * Invariant: the Ledger key is added through the station's own API (confirmed on the device), never
 * written to the store.
 */
import { onTestFinished } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { KeySchema, PermissionSchema, PermissionType } from '../../../shared/gen/protocol/core_pb.ts';
import { addressToBase58, parseAddress } from '../../../shared/chain/address.ts';
import { addressOfPrivateKey, privateKeyFromHex } from '../../../shared/chain/keys.ts';
import { exportSnapshot, permissionsToJson, stringifySnapshot } from '../../../shared/files/snapshot.ts';
import { TEST_ADDRESSES, TEST_NOW } from '../real-station.ts';
import { startVirtualLedger, type VirtualLedger } from '../virtual-ledger.ts';
import { realStationState, type Harness } from './station-harness.ts';

const HOUR = 3_600_000;
/** The account whose owner permission names the Ledger key: an address of its own, no key of it held anywhere. */
export const ACCOUNT_N = addressToBase58(addressOfPrivateKey(privateKeyFromHex('7'.repeat(64))));

/** The snapshot of N: owner 2-of-3 over [ledger, B, C], read an hour before TEST_NOW. */
function snapshotOfN(ledger: string): string {
  const blockTime = TEST_NOW - HOUR;
  const owner = create(PermissionSchema, {
    type: PermissionType.Owner,
    id: 0,
    permissionName: 'owner',
    threshold: 2n,
    keys: [ledger, TEST_ADDRESSES.B, TEST_ADDRESSES.C].map((a) => create(KeySchema, { address: parseAddress(a), weight: 1n })),
  });
  const node = 'http://127.0.0.1:8090';
  const block = { number: 100, id: (100).toString(16).padStart(16, '0') + 'cd'.repeat(24), timestamp: blockTime };
  const account = {
    address: ACCOUNT_N,
    exists: true,
    permissions: permissionsToJson({ owner, actives: [] }),
    balance: '50000000',
    tokens: [],
    source: { node, block: 100 },
    at: blockTime,
  };
  return stringifySnapshot(exportSnapshot({ node, block, accounts: [account], tokens: [], exportedAt: blockTime + 1_000 }));
}

export interface LedgerAccount {
  h: Harness;
  device: VirtualLedger;
  /** The Ledger key's address and path as the station stored them. */
  ledger: { address: string; path: string };
  /** An unsigned transfer from N. */
  txId: string;
}

export async function withLedgerAccount(): Promise<LedgerAccount> {
  const v = await startVirtualLedger();
  onTestFinished(() => v.device.stop());
  const h = await realStationState({ count: 0 });
  await h.real.handlers.setSetting({ key: 'ledger', value: v.setting });
  await h.real.handlers.keysLedgerAdd({ account: 0, label: 'desk ledger' });
  const key = (await h.real.handlers.keysList(undefined)).keys.find((k) => k.vault === 'ledger')!;
  await h.real.handlers.snapshotImport({ fileName: 'n.json', text: snapshotOfN(key.address) });
  const built = await h.real.handlers.buildTransfer({ from: ACCOUNT_N, to: TEST_ADDRESSES.R, amount: '1000000', expiresIn: '2h' });
  return { h, device: v.device, ledger: { address: key.address, path: key.device!.path }, txId: built.txId };
}
