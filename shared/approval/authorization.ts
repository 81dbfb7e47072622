/**
 * Who may sign a transaction and how much their signatures weigh (spec §5, §7; PROTOCOL.md §3,
 * §4.1, §4.2, §4.3). One implementation of the reference node's rules serves three callers:
 *
 * - `verifyTransactionSignatures`: the node's signature check on broadcast (`validatePubSignature`),
 *   used by the devnet to accept or refuse a transaction;
 * - `signWeight` / `approvedList`: the node's getsignweight and getapprovedlist, used by the
 *   devnet's endpoints and, offline, by the station against a permission snapshot;
 * - the approval view (shared/views/view.ts `approvalView`) shapes the same numbers for a person.
 *
 * Invariants: a signer counts only when its recovered address is a key of the permission named by
 * Permission_id; one address never counts twice (the node's rule since VERSION_4_7_1, so a
 * malleated second signature from the same key is refused); the executive permission (id 1) never
 * authorises a transaction; an active permission only runs contracts whose bit is set; the weight
 * must reach the threshold (>=, DESIGN.md decision 4). Messages are the node's, word for word.
 *
 * Reading the transaction: these functions need only the txID, contract[0]'s type, Permission_id
 * and owner address, so they read the raw bytes *leniently* (`readSigningFacts`) instead of with
 * the strict `decodeRaw`: like the node, they judge signatures on any parseable transaction, and a
 * transaction with no contract gets the node's own message rather than a decoder error. What they
 * cannot read (bytes that are not a transaction, a contract type Airlock has no schema for) is an
 * OTHER_ERROR carrying our decoder's message (a thrown BAD_TRANSACTION / UNSUPPORTED_CONTRACT on the
 * broadcast path).
 */
import { fromBinary } from '@bufbuild/protobuf';
import { PermissionType, Transaction_rawSchema, type Account, type Permission, type Transaction_raw } from '../gen/protocol/core_pb.ts';
import { addressToBase58, isAddressBytes, type Address } from '../chain/address.ts';
import { bytesToHex, equalBytes } from '../base/bytes.ts';
import { AirlockError, fail } from '../base/errors.ts';
import { contractNameOfTypeUrl, contractSigner, contractTypeName, isSupportedContractName, SUPPORTED_CONTRACTS } from '../chain/contract-types.ts';
import { recoverSigner } from '../chain/verify.ts';
import { hasOperation, OPERATIONS_LENGTH } from '../chain/operations.ts';
import {
  defaultActivePermission,
  defaultOwnerPermission,
  EXECUTIVE_PERMISSION_ID,
  FIRST_ACTIVE_PERMISSION_ID,
  OWNER_PERMISSION_ID,
} from '../contracts/permission/rules.ts';
import { checkSignatureCount, txIdOf, type SignedTransaction } from '../chain/transaction.ts';
import { badArgument } from '../chain/input.ts';

// ---------------------------------------------------------------------------------------------
// Account permissions

/** The permission fields of an account, as the node holds them. `owner` unset means the default owner. */
export interface AccountPermissions {
  address: Address;
  owner?: Permission;
  executive?: Permission;
  actives: Permission[];
}

export function accountPermissionsFromAccount(account: Account): AccountPermissions {
  const out: AccountPermissions = { address: account.address, actives: account.activePermission };
  if (account.ownerPermission) out.owner = account.ownerPermission;
  if (account.executivePermission) out.executive = account.executivePermission;
  return out;
}

/** broadcast: the node's checks on broadcast and addSign; query: getsignweight. Their messages differ. */
export type CheckMode = 'broadcast' | 'query';

/** The node's query-mode answers (PROTOCOL.md §3 item 4) when a permission can count no signature of a transaction. */
const CANNOT_COUNT = {
  missing: 'Permission for this, does not exist!',
  wrongType: 'Permission type is wrong!',
  denied: 'Permission denied!',
} as const;

/**
 * Why no signature can ever make a transaction valid under permission `permissionId`, in the
 * signer's words, from the node's query-mode answer; null for any other answer. The station's next
 * step and the transaction screen both say it so (docs/decisions.md §18: such a transaction was shown as "the
 * station does not know the account's permissions").
 */
