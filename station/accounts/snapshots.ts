/**
 * Snapshots (docs/decisions.md §7 "snapshots"): an online station writes the accounts and tokens it is asked
 * for, with the head block, as a snapshot file's text; an offline station imports that text and
 * builds from it. Files travel as name and text: the caller (the CLI, the desktop app) reads and
 * writes them.
 *
 * Invariants (docs/decisions.md §16, "trust only what was proved"; docs/decisions.md §24, "ordered by the chain"): a snapshot
 * file is a claim. It never replaces what this station observed (an account, a token or a contract
 * with a node or pinned exporter source), nor a newer claim; between observations the higher block
 * wins (core/provenance.ts outranks); each fact left alone is named with the reason. A snapshot
 * dated in the future (its block, its export, or any account's or contract's read time, past this
 * machine's clock plus MAX_FUTURE_SKEW_MS) is refused whole (core/future-dates.ts). Everything of
 * one import is stored in one SQLite transaction.
 *
 * docs/decisions.md §18: an export carries the transactions this station itself saw in a block (block, result,
 * fee); an import records them for the transactions it holds as claims by the file
 * (station/core/chain-report.ts), shown as "claimed … by file F" until the station sees them.
 * docs/decisions.md §24: each carries its proof (the block header, the transaction's branch to its root) and the
 * file the executive set; an import checks each proof against the bytes it holds and records no fate
 * whose proof fails, and a fate without a proof is a claim even in a pinned exporter's file.
 *
 * The stored blocks are listed with their provenance (offline builds use the highest observed one,
 * else the highest claimed: docs/decisions.md §24) and removed one by one: the accounts and tokens a file
 * brought stay, each with its own source.
 *
 * docs/decisions.md §17: an export carries the station's list of contracts, each contract's TRC-20 symbol, name
 * and decimals read from the node again at export (observed at the snapshot's block), or, when the
 * node answers none, the stored ones as a claim of the file; a text with a control or bidi
 * character is left out (null), since a snapshot carries plain text only. An import stores them
 * like tokens: as claims, never replacing facts this station observed, unless a pinned exporter
 * signed the file and read them later; each contract left alone is named with the reason.
 *
 * A file signed by an exporter this station pinned (docs/decisions.md §16, core/exporter-trust.ts) is observed
 * where that exporter says it read from a node, at the snapshot's block: it replaces an observation
 * read at a lower block, never one read at the same or a higher block, whatever the file's dates
 * say; a signature that does not verify refuses the file whole.
 */
import { parseAddress, addressToBase58 } from '../../shared/chain/address.ts';
import { bytesToHex, hexToFixedBytes } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { parseSnapshot, readSnapshot, stringifySnapshot, type ChainSnapshot, type SnapshotContract } from '../../shared/files/snapshot.ts';
import { MAX_KNOWN_CONTRACTS } from '../../shared/base/limits.ts';
import { unsafeCharIn } from '../../shared/base/escape.ts';
import { readTrc20 } from '../node/constant-call.ts';
import { applyChainReport } from '../core/chain-report.ts';
import { checkFateProof } from '../../shared/files/fate-proof-file.ts';
import { provenFates } from '../core/fate-export.ts';
import type { Source } from '../store/row-checks.ts';
import type { StationContext } from '../core/context.ts';
import { putSnapshotAccount, putTokenWithSale, sourceView } from '../core/records.ts';
import { saleOfSnapshotToken } from '../core/token-details.ts';
import type { SnapshotEntryView, SnapshotFileView, SnapshotImportView } from '../core/views.ts';
import type { ChainSnapshotRecord } from '../store/snapshots.ts';
import { provenanceOf } from '../core/records.ts';
import { blockForBuilds, isObserved, keptBecause, outranks } from '../core/provenance.ts';
import { refuseFutureDate } from '../core/future-dates.ts';
import { exporterView, judgeExporterText, rememberPinnedKey, signExport, sourceOfSigned, unpinnedWarning } from '../core/exporter-trust.ts';
import { addressTextInput, fileNameArg, fileTextArg } from '../../shared/chain/input.ts';
import { formatDuration } from '../../shared/base/duration.ts';
import { keepSnapshotCosts, snapshotCostsOf } from '../core/cost-facts.ts';
import type { SnapshotGlance } from '../../shared/files/snapshot-glance.ts';
import { AirlockError } from '../../shared/base/errors.ts';
import { readGlanceFromNode } from './glance-read.ts';
import { checkSnapshotGlances, storeSnapshotGlances } from './glance-store.ts';

