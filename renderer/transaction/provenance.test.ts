// @vitest-environment jsdom
/**
 * The transaction screen says what its weights and its amount rest on (docs/decisions.md §16, "a forged file can
 * make the station show nothing but a marked claim"), against a real station (test/helpers/
 * real-station.ts: offline, its account M and token 1000001 from the file snapshot.json). The
 * permission and the token description are shown as unverified claims of that file; a forged
 * handoff file of the same transaction (its own "1 of 1" permission, the token at precision 0) is
 * imported through the API and shows only as conflicts naming it: the weights, the threshold and the
 * amount stay the station's.
 */
import { cleanup, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import TransactionScreen from './TransactionScreen.svelte';
import { TEST_ADDRESSES, TEST_TOKEN_ID } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation, type Harness } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

/** Seeded transaction 3 is a transfer of 1000001 (precision 2), built offline from snapshot.json's account. */
async function open(h: Harness, txId: string): Promise<void> {
  h.station.router.openTransaction(txId);
  renderWithStation(TransactionScreen, h.station);
  await waitFor(() => expect(h.station.transaction.tx?.view.txID).toBe(txId));
}

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('provenance on the transaction screen', () => {
  it("marks the permission and the amount's token description as snapshot.json's unverified claims, with no conflict", async () => {
    const h = await realStationState({ count: 4 });
    await open(h, h.real.txIds[3]!);
    expect(text(screen.getByText(/^Weights counted against the permission/))).toBe(
      'Weights counted against the permission ⚠ unverified claim from file snapshot.json',
    );
    expect(text(screen.getByText(/^Amount shown with the token description/))).toBe(
      'Amount shown with the token description ⚠ unverified claim from file snapshot.json',
    );
    expect(screen.queryAllByRole('alert').filter((a) => /Conflicting claim/.test(a.textContent ?? ''))).toEqual([]);
  });

  it("a forged handoff file shows only as conflicts naming it: the weights, threshold and amount stay the station's", async () => {
    const h = await realStationState({ count: 4 });
    const txId = h.real.txIds[3]!;
    const before = await h.real.handlers.status({ txId });
    const file = JSON.parse((await h.real.handlers.exportHandoff({ txId })).text) as {
      permission: { permissions: { owner_permission: Record<string, unknown>; active_permission: Record<string, unknown>[] } };
      tokens: { id: string; precision: number }[];
    };
    const oneOfOne = { threshold: 1, keys: [{ address: TEST_ADDRESSES.R, weight: 1 }] };
    Object.assign(file.permission.permissions.owner_permission, oneOfOne);
    for (const p of file.permission.permissions.active_permission) Object.assign(p, oneOfOne);
    for (const t of file.tokens) if (t.id === TEST_TOKEN_ID) t.precision = 0;
    await h.real.handlers.importFiles({ files: [{ name: 'forged.airlock.json', text: JSON.stringify(file) }] });

    await open(h, txId);
    const conflicts = screen
      .getAllByRole('alert')
      .map(text)
      .filter((t) => t.startsWith('⚠ Conflicting claim:'));
    expect(conflicts).toEqual([
      expect.stringMatching(
        /^⚠ Conflicting claim: file forged\.airlock\.json claims permission \d+ as 1 of T\w+; the weights count against 2 of .*claimed by file snapshot\.json \(unverified\)\), and the file's claim was not taken$/,
      ),
      expect.stringMatching(
        /^⚠ Conflicting claim: file forged\.airlock\.json describes token 1000001 as "Gold" \(GLD\), precision 0; the amount is shown with "Gold" \(GLD\), precision 2 \(claimed by file snapshot\.json \(unverified\)\)/,
      ),
    ]);
    // Nothing the forged file said was taken: the same claim, the same threshold, the same amount.
    expect(text(screen.getByText(/^Weights counted against the permission/))).toBe(
      'Weights counted against the permission ⚠ unverified claim from file snapshot.json',
    );
    const after = h.station.transaction.tx!;
    expect(after.approval?.threshold).toBe(before.approval?.threshold);
    expect(after.view.summary).toBe(before.view.summary);
    expect(screen.queryByText(/forged\.airlock\.json/, { selector: '.claim' })).toBeNull();
  });
});
