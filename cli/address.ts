/**
 * `airlock address`: an address in both written forms (PROTOCOL.md §2 "Address", "Base58Check"),
 * from either form or from a key file. The key is wiped as soon as its address is known.
 */
import { addressOfPrivateKey } from '../shared/chain/keys.ts';
import { describeAddress, parseAddress } from '../shared/chain/address.ts';
import { wipe } from '../shared/base/bytes.ts';

export function addressCommand(text: string) {
  return describeAddress(parseAddress(text));
}

export async function addressOfKeyCommand(loadKey: () => Promise<Uint8Array>) {
  const key = await loadKey();
  try {
    return describeAddress(addressOfPrivateKey(key));
  } finally {
    wipe(key);
  }
}
