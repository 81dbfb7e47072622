// ABI encoding and strict decoding (abi.ts, abi-calls.ts): each TRC-20 function's call data checked
// against TronWeb's ABI coder (a second implementation, offline), dynamic types and tuples likewise,
// and each named outcome of strict decoding: truncated, trailing bytes, dirty address/bool/padding,
// out of range, non-canonical layout, too long, too many values, a selector collision, an unknown
// selector, and calldata megabytes long.
import { describe, expect, it } from 'vitest';
import { utils as tronUtils } from 'tronweb';
import { bytesToHex, concatBytes, hexToBytes } from '../base/bytes.ts';
import { AirlockError } from '../base/errors.ts';
import { MAX_ABI_DECODED_VALUES } from '../base/limits.ts';
import { addressFromBase58, addressToBase58 } from '../chain/address.ts';
import { decodeValues, encodeValues, type AbiValue } from './abi.ts';
import { abiFunction, abiFunctionsFromJson, parseTypeText, typeFrom } from './abi-types.ts';
import { TRC20, decodeCall, decodeResult, encodeCall } from './abi-calls.ts';

const A = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const B = 'TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY';
const ADDR_A = addressFromBase58(A);
const ADDR_B = addressFromBase58(B);
const evm = (b58: string): string => `0x${bytesToHex(addressFromBase58(b58)).slice(2)}`;

function tronweb(types: string[], values: unknown[]): string {
  return tronUtils.abi.encodeParams(types, values).slice(2);
}

