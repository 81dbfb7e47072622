/**
 * Signature verification: who signed a txID (PROTOCOL.md §2 "Verification"; docs/decisions.md §6 part 4). This
 * module only reads signatures and never touches a private key, so the renderer may import it while
 * signing (`shared/chain/keys.ts`) stays out of reach.
 *
 * Recovery accepts exactly what the reference node accepts: at least 65 bytes (extra bytes
 * ignored); v of 0-7 or 27-34 (v < 27 has 27 added, 31-34 have 4 subtracted, so recovery id =
 * header − 27); high S allowed. Failures carry the node's messages: `Signature size is N`,
 * `Header byte out of range: N`, `Could not recover public key from signature`.
 *
 * Two implementations, one answer. Recovery is the hot path of import, approval views and
 * broadcast, so it runs on libsecp256k1 compiled to WebAssembly (`tiny-secp256k1`, ten times
 * noble's speed). It is loaded once, when this module is first evaluated; wherever it cannot load
 * (no WebAssembly, a CSP without 'wasm-unsafe-eval', a bundle that leaves the package out) the
 * audited pure-JS `@noble/secp256k1` does the work instead. Recovery ids 2 and 3 (x = r + n, never
 * produced by an honest signer) always go to noble: tiny-secp256k1's JS wrapper checks r itself,
 * not r + n, as an x-coordinate, and would refuse signatures the node accepts. Both paths give the
 * same signer or the same coded refusal (shared/chain/verify.property.test.ts).
 *
 * A signer once recovered is kept (the last RECOVERED_SIGNERS_KEPT, by txID and signature bytes):
 * the node checks a signature for getsignweight and again on broadcast, the station on import and
 * again for the approval view.
 */
import * as secp from '@noble/secp256k1';
import { addressFromPublicKey, type Address } from './address.ts';
import { bytesToHex, hexToBytes } from '../base/bytes.ts';
import { fail } from '../base/errors.ts';
import { badArgument } from './input.ts';
import { RECOVERED_SIGNERS_KEPT } from '../base/limits.ts';

/** r‖s‖v: the length the node requires (PROTOCOL.md §2). */
export const SIGNATURE_LENGTH = 65;

const UNRECOVERABLE = 'Could not recover public key from signature';

type TinySecp = typeof import('tiny-secp256k1');

/** Known answer: PROTOCOL.md §9.3's txID, its signature by key 0x11…11 (r‖s, id 1), and that key's public key. */
const KNOWN_DIGEST = '65a9d072f9fce3094d757b9bd96206ca4b04af5d88f46a204cf8dc6db2ab5612';
const KNOWN_RS = '4caff20440f9b03d6dd017d8aef23cfdfaf9435acff44f3658444a4b07004eb85987a1309f47213adb7602b117596a8567aca9da3f47a813181eac89177d8d9a';
const KNOWN_KEY = '044f355bdcb7cc0af728ef3cceb9615d90684bb5b2ca5f859ab0f0b704075871aa385b6b1b8ead809ca67454d9683fcf2ba03456d6fe2c4abe2b07f0fbdbb2f1c1';

/**
 * True when `tiny` recovers the known answer. A module can load and still be wrong: Vite 8 bundles
 * the package, but its Wasm ESM integration hands exported globals over as numbers (as the
 * proposal says) where the package's wrapper reads `.value` of WebAssembly.Global objects, so every
 * call then throws. Exported for tests.
 */
export function wasmPassesKnownAnswer(tiny: Pick<TinySecp, 'recover'>): boolean {
  try {
    const key = tiny.recover(hexToBytes(KNOWN_DIGEST), hexToBytes(KNOWN_RS), 1, false);
    return key instanceof Uint8Array && bytesToHex(key) === KNOWN_KEY;
  } catch {
    return false;
  }
}

/**
 * The package's own loader reads and compiles its .wasm when imported: in Node with `fs` (inside
 * the package, so shared/ imports no builtin), in a bundle through the bundler's Wasm-module
 * support. Any failure there, or a wrong known answer, means "no WebAssembly here".
 */
async function loadWasm(): Promise<TinySecp | undefined> {
  try {
    const tiny = await import('tiny-secp256k1');
    return typeof tiny.recover === 'function' && wasmPassesKnownAnswer(tiny) ? tiny : undefined;
  } catch {
    return undefined;
  }
}

const wasm = await loadWasm();

export type RecoveryBackend = 'wasm' | 'noble';

let backend: RecoveryBackend = wasm ? 'wasm' : 'noble';

/** True when libsecp256k1 (WebAssembly) loaded in this process. */
export function wasmRecoveryAvailable(): boolean {
  return wasm !== undefined;
}

/** The implementation recovery uses now. */
export function recoveryBackend(): RecoveryBackend {
  return backend;
}

/**
 * Chooses the implementation: `noble` always works; `wasm` only where it loaded (else a TypeError).
 * For tests and benchmarks that compare the two; production code never needs to call it.
 */
export function useRecoveryBackend(choice: RecoveryBackend): void {
  if (choice !== 'wasm' && choice !== 'noble') badArgument(`useRecoveryBackend: expected 'wasm' or 'noble'`, 'choice');
  if (choice === 'wasm' && !wasm) badArgument('useRecoveryBackend: WebAssembly recovery did not load here', 'choice');
  backend = choice;
  recovered.clear();
}

