/**
 * The product's public data shapes for what a signer sees (docs/decisions.md §6 part 3): a transaction decoded
 * from its bytes, a permission, and the approval state of a multi-signature transaction. The CLI's
 * `tx inspect` prints them and the station's API (docs/decisions.md §8) returns them unchanged, so they are
 * documented here as a contract:
 *
 * - Every result is plain JSON: strings, numbers (only for values that fit a safe integer: ids,
 *   indexes, sizes, precision), booleans, null, arrays and objects. No bigint (int64 values are
 *   decimal strings), no Uint8Array (bytes are lowercase hex), no protobuf message. JSON.parse(
 *   JSON.stringify(view)) equals the view.
 * - Addresses are `AddressView` {hex, base58|null}; times `TimeView` {ms (decimal text), iso|null};
 *   text from the chain `TextView` {text (escaped) | null, escaped, hex} or, for a permission name,
 *   escaped text with an `…Escaped` flag (escape.ts). Nothing a person reads can carry a bidi
 *   override or control character unescaped.
 * - Absent optional things are null, never missing keys, so a client can rely on every key.
 *
 * `TransactionView` (transactionView(tx, options)):
 *   txID, kind (contract type name), kindId, title (plain words: "Transfer", "Token transfer"…),
 *   summary (one sentence: who does what with how much), permissionId, owner, contract (the
 *   contract's own view: TransferView | AssetIssueView | ParticipateView | TransferAssetTokenView |
 *   PermissionUpdateView, each with a `contract` discriminator; any other contract {contract} only),
 *   fields (the field table in words, every contract type: shared/contracts/describe.ts), refBlock {bytes, hash},
 *   timestamp, expiration {ms, iso, expired, msLeft} (expired/msLeft null without `now`), memo
 *   (TextView | null), feeLimit, rawDataHex, size (bytes of the signed transaction without `ret`),
 *   signatures [{index, signer: AddressView | null, error: {code, message} | null}].
 * `PermissionView` (permissionView(p)): type, id, name, nameEscaped, threshold, keys [{address,
 *   weight}], operations {hex, names, unknown} | null.
 * `ApprovalView` (approvalView(tx, account)): result {code, message|null} (getsignweight's code),
 *   permission (PermissionView | null), threshold, weight (collected), missing, enough, signers
 *   [{address, weight}], canStillSign [{address, weight}] (keys that have not signed, key order),
 *   canComplete (whether those keys together can still reach the threshold).
 *
 * Invariant: a transaction view is decoded from the signed bytes only (DESIGN.md decision 2), and
 * no more than MAX_SIGNATURES (TOTAL_SIGN_NUM) signatures are ever recovered for one view (a file with thousands of
 * signatures is refused before the first recovery).
 */
import { fromBinary } from '@bufbuild/protobuf';
import {
  AccountPermissionUpdateContractSchema,
  AssetIssueContractSchema,
  ParticipateAssetIssueContractSchema,
  TransferAssetContractSchema,
  TransferContractSchema,
  type AccountPermissionUpdateContract,
  type ParticipateAssetIssueContract,
  type TransferAssetContract,
} from '../gen/protocol/contract_pb.ts';
import { PermissionSchema, PermissionTypeSchema, type Permission } from '../gen/protocol/core_pb.ts';
import { bytesToHex, equalBytes, hexToBytes } from '../base/bytes.ts';
import { AirlockError } from '../base/errors.ts';
import { contractTypeName, isKnownContractType, UNKNOWN_CONTRACT_KIND, type SupportedContractName, type TransactionKind } from '../chain/contract-types.ts';
import { CONTRACT_WORDS } from '../contracts/describe.ts';
import { row, type Description, type FieldRow, type SigningWarning } from '../contracts/fields.ts';
import type { ContractFacts } from '../contracts/abi-words.ts';
import { sunInWords } from '../base/amount.ts';
import { addressView, formatUnits, textView, timeView, type AddressView, type TextView, type TimeView } from '../base/display.ts';
import { escapeText, hasUnsafeText } from '../base/escape.ts';
import { badArgument, int32Input, isRecord, kindOf } from '../chain/input.ts';
import { recoverSigner } from '../chain/verify.ts';
import { hasOperation } from '../chain/operations.ts';
import { signWeight, type AccountPermissions, type SignWeightCode } from '../approval/authorization.ts';
import {
  broadcastSize,
  checkSignatureCount,
  decodeRawShowingUnknown,
  isUnknownContract,
  type DecodedTransaction,
  type SignedTransaction,
  type UnknownContractTransaction,
} from '../chain/transaction.ts';
import { describeTransfer, type TransferView } from '../contracts/transfer.ts';
import {
  describeAssetIssue,
  describeParticipate,
  describeTransferAsset,
  participateExchange,
  type AssetIssueView,
  type ParticipateView,
  type TransferAssetView,
} from '../contracts/token.ts';
import { HIGH_FEE_LIMIT_SUN, MAX_PRECISION, MAX_SHOWN_TYPE_URL } from '../base/limits.ts';

