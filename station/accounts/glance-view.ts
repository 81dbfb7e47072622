/**
 * The account at a glance as the station shows it (docs/decisions.md §25): the view and the one text writer
 * of `accountResources` and `airlock account show`/`resources`, from the facts read from the node now
 * (glance-read.ts) or kept from a snapshot (glance-store.ts). Amounts in TRX, TRC-10 holdings by name
 * and precision, TRC-20 balances by symbol and decimals as this station describes the contracts.
 *
 * Invariants: the view says where its figures come from in words and as a Provenance (read from the
 * node at block N; or claimed, from a snapshot of block N); a token or contract this station cannot
 * describe is shown by id or address in whole units, never guessed; stored texts (names, symbols) are
 * escaped (shared/base/escape.ts), so they cannot reorder what a person reads; what is left (bandwidth,
 * energy, voting power) is worked out here from the facts and never below 0.
 */
import { escapeText } from '../../shared/base/escape.ts';
import { formatUnits } from '../../shared/base/display.ts';
import type { Provenance } from '../../shared/api/provenance-schema.ts';
import type { GlanceDelegation, GlanceFacts, GlanceResource } from '../../shared/files/snapshot-glance.ts';

/** How this station describes a TRC-10 token or a TRC-20 contract (null members: not known). */
export interface TokenDescription {
  name: string | null;
  symbol: string | null;
  decimals: number | null;
}

/**
 * The view: the facts (shared/files/snapshot-glance.ts GlanceFacts, one home for their names and
 * shapes), with the holdings described, what is left worked out, and where it all comes from.
 */
export interface AccountGlance extends Omit<GlanceFacts, 'tokens' | 'trc20' | 'bandwidth' | 'energy' | 'votingPower'> {
  address: string;
  /** The node and block the figures were read at (by this station, or as the snapshot claims). */
  provenance: { node: string; block: number; blockTime: number };
  /** Observed (read now) or claimed (a snapshot's word), with its age: what the badge shows. */
  trust: Provenance;
  /** Where the figures come from, in words: `read from the node … at block N` or `claimed, from snapshot of block N …`. */
  said: string;
  tokens: { id: string; name: string | null; abbreviation: string | null; precision: number | null; balance: string; amount: string }[];
  trc20: { contract: string; name: string | null; symbol: string | null; decimals: number | null; balance: string | null; amount: string | null }[];
  bandwidth: GlanceFacts['bandwidth'] & { left: string };
  energy: GlanceFacts['energy'] & { left: string };
  votingPower: GlanceFacts['votingPower'] & { left: string };
  text: string;
}

export interface GlanceOrigin {
  address: string;
  provenance: AccountGlance['provenance'];
  trust: Provenance;
  said: string;
}

const RESOURCE_WORDS: Readonly<Record<GlanceResource, string>> = { BANDWIDTH: 'bandwidth', ENERGY: 'energy', TRON_POWER: 'voting power' };
const trx = (sun: bigint): string => `${formatUnits(sun, 6)} TRX`;
const left = (limit: bigint, used: bigint): bigint => (limit > used ? limit - used : 0n);
const iso = (ms: number): string => new Date(ms).toISOString();

/** An amount in a token's units when its precision is known, else in whole base units. */
function units(balance: string, decimals: number | null, unit: string | null): string {
  // formatUnits reads up to 18 decimals (MAX_TRC20_DECIMALS); a description beyond is not one to trust.
  if (decimals === null || decimals > 18) return `${balance} base units`;
  return `${formatUnits(BigInt(balance), decimals)}${unit ? ` ${unit}` : ''}`;
}

