/**
 * A stored transaction's status and the rows of the list (docs/decisions.md §7 "status, list"; the
 * page is transactions/queue.ts), and signing it with the
 * station's keys (docs/decisions.md §7 "sign"). An open transaction is asked about when its status is read
 * (docs/decisions.md §24): the block proving it, irreversible, makes it confirmed or failed.
 *
 * Invariants: a signature is checked (shared/approval/sign-check.ts, the same checks as tx sign and
 * the node), recovered to its key, and committed in the store (fsynced) before success is
 * reported; a transaction carries at most MAX_SIGNATURES; an expired or final one is not signed. A
 * key on a Ledger signs the stored raw bytes on the device (core/device-signer.ts), and its answer
 * is kept only once it recovers to that key over the stored txID.
 */
import { addressToBase58, parseAddress, type Address } from '../../shared/chain/address.ts';
import { checkSignable, checkSigner } from '../../shared/approval/sign-check.ts';
import { acceptedRisksInput, enforceSigningRisks } from '../../shared/approval/signing-risk.ts';
import { bytesToHex, equalBytes, hexToBytes } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { refreshOne } from './status-refresh.ts';
import { formatDuration } from '../../shared/base/duration.ts';
import { readBeforeShowing } from '../core/fresh-account.ts';
import { signOnLedger } from '../core/device-signer.ts';

import { recoverSigner } from '../../shared/chain/verify.ts';
import type { ListedTransaction } from '../store/transaction-list.ts';
import type { StationContext } from '../core/context.ts';
import { shownFateView } from '../core/fate-reports.ts';
import { isObserved } from '../core/provenance.ts';
import type { TransactionBook } from '../core/transaction-book.ts';
import type { ListEntryView, SignView } from '../core/views.ts';
import type { StationTransaction } from '../../shared/api/station-api.ts';
import { apiTransaction } from '../core/transaction-api.ts';
import { MAX_SIGNATURES, type TxStatus } from '../../shared/base/limits.ts';
import { addressTextInput } from '../../shared/chain/input.ts';

function listEntry(ctx: StationContext, r: ListedTransaction, account: string, status: TxStatus): ListEntryView {
  return {
    txId: r.txKey,
    kind: r.kind,
    account,
    status,
    weight: r.weight ?? '0',
    threshold: r.threshold,
    signatureCount: r.signatureCount,
    expiration: r.expiration,
    note: r.note,
    chain: shownFateView(ctx, r.txKey, r.chain),
  };
}

/**
 * Listed rows as list entries at `now` (the queue's page, transactions/queue.ts), each status as
 * shown now. An account's base58 (a double sha256) is worked out once per account per call.
 */
export function entriesOf(ctx: StationContext, book: TransactionBook, rows: readonly ListedTransaction[], now: number): ListEntryView[] {
  const out: ListEntryView[] = [];
  const names = new Map<string, string>(); // account hex -> base58
  for (const r of rows) {
    const status = book.shownStatus(r.status, r.expiration, now);
    let account = names.get(r.accountHex);
    if (account === undefined) names.set(r.accountHex, (account = addressToBase58(hexToBytes(r.accountHex))));
    out.push(listEntry(ctx, r, account, status));
  }
  return out;
}

