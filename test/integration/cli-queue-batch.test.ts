// `airlock sign TXID...`, `airlock export --dir D | --merged F TXID...`, `airlock broadcast TXID...`
// (cli/queue-commands.ts, docs/decisions.md §18): several txIDs run the station's batch, one line a row and a
// summary, "n/m" on a terminal's stderr; a txID twice, or --key / --accept-risk with several, is
// refused before anything runs; a merged file imports whole on a second station; --dir never
// replaces a file already there. Real stations on keystore vaults and the devnet, in process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newKey, SUN, type TestKey } from '../helpers/devnet-helpers.ts';
import type { TestStation } from '../helpers/station-helpers.ts';
import { errorOf, startCliPair, type CliPair } from '../helpers/cli-pair.ts';

let pair: CliPair;
let work: CliPair['work'];
let owner: TestKey;
let A: TestStation;
let B: TestStation;

async function built(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    ids.push((await A.run(['build', 'transfer', '--from', owner.b58, '--to', newKey().b58, '--amount', `${1_000 + i}`])).stdout.trim());
  return ids;
}
const signatures = async (txId: string): Promise<number> => (await A.ok(['status', txId])).view.signatures.length;

beforeAll(async () => {
  pair = await startCliPair('airlock-batch-cli-', { fund: 10_000n * SUN, fetchOwner: ['A', 'B'] });
  ({ work, owner, A, B } = pair);
}, 60_000);

afterAll(() => pair?.stop());

describe('airlock sign TXID...', () => {
  it('signs each, one line a row, the total first, and "n/m" on a terminal', async () => {
    const ids = await built(2);
    const r = await A.run(['sign', ...ids], { stderrIsTTY: true });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Total: [0-9,.]+ TRX$/);
    expect(lines.slice(1, 3)).toEqual(ids.map((t) => `${t}: done. Signed by ${owner.b58}; now ready.`));
    expect(lines[3]).toBe('2 of 2 signed.');
    expect(r.stderr).toContain('sign 1/2');
    expect(r.stderr).toContain('sign 2/2\n');
  });

  it('a txID twice is refused before any row runs: nothing signed', async () => {
    const [one, two] = await built(2);
    const r = await A.run(['sign', one!, two!, one!]);
    expect(r.code).toBe(1);
    expect(errorOf(r)).toMatchObject({ code: 'INVALID_INPUT', message: 'txIds[2]: the same transaction is chosen twice' });
    expect(await signatures(one!)).toBe(0);
    expect(await signatures(two!)).toBe(0);
  });

  it('--key and --accept-risk name one transaction: refused with several, nothing signed', async () => {
    const [one, two] = await built(2);
    const key = await A.run(['sign', one!, two!, '--key', owner.b58]);
    expect(errorOf(key)).toMatchObject({ code: 'INVALID_INPUT', message: '--key: names one transaction; sign the others without it' });
    const risk = await A.run(['sign', one!, two!, '--accept-risk', 'unknown-function']);
    expect(errorOf(risk).message).toBe('--accept-risk: names one transaction; sign the others without it');
    expect(await signatures(one!)).toBe(0);
  });
});

