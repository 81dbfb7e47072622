/**
 * The station API's table for one feature. The station's list of smart contracts
 * (station/contracts/contracts.ts), and the fee limit proposed for a TRC-20 call. Merged with the other features' tables in shared/api/station-
 * api.ts, which refuses a method declared by two.
 */
import * as v from 'valibot';
import { defineApi } from '../api-contract.ts';
import { LISTED_CONTRACT_VIEW } from '../contract-view-schema.ts';
import { MAX_ABI_JSON_BYTES, MAX_TRC20_DECIMALS } from '../../base/limits.ts';
import { apiAddressArg, contractText, trc20Build } from '../station-parts.ts';
import { int64Text } from '../station-view-schemas.ts';

export const CONTRACTS_API = defineApi({
  contractAdd: {
    args: v.strictObject({
      address: apiAddressArg,
      name: v.optional(contractText),
      abi: v.optional(v.pipe(v.string(), v.maxLength(MAX_ABI_JSON_BYTES, 'an ABI of at most 1 MiB'))),
      symbol: v.optional(contractText),
      tokenName: v.optional(contractText),
      decimals: v.optional(
        v.pipe(v.number(), v.integer('a whole number'), v.minValue(0, '0 or more'), v.maxValue(MAX_TRC20_DECIMALS, `at most ${MAX_TRC20_DECIMALS}`)),
      ),
    }),
    result: LISTED_CONTRACT_VIEW,
  },
  contractList: { args: v.undefined(), result: v.strictObject({ contracts: v.array(LISTED_CONTRACT_VIEW) }) },
  /** docs/decisions.md §25: the fee limit proposed for a TRC-20 call from the node's energy estimate (station/contracts/trc20-fee-limit.ts). */
  trc20FeeLimit: {
    args: v.strictObject({
      kind: v.picklist(['transfer', 'approve']),
      from: apiAddressArg,
      to: apiAddressArg,
      ...(({ feeLimit: _f, ...rest }) => rest)(trc20Build),
    }),
    result: v.strictObject({
      energy: int64Text,
      energyPrice: int64Text,
      marginPercent: v.number(),
      feeLimit: int64Text,
      feeLimitTrx: v.string(),
      provenance: v.strictObject({ node: v.string(), block: v.number() }),
      text: v.string(),
    }),
  },
  contractRemove: { args: v.strictObject({ address: apiAddressArg }), result: v.strictObject({ address: v.string(), removed: v.literal(true) }) },
});
