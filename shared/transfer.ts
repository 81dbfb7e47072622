/**
 * The native-coin transfer (TransferContract, PROTOCOL.md §1.5 and the TransferActuator messages at
 * the end of §6): its builder, the stateless part of the reference node's validation, and the
 * display shape the UI and CLI show a signer. It also holds the small input and display helpers the
 * token contracts (token.ts) share: addresses in either written form, int64/int32 inputs, and
 * amounts in smallest units.
 *
 * Invariant: `buildTransfer` never returns a contract the node would refuse for a reason it can see
 * without chain state. The rules run in the node's order with its exact messages ("TRX" included:
 * clients match on the text). The node checks that the owner account exists between "Cannot transfer
 * TRX to yourself." and "Amount must be greater than 0." (`Validate TransferContract error, no
 * OwnerAccount.`); a caller with state (the devnet) that wants that exact order for a contract with
 * both faults must check the account before calling `validateTransfer`.
 */
import { create } from '@bufbuild/protobuf';
import { TransferContractSchema, type TransferContract } from './gen/protocol/contract_pb.ts';
import { addressToBase58, isAddressBytes, parseAddress, type Address } from './address.ts';
import { bytesToHex, equalBytes } from './bytes.ts';
import { fail } from './errors.ts';
import { INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN } from './int64.ts';

/** Decimal places of the native coin: 1 coin = 1,000,000 smallest units (PROTOCOL.md §6, §10). */
export const COIN_DECIMALS = 6;


/** An address as bytes or as text in either written form (41… hex or T… Base58Check). */
export type AddressInput = Address | string;

// ---------------------------------------------------------------------------------------------
// Input helpers shared by the contract builders

/**
 * Address input → bytes. Text must parse (BAD_ADDRESS otherwise); bytes are copied as given so the
 * contract's own rule ("Invalid ownerAddress" …) reports a bad length or prefix with the node's text.
 */
export function addressInput(value: unknown, fn: string, field: string): Uint8Array {
  if (typeof value === 'string') return parseAddress(value, `${fn}: ${field}`);
  if (value instanceof Uint8Array) return value.slice();
  throw new TypeError(`${fn}: ${field} must be an address (bytes, 41… hex or T… Base58), got ${kindOf(value)}`);
}

/** An int64 field: a bigint, or a safe-integer number. */
export function int64Input(value: unknown, fn: string, field: string): bigint {
  if (typeof value === 'bigint') {
    if (value < INT64_MIN || value > INT64_MAX) throw new RangeError(`${fn}: ${field} ${value} is outside the int64 range`);
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new TypeError(`${fn}: ${field} must be an integer, got ${value}`);
    if (!Number.isSafeInteger(value)) throw new RangeError(`${fn}: ${field} ${value} is not exact as a number; pass a bigint`);
    return BigInt(value);
  }
  throw new TypeError(`${fn}: ${field} must be an integer (number or bigint), got ${kindOf(value)}`);
}

/** An int32 field: a number (or bigint) that fits in 32 signed bits. */
export function int32Input(value: unknown, fn: string, field: string): number {
  if (typeof value === 'bigint') {
    if (value < BigInt(INT32_MIN) || value > BigInt(INT32_MAX)) throw new RangeError(`${fn}: ${field} ${value} is outside the int32 range`);
    return Number(value);
  }
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new TypeError(`${fn}: ${field} must be an integer, got ${value}`);
    if (value < INT32_MIN || value > INT32_MAX) throw new RangeError(`${fn}: ${field} ${value} is outside the int32 range`);
    return value;
  }
  throw new TypeError(`${fn}: ${field} must be an integer (number), got ${kindOf(value)}`);
}

/** TypeError unless `c` is a protobuf-es message of `typeName` (e.g. "protocol.TransferContract"). */
export function checkContractMessage(c: unknown, typeName: string, fn: string): void {
  if (typeof c !== 'object' || c === null || (c as { $typeName?: unknown }).$typeName !== typeName) {
    throw new TypeError(`${fn}: expected a ${typeName.replace(/^protocol\./, '')} message, got ${kindOf(c)}`);
  }
}

export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Uint8Array) return 'bytes';
  return typeof value;
}

// ---------------------------------------------------------------------------------------------
// Display helpers

/** An address as a signer sees it. `base58` is null when the bytes are not a valid address. */
export interface AddressView {
  hex: string;
  base58: string | null;
}

export function addressView(bytes: Uint8Array): AddressView {
  return { hex: bytesToHex(bytes), base58: isAddressBytes(bytes) ? addressToBase58(bytes) : null };
}

/**
 * An integer amount in smallest units written with `decimals` places, trailing zeros dropped:
 * formatUnits(1_500_000n, 6) = "1.5", formatUnits(-1n, 6) = "-0.000001".
 */
export function formatUnits(amount: bigint, decimals: number): string {
  if (typeof amount !== 'bigint') throw new TypeError(`formatUnits: amount must be a bigint, got ${kindOf(amount)}`);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 18) throw new RangeError(`formatUnits: decimals must be 0..18, got ${decimals}`);
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const unit = 10n ** BigInt(decimals);
  const whole = abs / unit;
  const frac = (abs % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// TransferContract

/** The stateless TransferActuator rules, in the node's order, with its messages. */
export function validateTransfer(c: TransferContract): void {
  checkContractMessage(c, 'protocol.TransferContract', 'validateTransfer');
  if (!isAddressBytes(c.ownerAddress)) fail('CONTRACT_VALIDATE', 'Invalid ownerAddress!', { field: 'owner_address' });
  if (!isAddressBytes(c.toAddress)) fail('CONTRACT_VALIDATE', 'Invalid toAddress!', { field: 'to_address' });
  if (equalBytes(c.ownerAddress, c.toAddress)) fail('CONTRACT_VALIDATE', 'Cannot transfer TRX to yourself.', { field: 'to_address' });
  if (c.amount <= 0n) fail('CONTRACT_VALIDATE', 'Amount must be greater than 0.', { field: 'amount' });
}

export interface TransferInput {
  owner: AddressInput;
  to: AddressInput;
  /** In the smallest unit of the native coin. */
  amount: bigint | number;
}

export function buildTransfer(input: TransferInput): TransferContract {
  if (typeof input !== 'object' || input === null) throw new TypeError(`buildTransfer: expected {owner, to, amount}, got ${kindOf(input)}`);
  const c = create(TransferContractSchema, {
    ownerAddress: addressInput(input.owner, 'buildTransfer', 'owner'),
    toAddress: addressInput(input.to, 'buildTransfer', 'to'),
    amount: int64Input(input.amount, 'buildTransfer', 'amount'),
  });
  validateTransfer(c);
  return c;
}

export interface TransferView {
  contract: 'TransferContract';
  owner: AddressView;
  to: AddressView;
  /** Smallest units, decimal. */
  amount: string;
  /** The same amount in whole coins ("1.5"). */
  amountCoin: string;
}

export function describeTransfer(c: TransferContract): TransferView {
  checkContractMessage(c, 'protocol.TransferContract', 'describeTransfer');
  return {
    contract: 'TransferContract',
    owner: addressView(c.ownerAddress),
    to: addressView(c.toAddress),
    amount: c.amount.toString(),
    amountCoin: formatUnits(c.amount, COIN_DECIMALS),
  };
}
