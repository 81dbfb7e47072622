/**
 * The devnet's actuators: for each of the five contracts, the reference node's `validate()` with
 * its stateful rules (accounts, balances, one asset per account, the sale window, the issuer, fees)
 * around the stateless ones in shared/, in the node's order, and `execute()` (PROTOCOL.md §5, §6;
 * the TransferActuator messages at the end of §6).
 *
 * Validation failures throw AirlockError('CONTRACT_VALIDATE', <node message>); execution failures
 * throw AirlockError('CONTRACT_EXECUTE', <node message>). Both run inside the caller's SQLite
 * transaction, so a throw leaves no write behind.
 *
 * Invariant: `execute` is only called after `validate` passed against the same state, so every
 * balance it takes from is known to be large enough, except where the node itself checks only at
 * execution (the permission-update fee).
 */
import { clone, create } from '@bufbuild/protobuf';
import { Account_CdedSchema, type Account } from '../shared/gen/protocol/core_pb.ts';
import type { TriggerSmartContract } from '../shared/gen/protocol/smart_contract_pb.ts';
import { triggerActuator } from './evm/trigger.ts';
import type {
  AccountPermissionUpdateContract,
  AssetIssueContract,
  ParticipateAssetIssueContract,
  TransferAssetContract,
  TransferContract,
} from '../shared/gen/protocol/contract_pb.ts';
import { AssetIssueContractSchema } from '../shared/gen/protocol/contract_pb.ts';
import { isAddressBytes } from '../shared/chain/address.ts';
import { bytesToHex, equalBytes, utf8ToBytes } from '../shared/base/bytes.ts';
import { AirlockError, fail } from '../shared/base/errors.ts';
import type { SupportedContractName } from '../shared/chain/contract-types.ts';
import { applyPermissionUpdate, defaultActivePermission, defaultOwnerPermission, validatePermissionUpdate } from '../shared/contracts/permission/rules.ts';
import { assetNameText, participateExchange, validateAssetIssue, validateParticipate, validateTransferAsset } from '../shared/contracts/token.ts';
import { validateTransfer } from '../shared/contracts/transfer.ts';
import type { ChainParameters } from './genesis.ts';
import { newAccount, type DevnetStore } from './store.ts';
import { INT64_MAX } from '../shared/base/int64.ts';
import { stakingActuator } from './staking/index.ts';
import { DAY_MS } from '../shared/base/duration.ts';

export interface ActuatorContext {
  store: DevnetStore;
  params: ChainParameters;
  /** ms: the head block's timestamp, the node's "now" for every rule. */
  headBlockTime: bigint;
  /** The transaction being broadcast (absent while a create endpoint builds one): smart-contract calls need it. */
  transaction?: { txId: Uint8Array; feeLimit: bigint };
}

export interface ExecutionResult {
  /** Sun the contract itself took and burned (permission-update fee, asset-issue fee, ...). */
  fee: bigint;
  assetIssueId?: string;
}

function invalid(message: string, field?: string): never {
  fail('CONTRACT_VALIDATE', message, field === undefined ? undefined : { field });
}

/** A new account as the node creates it: default owner and active permissions when ALLOW_MULTI_SIGN = 1. */
export function createAccount(ctx: ActuatorContext, address: Uint8Array): Account {
  const account = newAccount(address, ctx.headBlockTime);
  if (ctx.params.numeric.ALLOW_MULTI_SIGN === 1n) {
    account.ownerPermission = defaultOwnerPermission(address);
    account.activePermission = [defaultActivePermission(address, ctx.params.masks.ACTIVE_DEFAULT_OPERATIONS)];
  }
  return account;
}

/** Java's Math.addExact on a balance: the node's "long overflow". */
function addExact(a: bigint, b: bigint): bigint {
  const sum = a + b;
  if (sum > INT64_MAX || sum < -INT64_MAX - 1n) invalid('long overflow');
  return sum;
}

/** The token id asset_name names, as the store looks it up (any text that is no id names no token). */
const tokenId = assetNameText;

const lenientUtf8 = new TextDecoder('utf-8');

