/**
 * `npm run bench`: throughput of the protocol core's hot paths (README "Other commands").
 * Rows: secp256k1 signatures/s (signDigest), recoveries/s (recoverSigner) on each implementation
 * side by side (libsecp256k1 in WebAssembly and noble, chosen with useRecoveryBackend) followed by
 * their ratio, encode + txID/s for each of the five supported contract types (the contract message
 * built directly with create(...Schema), then encodeRaw(buildRaw(...)) and txIdOf), and decodeRaw/s
 * over those five transactions.
 *
 * Each row warms up for 200 ms, then runs for about 1 s; it prints ops, total ms and ops/s. Figures
 * are for information only: nothing here asserts a speed.
 */
import { create } from '@bufbuild/protobuf';
import {
  AccountPermissionUpdateContractSchema,
  AssetIssueContractSchema,
  ParticipateAssetIssueContractSchema,
  TransferAssetContractSchema,
  TransferContractSchema,
} from '../shared/gen/protocol/contract_pb.ts';
import { PermissionType } from '../shared/gen/protocol/core_pb.ts';
import { hexToBytes, utf8ToBytes } from '../shared/base/bytes.ts';
import { addressOfPrivateKey, signDigest } from '../shared/chain/keys.ts';
import { recoverSigner, useRecoveryBackend, wasmRecoveryAvailable, type RecoveryBackend } from '../shared/chain/verify.ts';
import { defaultActiveOperations } from '../shared/chain/operations.ts';
import { buildRaw, decodeRaw, encodeRaw, txIdOf, type ContractCall, type RawFields } from '../shared/chain/transaction.ts';
import { sized } from './smoke.ts';

const WARM_UP_MS = sized(200, 0);
const RUN_MS = sized(1000, 0);

interface Row {
  name: string;
  ops: number;
  ms: number;
}

/** Calls `op(i)` with i = 0, 1, 2, ... for about `RUN_MS` after a warm-up; returns the count and time. */
function measure(name: string, op: (i: number) => void): Row {
  let i = 0;
  const warmUntil = performance.now() + WARM_UP_MS;
  while (performance.now() < warmUntil) op(i++);
  let ops = 0;
  const start = performance.now();
  let now = start;
  while (now - start < RUN_MS || ops === 0) {
    // Check the clock every few operations so timing does not dominate the fast rows.
    for (let k = 0; k < 16; k++) op(i++);
    ops += 16;
    now = performance.now();
  }
  return { name, ops, ms: now - start };
}

const keys = ['11', '12', '13', '21', '22'].map((b) => hexToBytes(b.repeat(32)));
const addresses = keys.map(addressOfPrivateKey);
const [a0, a1, a2, a3, a4] = addresses as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array];

const fields: RawFields = {
  refBlockBytes: hexToBytes('d8ed'),
  refBlockHash: hexToBytes('2e066c3259e756f5'),
  expiration: 1651906644000n,
  timestamp: 1651906586162n,
};

const activeKeys = addresses.map((address) => ({ address, weight: 1n }));

