/**
 * What a stored transaction will cost the account, before it is signed (docs/decisions.md §25): the station
 * asks its node for the chain's parameters, the account's balance and resources, whether a
 * transfer's recipient exists, and for a contract call the energy a constant call of the same call
 * uses; the estimate itself is shared/approval/costs.ts. The signatures counted are the fewest the
 * transaction's permission needs (or the signatures it already has, when more).
 *
 * Offline (docs/decisions.md §25, "the cost offline"): when no node answers, the estimate is made from what the
 * newest imported snapshots carried (station/core/cost-facts.ts): the chain's parameters and the
 * account's balance and resources, said to be claimed, from the snapshot of block N. A transfer's
 * recipient the snapshot does not describe is counted as a new address (the dearer case), said so.
 * A contract call's energy cannot be measured offline: it is used only when the snapshot carries
 * the exporter's estimate for this very call (contract, data, call value); otherwise the estimate
 * says it is unknown and counts the whole fee limit. With no snapshot facts the answer is the
 * node's offline refusal, in words.
 *
 * Invariants: every number the node answers is a claim, checked by costParameters and
 * accountCostFacts (a bad value is refused naming its key, never guessed); the answer names the
 * node and the block it was read at, or the snapshot file and block it is claimed by; nothing is
 * stored and nothing is signed here.
 */
import { addressToHex } from '../../shared/chain/address.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { AirlockError } from '../../shared/base/errors.ts';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { decodeRaw } from '../../shared/chain/transaction.ts';
import { minimalSets } from '../../shared/approval/minimal-sets.ts';
import { accountCostFacts, costParameters, estimateCost, type CostEstimate, type CostQuestion } from '../../shared/approval/costs.ts';
import type { TransferAssetContract, TransferContract } from '../../shared/gen/protocol/contract_pb.ts';
import type { TriggerSmartContract } from '../../shared/gen/protocol/smart_contract_pb.ts';
import { txIdArg } from '../../shared/chain/input.ts';
import type { StationContext } from '../core/context.ts';
import type { TransactionBook } from '../core/transaction-book.ts';
import { claimedAccount, claimedCostFacts, constantCallEnergy, readAccountReplies, readChainParameters } from '../core/cost-facts.ts';

export interface TransactionCostView extends CostEstimate {
  txId: string;
  /** How many signatures the size and the multi-signature fee were counted with. */
  signatures: number;
  /** Where the facts came from: the node and the block (for a claim, the node the snapshot was read from). */
  provenance: { node: string; block: number };
  /** Offline: the snapshot file whose claims the estimate used, its block, and that in words. */
  claimed?: { file: string; block: number; text: string };
  /** getchainparameters keys the node did not report (their reference defaults were used). */
  defaulted: string[];
}

const isOffline = (e: unknown): boolean => e instanceof AirlockError && (e.code === 'NODE_UNREACHABLE' || e.code === 'NODE_TIMEOUT');

export function costFeature(ctx: StationContext, book: TransactionBook) {
  /** The fewest signatures the record's permission needs, or the ones it has when more. */
  const signaturesOf = (record: ReturnType<TransactionBook['record']>): number => {
    const have = ctx.store.listSignatures(record.txId).length;
    let fewest = 1;
    if (record.permission !== null) {
      const p = book.permissionFromBytes(record.permission);
      const weights = p.keys.map((k) => k.weight).filter((w) => w > 0n);
      const sets = weights.length > 0 && weights.length <= 10 ? minimalSets(weights, p.threshold) : [];
      fewest = sets[0]?.length ?? Math.max(1, weights.length);
    }
    return Math.max(fewest, have);
  };

  /** The estimate from the facts imported snapshots carried (offline); the offline refusal `offline` when they carry none. */
  const fromSnapshot = (record: ReturnType<TransactionBook['record']>, signatures: number, offline: unknown): TransactionCostView => {
    const decoded = decodeRaw(record.raw);
    const owner = addressToBase58(decoded.ownerAddress);
    const held = claimedCostFacts(ctx.store, owner);
    if (!held) throw offline;
    const { parameters, defaulted } = costParameters(held.parameters.reported);
    const notes: string[] = [];
    const question: CostQuestion = { rawBytes: record.raw, signatures };
    if (decoded.contractType === 'TransferContract' || decoded.contractType === 'TransferAssetContract') {
      const to = addressToBase58((decoded.contract as TransferContract | TransferAssetContract).toAddress);
      const recipient = claimedAccount(ctx.store, to);
      question.recipientExists = recipient?.exists ?? false;
      if (!recipient) notes.push(`Offline, whether ${to} exists is not known: it is counted as a new address, paying the activation fee.`);
    }
    if (decoded.contractType === 'TriggerSmartContract') {
      const c = decoded.contract as TriggerSmartContract;
      const call = { contract: addressToBase58(c.contractAddress), data: bytesToHex(c.data), call_value: c.callValue.toString() };
      const found = held.account.estimates.find((e) => e.contract === call.contract && e.data === call.data && e.call_value === call.call_value);
      if (found) question.energy = BigInt(found.energy);
      else notes.push("Offline, a contract call's energy cannot be estimated: the snapshot carries no estimate for this call.");
    }
    const estimate = estimateCost(question, parameters, held.account.facts);
    const block = Math.min(held.parameters.block, held.account.block);
    const files = held.parameters.file === held.account.file ? held.parameters.file : `${held.account.file} and ${held.parameters.file}`;
    const text = `claimed, from the snapshot of block ${held.account.block} (${files}), not read from the node`;
    return {
      txId: bytesToHex(record.txId),
      signatures,
      provenance: { node: held.account.node, block },
      claimed: { file: held.account.file, block: held.account.block, text },
      defaulted,
      ...estimate,
      warnings: [...notes, ...estimate.warnings],
      text: `${estimate.text} (${text})`,
    };
  };

  return {
    /** The cost of a stored transaction, read from the node now, or offline from the imported snapshots' claims. */
    async transactionCost(args: { txId: string }): Promise<TransactionCostView> {
      const record = book.record(txIdArg(args?.txId, 'txid'), 'txid');
      const decoded = decodeRaw(record.raw);
      const signatures = signaturesOf(record);
      try {
        return await ctx.online(async (node) => {
          const block = await node.latestBlock();
          const { parameters, defaulted } = costParameters(await readChainParameters(node));
          const owner = addressToHex(decoded.ownerAddress);
          const { account, resource } = await readAccountReplies(node, owner);
          let recipientExists: boolean | undefined;
          if (decoded.contractType === 'TransferContract' || decoded.contractType === 'TransferAssetContract') {
            const to = (decoded.contract as TransferContract | TransferAssetContract).toAddress;
            recipientExists = Object.keys((await readAccountReplies(node, bytesToHex(to))).account).length > 0;
          }
          let energy: bigint | undefined;
          if (decoded.contractType === 'TriggerSmartContract') energy = await constantCallEnergy(node, owner, decoded.contract as TriggerSmartContract);
          const estimate = estimateCost(
            {
              rawBytes: record.raw,
              signatures,
              ...(recipientExists === undefined ? {} : { recipientExists }),
              ...(energy === undefined ? {} : { energy }),
            },
            parameters,
            accountCostFacts(account.balance ?? 0, resource),
          );
          return { txId: bytesToHex(record.txId), signatures, provenance: { node: ctx.nodeUrl(), block: block.number }, defaulted, ...estimate };
        });
      } catch (e) {
        if (!isOffline(e)) throw e;
        return fromSnapshot(record, signatures, e);
      }
    },
  };
}
