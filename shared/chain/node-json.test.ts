/**
 * The node's JSON dialect (shared/chain/node-json.ts; PROTOCOL.md §4.3): .proto field names in field
 * order, defaults left out, enums by name, bytes as hex (Base58 addresses and text names when
 * visible), int64 as bare numbers, maps as [{key, value}], Any as {value, type_url}. Reading is
 * strict: an unknown key, a wrong type, an out-of-range integer or an unknown enum is a coded error
 * that names its path in the message and in details.field.
 */
import { create, type DescMessage } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import {
  AccountPermissionUpdateContractSchema,
  AssetIssueContractSchema,
  TransferAssetContractSchema,
  TransferContractSchema,
} from '../gen/protocol/contract_pb.ts';
import { ReturnSchema } from '../gen/protocol/api_pb.ts';
import { AccountSchema, PermissionSchema, PermissionType, Transaction_rawSchema } from '../gen/protocol/core_pb.ts';
import { bytesToHex, hexToBytes, utf8ToBytes } from '../base/bytes.ts';
import type { ErrorCode } from '../base/errors.ts';
import { parseJson, stringifyJson } from '../base/json.ts';
import { messageFromNodeJson, messageToNodeJson } from './node-json.ts';

/** Asserts `fn` throws an AirlockError with exactly this code and message (and details.field, when given). */
const expectCoded = (fn: () => unknown, code: ErrorCode, message: string, field?: string) =>
  expect(fn).toThrow(
    expect.objectContaining({ name: 'AirlockError', code, message, ...(field === undefined ? {} : { details: expect.objectContaining({ field }) }) }),
  );

const HEX = '412e988a386a799f506693793c6a5af6b54dfaabfb';
const B58 = 'TEDapYSVvAZ3aYH7w8N9tMEEFKaNKUD5Bp';
const TO_HEX = '412bd0c9fe079c8fca0e3352eb3d02839c371e5c41';
const TO_B58 = 'TDxtBDwocWMwXV6z1CWXJmT7p8bm14YoLY';

const read = (schema: DescMessage, json: unknown, visible = false) => messageFromNodeJson(schema, json, { visible });
const roundTrip = (schema: DescMessage, json: unknown, visible = false) => messageToNodeJson(schema, read(schema, json, visible), { visible });

