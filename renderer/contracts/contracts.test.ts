// @vitest-environment jsdom
/**
 * The Contracts screen against the real station (docs/decisions.md §17): a contract added with a typed symbol
 * and decimals is listed as claimed, not read from the node (the station is offline); the TRC-20
 * form checks the amount as it is typed with the token's decimals (a seventh decimal is refused
 * before anything is sent), reads the amount back in words, and builds through the API, opening
 * the new transaction; removing the contract empties the list. The form's Permission offers only
 * the stored account's permissions whose operations allow TriggerSmartContract (the owner always),
 * and the build carries the one chosen, with its Expires in and Note (checked as typed like the
 * other build forms): how a multi-signature account pays in TRC-20 by clicking.
 */
import { create } from '@bufbuild/protobuf';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { KeySchema, PermissionSchema, PermissionType, type Permission } from '../../shared/gen/protocol/core_pb.ts';
import { parseAddress } from '../../shared/chain/address.ts';
import { encodeOperations } from '../../shared/chain/operations.ts';
import { permissionView } from '../../shared/views/view.ts';
import ContractsScreen from './ContractsScreen.svelte';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation, type Harness } from '../../test/helpers/renderer/station-harness.ts';
import { recordArgs } from '../../test/helpers/renderer/record-args.ts';

afterEach(cleanup);

const TOKEN = TEST_ADDRESSES.R;

async function listToken(): Promise<void> {
  await screen.findByText(/None yet/);
  await fireEvent.input(screen.getByLabelText('Contract address'), { target: { value: TOKEN } });
  await fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Tether' } });
  await fireEvent.input(screen.getByLabelText('Symbol (if the node cannot be asked)'), { target: { value: 'USDT' } });
  await fireEvent.input(screen.getByLabelText('Decimals (likewise)'), { target: { value: '6' } });
  await fireEvent.click(screen.getByRole('button', { name: 'Add to the list' }));
  await screen.findByText('USDT, 6 decimals (claimed, not read from the node)');
}

/** Account M as the station shows it, replaced here: owner 0, active 2 "payments" (TRX only), active 3 "treasury" (contract calls). */
function storeAccount(h: Harness): void {
  const key = create(KeySchema, { address: parseAddress(TEST_ADDRESSES.A), weight: 1n });
  const permission = (type: PermissionType, id: number, permissionName: string, operations?: Uint8Array): Permission =>
    create(PermissionSchema, { type, id, permissionName, threshold: 1n, keys: [key], ...(operations && { operations }) });
  const show = h.real.handlers.accountShow;
  h.real.handlers.accountShow = async (args) => ({
    ...(await show(args)),
    permissions: (
      [
        ['owner', permission(PermissionType.Owner, 0, 'owner')],
        ['active', permission(PermissionType.Active, 2, 'payments', encodeOperations(['TransferContract']))],
        ['active', permission(PermissionType.Active, 3, 'treasury', encodeOperations(['TransferContract', 'TriggerSmartContract']))],
      ] as const
    ).map(([slot, p]) => {
      const view = permissionView(p);
      return { ...view, keys: view.keys.map((k) => ({ ...k, label: null })), slot };
    }),
  });
}

