// The one input layer (shared/chain/input.ts, docs/decisions.md §6 part 3) and the `__proto__` defect (docs/decisions.md §6 part
// 2): each check refuses with a coded error naming the field and never quotes text it refused; an
// own `__proto__` or `constructor` key is an unknown field at every JSON-reading boundary in
// shared/ and the genesis reader (the devnet's HTTP bodies and the CLI have their own tests in
// devnet-http-limits.test.ts and cli.test.ts). errors.ts: only coded errors are the user's fault.
import { isTokenIdText } from './ids.ts';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AccountSchema } from '../gen/protocol/core_pb.ts';
import { TransferContractSchema } from '../gen/protocol/contract_pb.ts';
import { AirlockError, toErrorData } from '../base/errors.ts';
import { addressInput, bytesInput, hexInput, int32Input, int64Input, noteInput, objectInput, textInput, tokenIdInput, within } from './input.ts';
import { parseJson } from '../base/json.ts';
import { messageFromNodeJson, messageToNodeJson } from './node-json.ts';
import { transactionFromNodeJson } from './transaction.ts';
import { DEFAULT_GENESIS_JSON, parseGenesis } from '../../devnet/genesis.ts';

const OWNER_HEX = '4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a';
const OWNER_B58 = 'TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLQ';
const RAW =
  '0a02d8ed22082e066c3259e756f540a090bcea89305a67080112630a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412320a154119e7e376e7c213b7e7e7e46cc70a5dd086daff2a1215412bd0c9fe079c8fca0e3352eb3d02839c371e5c4118c0843d70b2ccb8ea8930';
/** Something shaped like a private key, pasted where it does not belong. */
const SECRET = 'ab23' + 'cd'.repeat(30);

function errorOf(f: () => unknown): AirlockError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(AirlockError);
    return e as AirlockError;
  }
  throw new Error('expected an error');
}

function expectRefused(f: () => unknown, code: string, message: string | RegExp, field: string): void {
  const e = errorOf(f);
  expect(e.code).toBe(code);
  if (typeof message === 'string') expect(e.message).toBe(message);
  else expect(e.message).toMatch(message);
  expect(e.details?.field).toBe(field);
}

describe('int64Input: number, decimal text or bigint, exact above 2^53', () => {
  it('reads all three forms exactly', () => {
    expect(int64Input(5, 'x')).toBe(5n);
    expect(int64Input('-9223372036854775808', 'x')).toBe(-(2n ** 63n));
    expect(int64Input('9007199254740993', 'x')).toBe(9007199254740993n);
    expect(int64Input(2n ** 63n - 1n, 'x')).toBe(2n ** 63n - 1n);
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (n) => {
        expect(int64Input(n.toString(), 'x')).toBe(n);
      }),
    );
  });

  it('refuses, naming the field', () => {
    expectRefused(() => int64Input(1.5, 'amount'), 'INVALID_INPUT', 'amount: expected an integer, got 1.5', 'amount');
    expectRefused(() => int64Input(2 ** 53, 'amount'), 'INVALID_INPUT', /^amount: 9007199254740992 cannot be read exactly/, 'amount');
    expectRefused(() => int64Input(2n ** 63n, 'amount'), 'INVALID_INPUT', 'amount: 9223372036854775808 is outside the int64 range', 'amount');
    expectRefused(() => int64Input('9223372036854775808', 'amount'), 'INVALID_INPUT', /outside the int64 range/, 'amount');
    expectRefused(() => int64Input(5n, 'fee', { min: 10n }), 'INVALID_INPUT', 'fee: 5 is outside 10..9223372036854775807', 'fee');
    for (const bad of [' 1', '1e3', '0x10', '+1', '', '1.0', null, undefined, {}, []]) {
      expect(errorOf(() => int64Input(bad, 'amount')).details).toEqual({ field: 'amount' });
    }
  });

  it('never quotes text it refuses (a pasted key stays out of the message)', () => {
    expect(errorOf(() => int64Input(SECRET, 'amount')).message).not.toContain('ab23');
  });
});

describe('int32Input', () => {
  it('holds to 32 bits or the given range', () => {
    expect(int32Input(-(2 ** 31), 'n')).toBe(-(2 ** 31));
    expect(int32Input(7n, 'n')).toBe(7);
    expect(int32Input('2147483647', 'n')).toBe(2 ** 31 - 1);
    expectRefused(() => int32Input(2 ** 31, 'n'), 'INVALID_INPUT', 'n: 2147483648 is outside the int32 range', 'n');
    expectRefused(() => int32Input(-1, 'id', { min: 0 }), 'INVALID_INPUT', 'id: -1 is outside 0..2147483647', 'id');
  });
});

