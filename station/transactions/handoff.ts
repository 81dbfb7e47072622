/**
 * Handoff files (docs/decisions.md §7 "export, import with merge"): a stored transaction with its signatures,
 * the permission they count against and the token it names, as a handoff file's text; and handoff
 * files or plain transaction JSON taken back, several at once, copies of one transaction signed in
 * parallel merging. Files travel as name and text: the caller reads and writes them.
 *
 * Invariants:
 * - A file never silently overwrites what the store knows: a transaction the store knows keeps its
 *   record and permission; a file only adds signatures, each counted against the permission the
 *   store holds. A new transaction counts against the permission observed from the node when the
 *   station holds one, never the file's claim; a claim that differs is a warning naming the file.
 * - One signer outside an observed permission refuses the whole file; outside a permission only an
 *   earlier file claimed, a signer this file's claim names merges (first file no longer wins).
 * - A file's token description is a claim: it is stored only for a token the station does not hold,
 *   never over one it holds; a claim (token or permission) that disagrees with what the station holds
 *   is kept beside the transaction (core/claims.ts) and shown as a conflict on its screen.
 * - Every file is read and checked before anything from any of them is stored, and the batch is
 *   stored in one transaction: a refusal leaves nothing of any file stored.
 * - A file signed by a pinned exporter (docs/decisions.md §16, core/exporter-trust.ts) carries a permission that
 *   exporter observed from its node: it is stored as observed when this station holds no account, or
 *   only an older claim; a file whose exporter signature does not verify is refused with the batch.
 */
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { AccountSchema, PermissionSchema } from '../../shared/gen/protocol/core_pb.ts';
import { accountPermissionsFromAccount } from '../../shared/approval/authorization.ts';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { bytesToHex, equalBytes, hexToBytes } from '../../shared/base/bytes.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { exportHandoff, parseHandoff, stringifyHandoff, type HandoffImport, type HandoffPermission } from '../../shared/files/handoff.ts';
import { parseJson } from '../../shared/base/json.ts';
import { isHandoffBundle, readHandoffBundle } from '../../shared/files/handoff-bundle.ts';
import { accountPermissionsFromJson, type SnapshotAccount, type SnapshotToken } from '../../shared/files/snapshot.ts';
import { decodeRawShowingUnknown, isUnknownContract } from '../../shared/chain/transaction.ts';
import type { TransactionRecord } from '../store/transactions.ts';
import type { StationContext } from '../core/context.ts';
import { putSnapshotAccount, putTokenWithSale, replacePermission, snapshotAccountOf, sourceView, tokenFile } from '../core/records.ts';
import { keepClaim } from '../core/claims.ts';
import { getTokenSale, saleOfSnapshotToken } from '../core/token-details.ts';
import { fileCarriesToken } from '../node/token-sale.ts';
import type { TransactionBook } from '../core/transaction-book.ts';
import type { HandoffFileView, ImportFileView } from '../core/views.ts';
import { MAX_SIGNATURES, MAX_IMPORT_FILES } from '../../shared/base/limits.ts';
import { isObserved, outranks } from '../core/provenance.ts';
import { refuseFutureDate } from '../core/future-dates.ts';
import { exporterView, judgeExporter, rememberPinnedKey, signExport, sourceOfSigned, unpinnedWarning, type ExporterJudgement } from '../core/exporter-trust.ts';
import { fileNameArg, fileTextArg } from '../../shared/chain/input.ts';

