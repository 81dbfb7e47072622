/**
 * One sample of every contract type Airlock decodes (docs/decisions.md §17), as Airlock's node JSON (the spec's
 * names, `visible: false`: bytes as hex, enums by name, int64 as numbers). The TronWeb agreement
 * test (test/integration/tronweb.test.ts), the view test (shared/contracts/describe.test.ts) and the
 * round-trip property test read the same table, so each type is exercised the same way everywhere.
 *
 * Invariant: the table has an entry for every name in SUPPORTED_CONTRACTS (the `Record` type), and
 * each sample sets every field TronWeb's builder writes, with non-default values where it can, so
 * a wrong field number shows as a byte difference.
 */
import type { Message } from '@bufbuild/protobuf';
import { SUPPORTED_CONTRACTS, type SupportedContractName } from '../../shared/chain/contract-types.ts';
import { messageFromNodeJson } from '../../shared/chain/node-json.ts';
import { bytesToHex, utf8ToBytes } from '../../shared/base/bytes.ts';

/** Three addresses (PROTOCOL.md §9.1 test keys 11, 12 and 13). */
export const SAMPLE_A = '4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a';
export const SAMPLE_B = '411c5a77d9fa7ef466951b2f01f724bca3a5820b63';
export const SAMPLE_C = '4103a1bba60b5aa37094cf16123add674c01589488';

const hex = (text: string): string => bytesToHex(utf8ToBytes(text));
/** A TRC-20 transfer(address,uint256) call: selector a9059cbb, then the two words. */
export const SAMPLE_CALL_DATA = 'a9059cbb' + '000000000000000000000000' + SAMPLE_B.slice(2) + 5_000_000n.toString(16).padStart(64, '0');

type Json = Record<string, unknown>;

