/**
 * Account permissions (spec §2.2-2.7, §8; PROTOCOL.md §5, §8): the default owner, executive and
 * active permissions a new account gets, the rules an AccountPermissionUpdateContract must pass
 * before the node accepts it, and what the node stores when it executes one.
 *
 * `validatePermissionUpdate` runs the reference node's `AccountPermissionUpdateActuator.validate()`
 * checks from rule 4 on and its `checkPermission(p)` checks, in the node's order and with its exact
 * messages (witness renamed executive), so a contract that passes here passes there. Two deliberate
 * differences from the node's code, both from the spec: a permission name is limited to 32 UTF-8
 * *bytes* (the node counts Java chars), and the key limit is a context value (TOTAL_SIGN_NUM, 5).
 * Every error is an AirlockError('CONTRACT_VALIDATE', <node message>, {field}) whose `field` says
 * where in the contract the rule failed (`actives[1].keys[0].weight`).
 */
import { clone, create } from '@bufbuild/protobuf';
import { AccountPermissionUpdateContractSchema, type AccountPermissionUpdateContract } from '../../gen/protocol/contract_pb.ts';
import { KeySchema, PermissionSchema, PermissionType, PermissionTypeSchema, type Key, type Permission } from '../../gen/protocol/core_pb.ts';
import { checkAddress, isAddressBytes, type Address } from '../../chain/address.ts';
import { bytesToHex, utf8ToBytes } from '../../base/bytes.ts';
import { fail } from '../../base/errors.ts';
import { INT64_MAX } from '../../base/int64.ts';
import { badArgument, addressInput, atField, bytesInput, int64Input, kindOf, listInput, objectInput, rejectField, within } from '../../chain/input.ts';
import { knownContractTypes, defaultActiveOperations, encodeOperations, hasOperation, OPERATIONS_LENGTH } from '../../chain/operations.ts';
import { MAX_ACTIVE_PERMISSIONS, MAX_KEYS_PER_PERMISSION, MAX_PERMISSION_NAME_BYTES } from '../../base/limits.ts';

export const OWNER_PERMISSION_ID = 0;
export const EXECUTIVE_PERMISSION_ID = 1;
export const FIRST_ACTIVE_PERMISSION_ID = 2;

// ---------------------------------------------------------------------------------------------
// Defaults (spec §2.7, PROTOCOL.md §8)

function singleKey(address: Address, what: string): Key[] {
  return [create(KeySchema, { address: checkAddress(address, what).slice(), weight: 1n })];
}

/** The owner permission a new account gets (and what a null owner falls back to). */
export function defaultOwnerPermission(address: Address): Permission {
  return create(PermissionSchema, {
    type: PermissionType.Owner,
    id: OWNER_PERMISSION_ID,
    permissionName: 'owner',
    threshold: 1n,
    keys: singleKey(address, 'defaultOwnerPermission: address'),
  });
}

/** The active permission a new account gets: id 2, the default operations (no permission update). */
export function defaultActivePermission(address: Address, operations: Uint8Array = defaultActiveOperations()): Permission {
  if (!(operations instanceof Uint8Array)) badArgument('defaultActivePermission: operations must be bytes', 'operations');
  return create(PermissionSchema, {
    type: PermissionType.Active,
    id: FIRST_ACTIVE_PERMISSION_ID,
    permissionName: 'active',
    threshold: 1n,
    parentId: 0,
    operations: operations.slice(),
    keys: singleKey(address, 'defaultActivePermission: address'),
  });
}

/** The executive permission an executive (block producer) account gets: its own key, no operations. */
export function defaultExecutivePermission(address: Address): Permission {
  return create(PermissionSchema, {
    type: PermissionType.Executive,
    id: EXECUTIVE_PERMISSION_ID,
    permissionName: 'executive',
    threshold: 1n,
    keys: singleKey(address, 'defaultExecutivePermission: address'),
  });
}

// ---------------------------------------------------------------------------------------------
// Validation (PROTOCOL.md §5)

export interface PermissionUpdateContext {
  /** The owner account is an executive (block producer): it must, and only it may, set `executive`. */
  isExecutive: boolean;
  /** False when the owner account is not on chain. Default true. */
  accountExists?: boolean;
  /**
   * The node's AVAILABLE_CONTRACT_TYPE mask (32 bytes). Default `knownContractTypes()`: every contract
   * type the reference node knows, as on mainnet today (docs/decisions.md §17); a devnet passes its own mask.
   */
  availableContractTypes?: Uint8Array;
  /** The node's TOTAL_SIGN_NUM. Default 5. */
  maxKeys?: number;
}

/** The part of the context `checkPermissionShape` needs. */
export type PermissionShapeContext = Pick<PermissionUpdateContext, 'availableContractTypes' | 'maxKeys'>;

