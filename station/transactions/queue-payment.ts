/**
 * What a queued transaction pays and to whom (docs/decisions.md §18, "the queue gets a recipient column" and
 * "batch ... with a total per asset"): the recipient with its address-book label, or for a contract
 * without one what it is in words (a permission change, a token issue); and the asset it moves in
 * smallest units with the decimals and name the station holds for it, and whether that description
 * was observed or only claimed by a file.
 *
 * Invariant: everything is read from the transaction's own bytes (decodeRawShowingUnknown); the station's stored
 * token or contract descriptions only name and scale the asset, and a claimed description is marked
 * claimed, so a total never presents a file's word as the chain's. An asset the station cannot scale
 * (a token it holds no description of) is totalled in smallest units and says so.
 */
import { addressToBase58 } from '../../shared/chain/address.ts';
import { decodeRawShowingUnknown } from '../../shared/chain/transaction.ts';
import { decodeCall } from '../../shared/contracts/abi-calls.ts';
import { COIN_DECIMALS } from '../../shared/base/amount.ts';
import type { StationContext } from '../core/context.ts';
import type { LabelIndex } from '../core/labels.ts';
import { isObserved } from '../core/provenance.ts';

/** Who a queued transaction pays or names: an address with its label, or what it is in words. */
export interface QueueRecipient {
  address: string | null;
  label: string | null;
  /** For a transaction without a recipient, what it is ("permission change of this account"); else "". */
  text: string;
}

/** One asset a transaction moves, in smallest units, with how the station names and scales it. */
export interface QueueAssetAmount {
  /** "TRX", "token:<id>" or "trc20:<contract address>": rows with one key add up. */
  key: string;
  /** The unit's name as shown: "TRX", a token's abbreviation or name, or a plain "token 1000001". */
  unit: string;
  /** Decimal places of `unit`; null when the station holds no description (the total is in smallest units). */
  decimals: number | null;
  units: bigint;
  /** Where the description came from; "node" for TRX, whose scale is the chain's own. */
  provenance: 'node' | 'observed' | 'claimed' | 'unknown';
}

// The tolerant decode: a stored transaction of an unknown contract type is listed too (no recipient, no total).
type Decoded = ReturnType<typeof decodeRawShowingUnknown>;
const fieldsOf = (decoded: Decoded): Record<string, unknown> => ('contract' in decoded ? (decoded.contract as unknown as Record<string, unknown>) : {});

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

function recipientOf(address: Uint8Array, labels: LabelIndex): QueueRecipient {
  return { address: addressToBase58(address), label: labels.labelOf(address), text: '' };
}

/** The queue's recipient cell for a decoded transaction. */
export function queueRecipient(decoded: Decoded, labels: LabelIndex): QueueRecipient {
  const c = fieldsOf(decoded);
  const words = (t: string): QueueRecipient => ({ address: null, label: null, text: t });
  switch (decoded.contractType) {
    case 'TransferContract':
    case 'TransferAssetContract':
    case 'ParticipateAssetIssueContract':
      return recipientOf(c.toAddress as Uint8Array, labels);
    case 'AccountPermissionUpdateContract':
      return words('permission change of this account');
    case 'AssetIssueContract':
      return words(`token issue: ${text(c.name as Uint8Array)}`);
    case 'TriggerSmartContract': {
      const call = decodeCall(c.data as Uint8Array);
      // transfer(to, value) and approve(spender, value): the first argument is who the call serves.
      if (call.outcome === 'decoded' && call.source === 'trc20' && (call.fn.name === 'transfer' || call.fn.name === 'approve'))
        return recipientOf(call.args[0] as Uint8Array, labels);
      return recipientOf(c.contractAddress as Uint8Array, labels);
    }
    default:
      return words('no recipient');
  }
}

/** What a decoded transaction pays out, per asset (empty when it moves nothing a total counts). */
export function queueAssets(ctx: StationContext, decoded: Decoded): QueueAssetAmount[] {
  const c = fieldsOf(decoded);
  const coin = (units: bigint): QueueAssetAmount => ({ key: 'TRX', unit: 'TRX', decimals: COIN_DECIMALS, units, provenance: 'node' });
  switch (decoded.contractType) {
    case 'TransferContract':
    case 'ParticipateAssetIssueContract':
      return [coin(c.amount as bigint)];
    case 'TransferAssetContract': {
      const id = text(c.assetName as Uint8Array);
      const t = ctx.store.getToken(id);
      if (!t) return [{ key: `token:${id}`, unit: `token ${id} (smallest units)`, decimals: null, units: c.amount as bigint, provenance: 'unknown' }];
      const unit = `${t.abbreviation || t.name || 'token'} (token ${id})`;
      return [{ key: `token:${id}`, unit, decimals: t.precision, units: c.amount as bigint, provenance: isObserved(t.source) ? 'observed' : 'claimed' }];
    }
    case 'TriggerSmartContract': {
      const out: QueueAssetAmount[] = (c.callValue as bigint) > 0n ? [coin(c.callValue as bigint)] : [];
      const call = decodeCall(c.data as Uint8Array);
      if (call.outcome !== 'decoded' || call.source !== 'trc20' || call.fn.name !== 'transfer') return out;
      const address = c.contractAddress as Uint8Array;
      const key = `trc20:${addressToBase58(address)}`;
      const r = ctx.store.getContract(address);
      const units = call.args[1] as bigint;
      if (!r || r.decimals === null)
        return [...out, { key, unit: `TRC-20 ${addressToBase58(address)} (smallest units)`, decimals: null, units, provenance: 'unknown' }];
      const unit = `${r.symbol ?? r.tokenName ?? 'TRC-20'} (contract ${addressToBase58(address)})`;
      return [...out, { key, unit, decimals: r.decimals, units, provenance: isObserved(r.source) ? 'observed' : 'claimed' }];
    }
    default:
      return [];
  }
}
