/**
 * The `airlock exporter show|pin|unpin|list` commands (docs/decisions.md §16, "Trusted exporters for offline
 * stations"), kept beside cli/station.ts (which adds them to its tree) so that file stays within
 * the line cap. Each calls one method of station/exporters/exporters.ts and prints its view.
 *
 * Invariant: the identity is shown by its public key and fingerprint only (the station never hands
 * out more); a label is printed escaped (`plain`).
 */
import type { Command } from 'commander';
import type { Station } from '../station/station.ts';
import { plain, table } from './station-text.ts';

/** Adds `exporter show|pin|unpin|list` to `program`; `open` and `done` are the station commands' own. */
export function exporterCommands(program: Command, open: () => Station, done: (json: unknown, text: string) => void): void {
  const exporter = program.command('exporter').description("trusted exporters: this station's identity, and the exporters it pins");
  exporter
    .command('show')
    .description("this station's identity (made on first use): the fingerprint to read to the offline station")
    .action(async () => {
      const r = await open().exporterShow();
      done(
        r,
        [
          `This station's exporter fingerprint${r.created ? ' (just made)' : ''}: ${r.code}`,
          `Read aloud: ${r.words.join(' ')}`,
          `Hex: ${r.fingerprint}`,
          'Snapshot and handoff files this station exports are now signed with it. On the offline station: airlock exporter pin CODE --label L.',
        ].join('\n'),
      );
    });
  exporter
    .command('pin')
    .argument('<key>', "the exporter's public key (from a signed file) or its fingerprint (20 hex digits or ABCD-EFGH-JKMN-PQRS)")
    .requiredOption('--label <label>', 'who it is, e.g. "online desk"')
    .action(async (key: string, o: { label: string }) => {
      const r = await open().exporterPin({ key, label: o.label });
      done(
        r,
        r.created
          ? `Pinned ${r.code} as "${plain(r.label)}" (${r.words.join(' ')}). Its signed snapshot and handoff files now count as observed.`
          : `${r.code} was pinned already, as "${plain(r.label)}".`,
      );
    });
  exporter
    .command('unpin')
    .argument('<key>', 'its fingerprint or public key')
    .action((key: string) => {
      const r = open().exporterUnpin({ key });
      done(r, `Unpinned ${r.fingerprint}. Its files now import as claims.`);
    });
  exporter.command('list').action(() => {
    const r = open().exporterList();
    done(
      r,
      r.exporters.length === 0
        ? 'No exporters pinned. Pin one with airlock exporter pin CODE --label L.'
        : table(r.exporters.map((e) => [e.code, `${plain(e.label)}  (${e.words.join(' ')})`])),
    );
  });
}
