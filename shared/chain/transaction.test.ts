/**
 * Transaction rules (shared/chain/transaction.ts; spec §2.4; PROTOCOL.md §1.1, §1.2, §2, §4.3, §7;
 * DESIGN.md decision 2): the raw bytes are the truth. Decoding refuses unknown fields (anywhere),
 * non-canonical encodings, anything but exactly one contract, contracts Airlock cannot show and an
 * Any whose type_url names another type; reading node JSON refuses a raw_data that disagrees with
 * raw_data_hex and a txID that is not their hash; Permission_id 1 never signs. Every test asserts the
 * exact code and message.
 */
import { create, toBinary } from '@bufbuild/protobuf';
import { AnySchema } from '@bufbuild/protobuf/wkt';
import { describe, expect, it } from 'vitest';
import { TransferAssetContractSchema, TransferContractSchema } from '../gen/protocol/contract_pb.ts';
import { PermissionSchema, Transaction_ContractSchema, Transaction_rawSchema, TransactionSchema, type Transaction_Contract } from '../gen/protocol/core_pb.ts';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '../base/bytes.ts';
import { AirlockError, type ErrorCode } from '../base/errors.ts';
import { parseJson, stringifyJson } from '../base/json.ts';
import { addSignature, privateKeyFromHex } from './keys.ts';
import { recoverSigner } from './verify.ts';
import { defaultOwnerPermission } from '../contracts/permission/rules.ts';
import { checkPermissionId } from './permission-id.ts';
import { DEFAULT_EXPIRATION_MS } from '../base/limits.ts';
import {
  broadcastSize,
  buildRaw,
  contractToNodeJson,
  createTransaction,
  decodeRaw,
  encodeRaw,
  encodeSignedTransaction,
  rawToNodeJson,
  transactionFromNodeJson,
  transactionToNodeJson,
  txIdOf,
  type ContractCall,
  type RawFields,
} from './transaction.ts';
import { MAX_EXPIRATION_MS, MAX_SIGNATURES, MAX_TRANSACTION_BYTES } from '../base/limits.ts';

/** Asserts `fn` throws an AirlockError with exactly this code and message (and these details, when given). */
const expectCoded = (fn: () => unknown, code: ErrorCode, message: string, details?: Record<string, unknown>) =>
  expect(fn).toThrow(expect.objectContaining({ name: 'AirlockError', code, message, ...(details === undefined ? {} : { details }) }));

/** §9.3: TransferContract, KEY_11 → KEY_21, 1,000,000, owner permission. */
const RAW =
  '0a02d8ed22082e066c3259e756f540a090bcea89305a67080112630a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412320a154119e7e376e7c213b7e7e7e46cc70a5dd086daff2a1215412bd0c9fe079c8fca0e3352eb3d02839c371e5c4118c0843d70b2ccb8ea8930';
const TXID = '65a9d072f9fce3094d757b9bd96206ca4b04af5d88f46a204cf8dc6db2ab5612';
/** §9.3: TransferAssetContract "1000001", Permission_id 2. */
const RAW_ASSET =
  '0a02d8ed22082e066c3259e756f540a090bcea89305a750802126f0a32747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e736665724173736574436f6e747261637412390a073130303030303112154119e7e376e7c213b7e7e7e46cc70a5dd086daff2a1a15412bd0c9fe079c8fca0e3352eb3d02839c371e5c412064280270b2ccb8ea8930';
const OWNER = '4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a';
const TO = '412bd0c9fe079c8fca0e3352eb3d02839c371e5c41';
const TIMESTAMP_FIELD = '70b2ccb8ea8930';
const TRANSFER_URL = 'type.googleapis.com/protocol.TransferContract';

const FIELDS: RawFields = {
  refBlockBytes: hexToBytes('d8ed'),
  refBlockHash: hexToBytes('2e066c3259e756f5'),
  expiration: 1651906644000n,
  timestamp: 1651906586162n,
};

