// The node dialects (docs/decisions.md §11, shared/chain/dialect.ts): every message the node client sends or reads,
// translated both ways from data (test/fixtures/java-tron/translation.json); the rename table covers
// every spec-renamed name in proto/; hostile input; and the import of plain transaction JSON in
// either dialect (shared/chain/transaction.ts, shared/files/handoff.ts).
import { readFileSync } from 'node:fs';
import { createRegistry, type DescMessage } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { file_protocol_api, ReturnSchema, TransactionSignWeightSchema } from '../gen/protocol/api_pb.ts';
import { AssetIssueContractSchema, file_protocol_contract } from '../gen/protocol/contract_pb.ts';
import { AccountSchema, BlockSchema, file_protocol_core, Transaction_rawSchema, TransactionSchema } from '../gen/protocol/core_pb.ts';
import { addressOfPrivateKey, addSignature } from './keys.ts';
import {
  CHAIN_PARAMETER_RENAMES,
  chainParameterName,
  dialectOfAccount,
  dialectOfBlock,
  ENUM_RENAMES,
  FIELD_RENAMES,
  translateJson,
  type Dialect,
} from './dialect.ts';
import { parseHandoff } from '../files/handoff.ts';
import { namesOnlyIn } from '../../test/helpers/java-tron-node.ts';
import { buildPermissionUpdate } from '../contracts/permission/rules.ts';
import { buildAssetIssue } from '../contracts/token.ts';
import { createTransaction, transactionFromNodeJson, transactionToNodeJson } from './transaction.ts';
import { bytesToHex, hexToBytes } from '../base/bytes.ts';
import { jsonSafe, parseJson, stringifyJson } from '../base/json.ts';

type Json = Record<string, unknown>;
interface Case {
  name: string;
  message: string;
  spec: Json;
  'java-tron': Json;
}
const FIXTURE = JSON.parse(readFileSync(new URL('../../test/fixtures/java-tron/translation.json', import.meta.url), 'utf8')) as {
  cases: Case[];
  chainParameters: { spec: string; 'java-tron': string }[];
};
const SCHEMAS: Record<string, DescMessage> = {
  Account: AccountSchema,
  AssetIssueContract: AssetIssueContractSchema,
  Block: BlockSchema,
  Transaction: TransactionSchema,
  TransactionSignWeight: TransactionSignWeightSchema,
  Return: ReturnSchema,
};

// `frozen_balance` also names a field of java-tron's own (unmodelled) `frozen` list, which passes through.
const leaks = (v: unknown, dialect: Dialect, allowed: string[] = []): string[] => namesOnlyIn(dialect, v).filter((n) => !allowed.includes(n));

describe('translation of every message the node client sends or reads (data-driven)', () => {
  for (const c of FIXTURE.cases) {
    it(`${c.message}: ${c.name}`, () => {
      const schema = SCHEMAS[c.message]!;
      const before = JSON.stringify(c);
      expect(translateJson(schema, c.spec, 'java-tron')).toEqual(c['java-tron']);
      expect(translateJson(schema, c['java-tron'], 'spec')).toEqual(c.spec);
      // Already in the target dialect: unchanged.
      expect(translateJson(schema, c.spec, 'spec')).toEqual(c.spec);
      expect(translateJson(schema, c['java-tron'], 'java-tron')).toEqual(c['java-tron']);
      expect(JSON.stringify(c)).toBe(before);
      expect(leaks(translateJson(schema, c['java-tron'], 'spec'), 'java-tron', ['frozen_balance'])).toEqual([]);
    });
  }

  it('getchainparameters keys', () => {
    for (const p of FIXTURE.chainParameters) {
      expect(chainParameterName(p.spec, 'java-tron')).toBe(p['java-tron']);
      expect(chainParameterName(p['java-tron'], 'spec')).toBe(p.spec);
    }
    expect(Object.keys(CHAIN_PARAMETER_RENAMES).every((k) => FIXTURE.chainParameters.some((p) => p.spec === k))).toBe(true);
  });

  it('every rename in the table is exercised by a case', () => {
    const all = JSON.stringify(FIXTURE.cases.map((c) => c['java-tron']));
    for (const table of [...Object.values(FIELD_RENAMES), ...Object.values(ENUM_RENAMES)]) {
      for (const jt of Object.values(table)) {
        // Witness ids (executive_id) only appear on BlockHeader.raw, which java-tron prints when non-zero; checked below.
        if (jt === 'witness_id') continue;
        expect(all, jt).toContain(`"${jt}"`);
      }
    }
    expect(translateJson(BlockSchema, { block_header: { raw_data: { witness_id: 3 } } }, 'spec')).toEqual({ block_header: { raw_data: { executive_id: 3 } } });
  });
});

