// `airlock handoff ur export|import` (cli/handoff-ur.ts, docs/decisions.md §19): a handoff printed as UR parts,
// one a line, at the default density or a chosen one, is read back by another station from files
// or stdin, shuffled and with a part missing (fountain parts make it up), and imports exactly as
// the file would; incomplete parts, a part of another transaction, non-UR text, a key pasted as a
// part and a bad --fragment-size are refused in words, the store unchanged, no key in any output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { run } from '../../cli/main.ts';
import { nodeIo, type CliIo } from '../../cli/io.ts';
import { hexToBytes, utf8ToBytes } from '../../shared/base/bytes.ts';
import { UrSender } from '../../shared/files/ur.ts';
import { newKey, SUN, type TestKey, type TestNode } from '../helpers/devnet-helpers.ts';
import { TEST_SCRYPT, testStation, type TestStation, storedRows } from '../helpers/station-helpers.ts';
import { errorOf, startCliPair, writeParts, type CliPair } from '../helpers/cli-pair.ts';
import { keyTraces } from '../helpers/vault-helpers.ts';

let pair: CliPair;
let node: TestNode;
let work: CliPair['work'];
let owner: TestKey;
let A: TestStation;
let B: TestStation;
let txId: string;

const transactions = (s: TestStation): number => storedRows(s.dataDir, 'transactions');
const partsFile = (name: string, parts: string[]): string => writeParts(work.dir, name, parts);

beforeAll(async () => {
  pair = await startCliPair('airlock-ur-cli-', { fund: 1_000n * SUN, fetchOwner: ['A'] });
  ({ node, work, owner, A, B } = pair);
  const built = await A.run(['build', 'transfer', '--from', owner.b58, '--to', newKey().b58, '--amount', '7', '--note', 'by ur']);
  txId = built.stdout.trim();
  await A.ok(['sign', txId]);
}, 60_000);

afterAll(() => pair?.stop());

describe('handoff ur export', () => {
  it('prints the parts one a line; --json gives them with the type and density', async () => {
    const text = await A.run(['handoff', 'ur', 'export', txId]);
    expect(text.code).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    lines.forEach((l, i) => expect(l).toMatch(new RegExp(`^ur:airlock-handoff/${i + 1}-${lines.length}/[a-z]+$`)));
    const json = await A.ok(['handoff', 'ur', 'export', txId, '--fragment-size', '100']);
    expect(json).toMatchObject({ txId, signatures: 1, type: 'airlock-handoff', fragmentSize: 100 });
    expect(json.parts.length).toBeGreaterThan(lines.length);
  });

  it('refuses a fragment size out of bounds', async () => {
    const r = await A.run(['handoff', 'ur', 'export', txId, '--fragment-size', '5']);
    expect(r.code).toBe(2);
    expect(errorOf(r).message).toBe('handoff ur export: --fragment-size must be a whole number from 10 to 1000 (bytes a part); got 5');
  });
});

describe('handoff ur import', () => {
  it('refuses incomplete parts, a part of another transaction, non-UR text and a key, storing nothing', async () => {
    const parts = (await A.ok(['handoff', 'ur', 'export', txId, '--fragment-size', '60'])).parts as string[];
    const other = new UrSender('handoff', '{"format":"airlock.handoff"}', 10).next();
    const cases: [string[], RegExp][] = [
      [parts.slice(1), /^The UR parts are incomplete \(\d+ of \d+ recovered\): nothing was imported\.$/],
      [[parts[0]!, other], /a frame belongs to another transfer/],
      [[parts[0]!, 'hello'], /not part of an Airlock transfer/],
      [[parts[0]!, owner.priv], /looks like a private key/],
    ];
    for (const [i, [list, message]] of cases.entries()) {
      const r = await B.run(['handoff', 'ur', 'import', partsFile(`bad${i}.txt`, list)]);
      expect(r.code).toBe(1);
      expect(errorOf(r)).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(message) });
      expect(transactions(B)).toBe(0);
    }
  });

  it('reads parts from two files, in any order, and imports as the file would', async () => {
    const all = (await A.ok(['handoff', 'ur', 'export', txId])).parts as string[];
    const half = Math.ceil(all.length / 2);
    const { results: imported } = await B.ok([
      'handoff',
      'ur',
      'import',
      partsFile('late.txt', all.slice(half).reverse()),
      partsFile('early.txt', all.slice(0, half)),
    ]);
    expect(imported).toEqual([expect.objectContaining({ txId, newTransaction: true, kind: 'handoff', added: [owner.b58] })]);
    expect(imported[0].file).toMatch(/^ur handoff \d{4}-\d\d-\d\dT/);
    expect(transactions(B)).toBe(1);
  });

  it('reads parts from stdin', async () => {
    const C = testStation(work.dir, 'c', { node: node.url, now: () => node.clock.now });
    await C.ok(['settings', 'show']);
    const parts = (await A.ok(['handoff', 'ur', 'export', txId])).parts as string[];
    let stdout = '';
    let stderr = '';
    const pass = join(work.dir, 'c.pass');
    const io: CliIo = {
      ...nodeIo(),
      readStdin: async () => utf8ToBytes(parts.join(' ')),
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
      now: () => node.clock.now,
      stationOptions: { scrypt: TEST_SCRYPT, nodeTimeoutMs: 5_000 },
    };
    delete io.terminal;
    const code = await run(
      ['--data-dir', C.dataDir, '--vault', 'keystore', '--passphrase-file', pass, '--node', node.url, '--json', 'handoff', 'ur', 'import'],
      io,
    );
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout).results[0]).toMatchObject({ txId, newTransaction: true });
  });

  it('no key text in any output', () => {
    expect(keyTraces(hexToBytes(owner.priv), [...A.outputs, ...B.outputs].join('\n'), 'outputs')).toEqual([]);
  });
});
