// The handoff file (docs/decisions.md §7 "Handoff file", docs/handoff.md): import re-derives txID, contract and
// every signer from raw_data_hex and counts them against the permission; it refuses tampered bytes
// (exhaustively, every single-byte change of one signed file), a signature that does not belong,
// an unknown format or version and an expired transaction; files of one transaction signed in
// parallel merge; plain transaction JSON imports too; every result is JSON-safe.
import { describe, expect, it } from 'vitest';
import { addressToBase58, addressToHex } from '../chain/address.ts';
import { bytesToHex, hexToBytes } from '../base/bytes.ts';
import { AirlockError } from '../base/errors.ts';
import { exportHandoff, mergeHandoffs, parseHandoff, readHandoff, stringifyHandoff, type HandoffFile, type HandoffPermission } from './handoff.ts';
import { addSignature, addressOfPrivateKey, generatePrivateKey } from '../chain/keys.ts';
import { encodeOperationsHex } from '../chain/operations.ts';
import { taposOf } from '../chain/tapos.ts';
import { createTransaction, transactionToNodeJson, txIdOf, type SignedTransaction } from '../chain/transaction.ts';
import { buildTransfer } from '../contracts/transfer.ts';
import { buildTransferAsset } from '../contracts/token.ts';

const T0 = 1_800_000_000_000;
const key = () => {
  const priv = generatePrivateKey();
  const address = addressOfPrivateKey(priv);
  return { priv, hex: addressToHex(address), b58: addressToBase58(address) };
};
const [owner, a, b, c, stranger] = [key(), key(), key(), key(), key()];
const block = { number: 1234, id: '00000000000004d2' + 'cd'.repeat(24), timestamp: T0 };

const permission: HandoffPermission = {
  address: owner.b58,
  permissions: {
    owner_permission: { permission_name: 'owner', threshold: 1, keys: [{ address: owner.hex, weight: 1 }] },
    active_permission: [
      {
        type: 'Active',
        id: 2,
        permission_name: 'pay',
        threshold: 2,
        operations: encodeOperationsHex(['TransferContract']),
        keys: [a, b, c].map((k) => ({ address: k.hex, weight: 1 })),
      },
    ],
  },
  source: { node: 'http://127.0.0.1:8090', block: block.number },
  at: T0,
};
const token = {
  id: '1000001',
  name: 'AIRDEV',
  abbreviation: 'AIR',
  precision: 2,
  owner: owner.b58,
  total_supply: '1000000',
  coin_num: 2,
  num: 3,
  start_time: T0,
  end_time: T0 + 1,
  description: '',
  url: 'https://example.invalid',
};

function transfer(amount = 5, expiration = T0 + 3_600_000): SignedTransaction {
  const { rawBytes } = createTransaction(
    { type: 'TransferContract', value: buildTransfer({ owner: owner.hex, to: stranger.hex, amount }), permissionId: 2 },
    { ...taposOf(block), expiration, timestamp: T0 },
  );
  return { rawBytes, signatures: [] };
}
const signed = (tx: SignedTransaction, ...keys: { priv: Uint8Array }[]) => keys.reduce((t, k) => addSignature(t, k.priv), tx);
const now = T0 + 60_000;
const file = (tx: SignedTransaction, note = 'rent for May'): HandoffFile => exportHandoff({ tx, permission, tokens: [token], note, now });
const roundTrip = (f: HandoffFile) => parseHandoff(stringifyHandoff(f), { now });
const refused = (fn: () => unknown, code: string, message?: RegExp | string) =>
  expect(fn).toThrow(
    expect.objectContaining({
      name: 'AirlockError',
      code,
      ...(message === undefined ? {} : { message: typeof message === 'string' ? message : expect.stringMatching(message) }),
    }),
  );

