/**
 * The devnet's HTTP server: it serves the route table of devnet/routes.ts with the reference node's
 * JSON shapes (PROTOCOL.md §4.3, §7).
 *
 * Input hygiene is the point of this file: a body over 1 MiB (413), malformed JSON, a body that is
 * not an object, an unknown path (404), a wrong method (405), a foreign Host or Origin header (403)
 * all get a `{"Error": "..."}` reply with a 4xx status, never a crash or a stack trace; a coded
 * input error from a handler is a 400, anything else a 500 whose detail goes only to the log.
 *
 * Invariant: request bodies are never logged (one of them carries a private key).
 *
 * Memory is bounded (docs/decisions.md §6 "node memory"; README "Limits"): at most `maxConnections` open
 * connections; when they are all open, a new one first evicts the connection idle longest (a
 * keep-alive connection between requests, or one that has sent nothing yet), as servers do, so idle
 * connections can never starve new clients (docs/decisions.md §16); only when every connection is in the middle
 * of a request is the new one answered 503 and closed. At most `maxBufferedBytes` of request
 * bodies held across all connections (the request that would pass it gets a 503 and is dropped),
 * and a body must arrive whole within `bodyTimeoutMs` of its headers (else 408 and dropped).
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { int64Input, isRecord, ownEntries, rejectField } from '../shared/chain/input.ts';
import { AirlockError, excerpt } from '../shared/base/errors.ts';
import { parseJson, stringifyJson } from '../shared/base/json.ts';
import { escapeJsonText } from '../shared/base/escape.ts';
import { type Chain } from './chain.ts';
import { MAX_BODY_BYTES } from '../shared/base/limits.ts';
import { type Json, HttpReply, INPUT_CODES, readVisible, routes } from './routes.ts';

// ---------------------------------------------------------------------------------------------
// The server

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function hostOf(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.indexOf(':');
  return colon === -1 ? h : h.slice(0, colon);
}

function originAllowed(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

function send(res: ServerResponse, status: number, body: Json, close = false): void {
  // Lossless: control and bidi characters in names go out as JSON escapes (docs/decisions.md §6).
  const text = escapeJsonText(stringifyJson(body));
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(close ? { connection: 'close' } : {}),
  });
  res.end(text);
}

function queryBody(url: URL): Json {
  const out: Json = Object.create(null) as Json;
  for (const [k, v] of url.searchParams) out[k] = v;
  return out;
}

/** What the server holds at most at once, and how long it waits for a body. */
export interface HttpLimits {
  /** Open connections, idle keep-alive ones included. Default 256. */
  maxConnections: number;
  /** Request body bytes held across all connections. Default 64 MiB (64 maximal bodies). */
  maxBufferedBytes: number;
  /** ms from a request's headers to the last byte of its body; also the headers' own limit. Default 10,000. */
  bodyTimeoutMs: number;
}

export const DEFAULT_HTTP_LIMITS: Readonly<HttpLimits> = { maxConnections: 256, maxBufferedBytes: 64 * MAX_BODY_BYTES, bodyTimeoutMs: 10_000 };

/** The server's own accounting, for tests and `/devnet/info`-style monitoring. */
export interface HttpStats {
  connections: number;
  bufferedBytes: number;
  /** The most body bytes ever held at once. */
  peakBufferedBytes: number;
  refusedConnections: number;
  /** Idle connections closed to make room for a new one. */
  evictedIdleConnections: number;
  /** Requests refused because the body budget was spent. */
  refusedBodies: number;
  /** Uploads cut because their body did not arrive in time. */
  timedOutBodies: number;
}

export interface DevnetServerOptions {
  log: (line: string) => void;
  produceBlock: () => unknown;
  limits?: Partial<HttpLimits>;
}

export interface DevnetServer {
  server: Server;
  stats(): HttpStats;
}

