/**
 * `airlock status TXID` prints the signer's view (docs/decisions.md §18 "a second signer sees everything the
 * first saw before signing"), as the transaction screen shows it: station A builds a permission
 * update and a token issue of a devnet account and exports each handoff file; station B, which
 * fetched the account from the node and holds no key, imports them, and its `status` prints what
 * the transaction does (the sentence and its fields), the next step, and, recomputed on B, the
 * update's diff, fee and lockout verdict, and the issue's price, sale window, frozen supply and
 * limits. A text the view escaped is printed escaped once, as the screen shows it. Real stations on
 * keystore vaults and the devnet, in process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { newKey, SUN, type TestKey, type TestNode } from '../helpers/devnet-helpers.ts';
import { jsonFile, type TestStation } from '../helpers/station-helpers.ts';
import { startCliPair, type CliPair } from '../helpers/cli-pair.ts';
import { silverIssueJson } from '../helpers/real-station.ts';
import { hasUnsafeText } from '../../shared/base/escape.ts';

let pair: CliPair;
let node: TestNode;
let work: CliPair['work'];
let owner: TestKey;
let A: TestStation;
let B: TestStation;

beforeAll(async () => {
  pair = await startCliPair('airlock-signer-status-', { fund: 2_000n * SUN, fetchOwner: ['A', 'B'] });
  ({ node, work, owner, A, B } = pair);
}, 60_000);

afterAll(() => pair?.stop());

/** Exports A's handoff of `txId` and imports it on B. */
async function carry(txId: string): Promise<void> {
  const file = join(work.dir, `${txId.slice(0, 8)}.json`);
  await A.ok(['export', txId, file]);
  expect((await B.ok(['import', file])).results[0]).toMatchObject({ txId, newTransaction: true });
}

describe('airlock status TXID on the second signer', () => {
  it("a permission update: what it does, B's diff and fee, B's own lockout verdict, and the next step", async () => {
    const [k2, k3] = [newKey(), newKey()];
    await B.ok(['book', 'set', k2.b58, 'kim (treasury)']);
    const update = {
      owner_address: owner.b58,
      owner: {
        type: 'Owner',
        permission_name: 'owner',
        threshold: 2,
        keys: [owner, k2, k3].map((k) => ({ address: k.b58, weight: 1 })),
      },
      actives: [
        {
          type: 'Active',
          permission_name: 'pay',
          threshold: 1,
          operations: '7fff1fc0033e0000000000000000000000000000000000000000000000000000',
          keys: [{ address: owner.b58, weight: 1 }],
        },
      ],
      visible: true,
    };
    const built = await A.ok(['build', 'permission-update', '--json', jsonFile(work.dir, 'update.json', update), '--accept-risk', 'owner-unseen-keys']);
    await carry(built.txId);
    const r = await B.run(['status', built.txId]);
    expect(r.code).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(/^next step +needs 1 more of: /m);
    expect(out).toContain('\nWhat it does: ');
    expect(out).toContain(`\nChecked on this station against the permissions observed from node ${node.url} at block `);
    // The diff names the keys added, with B's own label for kim.
    expect(out).toContain(k2.b58);
    expect(out).toContain(`${k2.b58} is kim (treasury)`);
    expect(out).toMatch(/^ {2}Fee: \d+ TRX/m);
    // B holds no key and has seen none of the new owner keys sign: its own guard says so.
    expect(out).toMatch(/^ {2}Lockout guard: needs-override\.$/m);
  });

  it('a token issue: its price, sale window, frozen supply and limits in words, decoded on B', async () => {
    const issue = { ...silverIssueJson(node.clock.now), owner_address: owner.b58 };
    const built = await A.ok(['build', 'asset-issue', '--json', jsonFile(work.dir, 'issue.json', issue)]);
    await carry(built.txId);
    const out = (await B.run(['status', built.txId])).stdout;
    expect(out).toContain('\nThe token issue in words:\n');
    expect(out).toContain('\n  Price: 1 SLV costs 0.2 TRX (1,000,000 sun buy 500 smallest units)\n');
    expect(out).toMatch(/^ {2}Sale: The sale opens \d{4}-\d\d-\d\d \d\d:\d\d and ends \d{4}-\d\d-\d\d \d\d:\d\d: not open yet\.$/m);
    expect(out).toMatch(/^ {2}Frozen supply: 1,000 SLV frozen for 10 days, released /m);
    expect(out).toMatch(/^ {2}Limits: The issuer's bandwidth for transfers of this token: 500 bandwidth points a day for each holder/m);
    expect(out).toMatch(/^next step +needs 1 more of: /m);
  });

  it('a text the view escaped is shown escaped once: a real U+202E as \\u{202E}, a typed backslash doubled, as on the screen', async () => {
    const issue = { ...silverIssueJson(node.clock.now), owner_address: owner.b58, name: 'Bronze', abbr: 'BRZ', description: 'real\u202Eone, typed \\u{202E}' };
    const built = await A.ok(['build', 'asset-issue', '--json', jsonFile(work.dir, 'issue-escaped.json', issue)]);
    const out = (await A.run(['status', built.txId])).stdout;
    expect(out).toContain('\n  Description: "real\\u{202E}one, typed \\\\u{202E}"\n');
    expect(out.split('\n').some(hasUnsafeText)).toBe(false);
  });
});
