// A 2-of-3 treasury with keys on a Ledger (docs/decisions.md §23), through the station's services, the VIRTUAL
// Ledger (test/helpers/virtual-ledger.ts, the published test seed, behind the Speculos HTTP API on
// loopback) and the local node in-process. Station A holds the owner key and two Ledger keys
// (accounts 0 and 1 of the device); station B holds a keystore key. Permission 2 "treasury" is
// 2-of-3 over [ledger 0, ledger 1, b1]. Through it: adding keys confirmed on the device, TRX paid
// with Permission_id 2 (Ledger on A, keystore on B, handed over by file), two device keys accepted
// by the node, a TRC-20 transfer (a custom contract to the app until "Custom contracts"), a vote, a
// stake, a memo refused until "Allow data", a permission update signed by hash, a rejection, and
// hostile device answers (another txID, wrong length, wrong key, an unknown status word, a device
// that stops mid-transfer): each refused in words, nothing stored, the station still usable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { hexToBytes, utf8ToBytes } from '../../shared/base/bytes.ts';
import { signDigest } from '../../shared/chain/keys.ts';
import { encodeOperationsHex } from '../../shared/chain/operations.ts';
import { ledgerPathForAccount, parseLedgerPath } from '../../shared/devices/ledger-apdu.ts';
import { GENESIS_TOKEN_ADDRESS_BASE58 } from '../../devnet/evm/genesis-token.ts';
import { openStation, type Station } from '../../station/station.ts';
import { dispatch } from '../../shared/api/api-contract.ts';
import { STATION_API } from '../../shared/api/station-api.ts';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import { K, newKey, rawOf, rawTransaction, startNode, SUN, type Json, type TestNode, WEEK_OPERATIONS } from '../helpers/devnet-helpers.ts';
import { storedRows, TEST_SCRYPT, workDir } from '../helpers/station-helpers.ts';
import { derivePrivateKey, startVirtualLedger, type VirtualLedger } from '../helpers/virtual-ledger.ts';

const TREASURY = K.alice;
let node: TestNode;
let work: { dir: string; remove: () => void };
let device: VirtualLedger;
let A: Station;
let B: Station;
const keys = { l0: '', l1: '', b1: '' };
const payee = newKey();

function open(name: string): Station {
  return openStation({
    dataDir: join(work.dir, name),
    nodeUrl: node.url,
    clock: () => node.clock.now,
    vault: 'keystore',
    scrypt: TEST_SCRYPT,
    passphrase: async () => new TextEncoder().encode('a long test passphrase'),
    ledgerTimeoutMs: 1_500,
  });
}

const treasury = (): Json => ({
  visible: true,
  owner_address: TREASURY.b58,
  owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: TREASURY.b58, weight: 1 }] },
  actives: [
    {
      type: 'Active',
      permission_name: 'treasury',
      threshold: 2,
      operations: encodeOperationsHex([...WEEK_OPERATIONS, 'UnfreezeBalanceV2Contract']),
      keys: [keys.l0, keys.l1, keys.b1].map((address) => ({ address, weight: 1 })),
    },
  ],
});

async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code: string; message: string };
    return { code: err.code, message: err.message };
  }
  throw new Error('expected a refusal');
}

/** Broadcasts on `s` and makes a block; the node's info. */
async function send(s: Station, txId: string): Promise<Json> {
  const sent = await s.broadcast({ txId });
  expect({ accepted: sent.accepted, text: sent.accepted ? '' : sent.text }).toEqual({ accepted: true, text: '' });
  await node.block();
  return node.post('/wallet/gettransactioninfobyid', { value: txId });
}

/**
 * A transfer with a memo (raw.data), which the station's builders do not write: made at the node
 * with Permission_id 2, the memo set, and imported into A as plain transaction JSON.
 */
async function importWithMemo(memo: string, amount: number): Promise<string> {
  const built = await node.post('/wallet/createtransaction', { owner_address: TREASURY.hex, to_address: payee.hex, amount, Permission_id: 2 });
  const raw = rawOf(built);
  raw.data = utf8ToBytes(memo);
  const tx = rawTransaction(raw);
  const r = await A.importFiles({ files: [{ name: 'memo.json', text: JSON.stringify(tx) }] });
  expect(r.results[0]).toMatchObject({ txId: tx.txID });
  return tx.txID as string;
}

