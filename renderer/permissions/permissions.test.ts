// @vitest-environment jsdom
/**
 * The permission editor (docs/decisions.md §10) over the real station: it starts from the current permissions
 * (the router's account), shows every rule's message next to its field as it is typed
 * (aria-invalid, aria-describedby), adds and removes keys (at most 5) and actives (at most 8),
 * shows the station's diff, fee and lockout verdict, refuses to build a lockout, asks for the named
 * override when the owner is left to keys never seen signing, and opens the built transaction.
 * The station's account M has a 2-of-3 owner (A, B, C); the station holds A and D and has seen B and
 * C sign (its stored transactions), so those count as seen.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { create } from '@bufbuild/protobuf';
import { afterEach, describe, expect, it } from 'vitest';
import PermissionsScreen from './PermissionsScreen.svelte';
import { KeySchema, PermissionSchema, PermissionType, type Permission } from '../../shared/gen/protocol/core_pb.ts';
import { addressToBase58, parseAddress } from '../../shared/chain/address.ts';
import { LOOKALIKE_PAIRS } from '../../test/fixtures/lookalike-pairs.ts';
import { encodeOperationBits } from '../../shared/chain/operations.ts';
import { permissionView } from '../../shared/views/view.ts';
import { TEST_ADDRESSES, TEST_KEY_HEX } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

const { A, B, C, D, M, R } = TEST_ADDRESSES;
const ZERO_BODY = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

function owner(): Permission {
  return create(PermissionSchema, {
    type: PermissionType.Owner,
    id: 0,
    permissionName: 'owner',
    threshold: 2n,
    keys: [A, B, C].map((a) => create(KeySchema, { address: parseAddress(a), weight: 1n })),
  });
}

/** A permission as the account view carries it: shared/views/view.ts's view, each key with its label (none here). */
function slotView(slot: 'owner' | 'active', p: Permission) {
  const view = permissionView(p);
  return { slot, ...view, keys: view.keys.map((k) => ({ ...k, label: null })) };
}

/** Account M as the station shows it, with the owner and `actives` given here (the station's answer, replaced). */
async function withAccount(actives: Permission[] = []) {
  const h = await realStationState({ count: 12 });
  const show = h.real.handlers.accountShow;
  h.real.handlers.accountShow = async (args) => ({
    ...(await show(args)),
    permissions: [slotView('owner', owner()), ...actives.map((p) => slotView('active', p))],
  });
  return h;
}

async function openEditor(actives: Permission[] = [], held: ('B' | 'C')[] = []) {
  const h = await withAccount(actives);
  // A key counts as reachable for the lockout guard only when this station holds it, or it proved
  // possession, or it signed a permission the station observed from a node: the seeded signatures
  // are on a snapshot's permission (a file's claim), so they do not count.
  for (const k of held) await h.real.handlers.keysImport({ privateKeyHex: TEST_KEY_HEX[k] });
  h.station.router.openAccount(M, 'permissions');
  renderWithStation(PermissionsScreen, h.station);
  const ownerGroup = await screen.findByRole('group', { name: 'Owner permission' });
  return { h, ownerGroup };
}

const input = (group: HTMLElement, label: string): HTMLInputElement => within(group).getByLabelText(label) as HTMLInputElement;

async function type(el: HTMLInputElement, value: string): Promise<void> {
  await fireEvent.input(el, { target: { value } });
}

/** The message shown next to the field, through its aria-describedby. */
function messageOf(el: HTMLInputElement): string | null {
  if (el.getAttribute('aria-invalid') !== 'true') return null;
  return document.getElementById(el.getAttribute('aria-describedby')!)?.textContent ?? null;
}

async function addPayActive(): Promise<HTMLElement> {
  await fireEvent.click(screen.getByRole('button', { name: 'Add an active permission' }));
  const group = screen.getByRole('group', { name: 'Active permission 2' });
  await type(input(group, 'Key 1 address'), A);
  await fireEvent.click(within(group).getByRole('checkbox', { name: 'Transfer TransferContract' }));
  return group;
}

