// The account's name (AccountUpdateContract, docs/decisions.md §17 "Builders"): the stateless rules of the
// reference node's UpdateAccountActuator with its exact messages, the name first and then the
// owner, as the node checks them; an empty name is the node's to allow.
import { describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { AccountUpdateContractSchema } from '../gen/protocol/account_contract_pb.ts';
import { addressFromHex } from '../chain/address.ts';
import { utf8ToBytes } from '../base/bytes.ts';
import { AirlockError } from '../base/errors.ts';
import { buildAccountUpdate, validateAccountUpdate } from './account.ts';

const OWNER = addressFromHex('4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a');

function refusal(f: () => unknown): { code: string; message: string; field: unknown } {
  try {
    f();
  } catch (e) {
    if (!(e instanceof AirlockError)) throw e;
    return { code: e.code, message: e.message, field: e.details?.field };
  }
  throw new Error('expected a refusal');
}

describe('AccountUpdate: the node stateless rules, in its order', () => {
  const c = (p: object = {}) => create(AccountUpdateContractSchema, { accountName: utf8ToBytes('treasury'), ownerAddress: OWNER, ...p });
  it('a name of 200 bytes passes, and an empty one (the node allows it)', () => {
    expect(() => validateAccountUpdate(c({ accountName: new Uint8Array(200).fill(0x61) }))).not.toThrow();
    expect(() => validateAccountUpdate(c({ accountName: new Uint8Array(0) }))).not.toThrow();
  });
  it('a name of 201 bytes is "Invalid accountName"', () => {
    expect(refusal(() => validateAccountUpdate(c({ accountName: new Uint8Array(201).fill(0x61) })))).toEqual({
      code: 'CONTRACT_VALIDATE',
      message: 'Invalid accountName',
      field: 'account_name',
    });
  });
  it('a bad owner is "Invalid ownerAddress", checked after the name', () => {
    expect(refusal(() => validateAccountUpdate(c({ ownerAddress: OWNER.slice(1) })))).toEqual({
      code: 'CONTRACT_VALIDATE',
      message: 'Invalid ownerAddress',
      field: 'owner_address',
    });
    expect(refusal(() => validateAccountUpdate(c({ ownerAddress: OWNER.slice(1), accountName: new Uint8Array(201) })))).toMatchObject({
      message: 'Invalid accountName',
    });
  });
  it('the builder takes the name as UTF-8 text: 67 three-byte characters are 201 bytes', () => {
    expect(buildAccountUpdate({ owner: OWNER, name: 'Trésor' }).accountName).toEqual(utf8ToBytes('Trésor'));
    expect(refusal(() => buildAccountUpdate({ owner: OWNER, name: '€'.repeat(67) }))).toMatchObject({ message: 'Invalid accountName' });
  });
  it('a name holding 64 hex digits in a row is refused, never quoted: it may be a private key and a name is public', () => {
    const key = 'ab'.repeat(32);
    const r = refusal(() => buildAccountUpdate({ owner: OWNER, name: `my key ${key}` }));
    expect(r).toMatchObject({ code: 'INVALID_INPUT', field: 'name' });
    expect(r.message).not.toContain(key);
  });
});
