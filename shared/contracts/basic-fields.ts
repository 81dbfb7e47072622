/**
 * The field tables of the five contracts Airlock built first (TransferContract 1,
 * TransferAssetContract 2, AssetIssueContract 6, ParticipateAssetIssueContract 9,
 * AccountPermissionUpdateContract 46), so every contract type has the same table beside its own
 * view (docs/decisions.md §17). Their summaries stay in shared/views/view.ts, which also shows token prices.
 *
 * Invariant: each permission's operations are listed by name, and bits that name no contract type
 * are listed by number, so a signer sees every bit a permission update grants.
 */
import type {
  AccountPermissionUpdateContract,
  AssetIssueContract,
  ParticipateAssetIssueContract,
  TransferAssetContract,
  TransferContract,
} from '../gen/protocol/contract_pb.ts';
import type { Permission } from '../gen/protocol/core_pb.ts';
import { escapeText } from '../base/escape.ts';
import { formatGrouped, groupDigits } from '../base/amount.ts';
import { timeView } from '../base/display.ts';
import { decodeOperations } from '../chain/operations.ts';
import { groupOperations } from '../chain/operation-catalogue.ts';
import { assetNameToTokenId, isTokenIdAssetName } from './token.ts';
import { addressRow, countRow, row, sunRow, textRow, tokenAmount, type DescribeContext, type FieldRow } from './fields.ts';

const tokenIdOf = (assetName: Uint8Array): string | undefined => (isTokenIdAssetName(assetName) ? assetNameToTokenId(assetName) : undefined);

export function transferRows(c: TransferContract, ctx: DescribeContext): FieldRow[] {
  return [addressRow(ctx, 'owner_address', 'From', c.ownerAddress), addressRow(ctx, 'to_address', 'To', c.toAddress), sunRow('amount', 'Amount', c.amount)];
}

export function transferAssetRows(c: TransferAssetContract, ctx: DescribeContext): FieldRow[] {
  return [
    addressRow(ctx, 'owner_address', 'From', c.ownerAddress),
    addressRow(ctx, 'to_address', 'To', c.toAddress),
    textRow('asset_name', 'Token id', c.assetName),
    row('amount', 'Amount', tokenAmount(ctx, tokenIdOf(c.assetName), c.amount)),
  ];
}

export function participateRows(c: ParticipateAssetIssueContract, ctx: DescribeContext): FieldRow[] {
  return [
    addressRow(ctx, 'owner_address', 'Buyer', c.ownerAddress),
    addressRow(ctx, 'to_address', 'Issuer (paid)', c.toAddress),
    textRow('asset_name', 'Token id', c.assetName),
    sunRow('amount', 'Paid', c.amount),
  ];
}

function when(ms: bigint): string {
  return timeView(ms).iso ?? `${ms} ms`;
}

export function assetIssueRows(c: AssetIssueContract, ctx: DescribeContext): FieldRow[] {
  const precise = c.precision >= 0 && c.precision <= 6;
  const rows: FieldRow[] = [
    addressRow(ctx, 'owner_address', 'Issuer', c.ownerAddress),
    textRow('name', 'Name', c.name),
    textRow('abbr', 'Symbol', c.abbr),
    row(
      'total_supply',
      'Total supply',
      precise ? `${formatGrouped(c.totalSupply, c.precision)} (${groupDigits(c.totalSupply.toString())} smallest units)` : `${c.totalSupply} smallest units`,
    ),
    countRow('precision', 'Decimal places', c.precision),
    row('coin_num', 'Price: sun paid', `${groupDigits(c.coinNum.toString())} sun buy ${groupDigits(c.num.toString())} smallest token units`),
    countRow('num', 'Price: smallest token units received', c.num),
    row('start_time', 'Sale starts', when(c.startTime)),
    row('end_time', 'Sale ends', when(c.endTime)),
    textRow('description', 'Description', c.description),
    textRow('url', 'Url', c.url),
    countRow('free_asset_net_limit', 'Free bandwidth per account', c.freeAssetNetLimit),
    countRow('public_free_asset_net_limit', 'Free bandwidth for all accounts', c.publicFreeAssetNetLimit),
  ];
  c.cdedSupply.forEach((e, i) =>
    rows.push(row(`cded_supply[${i}]`, `Frozen supply ${i + 1}`, `${groupDigits(e.cdedAmount.toString())} smallest units for ${e.cdedDays} days`)),
  );
  return rows;
}

/**
 * A permission of an update in words. `chainId` is the id the chain gives it (PROTOCOL.md §5
 * execute(): the owner 0, the executive 1, each active its index + 2); an id written otherwise in
 * the request is ignored by the chain, and the words say so rather than show it as the id.
 */
/** Operations by the catalogue's groups in plain names (docs/decisions.md §26): "Payments (Transfer, Token transfer), Tokens (Token issue)". */
function operationsInWords(names: readonly string[]): string {
  return groupOperations(names)
    .map((g) => `${g.group} (${g.operations.map((o) => o.name).join(', ')})`)
    .join(', ');
}

function permissionWords(p: Permission, chainId: number): string {
  const keys = p.keys.length;
  const ops = p.operations.length === 32 ? decodeOperations(p.operations) : undefined;
  const grants =
    ops === undefined
      ? ''
      : `; may run ${operationsInWords(ops.names) || 'nothing'}${ops.unknown.length > 0 ? `; unknown bits ${ops.unknown.join(', ')}` : ''}`;
  const ignored = p.id !== chainId && p.id !== 0 ? `; the id ${p.id} written in it is ignored` : '';
  return `"${escapeText(p.permissionName)}" (id ${chainId}${ignored}): threshold ${p.threshold} of ${keys} key(s)${grants}`;
}

function permissionRows(ctx: DescribeContext, field: string, name: string, p: Permission, chainId: number): FieldRow[] {
  return [
    row(field, name, permissionWords(p, chainId)),
    ...p.keys.map((k, i) => ({ ...addressRow(ctx, `${field}.keys[${i}].address`, `${name}: key ${i + 1} (weight ${k.weight})`, k.address) })),
  ];
}

export function permissionUpdateRows(c: AccountPermissionUpdateContract, ctx: DescribeContext): FieldRow[] {
  const rows: FieldRow[] = [addressRow(ctx, 'owner_address', 'Account', c.ownerAddress)];
  if (c.owner) rows.push(...permissionRows(ctx, 'owner', 'Owner permission', c.owner, 0));
  if (c.executive) rows.push(...permissionRows(ctx, 'executive', 'Executive permission', c.executive, 1));
  c.actives.forEach((a, i) => rows.push(...permissionRows(ctx, `actives[${i}]`, `Active permission ${i + 1}`, a, i + 2)));
  return rows;
}
