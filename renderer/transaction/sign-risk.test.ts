// @vitest-environment jsdom
/**
 * Clear signing on the sign panel (docs/decisions.md §17): a contract call whose data decodes to no known
 * function, imported into the real station as a handoff file, shows its warning before the sign
 * buttons; the buttons stay disabled until the box naming the risk is ticked; then signing goes
 * through the API with that risk accepted (test/integration/station-contracts.test.ts checks the audit entry).
 */
import { create } from '@bufbuild/protobuf';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import TransactionScreen from './TransactionScreen.svelte';
import { addressFromBase58 } from '../../shared/chain/address.ts';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { createTransaction } from '../../shared/chain/transaction.ts';
import { exportHandoff, stringifyHandoff } from '../../shared/files/handoff.ts';
import { permissionsToJson } from '../../shared/files/snapshot.ts';
import { PermissionSchema, PermissionType } from '../../shared/gen/protocol/core_pb.ts';
import { TriggerSmartContractSchema } from '../../shared/gen/protocol/smart_contract_pb.ts';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

describe('the sign panel and a call it cannot show in words', () => {
  it('shows the warning, holds the buttons until the risk is ticked by name, then signs with it accepted', async () => {
    const h = await realStationState({ count: 3 });
    const now = h.real.now();
    const owner = addressFromBase58(TEST_ADDRESSES.M);
    const call = create(TriggerSmartContractSchema, { ownerAddress: owner, contractAddress: hexToBytes('41' + '22'.repeat(20)), data: hexToBytes('deadbeef') });
    const tx = createTransaction(
      { type: 'TriggerSmartContract', value: call },
      { refBlockBytes: hexToBytes('0001'), refBlockHash: hexToBytes('00'.repeat(8)), expiration: now + 3_600_000, timestamp: now, feeLimit: 10_000_000n },
    );
    const ownerPermission = create(PermissionSchema, {
      type: PermissionType.Owner,
      permissionName: 'owner',
      threshold: 2n,
      keys: (['A', 'B', 'C'] as const).map((k) => ({ address: addressFromBase58(TEST_ADDRESSES[k]), weight: 1n })),
    });
    const permission = {
      address: TEST_ADDRESSES.M,
      permissions: permissionsToJson({ owner: ownerPermission, actives: [] }),
      source: { file: 'call.json' },
      at: now,
    };
    const text = stringifyHandoff(exportHandoff({ tx, permission, now }));
    await h.real.handlers.importFiles({ files: [{ name: 'call.airlock.json', text }] });
    const txId = bytesToHex(tx.txId);
    h.station.router.openTransaction(txId);
    renderWithStation(TransactionScreen, h.station);
    await screen.findByRole('heading', { name: 'Sign' });
    await waitFor(() => expect(h.station.transaction.tx).not.toBeNull());

    expect(screen.getByText(/selector 0xdeadbeef is not a TRC-20 function/)).toBeTruthy();
    const button = screen.getByRole('button', { name: /^Sign with Ana laptop/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await fireEvent.click(screen.getByRole('checkbox', { name: /I accept the risk “unknown-function”/ }));
    expect(button.disabled).toBe(false);
    await fireEvent.click(button);
    await waitFor(() => expect(h.station.transaction.tx!.status).toBe('collecting'));
    expect(h.real.calls).toContain(`sign ${TEST_ADDRESSES.A}`);
  });
});
