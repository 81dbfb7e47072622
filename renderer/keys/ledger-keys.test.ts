// @vitest-environment jsdom
/**
 * Keys on a Ledger in the Keys screen (docs/decisions.md §23), over a real station and the virtual Ledger
 * (test/helpers/virtual-ledger.ts) behind the Speculos API on loopback: a key is added by account
 * index, its address confirmed on the device, and listed as a hardware key with its path; a signer
 * who rejects the address on the device gets the station's sentence and no key is added.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import KeysScreen from './KeysScreen.svelte';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';
import { startVirtualLedger } from '../../test/helpers/virtual-ledger.ts';
import { ledgerPathForAccount, parseLedgerPath } from '../../shared/devices/ledger-apdu.ts';

afterEach(cleanup);

async function open() {
  const v = await startVirtualLedger();
  onTestFinished(() => v.device.stop());
  const h = await realStationState({ count: 1 });
  await h.real.handlers.setSetting({ key: 'ledger', value: v.setting });
  renderWithStation(KeysScreen, h.station);
  await screen.findByRole('heading', { name: 'Keys' });
  await waitFor(() => expect(h.station.keys.keys.length).toBeGreaterThan(0));
  return { h, device: v.device };
}

describe('Ledger keys on the Keys screen', () => {
  it('adds a key by account index, confirmed on the device, and marks it as hardware with its path', async () => {
    const { h, device } = await open();
    await fireEvent.input(screen.getByLabelText('Ledger account index or derivation path'), { target: { value: '3' } });
    await fireEvent.input(screen.getAllByLabelText('Label').at(-1)!, { target: { value: 'desk ledger' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Add a Ledger key' }));
    const address = device.addressOf(parseLedgerPath(ledgerPathForAccount(3)));
    await screen.findByText("Ledger (hardware) at 44'/195'/3'/0/0, TRON app 0.7.1");
    expect(screen.getByText('desk ledger')).toBeTruthy();
    expect(device.shown).toEqual([expect.objectContaining({ ins: 'address', owner: address })]);
    expect(h.station.keys.keys.find((k) => k.address === address)?.vault).toBe('ledger');
  });

  it('says so when the signer rejects the address on the device, and adds nothing', async () => {
    const { h, device } = await open();
    device.decide = () => 'reject';
    const before = h.station.keys.keys.length;
    await fireEvent.click(screen.getByRole('button', { name: 'Add a Ledger key' }));
    await screen.findByText(/The address was not confirmed on the device/);
    await waitFor(() => expect(h.station.keys.keys.length).toBe(before));
    expect(h.station.keys.keys.some((k) => k.vault === 'ledger')).toBe(false);
  });
});