// ---------------------------------------------------------------------------------------------
// Permissions

export interface PermissionKeyView {
  address: AddressView;
  /** int64, decimal text. */
  weight: string;
}

export interface PermissionView {
  /** Owner, Executive, Active, or Unknown(<n>) for a type this version does not know. */
  type: string;
  id: number;
  /** The name with control and bidi characters escaped (escape.ts `escapeText`). */
  name: string;
  /** True when the name had characters that had to be escaped: a UI warns. */
  nameEscaped: boolean;
  /** int64, decimal text. */
  threshold: string;
  keys: PermissionKeyView[];
  /** Null when the permission has no operations (owner, executive). `unknown`: set bits that name no contract type. */
  operations: { hex: string; names: string[]; unknown: number[] } | null;
}

export function permissionView(p: Permission): PermissionView {
  if (!isRecord(p) || (p as { $typeName?: unknown }).$typeName !== PermissionSchema.typeName) {
    badArgument(`permissionView: expected a Permission message, got ${kindOf(p)}`, 'permission');
  }
  let operations: PermissionView['operations'] = null;
  if (p.operations.length > 0) {
    const names: string[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < p.operations.length * 8; i++) {
      if (!hasOperation(p.operations, i)) continue;
      if (isKnownContractType(i)) names.push(contractTypeName(i)!);
      else unknown.push(i);
    }
    operations = { hex: bytesToHex(p.operations), names, unknown };
  }
  return {
    type: PermissionTypeSchema.values.find((v) => v.number === p.type)?.name ?? `Unknown(${p.type})`,
    id: p.id,
    name: escapeText(p.permissionName),
    nameEscaped: hasUnsafeText(p.permissionName),
    threshold: p.threshold.toString(),
    keys: p.keys.map((k) => ({ address: addressView(k.address), weight: k.weight.toString() })),
    operations,
  };
}

export interface PermissionUpdateView {
  contract: 'AccountPermissionUpdateContract';
  owner: AddressView;
  ownerPermission: PermissionView | null;
  executive: PermissionView | null;
  actives: PermissionView[];
}

export function permissionUpdateView(c: AccountPermissionUpdateContract): PermissionUpdateView {
  if (!isRecord(c) || (c as { $typeName?: unknown }).$typeName !== AccountPermissionUpdateContractSchema.typeName) {
    badArgument(`permissionUpdateView: expected an AccountPermissionUpdateContract message, got ${kindOf(c)}`, 'contract');
  }
  return {
    contract: 'AccountPermissionUpdateContract',
    owner: addressView(c.ownerAddress),
    ownerPermission: c.owner ? permissionView(c.owner) : null,
    executive: c.executive ? permissionView(c.executive) : null,
    actives: c.actives.map(permissionView),
  };
}

// ---------------------------------------------------------------------------------------------
// Transactions

/** What the station knows about a token from chain state: how to show its amounts. */
export interface TokenInfo {
  /** Decimal places, 0-6. */
  precision: number;
  name?: string;
  abbr?: string;
  /** The token's price, when known: coinNum smallest coin units buy num smallest token units. */
  coinNum?: number;
  num?: number;
}

export interface TokenInfoView {
  id: string;
  precision: number;
  /** Escaped (escape.ts), null when not given. */
  name: string | null;
  abbr: string | null;
}

export interface TransferAssetTokenView extends TransferAssetView {
  /** The token as the caller described it, or null when no metadata was given for this id. */
  token: TokenInfoView | null;
  /** The amount in whole tokens ("1.5") with the token's precision, or null without metadata. */
  amountTokens: string | null;
}

export interface ParticipateTokenView extends ParticipateView {
  token: TokenInfoView | null;
  /** Smallest token units bought, decimal, when the token's price was given; else null. */
  tokensBought: string | null;
}

