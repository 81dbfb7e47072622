/**
 * The keystore's passphrase held for a desktop session (docs/decisions.md §9, "Keystore passphrase from the
 * UI"): the desktop app has no terminal to prompt on, so the person types the passphrase into the
 * renderer once (`vaultUnlock`), and main keeps its bytes here, in the main process only, as the
 * keystore vault's PassphraseSource (passphrase.ts) until `vaultLock` or the station closes.
 *
 * Invariant: the bytes are wiped when replaced, on `clear()`, and never handed out: the vault gets
 * a copy each time (it wipes what it receives, right after scrypt). Nothing here is ever written
 * to disk, logged or put in an error.
 */
import { wipe } from '../../shared/base/bytes.ts';
import type { PassphrasePurpose } from './passphrase.ts';

export class HeldPassphrase {
  #bytes: Uint8Array | null = null;

  get held(): boolean {
    return this.#bytes !== null;
  }

  /** Takes `bytes` (owned from now on, wiped when replaced or cleared), wiping any held before. */
  hold(bytes: Uint8Array): void {
    if (bytes === this.#bytes) return;
    this.clear();
    this.#bytes = bytes;
  }

  clear(): void {
    if (this.#bytes !== null) wipe(this.#bytes);
    this.#bytes = null;
  }

  /** A copy for the vault, which wipes it; null when nothing is held. */
  copy(_purpose?: PassphrasePurpose): Uint8Array | null {
    return this.#bytes === null ? null : Uint8Array.from(this.#bytes);
  }
}