describe('the permission editor', () => {
  it("starts from the current permissions and shows each rule's message next to its field as it is typed", async () => {
    const { ownerGroup } = await openEditor();
    expect(input(ownerGroup, 'Threshold').value).toBe('2');
    expect([1, 2, 3].map((i) => input(ownerGroup, `Key ${i} address`).value)).toEqual([A, B, C]);
    // No active yet: the node's rule, next to the actives, and no build.
    expect(screen.getByText('active permission is missed')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Build permission update' }) as HTMLButtonElement).disabled).toBe(true);

    const threshold = input(ownerGroup, 'Threshold');
    await type(threshold, '0');
    expect(messageOf(threshold)).toBe("permission's threshold should be greater than 0");
    await type(threshold, '7');
    expect(messageOf(threshold)).toBe("sum of all key's weight should not be less than threshold in permission Owner");
    await type(threshold, 'two');
    expect(messageOf(threshold)).toBe('the threshold is a whole number');
    await type(threshold, '2');
    expect(messageOf(threshold)).toBeNull();

    const name = input(ownerGroup, 'Name');
    await type(name, 'n'.repeat(33));
    expect(messageOf(name)).toBe("permission's name is too long");
    await type(name, 'owner\u202E');
    expect(messageOf(name)).toBe('the name has control or bidi characters, which would hide what it says');
    await type(name, 'treasury');

    const weight2 = input(ownerGroup, 'Key 2 weight');
    await type(weight2, 'x');
    expect(messageOf(weight2)).toBe('the weight is a whole number');
    await type(weight2, '0');
    expect(messageOf(weight2)).toBe("key's weight should be greater than 0");
    await type(weight2, '9223372036854775807');
    // Key 1 (weight 1) and key 2 together pass int64: the node's addExact fails at key 2.
    expect(messageOf(weight2)).toBe('long overflow');
    await type(weight2, '1');

    const address3 = input(ownerGroup, 'Key 3 address');
    await type(address3, 'ab'.repeat(32));
    expect(messageOf(address3)).toMatch(/PRIVATE KEY/);
    expect(document.body.textContent).not.toContain('abababab');
    await type(address3, A);
    expect(messageOf(address3)).toBe('address should be distinct in permission Owner');
    await type(address3, '');
    expect(messageOf(address3)).toBe('enter an address (T… or 41…)');
    await type(address3, C);

    // Keys: at most five; removing one takes its row away.
    const addKey = within(ownerGroup).getByRole('button', { name: 'Add a key to the owner permission' }) as HTMLButtonElement;
    await fireEvent.click(addKey);
    await fireEvent.click(addKey);
    expect(addKey.disabled).toBe(true);
    expect(within(ownerGroup).getByText('At most 5 keys.')).toBeTruthy();
    await fireEvent.click(within(ownerGroup).getByRole('button', { name: 'Remove key 5 of the owner permission' }));
    await fireEvent.click(within(ownerGroup).getByRole('button', { name: 'Remove key 4 of the owner permission' }));
    expect(addKey.disabled).toBe(false);

    // Actives: adding one clears the actives rule; its own fields are checked the same way.
    await fireEvent.click(screen.getByRole('button', { name: 'Add an active permission' }));
    expect(screen.queryByText('active permission is missed')).toBeNull();
    const active = screen.getByRole('group', { name: 'Active permission 2' });
    expect(messageOf(input(active, 'Key 1 address'))).toBe('enter an address (T… or 41…)');
    for (let i = 0; i < 7; i++) await fireEvent.click(screen.getByRole('button', { name: 'Add an active permission' }));
    expect((screen.getByRole('button', { name: 'Add an active permission' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('At most 8 active permissions.')).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Remove active permission 9' }));
    expect(screen.queryByRole('group', { name: 'Active permission 9' })).toBeNull();
  });

  it('an operation the node does not offer is named next to the operations, with the mask in hex beside them', async () => {
    // Every contract type the reference node knows (ids up to 59) is an operation now (docs/decisions.md §17);
    // 7 is an id it has never used, so the node refuses a mask with bit 7 set.
    const active = create(PermissionSchema, {
      type: PermissionType.Active,
      id: 2,
      permissionName: 'ops',
      threshold: 1n,
      operations: encodeOperationBits([1, 7]),
      keys: [create(KeySchema, { address: parseAddress(A), weight: 1n })],
    });
    await openEditor([active]);
    const group = screen.getByRole('group', { name: 'Operations of the active permission 2' });
    expect(within(group).getByText("7 isn't a validate ContractType")).toBeTruthy();
    expect(within(group).getByText('8200000000000000000000000000000000000000000000000000000000000000')).toBeTruthy();
    await fireEvent.click(within(group).getByRole('checkbox', { name: '7' }));
    expect(within(group).queryByText("7 isn't a validate ContractType")).toBeNull();
    expect(within(group).getByText('0200000000000000000000000000000000000000000000000000000000000000')).toBeTruthy();
  });

  it("a mainnet active's operations, bits 48-59 included, are offered by name and re-stated bit for bit (issue 17)", async () => {
    const MAINNET = '7fff1fc0033efb0f000000000000000000000000000000000000000000000000';
    const active = create(PermissionSchema, {
      type: PermissionType.Active,
      id: 2,
      permissionName: 'mainnet',
      threshold: 1n,
      operations: Uint8Array.from(Buffer.from(MAINNET, 'hex')),
      keys: [create(KeySchema, { address: parseAddress(A), weight: 1n })],
    });
    await openEditor([active]);
    const group = screen.getByRole('group', { name: 'Operations of the active permission 2' });
    expect(within(group).getByText(MAINNET)).toBeTruthy();
    expect(within(group).queryByText(/isn't a validate ContractType/)).toBeNull();
    for (const name of ['ClearABIContract', 'FreezeBalanceV2Contract', 'DelegateResourceContract', 'CancelAllUnfreezeV2Contract']) {
      expect((within(group).getByRole('checkbox', { name: new RegExp(` ${name}$`) }) as HTMLInputElement).checked).toBe(true);
    }
  });

  it('offers the operations in words by group, java-tron names in small type, with All and None per group (issue 26)', async () => {
    await openEditor();
    await fireEvent.click(screen.getByRole('button', { name: 'Add an active permission' }));
    const ops = screen.getByRole('group', { name: 'Operations of the active permission 2' });
    const groups = within(ops)
      .getAllByRole('group')
      .filter((g) => g.tagName === 'FIELDSET')
      .map((g) => g.querySelector('legend')?.textContent?.replace(/\s+/g, ' ').trim());
    expect(groups).toEqual([
      'Payments (0 of 2)',
      'Tokens (0 of 5)',
      'Staking and resources (0 of 8)',
      'Voting and governance (0 of 6)',
      'Smart contracts (0 of 7)',
      'Account and permissions (0 of 4)',
      'Exchange and market (0 of 6)',
      'Block production (0 of 3)',
    ]);
    const stake = within(ops).getByRole('checkbox', { name: 'Stake FreezeBalanceV2Contract' });
    expect(stake.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(stake.getAttribute('aria-describedby')!)!.textContent).toMatch(/^Stakes TRX/);
    await fireEvent.click(within(ops).getByRole('button', { name: 'All of Staking and resources for the active permission 2' }));
    const staking = within(ops).getByRole('group', { name: /^Staking and resources/ });
    expect(
      within(staking)
        .getAllByRole('checkbox')
        .every((c) => (c as HTMLInputElement).checked),
    ).toBe(true);
    expect(staking.querySelector('legend')!.textContent).toContain('(8 of 8)');
    expect((within(ops).getByRole('checkbox', { name: 'Transfer TransferContract' }) as HTMLInputElement).checked).toBe(false);
    await fireEvent.click(within(ops).getByRole('button', { name: 'None of Staking and resources for the active permission 2' }));
    expect(
      within(staking)
        .getAllByRole('checkbox')
        .some((c) => (c as HTMLInputElement).checked),
    ).toBe(false);
    expect(within(ops).getByText('0'.repeat(64))).toBeTruthy();
  });

  it('presets set the whole list: payments only, everything but permission changes (issue 26)', async () => {
    await openEditor();
    await fireEvent.click(screen.getByRole('button', { name: 'Add an active permission' }));
    const ops = screen.getByRole('group', { name: 'Operations of the active permission 2' });
    const checked = () =>
      within(ops)
        .getAllByRole('checkbox')
        .filter((c) => (c as HTMLInputElement).checked)
        .map((c) => c.closest('label')!.querySelector('small')!.textContent);
    await fireEvent.click(within(ops).getByRole('button', { name: 'Everything but permission changes' }));
    expect(checked()).toHaveLength(40);
    expect(checked()).not.toContain('AccountPermissionUpdateContract');
    await fireEvent.click(within(ops).getByRole('button', { name: 'Payments only' }));
    expect(checked()).toEqual(['TransferContract', 'TransferAssetContract']);
    // The mask follows: bits 1 and 2.
    expect(within(ops).getByText(`06${'0'.repeat(62)}`)).toBeTruthy();
  });

  it('the search finds an operation by its plain name, java-tron name or meaning, and says when nothing matches (issue 26)', async () => {
    await openEditor();
    await fireEvent.click(screen.getByRole('button', { name: 'Add an active permission' }));
    const ops = screen.getByRole('group', { name: 'Operations of the active permission 2' });
    const search = within(ops).getByRole('searchbox', { name: 'Find an operation' });
    const names = () =>
      within(ops)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.querySelector('small')!.textContent);
    await type(search as HTMLInputElement, 'delegat');
    expect(names()).toEqual(['DelegateResourceContract', 'UnDelegateResourceContract']);
    await type(search as HTMLInputElement, 'witnessupdate');
    expect(names()).toEqual(['WitnessUpdateContract']);
    await type(search as HTMLInputElement, 'TRC-20');
    expect(names()).toEqual(['TriggerSmartContract']);
    await fireEvent.click(within(ops).getByRole('checkbox', { name: 'Contract call TriggerSmartContract' }));
    await type(search as HTMLInputElement, 'no such thing');
    expect(within(ops).getByRole('status').textContent).toBe('No operation matches “no such thing”.');
    // Hidden by the search is not cleared: the call stays granted.
    await type(search as HTMLInputElement, '');
    expect((within(ops).getByRole('checkbox', { name: 'Contract call TriggerSmartContract' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the side-by-side diff, the fee and a passing verdict, and Build opens the new transaction', async () => {
    const { h, ownerGroup } = await openEditor([], ['B', 'C']);
    await addPayActive();
    await type(input(ownerGroup, 'Threshold'), '3');
    const diff = await screen.findByRole('table', { name: 'The permissions now and after the update, side by side' });
    const ownerRow = within(diff).getByRole('row', { name: /^Owner \(changed\)/ });
    expect(within(ownerRow).getByText('Threshold: 2')).toBeTruthy();
    expect(within(ownerRow).getByText('Threshold: 3 (was 2)')).toBeTruthy();
    const activeRow = within(diff).getByRole('row', { name: /^Active 2 \(added\)/ });
    expect(within(activeRow).getByText('Operations added: Transfer (TransferContract)')).toBeTruthy();
    // The owner (2-of-3 now) signs the update: at least two signatures, so the multi-signature fee.
    expect(screen.getByText("101 TRX: the update's fee 100 TRX and the multi-signature fee 1 TRX (at least 2 signatures are needed)")).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Lockout guard: passes' })).toBeTruthy();
    const reach = screen.getByRole('table', { name: 'Who can reach each threshold' });
    // Addresses carry the station's labels (a key's own, then the address book's), in the diff and
    // in the guard's table alike (docs/decisions.md §18: they were bare addresses here).
    const ownerSet = within(reach)
      .getByRole('row', { name: /^Owner/ })
      .querySelector('li')!;
    expect([...ownerSet.querySelectorAll('.address-text')].map((x) => [x.querySelector('.label')?.textContent, x.getAttribute('title')])).toEqual([
      ['Ana laptop', A],
      ['Bo desktop', B],
      ['Cy phone', C],
    ]);
    expect(ownerSet.textContent).toContain(' + ');
    const ownerAfter = within(ownerRow).getAllByRole('cell')[1]!;
    expect([...ownerAfter.querySelectorAll('li')].map((li) => [li.querySelector('.label')?.textContent, li.textContent!.trim().endsWith('× 1')])).toEqual([
      ['Ana laptop', true],
      ['Bo desktop', true],
      ['Cy phone', true],
    ]);
    const seen: Record<string, unknown>[] = [];
    const real = h.real.handlers.buildPermissionUpdate;
    h.real.handlers.buildPermissionUpdate = (args) => {
      seen.push(args as Record<string, unknown>);
      return real(args);
    };
    const build = screen.getByRole('button', { name: 'Build permission update' }) as HTMLButtonElement;
    // Expires in and Note, as every build form has them: a bad duration holds Build back.
    await type(screen.getByLabelText('Expires in'), '25h');
    await waitFor(() => expect(build.disabled).toBe(true));
    await type(screen.getByLabelText('Expires in'), '2h');
    await type(screen.getByLabelText('Note'), 'pay permission');
    await waitFor(() => expect(build.disabled).toBe(false));
    await fireEvent.click(build);
    await waitFor(() => expect(h.station.router.screen).toBe('transaction'));
    expect(h.real.calls).toContain('buildPermissionUpdate');
    expect(h.real.txIds).toContain(h.station.router.txId);
    expect(seen.map(({ permissionId, expiresIn, note }) => ({ permissionId, expiresIn, note }))).toEqual([
      { permissionId: 0, expiresIn: '2h', note: 'pay permission' },
    ]);
    // The next update does not inherit this one's Expires in and Note.
    await waitFor(() => expect((screen.getByLabelText('Note') as HTMLTextAreaElement).value).toBe(''));
    expect((screen.getByLabelText('Expires in') as HTMLInputElement).value).toBe('');
  });

  it('a key that starts and ends like a labelled address but differs is flagged beside its field (issue 18)', async () => {
    const { h, ownerGroup } = await openEditor();
    expect(await h.station.addressBook.save(R, 'Landlord')).toBe(true);
    const key3 = input(ownerGroup, 'Key 3 address');
    await type(key3, addressToBase58(LOOKALIKE_PAIRS[0]!.fake));
    const warning = await within(ownerGroup).findByRole('alert');
    expect(warning.textContent).toContain('look-alike address');
    expect(warning.textContent).toContain('“Landlord”');
    await type(key3, C);
    await waitFor(() => expect(within(ownerGroup).queryByRole('alert')).toBeNull());
  });

  it('marks each key the update adds as proved or not, for exactly these permissions', async () => {
    const { h, ownerGroup } = await openEditor();
    await addPayActive();
    await fireEvent.click(within(ownerGroup).getByRole('button', { name: 'Add a key to the owner permission' }));
    await type(input(ownerGroup, 'Key 4 address'), D);
    const newKeyLine = (key: string): string => {
      const section = screen.getByRole('region', { name: 'New keys: have they proved they are held?' });
      return [...section.querySelectorAll('ul.proved li')].map((li) => li.textContent!.replace(/\s+/g, ' ').trim()).find((t) => t.startsWith(key)) ?? '';
    };
    // A (the new active's key) and D (added to the owner) are new; neither has proved anything yet.
    await waitFor(() => expect(newKeyLine(D)).toBe(`${D}: not proved yet`));
    expect(newKeyLine(A)).toBe(`${A}: not proved yet`);
    // D's holder (this station holds D) signs a challenge for the proposed permissions, and the proof comes back.
    const json = h.station.permissions.check!.json!;
    const challenge = await h.station.client.proofChallenge({ account: M, key: D, permissionJson: json });
    if (!challenge.ok) throw new Error(challenge.error.message);
    const proof = await h.station.client.proofSign({ text: challenge.value.text });
    if (!proof.ok) throw new Error(proof.error.message);
    expect((await h.station.client.proofImport({ fileName: proof.value.fileName, text: proof.value.text })).ok).toBe(true);
    await h.station.proofs.load();
    await waitFor(() => expect(newKeyLine(D)).toBe(`${D}: proved for these permissions`));
    expect(newKeyLine(A)).toBe(`${A}: not proved yet`);
    // Another proposal (threshold 3 instead of 2) is another hash: D's proof does not carry over.
    await type(input(ownerGroup, 'Threshold'), '3');
    await waitFor(() => expect(newKeyLine(D)).toBe(`${D}: not proved yet`));
  });

  it('a lockout is refused: nobody holds the zero-body key, so the owner threshold is out of reach', async () => {
    const { h, ownerGroup } = await openEditor();
    await addPayActive();
    await type(input(ownerGroup, 'Key 2 address'), ZERO_BODY);
    await type(input(ownerGroup, 'Key 2 weight'), '5');
    await type(input(ownerGroup, 'Threshold'), '3');
    expect(await screen.findByRole('heading', { name: 'Lockout guard: refuses this update' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/Nobody listed can reach the owner threshold 3/);
    const reach = screen.getByRole('table', { name: 'Who can reach each threshold' });
    expect(within(within(reach).getByRole('row', { name: /^Owner/ })).getByText('nobody')).toBeTruthy();
    const never = within(reach).getByText(/^Never signs \(nobody holds the key\):/);
    expect(never.querySelector('.address-text')!.getAttribute('title')).toBe(ZERO_BODY);
    expect(screen.queryByRole('checkbox', { name: /I accept the risk/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Build permission update' }) as HTMLButtonElement).disabled).toBe(true);
    expect(h.real.calls).not.toContain('buildPermissionUpdate');
  });

  it('an owner reachable only by keys never seen signing needs the override that names the risk', async () => {
    const { h, ownerGroup } = await openEditor();
    await addPayActive();
    await type(input(ownerGroup, 'Key 2 address'), R);
    await type(input(ownerGroup, 'Key 3 address'), M);
    expect(await screen.findByRole('heading', { name: 'Lockout guard: needs your override' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(`never seen sign (${R}, ${M})`);
    const build = screen.getByRole('button', { name: 'Build permission update' }) as HTMLButtonElement;
    expect(build.disabled).toBe(true);
    const override = screen.getByRole('checkbox', { name: /^I accept the risk "owner-unseen-keys"/ });
    await fireEvent.click(override);
    await waitFor(() => expect(build.disabled).toBe(false));
    await fireEvent.click(build);
    await waitFor(() => expect(h.station.router.screen).toBe('transaction'));
    expect(h.real.calls).toContain('buildPermissionUpdate');
  });

  it('the guard checks again when a proof is imported, without a field edited (issue 18)', async () => {
    const { h } = await openEditor();
    await addPayActive();
    // The owner (2 of A, B, C) is reachable only with B or C, which this station never saw sign.
    expect(await screen.findByRole('heading', { name: 'Lockout guard: needs your override' })).toBeTruthy();
    // B's holder, on a station of its own, proves possession for exactly these permissions.
    const json = h.station.permissions.check!.json!;
    const holder = await realStationState({ count: 0 });
    await holder.real.handlers.keysImport({ privateKeyHex: TEST_KEY_HEX.B });
    const challenge = await h.real.handlers.proofChallenge({ account: M, key: B, permissionJson: json });
    const proof = await holder.real.handlers.proofSign({ text: challenge.text });
    await waitFor(() => expect(h.station.permissions.analysis?.lockout?.verdict).toBe('needs-override'));
    const checks = h.real.calls.filter((c) => c === 'permissionCheck').length;
    // The proof comes back through the panel's import, as a person brings the file.
    const file = screen.getByLabelText('Proof file') as HTMLInputElement;
    Object.defineProperty(file, 'files', { value: [new File([proof.text], proof.fileName, { type: 'application/json' })], configurable: true });
    await fireEvent.change(file);
    expect(await screen.findByRole('heading', { name: 'Lockout guard: passes' })).toBeTruthy();
    expect(h.real.calls.filter((c) => c === 'permissionCheck').length).toBeGreaterThan(checks);
    expect(h.station.permissions.check!.json).toBe(json);
  });

  it("an account past the editor's limits (70 keys, from a hostile file) is said, not a crash", async () => {
    const h = await realStationState({ count: 3 });
    const many = create(PermissionSchema, {
      type: PermissionType.Owner,
      threshold: 1n,
      keys: Array.from({ length: 70 }, () => create(KeySchema, { address: parseAddress(A), weight: 1n })),
    });
    const show = h.real.handlers.accountShow;
    h.real.handlers.accountShow = async (args) => ({ ...(await show(args)), permissions: [slotView('owner', many)] });
    h.station.router.openAccount(M, 'permissions');
    renderWithStation(PermissionsScreen, h.station);
    expect(await screen.findByText(/owner\.keys must be a list of at most 64/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Build permission update' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("works alone: an address typed and loaded, and an unknown one answered with the station's error", async () => {
    const h = await withAccount();
    renderWithStation(PermissionsScreen, h.station);
    const field = screen.getByLabelText('Address') as HTMLInputElement;
    await type(field, R);
    await fireEvent.click(screen.getByRole('button', { name: 'Load' }));
    expect((await screen.findByRole('alert')).textContent).toContain(`address: this station has no copy of account ${R}: fetch it from the node`);
    await type(field, M);
    await fireEvent.click(screen.getByRole('button', { name: 'Load' }));
    const ownerGroup = await screen.findByRole('group', { name: 'Owner permission' });
    expect(input(ownerGroup, 'Key 1 address').value).toBe(A);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
