/**
 * Proofs of possession as services (docs/decisions.md §10): the station's entries over proofs.ts, which holds the
 * logic. These check the arguments and pass the station's parts (store, vault, clock); files come
 * and go as text.
 *
 * Invariant: a proof is stored only after its signature is verified against the pending challenge
 * it answers (proofs.ts).
 */
import type { StationContext } from '../core/context.ts';
import { signMessageOnLedger } from '../core/device-signer.ts';
import {
  importProofFile,
  listProvedKeys,
  makeProofChallenge,
  signProofChallenge,
  type ProofChallengeView,
  type ProofDeps,
  type ProofSignView,
  type ProvedKeyView,
} from './proofs.ts';
import { MAX_PERMISSION_JSON_BYTES, MAX_INPUT_FILE_BYTES } from '../../shared/base/limits.ts';
import { addressTextInput, textArg } from '../../shared/chain/input.ts';

export function proofsFeature(ctx: StationContext) {
  const deps: ProofDeps = {
    store: ctx.store,
    vault: () => ctx.vault(),
    now: () => ctx.now(),
    device: (key, message) => signMessageOnLedger(ctx, key, message),
  };
  return {
    /** A challenge file for `key` of the proposed permissions (the node's AccountPermissionUpdateContract JSON text); stored as pending. */
    proofChallenge(args: { account: string; key: string; permissionJson: string; lifetimeMs?: number }): ProofChallengeView {
      return makeProofChallenge(deps, {
        account: addressTextInput(args.account, 'account'),
        key: addressTextInput(args.key, 'key'),
        permissionJson: textArg(args.permissionJson, 'permissionJson', MAX_PERMISSION_JSON_BYTES),
        ...(args.lifetimeMs !== undefined && { lifetimeMs: args.lifetimeMs }),
      });
    },

    /** The proof file answering a challenge file, signed in the vault by the key it names (held here). */
    proofSign(args: { text: string }): Promise<ProofSignView> {
      return signProofChallenge(deps, textArg(args.text, 'text', MAX_INPUT_FILE_BYTES));
    },

    /** Verifies a proof file against the pending challenge it answers, and stores it; refused with one sentence otherwise. */
    proofImport(args: { fileName: string; text: string }): ProvedKeyView {
      return importProofFile(deps, { fileName: args.fileName, text: textArg(args.text, 'text', MAX_INPUT_FILE_BYTES) });
    },

    /** Keys proved to this station, with the permission hash each proved and when. */
    proofList(args: { account?: string } = {}): { proofs: ProvedKeyView[] } {
      return { proofs: listProvedKeys(deps, args.account === undefined ? undefined : addressTextInput(args.account, 'account')) };
    },
  };
}