const sorted = (xs: string[]): string[] => [...xs].sort();
let amount = 1_000;
/** A fresh small payment under permission 2 (each a new txID). */
const payment = () => A.buildTransfer({ from: TREASURY.b58, to: payee.b58, amount: String(++amount), permissionId: 2 });

/** A signs on the device with both Ledger keys and broadcasts. */
async function bothLedgers(txId: string): Promise<Json> {
  expect(sorted((await A.sign({ txId })).signed)).toEqual(sorted([keys.l0, keys.l1]));
  return send(A, txId);
}

beforeAll(async () => {
  node = await startNode();
  work = workDir('airlock-ledger-');
  const v = await startVirtualLedger();
  device = v.device;
  A = open('a');
  B = open('b');
  await A.setSetting({ key: 'ledger', value: v.setting });
  await A.keysImport({ secret: hexToBytes(TREASURY.priv), label: 'owner' });
  keys.l0 = (await A.keysLedgerAdd({ label: 'ledger 0' })).address;
  keys.l1 = (await A.keysLedgerAdd({ account: 1, label: 'ledger 1' })).address;
  keys.b1 = (await B.keysNew({ label: 'b1' })).address;
  expect((await node.post('/devnet/faucet', { address: payee.hex, amount: 1n * SUN })).result).toBe(true);
  const update = await A.buildPermissionUpdate({ json: treasury() });
  expect((await A.sign({ txId: update.txId, key: TREASURY.b58 })).signed).toEqual([TREASURY.b58]);
  expect((await A.broadcast({ txId: update.txId })).accepted).toBe(true);
  await node.block();
  await A.accountFetch({ address: TREASURY.b58 });
  await B.accountFetch({ address: TREASURY.b58 });
  expect((await A.contractAdd({ address: GENESIS_TOKEN_ADDRESS_BASE58 })).trc20).toMatchObject({ symbol: 'ATD', decimals: 6 });
}, 120_000);

afterAll(async () => {
  A?.close();
  B?.close();
  await device?.stop();
  await node?.stop();
  work?.remove();
});

describe('keys on a Ledger', () => {
  it('are added by path with the address confirmed on the device, and listed as hardware keys with their path; nothing secret is stored', async () => {
    expect(keys.l0).toBe(device.addressOf(parseLedgerPath(ledgerPathForAccount(0))));
    expect(device.shown.filter((s) => s.ins === 'address').map((s) => s.owner)).toEqual([keys.l0, keys.l1]);
    const listed = A.keysList().keys.filter((k) => k.vault === 'ledger');
    listed.sort((a, b) => a.label.localeCompare(b.label));
    expect(listed.map((k) => [k.address, k.label, k.device])).toEqual([
      [keys.l0, 'ledger 0', { path: "44'/195'/0'/0/0", appVersion: '0.7.1' }],
      [keys.l1, 'ledger 1', { path: "44'/195'/1'/0/0", appVersion: '0.7.1' }],
    ]);
    // The keystore holds the owner key only: no Ledger key has anything in the vault.
    expect(await A.keysStatus()).toMatchObject({ kind: 'keystore' });
  });

  it('refuses a key whose address the signer did not confirm, and a key already held', async () => {
    const before = A.keysList().keys.length;
    device.decide = () => 'reject';
    expect(await refusal(A.keysLedgerAdd({ account: 5 }))).toEqual({
      code: 'DEVICE',
      message: 'The address was not confirmed on the device (the signer chose Reject); no key was added.',
    });
    device.decide = () => 'approve';
    expect((await refusal(A.keysLedgerAdd({ account: 1 }))).code).toBe('CONFLICT');
    expect(await refusal(A.keysLedgerAdd({ path: "44'/60'/0'/0/0" }))).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining("44'/195'") });
    expect(A.keysList().keys.length).toBe(before);
  });
});