describe('the rename table is complete', () => {
  it('names every field and enum value that proto/ renamed (executive, cded, coin_num), and only real ones', () => {
    const registry = createRegistry(file_protocol_core, file_protocol_contract, file_protocol_api);
    const renamed = /executive|cded|coin_num/i;
    for (const type of registry) {
      if (type.kind === 'message') {
        for (const f of type.fields) {
          if (renamed.test(f.name)) expect(FIELD_RENAMES[type.typeName]?.[f.name], `${type.typeName}.${f.name}`).toBeDefined();
        }
        for (const name of Object.keys(FIELD_RENAMES[type.typeName] ?? {}))
          expect(
            type.fields.some((f) => f.name === name),
            `${type.typeName}.${name}`,
          ).toBe(true);
      }
      if (type.kind === 'enum') {
        for (const v of type.values) if (renamed.test(v.name)) expect(ENUM_RENAMES[type.typeName]?.[v.name], `${type.typeName}.${v.name}`).toBeDefined();
        for (const name of Object.keys(ENUM_RENAMES[type.typeName] ?? {})) expect(type.values.some((v) => v.name === name)).toBe(true);
      }
    }
    for (const typeName of [...Object.keys(FIELD_RENAMES), ...Object.keys(ENUM_RENAMES)]) expect(registry.get(typeName), typeName).toBeDefined();
  });
});

describe('hostile or mixed input', () => {
  it('two keys naming one field are refused, naming where', () => {
    const both = {
      raw_data: {
        contract: [
          { type: 'AssetIssueContract', parameter: { type_url: 'type.googleapis.com/protocol.AssetIssueContract', value: { coin_num: 1, trx_num: 2 } } },
        ],
      },
    };
    for (const to of ['spec', 'java-tron'] as Dialect[]) {
      expect(() => translateJson(TransactionSchema, both, to)).toThrow(
        expect.objectContaining({
          code: 'BAD_JSON',
          details: { field: `Transaction.raw_data.contract[0].parameter.value.${to === 'spec' ? 'coin_num' : 'trx_num'}` },
        }),
      );
    }
    expect(() => translateJson(AccountSchema, { witness_permission: {}, executive_permission: {} }, 'spec')).toThrow(
      /witness_permission and executive_permission name the same field/,
    );
  });

  it('`__proto__` keys stay plain data and the prototype is untouched', () => {
    const input = JSON.parse('{"__proto__": {"polluted": 1}, "frozen_supply": [{"__proto__": {"x": 1}, "frozen_balance": 1}]}');
    const out = translateJson(AccountSchema, input, 'spec') as Json;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'cded_supply']);
    expect(({} as Json).polluted).toBeUndefined();
    expect((out.cded_supply as Json[])[0]).toHaveProperty('cded_balance', 1);
  });

  it('deep nesting under a key no message has is copied, never walked; huge lists are linear', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    const out = translateJson(AccountSchema, { account_resource: deep, witness_permission: { type: 'Witness' } }, 'spec') as Json;
    expect(out.account_resource).toBe(deep);
    const many = { active_permission: Array.from({ length: 50_000 }, () => ({ type: 'Active', keys: [] })) };
    expect((translateJson(AccountSchema, many, 'java-tron') as { active_permission: unknown[] }).active_permission).toHaveLength(50_000);
  });

  it('values of the wrong kind are left for the reader to refuse, not crashed on', () => {
    for (const v of [null, 7, 'x', [], true]) {
      expect(translateJson(AccountSchema, v, 'spec')).toEqual(v);
      expect(translateJson(AccountSchema, { witness_permission: v, frozen_supply: v }, 'spec')).toEqual({ executive_permission: v, cded_supply: v });
    }
  });

  it('an all-lowercase enum name is read as the node reads it ("witness" is the executive type)', () => {
    expect(translateJson(AccountSchema, { witness_permission: { type: 'witness' } }, 'spec')).toEqual({ executive_permission: { type: 'Executive' } });
    expect(translateJson(AccountSchema, { active_permission: [{ type: 'active' }] }, 'spec')).toEqual({ active_permission: [{ type: 'active' }] });
    expect(translateJson(AccountSchema, { executive_permission: { type: 1 } }, 'java-tron')).toEqual({ witness_permission: { type: 1 } });
  });
});

describe('telling a dialect from one reply', () => {
  it('a block names its producer in one dialect; an executive account names its permission', () => {
    const block = FIXTURE.cases.find((c) => c.message === 'Block')!;
    expect(dialectOfBlock(block['java-tron'])).toEqual({ dialect: 'java-tron', seen: 'block_header.raw_data.witness_address' });
    expect(dialectOfBlock(block.spec)).toEqual({ dialect: 'spec', seen: 'block_header.raw_data.executive_address' });
    expect(dialectOfBlock({ block_header: { raw_data: { number: 0 } } })).toBeUndefined();
    const account = FIXTURE.cases.find((c) => c.message === 'Account')!;
    expect(dialectOfAccount(account['java-tron'])).toEqual({ dialect: 'java-tron', seen: 'is_witness' });
    expect(dialectOfAccount(account.spec)).toEqual({ dialect: 'spec', seen: 'is_executive' });
    expect(dialectOfAccount({ witness_permission: {} })).toEqual({ dialect: 'java-tron', seen: 'witness_permission' });
    expect(dialectOfAccount({ address: '41', balance: 1 })).toBeUndefined();
    expect(dialectOfAccount('nonsense')).toBeUndefined();
  });
});

