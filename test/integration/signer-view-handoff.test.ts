/**
 * The second signer sees what the builder saw (docs/decisions.md §18 "the signer's screen"): station A builds a
 * permission update and a token issue of the account M offline; station B, given only each
 * handoff file, shows through its own API (`status`, checked by the API table's schemas) the
 * permission update's diff against the permissions B holds (with B's labels and the provenance of
 * B's copy), the fee, and the lockout verdict recomputed against the keys B has seen, and the token
 * issue's price, sale window, frozen schedule and limits, all decoded from the file's bytes.
 *
 * Both stations are real (test/helpers/real-station.ts: openStation on a temporary directory, the
 * snapshot of M 2-of-3 owner A, B, C; each holds keys A and D). B deletes its key A, so A's guard
 * passes the update (A and D held) while B's needs the risk accepted: the verdict is B's own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../shared/api/api-contract.ts';
import { STATION_API, type StationTransaction } from '../../shared/api/station-api.ts';
import { openRealStation, silverIssueJson, TEST_ADDRESSES, TEST_NOW, type RealStation } from '../helpers/real-station.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const open: RealStation[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

async function station(): Promise<RealStation> {
  const s = await openRealStation({ count: 0 });
  open.push(s);
  return s;
}

/** `status` through the API table, so the answer is the one the schemas let out. */
async function status(s: RealStation, txId: string): Promise<StationTransaction> {
  const answer = await dispatch(STATION_API, s.handlers, 'status', { txId });
  if (!answer.ok) throw new Error(`status: ${answer.error.code} ${answer.error.message}`);
  return answer.value as StationTransaction;
}

/** Carries A's handoff of `txId` to B as the file a person would, and imports it there. */
async function carry(a: RealStation, b: RealStation, txId: string): Promise<void> {
  const file = await a.handlers.exportHandoff({ txId });
  const answer = await b.handlers.importFiles({ files: [{ name: file.fileName, text: file.text }] });
  expect(answer.results.map((r) => r.newTransaction)).toEqual([true]);
}

const UPDATE = {
  owner_address: TEST_ADDRESSES.M,
  owner: {
    type: 'Owner',
    permission_name: 'owner',
    threshold: 2,
    keys: [
      { address: TEST_ADDRESSES.A, weight: 1 },
      { address: TEST_ADDRESSES.B, weight: 1 },
      { address: TEST_ADDRESSES.D, weight: 1 },
    ],
  },
  actives: [
    {
      type: 'Active',
      permission_name: 'pay',
      threshold: 1,
      operations: '7fff1fc0033e0000000000000000000000000000000000000000000000000000',
      keys: [{ address: TEST_ADDRESSES.A, weight: 1 }],
    },
  ],
  visible: true,
};

const issue = silverIssueJson;

describe("the signer's view on a station given only the handoff file", () => {
  it("a permission update: B's diff with B's labels and copy, the fee, and B's own lockout verdict", async () => {
    const a = await station();
    const b = await station();
    const built = await a.handlers.buildPermissionUpdate({ json: JSON.stringify(UPDATE) });
    const onA = await status(a, built.txId);
    expect(onA.signer.permissionUpdate?.check.lockout?.verdict).toBe('ok');

    await b.handlers.keysDelete({ address: TEST_ADDRESSES.A });
    await b.handlers.bookSet({ address: TEST_ADDRESSES.B, label: 'bob (station B)' });
    await carry(a, b, built.txId);
    const view = (await status(b, built.txId)).signer.permissionUpdate!;

    // The diff against the 2-of-3 (A, B, C) B holds from snapshot.json, a claim of that file.
    const owner = view.check.diff.permissions.find((p) => p.slot === 'owner')!;
    expect(owner.change).toBe('changed');
    expect(owner.keysAdded.map((k) => k.address)).toEqual([TEST_ADDRESSES.D]);
    expect(owner.keysRemoved.map((k) => k.address)).toEqual([TEST_ADDRESSES.C]);
    expect(view.check.diff.permissions.find((p) => p.slot === 'active')?.change).toBe('added');
    expect(view.against.trust).toBe('claimed');
    expect(view.against.text).toBe('claimed by file snapshot.json (unverified)');
    // B's labels, including the one only B has.
    expect(view.labels).toEqual(
      expect.arrayContaining([
        { address: TEST_ADDRESSES.B, label: 'bob (station B)' },
        { address: TEST_ADDRESSES.C, label: 'Cy phone' },
      ]),
    );
    // Signed under the 2-of-3 owner: at least two signatures, so the multi-signature fee too.
    expect(view.check.fee.multiSignCase).toBe('always');
    expect(view.check.fee.least).toBe('101000000');
    expect(view.check.fee.text).toMatch(/^101 TRX: /);
    // B holds only D and has seen nobody sign: the owner is reachable only by unseen keys.
    expect(view.check.lockout?.verdict).toBe('needs-override');
    expect(view.check.text).toMatch(/^The lockout guard needs the risk "owner-unseen-keys" accepted\./);
  });

  it('a token issue: its price, sale window, frozen schedule and limits, decoded from the file', async () => {
    const a = await station();
    const b = await station();
    const built = await a.handlers.buildAssetIssue({ json: JSON.stringify(issue(TEST_NOW)) });
    await carry(a, b, built.txId);
    const signer = (await status(b, built.txId)).signer;
    // Nobody signed yet: B holds A, and B and C are in its address book.
    expect(signer.nextStep).toBe('needs 2 more of: Ana laptop (this station), Bo desktop, Cy phone; sign here, or export the file for the others');
    const t = signer.tokenIssue!;
    expect(t.price).toBe('1 SLV costs 0.2 TRX (1,000,000 sun buy 500 smallest units)');
    expect(t.window.start.ms).toBe(TEST_NOW + HOUR);
    expect(t.window.end.ms).toBe(TEST_NOW + 30 * DAY);
    expect(t.window.state).toBe('before');
    expect(t.window.text).toMatch(/^The sale opens \d{4}-\d\d-\d\d \d\d:\d\d and ends \d{4}-\d\d-\d\d \d\d:\d\d: not open yet\.$/);
    expect(t.frozen).toEqual([
      expect.objectContaining({ amount: '1,000 SLV', days: '10', releasedAt: expect.objectContaining({ ms: TEST_NOW + HOUR + 10 * DAY }) }),
    ]);
    expect(t.limits).toEqual({
      perHolder: '500',
      total: '10000',
      text: "The issuer's bandwidth for transfers of this token: 500 bandwidth points a day for each holder, 10,000 bandwidth points a day for all holders together.",
    });
  });
});