describe('hex, bytes, text, address', () => {
  it('hexInput: BAD_HEX for bad digits or the wrong length, INVALID_INPUT for a non-string', () => {
    expect(hexInput('0xABcd', 'h')).toEqual(Uint8Array.of(0xab, 0xcd));
    expectRefused(() => hexInput('abc', 'h'), 'BAD_HEX', /^h: hex has an odd number of digits/, 'h');
    expectRefused(() => hexInput('abcd', 'txID', 32), 'BAD_HEX', 'txID: expected 32 bytes, got 2', 'txID');
    expectRefused(() => hexInput(5, 'h'), 'INVALID_INPUT', 'h: must be hex text, got a number', 'h');
  });

  it('bytesInput copies bytes and reads hex', () => {
    const b = Uint8Array.of(1, 2);
    const copy = bytesInput(b, 'b');
    expect(copy).toEqual(b);
    expect(copy).not.toBe(b);
    expect(bytesInput('0102', 'b')).toEqual(b);
    expectRefused(() => bytesInput(b, 'b', 3), 'INVALID_INPUT', 'b: expected 3 bytes, got 2', 'b');
  });

  it('textInput takes text or bytes', () => {
    expect(textInput('é', 't')).toEqual(Uint8Array.of(0xc3, 0xa9));
    expectRefused(() => textInput(1, 't'), 'INVALID_INPUT', 't: must be text or bytes, got a number', 't');
  });

  it('addressInput: either written form; BAD_ADDRESS for text that does not parse', () => {
    expect(addressInput(OWNER_B58, 'owner')).toEqual(addressInput(OWNER_HEX, 'owner'));
    expectRefused(() => addressInput('TNotAnAddress', 'owner'), 'BAD_ADDRESS', /^owner: /, 'owner');
    expectRefused(() => addressInput(7, 'owner'), 'INVALID_INPUT', /^owner: must be an address/, 'owner');
  });
});

describe('tokenIdInput: the exact decimal text of a positive int64', () => {
  it('accepts text, numbers and bigints, giving canonical text', () => {
    expect(tokenIdInput('1000001', 't')).toBe('1000001');
    expect(tokenIdInput(1000001, 't')).toBe('1000001');
    expect(tokenIdInput(9223372036854775807n, 't')).toBe('9223372036854775807');
    expect(isTokenIdText('9223372036854775808')).toBe(false);
    expect(isTokenIdText('01')).toBe(false);
  });

  it('refuses anything else, quoting at most a short cut prefix', () => {
    for (const bad of ['01000001', '-1', '1 ', '1e6', '9223372036854775808', '0']) {
      expect(errorOf(() => tokenIdInput(bad, 'tokenId')).details).toEqual({ field: 'tokenId' });
    }
    expect(errorOf(() => tokenIdInput(SECRET, 'tokenId')).message).not.toContain(SECRET.slice(0, 8));
  });
});

describe('objectInput: known keys only, read through a null prototype', () => {
  it('returns the keys, refuses an unknown one naming it and listing the known', () => {
    const o = objectInput({ a: 1 }, 'input', ['a', 'b']);
    expect(o.a).toBe(1);
    expect(o.b).toBeUndefined();
    expect(Object.getPrototypeOf(o)).toBeNull();
    expectRefused(() => objectInput({ c: 1 }, 'input', ['a', 'b']), 'INVALID_INPUT', 'input.c: unknown field (known: a, b)', 'input.c');
    expectRefused(() => objectInput([], 'input', ['a']), 'INVALID_INPUT', 'input: expected an object, got a list', 'input');
    expectRefused(() => objectInput({ c: 1 }, 'transaction', ['a'], { code: 'BAD_JSON' }), 'BAD_JSON', /unknown field/, 'transaction.c');
  });

  it('__proto__ and constructor are unknown keys like any other', () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const json = parseJson(`{"a": 1, "${key}": {"b": 2}}`);
      expectRefused(() => objectInput(json, 'input', ['a', 'b']), 'INVALID_INPUT', `input.${key}: unknown field (known: a, b)`, `input.${key}`);
    }
  });

  it('within() names the function in front of the field, keeping details', () => {
    expectRefused(() => within('buildX', () => int64Input('x', 'amount')), 'INVALID_INPUT', /^buildX: amount: /, 'amount');
  });
});

