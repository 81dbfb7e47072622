/**
 * The loopback bridge over real HTTP on 127.0.0.1 (docs/decisions.md §8): each refusal in the order the bridge
 * checks them (Host, Origin, token, method, content type, size, time), hostile bodies, the static
 * renderer files with their headers, and a valid call reaching the same handler IPC would.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeTransport, createApiClient } from '../../shared/api/api-client.ts';
import { ipcChannel } from '../../shared/api/api-contract.ts';
import { startBridge, type Bridge } from './bridge.ts';
import { registerIpcApi, type InvokeListener, type IpcMainLike } from './ipc.ts';
import { APP_ORIGIN } from './window-options.ts';
import { CONTENT_SECURITY_POLICY } from './content-policy.ts';
import { TEST_API } from '../../test/fixtures/shell-api.ts';
import { SECRET_TEXT, testHandlers } from '../../test/helpers/shell-helpers.ts';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json: unknown;
}

let bridge: Bridge;
let calls: string[];
let dir: string;
const MAX_BODY = 64 * 1024;

function call(path: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: bridge.port, path, method: options.method ?? 'POST', headers: { Host: `127.0.0.1:${bridge.port}`, ...options.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(body);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const auth = (): Record<string, string> => ({ Authorization: `Bearer ${bridge.token}`, 'Content-Type': 'application/json' });
const api = (method: string, args: unknown, headers: Record<string, string> = {}) =>
  call(`/api/${method}`, { headers: { ...auth(), ...headers }, body: args === undefined ? '' : JSON.stringify(args) });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'airlock-bridge-'));
  mkdirSync(join(dir, 'renderer', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(dir, 'renderer', 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'renderer', 'assets', 'style.css'), 'body{}');
  writeFileSync(join(dir, 'renderer', '.env'), 'SECRET=1');
  writeFileSync(join(dir, 'outside.txt'), 'outside the root');
  symlinkSync(join(dir, 'outside.txt'), join(dir, 'renderer', 'link.txt'));
  const fixture = testHandlers();
  calls = fixture.calls;
  bridge = await startBridge({ table: TEST_API, handlers: fixture.handlers, staticDir: join(dir, 'renderer'), maxBodyBytes: MAX_BODY, bodyTimeoutMs: 300 });
});

afterAll(async () => {
  await bridge?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the bridge listens on loopback with a fresh token', () => {
  it('prints http://127.0.0.1:PORT/#token=TOKEN with a 32-byte token in the fragment', () => {
    expect(bridge.address).toBe(`http://127.0.0.1:${bridge.port}/#token=${bridge.token}`);
    expect(Buffer.from(bridge.token, 'base64url')).toHaveLength(32);
    expect(bridge.port).toBeGreaterThan(0);
  });

  it('each start makes a different token and port', async () => {
    const other = await startBridge({ table: TEST_API, handlers: testHandlers().handlers });
    try {
      expect(other.token).not.toBe(bridge.token);
      expect(other.port).not.toBe(bridge.port);
    } finally {
      await other.close();
    }
  });
});

describe('API calls', () => {
  it('a valid call reaches the handler, with no-store and the security headers', async () => {
    const before = calls.length;
    const reply = await api('echo', { text: 'over http' });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ ok: true, value: { text: 'over http' } });
    expect(calls.slice(before)).toEqual(['echo']);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
    expect(reply.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('localhost:PORT is our Host too, and our own Origin is accepted', async () => {
    expect((await api('echo', { text: 'a' }, { Host: `localhost:${bridge.port}`, Origin: `http://localhost:${bridge.port}` })).json).toMatchObject({
      ok: true,
    });
    expect((await api('echo', { text: 'a' }, { Origin: `http://127.0.0.1:${bridge.port}` })).json).toMatchObject({ ok: true });
  });

  it('a method with no argument takes an empty body', async () => {
    expect((await api('count', undefined)).json).toMatchObject({ ok: true, value: { calls: expect.any(Number) } });
  });

  it('the shared client over this transport gets the same results', async () => {
    const client = createApiClient(TEST_API, bridgeTransport({ origin: bridge.origin, token: bridge.token, fetch }));
    expect(await client.echo({ text: 'client' })).toEqual({ ok: true, value: { text: 'client' } });
    expect(await client.sum({ values: [2, 3] })).toEqual({ ok: true, value: { total: 5 } });
    const noToken = createApiClient(TEST_API, bridgeTransport({ origin: bridge.origin, token: null, fetch }));
    expect(await noToken.echo({ text: 'x' })).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
  });

  it('the bridge and IPC reach the very same handler with the same answer', async () => {
    const shared = testHandlers();
    let listener: InvokeListener | undefined;
    const ipc: IpcMainLike = {
      handle: (channel, l) => {
        if (channel === ipcChannel('sum')) listener = l;
      },
      removeHandler: () => undefined,
    };
    registerIpcApi(ipc, TEST_API, shared.handlers, { appOrigin: APP_ORIGIN, isOurWebContents: () => true });
    const second = await startBridge({ table: TEST_API, handlers: shared.handlers });
    try {
      const overIpc = await listener!({ sender: {}, senderFrame: { url: `${APP_ORIGIN}/index.html`, parent: null } }, { values: [4, 5] });
      const client = createApiClient(TEST_API, bridgeTransport({ origin: second.origin, token: second.token, fetch }));
      const overHttp = await client.sum({ values: [4, 5] });
      expect(overHttp).toEqual(overIpc);
      expect(overHttp).toEqual({ ok: true, value: { total: 9 } });
      expect(shared.calls).toEqual(['sum', 'sum']);
    } finally {
      await second.close();
    }
  });

  it('a handler’s thrown text never reaches the wire', async () => {
    const reply = await api('fail', { kind: 'error' });
    expect(reply.json).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(reply.body).not.toContain(SECRET_TEXT);
  });
});

describe('refusals, each before the handler runs', () => {
  async function refused(reply: Promise<Reply>, status: number, code: string): Promise<Reply> {
    const before = calls.length;
    const r = await reply;
    expect(r.status).toBe(status);
    expect(r.json).toMatchObject({ ok: false, error: { code } });
    expect(calls.length).toBe(before);
    return r;
  }

  it('no token', async () => {
    const r = await refused(call('/api/echo', { headers: { 'Content-Type': 'application/json' }, body: '{"text":"a"}' }), 401, 'UNAUTHORIZED');
    expect(r.headers['www-authenticate']).toBe('Bearer');
  });

  it('a wrong token, a token of another length, another scheme', async () => {
    const wrong = bridge.token.slice(0, -1) + (bridge.token.endsWith('A') ? 'B' : 'A');
    await refused(api('echo', { text: 'a' }, { Authorization: `Bearer ${wrong}` }), 401, 'UNAUTHORIZED');
    await refused(api('echo', { text: 'a' }, { Authorization: `Bearer ${bridge.token}x` }), 401, 'UNAUTHORIZED');
    await refused(api('echo', { text: 'a' }, { Authorization: `Basic ${bridge.token}` }), 401, 'UNAUTHORIZED');
    await refused(api('echo', { text: 'a' }, { Authorization: `Bearer  ${bridge.token}` }), 401, 'UNAUTHORIZED');
  });

  it('a foreign Host (DNS rebinding), another port, or none', async () => {
    await refused(api('echo', { text: 'a' }, { Host: 'evil.example' }), 403, 'UNAUTHORIZED');
    await refused(api('echo', { text: 'a' }, { Host: `evil.example:${bridge.port}` }), 403, 'UNAUTHORIZED');
    await refused(api('echo', { text: 'a' }, { Host: `127.0.0.1:${bridge.port + 1}` }), 403, 'UNAUTHORIZED');
    // Files are checked too: a rebinding page must not read the renderer either.
    await refused(call('/', { method: 'GET', headers: { Host: 'evil.example' } }), 403, 'UNAUTHORIZED');
  });

  it('a foreign Origin, even with the right token', async () => {
    await refused(api('echo', { text: 'a' }, { Origin: 'https://evil.example' }), 403, 'UNAUTHORIZED');
    await refused(api('echo', { text: 'a' }, { Origin: 'null' }), 403, 'UNAUTHORIZED');
    await refused(api('echo', { text: 'a' }, { Origin: `http://127.0.0.1:${bridge.port + 1}` }), 403, 'UNAUTHORIZED');
  });

  it('an unknown method, including names every object has', async () => {
    for (const name of ['nope', 'toString', '__proto__', 'constructor', SECRET_TEXT]) {
      const r = await refused(api(name, {}), 404, 'NOT_FOUND');
      expect(r.body).not.toContain('at ');
      expect(r.body).not.toContain(SECRET_TEXT);
    }
  });

  it('an unknown method without the token is 401, so method names are not probed', async () => {
    await refused(call('/api/nope', { headers: { 'Content-Type': 'application/json' }, body: '{}' }), 401, 'UNAUTHORIZED');
  });

  it('GET on the API, and a body that is not JSON', async () => {
    await refused(call('/api/echo', { method: 'GET', headers: auth() }), 405, 'INVALID_INPUT');
    await refused(call('/api/echo', { headers: { ...auth(), 'Content-Type': 'text/plain' }, body: '{"text":"a"}' }), 415, 'INVALID_INPUT');
    const bad = await refused(call('/api/echo', { headers: auth(), body: `{"text": ${SECRET_TEXT}` }), 400, 'BAD_JSON');
    expect(bad.body).not.toContain(SECRET_TEXT);
  });

  it('an oversized body, declared or streamed', async () => {
    await refused(call('/api/echo', { headers: auth(), body: JSON.stringify({ text: 'x'.repeat(MAX_BODY) }) }), 413, 'INVALID_INPUT');
    // Chunked, so no Content-Length warns the server in advance.
    const chunked = new Promise<Reply>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: bridge.port,
          path: '/api/echo',
          method: 'POST',
          headers: { ...auth(), Host: `127.0.0.1:${bridge.port}`, 'Transfer-Encoding': 'chunked' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString(),
              json: JSON.parse(Buffer.concat(chunks).toString()),
            }),
          );
        },
      );
      req.on('error', reject);
      req.write('{"text":"');
      for (let i = 0; i < 10; i++) req.write('y'.repeat(MAX_BODY / 8));
      req.end('"}');
    });
    await refused(chunked, 413, 'INVALID_INPUT');
  });

  it('a slow upload is cut', async () => {
    const socket = connect(bridge.port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (c: Buffer) => received.push(c));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      `POST /api/echo HTTP/1.1\r\nHost: 127.0.0.1:${bridge.port}\r\nAuthorization: Bearer ${bridge.token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"text":',
    );
    await closed;
    const text = Buffer.concat(received).toString();
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('"code":"INVALID_INPUT"');
  });

  it('__proto__ keys and deep nesting in the body', async () => {
    const proto = await refused(call('/api/echo', { headers: auth(), body: '{"text":"a","__proto__":{"x":1}}' }), 200, 'INVALID_INPUT');
    expect(proto.json).toMatchObject({ error: { details: { field: '__proto__' } } });
    for (const depth of [40, 30_000]) {
      const deep = '{"tree":' + '['.repeat(depth) + ']'.repeat(depth) + '}';
      const r = await refused(call('/api/nested', { headers: auth(), body: deep }), 200, 'INVALID_INPUT');
      expect(r.json).toMatchObject({ error: { message: expect.stringContaining('deeper than 32 levels') } });
    }
    // Brackets inside strings are text, not nesting.
    expect((await api('nested', { tree: '[[[['.repeat(100) })).json).toEqual({ ok: true, value: { ok: true } });
  });

  it('a value outside its schema', async () => {
    const r = await refused(api('sum', { values: [1, 2.5] }), 200, 'INVALID_INPUT');
    expect(r.json).toMatchObject({ error: { details: { field: 'values[1]' } } });
  });
});

describe('concurrent uploads share one byte budget (issue 16)', () => {
  it("past maxInFlightBytes a call is refused 503 BUSY in the station's error shape; when the held uploads end their bytes are free again", async () => {
    const small = await startBridge({
      table: TEST_API,
      handlers: testHandlers().handlers,
      maxBodyBytes: MAX_BODY,
      maxInFlightBytes: 2 * MAX_BODY,
      bodyTimeoutMs: 60_000,
    });
    const sockets: ReturnType<typeof connect>[] = [];
    try {
      // Two authorised uploads of almost MAX_BODY each, held open before their last bytes.
      for (let i = 0; i < 2; i++) {
        const socket = connect(small.port, '127.0.0.1');
        socket.on('error', () => undefined);
        sockets.push(socket);
        socket.write(
          `POST /api/echo HTTP/1.1\r\nHost: 127.0.0.1:${small.port}\r\nAuthorization: Bearer ${small.token}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${MAX_BODY - 10}\r\n\r\n{"text":"` +
            'h'.repeat(MAX_BODY - 1_000),
        );
      }
      const third = (): Promise<Reply> =>
        new Promise((resolve, reject) => {
          const req = request(
            {
              host: '127.0.0.1',
              port: small.port,
              path: '/api/nested',
              method: 'POST',
              headers: { Host: `127.0.0.1:${small.port}`, Authorization: `Bearer ${small.token}`, 'Content-Type': 'application/json' },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => {
                const body = Buffer.concat(chunks).toString();
                resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: JSON.parse(body) });
              });
            },
          );
          req.on('error', reject);
          req.end(JSON.stringify({ tree: 't'.repeat(MAX_BODY / 2) }));
        });
      // The held bytes reach the bridge at a time of the network's choosing: ask until they have (bounded).
      let busy: Reply | undefined;
      for (let i = 0; i < 300 && busy === undefined; i++) {
        const r = await third();
        if (r.status === 503) busy = r;
        else await new Promise((done) => setTimeout(done, 10));
      }
      expect(busy?.json).toEqual({
        ok: false,
        error: { code: 'BUSY', message: `the station is busy: requests in progress hold ${2 * MAX_BODY} bytes; try again when they finish` },
      });
      expect(busy?.headers.connection).toBe('close');
      // The held uploads go away: their bytes are released and the same call is served.
      for (const s of sockets) s.destroy();
      let served: Reply | undefined;
      for (let i = 0; i < 300 && served === undefined; i++) {
        const r = await third();
        if (r.status === 200) served = r;
        else await new Promise((done) => setTimeout(done, 10));
      }
      expect(served?.json).toEqual({ ok: true, value: { ok: true } });
    } finally {
      for (const s of sockets) s.destroy();
      await small.close();
    }
  });
});

describe('renderer files', () => {
  it('/ is index.html with the CSP and nosniff', async () => {
    const r = await call('/', { method: 'GET' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.body).toContain('<title>t</title>');
  });

  it('content types follow the extension', async () => {
    expect((await call('/assets/app.js', { method: 'GET' })).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await call('/assets/style.css', { method: 'GET' })).headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('no traversal, no hidden files, no symlink out of the root, no writes', async () => {
    for (const path of [
      '/../outside.txt',
      '/assets/..%2f..%2foutside.txt',
      '/%2e%2e/outside.txt',
      '/.env',
      '/link.txt',
      '/assets/',
      '/nope.html',
      '/assets%5c..%5c..%5coutside.txt',
    ]) {
      const r = await call(path, { method: 'GET' });
      expect([400, 404], path).toContain(r.status);
      expect(r.body, path).not.toContain('outside the root');
      expect(r.body, path).not.toContain('SECRET');
    }
    expect((await call('/index.html', { method: 'PUT', body: 'x' })).status).toBe(405);
  });
});
