/**
 * The real station for the UI's tests (docs/decisions.md §15, "the UI tests run against the real station"): the
 * renderer's component tests, the Chromium tests of one screen (real-bridge.ts) and the renderer
 * benchmark open `openStation` (station/station.ts) on a temporary data directory with an in-memory vault
 * (station/vault/memory-vault.ts) and a node URL on which nothing answers, so the station works
 * offline from a chain snapshot, and talk to it through its API handlers
 * (electron/shell/station-handlers.ts). There is no second implementation of any rule or wording:
 * what a test sees is what the station says.
 *
 * Every datum is seeded THROUGH THE API, as a person would: the fixed test keys imported
 * (`keysImport`), labels set (`bookSet`), a snapshot built with shared/files/snapshot.ts imported
 * (`snapshotImport`), and the queue built offline from the snapshot's block (`buildTransfer`,
 * `buildTransferAsset`) and signed (`sign`). The station's clock is the test's: it is moved while
 * seeding, so expirations spread from already expired to most of a day ahead, and then stands at
 * `now`.
 *
 * The account M is 2-of-3: its owner permission holds A, B and C (weight 1 each). The station
 * holds A and D (D local but in no permission). B and C sign queue entries while seeding and are
 * deleted from the vault afterwards (`keysDelete`), so the station ends holding A and D only.
 *
 * The data directory is on /dev/shm when there is one: the store's fsyncs cost nothing there, and
 * the station is the same. This is the one file of the UI tests that imports the station, its
 * handlers and the in-memory vault, so a move of any of them is re-pointed here.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create } from '@bufbuild/protobuf';
import { KeySchema, PermissionSchema, PermissionType } from '../../shared/gen/protocol/core_pb.ts';
import { addressToBase58, parseAddress } from '../../shared/chain/address.ts';
import { addressOfPrivateKey, privateKeyFromHex } from '../../shared/chain/keys.ts';
import type { Handlers } from '../../shared/api/api-contract.ts';
import type { StationApi } from '../../shared/api/station-api.ts';
import { exportSnapshot, permissionsToJson, stringifySnapshot, type SnapshotToken } from '../../shared/files/snapshot.ts';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import type { FileDialogs } from '../../electron/shell/file-dialogs.ts';
import { openStation, type Station } from '../../station/station.ts';
import { MemoryVault } from '../../station/vault/memory-vault.ts';
import { DEFAULT_GENESIS_JSON } from '../../devnet/genesis.ts';
import { startNode, testKey, type TestNode } from './devnet-helpers.ts';

/** Fixed test keys (never real funds): A, B, C sign for the account M; D is local but outside it; R receives and issues tokens. */
export const TEST_KEY_HEX = {
  A: '1111111111111111111111111111111111111111111111111111111111111111',
  B: '2222222222222222222222222222222222222222222222222222222222222222',
  C: '3333333333333333333333333333333333333333333333333333333333333333',
  D: '4444444444444444444444444444444444444444444444444444444444444444',
  M: '5555555555555555555555555555555555555555555555555555555555555555',
  R: '6666666666666666666666666666666666666666666666666666666666666666',
};
export type TestKeyName = keyof typeof TEST_KEY_HEX;
export const TEST_ADDRESSES = Object.fromEntries(
  Object.entries(TEST_KEY_HEX).map(([k, hex]) => [k, addressToBase58(addressOfPrivateKey(privateKeyFromHex(hex)))]),
) as Record<TestKeyName, string>;

/**
 * A token issue of account M in the node's JSON (the "Silver" issue of the signer's-view tests):
 * a sale opening an hour after `now` for 30 days at 1 TRX for 500 SLV, a frozen part and limits,
 * so every field of the signer's token-issue panel has something to say.
 */
export function silverIssueJson(now: number) {
  return {
    owner_address: TEST_ADDRESSES.M,
    name: 'Silver',
    abbr: 'SLV',
    total_supply: 10_000_000,
    precision: 2,
    coin_num: 1_000_000,
    num: 500,
    start_time: now + 3_600_000,
    end_time: now + 30 * 86_400_000,
    frozen_supply: [{ frozen_amount: 100_000, frozen_days: 10 }],
    free_asset_net_limit: 500,
    public_free_asset_net_limit: 10_000,
    url: 'https://silver.invalid',
    visible: true,
  };
}

/** The tests' fixed time (ms since the epoch), so they are repeatable. */
export const TEST_NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const TEST_PASSPHRASE_SCRYPT = { n: 2 ** 14, r: 8, p: 1 };

