/**
 * Which function a smart-contract call names, and its arguments (docs/decisions.md §17 "Smart-contract calls"):
 * the TRC-20 functions every station knows (transfer, approve, transferFrom, increaseAllowance,
 * decreaseAllowance; name, symbol, decimals and balanceOf for the node's constant calls), plus the
 * functions of an ABI the user imported for that contract.
 *
 * Invariant: a call is shown as a function only when exactly one known signature has its selector
 * and its data decodes strictly against it (abi.ts). Every other case has its own outcome, never a
 * guess: `empty` (no data: the fallback or receive function), `no-selector` (1-3 bytes),
 * `too-large` (over MAX_CALLDATA_BYTES, not read), `unknown-function` (no known selector),
 * `selector-collision` (two known signatures share the selector: the bytes do not say which runs)
 * and `malformed` (the selector is known, the arguments do not decode, with the named reason).
 */
import { bytesToHex, concatBytes, hexToBytes } from '../base/bytes.ts';
import { AirlockError } from '../base/errors.ts';
import { MAX_CALLDATA_BYTES } from '../base/limits.ts';
import { decodeValues, encodeValues, type AbiValue, type CalldataProblem } from './abi.ts';
import { abiFunction, parseTypeText, type AbiFunction, type AbiParam } from './abi-types.ts';

function params(...spec: string[]): AbiParam[] {
  return spec.map((s) => {
    const [type, name] = s.split(' ');
    return { name: name ?? '', type: parseTypeText(type!) };
  });
}

/** The TRC-20 functions (TIP-20, the same as ERC-20) with OpenZeppelin's allowance helpers. */
export const TRC20 = {
  transfer: abiFunction('transfer', params('address to', 'uint256 value'), params('bool'), 'nonpayable'),
  approve: abiFunction('approve', params('address spender', 'uint256 value'), params('bool'), 'nonpayable'),
  transferFrom: abiFunction('transferFrom', params('address from', 'address to', 'uint256 value'), params('bool'), 'nonpayable'),
  increaseAllowance: abiFunction('increaseAllowance', params('address spender', 'uint256 addedValue'), params('bool'), 'nonpayable'),
  decreaseAllowance: abiFunction('decreaseAllowance', params('address spender', 'uint256 subtractedValue'), params('bool'), 'nonpayable'),
  name: abiFunction('name', [], params('string'), 'view'),
  symbol: abiFunction('symbol', [], params('string'), 'view'),
  decimals: abiFunction('decimals', [], params('uint8'), 'view'),
  balanceOf: abiFunction('balanceOf', params('address owner'), params('uint256'), 'view'),
} as const;

export type Trc20FunctionName = keyof typeof TRC20;

const TRC20_LIST: readonly AbiFunction[] = Object.values(TRC20);

/** What a call's data is, decided once (see the module's invariant). */
export type CallDecoding =
  | { outcome: 'decoded'; fn: AbiFunction; args: AbiValue[]; source: 'trc20' | 'imported' }
  | { outcome: 'empty' }
  | { outcome: 'no-selector'; size: number }
  | { outcome: 'too-large'; size: number }
  | { outcome: 'unknown-function'; selector: string }
  | { outcome: 'selector-collision'; selector: string; signatures: string[] }
  | { outcome: 'malformed'; fn: AbiFunction; reason: CalldataProblem; message: string };

/**
 * The known functions with `selector`, one per signature: the TRC-20 table first, then the imported
 * ones (an imported function with a TRC-20 signature is the same function, not a collision).
 */
export function functionsWithSelector(selector: string, imported: readonly AbiFunction[]): Array<{ fn: AbiFunction; source: 'trc20' | 'imported' }> {
  const out: Array<{ fn: AbiFunction; source: 'trc20' | 'imported' }> = [];
  const seen = new Set<string>();
  for (const [list, source] of [
    [TRC20_LIST, 'trc20'],
    [imported, 'imported'],
  ] as const) {
    for (const fn of list) {
      if (fn.selector !== selector || seen.has(fn.signature)) continue;
      seen.add(fn.signature);
      out.push({ fn, source });
    }
  }
  return out;
}

/** What `data` calls, against the TRC-20 table and `imported` (the contract's imported ABI). */
export function decodeCall(data: Uint8Array, imported: readonly AbiFunction[] = []): CallDecoding {
  if (data.length === 0) return { outcome: 'empty' };
  if (data.length < 4) return { outcome: 'no-selector', size: data.length };
  if (data.length > MAX_CALLDATA_BYTES) return { outcome: 'too-large', size: data.length };
  const selector = bytesToHex(data.subarray(0, 4));
  const candidates = functionsWithSelector(selector, imported);
  if (candidates.length === 0) return { outcome: 'unknown-function', selector };
  if (candidates.length > 1) return { outcome: 'selector-collision', selector, signatures: candidates.map((c) => c.fn.signature) };
  const { fn, source } = candidates[0]!;
  try {
    const args = decodeValues(
      fn.inputs.map((p) => p.type),
      data.subarray(4),
      fn.name,
    );
    return { outcome: 'decoded', fn, args, source };
  } catch (e) {
    if (e instanceof AirlockError && e.code === 'BAD_CALLDATA')
      return { outcome: 'malformed', fn, reason: e.details!.reason as CalldataProblem, message: e.message };
    throw e;
  }
}

/** The call data of `fn` with `args`: selector then the encoded arguments. */
export function encodeCall(fn: AbiFunction, args: readonly AbiValue[]): Uint8Array {
  return concatBytes(
    hexToBytes(fn.selector),
    encodeValues(
      fn.inputs.map((p) => p.type),
      args,
      fn.name,
    ),
  );
}

/** The result of a constant call, decoded strictly against the function's outputs. */
export function decodeResult(fn: AbiFunction, data: Uint8Array): AbiValue[] {
  return decodeValues(
    fn.outputs.map((p) => p.type),
    data,
    `${fn.name} result`,
  );
}
