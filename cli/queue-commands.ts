/**
 * `airlock list` (one page of the queue: the station's `list`, the same answer the window's queue
 * receives for the same filter, docs/decisions.md §8), `airlock sign TXID...`, `airlock export TXID FILE | export --dir FOLDER TXID... | export --merged
 * FILE TXID...` and `airlock broadcast TXID...` (docs/decisions.md §7; docs/decisions.md §18 "Batch: sign, export ... and
 * broadcast all selected rows at once"). One txID runs the single-row service as before (its refusal
 * is the command's error); several run the station's `queueBatch`, which reports every row and never
 * stops at a refusal, with "n/m" on a terminal's stderr as it goes and a total per asset first.
 * A batch with a refused row, and a broadcast the node refused, print their answer all the same and
 * exit with code 3, so a script can tell "done" from "done in part".
 *
 * Invariants: the risk override (`--accept-risk`) and `--key` name one transaction: with several
 * they are refused before anything runs, so a batch never signs a row that needs an override; files
 * are written only after the station answered, and never over a file that exists in `--dir`.
 */
import { checkFileName } from '../shared/files/file-name.ts';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type Command, Option } from 'commander';
import { OVERRIDABLE_RISKS } from '../shared/approval/signing-risk.ts';
import { fail, shownArg } from '../shared/base/errors.ts';
import type { Station } from '../station/station.ts';
import type { QueueBatchAction, QueueBatchView } from '../station/transactions/queue-batch.ts';
import type { CliIo } from './io.ts';
import type { Done } from './station.ts';
import { wholeNumber } from './args.ts';
import { listText } from './station-text.ts';
import { LIST_DEFAULT_LIMIT, MAX_LIST_LIMIT, TX_STATUSES, type TxStatus } from '../shared/base/limits.ts';
import { ledgerSignNotice } from './ledger-commands.ts';

/** The rows of a batch in words, one a line, then the summary. */
function batchText(r: QueueBatchView, totals: string | null): string {
  const rows = r.rows.map((x) => `${x.txId}: ${x.ok ? 'done' : 'refused'}. ${x.text}`);
  return [...(totals === null ? [] : [`Total: ${totals}`]), ...rows, r.text].join('\n');
}

/**
 * `airlock list`: the station's `list` with the window's filters (status as shown now, account,
 * offset, limit); `--json` prints the station's answer unchanged, the text says when rows were left
 * out.
 */
export function listCommand(program: Command, open: () => Station, done: Done): void {
  program
    .command('list')
    .description('one page of the queue, newest first: every transaction, or those of one status or account')
    .addOption(new Option('--status <status>').choices([...TX_STATUSES]))
    .option('--account <address>', "only this account's transactions")
    .option('--offset <n>', 'leave out the newest n (default 0)')
    .option('--limit <n>', `at most n transactions (default ${LIST_DEFAULT_LIMIT})`)
    .action((o: { status?: TxStatus; account?: string; offset?: string; limit?: string }) => {
      // The numbers are read before the station opens: a bad one is a usage error that touches nothing.
      const args = {
        ...(o.status !== undefined && { status: o.status }),
        ...(o.account !== undefined && { account: o.account }),
        ...(o.offset !== undefined && { offset: wholeNumber(o.offset, '--offset', 'airlock list', { min: 0, max: Number.MAX_SAFE_INTEGER }) }),
        ...(o.limit !== undefined && { limit: wholeNumber(o.limit, '--limit', 'airlock list', { min: 1, max: MAX_LIST_LIMIT }) }),
      };
      const station = open();
      const r = station.list(args);
      done(r, listText(r, station.now()));
    });
}

