/**
 * Trusted exporters (docs/decisions.md §16, "Trusted exporters for offline stations"): this station's identity
 * (the secp256k1 key its vault keeps for signing the snapshot and handoff files it exports, made on
 * first use) shown as a fingerprint in words and hex, and the exporters this station pins: stations
 * whose signed files it treats as observed (station/core/exporter-trust.ts judges each file).
 *
 * Invariants:
 * - Only public facts leave: the identity's public key and fingerprint. The identity is never among
 *   the keys (`keysList`) and never signs a transaction (the vault signs with it only under the
 *   exporter domain tag).
 * - A pin names a public key (66 or 130 hex digits, a point of the curve) or a fingerprint (20 hex
 *   digits or its 16-character code); anything else is INVALID_INPUT naming `key`. Its label follows
 *   the address book's rules (shared/views/address-label.ts): no pasted private key, no bidi or
 *   invisible character, 1 to 64 characters; refusals never quote it.
 * - This station's own identity is refused as a pin: the likely mistake is reading the fingerprint
 *   off one's own screen instead of the exporting station's, and pinning it would trust nothing new.
 * - Pin and unpin are audit-logged with the write (station/store/exporters.ts).
 * Never imports `electron`.
 */
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { compressedKey, exporterFingerprint, fingerprintHexOfCode, fingerprintOfHex, type ExporterFingerprint } from '../../shared/files/exporter-signature.ts';
import { kindOf, rejectField } from '../../shared/chain/input.ts';
import { bookLabelProblem } from '../../shared/views/address-label.ts';
import type { StationContext } from '../core/context.ts';
import type { PinnedExporterRecord } from '../store/exporters.ts';

/** A pinned exporter as the API and the CLI show it. */
export interface PinnedExporterView {
  fingerprint: string;
  code: string;
  words: string[];
  publicKey: string | null;
  label: string;
  pinnedAt: number;
}

function pinnedView(r: PinnedExporterRecord): PinnedExporterView {
  const { hex, code, words } = fingerprintOfHex(r.fingerprint);
  return { fingerprint: hex, code, words, publicKey: r.publicKey === null ? null : bytesToHex(r.publicKey), label: r.label, pinnedAt: r.pinnedAt };
}

/** What `key` names: a public key (and its fingerprint), or a fingerprint alone. */
function exporterKeyInput(value: unknown): { fingerprint: ExporterFingerprint; publicKey: Uint8Array | null } {
  if (typeof value !== 'string') rejectField('key', `must be text, got ${kindOf(value)}`);
  const text = value.trim().replace(/^0x/i, '');
  if (/^[0-9a-fA-F]{66}$|^[0-9a-fA-F]{130}$/.test(text)) {
    const publicKey = compressedKey(hexToBytes(text), 'key');
    return { fingerprint: exporterFingerprint(publicKey), publicKey };
  }
  if (/^[0-9a-fA-F]{20}$/.test(text)) return { fingerprint: fingerprintOfHex(text.toLowerCase()), publicKey: null };
  const fromCode = fingerprintHexOfCode(text);
  if (fromCode !== null) return { fingerprint: fingerprintOfHex(fromCode), publicKey: null };
  rejectField(
    'key',
    "must be an exporter's public key (66 or 130 hex digits) or its fingerprint (20 hex digits, or 16 characters such as ABCD-EFGH-JKMN-PQRS), as a signed file or the exporting station shows it",
  );
}

function exporterLabelInput(value: unknown): string {
  if (typeof value !== 'string') rejectField('label', `must be text, got ${kindOf(value)}`);
  const problem = bookLabelProblem(value);
  if (problem !== null) rejectField('label', problem);
  return value.trim();
}

export function exportersFeature(ctx: StationContext) {
  const store = ctx.store;
  return {
    /** This station's identity, made from the OS's CSPRNG on first use: the fingerprint to read to the offline side. */
    async exporterShow(): Promise<{ publicKey: string; fingerprint: string; code: string; words: string[]; created: boolean }> {
      const vault = ctx.vault();
      const held = await vault.exporterPublicKey();
      const publicKey = held ?? (await vault.createExporterIdentity());
      if (held === null)
        store.appendAudit({ action: 'identity.create', subject: exporterFingerprint(publicKey).hex, details: { publicKey: bytesToHex(publicKey) } });
      const { hex, code, words } = exporterFingerprint(publicKey);
      return { publicKey: bytesToHex(publicKey), fingerprint: hex, code, words, created: held === null };
    },

    /** Pins an exporter under `label`; pinning one already pinned keeps its label (`created: false`). */
    async exporterPin(args: { key: string; label: string }): Promise<PinnedExporterView & { created: boolean }> {
      const { fingerprint, publicKey } = exporterKeyInput(args?.key);
      const label = exporterLabelInput(args?.label);
      const own = await ctx.vault().exporterPublicKey();
      if (own !== null && exporterFingerprint(own).hex === fingerprint.hex) {
        fail('INVALID_INPUT', "key: that is this station's own identity; pin the fingerprint the exporting station shows on its screen", { field: 'key' });
      }
      const { record, created } = store.pinExporter({ fingerprint: fingerprint.hex, publicKey, label });
      if (publicKey !== null && record.publicKey !== null && bytesToHex(record.publicKey) !== bytesToHex(publicKey)) {
        fail('PERMISSION', `key: fingerprint ${fingerprint.code} is pinned with another public key as ${record.label}; unpin it first if that pin is wrong`, {
          field: 'key',
        });
      }
      return { ...pinnedView(record), created };
    },

    /** Removes the pin of `key` (a public key or fingerprint); NOT_FOUND when it is not pinned. */
    exporterUnpin(args: { key: string }): { fingerprint: string; removed: boolean } {
      const { fingerprint } = exporterKeyInput(args?.key);
      if (!store.unpinExporter(fingerprint.hex)) fail('NOT_FOUND', `key: no exporter is pinned with fingerprint ${fingerprint.code}`, { field: 'key' });
      return { fingerprint: fingerprint.hex, removed: true };
    },

    /** Every pinned exporter, sorted by label. */
    exporterList(): { exporters: PinnedExporterView[] } {
      return { exporters: store.listPinnedExporters().map(pinnedView) };
    },
  };
}
