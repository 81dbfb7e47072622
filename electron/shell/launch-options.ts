/**
 * Reading the desktop app's own command-line options (docs/decisions.md §8): `--data-dir DIR` (or
 * `--data-dir=DIR`) picks the station's data directory instead of the platform's user-data
 * directory, as the CLI's flag of the same name does. Other arguments (Chromium's switches, the
 * app path in development) are left alone.
 *
 * Invariant: the directory is absolute once read, so the single-instance lock, the store and the
 * vault all name the same place whatever the working directory was.
 */
import { resolve } from 'node:path';
import { badArgument } from '../../shared/chain/input.ts';

export interface LaunchOptions {
  dataDir: string | undefined;
}

export function parseLaunchArgs(argv: readonly string[], cwd: string): LaunchOptions {
  let dataDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    let value: string | undefined;
    if (arg === '--data-dir') {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) badArgument('--data-dir needs a directory', '--data-dir');
      i += 1;
    } else if (arg.startsWith('--data-dir=')) {
      value = arg.slice('--data-dir='.length);
    } else {
      continue;
    }
    if (value === '') badArgument('--data-dir needs a directory', '--data-dir');
    dataDir = resolve(cwd, value);
  }
  return { dataDir };
}
