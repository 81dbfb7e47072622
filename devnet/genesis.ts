/**
 * The devnet's genesis: funded accounts, executive (block-producer) accounts, the producer's block
 * keys (spec §4.10: `localExecutiveAccountAddress` + `localexecutive`) and the chain parameters
 * (PROTOCOL.md §10 defaults). `parseGenesis` turns the documented JSON (devnet/README.md) into a
 * checked `Genesis`; every mistake names its path (`genesis.accounts[2].balance`).
 *
 * The built-in default uses the well-known test keys of PROTOCOL.md §9.1 (11×32, 12×32, ...), so
 * anyone can sign for its accounts. Those keys are public: they are TEST ONLY and the CLI says so.
 *
 * Invariant: a parsed genesis is internally consistent: addresses match their keys, no account is
 * listed twice, the producer names an executive account, and every parameter is in range.
 */
import { create } from '@bufbuild/protobuf';
import { PermissionSchema, type Permission } from '../shared/gen/protocol/core_pb.ts';
import { AccountPermissionUpdateContractSchema, type AccountPermissionUpdateContract } from '../shared/gen/protocol/contract_pb.ts';
import {
  applyPermissionUpdate,
  defaultActivePermission,
  defaultExecutivePermission,
  defaultOwnerPermission,
  validatePermissionUpdate,
  type StoredPermissions,
} from '../shared/contracts/permission/rules.ts';
import { addressToBase58, parseAddress, type Address } from '../shared/chain/address.ts';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, equalBytes, hexToBytes, utf8ToBytes } from '../shared/base/bytes.ts';
import { AirlockError, fail } from '../shared/base/errors.ts';
import { addressOfPrivateKey, privateKeyFromHex } from '../shared/chain/keys.ts';
import { messageFromNodeJson, messageToNodeJson } from '../shared/chain/node-json.ts';
import { KNOWN_CONTRACT_TYPES_HEX, MAINNET_ACTIVE_DEFAULT_OPERATIONS_HEX } from '../shared/chain/operations.ts';
import { parseJson, stringifyJson } from '../shared/base/json.ts';
import { INT64_MAX } from '../shared/base/int64.ts';
import { hexInput, int64Input, isRecord, objectInput, rejectField } from '../shared/chain/input.ts';

/** Numeric chain parameters and their PROTOCOL.md §10 defaults (sun where money). */
export const DEFAULT_NUMERIC_PARAMETERS = {
  ALLOW_MULTI_SIGN: 1n,
  ALLOW_SAME_TOKEN_NAME: 1n,
  TOTAL_SIGN_NUM: 5n,
  UPDATE_ACCOUNT_PERMISSION_FEE: 100_000_000n,
  MULTI_SIGN_FEE: 1_000_000n,
  ASSET_ISSUE_FEE: 1_024_000_000n,
  TOKEN_ID_NUM: 1_000_000n,
  CREATE_ACCOUNT_FEE: 100_000n,
  CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT: 0n,
  TRANSACTION_FEE: 10n,
  FREE_NET_LIMIT: 5_000n,
  MAX_CREATE_ACCOUNT_TX_SIZE: 1_000n,
  // Sun a transaction with a memo pays (Manager.consumeMemoFee): the reference node's default 0;
  // mainnet raised it to 1,000,000 by proposal.
  MEMO_FEE: 0n,
  // Stake 2.0, votes and rewards (devnet/staking/README.md). UNFREEZE_DELAY_DAYS and
  // WITNESS_ALLOWANCE_FROZEN_TIME count in FROZEN_PERIOD_MS "days": the reference's day by default,
  // which a devnet genesis may shorten (a devnet-only parameter; the reference node has no such knob).
  UNFREEZE_DELAY_DAYS: 14n,
  WITNESS_ALLOWANCE_FROZEN_TIME: 1n,
  FROZEN_PERIOD_MS: 86_400_000n,
  MAX_DELEGATE_LOCK_PERIOD: 864_000n,
  WITNESS_PAY_PER_BLOCK: 16_000_000n,
  WITNESS_127_PAY_PER_BLOCK: 160_000_000n,
  // Smart contracts (devnet/evm/README.md): sun per unit of energy, and the most a fee_limit may be.
  ENERGY_FEE: 100n,
  MAX_FEE_LIMIT: 15_000_000_000n,
} as const;

