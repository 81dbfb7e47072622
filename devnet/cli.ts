/**
 * `npm run devnet`: starts the local node on 127.0.0.1 and prints its URL, the genesis accounts
 * with their balances and the TEST ONLY private keys of the accounts the genesis lists keys for.
 * Flags: --port N (default 8090), --db FILE, --genesis FILE, --block-interval MS|manual, --quiet.
 * SIGINT/SIGTERM stop it cleanly (the database is closed, WAL checkpointed).
 */
import { readFileSync } from 'node:fs';
import { formatUnits } from '../shared/base/display.ts';
import { int32Input } from '../shared/chain/input.ts';
import { INT32_MAX } from '../shared/base/int64.ts';
import { AirlockError, shownArg } from '../shared/base/errors.ts';
import { parseGenesisText, type Genesis } from './genesis.ts';
import { DEFAULT_PORT, startDevnet, type DevnetOptions } from './node.ts';

const USAGE = `usage: npm run devnet -- [--port N] [--db FILE] [--genesis FILE] [--block-interval MS|manual] [--quiet]

  --port N                 TCP port on 127.0.0.1 (default ${DEFAULT_PORT}; 0 picks a free one)
  --db FILE                keep the chain in this SQLite file (WAL); default: in memory
  --genesis FILE           genesis JSON (format in devnet/README.md); default: the built-in one
  --block-interval MS      ms between blocks (default 3000), or "manual" (POST /devnet/produceblock)
  --quiet                  do not log requests and blocks`;

interface CliArgs {
  options: DevnetOptions;
  quiet: boolean;
}

function parseArgs(argv: string[]): CliArgs {
  const options: DevnetOptions = { port: DEFAULT_PORT };
  let quiet = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--port': {
        const v = value();
        options.port = flagInteger(v, '--port', 0, 65535, `--port: expected 0-65535, got ${shownArg(v)}`);
        break;
      }
      case '--db':
        options.dbFile = value();
        break;
      case '--genesis': {
        const file = value();
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch (e) {
          throw new UsageError(`--genesis: cannot read ${shownArg(file)} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
        }
        options.genesis = parseGenesisText(text) as Genesis;
        break;
      }
      case '--block-interval': {
        const v = value();
        if (v === 'manual') options.blockIntervalMs = 'manual';
        else
          options.blockIntervalMs = flagInteger(
            v,
            '--block-interval',
            100,
            INT32_MAX,
            `--block-interval: expected "manual" or a number of ms (at least 100), got ${shownArg(v)}`,
          );
        break;
      }
      case '--quiet':
        quiet = true;
        break;
      case '--help':
      case '-h':
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new UsageError(`unknown argument ${shownArg(arg)}`);
    }
  }
  return { options, quiet };
}

class UsageError extends Error {}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/** A whole-number flag value in min..max, read by shared/chain/input.ts; `message` is the usage line on refusal. */
function flagInteger(text: string, flag: string, min: number, max: number, message: string): number {
  try {
    return int32Input(text, flag, { min, max });
  } catch (e) {
    if (e instanceof AirlockError) throw new UsageError(message);
    throw e;
  }
}

async function main(): Promise<void> {
  let args: CliArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UsageError || e instanceof AirlockError) {
      console.error(`devnet: ${e.message}\n\n${USAGE}`);
      process.exit(2);
    }
    throw e;
  }
  const log = args.quiet ? undefined : (line: string): void => console.log(`[${new Date().toISOString()}] ${line}`);
  const devnet = await startDevnet({ ...args.options, ...(log ? { log } : {}) });
  const head = devnet.chain.headBlock();
  const interval = args.options.blockIntervalMs ?? 3000;
  const lines = [
    `Airlock devnet listening on ${devnet.url}`,
    `  state: ${args.options.dbFile ? `${args.options.dbFile} (SQLite, WAL)` : 'in memory (gone when stopped; use --db FILE to keep it)'}`,
    `  blocks: ${interval === 'manual' ? 'manual (POST /devnet/produceblock)' : `every ${interval} ms`}; head #${head.number}`,
    `  executive: ${devnet.producer.executive}`,
    '',
    'Genesis accounts:',
  ];
  for (const a of devnet.accounts()) {
    lines.push(`  ${pad(a.name, 10)} ${a.address}  ${pad(formatUnits(a.balance, 6), 12)} coin (${a.balance} sun)${a.executive ? '  [executive]' : ''}`);
  }
  const keyed = devnet.accounts().filter((a) => a.privateKey);
  if (keyed.length > 0 || devnet.producer.keys.length > 0) {
    lines.push('', 'TEST ONLY private keys: well-known or printed keys; anyone can use them. Never send real funds to these accounts.');
    for (const a of keyed) lines.push(`  ${pad(a.name, 10)} ${a.address}  ${a.privateKey}`);
    for (const k of devnet.producer.keys) lines.push(`  ${pad('block key', 10)} ${k.address}  ${k.privateKey}  (localexecutive)`);
  }
  lines.push('', 'Stop with Ctrl-C.');
  console.log(lines.join('\n'));

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the devnet`);
    devnet.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(`devnet: error while stopping: ${e instanceof Error ? e.message : String(e)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((e: unknown) => {
  if (e instanceof AirlockError) {
    console.error(`devnet: ${e.message}`);
    process.exit(2);
  }
  console.error(e);
  process.exit(1);
});
