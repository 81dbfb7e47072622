/**
 * Signature verification (shared/chain/verify.ts; PROTOCOL.md §2 "Verification"): recovery accepts what
 * the node accepts (v 0-7 and 27-34, extra bytes ignored, high S) and fails with the node's
 * messages, on both implementations (libsecp256k1 in WebAssembly, and noble where WebAssembly
 * cannot load). shared/chain/verify.property.test.ts shows the two agree on random input.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import * as secp from '@noble/secp256k1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressFromPublicKey } from './address.ts';
import { bytesToHex, hexToBytes } from '../base/bytes.ts';
import { type ErrorCode } from '../base/errors.ts';
import { RECOVERED_SIGNERS_KEPT } from '../base/limits.ts';
import {
  isLowS,
  recoverPublicKey,
  recoverSigner,
  recoveriesRun,
  recoveryBackend,
  recoveryIdOf,
  useRecoveryBackend,
  wasmPassesKnownAnswer,
  wasmRecoveryAvailable,
  type RecoveryBackend,
} from './verify.ts';

/** Asserts `fn` throws an AirlockError with exactly this code and message. */
const expectCoded = (fn: () => unknown, code: ErrorCode, message: string) =>
  expect(fn).toThrow(expect.objectContaining({ name: 'AirlockError', code, message }));

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** The §9.3 TransferContract vector (test/fixtures/vectors), signed by key 11x32. */
const VECTOR = (
  JSON.parse(readFileSync(new URL('../../test/fixtures/vectors/reference.json', import.meta.url), 'utf8')) as {
    transactions: { description: string; txID: string; signatures: string[]; recovered_signers: string[] }[];
  }
).transactions.find((t) => t.description.includes('TransferContract 1000000'))!;
const ADDR_11 = VECTOR.recovered_signers[0]!;
const TXID = hexToBytes(VECTOR.txID);
const SIG = VECTOR.signatures[0]!;

function hex32(n: bigint): string {
  return n.toString(16).padStart(64, '0');
}

/**
 * A signature with recovery id 2: R is the curve point with x = n + r, for the smallest r where
 * n + r is an x-coordinate of the curve and r itself is not (the case tiny-secp256k1's wrapper
 * would wrongly refuse); s and the digest are fixed, and the signer is Q = r⁻¹(sR − eG), the key
 * such a signature verifies under. Returns the signature, digest and the signer's address in hex.
 */
function pointWithX(x: bigint): secp.Point | undefined {
  try {
    return secp.Point.fromHex('02' + hex32(x));
  } catch {
    return undefined;
  }
}

function recoverWithLargeX(): { sig: Uint8Array; digest: Uint8Array; address: string } | null {
  const { n } = secp.Point.CURVE();
  const digest = TXID;
  const e = BigInt('0x' + bytesToHex(digest)) % n;
  const s = 0x1234567890abcdefn;
  for (let r = 1n; r < 1000n; r++) {
    const R = pointWithX(n + r);
    if (!R || pointWithX(r)) continue;
    const Q = R.multiply(s).subtract(secp.Point.BASE.multiply(e)).multiply(secp.etc.invert(r, n));
    const sig = hexToBytes(hex32(r) + hex32(s) + '02');
    return { sig, digest, address: bytesToHex(addressFromPublicKey(Q.toBytes(false))) };
  }
  return null;
}

function withV(sig: Uint8Array, v: number): Uint8Array {
  const out = sig.slice();
  out[64] = v;
  return out;
}

describe('signing stays apart from verifying', () => {
  it('no module of shared/ but keys.ts itself imports keys.ts, so verifying code never pulls in signing', () => {
    const dir = new URL('../', import.meta.url);
    const importers = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'chain/keys.ts')
      .filter((f) => /from '[./]*(chain\/)?keys\.ts'/.test(readFileSync(new URL(f, dir), 'utf8')));
    expect(importers).toEqual([]);
  });
});

