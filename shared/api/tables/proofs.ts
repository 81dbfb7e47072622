/**
 * The station API's table for one feature. Proofs of possession (station/proofs/proof-service.ts):
 * challenge, sign, import, list. Merged with the other features' tables in shared/api/station-api.ts,
 * which refuses a method declared by two.
 */
import * as v from 'valibot';
import { defineApi, textFile } from '../api-contract.ts';
import { apiAddressArg, apiFileNameArg, contractJsonArg, FILE_OUT, PROVED_KEY_VIEW } from '../station-parts.ts';

export const PROOFS_API = defineApi({
  /**
   * A challenge file for `key` to prove it is held (docs/decisions.md §10, shared/files/proof.ts), for the proposed
   * permissions of `account` given as the node's AccountPermissionUpdateContract JSON; the station
   * keeps it as pending until a proof answers it.
   */
  proofChallenge: {
    args: v.strictObject({ account: apiAddressArg, key: apiAddressArg, permissionJson: contractJsonArg }),
    result: v.strictObject({ ...FILE_OUT, account: v.string(), key: v.string(), permissionHash: v.string(), nonce: v.string(), expiresAt: v.number() }),
  },
  /** Signs a challenge file with the key it names (held by this station, in its vault): the proof file. */
  proofSign: {
    args: v.strictObject({ text: textFile() }),
    result: v.strictObject({ ...FILE_OUT, account: v.string(), key: v.string(), permissionHash: v.string(), words: v.array(v.string()) }),
  },
  /** Verifies a proof file against the pending challenge it answers and stores it; a refusal stores nothing. */
  proofImport: { args: v.strictObject({ fileName: apiFileNameArg, text: textFile() }), result: PROVED_KEY_VIEW },
  /** Keys proved to this station (of one account when given), with the permission hash each proved. */
  proofList: {
    args: v.strictObject({ account: v.optional(apiAddressArg) }),
    result: v.strictObject({ proofs: v.array(PROVED_KEY_VIEW) }),
  },
});
