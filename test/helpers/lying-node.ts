/**
 * A lying node on loopback (docs/decisions.md §24): an HTTP server on 127.0.0.1 that passes every request to a
 * real node (the devnet) and lets a test replace any reply by path. The station talks to it as to
 * any node, so every check the station makes of a fate meets a real chain underneath and one lie on
 * top. `lie` is read on every request: set it, run a pass, clear it, run an honest pass.
 *
 * Also here: a block forged the way a liar without an executive's key must forge it (java-tron's
 * shape, a correct id and transaction root, signed by a key of its choosing).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { create, toBinary } from '@bufbuild/protobuf';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { parseJson, stringifyJson } from '../../shared/base/json.ts';
import { blockIdOf, merkleRootOf, transactionLeafOf } from '../../shared/chain/block.ts';
import { signDigest } from '../../shared/chain/keys.ts';
import { BlockHeader_rawSchema, Transaction_ResultSchema } from '../../shared/gen/protocol/core_pb.ts';
import type { Json } from './devnet-helpers.ts';

/** Replaces the reply to `path` (the honest one is given), or returns undefined to pass it on. */
export type Lie = (path: string, body: Json, honest: () => Promise<Json>) => Promise<Json | string | undefined> | Json | string | undefined;

export interface LyingNode {
  url: string;
  lie: Lie | null;
  /** Paths asked, in order (the tests count block reads). */
  asked: string[];
  close(): Promise<void>;
}

/** Starts the liar in front of `upstream` (a node URL). A string from `lie` is sent as the raw body. */
export async function startLyingNode(upstream: string): Promise<LyingNode> {
  const node: LyingNode = { url: '', lie: null, asked: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const path = (req.url ?? '/').split('?')[0]!;
        const text = Buffer.concat(chunks).toString('utf8');
        node.asked.push(path);
        const honest = async (): Promise<Json> => {
          const r = await fetch(upstream + path, { method: 'POST', body: text, headers: { 'content-type': 'application/json' } });
          return parseJson(await r.text()) as Json;
        };
        const body = text.length > 0 ? (parseJson(text) as Json) : {};
        const lied = node.lie ? await node.lie(path, body, honest) : undefined;
        const reply = lied === undefined ? stringifyJson(await honest()) : typeof lied === 'string' ? lied : stringifyJson(lied);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(reply);
      })().catch((e: unknown) => {
        res.writeHead(500);
        res.end(String(e));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  node.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  node.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return node;
}

/**
 * A block in the node's JSON (spec dialect) holding `transactions` (the node's transaction JSON with
 * raw_data_hex, signature and ret), with a correct transaction root and id, numbered `number`,
 * naming `producerHex` and signed by `signingKeyHex`: what a liar can make without an executive's key.
 */
export function forgeBlock(transactions: Json[], number: number, producerHex: string, signingKeyHex: string, parentHash = '00'.repeat(32)): Json {
  const leaves = transactions.map((t) =>
    transactionLeafOf(
      hexToBytes(t.raw_data_hex as string),
      ((t.signature as string[] | undefined) ?? []).map((s) => hexToBytes(s)),
      ((t.ret as Json[] | undefined) ?? []).map((r) =>
        create(Transaction_ResultSchema, {
          contractRet: Transaction_ResultSchema.field.contractRet.enum!.values.find((v) => v.name === r.contractRet)?.number ?? 0,
        }),
      ),
    ),
  );
  const raw = create(BlockHeader_rawSchema, {
    timestamp: 1_800_000_000_000n + BigInt(number) * 3000n,
    txTrieRoot: merkleRootOf(leaves),
    parentHash: hexToBytes(parentHash),
    number: BigInt(number),
    executiveAddress: hexToBytes(producerHex),
  });
  const rawBytes = toBinary(BlockHeader_rawSchema, raw);
  const hash = sha256(rawBytes);
  return {
    blockID: bytesToHex(blockIdOf(number, hash)),
    block_header: {
      raw_data: {
        timestamp: Number(raw.timestamp),
        txTrieRoot: bytesToHex(raw.txTrieRoot),
        parentHash,
        number,
        executive_address: producerHex,
      },
      executive_signature: bytesToHex(signDigest(hash, hexToBytes(signingKeyHex))),
    },
    transactions,
  };
}
