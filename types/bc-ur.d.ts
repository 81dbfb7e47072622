/**
 * The part of @ngraveio/bc-ur 1.1.13 that shared/files/ur.ts uses, typed with Uint8Array (issue 19).
 * The package's own declarations reference Node's types (`/// <reference types="node" />`, Buffer in
 * every signature), which would bring Node's globals into shared/ and the renderer, whose
 * tsconfigs give them none; tsconfig.json maps the package's name here instead (`paths`). At run
 * time the package takes a Uint8Array where it declares a Buffer (Node's Buffer.concat and the
 * renderer's Buffer from the `buffer` package accept both), and hands back Buffers, which are
 * Uint8Arrays.
 */
export declare class UR {
  constructor(cborPayload: Uint8Array, type?: string);
  readonly type: string;
  readonly cbor: Uint8Array;
}

export declare class UREncoder {
  constructor(ur: UR, maxFragmentLength?: number, firstSeqNum?: number, minFragmentLength?: number);
  /** How many pure fragments the message was cut into (the `M` of `ur:type/N-M/...`). */
  readonly fragmentsLength: number;
  /** The next part: pure fragments first, then fountain mixes, without end. */
  nextPart(): string;
  /** A whole message as one part, `ur:type/body` (needs a Buffer payload: see the header). */
  static encodeSinglePart(ur: UR): string;
}

export declare class URDecoder {
  constructor(fountainDecoder?: undefined, type?: string);
  /** false when the part belongs to another message (type, length or checksum differ). */
  receivePart(part: string): boolean;
  resultUR(): UR;
  isComplete(): boolean | undefined;
  isSuccess(): boolean | undefined;
  isError(): boolean;
  expectedPartCount(): number;
  receivedPartIndexes(): number[];
  estimatedPercentComplete(): number;
}
