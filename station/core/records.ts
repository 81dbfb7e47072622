/**
 * Conversions between the store's records and the file formats' JSON (shared/files/snapshot.ts,
 * shared/files/handoff.ts), and the two writes several features make: an account as a snapshot or
 * handoff file carries it, and a token with its sale. One mapping each way, so a record read back
 * from a file is the record that was written to it.
 *
 * Invariant: a token's row and its sale are written in one store transaction.
 */
import { create, fromBinary, toBinary, type Message } from '@bufbuild/protobuf';
import { AccountSchema, type Account, type Permission } from '../../shared/gen/protocol/core_pb.ts';
import { addressToBase58, parseAddress, type Address } from '../../shared/chain/address.ts';
import { accountPermissionsFromAccount, type AccountPermissions } from '../../shared/approval/authorization.ts';
import type { SupportedContractName } from '../../shared/chain/contract-types.ts';
import type { decodeRaw } from '../../shared/chain/transaction.ts';
import {
  accountPermissionsFromJson,
  permissionsToJson,
  type PermissionsJson,
  type SnapshotAccount,
  type SnapshotSource,
  type SnapshotToken,
} from '../../shared/files/snapshot.ts';
import type { Store } from '../store/store.ts';
import type { Source } from '../store/row-checks.ts';
import type { TokenInput, TokenRecord } from '../store/tokens.ts';
import { putTokenSale } from './token-details.ts';
import type { TokenSale } from '../node/token-sale.ts';
import type { SourceView } from './views.ts';
import type { Provenance } from '../../shared/api/provenance-schema.ts';
import { STALE_AFTER_MS } from '../../shared/base/limits.ts';
import { isObserved } from './provenance.ts';
import { fingerprintOfHex } from '../../shared/files/exporter-signature.ts';
import { formatDuration } from '../../shared/base/duration.ts';

/** The store records `{kind, url, blockNumber}`; the files `{node, block}`. One mapping both ways. */
export function sourceToFile(source: Source): SnapshotSource {
  return source.kind === 'node' ? { node: source.url, block: source.blockNumber ?? 0 } : { file: source.file };
}
export function sourceFromFile(source: SnapshotSource): Source {
  return 'node' in source ? { kind: 'node', url: source.node, blockNumber: source.block } : { kind: 'file', file: source.file };
}
export function sourceView(source: Source): SourceView {
  if (source.kind === 'node') {
    return {
      kind: 'node',
      node: source.url,
      ...(source.blockNumber !== undefined && { block: source.blockNumber }),
      text: `node ${source.url}${source.blockNumber !== undefined ? ` at block ${source.blockNumber}` : ''}`,
    };
  }
  if (source.kind === 'exporter') {
    const fingerprint = fingerprintOfHex(source.fingerprint).code;
    return {
      kind: 'exporter',
      node: source.url,
      ...(source.blockNumber !== undefined && { block: source.blockNumber }),
      file: source.file,
      exporter: { label: source.label, fingerprint },
      text: `signed by pinned exporter ${source.label} (${fingerprint}) in file ${source.file}, observed by it from node ${source.url}${source.blockNumber !== undefined ? ` at block ${source.blockNumber}` : ''} at ${new Date(source.at).toISOString()}`,
    };
  }
  return { kind: 'file', file: source.file, text: `file ${source.file}` };
}

/**
 * Where a fact came from and how old it is, as every screen that counts weight, shows an amount or
 * offers to sign shows it (docs/decisions.md §16). Judged through isObserved only: a file's word is a claim,
 * named by its file. `at` is when the fact was read or dated; a fact older than STALE_AFTER_MS is
 * flagged stale. `source` null: the station does not know where it came from.
 */
export function provenanceOf(source: Source | null, at: number | null, now: number): Provenance {
  const ageMs = at === null ? null : now - at;
  const aged = { at, ageMs, age: ageMs === null ? null : formatDuration(Math.max(0, ageMs)), stale: ageMs !== null && ageMs > STALE_AFTER_MS };
  if (source === null) return { trust: 'unknown', text: 'unknown: this station does not know where it came from', file: null, ...aged };
  if (isObserved(source)) return { trust: 'observed', text: `observed from ${sourceView(source).text}`, file: null, ...aged };
  const file = source.kind === 'file' ? source.file : sourceView(source).text;
  return { trust: 'claimed', text: `claimed by file ${file} (unverified)`, file, ...aged };
}

