/**
 * A Ledger over USB HID (docs/decisions.md §23), through node-hid 3 (its N-API prebuilds ship in the package, so
 * it loads in Node and Electron without a rebuild where libusb-1.0 and libudev are installed), with
 * Ledger's HID framing from shared/devices/ledger-hid.ts. Kept thin on purpose: nothing here can be
 * tested without a device, so everything that can be (framing, commands, answers) lives elsewhere.
 *
 * Invariants: node-hid is loaded only when USB is used (the emulator and the tests never load it);
 * every failure (no node-hid, no device, a read past the deadline) is a DEVICE error that says what
 * to do; the device is closed whatever happens.
 */
import { fail } from '../../shared/base/errors.ts';
import { LEDGER_EXCHANGE_TIMEOUT_MS } from '../../shared/base/limits.ts';
import { frameApdu, HidAnswer } from '../../shared/devices/ledger-hid.ts';
import type { LedgerTransport } from './transport.ts';

const LEDGER_VENDOR_ID = 0x2c97;
/** Ledger's vendor-defined usage page: the interface that speaks APDUs. */
const LEDGER_USAGE_PAGE = 0xffa0;
const CHANNEL = 0x0101;

interface HidDevice {
  write(data: number[]): Promise<number>;
  read(timeoutMs?: number): Promise<Buffer | undefined>;
  close(): Promise<void>;
}
interface NodeHid {
  devicesAsync(): Promise<{ vendorId: number; usagePage?: number; interface: number; path?: string }[]>;
  HIDAsync: { open(path: string): Promise<HidDevice> };
}

/** Opens the first Ledger found on USB. */
export async function openUsbTransport(timeoutMs = LEDGER_EXCHANGE_TIMEOUT_MS): Promise<LedgerTransport> {
  let hid: NodeHid;
  try {
    const m = (await import('node-hid')) as unknown as NodeHid & { default?: NodeHid };
    hid = m.default ?? m;
    await hid.devicesAsync();
  } catch (e) {
    return fail(
      'DEVICE',
      `USB cannot be used on this machine (node-hid did not load: ${e instanceof Error ? e.message.slice(0, 120) : 'unknown'}). On Linux install libusb-1.0 and libudev; or use the Speculos emulator (the ledger setting).`,
      { statusWord: null },
    );
  }
  const found = (await hid.devicesAsync()).find((d) => d.vendorId === LEDGER_VENDOR_ID && (d.usagePage === LEDGER_USAGE_PAGE || d.interface === 0) && d.path);
  if (!found)
    fail(
      'DEVICE',
      'No Ledger is connected by USB: plug it in, unlock it and open the TRON app (on Linux, install the udev rules the README gives under "Hardware signers").',
      { statusWord: null },
    );
  const device = await hid.HIDAsync.open(found.path!);
  return {
    async exchange(apdu: Uint8Array): Promise<Uint8Array> {
      for (const report of frameApdu(CHANNEL, apdu)) await device.write([0x00, ...report]);
      const answer = new HidAnswer(CHANNEL);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0)
          fail('DEVICE', `The Ledger did not answer within ${Math.round(timeoutMs / 1000)} s; nothing was signed or stored.`, { statusWord: null });
        const report = await device.read(Math.min(left, 1000));
        if (!report || report.length === 0) continue;
        const whole = answer.push(new Uint8Array(report));
        if (whole) return whole;
      }
    },
    async close(): Promise<void> {
      await device.close();
    },
  };
}
