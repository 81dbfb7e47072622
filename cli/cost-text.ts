/**
 * The cost block of docs/decisions.md §25 as the CLI prints it: one writer for `airlock cost TXID`
 * and the cost `airlock status TXID` adds when the station can read the node. What it says is the
 * station's transactionCost answer (station/transactions/cost.ts); nothing is estimated here.
 *
 * Invariants: one home for this text (the two commands never format a cost on their own); when the
 * node cannot be read, status says why in words and still prints the transaction; a cost is only
 * asked for a transaction not yet sent (after a broadcast the node's receipt says what it paid).
 */
import { formatUnits } from '../shared/base/display.ts';
import { AirlockError } from '../shared/base/errors.ts';
import type { Station } from '../station/station.ts';
import type { TransactionCostView } from '../station/transactions/cost.ts';
import { plain } from './station-text.ts';

const trx = (sun: string): string => `${formatUnits(BigInt(sun), 6)} TRX`;

/** The cost in words, one fact a line. */
export function costText(c: TransactionCostView): string {
  return [
    c.text,
    `read from ${plain(c.provenance.node)} at block ${c.provenance.block}; ${c.signatures} signature(s) counted`,
    ...(c.energy?.proposedFeeLimit !== undefined
      ? [`fee limit ${trx(c.energy.feeLimit)} (${c.energy.feeLimitCheck}); proposed ${trx(c.energy.proposedFeeLimit)}`]
      : []),
    ...(c.defaulted.length > 0 ? [`not reported by the node, reference defaults used: ${c.defaulted.join(', ')}`] : []),
    ...c.warnings.map((w) => `warning: ${w}`),
    ...(c.refusal ? [`refused: ${c.refusal}`] : []),
  ].join('\n');
}

/** The statuses whose cost is still ahead: nothing was sent yet. */
const NOT_SENT = new Set(['draft', 'collecting', 'ready', 'failed']);

/**
 * The cost block `airlock status` prints under the transaction: the cost read from the node now,
 * or why it could not be read (offline, or the node's answer refused); empty once the transaction
 * was sent.
 */
export async function statusCostBlock(station: Station, txId: string, status: string): Promise<string> {
  if (!NOT_SENT.has(status)) return '';
  try {
    return `\ncost before signing:\n${costText(await station.transactionCost({ txId }))}`;
  } catch (e) {
    if (!(e instanceof AirlockError)) throw e;
    const why = e.code === 'NODE_UNREACHABLE' || e.code === 'NODE_TIMEOUT' ? 'the station is offline' : 'the node could not be read';
    return `\ncost: not shown: ${why}: ${plain(e.message)}`;
  }
}
