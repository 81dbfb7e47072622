/**
 * valibot schemas of the JSON-safe views of shared/views/view.ts, shared/base/display.ts, shared/contracts/transfer.ts
 * and shared/contracts/token.ts (docs/decisions.md §8 "Values are the JSON-safe views of shared/"): the station API's
 * result schemas are built from them, so what crosses to the renderer is exactly a view.
 *
 * Invariant: each schema's output type and its view interface are mutually assignable; the type
 * test test/integration/station-api.types.ts fails to compile the moment either side gains, loses or changes
 * a field. Only type imports from the view modules, so the renderer's bundle does not pull in the
 * protobuf decoders through this file.
 */
import * as v from 'valibot';
import { TXID_SHOWN_RE } from '../chain/ids.ts';

// A flat character class: a grouped pattern overflows the regex engine's stack on long text.
const HEX_RE = /^[0-9a-f]*$/;

/** Lowercase hex of whole bytes, as bytesToHex writes it. */
export const hexText = v.pipe(
  v.string(),
  v.regex(HEX_RE, 'lowercase hex of whole bytes'),
  v.check((text) => text.length % 2 === 0, 'lowercase hex of whole bytes'),
);
/** An int64 as decimal text. */
export const int64Text = v.pipe(v.string(), v.regex(/^-?[0-9]{1,20}$/, 'an integer as decimal text'));
/** A txID: 64 lowercase hex digits. */
export const txIdText = v.pipe(v.string(), v.regex(TXID_SHOWN_RE, 'a txID: 64 lowercase hex digits'));

export const ADDRESS_VIEW = v.strictObject({ hex: hexText, base58: v.nullable(v.string()) });
export const TIME_VIEW = v.strictObject({ ms: int64Text, iso: v.nullable(v.string()) });
export const TEXT_VIEW = v.strictObject({ text: v.nullable(v.string()), escaped: v.boolean(), hex: hexText });

export const PERMISSION_KEY_VIEW = v.strictObject({ address: ADDRESS_VIEW, weight: int64Text });

export const PERMISSION_VIEW = v.strictObject({
  type: v.string(),
  id: v.number(),
  name: v.string(),
  nameEscaped: v.boolean(),
  threshold: int64Text,
  keys: v.array(PERMISSION_KEY_VIEW),
  operations: v.nullable(v.strictObject({ hex: hexText, names: v.array(v.string()), unknown: v.array(v.number()) })),
});

/** The contract names of shared/chain/contract-types.ts SUPPORTED_CONTRACTS (the type test keeps them equal). */
export const CONTRACT_NAMES = [
  'AccountCreateContract',
  'TransferContract',
  'TransferAssetContract',
  'VoteAssetContract',
  'VoteWitnessContract',
  'WitnessCreateContract',
  'AssetIssueContract',
  'WitnessUpdateContract',
  'ParticipateAssetIssueContract',
  'AccountUpdateContract',
  'FreezeBalanceContract',
  'UnfreezeBalanceContract',
  'WithdrawBalanceContract',
  'UnfreezeAssetContract',
  'UpdateAssetContract',
  'ProposalCreateContract',
  'ProposalApproveContract',
  'ProposalDeleteContract',
  'SetAccountIdContract',
  'CreateSmartContract',
  'TriggerSmartContract',
  'UpdateSettingContract',
  'ExchangeCreateContract',
  'ExchangeInjectContract',
  'ExchangeWithdrawContract',
  'ExchangeTransactionContract',
  'UpdateEnergyLimitContract',
  'AccountPermissionUpdateContract',
  'ClearABIContract',
  'UpdateBrokerageContract',
  'ShieldedTransferContract',
  'MarketSellAssetContract',
  'MarketCancelOrderContract',
  'FreezeBalanceV2Contract',
  'UnfreezeBalanceV2Contract',
  'WithdrawExpireUnfreezeContract',
  'DelegateResourceContract',
  'UnDelegateResourceContract',
  'CancelAllUnfreezeV2Contract',
] as const;

/** The contracts with a view of their own below; every other supported contract is shown by its field table. */
const OWN_VIEW_CONTRACTS = [
  'TransferContract',
  'TransferAssetContract',
  'ParticipateAssetIssueContract',
  'AssetIssueContract',
  'AccountPermissionUpdateContract',
] as const satisfies readonly (typeof CONTRACT_NAMES)[number][];
type OtherContractName = Exclude<(typeof CONTRACT_NAMES)[number], (typeof OWN_VIEW_CONTRACTS)[number]>;

/** The contracts shown by their field table only (shared/views/view.ts OtherContractView): CONTRACT_NAMES less those above. */
export const OTHER_CONTRACT_NAMES: readonly OtherContractName[] = CONTRACT_NAMES.filter(
  (name): name is OtherContractName => !(OWN_VIEW_CONTRACTS as readonly string[]).includes(name),
);

export const TRANSFER_VIEW = v.strictObject({
  contract: v.literal('TransferContract'),
  owner: ADDRESS_VIEW,
  to: ADDRESS_VIEW,
  amount: int64Text,
  amountCoin: v.string(),
});

const TOKEN_INFO_VIEW = v.strictObject({ id: v.string(), precision: v.number(), name: v.nullable(v.string()), abbr: v.nullable(v.string()) });

export const TRANSFER_ASSET_TOKEN_VIEW = v.strictObject({
  contract: v.literal('TransferAssetContract'),
  owner: ADDRESS_VIEW,
  to: ADDRESS_VIEW,
  tokenId: v.nullable(v.string()),
  assetName: TEXT_VIEW,
  amount: int64Text,
  token: v.nullable(TOKEN_INFO_VIEW),
  amountTokens: v.nullable(v.string()),
});

