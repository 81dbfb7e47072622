/**
 * The checks before a signature is added to a transaction, once for every signer: `airlock tx
 * sign` (cli/tx.ts), the node's /wallet/addtransactionsign (devnet/http.ts) and, later, the
 * station's sign flow (docs/decisions.md §6 part 3; PROTOCOL.md §3, §4.3; spec §2.4, §5).
 *
 * In order, with what the reference node and our CLI already say:
 * 1. `checkSignable` (needs no key, so a caller can check before it unlocks one): Permission_id is
 *    not 1 (the executive permission never signs transactions); the transaction has not expired
 *    (when a `now` is given); offline, one more signature keeps it within the most a transaction
 *    may carry (`checkSignatureCount`, so thousands are refused before one is recovered); every
 *    existing signature recovers; with the permission known they are checked as the node's
 *    checkWeight does instead (no more than its keys, refused before any recovery; each a key of
 *    the permission, none twice).
 * 2. `checkSigner`: the signer has not signed already (`<base58> had signed!`), and with the
 *    permission known it is one of its keys (`<base58>'s key is not contained of permission.`;
 *    the node puts the private key in that message, we name only the address).
 *
 * Invariant: nothing here sees a private key; callers pass the signer's address.
 */
import { fromBinary } from '@bufbuild/protobuf';
import { Transaction_rawSchema, type Permission, type Transaction_raw } from '../gen/protocol/core_pb.ts';
import { addressToBase58, describeAddress, type Address } from '../chain/address.ts';
import { equalBytes } from '../base/bytes.ts';
import { AirlockError, fail } from '../base/errors.ts';
import { checkWeight } from './authorization.ts';
import { timeView } from '../base/display.ts';
import { badArgument, isRecord } from '../chain/input.ts';
import { recoverSigner } from '../chain/verify.ts';
import { checkSignatureCount, txIdOf, type SignedTransaction } from '../chain/transaction.ts';
import { checkPermissionId } from '../chain/permission-id.ts';
import { MAX_SIGNATURES } from '../base/limits.ts';

export interface SignCheckOptions {
  /** ms since the epoch; when given, a transaction whose expiration is not after it is refused. */
  now?: number;
  /**
   * The permission the transaction names, when the caller knows it (the node; a station with an
   * account snapshot): existing signatures are then checked against it, and so is the signer.
   */
  permission?: Permission;
  /** Offline (no permission): the most signatures a transaction may carry; default MAX_SIGNATURES (TOTAL_SIGN_NUM, 5). */
  maxSignatures?: number;
  /** Where Permission_id was read from, for messages. Default `raw_data.contract[0].Permission_id`. */
  permissionIdField?: string;
}

/** What `checkSignable` found: the txID to sign, the permission id, who has signed so far. */
export interface SignCheck {
  txId: Uint8Array;
  permissionId: number;
  signers: Address[];
  permission: Permission | undefined;
}

function parseRaw(rawBytes: Uint8Array): Transaction_raw {
  try {
    return fromBinary(Transaction_rawSchema, rawBytes);
  } catch {
    fail('BAD_TRANSACTION', 'raw_data: not a valid transaction encoding', { field: 'raw_data' });
  }
}

/** Step 1: everything that does not need the signer. Throws the first problem as a coded error. */
export function checkSignable(tx: SignedTransaction, options: SignCheckOptions = {}): SignCheck {
  if (!isRecord(tx) || !(tx.rawBytes instanceof Uint8Array) || !Array.isArray(tx.signatures)) {
    badArgument('checkSignable: expected a transaction {rawBytes, signatures}', 'tx');
  }
  const raw = parseRaw(tx.rawBytes);
  const contract = raw.contract[0];
  if (!contract) fail('BAD_TRANSACTION', 'Invalid transaction: no valid contract', { field: 'raw_data.contract' });
  const permissionId = checkPermissionId(contract.PermissionId, options.permissionIdField ?? 'raw_data.contract[0].Permission_id');
  if (options.now !== undefined) {
    if (!Number.isSafeInteger(options.now)) badArgument('checkSignable: now must be ms since the epoch', 'now');
    if (raw.expiration <= BigInt(options.now)) {
      const when = timeView(raw.expiration);
      fail('BAD_TRANSACTION', `Transaction expired: its expiration ${when.iso ?? when.ms} is not after now`, {
        field: 'raw_data.expiration',
        reason: 'expired',
        expiration: when.ms,
        now: options.now,
      });
    }
  }
  // With the permission known, checkWeight bounds the count by its keys first, with the node's
  // message ("Signature count is N more than key counts of permission"), before any recovery.
  // Offline, the one count check, counting the signature about to be added: a transaction that
  // already carries the most would leave here with one more than the node accepts.
  if (!options.permission) checkSignatureCount(tx.signatures.length + 1, options.maxSignatures ?? MAX_SIGNATURES);
  const txId = txIdOf(tx.rawBytes);
  let signers: Address[];
  if (options.permission) {
    signers = checkWeight(options.permission, tx.signatures, txId).approvedList;
  } else {
    // As the node's addSign requires: every signature already there must recover.
    signers = tx.signatures.map((sig, i) => {
      try {
        return recoverSigner(sig, txId);
      } catch (e) {
        if (e instanceof AirlockError) fail(e.code, `signature[${i}]: ${e.message}`, { field: `signature[${i}]` });
        throw e;
      }
    });
  }
  return { txId, permissionId, signers, permission: options.permission };
}

/** Step 2: the signer has not signed yet and, with the permission known, is one of its keys. */
export function checkSigner(check: SignCheck, signer: Address): void {
  if (check.signers.some((s) => equalBytes(s, signer))) {
    fail('PERMISSION', `${addressToBase58(signer)} had signed!`, { signer: describeAddress(signer) });
  }
  if (check.permission && !check.permission.keys.some((k) => equalBytes(k.address, signer) && k.weight > 0n)) {
    fail('PERMISSION', `${addressToBase58(signer)}'s key is not contained of permission.`, { signer: describeAddress(signer) });
  }
}
