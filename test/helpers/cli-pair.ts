/**
 * Two command-line stations on the devnet, for the CLI tests that carry a transaction or a snapshot
 * from one station to another (cli-queue-batch, cli-signer-status, cli-handoff-ur, cli-snapshot-ur):
 * the devnet in process, a work directory, an `owner` account funded with `fund` sun, station A
 * holding the owner's key, and station B (with no node when `offlineB`). `fetchOwner` names the
 * stations that read the owner's account from the node; B's store is created either way, so a test
 * can count "nothing stored" in a real database. `stop` stops the node and removes the directory.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { funded, startNode, type TestKey, type TestNode } from './devnet-helpers.ts';
import { keyFile, testStation, workDir, type TestStation } from './station-helpers.ts';

export interface CliPair {
  node: TestNode;
  work: { dir: string; remove: () => void };
  owner: TestKey;
  A: TestStation;
  B: TestStation;
  stop: () => Promise<void>;
}

export async function startCliPair(prefix: string, o: { fund: bigint; fetchOwner?: ('A' | 'B')[]; offlineB?: boolean }): Promise<CliPair> {
  const node = await startNode();
  const work = workDir(prefix);
  const owner = await funded(node, o.fund);
  const A = testStation(work.dir, 'a', { node: node.url, now: () => node.clock.now });
  const B = testStation(work.dir, 'b', { ...(o.offlineB !== true && { node: node.url }), now: () => node.clock.now });
  await A.ok(['keys', 'import', '--key-file', keyFile(work.dir, 'owner.key', owner.priv)]);
  await B.ok(['settings', 'show']);
  for (const s of o.fetchOwner ?? []) await (s === 'A' ? A : B).ok(['account', 'fetch', owner.b58]);
  return {
    node,
    work,
    owner,
    A,
    B,
    stop: async () => {
      await node.stop();
      work.remove();
    },
  };
}

/** The `{code, message}` of a refused run's stderr. */
export const errorOf = (r: { stderr: string }): { code: string; message: string } => JSON.parse(r.stderr).error;

/** Writes UR parts one a line to `dir/name`, as a script would save them; returns the path. */
export function writeParts(dir: string, name: string, parts: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${parts.join('\n')}\n`);
  return path;
}
