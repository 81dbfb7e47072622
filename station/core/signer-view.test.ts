/**
 * The signer's next step in words (docs/decisions.md §18, signer-view.ts `nextStep`) and a token issue in words
 * (token-issue-words.ts): one test per rule, each failing when its rule is removed.
 */
import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { AssetIssueContract_CdedSupplySchema, AssetIssueContractSchema } from '../../shared/gen/protocol/contract_pb.ts';
import { nextStep, type NextStepInput } from './signer-view.ts';
import { localDate, tokenIssueWords, tokenPrice } from './token-issue-words.ts';
import type { ChainFateView } from './chain-report.ts';

const KEY = { bob: 'TBob', cold: 'TCold', here: 'THere' };
const nameOf = (a: string): string => ({ TBob: 'bob (station B)', TCold: 'cold key', THere: 'Ana laptop' })[a] ?? a;

function input(over: Omit<Partial<NextStepInput>, 'numbers'> & { numbers?: Partial<NextStepInput['numbers']> } = {}): NextStepInput {
  return {
    status: over.status ?? 'collecting',
    chain: over.chain ?? null,
    numbers: {
      weight: '1',
      threshold: '2',
      missing: '1',
      signers: [{ address: KEY.here, weight: '1' }],
      couldSign: [
        { address: KEY.bob, weight: '1', local: false },
        { address: KEY.cold, weight: '1', local: false },
      ],
      canComplete: true,
      ...over.numbers,
    },
  };
}

const fate = (over: Partial<ChainFateView>): ChainFateView => ({
  block: 1234,
  result: 'SUCCESS',
  fee: '0',
  reason: null,
  observed: true,
  claimedBy: null,
  text: '',
  ...over,
});

describe('nextStep', () => {
  it('names the keys that can still sign, by label, and says to export the file for them', () => {
    expect(nextStep(input(), nameOf)).toBe('needs 1 more of: bob (station B), cold key; export the file for them');
  });

  it('says to sign here when a key that can still sign is held here', () => {
    const numbers = { couldSign: [{ address: KEY.here, weight: '1', local: true }] };
    expect(nextStep(input({ numbers }), nameOf)).toBe('needs 1 more of: Ana laptop (this station); sign here');
    const both = {
      couldSign: [
        { address: KEY.here, weight: '1', local: true },
        { address: KEY.bob, weight: '1', local: false },
      ],
    };
    expect(nextStep(input({ numbers: both }), nameOf)).toBe(
      'needs 1 more of: Ana laptop (this station), bob (station B); sign here, or export the file for the others',
    );
  });

  it('is ready when nothing is missing', () => {
    expect(nextStep(input({ status: 'ready', numbers: { missing: '0' } }), nameOf)).toBe('ready: run the dry run, then broadcast');
  });

  it('says when the keys left cannot complete it', () => {
    expect(nextStep(input({ numbers: { canComplete: false } }), nameOf)).toMatch(/^cannot be completed: /);
  });

  it('says when the station does not know the permission', () => {
    expect(nextStep(input({ numbers: { threshold: null, missing: null } }), nameOf)).toMatch(/^this station does not know the account's permissions/);
  });

  it('reports the chain first: confirmed in block N, or failed with the reason, and who says so', () => {
    expect(nextStep(input({ status: 'broadcast', chain: fate({}) }), nameOf)).toBe('confirmed in block 1,234: nothing more to do');
    expect(nextStep(input({ chain: fate({ result: 'REVERT', reason: 'not enough balance' }) }), nameOf)).toBe(
      'failed in block 1,234: not enough balance; build it again if it is still wanted',
    );
    expect(nextStep(input({ chain: fate({ observed: false, claimedBy: 'snap.json' }) }), nameOf)).toBe(
      'confirmed in block 1,234 (as file snap.json claims): nothing more to do',
    );
  });

  it('says what to do when broadcast, expired or failed without a report', () => {
    expect(nextStep(input({ status: 'broadcast' }), nameOf)).toBe('broadcast: wait for the node to put it in a block');
    expect(nextStep(input({ status: 'expired' }), nameOf)).toBe('expired: re-issue it and collect the signatures again');
    expect(nextStep(input({ status: 'failed' }), nameOf)).toMatch(/^failed: /);
  });
});

describe('a token issue in words', () => {
  const START = Date.UTC(2026, 10, 24, 9, 30);
  const DAY = 86_400_000;
  const contract = (over: Record<string, unknown> = {}) =>
    create(AssetIssueContractSchema, {
      name: new TextEncoder().encode('Gold'),
      abbr: new TextEncoder().encode('GLD'),
      precision: 2,
      totalSupply: 100_000_000n,
      coinNum: 1_000_000,
      num: 500,
      startTime: BigInt(START),
      endTime: BigInt(START + 30 * DAY),
      cdedSupply: [create(AssetIssueContract_CdedSupplySchema, { cdedAmount: 250_000n, cdedDays: 1n })],
      freeAssetNetLimit: 0n,
      publicFreeAssetNetLimit: 1_000_000n,
      ...over,
    });

  it('prices one whole token in TRX, with the precision, and marks an inexact price "about"', () => {
    expect(tokenPrice(1_000_000, 500, 2, 'GLD')).toBe('1 GLD costs 0.2 TRX (1,000,000 sun buy 500 smallest units)');
    expect(tokenPrice(1_000_000, 500, 0, 'GLD')).toBe('1 GLD costs 0.002 TRX (1,000,000 sun buy 500 smallest units)');
    expect(tokenPrice(1, 3, 0, 'X')).toBe('1 X costs about 0.000000333333 TRX (1 sun buy 3 smallest units)');
    expect(tokenPrice(0, 3, 0, 'X')).toMatch(/^no price: /);
  });

  it('says whether the sale window is before, open or ended against the clock', () => {
    expect(tokenIssueWords(contract(), START - 1).window.state).toBe('before');
    expect(tokenIssueWords(contract(), START).window.state).toBe('open');
    expect(tokenIssueWords(contract(), START + 30 * DAY).window.state).toBe('ended');
    expect(tokenIssueWords(contract(), START).window.text).toBe(
      `The sale opens ${localDate(START).text} and ends ${localDate(START + 30 * DAY).text}: open now.`,
    );
  });

  it('gives local dates to the minute', () => {
    const d = new Date(2026, 0, 2, 3, 4, 59);
    expect(localDate(d.getTime()).text).toBe('2026-01-02 03:04');
  });

  it('gives the frozen schedule in token units with release dates start + days', () => {
    expect(tokenIssueWords(contract(), START).frozen).toEqual([
      { amount: '2,500 GLD', days: '1', releasedAt: localDate(START + DAY), text: `2,500 GLD frozen for 1 day, released ${localDate(START + DAY).text}` },
    ]);
  });

  it('gives the bandwidth limits, "none" for zero', () => {
    expect(tokenIssueWords(contract(), START).limits.text).toBe(
      "The issuer's bandwidth for transfers of this token: none for each holder, 1,000,000 bandwidth points a day for all holders together.",
    );
  });

  it('names the token by its abbreviation, then its name, escaped', () => {
    expect(tokenIssueWords(contract({ abbr: new Uint8Array() }), START).price).toMatch(/^1 Gold costs/);
    expect(tokenIssueWords(contract({ abbr: new TextEncoder().encode('G\u202ED') }), START).price).toMatch(/^1 G\\u\{202E\}D costs/);
  });
});
