/**
 * `airlock tx encode` and `airlock tx inspect` (README "The command line"): JSON on stdout, errors
 * as {"error":{code,message,details}} on stderr with exit 1 for bad input, everything shown decoded
 * from the bytes, and every contract type of the reference node round trip (docs/decisions.md §17). Run in
 * process through test/helpers/cli-run-helpers.ts.
 */
import { describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { encodeRaw } from '../../shared/chain/transaction.ts';
import { Transaction_ContractSchema, Transaction_rawSchema, type Transaction_Contract_ContractType } from '../../shared/gen/protocol/core_pb.ts';
import { parseJson } from '../../shared/base/json.ts';
import { run } from '../../cli/main.ts';
import type { CliIo } from '../../cli/io.ts';
import {
  ADDR_11,
  ADDR_12,
  ADDR_21,
  KEY_11,
  EXPIRATION,
  BEFORE,
  AFTER,
  ASSET,
  assetRawData,
  TRANSFER,
  UTIL,
  cli,
  out,
  err,
  json,
} from '../helpers/cli-run-helpers.ts';

describe('tx encode', () => {
  it("raw_data in the node's shape → {txID, raw_data_hex, raw_data}, the exact vector bytes", async () => {
    const o = out(await cli(['tx', 'encode', 'tx.json'], { files: { 'tx.json': json({ raw_data: assetRawData(2) }) } }));
    expect(o.txID).toBe(ASSET.txID);
    expect(o.raw_data_hex).toBe(ASSET.raw_data_hex);
    expect(json(o.raw_data)).toBe(json(assetRawData(2)));
    expect(o.visible).toBe(false);
  });

  it('a bare raw_data object is accepted too', async () => {
    const o = out(await cli(['tx', 'encode', 'raw.json'], { files: { 'raw.json': json(assetRawData(2)) } }));
    expect(o.raw_data_hex).toBe(ASSET.raw_data_hex);
  });

  it('reads stdin for "-" and for no argument', async () => {
    for (const argv of [
      ['tx', 'encode', '-'],
      ['tx', 'encode'],
    ]) {
      const o = out(await cli(argv, { stdin: json({ raw_data: assetRawData(2) }) }));
      expect(o.txID).toBe(ASSET.txID);
    }
  });

  it('--visible writes Base58 addresses and the token id as text', async () => {
    const o = out(await cli(['tx', 'encode', '--visible'], { stdin: json({ raw_data: assetRawData(2) }) }));
    const value = (o.raw_data as ReturnType<typeof assetRawData>).contract[0]!.parameter.value;
    expect(value).toEqual({ asset_name: '1000001', owner_address: ADDR_11.base58, to_address: ADDR_21.base58, amount: 100 });
    expect(o.visible).toBe(true);
  });

  it('--visible output reads back (its visible key says how) to the same bytes', async () => {
    const first = (await cli(['tx', 'encode', '--visible'], { stdin: json({ raw_data: assetRawData(2) }) })).stdout;
    const o = out(await cli(['tx', 'encode'], { stdin: first }));
    expect(o.raw_data_hex).toBe(ASSET.raw_data_hex);
  });

  it('control and bidi characters in names are written as JSON escapes, and still read back the same (issue 6)', async () => {
    const name = 'ops\u202Eowner\u2066x\u200E\u061C\u0085';
    const raw = {
      ref_block_bytes: 'd8ed',
      ref_block_hash: '2e066c3259e756f5',
      expiration: EXPIRATION,
      contract: [
        {
          type: 'AccountPermissionUpdateContract',
          parameter: {
            value: {
              owner_address: ADDR_11.hex,
              owner: { type: 'Owner', permission_name: name, threshold: 1, keys: [{ address: ADDR_11.hex, weight: 1 }] },
              actives: [
                {
                  type: 'Active',
                  id: 2,
                  permission_name: 'a',
                  threshold: 1,
                  operations: '7fff1fc0033e0000000000000000000000000000000000000000000000000000',
                  keys: [{ address: ADDR_11.hex, weight: 1 }],
                },
              ],
            },
            type_url: 'type.googleapis.com/protocol.AccountPermissionUpdateContract',
          },
        },
      ],
      timestamp: 1651906586162,
    };
    const r = await cli(['tx', 'encode', '--visible'], { stdin: json({ raw_data: raw }) });
    for (const c of ['\u202E', '\u2066', '\u200E', '\u061C', '\u0085']) expect(r.stdout).not.toContain(c);
    expect(r.stdout).toContain('ops\\u202eowner\\u2066x\\u200e\\u061c\\u0085');
    const o = out(r);
    expect((o.raw_data as typeof raw).contract[0]!.parameter.value.owner.permission_name).toBe(name);
    expect(out(await cli(['tx', 'encode'], { stdin: r.stdout })).raw_data_hex).toBe(o.raw_data_hex);
  });

  it('a bare visible raw_data is read with --visible', async () => {
    const visibleRaw = assetRawData(2);
    visibleRaw.contract[0]!.parameter.value = { asset_name: '1000001', owner_address: ADDR_11.base58, to_address: ADDR_21.base58, amount: 100 };
    const o = out(await cli(['tx', 'encode', '--visible'], { stdin: json(visibleRaw) }));
    expect(o.raw_data_hex).toBe(ASSET.raw_data_hex);
  });

  it('int64 values above 2^53 are kept exactly, in and out', async () => {
    const raw = assetRawData(2);
    raw.contract[0]!.parameter.value.amount = 0; // replaced textually below
    const text = json({ raw_data: raw }).replace('"amount":0', '"amount":9223372036854775807');
    const r = await cli(['tx', 'encode'], { stdin: text });
    expect(r.stdout).toContain('"amount": 9223372036854775807\n');
    expect(r.stdout).toContain(/* the varint of 2^63-1 */ '20ffffffffffffffff7f');
  });

  it('a txID that is not the hash of the bytes is refused (exit 1)', async () => {
    const r = await cli(['tx', 'encode'], { stdin: json({ raw_data: assetRawData(2), txID: TRANSFER.txID }) });
    expect(err(r, 1)).toEqual({
      code: 'BAD_TRANSACTION',
      message: `txID is not the hash of raw_data (which is ${ASSET.txID})`,
      details: { field: 'transaction.txID' },
    });
  });

  it('bad JSON is BAD_JSON naming the source (exit 1)', async () => {
    const e = err(await cli(['tx', 'encode', 'tx.json'], { files: { 'tx.json': '{"raw_data":' } }), 1);
    expect(e.code).toBe('BAD_JSON');
    expect(e.message).toMatch(/^tx\.json: /);
    expect(err(await cli(['tx', 'encode'], { stdin: '' }), 1)).toMatchObject({
      code: 'BAD_JSON',
      message: 'stdin: not valid JSON: the text ends early, at line 1, column 1 (offset 0)',
    });
  });

  it('a JSON value that is not an object is refused', async () => {
    expect(err(await cli(['tx', 'encode'], { stdin: '[1]' }), 1)).toMatchObject({ code: 'BAD_JSON', message: 'transaction: expected a JSON object' });
  });

  it('an unknown field in raw_data is refused with its path', async () => {
    const raw = { ...assetRawData(2), memo: 'x' };
    const e = err(await cli(['tx', 'encode'], { stdin: json({ raw_data: raw }) }), 1);
    expect(e.code).toBe('BAD_JSON');
    expect(e.message).toMatch(/^raw_data\.memo: unknown field/);
    expect(e.details).toEqual({ field: 'raw_data.memo' });
  });

  it('a missing file is NOT_FOUND naming the path', async () => {
    expect(err(await cli(['tx', 'encode', 'nope.json']), 1)).toEqual({
      code: 'NOT_FOUND',
      message: 'input: no such file: nope.json',
      details: { path: 'nope.json' },
    });
  });

  it('input that is not UTF-8 is refused', async () => {
    let stderr = '';
    const io: CliIo = {
      readStdin: async () => new Uint8Array([0x7b, 0xff, 0x7d]),
      readFile: async () => new Uint8Array(),
      readSecretFile: async () => new Uint8Array(),
      stdout: () => undefined,
      stderr: (t) => void (stderr += t),
      now: () => BEFORE,
    };
    expect(await run(['tx', 'encode'], io)).toBe(1);
    expect(parseJson(stderr)).toEqual({ error: { code: 'BAD_JSON', message: 'stdin: not UTF-8 text', details: {} } });
  });
});

describe('tx inspect: everything from the bytes', () => {
  it('the UtilTest vector: contract, owner, times, and its signature recovered to the recipient', async () => {
    const o = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: UTIL.raw_data_hex, signature: [UTIL.signature] }), now: AFTER }));
    const owner = { hex: '41c076305e35aea1fe45a772fcaaab8a36e87bdb55', base58: 'TTWrKoTTHnqV3E5KvEHuFk9CwxVs9UN21G' };
    const to = { hex: '415624c12e308b03a1a6b21d9b86e3942fac1ab92b', base58: 'THph9K2M2nLvkianrMGswRhz5hjSA9fuH7' };
    expect(o).toMatchObject({
      txID: UTIL.txID,
      kind: 'TransferContract',
      title: 'Transfer',
      summary: `Send 0.00001 TRX from ${owner.base58} to ${to.base58}`,
      permissionId: 0,
      owner,
      contract: { contract: 'TransferContract', owner, to, amount: '10', amountCoin: '0.00001' },
      rawDataHex: UTIL.raw_data_hex,
      expiration: { ms: '1651906644000', iso: '2022-05-07T06:57:24.000Z', expired: true, msLeft: '-1' },
      timestamp: { ms: '1651906586162', iso: '2022-05-07T06:56:26.162Z' },
      signatures: [{ index: 0, signer: to, error: null }],
    });
    expect((o.raw_data as { contract: unknown[] }).contract).toHaveLength(1);
  });

  it('expired is decided against now: false before the expiration, true at it', async () => {
    const input = json({ raw_data_hex: UTIL.raw_data_hex });
    expect(out(await cli(['tx', 'inspect'], { stdin: input, now: BEFORE })).expiration).toMatchObject({ expired: false, msLeft: String(EXPIRATION - BEFORE) });
    expect(out(await cli(['tx', 'inspect'], { stdin: input, now: EXPIRATION })).expiration).toMatchObject({ expired: true, msLeft: '0' });
  });

  it('both signatures of the Permission_id 2 vector, and permission_id 2', async () => {
    const o = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: ASSET.raw_data_hex, signature: ASSET.signatures }) }));
    expect(o.permissionId).toBe(2);
    expect(o.signatures).toEqual([
      { index: 0, signer: ADDR_11, error: null },
      { index: 1, signer: ADDR_12, error: null },
    ]);
  });

  it("a bad signature is reported with the node's code and message, the others still recovered", async () => {
    const sig = ASSET.signatures[0]!;
    const v8 = sig.slice(0, 128) + '08';
    const o = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: ASSET.raw_data_hex, signature: [sig.slice(0, 128), v8, ASSET.signatures[1]] }) }));
    expect(o.signatures).toEqual([
      { index: 0, signer: null, error: { code: 'SIGNATURE_FORMAT', message: 'Signature size is 64' } },
      { index: 1, signer: null, error: { code: 'COMPUTE_ADDRESS', message: 'Header byte out of range: 35' } },
      { index: 2, signer: ADDR_12, error: null },
    ]);
  });

  it('thousands of signatures are refused as "too many signatures" before any is recovered (issue 6)', async () => {
    // The first is malformed: had any been recovered, inspect would list it as SIGNATURE_FORMAT.
    const signature = [ASSET.signatures[0]!.slice(0, 128), ...Array.from({ length: 2_999 }, () => ASSET.signatures[1]!)];
    const e = err(await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: ASSET.raw_data_hex, signature }) }), 1);
    expect(e).toEqual({ code: 'PERMISSION', message: 'too many signatures', details: { field: 'signature', count: 3_000, max: 5 } });
    // Five, the most a permission holds, are still shown.
    const five = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: ASSET.raw_data_hex, signature: signature.slice(0, 5) }) }));
    expect((five.signatures as unknown[]).length).toBe(5);
  });

  it('raw_data is written from the bytes (raw_data_hex alone is enough)', async () => {
    const o = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: ASSET.raw_data_hex }) }));
    expect(json(o.raw_data)).toBe(json(assetRawData(2)));
    expect(o.signatures).toEqual([]);
  });

  it('a raw_data that says something else than raw_data_hex is refused', async () => {
    const raw = assetRawData(2);
    raw.contract[0]!.parameter.value.amount = 1_000_000;
    const r = await cli(['tx', 'inspect'], { stdin: json({ raw_data: raw, raw_data_hex: ASSET.raw_data_hex }) });
    expect(err(r, 1)).toMatchObject({
      code: 'BAD_TRANSACTION',
      message: 'raw_data does not match raw_data_hex: the readable part says something other than the signed bytes',
    });
  });

  it('a __proto__ or constructor key is an unknown field, in the transaction JSON and in a bare raw_data (issue 6)', async () => {
    for (const key of ['__proto__', 'constructor']) {
      const wrapped = `{"${key}": {"signature": []}, "raw_data_hex": "${ASSET.raw_data_hex}"}`;
      expect(err(await cli(['tx', 'inspect'], { stdin: wrapped }), 1)).toMatchObject({ code: 'BAD_JSON', details: { field: `transaction.${key}` } });
      const bare = json(assetRawData(2)).replace('{', `{"${key}": {"raw_data_hex": "00"}, `);
      expect(err(await cli(['tx', 'encode'], { stdin: bare }), 1)).toMatchObject({ code: 'BAD_JSON', details: { field: `raw_data.${key}` } });
    }
  });

  it('bytes Airlock cannot show are refused (unknown field)', async () => {
    const r = await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: ASSET.raw_data_hex + '980601' }) });
    expect(err(r, 1).code).toBe('UNKNOWN_FIELD');
  });

  it('--visible shows Base58 and text in raw_data; the view has both forms either way', async () => {
    const o = out(await cli(['tx', 'inspect', '--visible'], { stdin: json({ raw_data_hex: ASSET.raw_data_hex }) }));
    const value = (o.raw_data as ReturnType<typeof assetRawData>).contract[0]!.parameter.value;
    expect(value).toEqual({ asset_name: '1000001', owner_address: ADDR_11.base58, to_address: ADDR_21.base58, amount: 100 });
    expect(o.contract).toMatchObject({
      contract: 'TransferAssetContract',
      owner: ADDR_11,
      to: ADDR_21,
      tokenId: '1000001',
      amount: '100',
      token: null,
      amountTokens: null,
    });
  });

  it('an expiration beyond what a Date can hold has iso null', async () => {
    const raw = assetRawData(2);
    const text = json({ raw_data: raw }).replace(`"expiration":${EXPIRATION}`, '"expiration":9223372036854775807');
    const o = out(await cli(['tx', 'inspect'], { stdin: text }));
    expect(o.expiration).toEqual({ ms: '9223372036854775807', iso: null, expired: false, msLeft: (9223372036854775807n - BigInt(BEFORE)).toString() });
  });
});

