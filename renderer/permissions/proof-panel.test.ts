// @vitest-environment jsdom
/**
 * The proof-of-possession panel (docs/decisions.md §10; renderer/ui/ProofPanel.svelte) over the real
 * station, whose challenges and proofs are made and checked by shared/files/proof.ts: a challenge is
 * made and saved; a challenge file is shown in words (account, key, what it proves, not a
 * transaction) before anything is signed, and signed only with a key this station holds; the
 * proof imports and the key is listed as proved; a transaction file chosen as a challenge and a
 * tampered proof are refused with one sentence and nothing changes. `provedKeys` matches on the
 * account and the exact permission hash.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ProofPanel from '../ui/ProofPanel.svelte';
import KeysScreen from '../keys/KeysScreen.svelte';
import { proposedPermissionHash, provedKeys } from './proofs.svelte.ts';
import { encodeOperationsHex } from '../../shared/chain/operations.ts';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

const ACCOUNT = TEST_ADDRESSES.M;
const PROPOSAL = JSON.stringify({
  visible: true,
  owner_address: ACCOUNT,
  owner: { type: 'Owner', permission_name: 'owner', threshold: 2, keys: ['A', 'B', 'C'].map((k) => ({ address: TEST_ADDRESSES[k as 'A'], weight: 1 })) },
  actives: [
    {
      type: 'Active',
      permission_name: 'pay',
      threshold: 1,
      operations: encodeOperationsHex(['TransferContract']),
      keys: [{ address: TEST_ADDRESSES.A, weight: 1 }],
    },
  ],
});

/** What the panel saved as downloads (the browser's save prompt is across our boundary). */
let saved: Blob[] = [];
const realCreate = URL.createObjectURL;
const realRevoke = URL.revokeObjectURL;
beforeEach(() => {
  saved = [];
  URL.createObjectURL = (b: Blob | MediaSource) => (saved.push(b as Blob), 'blob:saved');
  URL.revokeObjectURL = () => {};
  HTMLAnchorElement.prototype.click = function click() {};
});
afterEach(() => {
  cleanup();
  URL.createObjectURL = realCreate;
  URL.revokeObjectURL = realRevoke;
});

function choose(label: string, name: string, text: string) {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [new File([text], name, { type: 'application/json' })], configurable: true });
  return fireEvent.change(input);
}

async function setup() {
  const h = await realStationState({ count: 0 });
  renderWithStation(ProofPanel, h.station, { account: ACCOUNT, permissionJson: PROPOSAL });
  await screen.findByText('No key has proved itself to this station yet.');
  return h;
}

