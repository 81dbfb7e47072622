/**
 * The two recovery implementations agree (shared/chain/verify.ts; docs/decisions.md §6 part 4; PROTOCOL.md §2
 * "Verification"): on 10,000 random signatures libsecp256k1 (WebAssembly) and noble give the same
 * signer, or the same refusal (code and message). The input mixes real signatures (low and high S,
 * every accepted v alias: 0-7 and 27-34) with hostile ones: r or s of 0, of n and above, r that is
 * no x-coordinate of the curve, r small enough for recovery ids 2 and 3 (x = r + n), v the node
 * refuses, and lengths other than 65. The counts at the end prove each kind of case really occurred.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '../base/bytes.ts';
import { AirlockError } from '../base/errors.ts';
import { addressOfPrivateKey, signDigest } from './keys.ts';
import { recoverSigner, recoveryIdOf, useRecoveryBackend, type RecoveryBackend } from './verify.ts';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const P = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn;
const MAX_256 = 2n ** 256n - 1n;

const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 });
const scalarBytes = (n: bigint) => Uint8Array.from(n.toString(16).padStart(64, '0').match(/../g)!, (h) => parseInt(h, 16));
const big = (min: bigint, max: bigint) => fc.bigInt({ min, max }).map(scalarBytes);

/** r: mostly random (about half are x-coordinates of the curve), plus every edge the node meets. */
const rValue = fc.oneof(
  { weight: 12, arbitrary: bytes32 },
  { weight: 2, arbitrary: big(1n, P - N - 1n) }, // small enough that r + n < p: ids 2/3 may recover
  { weight: 1, arbitrary: fc.constant(scalarBytes(0n)) },
  { weight: 1, arbitrary: big(N, MAX_256) },
  { weight: 1, arbitrary: fc.constantFrom(scalarBytes(N), scalarBytes(N - 1n), scalarBytes(P), scalarBytes(1n)) },
);

/** s: random (half of them high S), plus 0, n and above. */
const sValue = fc.oneof(
  { weight: 12, arbitrary: bytes32 },
  { weight: 1, arbitrary: fc.constant(scalarBytes(0n)) },
  { weight: 1, arbitrary: big(N, MAX_256) },
  { weight: 1, arbitrary: fc.constantFrom(scalarBytes(N), scalarBytes(N - 1n), scalarBytes(N / 2n + 1n), scalarBytes(1n)) },
);

const ACCEPTED_V = [0, 1, 2, 3, 4, 5, 6, 7, 27, 28, 29, 30, 31, 32, 33, 34];
const vValue = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...ACCEPTED_V) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 255 }) });

/** 65 bytes mostly; sometimes short (refused) or long (the tail is ignored). */
const extraLength = fc.oneof(
  { weight: 8, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.integer({ min: -65, max: -1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 8 }) },
);

function assemble(r: Uint8Array, s: Uint8Array, v: number, extra: number): Uint8Array {
  const full = new Uint8Array(65 + Math.max(extra, 0)).fill(0xee);
  full.set(r, 0);
  full.set(s, 32);
  full[64] = v;
  return extra < 0 ? full.subarray(0, 65 + extra) : full;
}

/** Random r, s, v and length: mostly refusals, with about one in four recoverable. */
const craftedSignature = fc.tuple(rValue, sValue, vValue, extraLength).map(([r, s, v, extra]) => assemble(r, s, v, extra));

/** A real signature by a random key, then perhaps made high-S (s → n − s, id flipped), v in any alias. */
const realSignature = fc.tuple(big(1n, N - 1n), fc.boolean(), fc.constantFrom(0, 4, 27, 31)).map(([key, high, base]) => ({ key, high, base }));

type Outcome = { signer: string } | { code: string; message: string };

function outcome(impl: RecoveryBackend, sig: Uint8Array, digest: Uint8Array): Outcome {
  useRecoveryBackend(impl);
  try {
    return { signer: bytesToHex(recoverSigner(sig, digest)) };
  } catch (e) {
    if (!(e instanceof AirlockError)) throw e;
    return { code: e.code, message: e.message };
  }
}

describe('recovery: libsecp256k1 (wasm) and noble agree', () => {
  afterAll(() => useRecoveryBackend('wasm'));

  it('the same signer or the same coded refusal, on 10,000 random signatures', () => {
    const seen = {
      recovered: 0,
      recoveredHighS: 0,
      recoveredId23: 0,
      computeAddress: 0,
      headerOutOfRange: 0,
      signatureFormat: 0,
      realAliases: new Set<number>(),
    };
    const kinds = fc.oneof(
      { weight: 8, arbitrary: fc.tuple(fc.constant('crafted' as const), craftedSignature, bytes32) },
      { weight: 1, arbitrary: fc.tuple(fc.constant('real' as const), realSignature, bytes32) },
    );
    fc.assert(
      fc.property(kinds, ([kind, input, digest]) => {
        let sig: Uint8Array;
        let expected: Outcome | undefined;
        if (kind === 'real') {
          sig = signDigest(digest, input.key);
          if (input.high) {
            const s = BigInt('0x' + bytesToHex(sig.subarray(32, 64)));
            sig.set(scalarBytes(N - s), 32);
            sig[64] = sig[64]! ^ 1;
          }
          sig[64] = sig[64]! + input.base;
          seen.realAliases.add(sig[64]!);
          expected = { signer: bytesToHex(addressOfPrivateKey(input.key)) };
        } else {
          sig = input;
        }
        const wasm = outcome('wasm', sig, digest);
        const noble = outcome('noble', sig, digest);
        expect(wasm).toEqual(noble);
        if (expected !== undefined) expect(noble).toEqual(expected);
        if ('signer' in noble) {
          seen.recovered++;
          if (sig[32]! >= 0x80) seen.recoveredHighS++;
          if (recoveryIdOf(sig) >= 2) seen.recoveredId23++;
        } else if (noble.code === 'SIGNATURE_FORMAT') seen.signatureFormat++;
        else if (noble.message.startsWith('Header byte out of range')) seen.headerOutOfRange++;
        else seen.computeAddress++;
      }),
      { numRuns: 10_000 },
    );
    // Each kind of case occurred often enough to mean something.
    expect(seen.recovered).toBeGreaterThan(1_500);
    expect(seen.recoveredHighS).toBeGreaterThan(400);
    expect(seen.recoveredId23).toBeGreaterThan(20);
    expect(seen.computeAddress).toBeGreaterThan(1_000);
    expect(seen.headerOutOfRange).toBeGreaterThan(200);
    expect(seen.signatureFormat).toBeGreaterThan(100);
    expect([...seen.realAliases].sort((a, b) => a - b)).toEqual([0, 1, 4, 5, 27, 28, 31, 32]);
    // About 8 s of CPU, most of it noble's ~2,800 recoveries; the margin is for a busy machine.
  }, 180_000);
});
