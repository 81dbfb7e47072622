/**
 * The `ledger` setting (docs/decisions.md §23): how the station reaches a Ledger: `usb` (the default) or
 * `speculos:http://127.0.0.1:PORT`, the Speculos emulator's API port. Read here, opened here.
 *
 * Invariant: a stored value that is not one of these reads as usb with nothing opened elsewhere;
 * the emulator is only ever reached on loopback (speculos-transport.ts).
 */
import { fail } from '../../shared/base/errors.ts';
import { speculosUrl, SpeculosTransport } from './speculos-transport.ts';
import type { LedgerTransport, LedgerTransportSetting } from './transport.ts';
import { openUsbTransport } from './usb-transport.ts';

export const SETTING_LEDGER = 'ledger';

/** Reads `usb` or `speculos:http://HOST:PORT`; anything else is refused naming the forms. */
export function readLedgerSetting(value: unknown, field = 'value'): LedgerTransportSetting {
  if (value === 'usb') return { kind: 'usb' };
  if (typeof value === 'string' && value.startsWith('speculos:')) return { kind: 'speculos', url: speculosUrl(value.slice('speculos:'.length), field) };
  return fail('INVALID_INPUT', `${field}: expected usb or speculos:http://127.0.0.1:PORT (the emulator's API port)`, { field });
}

/** The setting as stored and shown. */
export const ledgerSettingText = (s: LedgerTransportSetting): string => (s.kind === 'usb' ? 'usb' : `speculos:${s.url}`);

/** The stored setting, usb when none (or an unreadable one) is stored. */
export function storedLedgerSetting(store: { getSetting(key: string): unknown }): LedgerTransportSetting {
  const v = store.getSetting(SETTING_LEDGER);
  try {
    return v === undefined ? { kind: 'usb' } : readLedgerSetting(v);
  } catch {
    return { kind: 'usb' };
  }
}

/** Opens the transport the setting names. */
export async function openLedgerTransport(setting: LedgerTransportSetting, timeoutMs?: number): Promise<LedgerTransport> {
  return setting.kind === 'usb' ? openUsbTransport(timeoutMs) : new SpeculosTransport(setting.url, timeoutMs);
}