function transferCall(permissionId = 0): ContractCall {
  return {
    type: 'TransferContract',
    value: create(TransferContractSchema, { ownerAddress: hexToBytes(OWNER), toAddress: hexToBytes(TO), amount: 1_000_000n }),
    permissionId,
  };
}

const transferValue = () => toBinary(TransferContractSchema, transferCall().value as never);

/** The vector's raw with its contract list replaced: bytes no builder would make. */
function rawWithContracts(contracts: Transaction_Contract[]): Uint8Array {
  const base = decodeRaw(hexToBytes(RAW)).raw;
  return encodeRaw(create(Transaction_rawSchema, { ...base, contract: contracts }));
}

function contractWith(type: number, typeUrl: string | undefined, value: Uint8Array): Transaction_Contract {
  return create(Transaction_ContractSchema, typeUrl === undefined ? { type } : { type, parameter: { typeUrl, value } });
}

describe('decodeRaw: the vector decodes', () => {
  it('to its type, owner, permission and txID', () => {
    const d = decodeRaw(hexToBytes(RAW));
    expect(d.contractType).toBe('TransferContract');
    expect(d.contractTypeId).toBe(1);
    expect(d.permissionId).toBe(0);
    expect(bytesToHex(d.ownerAddress)).toBe(OWNER);
    expect(bytesToHex(d.txId)).toBe(TXID);
  });

  it('refuses a non-bytes argument', () => {
    expect(() => decodeRaw(RAW as unknown as Uint8Array)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', message: 'decodeRaw: expected bytes' }));
  });

  it('refuses truncated bytes as BAD_TRANSACTION', () => {
    expectCoded(() => decodeRaw(hexToBytes(RAW.slice(0, -2))), 'BAD_TRANSACTION', 'raw_data: not a valid raw encoding (premature EOF)');
  });
});

describe('decodeRaw: unknown fields are refused (UNKNOWN_FIELD)', () => {
  it('field 99 (varint) appended to the raw bytes', () => {
    expectCoded(
      () => decodeRaw(hexToBytes(RAW + '980601')),
      'UNKNOWN_FIELD',
      'raw_data (field number 99): a field this version does not know is in the bytes; refusing to show or sign it',
    );
  });

  it('field 99 inside the contract value', () => {
    const value = concatBytes(transferValue(), hexToBytes('980601'));
    expectCoded(
      () => decodeRaw(rawWithContracts([contractWith(1, TRANSFER_URL, value)])),
      'UNKNOWN_FIELD',
      'raw_data.contract[0].parameter.value (field number 99): a field this version does not know is in the bytes; refusing to show or sign it',
    );
  });

  it('field 99 inside a singular sub-message: AccountPermissionUpdateContract.owner', () => {
    const owner = concatBytes(toBinary(PermissionSchema, defaultOwnerPermission(hexToBytes(OWNER))), hexToBytes('980601'));
    const value = concatBytes(hexToBytes('0a15' + OWNER), Uint8Array.of(0x12, owner.length), owner);
    expectCoded(
      () => decodeRaw(rawWithContracts([contractWith(46, 'type.googleapis.com/protocol.AccountPermissionUpdateContract', value)])),
      'UNKNOWN_FIELD',
      'raw_data.contract[0].parameter.value.owner (field number 99): a field this version does not know is in the bytes; refusing to show or sign it',
    );
  });

  it("field 3 inside the contract's parameter (the Any itself)", () => {
    const any = concatBytes(toBinary(AnySchema, create(AnySchema, { typeUrl: TRANSFER_URL, value: transferValue() })), hexToBytes('1801'));
    const c = concatBytes(hexToBytes('0801'), Uint8Array.of(0x12, any.length), any);
    expect(c.length).toBeLessThan(128);
    const raw = concatBytes(hexToBytes(RAW.slice(0, 42)), hexToBytes('5a'), new Uint8Array([c.length]), c, hexToBytes(TIMESTAMP_FIELD));
    expectCoded(
      () => decodeRaw(raw),
      'UNKNOWN_FIELD',
      'raw_data.contract[0].parameter (field number 3): a field this version does not know is in the bytes; refusing to show or sign it',
    );
  });

  it('field 6 inside Transaction.Contract', () => {
    // ref_block_bytes, ref_block_hash, expiration | contract (field 11) with 0x30 0x01 appended | timestamp
    const c = concatBytes(toBinary(Transaction_ContractSchema, contractWith(1, TRANSFER_URL, transferValue())), hexToBytes('3001'));
    expect(c.length).toBeLessThan(128);
    const raw = concatBytes(hexToBytes(RAW.slice(0, 42)), hexToBytes('5a'), new Uint8Array([c.length]), c, hexToBytes(TIMESTAMP_FIELD));
    expectCoded(
      () => decodeRaw(raw),
      'UNKNOWN_FIELD',
      'raw_data.contract[0] (field number 6): a field this version does not know is in the bytes; refusing to show or sign it',
    );
  });
});

describe('decodeRaw: non-canonical bytes are refused (NON_CANONICAL)', () => {
  const MESSAGE = 'raw_data: the bytes are not in canonical order or repeat a field, so a node would hash different bytes';

  it('fields out of order (timestamp moved first)', () => {
    const swapped = TIMESTAMP_FIELD + RAW.slice(0, -TIMESTAMP_FIELD.length);
    expect(swapped).toHaveLength(RAW.length);
    expectCoded(() => decodeRaw(hexToBytes(swapped)), 'NON_CANONICAL', MESSAGE);
  });

  it('a field repeated', () => {
    expectCoded(() => decodeRaw(hexToBytes(RAW + TIMESTAMP_FIELD)), 'NON_CANONICAL', MESSAGE);
  });

  it('a default value written out (fee_limit = 0)', () => {
    expectCoded(() => decodeRaw(hexToBytes(RAW + '9001' + '00')), 'NON_CANONICAL', MESSAGE);
  });

  it('a varint longer than it needs to be', () => {
    // ref_block_bytes' length 2 written as the two-byte varint 0x82 0x00.
    expectCoded(() => decodeRaw(hexToBytes('0a8200' + RAW.slice(4))), 'NON_CANONICAL', MESSAGE);
  });

  it('contract value fields swapped (to_address before owner_address)', () => {
    const owner = '0a15' + OWNER;
    const to = '1215' + TO;
    const value = hexToBytes(to + owner + '18c0843d');
    expectCoded(
      () => decodeRaw(rawWithContracts([contractWith(1, TRANSFER_URL, value)])),
      'NON_CANONICAL',
      'raw_data.contract[0].parameter.value: the bytes are not in canonical order or repeat a field, so a node would hash different bytes',
    );
  });
});

describe('decodeRaw: exactly one contract, of a supported type, named the same in type and type_url', () => {
  it('two contracts are refused', () => {
    const c = contractWith(1, TRANSFER_URL, transferValue());
    expectCoded(() => decodeRaw(rawWithContracts([c, c])), 'BAD_TRANSACTION', 'raw_data.contract: contract size should be exactly 1, actual :2');
  });

  it('no contract is refused', () => {
    expectCoded(() => decodeRaw(rawWithContracts([])), 'BAD_TRANSACTION', 'raw_data.contract: contract size should be exactly 1, actual :0');
  });

  it('VoteWitnessContract (type 4) decodes: every type with a message is read (issue 17)', () => {
    const d = decodeRaw(rawWithContracts([contractWith(4, 'type.googleapis.com/protocol.VoteWitnessContract', hexToBytes('0a15' + OWNER))]));
    expect([d.contractType, d.contractTypeId, bytesToHex(d.ownerAddress)]).toEqual(['VoteWitnessContract', 4, OWNER]);
  });

  it('CustomContract (type 20, no message in the reference node) is UNSUPPORTED_CONTRACT naming the id and size', () => {
    expectCoded(
      () => decodeRaw(rawWithContracts([contractWith(20, 'type.googleapis.com/protocol.CustomContract', hexToBytes('0a15' + OWNER))])),
      'UNSUPPORTED_CONTRACT',
      'raw_data.contract[0].type: contract type 20 (CustomContract, which has no message to decode), 23 bytes: Airlock cannot show it in words, so it will not sign it',
      { field: 'raw_data.contract[0].type', contractType: 20, typeName: 'CustomContract', typeUrl: 'type.googleapis.com/protocol.CustomContract', size: 23 },
    );
  });

  it('a type id that is not a contract type (7) is UNSUPPORTED_CONTRACT naming the id and size', () => {
    expectCoded(
      () => decodeRaw(rawWithContracts([contractWith(7, TRANSFER_URL, transferValue())])),
      'UNSUPPORTED_CONTRACT',
      `raw_data.contract[0].type: contract type 7 (not a type of this chain), ${transferValue().length} bytes: Airlock cannot show it in words, so it will not sign it`,
      { field: 'raw_data.contract[0].type', contractType: 7, typeName: null, typeUrl: TRANSFER_URL, size: transferValue().length },
    );
  });

  it('type TransferAssetContract with a TransferContract Any is the node\'s "contract type error"', () => {
    expectCoded(
      () => decodeRaw(rawWithContracts([contractWith(2, TRANSFER_URL, transferValue())])),
      'BAD_TRANSACTION',
      'contract type error,expected type [TransferAssetContract],real type[TransferContract]',
      { field: 'raw_data.contract[0].parameter.type_url' },
    );
  });

  it('type TransferContract with a VoteWitnessContract Any is a contract type error too', () => {
    expectCoded(
      () => decodeRaw(rawWithContracts([contractWith(1, 'type.googleapis.com/protocol.VoteWitnessContract', transferValue())])),
      'BAD_TRANSACTION',
      'contract type error,expected type [TransferContract],real type[VoteWitnessContract]',
    );
  });

  it('a type URL without the protocol. package is a contract type error, as Any.is compares the full name', () => {
    expectCoded(
      () => decodeRaw(rawWithContracts([contractWith(1, 'type.googleapis.com/TransferContract', transferValue())])),
      'BAD_TRANSACTION',
      'contract type error,expected type [TransferContract],real type[type.googleapis.com/TransferContract]',
      { field: 'raw_data.contract[0].parameter.type_url' },
    );
  });

  it('any host before the last / is ignored, as Any.is ignores it', () => {
    const d = decodeRaw(rawWithContracts([contractWith(1, 'example.org/x/protocol.TransferContract', transferValue())]));
    expect(d.contractType).toBe('TransferContract');
  });

  it('a contract with no parameter is refused', () => {
    expectCoded(
      () => decodeRaw(rawWithContracts([contractWith(1, undefined, new Uint8Array())])),
      'BAD_TRANSACTION',
      'raw_data.contract[0].parameter: missing',
    );
  });

  it('an owner_address that is not an address is refused', () => {
    const value = toBinary(TransferContractSchema, create(TransferContractSchema, { ownerAddress: new Uint8Array(20).fill(0x41), amount: 1n }));
    expectCoded(
      () => decodeRaw(rawWithContracts([contractWith(1, TRANSFER_URL, value)])),
      'BAD_TRANSACTION',
      'raw_data.contract[0].parameter.value.owner_address: owner_address: an address is 21 bytes, got 20',
    );
  });

  it('a missing owner_address is refused', () => {
    const value = toBinary(TransferContractSchema, create(TransferContractSchema, { toAddress: hexToBytes(TO), amount: 1n }));
    expectCoded(
      () => decodeRaw(rawWithContracts([contractWith(1, TRANSFER_URL, value)])),
      'BAD_TRANSACTION',
      'raw_data.contract[0].parameter.value.owner_address: owner_address: an address is 21 bytes, got 0',
    );
  });
});

describe('spec §2.4: Permission_id 1 (executive) never signs', () => {
  it('checkPermissionId refuses 1 as PERMISSION', () => {
    expectCoded(() => checkPermissionId(1), 'PERMISSION', 'permission_id: 1 is the executive permission, which never signs transactions (spec §2.4)');
  });

  it('buildRaw refuses Permission_id 1', () => {
    expectCoded(
      () => buildRaw(transferCall(1), FIELDS),
      'PERMISSION',
      'permission_id: 1 is the executive permission, which never signs transactions (spec §2.4)',
    );
  });

  it('negative, fractional and beyond-int32 ids are INVALID_INPUT', () => {
    expectCoded(() => checkPermissionId(-1), 'INVALID_INPUT', 'permission_id: expected a whole number of 0 or more, got -1');
    expectCoded(() => checkPermissionId(1.5), 'INVALID_INPUT', 'permission_id: expected a whole number of 0 or more, got 1.5');
    expectCoded(() => checkPermissionId(2 ** 31), 'INVALID_INPUT', 'permission_id: expected a whole number of 0 or more, got 2147483648');
  });

  it('0 and 2 are accepted; 2 is written as contract field 5, 0 is left out', () => {
    expect(checkPermissionId(0)).toBe(0);
    expect(checkPermissionId(2)).toBe(2);
    expect(bytesToHex(encodeRaw(buildRaw(transferCall(0), FIELDS)))).toBe(RAW);
    expect(decodeRaw(encodeRaw(buildRaw(transferCall(2), FIELDS))).permissionId).toBe(2);
  });
});

describe('buildRaw input checks', () => {
  it('a contract type Airlock does not build is UNSUPPORTED_CONTRACT', () => {
    expectCoded(
      () => buildRaw({ ...transferCall(), type: 'CustomContract' as never }, FIELDS),
      'UNSUPPORTED_CONTRACT',
      'buildRaw: CustomContract is not a contract Airlock builds',
    );
  });

  it('a value of another message type is a TypeError', () => {
    expect(() => buildRaw({ ...transferCall(), type: 'TransferAssetContract' }, FIELDS)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'buildRaw: value is not a TransferAssetContract message' }),
    );
  });

  it('TaPoS lengths: 2 bytes and 8 bytes', () => {
    expect(() => buildRaw(transferCall(), { ...FIELDS, refBlockBytes: new Uint8Array(3) })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'buildRaw: ref_block_bytes must be 2 bytes, got 3' }),
    );
    expect(() => buildRaw(transferCall(), { ...FIELDS, refBlockHash: new Uint8Array(7) })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'buildRaw: ref_block_hash must be 8 bytes, got 7' }),
    );
  });

  it('times: positive expiration, non-negative timestamp, integers only', () => {
    expect(() => buildRaw(transferCall(), { ...FIELDS, expiration: 0 })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'buildRaw: expiration must be a positive time in ms' }),
    );
    expect(() => buildRaw(transferCall(), { ...FIELDS, timestamp: -1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'buildRaw: timestamp must not be negative' }),
    );
    expect(() => buildRaw(transferCall(), { ...FIELDS, expiration: 1.5 })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'buildRaw: expiration: expected an integer, got 1.5' }),
    );
  });

  it('createTransaction refuses what the node would refuse as too big even signed once (size + 128 bytes of results ≤ 512,000)', () => {
    // Signed once: raw_data (tag, 3-byte length) + one signature (tag, length, 65) + 128 = raw + 199.
    const withRaw = (rawLength: number): RawFields => {
      const probe = encodeRaw(buildRaw(transferCall(), { ...FIELDS, data: new Uint8Array(500_000) })).length;
      return { ...FIELDS, data: new Uint8Array(500_000 + rawLength - probe) };
    };
    const fits = createTransaction(transferCall(), withRaw(511_801));
    expect(fits.rawBytes.length).toBe(511_801);
    expect(broadcastSize({ rawBytes: fits.rawBytes, signatures: [new Uint8Array(65)] })).toBe(MAX_TRANSACTION_BYTES);
    expectCoded(
      () => createTransaction(transferCall(), withRaw(511_802)),
      'BAD_TRANSACTION',
      "transaction too big: 511802 bytes of raw_data make 512001 bytes signed once, counting the node's 128 bytes for results; the node's limit is 512000",
      { field: 'raw_data', size: 512_001, limit: 512_000 },
    );
  });

  it('encodeSignedTransaction writes the kept bytes as protobuf-es writes Transaction {raw_data, signature}', () => {
    const tx = addSignature(addSignature(createTransaction(transferCall(), FIELDS), privateKeyFromHex('11'.repeat(32))), privateKeyFromHex('12'.repeat(32)));
    const big = createTransaction(transferCall(), { ...FIELDS, data: new Uint8Array(20_000) });
    for (const t of [tx, big]) {
      const reference = toBinary(TransactionSchema, create(TransactionSchema, { rawData: decodeRaw(t.rawBytes).raw, signature: t.signatures }));
      expect(encodeSignedTransaction(t)).toEqual(reference);
      expect(broadcastSize(t)).toBe(reference.length + 128);
    }
  });

  it('the node constants', () => {
    expect({ DEFAULT_EXPIRATION_MS, MAX_EXPIRATION_MS, MAX_TRANSACTION_BYTES, MAX_SIGNATURES }).toEqual({
      DEFAULT_EXPIRATION_MS: 60_000,
      MAX_EXPIRATION_MS: 86_400_000,
      MAX_TRANSACTION_BYTES: 512_000,
      MAX_SIGNATURES: 5,
    });
  });
});

