/**
 * A new user's first half hour with `airlock` (docs/decisions.md §6 part 5): what got in the way, each now a
 * rule. `tx encode` derives `type_url` from `type` and refuses a mismatch; `tx sign` keeps the
 * input's `visible`, so the node's replies to what it signed stay readable; `--permission-id -1`
 * names the allowed range; `tx encode` refuses raw_data with no reference block or expiration,
 * naming the fields and where to get them. (README examples: readme.test.ts; key files on disk:
 * key-file.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, stringifyJson } from '../../shared/base/json.ts';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { decodeRaw } from '../../shared/chain/transaction.ts';
import { sha256 } from '@noble/hashes/sha2.js';
import { runCli, type CliRun } from '../helpers/cli-helpers.ts';
import { K, startNode, type Json, type TestNode } from '../helpers/devnet-helpers.ts';

const example = parseJson(readFileSync(fileURLToPath(new URL('../../examples/transfer.json', import.meta.url)), 'utf8')) as Json;
const TRANSFER_URL = 'type.googleapis.com/protocol.TransferContract';

function out(r: CliRun): Json {
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return parseJson(r.stdout) as Json;
}

function error(r: CliRun): { code: string; message: string; details: Json } {
  expect(r.stdout).toBe('');
  return (parseJson(r.stderr) as { error: { code: string; message: string; details: Json } }).error;
}

/** examples/transfer.json with its contract's parameter changed by `edit`. */
function withParameter(edit: (p: Json) => Json): Json {
  const raw = structuredClone(example.raw_data) as Json;
  raw.contract[0].parameter = edit(raw.contract[0].parameter);
  return { ...example, raw_data: raw };
}

describe('tx encode: type_url follows from type', () => {
  it('left out, it is derived: the same bytes as with it written out', async () => {
    expect(example.raw_data.contract[0].parameter.type_url).toBeUndefined();
    const derived = out(await runCli(['tx', 'encode'], { stdin: stringifyJson(example) }));
    const written = out(await runCli(['tx', 'encode'], { stdin: stringifyJson(withParameter((p) => ({ ...p, type_url: TRANSFER_URL }))) }));
    expect(derived.raw_data_hex).toBe(written.raw_data_hex);
    expect(derived.raw_data.contract[0].parameter.type_url).toBe(TRANSFER_URL);
  });

  it('a type_url that names another contract is refused, naming both', async () => {
    const r = await runCli(['tx', 'encode'], {
      stdin: stringifyJson(withParameter((p) => ({ ...p, type_url: 'type.googleapis.com/protocol.TransferAssetContract' }))),
    });
    expect(r.code).toBe(1);
    expect(error(r)).toEqual({
      code: 'BAD_JSON',
      message:
        'raw_data.contract[0].parameter.type_url: names TransferAssetContract, but contract[0].type is TransferContract; leave type_url out and it is derived from type',
      details: { field: 'raw_data.contract[0].parameter.type_url' },
    });
  });
});

describe('tx encode: no reference block or expiration is refused, not dated 1970', () => {
  for (const drop of [['expiration'], ['ref_block_bytes', 'ref_block_hash'], ['ref_block_bytes', 'ref_block_hash', 'expiration']]) {
    it(`without ${drop.join(', ')}`, async () => {
      const raw = { ...example.raw_data };
      for (const key of drop) delete raw[key];
      const r = await runCli(['tx', 'encode'], { stdin: stringifyJson({ ...example, raw_data: raw }) });
      expect(r.code).toBe(1);
      const e = error(r);
      expect(e.code).toBe('BAD_TRANSACTION');
      expect(e.details).toEqual({ field: 'raw_data', missing: drop });
      expect(e.message).toMatch(new RegExp(`^raw_data: missing ${drop.join(', ')}\\. Without them the transaction expired in 1970`));
      expect(e.message).toContain('/wallet/getnowblock');
      expect(e.message).toContain('/wallet/createtransaction');
    });
  }
});