export function queueCommands(program: Command, io: CliIo, open: () => Station, done: Done): void {
  const batch = async (action: QueueBatchAction, txIds: string[], merged = false): Promise<QueueBatchView & { total: string | null }> => {
    const station = open();
    const tty = io.stderrIsTTY === true;
    // The total first, as the batch bar shows it. A list the total refuses (a txID twice, one this
    // station does not hold) is refused before any row runs, for an export too, which prints no total.
    const totals = station.queueTotals({ txIds });
    const r = await station.queueBatch({
      action,
      txIds,
      ...(merged && { merged }),
      ...(tty && { progress: (n: number, total: number) => io.stderr(`\r${action} ${n}/${total}${n === total ? '\n' : ''}`) }),
    });
    return { ...r, total: action === 'export' ? null : totals.text };
  };
  const onlyOne = (option: string, txIds: string[]): void => {
    if (txIds.length > 1) fail('INVALID_INPUT', `${option}: names one transaction; sign the others without it`, { field: option });
  };

  program
    .command('sign')
    .argument('<txid...>')
    .option('--key <address>', 'sign with this local key only (one transaction)')
    .addOption(
      new Option('--accept-risk <risk...>', 'sign even though the screen cannot say in words what the transaction does (audited; one transaction)').choices([
        ...OVERRIDABLE_RISKS,
      ]),
    )
    .action(async (txIds: string[], o: { key?: string; acceptRisk?: string[] }) => {
      if (o.key !== undefined) onlyOne('--key', txIds);
      if (o.acceptRisk !== undefined) onlyOne('--accept-risk', txIds);
      if (txIds.length > 1) {
        const r = await batch('sign', txIds);
        done(r, batchText(r, r.total), r.refused > 0);
        return;
      }
      const txId = txIds[0]!;
      if (o.key !== undefined) ledgerSignNotice(open(), io, txId, o.key);
      const r = await open().sign({ txId, ...(o.key !== undefined && { key: o.key }), ...(o.acceptRisk !== undefined && { acceptRisk: o.acceptRisk }) });
      done(
        r,
        `Signed by ${r.signed.join(', ')}. Status: ${r.status}, weight ${r.transaction.approval?.weight ?? '0'} of ${r.transaction.approval?.threshold ?? '?'}.`,
      );
    });

  program
    .command('export')
    .description('a handoff file: export TXID FILE; several: --dir FOLDER (one file each) or --merged FILE (one merged file)')
    .argument('<args...>', 'TXID FILE, or the txIDs with --dir or --merged')
    .option('--dir <folder>', 'write one handoff file per transaction into this folder')
    .option('--merged <file>', 'write one merged handoff file holding every transaction')
    .action(async (args: string[], o: { dir?: string; merged?: string }) => {
      if (o.dir === undefined && o.merged === undefined) {
        if (args.length !== 2) fail('INVALID_INPUT', 'export: give TXID FILE, or --dir FOLDER / --merged FILE and the txIDs', { field: 'export' });
        const [txId, file] = args as [string, string];
        // The variadic argument is not named like a file, so the path rule is applied here (docs/decisions.md §16).
        checkFileName(file, '<file>');
        const { fileName: _name, text, ...made } = await open().exportHandoff({ txId, fileName: basename(file) });
        writeFileSync(file, text);
        const r = { file, ...made };
        done(r, `Wrote ${r.file} with ${r.signatures} signature(s).`);
        return;
      }
      if (o.dir !== undefined && o.merged !== undefined) fail('INVALID_INPUT', '--dir, --merged: choose one', { field: '--dir' });
      const r = await batch('export', args, o.merged !== undefined);
      const written: string[] = [];
      if (o.merged !== undefined) {
        if (r.files.length > 0) {
          writeFileSync(o.merged, r.files[0]!.text);
          written.push(o.merged);
        }
      } else {
        const dir = o.dir!;
        // Checked for every file before writing any: an export never replaces a file already there.
        const paths = r.files.map((f) => join(dir, basename(f.fileName)));
        const taken = paths.find((p) => existsSync(p));
        if (taken !== undefined) fail('CONFLICT', `--dir: ${shownArg(basename(taken))} is already there; nothing was written`, { field: '--dir' });
        // The folder is made only when there is something to put in it.
        if (paths.length > 0) mkdirSync(dir, { recursive: true });
        r.files.forEach((f, i) => writeFileSync(paths[i]!, f.text));
        written.push(...paths);
      }
      const { files: _files, ...view } = r;
      done({ ...view, written }, `${batchText(r, null)}${written.length ? `\nWrote ${written.join(', ')}.` : '\nNothing was written.'}`, r.refused > 0);
    });

  program
    .command('broadcast')
    .argument('<txid...>')
    .action(async (txIds: string[]) => {
      if (txIds.length > 1) {
        const r = await batch('broadcast', txIds);
        done(r, batchText(r, r.total), r.refused > 0);
        return;
      }
      const r = await open().broadcast({ txId: txIds[0]! });
      done(r, r.text, !r.accepted);
    });
}
