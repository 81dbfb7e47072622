/**
 * `npm run bench:ledger` (docs/decisions.md §23): the time to get a Ledger's share of the signatures of a
 * 5-signature transaction through the VIRTUAL Ledger (test/helpers/virtual-ledger.ts, over its
 * Speculos HTTP API on loopback), and how many APDUs it takes. Each row runs the station's client
 * (station/devices/ledger-client.ts) as `sign` does: the plan, the commands, each answer checked
 * (the signature recovered to the key over the txID). The virtual device answers at once, so this
 * is the station's and the transport's cost; a real device adds the person reading its screens and
 * pressing its buttons (seconds), and USB HID framing (about a millisecond per 64-byte report).
 * Figures are for information only: nothing here asserts a speed.
 */
import { addressFromBase58 } from '../shared/chain/address.ts';
import { utf8ToBytes } from '../shared/base/bytes.ts';
import { encodeOperationsHex } from '../shared/chain/operations.ts';
import { createTransaction } from '../shared/chain/transaction.ts';
import { buildTransfer } from '../shared/contracts/transfer.ts';
import { create } from '@bufbuild/protobuf';
import { AccountPermissionUpdateContractSchema } from '../shared/gen/protocol/contract_pb.ts';
import { KeySchema, PermissionSchema, PermissionType } from '../shared/gen/protocol/core_pb.ts';
import { hexToBytes } from '../shared/base/bytes.ts';
import { ledgerPathForAccount, parseLedgerPath } from '../shared/devices/ledger-apdu.ts';
import { LedgerClient } from '../station/devices/ledger-client.ts';
import { SpeculosTransport } from '../station/devices/speculos-transport.ts';
import { startVirtualLedger } from '../test/helpers/virtual-ledger.ts';

const T0 = 1_800_000_000_000;
const { device, url } = await startVirtualLedger({ allowData: true, signByHash: true });
const ledger = new LedgerClient(new SpeculosTransport(url));
const paths = [0, 1, 2, 3, 4].map((n) => parseLedgerPath(ledgerPathForAccount(n)));
const keys = paths.map((p) => addressFromBase58(device.addressOf(p)));
const owner = keys[0]!;
const fields = { refBlockBytes: Uint8Array.of(0, 1), refBlockHash: new Uint8Array(8), expiration: T0 + 3_600_000, timestamp: T0 };
const transfer = (memo?: string) =>
  createTransaction(
    { type: 'TransferContract', value: buildTransfer({ owner, to: keys[1]!, amount: 1 }), permissionId: 2 },
    { ...fields, ...(memo !== undefined && { data: utf8ToBytes(memo) }) },
  ).rawBytes;
const fiveKeys = keys.map((address) => create(KeySchema, { address, weight: 1n }));
const update = createTransaction(
  {
    type: 'AccountPermissionUpdateContract',
    value: create(AccountPermissionUpdateContractSchema, {
      ownerAddress: owner,
      owner: create(PermissionSchema, { type: PermissionType.Owner, permissionName: 'owner', threshold: 5n, keys: fiveKeys }),
      actives: [
        create(PermissionSchema, {
          type: PermissionType.Active,
          id: 2,
          permissionName: 'five',
          threshold: 5n,
          operations: hexToBytes(encodeOperationsHex(['TransferContract'])),
          keys: fiveKeys,
        }),
      ],
    }),
    permissionId: 2,
  },
  fields,
).rawBytes;

async function measure(name: string, raw: Uint8Array, signers: number): Promise<void> {
  const once = async () => {
    for (let i = 0; i < signers; i++) await ledger.signTransaction(paths[i]!, raw, keys[i]!);
  };
  for (let i = 0; i < 5; i++) await once();
  const before = ledger.apdus;
  await once();
  const apdus = ledger.apdus - before;
  const times: number[] = [];
  const until = performance.now() + 2000;
  while (performance.now() < until) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`${name.padEnd(58)} ${String(apdus).padStart(3)} APDUs  ${String(times.length).padStart(5)} runs   median ${at(0.5)} ms   p99 ${at(0.99)} ms`);
}

console.log(`virtual Ledger at ${url}; a transfer's raw_data is ${transfer().length} bytes, the 5-key permission update's ${update.length}`);
await measure("5-signature transfer: the Ledger's share, 1 key", transfer(), 1);
await measure("5-signature transfer: the Ledger's share, all 5 keys", transfer(), 5);
await measure('transfer with a 200-byte memo (two chunks), 1 key', transfer('x'.repeat(200)), 1);
await measure('5-key permission update, by hash (INS 0x05), all 5 keys', update, 5);
await device.stop();