describe('writing: the node JSON shape', () => {
  it('uses .proto field names in field-number order (asset_name first in TransferAssetContract)', () => {
    const msg = create(TransferAssetContractSchema, {
      amount: 5n,
      toAddress: hexToBytes(TO_HEX),
      ownerAddress: hexToBytes(HEX),
      assetName: utf8ToBytes('1000001'),
    });
    const json = messageToNodeJson(TransferAssetContractSchema, msg);
    expect(Object.keys(json)).toEqual(['asset_name', 'owner_address', 'to_address', 'amount']);
    expect(json).toEqual({ asset_name: '31303030303031', owner_address: HEX, to_address: TO_HEX, amount: 5n });
  });

  it('leaves out default values (0, empty bytes, false, enum 0)', () => {
    const msg = create(PermissionSchema, { type: PermissionType.Owner, id: 0, threshold: 2n, parentId: 0, operations: new Uint8Array() });
    expect(messageToNodeJson(PermissionSchema, msg)).toEqual({ threshold: 2n });
  });

  it('writes enums by name', () => {
    expect(messageToNodeJson(PermissionSchema, create(PermissionSchema, { type: PermissionType.Active }))).toEqual({ type: 'Active' });
  });

  it('writes int64 as bigint, which stringifyJson prints as a bare number', () => {
    const msg = create(TransferContractSchema, { amount: 2n ** 63n - 1n });
    expect(stringifyJson(messageToNodeJson(TransferContractSchema, msg))).toBe('{"amount":9223372036854775807}');
  });

  it('visible: addresses as Base58, names as UTF-8 text', () => {
    const msg = create(TransferAssetContractSchema, { assetName: utf8ToBytes('1000001'), ownerAddress: hexToBytes(HEX), toAddress: hexToBytes(TO_HEX) });
    expect(messageToNodeJson(TransferAssetContractSchema, msg, { visible: true })).toEqual({ asset_name: '1000001', owner_address: B58, to_address: TO_B58 });
  });

  it('visible: bytes in an address field that are not an address stay hex', () => {
    const msg = create(TransferContractSchema, { toAddress: hexToBytes('4100') });
    expect(messageToNodeJson(TransferContractSchema, msg, { visible: true })).toEqual({ to_address: '4100' });
  });

  it('visible: a name that is not UTF-8 stays hex', () => {
    const msg = create(TransferAssetContractSchema, { assetName: new Uint8Array([0xff, 0xfe]) });
    expect(messageToNodeJson(TransferAssetContractSchema, msg, { visible: true })).toEqual({ asset_name: 'fffe' });
  });

  it('visible: Return.message is text (it is bytes, hex when not visible)', () => {
    const msg = create(ReturnSchema, { message: utf8ToBytes('Dup transaction.') });
    expect(messageToNodeJson(ReturnSchema, msg, { visible: true })).toEqual({ message: 'Dup transaction.' });
    expect(messageToNodeJson(ReturnSchema, msg, { visible: false })).toEqual({ message: bytesToHex(utf8ToBytes('Dup transaction.')) });
  });

  it('visible: Permission.operations stays hex', () => {
    const msg = create(PermissionSchema, { operations: hexToBytes('7fff1fc0033e' + '00'.repeat(26)) });
    expect(messageToNodeJson(PermissionSchema, msg, { visible: true })).toEqual({ operations: '7fff1fc0033e' + '00'.repeat(26) });
  });

  it('maps are written as [{key, value}]', () => {
    const msg = create(AccountSchema, { assetV2: { '1000001': 5n } });
    expect(messageToNodeJson(AccountSchema, msg)).toEqual({ assetV2: [{ key: '1000001', value: 5n }] });
  });

  it('nested messages and lists: AccountPermissionUpdateContract', () => {
    const json = {
      owner_address: HEX,
      owner: { threshold: 1, keys: [{ address: HEX, weight: 1 }] },
      actives: [
        {
          type: 'Active',
          id: 2,
          permission_name: 'active',
          threshold: 2,
          operations: '7fff1fc0033e' + '00'.repeat(26),
          keys: [
            { address: HEX, weight: 1 },
            { address: TO_HEX, weight: 1 },
          ],
        },
      ],
    };
    expect(stringifyJson(roundTrip(AccountPermissionUpdateContractSchema, json))).toBe(stringifyJson(json));
  });

  it('an Any is {value: <decoded contract>, type_url}', () => {
    const json = {
      contract: [
        {
          type: 'TransferContract',
          parameter: { value: { owner_address: HEX, amount: 1 }, type_url: 'type.googleapis.com/protocol.TransferContract' },
          Permission_id: 2,
        },
      ],
    };
    expect(stringifyJson(roundTrip(Transaction_rawSchema, json))).toBe(stringifyJson(json));
  });
});

