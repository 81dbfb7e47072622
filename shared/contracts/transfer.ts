/**
 * The native-coin transfer (TransferContract, PROTOCOL.md §1.5 and the TransferActuator messages at
 * the end of §6): its builder, the stateless part of the reference node's validation, and the
 * display shape the UI and CLI show a signer. Its inputs are read by shared/chain/input.ts and its
 * display parts come from shared/base/display.ts, as every contract's do.
 *
 * Invariant: `buildTransfer` never returns a contract the node would refuse for a reason it can see
 * without chain state. The rules run in the node's order with its exact messages ("TRX" included:
 * clients match on the text). The node checks that the owner account exists between "Cannot transfer
 * TRX to yourself." and "Amount must be greater than 0." (`Validate TransferContract error, no
 * OwnerAccount.`); a caller with state (the devnet) that wants that exact order for a contract with
 * both faults must check the account before calling `validateTransfer`.
 */
import { create } from '@bufbuild/protobuf';
import { TransferContractSchema, type TransferContract } from '../gen/protocol/contract_pb.ts';
import { isAddressBytes, type Address } from '../chain/address.ts';
import { equalBytes } from '../base/bytes.ts';
import { fail } from '../base/errors.ts';
import { addressInput, int64Input, messageInput, objectInput, within } from '../chain/input.ts';
import { addressView, formatUnits, type AddressView } from '../base/display.ts';
import { COIN_DECIMALS } from '../base/amount.ts';

/** An address as bytes or as text in either written form (41… hex or T… Base58Check). */
export type AddressInput = Address | string;

// ---------------------------------------------------------------------------------------------
// TransferContract

/** The stateless TransferActuator rules, in the node's order, with its messages. */
export function validateTransfer(c: TransferContract): void {
  messageInput(c, 'protocol.TransferContract', 'validateTransfer: contract');
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

const TRANSFER_KEYS = ['owner', 'to', 'amount'];

export function buildTransfer(input: TransferInput): TransferContract {
  const c = within('buildTransfer', () => {
    const i = objectInput(input, 'input', TRANSFER_KEYS);
    return create(TransferContractSchema, {
      ownerAddress: addressInput(i.owner, 'owner'),
      toAddress: addressInput(i.to, 'to'),
      amount: int64Input(i.amount, 'amount'),
    });
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
  messageInput(c, 'protocol.TransferContract', 'describeTransfer: contract');
  return {
    contract: 'TransferContract',
    owner: addressView(c.ownerAddress),
    to: addressView(c.toAddress),
    amount: c.amount.toString(),
    amountCoin: formatUnits(c.amount, COIN_DECIMALS),
  };
}