export function handoffFeature(ctx: StationContext, book: TransactionBook) {
  const store = ctx.store;

  const handoffPermission = (r: TransactionRecord): HandoffPermission => {
    if (r.permission === null)
      fail('PERMISSION', `txid: this station does not know the permission the signers count against; fetch the account ${addressToBase58(r.account)} first`, {
        field: 'txid',
      });
    const permission = book.permissionFromBytes(r.permission);
    const stored = store.getAccount(r.account);
    const base = stored ? snapshotAccountOf(stored.account, stored.source, stored.fetchedAt) : undefined;
    const permissions = replacePermission(base?.permissions ?? { active_permission: [] }, r.permissionId, permission);
    return { address: addressToBase58(r.account), permissions, source: base?.source ?? { file: 'unknown' }, at: base?.at ?? r.createdAt };
  };

  /** For plain transaction JSON: the permission the store knows for its owner, to count signers. */
  const storedPermissionFor = (parsed: unknown): HandoffPermission | undefined => {
    if (typeof parsed !== 'object' || parsed === null || 'format' in parsed) return undefined;
    try {
      const hex = (parsed as { raw_data_hex?: unknown }).raw_data_hex;
      if (typeof hex !== 'string') return undefined;
      const decoded = decodeRawShowingUnknown(hexToBytes(hex));
      const stored = store.getAccount(decoded.ownerAddress);
      if (!stored) return undefined;
      const a = snapshotAccountOf(stored.account, stored.source, stored.fetchedAt);
      return { address: a.address, permissions: a.permissions, source: a.source, at: a.at };
    } catch {
      return undefined;
    }
  };

  /** The bytes of permission `id` of `owner` as this station observed it from the node, or null. */
  const observedPermission = (owner: Uint8Array, id: number): Uint8Array | null => {
    const stored = store.getAccount(owner);
    if (!stored || !isObserved(stored.source)) return null;
    const ap = accountPermissionsFromAccount(fromBinary(AccountSchema, stored.account));
    const p = id === 0 ? ap.owner : ap.actives.find((x) => x.id === id);
    return p ? toBinary(PermissionSchema, p) : null;
  };

  let nameCount = 'this file';
  const importOne = (name: string, imp: HandoffImport, judged: ExporterJudgement | null): ImportFileView => {
    const txId = hexToBytes(imp.txID);
    const rawBytes = hexToBytes(imp.transaction.raw_data_hex);
    // An unknown contract type is stored as 'UnknownContract' (parseHandoff has checked everything else).
    const decoded = decodeRawShowingUnknown(rawBytes);
    const warnings: string[] = [];
    const known = store.getTransaction(txId);
    let claimBytes: Uint8Array | null = null;
    if (imp.permission) {
      const ap = accountPermissionsFromJson(imp.permission.address, imp.permission.permissions);
      const p = imp.permissionId === 0 ? ap.owner : ap.actives.find((x) => x.id === imp.permissionId);
      if (p) claimBytes = toBinary(PermissionSchema, p);
    }
    // A claim never replaces an observation (docs/decisions.md §16): a new transaction counts against the
    // permission observed from the node when the station holds it, the file's claim otherwise.
    const signedSource = imp.permission ? sourceOfSigned(ctx, judged, name, imp.permission.source, imp.permission.at) : null;
    const observed = observedPermission(decoded.ownerAddress, imp.permissionId);
    const unpinned = unpinnedWarning(judged);
    if (unpinned !== null) warnings.push(unpinned);
    const permissionBytes: Uint8Array | null = known ? known.permission : (observed ?? claimBytes);
    // Signers outside a permission the node showed refuse the file; outside one only an earlier
    // file claimed, they merge when this file's own claim names them (a forged copy imported first
    // must not block the genuine one), and the disagreement is a warning.
    // A transaction that arrived by file (its signatures came from files) holds only that file's
    // claim; one built here holds the basis the station built it from.
    const storedSigs = known ? store.listSignatures(txId) : [];
    const arrivedByFile = storedSigs.some((s) => s.origin.kind !== 'local key');
    const trusted = permissionBytes !== null && ((observed !== null && equalBytes(observed, permissionBytes)) || (known !== undefined && !arrivedByFile));
    const storedSigners = storedSigs.map((s) => bytesToHex(s.signer));
    const fresh = imp.signers.filter((s) => !storedSigners.includes(s.hex.toLowerCase()));
    if (permissionBytes !== null) {
      const keyOf = (bytes: Uint8Array | null, hex: string) =>
        bytes !== null && book.permissionFromBytes(bytes).keys.some((k) => bytesToHex(k.address) === hex);
      for (const s of fresh) {
        const hex = s.hex.toLowerCase();
        if (keyOf(permissionBytes, hex) || (!trusted && keyOf(claimBytes, hex))) continue;
        fail(
          'PERMISSION',
          `${name}: signer ${s.address} is not a key of permission ${imp.permissionId} as this station knows it; nothing from ${nameCount} was imported`,
          { field: 'signature', file: name },
        );
      }
      if (claimBytes !== null && !equalBytes(claimBytes, permissionBytes)) {
        const held =
          observed !== null && equalBytes(observed, permissionBytes)
            ? 'the one this station observed from the node'
            : trusted
              ? 'the one this station built the transaction from'
              : 'the one this station holds for this transaction, also only claimed by a file';
        warnings.push(
          `${name}: the file claims another version of permission ${imp.permissionId} than ${held}; the signatures are counted against the station's, and the file's claim was not taken`,
        );
      }
    } else if (fresh.length > 0) {
      warnings.push('this station does not know the permission, so the signatures were checked only for belonging to this transaction');
    }
    if (storedSigners.length + fresh.length > MAX_SIGNATURES)
      fail('PERMISSION', `${name}: together with the stored signatures this makes more than ${MAX_SIGNATURES}`, { field: 'signature', file: name });
    store.atomic(() => {
      rememberPinnedKey(ctx, judged);
      if (!known) {
        store.insertTransaction({
          txId,
          raw: rawBytes,
          kind: decoded.contractType,
          account: decoded.ownerAddress,
          permissionId: decoded.permissionId,
          expiration: imp.expiration,
          note: imp.note.slice(0, 2_000),
          permission: permissionBytes,
          // A file's transaction: its bytes were chosen elsewhere, so its signatures prove no key (signers-seen.ts).
          origin: 'imported',
        });
        const held = store.getAccount(decoded.ownerAddress);
        // A signed observation replaces what it outranks (docs/decisions.md §24: by block); an unsigned copy only fills a gap.
        const newer =
          signedSource !== null &&
          isObserved(signedSource) &&
          held !== undefined &&
          outranks({ source: signedSource, at: imp.permission!.at }, { source: held.source, at: held.fetchedAt });
        if (imp.permission && (!held || newer)) {
          const a: SnapshotAccount = {
            address: imp.permission.address,
            exists: true,
            permissions: imp.permission.permissions,
            balance: '0',
            tokens: [],
            source: imp.permission.source,
            at: imp.permission.at,
          };
          putSnapshotAccount(store, a, signedSource ?? { kind: 'file', file: name });
        }
        for (const t of imp.tokens) if (!store.getToken(t.id)) putTokenWithSale(store, t, saleOfSnapshotToken(t), { kind: 'file', file: name });
      }
      // Each file's permission claim is kept (never taken): one that disagrees shows as a conflict on
      // the transaction's screen, one that agrees names the file the weights' basis came from (docs/decisions.md §16).
      if (claimBytes !== null)
        keepClaim(store, txId, { kind: 'permission', file: name, permissionId: imp.permissionId, permissionHex: bytesToHex(claimBytes) });
      for (const t of imp.tokens) {
        const held = store.getToken(t.id);
        if (held && (held.name !== t.name || held.abbreviation !== t.abbreviation || held.precision !== t.precision)) {
          keepClaim(store, txId, { kind: 'token', file: name, tokenId: t.id, name: t.name, abbreviation: t.abbreviation, precision: t.precision });
          warnings.push(
            `${name}: the file describes token ${t.id} otherwise than this station holds it (${sourceView(held.source).text}); the amount is shown with the station's, and the file's claim was not taken`,
          );
        }
      }
      for (const s of fresh) {
        store.addSignature({
          txId,
          signer: hexToBytes(s.hex),
          signature: hexToBytes(s.signature),
          origin: { kind: known || storedSigners.length > 0 ? 'merge' : 'file', file: name },
        });
      }
      book.refreshStatus(store.getTransaction(txId)!);
    });
    return {
      file: name,
      txId: imp.txID,
      kind: imp.kind,
      added: fresh.map((s) => s.address),
      known: imp.signers.filter((s) => storedSigners.includes(s.hex.toLowerCase())).map((s) => s.address),
      newTransaction: !known,
      warnings,
      exporter: judged && exporterView(judged.exporter, judged.pinned),
    };
  };

  return {
    /**
     * The handoff file of a stored transaction, as its name and text. `fileName` is the name it will
     * be saved under when the caller knows it (the audit log records it); default `<txid>.airlock.json`.
     */
    async exportHandoff(args: { txId: string; fileName?: string }): Promise<HandoffFileView> {
      const r = book.record(args.txId);
      const fileName = args.fileName === undefined ? `${bytesToHex(r.txId).slice(0, 12)}.airlock.json` : fileNameArg(args.fileName, 'fileName');
      const tx = book.signed(r);
      const decoded = decodeRawShowingUnknown(r.raw);
      const tokens: SnapshotToken[] = [];
      const tokenId = isUnknownContract(decoded) ? undefined : (decoded.contract as { assetName?: Uint8Array }).assetName;
      if (tokenId && /^[0-9]+$/.test(new TextDecoder().decode(tokenId))) {
        const t = store.getToken(new TextDecoder().decode(tokenId));
        const file = t && tokenFile(t, getTokenSale(store, t.id));
        if (file && fileCarriesToken(file)) tokens.push(file);
      }
      const handoff = exportHandoff({ tx, permission: handoffPermission(r), tokens, note: r.note, now: ctx.now() });
      const signed = await signExport(ctx, stringifyHandoff(handoff));
      store.appendAudit({
        action: 'handoff.export',
        subject: bytesToHex(r.txId),
        details: { file: fileName, signatures: tx.signatures.length, ...(signed.exporter && { exporter: signed.exporter.fingerprint }) },
      });
      return { fileName, text: signed.text, txId: bytesToHex(r.txId), signatures: tx.signatures.length, exporter: signed.exporter };
    },

    /**
     * Imports handoff files or plain transaction JSON, each as its name and text, several at once;
     * copies of one transaction signed in parallel merge. Answers the API table's `{ results }`, one
     * per transaction imported, in the files' order.
     */
    importFiles(args: { files: { name: string; text: string }[] }): { results: ImportFileView[] } {
      if (!Array.isArray(args.files) || args.files.length === 0) fail('INVALID_INPUT', 'file: name at least one file', { field: 'file' });
      if (args.files.length > MAX_IMPORT_FILES) fail('INVALID_INPUT', `file: at most ${MAX_IMPORT_FILES} files at once`, { field: 'file' });
      const now = ctx.now();
      // Read and check every file before storing anything from any of them.
      const readOne = (name: string, text: string, parsed: unknown) => {
        const permission = storedPermissionFor(parsed);
        try {
          const judged = judgeExporter(ctx, parsed, name);
          const imp = parseHandoff(text, { now, ...(permission && { permission }) });
          // docs/decisions.md §24: a permission copy dated ahead of this clock would be shown "0 s old" and outrank every later read.
          if (imp.permission) refuseFutureDate(now, imp.permission.at, 'permission.at');
          return { name, judged, imp };
        } catch (e) {
          if (e instanceof AirlockError) fail(e.code, `${name}: ${e.message}`, { ...e.details, file: name });
          throw e;
        }
      };
      const parse = (name: string, text: string): unknown => {
        try {
          return parseJson(text, name);
        } catch (e) {
          if (e instanceof AirlockError) fail(e.code, `${name}: ${e.message}`, { ...e.details, file: name });
          throw e;
        }
      };
      const imports = args.files.flatMap((f, i) => {
        if (typeof f !== 'object' || f === null) fail('INVALID_INPUT', `file[${i}]: expected a name and a text`, { field: `file[${i}]` });
        const name = fileNameArg(f.name, `file[${i}].name`);
        const text = fileTextArg(f.text, `file[${i}].text`);
        const parsed = parse(name, text);
        if (!isHandoffBundle(parsed)) return [readOne(name, text, parsed)];
        // A merged file (docs/decisions.md §18): each member is read as if it had arrived alone, named "<file>: <member>".
        let members;
        try {
          members = readHandoffBundle(parsed, name);
        } catch (e) {
          if (e instanceof AirlockError) fail(e.code, `${name}: ${e.message}`, { ...e.details, file: name });
          throw e;
        }
        return members.map((m) => {
          const member = `${name}: ${fileNameArg(m.name, `${name}.files.name`)}`;
          return readOne(member, m.text, parse(member, m.text));
        });
      });
      if (imports.length > MAX_IMPORT_FILES)
        fail('INVALID_INPUT', `file: at most ${MAX_IMPORT_FILES} transactions at once, merged files counted by their members`, { field: 'file' });
      // One transaction for the whole batch: a file refused after others leaves nothing of any of
      // them stored, so the refusal's "nothing was imported" is the truth (docs/decisions.md §16).
      nameCount = imports.length === 1 ? 'this file' : `these ${imports.length} files`;
      return { results: store.atomic(() => imports.map(({ name, imp, judged }) => importOne(name, imp, judged))) };
    },
  };
}
