/**
 * The operations in words (docs/decisions.md §26 "Operations in words"): every contract type of the reference
 * node (the ids of contract-types.ts CONTRACT_TYPES, written here so the renderer's bundle needs no
 * protobuf for them) with the plain name a person reads, the group it belongs
 * to, a phrase for sentences ("send TRX") and a one-line meaning. The one home of these words: the
 * permission editor, the Accounts screen's "who can do what", the transaction view's title
 * (shared/contracts/describe.ts) and the CLI's text all read them here, and the java-tron name stays
 * beside them in small type.
 *
 * Invariant: the catalogue has exactly one entry for every contract type the reference node knows
 * (the `Record` over the generated enum's names makes a missing one a compile error, and
 * operation-catalogue.test.ts checks the ids), each in exactly one group of OPERATION_GROUPS; a
 * name or id it does not know gets no invented words (`operationWords` answers undefined).
 * Presets are lists of groups and names checked against the catalogue at load.
 */
import type { Transaction_Contract_ContractType } from '../gen/protocol/core_pb.ts';

/** The groups, in the order a screen lists them. */
export const OPERATION_GROUPS = [
  'Payments',
  'Tokens',
  'Staking and resources',
  'Voting and governance',
  'Smart contracts',
  'Account and permissions',
  'Exchange and market',
  'Block production',
] as const;
export type OperationGroup = (typeof OPERATION_GROUPS)[number];

export interface OperationWords {
  /** The contract type id (also its bit in an operations mask). */
  id: number;
  /** java-tron's name, `TransferContract`. */
  type: string;
  /** The plain name, `Transfer`: the title of a transaction of this kind. */
  name: string;
  group: OperationGroup;
  /** A phrase that completes "One key alone can …": `send TRX`. */
  verb: string;
  /** One line: what running it does. */
  meaning: string;
}

type Entry = readonly [id: number, name: string, group: OperationGroup, verb: string, meaning: string];
type ContractTypeName = keyof typeof Transaction_Contract_ContractType;

const P: OperationGroup = 'Payments';
const T: OperationGroup = 'Tokens';
const S: OperationGroup = 'Staking and resources';
const V: OperationGroup = 'Voting and governance';
const C: OperationGroup = 'Smart contracts';
const A: OperationGroup = 'Account and permissions';
const X: OperationGroup = 'Exchange and market';
const B: OperationGroup = 'Block production';