export const CONTRACT_SAMPLES: Readonly<Record<SupportedContractName, Json>> = {
  AccountCreateContract: { owner_address: SAMPLE_A, account_address: SAMPLE_B },
  TransferContract: { owner_address: SAMPLE_A, to_address: SAMPLE_B, amount: 1_500_000 },
  TransferAssetContract: { asset_name: hex('1000001'), owner_address: SAMPLE_A, to_address: SAMPLE_B, amount: 250 },
  VoteAssetContract: { owner_address: SAMPLE_A, vote_address: [SAMPLE_B, SAMPLE_C], support: true, count: 3 },
  VoteWitnessContract: {
    owner_address: SAMPLE_A,
    votes: [
      { vote_address: SAMPLE_B, vote_count: 100 },
      { vote_address: SAMPLE_C, vote_count: 2_500 },
    ],
  },
  WitnessCreateContract: { owner_address: SAMPLE_A, url: hex('https://executive.example') },
  AssetIssueContract: {
    owner_address: SAMPLE_A,
    name: hex('GOLD'),
    abbr: hex('GLD'),
    total_supply: 1_000_000,
    cded_supply: [{ cded_amount: 500, cded_days: 3 }],
    coin_num: 2,
    precision: 2,
    num: 3,
    start_time: 4_102_444_801_000,
    end_time: 4_102_531_200_000,
    description: hex('a token'),
    url: hex('https://t.example'),
    free_asset_net_limit: 1_000,
    public_free_asset_net_limit: 2_000,
  },
  WitnessUpdateContract: { owner_address: SAMPLE_A, update_url: hex('https://new.example') },
  ParticipateAssetIssueContract: { owner_address: SAMPLE_B, to_address: SAMPLE_A, asset_name: hex('1000001'), amount: 2_000_000 },
  AccountUpdateContract: { account_name: hex('treasury'), owner_address: SAMPLE_A },
  FreezeBalanceContract: { owner_address: SAMPLE_A, frozen_balance: 10_000_000, frozen_duration: 3, resource: 'ENERGY', receiver_address: SAMPLE_B },
  UnfreezeBalanceContract: { owner_address: SAMPLE_A, resource: 'ENERGY', receiver_address: SAMPLE_B },
  WithdrawBalanceContract: { owner_address: SAMPLE_A },
  UnfreezeAssetContract: { owner_address: SAMPLE_A },
  UpdateAssetContract: { owner_address: SAMPLE_A, description: hex('new words'), url: hex('https://u.example'), new_limit: 500, new_public_limit: 9_000 },
  ProposalCreateContract: {
    owner_address: SAMPLE_A,
    parameters: [
      { key: 0, value: 21_600_000 },
      { key: 9, value: 1 },
    ],
  },
  ProposalApproveContract: { owner_address: SAMPLE_A, proposal_id: 12, is_add_approval: true },
  ProposalDeleteContract: { owner_address: SAMPLE_A, proposal_id: 12 },
  SetAccountIdContract: { account_id: hex('treasury-1'), owner_address: SAMPLE_A },
  CreateSmartContract: {
    owner_address: SAMPLE_A,
    new_contract: {
      origin_address: SAMPLE_A,
      abi: {
        entrys: [
          {
            name: 'transfer',
            inputs: [
              { name: 'to', type: 'address' },
              { name: 'value', type: 'uint256' },
            ],
            outputs: [{ type: 'bool' }],
            type: 'Function',
            stateMutability: 'Nonpayable',
          },
          { anonymous: true, name: 'Transfer', inputs: [{ indexed: true, name: 'from', type: 'address' }], type: 'Event' },
        ],
      },
      bytecode: '6080604052348015600f57600080fd5b50',
      call_value: 1_000,
      consume_user_resource_percent: 100,
      name: 'Token',
      origin_energy_limit: 10_000_000,
    },
    call_token_value: 7,
    token_id: 1_000_001,
  },
  TriggerSmartContract: {
    owner_address: SAMPLE_A,
    contract_address: SAMPLE_C,
    call_value: 3,
    data: SAMPLE_CALL_DATA,
    call_token_value: 4,
    token_id: 1_000_001,
  },
  UpdateSettingContract: { owner_address: SAMPLE_A, contract_address: SAMPLE_C, consume_user_resource_percent: 30 },
  ExchangeCreateContract: {
    owner_address: SAMPLE_A,
    first_token_id: hex('_'),
    first_token_balance: 1_000_000_000,
    second_token_id: hex('1000001'),
    second_token_balance: 5_000,
  },
  ExchangeInjectContract: { owner_address: SAMPLE_A, exchange_id: 4, token_id: hex('1000001'), quant: 600 },
  ExchangeWithdrawContract: { owner_address: SAMPLE_A, exchange_id: 4, token_id: hex('_'), quant: 700 },
  ExchangeTransactionContract: { owner_address: SAMPLE_A, exchange_id: 4, token_id: hex('_'), quant: 800, expected: 90 },
  UpdateEnergyLimitContract: { owner_address: SAMPLE_A, contract_address: SAMPLE_C, origin_energy_limit: 2_000_000 },
  AccountPermissionUpdateContract: {
    owner_address: SAMPLE_A,
    owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: SAMPLE_A, weight: 1 }] },
    actives: [
      {
        type: 'Active',
        id: 2,
        permission_name: 'treasury',
        threshold: 2,
        operations: '7fff1fc0033efb0f' + '00'.repeat(24),
        keys: [
          { address: SAMPLE_B, weight: 1 },
          { address: SAMPLE_C, weight: 1 },
        ],
      },
    ],
  },
  ClearABIContract: { owner_address: SAMPLE_A, contract_address: SAMPLE_C },
  UpdateBrokerageContract: { owner_address: SAMPLE_A, brokerage: 20 },
  ShieldedTransferContract: {
    transparent_from_address: SAMPLE_A,
    from_amount: 90_000_000,
    spend_description: [],
    receive_description: [
      {
        value_commitment: '11'.repeat(32),
        note_commitment: '22'.repeat(32),
        epk: '33'.repeat(32),
        c_enc: '44'.repeat(580),
        c_out: '55'.repeat(80),
        zkproof: '66'.repeat(192),
      },
    ],
    binding_signature: '77'.repeat(64),
  },
  MarketSellAssetContract: {
    owner_address: SAMPLE_A,
    sell_token_id: hex('_'),
    sell_token_quantity: 3_000_000,
    buy_token_id: hex('1000001'),
    buy_token_quantity: 40,
  },
  MarketCancelOrderContract: { owner_address: SAMPLE_A, order_id: 'ab'.repeat(32) },
  FreezeBalanceV2Contract: { owner_address: SAMPLE_A, frozen_balance: 50_000_000, resource: 'ENERGY' },
  UnfreezeBalanceV2Contract: { owner_address: SAMPLE_A, unfreeze_balance: 20_000_000, resource: 'ENERGY' },
  WithdrawExpireUnfreezeContract: { owner_address: SAMPLE_A },
  DelegateResourceContract: { owner_address: SAMPLE_A, resource: 'ENERGY', balance: 30_000_000, receiver_address: SAMPLE_B, lock: true, lock_period: 86_400 },
  UnDelegateResourceContract: { owner_address: SAMPLE_A, resource: 'ENERGY', balance: 30_000_000, receiver_address: SAMPLE_B },
  CancelAllUnfreezeV2Contract: { owner_address: SAMPLE_A },
};

/** The sample of `name` as its message. */
export function sampleMessage(name: SupportedContractName): Message {
  return messageFromNodeJson(SUPPORTED_CONTRACTS[name], CONTRACT_SAMPLES[name], { path: name });
}

export const SAMPLE_NAMES = Object.keys(CONTRACT_SAMPLES) as SupportedContractName[];