/**
 * Runs a shared stateless validator, but lets a stateful rule that the node checks *before* the
 * token lookup win over shared/'s up-front "not a token id" refusal (details.field asset_name): the
 * later lookup fails with the same message anyway, so the node's order is kept exactly.
 */
function statelessExceptAssetName(check: () => void): void {
  try {
    check();
  } catch (e) {
    if (e instanceof AirlockError && e.details?.field === 'asset_name') return;
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// TransferContract (TransferActuator)

function validateTransferContract(ctx: ActuatorContext, c: TransferContract): void {
  const owner = isAddressBytes(c.ownerAddress) ? ctx.store.getAccount(c.ownerAddress) : undefined;
  // The node looks the owner up between "Cannot transfer TRX to yourself." and the amount rule.
  if (isAddressBytes(c.ownerAddress) && isAddressBytes(c.toAddress) && !equalBytes(c.ownerAddress, c.toAddress) && !owner) {
    invalid('Validate TransferContract error, no OwnerAccount.', 'owner_address');
  }
  validateTransfer(c);
  const to = ctx.store.getAccount(c.toAddress);
  const fee = to ? 0n : ctx.params.numeric.CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT;
  if (owner!.balance < addExact(c.amount, fee)) invalid('Validate TransferContract error, balance is not sufficient.', 'amount');
  if (to) addExact(to.balance, c.amount);
}

function executeTransferContract(ctx: ActuatorContext, c: TransferContract): ExecutionResult {
  const owner = ctx.store.getAccount(c.ownerAddress)!;
  let to = ctx.store.getAccount(c.toAddress);
  let fee = 0n;
  if (!to) {
    to = createAccount(ctx, c.toAddress);
    fee = ctx.params.numeric.CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT;
  }
  owner.balance -= c.amount + fee;
  ctx.store.putAccount(owner);
  to.balance += c.amount;
  ctx.store.putAccount(to);
  return { fee };
}

// ---------------------------------------------------------------------------------------------
// TransferAssetContract (PROTOCOL.md §6.3)

function validateTransferAssetContract(ctx: ActuatorContext, c: TransferAssetContract): void {
  statelessExceptAssetName(() => validateTransferAsset(c));
  const owner = ctx.store.getAccount(c.ownerAddress);
  if (!owner) invalid('No owner account!', 'owner_address');
  const id = tokenId(c.assetName);
  if (!ctx.store.getToken(id)) invalid('No asset!', 'asset_name');
  const balance = owner.assetV2[id];
  if (balance === undefined || balance <= 0n) invalid('assetBalance must be greater than 0.', 'asset_name');
  if (c.amount > balance) invalid('assetBalance is not sufficient.', 'amount');
  const to = ctx.store.getAccount(c.toAddress);
  if (to) {
    addExact(to.assetV2[id] ?? 0n, c.amount);
  } else if (owner.balance < ctx.params.numeric.CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT) {
    invalid('Validate TransferAssetActuator error, insufficient fee.', 'owner_address');
  }
}

function executeTransferAssetContract(ctx: ActuatorContext, c: TransferAssetContract): ExecutionResult {
  const id = tokenId(c.assetName);
  const owner = ctx.store.getAccount(c.ownerAddress)!;
  let to = ctx.store.getAccount(c.toAddress);
  let fee = 0n;
  if (!to) {
    to = createAccount(ctx, c.toAddress);
    fee = ctx.params.numeric.CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT;
  }
  owner.balance -= fee;
  owner.assetV2[id] = owner.assetV2[id]! - c.amount;
  ctx.store.putAccount(owner);
  to.assetV2[id] = (to.assetV2[id] ?? 0n) + c.amount;
  ctx.store.putAccount(to);
  return { fee };
}

// ---------------------------------------------------------------------------------------------
// ParticipateAssetIssueContract (PROTOCOL.md §6.2)

/** What validation found and execution needs: the stored token's id and the tokens bought. */
interface Participation {
  tokenId: string;
  exchange: bigint;
}

function validateParticipateContract(ctx: ActuatorContext, c: ParticipateAssetIssueContract): Participation {
  statelessExceptAssetName(() => validateParticipate(c));
  const owner = ctx.store.getAccount(c.ownerAddress);
  if (!owner) invalid('Account does not exist!', 'owner_address');
  if (owner.balance < c.amount) invalid('No enough balance !', 'amount');
  const token = ctx.store.getToken(tokenId(c.assetName));
  if (!token) invalid(`No asset named ${lenientUtf8.decode(c.assetName)}`, 'asset_name');
  if (!equalBytes(token.ownerAddress, c.toAddress)) invalid(`The asset is not issued by ${bytesToHex(c.toAddress)}`, 'to_address');
  const now = ctx.headBlockTime;
  if (now < token.startTime || now >= token.endTime) invalid('No longer valid period!', 'asset_name');
  const exchange = participateExchange(c.amount, token.num, token.coinNum);
  const issuer = ctx.store.getAccount(c.toAddress);
  if (!issuer) invalid('To account does not exist!', 'to_address');
  if ((issuer.assetV2[token.id] ?? 0n) < exchange) invalid('Asset balance is not enough !', 'amount');
  return { tokenId: token.id, exchange };
}

function executeParticipateContract(ctx: ActuatorContext, c: ParticipateAssetIssueContract, { tokenId: id, exchange }: Participation): ExecutionResult {
  const owner = ctx.store.getAccount(c.ownerAddress)!;
  const issuer = ctx.store.getAccount(c.toAddress)!;
  owner.balance -= c.amount;
  owner.assetV2[id] = addExact(owner.assetV2[id] ?? 0n, exchange);
  issuer.balance = addExact(issuer.balance, c.amount);
  issuer.assetV2[id] = issuer.assetV2[id]! - exchange;
  ctx.store.putAccount(owner);
  ctx.store.putAccount(issuer);
  return { fee: 0n };
}

// ---------------------------------------------------------------------------------------------
// AssetIssueContract (PROTOCOL.md §6.1)

function validateAssetIssueContract(ctx: ActuatorContext, c: AssetIssueContract): void {
  validateAssetIssue(c, { headBlockTime: ctx.headBlockTime });
  const owner = ctx.store.getAccount(c.ownerAddress);
  if (!owner) invalid('Account not exists', 'owner_address');
  if (owner.assetIssuedName.length > 0) invalid('An account can only issue one asset', 'owner_address');
  if (owner.balance < ctx.params.numeric.ASSET_ISSUE_FEE) invalid('No enough balance for fee!', 'owner_address');
}

function executeAssetIssueContract(ctx: ActuatorContext, c: AssetIssueContract): ExecutionResult {
  const fee = ctx.params.numeric.ASSET_ISSUE_FEE;
  const next = BigInt(ctx.store.getProperty('TOKEN_ID_NUM') ?? ctx.params.numeric.TOKEN_ID_NUM.toString()) + 1n;
  ctx.store.setProperty('TOKEN_ID_NUM', next.toString());
  const id = next.toString();
  const token = clone(AssetIssueContractSchema, c);
  token.id = id;
  ctx.store.putToken(token);
  const owner = ctx.store.getAccount(c.ownerAddress)!;
  let remaining = c.totalSupply;
  for (const entry of c.cdedSupply) {
    remaining -= entry.cdedAmount;
    owner.cdedSupply.push(
      create(Account_CdedSchema, {
        cdedBalance: entry.cdedAmount,
        expireTime: c.startTime + entry.cdedDays * BigInt(DAY_MS),
      }),
    );
  }
  owner.assetV2[id] = remaining;
  owner.assetIssuedName = c.name.slice();
  owner.assetIssuedID = utf8ToBytes(id);
  owner.balance -= fee;
  ctx.store.putAccount(owner);
  return { fee, assetIssueId: id };
}

// ---------------------------------------------------------------------------------------------
// AccountPermissionUpdateContract (PROTOCOL.md §5)

function validatePermissionUpdateContract(ctx: ActuatorContext, c: AccountPermissionUpdateContract): void {
  if (ctx.params.numeric.ALLOW_MULTI_SIGN !== 1n) invalid('multi sign is not allowed, need to be opened by the committee');
  const owner = isAddressBytes(c.ownerAddress) ? ctx.store.getAccount(c.ownerAddress) : undefined;
  validatePermissionUpdate(c, {
    isExecutive: owner?.isExecutive ?? false,
    accountExists: owner !== undefined,
    availableContractTypes: ctx.params.masks.AVAILABLE_CONTRACT_TYPE,
    maxKeys: Number(ctx.params.numeric.TOTAL_SIGN_NUM),
  });
}

function executePermissionUpdateContract(ctx: ActuatorContext, c: AccountPermissionUpdateContract): ExecutionResult {
  const owner = ctx.store.getAccount(c.ownerAddress)!;
  const fee = ctx.params.numeric.UPDATE_ACCOUNT_PERMISSION_FEE;
  const stored = applyPermissionUpdate(c);
  owner.ownerPermission = stored.owner;
  if (owner.isExecutive && stored.executive) owner.executivePermission = stored.executive;
  owner.activePermission = stored.actives;
  if (fee > 0n && owner.balance < fee) {
    fail('CONTRACT_EXECUTE', `${bytesToHex(c.ownerAddress)} insufficient balance, balance: ${owner.balance}, amount: ${-fee}`);
  }
  owner.balance -= fee;
  ctx.store.putAccount(owner);
  return { fee };
}

// ---------------------------------------------------------------------------------------------
// Dispatch

/** A contract ready to run: validate() returns what execute() needs. */
export interface Actuator {
  validate(): void;
  execute(): ExecutionResult;
  /** The account a successful run would create (bandwidth charges CREATE_ACCOUNT_FEE for it). */
  createsAccount(): boolean;
}

export function actuatorFor(ctx: ActuatorContext, type: SupportedContractName, contract: unknown): Actuator {
  switch (type) {
    case 'TransferContract': {
      const c = contract as TransferContract;
      return {
        validate: () => validateTransferContract(ctx, c),
        execute: () => executeTransferContract(ctx, c),
        createsAccount: () => isAddressBytes(c.toAddress) && !ctx.store.hasAccount(c.toAddress),
      };
    }
    case 'TransferAssetContract': {
      const c = contract as TransferAssetContract;
      return {
        validate: () => validateTransferAssetContract(ctx, c),
        execute: () => executeTransferAssetContract(ctx, c),
        createsAccount: () => isAddressBytes(c.toAddress) && !ctx.store.hasAccount(c.toAddress),
      };
    }
    case 'ParticipateAssetIssueContract': {
      const c = contract as ParticipateAssetIssueContract;
      let found: Participation | undefined;
      return {
        validate: () => {
          found = validateParticipateContract(ctx, c);
        },
        // execute() runs only after validate() passed (chain.ts apply), so `found` is set.
        execute: () => executeParticipateContract(ctx, c, found!),
        createsAccount: () => false,
      };
    }
    case 'AssetIssueContract': {
      const c = contract as AssetIssueContract;
      return {
        validate: () => validateAssetIssueContract(ctx, c),
        execute: () => executeAssetIssueContract(ctx, c),
        createsAccount: () => false,
      };
    }
    case 'AccountPermissionUpdateContract': {
      const c = contract as AccountPermissionUpdateContract;
      return {
        validate: () => validatePermissionUpdateContract(ctx, c),
        execute: () => executePermissionUpdateContract(ctx, c),
        createsAccount: () => false,
      };
    }
    case 'TriggerSmartContract':
      return triggerActuator(ctx, contract as TriggerSmartContract, (address) => createAccount(ctx, address));
    default: {
      // Stake 2.0, votes, rewards and account names run in devnet/staking/ (docs/decisions.md §17).
      const staking = stakingActuator(ctx, type, contract);
      if (staking) return staking;
      // Airlock decodes every contract type, but this local node does not run the others: they
      // are refused before any state changes.
      return {
        validate: () => fail('CONTRACT_VALIDATE', `${type} is not run by this local node`),
        execute: () => fail('INTERNAL', `${type} is not run by this local node`),
        createsAccount: () => false,
      };
    }
  }
}
