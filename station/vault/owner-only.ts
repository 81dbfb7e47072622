/**
 * The one check that a secret file (a private key file, a keystore passphrase file, a node API key
 * file) is readable and writable by its owner only, as ssh refuses an open private key (docs/decisions.md §7
 * for key files; docs/decisions.md §16: a 0644 passphrase file used to be accepted). Used by the CLI's
 * `readOwnerOnlyFile` (cli/io.ts) and the passphrase and API key readers (./passphrase.ts).
 *
 * Invariant: the mode checked is the mode of the descriptor about to be read, so the file checked is
 * the file read; a refusal names the path as the user gave it and the `chmod 600` that fixes it, and
 * nothing of the file's content.
 */
import { fstatSync } from 'node:fs';
import { fail, shownArg } from '../../shared/base/errors.ts';

/** `path` as a shell word, for a command the user can paste (`chmod 600 'my keys/k'`). */
function shellWord(path: string): string {
  return /^[\w./@%+=:,-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;
}

/**
 * Refuses, with INVALID_INPUT naming `field`, a descriptor whose file group or others may read or
 * write. `what` starts the message (and `field`, when given, is details.field) (`key file`, `--passphrase-file`); `kind` says what the file is
 * (`a private key file`, `a passphrase file`). No check on Windows, which has no such mode bits.
 */
export function refuseOpenPermissions(fd: number, path: string, what: string, kind: string, field?: string): void {
  if (process.platform === 'win32') return;
  const mode = fstatSync(fd).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  const shown = shownArg(path);
  const octal = mode.toString(8).padStart(4, '0');
  const fix = `chmod 600 ${shellWord(shown)}`;
  fail(
    'INVALID_INPUT',
    `${what}: permissions ${octal} for ${shown} are too open: ${kind} must be readable and writable by its owner only, so it was not read. Fix: ${fix}`,
    {
      ...(field !== undefined && { field }),
      path: shown,
      mode: octal,
      fix,
    },
  );
}