export type NumericParameter = keyof typeof DEFAULT_NUMERIC_PARAMETERS;

/**
 * The two 32-byte masks (hex), PROTOCOL.md §8, as mainnet has them now (with 48, 49 and 51-59), not
 * as at the reference node's genesis: a new local chain accepts and grants Stake 2.0, delegation
 * and the other later contract types the way mainnet does, so a real account's permission can be
 * re-stated here. A genesis may still give the older masks (`parameters`). Changing a default
 * changes what NEW accounts get; an account's stored operations are never rewritten.
 */
export const DEFAULT_MASK_PARAMETERS = {
  ACTIVE_DEFAULT_OPERATIONS: MAINNET_ACTIVE_DEFAULT_OPERATIONS_HEX,
  AVAILABLE_CONTRACT_TYPE: KNOWN_CONTRACT_TYPES_HEX,
} as const;

export type MaskParameter = keyof typeof DEFAULT_MASK_PARAMETERS;

export interface ChainParameters {
  numeric: Record<NumericParameter, bigint>;
  masks: Record<MaskParameter, Uint8Array>;
}

export interface GenesisAccount {
  name: string;
  address: Address;
  balance: bigint;
  /** TEST ONLY: printed by the CLI so people can sign for the account. */
  privateKey?: Uint8Array;
  executive: boolean;
  ownerPermission?: Permission;
  activePermissions?: Permission[];
  executivePermission?: Permission;
}

export interface GenesisProducer {
  /** The executive account whose blocks this node produces (spec §4.10). */
  executiveAddress: Address;
  /** `localexecutive`: block keys; the one matching the executive permission signs. */
  keys: Uint8Array[];
}

export interface Genesis {
  /** ms; undefined = the first start's clock, rounded down to the block interval. */
  timestamp?: number;
  parameters: ChainParameters;
  accounts: GenesisAccount[];
  producer: GenesisProducer;
}

const SUN = 1_000_000n;
const key = (byte: string): string => byte.repeat(32);

/**
 * The built-in genesis. The executive account (31×32) has an executive permission naming the
 * separate block key 32×32, as spec §4.10 recommends: the producing key can sign blocks but moves
 * no funds.
 */
export const DEFAULT_GENESIS_JSON = {
  parameters: {},
  accounts: [
    { name: 'alice', privateKey: key('11'), balance: (100_000n * SUN).toString() },
    { name: 'bob', privateKey: key('12'), balance: (100_000n * SUN).toString() },
    { name: 'carol', privateKey: key('13'), balance: (100_000n * SUN).toString() },
    { name: 'dave', privateKey: key('21'), balance: (10_000n * SUN).toString() },
    {
      name: 'executive',
      privateKey: key('31'),
      balance: (10_000n * SUN).toString(),
      executive: true,
      executive_permission: {
        type: 'Executive',
        id: 1,
        permission_name: 'executive',
        threshold: 1,
        keys: [{ address: '4194622cc2a5b64a58c25a129d48a2beec4b65b779', weight: 1 }],
      },
    },
  ],
  producer: {
    localExecutiveAccountAddress: '4177952ce83ca3cad9f7adcfabeda85bd2f1f52008',
    localexecutive: [key('32')],
  },
} as const;

const TOP_KEYS = new Set(['timestamp', 'parameters', 'accounts', 'producer']);
const ACCOUNT_KEYS = new Set(['name', 'address', 'privateKey', 'balance', 'executive', 'owner_permission', 'active_permission', 'executive_permission']);
const PRODUCER_KEYS = new Set(['localExecutiveAccountAddress', 'localexecutive']);

function integer(v: unknown, path: string, min: bigint, max: bigint): bigint {
  return int64Input(v, path, { min, max });
}

function wrap<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    // Only our coded refusals are the genesis's fault; an engine error is a bug and stays INTERNAL.
    if (e instanceof AirlockError) {
      const message = e.message.startsWith(path) ? e.message : `${path}: ${e.message}`;
      fail('INVALID_INPUT', message, { field: path });
    }
    throw e;
  }
}

