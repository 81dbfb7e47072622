/**
 * The snapshot's `contracts` section (docs/decisions.md §17, "token symbol, name and decimals read from the node
 * and kept for offline use in snapshot files"): an online station A lists the local node's genesis
 * TRC-20 token, reads its facts by constant calls, and exports them in a signed snapshot. An offline
 * station that pinned A holds them as observed, and a TRC-20 transfer it builds shows its amount in
 * token units "read from the node"; one that did not pin A holds them as a claim and says so. Rules
 * held here, each with the test that fails when it is removed: a file's claim never replaces facts
 * the station observed (named in the result, nothing changed); the reader is strict (an unknown
 * member, decimals past MAX_TRC20_DECIMALS, a bidi character, an address twice, a date after this
 * station's clock are refused, nothing stored). Real stations (SQLite files, keystore vaults) and the local node in-process on loopback.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_TOKEN, GENESIS_TOKEN_ADDRESS_BASE58 as TOKEN } from '../../devnet/evm/genesis-token.ts';
import { type Station } from '../../station/station.ts';
import { funded, newKey, SUN, type Json, type TestKey, type TestNode, startNode } from '../helpers/devnet-helpers.ts';
import { workDir, keystoreStation } from '../helpers/station-helpers.ts';

const NO_NODE = 'http://127.0.0.1:9';

let work: { dir: string; remove: () => void };
let node: TestNode;
let owner: TestKey;
/** Online: lists the token and exports signed snapshots. */
let a: Station;
let identity: { publicKey: string; code: string };
let exported: string;
const opened: Station[] = [];

function open(name: string, nodeUrl = NO_NODE): Station {
  const s = keystoreStation(join(work.dir, name), nodeUrl, () => node.clock.now);
  opened.push(s);
  return s;
}

async function refusal(call: () => unknown): Promise<{ code: string; message: string; field: unknown }> {
  try {
    await call();
  } catch (e) {
    const err = e as { code: string; message: string; details?: { field?: unknown } };
    return { code: err.code, message: err.message, field: err.details?.field };
  }
  throw new Error('expected a refusal');
}

/** The exported file with its exporter signature taken off and `edit` applied: an unsigned claim. */
function unsignedEdit(edit: (file: Json) => void): string {
  const file = JSON.parse(exported) as Json;
  delete file.exporter;
  edit(file);
  return JSON.stringify(file);
}

beforeAll(async () => {
  work = workDir('airlock-snapshot-contracts-');
  node = await startNode();
  owner = await funded(node, 1_000n * SUN);
  a = open('a', node.url);
  await a.accountFetch({ address: owner.b58 });
  await a.contractAdd({ address: TOKEN, name: 'Test dollar' });
  identity = await a.exporterShow();
  exported = (await a.snapshotExport({ accounts: [owner.b58] })).text;
}, 120_000);

afterAll(async () => {
  for (const s of opened) s.close();
  await node?.stop();
  work?.remove();
});

describe("the snapshot's contracts section", () => {
  it('carries the list of contracts with the TRC-20 facts read from the node at the snapshot block', () => {
    const file = JSON.parse(exported) as Json;
    expect(file.contracts).toEqual([
      {
        address: TOKEN,
        name: 'Test dollar',
        symbol: GENESIS_TOKEN.symbol,
        token_name: GENESIS_TOKEN.name,
        decimals: GENESIS_TOKEN.decimals,
        source: { node: node.url, block: file.block.number },
        at: node.clock.now,
      },
    ]);
  });

  it('an offline station that pinned the exporter holds them as observed: a transfer built offline reads in token units, read from the node', async () => {
    const b = open('b-pinned');
    await b.exporterPin({ key: identity.publicKey, label: 'online desk' });
    const r = b.snapshotImport({ fileName: 'signed.json', text: exported });
    expect(r).toMatchObject({ contracts: [TOKEN], contractsKept: [], warnings: [] });
    expect(b.contractList().contracts[0]).toMatchObject({ address: TOKEN, name: 'Test dollar', trc20: { symbol: 'ATD', decimals: 6, observed: true } });
    // docs/decisions.md §24: observed by the pinned exporter, but not read from the node by this station: `contract list` does not say it was.
    expect(b.contractList().contracts[0]!.trc20!.fromNode).toBe(false);
    expect(b.contractList().contracts[0]!.trc20!.source).toMatch(/^signed by pinned exporter online desk/);
    const to = newKey().b58;
    const built = await b.buildTrc20Transfer({ from: owner.b58, to, token: TOKEN, amount: '1.5' });
    expect(built.transaction.view.summary).toContain(`Send 1.5 ATD (1,500,000 smallest units; 6 decimals read from the node) to ${to}`);
    expect(built.transaction.view.warnings).toEqual([]);

    // A claim never replaces that: an unsigned file saying 2 decimals is named as kept, nothing changes.
    const claim = unsignedEdit((f) => Object.assign((f.contracts as Json[])[0]!, { symbol: 'FAKE', decimals: 2, at: node.clock.now }));
    const again = b.snapshotImport({ fileName: 'claim.json', text: claim });
    expect(again.contracts).toEqual([]);
    expect(again.contractsKept).toEqual([{ address: TOKEN, reason: expect.stringContaining("a file's claim does not replace that") }]);
    expect(b.contractList().contracts[0]!.trc20).toMatchObject({ symbol: 'ATD', decimals: 6, observed: true });
  });

  it('a station that did not pin the exporter holds them as a claim, and the transfer says so', async () => {
    const c = open('c-unpinned');
    const r = c.snapshotImport({ fileName: 'signed.json', text: exported });
    expect(r.contracts).toEqual([TOKEN]);
    expect(c.contractList().contracts[0]!.trc20).toMatchObject({ symbol: 'ATD', decimals: 6, observed: false, source: 'file signed.json' });
    const built = await c.buildTrc20Transfer({ from: owner.b58, to: newKey().b58, token: TOKEN, amount: '2' });
    expect(built.transaction.view.summary).toContain('Send 2 ATD (2,000,000 smallest units; symbol and 6 decimals claimed by a file, not read from the node)');
  });

  it('is read strictly: an unknown member, decimals past 18, a bidi character or an address twice is refused, nothing stored', async () => {
    const d = open('d-strict');
    const cases: Array<[(c: Json, f: Json) => void, string]> = [
      [(c) => (c.abi = '[]'), 'snapshot.contracts[0].abi'],
      [(c) => (c.decimals = 40), 'snapshot.contracts[0].decimals'],
      [(c) => (c.symbol = 'US\u202EDT'), 'snapshot.contracts[0].symbol'],
      [(c, f) => (f.contracts as Json[]).push({ ...c }), 'snapshot.contracts[1].address'],
    ];
    for (const [edit, field] of cases) {
      const text = unsignedEdit((f) => edit((f.contracts as Json[])[0]!, f));
      expect(await refusal(() => d.snapshotImport({ fileName: 'bad.json', text }))).toMatchObject({ code: 'BAD_JSON', field });
    }
    // Dated after this station's clock, as any account of a snapshot would be: refused whole.
    const future = unsignedEdit((f) => ((f.contracts as Json[])[0]!.at = node.clock.now + 86_400_000));
    expect(await refusal(() => d.snapshotImport({ fileName: 'future.json', text: future }))).toMatchObject({ code: 'INVALID_INPUT', field: 'contracts[0].at' });
    expect(d.store.countContracts()).toBe(0);
    expect(d.snapshotList().snapshots).toEqual([]);
  });
});
