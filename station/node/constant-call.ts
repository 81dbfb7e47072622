/**
 * A smart contract's view functions read through the node (docs/decisions.md §17 "token symbol, name and decimals
 * read from the node (constant call)"): `/wallet/triggerconstantcontract` with the function's
 * selector text and the ABI-encoded arguments, its `constant_result` decoded strictly against the
 * function's outputs (shared/contracts/abi-calls.ts). Beside node-client.ts (which is at its size
 * limit) and through its `post`, so deadlines, reply bounds, the API key and the dialect are the
 * client's.
 *
 * Invariant: a reply is believed only when the node says the call succeeded and its result decodes
 * strictly; a revert, a missing or undecodable result is NODE_ERROR or NODE_REPLY naming the
 * function, never a guessed value. Text the contract returns (name, symbol) is returned as it is and
 * escaped by whoever shows it.
 */
import { bytesToHex, hexToBytes, tryUtf8 } from '../../shared/base/bytes.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { escapeText } from '../../shared/base/escape.ts';
import { MAX_CONTRACT_NAME_LENGTH, MAX_TRC20_DECIMALS } from '../../shared/base/limits.ts';
import { addressToHex, type Address } from '../../shared/chain/address.ts';
import { encodeValues, type AbiValue } from '../../shared/contracts/abi.ts';
import { TRC20, decodeResult } from '../../shared/contracts/abi-calls.ts';
import type { AbiFunction } from '../../shared/contracts/abi-types.ts';
import type { NodeClient } from './node-client.ts';

/** The caller a constant call names when none is given: the zero address, as TronWeb uses. */
const NOBODY = '410000000000000000000000000000000000000000';

/** Calls `fn` of `contract` without a transaction and returns its decoded outputs. */
export async function constantCall(node: NodeClient, contract: Address, fn: AbiFunction, args: readonly AbiValue[], caller?: Address): Promise<AbiValue[]> {
  const parameter = bytesToHex(
    encodeValues(
      fn.inputs.map((p) => p.type),
      args,
      fn.name,
    ),
  );
  const where = `${fn.signature} of ${addressToHex(contract)} at ${node.baseUrl}`;
  const reply = await node.post('/wallet/triggerconstantcontract', {
    owner_address: caller ? addressToHex(caller) : NOBODY,
    contract_address: addressToHex(contract),
    function_selector: fn.signature,
    parameter,
    visible: false,
  });
  const result = reply.result as { result?: unknown; code?: unknown; message?: unknown } | undefined;
  if (typeof result !== 'object' || result === null || result.result !== true) {
    const said = typeof result?.message === 'string' && /^([0-9a-f]{2})*$/i.test(result.message) ? tryUtf8(hexToBytes(result.message)) : undefined;
    fail('NODE_ERROR', `the node refused the call ${where}${said ? `: ${escapeText(said.slice(0, 200))}` : ''}`, {
      node: node.baseUrl,
      function: fn.signature,
    });
  }
  const out = reply.constant_result;
  if (!Array.isArray(out) || typeof out[0] !== 'string' || !/^([0-9a-f]{2})*$/i.test(out[0])) {
    fail('NODE_REPLY', `the node's answer to ${where} has no constant_result`, { node: node.baseUrl, function: fn.signature });
  }
  try {
    return decodeResult(fn, hexToBytes(out[0]));
  } catch (e) {
    if (e instanceof AirlockError && e.code === 'BAD_CALLDATA')
      fail('NODE_REPLY', `the node's answer to ${where} does not decode: ${e.message}`, {
        node: node.baseUrl,
        function: fn.signature,
        reason: e.details?.reason,
      });
    throw e;
  }
}

/** A TRC-20 token's description as its contract states it. */
export interface Trc20Reading {
  symbol: string | null;
  name: string | null;
  decimals: number | null;
}

/** A text result, or null when the function is missing or answers something too long to be a name. */
async function textOf(node: NodeClient, contract: Address, fn: AbiFunction): Promise<string | null> {
  try {
    const [v] = await constantCall(node, contract, fn, []);
    return typeof v === 'string' && v.length <= MAX_CONTRACT_NAME_LENGTH ? v : null;
  } catch (e) {
    if (e instanceof AirlockError && (e.code === 'NODE_ERROR' || e.code === 'NODE_REPLY')) return null;
    throw e;
  }
}

/**
 * symbol(), name() and decimals() of `contract`. Each is optional in TRC-20, so a function that
 * reverts or answers nonsense gives null for that fact; an unreachable node still fails as such.
 */
export async function readTrc20(node: NodeClient, contract: Address): Promise<Trc20Reading> {
  const symbol = await textOf(node, contract, TRC20.symbol);
  const name = await textOf(node, contract, TRC20.name);
  let decimals: number | null = null;
  try {
    const [d] = await constantCall(node, contract, TRC20.decimals, []);
    decimals = typeof d === 'bigint' && d <= BigInt(MAX_TRC20_DECIMALS) ? Number(d) : null;
  } catch (e) {
    if (!(e instanceof AirlockError && (e.code === 'NODE_ERROR' || e.code === 'NODE_REPLY'))) throw e;
  }
  return { symbol, name, decimals };
}

/** balanceOf(holder) in the token's smallest units. */
export async function readTrc20Balance(node: NodeClient, contract: Address, holder: Address): Promise<bigint> {
  const [b] = await constantCall(node, contract, TRC20.balanceOf, [holder]);
  return b as bigint;
}
