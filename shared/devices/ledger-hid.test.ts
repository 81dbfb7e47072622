/** Ledger's HID framing (ledger-hid.ts): reports of 64 bytes, numbered, the length first; a report out of turn refused. */
import { describe, expect, it } from 'vitest';
import { frameApdu, HidAnswer, HID_PACKET_SIZE } from './ledger-hid.ts';

describe('HID framing', () => {
  it('frames an APDU into numbered 64-byte reports and reads it back exactly', () => {
    for (const n of [0, 1, 57, 58, 59, 200, 255 + 5]) {
      const apdu = Uint8Array.from({ length: n }, (_, i) => i & 0xff);
      const reports = frameApdu(0x0101, apdu);
      expect(reports.every((r) => r.length === HID_PACKET_SIZE)).toBe(true);
      expect(reports.length).toBe(Math.max(1, Math.ceil((n + 2) / 59)));
      const answer = new HidAnswer(0x0101);
      let whole: Uint8Array | null = null;
      for (const r of reports) whole = answer.push(r);
      expect(Array.from(whole!)).toEqual(Array.from(apdu));
    }
  });

  it('refuses a report out of sequence or on another channel', () => {
    const reports = frameApdu(0x0101, new Uint8Array(150));
    expect(() => new HidAnswer(0x0101).push(reports[1]!)).toThrow('out of sequence');
    expect(() => new HidAnswer(0x0202).push(reports[0]!)).toThrow('another channel');
  });
});