/** The node's name for a permission type in messages, witness renamed (`Owner`, `Executive`, `Active`). */
function typeName(type: number): string {
  return PermissionTypeSchema.values.find((v) => v.number === type)?.name ?? String(type);
}

/** One broken rule: the node's message and where in the contract (`actives[1].keys[0].weight`). */
export interface PermissionIssue {
  field: string;
  message: string;
  /** `contractType` for an operation the node does not offer. */
  details?: Record<string, unknown>;
}

/**
 * How a rule reports: the throwing API stops at the first (the node's order), the collecting one
 * records each and goes on, so an editor can show every message at once from ONE set of rules.
 */
type Report = (message: string, field: string, details?: Record<string, unknown>) => void;

function throwing(message: string, field: string, details?: Record<string, unknown>): never {
  return fail('CONTRACT_VALIDATE', message, { field, ...details });
}

function collecting(into: PermissionIssue[]): Report {
  return (message, field, details) => {
    into.push(details === undefined ? { field, message } : { field, message, details });
  };
}

function shapeOptions(ctx: PermissionShapeContext): { available: Uint8Array; maxKeys: number } {
  const available = ctx.availableContractTypes ?? knownContractTypes();
  if (!(available instanceof Uint8Array)) badArgument('availableContractTypes: expected bytes', 'availableContractTypes');
  if (available.length !== OPERATIONS_LENGTH) {
    badArgument(`availableContractTypes: expected ${OPERATIONS_LENGTH} bytes, got ${available.length}`, 'availableContractTypes');
  }
  const maxKeys = ctx.maxKeys ?? MAX_KEYS_PER_PERMISSION;
  return { available, maxKeys: Number(int64Input(maxKeys, 'maxKeys', { min: 0n, max: BigInt(Number.MAX_SAFE_INTEGER) })) };
}

/** The node's `checkPermission(p)` (PROTOCOL.md §5) in its order, each broken rule told to `report`. */
function shapeRules(p: Permission, options: { available: Uint8Array; maxKeys: number }, path: string, report: Report): void {
  const { available, maxKeys } = options;
  const type = typeName(p.type);
  // 1-3: key count.
  if (p.keys.length > maxKeys) report(`number of keys in permission should not be greater than ${maxKeys}`, `${path}.keys`);
  if (p.keys.length === 0) report("key's count should be greater than 0", `${path}.keys`);
  if (p.type === PermissionType.Executive && p.keys.length !== 1) {
    report("Executive permission's key count should be 1", `${path}.keys`);
  }
  // 4-6: threshold, name, parent.
  if (p.threshold <= 0n) report("permission's threshold should be greater than 0", `${path}.threshold`);
  if (p.permissionName.length > 0 && utf8ToBytes(p.permissionName).length > MAX_PERMISSION_NAME_BYTES) {
    report("permission's name is too long", `${path}.permission_name`);
  }
  if (p.parentId !== 0) report("permission's parent should be owner", `${path}.parent_id`);
  // 7: distinct key addresses (the node compares the raw bytes, valid address or not).
  const seen = new Set<string>();
  p.keys.forEach((k, i) => {
    const hex = bytesToHex(k.address);
    if (seen.has(hex)) report(`address should be distinct in permission ${type}`, `${path}.keys[${i}].address`);
    seen.add(hex);
  });
  // 8: each key's address and weight; the sum is taken with Math.addExact.
  let sum = 0n;
  let overflow = false;
  p.keys.forEach((k, i) => {
    if (!isAddressBytes(k.address)) report('key is not a validate address', `${path}.keys[${i}].address`);
    if (k.weight <= 0n) report("key's weight should be greater than 0", `${path}.keys[${i}].weight`);
    if (overflow) return;
    sum += k.weight;
    if (sum > INT64_MAX) {
      overflow = true;
      report('long overflow', `${path}.keys[${i}].weight`);
    }
  });
  // 9: the keys together must be able to reach the threshold (the node never gets here after an overflow).
  if (!overflow && sum < p.threshold) {
    report(`sum of all key's weight should not be less than threshold in permission ${type}`, `${path}.threshold`);
  }
  // 10-12: operations.
  if (p.type !== PermissionType.Active) {
    if (p.operations.length > 0) report(`${type} permission needn't operations`, `${path}.operations`);
    return;
  }
  if (p.operations.length !== OPERATIONS_LENGTH) {
    report('operations size must 32', `${path}.operations`);
    return;
  }
  for (let i = 0; i < OPERATIONS_LENGTH * 8; i++) {
    if (hasOperation(p.operations, i) && !hasOperation(available, i)) {
      report(`${i} isn't a validate ContractType`, `${path}.operations`, { contractType: i });
    }
  }
}