export const PARTICIPATE_TOKEN_VIEW = v.strictObject({
  contract: v.literal('ParticipateAssetIssueContract'),
  owner: ADDRESS_VIEW,
  issuer: ADDRESS_VIEW,
  tokenId: v.nullable(v.string()),
  assetName: TEXT_VIEW,
  amount: int64Text,
  amountCoin: v.string(),
  token: v.nullable(TOKEN_INFO_VIEW),
  tokensBought: v.nullable(v.string()),
});

export const ASSET_ISSUE_VIEW = v.strictObject({
  contract: v.literal('AssetIssueContract'),
  owner: ADDRESS_VIEW,
  id: v.string(),
  name: TEXT_VIEW,
  abbr: TEXT_VIEW,
  description: TEXT_VIEW,
  url: TEXT_VIEW,
  precision: v.number(),
  totalSupply: int64Text,
  totalSupplyTokens: v.nullable(v.string()),
  coinNum: v.number(),
  num: v.number(),
  startTime: TIME_VIEW,
  endTime: TIME_VIEW,
  freeAssetNetLimit: int64Text,
  publicFreeAssetNetLimit: int64Text,
  publicFreeAssetNetUsage: int64Text,
  publicLatestFreeNetTime: int64Text,
  order: int64Text,
  voteScore: v.number(),
  cdedSupply: v.array(v.strictObject({ amount: int64Text, days: int64Text, releasedAt: TIME_VIEW })),
});

export const PERMISSION_UPDATE_VIEW = v.strictObject({
  contract: v.literal('AccountPermissionUpdateContract'),
  owner: ADDRESS_VIEW,
  ownerPermission: v.nullable(PERMISSION_VIEW),
  executive: v.nullable(PERMISSION_VIEW),
  actives: v.array(PERMISSION_VIEW),
});

export const OTHER_CONTRACT_VIEW = v.strictObject({ contract: v.picklist(OTHER_CONTRACT_NAMES) });

/**
 * A stored or shown transaction's kind: a supported contract or shared/chain/contract-types.ts
 * UNKNOWN_CONTRACT_KIND (written out here so the renderer's bundle does not pull in the registry;
 * the type test keeps them equal).
 */
export const TRANSACTION_KINDS = [...CONTRACT_NAMES, 'UnknownContract'] as const;

/** A contract of a type Airlock has no message for (shared/views/view.ts UnknownContractView). */
export const UNKNOWN_CONTRACT_VIEW = v.strictObject({ contract: v.literal('UnknownContract'), typeId: v.number(), typeUrl: v.string(), size: v.number() });

export const CONTRACT_VIEW = v.variant('contract', [
  TRANSFER_VIEW,
  TRANSFER_ASSET_TOKEN_VIEW,
  PARTICIPATE_TOKEN_VIEW,
  ASSET_ISSUE_VIEW,
  PERMISSION_UPDATE_VIEW,
  OTHER_CONTRACT_VIEW,
  UNKNOWN_CONTRACT_VIEW,
]);

export const FIELD_ROW = v.strictObject({ field: v.string(), name: v.string(), value: v.string(), address: v.nullable(ADDRESS_VIEW) });

/** What a signer must see before signing (shared/contracts/fields.ts SigningWarning). */
export const SIGNING_WARNING = v.strictObject({ risk: v.string(), text: v.string(), needsOverride: v.boolean() });

export const SIGNATURE_VIEW = v.strictObject({
  index: v.number(),
  signer: v.nullable(ADDRESS_VIEW),
  error: v.nullable(v.strictObject({ code: v.string(), message: v.string() })),
});

export const TRANSACTION_VIEW = v.strictObject({
  txID: txIdText,
  kind: v.picklist(TRANSACTION_KINDS),
  kindId: v.number(),
  title: v.string(),
  summary: v.string(),
  permissionId: v.number(),
  owner: ADDRESS_VIEW,
  contract: CONTRACT_VIEW,
  fields: v.array(FIELD_ROW),
  warnings: v.array(SIGNING_WARNING),
  refBlock: v.strictObject({ bytes: hexText, hash: hexText }),
  timestamp: TIME_VIEW,
  expiration: v.strictObject({ ms: int64Text, iso: v.nullable(v.string()), expired: v.nullable(v.boolean()), msLeft: v.nullable(int64Text) }),
  memo: v.nullable(TEXT_VIEW),
  feeLimit: int64Text,
  rawDataHex: hexText,
  size: v.number(),
  signatures: v.array(SIGNATURE_VIEW),
});

/** getsignweight's codes (shared/approval/authorization.ts SignWeightCode). */
export const SIGN_WEIGHT_CODES = [
  'ENOUGH_PERMISSION',
  'NOT_ENOUGH_PERMISSION',
  'SIGNATURE_FORMAT_ERROR',
  'COMPUTE_ADDRESS_ERROR',
  'PERMISSION_ERROR',
  'OTHER_ERROR',
] as const;

export const APPROVAL_VIEW = v.strictObject({
  result: v.strictObject({ code: v.picklist(SIGN_WEIGHT_CODES), message: v.nullable(v.string()) }),
  permission: v.nullable(PERMISSION_VIEW),
  threshold: v.nullable(int64Text),
  weight: int64Text,
  missing: int64Text,
  enough: v.boolean(),
  signers: v.array(PERMISSION_KEY_VIEW),
  canStillSign: v.array(PERMISSION_KEY_VIEW),
  canComplete: v.boolean(),
});
