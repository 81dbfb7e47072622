/**
 * The merged handoff file (docs/decisions.md §18, "Batch: ... export one merged file"): several handoff files
 * carried as one, `{"format": "airlock.handoff-bundle", "version": 1, "files": [{"name", "text"}]}`,
 * each member the exact text of one handoff file (docs/handoff.md), so its exporter signature still
 * covers its own bytes and an import reads each member as if it had arrived alone.
 *
 * Invariant: nothing of a bundle is believed beyond its shape: the members are handed to the
 * ordinary handoff import, one by one, with every check that applies to a single file; a bundle
 * never nests another, and holds at most MAX_QUEUE_BATCH members.
 */
import { isRecord } from '../chain/input.ts';
import { stringifyJson } from '../base/json.ts';
import { fail } from '../base/errors.ts';
import { boundedList, checkEnvelope, plainText, strictObject, type EnvelopeKind } from './envelope.ts';
import { MAX_FILE_BYTES, MAX_QUEUE_BATCH } from '../base/limits.ts';

export const HANDOFF_BUNDLE: EnvelopeKind = { format: 'airlock.handoff-bundle', version: 1, maxBytes: MAX_FILE_BYTES };

/** One handoff file inside a bundle: the name it would have had alone and its text. */
export interface BundledFile {
  name: string;
  text: string;
}

/** True when a parsed JSON value says it is a merged handoff file (its members are read by `readHandoffBundle`). */
export function isHandoffBundle(value: unknown): boolean {
  return isRecord(value) && value.format === HANDOFF_BUNDLE.format;
}

/** The merged file's text for `files` (1 to MAX_QUEUE_BATCH handoff files). */
export function bundleHandoffs(files: readonly BundledFile[]): string {
  if (files.length === 0 || files.length > MAX_QUEUE_BATCH)
    fail('INVALID_INPUT', `files: a merged handoff file holds 1 to ${MAX_QUEUE_BATCH} files`, { field: 'files' });
  const text = stringifyJson({ format: HANDOFF_BUNDLE.format, version: HANDOFF_BUNDLE.version, files: files.map((f) => ({ name: f.name, text: f.text })) });
  if (new TextEncoder().encode(text).length > HANDOFF_BUNDLE.maxBytes)
    fail('INVALID_INPUT', `files: together larger than ${HANDOFF_BUNDLE.maxBytes} bytes; export fewer at once or one file per transaction`, { field: 'files' });
  return text;
}

/** The members of a parsed merged handoff file named `what`, each checked for shape only. */
export function readHandoffBundle(value: unknown, what: string): BundledFile[] {
  const bundle = checkEnvelope(value, HANDOFF_BUNDLE, what);
  const top = strictObject(bundle, what, ['format', 'version', 'files']);
  const list = boundedList(top.files, `${what}.files`, MAX_QUEUE_BATCH);
  if (list.length === 0) fail('BAD_JSON', `${what}.files: a merged handoff file with no files in it`, { field: `${what}.files` });
  return list.map((m, i) => {
    const member = strictObject(m, `${what}.files[${i}]`, ['name', 'text']);
    return { name: plainText(member.name, `${what}.files[${i}].name`, 255), text: plainText(member.text, `${what}.files[${i}].text`, MAX_FILE_BYTES) };
  });
}
