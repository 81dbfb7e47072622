/**
 * Smart-contract contracts in words (docs/decisions.md §17): CreateSmartContract 30, TriggerSmartContract 31,
 * UpdateSetting 33, UpdateEnergyLimit 45 and ClearABI 48. A call's data is decoded against the
 * TRC-20 functions and the ABI imported for its contract (abi-words.ts, "Smart-contract calls"):
 * function and arguments in words, token amounts in the token's units, and the warnings a signer
 * sees first (unlimited or large approval, TRX sent, a contract not in the list, a call to no known
 * function, which needs the signer's named override).
 *
 * Invariant: every byte of the call data is shown: decoded strictly (abi.ts accepts only the one
 * canonical encoding of the arguments it shows) or, when not decoded, as its selector, its words and
 * any trailing part, named as such.
 */
import { create } from '@bufbuild/protobuf';
import {
  TriggerSmartContractSchema,
  type ClearABIContract,
  type CreateSmartContract,
  type TriggerSmartContract,
  type UpdateEnergyLimitContract,
  type UpdateSettingContract,
} from '../gen/protocol/smart_contract_pb.ts';
import { checkAddress } from '../chain/address.ts';
import { within } from '../chain/input.ts';
import { encodeCall, TRC20 } from './abi-calls.ts';
import { escapeText } from '../base/escape.ts';
import { sunInWords } from '../base/amount.ts';
import { addressRow, countRow, hexRow, row, sunRow, tokenAmount, who, type DescribeContext, type Description, type FieldRow } from './fields.ts';
import { callInWords, contractFactsOf } from './abi-words.ts';

/** A TRC-20 call the station builds: transfer to a receiver, or approve a spender. */
export interface Trc20CallInput {
  function: 'transfer' | 'approve';
  owner: Uint8Array;
  /** The token's contract. */
  contract: Uint8Array;
  /** The receiver (transfer) or the spender (approve). */
  to: Uint8Array;
  /** Smallest units, 0..2^256-1 (abi-amount.ts reads what a person types). */
  units: bigint;
}

/**
 * A TriggerSmartContract calling a TRC-20 function: the call data from the ABI encoder (abi.ts) and
 * no TRX or token sent with it (a token transfer never needs either). Addresses are checked here as
 * the node's TriggerSmartContract actuator would refuse them.
 */
export function buildTrc20Call(input: Trc20CallInput): TriggerSmartContract {
  return within('buildTrc20Call', () => {
    const owner = checkAddress(input.owner, 'owner_address');
    const contract = checkAddress(input.contract, 'contract_address');
    const to = checkAddress(input.to, input.function === 'transfer' ? 'to' : 'spender');
    return create(TriggerSmartContractSchema, { ownerAddress: owner, contractAddress: contract, data: encodeCall(TRC20[input.function], [to, input.units]) });
  });
}

function tokenValueRows(ctx: DescribeContext, callTokenValue: bigint, tokenId: bigint): FieldRow[] {
  if (callTokenValue === 0n && tokenId === 0n) return [];
  return [
    row('token_id', 'Token sent with the call', tokenId.toString()),
    row('call_token_value', 'Token amount sent', tokenAmount(ctx, tokenId.toString(), callTokenValue)),
  ];
}

/**
 * A contract call: the contract with its name and whether it is in the station's list, the function
 * and its arguments in words when the call data decodes (abi-words.ts), TRX and tokens sent with
 * it, and the warnings to show before signing. Not decoded, the data is shown word by word.
 */
export function describeTriggerSmartContract(c: TriggerSmartContract, ctx: DescribeContext): Description {
  const facts = contractFactsOf(ctx, c.contractAddress);
  const call = callInWords(c, ctx);
  const value = c.callValue !== 0n ? `, sending ${sunInWords(c.callValue)}` : '';
  const token = c.callTokenValue !== 0n ? `, sending ${tokenAmount(ctx, c.tokenId.toString(), c.callTokenValue)}` : '';
  // docs/decisions.md §24: a name or a symbol a file claimed is marked as such, as claimed decimals are.
  const nameText = facts?.name ? `"${escapeText(facts.name)}"${facts.nameClaimed === true ? ' (a name claimed by a file)' : ''}` : '';
  const contract = facts?.name ? `${nameText} (${who(ctx, c.contractAddress)})` : who(ctx, c.contractAddress);
  const symbolClaim = facts?.trc20?.source === 'claimed' ? ' (claimed by a file, not read from the node)' : '';
  const what =
    call.action !== null
      ? `${call.action} on contract ${contract}`
      : c.data.length === 0
        ? `Call contract ${contract} with no call data`
        : `Call contract ${contract} (${c.data.length} bytes of call data, NOT decoded)`;
  const listed =
    facts === undefined
      ? "not in this station's list"
      : `in this station's list${facts.name ? ` as ${nameText}` : ''}${facts.trc20 ? `, TRC-20 ${facts.trc20.symbol ? escapeText(facts.trc20.symbol) : '(no symbol)'}${symbolClaim}` : ''}`;
  return {
    summary: `${what}, from ${who(ctx, c.ownerAddress)}${value}${token}`,
    fields: [
      addressRow(ctx, 'owner_address', 'Caller', c.ownerAddress),
      addressRow(ctx, 'contract_address', 'Contract', c.contractAddress),
      row('contract_address', 'Contract list', listed),
      sunRow('call_value', 'TRX sent with the call', c.callValue),
      ...tokenValueRows(ctx, c.callTokenValue, c.tokenId),
      ...call.rows,
    ],
    warnings: call.warnings,
  };
}

