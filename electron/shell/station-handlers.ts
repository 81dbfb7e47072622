/**
 * The station API's handlers over the station (docs/decisions.md §8 "a thin layer that registers the table's
 * handlers over the station services"): `createStationHandlers(station, options)` turns one `Station`
 * (station/station.ts) into `Handlers<StationApi>` for main's IPC and for the loopback bridge. Each
 * handler is one call to the station, which checks, writes and shapes the answer; files travel as
 * name and text both ways, so nothing here touches the disk or the store.
 *
 * What stays here is the shell's own: the app's identity, the desktop's file dialogs (absent behind
 * the bridge: NO_DIALOG), turning the API's hex and text into the bytes the station owns and wipes.
 *
 * Invariants: no result carries key bytes (the station hands back addresses only, and
 * `keysImport`'s hex is turned into bytes that the vault wipes). Never imports `electron`.
 */
import { hexToBytes, utf8ToBytes } from '../../shared/base/bytes.ts';
import type { Handlers, MethodName } from '../../shared/api/api-contract.ts';
import { fail } from '../../shared/base/errors.ts';
import { checkJsonDepth } from '../../shared/base/json.ts';
import { HANDOFF_FILTERS, type FileDialogs } from './file-dialogs.ts';
import { STATION_API, type StationApi } from '../../shared/api/station-api.ts';
import type { Station } from '../../station/station.ts';
import type { BroadcastView } from '../../station/core/views.ts';
import { MAX_OPENED_FILES } from '../../shared/base/limits.ts';

export interface StationHandlerOptions {
  appInfo: () => { name: string; version: string; dataDir: string };
  /** The desktop app's native open and save dialogs; absent behind the bridge (NO_DIALOG). */
  dialogs?: FileDialogs;
}

/** The dry run's two parts in the table's shape (int64 as text), for preflight and broadcast alike. */
function dryRun({ comparison: c, signWeight: w }: Pick<BroadcastView, 'comparison' | 'signWeight'>) {
  return {
    comparison: { changed: c.changed, changes: c.changes, text: c.text },
    signWeight: {
      code: w.code,
      message: w.message,
      approved: w.approved,
      weight: String(w.weight),
      threshold: w.threshold === null ? null : String(w.threshold),
      enough: w.enough,
    },
  };
}

/** A contract's JSON text from the API as the value the station reads. */
function contractJson(text: string): unknown {
  // Depth first (docs/decisions.md §16): the contract readers recurse over what JSON.parse gives them.
  checkJsonDepth(text, 'json');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    fail('BAD_JSON', 'json: not JSON text', { field: 'json' });
  }
}

