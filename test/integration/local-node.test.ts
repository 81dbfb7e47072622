// The station's embedded local node (DESIGN.md decision 9, station/node/local-node.ts): started
// with its chain in the data directory, so the chain survives a restart; an Airlock node already on
// the port is used instead of starting a second chain; a port held by anything else is refused with
// a coded error naming the flag.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_NODE_DB, localNodeForStation, probeLocalNode, startLocalNode, stopBeforeQuit } from '../../station/node/local-node.ts';
import { openStation } from '../../station/station.ts';
import { startDevnet } from '../../devnet/node.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'airlock-local-node-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const head = async (url: string): Promise<number> => ((await (await fetch(`${url}/devnet/info`)).json()) as { head: { number: number } }).head.number;

describe('startLocalNode', () => {
  it('keeps the chain in the data directory, so a restart continues it', async () => {
    const first = await startLocalNode({ dataDir: join(dir, 'station'), port: 0 });
    expect(first.origin).toBe('started');
    expect(first.dbFile).toBe(join(dir, 'station', LOCAL_NODE_DB));
    expect(statSync(first.dbFile!).isFile()).toBe(true);
    await fetch(`${first.url}/devnet/produceblock`, { method: 'POST', body: '{}' });
    const reached = await head(first.url);
    expect(reached).toBeGreaterThan(0);
    await first.stop();

    const second = await startLocalNode({ dataDir: join(dir, 'station'), port: 0 });
    try {
      expect(await head(second.url)).toBeGreaterThanOrEqual(reached);
    } finally {
      await second.stop();
    }
  });

  it('uses the Airlock node already on the port instead of starting a second chain', async () => {
    const running = await startDevnet({ port: 0, blockIntervalMs: 'manual' });
    try {
      expect(await probeLocalNode(running.url)).toBe('airlock');
      const node = await startLocalNode({ dataDir: join(dir, 'station'), port: running.port });
      expect(node).toMatchObject({ url: running.url, origin: 'reused' });
      expect(() => statSync(join(dir, 'station', LOCAL_NODE_DB))).toThrow();
      await node.stop();
      expect(await head(running.url)).toBe(0); // stopping a reused node leaves it running
    } finally {
      await running.stop();
    }
  });

  it('refuses a port held by something that is not an Airlock node', async () => {
    const other: Server = createServer((_req, res) => res.end('hello'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as AddressInfo).port;
    try {
      expect(await probeLocalNode(`http://127.0.0.1:${port}`)).toBe('other');
      await expect(startLocalNode({ dataDir: join(dir, 'station'), port })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringMatching(new RegExp(`^port ${port} on 127\\.0\\.0\\.1 is taken by something that is not an Airlock node.*--node-port`)),
      });
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it('says nothing listens on a free port', async () => {
    const probe: Server = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    expect(await probeLocalNode(`http://127.0.0.1:${port}`)).toBe('none');
  });
});

describe('the local node from Electron main', () => {
  it('a fresh station (the default node setting) gets its local node; quitting waits for it to stop', async () => {
    const station = openStation({ dataDir: join(dir, 'station') });
    const setting = station.settings().node;
    station.close();
    const node = await localNodeForStation(setting, { dataDir: join(dir, 'station'), port: 0 });
    expect(node).toMatchObject({ origin: 'started', dbFile: join(dir, 'station', LOCAL_NODE_DB) });
    expect(await head(node!.url)).toBe(0);

    let held = 0;
    let quits = 0;
    const event = { preventDefault: () => void held++ };
    let quitted!: () => void;
    const quitCalled = new Promise<void>((resolve) => (quitted = resolve));
    const onQuit = stopBeforeQuit(node, () => {
      quits++;
      onQuit(event);
      quitted();
    });
    onQuit(event);
    onQuit(event); // a second quit while stopping is held too, and stops nothing twice
    await quitCalled;
    expect({ held, quits }).toEqual({ held: 2, quits: 1 });
    await expect(probeLocalNode(node!.url)).resolves.toBe('none');
  });

  it('a station set to another node starts no local chain, and quits at once', async () => {
    const node = await localNodeForStation('https://node.example.invalid', { dataDir: join(dir, 'station'), port: 0 });
    expect(node).toBeNull();
    expect(() => statSync(join(dir, 'station', LOCAL_NODE_DB))).toThrow();
    let held = 0;
    let quits = 0;
    stopBeforeQuit(node, () => void quits++)({ preventDefault: () => void held++ });
    expect({ held, quits }).toEqual({ held: 0, quits: 0 });
  });
});
