/**
 * Trusted exporters for offline stations (docs/decisions.md §16): an online station A signs the snapshot and
 * handoff files it exports with its identity key; an offline station B that pinned A (by the
 * fingerprint read aloud) treats what A observed from its node as observed, everything else as a
 * claim. Built from public inputs only: two real stations (SQLite stores, keystore vaults), the
 * local node in-process on port 0, the station's methods and the `airlock exporter` commands, and
 * files edited as an attacker would.
 *
 * Rules held here, each with the test that fails when it is removed:
 * - pinned and signed: observed (kind exporter), and a build against it is 'built-observed';
 * - unpinned but signed: a claim, with a warning naming the fingerprint's words and how to pin;
 * - one changed byte, or a forged signature naming A's key: refused whole, nothing stored;
 * - the identity key is never a listed key and never signs a transaction;
 * - no answer, CLI output or audit entry carries the identity key's bytes;
 * - a pin refuses a label that is a private key or holds a bidi override, and this station's own identity.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressFromPublicKey, addressToBase58 } from '../../shared/chain/address.ts';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { generatePrivateKey, publicKeyOf, signDigest } from '../../shared/chain/keys.ts';
import { bodyDigestOf, exporterDigest } from '../../shared/files/exporter-signature.ts';
import { openStation, type Station } from '../../station/station.ts';
import { deriveKey, KEYSTORE_FILE, readKeystoreFile } from '../../station/vault/keystore-file.ts';
import { openSealedIdentity, readSealedIdentity } from '../../station/vault/exporter-identity.ts';
import { funded, newKey, SUN, type Json, type TestKey, type TestNode, startNode } from '../helpers/devnet-helpers.ts';
import { TEST_SCRYPT, testStation, workDir } from '../helpers/station-helpers.ts';

const PASSPHRASE = 'a long test passphrase';
const NO_NODE = 'http://127.0.0.1:9';

let work: { dir: string; remove: () => void };
let node: TestNode;
/** Online: fetches `owner` and exports signed files. */
let a: Station;
/** Offline: pins A. */
let b: Station;
let owner: TestKey;
let identity: { publicKey: string; fingerprint: string; code: string; words: string[] };
let signedSnapshot: string;
/** Every answer given in these tests, scanned for the identity key at the end. */
const answers: unknown[] = [];

function open(name: string, nodeUrl: string): Station {
  return openStation({
    dataDir: join(work.dir, name),
    nodeUrl,
    clock: () => node.clock.now,
    vault: 'keystore',
    scrypt: TEST_SCRYPT,
    passphrase: async () => new TextEncoder().encode(PASSPHRASE),
  });
}

/** Runs `body` on a fresh offline station named `name`, closed after. */
async function offline(name: string, body: (c: Station) => unknown): Promise<void> {
  const c = open(name, NO_NODE);
  try {
    await body(c);
  } finally {
    c.close();
  }
}

const seen = <T>(answer: T): T => {
  answers.push(answer);
  return answer;
};

/** The code a refusal carries, and its message, or null when `call` succeeded. */
async function refusal(call: () => unknown): Promise<{ code: string; message: string } | null> {
  try {
    seen(await call());
    return null;
  } catch (e) {
    const err = e as { code: string; message: string };
    seen(err.message);
    return { code: err.code, message: err.message };
  }
}

beforeAll(async () => {
  work = workDir('airlock-exporters-');
  node = await startNode();
  owner = await funded(node, 1_000n * SUN);
  a = open('a', node.url);
  b = open('b', NO_NODE);
  await a.keysImport({ secret: hexToBytes(owner.priv), label: 'owner' });
  await a.accountFetch({ address: owner.b58 });
  identity = seen(await a.exporterShow());
  signedSnapshot = seen(await a.snapshotExport({ accounts: [owner.b58] })).text;
}, 120_000);

afterAll(async () => {
  a?.close();
  b?.close();
  await node?.stop();
  work?.remove();
});