describe('proof of possession of a Ledger key', () => {
  it("B makes a challenge for A's Ledger key; A signs it on the device as a TRON personal message; B verifies and keeps it", async () => {
    const json = treasury();
    json.owner.keys = [{ address: keys.l1, weight: 1 }];
    const challenge = B.proofChallenge({ account: TREASURY.b58, key: keys.l1, permissionJson: JSON.stringify(json) });
    const proof = await A.proofSign({ text: challenge.text });
    expect(device.shown.at(-1)).toMatchObject({ ins: 'message', path: "44'/195'/1'/0/0" });
    const proved = B.proofImport({ fileName: proof.fileName, text: proof.text });
    expect(proved).toMatchObject({ key: keys.l1, account: TREASURY.b58 });
    expect(B.proofList({ account: TREASURY.b58 }).proofs.map((p) => p.key)).toContain(keys.l1);
    // A proof whose signature was altered is refused.
    const forged = JSON.parse(proof.text);
    forged.signature = forged.signature.replace(/^../, (x: string) => (x === '00' ? '01' : '00'));
    expect(() => B.proofImport({ fileName: 'forged.json', text: JSON.stringify(forged) })).toThrow(/proof.signature/);
  });

  it('a signer who declines on the device gives no proof, and nothing is audited as signed', async () => {
    const challenge = B.proofChallenge({ account: TREASURY.b58, key: keys.l0, permissionJson: JSON.stringify(treasury()) });
    const audit = A.store.listAudit().length;
    device.decide = () => 'reject';
    try {
      expect(await refusal(A.proofSign({ text: challenge.text }))).toEqual({
        code: 'DEVICE',
        message: 'The signer declined on the device. Nothing was signed.',
      });
    } finally {
      device.decide = () => 'approve';
    }
    expect(A.store.listAudit().length).toBe(audit);
  });
});

describe('the API table (what the desktop app calls)', () => {
  const call = (method: string, args: unknown) =>
    dispatch(STATION_API, createStationHandlers(A, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: A.dataDir }) }), method, args);

  it('adds a Ledger key and answers what the device will show, each passing its result schema', async () => {
    const added = await call('keysLedgerAdd', { account: 7, label: 'api' });
    expect(added).toMatchObject({ ok: true, value: { vault: 'ledger', device: { path: "44'/195'/7'/0/0", appVersion: '0.7.1' }, label: 'api' } });
    const b = await payment();
    const plan = await call('ledgerPlan', { txId: b.txId });
    expect(plan).toMatchObject({ ok: true, value: { mode: 'full', command: 'transaction', txId: b.txId } });
    await A.keysDelete({ address: (added as { value: { address: string } }).value.address });
  });

  it('refuses hostile arguments before the device is asked', async () => {
    const asked = device.apdus;
    for (const args of [
      { account: -1 },
      { account: 2 ** 31 },
      { account: 1.5 },
      { path: 'x'.repeat(500) },
      JSON.parse('{"__proto__": {"account": 1}}'),
      { account: 0, extra: 1 },
    ])
      expect(await call('keysLedgerAdd', args)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await call('keysLedgerAdd', { path: "44'/195'/0'/0/0\u202e" })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await call('ledgerPlan', { txId: '00'.repeat(32) })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(device.apdus).toBe(asked);
  });
});

