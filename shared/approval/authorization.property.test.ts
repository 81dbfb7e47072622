/**
 * Property tests (fast-check) for the weight rules of shared/approval/authorization.ts (spec §5, PROTOCOL.md
 * §3 item 5-6) and the defaults of shared/contracts/permission/rules.ts (spec §2.7): adding an authorised signer
 * never lowers the weight, a signer never counts twice (not even through a malleated signature),
 * the weight is the sum of the distinct signers' weights, the verdict is weight ≥ threshold, and
 * the default permissions always validate. Signatures are made once up front (one per key), so
 * each run only recovers a handful of signatures.
 */
import { create } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AccountPermissionUpdateContractSchema, TransferContractSchema } from '../gen/protocol/contract_pb.ts';
import { KeySchema, PermissionSchema, PermissionType, type Permission } from '../gen/protocol/core_pb.ts';
import { addressToBase58, type Address } from '../chain/address.ts';
import { bytesToHex, hexToBytes } from '../base/bytes.ts';
import { AirlockError } from '../base/errors.ts';
import { addSignature, addressOfPrivateKey, privateKeyFromHex } from '../chain/keys.ts';
import { encodeOperations } from '../chain/operations.ts';
import { defaultActivePermission, defaultExecutivePermission, defaultOwnerPermission, validatePermissionUpdate } from '../contracts/permission/rules.ts';
import { createTransaction, txIdOf, type SignedTransaction } from '../chain/transaction.ts';
import { checkWeight, signWeight, verifyTransactionSignatures } from './authorization.ts';
import { MAX_KEYS_PER_PERMISSION } from '../base/limits.ts';

const RUNS = { numRuns: 50 };

// Five signing keys (a permission holds at most five) plus one outsider.
const PRIVS = ['11', '12', '13', '21', '22', '23'].map((b) => privateKeyFromHex(b.repeat(32)));
const ADDRS: Address[] = PRIVS.map(addressOfPrivateKey);
const OWNER = ADDRS[0]!;

const TX: SignedTransaction = createTransaction(
  {
    type: 'TransferContract',
    value: create(TransferContractSchema, { ownerAddress: OWNER, toAddress: ADDRS[5]!, amount: 1n }),
  },
  { refBlockBytes: hexToBytes('d8ed'), refBlockHash: hexToBytes('2e066c3259e756f5'), expiration: 1651906644000n, timestamp: 1651906586162n },
);
const TX_ID = txIdOf(TX.rawBytes);
/** SIGS[i] is key i's signature over TX. */
const SIGS: Uint8Array[] = PRIVS.map((k) => addSignature(TX, k).signatures[0]!);

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
/** The other valid signature by the same key: s → n − s, recovery id flipped. */
function malleate(sig: Uint8Array): Uint8Array {
  const s = BigInt('0x' + bytesToHex(sig.subarray(32, 64)));
  const out = sig.slice();
  out.set(hexToBytes((N - s).toString(16).padStart(64, '0')), 32);
  out[64] = sig[64]! ^ 1;
  return out;
}

function ownerPermission(weights: bigint[], threshold: bigint): Permission {
  return create(PermissionSchema, {
    type: PermissionType.Owner,
    permissionName: 'owner',
    threshold,
    keys: weights.map((weight, i) => create(KeySchema, { address: ADDRS[i]!, weight })),
  });
}

/** Five key weights, and an order of distinct signers drawn from those five keys. */
const weightsArb = fc.array(fc.bigInt({ min: 1n, max: 1n << 40n }), { minLength: MAX_KEYS_PER_PERMISSION, maxLength: MAX_KEYS_PER_PERMISSION });
const signersArb = fc.shuffledSubarray([0, 1, 2, 3, 4]);

function weightOf(weights: bigint[], signers: number[]): bigint {
  return signers.reduce((sum, i) => sum + weights[i]!, 0n);
}

