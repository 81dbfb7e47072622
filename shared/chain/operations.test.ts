/**
 * Operations masks (shared/chain/operations.ts; spec §2.2, §2.7, §4.9; PROTOCOL.md §8): 32 bytes, bit
 * (id mod 8) of byte (id div 8), least significant bit first. Names and ids both encode; ids that are
 * not contract types are refused on encode (the node refuses such a mask) and reported on decode.
 */
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../base/bytes.ts';
import type { ErrorCode } from '../base/errors.ts';
import {
  AVAILABLE_CONTRACT_TYPES_HEX,
  availableContractTypes,
  decodeOperations,
  DEFAULT_ACTIVE_OPERATIONS_HEX,
  defaultActiveOperations,
  encodeOperations,
  encodeOperationBits,
  KNOWN_CONTRACT_TYPES_HEX,
  MAINNET_ACTIVE_DEFAULT_OPERATIONS_HEX,
  knownContractTypes,
  encodeOperationsHex,
  hasOperation,
  OPERATIONS_LENGTH,
} from './operations.ts';
import { CONTRACT_TYPES, contractTypeName, parseContractType } from './contract-types.ts';

/** Asserts `fn` throws an AirlockError with exactly this code and message. */
const expectCoded = (fn: () => unknown, code: ErrorCode, message: string) =>
  expect(fn).toThrow(expect.objectContaining({ name: 'AirlockError', code, message }));

const ZERO = '00'.repeat(32);

describe('spec §4.9: bit (N mod 8) of byte (N div 8), least significant first', () => {
  it('type 0 is bit 0 of byte 0', () => {
    expect(encodeOperationsHex([0])).toBe('01' + '00'.repeat(31));
  });

  it('type 46 (AccountPermissionUpdateContract) is 0x40 in byte 5', () => {
    const m = encodeOperations([46]);
    expect(m).toHaveLength(OPERATIONS_LENGTH);
    expect(m[5]).toBe(0x40);
    expect(bytesToHex(m)).toBe('0000000000400000' + '00'.repeat(24));
  });

  it('type 59 (the highest) is bit 3 of byte 7', () => {
    expect(encodeOperations([59])[7]).toBe(0x08);
  });

  it('every contract type id sets exactly its own bit and decodes back to itself', () => {
    for (const { id, name } of CONTRACT_TYPES) {
      const m = encodeOperations([id]);
      expect(m.reduce((n, b) => n + b.toString(2).split('1').length - 1, 0)).toBe(1);
      expect(hasOperation(m, id)).toBe(true);
      expect(decodeOperations(m)).toEqual({ ids: [id], names: [name], unknown: [] });
    }
  });

  it('an empty list is the all-zero mask', () => {
    expect(encodeOperationsHex([])).toBe(ZERO);
    expect(decodeOperations(ZERO)).toEqual({ ids: [], names: [], unknown: [] });
  });

  it('duplicates and order do not matter', () => {
    expect(encodeOperationsHex([2, 1, 2, 1])).toBe(encodeOperationsHex([1, 2]));
  });
});

describe('contract types by id or name', () => {
  it('names match without case and may drop the Contract suffix; decimal text is an id', () => {
    const hex = encodeOperationsHex([2]);
    for (const t of ['TransferAsset', 'transferassetcontract', 'TransferAssetContract', '2', ' TRANSFERASSET ']) {
      expect(encodeOperationsHex([t])).toBe(hex);
    }
    expect(parseContractType('AccountPermissionUpdate')).toBe(46);
    expect(contractTypeName(46)).toBe('AccountPermissionUpdateContract');
  });

  it('an id that is not a contract type (7, unused) is refused', () => {
    expectCoded(() => encodeOperations([7]), 'INVALID_INPUT', 'operations[0]: 7 is not a contract type id');
  });

  it('ids out of the mask range are refused', () => {
    expectCoded(() => encodeOperations([1, 256]), 'INVALID_INPUT', 'operations[1]: 256 is not a contract type id');
    expectCoded(() => encodeOperations([-1]), 'INVALID_INPUT', 'operations[0]: -1 is not a contract type id');
    expectCoded(() => encodeOperations([1.5]), 'INVALID_INPUT', 'operations[0]: 1.5 is not a contract type id');
  });

  it('an unknown name is refused', () => {
    expectCoded(() => encodeOperations(['Nope']), 'INVALID_INPUT', 'operations[0]: "Nope" is not a contract type name');
  });

  it('a non-list is a TypeError', () => {
    expect(() => encodeOperations('1' as unknown as string[])).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'encodeOperations: expected a list of contract types' }),
    );
  });
});