describe('airlock export --merged | --dir', () => {
  it('--merged writes one file that a second station imports whole', async () => {
    const ids = await built(2);
    await A.ok(['sign', ...ids]);
    const file = join(work.dir, 'both.json');
    const r = await A.ok(['export', '--merged', file, ...ids]);
    expect(r).toMatchObject({ action: 'export', done: 2, refused: 0, written: [file] });
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('airlock.handoff-bundle');
    const { results: imported } = await B.ok(['import', file]);
    expect(imported.map((x: { txId: string; newTransaction: boolean }) => [x.txId, x.newTransaction])).toEqual(ids.map((t) => [t, true]));
  });

  it('--dir writes one file per transaction, and never over a file already there', async () => {
    const ids = await built(2);
    const dir = join(work.dir, 'out');
    const r = await A.run(['export', '--dir', dir, ...ids]);
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(ids.map((t) => `${t.slice(0, 12)}.airlock.json`).sort());
    const [third] = await built(1);
    const again = await A.run(['export', '--dir', dir, third!, ids[0]!]);
    expect(errorOf(again).code).toBe('CONFLICT');
    expect(existsSync(join(dir, `${third!.slice(0, 12)}.airlock.json`))).toBe(false);
  });

  it('a txID this station does not hold is refused before any row runs, and --dir makes no folder for nothing', async () => {
    const [one] = await built(1);
    const dir = join(work.dir, 'never-made');
    const r = await A.run(['export', '--dir', dir, one!, 'ab'.repeat(32)]);
    expect(r.code).toBe(1);
    expect(errorOf(r).code).toBe('NOT_FOUND');
    expect(existsSync(dir)).toBe(false);
  });

  it('export TXID FILE still writes one file; anything else without --dir or --merged is refused', async () => {
    const [one] = await built(1);
    const file = join(work.dir, 'one.json');
    expect((await A.run(['export', one!, file])).code).toBe(0);
    expect(existsSync(file)).toBe(true);
    expect(errorOf(await A.run(['export', one!])).message).toBe('export: give TXID FILE, or --dir FOLDER / --merged FILE and the txIDs');
  });
});

describe('airlock broadcast TXID...', () => {
  it('broadcasts the signed rows and reports the unsigned one in words, going on past it', async () => {
    const [unsigned, signed] = await built(2);
    await A.ok(['sign', signed!]);
    const r = await A.run(['broadcast', unsigned!, signed!]);
    // Done in part: every row's answer is printed, and the exit code tells a script that not all went.
    expect(r.code).toBe(3);
    const lines = r.stdout.trim().split('\n');
    expect(lines[1]).toMatch(new RegExp(`^${unsigned}: refused\\. `));
    expect(lines[2]).toBe(`${signed}: done. The node accepted transaction ${signed}; it goes into the next block.`);
    expect(lines[3]).toBe('1 of 2 broadcast; 1 refused.');
  });

  it('a single broadcast the node refuses prints its answer and exits 3; one it accepts exits 0', async () => {
    // Built while the account could pay it (a build it cannot pay is refused), then more than it holds once another is sent.
    const first = (await A.run(['build', 'transfer', '--from', owner.b58, '--to', newKey().b58, '--amount', `${6_000n * SUN}`])).stdout.trim();
    const tooMuch = (await A.run(['build', 'transfer', '--from', owner.b58, '--to', newKey().b58, '--amount', `${6_000n * SUN}`])).stdout.trim();
    await A.ok(['sign', first]);
    await A.ok(['sign', tooMuch]);
    expect((await A.run(['broadcast', first])).code).toBe(0);
    await pair.node.block();
    const refused = await A.run(['broadcast', tooMuch]);
    expect([refused.code, refused.stderr]).toEqual([3, '']);
    expect(refused.stdout).toMatch(new RegExp(`^The node refused transaction ${tooMuch}: CONTRACT_VALIDATE_ERROR: .*balance is not sufficient`));
    const [one] = await built(1);
    await A.ok(['sign', one!]);
    expect((await A.run(['broadcast', one!])).code).toBe(0);
  });
});

describe('airlock sign TXID... with a row refused', () => {
  it('signs the others, names the refused row, and exits 3', async () => {
    const [one, two] = await built(2);
    await A.ok(['sign', one!]);
    const r = await A.run(['sign', one!, two!]);
    expect(r.code).toBe(3);
    const lines = r.stdout.trim().split('\n');
    expect(lines[1]).toMatch(new RegExp(`^${one}: refused\\. `));
    expect(lines[2]).toBe(`${two}: done. Signed by ${owner.b58}; now ready.`);
    expect(lines[3]).toBe('1 of 2 signed; 1 refused.');
  });
});
