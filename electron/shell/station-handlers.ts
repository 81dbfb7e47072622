/**
 * The station API's handlers over the station (docs/decisions.md §8 "a thin layer that registers the table's
 * handlers over the station services"): `createStationHandlers(station, options)` turns one `Station`
 * (station/station.ts) into `Handlers<StationApi>` for main's IPC and for the loopback bridge. Every
 * method is the station's method of the same name, given the API's argument and answering the API's
 * result itself, so the handler hands the argument over and the answer back untouched; files travel
 * as name and text both ways, so nothing here touches the disk or the store.
 *
 * What stays here is the shell's own, the six of SHELL_OWN_METHODS: the app's identity, the desktop's
 * file dialogs (absent behind the bridge: NO_DIALOG), turning the API's hex and text into the bytes
 * the vault owns and wipes, and naming the caller ("desktop app") in the audit log of a discard.
 *
 * Invariants: a method not in SHELL_OWN_METHODS is a plain pass-through (station-handlers.test.ts);
 * no result carries key bytes (the station hands back addresses only, and `keysImport`'s hex is
 * turned into bytes that the vault wipes). Never imports `electron`.
 */
import { hexToBytes, utf8ToBytes } from '../../shared/base/bytes.ts';
import type { Handlers, MethodName } from '../../shared/api/api-contract.ts';
import { fail } from '../../shared/base/errors.ts';
import { HANDOFF_FILTERS, type FileDialogs } from './file-dialogs.ts';
import { STATION_API, type StationApi } from '../../shared/api/station-api.ts';
import type { Station } from '../../station/station.ts';
import { MAX_OPENED_FILES } from '../../shared/base/limits.ts';

export interface StationHandlerOptions {
  appInfo: () => { name: string; version: string; dataDir: string };
  /** The desktop app's native open and save dialogs; absent behind the bridge (NO_DIALOG). */
  dialogs?: FileDialogs;
}

/** The methods the shell answers itself; every other one is the station's own, passed through. */
export const SHELL_OWN_METHODS = ['appInfo', 'keysImport', 'saveHandoffFile', 'openHandoffFiles', 'discard', 'vaultUnlock'] as const;
type ShellOwnMethod = (typeof SHELL_OWN_METHODS)[number];

export function createStationHandlers(station: Station, options: StationHandlerOptions): Handlers<StationApi> {
  const needDialogs = (instead: string): FileDialogs =>
    options.dialogs ?? fail('NO_DIALOG', `this station has no file dialogs (it is served through the loopback bridge): use ${instead} instead`);

  // Exactly the shell's own methods: one more or one fewer does not compile.
  const overrides: { [M in ShellOwnMethod]: Handlers<StationApi>[M] } = {
    appInfo: () => options.appInfo(),

    keysImport: async ({ privateKeyHex, label }) => {
      const secret = hexToBytes(privateKeyHex.replace(/^0x/, ''), 'privateKeyHex');
      const { created, ...key } = await station.keysImport({ secret, ...(label !== undefined && { label }) });
      return { key, created };
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
    discard: (args) => station.discard(args, 'desktop app'),

    // ---- vault passphrase (the keystore unlocked from the UI)
    // The text becomes bytes the station owns and wipes; the string itself is the IPC layer's and
    // cannot be wiped in JavaScript, which is why it is never kept or copied here.
    vaultUnlock: ({ passphrase }) => station.vaultUnlock(utf8ToBytes(passphrase)),
  };

  // Every other method is the station's method of the same name, whose argument and answer are the
  // API's own: this assignment does not compile when one is missing or answers another shape.
  const passed: Pick<Handlers<StationApi>, Exclude<MethodName<StationApi>, ShellOwnMethod>> = station;
  const handlers: Record<string, (args: never) => unknown> = {};
  for (const method of Object.keys(STATION_API)) {
    handlers[method] = (SHELL_OWN_METHODS as readonly string[]).includes(method)
      ? (overrides as Record<string, (args: never) => unknown>)[method]!
      : (args: never) => (passed as unknown as Record<string, (args: never) => unknown>)[method]!(args);
  }
  return handlers as unknown as Handlers<StationApi>;
}
