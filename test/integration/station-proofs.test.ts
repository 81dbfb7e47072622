// Proofs of possession between two stations (docs/decisions.md §10; station/proofs/proofs.ts): real SQLite
// stores, real keystore vaults. Alice's station proposes adding Bob's key to her account and makes
// a challenge; Bob's station signs it in its vault; Alice's imports the proof. Every way a proof
// can be wrong is refused with one sentence and nothing stored: a member changed, proof for other
// permissions, expired, signed by another key, a nonce answered twice or never asked here, a
// transaction fed as a challenge and a proof fed as a transaction. The vault signs only a challenge
// it reads itself. No answer, file or store carries key bytes. The CLI does the same round trip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { AirlockError, type ErrorCode } from '../../shared/base/errors.ts';
import { exportHandoff, stringifyHandoff } from '../../shared/files/handoff.ts';
import { addressOfPrivateKey, generatePrivateKey, signDigest } from '../../shared/chain/keys.ts';
import { encodeOperationsHex } from '../../shared/chain/operations.ts';
import { defaultOwnerPermission } from '../../shared/contracts/permission/rules.ts';
import { permissionsToJson } from '../../shared/files/snapshot.ts';
import { proofDigest, readChallenge, stringifyChallenge, stringifyProof, type ProofChallenge } from '../../shared/files/proof.ts';
import { createTransaction } from '../../shared/chain/transaction.ts';
import { buildTransfer } from '../../shared/contracts/transfer.ts';
import { recoverSigner } from '../../shared/chain/verify.ts';
import { type Station } from '../../station/station.ts';
import { KeystoreVault } from '../../station/vault/keystore-vault.ts';
import { keyFile, TEST_SCRYPT, testStation, workDir, keystoreStation } from '../helpers/station-helpers.ts';
import { keyTraces, keyTracesInFiles } from '../helpers/vault-helpers.ts';

const T = Date.UTC(2026, 10, 23, 12, 0, 0);
const DAY = 86_400_000;
let clock = T;
const aliceKey = generatePrivateKey();
const bobKey = generatePrivateKey();
const maliceKey = generatePrivateKey();
const ALICE = addressToBase58(addressOfPrivateKey(aliceKey));
const BOB = addressToBase58(addressOfPrivateKey(bobKey));
const MALICE = addressToBase58(addressOfPrivateKey(maliceKey));
let work: { dir: string; remove: () => void };
let alice: Station;
let bob: Station;
/** Every answer and error text of the run, for the key-bytes scan. */
const outputs: string[] = [];

function open(name: string): Station {
  return keystoreStation(join(work.dir, name), 'http://127.0.0.1:9', () => clock);
}

/** Alice's account becomes 2-of-2 over Alice and Bob; `threshold` 1 is another proposal. */
function proposal(threshold = 2): string {
  return JSON.stringify({
    visible: true,
    owner_address: ALICE,
    owner: {
      type: 'Owner',
      permission_name: 'owner',
      threshold,
      keys: [
        { address: ALICE, weight: 1 },
        { address: BOB, weight: 1 },
      ],
    },
    actives: [
      { type: 'Active', permission_name: 'pay', threshold: 1, operations: encodeOperationsHex(['TransferContract']), keys: [{ address: BOB, weight: 1 }] },
    ],
  });
}

async function refusal(fn: () => unknown): Promise<{ code: ErrorCode; message: string; field: unknown }> {
  try {
    outputs.push(JSON.stringify(await fn()));
  } catch (e) {
    if (e instanceof AirlockError) {
      outputs.push(e.message, JSON.stringify(e.details ?? {}));
      return { code: e.code, message: e.message, field: e.details?.field };
    }
    throw e;
  }
  throw new Error('expected a refusal');
}

