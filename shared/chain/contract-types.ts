/**
 * Contract type ids and names (PROTOCOL.md §1.1) and the message of every contract type the
 * reference node defines one for (docs/decisions.md §17): the one registry decodeRaw, the node JSON, the dialect
 * and the views read. A type id is also the bit index in a permission's operations mask (spec
 * §4.9), so the list here is the one source for both. Any type URLs are
 * `type.googleapis.com/protocol.<Name>` (§1.2).
 *
 * Invariant: a contract type is decoded only through the message registered here for its name, so
 * a type with no message (CustomContract 20, GetContract 32: the reference node defines none) or an
 * id this version does not know is never decoded, shown or signed: `refuseUnknownContract` is the
 * one place that refusal is made, and the hook a later signer override will go through.
 */
import type { DescMessage, Message } from '@bufbuild/protobuf';
import {
  AccountPermissionUpdateContractSchema,
  AssetIssueContractSchema,
  ParticipateAssetIssueContractSchema,
  TransferAssetContractSchema,
  TransferContractSchema,
} from '../gen/protocol/contract_pb.ts';
import { AccountCreateContractSchema, AccountUpdateContractSchema, SetAccountIdContractSchema } from '../gen/protocol/account_contract_pb.ts';
import { UnfreezeAssetContractSchema, UpdateAssetContractSchema } from '../gen/protocol/asset_contract_pb.ts';
import {
  CancelAllUnfreezeV2ContractSchema,
  DelegateResourceContractSchema,
  FreezeBalanceContractSchema,
  FreezeBalanceV2ContractSchema,
  UnDelegateResourceContractSchema,
  UnfreezeBalanceContractSchema,
  UnfreezeBalanceV2ContractSchema,
  WithdrawBalanceContractSchema,
  WithdrawExpireUnfreezeContractSchema,
} from '../gen/protocol/balance_contract_pb.ts';
import {
  UpdateBrokerageContractSchema,
  VoteAssetContractSchema,
  VoteWitnessContractSchema,
  WitnessCreateContractSchema,
  WitnessUpdateContractSchema,
} from '../gen/protocol/executive_contract_pb.ts';
import {
  ExchangeCreateContractSchema,
  ExchangeInjectContractSchema,
  ExchangeTransactionContractSchema,
  ExchangeWithdrawContractSchema,
} from '../gen/protocol/exchange_contract_pb.ts';
import { MarketCancelOrderContractSchema, MarketSellAssetContractSchema } from '../gen/protocol/market_contract_pb.ts';
import { ProposalApproveContractSchema, ProposalCreateContractSchema, ProposalDeleteContractSchema } from '../gen/protocol/proposal_contract_pb.ts';
import { ShieldedTransferContractSchema } from '../gen/protocol/shield_contract_pb.ts';
import {
  ClearABIContractSchema,
  CreateSmartContractSchema,
  TriggerSmartContractSchema,
  UpdateEnergyLimitContractSchema,
  UpdateSettingContractSchema,
} from '../gen/protocol/smart_contract_pb.ts';
import { Transaction_Contract_ContractTypeSchema } from '../gen/protocol/core_pb.ts';
import { excerpt, fail } from '../base/errors.ts';
import { badArgument } from './input.ts';

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
    if (!Number.isInteger(id) || !BY_ID.has(id))
      fail('INVALID_INPUT', `${what}: ${String(input).length <= 12 ? String(input) : excerpt(String(input))} is not a contract type id`);
    return id;
  }
  if (typeof input !== 'string') badArgument(`${what}: expected a name or id`, what);
  const key = input.trim().toLowerCase();
  const id = BY_NAME.get(key) ?? BY_NAME.get(`${key}contract`);
  if (id === undefined) fail('INVALID_INPUT', `${what}: ${excerpt(input)} is not a contract type name`);
  return id;
}

/**
 * Every contract Airlock decodes strictly and can show a person from its bytes: each contract type
 * of the reference node that has a message, in type-id order. The message name is the type name.
 */