export function statusFeature(ctx: StationContext, book: TransactionBook) {
  return {
    /** Status: approvers, weight of threshold, missing weight, who could complete it, time left. */
    async status(args: { txId: string }): Promise<StationTransaction> {
      const r = book.record(args.txId);
      // docs/decisions.md §24: an online station asks the node about an open one first (whoever broadcast it), and
      // records only what the block proves; offline, or on a bad reply, the stored status is shown.
      const settled = r.status === 'confirmed' || (r.chain !== null && isObserved(r.chain.source));
      if (r.status !== 'draft' && !settled) await refreshOne(ctx, r);
      // docs/decisions.md §24: a transaction still to sign is shown against the account as the chain has it now.
      const open = r.status === 'draft' || r.status === 'collecting' || r.status === 'ready';
      const read = open ? await readBeforeShowing(ctx, r.account) : null;
      // The record is read again only when the node's answer may have moved it.
      return apiTransaction(book.view(r.status !== 'draft' && !settled ? r.txId : r, read?.text ?? null), ctx.labels());
    },

    /**
     * Signs with `key`, or by default every local key of the permission that has not signed. A
     * transaction whose view flags a risk that needs an override (a call to no known function) is
     * refused unless `acceptRisk` names it; an accepted risk is audited with each signature.
     */
    async sign(args: { txId: string; key?: string; acceptRisk?: unknown }): Promise<SignView> {
      const accepted = acceptedRisksInput(args.acceptRisk, 'acceptRisk');
      // The record is read once and the signer's view built once (docs/decisions.md §8): the view's
      // warnings decide what may be signed, and the answer shows it with the new signatures.
      const r = book.record(args.txId);
      const now = ctx.now();
      if (now >= r.expiration)
        fail('EXPIRED', `txid: transaction ${bytesToHex(r.txId)} expired ${formatDuration(now - r.expiration)} ago; re-issue it to make a new one`, {
          field: 'txid',
        });
      if (r.status !== 'draft' && r.status !== 'collecting' && r.status !== 'ready')
        fail('CONFLICT', `txid: the transaction is ${r.status}; there is nothing to sign`, { field: 'txid' });
      if (r.permission === null)
        fail(
          'PERMISSION',
          `txid: this station does not know the permission ${r.permissionId} of ${addressToBase58(r.account)}; fetch the account from the node, or import a handoff file that carries it`,
          { field: 'txid' },
        );
      // The shared pre-sign checks (shared/approval/sign-check.ts), as tx sign and the node run them.
      const check = checkSignable(book.signed(r), { now, permission: book.permissionFromBytes(r.permission) });
      const { numbers } = book.approval(r);
      let targets: Address[];
      if (args.key !== undefined) {
        const k = addressTextInput(args.key, 'key');
        if (!ctx.store.getKey(k)) fail('NOT_FOUND', `key: this station holds no key for ${addressToBase58(k)}`, { field: 'key' });
        checkSigner(check, k);
        targets = [k];
      } else {
        targets = numbers.couldSign.filter((s) => s.local).map((s) => parseAddress(s.address));
        if (targets.length === 0) {
          fail(
            'PERMISSION',
            `txid: no key on this station can add a signature (keys of the permission that have not signed: ${numbers.couldSign.map((s) => s.address).join(', ') || 'none'})`,
            { field: 'txid' },
          );
        }
        for (const t of targets) checkSigner(check, t);
      }
      if (numbers.signers.length + targets.length > MAX_SIGNATURES)
        fail('PERMISSION', `txid: a transaction carries at most ${MAX_SIGNATURES} signatures`, { field: 'txid' });
      // Clear signing: what the signer's view cannot say in words is signed only with the risk named.
      const shown = book.details(r, now);
      const risks = enforceSigningRisks(shown.warnings, accepted);
      const signed: string[] = [];
      // Keys on a Ledger (docs/decisions.md §23) sign last, each on the device, from the stored bytes.
      const onDevice = (a: Address): boolean => ctx.store.getKey(a)?.vault === 'ledger';
      targets.sort((a, b) => Number(onDevice(a)) - Number(onDevice(b)));
      for (const t of targets) {
        const b58 = addressToBase58(t);
        const key = ctx.store.getKey(t);
        const signature = key?.vault === 'ledger' ? await signOnLedger(ctx, key, r.raw) : await ctx.vault().sign(b58, r.txId);
        if (!equalBytes(recoverSigner(signature, r.txId), t)) fail('INTERNAL', `the vault's signature for ${b58} does not recover to it`, { field: 'key' });
        ctx.store.atomic(() => {
          // The override and the signature it let through are committed together.
          if (risks.length > 0) ctx.store.appendAudit({ action: 'sign.accept-risk', subject: bytesToHex(r.txId), details: { risks, signer: b58 } });
          ctx.store.addSignature({ txId: r.txId, signer: t, signature, origin: { kind: 'local key' } });
        });
        signed.push(b58);
      }
      const after = book.refreshStatus(r);
      return { txId: bytesToHex(r.txId), signed, status: after.status, transaction: apiTransaction(book.view(after, null, shown), ctx.labels()) };
    },
  };
}
