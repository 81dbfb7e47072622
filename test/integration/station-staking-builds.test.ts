// The builders of docs/decisions.md §17 through the station's two doors, against real parts (a real SQLite
// store, a keystore vault, the devnet in-process on loopback): each CLI command builds and stores
// the contract it names; a bad field is refused by name with the reference node's words and
// nothing is stored; a build under an active permission whose operations do not allow the
// contract is refused by the CLI and the API naming the permission and the contract, for the new
// builders and the existing ones (transfer-asset, participate, asset-issue, permission-update,
// batch); `--json` files written with the reference node's names (frozen_supply, trx_num, witness)
// are read, and a file naming one field twice, once in each dialect, is refused naming both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { dispatch } from '../../shared/api/api-contract.ts';
import { STATION_API } from '../../shared/api/station-api.ts';
import { createFileDialogs } from '../../electron/shell/file-dialogs.ts';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import { type Station } from '../../station/station.ts';
import {
  assetIssueBody,
  buildAndSend,
  funded,
  hexText,
  newKey,
  permissionUpdateBody,
  startNode,
  SUN,
  TRANSFER_ONLY_OPS,
  type TestKey,
  type TestNode,
} from '../helpers/devnet-helpers.ts';
import { jsonFile, keyFile, testStation, workDir, type TestStation, storedRows, keystoreStation } from '../helpers/station-helpers.ts';

let node: TestNode;
let work: { dir: string; remove: () => void };
const owner: TestKey = newKey();
let S: TestStation;
const to = newKey();
const NOT_FREEZE = "active permission 2 'payments' does not allow FreezeBalanceV2Contract";

const transactions = (station: { dataDir: string }): number => storedRows(station.dataDir, 'transactions');

function errorOf(r: { stderr: string }): { code: string; message: string; details: Record<string, unknown> } {
  return JSON.parse(r.stderr).error;
}

beforeAll(async () => {
  node = await startNode();
  work = workDir();
  // Enough for the token issue's 1,024 TRX fee: a build the account cannot pay is refused (station/core/cost-refusal.ts).
  const faucet = await node.post('/devnet/faucet', { address: owner.hex, amount: 2_000n * SUN });
  if (faucet.result !== true) throw new Error(`faucet: ${JSON.stringify(faucet)}`);
  // Active permission 2 "payments" may run TransferContract only.
  const active = { type: 'Active', permission_name: 'payments', threshold: 1, operations: TRANSFER_ONLY_OPS, keys: [{ address: owner.hex, weight: 1 }] };
  const { reply } = await buildAndSend(node, '/wallet/accountpermissionupdate', permissionUpdateBody(owner, [active]), [owner]);
  if (reply.result !== true) throw new Error(`permission update: ${JSON.stringify(reply)}`);
  // Token 1000001 exists, so the token builders reach the permission rule (they look the token up first).
  const issuer = await funded(node, 2_000n * SUN);
  const issued = await buildAndSend(
    node,
    '/wallet/createassetissue',
    assetIssueBody(issuer, 'IRON', { start: node.clock.now + 60_000, end: node.clock.now + 86_400_000 }),
    [issuer],
  );
  if (issued.reply.result !== true) throw new Error(`asset issue: ${JSON.stringify(issued.reply)}`);
  await node.block();
  S = testStation(work.dir, 's', { node: node.url, now: () => node.clock.now });
  await S.ok(['keys', 'import', '--key-file', keyFile(work.dir, 'owner.key', owner.priv)]);
  await S.ok(['account', 'fetch', owner.b58]);
}, 60_000);

afterAll(async () => {
  await node?.stop();
  work?.remove();
});

