/**
 * The station API table (docs/decisions.md §8 "The API contract"): every method the renderer may call, declared
 * once with the schema of its argument and result. Preload, IPC, the bridge and the renderer's
 * client all read this table, so a method added here and not implemented is a compile error in main.
 *
 * Method names and arguments follow the station services (station/station.ts, docs/decisions.md §7:
 * keysNew, keysImport, keysList, keysLabel, keysDelete, accountFetch, accountShow, snapshotExport,
 * snapshotImport, build*, buildBatch, sign, status, exportHandoff, importFiles, reissue, broadcast,
 * list, settings, setSetting, auditVerify). Where the services take a file path, the API carries
 * the file's text instead (`textFile()`, 4 MiB; a CSV 8 MiB): the renderer never names a path on
 * the host; main's dialogs and the browser's file input both produce text.
 *
 * Results are the shared views (station-view-schemas.ts: TransactionView, PermissionView,
 * ApprovalView, built by shared/views/view.ts) plus the station's own facts (status, note, expiry,
 * which keys are local). Free text a person typed or a file carried (labels, notes, file names)
 * crosses as it is stored and is escaped by the renderer with shared/base/escape.ts before display.
 *
 * The table is one per feature (shared/api/tables/), joined here; a method declared by two tables
 * is a compile error (`OneHome`) and a load-time error (`joinApis`).
 *
 * Invariant: results are JSON-safe (no bigint, no byte arrays, no protobuf messages), every result
 * schema is closed (shared/api/station-api.test.ts walks them), and none has room for key bytes: keys
 * cross as addresses only. The schema's output is what crosses to the renderer.
 */
import type * as v from 'valibot';
import { joinApis } from './api-contract.ts';
import type { OneHome } from '../base/one-home.ts';
import { KEYS_API } from './tables/keys.ts';
import { ACCOUNTS_API } from './tables/accounts.ts';
import { BUILD_API } from './tables/build.ts';
import { TRANSACTIONS_API } from './tables/transactions.ts';
import { TOKENS_API } from './tables/tokens.ts';
import { CONTRACTS_API } from './tables/contracts.ts';
import { ADDRESS_BOOK_API } from './tables/address-book.ts';
import { PROOFS_API } from './tables/proofs.ts';
import { EXPORTERS_API } from './tables/exporters.ts';
import { PERMISSIONS_API } from './tables/permissions.ts';
import { SETTINGS_API } from './tables/settings.ts';
import type { STATION_TRANSACTION, QUEUE_ENTRY, KEY_VIEW, BOOK_ENTRY, ACCOUNT_VIEW, ACCOUNT_ENTRY, SNAPSHOT_ENTRY } from './station-parts.ts';

/** Every feature's table; a new feature's table is one line here. */
const FEATURE_TABLES = [
  SETTINGS_API,
  KEYS_API,
  ACCOUNTS_API,
  BUILD_API,
  TRANSACTIONS_API,
  TOKENS_API,
  CONTRACTS_API,
  ADDRESS_BOOK_API,
  PROOFS_API,
  EXPORTERS_API,
  PERMISSIONS_API,
] as const;

/** Does not compile when two feature tables declare one method (the error names it). */
export const oneHomePerMethod: OneHome<typeof FEATURE_TABLES> = true;

export const STATION_API = joinApis(...FEATURE_TABLES);

export type StationApi = typeof STATION_API;
export type StationTransaction = v.InferOutput<typeof STATION_TRANSACTION>;
export type QueueEntry = v.InferOutput<typeof QUEUE_ENTRY>;
export type KeyView = v.InferOutput<typeof KEY_VIEW>;
export type BookEntry = v.InferOutput<typeof BOOK_ENTRY>;
export type AccountView = v.InferOutput<typeof ACCOUNT_VIEW>;
export type AccountEntry = v.InferOutput<typeof ACCOUNT_ENTRY>;
export type SnapshotEntry = v.InferOutput<typeof SNAPSHOT_ENTRY>;
