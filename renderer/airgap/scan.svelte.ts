/**
 * The QR reader's state (docs/decisions.md §19 "Scan"): frames' text (from the camera or from still images) go
 * into one UrAssembler (shared/files/ur.ts) until a file is whole, then the file is imported through
 * the very station API method a file import of its kind uses: a handoff through `importFiles`, a
 * chain snapshot through `snapshotImport`, a proof through `proofImport`, and a challenge is
 * answered through `proofSign` (the proof is shown back as an animated QR code). The file is named
 * `scanned <kind> <date>` so the station's records say how it came.
 *
 * Invariant: the station is asked only with a whole file; a refused frame or a refused import ends
 * the scan with the refusal in words and nothing stored (the station's own guarantee for a refused
 * import); a new scan starts from nothing.
 */
import type { ApiClient } from '../../shared/api/api-contract.ts';
import type { StationApi } from '../../shared/api/station-api.ts';
import { toErrorData, type ErrorData } from '../../shared/base/errors.ts';
import { UrAssembler, UR_KIND_WORDS, type UrProgress, type UrResult } from '../../shared/files/ur.ts';
import { readAloudChecksum, type ReadAloud } from '../../shared/views/read-aloud.ts';
import { importedFrom } from '../app/words.ts';

/** What a completed scan did. */
export interface ScanOutcome {
  fileName: string;
  /** One sentence: what the station took. */
  text: string;
  /** For a handoff: the transaction and its read-aloud check, to compare with the sender's screen. */
  txId: string | null;
  check: ReadAloud | null;
  /** For a challenge: the proof to show back to the station that asked. */
  proofText: string | null;
}

/** `scanned handoff 2026-11-24 20.15.03`: a readable name without characters file systems refuse. */
export function scannedFileName(kind: UrResult['kind'], at: number): string {
  const iso = new Date(at).toISOString();
  return `scanned ${kind} ${iso.slice(0, 10)} ${iso.slice(11, 19).replaceAll(':', '.')}`;
}

export class ScanState {
  progress = $state.raw<UrProgress | null>(null);
  error = $state.raw<ErrorData | null>(null);
  /** Whether the refusal came from the station's import (else from a frame). */
  importRefused = $state(false);
  outcome = $state.raw<ScanOutcome | null>(null);
  busy = $state(false);
  readonly #client: ApiClient<StationApi>;
  readonly #now: () => number;
  #assembler: UrAssembler;
  /** The last frame's text: a camera sees one symbol many times, and a repeat needs no work. */
  #last = '';

  constructor(client: ApiClient<StationApi>, now: () => number = () => Date.now()) {
    this.#client = client;
    this.#now = now;
    this.#assembler = new UrAssembler(now);
  }

  /** Whether frames are still wanted (no file yet, no refusal). */
  get open(): boolean {
    return this.error === null && this.outcome === null && !this.busy;
  }

  /** Forgets everything and waits for the first frame of a new transfer. */
  reset(): void {
    this.#assembler = new UrAssembler(this.#now);
    this.#last = '';
    this.progress = null;
    this.error = null;
    this.importRefused = false;
    this.outcome = null;
    this.busy = false;
  }

  /** One frame's text. Resolves once its file has been imported when this frame completed it. */
  async frame(text: string): Promise<void> {
    if (!this.open || text === this.#last) return;
    this.#last = text;
    try {
      this.progress = this.#assembler.receive(text);
    } catch (e) {
      this.error = toErrorData(e);
      return;
    }
    const result = this.#assembler.result;
    if (result !== null) await this.#import(result);
  }

  async #import(result: UrResult): Promise<void> {
    this.busy = true;
    const fileName = scannedFileName(result.kind, this.#now());
    const outcome = await this.#send(result, fileName);
    this.busy = false;
    if (outcome.ok) this.outcome = outcome.value;
    else {
      this.importRefused = true;
      this.error = outcome.error;
    }
  }

  async #send(result: UrResult, fileName: string): Promise<{ ok: true; value: ScanOutcome } | { ok: false; error: ErrorData }> {
    const base = { fileName, txId: null, check: null, proofText: null };
    switch (result.kind) {
      case 'handoff': {
        const a = await this.#client.importFiles({ files: [{ name: fileName, text: result.text }] });
        if (!a.ok) return a;
        const r = a.value.results[0]!;
        const text = `Imported ${fileName}: ${r.added.length} new signature(s), ${r.known.length} already known${r.newTransaction ? ', a transaction new to this station' : ''}. ${importedFrom(fileName, r.exporter)}`;
        return { ok: true, value: { ...base, text, txId: r.txId, check: readAloudChecksum(r.txId) } };
      }
      case 'snapshot': {
        const a = await this.#client.snapshotImport({ fileName, text: result.text });
        if (!a.ok) return a;
        const stored = a.value.accounts.filter((x) => x.stored).length;
        const from = importedFrom(fileName, a.value.exporter);
        return {
          ok: true,
          value: { ...base, text: `Imported ${fileName}: block ${a.value.block.number}, ${stored} account(s) stored, ${a.value.age} old. ${from}` },
        };
      }
      case 'proof': {
        const a = await this.#client.proofImport({ fileName, text: result.text });
        if (!a.ok) return a;
        return { ok: true, value: { ...base, text: `Imported ${fileName}: the key's proof of possession is verified and stored.` } };
      }
      case 'challenge': {
        const a = await this.#client.proofSign({ text: result.text });
        if (!a.ok) return a;
        return {
          ok: true,
          value: {
            ...base,
            text: `Signed the scanned ${UR_KIND_WORDS.challenge} with ${a.value.key}; show the proof below to the station that asked.`,
            proofText: a.value.text,
          },
        };
      }
    }
  }
}
