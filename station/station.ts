/**
 * The station (docs/decisions.md §7, reshaped in docs/decisions.md §15): ONE object that the `airlock` command line, the IPC
 * handlers and the loopback bridge all call, composed here from one module per feature:
 * settings/, keys/ (keys and the keystore's passphrase), accounts/ (accounts and snapshots),
 * build/, transactions/ (status, list, sign, handoff files, reissue, broadcast), tokens/,
 * address-book/, proofs/, permissions/ contracts/ (the list of smart contracts, TRC-20 builds) and exporters/ (trusted exporters, docs/decisions.md §16). What the features share (the store, the vault, the node,
 * the clock, the labels, the views and the argument readers) is station/core/.
 *
 * Invariants the features keep (each file says which of them it guards):
 * - Plain data in, JSON-safe views out: no bigint, Uint8Array or protobuf message in any result,
 *   never key bytes, and never a file path: files come in and go out as name and text (the CLI and
 *   the desktop app read and write them).
 * - Every field is checked BEFORE anything is stored; a bad field is a coded error naming it.
 * - A signature is committed in the store (fsynced) before success is reported.
 * - A file never silently overwrites what the store knows.
 * - Every state-changing call appends to the hash-chained audit log, with the write.
 * - Messages name no CLI command: the same words serve the desktop window and the terminal.
 *
 * A feature never imports another feature; adding one is a folder and one line below. Two features
 * may not return one method name (shared/base/one-home.ts): the station does not compile, or open.
 * Never imports `electron`.
 */
import { fail } from '../shared/base/errors.ts';
import { joinOnce, type OneHome } from '../shared/base/one-home.ts';
import { NodeClient } from './node/node-client.ts';
import { StationContext, type StationOptions } from './core/context.ts';
import { TransactionBook } from './core/transaction-book.ts';
import { TransactionMaker } from './core/transaction-maker.ts';
import { settingsFeature } from './settings/settings.ts';
import { keysFeature } from './keys/keys.ts';
import { vaultLockFeature } from './keys/vault-lock.ts';
import { ledgerKeysFeature } from './keys/ledger-keys.ts';
import { accountsFeature } from './accounts/accounts.ts';
import { snapshotsFeature } from './accounts/snapshots.ts';
import { buildersFeature } from './builders/builders.ts';
import { batchFeature } from './builders/batch.ts';
import { stakingFeature } from './builders/staking.ts';
import { statusFeature } from './transactions/status.ts';
import { statusRefreshFeature } from './transactions/status-refresh.ts';
import { costFeature } from './transactions/cost.ts';
import { accountGlanceFeature } from './accounts/glance.ts';
import { handoffFeature } from './transactions/handoff.ts';
import { broadcastFeature } from './transactions/broadcast.ts';
import { queueFeature } from './transactions/queue.ts';
import { discardFeature } from './transactions/discard.ts';
import { queueBatchFeature } from './transactions/queue-batch.ts';
import { tokensFeature } from './tokens/tokens.ts';
import { contractsFeature } from './contracts/contracts.ts';
import { trc20BuildsFeature } from './contracts/trc20-builds.ts';
import { bookFeature } from './address-book/book.ts';
import { proofsFeature } from './proofs/proof-service.ts';
import { permissionsFeature } from './permissions/permissions.ts';
import { exportersFeature } from './exporters/exporters.ts';
import { textArg } from '../shared/chain/input.ts';

function composeStation(options: StationOptions) {
  const ctx = new StationContext(options);
  const book = new TransactionBook(ctx);
  const maker = new TransactionMaker(ctx, book);
  const refresher = statusRefreshFeature(ctx);
  const status = statusFeature(ctx, book);
  const handoff = handoffFeature(ctx, book);
  const broadcasting = broadcastFeature(ctx, book, maker);
  const features = [
    {
      dataDir: ctx.dataDir,
      /** The store, for tests and benchmarks that look under the services; the API never reads it. */
      store: ctx.store,
      now: (): number => ctx.now(),
      close: (): void => {
        refresher.stopStatusRefresh();
        ctx.close();
      },
    },
    settingsFeature(ctx),
    keysFeature(ctx),
    vaultLockFeature(ctx),
    ledgerKeysFeature(ctx),
    accountsFeature(ctx),
    snapshotsFeature(ctx),
    buildersFeature(ctx, maker),
    batchFeature(ctx, book, maker),
    stakingFeature(maker),
    status,
    costFeature(ctx, book),
    accountGlanceFeature(ctx),
    refresher,
    handoff,
    broadcasting,
    queueFeature(ctx, book),
    discardFeature(ctx, book),
    // docs/decisions.md §18: batch work runs each row through the single-row operations above, rules and all.
    queueBatchFeature(ctx, book, { sign: status.sign, exportHandoff: handoff.exportHandoff, broadcast: broadcasting.broadcast, status: status.status }),
    tokensFeature(ctx),
    contractsFeature(ctx),
    trc20BuildsFeature(ctx, maker),
    bookFeature(ctx),
    proofsFeature(ctx),
    permissionsFeature(ctx, maker),
    exportersFeature(ctx),
  ] as const;
  // Two features returning one method name would leave one unreachable: a compile error here, naming
  // the method, and a TypeError when the station opens.
  const oneHome: OneHome<typeof features> = true;
  void oneHome;
  return joinOnce('station features', ...features);
}

/** One station: every service by name (the CLI, the API handlers and the tests call these). */
export type Station = ReturnType<typeof composeStation>;

/** Opens one station: its store in `dataDir`, its vault, and the node client it talks through. */
export function openStation(options: StationOptions): Station {
  if (typeof options !== 'object' || options === null) fail('INVALID_INPUT', 'openStation: expected options', { field: 'options' });
  textArg(options.dataDir, 'data-dir', 4096);
  if (options.nodeUrl !== undefined) new NodeClient({ baseUrl: options.nodeUrl });
  return composeStation(options);
}