describe('reading is strict', () => {
  it('an unknown key is BAD_JSON naming the path and the known keys', () => {
    expectCoded(
      () => read(TransferContractSchema, { foo: 1 }),
      'BAD_JSON',
      'TransferContract.foo: unknown field (known: owner_address, to_address, amount)',
      'TransferContract.foo',
    );
  });

  it('an unknown key deep inside is reported with its whole path', () => {
    expectCoded(
      () =>
        messageFromNodeJson(
          Transaction_rawSchema,
          { contract: [{ parameter: { value: { bogus: 1 }, type_url: 'type.googleapis.com/protocol.TransferContract' } }] },
          { path: 'raw_data' },
        ),
      'BAD_JSON',
      'raw_data.contract[0].parameter.value.bogus: unknown field (known: owner_address, to_address, amount)',
      'raw_data.contract[0].parameter.value.bogus',
    );
  });

  it('an unknown key in a list item', () => {
    expectCoded(
      () => read(PermissionSchema, { keys: [{ weight: 1, extra: 2 }] }),
      'BAD_JSON',
      'Permission.keys[0].extra: unknown field (known: address, weight)',
    );
  });

  it('a non-object is BAD_JSON', () => {
    expectCoded(() => read(TransferContractSchema, []), 'BAD_JSON', 'TransferContract: expected an object, got an array');
    expectCoded(() => read(TransferContractSchema, 'x'), 'BAD_JSON', 'TransferContract: expected an object, got a string');
    expectCoded(() => read(TransferContractSchema, null), 'BAD_JSON', 'TransferContract: expected an object, got null');
  });

  it('null for a field means absent', () => {
    expect(roundTrip(TransferContractSchema, { amount: null })).toEqual({});
  });

  describe('integers', () => {
    it('a non-numeric string, a boolean and a fraction are refused', () => {
      expectCoded(
        () => read(TransferContractSchema, { amount: 'abc' }),
        'BAD_JSON',
        'TransferContract.amount: expected an integer, got a string',
        'TransferContract.amount',
      );
      expectCoded(() => read(TransferContractSchema, { amount: true }), 'BAD_JSON', 'TransferContract.amount: expected an integer, got a boolean');
      expectCoded(() => read(TransferContractSchema, { amount: 1.5 }), 'BAD_JSON', 'TransferContract.amount: expected an integer, got 1.5');
      for (const text of ['1.5', '1e3', '-', '0x10', ' ']) {
        expectCoded(() => read(TransferContractSchema, { amount: text }), 'BAD_JSON', 'TransferContract.amount: expected an integer, got a string');
      }
      expect((read(TransferContractSchema, { amount: '-12' }) as unknown as { amount: bigint }).amount).toBe(-12n);
    });

    it('an unsafe JS number (already rounded) is refused, not guessed', () => {
      expectCoded(
        () => read(TransferContractSchema, { amount: Number('9007199254740993') }),
        'BAD_JSON',
        'TransferContract.amount: 9007199254740992 cannot be read exactly; pass it as a string',
      );
    });

    it('a decimal string and a bigint are read exactly; 2^63-1 survives text → message → text', () => {
      expect(roundTrip(TransferContractSchema, { amount: '10' })).toEqual({ amount: 10n });
      const text = '{"amount":9223372036854775807}';
      expect(stringifyJson(roundTrip(TransferContractSchema, parseJson(text)))).toBe(text);
    });

    it('int64 out of range is refused', () => {
      expectCoded(
        () => read(TransferContractSchema, { amount: 2n ** 63n }),
        'BAD_JSON',
        'TransferContract.amount: 9223372036854775808 is outside the int64 range',
      );
      expectCoded(
        () => read(TransferContractSchema, { amount: -(2n ** 63n) - 1n }),
        'BAD_JSON',
        'TransferContract.amount: -9223372036854775809 is outside the int64 range',
      );
    });

    it('int32 out of range is refused', () => {
      expectCoded(() => read(PermissionSchema, { id: 2147483648 }), 'BAD_JSON', 'Permission.id: 2147483648 is outside the int32 range');
      expectCoded(() => read(PermissionSchema, { id: -2147483649 }), 'BAD_JSON', 'Permission.id: -2147483649 is outside the int32 range');
      expect(roundTrip(PermissionSchema, { id: 2147483647 })).toEqual({ id: 2147483647 });
    });
  });

  describe('other scalars', () => {
    it('a string field refuses a number', () => {
      expectCoded(() => read(PermissionSchema, { permission_name: 5 }), 'BAD_JSON', 'Permission.permission_name: expected a string, got a number');
    });

    it('a bool field refuses a string', () => {
      expectCoded(() => read(AccountSchema, { is_executive: 'yes' }), 'BAD_JSON', 'Account.is_executive: expected true or false, got a string');
    });

    it('a bytes field refuses a number', () => {
      expectCoded(() => read(TransferContractSchema, { owner_address: 5 }), 'BAD_JSON', 'TransferContract.owner_address: expected a hex string, got a number');
    });

    it('bad hex in a bytes field keeps BAD_HEX and names the field', () => {
      expectCoded(() => read(PermissionSchema, { operations: 'zz' }), 'BAD_HEX', 'Permission.operations: not a hex string', 'Permission.operations');
      expectCoded(
        () => read(TransferAssetContractSchema, { asset_name: '313' }),
        'BAD_HEX',
        'TransferAssetContract.asset_name: hex has an odd number of digits (3)',
      );
    });

    it('a bad address is BAD_ADDRESS and names the field', () => {
      expectCoded(
        () => read(TransferContractSchema, { owner_address: B58.slice(0, 33) + 'q' }),
        'BAD_ADDRESS',
        'TransferContract.owner_address: Base58 checksum does not match (a mistyped character?)',
        'TransferContract.owner_address',
      );
      expectCoded(
        () => read(TransferContractSchema, { to_address: HEX.slice(0, 40) }),
        'BAD_ADDRESS',
        'TransferContract.to_address: an address is 21 bytes, got 20',
      );
    });
  });

  describe('enums', () => {
    it('a name or a number is accepted', () => {
      expect(read(PermissionSchema, { type: 'Active' })).toMatchObject({ type: PermissionType.Active });
      expect(read(PermissionSchema, { type: 2 })).toMatchObject({ type: PermissionType.Active });
    });

    it('an all-lowercase name is capitalised, as the node does ("active" → Active)', () => {
      expect(read(PermissionSchema, { type: 'active' })).toMatchObject({ type: PermissionType.Active });
      expect(read(PermissionSchema, { type: 'executive' })).toMatchObject({ type: PermissionType.Executive });
    });

    it('any other spelling is refused, listing the names', () => {
      expectCoded(() => read(PermissionSchema, { type: 'ACTIVE' }), 'BAD_JSON', 'Permission.type: "ACTIVE" is not one of Owner, Executive, Active');
      expectCoded(() => read(PermissionSchema, { type: 'Boss' }), 'BAD_JSON', 'Permission.type: "Boss" is not one of Owner, Executive, Active');
    });

    it('a number that is not a value is refused', () => {
      expectCoded(() => read(PermissionSchema, { type: 9 }), 'BAD_JSON', 'Permission.type: 9 is not a value of PermissionType');
    });

    it('another type is refused', () => {
      expectCoded(() => read(PermissionSchema, { type: true }), 'BAD_JSON', 'Permission.type: expected an enum name or number, got a boolean');
    });
  });

  describe('lists and maps', () => {
    it('a list field refuses an object', () => {
      expectCoded(() => read(PermissionSchema, { keys: {} }), 'BAD_JSON', 'Permission.keys: expected a list, got an object');
    });

    it('a map must be a list of {key, value}', () => {
      expectCoded(() => read(AccountSchema, { assetV2: { a: 1 } }), 'BAD_JSON', 'Account.assetV2: expected a list of {key, value}, got an object');
      expectCoded(() => read(AccountSchema, { assetV2: [{ value: 1 }] }), 'BAD_JSON', 'Account.assetV2[0]: expected {key, value}');
      expectCoded(
        () => read(AccountSchema, { assetV2: [{ key: 'a', value: 'x' }] }),
        'BAD_JSON',
        'Account.assetV2[0].value: expected an integer, got a string',
      );
    });
  });

  describe('Any', () => {
    const url = 'type.googleapis.com/protocol.TransferContract';

    it('an extra key next to value and type_url is refused', () => {
      expectCoded(
        () => read(Transaction_rawSchema, { contract: [{ parameter: { value: {}, type_url: url, x: 1 } }] }),
        'BAD_JSON',
        'raw.contract[0].parameter.x: unknown field',
      );
    });

    it('a missing type_url is refused', () => {
      expectCoded(
        () => read(Transaction_rawSchema, { contract: [{ parameter: { value: {} } }] }),
        'BAD_JSON',
        'raw.contract[0].parameter.type_url: expected a string, got a undefined',
      );
    });

    it('a contract Airlock cannot show is UNSUPPORTED_CONTRACT', () => {
      expectCoded(
        () => read(Transaction_rawSchema, { contract: [{ parameter: { value: {}, type_url: 'type.googleapis.com/protocol.CustomContract' } }] }),
        'UNSUPPORTED_CONTRACT',
        'raw.contract[0].parameter.type_url: CustomContract is not a contract Airlock can build or show',
        'raw.contract[0].parameter.type_url',
      );
    });

    it('a type_url without the protocol. package names no contract (Any.is compares the full name)', () => {
      expectCoded(
        () => read(Transaction_rawSchema, { contract: [{ parameter: { value: {}, type_url: 'type.googleapis.com/TransferContract' } }] }),
        'UNSUPPORTED_CONTRACT',
        'raw.contract[0].parameter.type_url: "type.googleapis.com/TransferContract" is not a contract Airlock can build or show',
        'raw.contract[0].parameter.type_url',
      );
    });
  });
});

