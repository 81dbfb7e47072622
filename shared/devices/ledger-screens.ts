/**
 * What a Ledger with the TRON app will show for a transaction, before it shows it (docs/decisions.md §23), and
 * how the station will ask it to sign: the device's screens in its order, the app settings the
 * transaction needs and why, or a refusal up front when the app cannot sign it at all. Pure: the
 * transaction screen, the CLI and the signing flow read the same plan.
 *
 * The rules, from LedgerHQ/app-tron 0.7.x (src/handlers/sign.c, src/parse.c, src/ui/*_bagl.c):
 * - In full: TRX and TRC-10 transfers, TRC-20 transfer/approve to a contract of its built-in list
 *   (ledger-tokens.ts), votes (at most 5), Stake 1.0/2.0 freeze and unfreeze, delegate and
 *   undelegate, withdraw-expired, claim rewards. Any other contract call is a "custom contract":
 *   shown as contract and selector, signed only with "Custom contracts" on.
 * - Only as a hash, with "Sign by hash" on: permission updates, proposals, account updates.
 * - Refused (status word 6a80): every other type. Exchange contracts, which the app shows only with
 *   token-name signatures from Ledger that this station does not send, are refused here too.
 * - A memo (raw.data) needs "Allow data"; the device then shows "Data: Present".
 * - A transaction whose top-level field cannot fit in one 250-byte chunk (a permission update with
 *   several keys) cannot be read by the device: it is signed by its hash (INS 0x05), with "Sign by
 *   hash" on, and the device shows only the hash. The station still refuses to send a type the app
 *   refuses: it does not blind-sign what the device would not read.
 * - The sending account shows as "P<n> - T…" when Permission_id n > 0.
 *
 * The screen titles follow the Nano (BAGL) flows; Stax and Flex word some screens differently. This
 * is the station's prediction from the app's source, not a proof of what a device displays.
 *
 * Invariant: `plan.mode` 'refused' is never sent to a device; 'hash' is sent only with Sign by hash
 * listed in `needs`; the hash shown is the stored txID, grouped for reading aloud.
 */
import { addressToBase58 } from '../chain/address.ts';
import { bytesToHex } from '../base/bytes.ts';
import { LEDGER_MAX_VOTES } from '../base/limits.ts';
import { decodeRawShowingUnknown, isUnknownContract, txIdOf } from '../chain/transaction.ts';
import type {
  DelegateResourceContract,
  FreezeBalanceContract,
  FreezeBalanceV2Contract,
  UnDelegateResourceContract,
  UnfreezeBalanceContract,
  UnfreezeBalanceV2Contract,
} from '../gen/protocol/balance_contract_pb.ts';
import type { TransferAssetContract, TransferContract } from '../gen/protocol/contract_pb.ts';
import type { VoteWitnessContract } from '../gen/protocol/executive_contract_pb.ts';
import type { TriggerSmartContract } from '../gen/protocol/smart_contract_pb.ts';
import { signChunks } from './ledger-apdu.ts';
import { LEDGER_SETTING_NAMES, type LedgerSetting } from './ledger-status.ts';
import { LEDGER_TRC20_TOKENS } from './ledger-tokens.ts';

export interface DeviceScreen {
  title: string;
  value: string;
}

export interface LedgerPlan {
  /** 'full': the device reads and shows it; 'hash': it shows only the hash; 'refused': it cannot sign it. */
  mode: 'full' | 'hash' | 'refused';
  /** How the station asks: the transaction in chunks (INS 0x04), its txID (INS 0x05), or not at all. */
  command: 'transaction' | 'hash' | null;
  /** The device's screens in order (empty when refused). */
  screens: DeviceScreen[];
  /** Settings the app needs on, each with why. */
  needs: { setting: LedgerSetting; name: string; why: string }[];
  /** Why the device cannot sign it, in words; null otherwise. */
  refusal: string | null;
  /** The txID in groups of 8 hex digits, for comparing with the device's hash screen; null in full mode. */
  hash: string | null;
  /** Commands one signature takes. */
  apdus: number;
}

const TOKENS = new Map(LEDGER_TRC20_TOKENS.map(([hex, ticker, decimals]) => [hex, { ticker, decimals }]));
const SELECTOR_TRANSFER = 'a9059cbb';
const SELECTOR_APPROVE = '095ea7b3';
const HASH_SHOWN: Readonly<Record<string, string>> = {
  AccountPermissionUpdateContract: 'Permission Update',
  ProposalCreateContract: 'Proposal Create',
  ProposalApproveContract: 'Proposal Approve',
  ProposalDeleteContract: 'Proposal Delete',
  AccountUpdateContract: 'Account Update',
};