describe('ProofPanel', () => {
  it('makes a challenge for a key of the proposed permissions and saves it as a file', async () => {
    const h = await setup();
    expect((screen.getByLabelText('Account') as HTMLInputElement).value).toBe(ACCOUNT);
    await fireEvent.input(screen.getByLabelText('Key to prove'), { target: { value: TEST_ADDRESSES.A } });
    await fireEvent.click(screen.getByRole('button', { name: 'Make a challenge' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const challenge = JSON.parse(await saved[0]!.text()) as { kind: string; key: string; account: string; permissionHash: string };
    expect(challenge).toMatchObject({
      kind: 'airlock-proof-challenge',
      key: TEST_ADDRESSES.A,
      account: ACCOUNT,
      permissionHash: proposedPermissionHash(PROPOSAL),
    });
    expect(h.real.calls).toContain('proofChallenge');
    expect(screen.getByRole('status').textContent).toContain(`Challenge made for ${TEST_ADDRESSES.A}`);
  });

  it('refuses a challenge for a key outside the proposal, saying no challenge was made', async () => {
    await setup();
    await fireEvent.input(screen.getByLabelText('Key to prove'), { target: { value: TEST_ADDRESSES.D } });
    await fireEvent.click(screen.getByRole('button', { name: 'Make a challenge' }));
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')!.textContent).toMatch(/^No challenge was made\. key: /);
    expect(saved).toHaveLength(0);
  });

  it('shows a challenge in words before signing, signs only when asked, and the proof imports as a proved key', async () => {
    const h = await setup();
    const made = await h.real.handlers.proofChallenge({ account: ACCOUNT, key: TEST_ADDRESSES.A, permissionJson: PROPOSAL });
    await choose('Challenge file', made.fileName, made.text);
    const region = await screen.findByRole('region', { name: 'What signing this challenge means' });
    expect(region.textContent).toContain(ACCOUNT);
    expect(region.textContent).toContain(TEST_ADDRESSES.A);
    expect(region.textContent).toContain(made.permissionHash);
    expect(region.textContent).toContain('This is not a transaction.');
    expect(region.textContent).toContain('held here');
    expect(h.real.calls).not.toContain('proofSign');

    await fireEvent.click(within(region).getByRole('button', { name: `Sign with ${TEST_ADDRESSES.A}` }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(h.real.calls).toContain('proofSign');
    expect(screen.queryByRole('region', { name: 'What signing this challenge means' })).toBeNull();
    const proof = await saved[0]!.text();
    expect(JSON.parse(proof)).toMatchObject({ kind: 'airlock-proof' });

    await choose('Proof file', 'a.proof.json', proof);
    const table = screen.getByRole('table');
    await waitFor(() => expect(within(table).getByText(TEST_ADDRESSES.A)).toBeTruthy());
    expect(table.textContent).toContain('a.proof.json');
    expect(h.station.proofs.provedKeys(ACCOUNT, made.permissionHash)).toEqual([TEST_ADDRESSES.A]);
    expect(h.station.proofs.provedKeys(ACCOUNT, '00'.repeat(32))).toEqual([]);
  });

  it('offers no signing for a key this station does not hold', async () => {
    const h = await setup();
    const made = await h.real.handlers.proofChallenge({ account: ACCOUNT, key: TEST_ADDRESSES.B, permissionJson: PROPOSAL });
    await choose('Challenge file', made.fileName, made.text);
    const region = await screen.findByRole('region', { name: 'What signing this challenge means' });
    expect(within(region).queryByRole('button', { name: /^Sign with/ })).toBeNull();
    expect(region.textContent).toContain(`This station does not hold the key ${TEST_ADDRESSES.B}`);
  });

  it('refuses a transaction file chosen as a challenge with one sentence; nothing is signed', async () => {
    const h = await realStationState({ count: 3 });
    renderWithStation(ProofPanel, h.station, {});
    const handoff = await h.real.handlers.exportHandoff({ txId: h.real.txIds[1]! });
    await choose('Challenge file', 'payment.json', handoff.text);
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')!.textContent).toMatch(
      /^Nothing was signed\. challenge: this is a transaction or handoff file, not a proof challenge; a proof never signs a transaction$/,
    );
    expect(screen.queryByRole('region', { name: 'What signing this challenge means' })).toBeNull();
    expect(h.real.calls).not.toContain('proofSign');
  });

  it('refuses a tampered proof with one sentence, and nothing changes', async () => {
    const h = await setup();
    const made = await h.real.handlers.proofChallenge({ account: ACCOUNT, key: TEST_ADDRESSES.A, permissionJson: PROPOSAL });
    const proof = JSON.parse((await h.real.handlers.proofSign({ text: made.text })).text) as { signature: string };
    proof.signature = `${proof.signature.slice(0, 4)}${proof.signature[4] === '0' ? '1' : '0'}${proof.signature.slice(5)}`;
    await choose('Proof file', 'tampered.json', JSON.stringify(proof));
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')!.textContent).toMatch(/^The proof was refused and nothing in the station changed\. \S/);
    expect((await h.real.handlers.proofList({})).proofs).toEqual([]);
    expect(screen.getByRole('table').textContent).toContain('No key has proved itself to this station yet.');
  });
});

describe('the Keys screen', () => {
  it('has the section Proof of possession, with signing and import', async () => {
    const h = await realStationState({ count: 0 });
    renderWithStation(KeysScreen, h.station);
    const section = (await screen.findByRole('heading', { name: 'Proof of possession' })).closest('section')!;
    expect(within(section).getByLabelText('Challenge file')).toBeTruthy();
    expect(within(section).getByLabelText('Proof file')).toBeTruthy();
  });
});

describe('provedKeys', () => {
  it('returns the keys proved for exactly that account and permission hash, each once', () => {
    const p = (account: string, key: string, permissionHash: string) => ({
      account,
      key,
      permissionHash,
      nonce: `${key}${permissionHash}`,
      provedAt: 1,
      fileName: 'f',
    });
    const list = [p('TA', 'K1', 'h1'), p('TA', 'K2', 'h2'), p('TB', 'K3', 'h1'), p('TA', 'K1', 'h1')];
    expect(provedKeys(list, 'TA', 'h1')).toEqual(['K1']);
    expect(provedKeys(list, 'TB', 'h2')).toEqual([]);
    expect(proposedPermissionHash('{"not": "a contract"}')).toBeNull();
  });
});
