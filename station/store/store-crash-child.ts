// The crash test's writer (run by station/store/store-crash.test.ts, never by vitest itself): opens the
// store of the data directory given as argv[2] and adds signatures to the transaction argv[3] in a
// loop, printing "signerHex signatureHex" with a synchronous write only after addSignature has
// returned. Whatever it printed, the store must still hold after a SIGKILL (docs/decisions.md §7).
import { writeSync } from 'node:fs';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { openStore } from './store.ts';
import { randomAddress, randomSignature, sealIn } from '../../test/helpers/store-helpers.ts';

// stdout is a pipe the parent may leave full for a moment; Node makes it non-blocking, so a
// synchronous write can fail with EAGAIN or write part of the line. Retry the rest after a 1 ms
// pause (still before the next signature is added), so a slow reader never kills the writer.
const pause = new Int32Array(new SharedArrayBuffer(4));
function writeLine(line: string): void {
  let bytes = Buffer.from(line);
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(writeSync(1, bytes));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

const [dataDir, txIdHex] = process.argv.slice(2);
if (!dataDir || !txIdHex) throw new Error('usage: store-crash-child.ts DATA_DIR TXID_HEX');
const store = openStore({ dataDir }, { seal: sealIn(dataDir) });
const txId = hexToBytes(txIdHex);
writeLine('ready\n');
for (;;) {
  const signer = randomAddress();
  const signature = randomSignature();
  const result = store.addSignature({ txId, signer, signature, origin: { kind: 'local key' } });
  if (!result.added) throw new Error('a fresh signer was reported as a duplicate');
  writeLine(`${bytesToHex(signer)} ${bytesToHex(signature)}\n`);
}