const HOUR = 3_600_000;
const MINUTE = 60_000;
const NODE = 'http://127.0.0.1:8090';
/** A port on which nothing answers: the station is offline and builds from its snapshot. */
const NO_NODE = 'http://127.0.0.1:9';
export const TEST_TOKEN_ID = '1000001';

/**
 * The snapshot's tokens, relative to `t0` (the station's time after seeding): 1000001 (precision 2,
 * a name with a bidi override, its sale open: 1 TRX buys 5 GLD), 1000002 (precision 0, sale ended),
 * 1000003 (precision 6, an 18-digit supply, sale not begun).
 */
function tokens(t0: number): SnapshotToken[] {
  const token = (
    id: string,
    name: string,
    abbreviation: string,
    precision: number,
    total_supply: string,
    coin_num: number,
    num: number,
    start_time: number,
    end_time: number,
    description = '',
  ): SnapshotToken => ({
    id,
    name,
    abbreviation,
    precision,
    owner: TEST_ADDRESSES.R,
    total_supply,
    coin_num,
    num,
    start_time,
    end_time,
    description,
    url: 'https://tokens.invalid',
  });
  return [
    token(TEST_TOKEN_ID, 'Gold', 'GLD', 2, '100000000', 1_000_000, 500, t0 - 24 * HOUR, t0 + 30 * 24 * HOUR, 'Gold bars held in trust'),
    token('1000002', 'Whole', 'WHL', 0, '1000', 3, 1, t0 - 48 * HOUR, t0 - 24 * HOUR),
    token('1000003', 'Micro', 'MIC', 6, '999999999999999999', 1, 7, t0 + HOUR, t0 + 48 * HOUR),
  ];
}

/** A snapshot of the 2-of-3 account M (balance 1,234.5 TRX, 2500 units of 1000001) read at block 100, `blockTime`. */
export function testSnapshot(blockTime: number, t0: number, withTokens = true): string {
  const owner = create(PermissionSchema, {
    type: PermissionType.Owner,
    id: 0,
    permissionName: 'owner',
    threshold: 2n,
    keys: (['A', 'B', 'C'] as const).map((k) => create(KeySchema, { address: addressOfPrivateKey(privateKeyFromHex(TEST_KEY_HEX[k])), weight: 1n })),
  });
  const block = { number: 100, id: (100).toString(16).padStart(16, '0') + 'ab'.repeat(24), timestamp: blockTime };
  const account = {
    address: TEST_ADDRESSES.M,
    exists: true,
    permissions: permissionsToJson({ owner, actives: [] }),
    balance: '1234500000',
    tokens: [{ id: TEST_TOKEN_ID, balance: '2500' }],
    source: { node: NODE, block: 100 },
    at: blockTime,
  };
  return stringifySnapshot(exportSnapshot({ node: NODE, block, accounts: [account], tokens: withTokens ? tokens(t0) : [], exportedAt: blockTime + 1_000 }));
}

export interface RealStationOptions {
  /** How many transactions the queue starts with (default 12). */
  count?: number;
  /** The station's clock after seeding; default TEST_NOW. */
  now?: () => number;
  /**
   * The desktop app's dialogs (default none: NO_DIALOG, as behind the bridge). `save` gets the
   * suggested name and the text and answers the name chosen, or null for a cancel; `open` answers
   * the files chosen (empty for a cancel).
   */
  dialogs?: { save: (name: string, text: string) => string | null; open: () => { name: string; text: string }[] };
  /** A keystore station (test scrypt cost) whose passphrase is this, locked after seeding; default the in-memory vault. */
  keystorePassphrase?: string;
  /** A node that answers (a test devnet holding account M), for the tests of the dry run and broadcast; default none. */
  node?: string;
  /** false: the seeded snapshot holds no tokens (a snapshot export asks the node for every stored token; a devnet has none of these); default true. */
  tokens?: boolean;
  /**
   * A first start on a machine without a keyring (docs/decisions.md §18): nothing seeded, the OS keychain as the
   * vault (the default setting), and the D-Bus session address pointed at a socket nobody listens
   * on while the station is open, so the keychain fails as it does there. `count` is ignored.
   */
  firstRunWithoutKeychain?: boolean;
}

