// @vitest-environment jsdom
/**
 * The words of the hardware mark (renderer/ui/hardware-mark.ts, shown by HardwareMark.svelte, docs/decisions.md §23): only a key of vault
 * `ledger` with a device is marked; matched by its whole base58 or hex address (any case of hex);
 * a stored path with hidden characters is shown escaped. The screens' tests (transaction, permissions,
 * queue) cover where the mark appears.
 */
import { describe, expect, it } from 'vitest';
import { hardwareMark } from './hardware-mark.ts';
import type { KeyView } from '../../shared/api/station-api.ts';

const LEDGER: KeyView = {
  address: 'TLedgerAddressLedgerAddressLedgr1',
  hex: '41aabbccddeeff00112233445566778899aabbccdd',
  label: 'desk',
  vault: 'ledger',
  createdAt: 0,
  device: { path: "44'/195'/0'/0/0", appVersion: '0.5.0' },
};
const VAULT: KeyView = { ...LEDGER, address: 'TVaultKeyVaultKeyVaultKeyVaultKe1', hex: '41' + '11'.repeat(20), vault: 'keystore', device: null };

describe('hardwareMark', () => {
  it('marks a Ledger key by its base58 or hex address, with its path', () => {
    expect(hardwareMark([VAULT, LEDGER], LEDGER.address)).toBe("Ledger 44'/195'/0'/0/0");
    expect(hardwareMark([VAULT, LEDGER], LEDGER.hex.toUpperCase())).toBe("Ledger 44'/195'/0'/0/0");
  });

  it('marks no vault key, no unknown address, nothing for an empty or missing address', () => {
    expect(hardwareMark([VAULT, LEDGER], VAULT.address)).toBeNull();
    expect(hardwareMark([VAULT, LEDGER], 'TSomeoneElse')).toBeNull();
    expect(hardwareMark([VAULT, LEDGER], LEDGER.address.slice(0, 10))).toBeNull();
    expect(hardwareMark([VAULT, LEDGER], '')).toBeNull();
    expect(hardwareMark([VAULT, LEDGER], null)).toBeNull();
    expect(hardwareMark([{ ...LEDGER, device: null }], LEDGER.address)).toBeNull();
  });

  it('shows a stored path with hidden characters escaped', () => {
    const odd = { ...LEDGER, device: { path: "44'/195'\u202E/0'", appVersion: '0.5.0' } };
    expect(hardwareMark([odd], LEDGER.address)).toBe("Ledger 44'/195'\\u{202E}/0'");
  });
});
