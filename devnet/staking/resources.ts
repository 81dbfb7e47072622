/**
 * Staked bandwidth and energy on the devnet: how much an account's Stake 2.0 gives it (a share of
 * the chain's daily total by weight, java-tron's calculateGlobalNetLimit and
 * calculateGlobalEnergyLimit), how much of it is used now (usage recovers linearly over a day of
 * head-block time), and spending it (BandwidthProcessor.useAccountNet, the frozen-energy part of
 * ReceiptCapsule.payEnergyBill).
 *
 * Invariant: usage is only ever written inside the caller's store transaction, and never beyond
 * the limit: `useStakedNet` takes all of a transaction's bytes or none, and `useFrozenEnergy` is
 * given at most what `frozenEnergyLeft` said was left.
 */
import { ResourceCode } from '../../shared/gen/protocol/balance_contract_pb.ts';
import type { DevnetStore } from '../store.ts';
import { stakeStore, SUN_PER_VOTE, type StakeAccount } from './state.ts';

/** The reference node's TOTAL_NET_LIMIT and TOTAL_ENERGY_LIMIT defaults: the daily resource shared by weight. */
export const TOTAL_NET_LIMIT = 43_200_000_000n;
export const TOTAL_ENERGY_LIMIT = 50_000_000_000n;
/** The window over which used bandwidth and energy recover (the node's 28,800 slots of 3 s). */
export const RESOURCE_WINDOW_MS = 86_400_000n;

/** Usage written at `time` as it stands at `now`: it falls linearly to zero over the window. */
export function recoveredUsage(usage: bigint, time: bigint, now: bigint): bigint {
  const elapsed = now - time;
  if (elapsed >= RESOURCE_WINDOW_MS) return 0n;
  if (elapsed <= 0n) return usage;
  return (usage * (RESOURCE_WINDOW_MS - elapsed)) / RESOURCE_WINDOW_MS;
}

/** A share of the daily total by weight: whole coins staked × total ÷ the chain's total weight. */
export function resourceLimit(staked: bigint, total: bigint, weight: bigint): bigint {
  if (staked < SUN_PER_VOTE || weight === 0n) return 0n;
  return ((staked / SUN_PER_VOTE) * total) / weight;
}

/** The account's staked bandwidth and energy limits and what is used of them at `now`. */
export interface StakedResources {
  netLimit: bigint;
  netUsed: bigint;
  energyLimit: bigint;
  energyUsed: bigint;
}

/** What the account's stake gives it now (kept and acquired stake; lent stake counts for the borrower). */
export function stakedResources(store: DevnetStore, s: StakeAccount, now: bigint): StakedResources {
  const stakes = stakeStore(store);
  return {
    netLimit: resourceLimit(s.frozen[ResourceCode.BANDWIDTH] + s.acquired[ResourceCode.BANDWIDTH], TOTAL_NET_LIMIT, stakes.getTotal('TOTAL_NET_WEIGHT')),
    netUsed: recoveredUsage(s.netUsage, s.netTime, now),
    energyLimit: resourceLimit(s.frozen[ResourceCode.ENERGY] + s.acquired[ResourceCode.ENERGY], TOTAL_ENERGY_LIMIT, stakes.getTotal('TOTAL_ENERGY_WEIGHT')),
    energyUsed: recoveredUsage(s.energyUsage, s.energyTime, now),
  };
}

/**
 * useAccountNet: pays `bytes` from the owner's staked bandwidth when what is left covers all of
 * them, and says whether it did. An account that never staked (no row) costs one lookup.
 */
export function useStakedNet(store: DevnetStore, address: Uint8Array, bytes: bigint, now: bigint): boolean {
  const stakes = stakeStore(store);
  const s = stakes.getStakeRow(address);
  if (!s || s.frozen[ResourceCode.BANDWIDTH] + s.acquired[ResourceCode.BANDWIDTH] < SUN_PER_VOTE) return false;
  const r = stakedResources(store, s, now);
  if (bytes > r.netLimit - r.netUsed) return false;
  s.netUsage = r.netUsed + bytes;
  s.netTime = now;
  stakes.putStakeRow(address, s);
  return true;
}

/** getAccountLeftEnergyFromFreeze: staked energy not yet used. */
export function frozenEnergyLeft(store: DevnetStore, address: Uint8Array, now: bigint): bigint {
  const s = stakeStore(store).getStakeRow(address);
  if (!s) return 0n;
  const r = stakedResources(store, s, now);
  return r.energyLimit > r.energyUsed ? r.energyLimit - r.energyUsed : 0n;
}

/** Records `energy` (at most frozenEnergyLeft) as used from the account's staked energy. */
export function useFrozenEnergy(store: DevnetStore, address: Uint8Array, energy: bigint, now: bigint): void {
  if (energy <= 0n) return;
  const stakes = stakeStore(store);
  const s = stakes.getStakeRow(address);
  if (!s) return;
  s.energyUsage = recoveredUsage(s.energyUsage, s.energyTime, now) + energy;
  s.energyTime = now;
  stakes.putStakeRow(address, s);
}
