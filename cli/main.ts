/**
 * `airlock`, the scripting command line (README "The command line"; ARCHITECTURE.md). `run(argv,
 * io)` is the whole program as a plain function: it dispatches to the commands in this folder,
 * prints their result as pretty JSON on stdout, and turns any error into
 * `{"error":{"code","message","details"}}` on stderr with exit code 2 for a bad command line
 * (UsageError) and 1 for bad input. `runProcess()` is what bin/airlock.mjs calls.
 */
import { shownArg, toErrorData } from '../shared/base/errors.ts';
import { addressCommand, addressOfKeyCommand } from './address.ts';
import { integerFlag, parseArgs, takePositionals, UsageError, wantsHelp } from './args.ts';
import { formatJson, nodeIo, readJsonInput, type CliIo } from './io.ts';
import { readPrivateKeyFile } from './key-file.ts';
import { isStationCommand, runStation } from './station.ts';
import { opsDecodeCommand, opsEncodeCommand } from './ops.ts';
import { encodeCommand, inspectCommand, signCommand } from './tx.ts';
import {
  ADDRESS_USAGE,
  MAIN_USAGE,
  OPS_USAGE,
  TX_ENCODE_USAGE,
  TX_INSPECT_USAGE,
  TX_SIGN_USAGE,
  TX_USAGE,
} from './usage.ts';

type Outcome = { text: string } | { json: unknown };

const TX_COMMANDS: Record<string, string> = { encode: TX_ENCODE_USAGE, inspect: TX_INSPECT_USAGE, sign: TX_SIGN_USAGE };

/** The usage text for `airlock help <words...>` and `<words...> --help`. */
function usageFor(words: readonly string[]): string {
  const [group, command] = words;
  if (group === 'tx') return (command !== undefined && TX_COMMANDS[command]) || TX_USAGE;
  if (group === 'ops') return OPS_USAGE;
  if (group === 'address') return ADDRESS_USAGE;
  return MAIN_USAGE;
}

async function txCommand(command: string | undefined, argv: readonly string[], io: CliIo): Promise<Outcome> {
  const name = `airlock tx ${command}`;
  if (command === 'encode' || command === 'inspect') {
    const args = parseArgs(argv, { switches: ['visible'] }, name);
    const [file] = takePositionals(args, 1, name);
    const visible = args.switches.has('visible');
    const json = await readJsonInput(io, file);
    return { json: command === 'encode' ? encodeCommand(json, { visible }) : inspectCommand(json, { visible, now: io.now() }) };
  }
  if (command === 'sign') {
    const args = parseArgs(argv, { values: ['key-file', 'permission-id'], switches: ['visible', 'allow-expired'] }, name);
    const [file] = takePositionals(args, 1, name);
    const keyFile = args.values.get('key-file');
    if (keyFile === undefined) throw new UsageError(`${name}: --key-file K is required`, { option: '--key-file' });
    const permissionId = integerFlag(args, 'permission-id', name, { min: 0, max: 2 ** 31 - 1, hint: '0 is the owner permission, 2 and up the active ones; 1, the executive permission, never signs' });
    const json = await readJsonInput(io, file);
    return {
      json: await signCommand(json, () => readPrivateKeyFile(io, keyFile), {
        visible: args.switches.has('visible'),
        allowExpired: args.switches.has('allow-expired'),
        now: io.now(),
        ...(permissionId === undefined ? {} : { permissionId }),
      }),
    };
  }
  if (command === undefined) throw new UsageError('airlock tx: missing command (encode, inspect or sign; see airlock tx --help)');
  throw new UsageError(`airlock tx: unknown command ${JSON.stringify(shownArg(command))} (encode, inspect or sign)`, { command: shownArg(command) });
}

function opsCommand(command: string | undefined, argv: readonly string[]): Outcome {
  const name = `airlock ops ${command}`;
  if (command === 'encode') {
    const args = parseArgs(argv, {}, name);
    if (args.positionals.length === 0) throw new UsageError(`${name}: give at least one contract type (id or name)`);
    return { json: opsEncodeCommand(args.positionals) };
  }
  if (command === 'decode') {
    const args = parseArgs(argv, {}, name);
    const [hex] = takePositionals(args, 1, name);
    if (hex === undefined) throw new UsageError(`${name}: give the operations hex (64 digits)`);
    return { json: opsDecodeCommand(hex) };
  }
  if (command === undefined) throw new UsageError('airlock ops: missing command (encode or decode; see airlock ops --help)');
  throw new UsageError(`airlock ops: unknown command ${JSON.stringify(shownArg(command))} (encode or decode)`, { command: shownArg(command) });
}

async function addressCommandLine(argv: readonly string[], io: CliIo): Promise<Outcome> {
  const name = 'airlock address';
  const args = parseArgs(argv, { values: ['key-file'] }, name);
  const [text] = takePositionals(args, 1, name);
  const keyFile = args.values.get('key-file');
  if (keyFile !== undefined && text !== undefined) throw new UsageError(`${name}: give an address or --key-file, not both`);
  if (keyFile !== undefined) return { json: await addressOfKeyCommand(() => readPrivateKeyFile(io, keyFile)) };
  if (text === undefined) throw new UsageError(`${name}: give an address (hex or Base58) or --key-file K`);
  return { json: addressCommand(text) };
}

async function dispatch(argv: readonly string[], io: CliIo): Promise<Outcome> {
  const [group, ...rest] = argv;
  if (group === undefined) throw new UsageError('airlock: missing command (see airlock --help)');
  if (group === 'help') return { text: usageFor(rest) };
  if (group === '--help' || group === '-h') return { text: MAIN_USAGE };
  if (isStationCommand(argv)) return runStation(argv, io);
  if (group !== 'tx' && group !== 'ops' && group !== 'address') {
    throw new UsageError(`airlock: unknown command ${JSON.stringify(shownArg(group))} (see airlock --help)`, { command: shownArg(group) });
  }
  if (wantsHelp(rest)) return { text: usageFor([group, ...rest.filter((a) => !a.startsWith('-')).slice(0, 1)]) };
  if (group === 'tx') return txCommand(rest[0], rest.slice(1), io);
  if (group === 'ops') return opsCommand(rest[0], rest.slice(1));
  return addressCommandLine(rest, io);
}

/** The whole program. Returns the exit code: 0 done, 1 bad input, 2 bad command line. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const outcome = await dispatch(argv, io);
    io.stdout('json' in outcome ? formatJson(outcome.json) : outcome.text);
    return 0;
  } catch (e) {
    const { code, message, details } = toErrorData(e);
    io.stderr(formatJson({ error: { code, message, details: details ?? {} } }));
    return e instanceof UsageError ? 2 : 1;
  }
}

export async function runProcess(): Promise<number> {
  return run(process.argv.slice(2), nodeIo());
}
