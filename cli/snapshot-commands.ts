/**
 * The CLI's snapshot commands (docs/decisions.md §7 and §16): export a snapshot of accounts and tokens from the
 * node, import one on an offline station (what it stored, what it kept and why, who signed it), and
 * list and remove the stored blocks offline builds take their reference from. And (docs/decisions.md §19)
 * `snapshot ur export --account A... [--fragment-size N]` and `snapshot ur import [FILES...]`: the
 * same snapshot file as the `ur:airlock-snapshot/n-m/...` parts the Accounts screen's animated QR
 * code shows (shared/files/ur.ts), one a line, and parts read back (files, or stdin) and imported
 * exactly as the file would be, under the name `ur snapshot <date>`; parts of another kind of file
 * are refused with nothing stored.
 *
 * Invariant: the station does every check; this module only reads and writes the files and words
 * the results, escaping whatever a file carried with `plain`.
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { fail } from '../shared/base/errors.ts';
import { UR_KIND_WORDS, UR_TYPES, urParts } from '../shared/files/ur.ts';
import type { Station } from '../station/station.ts';
import { MAX_INPUT_FILE_BYTES } from '../shared/base/limits.ts';
import { FRAGMENT_SIZE_HELP, readUrInput, urFragmentSize } from './handoff-ur.ts';
import type { CliIo } from './io.ts';
import { readBoundedFile } from './station-support.ts';
import { plain, table } from './station-text.ts';

/** What an import did, in lines: stored, signed by whom, what was kept and why, warnings. */
function importedText(r: ReturnType<Station['snapshotImport']>): string {
  const kept = r.accounts.filter((a) => !a.stored);
  return [
    `Imported ${r.file}: block ${r.block.number} (${r.age} old), ${r.accounts.length - kept.length} account(s), ${r.tokens.length} token(s)${r.contracts.length > 0 ? `, ${r.contracts.length} contract(s)` : ''}.`,
    ...(r.exporter?.pinned ? [`Signed by pinned exporter "${plain(r.exporter.label ?? '')}" (${r.exporter.code}): what it observed counts as observed.`] : []),
    ...kept.map((a) => `${a.address}: ${a.reason}`),
    ...r.tokensKept.map((t) => `token ${t.id}: ${t.reason}`),
    ...r.contractsKept.map((c) => `contract ${c.address}: ${c.reason}`),
    ...r.warnings.map((w) => `warning: ${w} (airlock exporter pin ${r.exporter?.code ?? 'CODE'} --label L)`),
  ].join('\n');
}

export function snapshotCommands(program: Command, io: CliIo, open: () => Station, done: (json: unknown, text: string) => void): void {
  const snapshot = program.command('snapshot');
  snapshot
    .command('export')
    .argument('<file>')
    .requiredOption('--account <address...>')
    .action(async (file: string, o: { account: string[] }) => {
      const { fileName: _name, text, ...made } = await open().snapshotExport({ accounts: o.account });
      writeFileSync(file, text);
      const r = { file, ...made };
      done(
        r,
        `Wrote ${r.file}: block ${r.block.number}, ${r.accounts.length} account(s), ${r.tokens.length} token(s). Carry it to the offline station and run airlock snapshot import.`,
      );
    });
  snapshot
    .command('import')
    .argument('<file>')
    .action((file: string) => {
      const { name, text } = readBoundedFile(file, 'file', MAX_INPUT_FILE_BYTES);
      const r = open().snapshotImport({ fileName: name, text });
      done(r, importedText(r));
    });
  const ur = snapshot.command('ur').description('a snapshot as UR text parts (the animated QR code as text): ur export, ur import');
  ur.command('export')
    .requiredOption('--account <address...>')
    .option('--fragment-size <bytes>', FRAGMENT_SIZE_HELP)
    .action(async (o: { account: string[]; fragmentSize?: string }) => {
      const fragmentSize = urFragmentSize(o.fragmentSize, 'snapshot ur export');
      const { fileName: _name, text, ...made } = await open().snapshotExport({ accounts: o.account });
      const parts = urParts('snapshot', text, fragmentSize);
      done({ ...made, type: UR_TYPES.snapshot, fragmentSize, parts }, parts.join('\n'));
    });
  ur.command('import')
    .argument('[files...]')
    .action(async (files: string[]) => {
      const result = await readUrInput(io, files);
      if (result.kind !== 'snapshot')
        fail('INVALID_INPUT', `These UR parts carry a ${UR_KIND_WORDS[result.kind]}, not a chain snapshot: nothing was imported.`, { field: 'parts' });
      const r = open().snapshotImport({ fileName: `ur snapshot ${new Date(io.now()).toISOString()}`, text: result.text });
      done(r, importedText(r));
    });
  snapshot.command('list').action(() => {
    const r = open().snapshotList();
    const row = (e: (typeof r.snapshots)[number]): [string, string] => [
      String(e.id),
      `block ${e.block.number}, ${plain(e.provenance.text)}, ${e.provenance.age} old${e.inUse ? ', used for offline builds' : ''}`,
    ];
    done(r, r.snapshots.length === 0 ? 'No blocks stored; run airlock snapshot import FILE.' : table(r.snapshots.map(row)));
  });
  snapshot
    .command('remove')
    .argument('<id>')
    .action((id: string) => {
      const r = open().snapshotRemove({ id: /^[0-9]{1,15}$/.test(id) ? Number(id) : NaN });
      const next =
        r.next === null
          ? 'No block is left: offline builds need a new snapshot.'
          : `Offline builds now use block ${r.next.block.number} (${plain(r.next.provenance.text)}).`;
      done(r, `Removed block ${r.removed.block.number} (${plain(r.removed.provenance.text)}). ${next}`);
    });
}
