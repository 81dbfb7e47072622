/**
 * The stored transactions as the features read them (docs/decisions.md §7 "approvals, status"): a record by
 * txID, its signatures, its approval against the permission stored with it, its status (with
 * `expired` derived at read) and its JSON-safe view. Shared by build (a new transaction's view),
 * transactions (status, sign, import, broadcast) and the queue.
 *
 * Invariants: signers count against the permission stored WITH the transaction (the one the signers
 * saw), never the account's current one; a stored status only moves draft -> collecting -> ready
 * here, from the signatures the store holds; a txID is never quoted whole in a message.
 */
import { fromBinary } from '@bufbuild/protobuf';
import { PermissionSchema, type Permission } from '../../shared/gen/protocol/core_pb.ts';
import { addressToBase58, type Address } from '../../shared/chain/address.ts';
import {
  approvalView,
  shownTypeUrl,
  transactionView,
  withSignatures,
  type ApprovalView,
  type TokenInfo,
  type TransactionView,
} from '../../shared/views/view.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { excerpt, fail } from '../../shared/base/errors.ts';
import { jsonSafe } from '../../shared/base/json.ts';
import {
  contractToNodeJson,
  decodeRawShowingUnknown,
  isUnknownContract,
  type DecodedTransaction,
  type SignedTransaction,
  type UnknownContractTransaction,
} from '../../shared/chain/transaction.ts';
import { txKey, type TransactionRecord } from '../store/transactions.ts';
import { shownStatus } from '../store/transaction-list.ts';
import { txIdArg } from '../../shared/chain/input.ts';
import type { StationContext } from './context.ts';
import { permissionsWith, timeLeft } from './records.ts';
import { contractFacts } from './contract-facts.ts';
import type { ApprovalNumbers, StationTransactionView } from './views.ts';
import { shownFateView } from './fate-reports.ts';
import { tokenIdOf, transactionProvenance } from './transaction-provenance.ts';
import { type TxStatus } from '../../shared/base/limits.ts';
import { signerView } from './signer-view.ts';

export interface Approval {
  numbers: ApprovalNumbers;
  enough: boolean;
  view: ApprovalView | null;
}

export class TransactionBook {
  private readonly permissionCache = new Map<string, Permission>();

  constructor(private readonly ctx: StationContext) {}

  permissionFromBytes(bytes: Uint8Array): Permission {
    const key = txKey(bytes);
    let p = this.permissionCache.get(key);
    if (!p) {
      p = fromBinary(PermissionSchema, bytes);
      if (this.permissionCache.size > 1000) this.permissionCache.clear();
      this.permissionCache.set(key, p);
    }
    return p;
  }

  /** Keys of `permission` this station holds, in key order. */
  localSigners(permission: Permission): Address[] {
    const local = new Set(this.ctx.store.listKeys().map((k) => bytesToHex(k.address)));
    return permission.keys.filter((k) => local.has(bytesToHex(k.address))).map((k) => k.address);
  }

  signed(record: TransactionRecord): SignedTransaction {
    return { rawBytes: record.raw, signatures: this.ctx.store.listSignatures(record.txId).map((s) => s.signature) };
  }

  approval(record: TransactionRecord): Approval {
    const store = this.ctx.store;
    const sigs = store.listSignatures(record.txId);
    if (record.permission === null) {
      return {
        numbers: {
          weight: '0',
          threshold: null,
          missing: null,
          signers: sigs.map((s) => ({ address: addressToBase58(s.signer), weight: '?' })),
          couldSign: [],
          canComplete: false,
        },
        enough: false,
        view: null,
      };
    }
    const permission = this.permissionFromBytes(record.permission);
    const a = approvalView(
      { rawBytes: record.raw, signatures: sigs.map((x) => x.signature) },
      permissionsWith(record.account, record.permissionId, permission),
    );
    const local = new Set(store.listKeys().map((k) => bytesToHex(k.address)));
    const b58 = (v: { hex: string; base58: string | null }): string => v.base58 ?? v.hex;
    return {
      numbers: {
        weight: a.weight,
        threshold: a.threshold,
        missing: a.missing,
        signers: a.signers.map((x) => ({ address: b58(x.address), weight: x.weight })),
        couldSign: a.canStillSign.map((x) => ({ address: b58(x.address), weight: x.weight, local: local.has(x.address.hex.toLowerCase()) })),
        canComplete: a.canComplete,
      },
      enough: a.enough,
      view: a,
    };
  }

