/**
 * The station id: a random value kept in the data directory (`station-id`, 32 hex digits) that
 * scopes the station's keychain entries (docs/decisions.md §7, "Vault"). Two data directories on one machine
 * are two stations, and neither sees the other's keys, because their keychain service names differ.
 *
 * Invariant: the id is made once, atomically (exclusive create), and never rewritten; a file that
 * is not 32 hex digits is refused rather than replaced, since replacing it would orphan every key.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fail } from '../../shared/base/errors.ts';

export const STATION_ID_FILE = 'station-id';

export function stationId(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, STATION_ID_FILE);
  try {
    writeFileSync(path, `${randomBytes(16).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const text = readFileSync(path, 'utf8').trim();
  if (!/^[0-9a-f]{32}$/.test(text)) {
    fail('VAULT_UNAVAILABLE', `${path} is damaged (expected 32 hex digits); restore it from a backup: the station's keychain entries are filed under it`, {
      path,
    });
  }
  return text;
}
