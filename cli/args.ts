/**
 * Command-line argument parsing for `airlock`. Each command declares the flags it takes; anything
 * else (an unknown flag, a flag without its value, a value flag given twice, too many arguments) is
 * a UsageError, which the entry point reports with exit code 2 to tell "you called it wrong" apart
 * from "your input is wrong" (exit 1).
 *
 * Accepted forms: `--flag value`, `--flag=value`, `-h`, and `--` to end the options. A lone `-` is
 * an argument (stdin), not a flag.
 */
import { AirlockError } from '../shared/errors.ts';

export class UsageError extends AirlockError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('INVALID_INPUT', message, details);
    this.name = 'UsageError';
  }
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
    if (!arg.startsWith('--')) throw new UsageError(`${command}: unknown option ${arg}`, { option: arg });
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
      throw new UsageError(`${command}: unknown option --${name}`, { option: `--${name}` });
    }
  }
  return out;
}

/** At most `max` positionals; returns them. */
export function takePositionals(args: ParsedArgs, max: number, command: string): string[] {
  if (args.positionals.length > max) {
    throw new UsageError(`${command}: unexpected argument ${args.positionals[max]}`, { argument: args.positionals[max] });
  }
  return args.positionals;
}

/** A whole number flag value, or a UsageError. */
export function integerFlag(args: ParsedArgs, name: string, command: string): number | undefined {
  const text = args.values.get(name);
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`${command}: --${name} must be a whole number, got "${text}"`, { option: `--${name}` });
  }
  return Number(text);
}
