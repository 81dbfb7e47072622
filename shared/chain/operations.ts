/**
 * Operations masks (spec §2.2, §2.7, §4.9; PROTOCOL.md §8): 32 bytes, one bit per contract type id,
 * bit (id mod 8) of byte (id div 8), least significant bit first. An active permission may run a
 * contract only when its bit is set; the owner is never checked against a mask.
 */
import { bytesToHex, hexToBytes } from '../base/bytes.ts';
import { fail } from '../base/errors.ts';
import { contractTypeName, isKnownContractType, parseContractType } from './contract-types.ts';
import { escapeText } from '../base/escape.ts';
import { badArgument } from './input.ts';

export const OPERATIONS_LENGTH = 32;

/** Spec §2.7: what a new account's default active permission may run (0-6, 8-20, 30-33, 41-45). */
export const DEFAULT_ACTIVE_OPERATIONS_HEX = '7fff1fc0033e0000000000000000000000000000000000000000000000000000';

/** The reference node's AVAILABLE_CONTRACT_TYPE at genesis: the default plus 46 (PROTOCOL.md §8). */
export const AVAILABLE_CONTRACT_TYPES_HEX = '7fff1fc0037e0000000000000000000000000000000000000000000000000000';

/**
 * Every contract type the reference node knows (0-6, 8-20, 30-33, 41-46, 48, 49, 51-59): mainnet's
 * AVAILABLE_CONTRACT_TYPE once its proposals added 48-59 (docs/decisions.md §17). What a permission is checked
 * against when the node's own mask is not known, so a real account's bits 48-59 are re-stated.
 */
export const KNOWN_CONTRACT_TYPES_HEX = '7fff1fc0037efb0f000000000000000000000000000000000000000000000000';

/**
 * Mainnet's ACTIVE_DEFAULT_OPERATIONS today: the spec's default plus 48, 49 and 51-59. The reference
 * node adds a contract type to both masks when the proposal enabling it passes
 * (DynamicPropertiesStore.addSystemContractAndSetPermission, called from java-tron's
 * framework/.../core/consensus/ProposalService.java for ALLOW_TVM_CONSTANTINOPLE 48,
 * ALLOW_CHANGE_DELEGATION 49, ALLOW_SHIELDED_TRANSACTION 51 (passed on mainnet; that case is
 * commented out in today's source), ALLOW_MARKET_TRANSACTION 52-53, UNFREEZE_DELAY_DAYS 54-58 and
 * ALLOW_CANCEL_ALL_UNFREEZE_V2 59). There is no type 50, and 46 (AccountPermissionUpdate) was only
 * ever in AVAILABLE_CONTRACT_TYPE. Only accounts created afterwards get the new bits: a stored
 * permission is never rewritten. The local node starts from this value.
 */
export const MAINNET_ACTIVE_DEFAULT_OPERATIONS_HEX = '7fff1fc0033efb0f000000000000000000000000000000000000000000000000';

export function hasOperation(operations: Uint8Array, typeId: number): boolean {
  if (typeId < 0 || typeId >= OPERATIONS_LENGTH * 8) return false;
  return ((operations[typeId >> 3] ?? 0) & (1 << (typeId & 7))) !== 0;
}

/**
 * Encodes contract types (ids or names, see `parseContractType`) into a 32-byte mask. Ids that are
 * not contract types of this chain are refused: the node would refuse the mask anyway
 * (`<i> isn't a validate ContractType`).
 */
export function encodeOperations(types: ReadonlyArray<string | number>): Uint8Array {
  if (!Array.isArray(types)) badArgument('encodeOperations: expected a list of contract types', 'types');
  const out = new Uint8Array(OPERATIONS_LENGTH);
  types.forEach((t, i) => {
    const id = parseContractType(t, `operations[${i}]`);
    out[id >> 3]! |= 1 << (id & 7);
  });
  return out;
}

export function encodeOperationsHex(types: ReadonlyArray<string | number>): string {
  return bytesToHex(encodeOperations(types));
}

