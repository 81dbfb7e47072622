/**
 * shared/contracts/permission/draft.ts: a draft made from the current permissions, and checkDraft reporting
 * EVERY broken rule of the spec (§2.2, §8; PROTOCOL.md §5) with the node's message at the draft's
 * field path, plus the typing issues (numbers, addresses, a pasted private key, contract names,
 * hidden characters). Each rule has its own case here; removing the rule makes it fail.
 */
import { describe, expect, it } from 'vitest';
import { addressFromHex, addressToBase58 } from '../../chain/address.ts';
import { parseJson } from '../../base/json.ts';
import { bytesToHex, hexToBytes } from '../../base/bytes.ts';
import { messageFromNodeJson } from '../../chain/node-json.ts';
import { AccountPermissionUpdateContractSchema, type AccountPermissionUpdateContract } from '../../gen/protocol/contract_pb.ts';
import { defaultActivePermission, defaultExecutivePermission, defaultOwnerPermission, validatePermissionUpdate } from './rules.ts';
import {
  checkDraft,
  draftField,
  draftFromAccountView,
  draftFromPermissions,
  issuesAt,
  newActiveDraft,
  permissionsFromAccountView,
  type AccountDraft,
} from './draft.ts';
import { permissionView } from '../../views/view.ts';

const A = addressFromHex('4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a');
const B = addressToBase58(addressFromHex('411c5a77d9fa7ef466951b2f01f724bca3a5820b63'));
const C = addressToBase58(addressFromHex('4103a1bba60b5aa37094cf16123add674c01589488'));
const D = addressToBase58(addressFromHex('412bd0c9fe079c8fca0e3352eb3d02839c371e5c41'));
const E = addressToBase58(addressFromHex('411563915e194d8cfba1943570603f7606a3115508'));
const F = addressToBase58(addressFromHex('41d3e442496eb66a4748912ec4a3b7a111d0b855d6'));
const PLAIN = { isExecutive: false };

function fresh(): AccountDraft {
  return draftFromPermissions(A, { owner: defaultOwnerPermission(A), actives: [defaultActivePermission(A)] });
}

function only(draft: AccountDraft, ctx = PLAIN): { field: string; message: string }[] {
  return checkDraft(draft, ctx).issues;
}

describe('making a draft', () => {
  it('copies the current permissions as text, operations by contract name', () => {
    const d = fresh();
    expect(d.account).toBe(addressToBase58(A));
    expect(d.owner).toEqual({ name: 'owner', threshold: '1', keys: [{ address: addressToBase58(A), weight: '1' }], operations: [] });
    expect(d.actives[0]!.operations).toContain('TransferContract');
    expect(d.actives[0]!.operations).not.toContain('AccountPermissionUpdateContract');
    expect(d.executive).toBeNull();
  });

  it("keeps every bit of a real account's operations: 48-59 by name, a bit no type names by number (issue 17)", () => {
    const mainnet = hexToBytes('7fff1fc0033efb0f' + '00'.repeat(24));
    const withUnknown = mainnet.slice();
    withUnknown[7]! |= 0x10; // bit 60: no contract type this version knows
    const d = draftFromPermissions(A, {
      owner: defaultOwnerPermission(A),
      actives: [defaultActivePermission(A, mainnet), defaultActivePermission(A, withUnknown)],
    });
    expect(d.actives[0]!.operations).toEqual(expect.arrayContaining(['ClearABIContract', 'ShieldedTransferContract', 'CancelAllUnfreezeV2Contract']));
    expect(d.actives[1]!.operations).toContain('60');
    // The node's own mask decides whether bit 60 is offered; with it, both re-state bit for bit.
    const available = hexToBytes('7fff1fc0037efb1f' + '00'.repeat(24));
    d.actives[1]!.name = 'second';
    const check = checkDraft(d, { isExecutive: false, availableContractTypes: available });
    expect(check.issues).toEqual([]);
    expect(bytesToHex(check.contract!.actives[0]!.operations)).toBe(bytesToHex(mainnet));
    expect(bytesToHex(check.contract!.actives[1]!.operations)).toBe(bytesToHex(withUnknown));
    // Without it, the bit is refused with the node's message, never dropped.
    expect(only(d)).toEqual([{ field: 'actives.1.operations', message: "60 isn't a validate ContractType" }]);
  });

  it('an account without an owner permission starts from the default owner the node uses', () => {
    const d = draftFromPermissions(A, { actives: [] });
    expect(d.owner.keys).toEqual([{ address: addressToBase58(A), weight: '1' }]);
  });

  it('from an AccountView: the same draft as from the messages', () => {
    const owner = defaultOwnerPermission(A);
    const active = defaultActivePermission(A);
    const view = {
      address: addressToBase58(A),
      permissions: [
        { slot: 'owner' as const, ...permissionView(owner) },
        { slot: 'active' as const, ...permissionView(active) },
      ],
    };
    expect(draftFromAccountView(view)).toEqual(fresh());
    const back = permissionsFromAccountView(view);
    expect(back.owner!.keys[0]!.address).toEqual(A);
    expect(back.actives[0]!.operations).toEqual(active.operations);
  });

  it('an unchanged draft passes and gives a contract the node accepts and JSON that reads back to it', () => {
    const c = checkDraft(fresh(), PLAIN);
    expect(c.issues).toEqual([]);
    expect(() => validatePermissionUpdate(c.contract!, PLAIN)).not.toThrow();
    const { visible, ...rest } = parseJson(c.json!) as Record<string, unknown>;
    expect(visible).toBe(true);
    const back = messageFromNodeJson<AccountPermissionUpdateContract>(AccountPermissionUpdateContractSchema, rest, { visible: true });
    expect(back.owner!.keys[0]!.address).toEqual(A);
    expect(back.actives[0]!.operations).toEqual(c.contract!.actives[0]!.operations);
  });

  it('maps the contract paths of permission.ts to the draft paths', () => {
    expect(draftField('actives[1].keys[2].weight')).toBe('actives.1.keys.2.weight');
    expect(draftField('owner.permission_name')).toBe('owner.name');
    expect(draftField('owner_address')).toBe('account');
  });
});