/** A SnapshotAccount as the protocol.Account message the store keeps. */
export function accountMessage(a: SnapshotAccount): Account {
  const p = accountPermissionsFromJson(a.address, a.permissions);
  return create(AccountSchema, {
    address: p.address,
    balance: BigInt(a.balance),
    ...(p.owner && { ownerPermission: p.owner }),
    ...(p.executive && { executivePermission: p.executive }),
    activePermission: p.actives,
    assetV2: Object.fromEntries(a.tokens.map((t) => [t.id, BigInt(t.balance)])),
  });
}

export function snapshotAccountOf(bytes: Uint8Array, source: Source, at: number): SnapshotAccount {
  const account = fromBinary(AccountSchema, bytes);
  return {
    address: addressToBase58(account.address),
    exists: true,
    permissions: permissionsToJson(accountPermissionsFromAccount(account)),
    balance: account.balance.toString(),
    tokens: Object.entries(account.assetV2).map(([id, b]) => ({ id, balance: b.toString() })),
    source: sourceToFile(source),
    at,
  };
}

/** The account permissions holding just `permission` in the slot its id names. */
export function permissionsWith(owner: Address, permissionId: number, permission: Permission): AccountPermissions {
  return permissionId === 0 ? { address: owner, owner: permission, actives: [] } : { address: owner, actives: [permission] };
}

/** `base` with the permission of `permissionId` replaced by `permission` (what the signers saw). */
export function replacePermission(base: PermissionsJson, permissionId: number, permission: Permission): PermissionsJson {
  const one = permissionsToJson({ actives: permissionId === 0 ? [] : [permission], ...(permissionId === 0 && { owner: permission }) });
  if (permissionId === 0) return { ...base, owner_permission: one.owner_permission! };
  const actives = base.active_permission.filter((p) => Number(p.id ?? 0) !== permissionId);
  return { ...base, active_permission: [...actives, one.active_permission[0]!].sort((a, b) => Number(a.id ?? 0) - Number(b.id ?? 0)) };
}

export function contractCall(decoded: ReturnType<typeof decodeRaw>): { type: SupportedContractName; value: Message; permissionId: number } {
  return { type: decoded.contractType, value: decoded.contract, permissionId: decoded.permissionId };
}

export function timeLeft(ms: number): string {
  return ms <= 0 ? `expired ${formatDuration(-ms)} ago` : `${formatDuration(ms)} left`;
}

export function tokenInput(t: SnapshotToken, source: Source): TokenInput {
  return {
    id: t.id,
    name: t.name,
    abbreviation: t.abbreviation,
    precision: t.precision,
    owner: parseAddress(t.owner),
    totalSupply: t.total_supply,
    description: t.description.slice(0, 2_000),
    url: t.url.slice(0, 2_048),
    source,
  };
}

/** A stored token as the handoff file carries it; the sale is 0s when the station does not know it. */
export function tokenFile(t: TokenRecord, sale: TokenSale | null): SnapshotToken {
  return {
    id: t.id,
    name: t.name,
    abbreviation: t.abbreviation,
    precision: t.precision,
    owner: addressToBase58(t.owner),
    total_supply: t.totalSupply,
    coin_num: sale?.coinNum ?? 0,
    num: sale?.num ?? 0,
    start_time: sale?.startTime ?? 0,
    end_time: sale?.endTime ?? 0,
    description: t.description,
    url: t.url,
  };
}

/** Stores an account as a snapshot or handoff file (or the node) gave it. */
export function putSnapshotAccount(store: Store, a: SnapshotAccount, source: Source): void {
  store.putAccount({ address: parseAddress(a.address), account: toBinary(AccountSchema, accountMessage(a)), source, fetchedAt: a.at });
}

/** Stores a token's row and, when known, its sale, in one store transaction. */
export function putTokenWithSale(store: Store, t: SnapshotToken, sale: TokenSale | null, source: Source): void {
  store.atomic(() => {
    store.putToken(tokenInput(t, source));
    if (sale) putTokenSale(store, t.id, sale);
  });
}
