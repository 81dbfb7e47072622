/**
 * The key-bytes scan's cases for proofs of possession (the holder proves its key to this same station): the methods of shared/api/tables/proofs.ts, in the order they
 * run (test/integration/station-api-key-scan.test.ts runs the features' cases in its own order).
 */
import { holderOnlyUpdate, type ScanCases, type ScanContext } from './scan-case.ts';

export const PROOFS_CASES = (t: ScanContext): ScanCases<'proofs'> => ({
  // The holder proves its key to this same station: challenge, sign in the vault, import, list.
  proofChallenge: {
    expect: 'ok',
    args: () => ({
      account: t.holder.b58,
      key: t.holder.b58,
      permissionJson: holderOnlyUpdate(t),
    }),
    keep: (v) => (t.got.challenge = v.text as string),
  },
  proofSign: { expect: 'ok', args: () => ({ text: t.got.challenge }), keep: (v) => (t.got.proof = { fileName: v.fileName as string, text: v.text as string }) },
  proofImport: { expect: 'ok', args: () => ({ fileName: t.got.proof!.fileName, text: t.got.proof!.text }) },
  proofList: { expect: 'ok', args: () => ({ account: t.holder.b58 }) },
});
