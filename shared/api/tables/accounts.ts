/**
 * The station API's table for one feature. Accounts and chain snapshots (station/accounts/accounts.ts,
 * station/accounts/snapshots.ts): read from the node, imported from a file, listed and removed. Merged
 * with the other features' tables in shared/api/station-api.ts, which refuses a method declared by
 * two.
 */
import * as v from 'valibot';
import { ACCOUNT_GLANCE_VIEW } from '../cost-view-schemas.ts';
import { defineApi, textFile } from '../api-contract.ts';
import { txIdText } from '../station-view-schemas.ts';
import { EXPORTER_VIEW } from '../exporter-schemas.ts';
import { apiAddressArg, apiFileNameArg, ACCOUNT_VIEW, ACCOUNT_ENTRY, SNAPSHOT_ENTRY, FILE_OUT } from '../station-parts.ts';

export const ACCOUNTS_API = defineApi({
  accountFetch: { args: v.strictObject({ address: apiAddressArg }), result: ACCOUNT_VIEW },
  accountShow: { args: v.strictObject({ address: apiAddressArg }), result: ACCOUNT_VIEW },
  /** docs/decisions.md §25: the account at a glance, read from the node now, or offline from the snapshot that carried it (station/accounts/glance.ts). */
  accountResources: { args: v.strictObject({ address: apiAddressArg }), result: ACCOUNT_GLANCE_VIEW },
  /** The accounts stored on this station, newest read first: what the Accounts screen offers to pick from. */
  accountsList: { args: v.undefined(), result: v.strictObject({ accounts: v.array(ACCOUNT_ENTRY) }) },
  /** Removes the stored copy of an account (docs/decisions.md §24: a wrongly dated or unwanted copy); the removed entry. */
  accountRemove: { args: v.strictObject({ address: apiAddressArg }), result: v.strictObject({ removed: ACCOUNT_ENTRY }) },
  snapshotExport: {
    args: v.strictObject({ accounts: v.pipe(v.array(apiAddressArg), v.maxLength(100, 'at most 100 accounts')) }),
    result: v.strictObject({
      ...FILE_OUT,
      block: v.strictObject({ number: v.number(), id: v.string(), timestamp: v.number() }),
      accounts: v.array(v.string()),
      tokens: v.array(v.string()),
      /** docs/decisions.md §25: the accounts the file carries at a glance. */
      glances: v.array(v.string()),
      /** This station's identity when it signed the file (docs/decisions.md §16); null when it has none. */
      exporter: v.nullable(EXPORTER_VIEW),
    }),
  },
  snapshotImport: {
    args: v.strictObject({ fileName: apiFileNameArg, text: textFile() }),
    result: v.strictObject({
      file: v.string(),
      block: v.strictObject({ number: v.number(), id: v.string(), timestamp: v.number() }),
      age: v.string(),
      accounts: v.array(v.strictObject({ address: v.string(), stored: v.boolean(), reason: v.optional(v.string()) })),
      tokens: v.array(v.string()),
      /** docs/decisions.md §18: transactions held here whose fate on chain the file claims. */
      transactions: v.array(txIdText),
      /** Tokens of the file not taken, each with why: this station observed their description from the node. */
      tokensKept: v.array(v.strictObject({ id: v.string(), reason: v.string() })),
      /** docs/decisions.md §17: contracts of the file stored in this station's list, and those not taken, each with why. */
      contracts: v.array(v.string()),
      contractsKept: v.array(v.strictObject({ address: v.string(), reason: v.string() })),
      /** docs/decisions.md §25: accounts whose glance the file's was stored for, and those kept over it, each with why. */
      glances: v.array(v.string()),
      glancesKept: v.array(v.strictObject({ address: v.string(), reason: v.string() })),
      /** Who signed the file as its exporter (docs/decisions.md §16); null when unsigned. */
      exporter: v.nullable(EXPORTER_VIEW),
      warnings: v.array(v.string()),
    }),
  },

  /** The stored blocks, highest first, each with its provenance; `inUse` marks the one offline builds reference (the highest observed, else the highest claimed). */
  snapshotList: { args: v.undefined(), result: v.strictObject({ snapshots: v.array(SNAPSHOT_ENTRY) }) },
  /** Removes one stored block (a forged one pins every offline build); the block used from then on, or null. */
  snapshotRemove: {
    args: v.strictObject({ id: v.pipe(v.number(), v.integer('a whole number'), v.minValue(1, 'a block number from the list')) }),
    result: v.strictObject({ removed: SNAPSHOT_ENTRY, next: v.nullable(SNAPSHOT_ENTRY) }),
  },
});
