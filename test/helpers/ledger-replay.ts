/**
 * A Ledger transport that plays recorded exchanges back (docs/decisions.md §23): each command sent must be the
 * next recorded one, byte for byte, and gets the recorded answer. Used with the public recordings of
 * a real device (test/fixtures/ledger/) so the station's commands are proved equal to what Ledger's
 * own library sent a real device.
 *
 * Invariant: a command that differs from the recording, or one past its end, throws naming both in
 * hex; `left()` says how many recorded exchanges were never played.
 */
import { readFileSync } from 'node:fs';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import type { LedgerTransport } from '../../station/devices/transport.ts';

export interface RecordedExchange {
  out: string;
  in: string;
}

export class ReplayTransport implements LedgerTransport {
  private at = 0;
  private readonly exchanges: readonly RecordedExchange[];
  constructor(exchanges: readonly RecordedExchange[]) {
    this.exchanges = exchanges;
  }
  async exchange(apdu: Uint8Array): Promise<Uint8Array> {
    const next = this.exchanges[this.at++];
    const sent = bytesToHex(apdu);
    if (!next) throw new Error(`replay: command ${sent} sent after the recording's end`);
    if (next.out !== sent) throw new Error(`replay: sent ${sent}, the recording has ${next.out}`);
    return hexToBytes(next.in);
  }
  left(): number {
    return this.exchanges.length - this.at;
  }
  async close(): Promise<void> {}
}

/** The recordings of hw-app-trx's tests (test/fixtures/ledger/README.md says where they come from). */
export function ledgerRecordings(): {
  path: string;
  configuration: { exchanges: RecordedExchange[]; version: string };
  address: { exchanges: RecordedExchange[]; address: string; publicKey: string };
  transaction: { exchanges: RecordedExchange[]; rawDataHex: string; signature: string };
  hash: { exchanges: RecordedExchange[]; txId: string; signature: string };
  personalMessage: { exchanges: RecordedExchange[]; messageText: string; signature: string };
} {
  return JSON.parse(readFileSync(new URL('../fixtures/ledger/hw-app-trx-recordings.json', import.meta.url), 'utf8'));
}
