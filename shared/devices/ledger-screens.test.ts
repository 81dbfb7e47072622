/**
 * What the device will show (ledger-screens.ts): full screens for what the app shows, the hash for
 * what it shows only by hash, the settings each needs and why, a refusal up front otherwise.
 */
import { describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { addressFromBase58 } from '../chain/address.ts';
import { hexToBytes, utf8ToBytes } from '../base/bytes.ts';
import { buildRaw, encodeRaw, txIdOf, type ContractCall } from '../chain/transaction.ts';
import { TransferContractSchema, AccountPermissionUpdateContractSchema } from '../gen/protocol/contract_pb.ts';
import { TriggerSmartContractSchema } from '../gen/protocol/smart_contract_pb.ts';
import { PermissionSchema, PermissionType, KeySchema } from '../gen/protocol/core_pb.ts';
import { WitnessCreateContractSchema } from '../gen/protocol/executive_contract_pb.ts';
import { deviceAmount, groupedHash, ledgerPlan } from './ledger-screens.ts';

const A = addressFromBase58('TWdnWBzFdBP1b8sqZ5RcFDbkV3sBmnxsYu');
const B = addressFromBase58('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'); // USDT's mainnet contract
const fields = { refBlockBytes: new Uint8Array(2), refBlockHash: new Uint8Array(8), expiration: 1_800_000_000_000, timestamp: 1_799_999_000_000 };
const raw = (call: ContractCall, data?: Uint8Array) => encodeRaw(buildRaw(call, { ...fields, ...(data && { data }) }));
const transferCall = (permissionId = 0): ContractCall => ({
  type: 'TransferContract',
  value: create(TransferContractSchema, { ownerAddress: A, toAddress: B, amount: 1_500_000n }),
  permissionId,
});
const trc20 = (contract: Uint8Array, selector = 'a9059cbb') =>
  raw({
    type: 'TriggerSmartContract',
    value: create(TriggerSmartContractSchema, {
      ownerAddress: A,
      contractAddress: contract,
      data: hexToBytes(`${selector}${'00'.repeat(12)}${'11'.repeat(20)}${2_500_000n.toString(16).padStart(64, '0')}`),
    }),
  });

describe("the device's screens", () => {
  it('shows a TRX transfer in full, the sender as P2 - T..., no setting needed', () => {
    const plan = ledgerPlan(raw(transferCall(2)));
    expect(plan).toMatchObject({ mode: 'full', command: 'transaction', needs: [], refusal: null, hash: null, apdus: 1 });
    expect(plan.screens).toEqual([
      { title: 'Review', value: 'Transaction' },
      { title: 'Amount', value: '1.5' },
      { title: 'Token', value: 'TRX' },
      { title: 'Send To', value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      { title: 'From Address', value: 'P2 - TWdnWBzFdBP1b8sqZ5RcFDbkV3sBmnxsYu' },
      { title: 'Sign', value: 'Accept and send' },
    ]);
  });

  it('needs Allow data for a memo and says so, with the Data screen', () => {
    const plan = ledgerPlan(raw(transferCall(), utf8ToBytes('rent')));
    expect(plan.needs).toEqual([{ setting: 'allowData', name: 'Allow data', why: expect.stringContaining('memo') }]);
    expect(plan.screens).toContainEqual({ title: 'Data', value: 'Present' });
  });

  it('shows a TRC-20 transfer of a listed token with its ticker and decimals; any other contract needs Custom contracts', () => {
    expect(ledgerPlan(trc20(B)).screens.slice(1, 4)).toEqual([
      { title: 'Amount', value: '2.5' },
      { title: 'Asset', value: 'USDT' },
      { title: 'Send To', value: expect.stringMatching(/^T/) },
    ]);
    expect(ledgerPlan(trc20(B, '095ea7b3')).screens[2]).toEqual({ title: 'Approve', value: 'USDT' });
    const custom = ledgerPlan(trc20(A));
    expect(custom.needs.map((n) => n.setting)).toEqual(['customContracts']);
    expect(custom.screens).toContainEqual({ title: 'Selector', value: 'a9059cbb' });
  });

  it('shows a permission update only as its hash, in groups, with Sign by hash', () => {
    const key = (n: number) => create(KeySchema, { address: A.map((b, i) => (i === 20 ? n : b)), weight: 1n });
    const owner = create(PermissionSchema, { type: PermissionType.Owner, permissionName: 'owner', threshold: 1n, keys: [key(1)] });
    const r = raw({ type: 'AccountPermissionUpdateContract', value: create(AccountPermissionUpdateContractSchema, { ownerAddress: A, owner, actives: [] }) });
    const plan = ledgerPlan(r);
    expect(plan).toMatchObject({ mode: 'hash', command: 'transaction', hash: groupedHash(txIdOf(r)) });
    expect(plan.needs.map((n) => n.setting)).toEqual(['signByHash']);
    expect(plan.hash!.split(' ')).toHaveLength(8);
  });

  it('signs by hash (INS 0x05) a permission update too large for one chunk', () => {
    const keys = (from: number) => Array.from({ length: 5 }, (_, i) => create(KeySchema, { address: A.map((b, j) => (j === 20 ? from + i : b)), weight: 1n }));
    const owner = create(PermissionSchema, { type: PermissionType.Owner, permissionName: 'owner', threshold: 2n, keys: keys(0) });
    const active = create(PermissionSchema, {
      type: PermissionType.Active,
      permissionName: 'active',
      threshold: 2n,
      operations: new Uint8Array(32).fill(0xff),
      keys: keys(10),
    });
    const r = raw({
      type: 'AccountPermissionUpdateContract',
      value: create(AccountPermissionUpdateContractSchema, { ownerAddress: A, owner, actives: [active] }),
    });
    const plan = ledgerPlan(r);
    expect(plan).toMatchObject({ mode: 'hash', command: 'hash', apdus: 1 });
    expect(plan.needs[0]!.why).toContain('over 250 bytes');
  });

  it('refuses up front a type the app does not know', () => {
    const r = raw({ type: 'WitnessCreateContract', value: create(WitnessCreateContractSchema, { ownerAddress: A, url: utf8ToBytes('https://x') }) });
    expect(ledgerPlan(r)).toMatchObject({ mode: 'refused', command: null, screens: [], refusal: expect.stringContaining('6a80') });
  });

  it('writes amounts as the app prints them', () => {
    expect(deviceAmount(1_500_000n, 6)).toBe('1.5');
    expect(deviceAmount(7n, 6)).toBe('0.000007');
    expect(deviceAmount(10n, 0)).toBe('10');
  });
});
