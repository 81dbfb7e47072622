/**
 * A minimal Solidity ABI coder for the devnet (docs/decisions.md §17): function selectors, the static argument
 * types the TRC-20 uses (address, uint256, uint8, bool) and strings for its constructor and
 * name()/symbol() replies. It exists so the node can build `function_selector` + `parameter`
 * calldata as the reference node does (Util.parseMethod) and deploy its token; it is not the
 * station's ABI coder (shared/contracts/abi.ts, another module with its own rules for clear signing).
 *
 * Invariant: decoding never reads past the data it is given: a short or malformed reply is a coded
 * error naming what was short, never an out-of-range read.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';

export type EvmAbiValue =
  { type: 'address'; value: Uint8Array } | { type: 'uint256' | 'uint8'; value: bigint } | { type: 'bool'; value: boolean } | { type: 'string'; value: string };

const WORD = 32;
const UINT256_MAX = (1n << 256n) - 1n;

/** The 4-byte selector of a signature such as `transfer(address,uint256)`. */
export function evmSelector(signature: string): Uint8Array {
  return keccak_256(utf8ToBytes(signature)).subarray(0, 4);
}

function word(n: bigint): Uint8Array {
  if (n < 0n || n > UINT256_MAX) fail('INVALID_INPUT', 'abi: a number outside uint256');
  return hexToBytes(n.toString(16).padStart(64, '0'));
}

/** The 20-byte EVM form of a TRON address (drops the 0x41 prefix of a 21-byte address). */
export function evmAddressBytes(address: Uint8Array): Uint8Array {
  if (address.length === 21) return address.subarray(1);
  if (address.length === 20) return address;
  fail('BAD_ADDRESS', `abi: an address must be 20 or 21 bytes, not ${address.length}`);
}

/** Encodes the arguments (head/tail layout: strings go to the tail). */
export function encodeEvmArguments(values: EvmAbiValue[]): Uint8Array {
  const heads: Uint8Array[] = [];
  const tails: Uint8Array[] = [];
  let tailOffset = values.length * WORD;
  for (const v of values) {
    switch (v.type) {
      case 'address': {
        const out = new Uint8Array(WORD);
        out.set(evmAddressBytes(v.value), 12);
        heads.push(out);
        break;
      }
      case 'uint256':
      case 'uint8':
        if (v.type === 'uint8' && v.value > 255n) fail('INVALID_INPUT', 'abi: a uint8 above 255');
        heads.push(word(v.value));
        break;
      case 'bool':
        heads.push(word(v.value ? 1n : 0n));
        break;
      case 'string': {
        const bytes = utf8ToBytes(v.value);
        const padded = new Uint8Array(Math.ceil(bytes.length / WORD) * WORD);
        padded.set(bytes);
        heads.push(word(BigInt(tailOffset)));
        const tail = concatBytes(word(BigInt(bytes.length)), padded);
        tails.push(tail);
        tailOffset += tail.length;
        break;
      }
    }
  }
  return concatBytes(...heads, ...tails);
}

/** selector ++ arguments. */
export function encodeEvmCall(signature: string, values: EvmAbiValue[] = []): Uint8Array {
  return concatBytes(evmSelector(signature), encodeEvmArguments(values));
}

/** Calldata from the node's `function_selector` text and `parameter` hex (Util.parseMethod). */
export function calldataFromSelector(signature: string, parameterHex: string): Uint8Array {
  return concatBytes(evmSelector(signature), parameterHex.length === 0 ? new Uint8Array(0) : hexToBytes(parameterHex, 'parameter'));
}

function readWord(data: Uint8Array, offset: number, what: string): bigint {
  if (offset < 0 || offset + WORD > data.length) fail('INVALID_INPUT', `abi: ${what}: the reply is ${data.length} bytes, too short`);
  return BigInt('0x' + (bytesToHex(data.subarray(offset, offset + WORD)) || '0'));
}

/** The uint256 at word `index`. */
export function decodeEvmUint(data: Uint8Array, index = 0): bigint {
  return readWord(data, index * WORD, `word ${index}`);
}

/** The string returned by a function such as name() (one dynamic string). */
export function decodeEvmString(data: Uint8Array): string {
  const offset = readWord(data, 0, 'string offset');
  if (offset > BigInt(data.length)) fail('INVALID_INPUT', 'abi: string offset past the end');
  const length = readWord(data, Number(offset), 'string length');
  const start = Number(offset) + WORD;
  if (BigInt(start) + length > BigInt(data.length)) fail('INVALID_INPUT', 'abi: string longer than the reply');
  return new TextDecoder('utf-8', { fatal: false }).decode(data.subarray(start, start + Number(length)));
}
