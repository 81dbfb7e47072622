/**
 * The account at a glance (docs/decisions.md §25): what the account holds and owes beyond its TRX balance,
 * read from the node with java-tron's endpoints and names: bandwidth (free and staked, used and
 * left) and energy; Stake 2.0 per resource; amounts unstaking with the time each becomes
 * withdrawable, and what can be withdrawn now; resources lent out and borrowed, with their locks;
 * votes and the voting power left; unclaimed rewards. Every figure carries the node and block it
 * was read at.
 *
 * Invariants: every value the node answers is a claim, checked here (a whole number of at least 0,
 * an address); a bad one is refused naming its field, never shown guessed. The delegation list
 * asks about at most MAX_GLANCE_DELEGATIONS counterparts and says when there were more.
 */
import { addressToBase58, parseAddress } from '../../shared/chain/address.ts';
import { addressToHex } from '../../shared/chain/address.ts';
import { fail } from '../../shared/base/errors.ts';
import { formatUnits } from '../../shared/base/display.ts';
import { MAX_GLANCE_DELEGATIONS } from '../../shared/base/limits.ts';
import { addressTextInput } from '../../shared/chain/input.ts';
import type { StationContext } from '../core/context.ts';

type Json = Record<string, unknown>;

export interface GlanceDelegation {
  /** The other account (the receiver for lent resources, the lender for borrowed ones), Base58. */
  account: string;
  bandwidth: string;
  energy: string;
  /** ms until which the lent bandwidth / energy is locked (0: not locked). */
  bandwidthLockedUntil: number;
  energyLockedUntil: number;
}

export interface AccountGlance {
  address: string;
  /** Where every figure comes from. */
  provenance: { node: string; block: number; blockTime: number };
  /** sun. */
  balance: string;
  bandwidth: { freeUsed: string; freeLimit: string; stakedUsed: string; stakedLimit: string; left: string };
  energy: { used: string; limit: string; left: string };
  /** Stake 2.0 kept by the account, sun, per resource. */
  staked: { bandwidth: string; energy: string };
  lentOut: { bandwidth: string; energy: string };
  borrowed: { bandwidth: string; energy: string };
  unstaking: { resource: 'BANDWIDTH' | 'ENERGY'; amount: string; withdrawableAt: number }[];
  /** Unstaked amounts whose wait is over at the head block (getcanwithdrawunfreezeamount). */
  withdrawableNow: string;
  votes: { executive: string; count: string }[];
  votingPower: { total: string; used: string; left: string };
  /** Voter rewards not yet collected (getReward) and the allowance already moved to the account, sun. */
  rewards: { unclaimed: string; allowance: string };
  delegationsOut: GlanceDelegation[];
  delegationsIn: GlanceDelegation[];
  /** True when the node listed more counterparts than MAX_GLANCE_DELEGATIONS (the rest are not shown). */
  delegationsCut: boolean;
  text: string;
}

function whole(value: unknown, field: string): bigint {
  if (value === undefined || value === null) return 0n;
  let n: bigint | undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value);
  else if (typeof value === 'bigint') n = value;
  else if (typeof value === 'string' && /^[0-9]{1,19}$/.test(value)) n = BigInt(value);
  if (n === undefined || n < 0n || n > 2n ** 63n - 1n) fail('NODE_REPLY', `the node's ${field} is not a whole number of at least 0`, { field });
  return n;
}

function obj(value: unknown, field: string): Json {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('NODE_REPLY', `the node's ${field} is not an object`, { field });
  return value as Json;
}

function list(value: unknown, field: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail('NODE_REPLY', `the node's ${field} is not a list`, { field });
  return value;
}

function address(value: unknown, field: string): string {
  if (typeof value !== 'string') fail('NODE_REPLY', `the node's ${field} is not an address`, { field });
  try {
    return addressToBase58(parseAddress(value));
  } catch {
    fail('NODE_REPLY', `the node's ${field} is not an address`, { field });
  }
}

const trx = (sun: bigint): string => `${formatUnits(sun, 6)} TRX`;
const left = (limit: bigint, used: bigint): bigint => (limit > used ? limit - used : 0n);