describe('addSignature', () => {
  it('appends a signature over the txID by the key, leaving the input alone', () => {
    const tx = createTransaction(transferCall(), FIELDS);
    const signed = addSignature(tx, privateKeyFromHex('11'.repeat(32)));
    const twice = addSignature(signed, privateKeyFromHex('12'.repeat(32)));
    expect(tx.signatures).toHaveLength(0);
    expect(signed.signatures).toHaveLength(1);
    expect(twice.signatures).toHaveLength(2);
    expect(bytesToHex(twice.rawBytes)).toBe(RAW);
    expect(bytesToHex(recoverSigner(twice.signatures[0]!, txIdOf(twice.rawBytes)))).toBe(OWNER);
    expect(bytesToHex(recoverSigner(twice.signatures[1]!, txIdOf(twice.rawBytes)))).toBe('411c5a77d9fa7ef466951b2f01f724bca3a5820b63');
  });

  it('refuses to sign bytes it cannot decode', () => {
    expectCoded(
      () => addSignature({ rawBytes: hexToBytes(RAW + '980601'), signatures: [] }, privateKeyFromHex('11'.repeat(32))),
      'UNKNOWN_FIELD',
      'raw_data (field number 99): a field this version does not know is in the bytes; refusing to show or sign it',
    );
  });
});