describe('export and import', () => {
  it('re-derives txID, contract and every signer, and counts them against the permission', () => {
    const tx = signed(transfer(), a);
    const f = file(tx);
    expect(f).toMatchObject({ format: 'airlock.handoff', version: 1, note: 'rent for May', tokens: [token], permission });
    expect(Object.keys(f.transaction)).toEqual(['visible', 'txID', 'raw_data', 'raw_data_hex', 'signature']);
    const got = roundTrip(f);
    expect(got).toMatchObject({
      kind: 'handoff',
      txID: bytesToHex(txIdOf(tx.rawBytes)),
      contractType: 'TransferContract',
      owner: owner.b58,
      permissionId: 2,
      expiration: T0 + 3_600_000,
      expiresInMs: 3_540_000,
      checked: true,
      weight: 1,
      threshold: 2,
      missing: 1,
      complete: false,
      signers: [{ address: a.b58, hex: a.hex, weight: 1, signature: bytesToHex(tx.signatures[0]!) }],
    });
    expect(JSON.parse(JSON.stringify(got))).toEqual(got);
  });

  it('two stations in sequence: the second signature completes it', () => {
    const first = roundTrip(file(signed(transfer(), a)));
    const tx = { rawBytes: hexToBytes(first.transaction.raw_data_hex), signatures: first.signers.map((s) => hexToBytes(s.signature)) };
    const second = roundTrip(file(signed(tx, c)));
    expect(second).toMatchObject({ weight: 2, missing: 0, complete: true, signers: [{ address: a.b58 }, { address: c.b58 }] });
  });

  it('an unknown format or version says so', () => {
    const f = file(signed(transfer(), a)) as unknown as Record<string, unknown>;
    refused(
      () => readHandoff({ ...f, version: 2 }, { now }),
      'UNSUPPORTED_VERSION',
      'handoff.version: airlock.handoff version 2 is newer than the version this Airlock reads (1); update Airlock to read it',
    );
    refused(() => readHandoff({ ...f, format: 'airlock.snapshot' }, { now }), 'UNSUPPORTED_VERSION', /expected "airlock.handoff", got "airlock.snapshot"/);
    refused(() => readHandoff({ ...f, version: '1' }, { now }), 'BAD_JSON', /handoff.version/);
  });

  it('an expired transaction is refused with the way forward: reissue', () => {
    const f = file(signed(transfer(), a));
    refused(
      () => readHandoff(f, { now: T0 + 3_600_000 }),
      'EXPIRED',
      /expired 0 s ago .*Reissue it \(airlock reissue TXID\).*signatures on the old one do not carry over/,
    );
    refused(() => exportHandoff({ tx: signed(transfer(5, T0 + 1000), a), permission, now }), 'EXPIRED');
  });

  it('plain transaction JSON from other tools imports; signers are counted when a permission is given', () => {
    const tx = signed(transfer(), a, b);
    const json = JSON.parse(JSON.stringify(transactionToNodeJson(tx, { visible: true }), (_k, v) => (typeof v === 'bigint' ? Number(v) : v)));
    const plain = readHandoff(json, { now });
    expect(plain).toMatchObject({
      kind: 'transaction',
      checked: false,
      threshold: null,
      complete: null,
      permission: null,
      signers: [
        { address: a.b58, weight: null },
        { address: b.b58, weight: null },
      ],
    });
    expect(readHandoff(json, { now, permission })).toMatchObject({ kind: 'transaction', checked: true, complete: true, weight: 2 });
    const { raw_data: _r, ...hexOnly } = json;
    expect(readHandoff(hexOnly, { now }).txID).toBe(plain.txID);
  });
});

