/**
 * Property tests (STYLE.md habit 9) for shared/chain/transaction.ts: for random Transfer and
 * TransferAsset contracts and random raw fields, build → bytes → decode gives the same contract and
 * the same bytes again; the node JSON written from the bytes (hex or visible) reads back to exactly
 * those bytes, through text and the lossless JSON helpers; and a signature by any key recovers to
 * that key's address. The tolerant decode of docs/decisions.md §17: any contract whose type id and type URL name
 * no contract with a message comes back as unknown with its id, URL and size, while decodeRaw
 * refuses it; a supported type carrying a field its message does not have is refused by both.
 */
import { create, toBinary } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TransferAssetContractSchema, TransferContractSchema } from '../gen/protocol/contract_pb.ts';
import { Transaction_rawSchema } from '../gen/protocol/core_pb.ts';
import { AirlockError } from '../base/errors.ts';
import { concatBytes } from '../base/bytes.ts';
import { contractNameOfTypeUrl, contractTypeName, isSupportedContractName, parseContractType, SUPPORTED_CONTRACTS, typeUrlFor } from './contract-types.ts';
import { bytesToHex } from '../base/bytes.ts';
import { parseJson, stringifyJson } from '../base/json.ts';
import { addSignature, addressOfPrivateKey } from './keys.ts';
import { isLowS, recoverSigner } from './verify.ts';
import {
  buildRaw,
  createTransaction,
  decodeRaw,
  decodeRawShowingUnknown,
  encodeRaw,
  transactionFromNodeJson,
  transactionToNodeJson,
  txIdOf,
  type ContractCall,
  type RawFields,
} from './transaction.ts';

const INT64_MAX = 2n ** 63n - 1n;
/** n, the order of secp256k1: a private key is a scalar in [1, n). */
const secp256k1Order = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => {
  const a = new Uint8Array(21);
  a[0] = 0x41;
  a.set(b, 1);
  return a;
});

const amount = fc.bigInt({ min: 0n, max: INT64_MAX });
const permissionId = fc.oneof(fc.constant(0), fc.integer({ min: 2, max: 2 ** 31 - 1 }));

/**
 * Token ids are decimal text in practice; any UTF-8 text is generated so the visible JSON (names as
 * text) is exercised too. Two byte strings are left out because visible JSON cannot carry them
 * today (reported, not hidden): bytes that are not UTF-8 (written as hex, read back as text), and
 * text starting with U+FEFF (bytes.ts's TextDecoder drops a leading BOM). Non-visible JSON carries
 * every byte string; the first property covers those through the bytes.
 */
const assetName = fc.oneof(
  fc.integer({ min: 1_000_001, max: 9_999_999 }).map((n) => new TextEncoder().encode(String(n))),
  fc
    .string({ maxLength: 40, unit: 'binary' })
    .filter((s) => !s.startsWith('\uFEFF'))
    .map((s) => new TextEncoder().encode(s)),
);
const anyBytes = fc.uint8Array({ maxLength: 40 });

const transfer: fc.Arbitrary<ContractCall> = fc.record({ owner: address, to: address, amount, permissionId }).map(({ owner, to, amount, permissionId }) => ({
  type: 'TransferContract' as const,
  value: create(TransferContractSchema, { ownerAddress: owner, toAddress: to, amount }),
  permissionId,
}));

const transferAsset: fc.Arbitrary<ContractCall> = fc
  .record({ owner: address, to: address, amount, permissionId, assetName })
  .map(({ owner, to, amount, permissionId, assetName }) => ({
    type: 'TransferAssetContract' as const,
    value: create(TransferAssetContractSchema, { assetName, ownerAddress: owner, toAddress: to, amount }),
    permissionId,
  }));

const call = fc.oneof(transfer, transferAsset);

/** Any bytes at all as asset_name: what the hex (non-visible) forms must carry exactly. */
const transferAssetAnyName: fc.Arbitrary<ContractCall> = fc
  .record({ owner: address, to: address, amount, permissionId, assetName: anyBytes })
  .map(({ owner, to, amount, permissionId, assetName }) => ({
    type: 'TransferAssetContract' as const,
    value: create(TransferAssetContractSchema, { assetName, ownerAddress: owner, toAddress: to, amount }),
    permissionId,
  }));
const anyCall = fc.oneof(transfer, transferAssetAnyName);

