/**
 * Contract type ids and names (PROTOCOL.md §1.1) and the five contracts Airlock can build, decode
 * and show. A type id is also the bit index in a permission's operations mask (spec §4.9), so the
 * list here is the one source for both. Any type URLs are `type.googleapis.com/protocol.<Name>`
 * (§1.2).
 */
import type { DescMessage } from '@bufbuild/protobuf';
import {
  AccountPermissionUpdateContractSchema,
  AssetIssueContractSchema,
  ParticipateAssetIssueContractSchema,
  TransferAssetContractSchema,
  TransferContractSchema,
} from '../gen/protocol/contract_pb.ts';
import { Transaction_Contract_ContractTypeSchema } from '../gen/protocol/core_pb.ts';
import { badArgument, excerpt, fail } from '../base/errors.ts';

export { Transaction_Contract_ContractType as ContractType } from '../gen/protocol/core_pb.ts';

export const TYPE_URL_PREFIX = 'type.googleapis.com/protocol.';

/** Every contract type of the reference node, id → name, in id order. */
export const CONTRACT_TYPES: ReadonlyArray<{ id: number; name: string }> = Transaction_Contract_ContractTypeSchema.values
  .map((v) => ({ id: v.number, name: v.name }))
  .sort((a, b) => a.id - b.id);

const BY_ID = new Map(CONTRACT_TYPES.map((t) => [t.id, t.name]));
const BY_NAME = new Map(CONTRACT_TYPES.map((t) => [t.name.toLowerCase(), t.id]));

export function contractTypeName(id: number): string | undefined {
  return BY_ID.get(id);
}

export function isKnownContractType(id: number): boolean {
  return BY_ID.has(id);
}

/**
 * A contract type from its id (number or decimal text) or its name. Names match without regard to
 * case and may leave off the `Contract` suffix: `TransferAsset`, `transferassetcontract` and `2`
 * are the same type.
 */
export function parseContractType(input: string | number, what = 'contract type'): number {
  if (typeof input === 'number' || /^\d+$/.test(String(input))) {
    const id = Number(input);
    if (!Number.isInteger(id) || !BY_ID.has(id)) fail('INVALID_INPUT', `${what}: ${String(input).length <= 12 ? String(input) : excerpt(String(input))} is not a contract type id`);
    return id;
  }
  if (typeof input !== 'string') badArgument(`${what}: expected a name or id`, what);
  const key = input.trim().toLowerCase();
  const id = BY_NAME.get(key) ?? BY_NAME.get(`${key}contract`);
  if (id === undefined) fail('INVALID_INPUT', `${what}: ${excerpt(input)} is not a contract type name`);
  return id;
}

/** The contracts Airlock builds and can show a person from their bytes. */
export const SUPPORTED_CONTRACTS = {
  TransferContract: TransferContractSchema,
  TransferAssetContract: TransferAssetContractSchema,
  AssetIssueContract: AssetIssueContractSchema,
  ParticipateAssetIssueContract: ParticipateAssetIssueContractSchema,
  AccountPermissionUpdateContract: AccountPermissionUpdateContractSchema,
} as const satisfies Record<string, DescMessage>;

export type SupportedContractName = keyof typeof SUPPORTED_CONTRACTS;

export function isSupportedContractName(name: string): name is SupportedContractName {
  return Object.prototype.hasOwnProperty.call(SUPPORTED_CONTRACTS, name);
}

export function typeUrlFor(name: string): string {
  return TYPE_URL_PREFIX + name;
}

/** The full message name in a type URL: the part after the last `/`, which is all the node's `Any.is` reads. */
function typeUrlMessageName(typeUrl: string): string {
  return typeUrl.slice(typeUrl.lastIndexOf('/') + 1);
}

/**
 * The contract a type URL names as the node decides it: the full name after the last `/` must be
 * exactly `protocol.<Name>` (any host before it is ignored). Anything else names no contract
 * (undefined): `x/TransferContract` is not `protocol.TransferContract` to `Any.is`.
 */
export function contractNameOfTypeUrl(typeUrl: string): string | undefined {
  const full = typeUrlMessageName(typeUrl);
  return full.startsWith('protocol.') ? full.slice('protocol.'.length) : undefined;
}
