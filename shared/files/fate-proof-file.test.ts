/**
 * The fate proof a snapshot carries (shared/files/fate-proof-file.ts): a proof built from a real
 * recorded mainnet block (test/fixtures/java-tron-blocks/) checks against the transaction's bytes
 * and the block's producer; every change to it, or to the executive list, is refused in words;
 * the members are read strictly.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../base/bytes.ts';
import { addressToBase58, addressFromHex } from '../chain/address.ts';
import { blockFromJson, merkleBranchOf } from '../chain/block.ts';
import { translateJson } from '../chain/dialect.ts';
import { BlockSchema } from '../gen/protocol/core_pb.ts';
import { checkFateProof, fateProofOf, readExecutives, readFateProof } from './fate-proof-file.ts';

const json = translateJson(
  BlockSchema,
  JSON.parse(readFileSync(new URL('../../test/fixtures/java-tron-blocks/mainnet-13232131.json', import.meta.url), 'utf8')),
  'spec',
) as { transactions: { raw_data_hex: string; txID: string }[] };
const block = blockFromJson(json);
const producer = addressToBase58(block.header.producer);
const executives = { block: 13232131, list: [{ address: producer, block_key: producer }] };
const proofOf = (i: number) =>
  fateProofOf(
    block.header,
    block.transactions[i]!,
    merkleBranchOf(
      block.transactions.map((t) => t.leaf),
      i,
    ),
  );
const fate = (i: number) => ({ txid: json.transactions[i]!.txID, block: 13232131, result: 'SUCCESS' });
const raw = (i: number) => hexToBytes(json.transactions[i]!.raw_data_hex);

describe('checkFateProof on a real block', () => {
  it('each of its transactions is proven by its own proof, read back from the file form', () => {
    for (const i of [0, 1, 2]) expect(checkFateProof(raw(i), fate(i), readFateProof(JSON.parse(JSON.stringify(proofOf(i))), 'proof'), executives)).toBeNull();
  });

  it('another transaction, another block, another result, a changed branch or producer key: refused in words', () => {
    expect(checkFateProof(raw(1), fate(0), proofOf(0), executives)).toBe('the proof is for other transaction bytes');
    expect(checkFateProof(raw(0), { ...fate(0), block: 13232132 }, proofOf(0), executives)).toBe("the proof's header is block 13232131, not block 13232132");
    expect(checkFateProof(raw(0), { ...fate(0), result: 'REVERT' }, proofOf(0), executives)).toBe("the block's ret says SUCCESS, not REVERT");
    expect(checkFateProof(raw(0), fate(0), { ...proofOf(0), index: 1 }, executives)).toMatch(/branch does not reach block 13232131's transaction root/);
    expect(checkFateProof(raw(2), fate(2), { ...proofOf(2), siblings: [...proofOf(2).siblings, '00'.repeat(32)] }, executives)).toMatch(
      /branch does not reach/,
    );
    const other = addressToBase58(addressFromHex('41c81107148e5fa4b4a2edf3d5354db6c6be5b5549'));
    expect(checkFateProof(raw(0), fate(0), proofOf(0), { block: 1, list: [{ address: producer, block_key: other }] })).toMatch(
      /is not signed by the block key of its producer/,
    );
    expect(checkFateProof(raw(0), fate(0), proofOf(0), { block: 1, list: [] })).toMatch(/not in the file's executive list/);
  });
});

describe('the members are read strictly', () => {
  it('unknown keys, __proto__, bad hex, too long a branch', () => {
    const p = proofOf(0);
    expect(() => readFateProof({ ...p, extra: 1 }, 'proof')).toThrow(/extra/);
    expect(() => readFateProof(JSON.parse(`{"__proto__": 1, ${JSON.stringify(p).slice(1)}`), 'proof')).toThrow(/__proto__/);
    expect(() => readFateProof({ ...p, signature: 'zz' }, 'proof')).toThrow(/proof\.signature: expected 65 bytes/);
    expect(() => readFateProof({ ...p, siblings: new Array(16).fill('00'.repeat(32)) }, 'proof')).toThrow(/at most 15/);
    expect(() =>
      readExecutives(
        {
          block: 1,
          list: [
            { address: producer, block_key: producer },
            { address: producer, block_key: producer },
          ],
        },
        'executives',
      ),
    ).toThrow(/appears twice/);
  });
});
