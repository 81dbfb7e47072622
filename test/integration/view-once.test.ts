/**
 * The view of a transaction is built once per operation (docs/decisions.md §8 "one answer per
 * question"): signing reads the transaction's record once and decodes and describes it once
 * (shared/views/view.ts transactionView), using that one view both for the warnings the signer must
 * accept and for the answer, brought up to date with the new signature; a build and a status read
 * build it once too. Counted on a real station (SQLite store, keystore vault, offline from a chain
 * snapshot): the store's `getTransaction` is watched in place and `transactionView` is wrapped by a
 * counter that calls the real one, so every answer is still the real station's.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { transactionView } from '../../shared/views/view.ts';
import type { Station } from '../../station/station.ts';
import { offlineApiStation, workDir } from '../helpers/station-helpers.ts';
import { pairAccount } from '../helpers/pair-account.ts';

// A counter around the real function: every caller still gets the real view.
vi.mock('../../shared/views/view.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../shared/views/view.ts')>();
  return { ...real, transactionView: vi.fn(real.transactionView) };
});

const T = 1_800_000_000_000;
const { keys, signers, OWNER, permissions } = pairAccount();

let work: { dir: string; remove: () => void };
let station: Station;

/** Record reads and view builds while `run` runs. */
async function counted<R>(run: () => Promise<R>): Promise<{ result: R; recordReads: number; viewBuilds: number }> {
  const reads = vi.spyOn(station.store, 'getTransaction');
  const views = vi.mocked(transactionView);
  views.mockClear();
  try {
    const result = await run();
    return { result, recordReads: reads.mock.calls.length, viewBuilds: views.mock.calls.length };
  } finally {
    reads.mockRestore();
  }
}

beforeAll(async () => {
  work = workDir('airlock-view-once-');
  let snapshot: string;
  ({ station, snapshot } = offlineApiStation(work.dir, T, OWNER, permissions));
  station.snapshotImport({ fileName: 'snap.json', text: snapshot });
  await station.keysImport({ secret: keys[0]!, label: 'desk' });
}, 60_000);

afterAll(() => {
  station?.close();
  work?.remove();
});

describe('one record read and one view per operation', () => {
  let txId: string;

  it('a build decodes and describes the new transaction once', async () => {
    const built = await counted(() => station.buildTransfer({ from: OWNER, to: addressToBase58(signers[1]!), amount: '5', permissionId: 2 }));
    txId = built.result.txId;
    expect(built.viewBuilds).toBe(1);
    expect(built.recordReads).toBe(1);
  });

  it('status of a draft reads its record once and builds its view once', async () => {
    const shown = await counted(() => station.status({ txId }));
    expect(shown.result.status).toBe('draft');
    expect({ recordReads: shown.recordReads, viewBuilds: shown.viewBuilds }).toEqual({ recordReads: 1, viewBuilds: 1 });
  });

  it('sign reads the record once and builds the view once; the answer shows the new signature', async () => {
    const signed = await counted(() => station.sign({ txId }));
    expect({ recordReads: signed.recordReads, viewBuilds: signed.viewBuilds }).toEqual({ recordReads: 1, viewBuilds: 1 });
    // The one view, brought up to date: the answer is what a fresh status read says.
    expect(signed.result.transaction.view.signatures.map((s) => s.signer?.base58)).toEqual([addressToBase58(signers[0]!)]);
    // (status also reads the account before showing it, docs/decisions.md §24; sign does not, as before.)
    const fresh = await station.status({ txId });
    expect(signed.result.transaction).toEqual({ ...fresh, signer: { ...fresh.signer, accountRead: null } });
  });
});