export function cannotCountWords(answer: string | null | undefined, permissionId: number, contractTitle: string): string | null {
  switch (answer) {
    case CANNOT_COUNT.denied:
      return `permission ${permissionId} of this account cannot run a ${contractTitle.toLowerCase()}: its operations do not include it`;
    case CANNOT_COUNT.missing:
      return `this account has no permission ${permissionId} as this station holds it`;
    case CANNOT_COUNT.wrongType:
      return `permission ${permissionId} is not one that signs transactions (the executive permission never does)`;
    default:
      return null;
  }
}

/**
 * The permission a transaction names (PROTOCOL.md §3 item 3, §4.1 items 2-3). An existing account
 * resolves id 0 to its owner (or the default owner when unset), id 1 to its executive, other ids
 * to the active with that id. For a missing account, broadcast mode gives the default owner for 0
 * and the default active for 2; query mode refuses.
 */
export function resolvePermission(account: AccountPermissions | undefined, ownerAddress: Address, permissionId: number, mode: CheckMode): Permission {
  let permission: Permission | undefined;
  if (account) {
    if (permissionId === OWNER_PERMISSION_ID) permission = account.owner ?? defaultOwnerOf(account.address);
    else if (permissionId === EXECUTIVE_PERMISSION_ID) permission = account.executive;
    else permission = account.actives.find((p) => p.id === permissionId);
  } else {
    if (mode === 'query') fail('PERMISSION', 'Account does not exist!', { field: 'owner_address' });
    if (permissionId === OWNER_PERMISSION_ID) permission = defaultOwnerOf(ownerAddress);
    else if (permissionId === FIRST_ACTIVE_PERMISSION_ID) permission = defaultActiveOf(ownerAddress);
  }
  if (!permission) {
    fail('PERMISSION', mode === 'broadcast' ? "permission isn't exit" : CANNOT_COUNT.missing, {
      field: 'Permission_id',
      permissionId,
    });
  }
  return permission;
}

/**
 * The node builds a default permission around whatever owner bytes it has, valid address or not (a
 * transaction whose owner cannot be read has an empty owner there); so do we.
 */
function withKeyAddress(build: (a: Address) => Permission, address: Uint8Array): Permission {
  if (isAddressBytes(address)) return build(address);
  const p = build(STAND_IN_ADDRESS);
  p.keys[0]!.address = address.slice();
  return p;
}

/** A well-formed address the builders accept, replaced at once by the owner's actual bytes. */
const STAND_IN_ADDRESS = Uint8Array.of(0x41, ...new Uint8Array(20));

function defaultOwnerOf(address: Uint8Array): Permission {
  return withKeyAddress(defaultOwnerPermission, address);
}

function defaultActiveOf(address: Uint8Array): Permission {
  return withKeyAddress((a) => defaultActivePermission(a), address);
}

/**
 * PROTOCOL.md §3 item 4: with Permission_id ≠ 0 the permission must be an active one whose
 * operations (32 bytes) allow the contract type. The owner (id 0) may run everything.
 */
export function checkContractPermission(permission: Permission, contractTypeId: number, permissionId: number, mode: CheckMode): void {
  if (permissionId === OWNER_PERMISSION_ID) return;
  if (permission.type !== PermissionType.Active) {
    fail('PERMISSION', mode === 'broadcast' ? 'Permission type is error' : CANNOT_COUNT.wrongType, { field: 'Permission_id', permissionId });
  }
  if (permission.operations.length !== OPERATIONS_LENGTH) fail('PERMISSION', 'operations size must be 32', { field: 'Permission_id', permissionId });
  if (!hasOperation(permission.operations, contractTypeId)) {
    fail('PERMISSION', mode === 'broadcast' ? 'Permission denied' : CANNOT_COUNT.denied, {
      field: 'Permission_id',
      permissionId,
      contractType: contractTypeName(contractTypeId) ?? contractTypeId,
    });
  }
}

/** The weight of `address` in the permission: the first key with exactly these bytes, else 0. */
function weightOf(permission: Permission, address: Address): bigint {
  for (const key of permission.keys) if (equalBytes(key.address, address)) return key.weight;
  return 0n;
}

/**
 * The node's `checkWeight` (PROTOCOL.md §3 item 5), in its order: no more signatures than keys;
 * then per signature: at least 65 bytes (SIGNATURE_FORMAT), a recoverable signer
 * (COMPUTE_ADDRESS), a key of the permission, not an address that already signed (PERMISSION).
 * Returns the signers in signature order and their summed weight (Java long arithmetic).
 */
