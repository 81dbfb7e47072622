/**
 * The devnet's staking, voting and reward endpoints, with java-tron's paths and reply shapes: the
 * create endpoints of the nine contracts (registered by devnet/routes.ts through `createHandler`,
 * like the others), the reads (`getaccountresource`, `getdelegatedresourcev2`,
 * `getdelegatedresourceaccountindexv2`, `getcandelegatedmaxsize`, `getavailableunfreezecount`,
 * `getcanwithdrawunfreezeamount`, `listwitnesses`, `getReward`) and the staking fields getaccount adds to the Account message.
 *
 * Reads are strict like the rest of the devnet: an unknown key or a bad address is a 400 naming
 * it. Replies leave out zero values, as the node's JSON does.
 *
 * Invariant: nothing here changes state; every change goes through a broadcast transaction.
 */
import { addressToBase58 } from '../../shared/chain/address.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { addressInput, int32Input, int64Input, objectInput } from '../../shared/chain/input.ts';
import type { SupportedContractName } from '../../shared/chain/contract-types.ts';
import { UNFREEZE_MAX_TIMES } from '../../shared/base/limits.ts';
import type { Chain } from '../chain.ts';
import type { Json } from '../routes.ts';
import type { DevnetStore } from '../store.ts';
import { queryReward } from './rewards.ts';
import { recoveredUsage, stakedResources, TOTAL_ENERGY_LIMIT, TOTAL_NET_LIMIT } from './resources.ts';
import { stakeStore, SUN_PER_VOTE, tronPower, votesUsed, type Delegation, type StakeAccount } from './state.ts';

/** The create endpoints of the staking contracts, java-tron's paths. */
export const STAKING_CREATE_ENDPOINTS: readonly (readonly [string, SupportedContractName])[] = [
  ['/wallet/freezebalancev2', 'FreezeBalanceV2Contract'],
  ['/wallet/unfreezebalancev2', 'UnfreezeBalanceV2Contract'],
  ['/wallet/delegateresource', 'DelegateResourceContract'],
  ['/wallet/undelegateresource', 'UnDelegateResourceContract'],
  ['/wallet/withdrawexpireunfreeze', 'WithdrawExpireUnfreezeContract'],
  ['/wallet/cancelallunfreezev2', 'CancelAllUnfreezeV2Contract'],
  ['/wallet/votewitnessaccount', 'VoteWitnessContract'],
  ['/wallet/withdrawbalance', 'WithdrawBalanceContract'],
  ['/wallet/updateaccount', 'AccountUpdateContract'],
];

interface Request {
  body: Json;
  visible: boolean;
}

function shown(address: Uint8Array, visible: boolean): string {
  return visible ? addressToBase58(address) : bytesToHex(address);
}

/** Sets `key` only when the value is not zero (proto3 JSON). */
function put(out: Json, key: string, value: bigint): void {
  if (value !== 0n) out[key] = value;
}

function hasStake(s: StakeAccount): boolean {
  return [...s.frozen, ...s.delegated, ...s.acquired].some((v) => v !== 0n) || s.unfrozen.length > 0;
}

/**
 * The staking fields of getaccount, java-tron's Account names: votes, allowance,
 * latest_withdraw_time, account_resource (the energy side), frozenV2 (one entry per resource once
 * the account has staked), unfrozenV2, and the bandwidth delegation totals.
 */
export function stakeAccountJson(store: DevnetStore, address: Uint8Array, visible: boolean): Json {
  const s = stakeStore(store).getStake(address);
  const out: Json = {};
  if (s.votes.length > 0) out.votes = s.votes.map((v) => ({ vote_address: shown(v.address, visible), vote_count: v.count }));
  put(out, 'allowance', s.allowance);
  put(out, 'latest_withdraw_time', s.latestWithdrawTime);
  const resource: Json = {};
  put(resource, 'delegated_frozenV2_balance_for_energy', s.delegated[1]);
  put(resource, 'acquired_delegated_frozenV2_balance_for_energy', s.acquired[1]);
  if (Object.keys(resource).length > 0) out.account_resource = resource;
  if (hasStake(s)) {
    const bandwidth: Json = {};
    put(bandwidth, 'amount', s.frozen[0]);
    const energy: Json = { type: 'ENERGY' };
    put(energy, 'amount', s.frozen[1]);
    out.frozenV2 = [bandwidth, energy];
  }
  if (s.unfrozen.length > 0) {
    out.unfrozenV2 = s.unfrozen.map((u) => {
      const e: Json = u.resource === 1 ? { type: 'ENERGY' } : {};
      e.unfreeze_amount = u.amount;
      e.unfreeze_expire_time = u.expireTime;
      return e;
    });
  }
  put(out, 'delegated_frozenV2_balance_for_bandwidth', s.delegated[0]);
  put(out, 'acquired_delegated_frozenV2_balance_for_bandwidth', s.acquired[0]);
  return out;
}

/** GetAccountResourceServlet: free and staked bandwidth, energy and tron power, used and limits, java-tron's names. */
function accountResource(chain: Chain, address: Uint8Array): Json {
  if (!chain.store.hasAccount(address)) return {};
  const stakes = stakeStore(chain.store);
  const s = stakes.getStake(address);
  const now = chain.headBlockTime();
  const net = chain.store.getNet(address);
  const r = stakedResources(chain.store, s, now);
  const out: Json = {};
  put(out, 'freeNetUsed', recoveredUsage(net.usage, net.time, now));
  put(out, 'freeNetLimit', chain.params.numeric.FREE_NET_LIMIT);
  put(out, 'NetUsed', r.netUsed);
  put(out, 'NetLimit', r.netLimit);
  put(out, 'TotalNetLimit', TOTAL_NET_LIMIT);
  put(out, 'TotalNetWeight', stakes.getTotal('TOTAL_NET_WEIGHT'));
  put(out, 'tronPowerUsed', votesUsed(s));
  put(out, 'tronPowerLimit', tronPower(s) / SUN_PER_VOTE);
  put(out, 'EnergyUsed', r.energyUsed);
  put(out, 'EnergyLimit', r.energyLimit);
  put(out, 'TotalEnergyLimit', TOTAL_ENERGY_LIMIT);
  put(out, 'TotalEnergyWeight', stakes.getTotal('TOTAL_ENERGY_WEIGHT'));
  return out;
}

