/**
 * Property test (STYLE.md habit 9) for every contract type Airlock decodes (docs/decisions.md §17): for a random
 * message of each type, built into a transaction, decodeRaw accepts the bytes and encoding what it
 * decoded gives exactly the same bytes, for the whole raw_data and for the contract itself; and the
 * view in words of any such transaction is made without error and has a field table. The messages
 * are generated from the descriptors, so a field added to a .proto is covered without a change here.
 */
import { create, toBinary, type DescField, type DescMessage, type Message } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_CONTRACTS, type SupportedContractName } from '../chain/contract-types.ts';
import { createTransaction, decodeRaw, encodeRaw } from '../chain/transaction.ts';
import { bytesToHex, hexToBytes } from '../base/bytes.ts';
import { transactionView } from '../views/view.ts';

const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };
const FIELDS = { refBlockBytes: hexToBytes('d8ed'), refBlockHash: hexToBytes('2e066c3259e756f5'), expiration: 4_102_444_800_000, timestamp: 4_102_444_740_000 };

/** The field that names the signer must be an address, or decodeRaw refuses the bytes (on purpose). */
const SIGNER_FIELDS = new Set(['owner_address', 'transparent_from_address']);
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => Uint8Array.of(0x41, ...b));

function scalar(field: DescField & { scalar?: number }): fc.Arbitrary<unknown> {
  switch (field.scalar) {
    case 12: // bytes
      return fc.uint8Array({ maxLength: 40 });
    case 9: // string
      return fc.string({ maxLength: 20, unit: 'grapheme' });
    case 8: // bool
      return fc.boolean();
    case 5: // int32
      return fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
    case 3: // int64
      return fc.bigInt(INT64);
    default:
      throw new Error(`no generator for scalar ${String(field.scalar)} of ${field.name}`);
  }
}

function messageArb(schema: DescMessage, depth: number): fc.Arbitrary<Message> {
  const parts: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of schema.fields) {
    let arb: fc.Arbitrary<unknown>;
    switch (field.fieldKind) {
      case 'scalar':
        arb = SIGNER_FIELDS.has(field.name) && depth === 0 ? address : scalar(field);
        break;
      case 'enum':
        arb = fc.constantFrom(...field.enum.values.map((v) => v.number));
        break;
      case 'message':
        if (depth >= 3) continue;
        arb = messageArb(field.message, depth + 1);
        break;
      case 'list':
        if (field.listKind === 'message') {
          if (depth >= 3) continue;
          arb = fc.array(messageArb(field.message, depth + 1), { maxLength: 3 });
        } else if (field.listKind === 'enum') {
          arb = fc.array(fc.constantFrom(...field.enum.values.map((v) => v.number)), { maxLength: 3 });
        } else {
          arb = fc.array(scalar(field), { maxLength: 3 });
        }
        break;
      case 'map':
        // The protocol's one map: int64 → int64 (ProposalCreateContract.parameters).
        arb = fc
          .array(fc.tuple(fc.bigInt(INT64), fc.bigInt(INT64)), { maxLength: 4 })
          .map((entries) => Object.fromEntries(entries.map(([k, v]) => [k.toString(), v])));
        break;
    }
    parts[field.localName] = SIGNER_FIELDS.has(field.name) && depth === 0 ? arb : fc.option(arb, { nil: undefined });
  }
  return fc.record(parts).map((init) => create(schema, Object.fromEntries(Object.entries(init).filter(([, v]) => v !== undefined)) as never));
}

describe('every contract type: decode then encode gives the same bytes', () => {
  for (const name of Object.keys(SUPPORTED_CONTRACTS) as SupportedContractName[]) {
    const schema: DescMessage = SUPPORTED_CONTRACTS[name];
    it(name, () => {
      fc.assert(
        fc.property(messageArb(schema, 0), fc.integer({ min: 0, max: 20 }), (value, permissionId) => {
          const tx = createTransaction({ type: name, value, permissionId: permissionId === 1 ? 0 : permissionId }, FIELDS);
          const d = decodeRaw(tx.rawBytes);
          expect(d.contractType).toBe(name);
          expect(bytesToHex(encodeRaw(d.raw))).toBe(bytesToHex(tx.rawBytes));
          expect(bytesToHex(toBinary(schema, d.contract))).toBe(bytesToHex(d.raw.contract[0]!.parameter!.value));
          const view = transactionView({ rawBytes: tx.rawBytes, signatures: [] });
          expect(view.kind).toBe(name);
          expect(view.fields.length).toBeGreaterThan(0);
        }),
        { numRuns: 25 },
      );
    });
  }
});
