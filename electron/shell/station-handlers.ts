/**
 * The station API's handlers over the station services (issue 8 "a thin layer that registers the
 * table's handlers over the station services"): `createStationHandlers(station, options)` turns
 * one `Station` (station/station.ts) into `Handlers<StationApi>` for main's IPC and for
 * the loopback bridge. Each handler reshapes a service's answer into the table's view; the
 * services do every check and every write.
 *
 * Files: the services read and write paths; the API carries text. A file handed in is written to
 * a private temporary directory (0700, the file 0600) under its own base name, read by the service
 * there, and removed; a file handed out is written there by the service, read back and removed.
 * The renderer never names a path on the host.
 *
 * Invariants: no result carries key bytes (the services hand back addresses only, and
 * `keysImport`'s hex is turned into bytes that the vault wipes); the queue lists pages without
 * recovering any signature (each was checked against the permission when it was stored).
 * Never imports `electron`.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromBinary } from '@bufbuild/protobuf';
import { PermissionSchema } from '../../shared/gen/protocol/core_pb.ts';
import { addressToBase58, parseAddress } from '../../shared/chain/address.ts';
import { equalBytes, hexToBytes, utf8ToBytes } from '../../shared/base/bytes.ts';
import type { Handlers } from '../../shared/api/api-contract.ts';
import { addressView } from '../../shared/base/display.ts';
import { fail } from '../../shared/base/errors.ts';
import { HANDOFF_FILTERS, type FileDialogs } from './file-dialogs.ts';
import { escapeJsonText } from '../../shared/base/escape.ts';
import type { QueueEntry, StationApi, StationTransaction } from '../../shared/api/station-api.ts';
import { transactionView, type TransactionView as SharedTransactionView } from '../../shared/views/view.ts';
import { decodeRaw } from '../../shared/chain/transaction.ts';
import { REISSUE_WINDOW_MS, type BroadcastView, type Station, type TransactionView } from '../../station/station.ts';
import { NodeClient } from '../../station/node/node-client.ts';
import { addressesIn, type LabelIndex } from '../../station/address-book/address-book.ts';

export interface StationHandlerOptions {
  appInfo: () => { name: string; version: string; dataDir: string };
  /** Where the private temporary directories for files go; default the OS's. */
  tempRoot?: string;
  /** The desktop app's native open and save dialogs; absent behind the bridge (NO_DIALOG). */
  dialogs?: FileDialogs;
}

/** How many handoff files one open dialog may bring: importFiles takes at most this many. */
const MAX_OPENED_FILES = 20;

/** A file's own name, never a path: the last segment, or `file` when that is empty or a dot name. */
export function baseName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  return last === '' || last === '.' || last === '..' ? 'file' : last;
}

/** The queue's "amount or change" column in words, from the view decoded from the bytes. */
export function queueAmount(view: SharedTransactionView): string {
  const c = view.contract;
  switch (c.contract) {
    case 'TransferContract':
      return `${c.amountCoin} coin`;
    case 'TransferAssetContract':
      return c.amountTokens !== null && c.token !== null
        ? `${c.amountTokens} ${c.token.abbr ?? c.token.name ?? 'tokens'}`
        : `${c.amount} units of token ${c.tokenId ?? `0x${c.assetName.hex}`}`;
    case 'ParticipateAssetIssueContract':
      return `${c.amountCoin} coin for token ${c.tokenId ?? `0x${c.assetName.hex}`}`;
    case 'AssetIssueContract':
      return `issue ${c.name.text ?? `0x${c.name.hex}`}`;
    case 'AccountPermissionUpdateContract':
      return c.ownerPermission ? `owner: ${c.ownerPermission.threshold} of ${c.ownerPermission.keys.length} keys` : 'permission change';
    default:
      return view.title;
  }
}

