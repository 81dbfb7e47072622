/**
 * The account at a glance read from the node (docs/decisions.md §25), with java-tron's endpoints and names:
 * getaccount (balance, TRC-10 holdings, Stake 2.0, unstaking, votes, what was lent and borrowed, the
 * rewards allowance), getaccountresource (bandwidth, energy, voting power), getReward,
 * getcanwithdrawunfreezeamount at the head block's time, getdelegatedresourceaccountindexv2 and
 * getdelegatedresourcev2 per counterpart, and balanceOf of the station's listed TRC-20 contracts.
 * The result is the facts shared/files/snapshot-glance.ts carries and station/accounts/glance-view.ts
 * shows.
 *
 * Invariants: every value the node answers is a claim, checked here (a whole number of at least 0,
 * an address, BANDWIDTH, ENERGY or TRON_POWER); a bad one is refused naming its field, never shown guessed. The
 * delegation list asks about at most MAX_GLANCE_DELEGATIONS counterparts each way, the holdings list
 * at most MAX_GLANCE_TOKENS tokens and MAX_GLANCE_TRC20 contracts, and each says when there were more.
 * A contract that does not answer balanceOf is shown as not known (null), never as 0.
 */
import { addressToBase58, addressToHex, parseAddress, type Address } from '../../shared/chain/address.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { MAX_GLANCE_DELEGATIONS, MAX_GLANCE_TOKENS, MAX_GLANCE_TRC20 } from '../../shared/base/limits.ts';
import { isTokenIdText } from '../../shared/chain/ids.ts';
import type { GlanceDelegation, GlanceFacts, GlanceResource } from '../../shared/files/snapshot-glance.ts';
import type { SnapshotBlock } from '../../shared/files/snapshot.ts';
import type { NodeClient } from '../node/node-client.ts';
import { readTrc20Balance } from '../node/constant-call.ts';

type Json = Record<string, unknown>;

function whole(value: unknown, field: string): bigint {
  if (value === undefined || value === null) return 0n;
  let n: bigint | undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value);
  else if (typeof value === 'bigint') n = value;
  else if (typeof value === 'string' && /^[0-9]{1,19}$/.test(value)) n = BigInt(value);
  if (n === undefined || n < 0n || n > 2n ** 63n - 1n) fail('NODE_REPLY', `the node's ${field} is not a whole number of at least 0`, { field });
  return n;
}

/** A time in ms the view can hold (a safe integer). */
function time(value: unknown, field: string): number {
  const n = whole(value, field);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) fail('NODE_REPLY', `the node's ${field} is not a time Airlock can hold`, { field });
  return Number(n);
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

function resourceOf(value: unknown, field: string): GlanceResource {
  const type = value ?? 'BANDWIDTH';
  if (type !== 'BANDWIDTH' && type !== 'ENERGY' && type !== 'TRON_POWER')
    fail('NODE_REPLY', `the node's ${field} is not BANDWIDTH, ENERGY or TRON_POWER`, { field });
  return type;
}

const text = (n: bigint): string => n.toString();

/**
 * What the node says of `target` now; `block` is the head block asked first (every figure is at least
 * that new); `contracts` the station's listed contracts, in list order. NOT_FOUND when the node has no
 * such account.
 */
