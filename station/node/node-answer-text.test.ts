/**
 * The node's answer to a broadcast, as words a person reads (`airlock broadcast` prints them as they
 * are, and the station stores them): whatever a node sends in its `txid`, `code` and `message`,
 * the text holds no control, bidi, zero-width or line-separator character, and names the txID of
 * the transaction the station sent, not one the node made up. A loopback server plays the node.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hasUnsafeText } from '../../shared/base/escape.ts';
import { bytesToHex, utf8ToBytes } from '../../shared/base/bytes.ts';
import { signedTransactionFromNodeJson } from '../../shared/chain/transaction.ts';
import { TRANSFER } from '../../test/helpers/cli-run-helpers.ts';
import { NodeClient } from './node-client.ts';

let server: Server;
let url: string;
let reply: unknown;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end(JSON.stringify(reply)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const tx = signedTransactionFromNodeJson({ ...TRANSFER, signature: [TRANSFER.signature] });
const HOSTILE = 'a\u001b[2Jb\u202Ec\u200Fd\u2028e\u200Bf\u061Cg';

it("a refusal's txid, code and message from the node reach the text escaped, and the txID is the station's own", async () => {
  reply = { result: false, txid: `${'ab'.repeat(32)}${HOSTILE}`, code: `SIGERROR${HOSTILE}`, message: bytesToHex(utf8ToBytes(`bad${HOSTILE}`)) };
  const r = await new NodeClient({ baseUrl: url }).broadcast(tx);
  expect(r.accepted).toBe(false);
  expect(hasUnsafeText(r.text)).toBe(false);
  expect(r.text).toMatch(new RegExp(`^The node refused transaction ${TRANSFER.txID}: `));
});

it("an acceptance names the station's txID, whatever txid the node wrote", async () => {
  reply = { result: true, txid: `x\u001b[2J${HOSTILE}` };
  const r = await new NodeClient({ baseUrl: url }).broadcast(tx);
  expect(r).toMatchObject({ accepted: true, txID: TRANSFER.txID });
  expect(hasUnsafeText(r.text)).toBe(false);
});
