/**
 * Making a new transaction (docs/decisions.md §7 "build"): TaPoS and times from the node's head, or offline from
 * the newest imported chain snapshot; the signing permission from the account just read or the
 * stored one; then the transaction and the permission it counts against, stored together. Shared
 * by the builders (station/builders/), the permission update (station/permissions/) and reissue
 * (station/transactions/).
 *
 * Invariants: every field is checked before anything is stored; the account as read now and the
 * transaction are stored in one SQLite transaction; the expiration is checked against what the
 * node accepts (shared/files/snapshot.ts planFromSnapshot). Each built transaction records its
 * origin (docs/decisions.md §16): 'built-observed' only when the permission it counts against was observed from
 * the node before the bytes were chosen (fetched in this build, or a stored account of source
 * 'node' fetched before now), else 'built-claimed'; only the former lets a signature prove a key.
 * A build under a permission whose operations do not allow the contract is refused before anything
 * is stored (docs/decisions.md §17; shared/chain/operations.ts checkPermissionAllows). A build the account
 * cannot pay (its balance after what its bandwidth and energy cover, against the estimate's total
 * and what the contract moves) is refused before anything is stored, naming the shortfall, from
 * the node or offline from a snapshot's claim said as such (docs/decisions.md §25, core/cost-estimate.ts); when
 * neither can say, the build goes on unchecked and the transaction screen says the cost is unknown.
 */
import { fromBinary, toBinary, type Message } from '@bufbuild/protobuf';
import { AccountSchema, PermissionSchema, type Permission } from '../../shared/gen/protocol/core_pb.ts';
import { addressToBase58, type Address } from '../../shared/chain/address.ts';
import { accountPermissionsFromAccount, type AccountPermissions } from '../../shared/approval/authorization.ts';
import { noteInput, permissionIdArg } from '../../shared/chain/input.ts';
import { parseDuration } from '../../shared/base/duration.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { parseContractType, type SupportedContractName } from '../../shared/chain/contract-types.ts';
import { checkPermissionAllows } from '../../shared/chain/operations.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { accountPermissionsFromJson, planFromSnapshot, type ChainSnapshot, type SnapshotAccount, type SnapshotBlock } from '../../shared/files/snapshot.ts';
import { createTransaction } from '../../shared/chain/transaction.ts';
import type { TxOrigin } from '../store/transactions.ts';
import { nodeAbsentOrSlow, type StationContext } from './context.ts';
import { lookalikeWarnings } from './labels.ts';
import { provenanceOf, putSnapshotAccount, sourceFromFile, sourceView } from './records.ts';
import type { Provenance } from '../../shared/api/provenance-schema.ts';
import type { TransactionBook } from './transaction-book.ts';
import type { BuildView } from './views.ts';
import { apiTransaction } from './transaction-api.ts';
import { blockForBuilds, isObserved } from './provenance.ts';
import { formatDuration } from '../../shared/base/duration.ts';
import { payableOrRefused } from './cost-refusal.ts';

export interface Plan {
  tapos: ReturnType<typeof planFromSnapshot>;
  basis: string;
  /** The reference block's provenance: the node's head (observed) or a snapshot's (as its source says). */
  block: Provenance;
  /** The owner's account as the node has it now (online only); stored with the transaction. */
  fetched?: SnapshotAccount;
}

export interface BuildOptions {
  permissionId?: string | number;
  expiresIn?: string;
  note?: string;
}

export class TransactionMaker {
  constructor(
    private readonly ctx: StationContext,
    private readonly book: TransactionBook,
  ) {}

  /**
   * TaPoS and times: from the node's head when it answers, else from the newest imported chain
   * snapshot (offline). Either way the expiration is checked against what the node accepts.
   */
  async plan(expiresInMs: number, owner: Address): Promise<Plan> {
    const ctx = this.ctx;
    const now = ctx.now();
    let block: SnapshotBlock | undefined;
    let fetched: SnapshotAccount | undefined;
    let offlineReason = '';
    let offlineCode: 'NODE_UNREACHABLE' | 'NODE_TIMEOUT' = 'NODE_UNREACHABLE';
    try {
      const node = await ctx.nodeReady();
      block = await node.latestBlock();
      fetched = await node.account(addressToBase58(owner), block);
    } catch (e) {
      if (!(e instanceof AirlockError) || (e.code !== 'NODE_UNREACHABLE' && e.code !== 'NODE_TIMEOUT')) throw e;
      offlineReason = e.message;
      offlineCode = e.code;
      block = undefined;
    }
    let basis: string;
    let provenance: Provenance;
    if (block) {
      basis = `online: the head block ${block.number} of ${ctx.nodeUrl()}`;
      provenance = provenanceOf({ kind: 'node', url: ctx.nodeUrl(), blockNumber: block.number }, block.timestamp, now);
    } else {
      const snap = blockForBuilds(ctx.store.listChainSnapshots());
      if (!snap) {
        fail(
          offlineCode,
          `${nodeAbsentOrSlow(ctx.nodeUrl(), offlineCode)}; this station has no chain snapshot to build from offline: import a snapshot made by an online station`,
          { field: 'node', reason: offlineReason },
        );
      }
      block = { number: snap.blockNumber, id: bytesToHex(snap.blockId), timestamp: snap.blockTimestamp };
      // docs/decisions.md §16: the basis says whose word the block is, so a forged snapshot shows as a claim.
      provenance = provenanceOf(snap.source, snap.blockTimestamp, now);
      basis = `offline: the chain snapshot block ${block.number}, ${provenance.text}, ${formatDuration(now - block.timestamp)} old`;
    }
    const synthetic: ChainSnapshot = { format: 'airlock.snapshot', version: 1, node: ctx.nodeUrl(), block, accounts: [], tokens: [], exported_at: now };
    return { tapos: planFromSnapshot(synthetic, { now, expiresInMs }), basis, block: provenance, ...(fetched && { fetched }) };
  }