const PARAMETER_NAMES: readonly string[] = [...Object.keys(DEFAULT_NUMERIC_PARAMETERS), ...Object.keys(DEFAULT_MASK_PARAMETERS)];

function parseParameters(v: unknown): ChainParameters {
  const numeric = { ...DEFAULT_NUMERIC_PARAMETERS } as Record<NumericParameter, bigint>;
  const masks = {
    ACTIVE_DEFAULT_OPERATIONS: hexToBytes(DEFAULT_MASK_PARAMETERS.ACTIVE_DEFAULT_OPERATIONS),
    AVAILABLE_CONTRACT_TYPE: hexToBytes(DEFAULT_MASK_PARAMETERS.AVAILABLE_CONTRACT_TYPE),
  };
  if (v === undefined) return { numeric, masks };
  // objectInput: "constructor" or "__proto__" is an unknown parameter, not an inherited one, and
  // an unknown name is quoted only as shownKey allows (a pasted key can be a name too).
  const given = objectInput(v, 'genesis.parameters', PARAMETER_NAMES);
  for (const [name, value] of Object.entries(given)) {
    const path = `genesis.parameters.${name}`;
    if (Object.hasOwn(DEFAULT_NUMERIC_PARAMETERS, name)) {
      const n = integer(value, path, 0n, INT64_MAX);
      numeric[name as NumericParameter] = n;
    } else {
      masks[name as MaskParameter] = wrap(path, () => hexInput(value, path, 32));
    }
  }
  if (numeric.ALLOW_MULTI_SIGN > 1n) rejectField('genesis.parameters.ALLOW_MULTI_SIGN', 'must be 0 or 1');
  if (numeric.FROZEN_PERIOD_MS < 1n) rejectField('genesis.parameters.FROZEN_PERIOD_MS', 'must be at least 1 (ms in a staking day)');
  if (numeric.ALLOW_SAME_TOKEN_NAME !== 1n) {
    rejectField('genesis.parameters.ALLOW_SAME_TOKEN_NAME', 'the devnet keeps tokens by id only, so this must be 1');
  }
  if (numeric.TOTAL_SIGN_NUM < 1n || numeric.TOTAL_SIGN_NUM > 32n) rejectField('genesis.parameters.TOTAL_SIGN_NUM', 'must be 1..32');
  // Energy is bought at ENERGY_FEE sun a unit (devnet/evm/trigger.ts divides by it).
  if (numeric.ENERGY_FEE < 1n) rejectField('genesis.parameters.ENERGY_FEE', 'must be at least 1 sun per unit of energy');
  return { numeric, masks };
}

function parsePermission(v: unknown, path: string): Permission {
  return wrap(path, () => messageFromNodeJson<Permission>(PermissionSchema, v, { path }));
}

function parseAccount(json: unknown, path: string): GenesisAccount {
  const v = objectInput(json, path, ACCOUNT_KEYS);
  let privateKey: Uint8Array | undefined;
  if (v.privateKey !== undefined) {
    if (typeof v.privateKey !== 'string') rejectField(`${path}.privateKey`, 'expected 64 hex digits');
    privateKey = wrap(`${path}.privateKey`, () => privateKeyFromHex(v.privateKey as string, `${path}.privateKey`));
  }
  let address: Address | undefined;
  if (v.address !== undefined) {
    if (typeof v.address !== 'string') rejectField(`${path}.address`, 'expected an address (41… hex or T… Base58)');
    address = wrap(`${path}.address`, () => parseAddress(v.address as string, `${path}.address`));
  }
  if (privateKey) {
    const derived = addressOfPrivateKey(privateKey);
    if (address && !equalBytes(address, derived)) {
      rejectField(`${path}.address`, `does not belong to privateKey (its address is ${addressToBase58(derived)})`);
    }
    address = derived;
  }
  if (!address) rejectField(path, 'needs an address or a privateKey');
  const name = v.name === undefined ? addressToBase58(address) : v.name;
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) rejectField(`${path}.name`, 'expected a name of 1-64 characters');
  if (v.executive !== undefined && typeof v.executive !== 'boolean') rejectField(`${path}.executive`, 'expected true or false');
  const account: GenesisAccount = {
    name,
    address,
    balance: integer(v.balance ?? 0, `${path}.balance`, 0n, INT64_MAX),
    executive: v.executive === true,
  };
  if (privateKey) account.privateKey = privateKey;
  if (v.owner_permission !== undefined) account.ownerPermission = parsePermission(v.owner_permission, `${path}.owner_permission`);
  if (v.active_permission !== undefined) {
    if (!Array.isArray(v.active_permission)) rejectField(`${path}.active_permission`, 'expected a list of permissions');
    account.activePermissions = v.active_permission.map((p, i) => parsePermission(p, `${path}.active_permission[${i}]`));
  }
  if (v.executive_permission !== undefined) {
    if (!account.executive) rejectField(`${path}.executive_permission`, 'only an executive account (executive: true) has one');
    account.executivePermission = parsePermission(v.executive_permission, `${path}.executive_permission`);
  }
  return account;
}

