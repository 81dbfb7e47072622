/**
 * The schema of a listed smart contract as the station API shows it (docs/decisions.md §17: `contractAdd`,
 * `contractList`), equal in shape to station/contracts/contracts.ts ListedContractView. Texts arrive
 * escaped (shared/base/escape.ts); `trc20.observed` says whether the symbol and decimals were read by
 * this station from the node (station/core/provenance.ts) or only claimed.
 */
import * as v from 'valibot';

export const LISTED_CONTRACT_VIEW = v.strictObject({
  address: v.string(),
  name: v.nullable(v.string()),
  functions: v.array(v.string()),
  trc20: v.nullable(
    v.strictObject({
      symbol: v.nullable(v.string()),
      name: v.nullable(v.string()),
      decimals: v.nullable(v.number()),
      observed: v.boolean(),
      /** docs/decisions.md §24: true only when this station read them from its node (a pinned exporter's observation is not "read from the node"). */
      fromNode: v.boolean(),
      source: v.string(),
    }),
  ),
  storedAt: v.number(),
});
