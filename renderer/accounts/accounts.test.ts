// @vitest-environment jsdom
/**
 * The Accounts screen (docs/decisions.md §10 "Accounts"), over the real station: the tab, the stored account
 * picked from the list with its permissions, labels, operations by name with the hex beside,
 * source and age; the address checked as it is typed (a private key's shape is refused and never
 * sent); a fetch the node cannot answer shown as the station's error; a real snapshot file
 * imported and shown; a tampered one refused with nothing stored.
 */
import { create } from '@bufbuild/protobuf';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { KeySchema, PermissionSchema, PermissionType } from '../../shared/gen/protocol/core_pb.ts';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { addressOfPrivateKey, privateKeyFromHex } from '../../shared/chain/keys.ts';
import { encodeOperations } from '../../shared/chain/operations.ts';
import { parseAddress } from '../../shared/chain/address.ts';
import { exportSnapshot, permissionsToJson, stringifySnapshot } from '../../shared/files/snapshot.ts';
import App from '../app/App.svelte';
import AccountsScreen from './AccountsScreen.svelte';
import { TEST_ADDRESSES, TEST_NOW } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

const HOUR = 3_600_000;

async function openAccounts() {
  const h = await realStationState({ count: 3 });
  renderWithStation(AccountsScreen, h.station);
  await screen.findByRole('button', { name: TEST_ADDRESSES.M });
  return h;
}

function chooseSnapshot(name: string, text: string) {
  const input = screen.getByLabelText('Snapshot file') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [new File([text], name, { type: 'application/json' })], configurable: true });
  return fireEvent.change(input);
}

/**
 * A snapshot holding one account E whose owner is E alone (a bidi character in its name), and an
 * active `daily` (id 2) in which C alone may send the coin.
 */
function snapshotText(at: number) {
  const e = addressOfPrivateKey(privateKeyFromHex('77'.repeat(32)));
  const owner = create(PermissionSchema, {
    type: PermissionType.Owner,
    id: 0,
    permissionName: 'own\u202Eer',
    threshold: 1n,
    keys: [create(KeySchema, { address: e, weight: 1n })],
  });
  const daily = create(PermissionSchema, {
    type: PermissionType.Active,
    id: 2,
    permissionName: 'daily',
    threshold: 1n,
    operations: encodeOperations(['TransferContract']),
    keys: [create(KeySchema, { address: parseAddress(TEST_ADDRESSES.C), weight: 1n })],
  });
  const account = {
    address: addressToBase58(e),
    exists: true,
    permissions: permissionsToJson({ owner, actives: [daily] }),
    balance: '7000000',
    tokens: [],
    source: { node: 'http://127.0.0.1:8090', block: 120 },
    at,
  };
  const block = { number: 120, id: (120).toString(16).padStart(16, '0') + 'ab'.repeat(24), timestamp: at };
  return {
    address: addressToBase58(e),
    text: stringifySnapshot(exportSnapshot({ node: 'http://127.0.0.1:8090', block, accounts: [account], exportedAt: at })),
  };
}