const ENTRIES: Readonly<Record<ContractTypeName, Entry>> = {
  AccountCreateContract: [0, 'Account creation', A, 'create accounts', 'Activates a new address on the chain, paid by this account.'],
  TransferContract: [1, 'Transfer', P, 'send TRX', 'Sends TRX from this account to another address.'],
  TransferAssetContract: [2, 'Token transfer', P, 'send TRC-10 tokens', 'Sends a TRC-10 token from this account to another address.'],
  VoteAssetContract: [3, 'Asset vote', V, 'vote with tokens', 'An old kind of vote with tokens; the chain no longer runs it.'],
  VoteWitnessContract: [4, 'Vote for executives', V, 'vote for executives', 'Casts this account’s votes for block producers (executives).'],
  WitnessCreateContract: [5, 'Executive application', B, 'apply to produce blocks', 'Applies for this account to become a block producer (executive).'],
  AssetIssueContract: [6, 'Token issue', T, 'issue a token', 'Creates a new TRC-10 token owned by this account.'],
  WitnessUpdateContract: [8, 'Executive url change', B, 'change the executive url', 'Changes the web address this block producer publishes.'],
  ParticipateAssetIssueContract: [9, 'Token purchase', T, 'buy in a token sale', 'Pays TRX to a token’s issuer for tokens during its sale.'],
  AccountUpdateContract: [10, 'Account name', A, 'set the account name', 'Sets this account’s public name (once).'],
  FreezeBalanceContract: [11, 'Stake (1.0)', S, 'stake the old way (1.0)', 'Stakes TRX for energy or bandwidth under the old staking rules.'],
  UnfreezeBalanceContract: [12, 'Unstake (1.0)', S, 'unstake the old way (1.0)', 'Releases TRX staked under the old staking rules.'],
  WithdrawBalanceContract: [13, 'Reward claim', V, 'claim rewards', 'Moves the voting and block rewards earned into the balance.'],
  UnfreezeAssetContract: [14, 'Token supply release', T, 'release frozen token supply', 'Releases an issued token’s frozen supply once its time is up.'],
  UpdateAssetContract: [15, 'Token update', T, 'update a token', 'Changes an issued token’s description, url and free bandwidth.'],
  ProposalCreateContract: [16, 'Proposal', V, 'make proposals', 'Proposes a change of a chain parameter (executives only).'],
  ProposalApproveContract: [17, 'Proposal approval', V, 'approve proposals', 'Approves or withdraws approval of a proposal (executives only).'],
  ProposalDeleteContract: [18, 'Proposal withdrawal', V, 'withdraw proposals', 'Withdraws a proposal this account made.'],
  SetAccountIdContract: [19, 'Account id', A, 'set the account id', 'Sets this account’s id (once).'],
  CustomContract: [20, 'Custom contract', C, 'run custom contracts', 'A type the chain defines no message for; nothing can run it.'],
  CreateSmartContract: [30, 'Contract deployment', C, 'deploy smart contracts', 'Deploys a new smart contract from this account.'],
  TriggerSmartContract: [
    31,
    'Contract call',
    C,
    'call smart contracts',
    'Calls a smart contract: TRC-20 payments and approvals, and anything else a contract does.',
  ],
  GetContract: [32, 'Contract read', C, 'read contracts', 'A type the chain defines no message for; nothing can run it.'],
  UpdateSettingContract: [
    33,
    'Contract energy share',
    C,
    'change a contract’s energy share',
    'Changes how much of a call’s energy this contract’s deployer pays.',
  ],
  ExchangeCreateContract: [41, 'Exchange creation', X, 'create exchanges', 'Opens a Bancor exchange between two tokens.'],
  ExchangeInjectContract: [42, 'Exchange deposit', X, 'deposit into exchanges', 'Adds tokens to an exchange this account created.'],
  ExchangeWithdrawContract: [43, 'Exchange withdrawal', X, 'withdraw from exchanges', 'Takes tokens out of an exchange this account created.'],
  ExchangeTransactionContract: [44, 'Exchange trade', X, 'trade on exchanges', 'Trades one token for another on an exchange.'],
  UpdateEnergyLimitContract: [45, 'Contract energy limit', C, 'change a contract’s energy limit', 'Changes the most energy the deployer pays per call.'],
  AccountPermissionUpdateContract: [46, 'Permission update', A, 'change the permissions', 'Replaces who may sign for this account, and for what.'],
  ClearABIContract: [48, 'Contract ABI removal', C, 'remove a contract’s ABI', 'Removes the published interface of a contract this account deployed.'],
  UpdateBrokerageContract: [49, 'Executive reward share', B, 'change the reward share', 'Changes the share of block rewards this producer keeps.'],
  ShieldedTransferContract: [51, 'Shielded transfer', T, 'make shielded transfers', 'Moves a shielded token privately.'],
  MarketSellAssetContract: [52, 'Market order', X, 'place market orders', 'Places an order to sell one token for another.'],
  MarketCancelOrderContract: [53, 'Market order cancellation', X, 'cancel market orders', 'Cancels an order this account placed.'],
  FreezeBalanceV2Contract: [54, 'Stake', S, 'stake TRX', 'Stakes TRX for energy or bandwidth (and voting power).'],
  UnfreezeBalanceV2Contract: [55, 'Unstake', S, 'unstake TRX', 'Starts releasing staked TRX; it can be withdrawn after the waiting period.'],
  WithdrawExpireUnfreezeContract: [56, 'Unstaked withdrawal', S, 'withdraw unstaked TRX', 'Moves TRX whose waiting period has passed back into the balance.'],
  DelegateResourceContract: [57, 'Resource delegation', S, 'delegate resources', 'Lends staked energy or bandwidth to another address.'],
  UnDelegateResourceContract: [58, 'Resource reclaim', S, 'reclaim delegated resources', 'Takes back energy or bandwidth lent to another address.'],
  CancelAllUnfreezeV2Contract: [59, 'Unstake cancellation', S, 'cancel unstaking', 'Cancels every pending unstake and stakes that TRX again.'],
};