function delegationJson(d: Delegation, visible: boolean): Json {
  const out: Json = { from: shown(d.from, visible), to: shown(d.to, visible) };
  put(out, 'frozen_balance_for_bandwidth', d.amount[0]);
  put(out, 'frozen_balance_for_energy', d.amount[1]);
  put(out, 'expire_time_for_bandwidth', d.expireTime[0]);
  put(out, 'expire_time_for_energy', d.expireTime[1]);
  return out;
}

/** The read endpoints (GET or POST), path → handler. */
export function stakingQueries(chain: Chain): [string, (req: Request) => Json][] {
  const stakes = (): ReturnType<typeof stakeStore> => stakeStore(chain.store);
  const read = (body: Json, keys: string[]): Record<string, unknown> => objectInput(body, 'request body', [...keys, 'visible']);
  return [
    ['/wallet/getaccountresource', ({ body }) => accountResource(chain, addressInput(read(body, ['address']).address, 'address'))],
    [
      '/wallet/getdelegatedresourcev2',
      ({ body, visible }) => {
        const b = read(body, ['fromAddress', 'toAddress']);
        const from = addressInput(b.fromAddress, 'fromAddress');
        const to = addressInput(b.toAddress, 'toAddress');
        const list = [stakes().getDelegation(from, to, false), stakes().getDelegation(from, to, true)].filter((d) => d !== undefined);
        return list.length === 0 ? {} : { delegatedResource: list.map((d) => delegationJson(d, visible)) };
      },
    ],
    [
      '/wallet/getdelegatedresourceaccountindexv2',
      ({ body, visible }) => {
        const address = addressInput(read(body, ['value']).value, 'value');
        const index = stakes().delegationIndex(address);
        if (index.fromAccounts.length === 0 && index.toAccounts.length === 0) return {};
        const out: Json = { account: shown(address, visible) };
        if (index.fromAccounts.length > 0) out.fromAccounts = index.fromAccounts.map((a) => shown(a, visible));
        if (index.toAccounts.length > 0) out.toAccounts = index.toAccounts.map((a) => shown(a, visible));
        return out;
      },
    ],
    [
      '/wallet/getcandelegatedmaxsize',
      ({ body }) => {
        const b = read(body, ['owner_address', 'type']);
        const owner = addressInput(b.owner_address, 'owner_address');
        const type = b.type === undefined ? 0 : int32Input(b.type, 'type', { min: 0, max: 1 });
        const out: Json = {};
        // Delegation does not subtract resource already used (staking/README.md), so all of it can be lent.
        if (chain.store.hasAccount(owner)) put(out, 'max_size', stakes().getStake(owner).frozen[type as 0 | 1]);
        return out;
      },
    ],
    [
      '/wallet/getavailableunfreezecount',
      ({ body }) => {
        const owner = addressInput(read(body, ['owner_address']).owner_address, 'owner_address');
        if (!chain.store.hasAccount(owner)) return {};
        const now = chain.headBlockTime();
        const waiting = stakes()
          .getStake(owner)
          .unfrozen.filter((u) => u.expireTime > now).length;
        return { count: UNFREEZE_MAX_TIMES - waiting };
      },
    ],
    [
      '/wallet/listwitnesses',
      ({ visible }) => {
        const head = chain.headBlock().number;
        const witnesses = chain.genesis.accounts
          .filter((a) => a.executive)
          .map((a) => {
            const w: Json = { address: shown(a.address, visible) };
            put(w, 'voteCount', stakes().votesFor(a.address));
            // One producer makes every block (devnet/README.md), so it produced all but genesis.
            const producer = a.address.every((b, i) => b === chain.genesis.producer.executiveAddress[i]);
            if (producer) {
              put(w, 'totalProduced', BigInt(head));
              put(w, 'latestBlockNum', BigInt(head));
            }
            w.isJobs = true;
            return w;
          });
        return witnesses.length === 0 ? {} : { witnesses };
      },
    ],
    [
      // Wallet.getCanWithdrawUnfreezeAmount: the unstaked amounts whose wait ends at or before `timestamp` (ms).
      '/wallet/getcanwithdrawunfreezeamount',
      ({ body }) => {
        const b = read(body, ['owner_address', 'timestamp']);
        const owner = addressInput(b.owner_address, 'owner_address');
        const timestamp = b.timestamp === undefined ? 0n : int64Input(b.timestamp, 'timestamp', { min: 0n });
        if (!chain.store.hasAccount(owner)) return {};
        const amount = stakes()
          .getStake(owner)
          .unfrozen.filter((u) => u.amount > 0n && u.expireTime <= timestamp)
          .reduce((sum, u) => sum + u.amount, 0n);
        const out: Json = {};
        put(out, 'amount', amount);
        return out;
      },
    ],
    ['/wallet/getReward', ({ body }) => ({ reward: queryReward(chain, addressInput(read(body, ['address']).address, 'address')) })],
  ];
}