describe('signatures that do not belong', () => {
  it('a signature moved from another transaction is refused (its signer is not in the permission)', () => {
    const f = file(signed(transfer(), a));
    const other = signed(transfer(6), b);
    const moved = { ...f, transaction: { ...f.transaction, signature: [...f.transaction.signature!, bytesToHex(other.signatures[0]!)] } };
    refused(
      () => readHandoff(moved, { now }),
      'PERMISSION',
      /^signature 2 does not belong: over this transaction it is the signature of T\w{33}, which is not a key of permission 2 of T\w{33}\. It was made for another transaction/,
    );
    // The sentence names the signer, never the 130 hex digits of the signature.
    let message = '';
    try {
      readHandoff(moved, { now });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).not.toContain(bytesToHex(other.signatures[0]!).slice(0, 20));
  });

  it('a signer outside the permission, or the same signer twice, is refused', () => {
    refused(
      () => file(signed(transfer(), stranger)),
      'PERMISSION',
      new RegExp(`signature 1 does not belong: .* ${stranger.b58}, which is not a key of permission 2`),
    );
    refused(() => file(signed(transfer(), a, a)), 'PERMISSION', `${a.b58} has signed twice!`);
    // Plain JSON without a permission still refuses a repeated signer.
    refused(() => readHandoff(transactionToNodeJson(signed(transfer(), b, b)), { now }), 'PERMISSION', `${b.b58} has signed twice!`);
  });

  it('more signatures than any permission holds are refused before any is recovered', () => {
    const f = file(signed(transfer(), a));
    const six = { ...f, transaction: { ...f.transaction, signature: Array(6).fill('00'.repeat(65)) } };
    // The one check (checkSignatureCount), the same refusal as tx inspect's and the node's.
    expect(() => readHandoff(six, { now })).toThrow(
      expect.objectContaining({ code: 'PERMISSION', message: 'too many signatures', details: { field: 'signature', count: 6, max: 5 } }),
    );
  });

  it('a permission for another account, or one that does not allow the contract, is refused', () => {
    refused(
      () => exportHandoff({ tx: signed(transfer(), a), permission: { ...permission, address: stranger.b58 }, now }),
      'PERMISSION',
      /is for T\w+, but the transaction's owner is/,
    );
    const assetTx = createTransaction(
      { type: 'TransferAssetContract', value: buildTransferAsset({ owner: owner.hex, to: stranger.hex, tokenId: '1000001', amount: 1 }), permissionId: 2 },
      { ...taposOf(block), expiration: T0 + 3_600_000, timestamp: T0 },
    );
    refused(() => exportHandoff({ tx: signed({ rawBytes: assetTx.rawBytes, signatures: [] }, a), permission, now }), 'PERMISSION', 'Permission denied');
  });
});

describe('tampering', () => {
  it("every single-byte change of a signed file's raw_data_hex is refused (every position, every other value)", () => {
    const f = file(signed(transfer(), a, b));
    const bytes = hexToBytes(f.transaction.raw_data_hex);
    let tried = 0;
    for (let i = 0; i < bytes.length; i++) {
      for (let v = 0; v < 256; v++) {
        if (v === bytes[i]) continue;
        const changed = bytes.slice();
        changed[i] = v;
        const hex = bytesToHex(changed);
        // As edited by hand: txID, raw_data and signatures left as they were.
        expect(() => readHandoff({ ...f, transaction: { ...f.transaction, raw_data_hex: hex } }, { now }), `byte ${i} = ${v}`).toThrow(AirlockError);
        tried++;
      }
    }
    expect(tried).toBe(bytes.length * 255);
  });

  it('a consistent forgery (txID recomputed, raw_data dropped) is still refused: the signers no longer recover', () => {
    const f = file(signed(transfer(), a, b));
    const bytes = hexToBytes(f.transaction.raw_data_hex);
    for (let i = 0; i < bytes.length; i++) {
      const changed = bytes.slice();
      changed[i] = bytes[i]! ^ 0x01;
      const { raw_data: _r, ...rest } = f.transaction;
      const transaction = { ...rest, raw_data_hex: bytesToHex(changed), txID: bytesToHex(txIdOf(changed)) };
      expect(() => readHandoff({ ...f, transaction }, { now }), `byte ${i}`).toThrow(AirlockError);
    }
  });

  it('raw_data that says something other than raw_data_hex is refused', () => {
    const f = file(signed(transfer(), a));
    const raw = JSON.parse(JSON.stringify(f.transaction.raw_data));
    raw.contract[0].parameter.value.amount = 500;
    refused(() => readHandoff({ ...f, transaction: { ...f.transaction, raw_data: raw } }, { now }), 'BAD_TRANSACTION', /raw_data does not match raw_data_hex/);
  });
});

