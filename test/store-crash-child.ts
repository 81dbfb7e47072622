// The crash test's writer (run by test/store-crash.test.ts, never by vitest itself): opens the
// store of the data directory given as argv[2] and adds signatures to the transaction argv[3] in a
// loop, printing "signerHex signatureHex" with a synchronous write only after addSignature has
// returned. Whatever it printed, the store must still hold after a SIGKILL (issue 7).
import { writeSync } from 'node:fs';
import { bytesToHex, hexToBytes } from '../shared/bytes.ts';
import { openStore } from '../electron/station/store.ts';
import { randomAddress, randomSignature } from './store-helpers.ts';

const [dataDir, txIdHex] = process.argv.slice(2);
if (!dataDir || !txIdHex) throw new Error('usage: store-crash-child.ts DATA_DIR TXID_HEX');
const store = openStore({ dataDir });
const txId = hexToBytes(txIdHex);
writeSync(1, 'ready\n');
for (;;) {
  const signer = randomAddress();
  const signature = randomSignature();
  const result = store.addSignature({ txId, signer, signature, origin: { kind: 'local key' } });
  if (!result.added) throw new Error('a fresh signer was reported as a duplicate');
  writeSync(1, `${bytesToHex(signer)} ${bytesToHex(signature)}\n`);
}