describe('tx encode: an expiration more than 24 h after the reference moment is encoded, with a warning (issue 24)', () => {
  const withTimes = (times: Record<string, number>): Json => {
    const raw: Json = { ...example.raw_data, ...times };
    for (const [k, v] of Object.entries(times)) if (v === 0) delete raw[k];
    return { ...example, raw_data: raw };
  };
  const DAY = 86_400_000;

  it('an expiration three weeks after its timestamp, as TronWeb and java-tron encode it: the bytes carry it, a warning says from when a node takes it', async () => {
    const t = example.raw_data.timestamp as number;
    const r = out(await runCli(['tx', 'encode'], { stdin: stringifyJson(withTimes({ expiration: t + 21 * DAY })) }));
    expect(r.txID).toBe(bytesToHex(sha256(hexToBytes(r.raw_data_hex))));
    expect(decodeRaw(hexToBytes(r.raw_data_hex)).raw.expiration).toBe(BigInt(t + 21 * DAY));
    expect(r.warnings).toEqual([
      `raw_data.expiration: ${new Date(t + 21 * DAY).toISOString()} is more than 24 hours after raw_data.timestamp; encoded as given, but a node takes it only while its newest block is at most 24 hours before that, so not before ${new Date(t + 20 * DAY).toISOString()}`,
    ]);
  });

  it('exactly 24 h after the timestamp has no warning; one millisecond more has one', async () => {
    const t = example.raw_data.timestamp as number;
    expect(out(await runCli(['tx', 'encode'], { stdin: stringifyJson(withTimes({ expiration: t + DAY })) })).warnings).toBeUndefined();
    expect(out(await runCli(['tx', 'encode'], { stdin: stringifyJson(withTimes({ expiration: t + DAY + 1 })) })).warnings).toHaveLength(1);
  });

  it("without a timestamp, the reference is this machine's clock", async () => {
    const now = Date.UTC(2030, 0, 1);
    expect(
      out(await runCli(['tx', 'encode'], { stdin: stringifyJson(withTimes({ timestamp: 0, expiration: now + 3_600_000 })), now })).warnings,
    ).toBeUndefined();
    const r = out(await runCli(['tx', 'encode'], { stdin: stringifyJson(withTimes({ timestamp: 0, expiration: now + DAY + 1 })), now }));
    expect(r.warnings[0]).toMatch(/^raw_data\.expiration: 2030-01-02T00:00:00\.001Z is more than 24 hours from now; encoded as given/);
  });

  it('the example in the README encodes', async () => {
    expect(out(await runCli(['tx', 'encode'], { stdin: stringifyJson(example) })).txID).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('--permission-id says what is allowed', () => {
  for (const value of ['-1', '2147483648', 'owner', '1.5']) {
    it(`--permission-id ${value}: the range and what the numbers mean (exit 2)`, async () => {
      const r = await runCli(['tx', 'sign', '-', '--key-file', 'k', '--permission-id', value], { stdin: stringifyJson(example) });
      expect(r.code).toBe(2);
      expect(error(r).message).toMatch(
        /^airlock tx sign: --permission-id must be a whole number from 0 to 2147483647 \(0 is the owner permission, 2 and up the active ones; 1, the executive permission, never signs\); got /,
      );
    });
  }
});

describe("tx sign keeps the input's visible", () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startNode();
  });
  afterAll(() => node.stop());

  it("a visible transaction from the node is signed visible, and the node's reply to it is text, not hex", async () => {
    const built = await node.post('/wallet/createtransaction', { owner_address: K.alice.b58, to_address: K.bob.b58, amount: 1, visible: true });
    expect(built.visible).toBe(true);
    // Signed with bob's key, which is not in alice's permission: the node refuses it and says why.
    const signed = out(
      await runCli(['tx', 'sign', '--key-file', 'bob.key'], { stdin: stringifyJson(built), files: { 'bob.key': K.bob.priv }, now: node.clock.now }),
    );
    expect(signed.visible).toBe(true);
    expect(signed.raw_data.contract[0].parameter.value.owner_address).toBe(K.alice.b58);
    const reply = await node.post('/wallet/broadcasttransaction', signed);
    expect(reply.code).toBe('SIGERROR');
    expect(reply.message).toContain(`is signed by ${K.bob.b58} but it is not contained of permission`);
  });

  it('without visible in the input, the output is as before: hex, unless --visible', async () => {
    const built = await node.post('/wallet/createtransaction', { owner_address: K.alice.hex, to_address: K.bob.hex, amount: 1 });
    const plain = out(await runCli(['tx', 'sign', '--key-file', 'k'], { stdin: stringifyJson(built), files: { k: K.alice.priv }, now: node.clock.now }));
    expect(plain.visible).toBe(false);
    const flagged = out(
      await runCli(['tx', 'sign', '--key-file', 'k', '--visible'], { stdin: stringifyJson(built), files: { k: K.alice.priv }, now: node.clock.now }),
    );
    expect(flagged.visible).toBe(true);
    expect(flagged.txID).toBe(plain.txID);
  });
});