export function createStationHandlers(station: Station, options: StationHandlerOptions): Handlers<StationApi> {
  const needDialogs = (instead: string): FileDialogs =>
    options.dialogs ?? fail('NO_DIALOG', `this station has no file dialogs (it is served through the loopback bridge): use ${instead} instead`);

  const overrides = {
    appInfo: () => options.appInfo(),

    keysStatus: () => station.vaultStatus(),
    keysList: () => ({ keys: station.keysList() }),
    keysImport: async ({ privateKeyHex, label }) => {
      const secret = hexToBytes(privateKeyHex.replace(/^0x/, ''), 'privateKeyHex');
      const { created, ...key } = await station.keysImport({ secret, ...(label !== undefined && { label }) });
      return { key, created };
    },

    accountsList: () => ({ accounts: station.accountsList() }),

    buildTransfer: async (args) => station.apiBuilt(await station.buildTransfer(args)),
    buildTransferAsset: async (args) => station.apiBuilt(await station.buildTransferAsset(args)),
    buildParticipate: async (args) => station.apiBuilt(await station.buildParticipate(args)),
    buildAssetIssue: async ({ json, ...rest }) => station.apiBuilt(await station.buildAssetIssue({ json: contractJson(json), ...rest })),
    buildPermissionUpdate: async ({ json, ...rest }) => station.apiBuilt(await station.buildPermissionUpdate({ json: contractJson(json), ...rest })),
    buildBatch: async (args) => station.apiBatch(await station.buildBatch(args)),
    buildTrc20Transfer: async (args) => station.apiBuilt(await station.buildTrc20Transfer(args)),
    buildTrc20Approve: async (args) => station.apiBuilt(await station.buildTrc20Approve(args)),
    buildFreeze: async (args) => station.apiBuilt(await station.buildFreeze(args)),
    buildUnfreeze: async (args) => station.apiBuilt(await station.buildUnfreeze(args)),
    buildDelegate: async (args) => station.apiBuilt(await station.buildDelegate(args)),
    buildUndelegate: async (args) => station.apiBuilt(await station.buildUndelegate(args)),
    buildWithdrawUnfrozen: async (args) => station.apiBuilt(await station.buildWithdrawUnfrozen(args)),
    buildCancelUnfreeze: async (args) => station.apiBuilt(await station.buildCancelUnfreeze(args)),
    buildVote: async (args) => station.apiBuilt(await station.buildVote(args)),
    buildWithdrawRewards: async (args) => station.apiBuilt(await station.buildWithdrawRewards(args)),
    buildAccountName: async (args) => station.apiBuilt(await station.buildAccountName(args)),

    status: async (args) => station.apiTransaction(await station.status(args)),
    sign: async (args) => {
      const r = await station.sign(args);
      return { txId: r.txId, signed: r.signed, status: r.status, transaction: station.apiTransaction(r.transaction) };
    },
    saveHandoffFile: async ({ txId }) => {
      const dialogs = needDialogs('a download');
      const handoff = await station.exportHandoff({ txId });
      const r = await dialogs.saveFile({ title: 'Save the handoff file', suggestedName: handoff.fileName, filters: [...HANDOFF_FILTERS], text: handoff.text });
      return { saved: r.saved, fileName: r.saved && r.name !== undefined ? r.name : handoff.fileName, txId: handoff.txId };
    },
    openHandoffFiles: async () => {
      const dialogs = needDialogs("the browser's file picker");
      const files = await dialogs.openFiles({ title: 'Open handoff or transaction files', filters: [...HANDOFF_FILTERS], multiple: true });
      if (files.length > MAX_OPENED_FILES) fail('INVALID_INPUT', `files: at most ${MAX_OPENED_FILES} files at once`, { field: 'files' });
      return { files };
    },
    importFiles: ({ files }) => ({ results: station.importFiles({ files }) }),
    reissue: async (args) => {
      const r = await station.reissue(args);
      return { old: r.old, ...station.apiBuilt(r), text: r.text };
    },
    discard: (args) => station.discard(args, 'desktop app'),
    preflight: async (args) => dryRun(await station.preflight(args)),
    broadcast: async (args) => {
      const r = await station.broadcast(args);
      return { txId: r.txId, accepted: r.accepted, status: r.status, text: r.text, ...dryRun(r) };
    },

    list: (args) => station.queue(args),

    // ---- vault passphrase (the keystore unlocked from the UI)
    // The text becomes bytes the station owns and wipes; the string itself is the IPC layer's and
    // cannot be wiped in JavaScript, which is why it is never kept or copied here.
    vaultUnlock: ({ passphrase }) => station.vaultUnlock(utf8ToBytes(passphrase)),

    // ---- tokens

    // ---- address book

    // ---- proofs of possession
    proofSign: async (args) => {
      const r = await station.proofSign(args);
      return { fileName: r.fileName, text: r.text, account: r.account, key: r.key, permissionHash: r.permissionHash, words: r.words };
    },
    proofList: ({ account }) => ({ proofs: station.proofList(account === undefined ? {} : { account }) }),

    // ---- permission analysis (lockout guard, known signers)
    permissionCheck: ({ json, permissionId }) => station.permissionCheck({ json: contractJson(json), ...(permissionId !== undefined && { permissionId }) }),
    knownSigners: () => ({ signers: station.knownSigners() }),

    setSetting: ({ key, value }) => station.setSetting(key, value),
    auditVerify: () => {
      const r = station.auditVerify();
      return { ok: r.ok, entries: r.entries, firstBad: r.firstBad ?? null, reason: r.reason ?? null, text: r.text };
    },
  } satisfies Partial<Handlers<StationApi>>;

  // Every other method is the station's method of the same name, whose argument and answer are the
  // API's own: this assignment does not compile when one is missing or answers another shape.
  const passed: Pick<Handlers<StationApi>, Exclude<MethodName<StationApi>, keyof typeof overrides>> = station;
  const handlers: Record<string, (args: never) => unknown> = {};
  for (const method of Object.keys(STATION_API)) {
    handlers[method] = Object.hasOwn(overrides, method)
      ? (overrides as Record<string, (args: never) => unknown>)[method]!
      : (args: never) => (passed as unknown as Record<string, (args: never) => unknown>)[method]!(args);
  }
  return handlers as unknown as Handlers<StationApi>;
}
