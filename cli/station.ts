/**
 * The station's commands (docs/decisions.md §7, "The command line"): `airlock keys|book|exporter|account|snapshot|build|sign|
 * status|export|import|reissue|broadcast|list|settings|audit`, parsed with commander and run
 * against ONE services object (station/station.ts), the same the IPC handlers will call.
 *
 * Global options: `--data-dir DIR` (default: the platform's user-data directory, as Electron's
 * app.getPath('userData') gives it for "Airlock"), `--node URL` or `--network NAME` (a preset of
 * shared/chain/networks.ts), `--dialect spec|java-tron` (docs/decisions.md §11), `--json` (print the services'
 * JSON view instead of short human text), `--vault keychain|keystore`, and for the keystore
 * `--passphrase-file F` or `--passphrase-fd N` (never a passphrase as a flag's value).
 *
 * Invariants: errors leave as `{"error":{code,message,details}}` on stderr with exit 1 (bad input)
 * or 2 (bad command line), as for the other commands; they are parsed by the CLI's one parser
 * (cli/args.ts), which quotes an argument only through `shownArg` (a pasted key is never echoed). Key bytes
 * read from `--key-file` go straight to the vault, which wipes them.
 */
import { contractCommands } from './contract-commands.ts';
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { type Command, Option } from 'commander';
import { bytesToUtf8 } from '../shared/base/bytes.ts';
import { AirlockError, fail, shownArg } from '../shared/base/errors.ts';
import { DIALECTS, isDialect, type Dialect } from '../shared/chain/dialect.ts';
import { NETWORK_PRESETS, networkPreset } from '../shared/chain/networks.ts';
import { openStation, type Station } from '../station/station.ts';
import type { StationOptions } from '../station/core/context.ts';
import type { BuildView, SettingsView } from '../station/core/views.ts';
import { timeLeft } from '../station/core/records.ts';
import { accountShowOutcome } from './account-show.ts';
import { accountText, permissionCheckLines, plain, table, tokenText, txText } from './station-text.ts';
import { exporterCommands } from './exporter.ts';
import { costText, statusCostBlock } from './cost-text.ts';
import { passphraseSource, readApiKeySource } from '../station/vault/passphrase.ts';
import { parseVaultKind } from '../station/vault/open-vault.ts';
import { UsageError } from './args.ts';
import { readInputFile, readJsonInput, type CliIo } from './io.ts';
import { checkPathArguments, confirm, defaultDataDir, readBoundedFile } from './station-support.ts';
import { readPrivateKeyFile } from './key-file.ts';
import { handoffUrCommands } from './handoff-ur.ts';
import { listCommand, queueCommands } from './queue-commands.ts';
import { stakingBuildCommands } from './build-staking.ts';
import { MAX_CSV_BYTES, MAX_INPUT_FILE_BYTES } from '../shared/base/limits.ts';
import { snapshotCommands } from './snapshot-commands.ts';
import { ledgerCommands } from './ledger-commands.ts';

/**
 * What a command produced: a view for --json and the same in short human text; `refused` when part
 * of what it was asked was refused (a batch row, or the node's answer to a broadcast): printed all
 * the same, with exit code 3 (cli/main.ts).
 */
interface Outcome {
  json: unknown;
  text: string;
  refused?: boolean;
}

/** Gives a command's result: `refused` (exit code 3) when the command ran but some of it was refused. */
export type Done = (json: unknown, text: string, refused?: boolean) => void;

interface GlobalOptions {
  dataDir?: string;
  node?: string;
  network?: string;
  dialect?: string;
  json?: boolean;
  vault?: string;
  passphraseFile?: string;
  passphraseFd?: string;
}

