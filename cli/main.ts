/**
 * `airlock`, the scripting command line (README "The command line"; ARCHITECTURE.md). `run(argv,
 * io)` is the whole program as a plain function: it assembles ONE commander tree (cli/args.ts
 * `AirlockCommand`, the parser every command shares) of the station's commands (cli/station.ts) and
 * the offline tools (`tx`, `ops`, `address`, `help`, here), runs the command line through it,
 * prints the result as pretty JSON (or the station's short text) on stdout, and turns any error
 * into `{"error":{"code","message","details"}}` on stderr with exit code 2 for a bad command line
 * (UsageError) and 1 for bad input; a command that ran but had part of it refused (a batch row, a
 * broadcast the node refused) prints its answer and exits 3. `runProcess()` is what bin/airlock.mjs calls.
 *
 * The tools take no station option: `airlock --data-dir D tx encode` is refused as an unknown
 * option, as `airlock tx encode --data-dir D` is, so nothing given is silently ignored.
 */
import { type Command, CommanderError } from 'commander';
import { toErrorData } from '../shared/base/errors.ts';
import { addressCommand, addressOfKeyCommand } from './address.ts';
import { AirlockCommand, UsageError, wholeNumber } from './args.ts';
import { formatJson, nodeIo, readJsonInput, type CliIo } from './io.ts';
import { readPrivateKeyFile } from './key-file.ts';
import { stationCommands } from './station.ts';
import { withCliHint } from './station-support.ts';
import { opsDecodeCommand, opsEncodeCommand, opsListCommand } from './ops.ts';
import { encodeCommand, inspectCommand, signCommand } from './tx.ts';
import { ADDRESS_USAGE, MAIN_USAGE, OPS_USAGE, TX_ENCODE_USAGE, TX_INSPECT_USAGE, TX_SIGN_USAGE, TX_USAGE } from './usage.ts';

type Outcome = { text: string } | { json: unknown };

const TX_COMMANDS: Record<string, string> = { encode: TX_ENCODE_USAGE, inspect: TX_INSPECT_USAGE, sign: TX_SIGN_USAGE };

/** The usage text for `airlock help <words...>`. */
function usageFor(words: readonly string[]): string {
  const [group, command] = words;
  if (group === 'tx') return (command !== undefined && TX_COMMANDS[command]) || TX_USAGE;
  if (group === 'ops') return OPS_USAGE;
  if (group === 'address') return ADDRESS_USAGE;
  return MAIN_USAGE;
}

/** `--help` of a tool prints its text from usage.ts, written for people, not commander's listing. */
const usage = (text: string) => ({ formatHelp: () => text });