describe('the Accounts screen', () => {
  it('is a tab of the window', async () => {
    const h = await realStationState({ count: 3 });
    renderWithStation(App, h.station, { station: h.station });
    await fireEvent.click(within(screen.getByRole('navigation', { name: 'Screens' })).getByRole('button', { name: 'Accounts' }));
    expect(await screen.findByRole('heading', { name: 'Accounts', level: 2 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fetch from node' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import snapshot' })).toBeTruthy();
  });

  it('shows a stored account picked from the list: permissions, labels, weights, operations by name with the hex, source, age, balances', async () => {
    const h = await openAccounts();
    await fireEvent.click(screen.getByRole('button', { name: TEST_ADDRESSES.M }));
    const article = await screen.findByRole('article');
    expect(h.station.router.account).toBe(TEST_ADDRESSES.M);
    const owner = within(article).getByRole('region', { name: 'Owner permission 0' });
    expect(within(owner).getByText(/^Threshold 2/)).toBeTruthy();
    const rows = within(owner)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    // Labels as the station resolves them: a key's own (A), then the address book's (B, C).
    expect(rows).toEqual([
      ['Ana laptop', TEST_ADDRESSES.A, '1'],
      ['Bo desktop', TEST_ADDRESSES.B, '1'],
      ['Cy phone', TEST_ADDRESSES.C, '1'],
    ]);
    expect(within(owner).getByText(/^Operations: every contract type/)).toBeTruthy();
    expect(article.textContent).toContain('file snapshot.json');
    expect(article.textContent).toContain('1 h old');
    // docs/decisions.md §18: TRX with thousands separators; a holding by the token's name and decimals.
    expect(article.textContent).toContain('1,234.5 TRX');
    expect(article.textContent).not.toMatch(/\bcoin\b/);
    await waitFor(() =>
      expect(article.textContent!.replace(/\s+/g, ' ')).toContain('25 GLD (Gold, token 1000001; its decimals: ⚠ unverified claim from file snapshot.json'),
    );
    expect(article.textContent).not.toContain('smallest units');
    await fireEvent.click(within(article).getByRole('button', { name: 'Edit permissions' }));
    expect([h.station.router.screen, h.station.router.account]).toEqual(['permissions', TEST_ADDRESSES.M]);
  });

  it('shows who alone can do what for the 2-of-3 owner: every row needs two of A, B, C; no key alone', async () => {
    await openAccounts();
    await fireEvent.click(screen.getByRole('button', { name: TEST_ADDRESSES.M }));
    const table = await screen.findByRole('table', { name: /^Who can do what with/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent!.trim());
    expect(headers[0]).toBe('Operations');
    expect(headers[1]).toContain('Ana laptop');
    const update = within(table).getByRole('row', { name: /Permission update/ });
    expect(
      within(update)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'with Bo desktop, by owner; or with Cy phone, by owner',
      'with Ana laptop, by owner; or with Cy phone, by owner',
      'with Ana laptop, by owner; or with Bo desktop, by owner',
    ]);
    expect(within(table).queryAllByText('One key alone')).toEqual([]);
    expect(screen.getByText('No key alone can do anything.')).toBeTruthy();
    expect(screen.getByText('Changing the permissions needs at least 2 keys together.')).toBeTruthy();
  });

  it('checks the address as it is typed; a private key is named as such and never sent', async () => {
    const h = await openAccounts();
    const field = screen.getByRole('textbox', { name: 'Address' });
    const secret = 'ab'.repeat(32);
    await fireEvent.input(field, { target: { value: secret } });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const help = document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(help.textContent).toContain('private key');
    expect(document.body.textContent).not.toContain(secret.slice(0, 12));
    await fireEvent.click(screen.getByRole('button', { name: 'Fetch from node' }));
    expect(h.real.calls).not.toContain('accountFetch');
    await fireEvent.input(field, { target: { value: `${TEST_ADDRESSES.R.slice(0, -1)}x` } });
    expect(help.textContent).toMatch(/checksum|Base58/);
    await fireEvent.input(field, { target: { value: TEST_ADDRESSES.R } });
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });

  it("shows the station's error when the node cannot be reached, and keeps what was shown", async () => {
    const h = await openAccounts();
    await fireEvent.click(screen.getByRole('button', { name: TEST_ADDRESSES.M }));
    await screen.findByRole('article');
    await fireEvent.input(screen.getByRole('textbox', { name: 'Address' }), { target: { value: TEST_ADDRESSES.R } });
    await fireEvent.click(screen.getByRole('button', { name: 'Fetch from node' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('nothing answers at http://127.0.0.1:9');
    expect(alert.textContent).toContain('NODE_UNREACHABLE');
    expect(h.real.calls).toContain('accountFetch');
    expect(screen.getByRole('heading', { name: `Account ${TEST_ADDRESSES.M}` })).toBeTruthy();
    expect(h.station.router.account).toBe(TEST_ADDRESSES.M);
  });

  it('imports a snapshot file, lists and shows its account, with a hidden character in a name escaped', async () => {
    const h = await openAccounts();
    const snap = snapshotText(TEST_NOW - 2 * HOUR);
    await chooseSnapshot('snap.json', snap.text);
    await waitFor(() => expect(h.station.accounts.account?.address).toBe(snap.address));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Imported snap.json: block 120 (2 h old), 1 account(s) stored, 0 token(s). snap.json is not signed by an exporter: what it says of accounts, permissions and tokens is kept as its claim, unverified.',
      ),
    );
    expect(screen.getByRole('button', { name: snap.address }).getAttribute('aria-current')).toBe('true');
    const article = screen.getByRole('article');
    expect(article.textContent).toContain('file snap.json');
    expect(article.textContent).toContain('own\\u{202E}er');
    expect(article.textContent).not.toContain('\u202E');
    expect(article.textContent).toContain('its name had hidden characters');
    expect(screen.getByText(`One key alone can do anything, change the permissions included: ${snap.address}.`)).toBeTruthy();
    // The active: C alone may send the coin, so that row is flagged and C's cell says by which permission.
    expect(within(article).getByRole('region', { name: 'Active permission 2' }).textContent).toContain(`02${'0'.repeat(62)}`);
    // Its operations by the catalogue's groups, each in words with java-tron's name beside (docs/decisions.md §26).
    const activeOps = within(within(article).getByRole('region', { name: 'Active permission 2' })).getByText('Payments: 1 operation');
    expect(activeOps.closest('details')!.querySelector('li')!.textContent).toBe('Transfer TransferContract');
    const table = screen.getByRole('table', { name: /^Who can do what with/ });
    const send = within(table).getByRole('row', { name: /^Payments: Transfer/ });
    expect(within(send).getByText('One key alone')).toBeTruthy();
    expect(
      within(send)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['alone, by owner', 'alone, by active 2 “daily”']);
    expect(screen.getByText(`One key alone can send TRX: Cy phone (${TEST_ADDRESSES.C}).`)).toBeTruthy();
  });

  it("refuses a tampered snapshot with the station's coded error and stores nothing", async () => {
    const h = await openAccounts();
    const snap = JSON.parse(snapshotText(TEST_NOW).text) as { accounts: { permissions: { owner_permission: { threshold: unknown } } }[] };
    snap.accounts[0]!.permissions.owner_permission.threshold = { __proto__: 1 };
    await chooseSnapshot('bad.json', JSON.stringify(snap));
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('dd code')!.textContent).toMatch(/^[A-Z_]+$/);
    expect(h.station.accounts.list.map((a) => a.address)).toEqual([TEST_ADDRESSES.M]);
    expect((await h.real.handlers.accountsList(undefined)).accounts).toHaveLength(1);
  });
});