function bad(f: () => unknown): AirlockError {
  try {
    f();
  } catch (e) {
    if (e instanceof AirlockError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

const MAX = (1n << 256n) - 1n;

describe('TRC-20 call data agrees with TronWeb', () => {
  const cases: Array<[keyof typeof TRC20, AbiValue[], unknown[]]> = [
    ['transfer', [ADDR_B, 1_500_000n], [B, 1_500_000n]],
    ['approve', [ADDR_B, MAX], [B, MAX]],
    ['transferFrom', [ADDR_A, ADDR_B, 7n], [A, B, 7n]],
    ['increaseAllowance', [ADDR_B, 10n ** 24n], [B, 10n ** 24n]],
    ['decreaseAllowance', [ADDR_B, 1n], [B, 1n]],
    ['balanceOf', [ADDR_A], [A]],
    ['decimals', [], []],
    ['symbol', [], []],
    ['name', [], []],
  ];
  for (const [name, ours, theirs] of cases) {
    it(`${name}: selector and arguments match TronWeb's, and decode back`, () => {
      const fn = TRC20[name];
      const data = encodeCall(fn, ours);
      const types = fn.inputs.map((p) => (p.type.kind === 'address' ? 'address' : 'uint256'));
      const selector = tronUtils.ethersUtils.keccak256(tronUtils.ethersUtils.toUtf8Bytes(fn.signature)).slice(2, 10);
      expect(bytesToHex(data)).toBe(selector + (types.length > 0 ? tronweb(types, theirs) : ''));
      const decoded = decodeCall(data);
      expect(decoded.outcome).toBe('decoded');
      if (decoded.outcome === 'decoded') {
        expect(decoded.fn.signature).toBe(fn.signature);
        expect(decoded.args).toEqual(ours);
      }
    });
  }

  it('the known selectors', () => {
    expect(Object.fromEntries(Object.entries(TRC20).map(([k, f]) => [k, f.selector]))).toEqual({
      transfer: 'a9059cbb',
      approve: '095ea7b3',
      transferFrom: '23b872dd',
      increaseAllowance: '39509351',
      decreaseAllowance: 'a457c2d7',
      name: '06fdde03',
      symbol: '95d89b41',
      decimals: '313ce567',
      balanceOf: '70a08231',
    });
  });

  it('a constant call result decodes (string, uint8) as TronWeb encodes it', () => {
    expect(decodeResult(TRC20.symbol, hexToBytes(tronweb(['string'], ['USDT'])))).toEqual(['USDT']);
    expect(decodeResult(TRC20.decimals, hexToBytes(tronweb(['uint8'], [6])))).toEqual([6n]);
    expect(bad(() => decodeResult(TRC20.decimals, hexToBytes(tronweb(['uint256'], [256n])))).details?.reason).toBe('out-of-range');
  });
});

describe('dynamic types and tuples agree with TronWeb', () => {
  it('string, bytes, int8, bytes3, uint256[] and (address,string)[]', () => {
    const fn = abiFunctionsFromJson([
      {
        type: 'function',
        name: 'f',
        inputs: [
          {
            name: 'pairs',
            type: 'tuple[]',
            components: [
              { name: 'who', type: 'address' },
              { name: 'memo', type: 'string' },
            ],
          },
          { name: 'blob', type: 'bytes' },
          { name: 'delta', type: 'int8' },
          { name: 'tag', type: 'bytes3' },
          { name: 'list', type: 'uint256[]' },
          { name: 'ok', type: 'bool' },
        ],
      },
    ])[0]!;
    expect(fn.signature).toBe('f((address,string)[],bytes,int8,bytes3,uint256[],bool)');
    const ours: AbiValue[] = [
      [
        [ADDR_A, 'hé'],
        [ADDR_B, ''],
      ],
      Uint8Array.of(1, 2, 3),
      -5n,
      Uint8Array.of(0xaa, 0xbb, 0xcc),
      [1n, 2n, MAX],
      true,
    ];
    const encoded = encodeValues(
      fn.inputs.map((p) => p.type),
      ours,
    );
    const theirs = tronweb(
      ['tuple(address,string)[]', 'bytes', 'int8', 'bytes3', 'uint256[]', 'bool'],
      [
        [
          [evm(A), 'hé'],
          [evm(B), ''],
        ],
        '0x010203',
        -5n,
        '0xaabbcc',
        [1n, 2n, MAX],
        true,
      ],
    );
    expect(bytesToHex(encoded)).toBe(theirs);
    expect(
      decodeValues(
        fn.inputs.map((p) => p.type),
        encoded,
      ),
    ).toEqual(ours);
    const back = decodeCall(concatBytes(hexToBytes(fn.selector), encoded), [fn]);
    expect(back.outcome).toBe('decoded');
  });
});

describe('strict decoding: each problem has its named outcome', () => {
  const transfer = encodeCall(TRC20.transfer, [ADDR_B, 1_000_000n]);
  const reasonOf = (data: Uint8Array, imported = [] as ReturnType<typeof abiFunctionsFromJson>): string => {
    const d = decodeCall(data, imported);
    return d.outcome === 'malformed' ? d.reason : d.outcome;
  };

  it('truncated: a byte short', () => expect(reasonOf(transfer.subarray(0, transfer.length - 1))).toBe('truncated'));
  it('trailing bytes: one zero word more, or one byte more', () => {
    expect(reasonOf(concatBytes(transfer, new Uint8Array(32)))).toBe('trailing-bytes');
    expect(reasonOf(concatBytes(transfer, Uint8Array.of(0)))).toBe('trailing-bytes');
  });
  it('dirty address: a non-zero byte above the 20 address bytes', () => {
    const d = transfer.slice();
    d[4 + 11] = 1;
    expect(reasonOf(d)).toBe('dirty-address');
  });
  it('dirty bool: 2 is not a bool', () => {
    expect(bad(() => decodeValues([parseTypeText('bool')], hexToBytes('00'.repeat(31) + '02'))).details?.reason).toBe('dirty-bool');
    expect(bad(() => decodeValues([parseTypeText('bool')], hexToBytes('01' + '00'.repeat(30) + '01'))).details?.reason).toBe('dirty-bool');
  });
  it('dirty padding after bytesN and after a string', () => {
    expect(bad(() => decodeValues([parseTypeText('bytes3')], hexToBytes('aabbcc' + '00'.repeat(28) + '01'))).details?.reason).toBe('dirty-padding');
    const s = hexToBytes(tronweb(['string'], ['hi']));
    s[s.length - 1] = 7;
    expect(bad(() => decodeValues([parseTypeText('string')], s)).details?.reason).toBe('dirty-padding');
  });
  it('out of range: a uint8 holding 256, an int8 not sign-extended', () => {
    expect(bad(() => decodeValues([parseTypeText('uint8')], hexToBytes('00'.repeat(30) + '0100'))).details?.reason).toBe('out-of-range');
    expect(bad(() => decodeValues([parseTypeText('int8')], hexToBytes('00'.repeat(31) + 'ff'))).details?.reason).toBe('out-of-range');
  });
  it('non-canonical: a string whose offset skips a word (same words, other bytes)', () => {
    const hex = '40'.padStart(64, '0') + '00'.repeat(32) + '02'.padStart(64, '0') + '6869'.padEnd(64, '0');
    expect(bad(() => decodeValues([parseTypeText('string')], hexToBytes(hex))).details?.reason).toBe('non-canonical');
  });
  it('bad offset: an offset past the end', () => {
    expect(bad(() => decodeValues([parseTypeText('string')], hexToBytes('ff'.padStart(64, '0')))).details?.reason).toBe('bad-offset');
  });
  it('too long: a list claiming 2^64 items is refused before anything is read', () => {
    const hex = '20'.padStart(64, '0') + '010000000000000000'.padStart(64, '0');
    expect(bad(() => decodeValues([parseTypeText('uint256[]')], hexToBytes(hex))).details?.reason).toBe('too-long');
  });
  it('too many values: lists whose offsets all point at one shared list cannot multiply the work', () => {
    // uint256[][]: 1,000 inner offsets all pointing at the same 1,000-item list (about 64 KiB of data, a million values).
    const n = 1000;
    const inner = (n * 32).toString(16).padStart(64, '0'); // each offset → just past the offset table
    const hex = '20'.padStart(64, '0') + n.toString(16).padStart(64, '0') + inner.repeat(n) + n.toString(16).padStart(64, '0') + '00'.repeat(32 * n);
    const e = bad(() => decodeValues([parseTypeText('uint256[][]')], hexToBytes(hex)));
    expect(e.details?.reason).toBe('too-many-values');
    expect(e.message).toContain(String(MAX_ABI_DECODED_VALUES));
  });
  it('a selector collision: two known signatures share a9059cbb, so the call is not shown as either', () => {
    const imported = [abiFunction('many_msg_babbage', [{ name: '', type: parseTypeText('bytes1') }])];
    expect(imported[0]!.selector).toBe(TRC20.transfer.selector);
    const d = decodeCall(transfer, imported);
    expect(d).toEqual({ outcome: 'selector-collision', selector: 'a9059cbb', signatures: ['transfer(address,uint256)', 'many_msg_babbage(bytes1)'] });
    // An imported ABI restating transfer itself is the same function, not a collision.
    expect(decodeCall(transfer, [TRC20.transfer]).outcome).toBe('decoded');
  });
  it('an unknown selector, no selector, empty data', () => {
    expect(decodeCall(hexToBytes('deadbeef'))).toEqual({ outcome: 'unknown-function', selector: 'deadbeef' });
    expect(decodeCall(hexToBytes('dead'))).toEqual({ outcome: 'no-selector', size: 2 });
    expect(decodeCall(new Uint8Array())).toEqual({ outcome: 'empty' });
  });
  it('calldata megabytes long is not read: too-large', () => {
    const huge = concatBytes(transfer, new Uint8Array(4 * 1024 * 1024));
    expect(decodeCall(huge)).toEqual({ outcome: 'too-large', size: huge.length });
  });
});

describe('imported ABI JSON is read strictly', () => {
  it('a __proto__ key is refused by name, and nothing is polluted', () => {
    const json = '[{"type":"function","name":"f","inputs":[{"name":"a","type":"uint256","__proto__":{"polluted":true}}]}]';
    const e = bad(() => abiFunctionsFromJson(json));
    expect(e.code).toBe('BAD_JSON');
    expect(e.message).toContain('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it('tuples nested 100 deep are refused as too deep, not a stack overflow', () => {
    let param: Record<string, unknown> = { name: 'x', type: 'uint256' };
    for (let i = 0; i < 100; i++) param = { name: 'x', type: 'tuple', components: [param] };
    const e = bad(() => abiFunctionsFromJson([{ type: 'function', name: 'f', inputs: [param] }]));
    expect(e.details?.reason).toBe('too-deep');
    expect(() => typeFrom('uint256' + '[]'.repeat(100), undefined, 'type')).toThrow(/nested more than/);
  });
  it("TRON's {entrys} form with capitalised types; events and constructors are read and left out", () => {
    const fns = abiFunctionsFromJson({
      entrys: [
        { type: 'Constructor', inputs: [{ name: 'supply', type: 'uint256' }] },
        { type: 'Event', name: 'Transfer', inputs: [{ name: 'from', type: 'address', indexed: true }] },
        {
          type: 'Function',
          name: 'transfer',
          inputs: [
            { name: 'to', type: 'address' },
            { name: 'v', type: 'uint256' },
          ],
          stateMutability: 'Nonpayable',
        },
      ],
    });
    expect(fns.map((f) => f.signature)).toEqual(['transfer(address,uint256)']);
  });
  it('types it cannot decode byte for byte are refused, naming them', () => {
    expect(bad(() => parseTypeText('fixed128x18')).message).toContain('not an ABI type');
    expect(bad(() => parseTypeText('uint7')).message).toContain('multiple of 8');
    expect(bad(() => parseTypeText('bytes33')).message).toContain('1 to 32');
  });
  it('Base58 addresses come back from decoding', () => {
    const d = decodeCall(encodeCall(TRC20.transfer, [ADDR_A, 1n]));
    expect(d.outcome === 'decoded' && addressToBase58(d.args[0] as Uint8Array)).toBe(A);
  });
});

describe('an ABI file with two members of one name (issue 24)', () => {
  it('is refused, naming where: a second "inputs" could change the function a signer is shown', () => {
    const text = '[{"type": "function", "name": "transfer", "inputs": [{"name": "to", "type": "address"}],\n "inputs": []}]';
    expect(() => abiFunctionsFromJson(text)).toThrow(
      expect.objectContaining({ code: 'BAD_JSON', message: expect.stringContaining('two members of one name in one object (line 2, column 2)') }),
    );
  });
});