describe('reading visible JSON', () => {
  it('addresses are accepted in either form whatever visible says', () => {
    for (const visible of [false, true]) {
      const m = read(TransferContractSchema, { owner_address: B58, to_address: TO_HEX }, visible) as unknown as {
        ownerAddress: Uint8Array;
        toAddress: Uint8Array;
      };
      expect(bytesToHex(m.ownerAddress)).toBe(HEX);
      expect(bytesToHex(m.toAddress)).toBe(TO_HEX);
    }
  });

  it('names are UTF-8 text when visible and hex otherwise', () => {
    const asText = read(TransferAssetContractSchema, { asset_name: '1000001' }, true) as unknown as { assetName: Uint8Array };
    const asHex = read(TransferAssetContractSchema, { asset_name: '31303030303031' }, false) as unknown as { assetName: Uint8Array };
    expect(bytesToHex(asText.assetName)).toBe('31303030303031');
    expect(bytesToHex(asHex.assetName)).toBe('31303030303031');
  });

  it('AssetIssueContract text fields round-trip visible', () => {
    const json = {
      owner_address: B58,
      name: 'AIR',
      abbr: 'A',
      total_supply: 1000,
      cded_supply: [{ cded_amount: 10, cded_days: 2 }],
      coin_num: 1,
      num: 1,
      description: 'a token',
      url: 'https://example.org',
    };
    expect(stringifyJson(roundTrip(AssetIssueContractSchema, json, true))).toBe(stringifyJson(json));
  });

  it('operations are hex even when visible', () => {
    expectCoded(() => read(PermissionSchema, { operations: 'allx' }, true), 'BAD_HEX', 'Permission.operations: not a hex string');
  });
});