export function checkWeight(permission: Permission, signatures: Uint8Array[], txId: Uint8Array): { approvedList: Address[]; weight: bigint } {
  if (!Array.isArray(signatures)) badArgument('checkWeight: signatures must be a list of bytes', 'signatures');
  if (signatures.length > permission.keys.length) {
    fail('PERMISSION', `Signature count is ${signatures.length} more than key counts of permission : ${permission.keys.length}`, {
      field: 'signature',
    });
  }
  const approvedList: Address[] = [];
  const seen = new Set<string>();
  let weight = 0n;
  signatures.forEach((sig, i) => {
    let signer: Address;
    try {
      signer = recoverSigner(sig, txId);
    } catch (e) {
      if (e instanceof AirlockError) fail(e.code, e.message, { field: `signature[${i}]` });
      throw e;
    }
    const w = weightOf(permission, signer);
    if (w === 0n) {
      fail('PERMISSION', `${bytesToHex(sig)} is signed by ${addressToBase58(signer)} but it is not contained of permission.`, {
        field: `signature[${i}]`,
        signer: addressToBase58(signer),
      });
    }
    const hex = bytesToHex(signer);
    if (seen.has(hex)) fail('PERMISSION', `${addressToBase58(signer)} has signed twice!`, { field: `signature[${i}]` });
    seen.add(hex);
    approvedList.push(signer);
    // The node adds with plain long arithmetic; a validated permission cannot overflow it.
    weight = BigInt.asIntN(64, weight + w);
  });
  return { approvedList, weight };
}

// ---------------------------------------------------------------------------------------------
// Reading a transaction leniently

/** What signature checks need from the raw bytes. */
export interface SigningFacts {
  txId: Uint8Array;
  contractCount: number;
  /** contract[0]'s type, when there is a contract. */
  contractTypeId?: number;
  /** contract[0]'s Permission_id, when there is a contract. */
  permissionId?: number;
  /**
   * contract[0]'s owner_address, when there is a contract whose type Airlock can read. As in the
   * node, a parameter whose type URL does not name the contract's type, or whose bytes do not
   * parse, gives an empty owner (an account that does not exist) rather than an error.
   */
  ownerAddress?: Uint8Array;
  /** Why `ownerAddress` is missing although there is a contract (a type Airlock has no schema for). */
  ownerUnreadable?: string;
}

/**
 * Reads txID, contract count, and contract[0]'s type, Permission_id and owner from raw bytes.
 * Unknown fields and non-canonical encodings are tolerated (the signatures are over these bytes
 * either way). Throws BAD_TRANSACTION only for bytes that are not a transaction at all.
 */
export function readSigningFacts(rawBytes: Uint8Array): SigningFacts {
  if (!(rawBytes instanceof Uint8Array)) badArgument('readSigningFacts: expected the raw bytes', 'rawBytes');
  let raw: Transaction_raw;
  try {
    raw = fromBinary(Transaction_rawSchema, rawBytes);
  } catch (e) {
    fail('BAD_TRANSACTION', `raw_data: not a valid transaction encoding (${errorMessage(e)})`, { field: 'raw_data' });
  }
  const txId = txIdOf(rawBytes);
  const contract = raw.contract[0];
  if (!contract) return { txId, contractCount: 0 };
  const facts: SigningFacts = {
    txId,
    contractCount: raw.contract.length,
    contractTypeId: contract.type,
    permissionId: contract.PermissionId,
  };
  const name = contractTypeName(contract.type);
  if (name === undefined || !isSupportedContractName(name)) {
    facts.ownerUnreadable = `raw_data.contract[0].type: ${name ?? contract.type} is not a contract Airlock can read`;
    return facts;
  }
  facts.ownerAddress = new Uint8Array();
  const any = contract.parameter;
  if (any && contractNameOfTypeUrl(any.typeUrl) === name) {
    try {
      facts.ownerAddress = contractSigner(name, fromBinary(SUPPORTED_CONTRACTS[name], any.value));
    } catch {
      // The node's getOwner logs and returns no owner.
    }
  }
  return facts;
}

