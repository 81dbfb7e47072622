/**
 * A chain snapshot of account N whose owner permission is 2-of-3 over [a Ledger key, B, C]
 * (docs/decisions.md §23), for the tests of the screens that list a Ledger key for a signer (component and
 * Chromium). N is an address of its own: no key of it is held anywhere. Invariant: the snapshot is
 * read `HOUR` before the station's clock, so a transfer from N may expire up to 23 hours ahead.
 */
import { create } from '@bufbuild/protobuf';
import { KeySchema, PermissionSchema, PermissionType } from '../../shared/gen/protocol/core_pb.ts';
import { addressToBase58, parseAddress } from '../../shared/chain/address.ts';
import { addressOfPrivateKey, privateKeyFromHex } from '../../shared/chain/keys.ts';
import { exportSnapshot, permissionsToJson, stringifySnapshot } from '../../shared/files/snapshot.ts';
import { TEST_ADDRESSES } from './real-station.ts';

const HOUR = 3_600_000;

/** The account whose owner permission names the Ledger key. */
export const ACCOUNT_N = addressToBase58(addressOfPrivateKey(privateKeyFromHex('7'.repeat(64))));

/** The snapshot's text: N with 50 TRX, its owner 2-of-3 over [ledger, B, C], read an hour before `now`. */
export function ledgerAccountSnapshot(ledger: string, now: number): string {
  const blockTime = now - HOUR;
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