describe('the Contracts screen', () => {
  it('lists a contract, checks the TRC-20 amount as typed, builds, and removes', async () => {
    const h = await realStationState({ count: 3 });
    renderWithStation(ContractsScreen, h.station);
    await listToken();

    await fireEvent.input(screen.getByLabelText('From'), { target: { value: TEST_ADDRESSES.M } });
    await fireEvent.input(screen.getByLabelText('To'), { target: { value: TEST_ADDRESSES.A } });
    await fireEvent.input(screen.getByLabelText('Token contract'), { target: { value: TOKEN } });
    await fireEvent.input(screen.getByLabelText('Amount'), { target: { value: '1.0000001' } });
    expect(await screen.findByText('at most 6 decimal places')).toBeTruthy();
    expect(h.real.calls).not.toContain('buildTrc20Transfer');
    await fireEvent.input(screen.getByLabelText('Amount'), { target: { value: '1.5' } });
    expect(await screen.findByText('Sends 1.5 USDT.')).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Build TRC-20 transfer' }));
    await waitFor(() => expect(h.station.router.screen).toBe('transaction'));
    expect(h.real.calls).toContain('buildTrc20Transfer');

    await fireEvent.click(screen.getByRole('button', { name: 'Remove Tether' }));
    await screen.findByText(/None yet/);
  });

  it('offers only the permissions that allow a contract call, and builds under the one chosen', async () => {
    const h = await realStationState({ count: 3 });
    storeAccount(h);
    const seen: unknown[] = [];
    const real = h.real.handlers.buildTrc20Transfer;
    h.real.handlers.buildTrc20Transfer = (args) => {
      seen.push(args);
      return real(args);
    };
    renderWithStation(ContractsScreen, h.station);
    await listToken();
    await fireEvent.input(screen.getByLabelText('From'), { target: { value: TEST_ADDRESSES.M } });
    const select = await waitFor(() => {
      const el = screen.getByLabelText('Permission');
      expect(el.tagName).toBe('SELECT');
      return el as HTMLSelectElement;
    });
    // "payments" lacks TriggerSmartContract (bit 31): it is not offered.
    expect([...select.options].map((o) => o.textContent)).toEqual(['0 — owner (Owner)', '3 — treasury (Active)']);
    await fireEvent.change(select, { target: { value: '3' } });
    await fireEvent.input(screen.getByLabelText('To'), { target: { value: TEST_ADDRESSES.A } });
    await fireEvent.input(screen.getByLabelText('Token contract'), { target: { value: TOKEN } });
    await fireEvent.input(screen.getByLabelText('Amount'), { target: { value: '12.5' } });
    // Expires in and Note, as every build form has them: a bad duration is named beside its field.
    await fireEvent.input(screen.getByLabelText('Expires in'), { target: { value: '25h' } });
    expect(screen.getByLabelText('Expires in').getAttribute('aria-invalid')).toBe('true');
    await fireEvent.input(screen.getByLabelText('Expires in'), { target: { value: '90m' } });
    expect(screen.getByLabelText('Expires in').getAttribute('aria-invalid')).toBeNull();
    await fireEvent.input(screen.getByLabelText('Note'), { target: { value: 'invoice 9' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Build TRC-20 transfer' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen).toEqual([
      { from: TEST_ADDRESSES.M, to: TEST_ADDRESSES.A, token: TOKEN, amount: '12.5', permissionId: 3, expiresIn: '90m', note: 'invoice 9' },
    ]);
  });

  it("does not carry a transfer's fields, Expires in or Note onto the approval built after it", async () => {
    const h = await realStationState({ count: 3 });
    const transfers = recordArgs(h, 'buildTrc20Transfer');
    const approvals = recordArgs(h, 'buildTrc20Approve');
    renderWithStation(ContractsScreen, h.station);
    await listToken();
    const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    const type = (label: string, value: string) => fireEvent.input(input(label), { target: { value } });
    await type('From', TEST_ADDRESSES.M);
    await type('To', TEST_ADDRESSES.A);
    await type('Token contract', TOKEN);
    await type('Amount', '1.5');
    await type('Fee limit (TRX)', '30');
    await type('Expires in', '20s');
    await type('Note', 'transfer note');
    await fireEvent.click(screen.getByRole('button', { name: 'Build TRC-20 transfer' }));
    await waitFor(() => expect(transfers).toHaveLength(1));
    await waitFor(() => expect(input('Note').value).toBe(''));
    expect([input('Expires in').value, input('Amount').value, input('To').value, input('Fee limit (TRX)').value]).toEqual(['', '', '', '']);
    // The token and the account stay: the approval is for the same token, from the same account.
    expect([input('Token contract').value, input('From').value]).toEqual([TOKEN, TEST_ADDRESSES.M]);
    await fireEvent.change(screen.getByDisplayValue('Transfer'), { target: { value: 'approve' } });
    await type('Spender', TEST_ADDRESSES.B);
    await type('Amount', '2');
    await fireEvent.click(screen.getByRole('button', { name: 'Build TRC-20 approval' }));
    await waitFor(() => expect(approvals).toHaveLength(1));
    expect(transfers).toEqual([
      { from: TEST_ADDRESSES.M, to: TEST_ADDRESSES.A, token: TOKEN, amount: '1.5', permissionId: 0, feeLimit: '30', expiresIn: '20s', note: 'transfer note' },
    ]);
    expect(approvals).toEqual([{ from: TEST_ADDRESSES.M, spender: TEST_ADDRESSES.B, token: TOKEN, amount: '2', permissionId: 0 }]);
  });
});
