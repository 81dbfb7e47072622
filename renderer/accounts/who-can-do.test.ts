// @vitest-environment jsdom
/**
 * components/WhoCanDo.svelte on its own, as the permission editor will use it for proposed
 * permissions: a real table with row and column headers; only rows one key alone can do are
 * flagged; labels are escaped; permissions that cannot be analysed give one alert, not a table.
 */
import { create } from '@bufbuild/protobuf';
import { cleanup, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { KeySchema, PermissionSchema, PermissionType } from '../../shared/gen/protocol/core_pb.ts';
import { addressToBase58, addressToHex, type Address } from '../../shared/chain/address.ts';
import { addressOfPrivateKey, privateKeyFromHex } from '../../shared/chain/keys.ts';
import { encodeOperations } from '../../shared/chain/operations.ts';
import { permissionView } from '../../shared/views/view.ts';
import WhoCanDo from './WhoCanDo.svelte';

afterEach(cleanup);

const [A, B, C, OWNER] = ['31', '32', '33', '34'].map((b) => addressOfPrivateKey(privateKeyFromHex(b.repeat(32)))) as [Address, Address, Address, Address];

function account(ownerThreshold: bigint, activeThreshold: bigint) {
  const owner = create(PermissionSchema, {
    type: PermissionType.Owner,
    id: 0,
    permissionName: 'owner',
    threshold: ownerThreshold,
    keys: [A, B, C].map((address) => create(KeySchema, { address, weight: 1n })),
  });
  const pay = create(PermissionSchema, {
    type: PermissionType.Active,
    id: 2,
    permissionName: 'pay',
    threshold: activeThreshold,
    operations: encodeOperations(['TransferAssetContract']),
    keys: [A, B].map((address) => create(KeySchema, { address, weight: 1n })),
  });
  return { address: addressToBase58(OWNER), hex: addressToHex(OWNER), permissions: [permissionView(owner), permissionView(pay)] };
}

describe('WhoCanDo', () => {
  it('is a table with a header per key and per contract type; with 2-of-3 and 2-of-2 no row is flagged', () => {
    render(WhoCanDo, { props: { account: account(2n, 2n), caption: 'Proposed' } });
    const table = screen.getByRole('table', { name: /^Proposed/ });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.querySelector('summary')?.textContent ?? th.textContent!.trim()),
    ).toEqual(['Payments: Token transfer', 'Account and permissions: Permission update', 'Any other operation']);
    expect(within(table).queryAllByText('One key alone')).toEqual([]);
    expect(screen.getByText('No key alone can do anything.')).toBeTruthy();
  });

  it('flags exactly the rows one key alone can do, and names the key by its label, escaped', () => {
    const labels = new Map([[addressToBase58(A), 'Ana \u202Elaptop']]);
    render(WhoCanDo, { props: { account: account(2n, 1n), labelOf: (a: { base58: string | null }) => labels.get(a.base58 ?? '') ?? null } });
    const table = screen.getByRole('table');
    const flagged = within(table)
      .getAllByText('One key alone')
      .map((el) => el.closest('tr')!.querySelector('summary')!.textContent);
    expect(flagged).toEqual(['Payments: Token transfer']);
    expect(within(table).getAllByRole('columnheader')[1]!.textContent).toContain('Ana \\u{202E}laptop');
    expect(document.body.textContent).not.toContain('\u202E');
    expect(screen.getByText(`One key alone can send TRC-10 tokens: Ana \\u{202E}laptop (${addressToBase58(A)}).`)).toBeTruthy();
  });

  it("shows the operations of a group row in words, with java-tron's name in small type", () => {
    render(WhoCanDo, { props: { account: account(2n, 2n) } });
    const row = within(screen.getByRole('table')).getByRole('row', { name: /^Payments: Token transfer/ });
    expect(row.querySelector('li')!.textContent).toBe('Token transfer TransferAssetContract');
    expect(row.querySelector('li .name')!.textContent).toBe('TransferAssetContract');
  });

  it('shows one alert instead of a table for permissions it cannot analyse (more than 10 keys)', () => {
    const base = account(2n, 2n);
    const many = {
      ...base.permissions[0]!,
      keys: Array.from({ length: 11 }, (_, i) => ({ address: { hex: `41${String(i).padStart(40, '0')}`, base58: null }, weight: '1' })),
    };
    render(WhoCanDo, { props: { account: { ...base, permissions: [many] } } });
    expect(screen.getByRole('alert').textContent).toContain('at most 10 keys');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