function parseProducer(v: unknown, accounts: GenesisAccount[]): GenesisProducer {
  const path = 'genesis.producer';
  if (!isRecord(v)) rejectField(path, 'expected {localExecutiveAccountAddress?, localexecutive: [keys]}');
  const p = objectInput(v, path, PRODUCER_KEYS);
  if (!Array.isArray(p.localexecutive) || p.localexecutive.length === 0) rejectField(`${path}.localexecutive`, 'expected a list of 1 or more private keys');
  const keys = p.localexecutive.map((k, i) => {
    const at = `${path}.localexecutive[${i}]`;
    if (typeof k !== 'string') rejectField(at, 'expected 64 hex digits');
    return wrap(at, () => privateKeyFromHex(k, at));
  });
  let executiveAddress: Address;
  const named = p.localExecutiveAccountAddress;
  if (named === undefined || named === '') {
    executiveAddress = addressOfPrivateKey(keys[0]!);
  } else {
    if (typeof named !== 'string') rejectField(`${path}.localExecutiveAccountAddress`, 'expected an address');
    executiveAddress = wrap(`${path}.localExecutiveAccountAddress`, () => parseAddress(named, `${path}.localExecutiveAccountAddress`));
  }
  const account = accounts.find((a) => equalBytes(a.address, executiveAddress));
  if (!account || !account.executive) {
    rejectField(path, `the producing account ${addressToBase58(executiveAddress)} must be a genesis account with executive: true`);
  }
  return { executiveAddress, keys };
}

/**
 * The permissions a genesis account starts with: the given ones, or the defaults a new account
 * gets (spec §2.7; executives also get the default executive permission). Ids are assigned as
 * execution of a permission update would (owner 0, executive 1, actives from 2).
 */
export function genesisPermissions(a: GenesisAccount, parameters: ChainParameters): StoredPermissions {
  return applyPermissionUpdate(asPermissionUpdate(a, parameters));
}

/** The account's permissions as the permission update that would set them. */
function asPermissionUpdate(a: GenesisAccount, parameters: ChainParameters): AccountPermissionUpdateContract {
  return create(AccountPermissionUpdateContractSchema, {
    ownerAddress: a.address,
    owner: a.ownerPermission ?? defaultOwnerPermission(a.address),
    executive: a.executive ? (a.executivePermission ?? defaultExecutivePermission(a.address)) : undefined,
    actives: a.activePermissions ?? [defaultActivePermission(a.address, parameters.masks.ACTIVE_DEFAULT_OPERATIONS)],
  });
}

