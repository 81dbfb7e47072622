/**
 * shared/chain/ids.ts and the txID check of shared/chain/input.ts: one pattern for a token id and
 * one for a txID (docs/decisions.md §15), and the refusal that never quotes a would-be txID.
 */
import { describe, expect, it } from 'vitest';
import { isTokenIdText, isTxIdText, TXID_SHOWN_RE } from './ids.ts';
import { txIdInput } from './input.ts';

const TXID = '6fa2156ab708'.padEnd(64, '0');

describe('token ids', () => {
  it('are the decimal text of a positive int64, without sign, spaces or leading zeros', () => {
    for (const ok of ['1', '1000001', '9223372036854775807']) expect(isTokenIdText(ok), ok).toBe(true);
    for (const bad of ['0', '01000001', '-1', ' 1', '9223372036854775808', '1e6', '']) expect(isTokenIdText(bad), bad).toBe(false);
  });
});

describe('txIDs', () => {
  it('are 64 hex digits in either case; the shown form is lowercase', () => {
    expect(isTxIdText(TXID) && isTxIdText(TXID.toUpperCase())).toBe(true);
    for (const bad of [TXID.slice(1), `${TXID}0`, `0x${TXID}`, 42]) expect(isTxIdText(bad), String(bad)).toBe(false);
    expect(TXID_SHOWN_RE.test(TXID) && !TXID_SHOWN_RE.test(TXID.toUpperCase())).toBe(true);
  });

  it('txIdInput reads one into its 32 bytes and refuses anything else naming the field, never quoting it', () => {
    expect(txIdInput(TXID.toUpperCase(), 'txid')).toHaveLength(32);
    const secretish = 'ab23'.repeat(15);
    expect(() => txIdInput(secretish, 'txid')).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'txid: expected a txID (64 hex digits)', details: { field: 'txid' } }),
    );
  });
});
