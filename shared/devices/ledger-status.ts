/**
 * The TRON Ledger app's status words in the signer's words (docs/decisions.md §23): each says what happened and
 * what to do (open the TRON app, unlock the device, turn on a setting, the signer declined). The
 * codes are the app's (LedgerHQ/app-tron src/app_errors.h) and the device's own for a locked device
 * or no app open.
 *
 * Invariant: every status word but 0x9000 becomes a DEVICE error whose message is one of these
 * sentences, with details.statusWord; a word never seen here is named in hex and called unknown,
 * never guessed at. Messages say that nothing was signed or stored.
 */
import { fail } from '../base/errors.ts';
import { SW_OK } from './ledger-apdu.ts';

/** The settings of the TRON app a transaction may need turned on (its Settings menu). */
export type LedgerSetting = 'allowData' | 'customContracts' | 'signByHash';

/** The names the app's Settings menu gives them. */
export const LEDGER_SETTING_NAMES: Readonly<Record<LedgerSetting, string>> = {
  allowData: 'Allow data',
  customContracts: 'Custom contracts',
  signByHash: 'Sign by hash',
};

const WORDS: ReadonlyMap<number, string> = new Map([
  [0x6985, 'The signer declined on the device. Nothing was signed.'],
  [
    0x6a80,
    'The TRON app cannot read this transaction (a contract type it does not know, more than 5 votes, or a field it does not expect), so it cannot sign it. Nothing was signed.',
  ],
  [0x6a8b, 'This transaction carries a memo (data): on the device open the TRON app, Settings, and turn on "Allow data", then sign again.'],
  [0x6a8c, 'The device can sign this only by its hash: on the device open the TRON app, Settings, and turn on "Sign by hash", then sign again.'],
  [
    0x6a8d,
    'This is a call to a contract the device does not know: on the device open the TRON app, Settings, and turn on "Custom contracts", then sign again.',
  ],
  [0x6a8a, 'The device refused the derivation path. Nothing was signed.'],
  [0x6a8e, 'The device is in an exchange (swap) flow and refused this. Close it, open the TRON app, and try again.'],
  [0x6700, 'The device refused the length of what was sent (the TRON app may be too old). Update the TRON app and try again.'],
  [0x6b00, 'The device refused the command (the TRON app may be too old). Update the TRON app and try again.'],
  [0x6d00, 'The app open on the device does not know this command: open the TRON app (version 0.7 or later) on the device and try again.'],
  [0x6e00, 'Another app is open on the device: open the TRON app on the device and try again.'],
  [0x6e01, 'No app is open on the device: unlock it and open the TRON app, then try again.'],
  [0x6511, 'No app is open on the device: unlock it and open the TRON app, then try again.'],
  [0x6d02, 'No app is open on the device: unlock it and open the TRON app, then try again.'],
  [0x6982, 'The device is locked: unlock it with its PIN, open the TRON app, and try again.'],
  [0x5515, 'The device is locked: unlock it with its PIN, open the TRON app, and try again.'],
]);

/** The sentence for a status word, or null for 0x9000. */
export function statusWordText(statusWord: number): string | null {
  if (statusWord === SW_OK) return null;
  return (
    WORDS.get(statusWord) ??
    `The device answered status word 0x${statusWord.toString(16).padStart(4, '0')}, which Airlock does not know. Nothing was signed or stored; check that the TRON app is open and up to date.`
  );
}

/** Which setting a status word asks for, if it is one of the three. */
export function settingOfStatusWord(statusWord: number): LedgerSetting | null {
  return statusWord === 0x6a8b ? 'allowData' : statusWord === 0x6a8d ? 'customContracts' : statusWord === 0x6a8c ? 'signByHash' : null;
}

/** Throws DEVICE with the sentence unless the status word is 0x9000. */
export function checkStatusWord(statusWord: number): void {
  const text = statusWordText(statusWord);
  if (text !== null) fail('DEVICE', text, { statusWord: `0x${statusWord.toString(16).padStart(4, '0')}`, setting: settingOfStatusWord(statusWord) });
}
