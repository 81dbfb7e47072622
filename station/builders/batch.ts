/**
 * Many transfers from one CSV (docs/decisions.md §7 "batch"): header `to,amount,token,note`; an empty token is the
 * native coin (amount in sun), else a token id and the amount in its smallest unit. The CSV comes as
 * text (the CLI reads the file; the desktop app sends its chunks).
 *
 * Invariants: every row is checked (by the same reader as the renderer's preview,
 * shared/files/batch-csv.ts) before anything is stored; then all are stored in one SQLite
 * transaction, with `sign` signed first by every local key of the permission and stored with their
 * signatures.
 */
import { toBinary } from '@bufbuild/protobuf';
import { PermissionSchema } from '../../shared/gen/protocol/core_pb.ts';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { noteInput, addressTextInput, fileNameArg, permissionIdArg, textArg } from '../../shared/chain/input.ts';
import { batchContract, readBatchRow, readBatchSheet, refuseRepeat } from '../../shared/files/batch-csv.ts';
import { parseDuration } from '../../shared/base/duration.ts';
import { bytesToHex, equalBytes } from '../../shared/base/bytes.ts';
import { createTransaction } from '../../shared/chain/transaction.ts';
import { checkPermissionAllows } from '../../shared/chain/operations.ts';
import { parseContractType } from '../../shared/chain/contract-types.ts';

import type { StationContext } from '../core/context.ts';
import { putSnapshotAccount, sourceFromFile } from '../core/records.ts';
import type { TransactionBook } from '../core/transaction-book.ts';
import type { BuildOptions, TransactionMaker } from '../core/transaction-maker.ts';
import type { BatchView } from '../core/views.ts';
import { MAX_CSV_BYTES, type TxStatus } from '../../shared/base/limits.ts';

export interface BatchArgs extends BuildOptions {
  /** The CSV's text. */
  csv: string;
  /** The CSV file's name, for messages; default `batch.csv`. */
  csvName?: string;
  from: string;
  sign?: boolean;
  /**
   * The number of the CSV's first data row in the whole file when the CSV is a chunk of it (the
   * renderer sends 200 rows at a time), so messages and `rows` name rows of the file.
   */
  firstRow?: number;
  progress?: (done: number, total: number, phase: string) => void;
}

export function batchFeature(ctx: StationContext, book: TransactionBook, maker: TransactionMaker) {
  return {
    async buildBatch(args: BatchArgs): Promise<BatchView> {
      const from = addressTextInput(args.from, 'from');
      const permissionId = permissionIdArg(args.permissionId);
      const expiresInMs = args.expiresIn === undefined ? ctx.defaultExpiresInMs() : parseDuration(args.expiresIn);
      const batchNote = args.note === undefined ? '' : noteInput(args.note, 'note');
      const text = textArg(args.csv, 'csv', MAX_CSV_BYTES);
      const name = args.csvName === undefined ? 'batch.csv' : fileNameArg(args.csvName, 'csvName');
      // The same reader as the renderer's preview (shared/files/batch-csv.ts): what it flags is what is refused here.
      const sheet = readBatchSheet(text, { name, ...(args.firstRow !== undefined && { firstRow: args.firstRow }) });
      const seen = new Map<string, number>();
      const calls = sheet.rows.map((r) => {
        const row = readBatchRow(r.cells, r.row);
        refuseRepeat(seen, row);
        return { call: batchContract(from, row), note: row.note || batchNote, row: r.row };
      });
      const { tapos, basis, fetched } = await maker.plan(expiresInMs, from);
      const { permission, origin } = maker.signingPermission(from, permissionId, fetched);
      // docs/decisions.md §17: every row's contract must be one the permission allows, checked before anything is stored.
      for (const { call } of calls) checkPermissionAllows(permission, parseContractType(call.type));
      const permissionBytes = toBinary(PermissionSchema, permission);
      const built = calls.map(({ call, note }) => ({
        tx: createTransaction(
          { ...call, permissionId },
          { refBlockBytes: tapos.refBlockBytes, refBlockHash: tapos.refBlockHash, expiration: tapos.expiration, timestamp: tapos.timestamp },
        ),
        kind: call.type,
        note,
      }));
      // Keys on a Ledger (docs/decisions.md §23) sign each transaction on the device later, one by one; a batch signs with the vault's keys.
      const signers = args.sign ? book.localSigners(permission).filter((a) => ctx.store.getKey(a)?.vault !== 'ledger') : [];
      const signatures: Uint8Array[][] = built.map(() => []);
      if (signers.length > 0) {
        const vault = ctx.vault();
        const digests = built.map((b) => b.tx.txId);
        for (const s of signers) {
          const made = await vault.signMany(addressToBase58(s), digests);
          made.forEach((sig, i) => signatures[i]!.push(sig));
        }
        args.progress?.(built.length, built.length, 'signed');
      }
      const threshold = permission.threshold;
      const weightOf = signers.reduce((w, s) => w + (permission.keys.find((k) => equalBytes(k.address, s))?.weight ?? 0n), 0n);
      const statuses = built.map((_, i): TxStatus => (signatures[i]!.length === 0 ? 'draft' : weightOf >= threshold ? 'ready' : 'collecting'));
      const store = ctx.store;
      store.atomic(() => {
        if (fetched) putSnapshotAccount(store, fetched, sourceFromFile(fetched.source));
        built.forEach(({ tx, kind, note }, i) => {
          const status = statuses[i]!;
          store.insertTransaction({
            txId: tx.txId,
            raw: tx.rawBytes,
            kind,
            account: from,
            permissionId,
            expiration: tapos.expiration,
            note,
            permission: permissionBytes,
            status,
            origin,
          });
          signers.forEach((s, j) => store.addSignature({ txId: tx.txId, signer: s, signature: signatures[i]![j]!, origin: { kind: 'local key' } }));
        });
      });
      args.progress?.(built.length, built.length, 'stored');
      return {
        count: built.length,
        signed: signers.length > 0 ? built.length : 0,
        basis,
        warnings: tapos.warnings,
        // One row per transaction, in the file's order: its row number, txID and status.
        rows: built.map((b, i) => ({ row: calls[i]!.row, txId: bytesToHex(b.tx.txId), status: statuses[i]! })),
      };
    },
  };
}