/** A fresh challenge from Alice for Bob's key, and Bob's proof of it. */
async function challengeAndProof(threshold = 2): Promise<{ challenge: ProofChallenge; text: string; proof: string }> {
  const c = alice.proofChallenge({ account: ALICE, key: BOB, permissionJson: proposal(threshold) });
  const p = await bob.proofSign({ text: c.text });
  outputs.push(JSON.stringify(c), JSON.stringify(p));
  return { challenge: readChallenge(JSON.parse(c.text)), text: c.text, proof: p.text };
}

/** What a refused import must leave alone: the proved keys and the audit log. */
function snapshotOf(s: Station): string {
  return JSON.stringify([s.proofList({}).proofs, s.store.listAudit().length]);
}

beforeAll(async () => {
  work = workDir('airlock-proofs-');
  alice = open('alice');
  bob = open('bob');
  await alice.keysImport({ secret: aliceKey.slice(), label: 'alice' });
  await bob.keysImport({ secret: bobKey.slice(), label: 'bob' });
}, 60_000);

afterAll(() => {
  alice?.close();
  bob?.close();
  work?.remove();
});

describe('proof of possession between two stations', () => {
  it('round trip: Alice challenges, Bob signs in his vault, Alice imports; the proved key is listed with the permission hash', async () => {
    const { challenge, proof } = await challengeAndProof();
    const signed = await bob.proofSign({ text: stringifyChallenge(challenge) });
    expect(signed.words.join(' ')).toContain('not a transaction');
    expect(alice.knownSigners().signers.find((k) => k.address === BOB)).toBeUndefined();
    const proved = alice.proofImport({ fileName: 'bob.proof.json', text: proof });
    // A proved key counts as seen for the lockout guard (docs/lockout-guard.md).
    expect(alice.knownSigners().signers.find((k) => k.address === BOB)).toEqual({ address: BOB, local: false, signed: false, proved: true });
    expect(proved).toEqual({
      account: ALICE,
      key: BOB,
      permissionHash: challenge.permissionHash,
      nonce: challenge.nonce,
      provedAt: clock,
      fileName: 'bob.proof.json',
    });
    expect(alice.proofList({ account: ALICE }).proofs).toEqual([proved]);
    expect(alice.proofList({ account: BOB }).proofs).toEqual([]);
    expect(
      alice.store
        .listAudit()
        .map((e) => e.action)
        .slice(-2),
    ).toEqual(['proof.challenge', 'proof.verified']);
    expect(bob.store.listAudit().map((e) => e.action)).toContain('proof.sign');
    expect(alice.auditVerify().ok).toBe(true);
    expect(bob.auditVerify().ok).toBe(true);
  });

  it('a station signs only with a key it holds, and only for the key the challenge names', async () => {
    const c = alice.proofChallenge({ account: ALICE, key: BOB, permissionJson: proposal() });
    expect(await refusal(() => alice.proofSign({ text: c.text }))).toMatchObject({ code: 'NOT_FOUND', field: 'challenge.key' });
    // A challenge for a key not in the proposal is never made.
    expect(await refusal(() => alice.proofChallenge({ account: ALICE, key: MALICE, permissionJson: proposal() }))).toMatchObject({
      code: 'PERMISSION',
      field: 'key',
    });
    expect(await refusal(() => alice.proofChallenge({ account: ALICE, key: bytesToHex(bobKey), permissionJson: proposal() }))).toMatchObject({
      code: 'BAD_ADDRESS',
      field: 'key',
    });
  });

  it('a proof with any member of its challenge changed, or its signature, is refused and nothing is stored', async () => {
    const { challenge, proof } = await challengeAndProof();
    const file = JSON.parse(proof) as { challenge: Record<string, unknown>; signature: string };
    const before = snapshotOf(alice);
    const changes: Record<string, unknown> = {
      account: MALICE,
      key: MALICE,
      permissionHash: '00'.repeat(32),
      nonce: 'ff'.repeat(32),
      createdAt: challenge.createdAt - 1,
      expiresAt: challenge.expiresAt + 1,
    };
    for (const [member, value] of Object.entries(changes)) {
      const r = await refusal(() =>
        alice.proofImport({ fileName: 'x.json', text: JSON.stringify({ ...file, challenge: { ...file.challenge, [member]: value } }) }),
      );
      expect(r.code, member).toMatch(/PERMISSION|NOT_FOUND/);
      expect(r.message.startsWith('x.json: '), member).toBe(true);
    }
    const sig = file.signature;
    const r = await refusal(() =>
      alice.proofImport({ fileName: 'x.json', text: JSON.stringify({ ...file, signature: `${sig.slice(0, 2)}${sig[2] === '0' ? '1' : '0'}${sig.slice(3)}` }) }),
    );
    expect(r.code).toMatch(/PERMISSION|COMPUTE_ADDRESS/);
    expect(snapshotOf(alice)).toBe(before);
    // The untouched proof still imports afterwards.
    expect(alice.proofImport({ fileName: 'ok.json', text: proof }).key).toBe(BOB);
  });

  it('a proof for other permissions than the ones asked about is refused', async () => {
    const { challenge } = await challengeAndProof();
    const other = JSON.parse(alice.proofChallenge({ account: ALICE, key: BOB, permissionJson: proposal(1) }).text) as ProofChallenge;
    // Bob signs a challenge with Alice's nonce but the hash of another proposal: a valid signature.
    const forged = await bob.proofSign({ text: stringifyChallenge({ ...challenge, permissionHash: other.permissionHash }) });
    const before = snapshotOf(alice);
    expect(await refusal(() => alice.proofImport({ fileName: 'other.json', text: forged.text }))).toMatchObject({
      code: 'PERMISSION',
      field: 'proof.challenge.permissionHash',
    });
    expect(snapshotOf(alice)).toBe(before);
  });

  it('an expired challenge is neither signed nor imported', async () => {
    const { text, proof } = await challengeAndProof();
    const saved = clock;
    clock += 8 * DAY;
    try {
      expect(await refusal(() => bob.proofSign({ text }))).toMatchObject({ code: 'EXPIRED', field: 'challenge.expiresAt' });
      const before = snapshotOf(alice);
      expect(await refusal(() => alice.proofImport({ fileName: 'late.json', text: proof }))).toMatchObject({
        code: 'EXPIRED',
        field: 'proof.challenge.expiresAt',
      });
      expect(snapshotOf(alice)).toBe(before);
    } finally {
      clock = saved;
    }
  });

  it('a proof signed by another key is refused', async () => {
    const { challenge } = await challengeAndProof();
    const text = stringifyProof({ version: 1, kind: 'airlock-proof', challenge, signature: bytesToHex(signDigest(proofDigest(challenge), maliceKey)) });
    expect(await refusal(() => alice.proofImport({ fileName: 'malice.json', text }))).toMatchObject({ code: 'PERMISSION', field: 'proof.signature' });
  });

  it('a nonce counts once: a replayed proof is refused, and a station imports only answers to its own challenges', async () => {
    const { proof } = await challengeAndProof();
    alice.proofImport({ fileName: 'first.json', text: proof });
    const before = snapshotOf(alice);
    const again = await refusal(() => alice.proofImport({ fileName: 'again.json', text: proof }));
    expect(again).toMatchObject({ code: 'CONFLICT', field: 'proof.challenge.nonce' });
    expect(again.message).toContain('answered already');
    expect(snapshotOf(alice)).toBe(before);
    expect(await refusal(() => bob.proofImport({ fileName: 'elsewhere.json', text: proof }))).toMatchObject({
      code: 'NOT_FOUND',
      field: 'proof.challenge.nonce',
    });
  });

  it('a transaction file is refused as a challenge, and a challenge or proof as a transaction', async () => {
    const owner = addressOfPrivateKey(aliceKey);
    const tx = createTransaction(
      { type: 'TransferContract', value: buildTransfer({ owner, to: addressOfPrivateKey(bobKey), amount: 5n }) },
      {
        refBlockBytes: new Uint8Array([0, 1]),
        refBlockHash: new Uint8Array(8).fill(1),
        expiration: clock + 3_600_000,
        timestamp: clock,
      },
    );
    const handoff = stringifyHandoff(
      exportHandoff({
        tx,
        permission: { address: ALICE, permissions: permissionsToJson({ owner: defaultOwnerPermission(owner), actives: [] }), source: { file: 'x' }, at: clock },
        now: clock,
      }),
    );
    const r = await refusal(() => alice.proofSign({ text: handoff }));
    expect(r).toMatchObject({ code: 'UNSUPPORTED_VERSION', field: 'challenge.kind' });
    expect(r.message).toContain('a proof never signs a transaction');
    expect(alice.store.listSignatures(tx.txId)).toEqual([]);

    const { text, proof } = await challengeAndProof();
    for (const [name, body] of [
      ['challenge.json', text],
      ['proof.json', proof],
    ] as const) {
      expect(await refusal(() => alice.importFiles({ files: [{ name, text: body }] }))).toMatchObject({ code: 'UNSUPPORTED_VERSION' });
    }
    expect(alice.list().total).toBe(0);
  });

  it('the vault signs only a challenge it reads itself, for the key it names', async () => {
    const vault = new KeystoreVault({
      dataDir: join(work.dir, 'vault'),
      passphrase: async () => new TextEncoder().encode('another test passphrase'),
      scrypt: TEST_SCRYPT,
    });
    const { address } = await vault.importKey(bobKey.slice());
    const { challenge } = await challengeAndProof();
    const signature = await vault.signProof(address, challenge);
    expect(addressToBase58(recoverSigner(signature, proofDigest(challenge)))).toBe(BOB);
    const txJson = { raw_data_hex: '0a02', txID: '00'.repeat(32) } as unknown as ProofChallenge;
    expect(await refusal(() => vault.signProof(address, txJson))).toMatchObject({ code: 'UNSUPPORTED_VERSION' });
    expect(await refusal(() => vault.signProof(address, { ...challenge, digest: '00'.repeat(32) } as ProofChallenge))).toMatchObject({
      code: 'BAD_JSON',
      field: 'challenge.digest',
    });
    expect(await refusal(() => vault.signProof(address, { ...challenge, key: MALICE }))).toMatchObject({ code: 'PERMISSION', field: 'challenge.key' });
    expect(await refusal(() => vault.signProof(address, hexToBytes('00'.repeat(32)) as unknown as ProofChallenge))).toMatchObject({ code: 'BAD_JSON' });
    vault.lock();
  });

  it('hostile input at each entry is refused with a coded error that quotes no secret, and nothing is stored', async () => {
    const aliceProofs = alice.proofList({}).proofs;
    const bobBefore = snapshotOf(bob);
    const pasted = bytesToHex(bobKey);
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const manyKeys = JSON.stringify({
      ...JSON.parse(proposal()),
      owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: Array.from({ length: 5_000 }, () => ({ address: BOB, weight: 1 })) },
    });
    const cases: [string, () => unknown][] = [
      ['pasted key as challenge', () => bob.proofSign({ text: pasted })],
      ['pasted key as proof', () => alice.proofImport({ fileName: 'k.json', text: pasted })],
      ['pasted key as permissions', () => alice.proofChallenge({ account: ALICE, key: BOB, permissionJson: pasted })],
      ['pasted key as account', () => alice.proofChallenge({ account: pasted, key: BOB, permissionJson: proposal() })],
      ['deep nesting', () => bob.proofSign({ text: deep })],
      ['huge', () => alice.proofImport({ fileName: 'big.json', text: `{"a":"${'x'.repeat(100_000)}"}` })],
      ['thousands of keys', () => alice.proofChallenge({ account: ALICE, key: BOB, permissionJson: manyKeys })],
      ['__proto__', () => alice.proofImport({ fileName: 'p.json', text: '{"__proto__": {"kind": "airlock-proof"}, "version": 1}' })],
      [
        'bidi in a member',
        () =>
          bob.proofSign({
            text: JSON.stringify({
              ...JSON.parse(alice.proofChallenge({ account: ALICE, key: BOB, permissionJson: proposal() }).text),
              kind: 'airlock-proof-challenge\u202E',
            }),
          }),
      ],
    ];
    for (const [name, call] of cases) {
      const r = await refusal(call);
      expect(r.code, name).toMatch(/BAD_JSON|BAD_ADDRESS|CONTRACT_VALIDATE|UNSUPPORTED_VERSION|INVALID_INPUT/);
      expect(r.message, name).not.toContain(pasted.slice(0, 12));
      expect(r.message, name).not.toContain('\u202E');
    }
    // Bob's station signed nothing; Alice's proved no key (it only keeps the one challenge made above, pending).
    expect(snapshotOf(bob)).toBe(bobBefore);
    expect(alice.proofList({}).proofs).toEqual(aliceProofs);
  });

  it('no answer, error, file or store holds a private key', () => {
    expect(outputs.length).toBeGreaterThan(20);
    const keys = [aliceKey, bobKey];
    const traces = keys.flatMap((k, i) => [
      ...outputs.flatMap((o, j) => keyTraces(k, o, `output ${j}`)),
      ...keyTracesInFiles(k, join(work.dir, i === 0 ? 'alice' : 'bob')),
    ]);
    expect(traces).toEqual([]);
    // The scan finds what it looks for.
    expect(keyTraces(bobKey, `x${bytesToHex(bobKey)}`, 'probe')).not.toEqual([]);
  });
});

