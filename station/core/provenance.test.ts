/**
 * The order of facts (docs/decisions.md §24, "Facts are ordered by the chain, not by the date written on
 * them"): which of two versions of an account, token or contract fact wins, and which stored block
 * an offline build references. Each rule fails here when it is removed from provenance.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Source } from '../store/row-checks.ts';
import { blockForBuilds, keptBecause, outranks } from './provenance.ts';

const URL = 'http://127.0.0.1:8090';
const node = (blockNumber?: number): Source => ({ kind: 'node', url: URL, ...(blockNumber !== undefined && { blockNumber }) });
const exporter = (blockNumber: number, at: number): Source => ({
  kind: 'exporter',
  file: 'signed.json',
  fingerprint: '0123456789abcdef0123',
  label: 'desk',
  url: URL,
  blockNumber,
  at,
});
const file: Source = { kind: 'file', file: 'claim.json' };

describe('outranks', () => {
  it('a higher block wins between observations, whatever the dates say', () => {
    // A pinned exporter dating its file ahead does not outrank a read made at a later block.
    expect(outranks({ source: exporter(100, 9_000), at: 9_000 }, { source: node(120), at: 1_000 })).toBe(false);
    expect(outranks({ source: exporter(130, 500), at: 500 }, { source: node(120), at: 1_000 })).toBe(true);
    // Equal blocks: the chain said the same; the held copy stays.
    expect(outranks({ source: node(120), at: 2_000 }, { source: node(120), at: 1_000 })).toBe(false);
  });

  it('a claim never outranks an observation, however late it is dated; an observation always outranks a claim', () => {
    expect(outranks({ source: file, at: 10_000 }, { source: node(1), at: 1 })).toBe(false);
    expect(outranks({ source: file, at: 10_000 }, { source: node(), at: 1 })).toBe(false);
    expect(outranks({ source: node(1), at: 1 }, { source: file, at: 10_000 })).toBe(true);
  });

  it('an observation naming its block outranks one naming none; without blocks, and between claims, the later date wins', () => {
    expect(outranks({ source: node(5), at: 1 }, { source: node(), at: 10 })).toBe(true);
    expect(outranks({ source: node(), at: 10 }, { source: node(5), at: 1 })).toBe(false);
    expect(outranks({ source: node(), at: 11 }, { source: node(), at: 10 })).toBe(true);
    expect(outranks({ source: file, at: 11 }, { source: file, at: 10 })).toBe(true);
    expect(outranks({ source: file, at: 10 }, { source: file, at: 10 })).toBe(false);
  });

  it('names why the held version stayed', () => {
    expect(keptBecause({ source: file, at: 2 }, { source: node(7), at: 1 }, 'node X at block 7')).toBe(
      "this station observed it from the node (node X at block 7); a file's claim does not replace that",
    );
    expect(keptBecause({ source: exporter(3, 2), at: 2 }, { source: node(7), at: 1 }, 'node X at block 7')).toBe(
      "this station's observation (node X at block 7) is as new or newer; kept it",
    );
  });
});

describe('blockForBuilds', () => {
  it('takes the highest observed block before any higher claimed one, and a claimed one only when none is observed', () => {
    const rows = [
      { id: 3, source: file },
      { id: 2, source: exporter(10, 1) },
      { id: 1, source: exporter(5, 1) },
    ];
    expect(blockForBuilds(rows)?.id).toBe(2);
    expect(blockForBuilds([{ id: 3, source: file }])?.id).toBe(3);
    expect(blockForBuilds([])).toBeUndefined();
  });
});
