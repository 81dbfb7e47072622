/**
 * The loopback bridge (docs/decisions.md §8, DESIGN.md decision 8): the station API and the built renderer over
 * HTTP on 127.0.0.1, so the UI runs in a plain browser where Electron cannot, and end-to-end tests
 * drive it in Chromium. Calls are `POST /api/<method>` with the argument as JSON and the answer an
 * ApiResult; they reach the same `dispatch` and handlers as IPC.
 *
 * Invariants, in the order they are checked:
 * 1. Listens on 127.0.0.1 only, on a random port.
 * 2. Host is `127.0.0.1:PORT` or `localhost:PORT` (defeats DNS rebinding) and Origin, when sent,
 *    is one of those two origins (defeats other web pages), on every request, files included.
 * 3. Every API call carries `Authorization: Bearer <token>`, a 32-byte random token made per
 *    launch, compared in constant time, before the method name or the body is looked at.
 * 4. Bodies are JSON, at most `maxBodyBytes`, and must arrive within `bodyTimeoutMs`; all requests
 *    together hold at most `maxInFlightBytes` of body from the first byte until their answer is
 *    sent (docs/decisions.md §16: 40 concurrent 8 MiB uploads took 400 MiB); the request whose bytes would pass
 *    it is answered 503 BUSY and its connection closed, so its bytes are freed at once.
 * 5. Files are served GET/HEAD only, from the renderer root, with the Content-Security-Policy.
 * Nothing logs a body or a header; the token appears only in the address handed to the user, in
 * the URL fragment, which browsers never send to a server.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API_PATH_PREFIX,
  DEFAULT_ARG_LIMITS,
  dispatch,
  hasMethod,
  type ApiResult,
  type ApiTable,
  type DispatchOptions,
  type Handlers,
} from '../../shared/api/api-contract.ts';
import { excerpt, type ErrorCode } from '../../shared/base/errors.ts';
import { jsonDepthWithin, parseJson } from '../../shared/base/json.ts';
import { SECURITY_HEADERS } from './content-policy.ts';
import { findStaticFile } from './static-files.ts';
import { MAX_PAYLOAD_BYTES, BRIDGE_MAX_IN_FLIGHT_BYTES } from '../../shared/base/limits.ts';

/** Bytes of randomness in the token (base64url: 43 characters). */
export const TOKEN_BYTES = 32;

export interface BridgeOptions<T extends ApiTable> extends DispatchOptions {
  table: T;
  handlers: Handlers<T>;
  /** The built renderer to serve at `/`; without it only the API answers. */
  staticDir?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  maxBodyBytes?: number;
  /** Body bytes held across all API calls at once (default BRIDGE_MAX_IN_FLIGHT_BYTES). */
  maxInFlightBytes?: number;
  /** A request body must arrive in full within this time. */
  bodyTimeoutMs?: number;
  /** One line per request: method, path, status. Never bodies, never headers. */
  log?: (line: string) => void;
}

export interface Bridge {
  /** `http://127.0.0.1:PORT/#token=TOKEN`, the address to open. */
  readonly address: string;
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

type Refusal = { status: number; code: ErrorCode; message: string; headers?: Record<string, string> };

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Constant-time in the token's content; hashing first makes the lengths equal too. */
function tokenMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer ([A-Za-z0-9_-]{1,128})$/.exec(header ?? '');
  const given = digest(match?.[1] ?? '');
  return timingSafeEqual(given, expected) && match !== null;
}

