/**
 * A snapshot file is a claim (docs/decisions.md §16, "trust only what was proved"): it never replaces what the
 * station observed from the node, and a snapshot dated in the future is refused whole. Findings held
 * here: "files overwrite the stored account, dated as they like" (a snapshot dated 2100 made every
 * later genuine one "older; kept mine") and "a snapshot re-describes a token fetched from the node"
 * (a precision changed by a file changes the amount a signer sees). Built from public inputs: a real
 * station's own snapshot export, edited as an attacker would, imported through the station.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStation, type Station } from '../../station/station.ts';
import { assetIssueBody, buildAndSend, funded, newKey, type Json, type TestKey, type TestNode, startNode } from '../helpers/devnet-helpers.ts';
import { TEST_SCRYPT, workDir } from '../helpers/station-helpers.ts';

let work: { dir: string; remove: () => void };
let node: TestNode;
/** Online: fetched `owner`'s account and the token from the node. */
let a: Station;
/** Exports the genuine snapshot the attacker edits. */
let b: Station;
let owner: TestKey;
let tokenId: string;
let genuine: Json;

function open(name: string): Station {
  return openStation({ dataDir: join(work.dir, name), nodeUrl: node.url, clock: () => node.clock.now, vault: 'keystore', scrypt: TEST_SCRYPT });
}

beforeAll(async () => {
  work = workDir();
  node = await startNode();
  owner = await funded(node, 5_000n * 1_000_000n);
  const now = node.clock.now;
  const { reply } = await buildAndSend(node, '/wallet/createassetissue', assetIssueBody(owner, 'Gold', { start: now + 60_000, end: now + 86_400_000 }), [
    owner,
  ]);
  expect(reply.result).toBe(true);
  await node.block();
  const issued = await node.post('/wallet/getassetissuelist', {});
  tokenId = String(((issued.assetIssue as Json[]).find((t) => t.owner_address === owner.hex) as Json).id);
  a = open('a');
  b = open('b');
  await a.accountFetch({ address: owner.b58 });
  await a.tokenShow({ id: tokenId, fetch: true });
  await b.accountFetch({ address: owner.b58 });
  await b.tokenShow({ id: tokenId, fetch: true });
  genuine = JSON.parse((await b.snapshotExport({ accounts: [owner.b58] })).text) as Json;
}, 120_000);

afterAll(async () => {
  a?.close();
  b?.close();
  await node?.stop();
  work?.remove();
});

const edited = (change: (s: Json) => void): string => {
  const s = structuredClone(genuine);
  change(s);
  return JSON.stringify(s);
};

describe('a snapshot file never replaces what the station observed', () => {
  it('an account fetched from the node is kept, and the result names why; a forged threshold is not believed', async () => {
    const before = a.accountShow({ address: owner.b58 });
    const forged = edited((s) => {
      const acct = (s.accounts as Json[])[0] as Json;
      // The attacker's key as the only owner: a "1 of 1" the node never showed.
      (acct.permissions as Json).owner_permission = { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: newKey().hex, weight: 1 }] };
      acct.at = node.clock.now;
    });
    const r = a.snapshotImport({ fileName: 'forged.json', text: forged });
    expect(r.accounts).toEqual([
      { address: owner.b58, stored: false, reason: expect.stringMatching(/observed it from the node .*a file's claim does not replace that/) },
    ]);
    expect(a.accountShow({ address: owner.b58 })).toEqual(before);
  });

  it('a token described by the node keeps its precision when a file claims another', async () => {
    const before = a.tokenList().tokens.find((t) => t.id === tokenId);
    const forged = edited((s) => {
      for (const t of s.tokens as Json[]) if (t.id === tokenId) t.precision = 6;
    });
    const r = a.snapshotImport({ fileName: 'forged-token.json', text: forged });
    expect(a.tokenList().tokens.find((t) => t.id === tokenId)).toEqual(before);
    // Named in the result, never dropped in silence.
    expect(r.tokensKept).toEqual([
      { id: tokenId, reason: expect.stringMatching(/^this station observed it from the node .*a file's claim does not replace that$/) },
    ]);
  });

  it('a snapshot dated in 2100 is refused whole, naming the date; nothing is stored', async () => {
    const c = open('c');
    try {
      const forged = edited((s) => {
        (s.block as Json).timestamp = Date.UTC(2100, 0, 1);
      });
      expect(() => c.snapshotImport({ fileName: 'from-2100.json', text: forged })).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT', message: expect.stringContaining('2100-01-01') }),
      );
      expect(c.accountsList().accounts).toEqual([]);
      // The genuine snapshot still imports afterwards: nothing from the future pinned it.
      expect(c.snapshotImport({ fileName: 'genuine.json', text: JSON.stringify(genuine) }).accounts).toEqual([{ address: owner.b58, stored: true }]);
    } finally {
      c.close();
    }
  });
});