const rawFields: fc.Arbitrary<RawFields> = fc.record({
  refBlockBytes: fc.uint8Array({ minLength: 2, maxLength: 2 }),
  refBlockHash: fc.uint8Array({ minLength: 8, maxLength: 8 }),
  expiration: fc.bigInt({ min: 1n, max: INT64_MAX }),
  timestamp: fc.bigInt({ min: 0n, max: INT64_MAX }),
  data: fc.option(fc.uint8Array({ maxLength: 64 }), { nil: undefined }),
  feeLimit: fc.option(fc.bigInt({ min: 0n, max: INT64_MAX }), { nil: undefined }),
});

const privateKey = fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((k) => {
  const n = BigInt('0x' + bytesToHex(k));
  return n > 0n && n < secp256k1Order;
});

describe('encode/decode round trip (random Transfer and TransferAsset contracts)', () => {
  it('decodeRaw(encodeRaw(buildRaw(c, f))) gives back the contract, the fields, and the same bytes', () => {
    fc.assert(
      fc.property(anyCall, rawFields, (c, f) => {
        const bytes = encodeRaw(buildRaw(c, f));
        const d = decodeRaw(bytes);
        expect(d.contractType).toBe(c.type);
        expect(d.permissionId).toBe(c.permissionId);
        expect(bytesToHex(d.ownerAddress)).toBe(bytesToHex((c.value as unknown as { ownerAddress: Uint8Array }).ownerAddress));
        expect(d.contract).toEqual(c.value);
        expect(bytesToHex(d.raw.refBlockBytes)).toBe(bytesToHex(f.refBlockBytes));
        expect(bytesToHex(d.raw.refBlockHash)).toBe(bytesToHex(f.refBlockHash));
        expect(d.raw.expiration).toBe(BigInt(f.expiration));
        expect(d.raw.timestamp).toBe(BigInt(f.timestamp));
        expect(bytesToHex(d.raw.data)).toBe(bytesToHex(f.data ?? new Uint8Array()));
        expect(d.raw.feeLimit).toBe(BigInt(f.feeLimit ?? 0n));
        expect(bytesToHex(encodeRaw(d.raw))).toBe(bytesToHex(bytes));
        expect(bytesToHex(d.txId)).toBe(bytesToHex(txIdOf(bytes)));
      }),
      { numRuns: 300 },
    );
  });

  it('node JSON (hex form) → text → JSON → bytes gives the same bytes for any asset_name bytes', () => {
    fc.assert(
      fc.property(anyCall, rawFields, (c, f) => {
        const tx = createTransaction(c, f);
        const json = transactionToNodeJson(tx);
        const back = transactionFromNodeJson(parseJson(stringifyJson(json)));
        expect(bytesToHex(back.rawBytes)).toBe(bytesToHex(tx.rawBytes));
        const onlyRaw = transactionFromNodeJson(parseJson(stringifyJson({ raw_data: json.raw_data })));
        expect(bytesToHex(onlyRaw.rawBytes)).toBe(bytesToHex(tx.rawBytes));
      }),
      { numRuns: 300 },
    );
  });

  it('node JSON → text → JSON → bytes gives the same bytes, with and without visible', () => {
    fc.assert(
      fc.property(call, rawFields, fc.boolean(), (c, f, visible) => {
        const tx = createTransaction(c, f);
        const json = transactionToNodeJson(tx, { visible });
        const text = stringifyJson(json, 2);
        const back = transactionFromNodeJson(parseJson(text));
        expect(bytesToHex(back.rawBytes)).toBe(bytesToHex(tx.rawBytes));
        expect(stringifyJson(transactionToNodeJson(back, { visible }), 2)).toBe(text);
        // raw_data alone (no hex, no txID) must encode to the very same bytes.
        const onlyRaw = transactionFromNodeJson(parseJson(stringifyJson({ visible, raw_data: json.raw_data })));
        expect(bytesToHex(onlyRaw.rawBytes)).toBe(bytesToHex(tx.rawBytes));
      }),
      { numRuns: 300 },
    );
  });
});

describe('signing then recovering gives the signer', () => {
  it('addSignature by a random key recovers to addressOfPrivateKey(key), low S, v in {0, 1}', () => {
    fc.assert(
      fc.property(call, rawFields, privateKey, (c, f, key) => {
        const tx = addSignature(createTransaction(c, f), key);
        const sig = tx.signatures[0]!;
        expect(sig).toHaveLength(65);
        expect(isLowS(sig)).toBe(true);
        expect([0, 1]).toContain(sig[64]);
        expect(bytesToHex(recoverSigner(sig, txIdOf(tx.rawBytes)))).toBe(bytesToHex(addressOfPrivateKey(key)));
      }),
      { numRuns: 100 },
    );
  });
});

