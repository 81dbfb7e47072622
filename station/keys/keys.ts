/**
 * Keys (docs/decisions.md §7 "keys"): make a key in the vault, import one, list, label and delete them. The
 * vault (station/vault/) holds the key bytes; the store records the address, its label and which
 * vault holds it.
 *
 * Invariants: no view carries key bytes (the vault hands back addresses only); an imported secret
 * is wiped whatever happens, also when its label is refused; a key is deleted from the vault
 * before its record goes; a label is never a private key's text.
 */
import { addressToBase58, parseAddress } from '../../shared/chain/address.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { holdsPrivateKeyText } from '../../shared/base/secrets.ts';
import { hasUnsafeText } from '../../shared/base/escape.ts';
import type { StationContext } from '../core/context.ts';
import type { StationKeyView } from '../core/views.ts';
import { addressTextInput, textArg } from '../../shared/chain/input.ts';

/**
 * A key's label: free text of at most 200 characters that is not a private key (docs/decisions.md §16 "a key
 * label may be a private key"): a key pasted into the label field would sit in the store and every
 * view in the clear. Like an address-book label it must read exactly as it is stored, so a control,
 * bidi, zero-width or other invisible character is refused rather than escaped wherever it shows.
 * The refusal describes the label and never quotes it.
 */
export function keyLabelArg(value: unknown): string {
  const label = textArg(value, 'label', 200);
  if (holdsPrivateKeyText(label)) {
    fail(
      'INVALID_INPUT',
      'label: this label holds a run of 64 hex digits, the form of a private key; a label is a name for the key, and a private key typed here would be stored in the clear, so nothing was stored',
      { field: 'label' },
    );
  }
  if (hasUnsafeText(label)) {
    fail(
      'INVALID_INPUT',
      'label: this label holds a control, bidi, zero-width or other invisible character; a label must read exactly as it is stored, so nothing was stored',
      { field: 'label' },
    );
  }
  return label;
}

export function keysFeature(ctx: StationContext) {
  const keyView = (address: Uint8Array): StationKeyView => {
    const k = ctx.store.getKey(address)!;
    return { address: addressToBase58(k.address), hex: bytesToHex(k.address), label: k.label, vault: k.vault, createdAt: k.createdAt, device: k.device };
  };

  return {
    async keysNew(args: { label?: string } = {}): Promise<StationKeyView> {
      const label = args.label === undefined ? '' : keyLabelArg(args.label);
      const { address } = await ctx.vault().generate();
      const bytes = parseAddress(address);
      ctx.store.addKey({ address: bytes, label, vault: ctx.vaultKind() });
      return keyView(bytes);
    },

    /** Keeps `secret` in the vault (which wipes it) and records the address. */
    async keysImport(args: { secret: Uint8Array; label?: string }): Promise<StationKeyView & { created: boolean }> {
      let label: string;
      try {
        label = args.label === undefined ? '' : keyLabelArg(args.label);
      } catch (e) {
        args.secret.fill(0);
        throw e;
      }
      const { address, created } = await ctx.vault().importKey(args.secret);
      const bytes = parseAddress(address);
      const known = ctx.store.getKey(bytes) !== undefined;
      if (!known) ctx.store.addKey({ address: bytes, label, vault: ctx.vaultKind() });
      return { ...keyView(bytes), created: created || !known };
    },

    /** Every key held (the API table's shape: under `keys`). */
    keysList(): { keys: StationKeyView[] } {
      return { keys: ctx.store.listKeys().map((k) => keyView(k.address)) };
    },

    keysLabel(args: { address: string; label: string }): StationKeyView {
      const a = addressTextInput(args.address, 'address');
      ctx.store.labelKey(a, keyLabelArg(args.label));
      return keyView(a);
    },

    async keysDelete(args: { address: string }): Promise<{ address: string; deleted: boolean }> {
      const a = addressTextInput(args.address, 'address');
      const k = ctx.store.getKey(a);
      if (!k) fail('NOT_FOUND', `address: this station holds no key for ${addressToBase58(a)}`, { field: 'address' });
      // A hardware key's secret is on the device: forgetting it here deletes nothing there.
      const deleted = k.vault === 'ledger' ? true : await ctx.vault().delete(addressToBase58(a));
      ctx.store.deleteKey(a);
      return { address: addressToBase58(a), deleted };
    },
  };
}
