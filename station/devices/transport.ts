/**
 * A way to reach a Ledger (docs/decisions.md §23): one APDU out, its answer (data ‖ status word) back. Two kinds
 * implement it: USB HID (`usb-transport.ts`, over node-hid 3) and the Speculos emulator's HTTP API
 * (`speculos-transport.ts`); tests add a replayer of recorded exchanges and a virtual device.
 *
 * Invariant: a transport moves bytes and nothing else: it never reads or judges them (the client,
 * `ledger-client.ts`, does), and every failure to move them is a DEVICE error in words.
 */
export interface LedgerTransport {
  /** Sends one command and returns the device's whole answer, status word included. */
  exchange(apdu: Uint8Array): Promise<Uint8Array>;
  /** Lets the device go; idempotent. */
  close(): Promise<void>;
}

/** The `ledger` setting: USB (the default) or a Speculos emulator's API at an http:// URL. */
export type LedgerTransportSetting = { kind: 'usb' } | { kind: 'speculos'; url: string };