describe('__proto__ at the JSON-reading boundaries of shared/ and the genesis file', () => {
  it('node JSON: a __proto__ or constructor key in a message is an unknown field', () => {
    for (const key of ['__proto__', 'constructor']) {
      const json = parseJson(`{"owner_address": "${OWNER_HEX}", "${key}": {"amount": 5}}`);
      expectRefused(
        () => messageFromNodeJson(TransferContractSchema, json),
        'BAD_JSON',
        new RegExp(`^TransferContract\\.${key}: unknown field`),
        `TransferContract.${key}`,
      );
    }
  });

  it('node JSON: a map entry keyed "__proto__" stays an entry, not the map\'s prototype', () => {
    const json = parseJson('{"asset": [{"key": "__proto__", "value": 5}, {"key": "1000001", "value": 7}]}');
    const account = messageFromNodeJson(AccountSchema, json);
    expect(messageToNodeJson(AccountSchema, account)).toEqual({
      asset: [
        { key: '1000001', value: 7n },
        { key: '__proto__', value: 5n },
      ],
    });
  });

  it('transaction JSON: a __proto__ key is refused, not applied', () => {
    const json = parseJson(`{"raw_data_hex": "${RAW}", "__proto__": {"signature": ["00"]}}`);
    expectRefused(() => transactionFromNodeJson(json), 'BAD_JSON', /^transaction\.__proto__: unknown field/, 'transaction.__proto__');
  });

  it('genesis: "constructor" or "__proto__" is an unknown parameter, not an inherited one', () => {
    for (const key of ['constructor', '__proto__', 'toString']) {
      const json = parseJson(JSON.stringify({ ...DEFAULT_GENESIS_JSON, parameters: {} }).replace('"parameters":{}', `"parameters":{"${key}":1}`));
      expectRefused(() => parseGenesis(json), 'INVALID_INPUT', new RegExp(`^genesis\\.parameters\\.${key}: unknown field`), `genesis.parameters.${key}`);
    }
  });

  it("genesis: an engine TypeError is internal, never reported as the genesis's bad input (issue 6)", () => {
    // A hostile object (a getter that throws) stands in for a bug below the genesis reader.
    const owner = Object.defineProperty({}, 'threshold', {
      enumerable: true,
      get: () => {
        throw new TypeError('engine failure');
      },
    });
    const json = { ...DEFAULT_GENESIS_JSON, accounts: [{ ...DEFAULT_GENESIS_JSON.accounts[0], owner_permission: owner }] };
    expect(() => parseGenesis(json)).toThrow(TypeError);
  });

  it('genesis: a __proto__ key in an account or at the top is an unknown field', () => {
    const top = parseJson(JSON.stringify(DEFAULT_GENESIS_JSON).replace('{', '{"__proto__":{"timestamp":1},'));
    expectRefused(() => parseGenesis(top), 'INVALID_INPUT', /^genesis\.__proto__: unknown field/, 'genesis.__proto__');
  });
});

describe("toErrorData: only coded errors are the caller's bad input", () => {
  it('an AirlockError keeps its code, message and details', () => {
    expect(toErrorData(new AirlockError('BAD_HEX', 'h: bad', { field: 'h' }))).toEqual({ code: 'BAD_HEX', message: 'h: bad', details: { field: 'h' } });
  });

  it('an engine TypeError or RangeError is INTERNAL and its message (which may quote input) is not passed on', () => {
    let engine: unknown;
    try {
      engine = (JSON.parse(`{"${SECRET}": null}`) as Record<string, { x: number }>)[SECRET]!.x;
    } catch (e) {
      engine = e;
    }
    expect(engine).toBeInstanceOf(TypeError);
    const data = toErrorData(engine);
    expect(data.code).toBe('INTERNAL');
    expect(data.message).not.toContain('ab23');
    expect(toErrorData(new RangeError(`bad ${SECRET}`))).toMatchObject({ code: 'INTERNAL' });
    expect(toErrorData(new RangeError(`bad ${SECRET}`)).message).not.toContain('ab23');
    expect(toErrorData('thrown text ' + SECRET).message).not.toContain('ab23');
  });
});

describe('noteInput: a note travels in handoff files', () => {
  it('keeps ordinary text, refuses too long, and refuses a run of 64 hex digits without quoting it', () => {
    expect(noteInput('rent for May, ref 6fa2156ab708', 'note')).toBe('rent for May, ref 6fa2156ab708');
    expectRefused(() => noteInput('x'.repeat(2001), 'note'), 'INVALID_INPUT', 'note: longer than 2000 characters', 'note');
    const key = 'c0ffee00'.repeat(8);
    for (const text of [key, `pay ${key} now`, `0x${key.toUpperCase()}`]) {
      expectRefused(() => noteInput(text, 'note'), 'INVALID_INPUT', /^note: holds 64 hex digits in a row, which may be a private key/, 'note');
      try {
        noteInput(text, 'note');
      } catch (e) {
        expect((e as Error).message).not.toContain('c0ffee');
      }
    }
    expectRefused(() => noteInput(5, 'note'), 'INVALID_INPUT', 'note: must be text, got a number', 'note');
  });

  it('refuses what a handoff file would refuse (issue 16: a note with U+202E was built, then could never be exported); tab and newline stay', () => {
    expect(noteInput('line one\n\tline two', 'note')).toBe('line one\n\tline two');
    expectRefused(() => noteInput('pay \u202Eevil', 'note'), 'INVALID_INPUT', /^note: holds a control or bidirectional-override character \(U\+202E\)/, 'note');
    expectRefused(() => noteInput('bell\u0007', 'note'), 'INVALID_INPUT', /\(U\+0007\)/, 'note');
    expectRefused(() => noteInput('zero\u200Bwidth', 'note'), 'INVALID_INPUT', /\(U\+200B\)/, 'note');
  });
});