/** The contracts with a view of their own; every other one is shown by its field table (`TransactionView.fields`). */
export type OwnViewContractName =
  'TransferContract' | 'TransferAssetContract' | 'ParticipateAssetIssueContract' | 'AssetIssueContract' | 'AccountPermissionUpdateContract';

/** Any other contract: its name only; what it does is in the transaction's summary and field table. */
export interface OtherContractView {
  contract: Exclude<SupportedContractName, OwnViewContractName>;
}

/**
 * A contract of a type Airlock has no message for (docs/decisions.md §17): what can be said without decoding it.
 * Its transaction's warnings carry `unknown-contract-type`, which needs the signer's override.
 */
export interface UnknownContractView {
  contract: typeof UNKNOWN_CONTRACT_KIND;
  typeId: number;
  /** The Any's type URL, escaped and cut to MAX_SHOWN_TYPE_URL characters. */
  typeUrl: string;
  /** Bytes of the undecoded value. */
  size: number;
}

export type ContractView =
  TransferView | AssetIssueView | ParticipateTokenView | TransferAssetTokenView | PermissionUpdateView | OtherContractView | UnknownContractView;

/** An unknown contract's type URL as every screen shows it: cut to MAX_SHOWN_TYPE_URL characters, escaped. */
export function shownTypeUrl(url: string): string {
  return escapeText(url.length <= MAX_SHOWN_TYPE_URL ? url : `${url.slice(0, MAX_SHOWN_TYPE_URL)}…`);
}

/** The words for a contract this version cannot decode: its id, URL and size, and the override it needs. */
function unknownContractWords(d: UnknownContractTransaction): { view: UnknownContractView; title: string; described: Description } {
  const typeUrl = shownTypeUrl(d.unknown.typeUrl);
  const view: UnknownContractView = { contract: UNKNOWN_CONTRACT_KIND, typeId: d.unknown.typeId, typeUrl, size: d.unknown.size };
  const what = `Unknown contract type ${view.typeId} (${typeUrl}, ${view.size} bytes)`;
  const owner = addressView(d.ownerAddress);
  return {
    view,
    title: 'Unknown contract type',
    described: {
      summary: `${what} from ${who(owner)}`,
      fields: [
        row('raw_data.contract[0].type', 'Contract type', `${view.typeId} (unknown to this version of Airlock)`),
        row('raw_data.contract[0].parameter.type_url', 'Type URL', typeUrl),
        row('raw_data.contract[0].parameter.value', 'Contract bytes', `${view.size} bytes, not decoded`),
        { ...row('raw_data.contract[0].parameter.value.owner_address', 'Owner (field 1 of the bytes)', who(owner)), address: owner },
      ],
      warnings: [
        {
          risk: 'unknown-contract-type',
          text: `${what}: Airlock cannot say in words what signing it does`,
          needsOverride: true,
        },
      ],
    },
  };
}

export interface ExpirationView extends TimeView {
  /** expiration ≤ now; null when no `now` was given. */
  expired: boolean | null;
  /** expiration − now in ms, decimal (negative once expired); null when no `now` was given. */
  msLeft: string | null;
}

export interface SignatureView {
  index: number;
  /** The recovered signer, or null when the signature does not recover (see error). */
  signer: AddressView | null;
  error: { code: string; message: string } | null;
}

export interface TransactionView {
  txID: string;
  kind: TransactionKind;
  kindId: number;
  /** The kind in plain words. */
  title: string;
  /** One sentence in plain words; names escaped. */
  summary: string;
  permissionId: number;
  owner: AddressView;
  contract: ContractView;
  /** The contract's field table in words (shared/contracts/describe.ts): every type has one; a fee limit other than 0 ends it. */
  fields: FieldRow[];
  /** What must be flagged before signing; `needsOverride` ones are refused unless the signer accepts the risk by name. */
  warnings: SigningWarning[];
  refBlock: { bytes: string; hash: string };
  timestamp: TimeView;
  expiration: ExpirationView;
  /** raw.data (the memo), or null when empty. */
  memo: TextView | null;
  /** int64, decimal text. */
  feeLimit: string;
  rawDataHex: string;
  /** Bytes the node counts against its limit: the signed transaction without `ret`, plus its allowance for results. */
  size: number;
  signatures: SignatureView[];
}

export interface TransactionViewOptions {
  /** ms since the epoch: decides `expiration.expired` and `msLeft`. */
  now?: number;
  /** Token metadata by token id, to show token amounts with their precision. */
  tokens?: Readonly<Record<string, TokenInfo>>;
  /** Address-book labels by address hex, shown beside addresses in the summary of other contracts and in the field table. */
  labels?: Readonly<Record<string, string>>;
  /** The station's list of smart contracts by address hex: names, imported ABIs, TRC-20 facts (shared/contracts/abi-words.ts). */
  contracts?: Readonly<Record<string, ContractFacts>>;
}

