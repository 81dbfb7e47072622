/**
 * shared/base/duration.ts: the one expiration rule of the CLI, the services, the API schema and the
 * renderer's forms (more than 0, at most 24 h, the node's limit).
 */
import { describe, expect, it } from 'vitest';
import { DURATION_RE, parseDuration } from './duration.ts';
import { MAX_EXPIRATION_MS } from './limits.ts';

describe('parseDuration', () => {
  it('reads each unit', () => {
    expect(parseDuration('12h')).toBe(12 * 3_600_000);
    expect(parseDuration('90m')).toBe(90 * 60_000);
    expect(parseDuration('90min')).toBe(90 * 60_000);
    expect(parseDuration('45s')).toBe(45_000);
    expect(parseDuration('1d')).toBe(MAX_EXPIRATION_MS);
    expect(parseDuration('1500')).toBe(1500);
    expect(parseDuration(' 2h ')).toBe(7_200_000);
    expect(parseDuration(60_000)).toBe(60_000);
  });

  it('refuses 0, more than 24 h (as text or as ms) and anything else, naming the field', () => {
    expect(() => parseDuration('0h', 'Expires in')).toThrow('Expires in: must be longer than 0');
    expect(() => parseDuration('25h', 'Expires in')).toThrow('Expires in: at most 24h');
    expect(() => parseDuration(MAX_EXPIRATION_MS + 1)).toThrow('at most 24h');
    expect(() => parseDuration(-5)).toThrow('must be longer than 0');
    for (const bad of ['12 h', '1w', 'h', '-1h', '1.5h', '']) expect(() => parseDuration(bad, 'x'), bad).toThrow('x: expected a duration');
  });

  it("the limit is the node's MAX_EXPIRATION_MS (shared/base/limits.ts): exactly it is accepted, one ms more is not", () => {
    expect(parseDuration(MAX_EXPIRATION_MS)).toBe(MAX_EXPIRATION_MS);
    expect(() => parseDuration(MAX_EXPIRATION_MS + 1)).toThrow('at most 24h');
  });

  it('the pattern is the API schema pattern: what the form accepts, the API accepts', () => {
    expect(DURATION_RE.test('12h') && DURATION_RE.test('90min') && !DURATION_RE.test('12 h')).toBe(true);
  });
});
