/**
 * A real station (station-harness.ts) holding a Ledger key (docs/decisions.md §23) that an account's permission
 * names: the virtual Ledger (test/helpers/virtual-ledger.ts) is the `ledger` setting, its account 0
 * is added as a key, and a snapshot of account N (owner 2-of-3 over [that Ledger key, B, C];
 * test/helpers/ledger-account-snapshot.ts) is imported, with one unsigned transfer from N built.
 * For the screens that list keys for a signer. Invariant: the Ledger key is added through the
 * station's own API (confirmed on the device), never written to the store.
 */
import { onTestFinished } from 'vitest';
import { TEST_ADDRESSES } from '../real-station.ts';
import { ACCOUNT_N, ledgerAccountSnapshot } from '../ledger-account-snapshot.ts';
import { startVirtualLedger, type VirtualLedger } from '../virtual-ledger.ts';
import { realStationState, type Harness } from './station-harness.ts';

export { ACCOUNT_N };

export interface LedgerAccount {
  h: Harness;
  device: VirtualLedger;
  /** The Ledger key's address and path as the station stored them. */
  ledger: { address: string; path: string };
  /** An unsigned transfer from N. */
  txId: string;
}

export async function withLedgerAccount(): Promise<LedgerAccount> {
  const v = await startVirtualLedger();
  onTestFinished(() => v.device.stop());
  const h = await realStationState({ count: 0 });
  await h.real.handlers.setSetting({ key: 'ledger', value: v.setting });
  await h.real.handlers.keysLedgerAdd({ account: 0, label: 'desk ledger' });
  const key = (await h.real.handlers.keysList(undefined)).keys.find((k) => k.vault === 'ledger')!;
  await h.real.handlers.snapshotImport({ fileName: 'n.json', text: ledgerAccountSnapshot(key.address, h.real.now()) });
  const built = await h.real.handlers.buildTransfer({ from: ACCOUNT_N, to: TEST_ADDRESSES.R, amount: '1000000', expiresIn: '2h' });
  return { h, device: v.device, ledger: { address: key.address, path: key.device!.path }, txId: built.txId };
}