describe('tx inspect: a contract of a type this version does not know (issue 17)', () => {
  // Type 77 under a URL nothing names, its value a future contract's: owner (field 1) then an int64.
  const FUTURE_URL = 'type.googleapis.com/protocol.FutureContract';
  const owner = hexToBytes(ADDR_11.hex);
  const value = Uint8Array.from([0x0a, 0x15, ...owner, 0x10, 0xd2, 0x09]);
  const raw = create(Transaction_rawSchema, {
    refBlockBytes: hexToBytes('01f4'),
    refBlockHash: hexToBytes('0000000000000abc'),
    expiration: BigInt(EXPIRATION),
    timestamp: BigInt(EXPIRATION - 60_000),
    contract: [create(Transaction_ContractSchema, { type: 77 as Transaction_Contract_ContractType, parameter: { typeUrl: FUTURE_URL, value } })],
  });
  const rawHex = bytesToHex(encodeRaw(raw));

  it('is shown from raw_data_hex as unknown, with its type, URL, size, owner and warning, and no readable raw_data', async () => {
    const o = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: rawHex }), now: BEFORE }));
    expect(o).toMatchObject({
      kind: 'UnknownContract',
      title: 'Unknown contract type',
      owner: ADDR_11,
      contract: { contract: 'UnknownContract', typeId: 77, typeUrl: FUTURE_URL, size: value.length },
      rawDataHex: rawHex,
      raw_data: null,
    });
    expect(o.warnings).toEqual([expect.objectContaining({ risk: 'unknown-contract-type', needsOverride: true })]);
  });

  it('tx sign refuses it in words: this tool names no risk', async () => {
    const e = err(await cli(['tx', 'sign', '--key-file', 'k'], { stdin: json({ raw_data_hex: rawHex }), files: { k: `${KEY_11}\n` }, now: BEFORE }), 1);
    expect(e).toMatchObject({ code: 'UNSUPPORTED_CONTRACT' });
    expect(e.message).toMatch(/^raw_data\.contract\[0\]\.type: contract type 77 .*so it will not sign it$/);
  });

  it('a known type whose bytes do not decode is still refused', async () => {
    const broken = create(Transaction_rawSchema, {
      ...raw,
      contract: [
        create(Transaction_ContractSchema, {
          type: 1,
          parameter: { typeUrl: 'type.googleapis.com/protocol.TransferContract', value: Uint8Array.from([0xff]) },
        }),
      ],
    });
    const r = await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: bytesToHex(encodeRaw(broken)) }), now: BEFORE });
    expect(r.code).toBe(1);
  });
});

