/**
 * The reference vectors (the repo's copy in test/fixtures/vectors/, provenance in its README; PROTOCOL.md §9) against the
 * protocol core: every key → public key → address in both forms; every transaction rebuilt from its
 * fields to the exact raw bytes and txID, decoded back to its fields, each signature recovered to
 * its signer and, where the key is known, re-signed to the same bytes (RFC 6979, low-S, v = recid);
 * every operations mask both ways. A vector the code disagrees with fails here, by name.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { TransferAssetContractSchema, TransferContractSchema } from '../gen/protocol/contract_pb.ts';
import { addressFromBase58, addressFromHex, addressToBase58, addressToHex, parseAddress } from './address.ts';
import { bytesToHex, hexToBytes } from '../base/bytes.ts';
import { parseJson } from '../base/json.ts';
import { addressOfPrivateKey, privateKeyFromHex, publicKeyOf, signDigest } from './keys.ts';
import { isLowS, recoverSigner } from './verify.ts';
import { decodeOperations, encodeOperationsHex } from './operations.ts';
import { buildRaw, createTransaction, decodeRaw, encodeRaw, transactionFromNodeJson, transactionToNodeJson, txIdOf, type ContractCall } from './transaction.ts';

const VECTORS_URL = new URL('../../test/fixtures/vectors/reference.json', import.meta.url);

interface KeyVector {
  description: string;
  private_key: string;
  public_key?: string;
  address_hex: string;
  address_base58: string;
}

interface TxVector {
  description: string;
  contract: {
    type: 'TransferContract' | 'TransferAssetContract';
    owner_address: string;
    to_address: string;
    amount: number;
    asset_name?: string;
    Permission_id?: number;
  };
  ref_block_bytes: string;
  ref_block_hash: string;
  expiration: number;
  timestamp: number;
  raw_data_hex: string;
  txID: string;
  signatures: string[];
  recovered_signers: string[];
}

interface OpsVector {
  description: string;
  types: number[];
  hex: string;
}

const vectors = parseJson(readFileSync(VECTORS_URL, 'utf8'), 'reference.json') as {
  keys: KeyVector[];
  transactions: TxVector[];
  operations: OpsVector[];
};

function callOf(v: TxVector): ContractCall {
  const c = v.contract;
  const value =
    c.type === 'TransferContract'
      ? create(TransferContractSchema, {
          ownerAddress: hexToBytes(c.owner_address),
          toAddress: hexToBytes(c.to_address),
          amount: BigInt(c.amount),
        })
      : create(TransferAssetContractSchema, {
          assetName: hexToBytes(c.asset_name!),
          ownerAddress: hexToBytes(c.owner_address),
          toAddress: hexToBytes(c.to_address),
          amount: BigInt(c.amount),
        });
  return { type: c.type, value, permissionId: c.Permission_id ?? 0 };
}

function fieldsOf(v: TxVector) {
  return {
    refBlockBytes: hexToBytes(v.ref_block_bytes),
    refBlockHash: hexToBytes(v.ref_block_hash),
    expiration: BigInt(v.expiration),
    timestamp: BigInt(v.timestamp),
  };
}

describe('reference vectors file', () => {
  it("is the repo's own copy, with the hash its provenance note records (a fresh clone needs nothing beside it)", () => {
    const note = readFileSync(new URL('../../test/fixtures/vectors/README.md', import.meta.url), 'utf8');
    const recorded = /sha256: `([0-9a-f]{64})`/.exec(note)?.[1];
    expect(recorded).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(readFileSync(VECTORS_URL)).digest('hex')).toBe(recorded);
    expect(fileURLToPath(VECTORS_URL)).toBe(resolve(process.cwd(), 'test/fixtures/vectors/reference.json'));
  });

  it('holds the counts this suite was written against (so a vector cannot silently vanish)', () => {
    expect(vectors.keys).toHaveLength(12);
    expect(vectors.transactions).toHaveLength(3);
    expect(vectors.operations).toHaveLength(2);
  });
});

describe('PROTOCOL.md §9.1: private key → public key → address', () => {
  for (const k of vectors.keys) {
    describe(`${k.description} (${k.address_base58})`, () => {
      const priv = privateKeyFromHex(k.private_key);

      if (k.public_key !== undefined) {
        it('derives the uncompressed public key of the vector', () => {
          expect(bytesToHex(publicKeyOf(priv))).toBe(k.public_key);
        });
      }

      it('derives the hex address (0x41 ‖ last 20 bytes of Keccak-256(X‖Y))', () => {
        expect(addressToHex(addressOfPrivateKey(priv))).toBe(k.address_hex);
      });

      it('writes the Base58Check form of the vector', () => {
        expect(addressToBase58(addressOfPrivateKey(priv))).toBe(k.address_base58);
      });

      it('reads both written forms back to the same 21 bytes', () => {
        expect(bytesToHex(addressFromBase58(k.address_base58))).toBe(k.address_hex);
        expect(bytesToHex(addressFromHex(k.address_hex))).toBe(k.address_hex);
        expect(bytesToHex(parseAddress(k.address_base58))).toBe(k.address_hex);
        expect(bytesToHex(parseAddress(k.address_hex))).toBe(k.address_hex);
      });
    });
  }
});

describe('PROTOCOL.md §9.2-9.3: transactions', () => {
  const keyByAddress = new Map(vectors.keys.map((k) => [k.address_hex, k.private_key]));
  for (const v of vectors.transactions) {
    describe(v.description, () => {
      it('buildRaw + encodeRaw from the fields gives exactly raw_data_hex', () => {
        expect(bytesToHex(encodeRaw(buildRaw(callOf(v), fieldsOf(v))))).toBe(v.raw_data_hex);
      });

      it('createTransaction gives the same bytes and txID = sha256(raw)', () => {
        const tx = createTransaction(callOf(v), fieldsOf(v));
        expect(bytesToHex(tx.rawBytes)).toBe(v.raw_data_hex);
        expect(bytesToHex(tx.txId)).toBe(v.txID);
        expect(tx.signatures).toEqual([]);
      });

      it('txIdOf(raw_data_hex) is the vector txID', () => {
        expect(bytesToHex(txIdOf(hexToBytes(v.raw_data_hex)))).toBe(v.txID);
      });

      it('decodeRaw gives back the contract fields of the vector', () => {
        const d = decodeRaw(hexToBytes(v.raw_data_hex));
        expect(d.contractType).toBe(v.contract.type);
        expect(d.contractTypeId).toBe(v.contract.type === 'TransferContract' ? 1 : 2);
        expect(d.permissionId).toBe(v.contract.Permission_id ?? 0);
        expect(bytesToHex(d.ownerAddress)).toBe(v.contract.owner_address);
        expect(bytesToHex(d.txId)).toBe(v.txID);
        const c = d.contract as unknown as { ownerAddress: Uint8Array; toAddress: Uint8Array; amount: bigint; assetName?: Uint8Array };
        expect(bytesToHex(c.ownerAddress)).toBe(v.contract.owner_address);
        expect(bytesToHex(c.toAddress)).toBe(v.contract.to_address);
        expect(c.amount).toBe(BigInt(v.contract.amount));
        if (v.contract.asset_name !== undefined) expect(bytesToHex(c.assetName!)).toBe(v.contract.asset_name);
        expect(bytesToHex(d.raw.refBlockBytes)).toBe(v.ref_block_bytes);
        expect(bytesToHex(d.raw.refBlockHash)).toBe(v.ref_block_hash);
        expect(d.raw.expiration).toBe(BigInt(v.expiration));
        expect(d.raw.timestamp).toBe(BigInt(v.timestamp));
      });

      it('each signature recovers to its listed signer', () => {
        expect(v.signatures).toHaveLength(v.recovered_signers.length);
        const txId = hexToBytes(v.txID);
        v.signatures.forEach((sig, i) => {
          expect(bytesToHex(recoverSigner(hexToBytes(sig), txId))).toBe(v.recovered_signers[i]);
        });
      });

      it('re-signing with a known key reproduces the signature bytes (RFC 6979, low-S, v = recid)', () => {
        const txId = hexToBytes(v.txID);
        v.signatures.forEach((sig, i) => {
          const key = keyByAddress.get(v.recovered_signers[i]!);
          if (key === undefined) return; // UtilTest's signer key is not public: recovery only.
          const mine = signDigest(txId, privateKeyFromHex(key));
          expect(bytesToHex(mine)).toBe(sig);
          expect(isLowS(mine)).toBe(true);
          expect(mine[64]).toBeLessThan(2);
        });
      });

      it('reads back from the node JSON with signatures and writes the same JSON', () => {
        const json = {
          visible: false,
          txID: v.txID,
          raw_data: transactionToNodeJson({ rawBytes: hexToBytes(v.raw_data_hex), signatures: [] }).raw_data,
          raw_data_hex: v.raw_data_hex,
          signature: v.signatures,
        };
        const tx = transactionFromNodeJson(json);
        expect(bytesToHex(tx.rawBytes)).toBe(v.raw_data_hex);
        expect(tx.signatures.map(bytesToHex)).toEqual(v.signatures);
        expect(transactionToNodeJson(tx)).toEqual(json);
      });
    });
  }

  it('three of the vector signatures have a known key (11x32 twice, 12x32 once), so re-signing is checked', () => {
    const known = vectors.transactions.flatMap((v) => v.recovered_signers).filter((a) => keyByAddress.has(a));
    expect(known).toEqual([
      '4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a',
      '411c5a77d9fa7ef466951b2f01f724bca3a5820b63',
      '4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a',
    ]);
  });
});

describe('spec §2.7, §4.9, PROTOCOL.md §8: operations masks', () => {
  for (const o of vectors.operations) {
    it(`${o.description}: types → hex`, () => {
      expect(encodeOperationsHex(o.types)).toBe(o.hex);
    });
    it(`${o.description}: hex → types`, () => {
      const d = decodeOperations(o.hex);
      expect(d.ids).toEqual(o.types);
      expect(d.unknown).toEqual([]);
      expect(d.names).toHaveLength(o.types.length);
    });
  }
});
