// The smart-contract commands of the CLI (docs/decisions.md §17) against the devnet on port 0: `contract add`
// with an imported ABI and typed TRC-20 facts (this branch's devnet runs no EVM, so nothing is read
// from it and the typed facts stay a claim) and `contract list`; `build trc20-transfer`
// in whole tokens and `build trc20-approve unlimited` with its warning on stderr; a bad amount named
// with nothing stored; and `sign --accept-risk unknown-function` for a call the screen cannot show,
// refused without it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { create } from '@bufbuild/protobuf';
import { addressFromBase58 } from '../../shared/chain/address.ts';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { createTransaction } from '../../shared/chain/transaction.ts';
import { exportHandoff, stringifyHandoff } from '../../shared/files/handoff.ts';
import { permissionsToJson } from '../../shared/files/snapshot.ts';
import { defaultOwnerPermission } from '../../shared/contracts/permission/rules.ts';
import { TriggerSmartContractSchema } from '../../shared/gen/protocol/smart_contract_pb.ts';
import { funded, newKey, startNode, SUN, type TestKey, type TestNode } from '../helpers/devnet-helpers.ts';
import { jsonFile, keyFile, testStation, workDir, type TestStation, storedRows } from '../helpers/station-helpers.ts';

let node: TestNode;
let work: { dir: string; remove: () => void };
let owner: TestKey;
let S: TestStation;
const token = newKey().b58;
const to = newKey().b58;

const count = (table: Parameters<typeof storedRows>[1]): number => storedRows(S.dataDir, table);

beforeAll(async () => {
  node = await startNode();
  work = workDir('airlock-contracts-cli-');
  owner = await funded(node, 1_000n * SUN);
  S = testStation(work.dir, 's', { node: node.url, now: () => node.clock.now });
  await S.ok(['keys', 'import', '--key-file', keyFile(work.dir, 'owner.key', owner.priv)]);
  await S.ok(['account', 'fetch', owner.b58]);
}, 60_000);

afterAll(async () => {
  await node?.stop();
  work?.remove();
});

describe('contract add, list, remove', () => {
  it('lists a contract with its ABI and typed facts (a claim); a bad field is named and nothing is stored', async () => {
    const abi = jsonFile(work.dir, 'abi.json', [
      {
        type: 'function',
        name: 'mint',
        inputs: [
          { name: 'to', type: 'address' },
          { name: 'n', type: 'uint256' },
        ],
      },
    ]);
    const c = await S.ok(['contract', 'add', token, '--abi', abi, '--name', 'Tether', '--symbol', 'USDT', '--decimals', '6']);
    expect(c).toMatchObject({ address: token, name: 'Tether', functions: ['mint(address,uint256)'], trc20: { symbol: 'USDT', decimals: 6, observed: false } });
    const text = await S.run(['contract', 'list']);
    expect(text.stdout).toContain(`${token}  Tether  TRC-20 USDT, 6 decimals (claimed: file typed by the user); 1 imported function(s)`);
    const bad = await S.run(['contract', 'add', newKey().b58, '--decimals', 'six'], { json: true });
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stderr).error.details.field).toBe('decimals');
    expect(count('contracts')).toBe(1);
  });
});

describe('TRC-20 builds', () => {
  it('a transfer in whole tokens is built and signed; a bad amount is named and nothing is stored', async () => {
    const before = count('transactions');
    const bad = await S.run(['build', 'trc20-transfer', '--from', owner.b58, '--to', to, '--token', token, '--amount', '1.0000001'], { json: true });
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stderr).error).toMatchObject({ code: 'INVALID_INPUT', details: { field: 'amount' } });
    expect(count('transactions')).toBe(before);
    const b = await S.ok(['build', 'trc20-transfer', '--from', owner.b58, '--to', to, '--token', token, '--amount', '1.5', '--fee-limit', '20']);
    expect(b.transaction.view.summary).toContain('Send 1.5 USDT');
    expect(b.transaction.view.feeLimit).toBe('20000000');
    const signed = await S.ok(['sign', b.txId]);
    expect(signed.signed).toEqual([owner.b58]);
  });

  it('an unlimited approval prints its warning', async () => {
    const r = await S.run(['build', 'trc20-approve', '--from', owner.b58, '--spender', to, '--token', token, '--amount', 'unlimited']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('Warning: Unlimited approval');
  });
});

describe('sign --accept-risk', () => {
  it('a call to no known function is refused without the override and signed with it', async () => {
    const call = create(TriggerSmartContractSchema, {
      ownerAddress: addressFromBase58(owner.b58),
      contractAddress: addressFromBase58(token),
      data: hexToBytes('deadbeef'),
    });
    const now = node.clock.now;
    const tx = createTransaction(
      { type: 'TriggerSmartContract', value: call },
      { refBlockBytes: hexToBytes('0001'), refBlockHash: hexToBytes('00'.repeat(8)), expiration: now + 3_600_000, timestamp: now, feeLimit: 10_000_000n },
    );
    const permissions = permissionsToJson({ owner: defaultOwnerPermission(addressFromBase58(owner.b58)), actives: [] });
    const file = join(work.dir, 'call.airlock.json');
    writeFileSync(file, stringifyHandoff(exportHandoff({ tx, permission: { address: owner.b58, permissions, source: { file: 'x' }, at: now }, now })));
    await S.ok(['import', file]);
    const txId = bytesToHex(tx.txId);
    const refused = await S.run(['sign', txId], { json: true });
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stderr).error).toMatchObject({ code: 'SIGNING_RISK', details: { risks: ['unknown-function'] } });
    expect((await S.run(['sign', txId, '--accept-risk', 'anything'])).code).toBe(2);
    expect((await S.ok(['sign', txId, '--accept-risk', 'unknown-function'])).signed).toEqual([owner.b58]);
    expect((await S.ok(['audit', 'verify'])).ok).toBe(true);
  });
});