/**
 * The node's `checkPermission(p)` (PROTOCOL.md §5), in its order. `path` prefixes `details.field`
 * (`owner`, `executive`, `actives[2]`).
 */
export function checkPermissionShape(p: Permission, ctx: PermissionShapeContext = {}, path = 'permission'): void {
  shapeRules(p, shapeOptions(ctx), path, throwing);
}

/** Every rule of `checkPermissionShape` that `p` breaks, in the node's order (empty when it passes). */
export function permissionShapeIssues(p: Permission, ctx: PermissionShapeContext = {}, path = 'permission'): PermissionIssue[] {
  const issues: PermissionIssue[] = [];
  shapeRules(p, shapeOptions(ctx), path, collecting(issues));
  return issues;
}

function checkUpdateArguments(contract: AccountPermissionUpdateContract, ctx: PermissionUpdateContext, fn: string): { available: Uint8Array; maxKeys: number } {
  if (contract?.$typeName !== AccountPermissionUpdateContractSchema.typeName) {
    badArgument(`${fn}: expected an AccountPermissionUpdateContract message`, 'contract');
  }
  if (typeof ctx !== 'object' || ctx === null || typeof ctx.isExecutive !== 'boolean') {
    badArgument(`${fn}: ctx.isExecutive must be true or false`, 'ctx.isExecutive');
  }
  // Check the context's mask and key limit up front, before any node rule.
  return shapeOptions(ctx);
}

/** `AccountPermissionUpdateActuator.validate()` from rule 4 on, each broken rule told to `report`. */
function updateRules(
  contract: AccountPermissionUpdateContract,
  ctx: PermissionUpdateContext,
  options: { available: Uint8Array; maxKeys: number },
  report: Report,
): void {
  if (!isAddressBytes(contract.ownerAddress)) report('invalidate ownerAddress', 'owner_address');
  if (ctx.accountExists === false) report('ownerAddress account does not exist', 'owner_address');
  const { owner, executive, actives } = contract;
  if (!owner) report('owner permission is missed', 'owner');
  if (ctx.isExecutive) {
    if (!executive) report('executive permission is missed', 'executive');
  } else if (executive) {
    report("account isn't executive can't set executive permission", 'executive');
  }
  if (actives.length === 0) report('active permission is missed', 'actives');
  if (actives.length > MAX_ACTIVE_PERMISSIONS) report('active permission is too many', 'actives');

  if (owner) {
    if (owner.type !== PermissionType.Owner) report('owner permission type is error', 'owner.type');
    shapeRules(owner, options, 'owner', report);
  }
  if (ctx.isExecutive && executive) {
    if (executive.type !== PermissionType.Executive) report('executive permission type is error', 'executive.type');
    shapeRules(executive, options, 'executive', report);
  }
  actives.forEach((active, i) => {
    if (active.type !== PermissionType.Active) report('active permission type is error', `actives[${i}].type`);
    shapeRules(active, options, `actives[${i}]`, report);
  });
}

/**
 * The node's `AccountPermissionUpdateActuator.validate()` from rule 4 on (PROTOCOL.md §5): the
 * owner address, the account, which permissions must be present, their types, then each
 * permission's own rules. Throws AirlockError('CONTRACT_VALIDATE', <node message>, {field}).
 */
export function validatePermissionUpdate(contract: AccountPermissionUpdateContract, ctx: PermissionUpdateContext): void {
  updateRules(contract, ctx, checkUpdateArguments(contract, ctx, 'validatePermissionUpdate'), throwing);
}

/**
 * Every rule of `validatePermissionUpdate` the contract breaks, in the node's order, with the same
 * messages and fields; empty when the node would accept it. Wrong kinds of argument still throw.
 */