describe('weight properties (PROTOCOL.md §3 item 5)', () => {
  it("the weight equals the sum of the distinct signers' weights, listed in signature order", () => {
    fc.assert(
      fc.property(weightsArb, signersArb, (weights, signers) => {
        const r = checkWeight(
          ownerPermission(weights, 1n),
          signers.map((i) => SIGS[i]!),
          TX_ID,
        );
        expect(r.weight).toBe(weightOf(weights, signers));
        expect(r.approvedList.map(bytesToHex)).toEqual(signers.map((i) => bytesToHex(ADDRS[i]!)));
      }),
      RUNS,
    );
  });

  it('adding an authorised signer never lowers the weight', () => {
    fc.assert(
      fc.property(weightsArb, signersArb, fc.nat(4), (weights, signers, pick) => {
        const unsigned = [0, 1, 2, 3, 4].filter((i) => !signers.includes(i));
        fc.pre(unsigned.length > 0);
        const extra = unsigned[pick % unsigned.length]!;
        const p = ownerPermission(weights, 1n);
        const before = checkWeight(
          p,
          signers.map((i) => SIGS[i]!),
          TX_ID,
        ).weight;
        const after = checkWeight(
          p,
          [...signers, extra].map((i) => SIGS[i]!),
          TX_ID,
        ).weight;
        expect(after >= before).toBe(true);
        expect(after - before).toBe(weights[extra]);
      }),
      RUNS,
    );
  });

  it('a duplicate signer never counts twice: the same or a malleated signature is refused as "has signed twice!"', () => {
    fc.assert(
      fc.property(
        weightsArb,
        signersArb.filter((s) => s.length > 0 && s.length < MAX_KEYS_PER_PERMISSION),
        fc.nat(4),
        fc.boolean(),
        fc.nat(5),
        (weights, signers, which, malleated, at) => {
          const dupOf = signers[which % signers.length]!;
          const dup = malleated ? malleate(SIGS[dupOf]!) : SIGS[dupOf]!;
          const sigs = signers.map((i) => SIGS[i]!);
          // Insert the duplicate after its original.
          const pos = signers.indexOf(dupOf) + 1 + (at % (signers.length - signers.indexOf(dupOf)));
          sigs.splice(pos, 0, dup);
          let thrown: unknown;
          try {
            checkWeight(ownerPermission(weights, 1n), sigs, TX_ID);
          } catch (e) {
            thrown = e;
          }
          expect(thrown).toBeInstanceOf(AirlockError);
          expect((thrown as AirlockError).message).toBe(`${addressToBase58(ADDRS[dupOf]!)} has signed twice!`);
          expect(
            signWeight({ rawBytes: TX.rawBytes, signatures: sigs }, { address: OWNER, owner: ownerPermission(weights, 1n), actives: [] }).currentWeight,
          ).toBeUndefined();
        },
      ),
      RUNS,
    );
  });

  it('the verdict is weight ≥ threshold, in getsignweight and on broadcast alike', () => {
    fc.assert(
      fc.property(
        weightsArb,
        signersArb.filter((s) => s.length > 0),
        fc.bigInt({ min: -2n, max: 2n }),
        (weights, signers, delta) => {
          const weight = weightOf(weights, signers);
          const threshold = weight + delta > 0n ? weight + delta : 1n;
          const account = { address: OWNER, owner: ownerPermission(weights, threshold), actives: [] };
          const tx = { rawBytes: TX.rawBytes, signatures: signers.map((i) => SIGS[i]!) };
          const sw = signWeight(tx, account);
          expect(sw.currentWeight).toBe(weight);
          expect(sw.result.code).toBe(weight >= threshold ? 'ENOUGH_PERMISSION' : 'NOT_ENOUGH_PERMISSION');
          if (weight >= threshold) expect(verifyTransactionSignatures(tx, account).weight).toBe(weight);
          else expect(() => verifyTransactionSignatures(tx, account)).toThrow('sig error');
        },
      ),
      RUNS,
    );
  });
});

describe('default permissions always validate (spec §2.7)', () => {
  const addressArb = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((body) => {
    const a = new Uint8Array(21);
    a[0] = 0x41;
    a.set(body, 1);
    return a;
  });

  it('owner + active for any address; owner + executive + active for an executive account', () => {
    fc.assert(
      fc.property(addressArb, fc.boolean(), fc.subarray([0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 30, 31, 41, 45, 46]), (address, isExecutive, ops) => {
        const contract = create(AccountPermissionUpdateContractSchema, {
          ownerAddress: address,
          owner: defaultOwnerPermission(address),
          executive: isExecutive ? defaultExecutivePermission(address) : undefined,
          actives: [defaultActivePermission(address), defaultActivePermission(address, encodeOperations(ops))],
        });
        expect(() => validatePermissionUpdate(contract, { isExecutive })).not.toThrow();
      }),
      RUNS,
    );
  });
});