describe('each command builds the contract it names', () => {
  const cases: [string, () => string[], string, Record<string, unknown>][] = [
    [
      'freeze',
      () => ['build', 'freeze', '--from', owner.b58, '--amount', '2000000', '--resource', 'ENERGY'],
      'FreezeBalanceV2Contract',
      { frozen_balance: 2_000_000, resource: 'ENERGY' },
    ],
    [
      'unfreeze',
      () => ['build', 'unfreeze', '--from', owner.b58, '--amount', '1000000', '--resource', 'bandwidth'],
      'UnfreezeBalanceV2Contract',
      { unfreeze_balance: 1_000_000 },
    ],
    [
      'delegate, locked',
      () => ['build', 'delegate', '--from', owner.b58, '--to', to.b58, '--amount', '1000000', '--resource', 'ENERGY', '--lock', '--lock-period', '1200'],
      'DelegateResourceContract',
      { receiver_address: to.b58, balance: 1_000_000, lock: true, lock_period: 1200 },
    ],
    [
      'undelegate',
      () => ['build', 'undelegate', '--from', owner.b58, '--to', to.b58, '--amount', '1000000', '--resource', 'ENERGY'],
      'UnDelegateResourceContract',
      { receiver_address: to.b58 },
    ],
    ['withdraw-unfrozen', () => ['build', 'withdraw-unfrozen', '--from', owner.b58], 'WithdrawExpireUnfreezeContract', { owner_address: owner.b58 }],
    ['cancel-unfreeze', () => ['build', 'cancel-unfreeze', '--from', owner.b58], 'CancelAllUnfreezeV2Contract', { owner_address: owner.b58 }],
    [
      'vote',
      () => ['build', 'vote', '--from', owner.b58, '--vote', `${to.b58}=7`, '--vote', `${owner.b58}=3`],
      'VoteWitnessContract',
      {
        votes: [
          { vote_address: to.b58, vote_count: 7 },
          { vote_address: owner.b58, vote_count: 3 },
        ],
      },
    ],
    ['withdraw-rewards', () => ['build', 'withdraw-rewards', '--from', owner.b58], 'WithdrawBalanceContract', { owner_address: owner.b58 }],
    ['account-name', () => ['build', 'account-name', '--from', owner.b58, '--name', 'treasury'], 'AccountUpdateContract', { account_name: 'treasury' }],
  ];
  it.each(cases)('%s', async (_n, args, kind, contract) => {
    const before = transactions(S);
    const r = (await S.ok(args())) as { txId: string; transaction: { view: { kind: string; permissionId: number }; nodeJson: string } };
    expect(r.transaction.view).toMatchObject({ kind, permissionId: 0 });
    expect(JSON.parse(r.transaction.nodeJson)).toMatchObject(contract);
    expect(transactions(S)).toBe(before + 1);
  });
});

describe('a bad field is refused by name, in the node words, and nothing is stored', () => {
  const cases: [string, () => string[], string, string][] = [
    [
      'freeze: below 1 TRX',
      () => ['build', 'freeze', '--from', owner.b58, '--amount', '999999', '--resource', 'ENERGY'],
      'frozenBalance must be greater than or equal to 1 TRX',
      'frozen_balance',
    ],
    ['freeze: 0', () => ['build', 'freeze', '--from', owner.b58, '--amount', '0', '--resource', 'ENERGY'], 'frozenBalance must be positive', 'frozen_balance'],
    [
      'freeze: resource',
      () => ['build', 'freeze', '--from', owner.b58, '--amount', '1000000', '--resource', 'WATER'],
      'buildFreezeBalanceV2: resource: expected BANDWIDTH, ENERGY or TRON_POWER, got other text',
      'resource',
    ],
    [
      'unfreeze: 0',
      () => ['build', 'unfreeze', '--from', owner.b58, '--amount', '0', '--resource', 'ENERGY'],
      'Invalid unfreeze_balance, [0] is error',
      'unfreeze_balance',
    ],
    [
      'delegate: to self',
      () => ['build', 'delegate', '--from', owner.b58, '--to', owner.b58, '--amount', '1000000', '--resource', 'ENERGY'],
      'receiverAddress must not be the same as ownerAddress',
      'receiver_address',
    ],
    [
      'delegate: TRON_POWER',
      () => ['build', 'delegate', '--from', owner.b58, '--to', to.b58, '--amount', '1000000', '--resource', 'TRON_POWER'],
      'ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]',
      'resource',
    ],
    [
      'undelegate: 0',
      () => ['build', 'undelegate', '--from', owner.b58, '--to', to.b58, '--amount', '0', '--resource', 'ENERGY'],
      'unDelegateBalance must be more than 0 TRX',
      'balance',
    ],
    ['vote: count 0', () => ['build', 'vote', '--from', owner.b58, '--vote', `${to.b58}=0`], 'vote count must be greater than 0', 'votes[0].vote_count'],
    [
      'vote: not address=count',
      () => ['build', 'vote', '--from', owner.b58, '--vote', to.b58],
      '--vote 1: expected EXECUTIVE=COUNT, such as TXYZ...=100',
      'vote',
    ],
    ['withdraw-rewards: from', () => ['build', 'withdraw-rewards', '--from', 'Tnope'], '', 'from'],
    ['account-name: 201 bytes', () => ['build', 'account-name', '--from', owner.b58, '--name', 'z'.repeat(201)], 'Invalid accountName', 'account_name'],
  ];
  it.each(cases)('%s', async (_n, args, message, field) => {
    const before = transactions(S);
    const r = await S.run(args());
    expect(r.code).toBe(1);
    const e = errorOf(r);
    if (message !== '') expect(e.message).toBe(message);
    expect(e.details.field).toBe(field);
    expect(transactions(S)).toBe(before);
  });
});

