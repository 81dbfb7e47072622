/**
 * Files as Uniform Resources (docs/decisions.md §19 "a true air gap"; Blockchain Commons BCR-2020-005 UR and
 * BCR-2020-012 bytewords, through @ngraveio/bc-ur): a handoff file, a chain snapshot, a proof
 * challenge or a proof cut into `ur:` parts with fountain codes, so an animated QR code can carry it
 * and a camera that misses frames still completes. The format (documented in docs/handoff.md
 * "Animated QR"):
 *
 * - the UR type names what the file is: `airlock-handoff`, `airlock-snapshot`, `airlock-challenge`,
 *   `airlock-proof` (UR_TYPES);
 * - the CBOR payload is one byte string (major type 2) holding the file's text as UTF-8, the bytes
 *   a file import would read; nothing is re-encoded, so the import on the other side sees the file
 *   exactly as exported;
 * - parts are `ur:<type>/<n>-<m>/<bytewords>` (always two or more, so every frame has this form) (minimal bytewords, each with its CRC-32), upper case
 *   in a QR code so it takes the symbol's denser alphanumeric mode.
 *
 * Invariant: the assembler (UrAssembler) trusts no frame. Before the fountain decoder sees a part it
 * refuses, in words and without quoting the frame: a key-like text, text that is not a UR, a UR of
 * another kind, a frame over MAX_UR_PART_CHARS, a part count over MAX_UR_PARTS (the decoder would
 * allocate that many entries), a frame of another transfer mixed in, a damaged frame, a transfer
 * older than MAX_UR_SCAN_MS, and a payload that is not one CBOR byte string of UTF-8 within
 * MAX_UR_MESSAGE_BYTES. What it assembles is only a file's text: the import checks it like any file.
 */
import bcUr from '@ngraveio/bc-ur';
import { fail } from '../base/errors.ts';
import { concatBytes, tryUtf8, utf8ToBytes } from '../base/bytes.ts';
import { holdsPrivateKeyText } from '../base/secrets.ts';
import {
  DEFAULT_UR_FRAGMENT_BYTES,
  MAX_UR_FRAGMENT_BYTES,
  MAX_UR_MESSAGE_BYTES,
  MAX_UR_PART_CHARS,
  MAX_UR_PARTS,
  MAX_UR_SCAN_MS,
  MIN_UR_FRAGMENT_BYTES,
} from '../base/limits.ts';

/** A UR as bc-ur holds it: its type and CBOR payload. */
interface UrMessage {
  readonly type: string;
  readonly cbor: Uint8Array;
}

/**
 * The part of bc-ur 1.1.13 used here. The package is CommonJS whose named exports Node's ESM loader
 * cannot see (`import { UR }` fails under tsx and bin/airlock.mjs), so its default export,
 * module.exports, is read, alike in Node, Vite and vitest. It takes a Uint8Array where it declares
 * a Buffer (Node's Buffer.concat and the renderer's `buffer` package accept both) and hands back
 * Buffers, which are Uint8Arrays.
 */
interface BcUr {
  UR: new (cbor: Uint8Array, type: string) => UrMessage;
  /** Parts 1 to `fragmentsLength` are the message cut in order, then fountain mixes without end. */
  UREncoder: new (
    ur: UrMessage,
    maxFragmentLength: number,
    firstSeqNum: number,
    minFragmentLength: number,
  ) => { readonly fragmentsLength: number; nextPart(): string };
  URDecoder: new () => {
    /** false when the part belongs to another message (type, part count, length or checksum differ). */
    receivePart(part: string): boolean;
    resultUR(): UrMessage;
    isSuccess(): boolean | undefined;
    isError(): boolean;
    expectedPartCount(): number;
    receivedPartIndexes(): number[];
    estimatedPercentComplete(): number;
  };
}
const { UR, URDecoder, UREncoder } = bcUr as unknown as BcUr;

/** What a transfer carries, and its UR type. */
export const UR_TYPES = {
  handoff: 'airlock-handoff',
  snapshot: 'airlock-snapshot',
  challenge: 'airlock-challenge',
  proof: 'airlock-proof',
} as const;
export type UrKind = keyof typeof UR_TYPES;

const KIND_OF_TYPE = new Map<string, UrKind>(Object.entries(UR_TYPES).map(([kind, type]) => [type, kind as UrKind]));

/** What each kind is called in a sentence. */
export const UR_KIND_WORDS: Record<UrKind, string> = {
  handoff: 'handoff file',
  snapshot: 'chain snapshot',
  challenge: 'proof challenge',
  proof: 'proof of possession',
};

/** `ur:type/` then either the body alone or `n-m/` and the body; bytewords are letters only. */
const PART_RE = /^ur:([a-z0-9-]+)\/(?:([0-9]{1,10})-([0-9]{1,10})\/)?([a-z]+)$/;