  /** The stored metadata of the token a contract names, for the shared view's amounts (the status and the queue). */
  tokenInfos(decoded: DecodedTransaction | UnknownContractTransaction): Record<string, TokenInfo> {
    if (isUnknownContract(decoded)) return {};
    const id = tokenIdOf(decoded.contract);
    const t = id === null ? undefined : this.ctx.store.getToken(id);
    return t && id !== null ? { [id]: { precision: t.precision, name: t.name, abbr: t.abbreviation } } : {};
  }

  /** The status shown at `now` (the store's rule, station/store/transaction-list.ts, which its list filters by in SQL). */
  shownStatus(status: TxStatus, expiration: number, now: number): TxStatus {
    return shownStatus(status, expiration, now);
  }

  record(txId: string | Uint8Array, field = 'txid'): TransactionRecord {
    const id = typeof txId === 'string' ? txIdArg(txId, field) : txId;
    const r = this.ctx.store.getTransaction(id);
    // The txID is not quoted whole: 64 hex digits may be a private key pasted by mistake.
    if (!r) fail('NOT_FOUND', `${field}: this station has no transaction ${excerpt(bytesToHex(id))}`, { field });
    return r;
  }

  /** The shared view of `r` as its signer reads it (shared/views/view.ts), with the signatures stored now. */
  details(r: TransactionRecord, now = this.ctx.now()): TransactionView {
    const decoded = decodeRawShowingUnknown(r.raw);
    return transactionView(this.signed(r), {
      now,
      tokens: this.tokenInfos(decoded),
      ...(decoded.contractType === 'TriggerSmartContract' && { contracts: contractFacts(this.ctx.store) }),
    });
  }

  /**
   * The view of a stored transaction: by txID (its record read here), or of a record the caller has
   * just read. `accountRead` says what its account's copy rests on (core/fresh-account.ts), when it
   * was asked; `shown` is its shared view already built in this operation (`details`), brought up
   * to date with the signatures stored now instead of being built again.
   */
  view(at: Uint8Array | TransactionRecord, accountRead: string | null = null, shown?: TransactionView): StationTransactionView {
    const r = at instanceof Uint8Array ? this.record(at) : at;
    const now = this.ctx.now();
    // A stored transaction of an unknown contract type is shown as unknown (its view warns and needs an override to sign).
    const decoded = decodeRawShowingUnknown(r.raw);
    const { numbers, view: approval } = this.approval(r);
    const status = this.shownStatus(r.status, r.expiration, now);
    const chain = shownFateView(this.ctx, bytesToHex(r.txId), r.chain);
    const stored = r.permission === null ? null : this.permissionFromBytes(r.permission);
    const details = shown === undefined ? this.details(r, now) : withSignatures(shown, this.signed(r), now);
    return {
      txId: bytesToHex(r.txId),
      kind: r.kind,
      account: addressToBase58(r.account),
      permissionId: r.permissionId,
      status,
      expiration: r.expiration,
      expiresInMs: r.expiration - now,
      timeLeft: timeLeft(r.expiration - now),
      note: r.note,
      nodeAnswer: r.nodeAnswer,
      chain,
      // Counted from the signatures stored now: a record read before a signature was added is not behind.
      signatureCount: details.signatures.length,
      createdAt: r.createdAt,
      // An unknown contract has no node JSON: its id, its URL as the view shows it (cut and escaped), its size.
      contract: isUnknownContract(decoded)
        ? { type: decoded.unknown.typeId, type_url: shownTypeUrl(decoded.unknown.typeUrl), size: decoded.unknown.size }
        : (jsonSafe(contractToNodeJson(decoded, true)) as Record<string, unknown>),
      details,
      approval,
      provenance: transactionProvenance(this.ctx.store, r, isUnknownContract(decoded) ? {} : decoded.contract, now),
      // docs/decisions.md §18: what the builder saw, recomputed here from the bytes, and the next step in words.
      signer: signerView(
        this.ctx,
        r,
        decoded,
        stored,
        {
          status,
          chain,
          numbers,
          refusal:
            approval !== null && numbers.threshold === null
              ? { answer: approval.result.message ?? approval.result.code, permissionId: r.permissionId, contractTitle: details.title }
              : null,
        },
        now,
        accountRead,
      ),
      ...numbers,
    };
  }

  /**
   * Moves a signable transaction's stored status to what its signatures now make it, and answers its
   * record with that status (the store's own answer when it moved; the store refuses to move a final one).
   */
  refreshStatus(r: TransactionRecord): TransactionRecord {
    if (r.status !== 'draft' && r.status !== 'collecting' && r.status !== 'ready') return r;
    const sigs = this.ctx.store.listSignatures(r.txId).length;
    const next: TxStatus = sigs === 0 ? 'draft' : this.approval(r).enough ? 'ready' : 'collecting';
    return next === r.status ? r : this.ctx.store.setStatus(r.txId, next);
  }
}
