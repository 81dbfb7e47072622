/**
 * Discarding a draft (docs/decisions.md §18 "a mistaken draft cannot be discarded"): a transaction that never
 * reached the chain leaves the queue; the audit log keeps what it was (txID, contract kind, account,
 * permission, status, how many signatures and whose, who asked, when).
 *
 * What happens to its signatures: they are deleted with it (a signature exists only under its
 * transaction). A signature is an authorization anyone holding the bytes can broadcast until the
 * transaction expires, so a station that discards a draft keeps no copy it could still send; the
 * audit entry keeps the signers' addresses, never the signature bytes. A copy already handed off in
 * a file stays valid on chain until it expires: the answer says so, with the time left.
 *
 * Invariants: a transaction broadcast, confirmed, reported in a block, or held by the node now
 * (asked first when the node answers) is refused in words and kept; a refusal changes nothing; the
 * removal and its audit entry are one store transaction (station/store/transactions.ts
 * discardTransaction, which refuses the same statuses again).
 */
import { userInfo } from 'node:os';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { CONTRACT_WORDS } from '../../shared/contracts/describe.ts';
import type { SupportedContractName } from '../../shared/chain/contract-types.ts';
import type { StationContext } from '../core/context.ts';
import { timeLeft } from '../core/records.ts';
import type { TransactionBook } from '../core/transaction-book.ts';
import { fateNow } from './status-refresh.ts';

/** Who asked, as the audit entry names it: the front end, and the operating-system user running the station. */
export type DiscardVia = 'desktop app' | 'command line' | 'station API';

export interface DiscardView {
  txId: string;
  /** The contract type name (TransferContract, ...). */
  kind: string;
  /** Signatures deleted with it. */
  signatures: number;
  text: string;
}

function whoAsked(via: DiscardVia): string {
  try {
    return `${via}, user ${userInfo().username}`;
  } catch {
    // No user entry (a container without /etc/passwd): the front end alone still says something.
    return via;
  }
}

export function discardFeature(ctx: StationContext, book: TransactionBook) {
  return {
    /**
     * Removes a transaction that is not on chain and was never broadcast. Asks the node first when
     * it answers (a copy another station broadcast is found and recorded, and the discard refused).
     */
    async discard(args: { txId: string }, via: DiscardVia = 'station API'): Promise<DiscardView> {
      let r = book.record(args.txId);
      const words = CONTRACT_WORDS[r.kind as SupportedContractName]?.title.toLowerCase() ?? r.kind;
      const onChain = (block: number) =>
        fail('CONFLICT', `txid: this ${words} is on chain in block ${block}; a transaction on chain cannot be discarded`, { field: 'txid', block });
      if (r.chain !== null) onChain(r.chain.block);
      if (r.status === 'confirmed') fail('CONFLICT', `txid: this ${words} is confirmed on chain; it cannot be discarded`, { field: 'txid' });
      if (r.status === 'broadcast')
        fail('CONFLICT', `txid: this ${words} was broadcast, so the chain may hold it; it cannot be discarded. Wait until it is confirmed or expires`, {
          field: 'txid',
        });
      const fate = await fateNow(ctx, r);
      if (fate?.kind === 'in block') onChain(fate.block);
      if (fate?.kind === 'pending')
        fail('CONFLICT', `txid: the node already holds this ${words} and puts it in its next block; it cannot be discarded`, { field: 'txid' });
      r = book.record(args.txId);
      const gone = ctx.store.discardTransaction(r.txId, whoAsked(via));
      const signatures = gone.signatureCount;
      const left = r.expiration - ctx.now();
      const copies =
        signatures > 0 && left > 0
          ? ` A copy already handed off in a file stays valid on chain until it expires (${timeLeft(left)}); discarding here does not stop it.`
          : '';
      return {
        txId: bytesToHex(r.txId),
        kind: r.kind,
        signatures,
        text: `Discarded the ${words}: it left the queue, with its ${signatures} signature(s); the audit log keeps what it was.${copies}`,
      };
    },
  };
}
