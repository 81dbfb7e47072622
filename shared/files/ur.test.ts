/**
 * Files as UR parts (shared/files/ur.ts, docs/decisions.md §19): real handoff files of 1 to 5 signatures (fixed
 * keys, so every run draws the same frames) go through UR parts drawn as QR symbols and read back
 * from the pixels, with frames dropped,
 * duplicated and reordered, and come out byte for byte, importing as the file would; every hostile
 * frame is refused in words without quoting it: a frame of another transaction mixed in, a part
 * claiming a huge sequence length, a QR holding non-UR text, a key pasted as a frame, a UR of
 * another kind, a damaged frame, a payload that is not a byte string of text, a transfer that
 * takes too long.
 */
import { describe, expect, it } from 'vitest';
import bcUr from '@ngraveio/bc-ur';
import { addressToBase58, addressToHex } from '../chain/address.ts';
import { addSignature, addressOfPrivateKey } from '../chain/keys.ts';
import { hexToBytes } from '../base/bytes.ts';
import { encodeOperationsHex } from '../chain/operations.ts';
import { taposOf } from '../chain/tapos.ts';
import { createTransaction, type SignedTransaction } from '../chain/transaction.ts';
import { buildTransfer } from '../contracts/transfer.ts';
import { qrMatrix, qrTextOf } from '../views/qr.ts';
import { exportHandoff, parseHandoff, stringifyHandoff, type HandoffPermission } from './handoff.ts';
import { assembleUrParts, UrAssembler, UrSender, urParts, UR_TYPES } from './ur.ts';
import { DEFAULT_UR_FRAGMENT_BYTES, MAX_UR_PARTS, MAX_UR_SCAN_MS } from '../base/limits.ts';

const { UR, UREncoder } = bcUr;
const T0 = 1_800_000_000_000;
const now = T0 + 60_000;
// Fixed keys: the files, and so the parts and the frames dropped, are the same on every run.
let nextKey = 0x21;
const key = () => {
  const priv = hexToBytes((nextKey++).toString(16).padStart(2, '0').repeat(32));
  const address = addressOfPrivateKey(priv);
  return { priv, hex: addressToHex(address), b58: addressToBase58(address) };
};
const owner = key();
const signers = [key(), key(), key(), key(), key()];
const block = { number: 1234, id: '00000000000004d2' + 'cd'.repeat(24), timestamp: T0 };
const permission: HandoffPermission = {
  address: owner.b58,
  permissions: {
    owner_permission: { permission_name: 'owner', threshold: 1, keys: [{ address: owner.hex, weight: 1 }] },
    active_permission: [
      {
        type: 'Active',
        id: 2,
        permission_name: 'treasury',
        threshold: 5,
        operations: encodeOperationsHex(['TransferContract']),
        keys: signers.map((k) => ({ address: k.hex, weight: 1 })),
      },
    ],
  },
  source: { node: 'http://127.0.0.1:8090', block: block.number },
  at: T0,
};

function handoffText(signatures: number, amount = 5): string {
  const { rawBytes } = createTransaction(
    { type: 'TransferContract', value: buildTransfer({ owner: owner.hex, to: signers[0]!.hex, amount }), permissionId: 2 },
    { ...taposOf(block), expiration: T0 + 3_600_000, timestamp: T0 },
  );
  const tx = signers.slice(0, signatures).reduce<SignedTransaction>((t, k) => addSignature(t, k.priv), { rawBytes, signatures: [] });
  return stringifyHandoff(exportHandoff({ tx, permission, note: 'May payroll', now }));
}

/** A part as a camera would see it: upper case in a QR symbol, drawn at 2 pixels a module with a quiet zone, read back. */
function throughCamera(part: string): string {
  const matrix = qrMatrix(part.toUpperCase(), 'L');
  const scale = 2;
  const size = (matrix.length + 8) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      if (matrix[Math.floor(y / scale) - 4]?.[Math.floor(x / scale) - 4] === true) data.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3);
  const text = qrTextOf({ width: size, height: size, data });
  expect(text).not.toBeNull();
  return text!;
}

