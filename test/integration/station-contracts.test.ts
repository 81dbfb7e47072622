// The station's smart-contract part (docs/decisions.md §17) on a real station (SQLite file, keystore vault):
// the list of contracts (add offline keeps typed facts as a claim, list, remove, each audited; bad
// input stores nothing), the TRC-20 builds offline from a snapshot (amounts in whole tokens with the
// token's decimals, the fee limit, unlimited approval flagged), the named override at sign (a call
// to no known function is refused without it, signed with it, and the audit log names the risk),
// and the TRC-20 facts read from a node by constant calls. This branch's devnet has no
// /wallet/triggerconstantcontract (another engineer adds the EVM), so that part talks to a loopback
// HTTP server owned by this test, answering as the reference node does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { create } from '@bufbuild/protobuf';
import { utils as tronUtils } from 'tronweb';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { addressOfPrivateKey, generatePrivateKey } from '../../shared/chain/keys.ts';
import { createTransaction } from '../../shared/chain/transaction.ts';
import { defaultOwnerPermission } from '../../shared/contracts/permission/rules.ts';
import { exportHandoff, stringifyHandoff } from '../../shared/files/handoff.ts';
import { permissionsToJson } from '../../shared/files/snapshot.ts';
import { TriggerSmartContractSchema } from '../../shared/gen/protocol/smart_contract_pb.ts';
import { openStation, type Station } from '../../station/station.ts';
import { oneAccountSnapshot, TEST_SCRYPT, workDir } from '../helpers/station-helpers.ts';

const T = 1_800_000_000_000;
const key = generatePrivateKey();
const owner = addressOfPrivateKey(key);
const OWNER = addressToBase58(owner);
const TO = addressToBase58(addressOfPrivateKey(generatePrivateKey()));
const TOKEN = addressToBase58(addressOfPrivateKey(generatePrivateKey()));
const OTHER = addressToBase58(addressOfPrivateKey(generatePrivateKey()));
const permissions = permissionsToJson({ owner: defaultOwnerPermission(owner), actives: [] });
const BLOCK = { number: 500, id: (500).toString(16).padStart(16, '0') + 'ab'.repeat(24), timestamp: T - 30_000 };

let work: { dir: string; remove: () => void };
let station: Station;
let server: Server;
let nodeUrl: string;
const opened: Station[] = [];

function open(name: string, url = 'http://127.0.0.1:9'): Station {
  const s = openStation({
    dataDir: join(work.dir, name),
    nodeUrl: url,
    dialect: 'spec',
    clock: () => T,
    vault: 'keystore',
    scrypt: TEST_SCRYPT,
    passphrase: async () => new TextEncoder().encode('a long test passphrase'),
  });
  opened.push(s);
  return s;
}

async function refusal(p: Promise<unknown> | (() => unknown)): Promise<{ code: string; message: string; field: unknown }> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    const err = e as { code: string; message: string; details?: { field?: unknown } };
    return { code: err.code, message: err.message, field: err.details?.field };
  }
  throw new Error('expected a refusal');
}

/** What the reference node answers for a view function: its result, ABI-encoded by TronWeb's coder. */
const ANSWERS: Record<string, string> = {
  'symbol()': tronUtils.abi.encodeParams(['string'], ['US\u202EDT']).slice(2),
  'name()': tronUtils.abi.encodeParams(['string'], ['Tether USD']).slice(2),
  'decimals()': tronUtils.abi.encodeParams(['uint8'], [6]).slice(2),
};

