/**
 * `npm run bench:handoff`: the cost of reading a handoff file (docs/decisions.md §7 "Benchmarks": import and
 * verify a 5-signature handoff file ≤ 20 ms). One row parses the file's text, checks format and
 * members, decodes raw_data_hex strictly, recovers all five signers and counts them against a 5-key
 * permission; one row merges five one-signature copies of the same transaction. Figures are for
 * information only: nothing here asserts a speed.
 */
import { addressToBase58, addressToHex } from '../shared/chain/address.ts';
import { exportHandoff, mergeHandoffs, parseHandoff, stringifyHandoff, type HandoffPermission } from '../shared/files/handoff.ts';
import { addSignature, addressOfPrivateKey, generatePrivateKey } from '../shared/chain/keys.ts';
import { encodeOperationsHex } from '../shared/chain/operations.ts';
import { createTransaction } from '../shared/chain/transaction.ts';
import { buildTransfer } from '../shared/contracts/transfer.ts';
import { sized } from './smoke.ts';

const T0 = 1_800_000_000_000;
const keys = Array.from({ length: 5 }, () => generatePrivateKey());
const owner = generatePrivateKey();
const ownerAddress = addressOfPrivateKey(owner);
const permission: HandoffPermission = {
  address: addressToBase58(ownerAddress),
  permissions: {
    active_permission: [
      {
        type: 'Active',
        id: 2,
        permission_name: 'five',
        threshold: 5,
        operations: encodeOperationsHex(['TransferContract']),
        keys: keys.map((k) => ({ address: addressToHex(addressOfPrivateKey(k)), weight: 1 })),
      },
    ],
  },
  source: { node: 'http://127.0.0.1:8090', block: 1 },
  at: T0,
};
const unsigned = createTransaction(
  { type: 'TransferContract', value: buildTransfer({ owner: ownerAddress, to: addressOfPrivateKey(keys[0]!), amount: 1 }), permissionId: 2 },
  { refBlockBytes: Uint8Array.of(0, 1), refBlockHash: new Uint8Array(8), expiration: T0 + 3_600_000, timestamp: T0 },
);
const now = T0 + 1000;
const all = keys.reduce((tx, k) => addSignature(tx, k), { rawBytes: unsigned.rawBytes, signatures: [] as Uint8Array[] });
const text = stringifyHandoff(exportHandoff({ tx: all, permission, note: 'bench', now }));
const singles = keys.map((k) =>
  parseHandoff(stringifyHandoff(exportHandoff({ tx: addSignature({ rawBytes: unsigned.rawBytes, signatures: [] }, k), permission, now })), { now }),
);

function measure(name: string, op: () => void): void {
  for (let i = 0; i < sized(20, 1); i++) op();
  const times: number[] = [];
  const until = performance.now() + sized(1000, 0);
  while (performance.now() < until || times.length === 0) {
    const start = performance.now();
    op();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`${name.padEnd(44)} ${String(times.length).padStart(6)} runs   median ${at(0.5)} ms   p99 ${at(0.99)} ms`);
}

console.log(`handoff file: ${text.length} bytes, 5 signatures`);
measure('import + verify a 5-signature handoff file', () => void parseHandoff(text, { now }));
measure('merge five 1-signature copies', () => void mergeHandoffs(singles, { now }));
