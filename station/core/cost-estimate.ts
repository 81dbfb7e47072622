/**
 * What a transaction's bytes will cost its account (docs/decisions.md §25), for the features that ask: the cost
 * of a stored transaction (station/transactions/cost.ts) and the refusal of a build the account
 * cannot pay (core/transaction-maker.ts). Online, the facts are read from the node now (core/
 * cost-facts.ts); when no node answers, from what imported snapshots claim, marked as such. The
 * estimate itself is shared/approval/costs.ts.
 *
 * Offline: a transfer's recipient the snapshot does not describe is counted as a new address (the
 * dearer case), said so; a contract call's energy is used only when the snapshot carries the
 * exporter's estimate for this very call (contract, data, call value), else it is unknown and the
 * whole fee limit is counted. With no snapshot facts the node's offline refusal is thrown.
 *
 * Invariants: every number is a claim checked by the estimate's readers; the answer names where
 * its facts came from (the node and block, or the snapshot file and block); nothing is stored.
 */
import { addressToBase58, addressToHex } from '../../shared/chain/address.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { AirlockError } from '../../shared/base/errors.ts';
import { decodeRaw } from '../../shared/chain/transaction.ts';
import { minimalSets } from '../../shared/approval/minimal-sets.ts';
import { accountCostFacts, costParameters, estimateCost, type CostEstimate, type CostQuestion } from '../../shared/approval/costs.ts';
import type { TransferAssetContract, TransferContract } from '../../shared/gen/protocol/contract_pb.ts';
import type { TriggerSmartContract } from '../../shared/gen/protocol/smart_contract_pb.ts';
import type { Permission } from '../../shared/gen/protocol/core_pb.ts';
import type { StationContext } from './context.ts';
import { claimedAccount, claimedCostFacts, constantCallEnergy, readAccountReplies, readChainParameters } from './cost-facts.ts';

export interface SourcedEstimate extends CostEstimate {
  /** Where the facts came from: the node and the block (for a claim, the node the snapshot was read from). */
  provenance: { node: string; block: number };
  /** Offline: the snapshot file whose claims the estimate used, its block, and that in words. */
  claimed?: { file: string; block: number; text: string };
  /** getchainparameters keys not reported (their reference defaults were used). */
  defaulted: string[];
}

export const isOffline = (e: unknown): boolean => e instanceof AirlockError && (e.code === 'NODE_UNREACHABLE' || e.code === 'NODE_TIMEOUT');

/** The fewest signatures `permission` needs (1 when it names no weighted key). */
export function fewestSignatures(permission: Permission | null): number {
  if (permission === null) return 1;
  const weights = permission.keys.map((k) => k.weight).filter((w) => w > 0n);
  const sets = weights.length > 0 && weights.length <= 10 ? minimalSets(weights, permission.threshold) : [];
  return sets[0]?.length ?? Math.max(1, weights.length);
}

function transferRecipient(decoded: ReturnType<typeof decodeRaw>): Uint8Array | undefined {
  if (decoded.contractType !== 'TransferContract' && decoded.contractType !== 'TransferAssetContract') return undefined;
  return (decoded.contract as TransferContract | TransferAssetContract).toAddress;
}

/** The estimate from the node now. */
async function fromNode(ctx: StationContext, raw: Uint8Array, signatures: number): Promise<SourcedEstimate> {
  const decoded = decodeRaw(raw);
  return ctx.online(async (node) => {
    const block = await node.latestBlock();
    const { parameters, defaulted } = costParameters(await readChainParameters(node));
    const owner = addressToHex(decoded.ownerAddress);
    const { account, resource } = await readAccountReplies(node, owner);
    const question: CostQuestion = { rawBytes: raw, signatures };
    const to = transferRecipient(decoded);
    if (to) question.recipientExists = Object.keys((await readAccountReplies(node, bytesToHex(to))).account).length > 0;
    if (decoded.contractType === 'TriggerSmartContract') {
      // A constant call the node refuses (a call that reverts on some nodes) leaves the energy unknown: the whole fee limit counts.
      const energy = await constantCallEnergy(node, owner, decoded.contract as TriggerSmartContract).catch((e: unknown) => {
        if (e instanceof AirlockError && !isOffline(e)) return undefined;
        throw e;
      });
      if (energy !== undefined) question.energy = energy;
    }
    const estimate = estimateCost(question, parameters, accountCostFacts(account.balance ?? 0, resource));
    return { provenance: { node: ctx.nodeUrl(), block: block.number }, defaulted, ...estimate };
  });
}

/** The estimate from the facts imported snapshots carried; the offline refusal `offline` when they carry none. */
function fromSnapshot(ctx: StationContext, raw: Uint8Array, signatures: number, offline: unknown): SourcedEstimate {
  const decoded = decodeRaw(raw);
  const held = claimedCostFacts(ctx.store, addressToBase58(decoded.ownerAddress));
  if (!held) throw offline;
  const { parameters, defaulted } = costParameters(held.parameters.reported);
  const notes: string[] = [];
  const question: CostQuestion = { rawBytes: raw, signatures };
  const to = transferRecipient(decoded);
  if (to) {
    const recipient = claimedAccount(ctx.store, addressToBase58(to));
    question.recipientExists = recipient?.exists ?? false;
    if (!recipient) notes.push(`Offline, whether ${addressToBase58(to)} exists is not known: it is counted as a new address, paying the activation fee.`);
  }
  if (decoded.contractType === 'TriggerSmartContract') {
    const c = decoded.contract as TriggerSmartContract;
    const call = { contract: addressToBase58(c.contractAddress), data: bytesToHex(c.data), call_value: c.callValue.toString() };
    const found = held.account.estimates.find((e) => e.contract === call.contract && e.data === call.data && e.call_value === call.call_value);
    if (found) question.energy = BigInt(found.energy);
    else notes.push("Offline, a contract call's energy cannot be estimated: the snapshot carries no estimate for this call.");
  }
  const estimate = estimateCost(question, parameters, held.account.facts);
  const files = held.parameters.file === held.account.file ? held.parameters.file : `${held.account.file} and ${held.parameters.file}`;
  const text = `claimed, from the snapshot of block ${held.account.block} (${files}), not read from the node`;
  return {
    provenance: { node: held.account.node, block: Math.min(held.parameters.block, held.account.block) },
    claimed: { file: held.account.file, block: held.account.block, text },
    defaulted,
    ...estimate,
    warnings: [...notes, ...estimate.warnings],
    text: `${estimate.text} (${text})`,
  };
}

/** The cost of `raw` signed `signatures` times: from the node, else (offline) from the snapshots' claims, else the offline refusal. */
export async function estimateRaw(ctx: StationContext, raw: Uint8Array, signatures: number): Promise<SourcedEstimate> {
  try {
    return await fromNode(ctx, raw, signatures);
  } catch (e) {
    if (!isOffline(e)) throw e;
    return fromSnapshot(ctx, raw, signatures, e);
  }
}
