/**
 * The devnet's memory under held uploads (devnet/http.ts limits; README "Limits"; docs/decisions.md §6 "node
 * memory"). Hundreds of slow uploads over real loopback sockets: the body bytes the server holds
 * never pass its budget, connections never pass their limit, the ones turned away get the node's
 * JSON error shape, and other requests are answered all the while. A stalled upload is cut (with
 * a small configured timeout; only that the cut happens is asserted, never when).
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseJson } from '../shared/base/json.ts';
import { startNode, type TestNode } from '../test/helpers/devnet-helpers.ts';

const MiB = 1024 * 1024;

let node: TestNode | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await node?.stop();
  node = undefined;
});

interface Held {
  socket: Socket;
  /** Settles with the reply text when the server answers (or '' when it closes without one). */
  reply: Promise<string>;
}

/** Opens a connection, sends the headers of a POST announcing `announce` bytes and `send` bytes of it, and stalls. */
function slowUpload(url: string, announce: number, send: number): Held {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined);
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (text += d));
  const reply = new Promise<string>((resolve) => socket.once('close', () => resolve(text)));
  socket.write(`POST /wallet/broadcasttransaction HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${announce}\r\n\r\n`);
  socket.write('{"raw_data_hex":"' + '0'.repeat(send - 17));
  return { socket, reply };
}

