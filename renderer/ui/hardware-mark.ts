/**
 * The words of a hardware key's mark (docs/decisions.md §23), for ui/HardwareMark.svelte and the queue's "Could
 * still sign" text: "Ledger <path>" for a key of vault `ledger` with a device, matched by its whole
 * base58 or hex address, else null. The path is a stored claim: escaped (format.ts).
 */
import type { KeyView } from '../../shared/api/station-api.ts';
import { shown } from '../app/format.ts';

/** The words for `address` when it is a Ledger key of this station ("Ledger 44'/195'/0'/0/0"), else null. */
export function hardwareMark(keys: readonly KeyView[], address: string | null | undefined): string | null {
  if (!address) return null;
  const key = keys.find((k) => k.vault === 'ledger' && (k.address === address || k.hex.toLowerCase() === address.toLowerCase()));
  return key?.device ? `Ledger ${shown(key.device.path)}` : null;
}