/** Adds the offline tools to the tree; `done` receives what the command run printed. */
function addTools(program: AirlockCommand, io: CliIo, done: (outcome: Outcome) => void): void {
  // The station's global options belong to the root; a tool refuses them rather than ignore them.
  const noStationOptions = (_: Command, leaf: Command): void => {
    const given = program.options.find((o) => program.getOptionValueSource(o.attributeName()) === 'cli');
    if (given) throw new UsageError(`${(leaf as AirlockCommand).path()}: unknown option ${given.long}`, { option: given.long });
  };
  const tool = (parent: AirlockCommand, name: string, text: string): AirlockCommand =>
    parent.command(name).configureHelp(usage(text)).hook('preAction', noStationOptions);

  const tx = program.command('tx').configureHelp(usage(TX_USAGE));
  tool(tx, 'encode', TX_ENCODE_USAGE)
    .argument('[file]')
    .option('--visible')
    .action(async (file: string | undefined, o: { visible?: boolean }) => {
      done({ json: encodeCommand(await readJsonInput(io, file), { visible: o.visible === true, now: io.now() }) });
    });
  tool(tx, 'inspect', TX_INSPECT_USAGE)
    .argument('[file]')
    .option('--visible')
    .action(async (file: string | undefined, o: { visible?: boolean }) => {
      done({ json: inspectCommand(await readJsonInput(io, file), { visible: o.visible === true, now: io.now() }) });
    });
  tool(tx, 'sign', TX_SIGN_USAGE)
    .argument('[file]')
    .requiredOption('--key-file <K>')
    .option('--permission-id <N>')
    .option('--allow-expired')
    .option('--visible')
    .action(async (file: string | undefined, o: { keyFile: string; permissionId?: string; allowExpired?: boolean; visible?: boolean }) => {
      const hint = '0 is the owner permission, 2 and up the active ones; 1, the executive permission, never signs';
      const permissionId =
        o.permissionId === undefined ? undefined : wholeNumber(o.permissionId, '--permission-id', 'airlock tx sign', { min: 0, max: 2 ** 31 - 1, hint });
      const json = await readJsonInput(io, file);
      done({
        json: await signCommand(json, () => readPrivateKeyFile(io, o.keyFile), {
          visible: o.visible === true,
          allowExpired: o.allowExpired === true,
          now: io.now(),
          ...(permissionId === undefined ? {} : { permissionId }),
        }),
      });
    });

  const ops = program.command('ops').configureHelp(usage(OPS_USAGE));
  tool(ops, 'encode', OPS_USAGE)
    .argument('[types...]')
    .action((types: string[]) => {
      if (types.length === 0) throw new UsageError('airlock ops encode: give at least one contract type (id or name)');
      done({ json: opsEncodeCommand(types) });
    });
  tool(ops, 'decode', OPS_USAGE)
    .argument('[hex]')
    .action((hex: string | undefined) => {
      if (hex === undefined) throw new UsageError('airlock ops decode: give the operations hex (64 digits)');
      done({ json: opsDecodeCommand(hex) });
    });
  tool(ops, 'list', OPS_USAGE)
    .option('--search <text>')
    .action((o: { search?: string }) => {
      done({ json: opsListCommand(o.search) });
    });

  tool(program, 'address', ADDRESS_USAGE)
    .argument('[address]')
    .option('--key-file <K>')
    .action(async (text: string | undefined, o: { keyFile?: string }) => {
      const keyFile = o.keyFile;
      if (keyFile !== undefined && text !== undefined) throw new UsageError('airlock address: give an address or --key-file, not both');
      if (keyFile !== undefined) return done({ json: await addressOfKeyCommand(() => readPrivateKeyFile(io, keyFile)) });
      if (text === undefined) throw new UsageError('airlock address: give an address (hex or Base58) or --key-file K');
      done({ json: addressCommand(text) });
    });

  program
    .command('help')
    .configureHelp(usage(MAIN_USAGE))
    .argument('[words...]')
    .action((words: string[]) => done({ text: usageFor(words) }));
}

/** The whole program. Returns the exit code: 0 done, 1 bad input, 2 bad command line, 3 done in part (a refused batch row, a broadcast the node refused). */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  let helpText = '';
  let tool: Outcome | undefined;
  // Settings given to the root before any command is added are inherited by every command.
  const program = new AirlockCommand('airlock')
    .exitOverride()
    .configureOutput({ writeOut: (s) => void (helpText += s), writeErr: () => {}, outputError: () => {} })
    .showHelpAfterError(false)
    .enablePositionalOptions();
  // The station's commands first: they give each of their leaves the root's options again.
  const station = stationCommands(program, io);
  addTools(program, io, (outcome) => void (tool = outcome));
  // Set last, so that only `airlock --help` prints the overview (the station's commands keep commander's help).
  program.configureHelp(usage(MAIN_USAGE));
  try {
    try {
      await program.parseAsync([...argv], { from: 'user' });
    } finally {
      station.close();
    }
    const ran = station.outcome();
    const outcome = tool ?? ran ?? { text: helpText };
    io.stdout('json' in outcome ? formatJson(outcome.json) : outcome.text);
    return tool === undefined && ran?.refused === true ? 3 : 0;
  } catch (e) {
    if (e instanceof CommanderError && (e.code === 'commander.helpDisplayed' || e.code === 'commander.help')) {
      io.stdout(helpText);
      return 0;
    }
    const { code, message, details } = toErrorData(withCliHint(e));
    io.stderr(formatJson({ error: { code, message, details: details ?? {} } }));
    return e instanceof UsageError ? 2 : 1;
  }
}

export async function runProcess(): Promise<number> {
  return run(process.argv.slice(2), nodeIo());
}