/** A CBOR byte string header (RFC 8949 §3): major type 2 with the shortest length encoding. */
function cborByteString(bytes: Uint8Array): Uint8Array {
  const n = bytes.length;
  const head =
    n < 24 ? [0x40 | n] : n < 0x100 ? [0x58, n] : n < 0x10000 ? [0x59, n >>> 8, n & 0xff] : [0x5a, n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
  return concatBytes(Uint8Array.from(head), bytes);
}

/** The bytes of one CBOR byte string, refused unless it is exactly that (shortest length form, nothing after). */
function readCborByteString(cbor: Uint8Array): Uint8Array {
  const first = cbor[0];
  if (first === undefined || first >> 5 !== 2) return refuseFrames('its payload is not a file (a CBOR byte string)', 'payload');
  const info = first & 31;
  const width = info < 24 ? 0 : info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : -1;
  if (width < 0) return refuseFrames('its payload has a length form this station does not read', 'payload');
  let length = width === 0 ? info : 0;
  for (let i = 1; i <= width; i++) length = length * 256 + (cbor[i] ?? 0);
  const body = cbor.subarray(1 + width);
  if (body.length !== length || cborByteString(body).length !== cbor.length) return refuseFrames('its payload length does not match its content', 'payload');
  return body;
}

function refuseFrames(reason: string, field: string): never {
  return fail('INVALID_INPUT', `A QR frame (UR part) was refused: ${reason}. Nothing was imported.`, { field });
}

/** The fragment size asked for, within the bounds. */
function fragmentBytesOf(fragmentBytes: number): number {
  if (!Number.isInteger(fragmentBytes) || fragmentBytes < MIN_UR_FRAGMENT_BYTES || fragmentBytes > MAX_UR_FRAGMENT_BYTES)
    return fail('INVALID_INPUT', `The fragment size must be a whole number of bytes from ${MIN_UR_FRAGMENT_BYTES} to ${MAX_UR_FRAGMENT_BYTES}.`, {
      field: 'fragmentSize',
    });
  return fragmentBytes;
}

/**
 * The endless part stream of one file: the first `pureCount` parts are the file cut in order, the
 * rest fountain mixes of them, so a reader that missed some completes from any enough others.
 */
export class UrSender {
  readonly kind: UrKind;
  readonly pureCount: number;
  readonly #encoder: InstanceType<BcUr['UREncoder']>;

  constructor(kind: UrKind, text: string, fragmentBytes: number = DEFAULT_UR_FRAGMENT_BYTES) {
    const bytes = utf8ToBytes(text);
    if (bytes.length === 0) fail('INVALID_INPUT', 'An empty file cannot be shown as a QR code.', { field: 'text' });
    if (bytes.length > MAX_UR_MESSAGE_BYTES)
      fail('INVALID_INPUT', `The ${UR_KIND_WORDS[kind]} is larger than ${MAX_UR_MESSAGE_BYTES / 1024} KiB, too large for an animated QR code.`, {
        field: 'text',
      });
    this.kind = kind;
    const cbor = cborByteString(bytes);
    // Always two parts or more: bc-ur writes a one-part UR from the payload's Node-only
    // Buffer#toString('hex'), which a Uint8Array does not have; every frame then has the `n-m` form.
    const fragment = Math.max(MIN_UR_FRAGMENT_BYTES, Math.min(fragmentBytesOf(fragmentBytes), Math.ceil(cbor.length / 2)));
    this.#encoder = new UREncoder(new UR(cbor, UR_TYPES[kind]), fragment, 0, MIN_UR_FRAGMENT_BYTES);
    this.pureCount = this.#encoder.fragmentsLength;
  }

  /** The next part, lower case as the standard writes it. */
  next(): string {
    return this.#encoder.nextPart();
  }

  /** `count` parts from where the stream is. */
  take(count: number): string[] {
    return Array.from({ length: count }, () => this.next());
  }
}

/** A file as its pure parts, once each: what `airlock handoff ur export` prints. */
export function urParts(kind: UrKind, text: string, fragmentBytes: number = DEFAULT_UR_FRAGMENT_BYTES): string[] {
  const sender = new UrSender(kind, text, fragmentBytes);
  return sender.take(sender.pureCount);
}

/** How far an assembly is. */
export interface UrProgress {
  kind: UrKind | null;
  /** Distinct pure parts recovered so far, of `expected` (0 before the first frame). */
  received: number;
  expected: number;
  /** 0 to 100: `received` of `expected`, rounded down; 100 only once the file is whole. */
  percent: number;
  /** Frames taken, repeats included. */
  frames: number;
  done: boolean;
}

/** A file assembled from frames. */
export interface UrResult {
  kind: UrKind;
  text: string;
}

/**
 * Collects frames of one transfer. `receive` throws an AirlockError for any frame it refuses; the
 * caller stops the scan then (a refused frame means the reader is not looking at one clean
 * transfer), and a new assembler starts the next one. `now` is the caller's clock (ms).
 */
export class UrAssembler {
  readonly #now: () => number;
  #decoder = new URDecoder();
  #kind: UrKind | null = null;
  #startedAt: number | null = null;
  #frames = 0;
  #result: UrResult | null = null;

  constructor(now: () => number) {
    this.#now = now;
  }

  get result(): UrResult | null {
    return this.#result;
  }

  progress(): UrProgress {
    const expected = this.#kind === null ? 0 : this.#decoder.expectedPartCount();
    const received = this.#result !== null ? expected : this.#kind === null ? 0 : this.#decoder.receivedPartIndexes().length;
    // docs/decisions.md §26: the percent is the parts' own ratio, so "3 of 17 parts" never reads "about 67%" (the
    // decoder's estimate counted frames, mixed ones included, against a guess of how many it needs).
    const percent = this.#result !== null ? 100 : expected === 0 ? 0 : Math.min(99, Math.floor((received * 100) / expected));
    return { kind: this.#kind, received, expected, percent: this.#kind === null ? 0 : percent, frames: this.#frames, done: this.#result !== null };
  }

  /** Takes one frame's text; returns the progress, with `done` once the file is whole. */
  receive(frame: string): UrProgress {
    if (this.#result !== null) return this.progress();
    const text = frame.trim();
    if (text.length > MAX_UR_PART_CHARS) refuseFrames(`it holds more than ${MAX_UR_PART_CHARS} characters, more than any QR code of a transfer`, 'frame');
    const lower = text.toLowerCase();
    if (!lower.startsWith('ur:')) {
      // Only text outside a UR is looked at for a key: bytewords of zero padding ("aeae...") are a hex run too.
      if (holdsPrivateKeyText(text))
        refuseFrames('it holds what looks like a private key, which never travels by QR code; keep that code away from cameras', 'frame');
      refuseFrames('it is not part of an Airlock transfer (its text does not start with ur:)', 'frame');
    }
    const match = PART_RE.exec(lower);
    if (match === null) refuseFrames('it is not a well-formed UR part', 'frame');
    const [, type, seqText, lengthText] = match;
    const kind = KIND_OF_TYPE.get(type!);
    if (kind === undefined) refuseFrames('it is a UR of a kind this station does not import (not a handoff, snapshot, challenge or proof)', 'frame');
    if (seqText !== undefined) {
      const seq = Number(seqText);
      const length = Number(lengthText);
      if (length > MAX_UR_PARTS) refuseFrames(`it claims ${length} parts, more than the ${MAX_UR_PARTS} a transfer may have`, 'frame');
      if (seq < 1 || length < 1) refuseFrames('its part number is not valid', 'frame');
    }
    const now = this.#now();
    this.#startedAt ??= now;
    if (now - this.#startedAt > MAX_UR_SCAN_MS)
      refuseFrames(`the transfer did not complete within ${MAX_UR_SCAN_MS / 60_000} minutes; start the scan again`, 'time');
    let accepted: boolean;
    try {
      accepted = this.#decoder.receivePart(lower);
    } catch {
      // bc-ur's messages quote nothing useful to a person; a frame that fails its own checksum is damaged or made up.
      return refuseFrames('a frame is damaged (its checksum or structure does not hold)', 'frame');
    }
    // bc-ur answers false for a part whose type, part count, length or checksum differ from the first.
    if (!accepted) this.#mixed();
    this.#kind = kind;
    this.#frames += 1;
    if (this.#decoder.isError()) refuseFrames('the frames do not assemble into one file', 'frame');
    if (this.#decoder.isSuccess()) this.#finish(kind);
    return this.progress();
  }

  #mixed(): never {
    return refuseFrames('a frame belongs to another transfer (another transaction or file) than the frames before it', 'frame');
  }

  #finish(kind: UrKind): void {
    const cbor = this.#decoder.resultUR().cbor;
    if (cbor.length > MAX_UR_MESSAGE_BYTES + 5) refuseFrames(`the file is larger than ${MAX_UR_MESSAGE_BYTES / 1024} KiB`, 'payload');
    const text = tryUtf8(readCborByteString(Uint8Array.from(cbor)));
    if (text === undefined) refuseFrames('its payload is not text (UTF-8)', 'payload');
    this.#result = { kind, text };
  }
}

/** Reads a list of parts (the CLI's stdin or files) into one file; refuses a list that does not complete. */
export function assembleUrParts(parts: readonly string[], now: () => number): UrResult {
  const assembler = new UrAssembler(now);
  for (const part of parts) {
    if (assembler.receive(part).done) return assembler.result!;
  }
  const { received, expected } = assembler.progress();
  return fail(
    'INVALID_INPUT',
    expected === 0
      ? 'No UR part was given: nothing was imported.'
      : `The UR parts are incomplete (${received} of ${expected} recovered): nothing was imported.`,
    { field: 'parts' },
  );
}
