// @vitest-environment jsdom
/**
 * The stored blocks on the Accounts screen (renderer/accounts/SnapshotBlocks.svelte, docs/decisions.md §16), against
 * a real station (test/helpers/real-station.ts: block 100 from snapshot.json). A forged snapshot
 * with a higher block and a current date is imported through the API: it is listed first, used by
 * offline builds, marked as the forged file's unverified claim; its Remove button takes it out and
 * the genuine block is used again.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import AccountsScreen from './AccountsScreen.svelte';
import { testSnapshot, TEST_NOW } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

const rows = (): string[] =>
  within(screen.getByRole('table', { name: 'Stored blocks, highest first' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim())
        .join(' | '),
    );

describe('blocks for offline builds', () => {
  it('lists a forged high block as an unverified claim used by builds, and its Remove button brings the genuine block back', async () => {
    const h = await realStationState({ count: 0 });
    const forged = JSON.parse(testSnapshot(h.real.now() - 60_000, TEST_NOW)) as { block: { number: number; id: string; timestamp: number } };
    forged.block = { number: 900_000, id: (900_000).toString(16).padStart(16, '0') + 'ab'.repeat(24), timestamp: h.real.now() - 60_000 };
    await h.real.handlers.snapshotImport({ fileName: 'forged.json', text: JSON.stringify(forged) });

    renderWithStation(AccountsScreen, h.station);
    await waitFor(() => expect(h.station.accounts.blocks).toHaveLength(2));
    expect(rows()).toEqual([
      '900000 | ⚠ unverified claim from file forged.json | by offline builds now | Remove block 900000',
      '100 | ⚠ unverified claim from file snapshot.json | — | Remove block 100',
    ]);

    await fireEvent.click(screen.getByRole('button', { name: 'Remove block 900000' }));
    await waitFor(() => expect(h.station.accounts.blocks).toHaveLength(1));
    expect(rows()).toEqual(['100 | ⚠ unverified claim from file snapshot.json | by offline builds now | Remove block 100']);
    expect(screen.getByRole('status').textContent).toBe('Removed block 900000. Offline builds now use block 100.');
    expect(h.real.calls).toContain('snapshotRemove');
  });
});
