/**
 * The station API's table for one feature. Trusted exporters (station/exporters/exporters.ts): this
 * station's identity and the exporters it pins. Merged with the other features' tables in
 * shared/api/station-api.ts, which refuses a method declared by two.
 */
import * as v from 'valibot';
import { defineApi } from '../api-contract.ts';
import { EXPORTER_KEY_ARG, EXPORTER_LABEL_ARG, IDENTITY_VIEW, PINNED_EXPORTER_VIEW } from '../exporter-schemas.ts';

export const EXPORTERS_API = defineApi({
  /** This station's identity: its fingerprint in words and hex, made on first use. */
  exporterShow: { args: v.undefined(), result: IDENTITY_VIEW },
  /** Pins an exporter by its public key or fingerprint under a label; its signed files then count as observed. */
  exporterPin: {
    args: v.strictObject({ key: EXPORTER_KEY_ARG, label: EXPORTER_LABEL_ARG }),
    result: v.strictObject({ ...PINNED_EXPORTER_VIEW.entries, created: v.boolean() }),
  },
  /** Removes a pin (by fingerprint or public key); NOT_FOUND when there is none. */
  exporterUnpin: { args: v.strictObject({ key: EXPORTER_KEY_ARG }), result: v.strictObject({ fingerprint: v.string(), removed: v.boolean() }) },
  /** The pinned exporters, sorted by label. */
  exporterList: { args: v.undefined(), result: v.strictObject({ exporters: v.array(PINNED_EXPORTER_VIEW) }) },
});