describe('transactionToNodeJson (printTransactionToJSON)', () => {
  it('writes visible, txID, raw_data, raw_data_hex, and no signature key when unsigned', () => {
    const json = transactionToNodeJson({ rawBytes: hexToBytes(RAW), signatures: [] });
    expect(Object.keys(json)).toEqual(['visible', 'txID', 'raw_data', 'raw_data_hex']);
    expect(json.txID).toBe(TXID);
    expect(json.raw_data_hex).toBe(RAW);
    expect(json.raw_data).toEqual({
      ref_block_bytes: 'd8ed',
      ref_block_hash: '2e066c3259e756f5',
      expiration: 1651906644000n,
      contract: [{ type: 'TransferContract', parameter: { value: { owner_address: OWNER, to_address: TO, amount: 1000000n }, type_url: TRANSFER_URL } }],
      timestamp: 1651906586162n,
    });
  });

  it('writes Permission_id only when it is above 0', () => {
    const json = transactionToNodeJson({ rawBytes: hexToBytes(RAW_ASSET), signatures: [] });
    expect((json.raw_data.contract as Record<string, unknown>[])[0]!.Permission_id).toBe(2);
  });

  it('visible: Base58 addresses and the token id as text', () => {
    const json = transactionToNodeJson({ rawBytes: hexToBytes(RAW_ASSET), signatures: [] }, { visible: true });
    expect(json.visible).toBe(true);
    const value = ((json.raw_data.contract as Record<string, unknown>[])[0]!.parameter as { value: unknown }).value;
    expect(value).toEqual({
      asset_name: '1000001',
      owner_address: 'TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLQ',
      to_address: 'TDxtBDwocWMwXV6z1CWXJmT7p8bm14YoLY',
      amount: 100n,
    });
  });

  it('signatures as hex in order', () => {
    const json = transactionToNodeJson({ rawBytes: hexToBytes(RAW), signatures: [new Uint8Array(65).fill(1), new Uint8Array(65).fill(2)] });
    expect(json.signature).toEqual(['01'.repeat(65), '02'.repeat(65)]);
  });

  it('rawToNodeJson and contractToNodeJson give the parts', () => {
    const d = decodeRaw(hexToBytes(RAW_ASSET));
    expect(rawToNodeJson(d.raw)).toEqual(transactionToNodeJson({ rawBytes: hexToBytes(RAW_ASSET), signatures: [] }).raw_data);
    expect(contractToNodeJson(d)).toEqual({ asset_name: '31303030303031', owner_address: OWNER, to_address: TO, amount: 100n });
    expect(contractToNodeJson(d, true)).toMatchObject({ asset_name: '1000001' });
  });

  it('refuses to write bytes it cannot decode', () => {
    expect(() => transactionToNodeJson({ rawBytes: hexToBytes(RAW + '980601'), signatures: [] })).toThrow(AirlockError);
  });
});

