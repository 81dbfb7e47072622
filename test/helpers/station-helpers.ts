// Shared by the station tests: run `airlock` in-process (cli/main.ts run) against real data
// directories, real files and a real node, with the station's clock tied to the test node's
// clock, and a keystore vault at a low scrypt cost (the cost is the only thing lowered).
import Database from 'better-sqlite3';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../cli/main.ts';
import { nodeIo, type CliIo } from '../../cli/io.ts';
import { exportSnapshot, stringifySnapshot, type PermissionsJson } from '../../shared/files/snapshot.ts';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import { openStation, type Station } from '../../station/station.ts';
import { STORE_FILE_NAME } from '../../station/store/store.ts';
import { MemoryVault } from '../../station/vault/memory-vault.ts';

/**
 * How many rows a station's store holds in `table`, read from the real database file (read-only):
 * "nothing stored" is then a fact of the file, not of an answer.
 */
export function storedRows(dataDir: string, table: 'accounts' | 'transactions' | 'signatures' | 'audit' | 'contracts' | 'tokens'): number {
  const db = new Database(join(dataDir, STORE_FILE_NAME), { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

export const TEST_SCRYPT = { n: 2 ** 14, r: 8, p: 1 };

/** A station in `dataDir` on a keystore vault at the test scrypt cost, asking `nodeUrl`, its clock `clock`. */
export function keystoreStation(dataDir: string, nodeUrl: string, clock: () => number, passphrase = 'a long test passphrase'): Station {
  return openStation({ dataDir, nodeUrl, clock, vault: 'keystore', scrypt: TEST_SCRYPT, passphrase: async () => new TextEncoder().encode(passphrase) });
}

export interface StationRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON when the run was --json and succeeded. */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface TestStation {
  dataDir: string;
  /** Runs `airlock --data-dir DIR --vault keystore --passphrase-file P [--node URL] ...args`. */
  run(args: string[], options?: { json?: boolean; stderrIsTTY?: boolean }): Promise<StationRun>;
  /** As run with --json; fails the test's expectation when the exit code is not 0. */
  ok(args: string[]): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Every run's stdout and stderr so far (for the key-bytes scan). */
  outputs: string[];
}

export function workDir(prefix = 'airlock-station-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A station in `dir/name`; `node` is its --node URL (omit for none given). */
export function testStation(dir: string, name: string, options: { node?: string; now: () => number; stationOptions?: CliIo['stationOptions'] }): TestStation {
  const dataDir = join(dir, name);
  const passFile = join(dir, `${name}.pass`);
  writeFileSync(passFile, 'correct horse battery staple\n');
  chmodSync(passFile, 0o600);
  const outputs: string[] = [];
  const station: TestStation = {
    dataDir,
    outputs,
    async run(args, o = {}) {
      let stdout = '';
      let stderr = '';
      const io: CliIo = {
        ...nodeIo(),
        stdout: (t) => void (stdout += t),
        stderr: (t) => void (stderr += t),
        now: options.now,
        stationOptions: { scrypt: TEST_SCRYPT, nodeTimeoutMs: 5_000, ...options.stationOptions },
      };
      delete io.terminal;
      io.stderrIsTTY = o.stderrIsTTY === true;
      const argv = [
        '--data-dir',
        dataDir,
        '--vault',
        'keystore',
        '--passphrase-file',
        passFile,
        ...(options.node ? ['--node', options.node] : []),
        ...(o.json ? ['--json'] : []),
        ...args,
      ];
      const code = await run(argv, io);
      outputs.push(stdout, stderr);
      let json: unknown;
      if (o.json && (code === 0 || code === 3)) json = JSON.parse(stdout);
      return { code, stdout, stderr, json };
    },
    async ok(args) {
      const r = await station.run(args, { json: true });
      if (r.code !== 0) throw new Error(`airlock ${args.join(' ')} failed: ${r.stderr}`);
      return r.json;
    },
  };
  return station;
}

/** A key file as `keys import` wants it: hex, owner-only. */
export function keyFile(dir: string, name: string, privHex: string): string {
  const path = join(dir, name);
  writeFileSync(path, `${privHex}\n`);
  chmodSync(path, 0o600);
  return path;
}

/** Writes JSON to `dir/name` and returns the path. */
export function jsonFile(dir: string, name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

/**
 * A chain snapshot file's text, as a station exports it, holding `owner`'s account with
 * `permissions` and `balance` (sun) read from node http://127.0.0.1:8090 at block 500 (dated 30 s
 * before `now`), the account read 20 s and the file exported 10 s before `now`: an offline
 * station's start in the tests.
 */
export function oneAccountSnapshot(owner: string, permissions: PermissionsJson, now: number, balance = '5000000000'): string {
  const block = { number: 500, id: (500).toString(16).padStart(16, '0') + 'ab'.repeat(24), timestamp: now - 30_000 };
  const account = { address: owner, exists: true, permissions, balance, tokens: [], source: { node: 'http://127.0.0.1:8090', block: 500 }, at: now - 20_000 };
  return stringifySnapshot(exportSnapshot({ node: 'http://127.0.0.1:8090', block, accounts: [account], exportedAt: now - 10_000 }));
}

/**
 * A station on a keystore vault (test scrypt cost) whose clock stands at `now`, offline (its node
 * URL answers nothing), with the API handlers over it and a chain snapshot to import holding
 * `owner`'s account with `permissions`: what the API tests need to build, sign and list without a node.
 */
export function offlineApiStation(
  dir: string,
  now: number,
  owner: string,
  permissions: PermissionsJson,
): { station: Station; handlers: ReturnType<typeof createStationHandlers>; snapshot: string } {
  const snapshot = oneAccountSnapshot(owner, permissions, now);
  const station = keystoreStation(join(dir, 'st'), 'http://127.0.0.1:9', () => now);
  const handlers = createStationHandlers(station, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: station.dataDir }) });
  return { station, handlers, snapshot };
}

/**
 * Stations by name, each over a memory vault in `dir()`/name with the clock `clock`, answering through the
 * API's handlers (as the window and the bridge do); `closeAll` closes every one opened, stations and vaults.
 */
export function apiStations(dir: () => string, clock: () => number, nodeTimeoutMs = 5_000) {
  const opened: { station: Station; vault: MemoryVault }[] = [];
  return {
    open(name: string, nodeUrl: string): ReturnType<typeof createStationHandlers> {
      const vault = new MemoryVault();
      const s = openStation({ dataDir: join(dir(), name), nodeUrl, clock, vaultBackend: vault, nodeTimeoutMs });
      opened.push({ station: s, vault });
      return createStationHandlers(s, { appInfo: () => ({ name, version: 'test', dataDir: s.dataDir }) });
    },
    closeAll(): void {
      for (const o of opened.splice(0)) {
        o.station.close();
        o.vault.close();
      }
    },
  };
}