export function describeCreateSmartContract(c: CreateSmartContract, ctx: DescribeContext): Description {
  const n = c.newContract;
  const name = n && n.name.length > 0 ? `"${escapeText(n.name)}"` : '(no name)';
  const fields: FieldRow[] = [addressRow(ctx, 'owner_address', 'Deployer', c.ownerAddress)];
  if (n) {
    fields.push(
      row('new_contract.name', 'Contract name', name),
      addressRow(ctx, 'new_contract.origin_address', 'Origin address', n.originAddress),
      hexRow('new_contract.bytecode', 'Bytecode', n.bytecode),
      sunRow('new_contract.call_value', 'TRX sent to the constructor', n.callValue),
      row('new_contract.consume_user_resource_percent', 'Energy paid by callers', `${n.consumeUserResourcePercent}%`),
      countRow('new_contract.origin_energy_limit', 'Most energy the deployer pays per call', n.originEnergyLimit),
      row(
        'new_contract.abi',
        'ABI',
        `${n.abi?.entrys.length ?? 0} entries: ${
          (n.abi?.entrys ?? [])
            .map((e) => escapeText(e.name) || '(unnamed)')
            .slice(0, 20)
            .join(', ') || '(none)'
        }`,
      ),
    );
    if (n.contractAddress.length > 0) fields.push(addressRow(ctx, 'new_contract.contract_address', 'Contract address', n.contractAddress));
    if (n.codeHash.length > 0) fields.push(hexRow('new_contract.code_hash', 'Code hash', n.codeHash));
    if (n.trxHash.length > 0) fields.push(hexRow('new_contract.trx_hash', 'Transaction hash', n.trxHash));
    if (n.version !== 0) fields.push(countRow('new_contract.version', 'Version', n.version));
  }
  fields.push(...tokenValueRows(ctx, c.callTokenValue, c.tokenId));
  return {
    summary: `Deploy contract ${name} (${n?.bytecode.length ?? 0} bytes of bytecode) from ${who(ctx, c.ownerAddress)}${n && n.callValue !== 0n ? `, sending ${sunInWords(n.callValue)}` : ''}`,
    fields,
  };
}

export function describeUpdateSetting(c: UpdateSettingContract, ctx: DescribeContext): Description {
  return {
    summary: `Set the share of energy callers of ${who(ctx, c.contractAddress)} pay to ${c.consumeUserResourcePercent}%, as ${who(ctx, c.ownerAddress)}`,
    fields: [
      addressRow(ctx, 'owner_address', 'Contract owner', c.ownerAddress),
      addressRow(ctx, 'contract_address', 'Contract', c.contractAddress),
      row('consume_user_resource_percent', 'Energy paid by callers', `${c.consumeUserResourcePercent}%`),
    ],
  };
}

export function describeUpdateEnergyLimit(c: UpdateEnergyLimitContract, ctx: DescribeContext): Description {
  return {
    summary: `Set the most energy the deployer of ${who(ctx, c.contractAddress)} pays per call to ${c.originEnergyLimit}, as ${who(ctx, c.ownerAddress)}`,
    fields: [
      addressRow(ctx, 'owner_address', 'Contract owner', c.ownerAddress),
      addressRow(ctx, 'contract_address', 'Contract', c.contractAddress),
      countRow('origin_energy_limit', 'Most energy the deployer pays per call', c.originEnergyLimit),
    ],
  };
}

export function describeClearAbi(c: ClearABIContract, ctx: DescribeContext): Description {
  return {
    summary: `Remove the ABI of contract ${who(ctx, c.contractAddress)} from the chain, as ${who(ctx, c.ownerAddress)}`,
    fields: [addressRow(ctx, 'owner_address', 'Contract owner', c.ownerAddress), addressRow(ctx, 'contract_address', 'Contract', c.contractAddress)],
  };
}
