/**
 * The HID framing a Ledger uses on USB (docs/decisions.md §23): an APDU travels in 64-byte reports, each
 * starting with the channel (2 bytes), the tag 0x05 and its sequence number (2 bytes, from 0); the
 * first also carries the APDU's length (2 bytes); the last is padded with zeros. Answers come back
 * framed the same way. Written from the framing `@ledgerhq/devices` documents; pure, so it is tested
 * here while the USB transport (station/devices/usb-transport.ts) stays thin.
 *
 * Invariants: frames then unframe give back the bytes exactly; an answer frame on another channel,
 * with another tag or out of sequence is refused, never skipped over.
 */
import { fail } from '../base/errors.ts';

export const HID_PACKET_SIZE = 64;
const TAG_APDU = 0x05;

/** The reports that carry `apdu` on `channel`. */
export function frameApdu(channel: number, apdu: Uint8Array): Uint8Array[] {
  const data = new Uint8Array(2 + apdu.length);
  data[0] = apdu.length >> 8;
  data[1] = apdu.length & 0xff;
  data.set(apdu, 2);
  const out: Uint8Array[] = [];
  for (let seq = 0, at = 0; at < data.length; seq++) {
    const p = new Uint8Array(HID_PACKET_SIZE);
    p[0] = channel >> 8;
    p[1] = channel & 0xff;
    p[2] = TAG_APDU;
    p[3] = seq >> 8;
    p[4] = seq & 0xff;
    const take = Math.min(HID_PACKET_SIZE - 5, data.length - at);
    p.set(data.subarray(at, at + take), 5);
    at += take;
    out.push(p);
  }
  return out;
}

/**
 * Collects answer reports: `push` each as it arrives; it returns the whole answer once complete,
 * else null.
 */
export class HidAnswer {
  private length = -1;
  private parts: Uint8Array[] = [];
  private got = 0;
  private seq = 0;
  private readonly channel: number;
  constructor(channel: number) {
    this.channel = channel;
  }

  push(report: Uint8Array): Uint8Array | null {
    if (report.length < 7 || ((report[0]! << 8) | report[1]!) !== this.channel || report[2] !== TAG_APDU || ((report[3]! << 8) | report[4]!) !== this.seq)
      fail(
        'DEVICE',
        'The device sent a USB report out of sequence or for another channel; nothing was signed or stored. Unplug it, plug it in and try again.',
        {
          statusWord: null,
        },
      );
    let body = report.subarray(5);
    if (this.seq === 0) {
      this.length = (body[0]! << 8) | body[1]!;
      body = body.subarray(2);
    }
    this.seq++;
    const take = Math.min(body.length, this.length - this.got);
    this.parts.push(body.slice(0, take));
    this.got += take;
    if (this.got < this.length) return null;
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}