describe('lenient reading (issue 6: replies from real nodes)', () => {
  // A getaccount reply shaped like a real node's: many fields our Account message does not model.
  const realAccount = {
    address: HEX,
    balance: 1_500_000,
    create_time: 1_700_000_000_000,
    latest_opration_time: 1_700_000_100_000,
    free_net_usage: 270,
    account_resource: { energy_window_size: 28800, latest_consume_time_for_energy: 1 },
    owner_permission: { permission_name: 'owner', threshold: 1, keys: [{ address: HEX, weight: 1 }], some_future_field: true },
    active_permission: [
      {
        type: 'Active',
        id: 2,
        permission_name: 'active',
        threshold: 1,
        operations: '7fff1fc0033e0000000000000000000000000000000000000000000000000000',
        keys: [{ address: TO_HEX, weight: 1, note: 'x' }],
      },
    ],
    assetV2: [{ key: '1000001', value: 7 }],
    frozenV2: [{}, { type: 'ENERGY' }],
  };

  it('strict stays the default: the first unknown key is refused with its path', () => {
    expect(() => messageFromNodeJson(AccountSchema, realAccount)).toThrow(/Account\.latest_opration_time: unknown field/);
  });

  it('lenient skips unknown keys at every depth and keeps every known one', () => {
    const account = messageFromNodeJson(AccountSchema, realAccount, { lenient: true }) as unknown as {
      balance: bigint;
      createTime: bigint;
      ownerPermission: { keys: { weight: bigint }[] };
      activePermission: { id: number; keys: unknown[] }[];
      assetV2: Record<string, bigint>;
    };
    expect(account.balance).toBe(1_500_000n);
    expect(account.createTime).toBe(1_700_000_000_000n);
    expect(account.ownerPermission.keys[0]!.weight).toBe(1n);
    expect(account.activePermission[0]!.id).toBe(2);
    expect(account.activePermission[0]!.keys).toHaveLength(1);
    expect(account.assetV2).toEqual({ '1000001': 7n });
    // What it read is exactly what the same reply without the extra keys reads to.
    const { latest_opration_time: _a, free_net_usage: _b, account_resource: _c, frozenV2: _d, ...modelled } = realAccount;
    const clean = {
      ...modelled,
      owner_permission: { permission_name: 'owner', threshold: 1, keys: [{ address: HEX, weight: 1 }] },
      active_permission: [{ ...realAccount.active_permission[0], keys: [{ address: TO_HEX, weight: 1 }] }],
    };
    expect(messageToNodeJson(AccountSchema, account as never)).toEqual(messageToNodeJson(AccountSchema, messageFromNodeJson(AccountSchema, clean)));
  });

  it('lenient skips unknown keys beside an Any too', () => {
    const raw = {
      contract: [
        {
          parameter: { value: { owner_address: HEX, to_address: TO_HEX, amount: 1 }, type_url: 'type.googleapis.com/protocol.TransferContract', extra: 1 },
          type: 'TransferContract',
        },
      ],
      ref_block_bytes: '0001',
      ref_block_hash: '0011223344556677',
      expiration: 1,
      timestamp: 1,
    };
    expect(() => messageFromNodeJson(Transaction_rawSchema, raw)).toThrow(/parameter\.extra: unknown field/);
    expect(() => messageFromNodeJson(Transaction_rawSchema, raw, { lenient: true })).not.toThrow();
  });

  it('lenient relaxes nothing else: a known field with a wrong type is still an error naming it', () => {
    expectCoded(
      () => messageFromNodeJson(AccountSchema, { ...realAccount, balance: 'lots' }, { lenient: true }),
      'BAD_JSON',
      'Account.balance: expected an integer, got a string',
      'Account.balance',
    );
    expectCoded(
      () => messageFromNodeJson(AccountSchema, { ...realAccount, owner_permission: { threshold: 1.5 } }, { lenient: true }),
      'BAD_JSON',
      'Account.owner_permission.threshold: expected an integer, got 1.5',
      'Account.owner_permission.threshold',
    );
  });

  it('a __proto__ key is an unknown field: refused strictly, skipped leniently, never merged into the result', () => {
    const json = parseJson(`{"balance": 5, "__proto__": {"balance": 9}}`) as Record<string, unknown>;
    expect(() => messageFromNodeJson(AccountSchema, json)).toThrow(/Account\.__proto__: unknown field/);
    const account = messageFromNodeJson(AccountSchema, json, { lenient: true }) as unknown as { balance: bigint };
    expect(account.balance).toBe(5n);
  });
});
