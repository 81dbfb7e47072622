/**
 * The lockout guard against a signature nobody made (docs/decisions.md §16, the critical finding), built from
 * public inputs only: files written the way an attacker or a second station would write them,
 * imported through `importFiles`, and the verdict read through `permissionCheck`,
 * `buildPermissionUpdate` and `knownSigners`. Random (r, s, v) recovers to SOME key; a signature
 * proves that key is held only when the key was named BEFORE the signature existed: on a
 * transaction this station built, against a permission it had observed from the node at build
 * time. So: a forged plain transaction of an unknown account must not make its recovered key
 * "seen", nor once that account is fetched; nor when the attacker names the recovered key in their
 * own account's permission on chain afterwards; a genuine signature on a transaction built
 * elsewhere does not count either; one on a transaction built here online and signed elsewhere
 * does; one on a transaction built here offline from a snapshot (a claimed permission) does not.
 * Real SQLite stores, real keystore vaults, and the devnet in-process on port 0.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressToBase58, addressToHex, parseAddress } from '../../shared/chain/address.ts';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { recoverSigner } from '../../shared/chain/verify.ts';
import { type Station } from '../../station/station.ts';
import {
  buildAndSend,
  funded,
  permissionUpdateBody,
  SUN,
  TRANSFER_ONLY_OPS,
  type Json,
  type TestKey,
  type TestNode,
  startNode,
} from '../helpers/devnet-helpers.ts';
import { workDir, keystoreStation } from '../helpers/station-helpers.ts';

let work: { dir: string; remove: () => void };
let node: TestNode;
/** The station under attack: holds `holder`, has fetched `holder`'s account from the node. */
let a: Station;
/** A second station holding `cosigner`'s key: it signs a genuine transaction and hands it off. */
let b: Station;
/** A third station that gets the same handoff file but never fetched `cosigner`'s account. */
let c: Station;
let holder: TestKey;
let cosigner: TestKey;
/** An account none of the stations knows: the forged transaction is "from" it. */
let stranger: TestKey;
let handoff: { name: string; text: string };
/** The key the forged signature recovers to (set by the first test). */
let forgedKey: string;

function open(name: string, nodeUrl = node.url): Station {
  return keystoreStation(join(work.dir, name), nodeUrl, () => node.clock.now);
}

/** `holder`'s permission update making `owner` the only owner key (the lockout the guard is for). */
function onlyOwner(owner: string): Json {
  return {
    visible: true,
    owner_address: holder.b58,
    owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: owner, weight: 1 }] },
    actives: [{ type: 'Active', permission_name: 'pay', threshold: 1, operations: TRANSFER_ONLY_OPS, keys: [{ address: holder.b58, weight: 1 }] }],
  };
}

/**
 * 65 random bytes that recover to some key over `txId`, as an attacker makes them: about half of
 * random r values are no x-coordinate, so draw again until one recovers. Nobody holds the key.
 */
function forgedSignature(txId: Uint8Array): { signature: Uint8Array; signer: string } {
  for (;;) {
    const signature = randomBytes(65);
    signature[64] = signature[64]! & 1;
    try {
      return { signature, signer: addressToBase58(recoverSigner(signature, txId)) };
    } catch {
      // r is no x-coordinate, or s is out of range: draw again.
    }
  }
}

const signedFlag = (s: Station, address: string) => s.knownSigners().signers.find((k) => k.address === address)?.signed ?? false;

/** Hands `from`'s stored transaction `txId` to `to`, which signs it with its vault, and back. */
async function signElsewhere(from: Station, to: Station, txId: string): Promise<{ added: string[] }> {
  const out = await from.exportHandoff({ txId });
  to.importFiles({ files: [{ name: out.fileName, text: out.text }] });
  await to.sign({ txId });
  const back = await to.exportHandoff({ txId });
  const [imported] = from.importFiles({ files: [{ name: `back-${back.fileName}`, text: back.text }] }).results;
  return imported!;
}

