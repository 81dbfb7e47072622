// `airlock snapshot ur export|import` (cli/snapshot-commands.ts, docs/decisions.md §19): a chain snapshot of
// accounts read from the local node, printed as UR parts one a line (at the default density or a
// chosen one), is read back by another station from files in any order and imports exactly as the
// snapshot file would (the account stored, as a claim of an unpinned exporter); parts of a handoff,
// incomplete parts, a part of another transfer and a bad --fragment-size are refused in words with
// nothing stored, and no key text appears in any output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hexToBytes } from '../../shared/base/bytes.ts';
import { UrSender } from '../../shared/files/ur.ts';
import { funded, SUN, type TestKey, type TestNode } from '../helpers/devnet-helpers.ts';
import { type TestStation, storedRows } from '../helpers/station-helpers.ts';
import { errorOf, startCliPair, writeParts, type CliPair } from '../helpers/cli-pair.ts';
import { keyTraces } from '../helpers/vault-helpers.ts';

let pair: CliPair;
let node: TestNode;
let work: CliPair['work'];
let owner: TestKey;
let second: TestKey;
let A: TestStation;
let B: TestStation;

/** The accounts B's store holds: counted in the real database, so "nothing stored" is a fact. */
const accountsOf = (s: TestStation): number => storedRows(s.dataDir, 'accounts');
const partsFile = (name: string, parts: string[]): string => writeParts(work.dir, name, parts);

beforeAll(async () => {
  // B has no node: the offline side.
  pair = await startCliPair('airlock-snapshot-ur-cli-', { fund: 1_000n * SUN, offlineB: true });
  ({ node, work, owner, A, B } = pair);
  second = await funded(node, 7n * SUN);
}, 60_000);

afterAll(() => pair?.stop());

describe('snapshot ur export', () => {
  it('prints the parts one a line; --json gives them with the type, density, block and accounts', async () => {
    const text = await A.run(['snapshot', 'ur', 'export', '--account', owner.b58]);
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    lines.forEach((l, i) => expect(l).toMatch(new RegExp(`^ur:airlock-snapshot/${i + 1}-${lines.length}/[a-z]+$`)));
    const json = await A.ok(['snapshot', 'ur', 'export', '--account', owner.b58, second.b58, '--fragment-size', '100']);
    // The file lists accounts by address (shared/files/snapshot.ts), not in the order asked.
    expect(json).toMatchObject({ type: 'airlock-snapshot', fragmentSize: 100, accounts: [owner.b58, second.b58].sort() });
    expect(json.block.number).toBeGreaterThan(0);
    expect(json.parts.length).toBeGreaterThan(lines.length);
  });

  it('refuses a fragment size out of bounds, and a missing --account', async () => {
    const r = await A.run(['snapshot', 'ur', 'export', '--account', owner.b58, '--fragment-size', '1001']);
    expect(r.code).toBe(2);
    expect(errorOf(r).message).toBe('snapshot ur export: --fragment-size must be a whole number from 10 to 1000 (bytes a part); got 1001');
    const none = await A.run(['snapshot', 'ur', 'export']);
    expect(none.code).not.toBe(0);
    expect(none.stderr).toMatch(/--account/);
  });
});

describe('snapshot ur import', () => {
  it('refuses the parts of a handoff, incomplete parts and a part of another transfer, storing nothing', async () => {
    const parts = (await A.ok(['snapshot', 'ur', 'export', '--account', owner.b58, '--fragment-size', '60'])).parts as string[];
    const handoff = new UrSender('handoff', '{"format":"airlock.handoff"}', 10);
    const other = new UrSender('snapshot', '{"format":"airlock.snapshot"}', 10).next();
    const cases: [string[], RegExp][] = [
      [handoff.take(handoff.pureCount), /^These UR parts carry a handoff file, not a chain snapshot: nothing was imported\.$/],
      [parts.slice(1), /^The UR parts are incomplete \(\d+ of \d+ recovered\): nothing was imported\.$/],
      [[parts[0]!, other], /a frame belongs to another transfer/],
    ];
    for (const [i, [list, message]] of cases.entries()) {
      const r = await B.run(['snapshot', 'ur', 'import', partsFile(`bad${i}.txt`, list)]);
      expect(r.code).toBe(1);
      expect(errorOf(r)).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(message) });
      expect(accountsOf(B)).toBe(0);
    }
  });

  it('reads parts from two files, in any order, and imports as the file would: the accounts as claims', async () => {
    const all = (await A.ok(['snapshot', 'ur', 'export', '--account', owner.b58, second.b58])).parts as string[];
    const half = Math.ceil(all.length / 2);
    const r = await B.run(['snapshot', 'ur', 'import', partsFile('late.txt', all.slice(half).reverse()), partsFile('early.txt', all.slice(0, half))]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Imported ur snapshot \d{4}-\d\d-\d\dT[^:]+:\d\d:[\d.]+Z: block \d+ \(.+ old\), 2 account\(s\), 0 token\(s\)\./);
    expect(accountsOf(B)).toBe(2);
    const shown = await B.ok(['account', 'show', owner.b58]);
    expect(shown.balance).toBe(String((await node.account(owner.b58)).balance));
    expect(shown.provenance.trust).toBe('claimed');
  });

  it('no key text in any output', () => {
    expect(keyTraces(hexToBytes(owner.priv), [...A.outputs, ...B.outputs].join('\n'), 'outputs')).toEqual([]);
  });
});
