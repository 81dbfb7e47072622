// The WHATWG Encoding API, the one web-platform global shared/ uses. Node, Chromium and Electron
// all have it; tsconfig.shared.json typechecks shared/ with this instead of Node's or the DOM's
// types, so anything else from either is a compile error in shared/ (docs/decisions.md §6 part 3).
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array): string;
}