describe('a permission whose operations do not allow the contract is refused, naming both', () => {
  const ai = () => ({
    owner_address: owner.b58,
    visible: true,
    name: 'GOLD',
    abbr: 'GLD',
    total_supply: 1000,
    trx_num: 1,
    num: 1,
    start_time: node.clock.now + 86_400_000,
    end_time: node.clock.now + 2 * 86_400_000,
    url: 'https://gold.invalid',
  });
  const cases: [string, () => string[], string][] = [
    ['freeze', () => ['build', 'freeze', '--from', owner.b58, '--amount', '1000000', '--resource', 'ENERGY', '--permission-id', '2'], NOT_FREEZE],
    [
      'vote',
      () => ['build', 'vote', '--from', owner.b58, '--vote', `${to.b58}=1`, '--permission-id', '2'],
      "active permission 2 'payments' does not allow VoteWitnessContract",
    ],
    [
      'account-name',
      () => ['build', 'account-name', '--from', owner.b58, '--name', 'x', '--permission-id', '2'],
      "active permission 2 'payments' does not allow AccountUpdateContract",
    ],
    [
      'transfer-asset',
      () => ['build', 'transfer-asset', '--from', owner.b58, '--to', to.b58, '--token', '1000001', '--amount', '1', '--permission-id', '2'],
      "active permission 2 'payments' does not allow TransferAssetContract",
    ],
    [
      'participate',
      () => ['build', 'participate', '--from', owner.b58, '--to', to.b58, '--token', '1000001', '--amount', '1', '--permission-id', '2'],
      "active permission 2 'payments' does not allow ParticipateAssetIssueContract",
    ],
    [
      'asset-issue',
      () => ['build', 'asset-issue', '--permission-id', '2', '--json', jsonFile(work.dir, 'ai-p2.json', ai())],
      "active permission 2 'payments' does not allow AssetIssueContract",
    ],
    [
      'batch with a token row',
      () => {
        const csv = join(work.dir, 'p2.csv');
        writeFileSync(csv, `to,amount,token,note\n${to.b58},1,,\n${to.b58},1,1000001,\n`);
        return ['build', 'batch', '--csv', csv, '--from', owner.b58, '--permission-id', '2'];
      },
      "active permission 2 'payments' does not allow TransferAssetContract",
    ],
  ];
  it.each(cases)('%s', async (_n, args, message) => {
    const before = transactions(S);
    const r = await S.run(args());
    expect(r.code).toBe(1);
    expect(errorOf(r)).toMatchObject({ code: 'PERMISSION', message, details: { field: 'permission-id', permissionId: 2 } });
    expect(transactions(S)).toBe(before);
  });

  it('what the permission allows is built under it: a transfer, and a batch of transfers', async () => {
    const r = (await S.ok(['build', 'transfer', '--from', owner.b58, '--to', to.b58, '--amount', '1', '--permission-id', '2'])) as {
      transaction: { view: { permissionId: number } };
    };
    expect(r.transaction.view.permissionId).toBe(2);
    const csv = join(work.dir, 'p2-ok.csv');
    writeFileSync(csv, `to,amount,token,note\n${to.b58},3,,\n${to.b58},4,,\n`);
    expect(await S.ok(['build', 'batch', '--csv', csv, '--from', owner.b58, '--permission-id', '2'])).toMatchObject({ count: 2 });
  });

  it('the API refuses the same, through dispatch on a real station', async () => {
    const station: Station = keystoreStation(join(work.dir, 'api'), node.url, () => node.clock.now);
    try {
      const dialogs = createFileDialogs({ showOpenDialog: async () => ({ canceled: true, filePaths: [] }), showSaveDialog: async () => ({ canceled: true }) });
      const handlers = createStationHandlers(station, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: station.dataDir }), dialogs });
      const calls: [keyof typeof STATION_API, Record<string, unknown>, string][] = [
        ['buildFreeze', { from: owner.b58, amount: '1000000', resource: 'ENERGY', permissionId: 2 }, NOT_FREEZE],
        [
          'buildDelegate',
          { from: owner.b58, to: to.b58, amount: '1000000', resource: 'ENERGY', permissionId: 2 },
          "active permission 2 'payments' does not allow DelegateResourceContract",
        ],
        ['buildWithdrawRewards', { from: owner.b58, permissionId: 2 }, "active permission 2 'payments' does not allow WithdrawBalanceContract"],
        [
          'buildTransferAsset',
          { from: owner.b58, to: to.b58, token: '1000001', amount: '1', permissionId: 2 },
          "active permission 2 'payments' does not allow TransferAssetContract",
        ],
      ];
      for (const [method, args, message] of calls) {
        const answer = await dispatch(STATION_API, handlers, method, args);
        expect(answer, method).toMatchObject({ ok: false, error: { code: 'PERMISSION', message } });
      }
      expect(transactions(station)).toBe(0);
      const good = await dispatch(STATION_API, handlers, 'buildFreeze', { from: owner.b58, amount: '1000000', resource: 'ENERGY' });
      expect(good).toMatchObject({ ok: true, value: { transaction: { view: { kind: 'FreezeBalanceV2Contract', permissionId: 0 } } } });
    } finally {
      station.close();
    }
  });
});

