/**
 * Command-line argument parsing for `airlock`. Each command declares the flags it takes; anything
 * else (an unknown flag, a flag without its value, a value flag given twice, too many arguments) is
 * a UsageError, which the entry point reports with exit code 2 to tell "you called it wrong" apart
 * from "your input is wrong" (exit 1).
 *
 * Accepted forms: `--flag value`, `--flag=value`, `-h`, and `--` to end the options. A lone `-` is
 * an argument (stdin), not a flag.
 *
 * Messages name a bad argument by its place, and quote it only through `shownArg`: someone may
 * paste a private key on the command line, and an error must never print it back (issue 6).
 */
import { AirlockError, shownArg } from '../shared/base/errors.ts';
import { int64Input } from '../shared/chain/input.ts';

export class UsageError extends AirlockError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('INVALID_INPUT', message, details);
    this.name = 'UsageError';
  }
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];

function ordinal(i: number): string {
  return ORDINALS[i] ?? `${i + 1}th`;
}

export interface FlagSpec {
  /** Flags that take a value, without the leading `--`. */
  values?: readonly string[];
  /** Flags that are on or off. */
  switches?: readonly string[];
}

export interface ParsedArgs {
  positionals: string[];
  values: Map<string, string>;
  switches: Set<string>;
  help: boolean;
}

/** True when the arguments ask for help anywhere before a `--`. */
export function wantsHelp(argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

export function parseArgs(argv: readonly string[], spec: FlagSpec, command: string): ParsedArgs {
  const values = new Set(spec.values ?? []);
  const switches = new Set(spec.switches ?? []);
  const out: ParsedArgs = { positionals: [], values: new Map(), switches: new Set(), help: false };
  let onlyPositionals = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (onlyPositionals || arg === '-' || !arg.startsWith('-')) {
      out.positionals.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPositionals = true;
      continue;
    }
    if (arg === '--help' || arg === '-h') {
      out.help = true;
      continue;
    }
    if (!arg.startsWith('--')) throw new UsageError(`${command}: unknown option ${shownArg(arg)}`, { option: shownArg(arg) });
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (values.has(name)) {
      let value: string | undefined;
      if (eq !== -1) value = arg.slice(eq + 1);
      else if (i + 1 < argv.length) value = argv[++i];
      if (value === undefined || value === '') throw new UsageError(`${command}: --${name} needs a value`, { option: `--${name}` });
      if (out.values.has(name)) throw new UsageError(`${command}: --${name} given twice`, { option: `--${name}` });
      out.values.set(name, value);
    } else if (switches.has(name)) {
      if (eq !== -1) throw new UsageError(`${command}: --${name} takes no value`, { option: `--${name}` });
      out.switches.add(name);
    } else {
      throw new UsageError(`${command}: unknown option ${shownArg(`--${name}`)}`, { option: shownArg(`--${name}`) });
    }
  }
  return out;
}

/** At most `max` positionals; returns them. */
export function takePositionals(args: ParsedArgs, max: number, command: string): string[] {
  if (args.positionals.length > max) {
    throw new UsageError(`${command}: unexpected ${ordinal(max)} argument (this command takes at most ${max})`, { argument: max + 1 });
  }
  return args.positionals;
}

/**
 * A whole number flag value in `min..max`, or a UsageError that states the range (and what the
 * numbers mean, `hint`). The value is quoted only when it is a short number.
 */
export function integerFlag(args: ParsedArgs, name: string, command: string, range: { min: number; max: number; hint?: string }): number | undefined {
  const text = args.values.get(name);
  if (text === undefined) return undefined;
  let n: number | undefined;
  try {
    n = Number(int64Input(text.startsWith('+') ? text.slice(1) : text, `--${name}`, { min: BigInt(range.min), max: BigInt(range.max) }));
  } catch (e) {
    if (!(e instanceof AirlockError)) throw e;
  }
  if (n === undefined) {
    const got = /^[+-]?\d{1,12}$/.test(text) ? `got ${text}` : `got ${/^[+-]?\d/.test(text) ? 'a number out of range' : 'text that is not a number'}`;
    const hint = range.hint === undefined ? '' : ` (${range.hint})`;
    throw new UsageError(`${command}: --${name} must be a whole number from ${range.min} to ${range.max}${hint}; ${got}`, { option: `--${name}`, min: range.min, max: range.max });
  }
  return n;
}