beforeAll(async () => {
  work = workDir('airlock-forged-');
  node = await startNode();
  holder = await funded(node, 1_000n * SUN);
  cosigner = await funded(node, 10n * SUN);
  stranger = await funded(node, 10n * SUN);
  a = open('a');
  b = open('b');
  c = open('c');
  await a.keysImport({ secret: hexToBytes(holder.priv), label: 'holder' });
  await a.accountFetch({ address: holder.b58 });
  // Station b builds online (so it observes cosigner's account), signs in its vault, hands off.
  await b.keysImport({ secret: hexToBytes(cosigner.priv), label: 'cosigner' });
  const t = await b.buildTransfer({ from: cosigner.b58, to: holder.b58, amount: '1' });
  await b.sign({ txId: t.txId });
  const exported = await b.exportHandoff({ txId: t.txId });
  handoff = { name: exported.fileName, text: exported.text };
  await c.keysImport({ secret: hexToBytes(holder.priv), label: 'holder' });
  await c.accountFetch({ address: holder.b58 });
}, 120_000);

afterAll(async () => {
  a?.close();
  b?.close();
  c?.close();
  await node?.stop();
  work?.remove();
});

describe('a signature nobody made', () => {
  it('a plain transaction of an unknown account with random (r, s, v) does not make its key "seen": the update stays needs-override and is refused without acceptRisk', async () => {
    // The attacker's file: a real unsigned transfer of an account the station does not know, with
    // a random signature in place of one.
    const unsigned = await node.transfer(stranger, holder.hex, 1);
    const { signature, signer: x } = forgedSignature(hexToBytes(unsigned.txID as string));
    const file = {
      name: 'forged.json',
      text: JSON.stringify({ txID: unsigned.txID, raw_data_hex: unsigned.raw_data_hex, signature: [bytesToHex(signature)] }),
    };
    const [imported] = a.importFiles({ files: [file] }).results;
    // The station stores it (it can be a genuine transaction of someone else's), and says the
    // signature was checked only for belonging to the transaction.
    expect(imported!.added).toEqual([x]);
    expect(imported!.warnings.join(' ')).toMatch(/does not know the permission/);

    const check = await a.permissionCheck({ json: onlyOwner(x) });
    expect(check.valid).toBe(true);
    expect(check.lockout!.verdict).toBe('needs-override');
    expect(check.lockout!.owner!.unseen).toEqual([x]);
    const before = a.list().total;
    await expect(a.buildPermissionUpdate({ json: onlyOwner(x) })).rejects.toMatchObject({
      code: 'LOCKOUT',
      details: { verdict: 'needs-override', risk: 'owner-unseen-keys' },
    });
    expect(a.list().total).toBe(before);
    expect(signedFlag(a, x)).toBe(false);
    forgedKey = x;
  });

  it('still does not count once the station observes that account from the node: the forged key is no key of its permission', async () => {
    await a.accountFetch({ address: stranger.b58 });
    expect(a.accountShow({ address: stranger.b58 }).source.kind).toBe('node');
    expect(signedFlag(a, forgedKey)).toBe(false);
    expect((await a.permissionCheck({ json: onlyOwner(forgedKey) })).lockout!.verdict).toBe('needs-override');
  });

  it("does not count when the attacker names the recovered key in their own account's permission on chain AFTER forging: the key was not named before the signature existed", async () => {
    // The attacker forges over a transaction of their own account first, learns the key X it
    // recovers to, then makes X an owner key of that account by a real permission update.
    const mallory = await funded(node, 1_000n * SUN);
    const unsigned = await node.transfer(mallory, holder.hex, 1);
    const { signature, signer: x } = forgedSignature(hexToBytes(unsigned.txID as string));
    const owner = {
      type: 'Owner',
      permission_name: 'owner',
      threshold: 1,
      keys: [
        { address: mallory.hex, weight: 1 },
        { address: addressToHex(parseAddress(x)), weight: 1 },
      ],
    };
    const active = { type: 'Active', permission_name: 'active', threshold: 1, operations: TRANSFER_ONLY_OPS, keys: [{ address: mallory.hex, weight: 1 }] };
    const { reply } = await buildAndSend(node, '/wallet/accountpermissionupdate', permissionUpdateBody(mallory, [active], owner), [mallory]);
    expect(reply.result).toBe(true);
    await node.block();
    // The victim observes mallory's account from the node: its owner permission really names X.
    await a.accountFetch({ address: mallory.b58 });
    const shown = a.accountShow({ address: mallory.b58 });
    expect(shown.source.kind).toBe('node');
    expect(JSON.stringify(shown)).toContain(x);
    const file = {
      name: 'forged-own.json',
      text: JSON.stringify({ txID: unsigned.txID, raw_data_hex: unsigned.raw_data_hex, signature: [bytesToHex(signature)] }),
    };
    const [imported] = a.importFiles({ files: [file] }).results;
    // X is a key of the observed permission, so the signature is stored; it still proves nothing.
    expect(imported!.added).toEqual([x]);
    expect(signedFlag(a, x)).toBe(false);
    expect((await a.permissionCheck({ json: onlyOwner(x) })).lockout!.verdict).toBe('needs-override');
    await expect(a.buildPermissionUpdate({ json: onlyOwner(x) })).rejects.toMatchObject({ code: 'LOCKOUT', details: { verdict: 'needs-override' } });
  });
});

