/**
 * Why the transaction screen cannot count the weight, in the signer's words (docs/decisions.md §18 "Builds under
 * a permission that cannot run the contract ... then the screen claims the station does not know
 * the account's permissions"). The station's approval view (shared/views/view.ts approvalView)
 * carries no permission either when the station holds none for the transaction, or when it holds
 * one the transaction cannot count against: its operations leave the contract out, the id names no
 * permission, or it is of a type that never signs. Only the first is "does not know"; the others
 * say what is wrong and what to do, since no signature can ever make such a transaction valid.
 *
 * Invariant: the node's result text is never the only thing shown: each known refusal is put in
 * words (shared/approval/authorization.ts cannotCountWords, as the station's next step says it), an
 * unknown one keeps the node's message after a sentence that says what it means here.
 */
import type { StationTransaction } from '../../shared/api/station-api.ts';
import { cannotCountWords } from '../../shared/approval/authorization.ts';

export function approvalGap(tx: StationTransaction): string {
  const id = tx.view.permissionId;
  const approval = tx.approval;
  if (approval === null)
    return 'This station does not know the permission the signers count against, so the weight cannot be counted: fetch the account from the node, or import a handoff file that carries it.';
  const words = cannotCountWords(approval.result.message, id, tx.view.title);
  if (words === null) return `The weight cannot be counted against permission ${id}: ${approval.result.message ?? approval.result.code}.`;
  return `${words[0]!.toUpperCase()}${words.slice(1)}. No signature can make this transaction valid: discard it and build it again under a permission that allows it.`;
}
