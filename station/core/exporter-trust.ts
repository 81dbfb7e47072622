/**
 * Trusted exporters, as the snapshot and handoff features use them (docs/decisions.md §16, "Trusted exporters for
 * offline stations"): signing a file this station exports with its identity key when it has one,
 * and judging the exporter of a file it imports. Lives in core/ because two features
 * (accounts/snapshots.ts and transactions/handoff.ts) use it and a feature never imports another;
 * the pinning methods themselves are the feature station/exporters/.
 *
 * Invariants:
 * - A file whose exporter signature does not verify is refused whole before anything is stored
 *   (shared/files/exporter-signature.ts `readExporter`), and so is a file whose key shares a pinned
 *   fingerprint but is not the pinned key.
 * - Only a file signed by a PINNED exporter, about a fact that exporter says it read from a node,
 *   yields an observed source (`kind: 'exporter'`); an unpinned exporter's file is a claim, with a
 *   warning naming its fingerprint in words and how to pin it; an unsigned file is a claim as before.
 * - A signed fact dated after this station's clock (beyond MAX_FUTURE_SKEW_MS) is refused.
 */
import { equalBytes, hexToBytes } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { refuseFutureDate } from './future-dates.ts';
import { parseJson } from '../../shared/base/json.ts';
import { readExporter, signFileText, type VerifiedExporter } from '../../shared/files/exporter-signature.ts';
import type { SnapshotSource } from '../../shared/files/snapshot.ts';
import type { PinnedExporterRecord } from '../store/exporters.ts';
import type { Source } from '../store/row-checks.ts';
import type { StationContext } from './context.ts';

/** The exporter of a file, as results show it. */
export interface ExporterView {
  /** The compressed public key, hex. */
  publicKey: string;
  /** 20 hex digits. */
  fingerprint: string;
  /** `ABCD-EFGH-JKMN-PQRS`, to compare by voice. */
  code: string;
  words: string[];
  /** Whether this station pinned it (for an export: always true of its own identity). */
  pinned: boolean;
  /** The label it was pinned under; null when not pinned. */
  label: string | null;
}

/** A verified exporter and this station's pin of it, if any. */
export interface ExporterJudgement {
  file: string;
  exporter: VerifiedExporter;
  pinned: PinnedExporterRecord | null;
}

export function exporterView(exporter: VerifiedExporter, pinned: PinnedExporterRecord | null): ExporterView {
  const { hex, code, words } = exporter.fingerprint;
  return { publicKey: exporter.publicKey, fingerprint: hex, code, words, pinned: pinned !== null, label: pinned?.label ?? null };
}

/**
 * Signs `text` (a file this station exports) with the station identity, when it has one; the text
 * unchanged and null otherwise. The vault signs only under the exporter domain tag.
 */
export async function signExport(ctx: StationContext, text: string): Promise<{ text: string; exporter: ExporterView | null }> {
  const vault = ctx.vault();
  if ((await vault.exporterPublicKey()) === null) return { text, exporter: null };
  const signed = await signFileText(text, (digest) => vault.signAsExporter(digest));
  const exporter = readExporter(parseJson(signed, 'file'), 'file')!;
  return { text: signed, exporter: exporterView(exporter, null) };
}

/**
 * The exporter of file `file` (its parsed JSON `value`): null when it carries none. Refuses the
 * whole file when the signature does not verify, or when the key differs from the one pinned under
 * its fingerprint (80 bits: only a forged collision gets there).
 */
export function judgeExporter(ctx: StationContext, value: unknown, file: string): ExporterJudgement | null {
  const exporter = readExporter(value, file);
  if (exporter === null) return null;
  const pinned = ctx.store.getPinnedExporter(exporter.fingerprint.hex) ?? null;
  if (pinned?.publicKey && !equalBytes(pinned.publicKey, hexToBytes(exporter.publicKey))) {
    fail(
      'PERMISSION',
      `${file}: the exporter's key is not the one pinned as ${pinned.label} under fingerprint ${exporter.fingerprint.code}; nothing was stored`,
      {
        field: 'exporter.publicKey',
        file,
      },
    );
  }
  return { file, exporter, pinned };
}

/**
 * Where a fact of a judged file came from: observed (kind `exporter`) when a pinned exporter signed
 * it and says it read it from a node (`claimed` is the file's own source of the fact, `at` when it
 * was read); a claim by the file otherwise.
 */
export function sourceOfSigned(ctx: StationContext, judged: ExporterJudgement | null, file: string, claimed: SnapshotSource, at: number): Source {
  if (judged === null || judged.pinned === null || !('node' in claimed)) return { kind: 'file', file };
  refuseFutureDate(ctx.now(), at, 'at', file);
  return { kind: 'exporter', file, fingerprint: judged.pinned.fingerprint, label: judged.pinned.label, url: claimed.node, blockNumber: claimed.block, at };
}

/** The warning of a file signed by an exporter this station has not pinned; null when pinned or unsigned. */
export function unpinnedWarning(judged: ExporterJudgement | null): string | null {
  if (judged === null || judged.pinned !== null) return null;
  const { code, words } = judged.exporter.fingerprint;
  return (
    `${judged.file}: signed by exporter ${code} (${words.join(' ')}), which this station has not pinned, so it was imported as a claim. ` +
    `If that is the station you expect, compare this fingerprint with the one its own screen shows (by voice, not by the same channel as the file) and pin it under Settings, Trusted exporters`
  );
}

/** Fills in the public key of a pin made by fingerprint alone, once a file signed by it verified. */
export function rememberPinnedKey(ctx: StationContext, judged: ExporterJudgement | null): void {
  if (judged?.pinned && judged.pinned.publicKey === null) {
    ctx.store.pinExporter({ fingerprint: judged.pinned.fingerprint, publicKey: hexToBytes(judged.exporter.publicKey), label: judged.pinned.label });
  }
}

/** `judgeExporter` over a file's text (the readers parse it again: the text is what was signed). */
export function judgeExporterText(ctx: StationContext, text: string, file: string): ExporterJudgement | null {
  return judgeExporter(ctx, parseJson(text, file), file);
}