describe('a genuine signature', () => {
  it('on a transaction built elsewhere does not count, even by a key of a permission this station observed from the node: this station did not choose the bytes', async () => {
    await a.accountFetch({ address: cosigner.b58 });
    const [imported] = a.importFiles({ files: [handoff] }).results;
    expect(imported!.added).toEqual([cosigner.b58]);
    expect(signedFlag(a, cosigner.b58)).toBe(false);
    expect((await a.permissionCheck({ json: onlyOwner(cosigner.b58) })).lockout!.verdict).toBe('needs-override');
  });

  it('on a transaction built HERE online and signed elsewhere (handed off and back) counts as seen', async () => {
    const t = await a.buildTransfer({ from: cosigner.b58, to: holder.b58, amount: '3' });
    expect(t.basis).toMatch(/^online/);
    const back = await signElsewhere(a, b, t.txId);
    expect(back.added).toEqual([cosigner.b58]);
    expect(a.knownSigners().signers.find((k) => k.address === cosigner.b58)).toEqual({ address: cosigner.b58, local: false, signed: true, proved: false });
    expect((await a.permissionCheck({ json: onlyOwner(cosigner.b58) })).lockout!.verdict).toBe('ok');
  });

  it('on a transaction built here OFFLINE from a snapshot does not count: the snapshot only claims the permission', async () => {
    const d = open('d', 'http://127.0.0.1:9');
    try {
      const snap = await b.snapshotExport({ accounts: [cosigner.b58, holder.b58] });
      d.snapshotImport({ fileName: snap.fileName, text: snap.text });
      const t = await d.buildTransfer({ from: cosigner.b58, to: holder.b58, amount: '4' });
      expect(t.basis).toMatch(/^offline/);
      const back = await signElsewhere(d, b, t.txId);
      expect(back.added).toEqual([cosigner.b58]);
      expect(signedFlag(d, cosigner.b58)).toBe(false);
      expect((await d.permissionCheck({ json: onlyOwner(cosigner.b58) })).lockout!.verdict).toBe('needs-override');
    } finally {
      d.close();
    }
  });

  it('whose permission only a file claims (a handoff of an account never fetched) does not count, nor after the station fetches that account', async () => {
    const [imported] = c.importFiles({ files: [handoff] }).results;
    expect(imported!.added).toEqual([cosigner.b58]);
    // The handoff's claimed account is stored, marked as from the file.
    expect(c.accountShow({ address: cosigner.b58 }).source.kind).toBe('file');
    expect((await c.permissionCheck({ json: onlyOwner(cosigner.b58) })).lockout!.verdict).toBe('needs-override');
    await expect(c.buildPermissionUpdate({ json: onlyOwner(cosigner.b58) })).rejects.toMatchObject({ code: 'LOCKOUT', details: { verdict: 'needs-override' } });
    expect(signedFlag(c, cosigner.b58)).toBe(false);
    // Observed from the node afterwards, the permission names cosigner; the signature was made on
    // bytes another station chose, so it still proves nothing here.
    await c.accountFetch({ address: cosigner.b58 });
    expect(signedFlag(c, cosigner.b58)).toBe(false);
    expect((await c.permissionCheck({ json: onlyOwner(cosigner.b58) })).lockout!.verdict).toBe('needs-override');
  });
});