/** print_amount: the units with `decimals` places, trailing zeros dropped. */
export function deviceAmount(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** The txID in groups of 8 hex digits. */
export const groupedHash = (txId: Uint8Array): string => (bytesToHex(txId).match(/.{8}/g) ?? []).join(' ');

const resourceName = (r: number): string => (r === 0 ? 'Bandwidth' : 'Energy');
/** The Nano's vote row title: first 5 and last 5 characters. */
const shortAddress = (a: Uint8Array): string => {
  const t = addressToBase58(a);
  return `${t.slice(0, 5)}...${t.slice(-5)}`;
};

interface Shown {
  kind: 'full' | 'hash' | 'refused';
  screens: DeviceScreen[];
  needs: LedgerSetting[];
  why?: string;
}

function contractScreens(name: string, c: unknown): Shown {
  const full = (screens: DeviceScreen[], needs: LedgerSetting[] = []): Shown => ({ kind: 'full', screens, needs });
  switch (name) {
    case 'TransferContract': {
      const t = c as TransferContract;
      return full([
        { title: 'Review', value: 'Transaction' },
        { title: 'Amount', value: deviceAmount(t.amount, 6) },
        { title: 'Token', value: 'TRX' },
        { title: 'Send To', value: addressToBase58(t.toAddress) },
      ]);
    }
    case 'TransferAssetContract': {
      const t = c as TransferAssetContract;
      const id = new TextDecoder().decode(t.assetName);
      return full([
        { title: 'Review', value: 'Transaction' },
        { title: 'Amount', value: deviceAmount(t.amount, 0) },
        { title: 'Token', value: `TRC-10 ${id} (in its smallest units: the station sends no token-name signature)` },
        { title: 'Send To', value: addressToBase58(t.toAddress) },
      ]);
    }
    case 'TriggerSmartContract': {
      const t = c as TriggerSmartContract;
      const hex = bytesToHex(t.data);
      const selector = hex.slice(0, 8);
      const token = TOKENS.get(bytesToHex(t.contractAddress));
      const known = token && (selector === SELECTOR_TRANSFER || selector === SELECTOR_APPROVE) && t.data.length === 68;
      if (known) {
        const to = new Uint8Array(21);
        to[0] = 0x41;
        to.set(t.data.subarray(4 + 12, 36), 1);
        const amount = BigInt(`0x${hex.slice(72, 136)}`);
        return full([
          { title: 'Review', value: 'Transaction' },
          { title: 'Amount', value: deviceAmount(amount, token.decimals) },
          { title: selector === SELECTOR_TRANSFER ? 'Asset' : 'Approve', value: token.ticker },
          { title: selector === SELECTOR_TRANSFER ? 'Send To' : 'Allow', value: addressToBase58(to) },
        ]);
      }
      return full(
        [
          { title: 'Review', value: 'Custom contract' },
          { title: 'Contract', value: addressToBase58(t.contractAddress) },
          { title: 'Selector', value: selector || '(none)' },
          { title: 'Call value', value: t.callValue > 0n ? `${deviceAmount(t.callValue, 6)} TRX` : '-' },
        ],
        ['customContracts'],
      );
    }
    case 'VoteWitnessContract': {
      const v = c as VoteWitnessContract;
      if (v.votes.length > LEDGER_MAX_VOTES)
        return { kind: 'refused', screens: [], needs: [], why: `The TRON app reads at most ${LEDGER_MAX_VOTES} votes; this one has ${v.votes.length}.` };
      return full([{ title: 'Review', value: 'Votes' }, ...v.votes.map((x) => ({ title: shortAddress(x.voteAddress), value: x.voteCount.toString() }))]);
    }
    case 'FreezeBalanceContract':
    case 'FreezeBalanceV2Contract': {
      const f = c as FreezeBalanceContract | FreezeBalanceV2Contract;
      const receiver = 'receiverAddress' in f && f.receiverAddress.length ? f.receiverAddress : f.ownerAddress;
      return full([
        { title: 'Review', value: name === 'FreezeBalanceContract' ? 'Freeze' : 'Freeze V2' },
        { title: 'Gain', value: resourceName(f.resource) },
        { title: 'Amount', value: deviceAmount(f.frozenBalance, 6) },
        { title: 'Freeze To', value: addressToBase58(receiver) },
      ]);
    }
    case 'UnfreezeBalanceContract': {
      const f = c as UnfreezeBalanceContract;
      return full([
        { title: 'Review', value: 'Unfreeze' },
        { title: 'Resource', value: resourceName(f.resource) },
        { title: 'Delegated To', value: addressToBase58(f.receiverAddress.length ? f.receiverAddress : f.ownerAddress) },
      ]);
    }
    case 'UnfreezeBalanceV2Contract': {
      const f = c as UnfreezeBalanceV2Contract;
      return full([
        { title: 'Review', value: 'Unfreeze V2' },
        { title: 'Resource', value: resourceName(f.resource) },
        { title: 'Unfreeze To', value: addressToBase58(f.ownerAddress) },
        { title: 'Amount', value: deviceAmount(f.unfreezeBalance, 6) },
      ]);
    }
    case 'DelegateResourceContract':
    case 'UnDelegateResourceContract': {
      const d = c as DelegateResourceContract | UnDelegateResourceContract;
      const delegate = name === 'DelegateResourceContract';
      return full([
        { title: 'Review', value: delegate ? 'Delegate' : 'Undelegate' },
        { title: 'Resource', value: resourceName(d.resource) },
        { title: 'Amount', value: deviceAmount(d.balance, 6) },
        ...(delegate ? [{ title: 'Is Lock', value: (d as DelegateResourceContract).lock ? 'True' : 'False' }] : []),
        { title: delegate ? 'Delegate To' : 'Undelegate From', value: addressToBase58(d.receiverAddress) },
      ]);
    }
    case 'WithdrawExpireUnfreezeContract':
      return full([{ title: 'Review', value: 'Withdraw Expire Unfreeze' }]);
    case 'WithdrawBalanceContract':
      return full([{ title: 'Review', value: 'Claim Rewards' }]);
    default:
      if (HASH_SHOWN[name]) return { kind: 'hash', screens: [{ title: 'Verify', value: HASH_SHOWN[name] }], needs: ['signByHash'] };
      return {
        kind: 'refused',
        screens: [],
        needs: [],
        why: name.startsWith('Exchange')
          ? 'The TRON app shows an exchange contract only with token-name signatures from Ledger, which this station does not send.'
          : `The TRON app does not know this contract type (${name}); it refuses it (status word 6a80).`,
      };
  }
}

const WHY: Readonly<Record<LedgerSetting, string>> = {
  allowData: 'the transaction carries a memo (data), which the app signs only with this on',
  customContracts: 'it calls a contract the app does not list, which it shows only as contract and selector',
  signByHash: 'the device cannot show this transaction in words: it shows only its hash',
};

/** What the device will show for `rawBytes` and how the station will ask it to sign; never throws for a stored transaction. */
export function ledgerPlan(rawBytes: Uint8Array, path: readonly number[] = [0x8000002c, 0x800000c3, 0x80000000, 0, 0]): LedgerPlan {
  const decoded = decodeRawShowingUnknown(rawBytes);
  const txId = txIdOf(rawBytes);
  const refused = (why: string): LedgerPlan => ({
    mode: 'refused',
    command: null,
    screens: [],
    needs: [],
    refusal: `${why} It cannot sign it; use another key.`,
    hash: null,
    apdus: 0,
  });
  if (isUnknownContract(decoded)) return refused('The TRON app does not know this contract type; it refuses it (status word 6a80).');
  const shown = contractScreens(decoded.contractType, decoded.contract);
  if (shown.kind === 'refused') return refused(shown.why ?? '');
  const from = addressToBase58(decoded.ownerAddress);
  const fromScreen = { title: 'From Address', value: decoded.permissionId > 0 ? `P${decoded.permissionId} - ${from}` : from };
  const chunks = signChunks(path, rawBytes);
  const needs = new Set<LedgerSetting>(shown.needs);
  let screens: DeviceScreen[];
  let mode: 'full' | 'hash' = shown.kind;
  if (chunks === null) {
    // Too big to read: sign by hash, the device showing the hash alone.
    mode = 'hash';
    needs.clear();
    needs.add('signByHash');
    screens = [{ title: 'Verify', value: 'Unknown' }, { title: 'Hash', value: bytesToHex(txId) }, fromScreen];
  } else {
    if (decoded.raw.data.length > 0) needs.add('allowData');
    screens =
      mode === 'hash'
        ? [...shown.screens, { title: 'Hash', value: bytesToHex(txId) }, fromScreen]
        : [...shown.screens, fromScreen, ...(decoded.raw.data.length > 0 ? [{ title: 'Data', value: 'Present' }] : [])];
  }
  screens.push({ title: 'Sign', value: 'Accept and send' });
  return {
    mode,
    command: chunks === null ? 'hash' : 'transaction',
    screens,
    needs: [...needs].map((s) => ({
      setting: s,
      name: LEDGER_SETTING_NAMES[s],
      why: chunks === null ? `a top-level field of the transaction is over 250 bytes, so ${WHY[s]}` : WHY[s],
    })),
    refusal: null,
    hash: mode === 'hash' ? groupedHash(txId) : null,
    apdus: chunks === null ? 1 : chunks.length,
  };
}