describe('tx encode and inspect: every contract type of the reference node (issue 17)', () => {
  const header = { ref_block_bytes: 'd8ed', ref_block_hash: '2e066c3259e756f5', expiration: EXPIRATION, timestamp: BEFORE };
  const raw = (type: string, value: Record<string, unknown>) => ({ ...header, contract: [{ type, parameter: { value }, Permission_id: 2 }] });

  it('a vote written with java-tron names is encoded, and inspect shows each vote in words', async () => {
    const vote = raw('VoteWitnessContract', {
      owner_address: ADDR_11.hex,
      votes: [
        { vote_address: ADDR_12.hex, vote_count: 1_000 },
        { vote_address: ADDR_21.base58, vote_count: 7 },
      ],
    });
    const encoded = out(await cli(['tx', 'encode'], { stdin: json(vote) }));
    const o = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: encoded.raw_data_hex }), now: BEFORE }));
    expect(o).toMatchObject({
      txID: encoded.txID,
      kind: 'VoteWitnessContract',
      kindId: 4,
      title: 'Vote for executives',
      permissionId: 2,
      contract: { contract: 'VoteWitnessContract' },
    });
    expect(o.summary).toBe(`Vote as ${ADDR_11.base58}, replacing earlier votes: 1,000 for ${ADDR_12.base58}, 7 for ${ADDR_21.base58} (1,007 votes in all)`);
    expect(o.fields).toContainEqual({ field: 'votes[1].vote_address', name: 'Vote 2: executive', value: ADDR_21.base58, address: ADDR_21 });
  });

  it('a delegation of energy and a contract call: resource by name, TRX with sun, selector and words', async () => {
    const delegate = raw('DelegateResourceContract', {
      owner_address: ADDR_11.hex,
      resource: 'ENERGY',
      balance: 2_500_000,
      receiver_address: ADDR_12.hex,
      lock: true,
      lock_period: 1_200,
    });
    const o = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data: delegate }), now: BEFORE }));
    expect(o.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'resource', value: 'ENERGY' }),
        expect.objectContaining({ field: 'balance', value: '2.5 TRX = 2,500,000 sun' }),
        expect.objectContaining({ field: 'lock_period', value: '1,200 blocks (about 1 hour)' }),
      ]),
    );
    const call = raw('TriggerSmartContract', { owner_address: ADDR_11.hex, contract_address: ADDR_21.hex, data: 'a9059cbb' + '00'.repeat(64) });
    const c = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data: call }), now: BEFORE }));
    expect(c).toMatchObject({ kind: 'TriggerSmartContract', title: 'Contract call' });
    // transfer(address,uint256) is a TRC-20 function the station names; another selector is shown raw.
    expect(c.fields).toContainEqual(
      expect.objectContaining({ field: 'data[0..4]', name: 'Function', value: expect.stringContaining('selector 0xa9059cbb; a TRC-20 function') }),
    );
    const other = raw('TriggerSmartContract', { owner_address: ADDR_11.hex, contract_address: ADDR_21.hex, data: 'deadbeef' + '00'.repeat(64) });
    const u = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data: other }), now: BEFORE }));
    expect(u.fields).toContainEqual(expect.objectContaining({ field: 'data[0..4]', name: 'Function selector', value: '0xdeadbeef (not decoded)' }));
    expect(u.fields).toContainEqual(expect.objectContaining({ field: 'data[36..68]', name: 'Word 2' }));
  });

  it('a type with no message (CustomContract): from bytes shown as unknown as the station shows it; by name from JSON refused', async () => {
    const value = hexToBytes(`0a15${ADDR_11.hex}`);
    const bytes = encodeRaw(
      create(Transaction_rawSchema, {
        refBlockBytes: hexToBytes('d8ed'),
        refBlockHash: hexToBytes('2e066c3259e756f5'),
        expiration: BigInt(EXPIRATION),
        contract: [create(Transaction_ContractSchema, { type: 20, parameter: { typeUrl: 'type.googleapis.com/protocol.CustomContract', value } })],
      }),
    );
    const shown = out(await cli(['tx', 'inspect'], { stdin: json({ raw_data_hex: bytesToHex(bytes) }) }));
    expect(shown).toMatchObject({ kind: 'UnknownContract', contract: { typeId: 20, size: 23 }, owner: ADDR_11, raw_data: null });
    expect(shown.summary).toBe(`Unknown contract type 20 (type.googleapis.com/protocol.CustomContract, 23 bytes) from ${ADDR_11.base58}`);
    const custom = raw('CustomContract', { owner_address: ADDR_11.hex });
    (custom.contract[0]!.parameter as Record<string, unknown>).type_url = 'type.googleapis.com/protocol.CustomContract';
    expect(err(await cli(['tx', 'inspect'], { stdin: json({ raw_data: custom }) }), 1)).toMatchObject({ code: 'UNSUPPORTED_CONTRACT' });
  });
});