describe('transactionFromNodeJson: the bytes are the truth', () => {
  const good = () => transactionToNodeJson({ rawBytes: hexToBytes(RAW), signatures: [] }) as unknown as Record<string, unknown>;

  it('reads its own output back to the same bytes', () => {
    const tx = transactionFromNodeJson(parseJson(stringifyJson(good())));
    expect(bytesToHex(tx.rawBytes)).toBe(RAW);
    expect(bytesToHex(tx.txId)).toBe(TXID);
    expect(tx.decoded.contractType).toBe('TransferContract');
  });

  it('raw_data alone is encoded to the same bytes', () => {
    expect(bytesToHex(transactionFromNodeJson({ raw_data: good().raw_data }).rawBytes)).toBe(RAW);
  });

  it('visible raw_data alone is read with visible rules (Base58, text token id)', () => {
    const visible = transactionToNodeJson({ rawBytes: hexToBytes(RAW_ASSET), signatures: [] }, { visible: true });
    expect(bytesToHex(transactionFromNodeJson({ visible: true, raw_data: visible.raw_data }).rawBytes)).toBe(RAW_ASSET);
  });

  it('raw_data_hex alone is enough', () => {
    expect(bytesToHex(transactionFromNodeJson({ raw_data_hex: RAW }).txId)).toBe(TXID);
  });

  it('raw_data that disagrees with raw_data_hex is refused', () => {
    const json = good();
    json.raw_data = { ...(json.raw_data as object), timestamp: 1 };
    expectCoded(
      () => transactionFromNodeJson(json),
      'BAD_TRANSACTION',
      'raw_data does not match raw_data_hex: the readable part says something other than the signed bytes',
    );
  });

  it('raw_data with another amount than the bytes is refused', () => {
    const json = good();
    const raw = structuredClone(json.raw_data) as { contract: { parameter: { value: { amount: bigint } } }[] };
    raw.contract[0]!.parameter.value.amount = 2_000_000n;
    json.raw_data = raw;
    expectCoded(
      () => transactionFromNodeJson(json),
      'BAD_TRANSACTION',
      'raw_data does not match raw_data_hex: the readable part says something other than the signed bytes',
    );
  });

  it('a txID that is not sha256(raw) is refused', () => {
    expectCoded(() => transactionFromNodeJson({ ...good(), txID: '00'.repeat(32) }), 'BAD_TRANSACTION', `txID is not the hash of raw_data (which is ${TXID})`);
  });

  it('a txID of the wrong length or type is refused', () => {
    expectCoded(() => transactionFromNodeJson({ ...good(), txID: 'ab' }), 'BAD_HEX', 'txID: expected 32 bytes, got 1');
    expectCoded(() => transactionFromNodeJson({ ...good(), txID: 5 }), 'BAD_JSON', 'transaction.txID: expected a hex string');
  });

  it('an unknown top-level key is refused', () => {
    expectCoded(
      () => transactionFromNodeJson({ ...good(), foo: 1 }),
      'BAD_JSON',
      'transaction.foo: unknown field (known: visible, txID, raw_data, raw_data_hex, signature, ret)',
      { field: 'transaction.foo' },
    );
  });

  it('bytes with an unknown field are refused even when raw_data_hex is all there is', () => {
    expectCoded(
      () => transactionFromNodeJson({ raw_data_hex: RAW + '980601' }),
      'UNKNOWN_FIELD',
      'raw_data (field number 99): a field this version does not know is in the bytes; refusing to show or sign it',
    );
  });

  it('shape errors', () => {
    expectCoded(() => transactionFromNodeJson([]), 'BAD_JSON', 'transaction: expected an object, got a list');
    expectCoded(() => transactionFromNodeJson({}), 'BAD_JSON', 'transaction: needs raw_data_hex or raw_data');
    expectCoded(() => transactionFromNodeJson({ raw_data_hex: 5 }), 'BAD_JSON', 'transaction.raw_data_hex: expected a hex string');
    expectCoded(() => transactionFromNodeJson({ raw_data_hex: RAW, visible: 'true' }), 'BAD_JSON', 'transaction.visible: expected true or false');
    expectCoded(() => transactionFromNodeJson({ raw_data_hex: RAW, signature: 'ab' }), 'BAD_JSON', 'transaction.signature: expected a list of hex strings');
    expectCoded(() => transactionFromNodeJson({ raw_data_hex: RAW, signature: [1] }), 'BAD_JSON', 'transaction.signature[0]: expected a hex string');
    expectCoded(() => transactionFromNodeJson({ raw_data_hex: RAW, signature: ['zz'] }), 'BAD_HEX', 'signature[0]: not a hex string');
  });

  it('signatures are kept as given, in order, without checking them', () => {
    const tx = transactionFromNodeJson({ raw_data_hex: RAW, signature: ['ab', 'cd'.repeat(65)] });
    expect(tx.signatures.map(bytesToHex)).toEqual(['ab', 'cd'.repeat(65)]);
  });

  it('TransferAssetContract JSON with text asset_name but visible false is refused as bad hex', () => {
    const visible = transactionToNodeJson({ rawBytes: hexToBytes(RAW_ASSET), signatures: [] }, { visible: true });
    expectCoded(
      () => transactionFromNodeJson({ raw_data: visible.raw_data }),
      'BAD_HEX',
      'raw_data.contract[0].parameter.value.asset_name: hex has an odd number of digits (7)',
    );
  });

  it('the token id as text: utf8 "1000001" is asset_name 31303030303031', () => {
    const d = decodeRaw(hexToBytes(RAW_ASSET));
    expect(bytesToHex((d.contract as unknown as { assetName: Uint8Array }).assetName)).toBe(bytesToHex(utf8ToBytes('1000001')));
    expect(d.contract.$typeName).toBe(TransferAssetContractSchema.typeName);
  });
});
