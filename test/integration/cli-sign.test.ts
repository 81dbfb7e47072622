/**
 * `airlock tx sign` (README "The command line"): signatures are the vectors' exact bytes; it refuses
 * a repeat signer, a Permission_id change over existing signatures, Permission_id 1, an expired
 * transaction (unless --allow-expired), a sixth signature and unrecoverable existing signatures;
 * key material never appears in any output and the key buffers are wiped. Run in process through
 * test/helpers/cli-run-helpers.ts.
 */
import { describe, expect, it } from 'vitest';
import { utf8ToBytes } from '../../shared/base/bytes.ts';
import { parseJson } from '../../shared/base/json.ts';
import { privateKeyFromFileBytes } from '../../cli/key-file.ts';
import {
  KEY_11,
  KEY_12,
  ADDR_12,
  EXPIRATION,
  AFTER,
  ASSET,
  assetRawData,
  TRANSFER,
  cli,
  out,
  err,
  json,
  expectNoKeyMaterial,
} from '../helpers/cli-run-helpers.ts';

describe('tx sign', () => {
  const files = (extra: Record<string, string> = {}) => ({ k11: `${KEY_11}\n`, k12: `  0x${KEY_12}  \r\n`, ...extra });

  it('signs the TransferContract vector with 11x32: the vector signature, the full node JSON', async () => {
    const r = await cli(['tx', 'sign', 'tx.json', '--key-file', 'k11'], { files: files({ 'tx.json': json({ raw_data_hex: TRANSFER.raw_data_hex }) }) });
    const o = out(r);
    expect(Object.keys(o)).toEqual(['visible', 'txID', 'raw_data', 'raw_data_hex', 'signature']);
    expect(o).toMatchObject({ visible: false, txID: TRANSFER.txID, raw_data_hex: TRANSFER.raw_data_hex, signature: [TRANSFER.signature] });
    expectNoKeyMaterial(r, KEY_11);
  });

  it('--permission-id 2 on an unsigned owner transaction rewrites Permission_id (new bytes, new txID), then 12x32 adds the second vector signature', async () => {
    const first = await cli(['tx', 'sign', '--key-file', 'k11', '--permission-id', '2'], { stdin: json({ raw_data: assetRawData() }), files: files() });
    const o1 = out(first);
    expect(o1.txID).toBe(ASSET.txID);
    expect(o1.raw_data_hex).toBe(ASSET.raw_data_hex);
    expect(o1.signature).toEqual([ASSET.signatures[0]]);
    const o2 = out(await cli(['tx', 'sign', '-', '--key-file=k12'], { stdin: first.stdout, files: files() }));
    expect(o2.signature).toEqual(ASSET.signatures);
    expect(o2.txID).toBe(ASSET.txID);
  });

  it('--permission-id equal to the current id is accepted even with signatures', async () => {
    const input = json({ raw_data_hex: ASSET.raw_data_hex, signature: [ASSET.signatures[0]] });
    const o = out(await cli(['tx', 'sign', '--key-file', 'k12', '--permission-id', '2'], { stdin: input, files: files() }));
    expect(o.signature).toEqual(ASSET.signatures);
  });

  it('--permission-id that differs once there are signatures is refused (it would void them)', async () => {
    const input = json({ raw_data_hex: ASSET.raw_data_hex, signature: [ASSET.signatures[0]] });
    const r = await cli(['tx', 'sign', '--key-file', 'k12', '--permission-id', '3'], { stdin: input, files: files() });
    expect(err(r, 1)).toEqual({
      code: 'INVALID_INPUT',
      message: '--permission-id 3: the transaction already has 1 signature(s) for Permission_id 2; changing it changes the txID and would void them',
      details: { field: '--permission-id', current: 2, requested: 3 },
    });
    expect(r.reads).toEqual([]);
  });

  it('--permission-id 1 (executive) is refused', async () => {
    const r = await cli(['tx', 'sign', '--key-file', 'k11', '--permission-id', '1'], { stdin: json({ raw_data_hex: TRANSFER.raw_data_hex }), files: files() });
    expect(err(r, 1)).toMatchObject({
      code: 'PERMISSION',
      message: '--permission-id: 1 is the executive permission, which never signs transactions (spec §2.4)',
    });
  });

  it('a transaction whose bytes say Permission_id 1 is refused', async () => {
    const r = await cli(['tx', 'sign', '--key-file', 'k11'], { stdin: json({ raw_data: assetRawData(1) }), files: files() });
    expect(err(r, 1)).toMatchObject({
      code: 'PERMISSION',
      message: 'raw_data.contract[0].Permission_id: 1 is the executive permission, which never signs transactions (spec §2.4)',
    });
  });

  it('a key that already signed is refused with the node\'s "<base58> had signed!"', async () => {
    const input = json({ raw_data_hex: ASSET.raw_data_hex, signature: ASSET.signatures });
    const r = await cli(['tx', 'sign', '--key-file', 'k12'], { stdin: input, files: files() });
    expect(err(r, 1)).toEqual({ code: 'PERMISSION', message: `${ADDR_12.base58} had signed!`, details: { signer: ADDR_12 } });
    expectNoKeyMaterial(r, KEY_12);
  });

  it('an expired transaction is refused without --allow-expired, and the key file is not even read', async () => {
    const r = await cli(['tx', 'sign', '--key-file', 'k11'], { stdin: json({ raw_data_hex: TRANSFER.raw_data_hex }), files: files(), now: AFTER });
    expect(err(r, 1)).toEqual({
      code: 'BAD_TRANSACTION',
      message: 'Transaction expired: its expiration 2022-05-07T06:57:24.000Z is not after now; pass --allow-expired to sign it anyway',
      details: { field: 'raw_data.expiration', reason: 'expired', expiration: String(EXPIRATION), now: AFTER },
    });
    expect(r.reads).toEqual([]);
  });

  it('an expiration equal to now counts as expired', async () => {
    const r = await cli(['tx', 'sign', '--key-file', 'k11'], { stdin: json({ raw_data_hex: TRANSFER.raw_data_hex }), files: files(), now: EXPIRATION });
    expect(err(r, 1).code).toBe('BAD_TRANSACTION');
  });

  it('--allow-expired signs it anyway', async () => {
    const o = out(
      await cli(['tx', 'sign', '--key-file', 'k11', '--allow-expired'], { stdin: json({ raw_data_hex: TRANSFER.raw_data_hex }), files: files(), now: AFTER }),
    );
    expect(o.signature).toEqual([TRANSFER.signature]);
  });

  it('a sixth signature is refused (TOTAL_SIGN_NUM 5)', async () => {
    const five = ['22', '23', '31', '32', '33'].map((k) => k.repeat(32));
    let text = json({ raw_data_hex: TRANSFER.raw_data_hex });
    for (const k of five) text = (await cli(['tx', 'sign', '--key-file', 'k'], { stdin: text, files: { k } })).stdout;
    expect((parseJson(text) as { signature: string[] }).signature).toHaveLength(5);
    const r = await cli(['tx', 'sign', '--key-file', 'k11'], { stdin: text, files: files() });
    expect(err(r, 1)).toEqual({ code: 'PERMISSION', message: 'too many signatures', details: { field: 'signature', count: 6, max: 5 } });
  });

  it('an existing signature that does not recover is refused, naming it', async () => {
    const input = json({ raw_data_hex: ASSET.raw_data_hex, signature: [ASSET.signatures[0]!.slice(0, 128)] });
    const r = await cli(['tx', 'sign', '--key-file', 'k12'], { stdin: input, files: files() });
    expect(err(r, 1)).toEqual({ code: 'SIGNATURE_FORMAT', message: 'signature[0]: Signature size is 64', details: { field: 'signature[0]' } });
  });

  it('--visible writes the signed transaction with Base58 and text', async () => {
    const o = out(await cli(['tx', 'sign', '--key-file', 'k11', '--visible'], { stdin: json({ raw_data_hex: ASSET.raw_data_hex }), files: files() }));
    expect(o.visible).toBe(true);
    expect(json(o.raw_data)).toContain('"asset_name":"1000001"');
    expect(o.signature).toEqual([ASSET.signatures[0]]);
  });

  it('the key buffer read from the file is wiped after signing', async () => {
    const r = await cli(['tx', 'sign', '--key-file', 'k11'], { stdin: json({ raw_data_hex: TRANSFER.raw_data_hex }), files: files() });
    expect(r.code).toBe(0);
    expect(r.reads).toEqual(['k11']);
    expect(Array.from(r.buffers.get('k11')!).every((b) => b === 0)).toBe(true);
  });

  describe('bad key files: BAD_KEY, exit 1, no key material in any output, buffer wiped', () => {
    const cases: Array<[string, string, string]> = [
      ['zero', '00'.repeat(32), 'key file: not a valid secp256k1 key (zero or not below the curve order)'],
      [
        'the curve order',
        'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141',
        'key file: not a valid secp256k1 key (zero or not below the curve order)',
      ],
      ['63 digits', 'c0ffee'.repeat(10) + 'bee', 'key file: expected 64 hex digits (a secp256k1 private key), optionally with 0x and surrounding whitespace'],
      ['66 digits', 'c0ffee'.repeat(11), 'key file: expected 64 hex digits (a secp256k1 private key), optionally with 0x and surrounding whitespace'],
      [
        'a non-hex digit',
        'c0ffee'.repeat(10) + 'beeg',
        'key file: expected 64 hex digits (a secp256k1 private key), optionally with 0x and surrounding whitespace',
      ],
      ['two keys', `${KEY_11}\n${KEY_12}\n`, 'key file: expected 64 hex digits (a secp256k1 private key), optionally with 0x and surrounding whitespace'],
    ];
    for (const [name, content, message] of cases) {
      it(name, async () => {
        const r = await cli(['tx', 'sign', '--key-file', 'bad'], { stdin: json({ raw_data_hex: TRANSFER.raw_data_hex }), files: { bad: content } });
        expect(err(r, 1)).toEqual({ code: 'BAD_KEY', message, details: { path: 'bad' } });
        expectNoKeyMaterial(r, content.replace(/\s/g, '').slice(0, 64).padEnd(16, '0'));
        expect(Array.from(r.buffers.get('bad')!).every((b) => b === 0)).toBe(true);
      });
    }

    it('a missing key file is NOT_FOUND', async () => {
      const r = await cli(['tx', 'sign', '--key-file', 'nope'], { stdin: json({ raw_data_hex: TRANSFER.raw_data_hex }) });
      expect(err(r, 1)).toEqual({ code: 'NOT_FOUND', message: 'key file: no such file: nope', details: { path: 'nope' } });
    });
  });

  it('privateKeyFromFileBytes parses 0x, upper case and whitespace, and wipes its input', () => {
    const file = utf8ToBytes(`\t 0X${KEY_11.toUpperCase()}\r\n`);
    const key = privateKeyFromFileBytes(file);
    expect(Array.from(key)).toEqual(new Array(32).fill(0x11));
    expect(Array.from(file).every((b) => b === 0)).toBe(true);
  });
});
