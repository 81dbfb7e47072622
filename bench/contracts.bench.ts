/**
 * `npm run bench:contracts`: decode and view of every contract type (docs/decisions.md §17 "Benchmarks"). For
 * each type it takes the one sample the TronWeb agreement and round-trip tests use
 * (test/helpers/contract-samples.ts), wraps it in an unsigned transaction once, and then measures
 * two rows: `decodeRaw` alone (strict decode: unknown fields, canonical bytes, type URL, owner) and
 * `transactionView` (decode plus the words a signer reads: summary, field table, warnings). Figures
 * are operations per second on this machine, for information only: nothing here asserts a speed.
 * A last row times a contract of a type Airlock has no message for (docs/decisions.md §17): the tolerant decode
 * (`decodeRawShowingUnknown`) and its "Unknown contract type" view.
 */
import { create, toBinary } from '@bufbuild/protobuf';
import { createTransaction, decodeRaw, decodeRawShowingUnknown } from '../shared/chain/transaction.ts';
import { Transaction_rawSchema } from '../shared/gen/protocol/core_pb.ts';
import { concatBytes } from '../shared/base/bytes.ts';
import { transactionView } from '../shared/views/view.ts';
import { hexToBytes } from '../shared/base/bytes.ts';
import { SAMPLE_NAMES, sampleMessage } from '../test/helpers/contract-samples.ts';
import { sized } from './smoke.ts';

const T0 = 1_800_000_000_000;
const FIELDS = { refBlockBytes: hexToBytes('01f4'), refBlockHash: new Uint8Array(8), expiration: T0 + 3_600_000, timestamp: T0 };
/** How long each row runs; short, because 2 × every type runs one after another. */
const ROW_MS = Number(process.env.BENCH_ROW_MS ?? sized(300, 0));

/** Runs `op` for about ROW_MS after a warm-up and returns operations per second. */
function opsPerSecond(op: () => void): number {
  for (let i = 0; i < sized(50, 1); i++) op();
  let runs = 0;
  const start = performance.now();
  const until = start + ROW_MS;
  let now = start;
  while (now < until || runs === 0) {
    // Batches of 10 keep the clock reads out of the figure for fast operations.
    for (let i = 0; i < 10; i++) op();
    runs += 10;
    now = performance.now();
  }
  return (runs * 1000) / (now - start);
}

const rate = (n: number): string => Math.round(n).toLocaleString('en-US').padStart(10);

console.log(`decode and view of every contract type (${SAMPLE_NAMES.length} types, ${ROW_MS} ms a row), ops/s`);
console.log(`${'contract type'.padEnd(34)} ${'raw bytes'.padStart(9)} ${'decode'.padStart(10)} ${'view'.padStart(10)}`);
for (const name of SAMPLE_NAMES) {
  const tx = createTransaction({ type: name, value: sampleMessage(name) }, FIELDS);
  const signed = { rawBytes: tx.rawBytes, signatures: [] as Uint8Array[] };
  const decode = opsPerSecond(() => decodeRaw(tx.rawBytes));
  const view = opsPerSecond(() => transactionView(signed, { now: T0 }));
  console.log(`${name.padEnd(34)} ${String(tx.rawBytes.length).padStart(9)} ${rate(decode)} ${rate(view)}`);
}

/** A type id no contract has (a plain number: the generated enum lists only the known ones). */
const UNKNOWN_TYPE_ID: number = 77;
// A contract of that type under a URL naming no message: owner_address (field 1), then an int64 (field 2).
const unknownValue = concatBytes(hexToBytes('0a1541'), new Uint8Array(20).fill(7), hexToBytes('10d209'));
const unknownRaw = toBinary(
  Transaction_rawSchema,
  create(Transaction_rawSchema, {
    ...FIELDS,
    expiration: BigInt(FIELDS.expiration),
    timestamp: BigInt(FIELDS.timestamp),
    contract: [{ type: UNKNOWN_TYPE_ID, parameter: { typeUrl: 'type.googleapis.com/protocol.FutureContract', value: unknownValue } }],
  }),
);
const unknownDecode = opsPerSecond(() => decodeRawShowingUnknown(unknownRaw));
const unknownView = opsPerSecond(() => transactionView({ rawBytes: unknownRaw, signatures: [] }, { now: T0 }));
console.log(`${'(unknown type 77)'.padEnd(34)} ${String(unknownRaw.length).padStart(9)} ${rate(unknownDecode)} ${rate(unknownView)}`);