describe('plain transaction JSON imports in either dialect (the bytes are the same)', () => {
  const key = hexToBytes('11'.repeat(32));
  const owner = addressOfPrivateKey(key);
  const fields = { refBlockBytes: hexToBytes('d8ed'), refBlockHash: hexToBytes('2e066c3259e756f5'), expiration: 4102444800000, timestamp: 4102444700000 };
  const issue = createTransaction(
    {
      type: 'AssetIssueContract',
      value: buildAssetIssue({
        owner,
        name: 'AIR',
        totalSupply: 1_000_000,
        coinNum: 2,
        num: 3,
        startTime: 4102444900000,
        endTime: 4102531200000,
        url: 'https://example.invalid',
        cdedSupply: [{ amount: 500, days: 3 }],
      }),
    },
    fields,
  );
  const update = createTransaction(
    {
      type: 'AccountPermissionUpdateContract',
      value: buildPermissionUpdate(
        {
          owner,
          ownerPermission: { name: 'owner', threshold: 1, keys: [{ address: owner, weight: 1 }] },
          executive: { name: 'witness', threshold: 1, keys: [{ address: owner, weight: 1 }] },
          actives: [{ name: 'active', threshold: 1, keys: [{ address: owner, weight: 1 }], operations: ['TransferContract'] }],
        },
        { isExecutive: true },
      ),
    },
    fields,
  );

  for (const [what, tx] of [
    ['AssetIssueContract with frozen_supply/trx_num', issue],
    ['AccountPermissionUpdateContract with witness/Witness', update],
  ] as const) {
    it(`${what}: raw_data alone, and beside raw_data_hex`, () => {
      const signed = addSignature(tx, key);
      const spec = transactionToNodeJson(signed);
      const jt = translateJson(TransactionSchema, spec, 'java-tron') as Json;
      expect(leaks(jt, 'spec')).toEqual([]);
      const { raw_data_hex: _hex, txID: _id, ...rawOnly } = jt;
      for (const input of [jt, rawOnly]) {
        const read = transactionFromNodeJson(parseJson(stringifyJson(input)));
        expect(bytesToHex(read.rawBytes)).toBe(bytesToHex(tx.rawBytes));
        expect(read.signatures.map(bytesToHex)).toEqual(signed.signatures.map(bytesToHex));
      }
      const imported = parseHandoff(stringifyJson(rawOnly), { now: 4102444750000 });
      expect(imported.txID).toBe(bytesToHex(tx.txId));
      expect(imported.signers.map((s) => s.hex)).toEqual([bytesToHex(owner)]);
      // What the import gives back is in the spec's names, whatever came in.
      expect(imported.transaction.raw_data).toEqual(jsonSafe(spec.raw_data));
      expect(leaks(imported, 'java-tron')).toEqual([]);
    });
  }

  it('reading stays strict: a name neither dialect has is refused, and so is a field named twice', () => {
    const jt = translateJson(TransactionSchema, transactionToNodeJson(issue), 'java-tron') as { raw_data: Json };
    const value = ((jt.raw_data.contract as Json[])[0]!.parameter as Json).value as Json;
    const bad = parseJson(stringifyJson(jt)) as typeof jt;
    (((bad.raw_data.contract as Json[])[0]!.parameter as Json).value as Json).frozen_suply = value.frozen_supply;
    expect(() => transactionFromNodeJson(bad)).toThrow(
      expect.objectContaining({ code: 'BAD_JSON', message: expect.stringContaining('frozen_suply: unknown field') }),
    );
    const twice = parseJson(stringifyJson(jt)) as typeof jt;
    (((twice.raw_data.contract as Json[])[0]!.parameter as Json).value as Json).coin_num = 2;
    expect(() => transactionFromNodeJson(twice)).toThrow(
      expect.objectContaining({ code: 'BAD_JSON', message: expect.stringContaining('name the same field') }),
    );
    // The readable part must still say what the bytes say: a java-tron raw_data with another price is refused.
    const lying = parseJson(stringifyJson(jt)) as typeof jt;
    (((lying.raw_data.contract as Json[])[0]!.parameter as Json).value as Json).trx_num = 9;
    expect(() => transactionFromNodeJson(lying)).toThrow(expect.objectContaining({ code: 'BAD_TRANSACTION' }));
  });

  it('raw_data in java-tron names is what a java-tron node decodes: Transaction.raw read through the table', () => {
    const jt = translateJson(Transaction_rawSchema, transactionToNodeJson(issue).raw_data, 'java-tron') as Json;
    expect(stringifyJson(jt)).toContain('"trx_num":2');
    expect(stringifyJson(jt)).toContain('"frozen_supply":[{"frozen_amount":500,"frozen_days":3}]');
  });
});
