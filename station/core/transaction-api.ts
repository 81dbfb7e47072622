/**
 * A stored transaction's answer in the API table's shape (shared/api/tables/transactions.ts
 * STATION_TRANSACTION; docs/decisions.md §8): the station's view with each signer labelled, the
 * labels and look-alikes of every address it names, its node JSON as text and whether it may be
 * re-issued. Every feature that answers a transaction (a build, status, sign, reissue) shapes it
 * here, so the command line's `--json` and the window receive one object for one question.
 *
 * Invariants: one LabelIndex serves the whole answer (the caller reads it once per operation); the
 * shape is the table's and nothing else (no key bytes, no bigint), so the API's handlers pass it on
 * unchanged; without a known permission no signer is listed and `approval` is null.
 */
import { parseAddress } from '../../shared/chain/address.ts';
import { addressView } from '../../shared/base/display.ts';
import { escapeJsonText } from '../../shared/base/escape.ts';
import { REISSUE_WINDOW_MS } from '../../shared/base/limits.ts';
import type { StationTransaction } from '../../shared/api/station-api.ts';
import { addressesIn, type LabelIndex } from './labels.ts';
import type { StationTransactionView } from './views.ts';

/** `t` in the API table's shape, labelled with `labels`. */
export function apiTransaction(t: StationTransactionView, labels: LabelIndex): StationTransaction {
  const signer = (address: string, weight: string, signed: boolean) => ({
    address: addressView(parseAddress(address)),
    weight,
    label: labels.labelOf(address),
    signed,
    local: labels.isLocal(address),
  });
  const named = addressesIn(t.details);
  const final = t.status === 'broadcast' || t.status === 'confirmed';
  return {
    view: t.details,
    approval: t.approval,
    // Without a known permission the weights are unknown ('?'): the schema's signers are the
    // permission's keys, so none are listed and `approval` is null (docs/decisions.md §16: this answered INTERNAL).
    signers:
      t.approval === null ? [] : [...t.signers.map((s) => signer(s.address, s.weight, true)), ...t.couldSign.map((s) => signer(s.address, s.weight, false))],
    status: t.status,
    note: t.note,
    nodeAnswer: t.nodeAnswer,
    chain: t.chain,
    createdAt: t.createdAt,
    expiresInMs: t.expiresInMs,
    nodeJson: escapeJsonText(JSON.stringify(t.contract, null, 2)),
    reissuable: !final && (t.status === 'expired' || t.expiresInMs < REISSUE_WINDOW_MS),
    labels: [...new Set([...named, ...t.signers.map((s) => s.address), ...t.couldSign.map((s) => s.address)])].flatMap((address) => {
      const label = labels.labelOf(address);
      return label === null ? [] : [{ address, label }];
    }),
    lookalikes: named.flatMap((address) => {
      const l = labels.lookalike(address);
      return l === null ? [] : [{ address, imitates: l.imitates, label: l.label }];
    }),
    provenance: t.provenance,
    signer: t.signer,
  };
}
