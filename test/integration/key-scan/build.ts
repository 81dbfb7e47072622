/**
 * The key-bytes scan's cases for the builders: the methods of shared/api/tables/build.ts, in the order they
 * run (test/integration/station-api-key-scan.test.ts runs the features' cases in its own order).
 */
import { holderOnlyUpdate, type ScanCases, type ScanContext } from './scan-case.ts';

export const BUILD_CASES = (t: ScanContext): ScanCases<'build'> => ({
  buildTransfer: {
    expect: 'ok',
    args: () => ({ from: t.holder.b58, to: t.to.b58, amount: '2000000', note: 'rent' }),
    keep: (v) => (t.got.txId = v.txId as string),
  },
  buildTransferAsset: { expect: 'any', args: () => ({ from: t.holder.b58, to: t.to.b58, token: '1000001', amount: '5' }) },
  buildParticipate: { expect: 'any', args: () => ({ from: t.holder.b58, to: t.to.b58, token: '1000001', amount: '5' }) },
  buildTrc20Transfer: { expect: 'any', args: () => ({ from: t.holder.b58, to: t.extra.b58, token: t.to.b58, amount: '1.5' }) },
  buildTrc20Approve: { expect: 'any', args: () => ({ from: t.holder.b58, spender: t.extra.b58, token: t.to.b58, amount: 'unlimited' }) },
  buildAssetIssue: {
    expect: 'any',
    args: () => ({
      json: JSON.stringify({
        owner_address: t.holder.b58,
        name: Buffer.from('Gold').toString('hex'),
        abbr: Buffer.from('GLD').toString('hex'),
        total_supply: 1_000_000,
        precision: 2,
        coin_num: 1,
        num: 1,
        start_time: t.node.clock.now + 60_000,
        end_time: t.node.clock.now + 86_400_000,
        url: Buffer.from('https://gold.invalid').toString('hex'),
        visible: true,
      }),
    }),
  },
  buildPermissionUpdate: {
    expect: 'any',
    args: () => ({
      json: holderOnlyUpdate(t),
    }),
  },
  buildFreeze: { expect: 'ok', args: () => ({ from: t.holder.b58, amount: '1000000', resource: 'ENERGY' }) },
  buildUnfreeze: { expect: 'ok', args: () => ({ from: t.holder.b58, amount: '1000000', resource: 'ENERGY' }) },
  buildDelegate: { expect: 'ok', args: () => ({ from: t.holder.b58, to: t.to.b58, amount: '1000000', resource: 'ENERGY', lock: true, lockPeriod: '100' }) },
  buildUndelegate: { expect: 'ok', args: () => ({ from: t.holder.b58, to: t.to.b58, amount: '1000000', resource: 'ENERGY' }) },
  buildWithdrawUnfrozen: { expect: 'ok', args: () => ({ from: t.holder.b58 }) },
  buildCancelUnfreeze: { expect: 'ok', args: () => ({ from: t.holder.b58 }) },
  buildVote: { expect: 'ok', args: () => ({ from: t.holder.b58, votes: [{ executive: t.to.b58, count: '1' }] }) },
  buildWithdrawRewards: { expect: 'ok', args: () => ({ from: t.holder.b58 }) },
  buildAccountName: { expect: 'ok', args: () => ({ from: t.holder.b58, name: 'treasury' }) },
  buildBatch: {
    expect: 'ok',
    args: () => ({ csv: `to,amount,token,note\n${t.to.b58},1000,,one\n${t.extra.b58},2000,,two\n`, from: t.holder.b58, sign: true }),
    keep: (v) => (t.got.spareTxId = (v.rows as { txId: string }[])[0]!.txId),
  },
});
