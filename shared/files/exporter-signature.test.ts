// The exporter signature (exporter-signature.ts): the fingerprint's code and hex are one value and
// read with the read-aloud words; the body digest covers every member but `exporter` as parsed
// (white space is not signed, order and values are); a damaged section is BAD_JSON naming its field,
// a signature over anything else is PERMISSION with the one sentence a person reads.
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../base/bytes.ts';
import { AirlockError } from '../base/errors.ts';
import { parseJson, stringifyJson } from '../base/json.ts';
import { generatePrivateKey, publicKeyOf, signDigest } from '../chain/keys.ts';
import { SPOKEN } from '../views/read-aloud.ts';
import {
  bodyDigestOf,
  exporterDigest,
  exporterFingerprint,
  EXPORTER_MISMATCH,
  fingerprintHexOfCode,
  readExporter,
  signFileText,
} from './exporter-signature.ts';

const key = generatePrivateKey();
const sign = async (digest: Uint8Array) => ({ publicKey: publicKeyOf(key, true), signature: signDigest(exporterDigest(digest), key) });
const body = { format: 'airlock.snapshot', version: 1, node: 'http://127.0.0.1:8090', big: 2n ** 60n, list: [1, 'two'] };

function refusal(value: unknown): { code: string; message: string; field: unknown } {
  try {
    readExporter(value, 'f');
  } catch (e) {
    if (e instanceof AirlockError) return { code: e.code, message: e.message, field: e.details?.field };
  }
  throw new Error('expected a refusal');
}

describe('the exporter fingerprint', () => {
  it('is 20 hex digits and the same 80 bits as 16 characters, each read with the read-aloud word', () => {
    const f = exporterFingerprint(publicKeyOf(key, true));
    expect(f.hex).toMatch(/^[0-9a-f]{20}$/);
    expect(fingerprintHexOfCode(f.code)).toBe(f.hex);
    expect(fingerprintHexOfCode(f.code.toLowerCase().replace(/-/g, ' '))).toBe(f.hex);
    expect(f.words).toEqual([...f.code.replace(/-/g, '')].map((c) => SPOKEN[c]));
    expect(exporterFingerprint(publicKeyOf(key, false))).toEqual(f);
    expect(fingerprintHexOfCode('ABCD-EFGH-JKMN-PQRU')).toBeNull();
  });
});

describe('the signed body', () => {
  it('verifies after the white space changes, not after a value or the order of members changes', async () => {
    const text = await signFileText(stringifyJson(body, 2), sign);
    const parsed = parseJson(text) as Record<string, unknown>;
    expect(readExporter(parseJson(stringifyJson(parsed)), 'f')?.publicKey).toBe(bytesToHex(publicKeyOf(key, true)));
    expect(refusal(parseJson(text.replace('"two"', '"too"')))).toEqual({
      code: 'PERMISSION',
      message: `f: ${EXPORTER_MISMATCH}`,
      field: 'f.exporter.signature',
    });
    const { node, ...rest } = parsed;
    expect(refusal({ node, ...rest }).code).toBe('PERMISSION');
    expect(bodyDigestOf(parsed)).toEqual(bodyDigestOf({ ...parsed, exporter: 'anything' }));
  });

  it('a damaged section is BAD_JSON naming its field; no section is an unsigned file', async () => {
    const parsed = parseJson(await signFileText(stringifyJson(body), sign)) as { exporter: Record<string, string> };
    expect(refusal({ ...parsed, exporter: { ...parsed.exporter, signature: 'ab' } })).toMatchObject({ code: 'BAD_JSON', field: 'f.exporter.signature' });
    expect(refusal({ ...parsed, exporter: { ...parsed.exporter, publicKey: '05' + '11'.repeat(32) } })).toMatchObject({
      code: 'BAD_JSON',
      field: 'f.exporter.publicKey',
    });
    expect(refusal({ ...parsed, exporter: { ...parsed.exporter, extra: 1 } })).toMatchObject({ code: 'BAD_JSON' });
    expect(readExporter(body, 'f')).toBeNull();
  });
});