describe('every rule, its message next to its field', () => {
  it('at most 8 actives', () => {
    const d = fresh();
    for (let i = 0; i < 8; i++) d.actives.push(newActiveDraft(B));
    expect(only(d)).toEqual([{ field: 'actives', message: 'active permission is too many' }]);
  });

  it('at least one active', () => {
    const d = fresh();
    d.actives = [];
    expect(only(d)).toEqual([{ field: 'actives', message: 'active permission is missed' }]);
  });

  it('at most 5 keys', () => {
    const d = fresh();
    d.owner.keys = [addressToBase58(A), B, C, D, E, F].map((address) => ({ address, weight: '1' }));
    expect(only(d)).toEqual([{ field: 'owner.keys', message: 'number of keys in permission should not be greater than 5' }]);
  });

  it('at least one key', () => {
    const d = fresh();
    d.actives[0]!.keys = [];
    expect(issuesAt(checkDraft(d, PLAIN), 'actives.0.keys')).toEqual(["key's count should be greater than 0"]);
  });

  it('distinct keys', () => {
    const d = fresh();
    d.owner.keys.push({ address: addressToBase58(A), weight: '1' });
    expect(only(d)).toEqual([{ field: 'owner.keys.1.address', message: 'address should be distinct in permission Owner' }]);
  });

  it('weights above 0', () => {
    const d = fresh();
    d.owner.keys.push({ address: B, weight: '0' }, { address: C, weight: '-3' });
    expect(only(d)).toEqual([
      { field: 'owner.keys.1.weight', message: "key's weight should be greater than 0" },
      { field: 'owner.keys.2.weight', message: "key's weight should be greater than 0" },
      { field: 'owner.threshold', message: "sum of all key's weight should not be less than threshold in permission Owner" },
    ]);
  });

  it('threshold above 0 and at most the sum of the weights', () => {
    const d = fresh();
    d.owner.threshold = '0';
    d.actives[0]!.threshold = '2';
    expect(only(d)).toEqual([
      { field: 'owner.threshold', message: "permission's threshold should be greater than 0" },
      { field: 'actives.0.threshold', message: "sum of all key's weight should not be less than threshold in permission Active" },
    ]);
  });

  it('weights that overflow int64 together', () => {
    const d = fresh();
    d.owner.keys = [
      { address: B, weight: '9223372036854775807' },
      { address: C, weight: '1' },
    ];
    expect(only(d)).toEqual([{ field: 'owner.keys.1.weight', message: 'long overflow' }]);
  });

  it('a name of at most 32 bytes (UTF-8, so 11 three-byte characters are too many)', () => {
    const d = fresh();
    d.owner.name = 'x'.repeat(32);
    d.actives[0]!.name = '€'.repeat(11);
    expect(only(d)).toEqual([{ field: 'actives.0.name', message: "permission's name is too long" }]);
  });

  it('operations only of contract types the node offers', () => {
    const d = fresh();
    d.actives[0]!.operations = ['TransferContract', 'ClearABIContract', 'Transfer', '7'];
    expect(only(d)).toEqual([{ field: 'actives.0.operations', message: "7 isn't a validate ContractType" }]);
    d.actives[0]!.operations = ['TransferContract', 'ClearABIContract', 'CancelAllUnfreezeV2'];
    expect(only(d)).toEqual([]);
    const narrow = new Uint8Array(32);
    narrow[0] = 0b10;
    d.actives[0]!.operations = ['TransferContract', 'TransferAssetContract'];
    expect(only(d, { isExecutive: false, availableContractTypes: narrow } as never)).toEqual([
      { field: 'actives.0.operations', message: "2 isn't a validate ContractType" },
    ]);
  });

  it('an executive account must keep its executive permission, of exactly one key', () => {
    const d = fresh();
    expect(only(d, { isExecutive: true })).toEqual([{ field: 'executive', message: 'executive permission is missed' }]);
    const e = draftFromPermissions(A, { owner: defaultOwnerPermission(A), executive: defaultExecutivePermission(A), actives: [defaultActivePermission(A)] });
    expect(only(e, { isExecutive: true })).toEqual([]);
    e.executive!.keys.push({ address: B, weight: '1' });
    expect(only(e, { isExecutive: true })).toEqual([{ field: 'executive.keys', message: "Executive permission's key count should be 1" }]);
    expect(only(e, PLAIN)).toEqual([{ field: 'executive', message: "account isn't executive can't set executive permission" }]);
  });

  it('collects every broken rule at once, not only the first', () => {
    const d = fresh();
    d.owner.threshold = '0';
    d.owner.name = 'n'.repeat(40);
    d.actives[0]!.keys.push({ address: addressToBase58(A), weight: '0' });
    expect(only(d).map((i) => i.field)).toEqual(['owner.threshold', 'owner.name', 'actives.0.keys.1.address', 'actives.0.keys.1.weight']);
  });
});

