/**
 * The key-bytes scan's cases for keys and the keystore's passphrase: the methods of shared/api/tables/keys.ts, in the order they
 * run (test/integration/station-api-key-scan.test.ts runs the features' cases in its own order).
 */
import type { ScanCases, ScanContext } from './scan-case.ts';

export const KEYS_CASES = (t: ScanContext): ScanCases<'keys'> => ({
  keysStatus: { expect: 'ok', args: () => undefined },
  vaultUnlock: { expect: 'ok', args: () => ({ passphrase: t.passphrase }) },
  keysNew: { expect: 'ok', args: () => ({ label: 'made here' }), keep: (v) => (t.got.newKey = v.address as string) },
  keysImport: { expect: 'ok', args: () => ({ privateKeyHex: t.holder.priv, label: 'holder' }) },
  keysLabel: { expect: 'ok', args: () => ({ address: t.holder.b58, label: 'the holder' }) },
  keysList: { expect: 'ok', args: () => undefined },
  // docs/decisions.md §23: no Ledger is reachable here (the setting is usb): a DEVICE error is the answer scanned.
  keysLedgerAdd: { expect: 'any', args: () => ({ account: 0, label: 'on a device' }) },
  // Runs last, once the builds have made a transaction to plan.
  ledgerPlan: { last: true, expect: 'ok', args: () => ({ txId: t.got.txId }) },
  vaultLock: { last: true, expect: 'ok', args: () => undefined },
  keysDelete: { last: true, expect: 'ok', args: () => ({ address: t.extra.b58 }) },
});
