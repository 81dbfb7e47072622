/**
 * The station API's table for one feature. Keys and the keystore's passphrase (station/keys/keys.ts,
 * station/keys/vault-lock.ts): the vault's status, the keys it holds, and the two arguments that carry
 * a secret into the main process. Merged with the other features' tables in shared/api/station-api.ts,
 * which refuses a method declared by two.
 */
import * as v from 'valibot';
import { defineApi } from '../api-contract.ts';
import { PRIVATE_KEY_TEXT_RE } from '../../base/secrets.ts';
import { apiAddressArg, apiTxIdArg, labelArg, KEY_VIEW, LEDGER_PLAN_VIEW, VAULT_STATUS } from '../station-parts.ts';

export const KEYS_API = defineApi({
  keysStatus: { args: v.undefined(), result: VAULT_STATUS },
  keysList: { args: v.undefined(), result: v.strictObject({ keys: v.array(KEY_VIEW) }) },
  keysNew: { args: v.strictObject({ label: v.optional(labelArg) }), result: KEY_VIEW },
  /**
   * The one argument that carries a secret, as 64 hex digits: the handler turns it into bytes for
   * the vault, which wipes them. The result names the address only.
   */
  keysImport: {
    args: v.strictObject({ privateKeyHex: v.pipe(v.string(), v.regex(PRIVATE_KEY_TEXT_RE, 'a private key: 64 hex digits')), label: v.optional(labelArg) }),
    result: v.strictObject({ key: KEY_VIEW, created: v.boolean() }),
  },
  keysLabel: { args: v.strictObject({ address: apiAddressArg, label: labelArg }), result: KEY_VIEW },
  /**
   * docs/decisions.md §23: adds the key of the Ledger the `ledger` setting reaches, at `path` or account index
   * `account` (default 0), once the person confirms its address on the device's screen.
   */
  keysLedgerAdd: {
    args: v.strictObject({
      account: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2_147_483_647))),
      path: v.optional(v.pipe(v.string(), v.maxLength(120, 'a derivation path of at most 120 characters'))),
      label: v.optional(labelArg),
    }),
    result: v.strictObject({ ...KEY_VIEW.entries, text: v.string() }),
  },
  /** docs/decisions.md §23: what the Ledger will show for a stored transaction, the settings it needs, or why it cannot sign it. */
  ledgerPlan: { args: v.strictObject({ txId: apiTxIdArg }), result: LEDGER_PLAN_VIEW },
  keysDelete: { args: v.strictObject({ address: apiAddressArg }), result: v.strictObject({ address: v.string(), deleted: v.boolean() }) },

  /**
   * The keystore's passphrase typed in the desktop app (the one argument besides `keysImport`'s that
   * carries a secret): main turns it into UTF-8 bytes held only there, as the vault's passphrase
   * source, until `vaultLock` or the station closes. Checked against the keystore first: a wrong one
   * is KEYSTORE_PASSPHRASE and nothing is held. The result is the vault's status.
   */
  vaultUnlock: {
    args: v.strictObject({
      passphrase: v.pipe(
        v.string(),
        v.minLength(1, 'a passphrase'),
        v.maxLength(1_024, 'a passphrase of at most 1024 characters'),
        // A lone surrogate would reach the keystore as U+FFFD: another passphrase than the one typed.
        v.check((s) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s), 'a passphrase of well-formed text'),
      ),
    }),
    result: VAULT_STATUS,
  },
  /** Wipes the held passphrase and the keystore's derived key; the vault's status after. */
  vaultLock: { args: v.undefined(), result: VAULT_STATUS },
});
