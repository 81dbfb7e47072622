/**
 * The virtual Ledger (test/helpers/virtual-ledger.ts) against a second implementation and through
 * the station's client over its real HTTP API: the published test seed derives the addresses
 * TronWeb derives; the app's rules (settings, contract types, vote limit, chunking, rejection)
 * answer with the app's status words, which the client turns into sentences.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { TronWeb } from 'tronweb';
import { addressFromBase58 } from '../../shared/chain/address.ts';
import { utf8ToBytes } from '../../shared/base/bytes.ts';
import { buildRaw, encodeRaw } from '../../shared/chain/transaction.ts';
import { TransferContractSchema } from '../../shared/gen/protocol/contract_pb.ts';
import { VoteWitnessContractSchema, VoteWitnessContract_VoteSchema } from '../../shared/gen/protocol/executive_contract_pb.ts';
import { ledgerPathForAccount, parseLedgerPath, signApdus } from '../../shared/devices/ledger-apdu.ts';
import { startVirtualLedger, TEST_MNEMONIC, type VirtualLedger } from '../../test/helpers/virtual-ledger.ts';
import { LedgerClient } from './ledger-client.ts';
import { SpeculosTransport } from './speculos-transport.ts';

let device: VirtualLedger | null = null;
afterEach(async () => {
  await device?.stop();
  device = null;
});

async function open(options: Parameters<typeof startVirtualLedger>[0] = {}) {
  const v = await startVirtualLedger(options);
  device = v.device;
  return { device: v.device, ledger: new LedgerClient(new SpeculosTransport(v.url, 2_000)) };
}

const owner = (d: VirtualLedger) => addressFromBase58(d.addressOf(parseLedgerPath(ledgerPathForAccount(0))));
const fields = { refBlockBytes: new Uint8Array(2), refBlockHash: new Uint8Array(8), expiration: 1_800_000_000_000, timestamp: 1_799_999_000_000 };
function transfer(from: Uint8Array, options: { memo?: string; permissionId?: number } = {}): Uint8Array {
  const value = create(TransferContractSchema, { ownerAddress: from, toAddress: addressFromBase58('TWdnWBzFdBP1b8sqZ5RcFDbkV3sBmnxsYu'), amount: 1_500_000n });
  return encodeRaw(
    buildRaw(
      { type: 'TransferContract', value, permissionId: options.permissionId ?? 0 },
      { ...fields, ...(options.memo !== undefined && { data: utf8ToBytes(options.memo) }) },
    ),
  );
}

describe('the virtual Ledger', () => {
  it('derives from the published test seed the addresses TronWeb derives, account 0 and 1', async () => {
    const { ledger, device } = await open();
    for (const n of [0, 1]) {
      const path = ledgerPathForAccount(n);
      const theirs = TronWeb.fromMnemonic(TEST_MNEMONIC, `m/${path}`);
      const ours = await ledger.address(parseLedgerPath(path), true);
      expect(ours.address).toBe(theirs.address);
      expect(device.shown.at(-1)).toMatchObject({ ins: 'address', owner: theirs.address });
    }
  });

  it('signs a Permission_id 2 transfer, having read P2 and the owner', async () => {
    const { ledger, device } = await open();
    const raw = transfer(owner(device), { permissionId: 2 });
    const { signature, plan } = await ledger.signTransaction(parseLedgerPath(ledgerPathForAccount(0)), raw, owner(device));
    expect(signature.length).toBe(65);
    expect(device.shown.at(-1)).toMatchObject({ contractType: 'TransferContract', permissionId: 2 });
    expect(plan.screens).toContainEqual({ title: 'From Address', value: `P2 - ${device.addressOf(parseLedgerPath(ledgerPathForAccount(0)))}` });
  });

  it('refuses a memo until Allow data is on, in words naming the setting', async () => {
    const { ledger, device } = await open();
    const path = parseLedgerPath(ledgerPathForAccount(0));
    const raw = transfer(owner(device), { memo: 'invoice 42' });
    await expect(ledger.signTransaction(path, raw, owner(device))).rejects.toMatchObject({ code: 'DEVICE', message: expect.stringContaining('"Allow data"') });
    device.settings.allowData = true;
    await expect(ledger.signTransaction(path, raw, owner(device))).resolves.toMatchObject({ plan: { mode: 'full' } });
  });

  it('passes on the signer declining (6985) as words, and a status word it never saw as unknown', async () => {
    const { ledger, device } = await open({ decide: () => 'reject' });
    const path = parseLedgerPath(ledgerPathForAccount(0));
    await expect(ledger.signTransaction(path, transfer(owner(device)), owner(device))).rejects.toMatchObject({
      code: 'DEVICE',
      message: 'The signer declined on the device. Nothing was signed.',
    });
    device.tamper = () => Uint8Array.of(0x6f, 0x42);
    await expect(ledger.configuration()).rejects.toMatchObject({ code: 'DEVICE', message: expect.stringContaining('0x6f42, which Airlock does not know') });
  });

  it('refuses more than 5 votes the way the app does (6a80), and the station predicts it without asking', async () => {
    const { ledger, device } = await open();
    const votes = Array.from({ length: 6 }, (_, i) =>
      create(VoteWitnessContract_VoteSchema, { voteAddress: owner(device).map((b, j) => (j === 20 ? i : b)), voteCount: 1n }),
    );
    const raw = encodeRaw(buildRaw({ type: 'VoteWitnessContract', value: create(VoteWitnessContractSchema, { ownerAddress: owner(device), votes }) }, fields));
    const path = parseLedgerPath(ledgerPathForAccount(0));
    const before = device.apdus;
    await expect(ledger.signTransaction(path, raw, owner(device))).rejects.toMatchObject({
      code: 'DEVICE',
      message: expect.stringContaining('at most 5 votes'),
    });
    expect(device.apdus).toBe(before);
    // Sent anyway, the device's first refusal is 6a80 (at the chunk holding the contract).
    const answers = signApdus(path, raw)!.map((apdu) => Array.from(device.handle(apdu)));
    expect(answers.find((a) => a.length === 2 && a[0] !== 0x90)).toEqual([0x6a, 0x80]);
  });

  it('cannot read a chunk cut in the middle of a field (6a80): why the host cuts at top-level fields', async () => {
    const { device } = await open({ allowData: true });
    const path = parseLedgerPath(ledgerPathForAccount(0));
    const apdus = signApdus(path, transfer(owner(device), { memo: 'x'.repeat(200) }))!;
    expect(apdus.length).toBeGreaterThan(1);
    // Move the cut 10 bytes into the next field: the first chunk no longer decodes on its own.
    const first = apdus[0]!;
    const second = apdus[1]!;
    const moved = [Uint8Array.from([...first.subarray(0, 4), first[4]! + 10, ...first.subarray(5), ...second.subarray(5, 15)])];
    expect(Array.from(device.handle(moved[0]!))).toEqual([0x6a, 0x80]);
  });
});
