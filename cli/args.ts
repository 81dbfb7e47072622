/**
 * The one argument parser of `airlock`: commander (the package's Command), with the command-line
 * rules every command shares, core tools and station commands alike. `AirlockCommand` is the class
 * of every node of the one command tree (cli/main.ts assembles it); each refusal commander would
 * print is a UsageError instead, which the entry point reports with exit code 2 to tell "you called
 * it wrong" apart from "your input is wrong" (exit 1).
 *
 * The rules: an unknown option, an option without its value (at the end, or `--flag=`), a value
 * option of a command given twice (a global option before the command word: the last wins), a switch given a value (`--visible=yes`), too many arguments, a missing
 * command or an unknown one are refused, each message starting with the command's path
 * (`airlock tx sign: ...`). Accepted forms: `--flag value`, `--flag=value`, `-h`/`--help`, and `--`
 * to end the options; a lone `-` is an argument (stdin), not a flag.
 *
 * Invariant: a message quotes what the user typed only through `shownArg`: someone may paste a
 * private key on the command line, and an error must never print it back (docs/decisions.md §6).
 */
import { Command, type HelpContext, type Option, type OptionValueSource } from 'commander';
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

/** `a`, `a or b`, `a, b or c`. */
function orList(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** The value name of an option as its flags write it: `--key-file <K>` gives `K`. */
function valueName(option: Option): string {
  return /<([^>]*)>/.exec(option.flags)?.[1] ?? '';
}

/**
 * A node of the command tree. The methods below replace commander's own refusals (lib/command.js
 * calls them with the refused flag, option or arguments), so each message is ours and quotes input
 * only through shownArg; `error` is the funnel for any other refusal (an invalid choice). Some are
 * commander's internal methods, not its typed API: package.json pins commander's exact version,
 * and cli.test.ts and args.test.ts fail on the old wording if an upgrade renames one.
 */
export class AirlockCommand extends Command {
  override createCommand(name?: string): AirlockCommand {
    return new AirlockCommand(name);
  }

  /** `airlock tx sign`: this command's words from the top. */
  path(): string {
    return this.parent ? `${(this.parent as AirlockCommand).path()} ${this.name()}` : this.name();
  }

  private refuse(message: string, details?: Record<string, unknown>): never {
    throw new UsageError(`${this.path()}: ${message}`, details);
  }

  unknownOption(flag: string): never {
    // `--visible=yes`: commander finds no option taking a value by that name and calls it unknown.
    const eq = flag.indexOf('=');
    const known = eq > 2 && flag.startsWith('--') ? this.options.find((o) => o.long === flag.slice(0, eq)) : undefined;
    if (known) this.refuse(`${known.long} takes no value`, { option: known.long });
    this.refuse(`unknown option ${shownArg(flag)}`, { option: shownArg(flag) });
  }

  optionMissingArgument(option: Option): never {
    this.refuse(`${option.long} needs a value`, { option: option.long });
  }

  missingMandatoryOptionValue(option: Option): never {
    this.refuse(`${option.long} ${valueName(option)} is required`, { option: option.long });
  }

  missingArgument(name: string): never {
    this.refuse(`missing the ${name} argument (see ${this.path()} --help)`, { argument: name });
  }

  _excessArguments(): never {
    const max = this.registeredArguments.length;
    this.refuse(`unexpected ${ordinal(max)} argument (this command takes ${max === 0 ? 'none' : `at most ${max}`})`, { argument: max + 1 });
  }

  unknownCommand(): never {
    const name = shownArg(String(this.args[0]));
    const hint = this.parent ? orList(this.commands.map((c) => c.name())) : `see ${this.path()} --help`;
    this.refuse(`unknown command ${JSON.stringify(name)} (${hint})`, { command: name });
  }

  /** Commander asks for help on stderr when a command that needs a subcommand got none. */
  override help(context?: HelpContext | ((text: string) => string)): never {
    if (typeof context === 'object' && context.error) {
      const list = this.parent ? `${orList(this.commands.map((c) => c.name()))}; ` : '';
      this.refuse(`missing command (${list}see ${this.path()} --help)`);
    }
    return super.help(context as HelpContext | undefined);
  }

  /**
   * Every value the command line sets passes here: a value option takes one non-empty value. The
   * root's options (the station's global ones) are the exception to "once": there the last wins, so
   * a wrapper script can give defaults and its caller override them (test/helpers/station-helpers.ts).
   */
  override setOptionValueWithSource(key: string, value: unknown, source: OptionValueSource): this {
    const option = this.options.find((o) => o.attributeName() === key);
    if (source === 'cli' && option && (option.required || option.optional) && !option.variadic) {
      if (value === '') this.refuse(`${option.long} needs a value`, { option: option.long });
      if (this.parent && this.getOptionValueSource(key) === 'cli') this.refuse(`${option.long} given twice`, { option: option.long });
    }
    return super.setOptionValueWithSource(key, value, source);
  }

  /** Any other refusal (an invalid choice): commander's words, each quoted argument through shownArg. */
  override error(message: string, options?: { code?: string }): never {
    const text = message.replace(/^error: /, '').replace(/'([^']*)'/g, (_m, a: string) => `'${shownArg(a)}'`);
    this.refuse(`${text} (see ${this.path()} --help)`, { command: options?.code });
  }
}

/**
 * A whole number option value in `min..max`, or a UsageError that states the range (and what the
 * numbers mean, `hint`). The value is quoted only when it is a short number.
 */
export function wholeNumber(text: string, option: string, command: string, range: { min: number; max: number; hint?: string }): number {
  try {
    return Number(int64Input(text.startsWith('+') ? text.slice(1) : text, option, { min: BigInt(range.min), max: BigInt(range.max) }));
  } catch (e) {
    if (!(e instanceof AirlockError)) throw e;
  }
  const got = /^[+-]?\d{1,12}$/.test(text) ? `got ${text}` : `got ${/^[+-]?\d/.test(text) ? 'a number out of range' : 'text that is not a number'}`;
  const hint = range.hint === undefined ? '' : ` (${range.hint})`;
  throw new UsageError(`${command}: ${option} must be a whole number from ${range.min} to ${range.max}${hint}; ${got}`, {
    option,
    min: range.min,
    max: range.max,
  });
}