describe('choosing the implementation', () => {
  afterAll(() => useRecoveryBackend('wasm'));

  it('in Node, libsecp256k1 (WebAssembly) loads and is the default', () => {
    expect(wasmRecoveryAvailable()).toBe(true);
    expect(recoveryBackend()).toBe('wasm');
  });

  it('useRecoveryBackend switches to noble and back, and refuses anything else', () => {
    useRecoveryBackend('noble');
    expect(recoveryBackend()).toBe('noble');
    useRecoveryBackend('wasm');
    expect(recoveryBackend()).toBe('wasm');
    expect(() => useRecoveryBackend('fast' as RecoveryBackend)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  it('a WebAssembly module is used only if it recovers the known answer (a bundle can load it broken)', async () => {
    expect(wasmPassesKnownAnswer(await import('tiny-secp256k1'))).toBe(true);
    // What Vite 8's bundle of tiny-secp256k1 does: every call throws.
    expect(
      wasmPassesKnownAnswer({
        recover: () => {
          throw new RangeError('offset is out of bounds');
        },
      }),
    ).toBe(false);
    expect(wasmPassesKnownAnswer({ recover: () => null })).toBe(false);
    expect(wasmPassesKnownAnswer({ recover: () => new Uint8Array(65) })).toBe(false);
  });

  it('where WebAssembly cannot load (node --jitless has none), recovery falls back to noble and still works', () => {
    const script = `
      const v = await import('./shared/chain/verify.ts');
      const { hexToBytes, bytesToHex } = await import('./shared/base/bytes.ts');
      let refused = false;
      try { v.useRecoveryBackend('wasm'); } catch (e) { refused = e.code === 'INVALID_INPUT'; }
      const signer = bytesToHex(v.recoverSigner(hexToBytes('${SIG}'), hexToBytes('${bytesToHex(TXID)}')));
      console.log(JSON.stringify({ wasm: v.wasmRecoveryAvailable(), backend: v.recoveryBackend(), refused, signer }));
    `;
    const run = spawnSync(process.execPath, ['--jitless', '--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: new URL('../..', import.meta.url),
      encoding: 'utf8',
    });
    expect(run.stderr).not.toMatch(/Error/);
    expect(JSON.parse(run.stdout.trim())).toEqual({ wasm: false, backend: 'noble', refused: true, signer: ADDR_11 });
  });
});

describe.each<RecoveryBackend>(['wasm', 'noble'])('recovery on %s: what the node accepts (ECKey.signatureToKeyBytes)', (impl) => {
  beforeAll(() => useRecoveryBackend(impl));
  afterAll(() => useRecoveryBackend('wasm'));

  const sig = hexToBytes(SIG);

  it('v = 0/1 and v = 27/28 recover the same signer', () => {
    const v = sig[64]!;
    expect(bytesToHex(recoverSigner(withV(sig, v), TXID))).toBe(ADDR_11);
    expect(bytesToHex(recoverSigner(withV(sig, v + 27), TXID))).toBe(ADDR_11);
  });

  it('both recovery ids are accepted in both notations (0 vs 27, 1 vs 28 give the same key)', () => {
    for (const v of [0, 1]) {
      expect(bytesToHex(recoverPublicKey(withV(sig, v), TXID))).toBe(bytesToHex(recoverPublicKey(withV(sig, v + 27), TXID)));
      expect(recoveryIdOf(withV(sig, v))).toBe(v);
      expect(recoveryIdOf(withV(sig, v + 27))).toBe(v);
    }
  });

  it('headers 31-34 have 4 subtracted', () => {
    expect(recoveryIdOf(withV(sig, 31))).toBe(0);
    expect(recoveryIdOf(withV(sig, 32))).toBe(1);
    expect(recoveryIdOf(withV(sig, 34))).toBe(3);
  });

  it('v = 8 fails with "Header byte out of range: 35" (8 + 27)', () => {
    expectCoded(() => recoverSigner(withV(sig, 8), TXID), 'COMPUTE_ADDRESS', 'Header byte out of range: 35');
  });

  it('v = 35 fails with "Header byte out of range: 35"; v = 26 with 53', () => {
    expectCoded(() => recoverSigner(withV(sig, 35), TXID), 'COMPUTE_ADDRESS', 'Header byte out of range: 35');
    expectCoded(() => recoverSigner(withV(sig, 26), TXID), 'COMPUTE_ADDRESS', 'Header byte out of range: 53');
  });

  it('64 bytes fail with "Signature size is 64"', () => {
    expectCoded(() => recoverSigner(sig.subarray(0, 64), TXID), 'SIGNATURE_FORMAT', 'Signature size is 64');
  });

  it('0 bytes fail with "Signature size is 0"', () => {
    expectCoded(() => recoverSigner(new Uint8Array(0), TXID), 'SIGNATURE_FORMAT', 'Signature size is 0');
  });

  it('bytes after the 65th are ignored', () => {
    const long = new Uint8Array(70).fill(0xee);
    long.set(sig);
    expect(bytesToHex(recoverSigner(long, TXID))).toBe(ADDR_11);
  });

  it('isLowS: s up to floor(n/2) is low, one more is high', () => {
    const withS = (s: bigint): Uint8Array => hexToBytes('11'.repeat(32) + hex32(s) + '00');
    expect(isLowS(withS(N / 2n))).toBe(true);
    expect(isLowS(withS(N / 2n + 1n))).toBe(false);
  });

  it('high S is accepted on recovery (s → n − s with the recovery id flipped)', () => {
    const s = BigInt('0x' + SIG.slice(64, 128));
    const high = hexToBytes(SIG.slice(0, 64) + hex32(N - s) + '00');
    high[64] = sig[64]! ^ 1;
    expect(isLowS(high)).toBe(false);
    expect(bytesToHex(recoverSigner(high, TXID))).toBe(ADDR_11);
  });

  it('an all-zero signature fails with "Could not recover public key from signature"', () => {
    expectCoded(() => recoverSigner(new Uint8Array(65), TXID), 'COMPUTE_ADDRESS', 'Could not recover public key from signature');
  });

  it('s = 0 fails with "Could not recover public key from signature"', () => {
    const bad = sig.slice();
    bad.fill(0, 32, 64);
    expectCoded(() => recoverSigner(bad, TXID), 'COMPUTE_ADDRESS', 'Could not recover public key from signature');
  });

  it('a different txID recovers a different signer (the digest is really used)', () => {
    const other = TXID.slice();
    other[0]! ^= 1;
    expect(bytesToHex(recoverSigner(sig, other))).not.toBe(ADDR_11);
  });

  it('refuses a digest that is not 32 bytes and a non-bytes signature', () => {
    expect(() => recoverSigner(sig, new Uint8Array(31))).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'recoverPublicKey: txID must be 32 bytes, got 31' }),
    );
    expect(() => recoverSigner('aa' as unknown as Uint8Array, TXID)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'recoverPublicKey: signature must be bytes' }),
    );
  });

  it('v = 4-7 and 31-34 are the same ids as 0-3 (4 subtracted after adding 27)', () => {
    for (let v = 4; v <= 7; v++) expect(recoveryIdOf(withV(sig, v))).toBe(v - 4);
    expect(bytesToHex(recoverSigner(withV(sig, sig[64]! + 4), TXID))).toBe(ADDR_11);
  });

  it('recovery id 2 (x = r + n) recovers the key whose R has x = r + n, as the node does', () => {
    // R = k·G with k chosen so that R.x ≥ n: then r = R.x − n and the signature needs id 2 or 3.
    const signer = recoverWithLargeX();
    expect(signer).not.toBeNull();
    const { sig: big, digest, address } = signer!;
    expect(bytesToHex(recoverSigner(big, digest))).toBe(address);
  });
});

