/**
 * shared/base/secrets.ts: the one written form of a private key (64 hex digits, optional 0x) that
 * every field, label, note and error excerpt is held against (docs/decisions.md §6, docs/decisions.md §15).
 */
import { describe, expect, it } from 'vitest';
import { hasHexRun, holdsPrivateKeyText, isPrivateKeyText, PRIVATE_KEY_TEXT_RE } from './secrets.ts';

const KEY = 'ab23'.repeat(16);

describe('the private-key pattern', () => {
  it('a whole key, with or without 0x and in either case, is a key; 63 or 65 digits are not', () => {
    for (const t of [KEY, `0x${KEY}`, KEY.toUpperCase()]) expect(isPrivateKeyText(t), t).toBe(true);
    for (const t of [KEY.slice(1), `${KEY}0`, `${KEY.slice(1)}g`, `  ${KEY}`]) expect(isPrivateKeyText(t), t).toBe(false);
    expect(PRIVATE_KEY_TEXT_RE.test(`0x${KEY}`)).toBe(true);
  });

  it('free text holds a key when it has a run of 64 hex digits anywhere, a longer run included', () => {
    expect(holdsPrivateKeyText(`pay rent ${KEY} thanks`)).toBe(true);
    expect(holdsPrivateKeyText(`${KEY}${KEY}`)).toBe(true);
    expect(holdsPrivateKeyText(`txid ${KEY.slice(0, 12)}`)).toBe(false);
  });

  it('hasHexRun counts the run length asked for', () => {
    expect(hasHexRun('xx0123abcdxx', 8)).toBe(true);
    expect(hasHexRun('xx0123abcxx', 8)).toBe(false);
    expect(hasHexRun('0123456789abcdef'.repeat(2), 32)).toBe(true);
  });
});