export function accountGlanceFeature(ctx: StationContext) {
  return {
    /** The account at a glance, read from the node now (online). */
    async accountResources(args: { address: string }): Promise<AccountGlance> {
      const target = addressTextInput(args?.address, 'address');
      const hex = addressToHex(target);
      return ctx.online(async (node) => {
        const block = await node.latestBlock();
        const account = obj(await node.post('/wallet/getaccount', { address: hex }), 'getaccount');
        if (Object.keys(account).length === 0)
          fail('NOT_FOUND', `account ${addressToBase58(target)} does not exist on the node at ${ctx.nodeUrl()}`, { field: 'address' });
        const res = obj(await node.post('/wallet/getaccountresource', { address: hex }), 'getaccountresource');
        const reward = obj(await node.post('/wallet/getReward', { address: hex }), 'getReward');
        const withdrawable = obj(
          await node.post('/wallet/getcanwithdrawunfreezeamount', { owner_address: hex, timestamp: block.timestamp }),
          'getcanwithdrawunfreezeamount',
        );
        const index = obj(await node.post('/wallet/getdelegatedresourceaccountindexv2', { value: hex }), 'getdelegatedresourceaccountindexv2');

        const resource = obj(account.account_resource, 'account_resource');
        const frozen = list(account.frozenV2, 'frozenV2').map((f, i) => obj(f, `frozenV2[${i}]`));
        const stakedOf = (type: string): bigint =>
          frozen.filter((f) => (f.type ?? 'BANDWIDTH') === type).reduce((s, f) => s + whole(f.amount, 'frozenV2.amount'), 0n);
        const unstaking = list(account.unfrozenV2, 'unfrozenV2').map((u, i) => {
          const e = obj(u, `unfrozenV2[${i}]`);
          const type = e.type ?? 'BANDWIDTH';
          if (type !== 'BANDWIDTH' && type !== 'ENERGY')
            fail('NODE_REPLY', `the node's unfrozenV2[${i}].type is not BANDWIDTH or ENERGY`, { field: 'unfrozenV2' });
          return {
            resource: type as 'BANDWIDTH' | 'ENERGY',
            amount: whole(e.unfreeze_amount, 'unfreeze_amount').toString(),
            withdrawableAt: Number(whole(e.unfreeze_expire_time, 'unfreeze_expire_time')),
          };
        });
        const votes = list(account.votes, 'votes').map((v, i) => {
          const e = obj(v, `votes[${i}]`);
          return { executive: address(e.vote_address, 'vote_address'), count: whole(e.vote_count, 'vote_count').toString() };
        });

        const pairs = async (others: unknown, out: boolean): Promise<{ list: GlanceDelegation[]; cut: boolean }> => {
          const all = list(others, out ? 'toAccounts' : 'fromAccounts').map((a) => address(a, out ? 'toAccounts' : 'fromAccounts'));
          const shown: GlanceDelegation[] = [];
          for (const other of all.slice(0, MAX_GLANCE_DELEGATIONS)) {
            const otherHex = addressToHex(parseAddress(other));
            const reply = obj(
              await node.post('/wallet/getdelegatedresourcev2', out ? { fromAddress: hex, toAddress: otherHex } : { fromAddress: otherHex, toAddress: hex }),
              'getdelegatedresourcev2',
            );
            for (const [i, d] of list(reply.delegatedResource, 'delegatedResource').entries()) {
              const e = obj(d, `delegatedResource[${i}]`);
              shown.push({
                account: other,
                bandwidth: whole(e.frozen_balance_for_bandwidth, 'frozen_balance_for_bandwidth').toString(),
                energy: whole(e.frozen_balance_for_energy, 'frozen_balance_for_energy').toString(),
                bandwidthLockedUntil: Number(whole(e.expire_time_for_bandwidth, 'expire_time_for_bandwidth')),
                energyLockedUntil: Number(whole(e.expire_time_for_energy, 'expire_time_for_energy')),
              });
            }
          }
          return { list: shown, cut: all.length > MAX_GLANCE_DELEGATIONS };
        };
        const outs = await pairs(index.toAccounts, true);
        const ins = await pairs(index.fromAccounts, false);

        const freeUsed = whole(res.freeNetUsed, 'freeNetUsed');
        const freeLimit = whole(res.freeNetLimit, 'freeNetLimit');
        const netUsed = whole(res.NetUsed, 'NetUsed');
        const netLimit = whole(res.NetLimit, 'NetLimit');
        const energyUsed = whole(res.EnergyUsed, 'EnergyUsed');
        const energyLimit = whole(res.EnergyLimit, 'EnergyLimit');
        const powerTotal = whole(res.tronPowerLimit, 'tronPowerLimit');
        const powerUsed = whole(res.tronPowerUsed, 'tronPowerUsed');
        const balance = whole(account.balance, 'balance');
        const staked = { bandwidth: stakedOf('BANDWIDTH'), energy: stakedOf('ENERGY') };
        const unclaimed = whole(reward.reward, 'reward');
        const allowance = whole(account.allowance, 'allowance');
        const canWithdraw = whole(withdrawable.amount, 'amount');
        const bandwidthLeft = left(freeLimit, freeUsed) + left(netLimit, netUsed);
        const text = [
          `${addressToBase58(target)} at block ${block.number} of ${ctx.nodeUrl()}: balance ${trx(balance)}`,
          `bandwidth: ${bandwidthLeft} bytes left today (free ${freeUsed} of ${freeLimit} used, staked ${netUsed} of ${netLimit} used)`,
          `energy: ${left(energyLimit, energyUsed)} left (${energyUsed} of ${energyLimit} used)`,
          `staked: ${trx(staked.bandwidth)} for bandwidth, ${trx(staked.energy)} for energy`,
          ...unstaking.map(
            (u) => `unstaking: ${trx(BigInt(u.amount))} of ${u.resource.toLowerCase()}, withdrawable from ${new Date(u.withdrawableAt).toISOString()}`,
          ),
          `withdrawable now: ${trx(canWithdraw)}`,
          ...outs.list.map(
            (d) =>
              `lent to ${d.account}: ${trx(BigInt(d.bandwidth))} bandwidth, ${trx(BigInt(d.energy))} energy${d.bandwidthLockedUntil || d.energyLockedUntil ? ', locked' : ''}`,
          ),
          ...ins.list.map((d) => `borrowed from ${d.account}: ${trx(BigInt(d.bandwidth))} bandwidth, ${trx(BigInt(d.energy))} energy`),
          `voting power: ${left(powerTotal, powerUsed)} of ${powerTotal} left${votes.length > 0 ? ` (votes: ${votes.map((v) => `${v.executive} ${v.count}`).join(', ')})` : ''}`,
          `rewards: ${trx(unclaimed)} unclaimed, ${trx(allowance)} allowance`,
        ].join('\n');
        return {
          address: addressToBase58(target),
          provenance: { node: ctx.nodeUrl(), block: block.number, blockTime: block.timestamp },
          balance: balance.toString(),
          bandwidth: {
            freeUsed: String(freeUsed),
            freeLimit: String(freeLimit),
            stakedUsed: String(netUsed),
            stakedLimit: String(netLimit),
            left: String(bandwidthLeft),
          },
          energy: { used: String(energyUsed), limit: String(energyLimit), left: String(left(energyLimit, energyUsed)) },
          staked: { bandwidth: String(staked.bandwidth), energy: String(staked.energy) },
          lentOut: {
            bandwidth: String(whole(account.delegated_frozenV2_balance_for_bandwidth, 'delegated_frozenV2_balance_for_bandwidth')),
            energy: String(whole(resource.delegated_frozenV2_balance_for_energy, 'delegated_frozenV2_balance_for_energy')),
          },
          borrowed: {
            bandwidth: String(whole(account.acquired_delegated_frozenV2_balance_for_bandwidth, 'acquired_delegated_frozenV2_balance_for_bandwidth')),
            energy: String(whole(resource.acquired_delegated_frozenV2_balance_for_energy, 'acquired_delegated_frozenV2_balance_for_energy')),
          },
          unstaking,
          withdrawableNow: String(canWithdraw),
          votes,
          votingPower: { total: String(powerTotal), used: String(powerUsed), left: String(left(powerTotal, powerUsed)) },
          rewards: { unclaimed: String(unclaimed), allowance: String(allowance) },
          delegationsOut: outs.list,
          delegationsIn: ins.list,
          delegationsCut: outs.cut || ins.cut,
          text,
        };
      });
    },
  };
}