describe('merge', () => {
  it('files of one transaction signed in parallel combine into the union of distinct signers', () => {
    const unsigned = transfer();
    const fromA = roundTrip(file(signed(unsigned, a), 'from A'));
    const fromC = roundTrip(file(signed(unsigned, c), 'from C'));
    const fromA2 = roundTrip(file(signed(unsigned, a), 'from A'));
    const merged = mergeHandoffs([fromA, fromC, fromA2], { now });
    expect(merged.transaction.signature).toHaveLength(2);
    expect(merged.note).toBe('from A\nfrom C');
    expect(roundTrip(merged)).toMatchObject({ complete: true, weight: 2, signers: [{ address: a.b58 }, { address: c.b58 }] });
  });

  it('different transactions refuse to merge', () => {
    const x = roundTrip(file(signed(transfer(5), a)));
    const y = roundTrip(file(signed(transfer(6), b)));
    refused(() => mergeHandoffs([x, y], { now }), 'BAD_TRANSACTION', /cannot merge different transactions/);
  });
});

describe('hostile files', () => {
  const good = () => file(signed(transfer(), a)) as unknown as Record<string, unknown>;
  it('unknown members, __proto__ included, at any level', () => {
    refused(() => readHandoff({ ...good(), extra: 1 }, { now }), 'BAD_JSON', /handoff.extra: unknown field/);
    const text = stringifyHandoff(good() as unknown as HandoffFile).replace('"note"', '"__proto__": {"note": "x"}, "note"');
    refused(() => parseHandoff(text, { now }), 'BAD_JSON', /handoff.__proto__: unknown field/);
    const p = JSON.parse(JSON.stringify(good()));
    p.permission.source.constructor = 'x';
    refused(() => readHandoff(p, { now }), 'BAD_JSON', /handoff.permission.source.constructor: unknown field/);
  });

  it('huge, deeply nested, and not JSON', () => {
    refused(() => parseHandoff(' '.repeat(3 * 1024 * 1024), { now }), 'BAD_JSON', /larger than 2097152 bytes/);
    refused(() => parseHandoff('['.repeat(100_000) + ']'.repeat(100_000), { now }), 'BAD_JSON');
    // A private key pasted where a file belongs is never quoted back.
    refused(
      () => parseHandoff('{"privateKey": ' + '11'.repeat(32) + '}', { now }),
      'UNSUPPORTED_VERSION',
      'handoff.format: expected "airlock.handoff", got missing; this is not a file Airlock reads here',
    );
    expect(() => parseHandoff('{"privateKey": ' + 'ab'.repeat(32) + '}', { now })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('abab') }),
    );
  });

  it('control and bidirectional-override characters in the note are refused', () => {
    refused(
      () => readHandoff({ ...good(), note: 'pay \u202Eevil' }, { now }),
      'BAD_JSON',
      'handoff.note: contains a control or bidirectional-override character',
    );
    refused(() => readHandoff({ ...good(), note: 'x'.repeat(2001) }, { now }), 'BAD_JSON', /longer than 2000/);
  });
});

describe('a file that is not JSON', () => {
  it('is refused by position (line, column), never quoting its text', () => {
    const text = `{"format": "airlock.handoff",\n  "note": ${'ab'.repeat(32)}}`;
    expect(() => parseHandoff(text, { now })).toThrow(
      expect.objectContaining({
        code: 'BAD_JSON',
        message: 'handoff: not valid JSON at line 2, column 11 (offset 40)',
        details: { field: 'handoff', position: { offset: 40, line: 2, column: 11 } },
      }),
    );
  });
});