describe('a signer once recovered is kept, by txID and the 65 signature bytes', () => {
  afterAll(() => useRecoveryBackend('wasm'));

  /** Recovers and says whether a recovery ran (false: the kept signer answered). */
  const ran = (sig: Uint8Array, digest: Uint8Array): { signer: string; ran: boolean } => {
    const before = recoveriesRun();
    const signer = bytesToHex(recoverSigner(sig, digest));
    return { signer, ran: recoveriesRun() > before };
  };

  it('the same signature over the same txID is recovered once; another txID, v, or backend recovers again', () => {
    useRecoveryBackend('wasm');
    const sig = hexToBytes(SIG);
    const digest = TXID.slice();
    digest[0] = digest[0]! ^ 1;
    expect(ran(sig, digest).ran).toBe(true);
    expect(ran(sig, digest)).toEqual({ signer: ran(sig, digest).signer, ran: false });
    // Bytes past the 65 are ignored by recovery, so they share the kept signer.
    expect(ran(Uint8Array.from([...sig, 0xff]), digest).ran).toBe(false);
    expect(ran(sig, TXID)).toEqual({ signer: ADDR_11, ran: true });
    // v and v + 27 name the same recovery id in other bytes: recovered again, to the same signer.
    const other = sig.slice();
    other[64] = sig[64]! < 27 ? sig[64]! + 27 : sig[64]! - 27;
    expect(ran(other, TXID)).toEqual({ signer: ADDR_11, ran: true });
    useRecoveryBackend('noble');
    expect(ran(sig, TXID)).toEqual({ signer: ADDR_11, ran: true });
    useRecoveryBackend('wasm');
  });

  it('answers with a copy: changing what it returned does not change the next answer', () => {
    const first = recoverSigner(hexToBytes(SIG), TXID);
    first.fill(0);
    expect(bytesToHex(recoverSigner(hexToBytes(SIG), TXID))).toBe(ADDR_11);
  });

  it('a refusal is not kept: the same bad signature is refused every time', () => {
    const bad = hexToBytes(SIG);
    bad[64] = 40;
    for (let i = 0; i < 2; i++) expectCoded(() => recoverSigner(bad, TXID), 'COMPUTE_ADDRESS', 'Header byte out of range: 40');
  });

  it(`keeps the last ${RECOVERED_SIGNERS_KEPT} used: the least recently used one goes first`, () => {
    useRecoveryBackend('wasm');
    const sig = hexToBytes(SIG);
    // One signature over many txIDs: each recovers to some key, and each is a different entry.
    const digestOf = (i: number): Uint8Array => {
      const d = new Uint8Array(32);
      d[0] = 0xa5;
      d[28] = (i >>> 24) & 0xff;
      d[29] = (i >>> 16) & 0xff;
      d[30] = (i >>> 8) & 0xff;
      d[31] = i & 0xff;
      return d;
    };
    const kept = digestOf(0);
    expect(ran(sig, kept).ran).toBe(true);
    for (let i = 1; i < RECOVERED_SIGNERS_KEPT; i++) ran(sig, digestOf(i));
    // Full now; using the first makes it the newest.
    expect(ran(sig, kept).ran).toBe(false);
    ran(sig, digestOf(RECOVERED_SIGNERS_KEPT));
    // That pushed out the least recently used (digest 1), not the one just used.
    expect(ran(sig, kept).ran).toBe(false);
    expect(ran(sig, digestOf(1)).ran).toBe(true);
  });
});