describe('a 2-of-3 treasury with keys on a Ledger', () => {
  it('pays in TRX with Permission_id 2: the Ledger on A, the keystore on B, by handoff file', async () => {
    const before = await node.balance(payee.b58);
    const b = await A.buildTransfer({ from: TREASURY.b58, to: payee.b58, amount: '2500000', permissionId: 2 });
    const plan = A.ledgerPlan({ txId: b.txId });
    expect(plan.screens).toContainEqual({ title: 'From Address', value: `P2 - ${TREASURY.b58}` });
    expect(sorted(plan.keys.map((k) => k.address))).toEqual(sorted([keys.l0, keys.l1]));
    expect((await A.sign({ txId: b.txId, key: keys.l0 })).signed).toEqual([keys.l0]);
    expect(device.shown.at(-1)).toMatchObject({ ins: 'transaction', contractType: 'TransferContract', permissionId: 2, owner: TREASURY.b58 });
    const file = await A.exportHandoff({ txId: b.txId });
    await B.importFiles({ files: [{ name: file.fileName, text: file.text }] });
    expect((await B.sign({ txId: b.txId })).signed).toEqual([keys.b1]);
    await send(B, b.txId);
    expect((await node.balance(payee.b58)) - before).toBe(2_500_000n);
  });

  it('two device keys in one 2-of-3: the node accepts the Ledger signatures alone', async () => {
    const before = await node.balance(payee.b58);
    const b = await A.buildTransfer({ from: TREASURY.b58, to: payee.b58, amount: '1000000', permissionId: 2 });
    await bothLedgers(b.txId);
    expect((await node.balance(payee.b58)) - before).toBe(1_000_000n);
  });

  it('pays in TRC-20: a contract outside the app\'s list needs "Custom contracts", then the node runs it', async () => {
    const b = await A.buildTrc20Transfer({ from: TREASURY.b58, to: payee.b58, token: GENESIS_TOKEN_ADDRESS_BASE58, amount: '12.5', permissionId: 2 });
    expect(A.ledgerPlan({ txId: b.txId }).needs.map((n) => n.setting)).toEqual(['customContracts']);
    const r = await refusal(A.sign({ txId: b.txId, key: keys.l0 }));
    expect(r).toEqual({ code: 'DEVICE', message: expect.stringContaining('"Custom contracts"') });
    expect((await A.status({ txId: b.txId })).view.signatures).toEqual([]);
    device.settings.customContracts = true;
    const info = await bothLedgers(b.txId);
    expect(info.receipt.result).toBe('SUCCESS');
  });

  it('votes and stakes with the device', async () => {
    const freeze = await A.buildFreeze({ from: TREASURY.b58, amount: '200000000', resource: 'ENERGY', permissionId: 2 });
    expect(A.ledgerPlan({ txId: freeze.txId }).screens.slice(0, 2)).toEqual([
      { title: 'Review', value: 'Freeze V2' },
      { title: 'Gain', value: 'Energy' },
    ]);
    await bothLedgers(freeze.txId);
    expect((await node.account(TREASURY.b58)).frozenV2).toContainEqual({ type: 'ENERGY', amount: 200_000_000 });
    const vote = await A.buildVote({ from: TREASURY.b58, votes: [{ executive: K.exec.b58, count: '150' }], permissionId: 2 });
    await bothLedgers(vote.txId);
    expect((await node.account(TREASURY.b58)).votes).toEqual([{ vote_address: K.exec.b58, vote_count: 150 }]);
  });

  it('refuses a memo until "Allow data" is on; nothing is stored meanwhile', async () => {
    const txId = await importWithMemo('invoice 42', 1_000);
    expect(A.ledgerPlan({ txId }).screens).toContainEqual({ title: 'Data', value: 'Present' });
    const rows = storedRows(A.dataDir, 'signatures');
    expect((await refusal(A.sign({ txId, key: keys.l0 }))).message).toContain('"Allow data"');
    expect(storedRows(A.dataDir, 'signatures')).toBe(rows);
    device.settings.allowData = true;
    await bothLedgers(txId);
    device.settings.allowData = false;
  });

  it('changes its permissions signed by hash: the update is too large for the app to read', async () => {
    const json = treasury();
    json.actives[0].threshold = 1;
    const b = await A.buildPermissionUpdate({ json, permissionId: 2 });
    const plan = A.ledgerPlan({ txId: b.txId });
    expect(plan).toMatchObject({ mode: 'hash', command: 'hash', needs: [expect.objectContaining({ setting: 'signByHash' })] });
    expect((await refusal(A.sign({ txId: b.txId, key: keys.l0 }))).message).toContain('"Sign by hash"');
    device.settings.signByHash = true;
    await bothLedgers(b.txId);
    expect(device.shown.at(-1)).toMatchObject({ ins: 'hash', hash: b.txId });
    const active = (await node.account(TREASURY.b58)).active_permission.find((p: Json) => p.id === 2);
    expect(active.threshold).toBe(1);
  });
});

