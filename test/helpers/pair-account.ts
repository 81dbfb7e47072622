/**
 * A multi-signature account for the station tests: an owner with the default owner permission and
 * an active permission 2 named "pair" whose fresh keys each weigh 1, `threshold` of them needed,
 * with its permissions as a chain snapshot carries them. The keys are new on every call, so no two
 * test files share an address.
 */
import { create } from '@bufbuild/protobuf';
import { PermissionSchema, PermissionType, type Permission } from '../../shared/gen/protocol/core_pb.ts';
import { addressToBase58, type Address } from '../../shared/chain/address.ts';
import { addressOfPrivateKey, generatePrivateKey } from '../../shared/chain/keys.ts';
import { defaultActiveOperations } from '../../shared/chain/operations.ts';
import { defaultOwnerPermission } from '../../shared/contracts/permission/rules.ts';
import { permissionsToJson, type PermissionsJson } from '../../shared/files/snapshot.ts';

export interface PairAccount {
  /** The private keys of the active permission, in key order. */
  keys: Uint8Array[];
  signers: Address[];
  owner: Address;
  /** The owner's Base58 address. */
  OWNER: string;
  permission: Permission;
  permissions: PermissionsJson;
}

export function pairAccount(count = 2, threshold = 2n): PairAccount {
  const keys = Array.from({ length: count }, () => generatePrivateKey());
  const signers = keys.map((k) => addressOfPrivateKey(k));
  const owner = addressOfPrivateKey(generatePrivateKey());
  const permission = create(PermissionSchema, {
    type: PermissionType.Active,
    id: 2,
    permissionName: 'pair',
    threshold,
    operations: defaultActiveOperations(),
    keys: signers.map((address) => ({ address, weight: 1n })),
  });
  return {
    keys,
    signers,
    owner,
    OWNER: addressToBase58(owner),
    permission,
    permissions: permissionsToJson({ owner: defaultOwnerPermission(owner), actives: [permission] }),
  };
}