export function permissionUpdateIssues(contract: AccountPermissionUpdateContract, ctx: PermissionUpdateContext): PermissionIssue[] {
  const issues: PermissionIssue[] = [];
  updateRules(contract, ctx, checkUpdateArguments(contract, ctx, 'permissionUpdateIssues'), collecting(issues));
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Building a permission update from plain input

export interface PermissionKeyInput {
  /** 21 bytes, or either written form (`41…` hex or `T…` Base58). */
  address: Address | string;
  weight: bigint | number;
}

export interface PermissionInput {
  /** Defaults to "owner", "executive" or "active" (the names of the default permissions). */
  name?: string;
  threshold: bigint | number;
  keys: PermissionKeyInput[];
  /**
   * Actives only: 32 bytes, 64 hex digits, or a list of contract types (names or ids, see
   * `encodeOperations`). There is no default: an active permission's powers are always chosen
   * explicitly, and leaving them out fails with the node's `operations size must 32`.
   */
  operations?: Uint8Array | string | ReadonlyArray<string | number>;
}

export interface PermissionUpdateInput {
  owner: Address | string;
  ownerPermission: PermissionInput;
  executive?: PermissionInput;
  actives: PermissionInput[];
}

const FN = 'buildPermissionUpdate';
const PERMISSION_KEYS = ['name', 'threshold', 'keys', 'operations'];
const KEY_KEYS = ['address', 'weight'];
const UPDATE_KEYS = ['owner', 'ownerPermission', 'executive', 'actives'];

function operationsInput(v: unknown, field: string): Uint8Array {
  if (v === undefined) return new Uint8Array();
  if (Array.isArray(v)) {
    v.forEach((t, i) => {
      if (typeof t !== 'string' && typeof t !== 'number') rejectField(`${field}[${i}]`, `must be a contract type name or id, got ${kindOf(t)}`);
    });
    return atField(field, () => encodeOperations(v as (string | number)[]));
  }
  return bytesInput(v, field);
}

function permissionInput(v: unknown, type: PermissionType, id: number, defaultName: string, field: string): Permission {
  const p = objectInput(v, field, PERMISSION_KEYS);
  if (p.name !== undefined && typeof p.name !== 'string') rejectField(`${field}.name`, `must be text, got ${kindOf(p.name)}`);
  const keys = listInput(p.keys, `${field}.keys`).map((k: unknown, i: number) => {
    const at = `${field}.keys[${i}]`;
    const key = objectInput(k, at, KEY_KEYS);
    return create(KeySchema, { address: addressInput(key.address, `${at}.address`), weight: int64Input(key.weight, `${at}.weight`) });
  });
  return create(PermissionSchema, {
    type,
    id,
    permissionName: (p.name as string | undefined) ?? defaultName,
    threshold: int64Input(p.threshold, `${field}.threshold`),
    parentId: 0,
    operations: operationsInput(p.operations, `${field}.operations`),
    keys,
  });
}

/**
 * Builds an AccountPermissionUpdateContract from plain input (types, ids owner 0 / executive 1 /
 * actives 2.., parent 0 are set here) and validates it as the node would. Wrong kinds of input are
 * TypeErrors; node rules fail with their CONTRACT_VALIDATE messages.
 */
export function buildPermissionUpdate(input: PermissionUpdateInput, ctx: PermissionUpdateContext): AccountPermissionUpdateContract {
  const contract = within(FN, () => permissionUpdateInput(input));
  validatePermissionUpdate(contract, ctx);
  return contract;
}

function permissionUpdateInput(input: PermissionUpdateInput): AccountPermissionUpdateContract {
  const i = objectInput(input, 'input', UPDATE_KEYS);
  const actives = listInput(i.actives, 'actives');
  const ownerAddress = addressInput(i.owner, 'owner_address');
  const contract = create(AccountPermissionUpdateContractSchema, {
    ownerAddress,
    owner:
      i.ownerPermission === undefined || i.ownerPermission === null
        ? undefined
        : permissionInput(i.ownerPermission, PermissionType.Owner, OWNER_PERMISSION_ID, 'owner', 'owner'),
    executive:
      i.executive === undefined || i.executive === null
        ? undefined
        : permissionInput(i.executive, PermissionType.Executive, EXECUTIVE_PERMISSION_ID, 'executive', 'executive'),
    actives: actives.map((a, i) => permissionInput(a, PermissionType.Active, FIRST_ACTIVE_PERMISSION_ID + i, 'active', `actives[${i}]`)),
  });
  return contract;
}

// ---------------------------------------------------------------------------------------------
// Execution

export interface StoredPermissions {
  owner: Permission;
  executive?: Permission;
  actives: Permission[];
}

/**
 * What the node stores when it executes the contract (PROTOCOL.md §5 execute()): owner with id 0,
 * executive with id 1 (only when the contract has one, which validation allows only for an
 * executive account), and the actives in submitted order with ids 2, 3, …; ids in the request are
 * ignored. The contract is not modified.
 */
export function applyPermissionUpdate(contract: AccountPermissionUpdateContract): StoredPermissions {
  if (!contract.owner) fail('CONTRACT_VALIDATE', 'owner permission is missed', { field: 'owner' });
  const owner = clone(PermissionSchema, contract.owner);
  owner.id = OWNER_PERMISSION_ID;
  const actives = contract.actives.map((a, i) => {
    const p = clone(PermissionSchema, a);
    p.id = FIRST_ACTIVE_PERMISSION_ID + i;
    return p;
  });
  if (!contract.executive) return { owner, actives };
  const executive = clone(PermissionSchema, contract.executive);
  executive.id = EXECUTIVE_PERMISSION_ID;
  return { owner, executive, actives };
}
