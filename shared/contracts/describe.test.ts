/**
 * Tests of the contract views in words (docs/decisions.md §17, shared/contracts/describe.ts and the family
 * modules): every contract type's transaction view, decoded from the signed bytes, has a title, a
 * summary and a field table naming each field in words; amounts read in TRX with sun or a known
 * token's units, resources by name, votes one by one, durations and lock periods in time, call data
 * as selector and words, addresses with their labels; chain text is escaped; an id with no message
 * is refused naming its id and size.
 */
import { create, toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import * as valibot from 'valibot';
import { TRANSACTION_VIEW } from '../api/station-view-schemas.ts';
import { hexToBytes, utf8ToBytes, bytesToHex } from '../base/bytes.ts';
import { SUPPORTED_CONTRACTS, type SupportedContractName } from '../chain/contract-types.ts';
import { createTransaction, encodeRaw } from '../chain/transaction.ts';
import { Transaction_ContractSchema, Transaction_rawSchema } from '../gen/protocol/core_pb.ts';
import { AccountUpdateContractSchema } from '../gen/protocol/account_contract_pb.ts';
import type { AccountPermissionUpdateContract } from '../gen/protocol/contract_pb.ts';
import { transactionView, type TransactionView } from '../views/view.ts';
import { CONTRACT_SAMPLES, SAMPLE_A, SAMPLE_B, SAMPLE_C, SAMPLE_NAMES, sampleMessage } from '../../test/helpers/contract-samples.ts';
import { addressToBase58 } from '../chain/address.ts';
import { blocksInWords, durationInWords } from './fields.ts';

const FIELDS = { refBlockBytes: hexToBytes('d8ed'), refBlockHash: hexToBytes('2e066c3259e756f5'), expiration: 4_102_444_800_000, timestamp: 4_102_444_740_000 };
const B58 = { A: addressToBase58(hexToBytes(SAMPLE_A)), B: addressToBase58(hexToBytes(SAMPLE_B)), C: addressToBase58(hexToBytes(SAMPLE_C)) };

function viewOf(name: SupportedContractName, options: Parameters<typeof transactionView>[1] = {}): TransactionView {
  const tx = createTransaction({ type: name, value: sampleMessage(name) }, FIELDS);
  return transactionView({ rawBytes: tx.rawBytes, signatures: [] }, options);
}

/** The value of the row at `field`. */
function at(v: TransactionView, field: string): string {
  const row = v.fields.find((r) => r.field === field);
  if (!row) throw new Error(`no row ${field} in ${v.fields.map((r) => r.field).join(', ')}`);
  return row.value;
}

describe('every contract type has a view in words', () => {
  for (const name of SAMPLE_NAMES) {
    it(`${name}: title, summary and a field table with every row named`, () => {
      const view = viewOf(name);
      const v = view;
      expect(v.kind).toBe(name);
      expect(v.title.length).toBeGreaterThan(0);
      expect(v.title).not.toBe(name);
      expect(v.summary.length).toBeGreaterThan(10);
      expect(v.fields.length).toBeGreaterThan(0);
      for (const row of v.fields) {
        expect(row.name, row.field).toMatch(/^[A-Z]/);
        expect(row.value.length, row.field).toBeGreaterThan(0);
      }
      // What crosses to the renderer is exactly this view (the station API's schema).
      expect(valibot.safeParse(TRANSACTION_VIEW, JSON.parse(JSON.stringify(view))).success).toBe(true);
      // The signer's address is a row, with the address itself.
      const signer = v.fields.find((r) => r.field === (name === 'ShieldedTransferContract' ? 'transparent_from_address' : 'owner_address'));
      expect(signer?.address?.base58).toBe(v.owner.base58);
      // Every field set in the sample appears in the table under its name (or a path below it).
      for (const key of Object.keys(CONTRACT_SAMPLES[name])) {
        const spec = key === 'frozen_supply' ? 'cded_supply' : key;
        expect(
          v.fields.some((r) => r.field === spec || r.field.startsWith(`${spec}.`) || r.field.startsWith(`${spec}[`)),
          `${name}.${key}`,
        ).toBe(true);
      }
    });
  }
});

describe('amounts, resources, votes, durations and addresses in words', () => {
  it('staking: TRX with sun and the resource by name', () => {
    const v = viewOf('FreezeBalanceV2Contract');
    expect(at(v, 'frozen_balance')).toBe('50 TRX = 50,000,000 sun');
    expect(at(v, 'resource')).toBe('ENERGY');
    expect(v.summary).toBe(`Stake 50 TRX = 50,000,000 sun for ENERGY, from ${B58.A}`);
    expect(at(viewOf('UnfreezeBalanceV2Contract'), 'unfreeze_balance')).toBe('20 TRX = 20,000,000 sun');
    expect(at(viewOf('FreezeBalanceContract'), 'frozen_duration')).toBe('3 days');
  });

  it('a delegation: receiver, lock and its period in blocks and time', () => {
    const v = viewOf('DelegateResourceContract');
    expect(at(v, 'receiver_address')).toBe(B58.B);
    expect(at(v, 'lock')).toBe('yes');
    expect(at(v, 'lock_period')).toBe('86,400 blocks (about 3 days)');
    expect(v.summary).toContain(`to ${B58.B}, locked for 86,400 blocks (about 3 days)`);
    expect(viewOf('UnDelegateResourceContract').summary).toContain('Take back the ENERGY of 30 TRX');
  });

  it('a vote lists each executive and count, and the total', () => {
    const v = viewOf('VoteWitnessContract');
    expect(at(v, 'votes[0].vote_address')).toBe(B58.B);
    expect(at(v, 'votes[0].vote_count')).toBe('100');
    expect(at(v, 'votes[1].vote_count')).toBe('2,500');
    expect(at(v, 'votes')).toBe('2,600 in 2 votes');
    expect(v.summary).toBe(`Vote as ${B58.A}, replacing earlier votes: 100 for ${B58.B}, 2,500 for ${B58.C} (2,600 votes in all)`);
    expect(at(viewOf('UpdateBrokerageContract'), 'brokerage')).toBe('20%');
  });

  it('addresses carry their address-book label, escaped', () => {
    const v = viewOf('VoteWitnessContract', { labels: { [SAMPLE_B]: 'Pool \u202Eevil', [SAMPLE_A]: 'Treasury' } });
    expect(at(v, 'votes[0].vote_address')).toBe(`Pool \\u{202E}evil (${B58.B})`);
    expect(v.summary).toContain(`Vote as Treasury (${B58.A})`);
    expect(v.fields.find((r) => r.field === 'votes[0].vote_address')!.address!.hex).toBe(SAMPLE_B);
  });

  it('a contract call: a TRC-20 transfer decoded, with the TRX and token sent (abi-words.ts has the rest)', () => {
    const v = viewOf('TriggerSmartContract', { tokens: { '1000001': { precision: 2, abbr: 'GLD' } } });
    expect(at(v, 'data[0..4]')).toBe('transfer (transfer(address,uint256), selector 0xa9059cbb; a TRC-20 function)');
    expect(at(v, 'data.args[0]')).toBe(B58.B);
    expect(at(v, 'data.args[1]')).toBe("5,000,000 smallest units (the token's decimals are not known here)");
    expect(at(v, 'call_value')).toBe('0.000003 TRX = 3 sun');
    expect(at(v, 'call_token_value')).toBe('0.04 GLD (token 1000001; 4 smallest units)');
    expect(v.summary).toContain(`Send 5,000,000 smallest units (the token's decimals are not known here) to ${B58.B} on contract ${B58.C}`);
  });

  it('call data that is not whole words shows the trailing bytes; a short one is shown whole', () => {
    const c = sampleMessage('TriggerSmartContract') as unknown as { data: Uint8Array };
    c.data = hexToBytes('a9059cbb' + '11'.repeat(33));
    const tx = createTransaction({ type: 'TriggerSmartContract', value: c as never }, FIELDS);
    const v = transactionView({ rawBytes: tx.rawBytes, signatures: [] });
    expect(at(v, 'data[36..37]')).toBe('0x11 (1 bytes)');
    c.data = hexToBytes('a905');
    const short = transactionView({ rawBytes: createTransaction({ type: 'TriggerSmartContract', value: c as never }, FIELDS).rawBytes, signatures: [] });
    expect(at(short, 'data')).toBe('0xa905 (2 bytes)');
  });

  it('exchange and market amounts: the coin in TRX, a known token in its units, an unknown one in smallest units', () => {
    const tokens = { '1000001': { precision: 1, abbr: 'GLD' } };
    const create1 = viewOf('ExchangeCreateContract', { tokens });
    expect(at(create1, 'first_token_id')).toBe('_ (TRX)');
    expect(at(create1, 'first_token_balance')).toBe('1,000 TRX = 1,000,000,000 sun');
    expect(at(create1, 'second_token_balance')).toBe('500 GLD (token 1000001; 5,000 smallest units)');
    expect(at(viewOf('ExchangeInjectContract'), 'quant')).toBe('600 smallest units of token 1000001');
    expect(at(viewOf('MarketSellAssetContract', { tokens }), 'buy_token_quantity')).toBe('4 GLD (token 1000001; 40 smallest units)');
  });

  it('a proposal lists each parameter; a permission update lists every operation by its plain name, by group', () => {
    const p = viewOf('ProposalCreateContract');
    expect(at(p, 'parameters[0]')).toBe('set to 21,600,000');
    expect(at(p, 'parameters[9]')).toBe('set to 1');
    const u = viewOf('AccountPermissionUpdateContract');
    expect(at(u, 'actives[0]')).toContain('Contract ABI removal');
    expect(at(u, 'actives[0]')).toMatch(/Staking and resources \(.*Unstake cancellation\)/);
    expect(at(u, 'actives[0].keys[1].address')).toBe(B58.C);
  });

  it("a permission update's actives are shown with the ids the chain gives them (index + 2), whatever id the request writes", () => {
    const update = sampleMessage('AccountPermissionUpdateContract') as AccountPermissionUpdateContract;
    const [first] = update.actives;
    update.actives = [
      { ...first!, id: 0 },
      { ...first!, id: 7, permissionName: 'second' },
    ];
    const v = transactionView({ rawBytes: createTransaction({ type: 'AccountPermissionUpdateContract', value: update }, FIELDS).rawBytes, signatures: [] });
    expect(at(v, 'owner')).toMatch(/^"owner" \(id 0\): threshold 1 of 1 key\(s\)$/);
    expect(at(v, 'actives[0]')).toMatch(/^"treasury" \(id 2\): threshold 2 of 2 key\(s\); may run /);
    // docs/decisions.md §26: the operations by group in plain words, not java-tron's names.
    expect(at(v, 'actives[0]')).not.toMatch(/[a-z0-9]Contract\b/);
    expect(at(v, 'actives[0]')).toContain('Payments (Transfer');
    expect(at(v, 'actives[1]')).toMatch(/^"second" \(id 3; the id 7 written in it is ignored\): /);
  });

  it('a token issue\'s frozen supply is named in the person\'s word, as the form names it (issue 26: not "Cded supply")', () => {
    const v = viewOf('AssetIssueContract');
    const row = v.fields.find((r) => r.field === 'cded_supply[0]')!;
    expect(row.name).toBe('Frozen supply 1');
    expect(v.fields.map((r) => r.name).join(' ')).not.toMatch(/cded/i);
  });

  it('chain text is escaped in the table and the summary', () => {
    const c = create(AccountUpdateContractSchema, { ownerAddress: hexToBytes(SAMPLE_A), accountName: utf8ToBytes('safe\u202Etxt') });
    const v = transactionView({ rawBytes: createTransaction({ type: 'AccountUpdateContract', value: c }, FIELDS).rawBytes, signatures: [] });
    expect(at(v, 'account_name')).toBe('"safe\\u{202E}txt"');
    expect(v.summary).not.toContain('\u202E');
  });

  it('durations and block counts read naturally', () => {
    expect(durationInWords(0n)).toBe('0 seconds');
    expect(durationInWords(90_000n)).toBe('1 minute 30 seconds');
    expect(durationInWords(86_400_000n * 3n + 3_600_000n)).toBe('3 days 1 hour');
    expect(blocksInWords(1n)).toBe('1 block (about 3 seconds)');
    expect(blocksInWords(0n)).toBe('0 blocks');
  });
});

describe('a contract Airlock cannot decode is refused, named by id and size', () => {
  it('CustomContract (20) and GetContract (32) have no message; 7 is no type', () => {
    for (const [type, name] of [
      [20, 'CustomContract'],
      [32, 'GetContract'],
      [60, undefined],
    ] as const) {
      const value = utf8ToBytes('opaque');
      const raw = encodeRaw(
        create(Transaction_rawSchema, {
          ...FIELDS,
          expiration: BigInt(FIELDS.expiration),
          timestamp: BigInt(FIELDS.timestamp),
          contract: [
            create(Transaction_ContractSchema, { type: type as number, parameter: { typeUrl: `type.googleapis.com/protocol.${name ?? 'X'}`, value } }),
          ],
        }),
      );
      expect(() => transactionView({ rawBytes: raw, signatures: [] })).toThrow(
        expect.objectContaining({
          code: 'UNSUPPORTED_CONTRACT',
          message: expect.stringContaining(`contract type ${type} (`),
          details: expect.objectContaining({ contractType: type, size: value.length }),
        }),
      );
    }
  });

  it('every other type has a message registered (the 39 of the reference node)', () => {
    expect(Object.keys(SUPPORTED_CONTRACTS)).toHaveLength(39);
    expect(bytesToHex(toBinary(SUPPORTED_CONTRACTS.WithdrawBalanceContract, sampleMessage('WithdrawBalanceContract') as never))).toBe(`0a15${SAMPLE_A}`);
  });
});