describe('the station identity', () => {
  it('is made once and shown as 16 words and 20 hex digits; the signed export names it', async () => {
    expect(identity.words).toHaveLength(16);
    expect(identity.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(identity.fingerprint).toMatch(/^[0-9a-f]{20}$/);
    expect(seen(await a.exporterShow())).toEqual({ ...identity, created: false });
    const file = JSON.parse(signedSnapshot) as Json;
    expect(file.exporter.publicKey).toBe(identity.publicKey);
  });

  it('is never among the keys and cannot sign a transaction', async () => {
    const address = addressToBase58(addressFromPublicKey(publicKeyOf(await identityKey(a), false)));
    expect(seen(a.keysList().keys).map((k) => k.address)).not.toContain(address);
    expect(a.keysList().keys).toHaveLength(1);
    const t = seen(await a.buildTransfer({ from: owner.b58, to: newKey().b58, amount: '1' }));
    expect(await refusal(() => a.sign({ txId: t.txId, key: address }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('an offline station that pinned the exporter', () => {
  it('pins by the fingerprint read aloud, imports the signed snapshot as observed, and builds built-observed', async () => {
    const pinned = seen(await b.exporterPin({ key: identity.code.toLowerCase(), label: 'online desk' }));
    expect(pinned).toMatchObject({ fingerprint: identity.fingerprint, publicKey: null, label: 'online desk', created: true });
    const r = seen(b.snapshotImport({ fileName: 'signed.json', text: signedSnapshot }));
    expect(r.exporter).toMatchObject({ fingerprint: identity.fingerprint, pinned: true, label: 'online desk' });
    expect(r.warnings).toEqual([]);
    const account = seen(b.accountShow({ address: owner.b58 }));
    expect(account.source).toMatchObject({ kind: 'exporter', exporter: { label: 'online desk', fingerprint: identity.code } });
    expect(account.source.text).toMatch(/^signed by pinned exporter online desk \(.+\) in file signed\.json, observed by it from node http/);
    // The first verified file fills in the key of a pin made by fingerprint alone.
    expect(seen(b.exporterList()).exporters[0]!.publicKey).toBe(identity.publicKey);
    const t = seen(await b.buildTransfer({ from: owner.b58, to: newKey().b58, amount: '1' }));
    expect(b.store.getTransaction(hexToBytes(t.txId))!.origin).toBe('built-observed');
  });

  it("imports a signed handoff's permission as observed, in place of an older claim of the account", () =>
    offline('c', async (c) => {
      await c.exporterPin({ key: identity.publicKey, label: 'online desk' });
      // An older claim of the account first (the snapshot without its signature): the signed observation replaces it.
      const unsigned = JSON.parse(signedSnapshot) as Json;
      delete unsigned.exporter;
      unsigned.accounts[0].at -= 60_000;
      expect(c.snapshotImport({ fileName: 'claim.json', text: JSON.stringify(unsigned) }).exporter).toBeNull();
      expect(c.accountShow({ address: owner.b58 }).source.kind).toBe('file');
      const t = await a.buildTransfer({ from: owner.b58, to: newKey().b58, amount: '2' });
      const file = seen(await a.exportHandoff({ txId: t.txId }));
      expect(file.exporter?.fingerprint).toBe(identity.fingerprint);
      const [r] = seen(c.importFiles({ files: [{ name: 'signed.airlock.json', text: file.text }] })).results;
      expect(r!.exporter).toMatchObject({ pinned: true, label: 'online desk' });
      expect(c.accountShow({ address: owner.b58 }).source.kind).toBe('exporter');
    }));
});

describe('newer and older observations', () => {
  it("a pinned exporter's newer observation replaces an older one; its older one does not replace a newer", () =>
    offline('newer', async (c) => {
      await c.exporterPin({ key: identity.publicKey, label: 'online desk' });
      await node.block(60_000);
      await a.accountFetch({ address: owner.b58 });
      const newer = (await a.snapshotExport({ accounts: [owner.b58] })).text;
      expect(c.snapshotImport({ fileName: 'old.json', text: signedSnapshot }).accounts).toEqual([{ address: owner.b58, stored: true }]);
      expect(c.snapshotImport({ fileName: 'new.json', text: newer }).accounts).toEqual([{ address: owner.b58, stored: true }]);
      expect(c.snapshotImport({ fileName: 'old.json', text: signedSnapshot }).accounts).toEqual([
        {
          address: owner.b58,
          stored: false,
          reason: expect.stringMatching(/^this station's observation \(signed by pinned exporter .* in file new\.json.*\) is as new or newer; kept it$/),
        },
      ]);
      expect(c.accountShow({ address: owner.b58 }).source.file).toBe('new.json');
      // A claim never replaces an observation, even one dated later.
      const claim = JSON.parse(newer) as Json;
      delete claim.exporter;
      claim.accounts[0].at += 1_000;
      expect(c.snapshotImport({ fileName: 'claim.json', text: JSON.stringify(claim) }).accounts).toEqual([
        { address: owner.b58, stored: false, reason: expect.stringContaining("a file's claim does not replace that") },
      ]);
      expect(c.accountShow({ address: owner.b58 }).source.file).toBe('new.json');
    }));
});

describe('what is not trusted', () => {
  it("a signed handoff whose permission is dated after this station's clock: refused, nothing stored", async () => {
    const behind = openStation({
      dataDir: join(work.dir, 'behind'),
      nodeUrl: NO_NODE,
      clock: () => node.clock.now - 2 * 3_600_000,
      vault: 'keystore',
      scrypt: TEST_SCRYPT,
      passphrase: async () => new TextEncoder().encode(PASSPHRASE),
    });
    try {
      await behind.exporterPin({ key: identity.publicKey, label: 'online desk' });
      const t = await a.buildTransfer({ from: owner.b58, to: newKey().b58, amount: '4' });
      const file = await a.exportHandoff({ txId: t.txId });
      expect(await refusal(() => behind.importFiles({ files: [{ name: 'ahead.json', text: file.text }] }))).toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringContaining("later than this station's clock"),
      });
      expect(behind.list().total).toBe(0);
      expect(behind.accountsList().accounts).toEqual([]);
    } finally {
      behind.close();
    }
  });

  it('a file whose key shares a pinned fingerprint but is not the pinned key: refused', () =>
    offline('collision', async (c) => {
      // Only an 80-bit collision gets here; the pin is written under A's fingerprint with another key.
      c.store.pinExporter({ fingerprint: identity.fingerprint, publicKey: publicKeyOf(generatePrivateKey(), true), label: 'online desk' });
      expect(await refusal(() => c.snapshotImport({ fileName: 'signed.json', text: signedSnapshot }))).toMatchObject({
        code: 'PERMISSION',
        message: expect.stringContaining('is not the one pinned as online desk'),
      });
      expect(c.accountsList().accounts).toEqual([]);
    }));

  it('an exporter this station has not pinned: imported as a claim, the warning names its words and how to pin', () =>
    offline('unpinned', async (c) => {
      const r = seen(c.snapshotImport({ fileName: 'signed.json', text: signedSnapshot }));
      expect(r.exporter).toMatchObject({ fingerprint: identity.fingerprint, pinned: false, label: null });
      expect(r.warnings).toEqual([expect.stringContaining(`${identity.code} (${identity.words.join(' ')}), which this station has not pinned`)]);
      expect(r.warnings[0]).toContain('pin it under Settings, Trusted exporters');
      expect(c.accountShow({ address: owner.b58 }).source).toEqual({ kind: 'file', file: 'signed.json', text: 'file signed.json' });
    }));

  it('a snapshot exported in 2100: refused, nothing stored', () =>
    offline('exported-2100', async (c) => {
      const unsigned = JSON.parse(signedSnapshot) as Json;
      delete unsigned.exporter;
      unsigned.exported_at = Date.UTC(2100, 0, 1);
      expect(() => c.snapshotImport({ fileName: 'ahead.json', text: JSON.stringify(unsigned) })).toThrow(/exported_at: dated 2100-01-01/);
      expect(c.accountsList().accounts).toEqual([]);
    }));

  it('one byte changed after signing: refused whole, nothing stored', () =>
    offline('changed', async (c) => {
      await c.exporterPin({ key: identity.publicKey, label: 'online desk' });
      // The balance's last digit, one byte of the file.
      const changed = signedSnapshot.replace(/("balance": "?\d*)(\d)/, (_, head: string, d: string) => `${head}${(Number(d) + 1) % 10}`);
      expect(changed).not.toBe(signedSnapshot);
      const r = await refusal(() => c.snapshotImport({ fileName: 'changed.json', text: changed }));
      expect(r).toEqual({ code: 'PERMISSION', message: 'changed.json: the exporter signature does not match the file: it was changed after signing' });
      expect(c.accountsList().accounts).toEqual([]);
      expect(c.store.latestChainSnapshot()).toBeUndefined();
    }));

  it("a forged file naming A's key but signed by another key: refused, nothing stored", () =>
    offline('forged', async (c) => {
      await c.exporterPin({ key: identity.publicKey, label: 'online desk' });
      const forged = JSON.parse(signedSnapshot) as Json;
      forged.accounts[0].balance = '999999999999';
      const other = generatePrivateKey();
      forged.exporter.signature = bytesToHex(signDigest(exporterDigest(bodyDigestOf(forged)), other));
      const r = await refusal(() => c.snapshotImport({ fileName: 'forged.json', text: JSON.stringify(forged) }));
      expect(r).toMatchObject({ code: 'PERMISSION', message: expect.stringContaining('the exporter signature does not match the file') });
      expect(c.accountsList().accounts).toEqual([]);
      // The same forgery as a handoff file is refused too.
      const t = await a.buildTransfer({ from: owner.b58, to: newKey().b58, amount: '3' });
      const handoff = JSON.parse((await a.exportHandoff({ txId: t.txId })).text) as Json;
      handoff.note = 'changed';
      expect(await refusal(() => c.importFiles({ files: [{ name: 'h.json', text: JSON.stringify(handoff) }] }))).toMatchObject({ code: 'PERMISSION' });
      expect(c.list().total).toBe(0);
    }));
});

describe('pinning', () => {
  it('refuses a label that is a private key or holds a bidi override, a key that is neither, and its own identity; nothing is pinned', () =>
    offline('pin-rules', async (c) => {
      const key = identity.publicKey;
      expect(await refusal(() => c.exporterPin({ key, label: 'ab'.repeat(32) }))).toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringContaining('private key'),
      });
      expect(await refusal(() => c.exporterPin({ key, label: 'desk\u202Egnp.exe' }))).toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringContaining('bidi'),
      });
      expect(await refusal(() => c.exporterPin({ key: 'not a key', label: 'desk' }))).toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringMatching(/^key: /),
      });
      const own = (await c.exporterShow()).code;
      expect(await refusal(() => c.exporterPin({ key: own, label: 'me' }))).toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringContaining('own identity'),
      });
      expect(c.exporterList()).toEqual({ exporters: [] });
      expect(await refusal(() => c.exporterUnpin({ key }))).toMatchObject({ code: 'NOT_FOUND' });
    }));

  it('the CLI shows, pins, lists and unpins; the audit log records pin and unpin', async () => {
    const s = testStation(work.dir, 'cli', { node: NO_NODE, now: () => node.clock.now });
    const shown = await s.ok(['exporter', 'show']);
    expect(shown.words).toHaveLength(16);
    const text = await s.run(['exporter', 'show']);
    expect(text.stdout).toContain(shown.code);
    expect(text.stdout).toContain(shown.words.join(' '));
    expect(await s.ok(['exporter', 'pin', identity.code, '--label', 'online desk'])).toMatchObject({ fingerprint: identity.fingerprint, created: true });
    expect((await s.ok(['exporter', 'list'])).exporters).toMatchObject([{ label: 'online desk', code: identity.code }]);
    const bad = await s.run(['exporter', 'pin', identity.code, '--label', '\u202Eevil']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/label: .*bidi/);
    expect(await s.ok(['exporter', 'unpin', identity.fingerprint])).toEqual({ fingerprint: identity.fingerprint, removed: true });
    expect((await s.ok(['exporter', 'list'])).exporters).toEqual([]);
    const cli = openStation({ dataDir: s.dataDir, nodeUrl: NO_NODE, clock: () => node.clock.now, vault: 'keystore', scrypt: TEST_SCRYPT });
    try {
      expect(cli.store.listAudit().map((e) => e.action)).toEqual(expect.arrayContaining(['identity.create', 'exporter.pin', 'exporter.unpin']));
    } finally {
      cli.close();
    }
    answers.push(...s.outputs);
  });
});

/** The identity key of station `s`, decrypted here in the test from its keystore (the scan's reference). */
async function identityKey(s: Station): Promise<Uint8Array> {
  const file = readKeystoreFile(join(s.dataDir, KEYSTORE_FILE))!;
  const derived = await deriveKey(new TextEncoder().encode(PASSPHRASE), file.kdf.salt, file.kdf);
  return openSealedIdentity(s.dataDir, readSealedIdentity(s.dataDir)!, derived.encryptionKey, derived.salt);
}

describe('secrets', () => {
  it("no answer, CLI output or audit entry carries the identity key's bytes", async () => {
    const key = await identityKey(a);
    const hex = bytesToHex(key);
    const texts = [...answers.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))), ...a.store.listAudit().map((e) => JSON.stringify(e))];
    expect(texts.length).toBeGreaterThan(10);
    for (const t of texts) {
      expect(t.toLowerCase()).not.toContain(hex);
      expect(t).not.toContain(Buffer.from(key).toString('base64').replace(/=+$/, ''));
    }
  });
});
