/**
 * The fates a snapshot passes on (docs/decisions.md §24): only the ones this station recorded as observed, and
 * of those only the ones the node's block still proves now, each with its proof (block header,
 * signatures and ret, Merkle branch) and, once per file, the executive set they were checked
 * against. A lie this station once believed, or a fate its node can no longer prove, is not passed on.
 *
 * Invariants: at most MAX_SNAPSHOT_FATE_PROOFS fates (a proof is about 2 KB; the file stays within
 * its size bound); each block is read once (station/node/fate-proof.ts); nothing here writes.
 */
import { bytesToHex } from '../../shared/base/bytes.ts';
import { MAX_SNAPSHOT_FATE_PROOFS } from '../../shared/base/limits.ts';
import type { SnapshotExecutives } from '../../shared/files/fate-proof-file.ts';
import type { SnapshotTransaction } from '../../shared/files/snapshot.ts';
import { executivesForFile, FateProver, readExecutiveSet, readHead } from '../node/fate-proof.ts';
import type { NodeClient } from '../node/node-client.ts';
import type { StationContext } from './context.ts';
import { isObserved } from './provenance.ts';

/** This station's observed fates with their proofs, read from `node` now, and the executive set they were checked against. */
export async function provenFates(ctx: StationContext, node: NodeClient): Promise<{ seen: SnapshotTransaction[]; executives: SnapshotExecutives }> {
  const records = ctx.store
    .listTransactions({ status: ['confirmed', 'failed'], limit: MAX_SNAPSHOT_FATE_PROOFS })
    .filter((t) => t.chain !== null && isObserved(t.chain.source));
  if (records.length === 0) return { seen: [], executives: { block: 0, list: [] } };
  const head = await readHead(node);
  const set = await readExecutiveSet(node, head);
  const prover = new FateProver(node, head, null, set, () => undefined);
  const seen: SnapshotTransaction[] = [];
  for (const t of records) {
    const txid = bytesToHex(t.txId);
    const chain = t.chain!;
    const proven = await prover.prove(txid, null, chain.block);
    if (proven.kind !== 'proven' || proven.result !== chain.result) continue;
    const proof = await prover.proofOf(txid, chain.block);
    if (typeof proof === 'string') continue;
    seen.push({ txid, block: chain.block, result: chain.result, fee: chain.fee, proof });
  }
  return { seen, executives: executivesForFile(set) };
}