export interface DecodedOperations {
  /** Set bits, ascending. */
  ids: number[];
  /** The names of the set bits that are contract types. */
  names: string[];
  /** Set bits that are not contract types of this chain (a mask the node would refuse). */
  unknown: number[];
}

/** Decodes a 32-byte mask given as bytes or 64 hex digits. */
export function decodeOperations(operations: Uint8Array | string): DecodedOperations {
  const bytes = typeof operations === 'string' ? hexToBytes(operations, 'operations') : operations;
  if (bytes.length !== OPERATIONS_LENGTH) {
    fail('INVALID_INPUT', `operations: expected ${OPERATIONS_LENGTH} bytes (64 hex digits), got ${bytes.length}`);
  }
  const ids: number[] = [];
  for (let id = 0; id < OPERATIONS_LENGTH * 8; id++) if (hasOperation(bytes, id)) ids.push(id);
  return {
    ids,
    names: ids.filter(isKnownContractType).map((id) => contractTypeName(id)!),
    unknown: ids.filter((id) => !isKnownContractType(id)),
  };
}

export function defaultActiveOperations(): Uint8Array {
  return hexToBytes(DEFAULT_ACTIVE_OPERATIONS_HEX);
}

export function availableContractTypes(): Uint8Array {
  return hexToBytes(AVAILABLE_CONTRACT_TYPES_HEX);
}

export function knownContractTypes(): Uint8Array {
  return hexToBytes(KNOWN_CONTRACT_TYPES_HEX);
}

/**
 * Encodes bit indexes 0-255 into a mask as they are, known contract types or not: the way a
 * permission read from the chain is re-stated bit for bit (a bit the station does not know is kept;
 * whether the node accepts it is the node's AVAILABLE_CONTRACT_TYPE rule, rules.ts rule 12).
 */
export function encodeOperationBits(ids: ReadonlyArray<number>): Uint8Array {
  const out = new Uint8Array(OPERATIONS_LENGTH);
  for (const id of ids) {
    if (!Number.isInteger(id) || id < 0 || id >= OPERATIONS_LENGTH * 8)
      badArgument(`encodeOperationBits: ${String(id)} is not a bit index 0-255`, 'operations');
    out[id >> 3]! |= 1 << (id & 7);
  }
  return out;
}

/** The parts of a permission the operations rule reads (a protobuf Permission, or its view's numbers). */
export interface PermissionGrant {
  /** PermissionType: 0 owner, 1 executive, 2 active. */
  type: number;
  id: number;
  permissionName: string;
  operations: Uint8Array;
}

/**
 * Whether a transaction of contract type `typeId` may count against `permission` (PROTOCOL.md §3
 * item 4, docs/decisions.md §17 "a build offers only the permissions whose operations allow that contract"):
 * the owner always; an active permission only when its operations have the type's bit; the
 * executive permission never (it signs blocks, not transactions).
 */
export function permissionAllows(permission: PermissionGrant, typeId: number): boolean {
  if (permission.type === 0) return true;
  if (permission.type !== 2) return false;
  return permission.operations.length === OPERATIONS_LENGTH && hasOperation(permission.operations, typeId);
}

/**
 * Refuses, before anything is built, a contract the chosen permission does not allow, naming both:
 * `active permission 2 'payments' does not allow FreezeBalanceV2Contract`. The permission's name is
 * chain text, shown escaped.
 */
export function checkPermissionAllows(permission: PermissionGrant, typeId: number, field = 'permission-id'): void {
  if (permissionAllows(permission, typeId)) return;
  const kind = permission.type === 2 ? 'active' : permission.type === 1 ? 'executive' : `type ${permission.type}`;
  const contract = contractTypeName(typeId) ?? `contract type ${typeId}`;
  fail('PERMISSION', `${kind} permission ${permission.id} '${escapeText(permission.permissionName)}' does not allow ${contract}`, {
    field,
    permissionId: permission.id,
    contractType: contract,
  });
}
