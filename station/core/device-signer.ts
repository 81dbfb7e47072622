/**
 * Signing and asking with a key on a Ledger (docs/decisions.md §23), for every feature that needs the device:
 * the keys feature (add a key, prove it), the signing flow. Opens the transport the `ledger`
 * setting names for one call and closes it whatever happens.
 *
 * Invariants: the bytes the device signs are the stored transaction's raw bytes (the caller passes
 * the store's record, never anything from the renderer); a signature is returned only when it
 * recovers to the key's address over sha256 of those bytes (station/devices/ledger-client.ts); the
 * device's path is the one stored with the key.
 */
import { fail } from '../../shared/base/errors.ts';
import { parseLedgerPath } from '../../shared/devices/ledger-apdu.ts';
import { LedgerClient } from '../devices/ledger-client.ts';
import { openLedgerTransport, storedLedgerSetting } from '../devices/ledger-setting.ts';
import type { KeyRecord } from '../store/keys.ts';
import type { StationContext } from './context.ts';

/** Runs `fn` with a client on the device the setting names; the transport is closed after. */
export async function withLedger<T>(ctx: StationContext, fn: (ledger: LedgerClient) => Promise<T>): Promise<T> {
  const ledger = new LedgerClient(await openLedgerTransport(storedLedgerSetting(ctx.store), ctx.options.ledgerTimeoutMs));
  try {
    return await fn(ledger);
  } finally {
    await ledger.close().catch(() => undefined);
  }
}

/** The path stored with a Ledger key. */
export function devicePath(key: KeyRecord): number[] {
  if (key.vault !== 'ledger' || key.device === null) fail('INTERNAL', 'device-signer: not a key on a device');
  return parseLedgerPath(key.device.path, 'key');
}

/** Has the device sign a personal message with `key` (a proof of possession): the checked signature. */
export async function signMessageOnLedger(ctx: StationContext, key: KeyRecord, message: Uint8Array): Promise<Uint8Array> {
  const path = devicePath(key);
  return withLedger(ctx, (ledger) => ledger.signMessage(path, message, key.address));
}

/** Has the device sign the stored raw bytes with `key`: the checked signature, v = 0/1. */
export async function signOnLedger(ctx: StationContext, key: KeyRecord, rawBytes: Uint8Array): Promise<Uint8Array> {
  const path = devicePath(key);
  return withLedger(ctx, async (ledger) => (await ledger.signTransaction(path, rawBytes, key.address)).signature);
}
