/**
 * The schemas of docs/decisions.md §25's two views as the station API shows them: what a stored transaction
 * will cost (`transactionCost`, station/transactions/cost.ts TransactionCostView over
 * shared/approval/costs.ts CostEstimate) and the account at a glance (`accountResources`,
 * station/accounts/glance.ts AccountGlance), kept equal to those types by the type test
 * (test/integration/station-api.types.ts). Amounts are sun or units as decimal text; times are ms.
 */
import * as v from 'valibot';
import { int64Text, txIdText } from './station-view-schemas.ts';
import { PROVENANCE_VIEW } from './provenance-schema.ts';

const provenance = v.strictObject({ node: v.string(), block: v.number() });

export const TRANSACTION_COST_VIEW = v.strictObject({
  txId: txIdText,
  signatures: v.number(),
  provenance,
  claimed: v.optional(v.strictObject({ file: v.string(), block: v.number(), text: v.string() })),
  defaulted: v.array(v.string()),
  bytes: int64Text,
  bandwidth: v.picklist(['staked', 'free', 'burned', 'activation-fee']),
  energy: v.optional(
    v.strictObject({
      needed: v.optional(int64Text),
      fromStake: v.optional(int64Text),
      burned: v.optional(int64Text),
      feeLimit: int64Text,
      feeLimitCheck: v.picklist(['ok', 'too-low', 'far-above', 'unknown']),
      proposedFeeLimit: v.optional(int64Text),
    }),
  ),
  items: v.array(v.strictObject({ name: v.picklist(['bandwidth', 'activation', 'multi-signature', 'memo', 'contract-fee', 'energy']), sun: int64Text })),
  total: int64Text,
  totalAtMost: int64Text,
  moves: int64Text,
  balance: int64Text,
  balanceAfter: int64Text,
  canPay: v.boolean(),
  refusal: v.optional(v.string()),
  shortBy: v.optional(int64Text),
  warnings: v.array(v.string()),
  text: v.string(),
});

const pair = v.strictObject({ bandwidth: int64Text, energy: int64Text });
const delegation = v.strictObject({
  account: v.string(),
  bandwidth: int64Text,
  energy: int64Text,
  bandwidthLockedUntil: v.number(),
  energyLockedUntil: v.number(),
});

export const ACCOUNT_GLANCE_VIEW = v.strictObject({
  address: v.string(),
  provenance: v.strictObject({ node: v.string(), block: v.number(), blockTime: v.number() }),
  trust: PROVENANCE_VIEW,
  said: v.string(),
  balance: int64Text,
  tokens: v.array(
    v.strictObject({
      id: v.string(),
      name: v.nullable(v.string()),
      abbreviation: v.nullable(v.string()),
      precision: v.nullable(v.number()),
      balance: int64Text,
      amount: v.string(),
    }),
  ),
  tokensCut: v.boolean(),
  trc20: v.array(
    v.strictObject({
      contract: v.string(),
      name: v.nullable(v.string()),
      symbol: v.nullable(v.string()),
      decimals: v.nullable(v.number()),
      balance: v.nullable(v.pipe(v.string(), v.regex(/^(0|[1-9][0-9]{0,77})$/, 'a whole number'))),
      amount: v.nullable(v.string()),
    }),
  ),
  trc20Cut: v.boolean(),
  bandwidth: v.strictObject({ freeUsed: int64Text, freeLimit: int64Text, stakedUsed: int64Text, stakedLimit: int64Text, left: int64Text }),
  energy: v.strictObject({ used: int64Text, limit: int64Text, left: int64Text }),
  staked: v.strictObject({ bandwidth: int64Text, energy: int64Text, tronPower: int64Text }),
  lentOut: pair,
  borrowed: pair,
  unstaking: v.array(v.strictObject({ resource: v.picklist(['BANDWIDTH', 'ENERGY', 'TRON_POWER']), amount: int64Text, withdrawableAt: v.number() })),
  withdrawableNow: int64Text,
  votes: v.array(v.strictObject({ executive: v.string(), count: int64Text })),
  votingPower: v.strictObject({ total: int64Text, used: int64Text, left: int64Text }),
  rewards: v.strictObject({ unclaimed: int64Text, allowance: int64Text }),
  delegationsOut: v.array(delegation),
  delegationsIn: v.array(delegation),
  delegationsCut: v.boolean(),
  text: v.string(),
});

/** docs/decisions.md §25: the chosen rows' costs per paying account (`batchCost`, station/transactions/cost.ts BatchCostView). */
export const BATCH_COST_VIEW = v.strictObject({
  accounts: v.array(
    v.strictObject({
      account: v.string(),
      rows: v.number(),
      fees: int64Text,
      moves: int64Text,
      balance: int64Text,
      canPay: v.boolean(),
      shortBy: v.optional(int64Text),
      source: v.string(),
    }),
  ),
  unknown: v.array(v.strictObject({ txId: txIdText, reason: v.string() })),
  fees: int64Text,
  canPayAll: v.boolean(),
  text: v.string(),
});
