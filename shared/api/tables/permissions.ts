/**
 * The station API's table for one feature. Permission analysis (station/permissions/permissions.ts):
 * the editor's checks, the diff, the fee and the lockout verdict, and the keys the guard counts as
 * seen. Merged with the other features' tables in shared/api/station-api.ts, which refuses a method
 * declared by two.
 */
import * as v from 'valibot';
import { defineApi } from '../api-contract.ts';
import { KNOWN_SIGNERS_VIEW, PERMISSION_CHECK_VIEW } from '../permission-check-schemas.ts';
import { buildOptions, contractJsonArg } from '../station-parts.ts';

export const PERMISSIONS_API = defineApi({
  /**
   * A proposed AccountPermissionUpdateContract checked without building it: every broken rule at
   * the editor's field paths, the diff against the stored account, the fee under the signing
   * permission (`permissionId`, default owner), and the lockout verdict (null while a rule breaks).
   */
  permissionCheck: { args: v.strictObject({ json: contractJsonArg, permissionId: buildOptions.permissionId }), result: PERMISSION_CHECK_VIEW },
  /** The keys the lockout guard counts as seen: held here, or with a verified signature stored. */
  knownSigners: { args: v.undefined(), result: KNOWN_SIGNERS_VIEW },
});
