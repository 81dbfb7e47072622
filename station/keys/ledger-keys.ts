/**
 * Keys on a Ledger (docs/decisions.md §23): add one by derivation path (default 44'/195'/0'/0/0, or an account
 * index), its address confirmed on the device's screen; and what the device will show for a stored
 * transaction, for the transaction screen and the CLI, before it is asked to sign.
 *
 * Invariants: nothing secret is stored (the address, the path and the app version seen); the
 * address kept is the one the device confirmed, and only once it is the one its public key makes;
 * a key already held is never replaced (CONFLICT); the plan is read from the stored raw bytes.
 */
import { fromBinary } from '@bufbuild/protobuf';
import { PermissionSchema } from '../../shared/gen/protocol/core_pb.ts';
import { addressToBase58, parseAddress } from '../../shared/chain/address.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { formatLedgerPath, ledgerPathForAccount, parseLedgerPath } from '../../shared/devices/ledger-apdu.ts';
import { ledgerPlan, type LedgerPlan } from '../../shared/devices/ledger-screens.ts';
import { hexInput } from '../../shared/chain/input.ts';
import { withLedger } from '../core/device-signer.ts';
import type { StationContext } from '../core/context.ts';
import type { StationKeyView } from '../core/views.ts';
import { keyLabelArg } from './keys.ts';

export interface LedgerPlanView extends LedgerPlan {
  txId: string;
  /** The Ledger keys held here that belong to the stored permission and have not signed. */
  keys: { address: string; path: string; label: string }[];
}

export function ledgerKeysFeature(ctx: StationContext) {
  const view = (address: Uint8Array): StationKeyView => {
    const k = ctx.store.getKey(address)!;
    return { address: addressToBase58(k.address), hex: bytesToHex(k.address), label: k.label, vault: k.vault, createdAt: k.createdAt, device: k.device };
  };

  return {
    /**
     * Adds the key at `path` (or `44'/195'/<account>'/0/0`) of the Ledger the `ledger` setting
     * reaches, once the person confirms its address on the device's screen.
     */
    async keysLedgerAdd(args: { path?: unknown; account?: unknown; label?: unknown } = {}): Promise<StationKeyView & { text: string }> {
      if (args.path !== undefined && args.account !== undefined)
        fail('INVALID_INPUT', 'path: give a derivation path or an account index, not both', { field: 'path' });
      const path = args.path !== undefined ? parseLedgerPath(args.path) : parseLedgerPath(ledgerPathForAccount(args.account ?? 0), 'account');
      const label = args.label === undefined ? '' : keyLabelArg(args.label);
      const { address, version } = await withLedger(ctx, async (ledger) => {
        const config = await ledger.configuration();
        try {
          return { ...(await ledger.address(path, true)), version: config.version };
        } catch (e) {
          if (e instanceof AirlockError && e.details?.statusWord === '0x6985')
            fail('DEVICE', 'The address was not confirmed on the device (the signer chose Reject); no key was added.', { statusWord: '0x6985' });
          throw e;
        }
      });
      const bytes = parseAddress(address);
      if (ctx.store.getKey(bytes)) fail('CONFLICT', `path: this station already holds the key ${address}; nothing was changed`, { field: 'path', address });
      const pathText = formatLedgerPath(path);
      ctx.store.addKey({ address: bytes, label, vault: 'ledger', device: { path: pathText, appVersion: version } });
      return {
        ...view(bytes),
        text: `Added ${address}, the Ledger key at ${pathText} (TRON app ${version}), as confirmed on the device. Nothing secret is stored here.`,
      };
    },

    /** What the device will show for a stored transaction, and which Ledger keys here could sign it. */
    ledgerPlan(args: { txId: unknown }): LedgerPlanView {
      const txId = hexInput(args.txId, 'txid', 32);
      const r = ctx.store.getTransaction(txId);
      if (!r) fail('NOT_FOUND', `txid: no stored transaction ${bytesToHex(txId)}`, { field: 'txid' });
      const signed = new Set(ctx.store.listSignatures(txId).map((s) => bytesToHex(s.signer)));
      const members = r.permission === null ? null : new Set(permissionKeyHexes(r.permission));
      const keys = ctx.store
        .listKeys()
        .filter((k) => k.vault === 'ledger' && !signed.has(bytesToHex(k.address)) && (members === null || members.has(bytesToHex(k.address))))
        .map((k) => ({ address: addressToBase58(k.address), path: k.device!.path, label: k.label }));
      return { txId: bytesToHex(txId), ...ledgerPlan(r.raw), keys };
    },
  };
}

/** The key addresses (hex) of a stored permission. */
function permissionKeyHexes(permission: Uint8Array): string[] {
  return fromBinary(PermissionSchema, permission).keys.map((k) => bytesToHex(k.address));
}
