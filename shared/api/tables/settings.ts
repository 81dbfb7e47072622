/**
 * The station API's table for one feature. The station itself (station/settings/settings.ts; appInfo
 * is the shell's own): which station this is, its settings, the node's connection test and the audit
 * log's check. Merged with the other features' tables in shared/api/station-api.ts, which refuses a
 * method declared by two.
 */
import * as v from 'valibot';
import { defineApi } from '../api-contract.ts';
import { SETTINGS_VIEW } from '../station-parts.ts';

export const SETTINGS_API = defineApi({
  /** Which station this is: for the title bar and the about box. */
  appInfo: {
    args: v.undefined(),
    result: v.strictObject({ name: v.string(), version: v.string(), dataDir: v.string() }),
  },

  settings: { args: v.undefined(), result: SETTINGS_VIEW },
  setSetting: {
    args: v.strictObject({
      key: v.picklist(['node', 'dialect', 'expiration', 'vault', 'ledger']),
      value: v.pipe(v.string(), v.maxLength(2_048, 'at most 2048 characters')),
    }),
    // A new node URL is probed for its dialect and the result says how that went (docs/decisions.md §16: the
    // station's `probe` did not match a bare SETTINGS_VIEW and saving the URL answered INTERNAL).
    result: v.strictObject({ ...SETTINGS_VIEW.entries, probe: v.optional(v.string()) }),
  },
  /** The connection test: the node's head block, or why it did not answer. */
  nodeTest: {
    args: v.strictObject({ url: v.optional(v.pipe(v.string(), v.maxLength(2_048, 'a URL of at most 2048 characters'))) }),
    result: v.strictObject({ ok: v.boolean(), url: v.string(), block: v.nullable(v.number()), text: v.string() }),
  },
  auditVerify: {
    args: v.undefined(),
    result: v.strictObject({ ok: v.boolean(), entries: v.number(), firstBad: v.nullable(v.number()), reason: v.nullable(v.string()), text: v.string() }),
  },
});
