/**
 * Opens the vault a station uses (docs/decisions.md §7, "Vault"): `--vault keychain` (the default) or
 * `--vault keystore`. The choice is explicit on purpose: a keychain that fails is an error that
 * says to pick the keystore, never a silent switch to it (fail closed).
 */
import { fail } from '../../shared/base/errors.ts';
import { KeychainVault } from './keychain-vault.ts';
import { KeystoreVault } from './keystore-vault.ts';
import type { PassphraseSource } from './passphrase.ts';
import type { Vault, VaultKind } from './vault.ts';
import { VAULT_KINDS } from '../../shared/api/station-parts.ts';

export function parseVaultKind(value: unknown, field = '--vault'): VaultKind {
  if (typeof value === 'string' && (VAULT_KINDS as readonly string[]).includes(value)) return value as VaultKind;
  fail('INVALID_INPUT', `${field}: expected keychain or keystore`, { field });
}

export interface OpenVaultOptions {
  dataDir: string;
  /** Asked only by the keystore, and only when keys must be decrypted or the file created. */
  passphrase: PassphraseSource;
}

export function openVault(kind: VaultKind, options: OpenVaultOptions): Vault {
  return kind === 'keychain' ? new KeychainVault(options.dataDir) : new KeystoreVault(options);
}