function tokenInfo(tokens: TransactionViewOptions['tokens'], id: string | null): TokenInfo | undefined {
  if (tokens === undefined || id === null || !Object.hasOwn(tokens, id)) return undefined;
  const t = tokens[id]!;
  if (!isRecord(t)) badArgument(`transactionView: tokens[${id}] must be an object, got ${kindOf(t)}`, `tokens.${id}`);
  int32Input(t.precision, `tokens.${id}.precision`, { min: 0, max: MAX_PRECISION });
  return t;
}

function tokenInfoView(id: string, t: TokenInfo): TokenInfoView {
  return {
    id,
    precision: t.precision,
    name: typeof t.name === 'string' ? escapeText(t.name) : null,
    abbr: typeof t.abbr === 'string' ? escapeText(t.abbr) : null,
  };
}

function who(a: AddressView): string {
  return a.base58 ?? `0x${a.hex}`;
}

function contractView(d: DecodedTransaction, options: TransactionViewOptions): { view: ContractView; summary: string } {
  switch (d.contractType) {
    case 'TransferContract': {
      const v = describeTransfer(fromBinary(TransferContractSchema, d.raw.contract[0]!.parameter!.value));
      return { view: v, summary: `Send ${v.amountCoin} TRX from ${who(v.owner)} to ${who(v.to)}` };
    }
    case 'TransferAssetContract': {
      const c: TransferAssetContract = fromBinary(TransferAssetContractSchema, d.raw.contract[0]!.parameter!.value);
      const base = describeTransferAsset(c);
      const info = tokenInfo(options.tokens, base.tokenId);
      const amountTokens = info ? formatUnits(c.amount, info.precision) : null;
      const v: TransferAssetTokenView = { ...base, token: info ? tokenInfoView(base.tokenId!, info) : null, amountTokens };
      const what =
        amountTokens !== null
          ? `${amountTokens} ${v.token!.abbr ?? v.token!.name ?? 'tokens'} (token ${base.tokenId})`
          : `${base.amount} smallest units of token ${base.tokenId ?? `with asset_name ${base.assetName.hex}`}`;
      return { view: v, summary: `Send ${what} from ${who(v.owner)} to ${who(v.to)}` };
    }
    case 'ParticipateAssetIssueContract': {
      const c: ParticipateAssetIssueContract = fromBinary(ParticipateAssetIssueContractSchema, d.raw.contract[0]!.parameter!.value);
      const base = describeParticipate(c);
      const info = tokenInfo(options.tokens, base.tokenId);
      let tokensBought: string | null = null;
      if (info && info.num !== undefined && info.coinNum !== undefined) {
        try {
          tokensBought = participateExchange(c.amount, info.num, info.coinNum).toString();
        } catch (e) {
          // A price that buys nothing (or overflows) is shown as unknown; the node refuses it anyway.
          if (!(e instanceof AirlockError)) throw e;
        }
      }
      const v: ParticipateTokenView = { ...base, token: info ? tokenInfoView(base.tokenId!, info) : null, tokensBought };
      return { view: v, summary: `Pay ${v.amountCoin} TRX to ${who(v.issuer)} for token ${base.tokenId ?? base.assetName.hex}, from ${who(v.owner)}` };
    }
    case 'AssetIssueContract': {
      const v = describeAssetIssue(fromBinary(AssetIssueContractSchema, d.raw.contract[0]!.parameter!.value));
      const name = v.name.text ?? `0x${v.name.hex}`;
      const supply = v.totalSupplyTokens ?? `${v.totalSupply} smallest units`;
      return { view: v, summary: `Issue token ${name} with a total supply of ${supply}, owned by ${who(v.owner)}` };
    }
    case 'AccountPermissionUpdateContract': {
      const v = permissionUpdateView(fromBinary(AccountPermissionUpdateContractSchema, d.raw.contract[0]!.parameter!.value));
      const owner = v.ownerPermission ? `owner needs ${v.ownerPermission.threshold} of ${v.ownerPermission.keys.length} key(s)` : 'no owner permission';
      return {
        view: v,
        summary: `Replace the permissions of ${who(v.owner)}: ${owner}, ${v.actives.length} active permission(s)${v.executive ? ', an executive permission' : ''}`,
      };
    }
    default: {
      const { summary } = CONTRACT_WORDS[d.contractType].describe(d.contract, options);
      return { view: { contract: d.contractType }, summary };
    }
  }
}