  /** The permission `permissionId` of `owner`: from the account just fetched, else the stored one. */
  permissionOf(owner: Address, permissionId: number, fetched: SnapshotAccount | undefined, field = 'from'): Permission {
    return this.signingPermission(owner, permissionId, fetched, field).permission;
  }

  /**
   * The permission a new transaction counts against, with the origin to store with it: observed
   * when it was fetched from the node in this build, or read from a stored account the node sent
   * (source 'node') no later than now; otherwise a file claimed it. The transaction's bytes are
   * chosen after this, so an observed permission's keys were named before any signature over them.
   */
  signingPermission(owner: Address, permissionId: number, fetched: SnapshotAccount | undefined, field = 'from'): { permission: Permission; origin: TxOrigin } {
    let p: AccountPermissions;
    let where: string;
    let observed: boolean;
    if (fetched) {
      p = accountPermissionsFromJson(fetched.address, fetched.permissions);
      where = `${this.ctx.nodeUrl()} now`;
      observed = 'node' in fetched.source;
    } else {
      const r = this.ctx.store.getAccount(owner);
      if (!r) fail('NOT_FOUND', `${field}: ${noCopyOfAccount(owner)}`, { field });
      p = accountPermissionsFromAccount(fromBinary(AccountSchema, r.account));
      where = sourceView(r.source).text;
      observed = isObserved(r.source) && r.fetchedAt <= this.ctx.now();
    }
    const permission = permissionId === 0 ? (p.owner ?? undefined) : p.actives.find((x) => x.id === permissionId);
    if (!permission)
      fail('PERMISSION', `permission-id: account ${addressToBase58(owner)} has no permission ${permissionId} (as of ${where})`, { field: 'permission-id' });
    return { permission, origin: observed ? 'built-observed' : 'built-claimed' };
  }

  /** Builds `call` for `owner` and stores it with the permission it counts against; `feeLimit` (sun) for smart-contract calls. */
  async buildCall(call: { type: SupportedContractName; value: Message }, owner: Address, options: BuildOptions, feeLimit?: bigint): Promise<BuildView> {
    const ctx = this.ctx;
    const permissionId = permissionIdArg(options.permissionId);
    const expiresInMs = options.expiresIn === undefined ? ctx.defaultExpiresInMs() : parseDuration(options.expiresIn);
    const note = options.note === undefined ? '' : noteInput(options.note, 'note');
    const { tapos, basis, block, fetched } = await this.plan(expiresInMs, owner);
    const { permission, origin } = this.signingPermission(owner, permissionId, fetched);
    // docs/decisions.md §17: a permission whose operations do not allow the contract is refused here, naming both.
    checkPermissionAllows(permission, parseContractType(call.type));
    const tx = createTransaction(
      { ...call, permissionId },
      {
        refBlockBytes: tapos.refBlockBytes,
        refBlockHash: tapos.refBlockHash,
        expiration: tapos.expiration,
        timestamp: tapos.timestamp,
        ...(feeLimit !== undefined && { feeLimit }),
      },
    );
    const costWarnings = await payableOrRefused(ctx, tx.rawBytes, permission);
    // Everything is checked: the account as read now and the transaction are stored together.
    ctx.store.atomic(() => {
      if (fetched) putSnapshotAccount(ctx.store, fetched, sourceFromFile(fetched.source));
      ctx.store.insertTransaction({
        txId: tx.txId,
        raw: tx.rawBytes,
        kind: call.type,
        account: owner,
        permissionId,
        expiration: tapos.expiration,
        note,
        permission: toBinary(PermissionSchema, permission),
        origin,
      });
    });
    // The transaction's view is built once and answered in the API's shape, labelled by one LabelIndex.
    const view = this.book.view(tx.txId);
    const labels = ctx.labels();
    return {
      txId: bytesToHex(tx.txId),
      transaction: apiTransaction(view, labels),
      basis,
      block,
      warnings: [...tapos.warnings, ...costWarnings, ...lookalikeWarnings(labels, view.details)],
    };
  }
}

/** The words for an account the station has not stored, for a desktop user and a terminal alike. */
export function noCopyOfAccount(address: Address): string {
  const b58 = addressToBase58(address);
  return `this station has no copy of account ${b58}: fetch it from the node, or import a snapshot that has it`;
}