/** An HTTP reply's status and JSON body. */
function parseReply(text: string): { status: number; json: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
  const body = text.slice(text.indexOf('\r\n\r\n') + 4);
  return { status, json: body ? parseJson(body) : undefined };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2_000; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never happened: ${what}; stats ${JSON.stringify(node?.devnet.httpStats())}`);
}

describe('held uploads cannot make the node hold more than its body budget', () => {
  it('300 uploads of 1 MiB that stall after 128 KiB: at most 4 MiB held, the rest get 503, getnowblock is answered meanwhile', async () => {
    const budget = 4 * MiB;
    node = await startNode({ httpLimits: { maxBufferedBytes: budget, maxConnections: 1_000, bodyTimeoutMs: 120_000 } });
    const url = node.url;
    const devnet = node.devnet;
    const held = Array.from({ length: 300 }, () => slowUpload(url, MiB, 128 * 1024));
    let peakSeen = 0;
    const watch = setInterval(() => (peakSeen = Math.max(peakSeen, devnet.httpStats().bufferedBytes)), 5);
    try {
      // Wait until every upload is either held whole (its 128 KiB counted) or turned away.
      await until(() => {
        const s = devnet.httpStats();
        return s.refusedBodies + Math.round(s.bufferedBytes / (128 * 1024)) >= 300;
      }, 'all 300 uploads either held or refused');
      const stats = devnet.httpStats();
      expect(stats.bufferedBytes).toBeLessThanOrEqual(budget);
      expect(stats.peakBufferedBytes).toBeLessThanOrEqual(budget);
      expect(stats.refusedBodies).toBeGreaterThanOrEqual(300 - budget / (128 * 1024));

      // While the held uploads are still open, other requests are answered.
      for (let i = 0; i < 5; i++) {
        const r = await node.request('/wallet/getnowblock');
        expect(r.status).toBe(200);
        expect(r.json.blockID).toMatch(/^[0-9a-f]{64}$/);
      }

      // The turned-away uploads got the node's JSON error shape before being closed.
      const stillOpen = held.filter((h) => !h.socket.destroyed && h.socket.readyState === 'open');
      const refused = held.filter((h) => !stillOpen.includes(h));
      expect(refused.length).toBe(stats.refusedBodies);
      for (const h of refused.slice(0, 20)) {
        expect(parseReply(await h.reply)).toEqual({
          status: 503,
          json: { Error: `the node is busy: request bodies in flight would pass ${budget} bytes; try again` },
        });
      }
    } finally {
      clearInterval(watch);
    }
    expect(peakSeen).toBeLessThanOrEqual(budget);

    // When the held clients go away, their bytes are released.
    for (const h of held) h.socket.destroy();
    // Only fetch's pooled keep-alive connections (from the getnowblock calls, at most 5) stay open.
    await until(() => devnet.httpStats().bufferedBytes === 0 && devnet.httpStats().connections <= 5, 'bytes and connections released');
  });
});

describe('connections are bounded', () => {
  it('a connection over the limit is answered 503 in the JSON shape and closed; the held ones keep theirs', async () => {
    node = await startNode({ httpLimits: { maxConnections: 50, bodyTimeoutMs: 120_000 } });
    const url = node.url;
    const devnet = node.devnet;
    const held = Array.from({ length: 50 }, () => slowUpload(url, 1_000, 100));
    // Open is not enough: a connection is idle (evictable) until its request begins, so wait for
    // every held upload's first 100 body bytes to be buffered.
    await until(() => devnet.httpStats().connections === 50 && devnet.httpStats().bufferedBytes === 50 * 100, '50 uploads under way');
    const extra = Array.from({ length: 30 }, () => slowUpload(url, 1_000, 100));
    for (const h of extra) {
      expect(parseReply(await h.reply)).toEqual({ status: 503, json: { Error: 'the node is busy: 50 connections are open; try again' } });
    }
    const stats = devnet.httpStats();
    expect(stats.connections).toBe(50);
    expect(stats.refusedConnections).toBe(30);
    expect(held.every((h) => h.socket.readyState === 'open')).toBe(true);
    // A slot freed is a slot another client can use.
    held[0]!.socket.destroy();
    await until(() => devnet.httpStats().connections === 49, 'a slot freed');
    expect((await node.request('/wallet/getnowblock')).status).toBe(200);
  });
});

/** Opens a connection, makes one keep-alive GET of /devnet/info, reads the whole reply, and leaves the connection open and idle. */
async function idleKeepAlive(url: string): Promise<Socket> {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined);
  socket.setEncoding('utf8');
  let text = '';
  const answered = new Promise<void>((resolve) => {
    socket.on('data', (d: string) => {
      text += d;
      const head = text.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? -1);
      if (head !== -1 && length >= 0 && Buffer.byteLength(text.slice(head + 4)) >= length) resolve();
    });
  });
  socket.write('GET /devnet/info HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  await answered;
  expect(parseReply(text).status).toBe(200);
  return socket;
}

describe('idle keep-alive connections cannot starve new clients (issue 16)', () => {
  it('with every slot held by an idle keep-alive connection, a new client is served and the idlest connection is closed', async () => {
    node = await startNode({ httpLimits: { maxConnections: 8, bodyTimeoutMs: 120_000 } });
    const devnet = node.devnet;
    const idle: Socket[] = [];
    for (let i = 0; i < 8; i++) idle.push(await idleKeepAlive(node.url));
    await until(() => devnet.httpStats().connections === 8, '8 idle connections open');
    // Before docs/decisions.md §16 this was a 503 "8 connections are open", for as long as the idle ones stayed.
    for (let i = 0; i < 3; i++) expect((await node.request('/wallet/getnowblock')).status).toBe(200);
    expect(devnet.httpStats().connections).toBeLessThanOrEqual(8);
    expect(devnet.httpStats().evictedIdleConnections).toBeGreaterThanOrEqual(1);
    // The first idle connection (idle longest) is the one closed.
    await until(() => idle[0]!.destroyed || idle[0]!.readyState !== 'open', 'the idlest connection closed');
  });

  it('connections in the middle of a request are never evicted: with all slots busy the new one still gets the 503', async () => {
    node = await startNode({ httpLimits: { maxConnections: 4, bodyTimeoutMs: 120_000 } });
    const url = node.url;
    const devnet = node.devnet;
    const idle = await idleKeepAlive(url);
    const held = Array.from({ length: 3 }, () => slowUpload(url, 1_000, 100));
    await until(() => devnet.httpStats().connections === 4, '4 connections open');
    // The fifth evicts the idle one and takes its slot; the sixth finds only busy ones.
    const fifth = slowUpload(url, 1_000, 100);
    await until(() => devnet.httpStats().evictedIdleConnections === 1, 'the idle connection evicted');
    await until(() => idle.destroyed || idle.readyState !== 'open', 'the idle connection closed');
    const sixth = slowUpload(url, 1_000, 100);
    expect(parseReply(await sixth.reply)).toEqual({ status: 503, json: { Error: 'the node is busy: 4 connections are open; try again' } });
    expect([...held, fifth].every((h) => h.socket.readyState === 'open')).toBe(true);
    expect(devnet.httpStats()).toMatchObject({ connections: 4, evictedIdleConnections: 1, refusedConnections: 1 });
  });
});

describe('a stalled upload is cut', () => {
  it('with bodyTimeoutMs 300: a 408 in the JSON shape, the connection closed and its bytes released', async () => {
    node = await startNode({ httpLimits: { bodyTimeoutMs: 300 } });
    const devnet = node.devnet;
    const h = slowUpload(node.url, 10_000, 5_000);
    expect(parseReply(await h.reply)).toEqual({ status: 408, json: { Error: 'request body not received within 300 ms' } });
    expect(h.socket.destroyed || h.socket.readyState !== 'open').toBe(true);
    await until(() => devnet.httpStats().connections === 0, 'the connection closed');
    expect(devnet.httpStats()).toMatchObject({ bufferedBytes: 0, timedOutBodies: 1 });
  });

  it('a request that sends its body in time is not cut', async () => {
    node = await startNode({ httpLimits: { bodyTimeoutMs: 5_000 } });
    expect((await node.request('/wallet/getnowblock', {})).status).toBe(200);
    expect(node.devnet.httpStats().timedOutBodies).toBe(0);
  });

  it('limits that are not whole numbers of 1 or more are refused at start', async () => {
    await expect(startNode({ httpLimits: { maxConnections: 0 } })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'limits.maxConnections: 0 is outside 1..9007199254740991',
      details: { field: 'limits.maxConnections' },
    });
  });
});