/** Every operation in words, in contract type id order. */
export const OPERATION_CATALOGUE: readonly OperationWords[] = Object.entries(ENTRIES)
  .map(([type, [id, name, group, verb, meaning]]) => ({ id, type, name, group, verb, meaning }))
  .sort((a, b) => a.id - b.id);
const BY_ID = new Map(OPERATION_CATALOGUE.map((o) => [o.id, o]));
const BY_TYPE = new Map(OPERATION_CATALOGUE.map((o) => [o.type, o]));

/** The words of a contract type by id or java-tron name; undefined for a type this chain does not know. */
export function operationWords(type: number | string): OperationWords | undefined {
  if (typeof type === 'number') return BY_ID.get(type);
  return typeof type === 'string' ? BY_TYPE.get(type) : undefined;
}

/** A type as a person reads it: "Stake (FreezeBalanceV2Contract)"; an unknown id as "contract type 7". */
export function operationLabel(type: number | string): string {
  const w = operationWords(type);
  if (w) return `${w.name} (${w.type})`;
  return typeof type === 'number' ? `contract type ${type}` : type;
}

/** The names given, grouped in catalogue order (groups and operations), each group only when it has one. */
export function groupOperations(types: readonly string[]): { group: OperationGroup; operations: OperationWords[] }[] {
  const wanted = new Set(types);
  return OPERATION_GROUPS.map((group) => ({ group, operations: OPERATION_CATALOGUE.filter((o) => o.group === group && wanted.has(o.type)) })).filter(
    (g) => g.operations.length > 0,
  );
}

export interface OperationPreset {
  id: string;
  label: string;
  /** What it grants, in one line. */
  meaning: string;
  /** The java-tron names it grants, out of those offered. */
  select(offered: readonly string[]): string[];
}

const inGroup = (t: string, group: OperationGroup): boolean => operationWords(t)?.group === group;

/** Starting points for an active permission's operations; the editor can change each tick afterwards. */
export const OPERATION_PRESETS: readonly OperationPreset[] = [
  {
    id: 'payments',
    label: 'Payments only',
    meaning: 'Send TRX and TRC-10 tokens, nothing else.',
    select: (offered) => offered.filter((t) => t === 'TransferContract' || t === 'TransferAssetContract'),
  },
  {
    id: 'payments-trc20',
    label: 'Payments and contract calls',
    meaning: 'Send TRX and TRC-10 tokens, and call smart contracts (TRC-20 payments need this; it allows any call).',
    select: (offered) => offered.filter((t) => t === 'TransferContract' || t === 'TransferAssetContract' || t === 'TriggerSmartContract'),
  },
  {
    id: 'staking-voting',
    label: 'Staking and voting',
    meaning: 'Stake, delegate and reclaim resources, vote and claim rewards.',
    select: (offered) => offered.filter((t) => inGroup(t, 'Staking and resources') || t === 'VoteWitnessContract' || t === 'WithdrawBalanceContract'),
  },
  {
    id: 'all-but-permissions',
    label: 'Everything but permission changes',
    meaning: 'Every operation offered except changing who may sign (the owner keeps that).',
    select: (offered) => offered.filter((t) => t !== 'AccountPermissionUpdateContract'),
  },
  { id: 'none', label: 'Nothing', meaning: 'Clears every operation.', select: () => [] },
];
