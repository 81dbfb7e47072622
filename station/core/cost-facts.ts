/**
 * The facts a cost estimate needs (docs/decisions.md §25), read from the node or held from a snapshot: the chain's
 * parameters (getchainparameters), an account's balance and resources (getaccount,
 * getaccountresource), whether it exists, and a contract call's energy (the constant call). The
 * transactions feature estimates from them (station/transactions/cost.ts); the snapshots feature
 * writes them into an export (`costs`, shared/files/snapshot-costs.ts) and keeps an import's.
 *
 * Where an import is kept: as plain JSON in the `settings` table, one entry for the parameters
 * (`cost-parameters`) and one per account (`cost-account:<Base58>`), each in the shape of the
 * file's `costs` member with the file's name, written in the import's store transaction (as
 * core/token-details.ts keeps a token's sale). The higher block wins; at the same block the later
 * import. Nothing lists settings, so they are seen only here.
 *
 * Invariants: every value the node answers is a claim checked by the estimate's readers
 * (costParameters, accountCostFacts) or here; a stored entry is re-read by the file's strict reader
 * when used, so a hand-edited database gives "no facts", never a wrong figure; what comes from a
 * snapshot is answered as a claim of that file at its block, never as this station's observation.
 */
import { addressToBase58, addressToHex, parseAddress } from '../../shared/chain/address.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { MAX_SNAPSHOT_CALL_DATA_BYTES, MAX_SNAPSHOT_ENERGY_ESTIMATES } from '../../shared/base/limits.ts';
import { COST_PARAMETER_KEYS, type AccountCostFacts } from '../../shared/approval/costs.ts';
import { decodeRaw } from '../../shared/chain/transaction.ts';
import type { TriggerSmartContract } from '../../shared/gen/protocol/smart_contract_pb.ts';
import { readSnapshotCosts, type SnapshotCostAccount, type SnapshotCosts } from '../../shared/files/snapshot-costs.ts';
import { isRecord } from '../../shared/chain/input.ts';
import type { NodeClient } from '../node/node-client.ts';
import type { Store } from '../store/store.ts';
import type { JsonValue } from '../store/row-checks.ts';

export const COST_PARAMETERS_KEY = 'cost-parameters';
export const COST_ACCOUNT_KEY_PREFIX = 'cost-account:';

function objectOf(reply: unknown, what: string): Record<string, unknown> {
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) fail('NODE_REPLY', `the node's ${what} reply is not an object`, { field: what });
  return reply as Record<string, unknown>;
}

/** getchainparameters as a key → value map (names checked; values checked by costParameters). */
export async function readChainParameters(node: NodeClient): Promise<Record<string, unknown>> {
  const list = objectOf(await node.post('/wallet/getchainparameters'), 'getchainparameters').chainParameter;
  const reported: Record<string, unknown> = {};
  for (const entry of Array.isArray(list) ? list : []) {
    const { key, value } = objectOf(entry, 'getchainparameters') as { key?: unknown; value?: unknown };
    if (typeof key === 'string' && /^get[A-Za-z0-9]{1,60}$/.test(key)) reported[key] = value;
  }
  return reported;
}

/** An account's getaccount and getaccountresource replies ({} for one the node does not have). */
export async function readAccountReplies(node: NodeClient, hex: string): Promise<{ account: Record<string, unknown>; resource: Record<string, unknown> }> {
  const account = objectOf(await node.post('/wallet/getaccount', { address: hex }), 'getaccount');
  const resource = objectOf(await node.post('/wallet/getaccountresource', { address: hex }), 'getaccountresource');
  return { account, resource };
}

/** The energy the node's constant call of `c` by `ownerHex` used, or undefined when it did not say. */
export async function constantCallEnergy(node: NodeClient, ownerHex: string, c: TriggerSmartContract): Promise<bigint | undefined> {
  const reply = objectOf(
    await node.post('/wallet/triggerconstantcontract', {
      owner_address: ownerHex,
      contract_address: bytesToHex(c.contractAddress),
      data: bytesToHex(c.data),
      call_value: c.callValue.toString(),
    }),
    'triggerconstantcontract',
  );
  const used = reply.energy_used;
  return typeof used === 'number' && Number.isSafeInteger(used) && used >= 0 ? BigInt(used) : undefined;
}

const text = (v: unknown): string => (v === undefined || v === null ? '0' : typeof v === 'number' || typeof v === 'bigint' ? v.toString() : String(v));

/**
 * The `costs` member of a snapshot of `accounts` (Base58) read at `block`: the parameters, each
 * account's balance and resources, and the energy of the contract calls this station holds for it
 * not yet sent (at most MAX_SNAPSHOT_ENERGY_ESTIMATES an account), measured by the node now.
 * The caller's readSnapshot checks every value. A node that refuses one of these questions (one
 * without getaccountresource) gives undefined: the snapshot then carries no costs; a call whose
 * constant call the node refuses has no estimate.
 */
export async function snapshotCostsOf(
  store: Store,
  node: NodeClient,
  accounts: readonly string[],
  block: number,
  at: number,
): Promise<SnapshotCosts | undefined> {
  try {
    return await readCosts(store, node, accounts, block, at);
  } catch (e) {
    if (e instanceof AirlockError && !OFFLINE_CODES.includes(e.code)) return undefined;
    throw e;
  }
}

const OFFLINE_CODES: readonly string[] = ['NODE_UNREACHABLE', 'NODE_TIMEOUT'];