/** Adds the station's commands to the CLI's one tree (cli/main.ts); `outcome()` is what the one run printed. */
export function stationCommands(
  program: Command,
  io: CliIo,
): { outcome(): (({ text: string } | { json: unknown }) & { refused: boolean }) | undefined; close(): void } {
  let outcome: Outcome | undefined;
  let station: Station | undefined;
  program
    .option('--data-dir <dir>', "the station's data directory (default: the platform's user-data directory)")
    .option('--node <url>', "the node's HTTP API (default: the setting, else http://127.0.0.1:8090)")
    .option('--network <name>', `a named network instead of --node: ${NETWORK_PRESETS.map((p) => p.id).join(', ')} (its URL and dialect)`)
    .option('--dialect <dialect>', "the node's JSON dialect for this run: spec or java-tron (default: the one stored for the node)")
    .option('--json', "print the API's JSON view")
    .option('--vault <kind>', 'keychain (default) or keystore')
    .option('--passphrase-file <file>', "the keystore's passphrase, from an owner-only file")
    .option('--passphrase-fd <n>', "the keystore's passphrase, from a file descriptor");
  // Global options are taken before the command word and after it too: each leaf command declares
  // them again (asset-issue and permission-update keep `--json FILE` for their input, so there the
  // JSON view is asked for before the command word: `airlock --json build asset-issue --json F`).
  let current: Command | undefined;
  program.hook('preAction', (top, action) => {
    current = action;
    checkPathArguments(top, action);
  });
  const globals = (): GlobalOptions => {
    const top = program.opts<GlobalOptions>();
    const leaf = (current?.opts() ?? {}) as Record<string, unknown>;
    const pick = (k: keyof GlobalOptions): string | undefined =>
      typeof leaf[k] === 'string' && k !== 'json' ? (leaf[k] as string) : (top[k] as string | undefined);
    return {
      ...top,
      ...(pick('dataDir') !== undefined && { dataDir: pick('dataDir') }),
      ...(pick('node') !== undefined && { node: pick('node') }),
      ...(pick('network') !== undefined && { network: pick('network') }),
      ...(pick('dialect') !== undefined && { dialect: pick('dialect') }),
      ...(pick('vault') !== undefined && { vault: pick('vault') }),
      ...(pick('passphraseFile') !== undefined && { passphraseFile: pick('passphraseFile') }),
      ...(pick('passphraseFd') !== undefined && { passphraseFd: pick('passphraseFd') }),
      json: top.json === true || leaf.json === true,
    };
  };

  const open = (): Station => {
    if (station) return station;
    const g = globals();
    if (g.network !== undefined && g.node !== undefined)
      throw new UsageError('airlock: pass either --network or --node, not both (see airlock --help)', { option: '--network' });
    const preset = g.network === undefined ? undefined : networkPreset(g.network);
    if (g.dialect !== undefined && !isDialect(g.dialect)) fail('INVALID_INPUT', `--dialect: expected ${DIALECTS.join(' or ')}`, { field: '--dialect' });
    const dialect = (g.dialect as Dialect | undefined) ?? preset?.dialect;
    const nodeUrl = g.node ?? preset?.url;
    const options: StationOptions = {
      dataDir: g.dataDir ?? defaultDataDir(),
      clock: () => io.now(),
      notice: (line) => io.stderr(`${line}\n`),
      ...(nodeUrl !== undefined && { nodeUrl }),
      ...(dialect !== undefined && { dialect }),
      ...(g.vault !== undefined && { vault: parseVaultKind(g.vault) }),
      ...io.stationOptions,
    };
    const fd = g.passphraseFd === undefined ? undefined : /^[0-9]{1,9}$/.test(g.passphraseFd) ? Number(g.passphraseFd) : -1;
    const terminal = io.terminal ?? { input: process.stdin, output: process.stderr };
    options.passphrase = passphraseSource(
      { ...(g.passphraseFile !== undefined && { passphraseFile: g.passphraseFile }), ...(fd !== undefined && { passphraseFd: fd }) },
      terminal,
    );
    station = openStation(options);
    return station;
  };
  const done: Done = (json, text, refused = false) => {
    outcome = { json, text, refused };
  };

  // keys ------------------------------------------------------------------------------------
  const keys = program.command('keys').description('keys in the vault: new, import, list, label, delete; keys on a Ledger: ledger add, ledger show');
  keys
    .command('new')
    .option('--label <label>')
    .action(async (o: { label?: string }) => {
      const k = await open().keysNew(o.label === undefined ? {} : { label: o.label });
      io.stderr(`New key${k.label ? ` "${plain(k.label)}"` : ''} in the ${k.vault}.\n`);
      done(k, k.address);
    });
  keys
    .command('import')
    .requiredOption('--key-file <file>')
    .option('--label <label>')
    .action(async (o: { keyFile: string; label?: string }) => {
      const s = open();
      const secret = await readPrivateKeyFile(io, o.keyFile);
      const k = await s.keysImport({ secret, ...(o.label !== undefined && { label: o.label }) });
      io.stderr(k.created ? `Imported the key into the ${k.vault}.\n` : `The key was already in the ${k.vault}; nothing changed.\n`);
      done(k, k.address);
    });
  keys.command('list').action(() => {
    const { keys: list } = open().keysList();
    done(
      { keys: list },
      list.length === 0
        ? 'No keys. Make one with airlock keys new, or import one with airlock keys import --key-file K.'
        : table(list.map((k) => [k.address, `${k.vault}${k.label ? `  ${plain(k.label)}` : ''}`])),
    );
  });
  keys
    .command('label')
    .argument('<address>')
    .argument('<label>')
    .action((address: string, label: string) => {
      const k = open().keysLabel({ address, label });
      done(k, `${k.address} is now labelled "${plain(k.label)}".`);
    });
  keys
    .command('delete')
    .argument('<address>')
    .option('--yes', 'do not ask')
    .action(async (address: string, o: { yes?: boolean }) => {
      const s = open();
      if (!o.yes) {
        if (!io.terminal || !io.terminal.input.isTTY)
          throw new UsageError('keys delete: deleting a key cannot be undone; pass --yes to confirm (there is no terminal to ask on)', { option: '--yes' });
        if (!(await confirm(io.terminal, `Delete the key of ${shownArg(address)} for good? Type yes: `)))
          fail('INVALID_INPUT', 'keys delete: not confirmed; nothing was deleted', { field: 'yes' });
      }
      const r = await s.keysDelete({ address });
      done(r, `Deleted the key of ${r.address}.`);
    });

  ledgerCommands(keys, io, open, done);

  // address book (docs/decisions.md §10) -------------------------------------------------------------------
  const book = program.command('book').description('address-book labels: list, set, delete');
  book.command('list').action(() => {
    const { entries } = open().bookList();
    done(
      entries,
      entries.length === 0
        ? 'The address book is empty. Add a label with airlock book set ADDR LABEL.'
        : table(entries.map((e) => [e.address, plain(e.label)])),
    );
  });
  book
    .command('set')
    .argument('<address>')
    .argument('<label>')
    .action((address: string, label: string) => {
      const e = open().bookSet({ address, label });
      done(e, `${e.address} is now "${plain(e.label)}" in the address book.`);
    });
  book
    .command('delete')
    .argument('<address>')
    .action((address: string) => {
      const r = open().bookDelete({ address });
      done(r, `Removed the label of ${r.address} from the address book.`);
    });

  // trusted exporters (docs/decisions.md §16) -----------------------------------------------------------------
  exporterCommands(program, open, done);

  // account, snapshot ---------------------------------------------------------------------------
  const account = program.command('account');
  account
    .command('fetch')
    .argument('<address>')
    .action(async (address: string) => {
      const a = await open().accountFetch({ address });
      done(a, accountText(a));
    });
  account
    .command('show')
    .description('the stored account (permissions, source) and the account at a glance: read from the node now, or offline from the imported snapshot')
    .argument('<address>')
    .action(async (address: string) => {
      const shown = await accountShowOutcome(open(), address);
      done(shown.json, shown.text);
    });
  account
    .command('resources')
    .description(
      'the account at a glance, read from the node now (offline: from the imported snapshot): holdings, bandwidth, energy, stake, unstaking, delegations, votes, rewards',
    )
    .argument('<address>')
    .action(async (address: string) => {
      const g = await open().accountResources({ address });
      done(g, g.text);
    });
  account.command('list').action(() => {
    const { accounts: list } = open().accountsList();
    done(
      { accounts: list },
      list.length === 0
        ? 'No accounts stored; run airlock account fetch ADDRESS (online) or airlock snapshot import FILE.'
        : table(list.map((a) => [a.address, `${a.label !== null ? `${plain(a.label)}: ` : ''}${a.source.text}, ${a.age} old`])),
    );
  });
  account
    .command('remove')
    .argument('<address>')
    .action((address: string) => {
      const r = open().accountRemove({ address });
      done(r, `Removed this station's copy of ${r.removed.address} (${r.removed.source.text}, ${r.removed.age} old).`);
    });
  const token = program.command('token').description('tokens: by id from the store, or read from the node when missing or with --fetch');
  token
    .command('show')
    .argument('<id>')
    .option('--fetch', 'read it from the node even when stored')
    .action(async (id: string, o: { fetch?: boolean }) => {
      const t = await open().tokenShow({ id, fetch: o.fetch === true });
      done(t, tokenText(t));
    });
  token.command('list').action(() => {
    const r = open().tokenList();
    done(
      r,
      r.tokens.length === 0
        ? 'No tokens stored.'
        : r.tokens.map((t) => `${t.id}  ${t.name}${t.abbreviation ? ` (${t.abbreviation})` : ''}  precision ${t.precision}  ${t.source.text}`).join('\n'),
    );
  });
  snapshotCommands(program, io, open, done);

  // build -------------------------------------------------------------------------------------
  const build = program.command('build');
  const common = (c: Command): Command =>
    c
      .option('--permission-id <n>', '0 owner (default), 2 and up active')
      .option('--expires-in <duration>', 'e.g. 12h (default: the setting)')
      .option('--note <text>');
  type Common = { permissionId?: string; expiresIn?: string; note?: string };
  const buildOpts = (o: Common) => ({
    ...(o.permissionId !== undefined && { permissionId: o.permissionId }),
    ...(o.expiresIn !== undefined && { expiresIn: o.expiresIn }),
    ...(o.note !== undefined && { note: o.note }),
  });
  const built = (b: BuildView): void => {
    io.stderr(
      `Built from ${b.basis}; expires in ${timeLeft(b.transaction.expiresInMs).replace(/ left$/, '')}.\n${b.warnings.map((w) => `Warning: ${w}\n`).join('')}`,
    );
    done(b, b.txId);
  };
  common(build.command('transfer').requiredOption('--from <address>').requiredOption('--to <address>').requiredOption('--amount <sun>')).action(
    async (o: Common & { from: string; to: string; amount: string }) => {
      built(await open().buildTransfer({ from: o.from, to: o.to, amount: o.amount, ...buildOpts(o) }));
    },
  );
  common(
    build
      .command('transfer-asset')
      .requiredOption('--from <address>')
      .requiredOption('--to <address>')
      .requiredOption('--token <id>')
      .requiredOption('--amount <n>'),
  ).action(async (o: Common & { from: string; to: string; token: string; amount: string }) => {
    built(await open().buildTransferAsset({ from: o.from, to: o.to, token: o.token, amount: o.amount, ...buildOpts(o) }));
  });
  common(
    build
      .command('participate')
      .requiredOption('--from <address>')
      .requiredOption('--to <issuer>')
      .requiredOption('--token <id>')
      .requiredOption('--amount <sun>'),
  ).action(async (o: Common & { from: string; to: string; token: string; amount: string }) => {
    built(await open().buildParticipate({ from: o.from, to: o.to, token: o.token, amount: o.amount, ...buildOpts(o) }));
  });
  stakingBuildCommands({ build, common, buildOpts, built, open });
  common(build.command('asset-issue').requiredOption('--json <file>', "the node's AssetIssueContract JSON")).action(async (o: Common & { json: string }) => {
    const json = await readJsonInput(io, o.json);
    built(await open().buildAssetIssue({ json, ...buildOpts(o) }));
  });
  common(
    build
      .command('permission-update')
      .requiredOption('--json <file>', "the node's AccountPermissionUpdateContract JSON")
      .addOption(
        new Option('--accept-risk <risk>', 'build even though the owner is then reachable only by keys this station has never seen sign').choices([
          'owner-unseen-keys',
        ]),
      )
      .option('--executive-key-held', 'a new block key for the executive permission: the producing node already holds it (spec §4.10; audited)'),
  ).action(async (o: Common & { json: string; acceptRisk?: string; executiveKeyHeld?: boolean }) => {
    const json = await readJsonInput(io, o.json);
    built(
      await open().buildPermissionUpdate({
        json,
        ...buildOpts(o),
        ...(o.acceptRisk !== undefined && { acceptRisk: o.acceptRisk }),
        ...(o.executiveKeyHeld === true && { executiveKeyHeld: true }),
      }),
    );
  });
  // The lockout guard's answer, the diff and the fee, without building anything.
  program
    .command('permission-check')
    .requiredOption('--json <file>', "the node's AccountPermissionUpdateContract JSON")
    .option('--permission-id <n>', 'the permission that will sign: 0 owner (default), 2 and up active')
    .action(async (o: { json: string; permissionId?: string }) => {
      const json = await readJsonInput(io, o.json);
      const r = await open().permissionCheck({ json, ...(o.permissionId !== undefined && { permissionId: o.permissionId }) });
      done(r, permissionCheckLines(r).join('\n'));
    });
  common(
    build
      .command('batch')
      .requiredOption('--csv <file>')
      .requiredOption('--from <address>')
      .option('--sign', 'sign each with the local keys of the permission'),
  ).action(async (o: Common & { csv: string; from: string; sign?: boolean }) => {
    const tty = io.stderrIsTTY === true;
    const { name, text } = readBoundedFile(o.csv, 'csv', MAX_CSV_BYTES);
    const r = await open().buildBatch({
      csv: text,
      csvName: name,
      from: o.from,
      sign: o.sign === true,
      ...buildOpts(o),
      ...(tty && { progress: (n: number, total: number, phase: string) => io.stderr(`\r${phase} ${n}/${total}${phase === 'stored' ? '\n' : ''}`) }),
    });
    io.stderr(`Built from ${r.basis}.\n`);
    done(r, `${r.count} transaction(s) built${r.signed ? ' and signed' : ''}:\n${r.rows.map((row) => row.txId).join('\n')}`);
  });

  // sign, status, export, import, reissue, broadcast, list; handoff ur export|import (cli/handoff-ur.ts) -----
  handoffUrCommands(program, io, open, done);
  queueCommands(program, io, open, done);
  program
    .command('status')
    .argument('<txid>', "a txID, or 'refresh': ask the node what became of every open transaction (issue 18)")
    .action(async (txId: string) => {
      // A txID is 64 hex digits, so the word `refresh` cannot be one.
      if (txId === 'refresh') {
        const r = await open().transactionsRefreshStatus();
        done(r, r.text);
        return;
      }
      const v = await open().status({ txId });
      done(v, txText(v) + (globals().json ? '' : await statusCostBlock(open(), v.view.txID, v.status)));
    });
  program
    .command('cost')
    .description('what a stored transaction will cost the account, read from the node now; several: their costs summed per account (issue 25)')
    .argument('<txid...>')
    .action(async (txIds: string[]) => {
      if (txIds.length > 1) {
        const b = await open().batchCost({ txIds });
        return done(b, b.text);
      }
      const c = await open().transactionCost({ txId: txIds[0]! });
      done(c, costText(c));
    });
  program
    .command('import')
    .argument('<files...>')
    .action((files: string[]) => {
      if (files.length > 100) fail('INVALID_INPUT', 'file: at most 100 files at once', { field: 'file' });
      const r = open().importFiles({ files: files.map((path, i) => readBoundedFile(path, `file[${i}]`, MAX_INPUT_FILE_BYTES)) });
      done(
        r,
        r.results
          .map(
            (f) =>
              `${f.file}: ${f.newTransaction ? 'new transaction' : 'known transaction'} ${f.txId}; ${f.added.length} new signature(s)${f.known.length ? `, ${f.known.length} already here` : ''}${f.exporter ? `\n  signed by ${f.exporter.pinned ? `pinned exporter "${plain(f.exporter.label ?? '')}"` : 'an exporter not pinned here'} (${f.exporter.code})` : ''}${f.warnings.map((w) => `\n  warning: ${w}`).join('')}`,
          )
          .join('\n'),
      );
    });
  program
    .command('reissue')
    .argument('<txid>')
    .option('--expires-in <duration>')
    .action(async (txId: string, o: { expiresIn?: string }) => {
      const r = await open().reissue({ txId, ...(o.expiresIn !== undefined && { expiresIn: o.expiresIn }) });
      io.stderr(`${r.text}\n`);
      done(r, r.txId);
    });
  program
    .command('discard')
    .description('remove a transaction never broadcast and not on chain from the queue (the audit log keeps what it was)')
    .argument('<txid>')
    .action(async (txId: string) => {
      const r = await open().discard({ txId }, 'command line');
      done(r, r.text);
    });
  listCommand(program, open, done);

  // proofs of possession (docs/decisions.md §10; station/proofs/proofs.ts) -------------------------------------
  const proof = program.command('proof').description('proofs of possession: challenge, sign, import, list');
  const readText = async (path: string, what: string): Promise<string> => {
    try {
      return bytesToUtf8(await readInputFile(io, path, what));
    } catch (e) {
      if (e instanceof AirlockError) throw e;
      fail('BAD_JSON', `${what}: not UTF-8 text`, { field: what });
    }
  };
  proof
    .command('challenge')
    .description('a challenge file for KEY to prove it is held, for the proposed permissions of ACCOUNT')
    .argument('<out-file>')
    .requiredOption('--account <address>')
    .requiredOption('--key <address>')
    .requiredOption('--permissions <file>', "the proposed permissions: the node's AccountPermissionUpdateContract JSON")
    .action(async (out: string, o: { account: string; key: string; permissions: string }) => {
      const r = open().proofChallenge({ account: o.account, key: o.key, permissionJson: await readText(o.permissions, 'permissions') });
      writeFileSync(out, r.text);
      done(
        r,
        `Wrote ${shownArg(out)}: a challenge for ${r.key} (permission hash ${r.permissionHash}), answerable until ${new Date(r.expiresAt).toISOString()}. Carry it to the station that holds the key: airlock proof sign.`,
      );
    });
  proof
    .command('sign')
    .description('answer a challenge file with the key it names (held here); writes the proof file')
    .argument('<challenge-file>')
    .argument('<out-file>')
    .action(async (file: string, out: string) => {
      const r = await open().proofSign({ text: await readText(file, 'challenge') });
      writeFileSync(out, r.text);
      done(r, [...r.words, `Signed with ${r.key}. Wrote ${shownArg(out)}: carry it back and run airlock proof import.`].join('\n'));
    });
  proof
    .command('import')
    .description('verify a proof file against the challenge made here, and keep it')
    .argument('<proof-file>')
    .action(async (file: string) => {
      const r = open().proofImport({ fileName: basename(file), text: await readText(file, 'proof') });
      done(r, `${r.key} proved it is held, for the permissions with hash ${r.permissionHash} of ${r.account}.`);
    });
  proof
    .command('list')
    .description('keys proved to this station')
    .option('--account <address>')
    .action((o: { account?: string }) => {
      const { proofs: r } = open().proofList(o.account === undefined ? {} : { account: o.account });
      done(
        { proofs: r },
        r.length === 0
          ? 'No key has proved itself to this station yet.'
          : table(r.map((p) => [p.key, `${p.account} hash ${p.permissionHash.slice(0, 16)}… proved ${new Date(p.provedAt).toISOString()}`])),
      );
    });

  // settings, audit -------------------------------------------------------------------------------
  const settings = program.command('settings');
  const settingsText = (s: SettingsView): string =>
    table([
      ['node', s.node],
      ['dialect', s.dialect],
      ['api key', s.apiKey ? 'set (kept in the vault)' : 'none'],
      ['expiration', s.expiration],
      ['vault', s.vault],
      ['ledger', s.ledger],
    ]);
  settings.command('show').action(async () => {
    const s = await open().settingsView();
    done(s, settingsText(s));
  });
  settings
    .command('set')
    .argument('<key>', 'node, network, dialect, expiration, vault or ledger (usb or speculos:http://127.0.0.1:PORT)')
    .argument('<value>')
    .action(async (key: string, value: string) => {
      // --json prints the station's answer, as the window receives it (the probe's words went to stderr already).
      const st = open();
      const r = await st.setSetting({ key, value });
      done(r, settingsText(await st.settingsView()));
    });
  settings
    .command('set-api-key')
    .description('the API key of a hosted node (TRON-PRO-API-KEY), kept in the vault; from a prompt, --api-key-file F or --api-key-fd N')
    .option('--api-key-file <file>', 'read the key from an owner-only file')
    .option('--api-key-fd <n>', 'read the key from a file descriptor')
    .option('--clear', 'remove the stored key')
    .action(async (o: { apiKeyFile?: string; apiKeyFd?: string; clear?: boolean }) => {
      const st = open();
      if (o.clear) {
        const r = await st.clearApiKey();
        done(r, r.text);
        return;
      }
      const fd = o.apiKeyFd === undefined ? undefined : /^[0-9]{1,9}$/.test(o.apiKeyFd) ? Number(o.apiKeyFd) : -1;
      const terminal = io.terminal ?? { input: process.stdin, output: process.stderr };
      const secret = await readApiKeySource(
        { ...(o.apiKeyFile !== undefined && { apiKeyFile: o.apiKeyFile }), ...(fd !== undefined && { apiKeyFd: fd }) },
        terminal,
      );
      const r = await st.setApiKey(secret);
      done(r, r.text);
    });
  program
    .command('audit')
    .command('verify')
    .action(() => {
      const r = open().auditVerify();
      done(r, r.text);
      if (!r.ok) fail('AUDIT_BROKEN', r.text, { firstBad: r.firstBad, entries: r.entries });
    });

  contractCommands(program, { io, open, done, build, common, buildOpts, built });

  const addGlobals = (c: Command): void => {
    if (c.commands.length > 0) return c.commands.forEach(addGlobals);
    c.option('--data-dir <dir>')
      .option('--node <url>')
      .option('--network <name>')
      .option('--dialect <dialect>')
      .option('--vault <kind>')
      .option('--passphrase-file <file>')
      .option('--passphrase-fd <n>');
    if (!c.options.some((o) => o.long === '--json')) c.option('--json', "print the API's JSON view");
  };
  program.commands.forEach(addGlobals);
  return {
    outcome: () => outcome && { ...(globals().json === true ? { json: outcome.json } : { text: `${outcome.text}\n` }), refused: outcome.refused === true },
    close: () => station?.close(),
  };
}