const calls: ContractCall[] = [
  {
    type: 'TransferContract',
    value: create(TransferContractSchema, { ownerAddress: a0, toAddress: a1, amount: 1_000_000n }),
  },
  {
    type: 'TransferAssetContract',
    value: create(TransferAssetContractSchema, { assetName: utf8ToBytes('1000001'), ownerAddress: a0, toAddress: a1, amount: 100n }),
    permissionId: 2,
  },
  {
    type: 'AssetIssueContract',
    value: create(AssetIssueContractSchema, {
      ownerAddress: a0,
      name: utf8ToBytes('AirlockToken'),
      abbr: utf8ToBytes('AIR'),
      totalSupply: 1_000_000_000_000n,
      cdedSupply: [{ cdedAmount: 1_000_000n, cdedDays: 30n }],
      coinNum: 1,
      precision: 6,
      num: 1,
      startTime: 1_700_000_000_000n,
      endTime: 1_800_000_000_000n,
      description: utf8ToBytes('a benchmark token'),
      url: utf8ToBytes('https://example.org'),
      freeAssetNetLimit: 1000n,
      publicFreeAssetNetLimit: 100_000n,
    }),
  },
  {
    type: 'ParticipateAssetIssueContract',
    value: create(ParticipateAssetIssueContractSchema, { ownerAddress: a1, toAddress: a0, assetName: utf8ToBytes('1000001'), amount: 5_000_000n }),
  },
  {
    type: 'AccountPermissionUpdateContract',
    value: create(AccountPermissionUpdateContractSchema, {
      ownerAddress: a0,
      owner: {
        type: PermissionType.Owner,
        permissionName: 'owner',
        threshold: 2n,
        keys: [
          { address: a0, weight: 1n },
          { address: a1, weight: 1n },
        ],
      },
      actives: [
        { type: PermissionType.Active, id: 2, permissionName: 'treasury', threshold: 3n, operations: defaultActiveOperations(), keys: activeKeys },
        {
          type: PermissionType.Active,
          id: 3,
          permissionName: 'tokens',
          threshold: 1n,
          operations: defaultActiveOperations(),
          keys: [
            { address: a2, weight: 1n },
            { address: a3, weight: 1n },
            { address: a4, weight: 1n },
          ],
        },
      ],
    }),
  },
];

// Distinct txIDs so each signature and recovery does real, different work.
const digests = Array.from({ length: 256 }, (_, i) => txIdOf(encodeRaw(buildRaw(calls[0]!, { ...fields, timestamp: BigInt(i) }))));
const signatures = digests.map((d, i) => signDigest(d, keys[i % keys.length]!));
const encoded = calls.map((c) => encodeRaw(buildRaw(c, fields)));

/** recoverSigner on one implementation; the default (WebAssembly where it loads) is restored after. */
function measureRecovery(impl: RecoveryBackend): Row {
  useRecoveryBackend(impl);
  try {
    return measure(`recoverSigner (${impl === 'wasm' ? 'libsecp256k1 wasm' : 'noble'})`, (i) => void recoverSigner(signatures[i & 255]!, digests[i & 255]!));
  } finally {
    if (wasmRecoveryAvailable()) useRecoveryBackend('wasm');
  }
}

const recoveryRows = wasmRecoveryAvailable() ? [measureRecovery('wasm'), measureRecovery('noble')] : [measureRecovery('noble')];

const rows: Row[] = [
  measure('signDigest (secp256k1, RFC 6979)', (i) => void signDigest(digests[i & 255]!, keys[i % keys.length]!)),
  ...recoveryRows,
  ...calls.map((c) => measure(`encode+txID ${c.type}`, () => void txIdOf(encodeRaw(buildRaw(c, fields))))),
  measure('decodeRaw (the five types in turn)', (i) => void decodeRaw(encoded[i % encoded.length]!)),
];

const width = Math.max(...rows.map((r) => r.name.length));
const line = (cells: string[]) => `${cells[0]!.padEnd(width)}  ${cells[1]!.padStart(10)}  ${cells[2]!.padStart(10)}  ${cells[3]!.padStart(12)}`;
console.log(`Airlock core benchmark (Node ${process.versions.node}, ${process.platform}/${process.arch}); ${RUN_MS} ms per row after ${WARM_UP_MS} ms warm-up`);
console.log(line(['operation', 'ops', 'total ms', 'ops/s']));
console.log(line(['-'.repeat(width), '-'.repeat(10), '-'.repeat(10), '-'.repeat(12)]));
for (const r of rows) console.log(line([r.name, String(r.ops), r.ms.toFixed(1), Math.round((r.ops / r.ms) * 1000).toLocaleString('en-US')]));
const rate = (r: Row) => (r.ops / r.ms) * 1000;
if (recoveryRows.length === 2) {
  console.log(`recovery: libsecp256k1 wasm / noble = ${(rate(recoveryRows[0]!) / rate(recoveryRows[1]!)).toFixed(1)}x`);
} else {
  console.log('recovery: WebAssembly did not load here, so only noble was measured');
}