/** contract[0]'s owner, or UNSUPPORTED_CONTRACT when Airlock cannot read it. */
function ownerOf(facts: SigningFacts): Uint8Array {
  if (facts.ownerAddress === undefined) {
    fail('UNSUPPORTED_CONTRACT', facts.ownerUnreadable ?? 'raw_data.contract: missing', { field: 'raw_data.contract[0].type' });
  }
  return facts.ownerAddress;
}

// ---------------------------------------------------------------------------------------------
// Broadcast

export interface VerifiedSignatures {
  permission: Permission;
  approvedList: Address[];
  weight: bigint;
}

/**
 * The node's signature validation on broadcast (PROTOCOL.md §3), in order: signatures and a
 * contract present (`miss sig or contract`), at most `maxSignatures` (default 5,
 * `too many signatures`), the permission (default owner/active for a missing account), the
 * contract allowed by it, each signature's weight, and weight ≥ threshold (`sig error`). Throws the
 * node's bare messages; the devnet adds "Validate signature error: ".
 */
export function verifyTransactionSignatures(
  tx: SignedTransaction,
  account: AccountPermissions | undefined,
  options: { maxSignatures?: number } = {},
): VerifiedSignatures {
  checkTx(tx, 'verifyTransactionSignatures');
  const facts = readSigningFacts(tx.rawBytes);
  if (tx.signatures.length === 0) fail('PERMISSION', 'miss sig or contract', { field: 'signature' });
  if (facts.contractCount === 0) fail('BAD_TRANSACTION', 'miss sig or contract', { field: 'raw_data.contract' });
  checkSignatureCount(tx.signatures.length, options.maxSignatures);
  const permissionId = facts.permissionId!;
  const permission = resolvePermission(account, ownerOf(facts), permissionId, 'broadcast');
  checkContractPermission(permission, facts.contractTypeId!, permissionId, 'broadcast');
  const { approvedList, weight } = checkWeight(permission, tx.signatures, facts.txId);
  if (weight < permission.threshold) {
    fail('PERMISSION', 'sig error', { field: 'signature', weight: weight.toString(), threshold: permission.threshold.toString() });
  }
  return { permission, approvedList, weight };
}

function checkTx(tx: SignedTransaction, fn: string): void {
  if (typeof tx !== 'object' || tx === null || !(tx.rawBytes instanceof Uint8Array) || !Array.isArray(tx.signatures)) {
    badArgument(`${fn}: expected a transaction {rawBytes, signatures}`, 'tx');
  }
  tx.signatures.forEach((s, i) => {
    if (!(s instanceof Uint8Array)) badArgument(`${fn}: signatures[${i}] must be bytes`, `signatures[${i}]`);
  });
}

// ---------------------------------------------------------------------------------------------
// getsignweight (PROTOCOL.md §4.1)

export type SignWeightCode =
  'ENOUGH_PERMISSION' | 'NOT_ENOUGH_PERMISSION' | 'SIGNATURE_FORMAT_ERROR' | 'COMPUTE_ADDRESS_ERROR' | 'PERMISSION_ERROR' | 'OTHER_ERROR';

export interface SignWeightResult {
  /** Set once the permission resolved and allows the contract (step 5). */
  permission?: Permission;
  /** Set when the signatures were checked without error (zero signatures: []). */
  approvedList?: Address[];
  /** Set with approvedList (zero signatures: 0n). */
  currentWeight?: bigint;
  result: { code: SignWeightCode; message?: string };
}

const NO_CONTRACT = 'Invalid transaction: no valid contract';

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The result code getsignweight gives a thrown error (§4.1 item 6). */
function signWeightCodeOf(e: unknown): SignWeightCode {
  if (e instanceof AirlockError) {
    if (e.code === 'SIGNATURE_FORMAT') return 'SIGNATURE_FORMAT_ERROR';
    if (e.code === 'COMPUTE_ADDRESS') return 'COMPUTE_ADDRESS_ERROR';
    if (e.code === 'PERMISSION') return 'PERMISSION_ERROR';
  }
  return 'OTHER_ERROR';
}

/**
 * The node's getsignweight (PROTOCOL.md §4.1 steps 1-7): the permission the transaction names,
 * the signers so far and their weight, and whether it is enough. `account` is the owner account's
 * permissions, undefined when the account does not exist. Never throws for a bad transaction: the
 * problem is the result code, as in the node.
 */