/** The view of `facts`; `describeToken`/`describeContract` say what this station knows of each. */
export function glanceView(
  origin: GlanceOrigin,
  facts: GlanceFacts,
  describeToken: (id: string) => TokenDescription,
  describeContract: (address: string) => TokenDescription & { label: string | null },
): AccountGlance {
  const b = facts.bandwidth;
  const bandwidthLeft = left(BigInt(b.freeLimit), BigInt(b.freeUsed)) + left(BigInt(b.stakedLimit), BigInt(b.stakedUsed));
  const energyLeft = left(BigInt(facts.energy.limit), BigInt(facts.energy.used));
  const powerLeft = left(BigInt(facts.votingPower.total), BigInt(facts.votingPower.used));
  const tokens = facts.tokens.map((t) => {
    const d = describeToken(t.id);
    return { id: t.id, name: d.name, abbreviation: d.symbol, precision: d.decimals, balance: t.balance, amount: units(t.balance, d.decimals, d.symbol) };
  });
  const trc20 = facts.trc20.map((t) => {
    const d = describeContract(t.contract);
    return {
      contract: t.contract,
      name: d.label ?? d.name,
      symbol: d.symbol,
      decimals: d.decimals,
      balance: t.balance,
      amount: t.balance === null ? null : units(t.balance, d.decimals, d.symbol),
    };
  });
  const shown = (s: string | null): string => escapeText(s ?? '');
  const locked = (d: GlanceDelegation): string => {
    const until = Math.max(d.bandwidthLockedUntil, d.energyLockedUntil);
    return until > 0 ? `, locked until ${iso(until)}` : '';
  };
  const text = [
    `${origin.address}, ${origin.said}: balance ${trx(BigInt(facts.balance))}`,
    ...tokens.map((t) => `TRC-10 ${t.id}${t.name !== null ? ` ${shown(t.name)}` : ''}: ${escapeText(t.amount)}`),
    ...(facts.tokensCut ? ['(more TRC-10 holdings than are listed here)'] : []),
    ...trc20.map(
      (t) =>
        `TRC-20 ${t.contract}${t.name !== null ? ` ${shown(t.name)}` : ''}: ${t.amount === null ? 'balance not known (the contract did not answer balanceOf)' : escapeText(t.amount)}`,
    ),
    ...(facts.trc20Cut ? ['(more listed contracts than are asked here)'] : []),
    `bandwidth: ${bandwidthLeft} bytes left today (free ${b.freeUsed} of ${b.freeLimit} used, staked ${b.stakedUsed} of ${b.stakedLimit} used)`,
    `energy: ${energyLeft} left (${facts.energy.used} of ${facts.energy.limit} used)`,
    `staked: ${trx(BigInt(facts.staked.bandwidth))} for bandwidth, ${trx(BigInt(facts.staked.energy))} for energy${facts.staked.tronPower !== '0' ? `, ${trx(BigInt(facts.staked.tronPower))} for voting power alone` : ''}`,
    ...facts.unstaking.map((u) => `unstaking: ${trx(BigInt(u.amount))} of ${RESOURCE_WORDS[u.resource]}, withdrawable from ${iso(u.withdrawableAt)}`),
    `withdrawable now: ${trx(BigInt(facts.withdrawableNow))}`,
    ...facts.delegationsOut.map((d) => `lent to ${d.account}: ${trx(BigInt(d.bandwidth))} bandwidth, ${trx(BigInt(d.energy))} energy${locked(d)}`),
    ...facts.delegationsIn.map((d) => `borrowed from ${d.account}: ${trx(BigInt(d.bandwidth))} bandwidth, ${trx(BigInt(d.energy))} energy${locked(d)}`),
    ...(facts.delegationsCut ? [`(more delegations than are listed here)`] : []),
    `voting power: ${powerLeft} of ${facts.votingPower.total} left${facts.votes.length > 0 ? ` (votes: ${facts.votes.map((v) => `${v.executive} ${v.count}`).join(', ')})` : ''}`,
    `rewards: ${trx(BigInt(facts.rewards.unclaimed))} unclaimed, ${trx(BigInt(facts.rewards.allowance))} allowance`,
  ].join('\n');
  return {
    address: origin.address,
    provenance: origin.provenance,
    trust: origin.trust,
    said: origin.said,
    balance: facts.balance,
    tokens,
    tokensCut: facts.tokensCut,
    trc20,
    trc20Cut: facts.trc20Cut,
    bandwidth: { ...b, left: String(bandwidthLeft) },
    energy: { ...facts.energy, left: String(energyLeft) },
    staked: facts.staked,
    lentOut: facts.lentOut,
    borrowed: facts.borrowed,
    unstaking: facts.unstaking,
    withdrawableNow: facts.withdrawableNow,
    votes: facts.votes,
    votingPower: { ...facts.votingPower, left: String(powerLeft) },
    rewards: facts.rewards,
    delegationsOut: facts.delegationsOut,
    delegationsIn: facts.delegationsIn,
    delegationsCut: facts.delegationsCut,
    text,
  };
}
