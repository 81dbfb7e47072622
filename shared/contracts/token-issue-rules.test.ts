/**
 * shared/contracts/token.ts assetIssueProblems (docs/decisions.md §10 "the spec's rules checked as you type"): every §6.1
 * rule broken, in the node's order, the first being what validateAssetIssue throws.
 */
import { create } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AssetIssueContract_CdedSupplySchema, AssetIssueContractSchema } from '../gen/protocol/contract_pb.ts';
import { hexToBytes, utf8ToBytes } from '../base/bytes.ts';
import { assetIssueProblems, validateAssetIssue } from './token.ts';

describe('assetIssueProblems: every rule broken, in the node order', () => {
  const good = () =>
    create(AssetIssueContractSchema, {
      ownerAddress: hexToBytes('41' + '11'.repeat(20)),
      name: utf8ToBytes('Gold'),
      totalSupply: 1000n,
      coinNum: 1,
      num: 1,
      startTime: 2_000n,
      endTime: 3_000n,
      url: utf8ToBytes('https://x.invalid'),
    });

  it('a valid contract has none', () => {
    expect(assetIssueProblems(good(), { headBlockTime: 1_000n })).toEqual([]);
  });

  it('collects each broken rule with its field, not only the first', () => {
    const c = good();
    c.name = utf8ToBytes('trx');
    c.precision = 7;
    c.url = new Uint8Array();
    c.coinNum = 0;
    c.cdedSupply = [
      create(AssetIssueContract_CdedSupplySchema, { cdedAmount: 900n, cdedDays: 1n }),
      create(AssetIssueContract_CdedSupplySchema, { cdedAmount: 200n, cdedDays: 4000n }),
    ];
    expect(assetIssueProblems(c, { headBlockTime: 2_500n }).map((p) => [p.field, p.message])).toEqual([
      ['name', "assetName can't be trx"],
      ['precision', 'precision cannot exceed 6'],
      ['url', 'Invalid url'],
      ['start_time', 'Start time should be greater than HeadBlockTime'],
      ['coin_num', 'TrxNum must greater than 0!'],
      ['cded_supply[1].cded_amount', 'Frozen supply cannot exceed total supply'],
      ['cded_supply[1].cded_days', 'frozenDuration must be less than 3652 days and more than 1 days'],
    ]);
  });

  it('validateAssetIssue throws exactly the first problem, for any mix of broken fields', () => {
    fc.assert(
      fc.property(
        fc.record({
          name: fc.constantFrom('Gold', 'trx', 'a b', ''),
          precision: fc.integer({ min: -1, max: 8 }),
          coinNum: fc.integer({ min: -1, max: 2 }),
          start: fc.bigInt({ min: 0n, max: 4_000n }),
          end: fc.bigInt({ min: 0n, max: 4_000n }),
          supply: fc.bigInt({ min: -1n, max: 2_000n }),
          cded: fc.array(fc.record({ a: fc.bigInt({ min: -1n, max: 1_500n }), d: fc.bigInt({ min: 0n, max: 4_000n }) }), { maxLength: 12 }),
        }),
        (r) => {
          const c = good();
          Object.assign(c, {
            name: utf8ToBytes(r.name),
            precision: r.precision,
            coinNum: r.coinNum,
            startTime: r.start,
            endTime: r.end,
            totalSupply: r.supply,
          });
          c.cdedSupply = r.cded.map((x) => create(AssetIssueContract_CdedSupplySchema, { cdedAmount: x.a, cdedDays: x.d }));
          const problems = assetIssueProblems(c, { headBlockTime: 1_000n });
          const thrown = ((): [unknown, string] | null => {
            try {
              validateAssetIssue(c, { headBlockTime: 1_000n });
              return null;
            } catch (e) {
              return [(e as { details?: { field?: unknown } }).details?.field, (e as Error).message];
            }
          })();
          expect(thrown).toEqual(problems[0] ? [problems[0].field, problems[0].message] : null);
        },
      ),
    );
  });
});