/** A text a snapshot can carry: plain, or left out. */
const plainOrNull = (text: string | null): string | null => (text !== null && unsafeCharIn(text) === null ? text : null);

export function snapshotsFeature(ctx: StationContext) {
  /** The list of contracts as the snapshot `read` carries it: facts read again now, else the stored ones claimed by `fileName`. */
  const exportedContracts = async (read: ChainSnapshot, fileName: string): Promise<SnapshotContract[]> => {
    const out: SnapshotContract[] = [];
    for (const r of ctx.store.listContracts()) {
      const now = await ctx.online((node) => readTrc20(node, r.address));
      const observed = now.symbol !== null || now.name !== null || now.decimals !== null;
      const facts = observed ? now : { symbol: r.symbol, name: r.tokenName, decimals: r.decimals };
      out.push({
        address: addressToBase58(r.address),
        name: plainOrNull(r.name) ?? '',
        symbol: plainOrNull(facts.symbol),
        token_name: plainOrNull(facts.name),
        decimals: facts.decimals,
        source: observed ? { node: read.node, block: read.block.number } : { file: fileName },
        at: observed ? ctx.now() : r.storedAt,
      });
    }
    return out;
  };

  /**
   * docs/decisions.md §25: each existing account at a glance, read at the snapshot's block. An account the node
   * lacks, or one whose glance the node refuses or answers unreadably (a node without one of the
   * endpoints), has none: the snapshot's other facts still go, and the result lists the accounts that have one.
   */
  const exportedGlances = async (read: ChainSnapshot): Promise<SnapshotGlance[]> => {
    const contracts = ctx.store.listContracts().map((c) => c.address);
    const out: SnapshotGlance[] = [];
    for (const a of read.accounts.filter((x) => x.exists)) {
      try {
        const facts = await ctx.online((node) => readGlanceFromNode(node, parseAddress(a.address), read.block, contracts));
        const source = { node: read.node, block: read.block.number };
        out.push({ address: a.address, block: read.block.number, blockTime: read.block.timestamp, source, at: ctx.now(), ...facts });
      } catch (e) {
        if (!(e instanceof AirlockError) || !['NOT_FOUND', 'NODE_ERROR', 'NODE_REPLY'].includes(e.code)) throw e;
      }
    }
    return out;
  };

  const entry = (r: ChainSnapshotRecord, inUse: boolean, now: number): SnapshotEntryView => ({
    id: r.id,
    block: { number: r.blockNumber, id: bytesToHex(r.blockId), timestamp: r.blockTimestamp },
    provenance: provenanceOf(r.source, r.blockTimestamp, now),
    importedAt: r.importedAt,
    inUse,
  });

  return {
    /** The stored blocks, highest first; `inUse` marks the one an offline build references (provenance.ts blockForBuilds). */
    snapshotList(): { snapshots: SnapshotEntryView[] } {
      const now = ctx.now();
      const rows = ctx.store.listChainSnapshots();
      const used = blockForBuilds(rows);
      return { snapshots: rows.map((r) => entry(r, r === used, now)) };
    },

    /** Removes stored block `id` (a number from snapshotList); `next` is the one offline builds use from then on. */
    snapshotRemove(args: { id: number }): { removed: SnapshotEntryView; next: SnapshotEntryView | null } {
      const id = args.id;
      if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
        fail('INVALID_INPUT', 'id: the number of a stored block, as the snapshot list shows it', { field: 'id' });
      const now = ctx.now();
      const removed = ctx.store.removeChainSnapshot(id);
      if (!removed) fail('NOT_FOUND', `id: this station has no stored block ${id}; nothing was removed`, { field: 'id' });
      const next = blockForBuilds(ctx.store.listChainSnapshots());
      return { removed: entry(removed, false, now), next: next ? entry(next, true, now) : null };
    },

    /** A snapshot of `accounts` and every stored token, read from the node now, as a file's name and text. */
    async snapshotExport(args: { accounts: string[] }): Promise<SnapshotFileView> {
      if (!Array.isArray(args.accounts) || args.accounts.length === 0) fail('INVALID_INPUT', 'account: name at least one account', { field: 'account' });
      if (args.accounts.length > 1000) fail('INVALID_INPUT', 'account: at most 1000 accounts', { field: 'account' });
      const accounts = args.accounts.map((x, i) => addressToBase58(addressTextInput(x, `account[${i}]`)));
      const tokens = ctx.store.listTokens().map((t) => t.id);
      const read = await ctx.online((node) => node.snapshot(accounts, tokens));
      // Only what this station saw itself, each with the proof its block gives now (docs/decisions.md §24): a
      // claim it holds from another file, or a fate the node's block no longer proves, is left out.
      const { seen, executives } = await ctx.online((node) => provenFates(ctx, node));
      const fileName = `snapshot-${read.block.number}.json`;
      const contracts = await exportedContracts(read, fileName);
      // docs/decisions.md §25: what the cost offline needs, read at the snapshot's block (core/cost-facts.ts).
      // A node that does not answer what the estimate needs (no getaccountresource) gives a snapshot without them.
      const costs = await ctx.online((node) => snapshotCostsOf(ctx.store, node, accounts, read.block.number, ctx.now()));
      const glances = await exportedGlances(read);
      const snapshot = readSnapshot(
        JSON.parse(
          stringifySnapshot({
            ...read,
            ...(seen.length > 0 && { transactions: seen, executives }),
            ...(contracts.length > 0 && { contracts }),
            ...(costs && { costs }),
            ...(glances.length > 0 && { glances }),
          }),
        ),
      );
      const signed = await signExport(ctx, stringifySnapshot(snapshot));
      return {
        fileName,
        text: signed.text,
        exporter: signed.exporter,
        block: snapshot.block,
        accounts: snapshot.accounts.map((a) => a.address),
        tokens: snapshot.tokens.map((t) => t.id),
        glances: (snapshot.glances ?? []).map((g) => g.address),
      };
    },

    /** Imports a snapshot file's text; `fileName` is kept as the source of what it stores. */
    snapshotImport(args: { fileName: string; text: string }): SnapshotImportView {
      const name = fileNameArg(args.fileName, 'fileName');
      const text = fileTextArg(args.text, 'text');
      const snapshot = parseSnapshot(text);
      const judged = judgeExporterText(ctx, text, name);
      const source: Source = sourceOfSigned(ctx, judged, name, { node: snapshot.node, block: snapshot.block.number }, snapshot.exported_at);
      const now = ctx.now();
      refuseFutureDate(now, snapshot.block.timestamp, 'block.timestamp', name);
      snapshot.accounts.forEach((a, i) => refuseFutureDate(now, a.at, `accounts[${i}].at`, name));
      refuseFutureDate(now, snapshot.exported_at, 'exported_at', name);
      (snapshot.contracts ?? []).forEach((c, i) => refuseFutureDate(now, c.at, `contracts[${i}].at`, name));
      if (snapshot.costs) refuseFutureDate(now, snapshot.costs.at, 'costs.at', name);
      checkSnapshotGlances(now, snapshot, name);
      let glances: ReturnType<typeof storeSnapshotGlances> = { stored: [], kept: [] };
      const accounts: SnapshotImportView['accounts'] = [];
      const claimed: string[] = [];
      const unproven: string[] = [];
      const tokensKept: SnapshotImportView['tokensKept'] = [];
      const contracts: string[] = [];
      const contractsKept: SnapshotImportView['contractsKept'] = [];
      const store = ctx.store;
      store.atomic(() => {
        rememberPinnedKey(ctx, judged);
        store.putChainSnapshot({
          blockNumber: snapshot.block.number,
          blockId: hexToFixedBytes(snapshot.block.id, 32, 'block.id'),
          blockTimestamp: snapshot.block.timestamp,
          source,
        });
        for (const a of snapshot.accounts) {
          const known = store.getAccount(parseAddress(a.address));
          const from = sourceOfSigned(ctx, judged, name, a.source, a.at);
          // docs/decisions.md §24: ordered by the block it was read at, never by the file's date (provenance.ts).
          const held = known && { source: known.source, at: known.fetchedAt };
          if (held && !outranks({ source: from, at: a.at }, held)) {
            accounts.push({ address: a.address, stored: false, reason: keptBecause({ source: from, at: a.at }, held, sourceView(known.source).text) });
            continue;
          }
          putSnapshotAccount(store, a, from);
          accounts.push({ address: a.address, stored: true });
        }
        for (const t of snapshot.tokens) {
          // A token the node described to this station keeps that description: a file's claim could
          // change its precision, and with it the amount a signer sees.
          const held = store.getToken(t.id);
          const version = { source, at: snapshot.exported_at };
          if (held && !outranks(version, { source: held.source, at: held.storedAt })) {
            // Named in the result, never dropped in silence (docs/decisions.md §16): the file's claim was not taken.
            tokensKept.push({ id: t.id, reason: keptBecause(version, { source: held.source, at: held.storedAt }, sourceView(held.source).text) });
            continue;
          }
          putTokenWithSale(store, t, saleOfSnapshotToken(t), source);
        }
        for (const c of snapshot.contracts ?? []) {
          const address = parseAddress(c.address);
          const held = store.getContract(address);
          const from = sourceOfSigned(ctx, judged, name, c.source, c.at);
          // As for tokens: a file's claim could change a token's decimals, and with them the amount a signer sees.
          if (held && !outranks({ source: from, at: c.at }, { source: held.source, at: held.storedAt })) {
            contractsKept.push({
              address: c.address,
              reason: keptBecause({ source: from, at: c.at }, { source: held.source, at: held.storedAt }, sourceView(held.source).text),
            });
            continue;
          }
          if (!held && store.countContracts() >= MAX_KNOWN_CONTRACTS) {
            contractsKept.push({ address: c.address, reason: `this station lists ${MAX_KNOWN_CONTRACTS} contracts already; remove one to take it` });
            continue;
          }
          // The name this station gave a contract stays; its ABI is not in snapshots and stays too.
          store.putContract({
            address,
            name: held && held.name !== '' ? held.name : c.name,
            abi: held?.abi ?? '[]',
            symbol: c.symbol,
            tokenName: c.token_name,
            decimals: c.decimals,
            source: from,
          });
          contracts.push(c.address);
        }
        // docs/decisions.md §25: always a claim of this file, whoever signed it (core/cost-facts.ts).
        if (snapshot.costs) keepSnapshotCosts(store, snapshot.costs, { file: name, node: snapshot.node });
        glances = storeSnapshotGlances(ctx, snapshot, judged, name);
        for (const t of snapshot.transactions ?? []) {
          const id = hexToFixedBytes(t.txid, 32, 'transactions.txid');
          const held = store.getTransaction(id);
          if (!held) continue;
          // docs/decisions.md §24: a fate is checked here against its proof (the block header and branch, the
          // file's executive list); one that fails is not recorded, and one without a proof is only
          // ever a claim, even in a pinned exporter's file.
          const why =
            t.proof === undefined
              ? null
              : snapshot.executives === undefined
                ? 'the file has no executive list'
                : checkFateProof(held.raw, t, t.proof, snapshot.executives);
          if (why !== null) {
            unproven.push(`transaction ${t.txid}: the file's proof of block ${t.block} does not hold (${why}); its fate was not recorded`);
            continue;
          }
          const from: Source = t.proof === undefined && isObserved(source) ? { kind: 'file', file: name } : source;
          // The rule that a claim never replaces what this station observed is applyChainReport's.
          if (applyChainReport(ctx, id, { block: t.block, result: t.result, fee: t.fee, reason: null }, from)) claimed.push(t.txid);
        }
      });
      return {
        file: name,
        block: snapshot.block,
        age: formatDuration(ctx.now() - snapshot.block.timestamp),
        accounts,
        tokens: snapshot.tokens.map((t) => t.id),
        transactions: claimed,
        tokensKept,
        contracts,
        contractsKept,
        glances: glances.stored,
        glancesKept: glances.kept,
        exporter: judged && exporterView(judged.exporter, judged.pinned),
        warnings: [unpinnedWarning(judged), ...unproven].filter((w) => w !== null),
      };
    },
  };
}