/** A seeded shuffle, so a failure replays. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    expect(e).toMatchObject({ name: 'AirlockError', code: 'INVALID_INPUT' });
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('a handoff through UR parts and QR images', () => {
  it.each([1, 2, 3, 4, 5])('%i signature(s): frames dropped, duplicated and reordered still give the file byte for byte', (count) => {
    const text = handoffText(count);
    const sender = new UrSender('handoff', text);
    // Every third frame lost, every fifth seen twice, the order scrambled: fountain parts make up the loss.
    const shown = sender.take(sender.pureCount * 4).filter((_, i) => i % 3 !== 1);
    const seen = shuffled(
      shown.flatMap((p, i) => (i % 5 === 0 ? [p, p] : [p])),
      count,
    );
    const assembler = new UrAssembler(() => now);
    let last = assembler.progress();
    for (const part of seen) {
      last = assembler.receive(throughCamera(part));
      if (last.done) break;
    }
    expect(last).toMatchObject({ kind: 'handoff', done: true, percent: 100, expected: sender.pureCount, received: sender.pureCount });
    expect(assembler.result).toEqual({ kind: 'handoff', text });
    expect(parseHandoff(assembler.result!.text, { now }).signers).toHaveLength(count);
  });

  it('a 5-signature handoff at the default density: how many frames', () => {
    const text = handoffText(5);
    const parts = urParts('handoff', text);
    expect(parts.length).toBe(Math.ceil((new TextEncoder().encode(text).length + 3) / DEFAULT_UR_FRAGMENT_BYTES));
    expect(parts.every((p, i) => p.startsWith(`ur:airlock-handoff/${i + 1}-${parts.length}/`))).toBe(true);
    expect(assembleUrParts(parts, () => now).text).toBe(text);
  });

  it('progress counts distinct parts and repeats, and stays below 100 until the file is whole', () => {
    const sender = new UrSender('handoff', handoffText(2), 100);
    const a = new UrAssembler(() => now);
    const first = sender.next();
    expect(a.receive(first)).toMatchObject({ kind: 'handoff', received: 1, expected: sender.pureCount, frames: 1, done: false });
    const again = a.receive(first);
    expect(again).toMatchObject({ received: 1, frames: 2, done: false });
    expect(again.percent).toBeLessThan(100);
  });

  it('says the percent of the parts it shows: never "about 67%" at "3 of 17 parts" (issue 26)', () => {
    const sender = new UrSender('handoff', handoffText(5), 100);
    const a = new UrAssembler(() => now);
    // The pure parts 1, 2 and 3 of many, then mixed frames that add none by themselves.
    let p = a.progress();
    for (const part of sender.take(3)) p = a.receive(part);
    expect(p.expected).toBeGreaterThan(10);
    expect(p).toMatchObject({ received: 3, percent: Math.floor(300 / p.expected), done: false });
    const mixed = sender.take(sender.pureCount * 2).slice(sender.pureCount, sender.pureCount + 6);
    for (const part of mixed) {
      p = a.receive(part);
      if (p.done) break;
      expect(p.percent).toBe(Math.floor((p.received * 100) / p.expected));
    }
  });
});

describe('frames refused in words, quoting none', () => {
  it('a frame of another transaction mixed in', () => {
    const a = new UrAssembler(() => now);
    const mine = new UrSender('handoff', handoffText(2, 5));
    const other = new UrSender('handoff', handoffText(2, 6));
    a.receive(mine.next());
    expect(refusal(() => a.receive(other.next()))).toBe(
      'A QR frame (UR part) was refused: a frame belongs to another transfer (another transaction or file) than the frames before it. Nothing was imported.',
    );
  });

  it('a frame of another kind mixed in', () => {
    const a = new UrAssembler(() => now);
    a.receive(new UrSender('handoff', handoffText(1)).next());
    expect(refusal(() => a.receive(new UrSender('snapshot', '{"x":1}').next()))).toMatch(/belongs to another transfer/);
  });

  it('a part claiming a huge sequence length, before the decoder allocates for it', () => {
    const part = new UrSender('handoff', handoffText(1)).next().replace(/\/1-\d+\//, '/1-4294967295/');
    const message = refusal(() => new UrAssembler(() => now).receive(part));
    expect(message).toBe(
      `A QR frame (UR part) was refused: it claims 4294967295 parts, more than the ${MAX_UR_PARTS} a transfer may have. Nothing was imported.`,
    );
  });

  it('a QR holding text that is not a UR, and a UR of another kind', () => {
    expect(refusal(() => new UrAssembler(() => now).receive('https://example.invalid/pay?to=me'))).toBe(
      'A QR frame (UR part) was refused: it is not part of an Airlock transfer (its text does not start with ur:). Nothing was imported.',
    );
    expect(refusal(() => new UrAssembler(() => now).receive('ur:crypto-psbt/lpadbecfbdrkcytnrtah'))).toMatch(/a UR of a kind this station does not import/);
    expect(refusal(() => new UrAssembler(() => now).receive('ur:airlock-handoff/1-2/lp ad'))).toMatch(/not a well-formed UR part/);
  });

  it('a private key pasted as a frame is refused without being quoted', () => {
    const priv = 'ab'.repeat(32);
    for (const frame of [priv, `0x${priv}`, `  ${priv.toUpperCase()}\n`, `my key: ${priv}`]) {
      const message = refusal(() => new UrAssembler(() => now).receive(frame));
      expect(message).toMatch(/looks like a private key/);
      expect(message).not.toContain('abab');
    }
  });

  it('a damaged frame (one byteword changed, so its checksum fails)', () => {
    const part = new UrSender('handoff', handoffText(1)).next();
    const body = part.slice(part.lastIndexOf('/') + 1);
    const damaged = part.slice(0, part.lastIndexOf('/') + 1) + (body.startsWith('ae') ? 'ad' : 'ae') + body.slice(2);
    expect(refusal(() => new UrAssembler(() => now).receive(damaged))).toMatch(/a frame is damaged/);
  });

  it('a payload that is not one CBOR byte string, or not UTF-8', () => {
    const notBytes = UREncoder.encodeSinglePart(new UR(Buffer.from([0x63, 0x61, 0x62, 0x63]), UR_TYPES.handoff));
    expect(refusal(() => new UrAssembler(() => now).receive(notBytes))).toMatch(/its payload is not a file/);
    const notText = UREncoder.encodeSinglePart(new UR(Buffer.from([0x42, 0xff, 0xfe]), UR_TYPES.handoff));
    expect(refusal(() => new UrAssembler(() => now).receive(notText))).toMatch(/its payload is not text/);
    const trailing = UREncoder.encodeSinglePart(new UR(Buffer.from([0x41, 0x61, 0x00]), UR_TYPES.handoff));
    expect(refusal(() => new UrAssembler(() => now).receive(trailing))).toMatch(/length does not match/);
  });

  it('a transfer that goes on longer than the scan bound', () => {
    let clock = now;
    const a = new UrAssembler(() => clock);
    const sender = new UrSender('handoff', handoffText(3), 50);
    a.receive(sender.next());
    clock += MAX_UR_SCAN_MS + 1;
    expect(refusal(() => a.receive(sender.next()))).toMatch(/did not complete within 10 minutes/);
  });

  it('parts that do not complete, or none, are refused by assembleUrParts', () => {
    const parts = urParts('handoff', handoffText(2), 50);
    expect(refusal(() => assembleUrParts(parts.slice(1), () => now))).toMatch(/incomplete \(\d+ of \d+ recovered\)/);
    expect(refusal(() => assembleUrParts([], () => now))).toBe('No UR part was given: nothing was imported.');
  });

  it('a small file still goes as two parts or more, each in the n-m form', () => {
    const parts = urParts('challenge', '{"kind":"x"}', 1000);
    expect(parts.length).toBe(2);
    expect(parts[0]).toMatch(/^ur:airlock-challenge\/1-2\/[a-z]+$/);
    expect(assembleUrParts(parts, () => now)).toEqual({ kind: 'challenge', text: '{"kind":"x"}' });
  });

  it('a fragment size out of bounds', () => {
    expect(refusal(() => new UrSender('handoff', 'x', 5))).toMatch(/fragment size must be a whole number of bytes from 10 to 1000/);
  });
});