function checkLimits(given: Partial<HttpLimits> | undefined): HttpLimits {
  const limits = { ...DEFAULT_HTTP_LIMITS, ...given };
  for (const [name, value] of Object.entries(limits)) int64Input(value, `limits.${name}`, { min: 1n, max: BigInt(Number.MAX_SAFE_INTEGER) });
  return limits;
}

/** A whole HTTP/1.1 reply written straight to a socket the HTTP layer will not serve. */
function rawReply(status: number, body: Json): string {
  const text = stringifyJson(body);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${text}`;
}

const REFUSED = Symbol('refused connection');
/** How many requests a connection is in the middle of (pipelining can make it more than one). */
const ACTIVE = Symbol('requests in progress');

/** Closed to make room for a newer connection; its slot was freed when it was chosen. */
const EVICTED = Symbol('evicted idle connection');

type TrackedSocket = Socket & { [REFUSED]?: true; [ACTIVE]?: number; [EVICTED]?: true };

/** Creates (does not start) the HTTP server for `chain`. */
export function createDevnetServer(chain: Chain, options: DevnetServerOptions): DevnetServer {
  const table = routes(chain, { produceBlock: options.produceBlock });
  const limits = checkLimits(options.limits);
  const stats: HttpStats = {
    connections: 0,
    bufferedBytes: 0,
    peakBufferedBytes: 0,
    refusedConnections: 0,
    evictedIdleConnections: 0,
    refusedBodies: 0,
    timedOutBodies: 0,
  };
  // Open connections with no request in progress, oldest idle first (a Set keeps insertion order):
  // the ones a new connection may evict when all slots are taken.
  const idle = new Set<TrackedSocket>();
  const server = createServer({ connectionsCheckingInterval: Math.min(1_000, limits.bodyTimeoutMs) }, (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket as TrackedSocket;
    if (socket[REFUSED]) return;
    socket[ACTIVE] = (socket[ACTIVE] ?? 0) + 1;
    idle.delete(socket);
    res.once('close', () => {
      socket[ACTIVE] = (socket[ACTIVE] ?? 1) - 1;
      // Back at the end of the idle order: it became idle just now.
      if (socket[ACTIVE] === 0 && !socket.destroyed) idle.add(socket);
    });
    const started = Date.now();
    const finish = (status: number, body: Json, close = false): void => {
      send(res, status, body, close);
      options.log(`${req.method} ${path} ${status} ${Date.now() - started}ms`);
    };
    let path = '?';
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://127.0.0.1');
      // An unknown path is logged and answered cut, as any input may be a pasted key.
      path = table.has(url.pathname) ? url.pathname : excerpt(url.pathname);
    } catch {
      finish(400, { Error: 'bad request path' });
      return;
    }
    const host = req.headers.host;
    if (host === undefined || !LOOPBACK_HOSTS.has(hostOf(host))) {
      finish(403, { Error: 'the devnet answers only to Host 127.0.0.1, localhost or [::1]' });
      req.resume();
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !originAllowed(origin)) {
      finish(403, { Error: 'the devnet answers only to pages served from 127.0.0.1, localhost or [::1]' });
      req.resume();
      return;
    }
    const route = table.get(path);
    if (!route) {
      finish(404, { Error: `no endpoint ${path}` });
      req.resume();
      return;
    }
    if (req.method !== 'POST' && !(req.method === 'GET' && route.get)) {
      finish(405, { Error: `${path} takes ${route.get ? 'GET or POST' : 'POST'}` });
      req.resume();
      return;
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    // Answer first, then drop the connection so the rest of the upload is never read.
    const refuse = (status: number, error: string): void => {
      res.once('finish', () => req.socket.destroy());
      finish(status, { Error: error }, true);
    };
    const tooLarge = (): void => refuse(413, `request body is larger than ${MAX_BODY_BYTES} bytes`);
    if (declared > MAX_BODY_BYTES) {
      tooLarge();
      return;
    }
    let chunks: Buffer[] = [];
    let size = 0;
    let held = 0;
    let aborted = false;
    const release = (): void => {
      stats.bufferedBytes -= held;
      held = 0;
      chunks = [];
    };
    const stop = (): void => {
      aborted = true;
      clearTimeout(timer);
      release();
    };
    const timer = setTimeout(() => {
      if (aborted) return;
      stop();
      stats.timedOutBodies++;
      refuse(408, `request body not received within ${limits.bodyTimeoutMs} ms`);
    }, limits.bodyTimeoutMs);
    res.once('close', stop);
    req.on('data', (chunk: Buffer) => {
      if (aborted) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        stop();
        tooLarge();
        return;
      }
      if (stats.bufferedBytes + chunk.length > limits.maxBufferedBytes) {
        stop();
        stats.refusedBodies++;
        refuse(503, `the node is busy: request bodies in flight would pass ${limits.maxBufferedBytes} bytes; try again`);
        return;
      }
      held += chunk.length;
      stats.bufferedBytes += chunk.length;
      stats.peakBufferedBytes = Math.max(stats.peakBufferedBytes, stats.bufferedBytes);
      chunks.push(chunk);
    });
    req.on('error', stop);
    req.on('end', async () => {
      if (aborted) return;
      clearTimeout(timer);
      let status = 200;
      let body: Json;
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        release();
        let input: Json;
        if (req.method === 'GET') {
          input = queryBody(url);
        } else if (text.trim() === '') {
          input = {};
        } else {
          const parsed = parseJson(text, 'request body');
          if (!isRecord(parsed)) rejectField('request body', 'expected a JSON object');
          input = ownEntries(parsed);
        }
        body = await route.handler({ body: input, visible: readVisible(input), remoteAddress: req.socket.remoteAddress });
      } catch (e) {
        if (e instanceof HttpReply) {
          status = e.status;
          body = e.body;
        } else if (e instanceof AirlockError && INPUT_CODES.has(e.code)) {
          status = 400;
          body = { Error: e.message };
        } else if (e instanceof AirlockError && e.code === 'NOT_FOUND') {
          status = 404;
          body = { Error: e.message };
        } else {
          // Anything but a coded error is a bug (an engine TypeError included, docs/decisions.md §6): 500, and
          // its message, which may quote the request, goes only to the log.
          status = 500;
          body = { Error: 'internal error (see the devnet log)' };
          options.log(`internal error on ${path}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        }
      }
      finish(status, body);
    });
  });
  server.on('connection', (socket: TrackedSocket) => {
    if (stats.connections >= limits.maxConnections) {
      // Evict the connection idle longest rather than turn the new client away: an idle keep-alive
      // connection costs its client only a reconnect, a refused client gets no service at all.
      const oldest = idle.values().next();
      if (!oldest.done) {
        idle.delete(oldest.value);
        stats.evictedIdleConnections++;
        // Its slot is free now, not when its close event comes; the close handler then skips it.
        stats.connections--;
        oldest.value[EVICTED] = true;
        oldest.value.destroy();
      }
    }
    if (stats.connections >= limits.maxConnections) {
      // Over the limit: answer without reading anything, then close. The HTTP layer still sees
      // the socket, so REFUSED tells the request handler to leave it alone.
      stats.refusedConnections++;
      socket[REFUSED] = true;
      socket.end(rawReply(503, { Error: `the node is busy: ${limits.maxConnections} connections are open; try again` }));
      socket.once('finish', () => socket.destroy());
      return;
    }
    stats.connections++;
    idle.add(socket);
    socket.once('close', () => {
      if (!socket[EVICTED]) stats.connections--;
      idle.delete(socket);
    });
  });
  // The body timer above gives the JSON reply; Node's own limits are the backstop for headers
  // that never finish and for anything the timer misses.
  server.headersTimeout = limits.bodyTimeoutMs;
  server.requestTimeout = 2 * limits.bodyTimeoutMs;
  // Idle keep-alive connections stay open a minute: a client that is busy signing for a few
  // seconds should not find its pooled connection closed under it.
  server.keepAliveTimeout = 60_000;
  return { server, stats: () => ({ ...stats }) };
}