describe('decodeOperations', () => {
  it('reports set bits that are not contract types as unknown', () => {
    expect(decodeOperations('80' + '00'.repeat(31))).toEqual({ ids: [7], names: [], unknown: [7] });
    const all = decodeOperations('ff'.repeat(32));
    expect(all.ids).toHaveLength(256);
    expect(all.names).toHaveLength(CONTRACT_TYPES.length);
    expect(all.unknown).toHaveLength(256 - CONTRACT_TYPES.length);
    expect(all.unknown.slice(0, 3)).toEqual([7, 21, 22]);
  });

  it('refuses a mask that is not 32 bytes', () => {
    expectCoded(() => decodeOperations('00'.repeat(31)), 'INVALID_INPUT', 'operations: expected 32 bytes (64 hex digits), got 31');
    expectCoded(() => decodeOperations(new Uint8Array(33)), 'INVALID_INPUT', 'operations: expected 32 bytes (64 hex digits), got 33');
  });

  it('refuses bad hex', () => {
    expectCoded(() => decodeOperations('0'), 'BAD_HEX', 'operations: hex has an odd number of digits (1)');
  });

  it('hasOperation is false outside the mask', () => {
    const all = hexToBytes('ff'.repeat(32));
    expect(hasOperation(all, -1)).toBe(false);
    expect(hasOperation(all, 256)).toBe(false);
    expect(hasOperation(all, 255)).toBe(true);
  });
});

describe('spec §2.7 and PROTOCOL.md §8 defaults', () => {
  it('the default active mask is 0-6, 8-20, 30-33, 41-45 and excludes 46', () => {
    const ids = [0, 1, 2, 3, 4, 5, 6, ...Array.from({ length: 13 }, (_, i) => i + 8), 30, 31, 32, 33, 41, 42, 43, 44, 45];
    expect(DEFAULT_ACTIVE_OPERATIONS_HEX).toBe('7fff1fc0033e' + '00'.repeat(26));
    expect(decodeOperations(defaultActiveOperations()).ids).toEqual(ids);
    expect(hasOperation(defaultActiveOperations(), 46)).toBe(false);
  });

  it('AVAILABLE_CONTRACT_TYPE is the default plus 46', () => {
    expect(AVAILABLE_CONTRACT_TYPES_HEX).toBe('7fff1fc0037e' + '00'.repeat(26));
    const d = decodeOperations(availableContractTypes()).ids;
    expect(d).toEqual([...decodeOperations(defaultActiveOperations()).ids, 46]);
  });

  it("the known contract types are every type of the reference node, 0-59: mainnet's AVAILABLE_CONTRACT_TYPE", () => {
    expect(KNOWN_CONTRACT_TYPES_HEX).toBe('7fff1fc0037efb0f' + '00'.repeat(24));
    expect(decodeOperations(knownContractTypes()).ids).toEqual(CONTRACT_TYPES.map((t) => t.id));
    expect(decodeOperations(knownContractTypes()).unknown).toEqual([]);
  });

  it("mainnet's ACTIVE_DEFAULT_OPERATIONS is the spec's default plus 48, 49 and 51-59: every known type but 46 and 50", () => {
    const ids = decodeOperations(MAINNET_ACTIVE_DEFAULT_OPERATIONS_HEX).ids;
    expect(ids).toEqual([...decodeOperations(defaultActiveOperations()).ids, 48, 49, 51, 52, 53, 54, 55, 56, 57, 58, 59]);
    expect(ids).toEqual(decodeOperations(knownContractTypes()).ids.filter((id) => id !== 46 && id !== 50));
  });

  it('encodeOperationBits keeps any bit 0-255, known or not, and refuses anything else', () => {
    expect(decodeOperations(encodeOperationBits([1, 7, 60, 255])).ids).toEqual([1, 7, 60, 255]);
    expect(decodeOperations(encodeOperationBits([1, 7, 60, 255])).unknown).toEqual([7, 60, 255]);
    for (const bad of [-1, 256, 1.5, NaN]) expect(() => encodeOperationBits([bad])).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  it('the helpers return fresh copies (a caller cannot change the constant)', () => {
    const m = defaultActiveOperations();
    m[0] = 0;
    expect(bytesToHex(defaultActiveOperations())).toBe(DEFAULT_ACTIVE_OPERATIONS_HEX);
  });
});
