/**
 * The schemas of trusted exporters as the station API shows them (docs/decisions.md §16, "Trusted exporters for
 * offline stations"): a station identity or a file's exporter (`EXPORTER_VIEW`, station/core/
 * exporter-trust.ts ExporterView), a pinned exporter (`PINNED_EXPORTER_VIEW`, station/exporters/
 * exporters.ts), and the arguments of `exporterPin`. Kept apart from station-api.ts, which declares
 * the methods, so that table stays within the line cap.
 *
 * Invariant: only public facts cross: a public key, its fingerprint, labels and times; the identity
 * key itself has no field anywhere here.
 */
import * as v from 'valibot';
import { MAX_EXPORTER_KEY_TEXT_LENGTH } from '../base/limits.ts';

const FINGERPRINT_FIELDS = {
  /** 20 hex digits: 80 bits of sha256 of the compressed public key. */
  fingerprint: v.string(),
  /** `ABCD-EFGH-JKMN-PQRS`: the same 80 bits in Crockford base32, to compare by voice. */
  code: v.string(),
  /** One word per character of `code` (the read-aloud words of shared/views/read-aloud.ts). */
  words: v.array(v.string()),
};

/** A file's exporter, or this station's identity: its public key and fingerprint, and whether and how this station pinned it. */
export const EXPORTER_VIEW = v.strictObject({
  /** The compressed public key, 66 hex digits. */
  publicKey: v.string(),
  ...FINGERPRINT_FIELDS,
  pinned: v.boolean(),
  label: v.nullable(v.string()),
});

/** This station's identity (made on first use). */
export const IDENTITY_VIEW = v.strictObject({
  publicKey: v.string(),
  ...FINGERPRINT_FIELDS,
  /** True when this call made it. */
  created: v.boolean(),
});

/** One pinned exporter. */
export const PINNED_EXPORTER_VIEW = v.strictObject({
  ...FINGERPRINT_FIELDS,
  /** null when pinned by fingerprint and no file signed by it has been imported yet. */
  publicKey: v.nullable(v.string()),
  label: v.string(),
  pinnedAt: v.number(),
});

/** A public key (66 or 130 hex digits), or a fingerprint (20 hex digits, or its 16-character code). */
export const EXPORTER_KEY_ARG = v.pipe(
  v.string(),
  v.minLength(1, 'a public key or fingerprint'),
  v.maxLength(MAX_EXPORTER_KEY_TEXT_LENGTH, 'a public key or fingerprint'),
);
/** A label as the address book's: the station trims it and checks it (shared/views/address-label.ts). */
export const EXPORTER_LABEL_ARG = v.pipe(v.string(), v.maxLength(256, 'a label of at most 64 characters'));