export interface RealStation {
  /** The station's handlers, wrapped to record calls. Writable: a test may wrap one to hold or fail its answer. */
  handlers: { -readonly [M in keyof Handlers<StationApi>]: Handlers<StationApi>[M] };
  /** The seeded txIDs in the order the queue lists them (newest first), then those the UI built or imported as new. */
  txIds: string[];
  now: () => number;
  /** What the UI asked for since seeding, one line a call (`list STATUS ACCOUNT OFFSET LIMIT`, `sign KEY`, a method name...). */
  calls: string[];
  /** Closes the station, wipes the vault and removes the data directory. */
  close: () => void;
  /**
   * The station's real store, for a test that puts a record the services no longer make (one an
   * older version stored) and reads what the screens then say of it; the screens never see it.
   */
  store: Station['store'];
}

/** One line for the call log: the method, and for the calls tests look at, the arguments that matter. */
function callLine(method: string, args: Record<string, unknown> | undefined): string {
  const a = args ?? {};
  switch (method) {
    case 'list':
      return `list ${a.status ?? '-'} ${a.account ?? '-'} ${a.offset ?? 0} ${a.limit ?? 200}`;
    case 'sign':
      return `sign ${a.key ?? '(all)'}`;
    case 'buildTransfer':
      return `buildTransfer ${a.amount}`;
    case 'buildTransferAsset':
    case 'buildParticipate':
      return `${method} ${a.token} ${a.amount}`;
    case 'buildBatch':
      return `buildBatch ${a.firstRow ?? 2}`;
    case 'tokenShow':
      return `tokenShow ${a.id}${a.fetch ? ' fetch' : ''}`;
    default:
      return method;
  }
}

/** The txIDs a call's answer says it stored as new: a build's, a batch's rows', an import's new transactions'. */
function madeTxIds(method: string, answer: Record<string, unknown>): string[] {
  if (method === 'buildBatch') return (answer.rows as { txId: string }[]).map((r) => r.txId);
  if (method === 'importFiles') return (answer.results as { txId: string; newTransaction: boolean }[]).filter((r) => r.newTransaction).map((r) => r.txId);
  if (method.startsWith('build') && typeof answer.txId === 'string') return [answer.txId];
  return [];
}

/** Opens a real station in a new temporary directory and seeds it through its API (see the file's opening). */
export async function openRealStation(options: RealStationOptions = {}): Promise<RealStation> {
  const now = options.now ?? (() => TEST_NOW);
  const count = options.count ?? 12;
  const t0 = now();
  // The snapshot's block (and account M's reading) is 1h before t0. A snapshot lets a transaction
  // expire at most 24h after its block, so the queue is built at t0 - 3h (before the block: the
  // station only warns) to give the already expired ones a life.
  const blockTime = t0 - HOUR;
  const buildTime = t0 - 3 * HOUR;
  let seeding: number | null = buildTime;
  const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'airlock-real-station-'));
  if (options.firstRunWithoutKeychain) return openFirstRun(dir, now);
  const memory = options.keystorePassphrase === undefined ? new MemoryVault() : undefined;
  const station = openStation({
    dataDir: join(dir, 'station'),
    nodeUrl: options.node ?? NO_NODE,
    nodeTimeoutMs: 2_000,
    clock: () => seeding ?? now(),
    ...(memory ? { vaultBackend: memory } : { vault: 'keystore' as const, scrypt: TEST_PASSPHRASE_SCRYPT }),
  });
  const dialogs: FileDialogs | undefined = options.dialogs && {
    openFiles: async () => options.dialogs!.open(),
    saveFile: async ({ suggestedName, text }) => {
      const chosen = options.dialogs!.save(suggestedName, text);
      return chosen === null ? { saved: false } : { saved: true, name: chosen };
    },
  };
  const real = createStationHandlers(station, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: station.dataDir }), ...(dialogs && { dialogs }) });
  const close = () => {
    station.close();
    memory?.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (options.keystorePassphrase !== undefined) await real.vaultUnlock({ passphrase: options.keystorePassphrase });
    // The snapshot arrives at t0 (a station refuses one dated after its clock), then the clock goes
    // back to build the queue.
    seeding = null;
    await real.snapshotImport({ fileName: 'snapshot.json', text: testSnapshot(blockTime, t0, options.tokens ?? true) });
    seeding = buildTime;
    await real.keysImport({ privateKeyHex: TEST_KEY_HEX.A, label: 'Ana laptop' });
    await real.keysImport({ privateKeyHex: TEST_KEY_HEX.D });
    // A label with a hidden character, as a version before such labels were refused stored it: the
    // screens must still show it escaped. Written to the store directly, since the API refuses it now.
    station.store.labelKey(parseAddress(TEST_ADDRESSES.D), 'old key \u202Eevil');
    await real.bookSet({ address: TEST_ADDRESSES.B, label: 'Bo desktop' });
    await real.bookSet({ address: TEST_ADDRESSES.C, label: 'Cy phone' });
    if (count > 0) {
      await real.keysImport({ privateKeyHex: TEST_KEY_HEX.B });
      await real.keysImport({ privateKeyHex: TEST_KEY_HEX.C });
    }
    const txIds: string[] = [];
    for (let i = 0; i < count; i++) {
      // Expirations spread from 2h expired to 20h ahead of t0; every build is from the snapshot's block.
      // The queue lists newest first: transaction 0 is made last, so the list shows txIds in order.
      const expiration = t0 - 2 * HOUR + ((i * 7919) % (22 * 60)) * MINUTE;
      seeding = buildTime + (count - i);
      const common = {
        from: TEST_ADDRESSES.M,
        to: TEST_ADDRESSES.R,
        amount: String(1_000_000 + i),
        expiresIn: `${expiration - seeding}ms`,
        ...(i % 7 === 0 && { note: `rent for ${i}` }),
      };
      const built = i % 4 === 3 ? await real.buildTransferAsset({ ...common, token: TEST_TOKEN_ID }) : await real.buildTransfer(common);
      // A third unsigned, a third signed by B, a third by B and C (enough).
      const signWith = i % 3 === 0 ? [] : i % 3 === 1 ? [TEST_ADDRESSES.B] : [TEST_ADDRESSES.B, TEST_ADDRESSES.C];
      for (const key of signWith) await real.sign({ txId: built.txId, key });
      txIds.push(built.txId);
    }
    if (count > 0) {
      await real.keysDelete({ address: TEST_ADDRESSES.B });
      await real.keysDelete({ address: TEST_ADDRESSES.C });
    }
    if (options.keystorePassphrase !== undefined) await real.vaultLock(undefined);
    seeding = null;

    const calls: string[] = [];
    const handlers = Object.fromEntries(
      Object.entries(real).map(([method, handler]) => [
        method,
        async (args: Record<string, unknown> | undefined) => {
          calls.push(callLine(method, args));
          const answer = (await (handler as (a: unknown) => unknown)(args)) as Record<string, unknown>;
          txIds.push(...madeTxIds(method, answer));
          return answer;
        },
      ]),
    ) as unknown as RealStation['handlers'];
    return { handlers, txIds, now, calls, close, store: station.store };
  } catch (e) {
    close();
    throw e;
  }
}

