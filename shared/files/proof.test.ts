// Proof of possession, the file formats (shared/files/proof.ts, docs/decisions.md §10): a challenge round-trips and
// is read strictly (each fault its own message), a proof verifies only when the challenge's key
// signed exactly that challenge (every member tampered in turn is refused), and the signed bytes
// can never be a transaction's: the message and the challenge are refused by the transaction
// reader, and transaction, handoff and proof files are refused by the challenge reader by name.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toBinary } from '@bufbuild/protobuf';
import { sha256 } from '@noble/hashes/sha2.js';
import { AccountPermissionUpdateContractSchema } from '../gen/protocol/contract_pb.ts';
import { addressToBase58, addressToHex } from '../chain/address.ts';
import { bytesToHex } from '../base/bytes.ts';
import { AirlockError, type ErrorCode } from '../base/errors.ts';
import { exportHandoff, parseHandoff, stringifyHandoff } from './handoff.ts';
import { addressOfPrivateKey, privateKeyFromHex, signDigest } from '../chain/keys.ts';
import { encodeOperationsHex } from '../chain/operations.ts';
import { defaultOwnerPermission } from '../contracts/permission/rules.ts';
import { permissionsToJson } from './snapshot.ts';
import { DEFAULT_CHALLENGE_LIFETIME_MS } from '../base/limits.ts';
import {
  challengeBytes,
  describeChallenge,
  makeChallenge,
  parseChallenge,
  permissionHashOf,
  permissionHashOfBytes,
  permissionUpdateFromJson,
  proofDigest,
  proofMessage,
  readChallenge,
  stringifyChallenge,
  stringifyProof,
  type ProofChallenge,
} from './proof.ts';
import { makeProofFile, parseProof } from './proof-signature.ts';
import { createTransaction, decodeRaw, transactionFromNodeJson, transactionToNodeJson } from '../chain/transaction.ts';
import { buildTransfer } from '../contracts/transfer.ts';
import { MAX_PROOF_FILE_BYTES } from '../base/limits.ts';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const ownerKey = privateKeyFromHex('11'.repeat(32));
const newKey = privateKeyFromHex('22'.repeat(32));
const otherKey = privateKeyFromHex('33'.repeat(32));
const OWNER = addressToBase58(addressOfPrivateKey(ownerKey));
const NEW = addressToBase58(addressOfPrivateKey(newKey));
const OTHER = addressToBase58(addressOfPrivateKey(otherKey));

/** The owner adds NEW to a 2-of-2 owner permission and a transfer-only active. */
function updateJson(threshold = 2): Record<string, unknown> {
  return {
    visible: true,
    owner_address: OWNER,
    owner: {
      type: 'Owner',
      permission_name: 'owner',
      threshold,
      keys: [
        { address: OWNER, weight: 1 },
        { address: NEW, weight: 1 },
      ],
    },
    actives: [
      { type: 'Active', permission_name: 'pay', threshold: 1, operations: encodeOperationsHex(['TransferContract']), keys: [{ address: NEW, weight: 1 }] },
    ],
  };
}

function challenge(overrides: { key?: string; threshold?: number; nonceByte?: number } = {}): ProofChallenge {
  return makeChallenge({
    account: addressOfPrivateKey(ownerKey),
    key: addressOfPrivateKey(overrides.key === OWNER ? ownerKey : newKey),
    contract: permissionUpdateFromJson(updateJson(overrides.threshold)),
    nonce: new Uint8Array(32).fill(overrides.nonceByte ?? 7),
    now: NOW,
  });
}

function proofText(c: ProofChallenge, key = newKey): string {
  return stringifyProof({ version: 1, kind: 'airlock-proof', challenge: c, signature: bytesToHex(signDigest(proofDigest(c), key)) });
}