export async function readGlanceFromNode(node: NodeClient, target: Address, block: SnapshotBlock, contracts: readonly Address[]): Promise<GlanceFacts> {
  const hex = addressToHex(target);
  const account = obj(await node.post('/wallet/getaccount', { address: hex }), 'getaccount');
  if (Object.keys(account).length === 0)
    fail('NOT_FOUND', `account ${addressToBase58(target)} does not exist on the node at ${node.baseUrl}`, { field: 'address' });
  const res = obj(await node.post('/wallet/getaccountresource', { address: hex }), 'getaccountresource');
  const reward = obj(await node.post('/wallet/getReward', { address: hex }), 'getReward');
  const withdrawable = obj(
    await node.post('/wallet/getcanwithdrawunfreezeamount', { owner_address: hex, timestamp: block.timestamp }),
    'getcanwithdrawunfreezeamount',
  );
  const index = obj(await node.post('/wallet/getdelegatedresourceaccountindexv2', { value: hex }), 'getdelegatedresourceaccountindexv2');

  const resource = obj(account.account_resource, 'account_resource');
  const frozen = list(account.frozenV2, 'frozenV2').map((f, i) => obj(f, `frozenV2[${i}]`));
  const stakedOf = (type: GlanceResource): bigint =>
    frozen.filter((f, i) => resourceOf(f.type, `frozenV2[${i}].type`) === type).reduce((s, f) => s + whole(f.amount, 'frozenV2.amount'), 0n);
  const unstaking = list(account.unfrozenV2, 'unfrozenV2').map((u, i) => {
    const e = obj(u, `unfrozenV2[${i}]`);
    return {
      resource: resourceOf(e.type, `unfrozenV2[${i}].type`),
      amount: text(whole(e.unfreeze_amount, 'unfreeze_amount')),
      withdrawableAt: time(e.unfreeze_expire_time, 'unfreeze_expire_time'),
    };
  });
  const votes = list(account.votes, 'votes').map((v, i) => {
    const e = obj(v, `votes[${i}]`);
    return { executive: address(e.vote_address, 'vote_address'), count: text(whole(e.vote_count, 'vote_count')) };
  });
  // assetV2 comes as a map (the spec's node) or as java-tron's list of {key, value}.
  const assets = account.assetV2;
  const held: [string, unknown][] = Array.isArray(assets)
    ? assets.map((e, i) => {
        const o = obj(e, `assetV2[${i}]`);
        return [String(o.key), o.value];
      })
    : Object.entries(obj(assets, 'assetV2'));
  const tokens = held
    .map(([id, b]) => {
      if (!isTokenIdText(id)) fail('NODE_REPLY', "the node's assetV2 names something that is not a token id", { field: 'assetV2' });
      return { id, balance: text(whole(b, 'assetV2')) };
    })
    .sort((a, b) => a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const pairs = async (others: unknown, out: boolean): Promise<{ list: GlanceDelegation[]; cut: boolean }> => {
    const field = out ? 'toAccounts' : 'fromAccounts';
    const all = list(others, field).map((a) => address(a, field));
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
          bandwidth: text(whole(e.frozen_balance_for_bandwidth, 'frozen_balance_for_bandwidth')),
          energy: text(whole(e.frozen_balance_for_energy, 'frozen_balance_for_energy')),
          bandwidthLockedUntil: time(e.expire_time_for_bandwidth, 'expire_time_for_bandwidth'),
          energyLockedUntil: time(e.expire_time_for_energy, 'expire_time_for_energy'),
        });
      }
    }
    return { list: shown, cut: all.length > MAX_GLANCE_DELEGATIONS };
  };
  const outs = await pairs(index.toAccounts, true);
  const ins = await pairs(index.fromAccounts, false);

  const trc20: GlanceFacts['trc20'] = [];
  for (const contract of contracts.slice(0, MAX_GLANCE_TRC20)) {
    let balance: string | null;
    try {
      balance = (await readTrc20Balance(node, contract, target)).toString();
    } catch (e) {
      // A contract without balanceOf (or one that reverts) holds no figure to show; a node that is gone is still an error.
      if (!(e instanceof AirlockError) || e.code === 'NODE_UNREACHABLE' || e.code === 'NODE_TIMEOUT') throw e;
      balance = null;
    }
    trc20.push({ contract: addressToBase58(contract), balance });
  }

  return {
    balance: text(whole(account.balance, 'balance')),
    tokens: tokens.slice(0, MAX_GLANCE_TOKENS),
    tokensCut: tokens.length > MAX_GLANCE_TOKENS,
    trc20,
    trc20Cut: contracts.length > MAX_GLANCE_TRC20,
    bandwidth: {
      freeUsed: text(whole(res.freeNetUsed, 'freeNetUsed')),
      freeLimit: text(whole(res.freeNetLimit, 'freeNetLimit')),
      stakedUsed: text(whole(res.NetUsed, 'NetUsed')),
      stakedLimit: text(whole(res.NetLimit, 'NetLimit')),
    },
    energy: { used: text(whole(res.EnergyUsed, 'EnergyUsed')), limit: text(whole(res.EnergyLimit, 'EnergyLimit')) },
    staked: { bandwidth: text(stakedOf('BANDWIDTH')), energy: text(stakedOf('ENERGY')), tronPower: text(stakedOf('TRON_POWER')) },
    lentOut: {
      bandwidth: text(whole(account.delegated_frozenV2_balance_for_bandwidth, 'delegated_frozenV2_balance_for_bandwidth')),
      energy: text(whole(resource.delegated_frozenV2_balance_for_energy, 'delegated_frozenV2_balance_for_energy')),
    },
    borrowed: {
      bandwidth: text(whole(account.acquired_delegated_frozenV2_balance_for_bandwidth, 'acquired_delegated_frozenV2_balance_for_bandwidth')),
      energy: text(whole(resource.acquired_delegated_frozenV2_balance_for_energy, 'acquired_delegated_frozenV2_balance_for_energy')),
    },
    unstaking,
    withdrawableNow: text(whole(withdrawable.amount, 'amount')),
    votes,
    votingPower: { total: text(whole(res.tronPowerLimit, 'tronPowerLimit')), used: text(whole(res.tronPowerUsed, 'tronPowerUsed')) },
    rewards: { unclaimed: text(whole(reward.reward, 'reward')), allowance: text(whole(account.allowance, 'allowance')) },
    delegationsOut: outs.list,
    delegationsIn: ins.list,
    delegationsCut: outs.cut || ins.cut,
  };
}
