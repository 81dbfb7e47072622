/**
 * `airlock handoff ur export TXID [--fragment-size N]` and `airlock handoff ur import [FILES...]`
 * (docs/decisions.md §19 "The CLI can print a handoff as UR text parts and read them back"): the handoff file a
 * station would export, as the same `ur:airlock-handoff/n-m/...` parts the animated QR code shows
 * (shared/files/ur.ts), one a line; and parts read back (from files, or stdin when none is named,
 * separated by any whitespace) and imported through the station's `importFiles`, exactly as the
 * file would be, under the name `ur handoff <date>`.
 *
 * The reading of parts and of `--fragment-size` is shared with `airlock snapshot ur` (cli/snapshot-commands.ts).
 *
 * Invariant: import hands the station only a whole file; incomplete, mixed or hostile parts are
 * refused by the assembler in words, and the station stores nothing then.
 */
import type { Command } from 'commander';
import { bytesToUtf8 } from '../shared/base/bytes.ts';
import { fail } from '../shared/base/errors.ts';
import { DEFAULT_UR_FRAGMENT_BYTES, MAX_UR_FRAGMENT_BYTES, MAX_UR_PARTS, MIN_UR_FRAGMENT_BYTES } from '../shared/base/limits.ts';
import { assembleUrParts, UR_KIND_WORDS, UR_TYPES, urParts, type UrResult } from '../shared/files/ur.ts';
import type { Station } from '../station/station.ts';
import { wholeNumber } from './args.ts';
import { readInputFile, type CliIo } from './io.ts';

/** Parts files a run reads at most: a transfer has at most MAX_UR_PARTS parts, one a file at worst. */
const MAX_PART_FILES = MAX_UR_PARTS;

/** What `--fragment-size` means, in the help. */
export const FRAGMENT_SIZE_HELP = `bytes of the file in each part, ${MIN_UR_FRAGMENT_BYTES} to ${MAX_UR_FRAGMENT_BYTES} (default ${DEFAULT_UR_FRAGMENT_BYTES})`;

/** `--fragment-size` as given (bytes of the file a part, within the bounds), or the default density. */
export function urFragmentSize(given: string | undefined, command: string): number {
  return given === undefined
    ? DEFAULT_UR_FRAGMENT_BYTES
    : wholeNumber(given, '--fragment-size', command, { min: MIN_UR_FRAGMENT_BYTES, max: MAX_UR_FRAGMENT_BYTES, hint: 'bytes a part' });
}

/** The file the UR parts in `files` (or stdin when none is named, parts separated by any whitespace) assemble into. */
export async function readUrInput(io: CliIo, files: string[]): Promise<UrResult> {
  if (files.length > MAX_PART_FILES) fail('INVALID_INPUT', `file: at most ${MAX_PART_FILES} files at once`, { field: 'file' });
  const chunks = files.length === 0 ? [await io.readStdin()] : await Promise.all(files.map((f, i) => readInputFile(io, f, `file[${i}]`)));
  const texts = chunks.map((bytes, i) => {
    const field = files.length === 0 ? 'stdin' : `file[${i}]`;
    try {
      return bytesToUtf8(bytes);
    } catch {
      return fail('INVALID_INPUT', `${field}: not UTF-8 text`, { field });
    }
  });
  return assembleUrParts(
    texts.flatMap((t) => t.split(/\s+/).filter((p) => p !== '')),
    () => io.now(),
  );
}

export function handoffUrCommands(program: Command, io: CliIo, open: () => Station, done: (json: unknown, text: string) => void): void {
  const ur = program
    .command('handoff')
    .description('a handoff as UR text parts (the animated QR code as text): ur export, ur import')
    .command('ur')
    .description('export a handoff as ur: parts, or import parts');
  ur.command('export')
    .argument('<txid>')
    .option('--fragment-size <bytes>', FRAGMENT_SIZE_HELP)
    .action(async (txId: string, o: { fragmentSize?: string }) => {
      const fragmentSize = urFragmentSize(o.fragmentSize, 'handoff ur export');
      const file = await open().exportHandoff({ txId });
      const parts = urParts('handoff', file.text, fragmentSize);
      done({ txId: file.txId, signatures: file.signatures, type: UR_TYPES.handoff, fragmentSize, parts }, parts.join('\n'));
    });
  ur.command('import')
    .argument('[files...]')
    .action(async (files: string[]) => {
      const result = await readUrInput(io, files);
      if (result.kind !== 'handoff')
        fail('INVALID_INPUT', `These UR parts carry a ${UR_KIND_WORDS[result.kind]}, not a handoff file: nothing was imported.`, { field: 'parts' });
      const name = `ur handoff ${new Date(io.now()).toISOString()}`;
      const r = open().importFiles({ files: [{ name, text: result.text }] });
      done(
        r,
        r.results
          .map(
            (f) =>
              `${name}: ${f.newTransaction ? 'new transaction' : 'known transaction'} ${f.txId}; ${f.added.length} new signature(s)${f.known.length ? `, ${f.known.length} already here` : ''}`,
          )
          .join('\n'),
      );
    });
}
