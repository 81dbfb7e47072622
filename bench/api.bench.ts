/**
 * `npm run bench:api`: what the API contract's checks cost (docs/decisions.md §8). dispatch always validates a
 * result against its schema and proves it JSON data before it crosses; this measures that on the
 * largest result the UI asks for, a list of 10,000 transactions (a view of ten fields each, the
 * shape docs/decisions.md §7's `list` will have), against the handler alone, and the argument check of a small
 * call and of a 4 MiB base64 file.
 *
 * Each row runs for about 1 s after a 200 ms warm-up and prints calls/s and ms per call. Figures
 * are for information only: nothing here asserts a speed.
 */
import * as v from 'valibot';
import { base64File, defineApi, dispatch, type Handlers } from '../shared/api/api-contract.ts';
import { MAX_FILE_BYTES } from '../shared/base/limits.ts';
import { sized } from './smoke.ts';

const TX_VIEW = v.strictObject({
  txId: v.string(),
  kind: v.picklist(['transfer', 'transferAsset', 'participate', 'assetIssue', 'permissionUpdate']),
  account: v.string(),
  amount: v.string(),
  status: v.picklist(['draft', 'collecting', 'ready', 'broadcast', 'confirmed', 'failed', 'expired']),
  weight: v.number(),
  threshold: v.number(),
  signers: v.array(v.string()),
  expiresAt: v.number(),
  note: v.string(),
});

const API = defineApi({
  list: { args: v.undefined(), result: v.array(TX_VIEW) },
  echo: { args: v.strictObject({ text: v.string() }), result: v.strictObject({ text: v.string() }) },
  upload: { args: v.strictObject({ file: base64File() }), result: v.number() },
});

const rows = Array.from({ length: sized(10_000, 100) }, (_, i) => ({
  txId: i.toString(16).padStart(64, '0'),
  kind: 'transfer' as const,
  account: 'TEDapYSVvAZ3aYH7w8N9tMEEFKaNKUD5Bp',
  amount: String(1_000_000 + i),
  status: 'collecting' as const,
  weight: 1,
  threshold: 2,
  signers: ['TEDapYSVvAZ3aYH7w8N9tMEEFKaNKUD5Bp'],
  expiresAt: 1_800_000_000_000 + i,
  note: `payment ${i}`,
}));

const handlers: Handlers<typeof API> = { list: () => rows, echo: ({ text }) => ({ text }), upload: ({ file }) => file.length };
const file = Buffer.alloc(MAX_FILE_BYTES, 1).toString('base64');

async function measure(name: string, op: () => Promise<unknown>): Promise<void> {
  const warmUntil = performance.now() + sized(200, 0);
  while (performance.now() < warmUntil) await op();
  let calls = 0;
  const start = performance.now();
  while (performance.now() - start < sized(1000, 0) || calls === 0) {
    await op();
    calls += 1;
  }
  const ms = performance.now() - start;
  console.log(`${name.padEnd(44)} ${String(Math.round((calls / ms) * 1000)).padStart(8)} calls/s ${(ms / calls).toFixed(3).padStart(9)} ms/call`);
}

await measure('list of 10,000: handler alone', async () => handlers.list(undefined));
await measure('list of 10,000: dispatch (result checked)', () => dispatch(API, handlers, 'list', undefined));
await measure('echo: dispatch (argument + result)', () => dispatch(API, handlers, 'echo', { text: 'hello' }));
await measure('upload 4 MiB base64: dispatch', () => dispatch(API, handlers, 'upload', { file }));