/** The code a decoder throws for these bytes (an AirlockError's), or 'none' when it accepts them. */
function refusalCode(decode: (raw: Uint8Array) => unknown, raw: Uint8Array): string {
  try {
    decode(raw);
    return 'none';
  } catch (e) {
    if (e instanceof AirlockError) return e.code;
    throw e;
  }
}

/** Raw bytes with one contract of type id `type`, type URL `typeUrl` and value `value`. */
function rawOf(type: number, typeUrl: string, value: Uint8Array): Uint8Array {
  return toBinary(Transaction_rawSchema, create(Transaction_rawSchema, { expiration: 1n, contract: [{ type, parameter: { typeUrl, value } }] }));
}

const namesAKnownType = (id: number): boolean => isSupportedContractName(contractTypeName(id) ?? '');
const unknownTypeId = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).filter((id) => !namesAKnownType(id));
const supportedName = fc.constantFrom(...(Object.keys(SUPPORTED_CONTRACTS) as (keyof typeof SUPPORTED_CONTRACTS)[]));
/**
 * URLs naming no supported contract: random text, and the chain's prefix with a random message name.
 * Lone surrogates are made whole first (protobuf writes UTF-8), and a leading U+FEFF is left out as
 * for asset names above (the decoder drops it).
 */
const unknownTypeUrl = fc
  .oneof(
    fc.string({ maxLength: 200, unit: 'binary' }),
    fc.string({ maxLength: 40 }).map((n) => typeUrlFor(n)),
  )
  .map((u) => new TextDecoder().decode(new TextEncoder().encode(u)))
  .filter((u) => !u.startsWith('\uFEFF') && !isSupportedContractName(contractNameOfTypeUrl(u) ?? ''));

describe('the tolerant decode of an unknown contract type (issue 17)', () => {
  it('any type id and URL naming no contract with a message: shown as unknown with its id, URL, size and owner; decodeRaw refuses', () => {
    fc.assert(
      fc.property(unknownTypeId, unknownTypeUrl, address, anyBytes, (type, typeUrl, owner, rest) => {
        const value = concatBytes(Uint8Array.of(0x0a, 21), owner, rest);
        const raw = rawOf(type, typeUrl, value);
        const d = decodeRawShowingUnknown(raw);
        if (!('unknown' in d)) throw new Error('expected an unknown contract');
        expect(d.unknown).toEqual({ typeId: type, typeUrl, size: value.length, value });
        expect(d.ownerAddress).toEqual(owner);
        expect(d.txId).toEqual(txIdOf(raw));
        expect(refusalCode(decodeRaw, raw)).toBe('UNSUPPORTED_CONTRACT');
      }),
    );
  });

  it('an unknown type id under a supported type URL, or a supported type with a field its message lacks, is refused by both', () => {
    fc.assert(
      fc.property(unknownTypeId, supportedName, fc.integer({ min: 1_000, max: 2 ** 29 - 1 }), (type, name, field) => {
        const mislabelled = rawOf(type, typeUrlFor(name), concatBytes(Uint8Array.of(0x0a, 21), new Uint8Array(21).fill(0x41)));
        expect(refusalCode(decodeRawShowingUnknown, mislabelled)).toBe('UNSUPPORTED_CONTRACT');
        expect(refusalCode(decodeRaw, mislabelled)).toBe('UNSUPPORTED_CONTRACT');
        // Field `field` as a varint (tag = field << 3, wire type 0) holding 1: no contract message has it.
        const tag: number[] = [];
        for (let n = field * 8; ; n = Math.floor(n / 128)) {
          if (n < 128) {
            tag.push(n);
            break;
          }
          tag.push((n % 128) | 0x80);
        }
        const corrupt = rawOf(parseContractType(name), typeUrlFor(name), Uint8Array.from([...tag, 1]));
        expect(refusalCode(decodeRawShowingUnknown, corrupt)).toBe('UNKNOWN_FIELD');
        expect(refusalCode(decodeRaw, corrupt)).toBe('UNKNOWN_FIELD');
      }),
    );
  });
});
