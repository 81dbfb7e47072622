/**
 * The shielded transfer (ShieldedTransferContract 51) in words (docs/decisions.md §17). Only its transparent
 * parts can be read without the notes' keys: the transparent sender and amount, the transparent
 * receiver and amount, and how many shielded spends and outputs it carries. A purely shielded
 * transfer has no transparent sender and is refused by decodeRaw (no account permission signs it).
 *
 * Invariant: the shielded parts are counted, never described as anything they cannot be shown to
 * be; nothing but the message is read.
 */
import type { ShieldedTransferContract } from '../gen/protocol/shield_contract_pb.ts';
import { sunInWords } from '../base/amount.ts';
import { addressRow, countRow, hexRow, sunRow, who, type DescribeContext, type Description, type FieldRow } from './fields.ts';

export function describeShieldedTransfer(c: ShieldedTransferContract, ctx: DescribeContext): Description {
  const fields: FieldRow[] = [
    addressRow(ctx, 'transparent_from_address', 'Transparent sender', c.transparentFromAddress),
    sunRow('from_amount', 'Amount from the sender', c.fromAmount),
    countRow('spend_description', 'Shielded notes spent', c.spendDescription.length),
    countRow('receive_description', 'Shielded notes created (amounts hidden)', c.receiveDescription.length),
    hexRow('binding_signature', 'Binding signature', c.bindingSignature),
  ];
  if (c.transparentToAddress.length > 0)
    fields.push(
      addressRow(ctx, 'transparent_to_address', 'Transparent receiver', c.transparentToAddress),
      sunRow('to_amount', 'Amount to the receiver', c.toAmount),
    );
  const to = c.transparentToAddress.length > 0 ? ` and ${sunInWords(c.toAmount)} to ${who(ctx, c.transparentToAddress)}` : '';
  return {
    summary: `Shielded transfer: ${sunInWords(c.fromAmount)} from ${who(ctx, c.transparentFromAddress)} into ${c.receiveDescription.length} shielded note(s) whose amounts cannot be shown${to}`,
    fields,
  };
}
