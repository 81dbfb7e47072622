/**
 * A slow node is reported as slow, not as absent (docs/decisions.md §24 finding): a node of this test's own on
 * loopback that takes requests and never answers, and a port where nothing listens. Before, both
 * said "nothing answers at URL: start the station's local node", which sends a person to start a
 * node that is running.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStation, type Station } from '../../station/station.ts';
import { MemoryVault } from '../../station/vault/memory-vault.ts';
import { newKey } from '../helpers/devnet-helpers.ts';
import { workDir } from '../helpers/station-helpers.ts';

let work: { dir: string; remove: () => void };
let server: Server;
let slowUrl: string;
const waiting: ServerResponse[] = [];
const opened: { station: Station; vault: MemoryVault }[] = [];

function open(name: string, nodeUrl: string): Station {
  const vault = new MemoryVault();
  const station = openStation({ dataDir: join(work.dir, name), nodeUrl, vaultBackend: vault, nodeTimeoutMs: 300 });
  opened.push({ station, vault });
  return station;
}

async function refusal(call: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call();
  } catch (e) {
    return e as { code: string; message: string };
  }
  throw new Error('expected a refusal');
}

beforeAll(async () => {
  work = workDir('airlock-slow-node-');
  // Takes every request and never answers (until the test ends).
  server = createServer((_req, res) => void waiting.push(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  slowUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const o of opened) {
    o.station.close();
    o.vault.close();
  }
  for (const res of waiting) res.destroy();
  await new Promise((resolve) => server?.close(resolve));
  work?.remove();
});

describe('a node that does not answer in time', () => {
  it('is called slow, with the URL, and never "nothing answers"; a fetch and a build say so', async () => {
    const s = open('slow', slowUrl);
    const fetch = await refusal(() => s.accountFetch({ address: newKey().b58 }));
    expect(fetch.code).toBe('NODE_TIMEOUT');
    expect(fetch.message).toBe(
      `the node at ${slowUrl} is slow: it accepted the request but did not answer in time (busy, or far away); try again, or choose a faster node in the settings`,
    );
    const build = await refusal(() => s.buildTransfer({ from: newKey().b58, to: newKey().b58, amount: '1' }));
    expect(build.code).toBe('NODE_TIMEOUT');
    expect(build.message).toMatch(new RegExp(`^the node at ${slowUrl} is slow: .*; this station has no chain snapshot to build from offline`));
    expect(build.message).not.toContain('nothing answers');
  });

  it('a port where nothing listens is still "nothing answers"', async () => {
    const s = open('absent', 'http://127.0.0.1:9');
    const r = await refusal(() => s.accountFetch({ address: newKey().b58 }));
    expect(r).toMatchObject({
      code: 'NODE_UNREACHABLE',
      message: expect.stringMatching(/^nothing answers at http:\/\/127\.0\.0\.1:9: start the station's local node/),
    });
  });
});