export function signWeight(tx: SignedTransaction, account: AccountPermissions | undefined): SignWeightResult {
  checkTx(tx, 'signWeight');
  let facts: SigningFacts;
  try {
    facts = readSigningFacts(tx.rawBytes);
  } catch (e) {
    return { result: { code: 'OTHER_ERROR', message: errorMessage(e) } };
  }
  if (facts.contractCount === 0) return { result: { code: 'OTHER_ERROR', message: NO_CONTRACT } };
  const permissionId = facts.permissionId!;
  let permission: Permission;
  try {
    permission = resolvePermission(account, ownerOf(facts), permissionId, 'query');
    checkContractPermission(permission, facts.contractTypeId!, permissionId, 'query');
  } catch (e) {
    return { result: { code: signWeightCodeOf(e), message: errorMessage(e) } };
  }
  let approvedList: Address[] = [];
  let currentWeight = 0n;
  if (tx.signatures.length > 0) {
    try {
      ({ approvedList, weight: currentWeight } = checkWeight(permission, tx.signatures, facts.txId));
    } catch (e) {
      return { permission, result: { code: signWeightCodeOf(e), message: errorMessage(e) } };
    }
  }
  const code: SignWeightCode = currentWeight >= permission.threshold ? 'ENOUGH_PERMISSION' : 'NOT_ENOUGH_PERMISSION';
  return { permission, approvedList, currentWeight, result: { code } };
}

// ---------------------------------------------------------------------------------------------
// getapprovedlist (PROTOCOL.md §4.2)

export type ApprovedListCode = 'SUCCESS' | 'SIGNATURE_FORMAT_ERROR' | 'COMPUTE_ADDRESS_ERROR' | 'OTHER_ERROR';

export interface ApprovedListResult {
  /** The recovered signers in signature order; empty on any error (as the node leaves it). */
  approvedList: Address[];
  result: { code: ApprovedListCode; message?: string };
}

/**
 * The node's getapprovedlist: who signed, with no permission check, no duplicate check and no
 * weight; Permission_id is ignored. The owner account is taken to exist unless
 * `options.accountExists` is false (offline, a station lists signers without chain state).
 * Unlike the reference node, more than `options.maxSignatures` (TOTAL_SIGN_NUM, default 5)
 * signatures are an OTHER_ERROR `too many signatures` before any is recovered: no permission can
 * hold them, and recovering thousands would stall the caller.
 */
export function approvedList(
  tx: SignedTransaction,
  _account?: AccountPermissions | undefined,
  options: { accountExists?: boolean; maxSignatures?: number } = {},
): ApprovedListResult {
  checkTx(tx, 'approvedList');
  let facts: SigningFacts;
  try {
    facts = readSigningFacts(tx.rawBytes);
  } catch (e) {
    return { approvedList: [], result: { code: 'OTHER_ERROR', message: errorMessage(e) } };
  }
  if (facts.contractCount === 0) return { approvedList: [], result: { code: 'OTHER_ERROR', message: NO_CONTRACT } };
  if (facts.ownerUnreadable !== undefined) return { approvedList: [], result: { code: 'OTHER_ERROR', message: facts.ownerUnreadable } };
  if (options.accountExists === false) {
    return {
      approvedList: [],
      result: { code: 'OTHER_ERROR', message: 'class org.tron.core.exception.PermissionException : Account does not exist!' },
    };
  }
  try {
    checkSignatureCount(tx.signatures.length, options.maxSignatures);
  } catch (e) {
    return { approvedList: [], result: { code: 'OTHER_ERROR', message: errorMessage(e) } };
  }
  const list: Address[] = [];
  for (const sig of tx.signatures) {
    try {
      list.push(recoverSigner(sig, facts.txId));
    } catch (e) {
      const code: ApprovedListCode =
        e instanceof AirlockError && e.code === 'SIGNATURE_FORMAT'
          ? 'SIGNATURE_FORMAT_ERROR'
          : e instanceof AirlockError && e.code === 'COMPUTE_ADDRESS'
            ? 'COMPUTE_ADDRESS_ERROR'
            : 'OTHER_ERROR';
      return { approvedList: [], result: { code, message: errorMessage(e) } };
    }
  }
  return { approvedList: list, result: { code: 'SUCCESS' } };
}
