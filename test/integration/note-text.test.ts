/**
 * A transaction's note is checked by the handoff file's rule when it is written (docs/decisions.md §16: a note
 * holding U+202E was accepted at build, and then every export of that transaction was refused, for
 * good). Through the real station's API handlers: a bidirectional override or control character in
 * a note is refused in words naming the field and the code point, nothing is stored, and a note with
 * a line break builds and exports.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AirlockError } from '../../shared/base/errors.ts';
import { openRealStation, TEST_ADDRESSES, type RealStation } from '../helpers/real-station.ts';

let station: RealStation | undefined;
afterEach(() => station?.close());

async function refusal(call: () => unknown): Promise<AirlockError> {
  try {
    await call();
  } catch (e) {
    if (e instanceof AirlockError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('a note is refused at build when a handoff file could not carry it', () => {
  it('U+202E in a note: INVALID_INPUT naming note and U+202E; the queue is unchanged', async () => {
    station = await openRealStation({ count: 1 });
    const h = station.handlers;
    const before = (await h.list({})).total;
    const e = await refusal(() => h.buildTransfer({ from: TEST_ADDRESSES.M, to: TEST_ADDRESSES.R, amount: '5', note: 'rent \u202Eevil' }));
    expect(e.code).toBe('INVALID_INPUT');
    expect(e.details?.field).toBe('note');
    expect(e.message).toContain('U+202E');
    expect((await h.list({})).total).toBe(before);
  });

  it('a note with a line break and a tab builds, and its handoff file exports', async () => {
    station = await openRealStation({ count: 1 });
    const h = station.handlers;
    const built = await h.buildTransfer({ from: TEST_ADDRESSES.M, to: TEST_ADDRESSES.R, amount: '5', note: 'rent\n\tMay' });
    const exported = await h.exportHandoff({ txId: built.txId });
    expect(JSON.parse(exported.text).note).toBe('rent\n\tMay');
  });
});