function checkGenesisPermissions(a: GenesisAccount, parameters: ChainParameters, path: string): void {
  const custom = a.ownerPermission || a.activePermissions || a.executivePermission;
  if (!custom) return;
  if (parameters.numeric.ALLOW_MULTI_SIGN !== 1n) rejectField(path, 'permissions need ALLOW_MULTI_SIGN = 1');
  try {
    validatePermissionUpdate(asPermissionUpdate(a, parameters), {
      isExecutive: a.executive,
      availableContractTypes: parameters.masks.AVAILABLE_CONTRACT_TYPE,
      maxKeys: Number(parameters.numeric.TOTAL_SIGN_NUM),
    });
  } catch (e) {
    if (!(e instanceof AirlockError)) throw e;
    const field = String(e.details?.field ?? '');
    const where = field.startsWith('owner')
      ? field.replace(/^owner/, 'owner_permission')
      : field.startsWith('executive')
        ? field.replace(/^executive/, 'executive_permission')
        : field.replace(/^actives/, 'active_permission');
    rejectField(`${path}.${where}`, e.message);
  }
}

/** Checks a genesis given as parsed JSON (see devnet/README.md for the format). */
export function parseGenesis(input: unknown): Genesis {
  if (!isRecord(input)) rejectField('genesis', 'expected a JSON object');
  const json = objectInput(input, 'genesis', TOP_KEYS);
  const parameters = parseParameters(json.parameters);
  if (!Array.isArray(json.accounts) || json.accounts.length === 0) rejectField('genesis.accounts', 'expected a list of 1 or more accounts');
  const accounts = json.accounts.map((a, i) => parseAccount(a, `genesis.accounts[${i}]`));
  const seen = new Set<string>();
  accounts.forEach((a, i) => {
    const hex = bytesToHex(a.address);
    if (seen.has(hex)) rejectField(`genesis.accounts[${i}]`, `${addressToBase58(a.address)} is listed twice`);
    seen.add(hex);
  });
  accounts.forEach((a, i) => checkGenesisPermissions(a, parameters, `genesis.accounts[${i}]`));
  if (!accounts.some((a) => a.executive)) rejectField('genesis.accounts', 'at least one account needs executive: true (someone must produce blocks)');
  const producer = parseProducer(json.producer, accounts);
  const genesis: Genesis = { parameters, accounts, producer };
  if (json.timestamp !== undefined) genesis.timestamp = Number(integer(json.timestamp, 'genesis.timestamp', 0n, 2n ** 52n));
  return genesis;
}

/** Reads a genesis file's text (lossless integers). */
export function parseGenesisText(text: string): Genesis {
  return parseGenesis(parseJson(text, 'genesis'));
}

export function defaultGenesis(): Genesis {
  return parseGenesis(DEFAULT_GENESIS_JSON);
}

function permissionJson(p: Permission): Record<string, unknown> {
  return messageToNodeJson(PermissionSchema, p);
}

/** The genesis as JSON again (the format parseGenesis reads), for storing beside the state. */
export function genesisToJson(g: Genesis): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (g.timestamp !== undefined) out.timestamp = g.timestamp;
  const parameters: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(g.parameters.numeric)) parameters[k] = v.toString();
  for (const [k, v] of Object.entries(g.parameters.masks)) parameters[k] = bytesToHex(v);
  out.parameters = parameters;
  out.accounts = g.accounts.map((a) => {
    const acc: Record<string, unknown> = { name: a.name, address: bytesToHex(a.address), balance: a.balance.toString() };
    if (a.privateKey) acc.privateKey = bytesToHex(a.privateKey);
    if (a.executive) acc.executive = true;
    if (a.ownerPermission) acc.owner_permission = permissionJson(a.ownerPermission);
    if (a.activePermissions) acc.active_permission = a.activePermissions.map(permissionJson);
    if (a.executivePermission) acc.executive_permission = permissionJson(a.executivePermission);
    return acc;
  });
  out.producer = {
    localExecutiveAccountAddress: bytesToHex(g.producer.executiveAddress),
    localexecutive: g.producer.keys.map(bytesToHex),
  };
  return out;
}

/**
 * What identifies a chain: everything in the genesis except the producer's block keys, which are
 * node configuration (spec §4.10) and may change between restarts.
 */
export function genesisFingerprint(g: Genesis): string {
  const json = genesisToJson(g);
  json.producer = { localExecutiveAccountAddress: bytesToHex(g.producer.executiveAddress) };
  return bytesToHex(sha256(utf8ToBytes(stringifyJson(json))));
}