function signatureViews(signatures: readonly Uint8Array[], txId: Uint8Array): SignatureView[] {
  return signatures.map((sig, index) => {
    try {
      return { index, signer: addressView(recoverSigner(sig, txId)), error: null };
    } catch (e) {
      if (!(e instanceof AirlockError)) throw e;
      return { index, signer: null, error: { code: e.code, message: e.message } };
    }
  });
}

/** The view of a signed (or unsigned) transaction, decoded strictly from its bytes. */
export function transactionView(tx: SignedTransaction, options: TransactionViewOptions = {}): TransactionView {
  if (!isRecord(tx) || !(tx.rawBytes instanceof Uint8Array) || !Array.isArray(tx.signatures)) {
    badArgument(`transactionView: expected a transaction {rawBytes, signatures}, got ${kindOf(tx)}`, 'tx');
  }
  checkSignatureCount(tx.signatures.length);
  tx.signatures.forEach((s, i) => {
    if (!(s instanceof Uint8Array)) badArgument(`transactionView: signatures[${i}] must be bytes`, `signatures[${i}]`);
  });
  if (options.now !== undefined && !Number.isSafeInteger(options.now)) badArgument('transactionView: now must be ms since the epoch', 'now');
  if (options.labels !== undefined && !isRecord(options.labels))
    badArgument(`transactionView: labels must be an object, got ${kindOf(options.labels)}`, 'labels');
  if (options.contracts !== undefined && !isRecord(options.contracts))
    badArgument(`transactionView: contracts must be an object, got ${kindOf(options.contracts)}`, 'contracts');
  // Tolerant of an unknown contract type (shown as unknown, with a warning that needs an override);
  // a known type with bad bytes is refused as by decodeRaw.
  const d = decodeRawShowingUnknown(tx.rawBytes);
  let view: ContractView;
  let title: string;
  let described: Description;
  if (isUnknownContract(d)) {
    ({ view, title, described } = unknownContractWords(d));
  } else {
    const words = CONTRACT_WORDS[d.contractType];
    const own = contractView(d, options);
    view = own.view;
    title = words.title;
    described = { ...words.describe(d.contract, options), summary: own.summary };
  }
  const summary = described.summary;
  // docs/decisions.md §24: a call's fee limit is shown even at 0 (it then burns no TRX for energy and fails
  // unless staked energy covers it); one far above any real cost is a warning.
  const isCall = d.contractType === 'TriggerSmartContract' || d.contractType === 'CreateSmartContract';
  const feeText =
    d.raw.feeLimit === 0n ? '0 TRX: the call may burn no TRX for energy, so it fails unless the account has energy staked for it' : sunInWords(d.raw.feeLimit);
  const fields =
    d.raw.feeLimit === 0n && !isCall
      ? described.fields
      : [...described.fields, row('raw_data.fee_limit', 'Fee limit (the most TRX the call may burn)', feeText)];
  const warnings: SigningWarning[] = [...(described.warnings ?? [])];
  if (d.raw.feeLimit > HIGH_FEE_LIMIT_SUN)
    warnings.push({
      risk: 'high-fee-limit',
      text: `The fee limit lets this transaction burn up to ${sunInWords(d.raw.feeLimit)}, far above what a real call costs (a token transfer burns tens of TRX); check that this is meant`,
      needsOverride: false,
    });
  const expiration = d.raw.expiration;
  const now = options.now === undefined ? undefined : BigInt(options.now);
  return {
    txID: bytesToHex(d.txId),
    kind: d.contractType,
    kindId: d.contractTypeId,
    title,
    summary,
    permissionId: d.permissionId,
    owner: addressView(d.ownerAddress),
    contract: view,
    fields,
    warnings,
    refBlock: { bytes: bytesToHex(d.raw.refBlockBytes), hash: bytesToHex(d.raw.refBlockHash) },
    timestamp: timeView(d.raw.timestamp),
    expiration: {
      ...timeView(expiration),
      expired: now === undefined ? null : expiration <= now,
      msLeft: now === undefined ? null : (expiration - now).toString(),
    },
    memo: d.raw.data.length > 0 ? textView(d.raw.data) : null,
    feeLimit: d.raw.feeLimit.toString(),
    rawDataHex: bytesToHex(tx.rawBytes),
    size: broadcastSize(tx),
    signatures: signatureViews(tx.signatures, d.txId),
  };
}