describe('airlock proof (the command line)', () => {
  it('challenge, sign, import and list between two stations, by file', async () => {
    const dir = workDir('airlock-proof-cli-');
    try {
      const now = () => T;
      const a = testStation(dir.dir, 'a', { now });
      const b = testStation(dir.dir, 'b', { now });
      await a.ok(['keys', 'import', '--key-file', keyFile(dir.dir, 'alice.key', bytesToHex(aliceKey))]);
      await b.ok(['keys', 'import', '--key-file', keyFile(dir.dir, 'bob.key', bytesToHex(bobKey))]);
      const perm = join(dir.dir, 'perm.json');
      writeFileSync(perm, proposal());
      const challenge = join(dir.dir, 'challenge.json');
      const made = await a.run(['proof', 'challenge', challenge, '--account', ALICE, '--key', BOB, '--permissions', perm]);
      expect(made.code).toBe(0);
      expect(made.stdout).toContain(`a challenge for ${BOB}`);
      const proof = join(dir.dir, 'proof.json');
      const signed = await b.run(['proof', 'sign', challenge, proof]);
      expect(signed.code).toBe(0);
      expect(signed.stdout).toContain('This is not a transaction');
      expect(await a.run(['proof', 'import', proof])).toMatchObject({ code: 0 });
      const list = await a.ok(['proof', 'list', '--account', ALICE]);
      expect(list.proofs).toMatchObject([
        { key: BOB, account: ALICE, fileName: 'proof.json', permissionHash: readChallenge(JSON.parse(readFileSync(challenge, 'utf8'))).permissionHash },
      ]);
      const replay = await a.run(['proof', 'import', proof]);
      expect(replay.code).toBe(1);
      expect(JSON.parse(replay.stderr).error).toMatchObject({ code: 'CONFLICT' });
      const traces = [aliceKey, bobKey].flatMap((k) => [...a.outputs, ...b.outputs].flatMap((o, i) => keyTraces(k, o, `cli output ${i}`)));
      expect(traces).toEqual([]);
    } finally {
      dir.remove();
    }
  }, 60_000);
});
