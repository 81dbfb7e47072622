// The cost estimate's own rules, without a node (shared/approval/costs.ts): each charge and the
// order the node makes them in, the fee-limit checks, the offline case (energy unknown), the
// refusal in words, and hostile parameters and resources (refused naming the key, never guessed).
// test/integration/cost-estimate.test.ts sets the same estimates against the local node's receipts.
import { create, toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { TransferContractSchema } from '../gen/protocol/contract_pb.ts';
import { TriggerSmartContractSchema } from '../gen/protocol/smart_contract_pb.ts';
import { Transaction_rawSchema } from '../gen/protocol/core_pb.ts';
import { hexToBytes, utf8ToBytes } from '../base/bytes.ts';
import { AirlockError } from '../base/errors.ts';
import { createTransaction } from '../chain/transaction.ts';
import { accountCostFacts, chargedBytes, costParameters, estimateCost, type AccountCostFacts } from './costs.ts';

const A = hexToBytes('41' + '11'.repeat(20));
const B = hexToBytes('41' + '22'.repeat(20));
const TOKEN = hexToBytes('41' + '33'.repeat(20));
const tapos = { refBlockBytes: new Uint8Array(2), refBlockHash: new Uint8Array(8), expiration: 1_800_000_060_000n, timestamp: 1_800_000_000_000n };

function rawOf(tx: { rawBytes: Uint8Array }): Uint8Array {
  return tx.rawBytes;
}

function transferRaw(amount: bigint, memo?: string): Uint8Array {
  const value = create(TransferContractSchema, { ownerAddress: A, toAddress: B, amount });
  return rawOf(createTransaction({ type: 'TransferContract', value, permissionId: 0 }, { ...tapos, ...(memo ? { data: utf8ToBytes(memo) } : {}) }));
}

function callRaw(feeLimit: bigint, callValue = 0n): Uint8Array {
  const value = create(TriggerSmartContractSchema, { ownerAddress: A, contractAddress: TOKEN, data: new Uint8Array(68), callValue });
  return rawOf(createTransaction({ type: 'TriggerSmartContract', value, permissionId: 0 }, { ...tapos, feeLimit }));
}

const { parameters: P } = costParameters({ getMemoFee: 1_000_000, getCreateNewAccountFeeInSystemContract: 1_000_000 });
const rich: AccountCostFacts = accountCostFacts(10_000_000_000, { freeNetLimit: 5000 });

describe('bandwidth', () => {
  it('counts the signed size: raw bytes, one tag and length each, 67 bytes per signature, 64 for the result', () => {
    expect(chargedBytes(100, 1)).toBe(BigInt(1 + 1 + 100 + 67 + 64));
    expect(chargedBytes(200, 3)).toBe(BigInt(1 + 2 + 200 + 3 * 67 + 64));
  });

  it('staked first, then the free bytes, then burned at the bandwidth price', () => {
    const raw = transferRaw(1n);
    const bytes = chargedBytes(raw.length, 1);
    expect(
      estimateCost({ rawBytes: raw, signatures: 1, recipientExists: true }, P, accountCostFacts(1, { freeNetLimit: 5000, NetLimit: 10_000 })).bandwidth,
    ).toBe('staked');
    expect(estimateCost({ rawBytes: raw, signatures: 1, recipientExists: true }, P, rich).bandwidth).toBe('free');
    const used = estimateCost(
      { rawBytes: raw, signatures: 1, recipientExists: true },
      P,
      accountCostFacts(10_000_000, { freeNetLimit: 5000, freeNetUsed: 4900 }),
    );
    expect(used.bandwidth).toBe('burned');
    expect(used.items).toEqual([{ name: 'bandwidth', sun: (bytes * 10n).toString() }]);
  });

  it('a new recipient: the activation fee instead of the free bytes, and the system contract fee', () => {
    const e = estimateCost({ rawBytes: transferRaw(1n), signatures: 1, recipientExists: false }, P, rich);
    expect(e.bandwidth).toBe('activation-fee');
    expect(e.items).toEqual([
      { name: 'bandwidth', sun: '100000' },
      { name: 'activation', sun: '1000000' },
    ]);
  });
});

describe('flat fees', () => {
  it('the multi-signature fee from two signatures on, and the memo fee for a memo', () => {
    expect(estimateCost({ rawBytes: transferRaw(1n), signatures: 1, recipientExists: true }, P, rich).items).toEqual([]);
    expect(estimateCost({ rawBytes: transferRaw(1n), signatures: 2, recipientExists: true }, P, rich).items).toEqual([
      { name: 'multi-signature', sun: '1000000' },
    ]);
    expect(estimateCost({ rawBytes: transferRaw(1n, 'hi'), signatures: 1, recipientExists: true }, P, rich).items).toEqual([{ name: 'memo', sun: '1000000' }]);
  });

  it('a parameter the node left out takes the reference default and is named', () => {
    const { parameters, defaulted } = costParameters({ getTransactionFee: 20 });
    expect(parameters.transactionFee).toBe(20n);
    expect(parameters.multiSignFee).toBe(1_000_000n);
    expect(defaulted).toContain('getMultiSignFee');
    expect(defaulted).not.toContain('getTransactionFee');
    // getchainparameters leaves zero values out: {"key": "getMemoFee"} means 0, not the default.
    expect(costParameters({ getMemoFee: undefined }).parameters.memoFee).toBe(0n);
  });
});

describe('energy and the fee limit', () => {
  it('staked energy first, the rest burned at the energy price; a fee limit far above is flagged', () => {
    const facts = accountCostFacts(10_000_000_000, { freeNetLimit: 5000, EnergyLimit: 10_000, EnergyUsed: 4_000 });
    const e = estimateCost({ rawBytes: callRaw(10_000_000n), signatures: 1, energy: 30_000n }, P, facts);
    expect(e.energy).toMatchObject({ needed: '30000', fromStake: '6000', burned: '2400000', feeLimitCheck: 'ok', proposedFeeLimit: '3600000' });
    expect(e.total).toBe('2400000');
    const far = estimateCost({ rawBytes: callRaw(1_000_000_000n), signatures: 1, energy: 30_000n }, P, facts);
    expect(far.energy?.feeLimitCheck).toBe('far-above');
  });

  it('a fee limit too low: the call will fail, and burns the whole limit (after the staked energy)', () => {
    const e = estimateCost({ rawBytes: callRaw(1_000_000n), signatures: 1, energy: 30_000n }, P, rich);
    expect(e.energy?.feeLimitCheck).toBe('too-low');
    expect(e.energy?.burned).toBe('1000000');
    expect(e.warnings[0]).toBe('The fee limit 1 TRX is below the 30000 energy the call needs (3 TRX): it will fail and still burn 1 TRX. Propose 3.6 TRX.');
  });

  it('offline (energy unknown): the most it can cost counts the whole fee limit, and says so', () => {
    const e = estimateCost({ rawBytes: callRaw(50_000_000n), signatures: 1 }, P, rich);
    expect(e.energy?.feeLimitCheck).toBe('unknown');
    expect(e.total).toBe('0');
    expect(e.totalAtMost).toBe('50000000');
    expect(e.warnings[0]).toContain('could not be estimated');
  });

  it('the call value counts as moved, and lowers the energy the balance can buy', () => {
    const facts = accountCostFacts(5_000_000, { freeNetLimit: 5000 });
    const e = estimateCost({ rawBytes: callRaw(100_000_000n, 4_000_000n), signatures: 1, energy: 30_000n }, P, facts);
    // 1 TRX left after the call value buys 10,000 energy: not enough, the call fails and burns it.
    expect(e.energy?.burned).toBe('1000000');
    expect(e.warnings[0]).toBe('The account cannot buy the 30000 energy the call needs: it will fail and still burn 1 TRX.');
    expect(e.moves).toBe('4000000');
    // It would fail out of energy: refused up front, 3 TRX of energy against the 1 TRX left, short by 2 TRX.
    expect(e.canPay).toBe(false);
    expect(e.shortBy).toBe('2000000');
    expect(e.refusal).toBe(
      'The account cannot pay this transaction: after its staked energy it needs 3 TRX of energy for the call and holds 1 TRX for it, so the call would run out of energy, fail and still burn it.',
    );
  });
});

describe('whether the account can pay', () => {
  it('refuses in words with what it holds and what it needs', () => {
    const e = estimateCost(
      { rawBytes: transferRaw(500_000n, 'rent'), signatures: 1, recipientExists: true },
      P,
      accountCostFacts(1_000_000, { freeNetLimit: 5000 }),
    );
    expect(e.canPay).toBe(false);
    expect(e.balanceAfter).toBe('-500000');
    expect(e.refusal).toBe('The account cannot pay this transaction: it holds 1 TRX and needs 1.5 TRX (1 TRX of fees and 0.5 TRX it sends or stakes).');
  });
});

describe('hostile input', () => {
  const refused = (f: () => unknown, field: string): void => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(AirlockError);
      expect((e as AirlockError).message).toContain(field);
      return;
    }
    throw new Error('not refused');
  };

  it('refuses negative, fractional, huge or non-numeric parameters, naming the key', () => {
    refused(() => costParameters({ getTransactionFee: -1 }), 'getTransactionFee');
    refused(() => costParameters({ getMultiSignFee: 1.5 }), 'getMultiSignFee');
    refused(() => costParameters({ getMemoFee: '9'.repeat(40) }), 'getMemoFee');
    refused(() => costParameters({ getEnergyFee: '1e3' }), 'getEnergyFee');
    refused(() => costParameters({ getEnergyFee: 0 }), 'getEnergyFee');
  });

  it('ignores a __proto__ key and keeps the defaults', () => {
    const reported = JSON.parse('{"__proto__": {"getMultiSignFee": 1}}') as Record<string, unknown>;
    expect(costParameters(reported).parameters.multiSignFee).toBe(1_000_000n);
  });

  it('refuses bad resources and a signature count below one', () => {
    refused(() => accountCostFacts(1, { EnergyUsed: '\u202e1' }), 'EnergyUsed');
    refused(() => accountCostFacts(-5, {}), 'balance');
    refused(() => estimateCost({ rawBytes: transferRaw(1n), signatures: 0 }, P, rich), 'signatures');
    refused(() => estimateCost({ rawBytes: toBinary(Transaction_rawSchema, create(Transaction_rawSchema, {})), signatures: 1 }, P, rich), 'contract');
  });
});
