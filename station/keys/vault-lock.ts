/**
 * The keystore's passphrase from the desktop app (docs/decisions.md §8 `vaultUnlock`, `vaultLock`, `keysStatus`):
 * the passphrase typed on the Keys screen is proved against the keystore file and then held in
 * main (station/vault/held-passphrase.ts) until it is locked again or the station closes.
 *
 * Invariants: the passphrase bytes are owned from the call on and always wiped, at once when
 * refused; a wrong passphrase changes nothing (one held before stays held); a new keystore's
 * passphrase is at least PASSPHRASE_MIN_BYTES; the status never throws.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { wipe } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import type { StationContext } from '../core/context.ts';
import type { VaultStatusView } from '../core/views.ts';
import { KeystoreVault } from '../vault/keystore-vault.ts';
import { KEYSTORE_FILE } from '../vault/keystore-file.ts';
import { PASSPHRASE_MAX_BYTES, PASSPHRASE_MIN_BYTES } from '../../shared/base/limits.ts';

export function vaultLockFeature(ctx: StationContext) {
  /** Locked: a keystore station with no passphrase held and no source to ask, so signing and key changes would fail. */
  const vaultLocked = (): boolean => ctx.vaultKind() === 'keystore' && !ctx.heldPassphrase.held && ctx.options.passphrase === undefined;

  /** The vault's status (never throws), with whether the keystore waits for its passphrase. */
  const keysStatus = async (): Promise<VaultStatusView> => {
    const s = await ctx.vault().status();
    const locked = vaultLocked();
    const message = !locked
      ? (s.message ?? null)
      : existsSync(join(ctx.dataDir, KEYSTORE_FILE))
        ? 'The keystore is locked: enter its passphrase to sign or to change keys.'
        : `There is no keystore yet: choose its passphrase (at least ${PASSPHRASE_MIN_BYTES} bytes); the first key creates the keystore with it.`;
    return { kind: s.kind, available: s.available, message, locked };
  };

  return {
    vaultLocked,
    keysStatus,

    /**
     * Holds `passphrase` (owned from now on; always wiped, at once when refused) as the keystore's
     * passphrase for this session, after proving it against the keystore file: a wrong one is the
     * vault's KEYSTORE_PASSPHRASE and changes nothing (a passphrase held before stays held). With no
     * keystore yet it becomes the new keystore's passphrase, so it must be long enough for one.
     */
    async vaultUnlock(passphrase: Uint8Array): Promise<VaultStatusView> {
      let pending: Uint8Array | null = passphrase;
      try {
        if (!(passphrase instanceof Uint8Array)) fail('INVALID_INPUT', 'passphrase: expected bytes', { field: 'passphrase' });
        if (ctx.vaultKind() !== 'keystore')
          fail('INVALID_INPUT', 'passphrase: this station keeps its keys in the system keychain, which takes no passphrase here', { field: 'passphrase' });
        if (passphrase.length === 0) fail('INVALID_INPUT', 'passphrase: the passphrase is empty', { field: 'passphrase' });
        if (passphrase.length > PASSPHRASE_MAX_BYTES)
          fail('INVALID_INPUT', `passphrase: a passphrase is at most ${PASSPHRASE_MAX_BYTES} bytes`, { field: 'passphrase' });
        // A vault of its own asks the candidate while it is checked, then the held passphrase.
        const vault = ctx.openVaultWith(async (purpose) => (pending !== null ? Uint8Array.from(pending) : ctx.passphraseFor(purpose)));
        const existing = vault instanceof KeystoreVault && (await vault.checkPassphrase());
        if (!existing && passphrase.length < PASSPHRASE_MIN_BYTES) {
          fail('INVALID_INPUT', `passphrase: a new keystore's passphrase must be at least ${PASSPHRASE_MIN_BYTES} bytes`, { field: 'passphrase' });
        }
        ctx.heldPassphrase.hold(passphrase);
        pending = null;
        ctx.replaceVault(vault);
      } finally {
        if (pending !== null) wipe(pending);
      }
      return keysStatus();
    },

    /** Wipes the held passphrase and the keystore's derived key: the next use needs `vaultUnlock` again. */
    vaultLock(): Promise<VaultStatusView> {
      ctx.heldPassphrase.clear();
      ctx.lockVault();
      return keysStatus();
    },
  };
}
