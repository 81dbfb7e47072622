/**
 * Blocks as java-tron builds them (shared/chain/block.ts): real mainnet blocks recorded from the
 * node's JSON (test/fixtures/java-tron-blocks/) prove the block id, the transaction root and the
 * producer signature with this code; every alteration of a block is refused; Merkle branches prove
 * exactly one leaf each, for every tree size.
 */
import { readFileSync } from 'node:fs';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../base/bytes.ts';
import { BlockSchema } from '../gen/protocol/core_pb.ts';
import { addressToHex } from './address.ts';
import { blockFromJson, blockHeaderFromBytes, blockHeaderFromJson, headerSigner, merkleBranchOf, merkleRootOf, rootFromBranch } from './block.ts';
import { translateJson } from './dialect.ts';

const fixture = (name: string): Record<string, unknown> =>
  translateJson(BlockSchema, JSON.parse(readFileSync(new URL(`../../test/fixtures/java-tron-blocks/${name}`, import.meta.url), 'utf8')), 'spec') as Record<
    string,
    unknown
  >;

const full = fixture('mainnet-13232131.json');
const headerOnly = fixture('mainnet-30864544-header.json');
const copy = <T>(v: T): T => structuredClone(v);

describe('real java-tron blocks verify', () => {
  it('block 13232131: id, transaction root over its 3 transactions, producer signature', () => {
    const block = blockFromJson(full);
    expect(block.header.number).toBe(13232131);
    expect(bytesToHex(block.header.id)).toBe('0000000000c9e803d5258a17e15172768b41ffb69e857530e7d9f7a92ccb78e8');
    expect(block.transactions.map((t) => bytesToHex(t.txId))).toEqual([
      '738c8bdf8f2a38147a8a4643bb184cfde41b22707585669a2cfb15b3b7d869bf',
      '5d79ef636445e261fa090cdb5d23d7f8e0443778cb74df2c3ee34a9462645f67',
      'ec0fa0d734c1d5815cee80b7accce61b0cda8a87e8d3e40061595104a4142430',
    ]);
    expect(block.transactions.map((t) => t.result)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    expect(bytesToHex(merkleRootOf(block.transactions.map((t) => t.leaf)))).toBe('1b8e8977290caedf6de737f3e42d142c5c603d20d46942bb47a75963ec78709d');
    expect(addressToHex(headerSigner(block.header))).toBe('41ad3353aa1343b90a311f09b784c76f089d278232');
    expect(addressToHex(block.header.producer)).toBe('41ad3353aa1343b90a311f09b784c76f089d278232');
  });

  it('block 30864544: the header id and producer signature', () => {
    const header = blockHeaderFromJson(headerOnly.block_header, headerOnly.blockID);
    expect(header.number).toBe(30864544);
    expect(addressToHex(headerSigner(header))).toBe('41c81107148e5fa4b4a2edf3d5354db6c6be5b5549');
  });

  it('a header read back from its bytes and signature is the same header', () => {
    const { header } = blockFromJson(full);
    const again = blockHeaderFromBytes(header.rawBytes, header.signature);
    expect(bytesToHex(again.id)).toBe(bytesToHex(header.id));
    expect(bytesToHex(headerSigner(again))).toBe(bytesToHex(headerSigner(header)));
  });
});

describe('an altered block is refused', () => {
  const txs = (b: Record<string, unknown>) => b.transactions as Record<string, unknown>[];

  it('a transaction left out: the root no longer matches', () => {
    const b = copy(full);
    txs(b).pop();
    expect(() => blockFromJson(b)).toThrow(/do not hash to the header's txTrieRoot/);
  });

  it('a transaction added, or its result changed from SUCCESS to REVERT', () => {
    const added = copy(full);
    txs(added).push(txs(added)[0]!);
    expect(() => blockFromJson(added)).toThrow(/txTrieRoot/);
    const reverted = copy(full);
    txs(reverted)[2]!.ret = [{ contractRet: 'REVERT' }];
    expect(() => blockFromJson(reverted)).toThrow(/txTrieRoot/);
  });

  it('a forged root in the header changes the block id: the blockID no longer names it', () => {
    const b = copy(full);
    const raw = (b.block_header as { raw_data: Record<string, unknown> }).raw_data;
    raw.txTrieRoot = bytesToHex(
      merkleRootOf(
        txs(b)
          .slice(0, 2)
          .map(() => new Uint8Array(32)),
      ),
    );
    expect(() => blockFromJson(b)).toThrow(/blockID: is not the id of its header/);
  });

  it('a txID that is not the hash of its bytes', () => {
    const b = copy(full);
    txs(b)[0]!.txID = txs(b)[1]!.txID;
    expect(() => blockFromJson(b)).toThrow(/txID: is not the hash of raw_data_hex/);
  });

  it('a header re-signed by another key verifies to that key, not to the producer', () => {
    const { header } = blockFromJson(full);
    const forged = { ...header, signature: hexToBytes(((headerOnly.block_header as Record<string, unknown>).executive_signature as string).slice(0)) };
    expect(bytesToHex(headerSigner(forged))).not.toBe(bytesToHex(header.producer));
  });

  it('unknown keys, __proto__, a huge list and a number past 2^53 are refused in words', () => {
    expect(() => blockFromJson({ ...copy(full), extra: 1 })).toThrow(/block\.extra: unknown field/);
    expect(() => blockFromJson(JSON.parse(`{"__proto__": {}, "blockID": "00"}`))).toThrow(/unknown field/);
    expect(() => blockFromJson({ ...copy(full), transactions: new Array(20_001).fill({}) })).toThrow(/20001 items, at most 20000/);
    const far = copy(full);
    (far.block_header as { raw_data: Record<string, unknown> }).raw_data.number = 2 ** 53;
    expect(() => blockFromJson(far)).toThrow(/number/);
    expect(() => blockFromJson({})).toThrow(/no block_header/);
  });
});

describe('Merkle branches (java-tron tree: an odd node is carried up unchanged)', () => {
  const leaves = (n: number) => Array.from({ length: n }, (_, i) => sha256(Uint8Array.of(i, n)));

  it('every leaf of every tree from 1 to 33 leaves reaches the root, and only its own place does', () => {
    for (let n = 1; n <= 33; n++) {
      const l = leaves(n);
      const root = merkleRootOf(l);
      for (let i = 0; i < n; i++) {
        const branch = merkleBranchOf(l, i);
        expect(bytesToHex(rootFromBranch(l[i]!, branch)!)).toBe(bytesToHex(root));
        if (n > 1) {
          const other = rootFromBranch(l[(i + 1) % n]!, branch);
          expect(other === null ? null : bytesToHex(other)).not.toBe(bytesToHex(root));
        }
      }
    }
  });

  it('a branch of the wrong shape proves nothing', () => {
    const l = leaves(5);
    const b = merkleBranchOf(l, 4);
    expect(rootFromBranch(l[4]!, { ...b, siblings: [...b.siblings, new Uint8Array(32)] })).toBeNull();
    expect(rootFromBranch(l[4]!, { ...b, index: 5 })).toBeNull();
    expect(rootFromBranch(l[4]!, { ...b, leafCount: 0 })).toBeNull();
    expect(rootFromBranch(l[0]!, { ...merkleBranchOf(l, 0), siblings: [new Uint8Array(31)] })).toBeNull();
  });

  it('the recorded block: each transaction has a branch to its root', () => {
    const block = blockFromJson(full);
    const l = block.transactions.map((t) => t.leaf);
    for (let i = 0; i < l.length; i++) expect(bytesToHex(rootFromBranch(l[i]!, merkleBranchOf(l, i))!)).toBe(bytesToHex(block.header.txTrieRoot));
  });
});