describe("--json inputs in the reference node's names", () => {
  const sale = () => ({ start_time: node.clock.now + 86_400_000, end_time: node.clock.now + 2 * 86_400_000 });
  it('asset-issue with frozen_supply, frozen_amount, frozen_days and trx_num builds the same contract as the spec names', async () => {
    const common = {
      owner_address: owner.b58,
      visible: true,
      name: 'SILVER',
      abbr: 'SLV',
      total_supply: 1000,
      num: 3,
      url: 'https://silver.invalid',
      ...sale(),
    };
    const javaTron = (await S.ok([
      'build',
      'asset-issue',
      '--json',
      jsonFile(work.dir, 'ai-jt.json', { ...common, trx_num: 2, frozen_supply: [{ frozen_amount: 10, frozen_days: 3 }] }),
    ])) as { transaction: { nodeJson: string } };
    expect(JSON.parse(javaTron.transaction.nodeJson)).toMatchObject({ coin_num: 2, num: 3, cded_supply: [{ cded_amount: 10, cded_days: 3 }] });
    const spec = (await S.ok([
      'build',
      'asset-issue',
      // Another expiration: the same contract at the same time would be the same transaction.
      '--expires-in',
      '11h',
      '--json',
      jsonFile(work.dir, 'ai-spec.json', { ...common, coin_num: 2, cded_supply: [{ cded_amount: 10, cded_days: 3 }] }),
    ])) as { transaction: { nodeJson: string } };
    expect(JSON.parse(spec.transaction.nodeJson)).toEqual(JSON.parse(javaTron.transaction.nodeJson));
  });

  it('a file naming one field in both dialects is refused naming both, and nothing is stored', async () => {
    const before = transactions(S);
    const r = await S.run([
      'build',
      'asset-issue',
      '--json',
      jsonFile(work.dir, 'ai-both.json', {
        owner_address: owner.b58,
        visible: true,
        name: hexText('X'),
        total_supply: 1,
        coin_num: 1,
        trx_num: 1,
        num: 1,
        ...sale(),
      }),
    ]);
    expect(r.code).toBe(1);
    expect(errorOf(r)).toMatchObject({ code: 'BAD_JSON', message: 'asset-issue: coin_num and trx_num name the same field; give it once' });
    const p = await S.run([
      'build',
      'permission-update',
      '--json',
      jsonFile(work.dir, 'pu-both.json', {
        owner_address: owner.b58,
        visible: true,
        owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: owner.b58, weight: 1 }] },
        executive: { type: 'Witness', permission_name: 'witness', threshold: 1, keys: [{ address: owner.b58, weight: 1 }] },
        witness: { type: 'Witness', permission_name: 'witness', threshold: 1, keys: [{ address: owner.b58, weight: 1 }] },
        actives: [],
      }),
    ]);
    expect(p.code).toBe(1);
    expect(errorOf(p)).toMatchObject({ code: 'BAD_JSON', message: 'permission-update: executive and witness name the same field; give it once' });
    expect(transactions(S)).toBe(before);
  });

  it('permission-update in java-tron names (owner, actives, operations, type Active) builds', async () => {
    const r = (await S.ok([
      'build',
      'permission-update',
      '--json',
      jsonFile(work.dir, 'pu-jt.json', {
        owner_address: owner.b58,
        visible: true,
        owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: owner.b58, weight: 1 }] },
        actives: [
          {
            type: 'Active',
            id: 2,
            permission_name: 'stake',
            threshold: 1,
            operations: '0000000000004000000000000000000000000000000000000000000000000000',
            keys: [{ address: owner.b58, weight: 1 }],
          },
        ],
      }),
    ])) as { transaction: { view: { kind: string } } };
    expect(r.transaction.view.kind).toBe('AccountPermissionUpdateContract');
  });

  it('permission-check reads the same java-tron names', async () => {
    const r = await S.run([
      'permission-check',
      '--json',
      jsonFile(work.dir, 'pc-both.json', { owner_address: owner.b58, visible: true, executive: {}, witness: {}, actives: [] }),
    ]);
    expect(errorOf(r)).toMatchObject({ code: 'BAD_JSON', message: 'permission-update: executive and witness name the same field; give it once' });
  });
});