async function readCosts(store: Store, node: NodeClient, accounts: readonly string[], block: number, at: number): Promise<SnapshotCosts> {
  const reported = await readChainParameters(node);
  const parameters: Record<string, string> = {};
  for (const key of COST_PARAMETER_KEYS) if (Object.hasOwn(reported, key)) parameters[key] = text(reported[key]);
  const out: SnapshotCostAccount[] = [];
  for (const b58 of accounts) {
    const address = parseAddress(b58);
    const hex = addressToHex(address);
    const { account, resource } = await readAccountReplies(node, hex);
    const estimates: SnapshotCostAccount['energy_estimates'] = [];
    const pending = store.listTransactions({ account: address, status: ['draft', 'collecting', 'ready'] });
    for (const row of pending) {
      if (estimates.length >= MAX_SNAPSHOT_ENERGY_ESTIMATES) break;
      const record = store.getTransaction(row.txId);
      if (!record) continue;
      const decoded = decodeRaw(record.raw);
      if (decoded.contractType !== 'TriggerSmartContract') continue;
      const c = decoded.contract as TriggerSmartContract;
      if (c.data.length > MAX_SNAPSHOT_CALL_DATA_BYTES) continue;
      const entry = { contract: addressToBase58(c.contractAddress), data: bytesToHex(c.data), call_value: c.callValue.toString() };
      if (estimates.some((e) => e.contract === entry.contract && e.data === entry.data && e.call_value === entry.call_value)) continue;
      const energy = await constantCallEnergy(node, hex, c).catch((e: unknown) => {
        if (e instanceof AirlockError && !OFFLINE_CODES.includes(e.code)) return undefined;
        throw e;
      });
      if (energy !== undefined) estimates.push({ ...entry, energy: energy.toString() });
    }
    out.push({
      address: b58,
      exists: Object.keys(account).length > 0,
      balance: text(account.balance),
      free_net_used: text(resource.freeNetUsed),
      free_net_limit: text(resource.freeNetLimit),
      net_used: text(resource.NetUsed),
      net_limit: text(resource.NetLimit),
      energy_used: text(resource.EnergyUsed),
      energy_limit: text(resource.EnergyLimit),
      energy_estimates: estimates,
    });
  }
  return { block, at, parameters, accounts: out };
}

interface StoredCosts {
  file: string;
  /** The node the snapshot was read from. */
  node: string;
  costs: SnapshotCosts;
}

/** A stored entry re-read strictly; undefined when absent or not what this module writes. */
function storedCosts(store: Store, key: string): StoredCosts | undefined {
  const v = store.getSetting(key);
  if (!isRecord(v) || typeof v.file !== 'string' || typeof v.node !== 'string') return undefined;
  try {
    return { file: v.file, node: v.node, costs: readSnapshotCosts(v.costs, 'stored costs') };
  } catch {
    return undefined;
  }
}

/** Keeps an imported snapshot's `costs` (inside the import's store transaction): each entry where it is not older than what is held. */
export function keepSnapshotCosts(store: Store, costs: SnapshotCosts, from: { file: string; node: string }): void {
  const newer = (key: string): boolean => {
    const held = storedCosts(store, key);
    return held === undefined || held.costs.block <= costs.block;
  };
  // Plain JSON by construction: every member is text, a boolean or a safe integer.
  const entry = (parameters: Record<string, string>, accounts: SnapshotCostAccount[]): JsonValue =>
    JSON.parse(JSON.stringify({ ...from, costs: { block: costs.block, at: costs.at, parameters, accounts } })) as JsonValue;
  if (Object.keys(costs.parameters).length > 0 && newer(COST_PARAMETERS_KEY)) store.setSetting(COST_PARAMETERS_KEY, entry(costs.parameters, []));
  for (const a of costs.accounts) {
    const key = `${COST_ACCOUNT_KEY_PREFIX}${a.address}`;
    if (newer(key)) store.setSetting(key, entry({}, [a]));
  }
}

/** What a snapshot told this station about the costs of `owner`'s transactions; undefined when it holds none. */
export interface ClaimedCostFacts {
  /** The parameters' file and block, and the account's. */
  parameters: { file: string; node: string; block: number; at: number; reported: Record<string, unknown> };
  account: {
    file: string;
    node: string;
    block: number;
    at: number;
    facts: AccountCostFacts;
    exists: boolean;
    estimates: SnapshotCostAccount['energy_estimates'];
  };
}

/** The snapshot's claim about an account alone (exists, estimates), or undefined. */
export function claimedAccount(store: Store, address: string): ClaimedCostFacts['account'] | undefined {
  const held = storedCosts(store, `${COST_ACCOUNT_KEY_PREFIX}${address}`);
  const a = held?.costs.accounts[0];
  if (!held || !a || a.address !== address) return undefined;
  return {
    file: held.file,
    node: held.node,
    block: held.costs.block,
    at: held.costs.at,
    exists: a.exists,
    estimates: a.energy_estimates,
    facts: {
      balance: BigInt(a.balance),
      freeNetUsed: BigInt(a.free_net_used),
      freeNetLimit: BigInt(a.free_net_limit),
      netUsed: BigInt(a.net_used),
      netLimit: BigInt(a.net_limit),
      energyUsed: BigInt(a.energy_used),
      energyLimit: BigInt(a.energy_limit),
    },
  };
}

/** The parameters and `owner`'s facts held from snapshots, or undefined when either is missing. */
export function claimedCostFacts(store: Store, owner: string): ClaimedCostFacts | undefined {
  const p = storedCosts(store, COST_PARAMETERS_KEY);
  const account = claimedAccount(store, owner);
  if (!p || !account) return undefined;
  return { parameters: { file: p.file, node: p.node, block: p.costs.block, at: p.costs.at, reported: { ...p.costs.parameters } }, account };
}