export const SUPPORTED_CONTRACTS = {
  AccountCreateContract: AccountCreateContractSchema,
  TransferContract: TransferContractSchema,
  TransferAssetContract: TransferAssetContractSchema,
  VoteAssetContract: VoteAssetContractSchema,
  VoteWitnessContract: VoteWitnessContractSchema,
  WitnessCreateContract: WitnessCreateContractSchema,
  AssetIssueContract: AssetIssueContractSchema,
  WitnessUpdateContract: WitnessUpdateContractSchema,
  ParticipateAssetIssueContract: ParticipateAssetIssueContractSchema,
  AccountUpdateContract: AccountUpdateContractSchema,
  FreezeBalanceContract: FreezeBalanceContractSchema,
  UnfreezeBalanceContract: UnfreezeBalanceContractSchema,
  WithdrawBalanceContract: WithdrawBalanceContractSchema,
  UnfreezeAssetContract: UnfreezeAssetContractSchema,
  UpdateAssetContract: UpdateAssetContractSchema,
  ProposalCreateContract: ProposalCreateContractSchema,
  ProposalApproveContract: ProposalApproveContractSchema,
  ProposalDeleteContract: ProposalDeleteContractSchema,
  SetAccountIdContract: SetAccountIdContractSchema,
  CreateSmartContract: CreateSmartContractSchema,
  TriggerSmartContract: TriggerSmartContractSchema,
  UpdateSettingContract: UpdateSettingContractSchema,
  ExchangeCreateContract: ExchangeCreateContractSchema,
  ExchangeInjectContract: ExchangeInjectContractSchema,
  ExchangeWithdrawContract: ExchangeWithdrawContractSchema,
  ExchangeTransactionContract: ExchangeTransactionContractSchema,
  UpdateEnergyLimitContract: UpdateEnergyLimitContractSchema,
  AccountPermissionUpdateContract: AccountPermissionUpdateContractSchema,
  ClearABIContract: ClearABIContractSchema,
  UpdateBrokerageContract: UpdateBrokerageContractSchema,
  ShieldedTransferContract: ShieldedTransferContractSchema,
  MarketSellAssetContract: MarketSellAssetContractSchema,
  MarketCancelOrderContract: MarketCancelOrderContractSchema,
  FreezeBalanceV2Contract: FreezeBalanceV2ContractSchema,
  UnfreezeBalanceV2Contract: UnfreezeBalanceV2ContractSchema,
  WithdrawExpireUnfreezeContract: WithdrawExpireUnfreezeContractSchema,
  DelegateResourceContract: DelegateResourceContractSchema,
  UnDelegateResourceContract: UnDelegateResourceContractSchema,
  CancelAllUnfreezeV2Contract: CancelAllUnfreezeV2ContractSchema,
} as const satisfies Record<string, DescMessage>;

/**
 * Contract types of the reference node that have no message there (CustomContract 20, GetContract
 * 32): nothing can decode them, so they are refused like an unknown id.
 */
export const CONTRACT_TYPES_WITHOUT_MESSAGE: readonly string[] = CONTRACT_TYPES.map((t) => t.name).filter((n) => !Object.hasOwn(SUPPORTED_CONTRACTS, n));

/**
 * The address that signs a contract: owner_address, except the shielded transfer, whose transparent
 * sender signs (empty for a purely shielded one, which no account permission signs).
 */
export function contractSigner(name: SupportedContractName, contract: Message): Uint8Array {
  const c = contract as unknown as { ownerAddress?: Uint8Array; transparentFromAddress?: Uint8Array };
  return (name === 'ShieldedTransferContract' ? c.transparentFromAddress : c.ownerAddress) ?? new Uint8Array();
}

/**
 * The one refusal of a contract Airlock cannot decode: an id with no message here, or a type URL
 * naming none. It names the type id and the size of its bytes, and carries them as details
 * ({contractType, typeName, typeUrl, size}) for the later signer override (docs/decisions.md §17: signing an
 * undecoded contract only with a named risk, written to the audit log), which will catch exactly
 * this error.
 */
export function refuseUnknownContract(typeId: number | null, typeUrl: string, size: number, field = 'raw_data.contract[0]'): never {
  const name = typeId === null ? undefined : contractTypeName(typeId);
  const shownUrl = typeUrl.length <= 100 ? typeUrl : excerpt(typeUrl, 100);
  const what =
    typeId === null
      ? `type URL ${shownUrl} (no contract type this version knows)`
      : name === undefined
        ? `contract type ${typeId} (not a type of this chain)`
        : `contract type ${typeId} (${name}, which has no message to decode)`;
  fail('UNSUPPORTED_CONTRACT', `${field}: ${what}, ${size} bytes: Airlock cannot show it in words, so it will not sign it`, {
    field,
    contractType: typeId,
    typeName: name ?? null,
    typeUrl: shownUrl,
    size,
  });
}

export type SupportedContractName = keyof typeof SUPPORTED_CONTRACTS;

/**
 * The kind a station stores and shows for a contract of a type it has no message for (docs/decisions.md §17):
 * not a contract name of the chain, so it can never be mistaken for one.
 */
export const UNKNOWN_CONTRACT_KIND = 'UnknownContract' as const;
/** What a stored or shown transaction's kind can be: a supported contract or the unknown one. */
export type TransactionKind = SupportedContractName | typeof UNKNOWN_CONTRACT_KIND;

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
