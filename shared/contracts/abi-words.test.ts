// A smart-contract call in words (abi-words.ts, smart-contract.ts, through the transaction view):
// TRC-20 amounts in token units with where the decimals came from, the contract's name and list
// membership, an imported ABI's function, and each warning a signer sees before signing: unlimited
// approval, large approval (over the balance, or over the bound), TRX sent with the call, a
// contract not in the list, call data that decodes to no known function (the one needing an
// override); a token symbol with a bidi override is shown escaped; the fee limit is a row.
import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../base/bytes.ts';
import { addressFromBase58 } from '../chain/address.ts';
import { createTransaction } from '../chain/transaction.ts';
import { TriggerSmartContractSchema } from '../gen/protocol/smart_contract_pb.ts';
import { transactionView, type TransactionView } from '../views/view.ts';
import { MAX_UINT256, readTokenUnits } from './abi-amount.ts';
import { abiFunctionsFromJson } from './abi-types.ts';
import type { ContractFacts } from './abi-words.ts';
import { buildTrc20Call } from './smart-contract.ts';

const OWNER = addressFromBase58('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8');
const TO = addressFromBase58('TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY');
const TOKEN = addressFromBase58('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
const FIELDS = { refBlockBytes: hexToBytes('d8ed'), refBlockHash: hexToBytes('2e066c3259e756f5'), expiration: 4_102_444_800_000, timestamp: 4_102_444_740_000 };

const USDT: ContractFacts = { name: 'Tether', functions: [], trc20: { symbol: 'USDT', name: 'Tether USD', decimals: 6, source: 'observed' } };

function view(c: ReturnType<typeof buildTrc20Call>, contracts: Record<string, ContractFacts> = {}, feeLimit = 0n): TransactionView {
  const tx = createTransaction({ type: 'TriggerSmartContract', value: c }, { ...FIELDS, feeLimit });
  return transactionView({ rawBytes: tx.rawBytes, signatures: [] }, { contracts });
}
const listed = (facts: ContractFacts = USDT): Record<string, ContractFacts> => ({ [bytesToHex(TOKEN)]: facts });
const risks = (v: TransactionView): string[] => v.warnings.map((w) => w.risk);
const row = (v: TransactionView, field: string): string => v.fields.find((r) => r.field === field)!.value;

describe('a TRC-20 call in words', () => {
  it('a transfer: amount in token units with the decimals read from the node, the contract named and listed, the fee limit', () => {
    const v = view(buildTrc20Call({ function: 'transfer', owner: OWNER, contract: TOKEN, to: TO, units: 1_500_000n }), listed(), 30_000_000n);
    expect(v.summary).toBe(
      `Send 1.5 USDT (1,500,000 smallest units; 6 decimals read from the node) to TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY on contract "Tether" (TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t), from TJRabPrwbZy45sbavfcjinPJC18kjpRTv8`,
    );
    expect(row(v, 'contract_address')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(v.fields.find((r) => r.name === 'Contract list')!.value).toBe(`in this station's list as "Tether", TRC-20 USDT`);
    expect(row(v, 'raw_data.fee_limit')).toBe('30 TRX = 30,000,000 sun');
    expect(v.warnings).toEqual([]);
  });

  it('decimals only claimed by a file are said to be claimed', () => {
    const v = view(
      buildTrc20Call({ function: 'transfer', owner: OWNER, contract: TOKEN, to: TO, units: 2n }),
      listed({ ...USDT, trc20: { ...USDT.trc20!, source: 'claimed' } }),
    );
    expect(row(v, 'data.args[1]')).toBe('0.000002 USDT (2 smallest units; symbol and 6 decimals claimed by a file, not read from the node)');
  });

  it('a symbol and a contract name claimed by a file are marked as claimed decimals are (issue 24)', () => {
    const v = view(
      buildTrc20Call({ function: 'transfer', owner: OWNER, contract: TOKEN, to: TO, units: 2n }),
      listed({ ...USDT, nameClaimed: true, trc20: { ...USDT.trc20!, source: 'claimed' } }),
    );
    expect(v.summary).toContain('on contract "Tether" (a name claimed by a file) (TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t)');
    expect(v.fields.find((r) => r.name === 'Contract list')!.value).toBe(
      `in this station's list as "Tether" (a name claimed by a file), TRC-20 USDT (claimed by a file, not read from the node)`,
    );
  });

  it('a contract not in the list is flagged, and its amounts stay in smallest units', () => {
    const v = view(buildTrc20Call({ function: 'transfer', owner: OWNER, contract: TOKEN, to: TO, units: 5n }));
    expect(risks(v)).toEqual(['unlisted-contract']);
    expect(v.warnings[0]!.needsOverride).toBe(false);
    expect(row(v, 'data.args[1]')).toBe("5 smallest units (the token's decimals are not known here)");
  });

  it('an unlimited approval is flagged', () => {
    const v = view(buildTrc20Call({ function: 'approve', owner: OWNER, contract: TOKEN, to: TO, units: MAX_UINT256 }), listed());
    expect(risks(v)).toEqual(['unlimited-approval']);
    expect(v.warnings[0]!.text).toContain('may spend every USDT this account holds');
  });

  it('a large approval: above the holder balance when known, else above a billion whole tokens', () => {
    const over = view(
      buildTrc20Call({ function: 'approve', owner: OWNER, contract: TOKEN, to: TO, units: 2_000_000n }),
      listed({ ...USDT, balances: { [bytesToHex(OWNER)]: 1_000_000n } }),
    );
    expect(risks(over)).toEqual(['large-approval']);
    expect(over.warnings[0]!.text).toContain('more than the 1 USDT');
    const within = view(
      buildTrc20Call({ function: 'approve', owner: OWNER, contract: TOKEN, to: TO, units: 500_000n }),
      listed({ ...USDT, balances: { [bytesToHex(OWNER)]: 1_000_000n } }),
    );
    expect(risks(within)).toEqual([]);
    expect(risks(view(buildTrc20Call({ function: 'approve', owner: OWNER, contract: TOKEN, to: TO, units: 10n ** 15n + 1n }), listed()))).toEqual([
      'large-approval',
    ]);
    expect(risks(view(buildTrc20Call({ function: 'approve', owner: OWNER, contract: TOKEN, to: TO, units: 10n ** 15n }), listed()))).toEqual([]);
  });

  it('TRX sent with a call is flagged', () => {
    const c = buildTrc20Call({ function: 'transfer', owner: OWNER, contract: TOKEN, to: TO, units: 1n });
    c.callValue = 1_000_000n;
    expect(risks(view(c, listed()))).toEqual(['call-value']);
  });

  it('call data that decodes to no known function needs an override, and is shown word by word', () => {
    const c = create(TriggerSmartContractSchema, { ownerAddress: OWNER, contractAddress: TOKEN, data: hexToBytes('deadbeef' + '00'.repeat(32)) });
    const v = view(c, listed());
    expect(v.warnings).toEqual([
      { risk: 'unknown-function', text: expect.stringContaining('selector 0xdeadbeef is not a TRC-20 function'), needsOverride: true },
    ]);
    expect(v.summary).toContain('NOT decoded');
    expect(row(v, 'data[4..36]')).toBe(`0x${'00'.repeat(32)}`);
  });

  it("an imported ABI's function is decoded with its arguments", () => {
    const functions = abiFunctionsFromJson([
      {
        type: 'function',
        name: 'setMemo',
        inputs: [
          { name: 'memo', type: 'string' },
          { name: 'flag', type: 'bool' },
        ],
      },
    ]);
    const { encodeCall } = { encodeCall: (f: (typeof functions)[number]) => f };
    expect(encodeCall(functions[0]!).signature).toBe('setMemo(string,bool)');
    const data = hexToBytes(
      functions[0]!.selector +
        '0000000000000000000000000000000000000000000000000000000000000040' +
        '00'.repeat(31) +
        '01' +
        '00'.repeat(31) +
        '02' +
        '6869'.padEnd(64, '0'),
    );
    const c = create(TriggerSmartContractSchema, { ownerAddress: OWNER, contractAddress: TOKEN, data });
    const v = view(c, listed({ name: 'Memo', functions, trc20: null }));
    expect(v.summary).toContain('Call setMemo("hi", true) on contract "Memo"');
    expect(row(v, 'data.args[0]')).toBe('"hi"');
    expect(v.warnings).toEqual([]);
    // Without the ABI the same call is not decoded.
    expect(risks(view(c, listed({ name: 'Memo', functions: [], trc20: null })))).toEqual(['unknown-function']);
  });

  it('a token symbol with a bidi override is shown escaped', () => {
    const evil: ContractFacts = { name: 'Tok\u202Ean', functions: [], trc20: { symbol: 'US\u202EDT', name: null, decimals: 6, source: 'observed' } };
    const v = view(buildTrc20Call({ function: 'transfer', owner: OWNER, contract: TOKEN, to: TO, units: 1n }), listed(evil));
    expect(v.summary).toContain('US\\u{202E}DT');
    expect(v.summary).toContain('"Tok\\u{202E}an"');
    expect(JSON.stringify(v)).not.toContain('\u202E');
  });
});

describe('a TRC-20 amount as typed', () => {
  it('whole tokens with the decimals, unlimited only for an approval, never more than a uint256', () => {
    expect(readTokenUnits('1,234.5', 6)).toEqual({ ok: true, units: 1_234_500_000n });
    expect(readTokenUnits('12', 18)).toEqual({ ok: true, units: 12n * 10n ** 18n });
    expect(readTokenUnits('1.0000001', 6)).toEqual({ ok: false, reason: 'at most 6 decimal places' });
    expect(readTokenUnits('unlimited', 6)).toEqual({ ok: false, reason: '"unlimited" is only for an approval' });
    expect(readTokenUnits('unlimited', 6, { allowUnlimited: true })).toEqual({ ok: true, units: MAX_UINT256 });
    expect(readTokenUnits('1' + '0'.repeat(78), 0)).toEqual({ ok: false, reason: 'more than a uint256 holds' });
    expect(readTokenUnits('-1', 6).ok).toBe(false);
    expect(readTokenUnits('1e6', 6).ok).toBe(false);
  });
});

describe('the fee limit and a call with no call data (issue 24 findings)', () => {
  const empty = () => create(TriggerSmartContractSchema, { ownerAddress: OWNER, contractAddress: TOKEN, callValue: 0n, data: new Uint8Array(0) });

  it('a fee limit of 0 on a call is still shown, saying what it means', () => {
    const v = view(buildTrc20Call({ function: 'transfer', owner: OWNER, contract: TOKEN, to: TO, units: 1n }), listed(), 0n);
    expect(row(v, 'raw_data.fee_limit')).toBe('0 TRX: the call may burn no TRX for energy, so it fails unless the account has energy staked for it');
  });

  it('a fee limit far above any real cost is a warning (no override needed); the default 100 TRX is not', () => {
    const high = view(buildTrc20Call({ function: 'transfer', owner: OWNER, contract: TOKEN, to: TO, units: 1n }), listed(), 5_000_000_000n);
    expect(high.warnings).toEqual([
      {
        risk: 'high-fee-limit',
        text: 'The fee limit lets this transaction burn up to 5,000 TRX = 5,000,000,000 sun, far above what a real call costs (a token transfer burns tens of TRX); check that this is meant',
        needsOverride: false,
      },
    ]);
    expect(risks(view(buildTrc20Call({ function: 'transfer', owner: OWNER, contract: TOKEN, to: TO, units: 1n }), listed(), 100_000_000n))).toEqual([]);
  });

  it('no call data but TRX sent runs the fallback code: the named override, as an unknown function', () => {
    const v = view({ ...empty(), callValue: 2_000_000n } as ReturnType<typeof buildTrc20Call>, listed());
    expect(v.warnings.filter((w) => w.needsOverride)).toEqual([
      {
        risk: 'unknown-function',
        text: "No call data: the 2 TRX = 2,000,000 sun sent run the contract's fallback code, whatever it does, which this screen cannot say in words",
        needsOverride: true,
      },
    ]);
    // No call data and nothing sent: nothing runs that could move value, no override.
    expect(view(empty() as ReturnType<typeof buildTrc20Call>, listed()).warnings.filter((w) => w.needsOverride)).toEqual([]);
  });
});
