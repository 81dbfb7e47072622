/**
 * The UI's wording layer (renderer/app/words.ts, docs/decisions.md §18 "Messages in the user's words everywhere
 * in the desktop UI"): the station's own refusals, raised by the shared code that raises them for
 * the command line, come out without a command-line flag or command, an all-caps node code, a
 * dotted field path, the word "coin" for TRX, or a time with milliseconds. The command line's
 * texts are not touched (the shared functions still say what they said).
 */
import { describe, expect, it } from 'vitest';
import { AirlockError, ERROR_CODES, toErrorData, type ErrorData } from '../../shared/base/errors.ts';
import { checkEnvelope } from '../../shared/files/envelope.ts';
import { HANDOFF } from '../../shared/files/handoff.ts';
import { sayError, sayText } from './words.ts';

/** What a UI refusal must never show (docs/decisions.md §18). */
function developerLanguage(text: string): string[] {
  const found: string[] = [];
  if (text.includes('--')) found.push('a command-line flag');
  if (/\bairlock [a-z]/.test(text)) found.push('an airlock command');
  if (/\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b/.test(text)) found.push('an all-caps code');
  if (/\b[a-z][A-Za-z0-9_]*(?:\[\d+\])?\.[a-z][A-Za-z0-9_]*(?:\[\d+\])?\s*:/.test(text)) found.push('a field path');
  if (/^[a-z][a-z0-9]*(?:-[a-z0-9]+)+:/.test(text)) found.push("an option's name");
  if (/\d coin\b/.test(text)) found.push('"coin" for TRX');
  if (/\d{2}:\d{2}:\d{2}\.\d{3}/.test(text)) found.push('milliseconds');
  return found;
}

function refusal(run: () => unknown): ErrorData {
  try {
    run();
  } catch (e) {
    return toErrorData(e);
  }
  throw new Error('expected a refusal');
}

// The station's messages as the desktop app receives them today; those with a command-line hint
// are as cli/station-support.ts withCliHint words them, the keychain's as station/vault/keychain-vault.ts.
const KEYCHAIN_MISSING: ErrorData = {
  code: 'VAULT_UNAVAILABLE',
  message:
    'The OS keychain cannot be used (Platform secure storage failure: zbus error: I/O error: No such file or directory (os error 2): /run/user/0/bus). On a desktop, unlock the login keyring. Without one, install and start gnome-keyring (`apt-get install gnome-keyring dbus`; run inside a D-Bus session with `gnome-keyring-daemon --unlock --components=secrets`), or keep keys in a passphrase-encrypted keystore file instead: Settings, Vault (airlock settings set vault keystore).',
  details: { cause: 'Platform secure storage failure: zbus error: I/O error: No such file or directory (os error 2): /run/user/0/bus' },
};

describe('a refusal in the UI', () => {
  it('never names a flag, a command, a node code or a field path', () => {
    const samples: ErrorData[] = [
      KEYCHAIN_MISSING,
      { code: 'VAULT_LOCKED', message: 'The keystore is locked (in a terminal: --passphrase-file F or --passphrase-fd N)', details: { field: 'passphrase' } },
      {
        code: 'EXPIRED',
        message:
          'transaction 00aa expired 2 h 05 min ago (2026-11-24T10:00:00.000Z); the node will refuse it. Reissue it (airlock reissue TXID) and collect the signatures again: signatures on the old one do not carry over.',
        details: { field: 'raw_data.expiration' },
      },
      { code: 'NODE_ERROR', message: 'the node refused it: CONTRACT_VALIDATE_ERROR, Validate signature error', details: {} },
      { code: 'PERMISSION', message: 'NOT_ENOUGH_PERMISSION: weight 1 of 2', details: {} },
      { code: 'PERMISSION', message: 'permission-id: account TAbc has no permission 2', details: { field: 'permission-id' } },
      refusal(() => checkEnvelope({ format: 'other.thing', version: 1 }, HANDOFF, 'handoff')),
      refusal(() => checkEnvelope({ format: 'airlock.handoff', version: 99 }, HANDOFF, 'handoff')),
      refusal(() => checkEnvelope({ format: 'airlock.handoff', version: 'one' }, HANDOFF, 'handoff')),
    ];
    for (const error of samples) expect([error.message, developerLanguage(sayError(error))]).toEqual([error.message, []]);
    // The shared code still says what the command line pins.
    expect(samples[6]!.message).toMatch(/^handoff\.format: expected "airlock\.handoff"/);
  });

  it("offers the keystore in words in place of the keychain's raw D-Bus error", () => {
    const said = sayError(KEYCHAIN_MISSING);
    expect(said).not.toMatch(/zbus|\/run\/user|gnome-keyring-daemon/);
    expect(said).toContain('Use a keystore file');
  });

  it('keeps a file name that leads a refusal, where a field path would be reworded', () => {
    expect(sayText('edited.airlock.json: a signature does not match the bytes')).toBe('edited.airlock.json: a signature does not match the bytes');
    expect(sayText('batch.CSV: row 3 has no amount')).toBe('batch.CSV: row 3 has no amount');
    expect(sayText('handoff.format: expected airlock.handoff')).not.toContain('handoff.format');
  });

  it('words a node code by what it means, and an unknown one in lower case', () => {
    expect(sayText('ENOUGH_PERMISSION (weight 2 of 2)')).toBe('the signatures are enough (weight 2 of 2)');
    expect(sayText('SOME_NEW_CODE happened')).toBe('some new code happened');
  });

  it('calls the coin TRX, with thousands separators, and keeps other words', () => {
    expect(sayText('Send 1234567.5 coin from Ana to Bo')).toBe('Send 1,234,567.5 TRX from Ana to Bo');
    expect(sayText('Pay 12 coin to a bitcoin fan')).toBe('Pay 12 TRX to a bitcoin fan');
  });

  it('shows a time in local time without milliseconds', () => {
    const said = sayText('expired at 2026-11-24T10:00:00.123Z');
    expect(said).not.toContain('.123');
    expect(said).not.toContain('T10:00');
  });

  it('leaves every code a refusal can carry with a message in words (none empty)', () => {
    for (const code of ERROR_CODES) expect(sayError(toErrorData(new AirlockError(code, 'x: something went wrong'))).length).toBeGreaterThan(0);
  });
});