describe('a signed batch', () => {
  it('leaves the Ledger keys out (they sign each row on the device later) and stores the rows unsigned', async () => {
    const csv = `to,amount,token,note\n${payee.b58},7,,a\n${payee.b58},8,,b\n`;
    const asked = device.apdus;
    const r = await A.buildBatch({ csv, csvName: 'b.csv', from: TREASURY.b58, sign: true, permissionId: 2 });
    expect(r).toMatchObject({ count: 2, signed: 0, rows: [{ status: 'draft' }, { status: 'draft' }] });
    expect(device.apdus).toBe(asked);
    expect((await A.sign({ txId: r.rows[0]!.txId, key: keys.l0 })).signed).toEqual([keys.l0]);
  });
});

describe('refusals and hostile device answers', () => {
  /** Arms a fault, signs, expects a DEVICE refusal in words and nothing stored; disarms; then the same signs. */
  const hostile = async (arm: () => () => void, words: string | RegExp, txId?: string) => {
    const id = txId ?? (await payment()).txId;
    const rows = storedRows(A.dataDir, 'signatures');
    const disarm = arm();
    try {
      const r = await refusal(A.sign({ txId: id, key: keys.l0 }));
      expect(r.code).toBe('DEVICE');
      expect(r.message).toMatch(words);
    } finally {
      disarm();
    }
    expect(storedRows(A.dataDir, 'signatures')).toBe(rows);
    // The station is still usable: the same transaction signs on the device at once.
    expect((await A.sign({ txId: id, key: keys.l0 })).signed).toEqual([keys.l0]);
  };
  const tampered = (tamper: VirtualLedger['tamper']) => () => {
    device.tamper = tamper;
    return () => (device.tamper = undefined);
  };
  const isSignature = (apdu: Uint8Array) => apdu[1] === 0x04 || apdu[1] === 0x05;

  it('the signer declining on the device', async () => {
    await hostile(() => {
      device.decide = () => 'reject';
      return () => (device.decide = () => 'approve');
    }, 'The signer declined on the device. Nothing was signed.');
  });

  it('a signature over another txID', async () => {
    const key = derivePrivateKey(device.seed, parseLedgerPath(ledgerPathForAccount(0)));
    await hostile(
      tampered((apdu, answer) => (isSignature(apdu) ? Uint8Array.from([...signDigest(new Uint8Array(32).fill(9), key), 0x90, 0x00]) : answer)),
      /does not recover to T\w+ over this transaction/,
    );
  });

  it('a signature by another key (account 1 answering for account 0)', async () => {
    // The right txID signed with the wrong key: the key it recovers to is named.
    const other = derivePrivateKey(device.seed, parseLedgerPath(ledgerPathForAccount(1)));
    let txId = '';
    const tamper: VirtualLedger['tamper'] = (apdu, answer) =>
      isSignature(apdu) && answer.length === 67 ? Uint8Array.from([...signDigest(hexToBytes(txId), other), 0x90, 0x00]) : answer;
    txId = (await payment()).txId;
    await hostile(tampered(tamper), `it recovers to ${keys.l1}`, txId);
  });

  it('a signature of the wrong length', async () => {
    await hostile(
      tampered((apdu, answer) => (isSignature(apdu) ? Uint8Array.from([...answer.subarray(0, 64), 0x90, 0x00]) : answer)),
      '64 bytes, not 65',
    );
  });

  it('a status word never seen', async () => {
    await hostile(
      tampered((apdu, answer) => (isSignature(apdu) ? Uint8Array.of(0x6f, 0x99) : answer)),
      '0x6f99, which Airlock does not know',
    );
  });

  it('a device that stops answering mid-transfer', async () => {
    device.settings.allowData = true;
    try {
      // A long memo makes the transaction two commands; the device never answers the second.
      const txId = await importWithMemo('x'.repeat(200), 1_001);
      expect(A.ledgerPlan({ txId }).apdus).toBe(2);
      let seen = 0;
      await hostile(
        tampered((apdu, answer) => (apdu[1] === 0x04 && ++seen === 2 ? 'hang' : answer)),
        'did not answer within 2 s',
        txId,
      );
    } finally {
      device.settings.allowData = false;
    }
  });
});