/** The first start without a keyring (RealStationOptions.firstRunWithoutKeychain): no seeding, every call recorded. */
function openFirstRun(dir: string, now: () => number): RealStation {
  const bus = process.env.DBUS_SESSION_BUS_ADDRESS;
  process.env.DBUS_SESSION_BUS_ADDRESS = `unix:path=${join(dir, 'no-bus')}`;
  const station = openStation({ dataDir: join(dir, 'station'), nodeUrl: NO_NODE, nodeTimeoutMs: 2_000, clock: now });
  const real = createStationHandlers(station, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: station.dataDir }) });
  const calls: string[] = [];
  const handlers = Object.fromEntries(
    Object.entries(real).map(([method, handler]) => [
      method,
      (args: Record<string, unknown> | undefined) => {
        calls.push(callLine(method, args));
        return (handler as (a: unknown) => unknown)(args);
      },
    ]),
  ) as unknown as RealStation['handlers'];
  const close = () => {
    station.close();
    if (bus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
    else process.env.DBUS_SESSION_BUS_ADDRESS = bus;
    rmSync(dir, { recursive: true, force: true });
  };
  return { handlers, txIds: [], now, calls, close, store: station.store };
}

/**
 * A devnet whose genesis also holds the real station's account M with the 2-of-3 owner (A, B, C)
 * of snapshot.json, its head at the time the station builds its queue (TEST_NOW less 3 hours), so
 * the seeded transactions can be dry-run and broadcast against a real node. The caller stops it.
 */
export async function startNodeWithM(): Promise<TestNode> {
  const signer = (k: 'A' | 'B' | 'C') => ({ address: testKey(TEST_KEY_HEX[k]).hex, weight: 1 });
  const account = {
    name: 'm',
    privateKey: testKey(TEST_KEY_HEX.M).priv,
    balance: '10000000000',
    owner_permission: { type: 'Owner', permission_name: 'owner', threshold: 2, keys: [signer('A'), signer('B'), signer('C')] },
  };
  return startNode({
    startAt: TEST_NOW - 3 * 3_600_000 - 60_000,
    genesisJson: { ...DEFAULT_GENESIS_JSON, accounts: [...DEFAULT_GENESIS_JSON.accounts, account] },
  });
}