/** Throws a TypeError/RangeError naming `fn` unless `digest` is a 32-byte txID. */
export function checkDigest(digest: Uint8Array, fn: string): void {
  if (!(digest instanceof Uint8Array)) badArgument(`${fn}: txID must be bytes`, 'txID');
  if (digest.length !== 32) badArgument(`${fn}: txID must be 32 bytes, got ${digest.length}`, 'txID');
}

/** The recovery id the node derives from a signature's last byte, or throws its message. */
export function recoveryIdOf(signature: Uint8Array): number {
  if (signature.length < SIGNATURE_LENGTH) fail('SIGNATURE_FORMAT', `Signature size is ${signature.length}`);
  let header = signature[64]!;
  if (header < 27) header += 27;
  if (header < 27 || header > 34) fail('COMPUTE_ADDRESS', `Header byte out of range: ${header}`);
  if (header >= 31) header -= 4;
  return header - 27;
}

function recoverWithWasm(tiny: TinySecp, rs: Uint8Array, recId: 0 | 1, digest: Uint8Array): Uint8Array {
  let key: Uint8Array | null;
  try {
    // The wrapper refuses r or s of 0 or ≥ n and an r that is no x-coordinate with a TypeError.
    key = tiny.recover(digest, rs, recId, false);
  } catch {
    key = null;
  }
  if (key === null) fail('COMPUTE_ADDRESS', UNRECOVERABLE);
  return key;
}

function recoverWithNoble(rs: Uint8Array, recId: number, digest: Uint8Array): Uint8Array {
  // noble's `recovered` format puts the recovery byte first.
  const recovered = new Uint8Array(SIGNATURE_LENGTH);
  recovered[0] = recId;
  recovered.set(rs, 1);
  let compressed: Uint8Array;
  try {
    compressed = secp.recoverPublicKey(recovered, digest, { prehash: false });
  } catch {
    fail('COMPUTE_ADDRESS', UNRECOVERABLE);
  }
  return secp.Point.fromBytes(compressed).toBytes(false);
}

/** Recovers the uncompressed public key (65 bytes, 0x04…) that made `signature` over `digest`. */
export function recoverPublicKey(signature: Uint8Array, digest: Uint8Array): Uint8Array {
  if (!(signature instanceof Uint8Array)) badArgument('recoverPublicKey: signature must be bytes', 'signature');
  checkDigest(digest, 'recoverPublicKey');
  const recId = recoveryIdOf(signature);
  const rs = signature.subarray(0, 64);
  if (backend === 'wasm' && wasm && (recId === 0 || recId === 1)) return recoverWithWasm(wasm, rs, recId, digest);
  return recoverWithNoble(rs, recId, digest);
}

/**
 * Signers already recovered, by txID ‖ the 65 bytes recovery reads (bytes past them are ignored by
 * recovery, so they are not part of the key), oldest use first. Recovery is a pure function of
 * those bytes, so a kept answer is the answer; refusals are not kept (they are cheap: the checks
 * that refuse come first, or the curve refuses fast). Emptied when the backend changes, so a test
 * comparing the two backends compares them.
 */
/** Kept signers as one byte per character: a string costs the collector far less than 4,096 small byte arrays. */
const recovered = new Map<string, string>();
let recoveries = 0;

const keyUnits = new Uint16Array(49);

/**
 * The txID's 32 bytes and the signature's 65 as one flat string of 49 UTF-16 units, two bytes per
 * unit (a hex key cost more to build and hash than the rest of keeping together).
 */
function keptKeyOf(signature: Uint8Array, digest: Uint8Array): string {
  for (let i = 0; i < 16; i++) keyUnits[i] = (digest[2 * i]! << 8) | digest[2 * i + 1]!;
  for (let i = 0; i < 32; i++) keyUnits[16 + i] = (signature[2 * i]! << 8) | signature[2 * i + 1]!;
  keyUnits[48] = signature[64]!;
  return String.fromCharCode(...keyUnits);
}

/** How many recoveries ran (not answered from the kept signers) in this process; for tests and benchmarks. */
export function recoveriesRun(): number {
  return recoveries;
}

/** The 21-byte address that signed `digest` (a copy: the caller may keep or change it). */
export function recoverSigner(signature: Uint8Array, digest: Uint8Array): Address {
  const key =
    signature instanceof Uint8Array && signature.length >= SIGNATURE_LENGTH && digest instanceof Uint8Array && digest.length === 32
      ? keptKeyOf(signature, digest)
      : undefined;
  if (key !== undefined) {
    const kept = recovered.get(key);
    if (kept !== undefined) {
      recovered.delete(key);
      recovered.set(key, kept);
      const signer = new Uint8Array(kept.length);
      for (let i = 0; i < kept.length; i++) signer[i] = kept.charCodeAt(i);
      return signer;
    }
  }
  recoveries += 1;
  const signer = addressFromPublicKey(recoverPublicKey(signature, digest));
  if (key !== undefined) {
    if (recovered.size >= RECOVERED_SIGNERS_KEPT) recovered.delete(recovered.keys().next().value!);
    recovered.set(key, String.fromCharCode(...signer));
  }
  return signer;
}

/** True when `signature` is in the low half of s (what we emit; the node does not require it). */
export function isLowS(signature: Uint8Array): boolean {
  if (!(signature instanceof Uint8Array) || signature.length < 64) badArgument('isLowS: signature must be at least 64 bytes', 'signature');
  let s = 0n;
  for (const b of signature.subarray(32, 64)) s = (s << 8n) | BigInt(b);
  return s <= secp.Point.CURVE().n / 2n;
}