export function createStationHandlers(station: Station, options: StationHandlerOptions): Handlers<StationApi> {
  /** Runs `fn` with a private directory that is removed afterwards, whatever happens. */
  const withTempDir = async <T>(fn: (dir: string) => T | Promise<T>): Promise<T> => {
    const dir = mkdtempSync(join(options.tempRoot ?? tmpdir(), 'airlock-api-'));
    try {
      return await fn(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const needDialogs = (instead: string): FileDialogs =>
    options.dialogs ?? fail('NO_DIALOG', `this station has no file dialogs (it is served through the loopback bridge): use ${instead} instead`);
  const exportHandoffText = (txId: string) =>
    withTempDir((dir) => {
      const file = join(dir, 'handoff.json');
      const r = station.exportHandoff({ txId, file });
      return { fileName: `${r.txId.slice(0, 12)}.airlock.json`, text: readFileSync(file, 'utf8'), txId: r.txId, signatures: r.signatures };
    });
  const writeIn = (dir: string, name: string, text: string): string => {
    const path = join(dir, baseName(name));
    writeFileSync(path, text, { mode: 0o600, flag: 'wx' });
    return path;
  };

  const stationTransaction = (t: TransactionView): StationTransaction => {
    const labels = station.labels();
    const signer = (address: string, weight: string, signed: boolean) => ({
      address: addressView(parseAddress(address)),
      weight,
      label: labels.labelOf(address),
      signed,
      local: labels.isLocal(address),
    });
    const named = addressesIn(t.details);
    const final = t.status === 'broadcast' || t.status === 'confirmed';
    return {
      view: t.details,
      approval: t.approval,
      signers: [...t.signers.map((s) => signer(s.address, s.weight, true)), ...t.couldSign.map((s) => signer(s.address, s.weight, false))],
      status: t.status,
      note: t.note,
      nodeAnswer: t.nodeAnswer,
      createdAt: t.createdAt,
      expiresInMs: t.expiresInMs,
      nodeJson: escapeJsonText(JSON.stringify(t.contract, null, 2)),
      reissuable: !final && (t.status === 'expired' || t.expiresInMs < REISSUE_WINDOW_MS),
      labels: [...new Set([...named, ...t.signers.map((s) => s.address), ...t.couldSign.map((s) => s.address)])].flatMap((address) => {
        const label = labels.labelOf(address);
        return label === null ? [] : [{ address, label }];
      }),
      lookalikes: named.flatMap((address) => {
        const l = labels.lookalike(address);
        return l === null ? [] : [{ address, imitates: l.imitates, label: l.label }];
      }),
    };
  };

  const built = (b: { txId: string; transaction: TransactionView; basis: string; warnings: string[] }) => ({
    txId: b.txId, transaction: stationTransaction(b.transaction), basis: b.basis, warnings: b.warnings,
  });

  /** The dry run's two parts in the table's shape (int64 as text), for preflight and broadcast alike. */
  const dryRun = ({ comparison: c, signWeight: w }: Pick<BroadcastView, 'comparison' | 'signWeight'>) => ({
    comparison: { changed: c.changed, changes: c.changes, text: c.text },
    signWeight: { code: w.code, message: w.message, approved: w.approved, weight: String(w.weight), threshold: w.threshold === null ? null : String(w.threshold), enough: w.enough },
  });

  const parseContractJson = (text: string): unknown => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      fail('BAD_JSON', 'json: not JSON text', { field: 'json' });
    }
  };

  const queueEntry = (e: ReturnType<Station['list']>[number], labels: LabelIndex): QueueEntry => {
    const txId = hexToBytes(e.txId);
    const record = station.store.getTransaction(txId)!;
    // With the stored token's precision and abbreviation, so the queue says "12.5 GLD" as the transaction screen does.
    const view = transactionView({ rawBytes: record.raw, signatures: [] }, { tokens: station.tokenInfos(decodeRaw(record.raw)) });
    const signed = station.store.listSignatures(txId).map((s) => s.signer);
    const permission = record.permission === null ? null : fromBinary(PermissionSchema, record.permission);
    return {
      txId: e.txId,
      kind: view.kind,
      title: view.title,
      account: e.account,
      accountLabel: labels.labelOf(record.account),
      amount: queueAmount(view),
      status: e.status,
      weight: e.weight,
      threshold: e.threshold,
      signatureCount: e.signatureCount,
      canStillSign: (permission?.keys ?? [])
        .filter((k) => !signed.some((s) => equalBytes(s, k.address)))
        .map((k) => {
          return { address: addressToBase58(k.address), weight: k.weight.toString(), local: labels.isLocal(k.address), label: labels.labelOf(k.address) };
        }),
      expiration: e.expiration,
      note: e.note,
    };
  };

  return {
    appInfo: () => options.appInfo(),

    keysStatus: () => station.vaultStatus(),
    keysList: () => ({ keys: station.keysList() }),
    keysNew: (args) => station.keysNew(args),
    keysImport: async ({ privateKeyHex, label }) => {
      const secret = hexToBytes(privateKeyHex.replace(/^0x/, ''), 'privateKeyHex');
      const { created, ...key } = await station.keysImport({ secret, ...(label !== undefined && { label }) });
      return { key, created };
    },
    keysLabel: (args) => station.keysLabel(args),
    keysDelete: (args) => station.keysDelete(args),

    accountFetch: (args) => station.accountFetch(args),
    accountShow: (args) => station.accountShow(args),
    accountsList: () => ({ accounts: station.accountsList() }),
    snapshotExport: ({ accounts }) =>
      withTempDir(async (dir) => {
        const file = join(dir, 'snapshot.json');
        const r = await station.snapshotExport({ file, accounts });
        return { fileName: `snapshot-${r.block.number}.json`, text: readFileSync(file, 'utf8'), block: r.block, accounts: r.accounts, tokens: r.tokens };
      }),
    snapshotImport: ({ fileName, text }) =>
      withTempDir((dir) => {
        const r = station.snapshotImport({ file: writeIn(dir, fileName, text) });
        return { ...r, accounts: r.accounts.map((a) => ({ address: a.address, stored: a.stored, ...(a.reason !== undefined && { reason: a.reason }) })) };
      }),

    buildTransfer: async (args) => built(await station.buildTransfer(args)),
    buildTransferAsset: async (args) => built(await station.buildTransferAsset(args)),
    buildParticipate: async (args) => built(await station.buildParticipate(args)),
    buildAssetIssue: async ({ json, ...rest }) => built(await station.buildAssetIssue({ json: parseContractJson(json), ...rest })),
    buildPermissionUpdate: async ({ json, ...rest }) => built(await station.buildPermissionUpdate({ json: parseContractJson(json), ...rest })),
    buildBatch: ({ csv, ...rest }) =>
      withTempDir(async (dir) => {
        const r = await station.buildBatch({ csv: writeIn(dir, 'batch.csv', csv), ...rest });
        return {
          count: r.count, signed: r.signed, basis: r.basis, warnings: r.warnings,
          rows: r.txIds.map((txId, i) => ({ row: r.rows[i]!, txId, status: r.statuses[i]! })),
        };
      }),

    status: async (args) => stationTransaction(await station.status(args)),
    sign: async (args) => {
      const r = await station.sign(args);
      return { txId: r.txId, signed: r.signed, status: r.status, transaction: stationTransaction(r.transaction) };
    },
    exportHandoff: ({ txId }) => exportHandoffText(txId),
    saveHandoffFile: async ({ txId }) => {
      const dialogs = needDialogs('a download');
      const handoff = await exportHandoffText(txId);
      const r = await dialogs.saveFile({ title: 'Save the handoff file', suggestedName: handoff.fileName, filters: [...HANDOFF_FILTERS], text: handoff.text });
      return { saved: r.saved, fileName: r.saved && r.name !== undefined ? r.name : handoff.fileName, txId: handoff.txId };
    },
    openHandoffFiles: async () => {
      const dialogs = needDialogs("the browser's file picker");
      const files = await dialogs.openFiles({ title: 'Open handoff or transaction files', filters: [...HANDOFF_FILTERS], multiple: true });
      if (files.length > MAX_OPENED_FILES) fail('INVALID_INPUT', `files: at most ${MAX_OPENED_FILES} files at once`, { field: 'files' });
      return { files };
    },
    importFiles: ({ files }) =>
      withTempDir((dir) => {
        // One subdirectory per file, so two files of the same name cannot collide.
        const paths = files.map((f, i) => {
          const sub = join(dir, String(i));
          mkdirSync(sub, { mode: 0o700 });
          return writeIn(sub, f.name, f.text);
        });
        return { results: station.importFiles({ files: paths }) };
      }),
    reissue: async (args) => {
      const r = await station.reissue(args);
      return { old: r.old, txId: r.txId, transaction: stationTransaction(r.transaction), basis: r.basis, warnings: r.warnings, text: r.text };
    },
    preflight: async (args) => dryRun(await station.preflight(args)),
    broadcast: async (args) => {
      const r = await station.broadcast(args);
      return { txId: r.txId, accepted: r.accepted, status: r.status, text: r.text, ...dryRun(r) };
    },

    list: ({ status, account, offset = 0, limit = 250 }) => {
      const all = station.list(status === undefined ? {} : { status });
      const accounts = [...new Set(all.map((e) => e.account))].sort();
      const wanted = account === undefined ? null : addressToBase58(parseAddress(account.trim(), 'account'));
      const rows = wanted === null ? all : all.filter((e) => e.account === wanted);
      const labels = station.labels();
      return { total: rows.length, entries: rows.slice(offset, offset + limit).map((e) => queueEntry(e, labels)), accounts };
    },

    // ---- vault passphrase (the keystore unlocked from the UI)
    // The text becomes bytes the station owns and wipes; the string itself is the IPC layer's and
    // cannot be wiped in JavaScript, which is why it is never kept or copied here.
    vaultUnlock: ({ passphrase }) => station.vaultUnlock(utf8ToBytes(passphrase)),
    vaultLock: () => station.vaultLock(),

    // ---- tokens
    tokenShow: (args) => station.tokenShow(args),
    tokenList: () => station.tokenList(),

    // ---- address book
    bookList: () => station.bookList(),
    bookSet: (args) => station.bookSet(args),
    bookDelete: (args) => station.bookDelete(args),

    // ---- proofs of possession
    proofChallenge: (args) => station.proofChallenge(args),
    proofSign: async (args) => {
      const r = await station.proofSign(args);
      return { fileName: r.fileName, text: r.text, account: r.account, key: r.key, permissionHash: r.permissionHash, words: r.words };
    },
    proofImport: (args) => station.proofImport(args),
    proofList: ({ account }) => ({ proofs: station.proofList(account === undefined ? {} : { account }) }),

    // ---- permission analysis (lockout guard, known signers)
    permissionCheck: ({ json, permissionId }) => station.permissionCheck({ json: parseContractJson(json), ...(permissionId !== undefined && { permissionId }) }),
    knownSigners: () => ({ signers: station.knownSigners() }),

    settings: () => station.settings(),
    setSetting: ({ key, value }) => station.setSetting(key, value),
    nodeTest: async ({ url }) => {
      const target = url ?? station.nodeUrl();
      try {
        const block = await new NodeClient({ baseUrl: target, dialect: station.dialect() }).latestBlock();
        return { ok: true, url: target, block: Number(block.number), text: `The node answered: its head block is ${block.number}.` };
      } catch (e) {
        return { ok: false, url: target, block: null, text: e instanceof Error ? e.message : 'the node did not answer' };
      }
    },
    auditVerify: () => {
      const r = station.auditVerify();
      return { ok: r.ok, entries: r.entries, firstBad: r.firstBad ?? null, reason: r.reason ?? null, text: r.text };
    },
  };
}