function refusal(fn: () => unknown): { code: ErrorCode; message: string; field: unknown } {
  try {
    fn();
  } catch (e) {
    if (e instanceof AirlockError) return { code: e.code, message: e.message, field: e.details?.field };
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('challenge', () => {
  it('round-trips through its file, and its canonical bytes are compact JSON in the fixed member order', () => {
    const c = challenge();
    expect(parseChallenge(stringifyChallenge(c), NOW)).toEqual(c);
    expect(c.expiresAt - c.createdAt).toBe(DEFAULT_CHALLENGE_LIFETIME_MS);
    expect(new TextDecoder().decode(challengeBytes(c))).toBe(
      `{"version":1,"kind":"airlock-proof-challenge","account":"${OWNER}","permissionHash":"${c.permissionHash}","key":"${NEW}","nonce":"${'07'.repeat(32)}","createdAt":${NOW},"expiresAt":${c.expiresAt}}`,
    );
    // The member order of a file does not change the bytes signed.
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(c).reverse()));
    expect(bytesToHex(proofDigest(parseChallenge(reordered, NOW)))).toBe(bytesToHex(proofDigest(c)));
  });

  it('the permission hash is sha256 of the bytes the update transaction carries as its contract', () => {
    const contract = permissionUpdateFromJson(updateJson());
    const tx = createTransaction(
      { type: 'AccountPermissionUpdateContract', value: contract },
      {
        refBlockBytes: new Uint8Array([0, 1]),
        refBlockHash: new Uint8Array(8).fill(1),
        expiration: NOW + 3_600_000,
        timestamp: NOW,
      },
    );
    const carried = decodeRaw(tx.rawBytes).raw.contract[0]!.parameter!.value;
    expect(permissionHashOfBytes(carried)).toBe(bytesToHex(sha256(toBinary(AccountPermissionUpdateContractSchema, contract))));
    expect(permissionHashOf(contract)).toBe(challenge().permissionHash);
    // Another threshold is another hash.
    expect(challenge({ threshold: 1 }).permissionHash).not.toBe(challenge().permissionHash);
  });

  it('is made only for a key of the proposed permissions, of the account they belong to', () => {
    const contract = permissionUpdateFromJson(updateJson());
    expect(
      refusal(() =>
        makeChallenge({ account: addressOfPrivateKey(ownerKey), key: addressOfPrivateKey(otherKey), contract, nonce: new Uint8Array(32), now: NOW }),
      ),
    ).toMatchObject({ code: 'PERMISSION', field: 'key' });
    expect(
      refusal(() => makeChallenge({ account: addressOfPrivateKey(otherKey), key: addressOfPrivateKey(newKey), contract, nonce: new Uint8Array(32), now: NOW })),
    ).toMatchObject({ code: 'PERMISSION', field: 'permissionJson' });
    expect(
      refusal(() => makeChallenge({ account: addressOfPrivateKey(ownerKey), key: addressOfPrivateKey(newKey), contract, nonce: new Uint8Array(31), now: NOW })),
    ).toMatchObject({ field: 'nonce' });
    // Proposed permissions the node would refuse are refused before any challenge.
    expect(refusal(() => permissionUpdateFromJson(updateJson(3))).code).toBe('CONTRACT_VALIDATE');
  });

  it('is read strictly: each fault has its own message', () => {
    const c = challenge();
    const json = JSON.parse(stringifyChallenge(c)) as Record<string, unknown>;
    const read = (v: unknown) => refusal(() => parseChallenge(typeof v === 'string' ? v : JSON.stringify(v), NOW));
    const faults = {
      newer: read({ ...json, version: 2 }),
      notAVersion: read({ ...json, version: 'one' }),
      wrongKind: read({ ...json, kind: 'airlock-something' }),
      extra: read({ ...json, note: 'hi' }),
      missing: read(Object.fromEntries(Object.entries(json).filter(([k]) => k !== 'nonce'))),
      proto: read(stringifyChallenge(c).replace('{', '{"__proto__": {"polluted": 1},')),
      huge: read(' '.repeat(MAX_PROOF_FILE_BYTES + 1)),
      expired: refusal(() => parseChallenge(stringifyChallenge(c), c.expiresAt)),
      hexAddress: read({ ...json, account: addressToHex(addressOfPrivateKey(ownerKey)) }),
      upperHash: read({ ...json, permissionHash: c.permissionHash.toUpperCase() }),
      backwards: read({ ...json, expiresAt: c.createdAt }),
      tooLong: read({ ...json, expiresAt: c.createdAt + 31 * 86_400_000 }),
      notJson: read('{"version": 1,'),
    };
    expect(faults.newer).toMatchObject({ code: 'UNSUPPORTED_VERSION', field: 'challenge.version' });
    expect(faults.newer.message).toContain('newer');
    expect(faults.notAVersion).toMatchObject({ code: 'BAD_JSON', field: 'challenge.version' });
    expect(faults.wrongKind).toMatchObject({ code: 'UNSUPPORTED_VERSION', field: 'challenge.kind' });
    expect(faults.extra).toMatchObject({ code: 'BAD_JSON', field: 'challenge.note' });
    expect(faults.missing).toMatchObject({ code: 'BAD_JSON', field: 'challenge.nonce' });
    expect(faults.missing.message).toContain('missing');
    expect(faults.proto).toMatchObject({ code: 'BAD_JSON', field: 'challenge.__proto__' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(faults.huge).toMatchObject({ code: 'BAD_JSON', field: 'challenge' });
    expect(faults.huge.message).toContain(`larger than ${MAX_PROOF_FILE_BYTES}`);
    expect(faults.expired).toMatchObject({ code: 'EXPIRED', field: 'challenge.expiresAt' });
    expect(faults.hexAddress).toMatchObject({ code: 'BAD_JSON', field: 'challenge.account' });
    expect(faults.upperHash).toMatchObject({ code: 'BAD_JSON', field: 'challenge.permissionHash' });
    expect(faults.backwards).toMatchObject({ code: 'BAD_JSON', field: 'challenge.expiresAt' });
    expect(faults.tooLong).toMatchObject({ code: 'BAD_JSON', field: 'challenge.expiresAt' });
    expect(faults.notJson.code).toBe('BAD_JSON');
    const messages = Object.values(faults).map((f) => f.message);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('a refusal never quotes a private key pasted into a member', () => {
    const json = JSON.parse(stringifyChallenge(challenge())) as Record<string, unknown>;
    const pasted = 'AB'.repeat(32);
    for (const member of ['account', 'key', 'kind', 'nonce']) {
      expect(refusal(() => parseChallenge(JSON.stringify({ ...json, [member]: pasted }), NOW)).message).not.toContain(pasted.slice(0, 16));
    }
    expect(refusal(() => parseChallenge(JSON.stringify({ ...json, [pasted]: 1 }), NOW)).message).not.toContain(pasted.slice(0, 16));
  });

  it('says in words what signing it means, and that it is not a transaction', () => {
    const words = describeChallenge(challenge()).join(' ');
    expect(words).toContain(NEW);
    expect(words).toContain(OWNER);
    expect(words).toContain('not a transaction');
  });
});

describe('proof', () => {
  it("verifies when the challenge's key signed that challenge", () => {
    const c = challenge();
    const p = parseProof(proofText(c), NOW);
    expect(p.challenge).toEqual(c);
    expect(makeProofFile(c, p.signature).signature).toBe(bytesToHex(p.signature));
  });

  it('is refused when any member of its challenge, or its signature, was changed', () => {
    const c = challenge();
    const file = JSON.parse(proofText(c)) as { challenge: Record<string, unknown>; signature: string };
    const tampered: Record<string, unknown> = {
      account: OTHER,
      permissionHash: c.permissionHash.replace(/^./, (d) => (d === '0' ? '1' : '0')),
      key: OTHER,
      nonce: '08'.repeat(32),
      createdAt: c.createdAt + 1,
      expiresAt: c.expiresAt - 1,
    };
    for (const [member, value] of Object.entries(tampered)) {
      const text = JSON.stringify({ ...file, challenge: { ...file.challenge, [member]: value } });
      expect(
        refusal(() => parseProof(text, NOW)),
        member,
      ).toMatchObject({ code: 'PERMISSION', field: 'proof.signature' });
    }
    const flipped = file.signature.slice(0, 10) + (file.signature[10] === 'a' ? 'b' : 'a') + file.signature.slice(11);
    expect(refusal(() => parseProof(JSON.stringify({ ...file, signature: flipped }), NOW)).code).toMatch(/PERMISSION|COMPUTE_ADDRESS/);
    expect(refusal(() => parseProof(JSON.stringify({ ...file, signature: file.signature.slice(0, 128) }), NOW))).toMatchObject({
      code: 'BAD_JSON',
      field: 'proof.signature',
    });
  });

  it('is refused when another key signed it, or it is expired', () => {
    const c = challenge();
    expect(refusal(() => parseProof(proofText(c, otherKey), NOW))).toMatchObject({ code: 'PERMISSION', field: 'proof.signature' });
    expect(refusal(() => parseProof(proofText(c), c.expiresAt + 1))).toMatchObject({ code: 'EXPIRED', field: 'proof.challenge.expiresAt' });
    // A txID-style signature (the key signing the challenge's plain sha256) is not a proof either.
    const plain = bytesToHex(signDigest(sha256(challengeBytes(c)), newKey));
    expect(refusal(() => parseProof(JSON.stringify({ version: 1, kind: 'airlock-proof', challenge: c, signature: plain }), NOW)).code).toBe('PERMISSION');
  });

  it('a proof and a challenge are not taken for each other', () => {
    const c = challenge();
    expect(refusal(() => parseChallenge(proofText(c), NOW))).toMatchObject({ code: 'UNSUPPORTED_VERSION', field: 'challenge.kind' });
    expect(refusal(() => parseChallenge(proofText(c), NOW)).message).toContain('proof import');
    expect(refusal(() => parseProof(stringifyChallenge(c), NOW))).toMatchObject({ code: 'UNSUPPORTED_VERSION', field: 'proof.kind' });
  });
});

describe('a proof can never be a transaction', () => {
  const c = challenge();

  it('the signed message and the challenge bytes are refused by the transaction reader', () => {
    expect(proofMessage(c)[0]).toBe(0x41);
    expect(() => decodeRaw(proofMessage(c))).toThrow(AirlockError);
    expect(() => decodeRaw(challengeBytes(c))).toThrow(AirlockError);
    expect(() => decodeRaw(new TextEncoder().encode(stringifyChallenge(c)))).toThrow(AirlockError);
  });

  it('a challenge or proof file is refused by the transaction and handoff readers', () => {
    for (const text of [stringifyChallenge(c), proofText(c)]) {
      expect(() => transactionFromNodeJson(JSON.parse(text))).toThrow(AirlockError);
      expect(() => parseHandoff(text, { now: NOW })).toThrow(AirlockError);
    }
  });

  it('a transaction or handoff file is refused as a challenge, by name', () => {
    const owner = addressOfPrivateKey(ownerKey);
    const tx = createTransaction(
      { type: 'TransferContract', value: buildTransfer({ owner, to: addressOfPrivateKey(newKey), amount: 5n }) },
      {
        refBlockBytes: new Uint8Array([0, 1]),
        refBlockHash: new Uint8Array(8).fill(1),
        expiration: NOW + 3_600_000,
        timestamp: NOW,
      },
    );
    const plainJson = JSON.stringify(transactionToNodeJson(tx, { visible: true }), (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    const handoff = stringifyHandoff(
      exportHandoff({
        tx,
        permission: { address: OWNER, permissions: permissionsToJson({ owner: defaultOwnerPermission(owner), actives: [] }), source: { file: 'x' }, at: NOW },
        now: NOW,
      }),
    );
    for (const text of [plainJson, handoff]) {
      const r = refusal(() => parseChallenge(text, NOW));
      expect(r).toMatchObject({ code: 'UNSUPPORTED_VERSION', field: 'challenge.kind' });
      expect(r.message).toContain('a proof never signs a transaction');
    }
    expect(refusal(() => readChallenge({ ...JSON.parse(plainJson), ...c })).message).toContain('transaction');
  });
});

describe('what the renderer loads', () => {
  /** Every file reachable by relative imports from `entry` (type-only imports left out: they vanish in the bundle). */
  function reachable(entry: string): string[] {
    const seen = new Set<string>();
    const walk = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^\s*import\s+(?!type\b)[^'"]*?from\s+'(\.[^']+)'/gm)) walk(resolve(dirname(file), m[1]!));
    };
    walk(resolve(entry));
    return [...seen].map((f) => relative(process.cwd(), f));
  }

  it('the proofs state reads challenges without the WebAssembly recovery (shared/chain/verify.ts stays out of the bundle)', () => {
    const files = reachable(join('renderer', 'permissions', 'proofs.svelte.ts'));
    expect(files).toContain(join('shared', 'files', 'proof.ts'));
    expect(files).not.toContain(join('shared', 'chain', 'verify.ts'));
    // The walk does find verify.ts where it is imported.
    expect(reachable(join('shared', 'files', 'proof-signature.ts'))).toContain(join('shared', 'chain', 'verify.ts'));
  });
});