/**
 * `view` (built by transactionView) brought up to date with the signatures `tx` now carries (its
 * signature list and size, the only parts a signature changes) and, given `now`, with the time left.
 * A station that signs builds the view once, for the warnings the signer accepts, and shows it with
 * the new signatures after. Refused unless `tx` is the same transaction (its raw bytes are the view's).
 */
export function withSignatures(view: TransactionView, tx: SignedTransaction, now?: number): TransactionView {
  if (!isRecord(tx) || !(tx.rawBytes instanceof Uint8Array) || !Array.isArray(tx.signatures)) {
    badArgument(`withSignatures: expected a transaction {rawBytes, signatures}, got ${kindOf(tx)}`, 'tx');
  }
  if (bytesToHex(tx.rawBytes) !== view.rawDataHex) badArgument('withSignatures: the transaction is not the one the view shows', 'tx');
  checkSignatureCount(tx.signatures.length);
  tx.signatures.forEach((s, i) => {
    if (!(s instanceof Uint8Array)) badArgument(`withSignatures: signatures[${i}] must be bytes`, `signatures[${i}]`);
  });
  if (now !== undefined && !Number.isSafeInteger(now)) badArgument('withSignatures: now must be ms since the epoch', 'now');
  const expiration = BigInt(view.expiration.ms);
  return {
    ...view,
    ...(now !== undefined && { expiration: { ...view.expiration, expired: expiration <= BigInt(now), msLeft: (expiration - BigInt(now)).toString() } }),
    size: broadcastSize(tx),
    signatures: signatureViews(tx.signatures, hexToBytes(view.txID)),
  };
}

// ---------------------------------------------------------------------------------------------
// Approval

export interface ApprovalView {
  /** getsignweight's verdict; with anything but ENOUGH/NOT_ENOUGH_PERMISSION the signer lists are empty. */
  result: { code: SignWeightCode; message: string | null };
  permission: PermissionView | null;
  /** int64, decimal text; null without a permission. */
  threshold: string | null;
  /** The weight the valid signatures collected, decimal ("0" when they could not be checked). */
  weight: string;
  /** max(0, threshold − weight), decimal; "0" without a permission. */
  missing: string;
  enough: boolean;
  /** Who signed, in signature order, with their weight. */
  signers: PermissionKeyView[];
  /** Keys of the permission that have not signed, in key order. */
  canStillSign: PermissionKeyView[];
  /** True when the keys that have not signed together carry at least the missing weight. */
  canComplete: boolean;
}

/**
 * Who signed with what weight, what is collected and missing, and which unsigned keys could still
 * complete it, against `account`'s permissions (undefined: the account does not exist). More
 * signatures than the permission has keys are refused before any is recovered (signWeight's
 * PERMISSION_ERROR, the node's message), so the view never recovers more than 5.
 */
export function approvalView(tx: SignedTransaction, account: AccountPermissions | undefined): ApprovalView {
  const sw = signWeight(tx, account);
  const permission = sw.permission;
  const checked = sw.approvedList !== undefined && sw.currentWeight !== undefined;
  const weight = checked ? sw.currentWeight! : 0n;
  const weightOf = (address: Uint8Array): bigint => permission?.keys.find((k) => equalBytes(k.address, address))?.weight ?? 0n;
  const signers = checked && permission ? sw.approvedList!.map((address) => ({ address: addressView(address), weight: weightOf(address).toString() })) : [];
  const unsigned = checked && permission ? permission.keys.filter((k) => !sw.approvedList!.some((a) => equalBytes(a, k.address))) : [];
  const threshold = permission?.threshold;
  const missing = threshold === undefined || weight >= threshold ? 0n : threshold - weight;
  const reachable = unsigned.reduce((sum, k) => sum + k.weight, 0n);
  return {
    result: { code: sw.result.code, message: sw.result.message ?? null },
    permission: permission ? permissionView(permission) : null,
    threshold: threshold === undefined ? null : threshold.toString(),
    weight: weight.toString(),
    missing: missing.toString(),
    enough: sw.result.code === 'ENOUGH_PERMISSION',
    signers,
    canStillSign: unsigned.map((k) => ({ address: addressView(k.address), weight: k.weight.toString() })),
    canComplete: sw.result.code === 'ENOUGH_PERMISSION' || (checked && permission !== undefined && reachable >= missing),
  };
}
