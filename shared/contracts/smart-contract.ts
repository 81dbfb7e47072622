/**
 * Smart-contract contracts in words (issue 17): CreateSmartContract 30, TriggerSmartContract 31,
 * UpdateSetting 33, UpdateEnergyLimit 45 and ClearABI 48. A call's data is shown as its 4-byte
 * function selector and its 32-byte words, raw: decoding the arguments against the TRC-20 functions
 * or an imported ABI is a later step (issue 17 "Smart-contract calls"), so this view never claims
 * to know what a call does.
 *
 * Invariant: every byte of the call data appears in the table (selector, whole words, and a
 * trailing part that is not a whole word, named as such), so nothing in the signed bytes is hidden.
 */
import type {
  ClearABIContract,
  CreateSmartContract,
  TriggerSmartContract,
  UpdateEnergyLimitContract,
  UpdateSettingContract,
} from '../gen/protocol/smart_contract_pb.ts';
import { bytesToHex } from '../base/bytes.ts';
import { escapeText } from '../base/escape.ts';
import { sunInWords } from '../base/amount.ts';
import { addressRow, countRow, hexRow, row, sunRow, tokenAmount, who, type DescribeContext, type Description, type FieldRow } from './fields.ts';

/** At most this many words get a row each; the rest are counted in one row (the raw hex stays in rawDataHex). */
export const MAX_WORD_ROWS = 64;

/** The call data as rows: selector, then each 32-byte word, then any bytes left over. */
export function callDataRows(data: Uint8Array, field = 'data'): FieldRow[] {
  if (data.length === 0) return [row(field, 'Call data', "(empty: the contract's fallback or receive function)")];
  if (data.length < 4) return [hexRow(field, 'Call data (shorter than a function selector)', data)];
  const rows: FieldRow[] = [row(`${field}[0..4]`, 'Function selector', `0x${bytesToHex(data.subarray(0, 4))} (not decoded: no ABI is applied here)`)];
  const words = Math.floor((data.length - 4) / 32);
  for (let i = 0; i < Math.min(words, MAX_WORD_ROWS); i++) {
    const start = 4 + i * 32;
    rows.push(row(`${field}[${start}..${start + 32}]`, `Word ${i + 1}`, `0x${bytesToHex(data.subarray(start, start + 32))}`));
  }
  if (words > MAX_WORD_ROWS) rows.push(row(field, 'More words', `${words - MAX_WORD_ROWS} more 32-byte words (see the raw bytes)`));
  const rest = (data.length - 4) % 32;
  if (rest !== 0) rows.push(hexRow(`${field}[${data.length - rest}..${data.length}]`, 'Trailing bytes (not a whole word)', data.subarray(data.length - rest)));
  return rows;
}

function tokenValueRows(ctx: DescribeContext, callTokenValue: bigint, tokenId: bigint): FieldRow[] {
  if (callTokenValue === 0n && tokenId === 0n) return [];
  return [
    row('token_id', 'Token sent with the call', tokenId.toString()),
    row('call_token_value', 'Token amount sent', tokenAmount(ctx, tokenId.toString(), callTokenValue)),
  ];
}

export function describeTriggerSmartContract(c: TriggerSmartContract, ctx: DescribeContext): Description {
  const selector = c.data.length >= 4 ? `function 0x${bytesToHex(c.data.subarray(0, 4))}` : 'no function selector';
  const value = c.callValue !== 0n ? `, sending ${sunInWords(c.callValue)}` : '';
  const token = c.callTokenValue !== 0n ? `, sending ${tokenAmount(ctx, c.tokenId.toString(), c.callTokenValue)}` : '';
  return {
    summary: `Call contract ${who(ctx, c.contractAddress)} (${selector}, ${c.data.length} bytes of call data, not decoded) from ${who(ctx, c.ownerAddress)}${value}${token}`,
    fields: [
      addressRow(ctx, 'owner_address', 'Caller', c.ownerAddress),
      addressRow(ctx, 'contract_address', 'Contract', c.contractAddress),
      sunRow('call_value', 'TRX sent with the call', c.callValue),
      ...tokenValueRows(ctx, c.callTokenValue, c.tokenId),
      ...callDataRows(c.data),
    ],
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
