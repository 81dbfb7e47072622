/**
 * Handlers for the station API methods whose station services are not wired into the shell yet
 * (issue 8: they are wired to electron/station/services.ts once it lands). Each answers NOT_FOUND
 * with a sentence naming the method, so the renderer shows why instead of an internal error.
 *
 * Every method is listed by name on purpose: a method added to shared/station-api.ts and not here
 * (or in main's own handlers) is still a compile error in main.
 */
import type { Handlers } from '../../shared/api-contract.ts';
import { fail } from '../../shared/errors.ts';
import type { StationApi } from '../../shared/station-api.ts';

function notWired(method: string): () => never {
  return () => fail('NOT_FOUND', `${method}: this station's services are not connected to the window yet; use the airlock command line`, { method });
}

export function unwiredStationHandlers(): Omit<Handlers<StationApi>, 'appInfo'> {
  return {
    keysStatus: notWired('keysStatus'),
    keysList: notWired('keysList'),
    keysNew: notWired('keysNew'),
    keysImport: notWired('keysImport'),
    keysLabel: notWired('keysLabel'),
    keysDelete: notWired('keysDelete'),
    accountFetch: notWired('accountFetch'),
    accountShow: notWired('accountShow'),
    snapshotExport: notWired('snapshotExport'),
    snapshotImport: notWired('snapshotImport'),
    buildTransfer: notWired('buildTransfer'),
    buildTransferAsset: notWired('buildTransferAsset'),
    buildParticipate: notWired('buildParticipate'),
    buildAssetIssue: notWired('buildAssetIssue'),
    buildPermissionUpdate: notWired('buildPermissionUpdate'),
    buildBatch: notWired('buildBatch'),
    status: notWired('status'),
    sign: notWired('sign'),
    exportHandoff: notWired('exportHandoff'),
    importFiles: notWired('importFiles'),
    reissue: notWired('reissue'),
    preflight: notWired('preflight'),
    broadcast: notWired('broadcast'),
    list: notWired('list'),
    settings: notWired('settings'),
    setSetting: notWired('setSetting'),
    nodeTest: notWired('nodeTest'),
    auditVerify: notWired('auditVerify'),
  };
}