describe('what typing brings', () => {
  it('numbers that are not whole numbers, or past int64', () => {
    const d = fresh();
    d.owner.threshold = '1.5';
    d.owner.keys[0]!.weight = '';
    d.actives[0]!.keys[0]!.weight = '9223372036854775808';
    expect(only(d)).toEqual([
      { field: 'owner.threshold', message: 'the threshold is a whole number' },
      { field: 'owner.keys.0.weight', message: 'enter the weight' },
      { field: 'actives.0.keys.0.weight', message: 'the weight is at most 9223372036854775807' },
    ]);
  });

  it('an address that is not one: the message does not quote it', () => {
    const d = fresh();
    d.owner.keys[0]!.address = 'TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLX';
    const [issue] = only(d);
    expect(issue!.field).toBe('owner.keys.0.address');
    expect(issue!.message).toMatch(/^not an address: .*checksum/);
  });

  it('a private key pasted where an address belongs is named as such and never quoted', () => {
    const key = 'ab'.repeat(32);
    const d = fresh();
    d.owner.keys[0]!.address = key;
    const issues = only(d);
    expect(issues).toEqual([{ field: 'owner.keys.0.address', message: expect.stringContaining('PRIVATE KEY') }]);
    expect(JSON.stringify(issues)).not.toContain(key.slice(0, 8));
  });

  it('an unknown contract name', () => {
    const d = fresh();
    d.actives[0]!.operations = ['TransferContract', 'StealEverythingContract'];
    expect(only(d)).toEqual([{ field: 'actives.0.operations', message: 'operation 2 is not a contract type name' }]);
  });

  it('control and bidi characters in a name', () => {
    const d = fresh();
    d.owner.name = 'ops\u202Eowner';
    expect(issuesAt(checkDraft(d, PLAIN), 'owner.name')).toEqual(['the name has control or bidi characters, which would hide what it says']);
  });

  it('a rule about the stand-in value of unparsed text is not shown', () => {
    const d = fresh();
    d.owner.threshold = '5';
    d.owner.keys[0]!.weight = 'lots';
    expect(only(d)).toEqual([{ field: 'owner.keys.0.weight', message: 'the weight is a whole number' }]);
  });

  it('hostile shapes are refused outright: thousands of keys, huge text, wrong kinds, __proto__', () => {
    const many = fresh();
    many.owner.keys = Array.from({ length: 5_000 }, () => ({ address: B, weight: '1' }));
    expect(() => checkDraft(many, PLAIN)).toThrow(/owner\.keys must be a list of at most 64/);
    const huge = fresh();
    huge.owner.name = 'x'.repeat(1_000_000);
    expect(() => checkDraft(huge, PLAIN)).toThrow(/owner\.name must be text/);
    expect(() => checkDraft({ ...fresh(), owner: { ...fresh().owner, threshold: 5 as never } }, PLAIN)).toThrow(/owner\.threshold/);
    const proto = JSON.parse(
      `{"account":"${addressToBase58(A)}","owner":{"name":"o","threshold":"1","keys":[{"address":"${B}","weight":"1","__proto__":{"x":1}}],"operations":[]},"executive":null,"actives":[],"__proto__":{"polluted":true}}`,
    ) as AccountDraft;
    expect(issuesAt(checkDraft(proto, PLAIN), 'actives')).toEqual(['active permission is missed']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
