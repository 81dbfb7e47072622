/**
 * What a stored transaction will cost the account, before it is signed (docs/decisions.md §25): the station
 * asks its node for the chain's parameters, the account's balance and resources, whether a
 * transfer's recipient exists, and for a contract call the energy a constant call of the same call
 * uses; the estimate itself is shared/approval/costs.ts. The signatures counted are the fewest the
 * transaction's permission needs (or the signatures it already has, when more).
 *
 * Invariants: every number the node answers is a claim, checked by costParameters and
 * accountCostFacts (a bad value is refused naming its key, never guessed); the answer names the
 * node and the block it was read at; nothing is stored and nothing is signed here.
 */
import { addressToHex } from '../../shared/chain/address.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { decodeRaw } from '../../shared/chain/transaction.ts';
import { minimalSets } from '../../shared/approval/minimal-sets.ts';
import { accountCostFacts, costParameters, estimateCost, type CostEstimate } from '../../shared/approval/costs.ts';
import type { TransferAssetContract, TransferContract } from '../../shared/gen/protocol/contract_pb.ts';
import type { TriggerSmartContract } from '../../shared/gen/protocol/smart_contract_pb.ts';
import { txIdArg } from '../../shared/chain/input.ts';
import type { StationContext } from '../core/context.ts';
import type { TransactionBook } from '../core/transaction-book.ts';

export interface TransactionCostView extends CostEstimate {
  txId: string;
  /** How many signatures the size and the multi-signature fee were counted with. */
  signatures: number;
  /** Where the facts came from: the node and the block. */
  provenance: { node: string; block: number };
  /** getchainparameters keys the node did not report (their reference defaults were used). */
  defaulted: string[];
}

function objectOf(reply: unknown, what: string): Record<string, unknown> {
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) fail('NODE_REPLY', `the node's ${what} reply is not an object`, { field: what });
  return reply as Record<string, unknown>;
}

export function costFeature(ctx: StationContext, book: TransactionBook) {
  return {
    /** The cost of a stored transaction, read from the node now (online only). */
    async transactionCost(args: { txId: string }): Promise<TransactionCostView> {
      const record = book.record(txIdArg(args?.txId, 'txid'), 'txid');
      const decoded = decodeRaw(record.raw);
      const have = ctx.store.listSignatures(record.txId).length;
      let fewest = 1;
      if (record.permission !== null) {
        const p = book.permissionFromBytes(record.permission);
        const weights = p.keys.map((k) => k.weight).filter((w) => w > 0n);
        const sets = weights.length > 0 && weights.length <= 10 ? minimalSets(weights, p.threshold) : [];
        fewest = sets[0]?.length ?? Math.max(1, weights.length);
      }
      const signatures = Math.max(fewest, have);
      return ctx.online(async (node) => {
        const block = await node.latestBlock();
        const list = objectOf(await node.post('/wallet/getchainparameters'), 'getchainparameters').chainParameter;
        const reported: Record<string, unknown> = {};
        for (const entry of Array.isArray(list) ? list : []) {
          const { key, value } = objectOf(entry, 'getchainparameters') as { key?: unknown; value?: unknown };
          if (typeof key === 'string' && /^get[A-Za-z0-9]{1,60}$/.test(key)) reported[key] = value;
        }
        const { parameters, defaulted } = costParameters(reported);
        const owner = addressToHex(decoded.ownerAddress);
        const account = objectOf(await node.post('/wallet/getaccount', { address: owner }), 'getaccount');
        const resource = objectOf(await node.post('/wallet/getaccountresource', { address: owner }), 'getaccountresource');
        let recipientExists: boolean | undefined;
        if (decoded.contractType === 'TransferContract' || decoded.contractType === 'TransferAssetContract') {
          const to = (decoded.contract as TransferContract | TransferAssetContract).toAddress;
          recipientExists = Object.keys(objectOf(await node.post('/wallet/getaccount', { address: bytesToHex(to) }), 'getaccount')).length > 0;
        }
        let energy: bigint | undefined;
        if (decoded.contractType === 'TriggerSmartContract') {
          const c = decoded.contract as TriggerSmartContract;
          const reply = objectOf(
            await node.post('/wallet/triggerconstantcontract', {
              owner_address: owner,
              contract_address: bytesToHex(c.contractAddress),
              data: bytesToHex(c.data),
              call_value: c.callValue.toString(),
            }),
            'triggerconstantcontract',
          );
          const used = reply.energy_used;
          if (typeof used === 'number' && Number.isSafeInteger(used) && used >= 0) energy = BigInt(used);
        }
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
    },
  };
}
