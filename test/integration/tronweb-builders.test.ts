// The builders of docs/decisions.md §17 against TronWeb, an independent implementation (a devDependency for
// tests only, offline: every transaction is built from a given block header, no node is asked):
// for each contract the station now builds (Stake 2.0, vote, reward claim, account name), TronWeb's
// transaction builder and ours, given the same fields, give the same raw bytes and the same txID,
// under the owner and under an active permission (Permission_id 2).
import { describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { createTransaction, type ContractCall } from '../../shared/chain/transaction.ts';
import {
  buildCancelAllUnfreezeV2,
  buildDelegateResource,
  buildFreezeBalanceV2,
  buildUnDelegateResource,
  buildUnfreezeBalanceV2,
  buildWithdrawExpireUnfreeze,
} from '../../shared/contracts/staking.ts';
import { buildVoteWitness, buildWithdrawBalance } from '../../shared/contracts/voting.ts';
import { buildAccountUpdate } from '../../shared/contracts/account.ts';
import { K } from '../helpers/devnet-helpers.ts';

const T = 4_102_444_800_000; // 2100-01-01
const fields = { refBlockBytes: hexToBytes('d8ed'), refBlockHash: hexToBytes('2e066c3259e756f5'), expiration: T, timestamp: T - 60_000 };
const blockHeader = { ref_block_bytes: 'd8ed', ref_block_hash: '2e066c3259e756f5', expiration: T, timestamp: T - 60_000 };
const [owner, other, sr1, sr2] = [K.alice, K.bob, K.carol, K.dave];
const tronWeb = new TronWeb({ fullHost: 'http://127.0.0.1:9' });
const b = tronWeb.transactionBuilder;

/** [what, ours, TronWeb's builder given `options`]. */
const CASES: [string, ContractCall, (options: object) => Promise<{ txID: string; raw_data_hex: string }>][] = [
  [
    'FreezeBalanceV2 for energy',
    { type: 'FreezeBalanceV2Contract', value: buildFreezeBalanceV2({ owner: owner.b58, amount: 5_000_000, resource: 'ENERGY' }) },
    (o) => b.freezeBalanceV2(5_000_000, 'ENERGY', owner.b58, o),
  ],
  [
    'FreezeBalanceV2 for bandwidth (the default, not written)',
    { type: 'FreezeBalanceV2Contract', value: buildFreezeBalanceV2({ owner: owner.b58, amount: 1_000_000, resource: 'BANDWIDTH' }) },
    (o) => b.freezeBalanceV2(1_000_000, 'BANDWIDTH', owner.b58, o),
  ],
  [
    'UnfreezeBalanceV2',
    { type: 'UnfreezeBalanceV2Contract', value: buildUnfreezeBalanceV2({ owner: owner.b58, amount: 2_000_000, resource: 'ENERGY' }) },
    (o) => b.unfreezeBalanceV2(2_000_000, 'ENERGY', owner.b58, o),
  ],
  [
    'DelegateResource',
    { type: 'DelegateResourceContract', value: buildDelegateResource({ owner: owner.b58, receiver: other.b58, amount: 3_000_000, resource: 'ENERGY' }) },
    (o) => b.delegateResource(3_000_000, other.b58, 'ENERGY', owner.b58, false, undefined, o),
  ],
  [
    'DelegateResource locked for 1,200 blocks',
    {
      type: 'DelegateResourceContract',
      value: buildDelegateResource({ owner: owner.b58, receiver: other.b58, amount: 3_000_000, resource: 'BANDWIDTH', lock: true, lockPeriod: 1_200 }),
    },
    (o) => b.delegateResource(3_000_000, other.b58, 'BANDWIDTH', owner.b58, true, 1_200, o),
  ],
  [
    'UnDelegateResource',
    { type: 'UnDelegateResourceContract', value: buildUnDelegateResource({ owner: owner.b58, receiver: other.b58, amount: 3_000_000, resource: 'ENERGY' }) },
    (o) => b.undelegateResource(3_000_000, other.b58, 'ENERGY', owner.b58, o),
  ],
  [
    'WithdrawExpireUnfreeze',
    { type: 'WithdrawExpireUnfreezeContract', value: buildWithdrawExpireUnfreeze({ owner: owner.b58 }) },
    (o) => b.withdrawExpireUnfreeze(owner.b58, o),
  ],
  [
    'CancelAllUnfreezeV2',
    { type: 'CancelAllUnfreezeV2Contract', value: buildCancelAllUnfreezeV2({ owner: owner.b58 }) },
    (o) => b.cancelUnfreezeBalanceV2(owner.b58, o),
  ],
  [
    'VoteWitness for two executives',
    {
      type: 'VoteWitnessContract',
      value: buildVoteWitness({
        owner: owner.b58,
        votes: [
          { executive: sr1.b58, count: 7 },
          { executive: sr2.b58, count: 3 },
        ],
      }),
    },
    (o) => b.vote({ [sr1.b58]: 7, [sr2.b58]: 3 }, owner.b58, o),
  ],
  ['WithdrawBalance', { type: 'WithdrawBalanceContract', value: buildWithdrawBalance({ owner: owner.b58 }) }, (o) => b.withdrawBlockRewards(owner.b58, o)],
  [
    'AccountUpdate',
    { type: 'AccountUpdateContract', value: buildAccountUpdate({ owner: owner.b58, name: 'Trésor ops' }) },
    (o) => b.updateAccount('Trésor ops', owner.b58, o),
  ],
];

describe('each new builder gives the bytes and txID TronWeb gives for the same fields', () => {
  for (const [what, call, theirs] of CASES) {
    for (const permissionId of [0, 2]) {
      it(`${what}${permissionId ? ', under active permission 2' : ''}`, async () => {
        const tx = createTransaction({ ...call, ...(permissionId && { permissionId }) }, fields);
        const tw = await theirs({ blockHeader, ...(permissionId && { permissionId }) });
        expect(bytesToHex(tx.rawBytes)).toBe(tw.raw_data_hex);
        expect(bytesToHex(tx.txId)).toBe(tw.txID);
      });
    }
  }
});