beforeAll(async () => {
  work = workDir('airlock-contracts-');
  station = open('offline');
  station.snapshotImport({
    fileName: 'snap.json',
    text: oneAccountSnapshot(OWNER, permissions, T),
  });
  await station.keysImport({ secret: key.slice(), label: 'treasurer' });
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const selector = (JSON.parse(body) as { function_selector?: string }).function_selector ?? '';
      const answer = req.url === '/wallet/triggerconstantcontract' ? ANSWERS[selector] : undefined;
      res.setHeader('content-type', 'application/json');
      // The head block the station asks first, to date what it reads (docs/decisions.md §24): block 7.
      if (req.url === '/wallet/getnowblock')
        return void res.end(JSON.stringify({ blockID: '0000000000000007' + 'ab'.repeat(24), block_header: { raw_data: { number: 7, timestamp: T } } }));
      res.end(
        JSON.stringify(
          answer === undefined
            ? { result: { code: 'CONTRACT_EXE_ERROR', message: Buffer.from('REVERT opcode executed').toString('hex') } }
            : { result: { result: true }, energy_used: 300, constant_result: [answer] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  nodeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  for (const s of opened) s.close();
  await new Promise((resolve) => server?.close(resolve));
  work?.remove();
});

describe("the station's list of contracts", () => {
  it('offline, typed TRC-20 facts are kept as a claim; list and remove; each change audited', async () => {
    const c = await station.contractAdd({ address: TOKEN, name: 'Tether', symbol: 'USDT', decimals: 6 });
    expect(c).toMatchObject({
      address: TOKEN,
      name: 'Tether',
      functions: [],
      trc20: { symbol: 'USDT', decimals: 6, observed: false, fromNode: false, source: 'file typed by the user' },
    });
    await station.contractAdd({ address: OTHER, abi: JSON.stringify([{ type: 'function', name: 'ping', inputs: [{ name: 'n', type: 'uint8' }] }]) });
    expect(station.contractList().contracts.map((x) => [x.address, x.functions])).toEqual([
      [OTHER, ['ping(uint8)']],
      [TOKEN, []],
    ]);
    expect(station.contractRemove({ address: OTHER })).toEqual({ address: OTHER, removed: true });
    expect((await refusal(() => station.contractRemove({ address: OTHER }))).code).toBe('NOT_FOUND');
    expect(
      station.store
        .listAudit()
        .filter((e) => e.action.startsWith('contract.'))
        .map((e) => e.action),
    ).toEqual(['contract.put', 'contract.put', 'contract.remove']);
  });

  it('bad input is refused naming the field, and nothing is stored', async () => {
    const before = { contracts: station.store.countContracts(), audit: station.store.listAudit().length };
    const proto = await refusal(station.contractAdd({ address: OTHER, abi: '[{"type":"function","name":"f","inputs":[],"__proto__":{"x":1}}]' }));
    expect(proto).toMatchObject({ code: 'BAD_JSON', message: expect.stringContaining('__proto__') });
    let deep: unknown = { name: 'x', type: 'uint256' };
    for (let i = 0; i < 100; i++) deep = { name: 'x', type: 'tuple', components: [deep] };
    expect((await refusal(station.contractAdd({ address: OTHER, abi: JSON.stringify([{ type: 'function', name: 'f', inputs: [deep] }]) }))).message).toContain(
      'nested more than 8 deep',
    );
    expect(await refusal(station.contractAdd({ address: OTHER, name: 'Te\u202Eher' }))).toMatchObject({ code: 'INVALID_INPUT', field: 'name' });
    expect(await refusal(station.contractAdd({ address: OTHER, decimals: 40 }))).toMatchObject({ code: 'INVALID_INPUT', field: 'decimals' });
    expect({ contracts: station.store.countContracts(), audit: station.store.listAudit().length }).toEqual(before);
  });
});

describe('TRC-20 builds, offline from a snapshot', () => {
  it('a transfer in whole tokens: the call encoded, the default fee limit, the view in token units (decimals claimed)', async () => {
    const b = await station.buildTrc20Transfer({ from: OWNER, to: TO, token: TOKEN, amount: '1.5' });
    const d = b.transaction.view;
    expect(d.kind).toBe('TriggerSmartContract');
    expect(d.feeLimit).toBe('100000000');
    expect(d.summary).toContain(`Send 1.5 USDT (1,500,000 smallest units; symbol and 6 decimals claimed by a file, not read from the node) to ${TO}`);
    expect(d.warnings).toEqual([]);
    // Decoded, so it signs without any override.
    expect((await station.sign({ txId: b.txId })).signed).toEqual([OWNER]);
  });

  it('an unlimited approval is built with its warning; a bad amount or fee limit names itself', async () => {
    const b = await station.buildTrc20Approve({ from: OWNER, spender: TO, token: TOKEN, amount: 'unlimited', feeLimit: '30' });
    expect(b.warnings.some((w) => w.startsWith('Unlimited approval'))).toBe(true);
    expect(b.transaction.view.feeLimit).toBe('30000000');
    const count = station.store.listTransactions({}).length;
    expect(await refusal(station.buildTrc20Transfer({ from: OWNER, to: TO, token: TOKEN, amount: '1.0000001' }))).toMatchObject({ field: 'amount' });
    expect(await refusal(station.buildTrc20Transfer({ from: OWNER, to: TO, token: TOKEN, amount: 'unlimited' }))).toMatchObject({ field: 'amount' });
    expect(await refusal(station.buildTrc20Transfer({ from: OWNER, to: TO, token: TOKEN, amount: '1', feeLimit: '15001' }))).toMatchObject({
      field: 'fee-limit',
    });
    expect(await refusal(station.buildTrc20Transfer({ from: OWNER, to: TO, token: OTHER, amount: '1' }))).toMatchObject({
      field: 'amount',
      message: expect.stringContaining('decimals are not known'),
    });
    expect(station.store.listTransactions({}).length).toBe(count);
    // In smallest units the unknown token builds, flagged as not in the list.
    const raw = await station.buildTrc20Transfer({ from: OWNER, to: TO, token: OTHER, amount: '7', units: 'smallest' });
    expect(raw.transaction.view.warnings.map((w) => w.risk)).toEqual(['unlisted-contract']);
  });
});

describe('the named override at sign', () => {
  it('a call to no known function is refused without the override, signed with it, and audited with the risk', async () => {
    const call = create(TriggerSmartContractSchema, { ownerAddress: owner, contractAddress: hexToBytes('41' + '11'.repeat(20)), data: hexToBytes('deadbeef') });
    const tx = createTransaction(
      { type: 'TriggerSmartContract', value: call },
      { refBlockBytes: hexToBytes('01f4'), refBlockHash: hexToBytes(BLOCK.id.slice(16, 32)), expiration: T + 3_600_000, timestamp: T, feeLimit: 10_000_000n },
    );
    const file = exportHandoff({ tx, permission: { address: OWNER, permissions, source: { file: 'x' }, at: T }, now: T });
    station.importFiles({ files: [{ name: 'call.airlock.json', text: stringifyHandoff(file) }] });
    const txId = bytesToHex(tx.txId);
    const audit = station.store.listAudit().length;
    const refused = await refusal(station.sign({ txId }));
    expect(refused.code).toBe('SIGNING_RISK');
    expect(refused.message).toContain('selector 0xdeadbeef');
    expect(station.store.listSignatures(tx.txId)).toEqual([]);
    expect(station.store.listAudit().length).toBe(audit);
    expect((await refusal(station.sign({ txId, acceptRisk: ['unknown-contract-type'] }))).code).toBe('SIGNING_RISK');
    expect((await refusal(station.sign({ txId, acceptRisk: 'everything' }))).field).toBe('acceptRisk');
    const signed = await station.sign({ txId, acceptRisk: ['unknown-function'] });
    expect(signed.signed).toEqual([OWNER]);
    const entry = station.store.listAudit().find((e) => e.action === 'sign.accept-risk');
    expect(entry).toMatchObject({ subject: txId, details: { risks: ['unknown-function'], signer: OWNER } });
    expect(station.auditVerify().ok).toBe(true);
  });
});

describe('TRC-20 facts read from the node by constant calls (a loopback node owned by this test)', () => {
  it('symbol, name and decimals are stored as observed and shown escaped; a claim never replaces them', async () => {
    const online = open('online', nodeUrl);
    const c = await online.contractAdd({ address: TOKEN, name: 'Tether' });
    expect(c.trc20).toEqual({ symbol: 'US\\u{202E}DT', name: 'Tether USD', decimals: 6, observed: true, fromNode: true, source: `node ${nodeUrl} at block 7` });
    const stored = online.store.getContract(hexToBytes(bytesToHex(online.store.listContracts()[0]!.address)))!;
    expect(stored.symbol).toBe('US\u202EDT');
    // The same station offline: typed facts are a claim and do not replace what the node said.
    const offline = open('online');
    const again = await offline.contractAdd({ address: TOKEN, symbol: 'FAKE', decimals: 2 });
    expect(again.trc20).toMatchObject({ symbol: 'US\\u{202E}DT', decimals: 6, observed: true });
  });

  it('a contract whose functions revert gets no TRC-20 facts, not guessed ones', async () => {
    const saved = { ...ANSWERS };
    for (const k of Object.keys(ANSWERS)) delete ANSWERS[k];
    try {
      const online = open('online-revert', nodeUrl);
      expect((await online.contractAdd({ address: OTHER })).trc20).toBeNull();
    } finally {
      Object.assign(ANSWERS, saved);
    }
  });
});
