// docs/decisions.md §25, the account at a glance read through the java-tron dialect (station/accounts/glance-read.ts
// over station/node/node-client.ts with `dialect: 'java-tron'`): a small node on 127.0.0.1 answers
// with java-tron's recorded replies (test/fixtures/java-tron/glance.json, copied from the java-tron
// HTTP API reference with its provenance; the head block from getnowblock.json), and the view agrees
// with what they say, field by field: a TRON_POWER stake, fields the spec's Account does not model,
// maps as [{key, value}], zero amounts left out. Every request is recorded, so the test also checks
// what went on the wire (the delegation asked about the counterparty the index named).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressToBase58, parseAddress } from '../../shared/chain/address.ts';
import { openStation, type Station } from '../../station/station.ts';
import { TEST_SCRYPT, workDir } from '../helpers/station-helpers.ts';
import type { Json } from '../helpers/devnet-helpers.ts';

const FIXTURES = new URL('../fixtures/java-tron/', import.meta.url);
const recorded = JSON.parse(readFileSync(new URL('glance.json', FIXTURES), 'utf8')) as { address: string; replies: Record<string, Json> };
const head = (JSON.parse(readFileSync(new URL('getnowblock.json', FIXTURES), 'utf8')) as { reply: Json }).reply;
const R = recorded.replies;
const ADDRESS = addressToBase58(parseAddress(recorded.address));
const b58 = (hex: string): string => addressToBase58(parseAddress(hex));

let server: Server;
let url: string;
let work: { dir: string; remove: () => void };
let station: Station;
const asked: { path: string; body: Json }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const path = req.url ?? '';
      asked.push({ path, body: body === '' ? {} : (JSON.parse(body) as Json) });
      const name = path.replace(/^\/wallet\//, '');
      const reply = path === '/wallet/getnowblock' ? head : (R[name] ?? {});
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  work = workDir('airlock-glance-java-tron-');
  station = openStation({
    dataDir: join(work.dir, 'st'),
    nodeUrl: url,
    dialect: 'java-tron',
    clock: () => Number(head.block_header.raw_data.timestamp) + 5_000,
    vault: 'keystore',
    scrypt: TEST_SCRYPT,
    passphrase: async () => new TextEncoder().encode('a long test passphrase'),
  });
});

afterAll(async () => {
  station?.close();
  await new Promise((r) => server?.close(r));
  work?.remove();
});

describe('the account at a glance from recorded java-tron replies', () => {
  it('agrees with the replies field by field', async () => {
    const g = await station.accountResources({ address: ADDRESS });
    const res = R.getaccountresource!;
    const account = R.getaccount!;
    const lent = R.getdelegatedresourcev2!.delegatedResource[0];
    expect(g.provenance).toEqual({ node: url, block: head.block_header.raw_data.number, blockTime: head.block_header.raw_data.timestamp });
    expect(g.said).toBe(`read from the node ${url} at block ${head.block_header.raw_data.number}`);
    expect(g.balance).toBe(String(account.balance));
    expect(g.tokens).toEqual([
      {
        id: account.assetV2[0].key,
        name: null,
        abbreviation: null,
        precision: null,
        balance: String(account.assetV2[0].value),
        amount: '100000000 base units',
      },
    ]);
    expect(g.bandwidth).toEqual({
      freeUsed: String(res.freeNetUsed),
      freeLimit: String(res.freeNetLimit),
      stakedUsed: '0',
      stakedLimit: '0',
      left: String(res.freeNetLimit - res.freeNetUsed),
    });
    expect(g.energy).toEqual({ used: '0', limit: '0', left: '0' });
    // frozenV2 lists the three resources with no amount (zero is left out): nothing staked, TRON_POWER read as a resource.
    expect(g.staked).toEqual({ bandwidth: '0', energy: '0', tronPower: '0' });
    expect(g.unstaking).toEqual([]);
    expect(g.withdrawableNow).toBe(String(R.getcanwithdrawunfreezeamount!.amount));
    expect(g.votes).toEqual([]);
    expect(g.votingPower).toEqual({ total: '0', used: '0', left: '0' });
    expect(g.rewards).toEqual({ unclaimed: String(R.getReward!.reward), allowance: '0' });
    expect(g.delegationsOut).toEqual([
      {
        account: b58(lent.to),
        bandwidth: '0',
        energy: String(lent.frozen_balance_for_energy),
        bandwidthLockedUntil: 0,
        energyLockedUntil: lent.expire_time_for_energy,
      },
    ]);
    expect(g.delegationsIn).toEqual([]);
    expect(g.delegationsCut).toBe(false);
    expect(g.text).toContain('rewards: 29994831.460307 TRX unclaimed');
    expect(g.text).toContain(`lent to ${b58(lent.to)}: 0 TRX bandwidth, 1000 TRX energy, locked until ${new Date(lent.expire_time_for_energy).toISOString()}`);
  });

  it('asks java-tron what it asks the local node, with the counterparty the index named', () => {
    const paths = asked.map((a) => a.path);
    for (const p of [
      'getaccount',
      'getaccountresource',
      'getReward',
      'getcanwithdrawunfreezeamount',
      'getdelegatedresourceaccountindexv2',
      'getdelegatedresourcev2',
    ])
      expect(paths).toContain(`/wallet/${p}`);
    const delegation = asked.find((a) => a.path === '/wallet/getdelegatedresourcev2')!;
    expect(delegation.body).toEqual({ fromAddress: recorded.address, toAddress: R.getdelegatedresourceaccountindexv2!.toAccounts[0] });
    const withdraw = asked.find((a) => a.path === '/wallet/getcanwithdrawunfreezeamount')!;
    expect(withdraw.body).toEqual({ owner_address: recorded.address, timestamp: head.block_header.raw_data.timestamp });
  });
});