export async function startBridge<T extends ApiTable>(options: BridgeOptions<T>): Promise<Bridge> {
  const maxBodyBytes = options.maxBodyBytes ?? MAX_PAYLOAD_BYTES;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 15_000;
  const maxInFlightBytes = options.maxInFlightBytes ?? BRIDGE_MAX_IN_FLIGHT_BYTES;
  let inFlightBytes = 0;
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const tokenDigest = digest(token);
  let port = 0;
  let hosts = new Set<string>();
  let origins = new Set<string>();

  const server: Server = createServer(
    { requestTimeout: bodyTimeoutMs * 2, headersTimeout: Math.min(bodyTimeoutMs, 10_000), connectionsCheckingInterval: 1_000 },
    (req, res) => {
      void handle(req, res).catch(() => {
        if (!res.headersSent) reply(req, res, { status: 500, code: 'INTERNAL', message: 'the bridge failed' });
        else res.destroy();
      });
    },
  );

  const logLine = (req: IncomingMessage, path: string, status: number): void => {
    options.log?.(`${req.method ?? '?'} ${path} ${status}`);
  };

  function baseHeaders(res: ServerResponse): void {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  }

  function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: ApiResult<unknown>, extra: Record<string, string> = {}): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      ...extra,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(text);
    logLine(req, pathOf(req), status);
  }

  /** Answers a refusal without reading the body; the connection closes so no upload is kept. */
  function reply(req: IncomingMessage, res: ServerResponse, refusal: Refusal): void {
    res.shouldKeepAlive = false;
    sendJson(req, res, refusal.status, { ok: false, error: { code: refusal.code, message: refusal.message } }, { Connection: 'close', ...refusal.headers });
    req.resume();
  }

  function pathOf(req: IncomingMessage): string {
    const url = req.url ?? '';
    const end = url.search(/[?#]/);
    return (end === -1 ? url : url.slice(0, end)).slice(0, 200);
  }

  function checkSender(req: IncomingMessage): Refusal | null {
    const host = req.headers.host?.toLowerCase();
    if (host === undefined || !hosts.has(host)) {
      return { status: 403, code: 'UNAUTHORIZED', message: `the bridge answers only to Host 127.0.0.1:${port} or localhost:${port}` };
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !origins.has(origin.toLowerCase())) {
      return { status: 403, code: 'UNAUTHORIZED', message: 'the bridge answers only to its own pages' };
    }
    return null;
  }

  function readBody(req: IncomingMessage, res: ServerResponse): Promise<string | null> {
    return new Promise((resolve) => {
      const declared = req.headers['content-length'];
      if (declared !== undefined && Number(declared) > maxBodyBytes) {
        reply(req, res, { status: 413, code: 'INVALID_INPUT', message: `request body is larger than ${maxBodyBytes} bytes` });
        res.once('finish', () => req.socket.destroy());
        resolve(null);
        return;
      }
      let chunks: Buffer[] = [];
      let size = 0;
      let held = 0;
      let done = false;
      // The call's bytes stay counted until its answer is sent or its connection drops: the body
      // lives on as text and as the parsed argument while the handler runs.
      const release = (): void => {
        inFlightBytes -= held;
        held = 0;
      };
      res.once('close', release);
      const stop = (refusal: Refusal): void => {
        if (done) return;
        done = true;
        chunks = [];
        release();
        clearTimeout(timer);
        req.removeAllListeners('data');
        reply(req, res, refusal);
        // Answer first, then drop the connection so the rest of the upload is never read.
        res.once('finish', () => req.socket.destroy());
        resolve(null);
      };
      const timer = setTimeout(() => {
        stop({ status: 408, code: 'INVALID_INPUT', message: `request body did not arrive within ${bodyTimeoutMs} ms` });
      }, bodyTimeoutMs);
      req.on('data', (chunk: Buffer) => {
        if (done) return;
        size += chunk.length;
        if (size > maxBodyBytes) {
          stop({ status: 413, code: 'INVALID_INPUT', message: `request body is larger than ${maxBodyBytes} bytes` });
          return;
        }
        if (inFlightBytes + chunk.length > maxInFlightBytes) {
          stop({
            status: 503,
            code: 'BUSY',
            message: `the station is busy: requests in progress hold ${maxInFlightBytes} bytes; try again when they finish`,
            headers: { 'Retry-After': '1' },
          });
          return;
        }
        held += chunk.length;
        inFlightBytes += chunk.length;
        chunks.push(chunk);
      });
      req.on('end', () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve(Buffer.concat(chunks).toString('utf8'));
      });
      req.on('error', () => {
        if (done) return;
        done = true;
        chunks = [];
        release();
        clearTimeout(timer);
        resolve(null);
      });
    });
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
    if (req.method !== 'POST') {
      reply(req, res, { status: 405, code: 'INVALID_INPUT', message: 'API calls are POST', headers: { Allow: 'POST' } });
      return;
    }
    if (!tokenMatches(req.headers.authorization, tokenDigest)) {
      reply(req, res, { status: 401, code: 'UNAUTHORIZED', message: 'missing or wrong bridge token', headers: { 'WWW-Authenticate': 'Bearer' } });
      return;
    }
    if (!hasMethod(options.table, method)) {
      reply(req, res, { status: 404, code: 'NOT_FOUND', message: `no API method ${excerpt(method)}` });
      return;
    }
    const type = req.headers['content-type'] ?? '';
    if (!/^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(type)) {
      reply(req, res, { status: 415, code: 'INVALID_INPUT', message: 'API calls send application/json' });
      return;
    }
    const text = await readBody(req, res);
    if (text === null) return;
    const maxDepth = (options.limits ?? DEFAULT_ARG_LIMITS).maxDepth;
    if (!jsonDepthWithin(text, maxDepth)) {
      sendJson(req, res, 200, {
        ok: false,
        error: { code: 'INVALID_INPUT', message: `${method}: (argument): nested deeper than ${maxDepth} levels`, details: { method, field: '(argument)' } },
      });
      return;
    }
    let args: unknown;
    try {
      args = text.trim() === '' ? undefined : parseJson(text, `${method} argument`);
    } catch {
      // parseJson's message can quote the body; say only where it failed to parse.
      sendJson(req, res, 400, { ok: false, error: { code: 'BAD_JSON', message: `${method}: the argument is not valid JSON`, details: { method } } });
      return;
    }
    const result = await dispatch(options.table, options.handlers, method, args, options);
    sendJson(req, res, 200, result);
  }

  async function handleFile(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      reply(req, res, { status: 405, code: 'INVALID_INPUT', message: 'files are GET only', headers: { Allow: 'GET, HEAD' } });
      return;
    }
    const found = options.staticDir === undefined ? ({ ok: false, status: 404 } as const) : await findStaticFile(options.staticDir, pathname);
    if (!found.ok) {
      reply(req, res, { status: found.status, code: 'NOT_FOUND', message: 'no such file' });
      return;
    }
    res.writeHead(200, { 'Content-Type': found.contentType, 'Content-Length': found.size, 'Cache-Control': 'no-cache' });
    logLine(req, pathname, 200);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(found.path)
      .on('error', () => res.destroy())
      .pipe(res);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    baseHeaders(res);
    const refused = checkSender(req);
    if (refused) {
      reply(req, res, refused);
      return;
    }
    const path = pathOf(req);
    if (!path.startsWith('/')) {
      reply(req, res, { status: 400, code: 'INVALID_INPUT', message: 'bad request path' });
      return;
    }
    if (path.startsWith(API_PATH_PREFIX)) {
      await handleApi(req, res, path.slice(API_PATH_PREFIX.length));
      return;
    }
    await handleFile(req, res, path);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  origins = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  const origin = `http://127.0.0.1:${port}`;

  return {
    address: `${origin}/#token=${token}`,
    origin,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
